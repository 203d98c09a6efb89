//! A few words of the X protocol, spoken over the display's socket: the pointer moved
//! and clicked and keys typed through the XTEST extension, as a person would, and a
//! pixel of the screen read back. Enough to drive a real window under Xvfb without
//! another program or crate.

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

pub struct X {
    socket: UnixStream,
    root: u32,
    xtest: u8,
}

/// XTEST's request that fakes an input event, and the core events it fakes.
const FAKE_INPUT: u8 = 2;
const KEY_PRESS: u8 = 2;
const KEY_RELEASE: u8 = 3;
const BUTTON_PRESS: u8 = 4;
const BUTTON_RELEASE: u8 = 5;
const MOTION: u8 = 6;

/// Keycodes of Xvfb's keyboard (evdev's, plus 8).
pub const ENTER: u8 = 36;
pub const KEY_H: u8 = 43;
pub const KEY_I: u8 = 31;

fn pad(n: usize) -> usize {
    (4 - n % 4) % 4
}

impl X {
    /// Connects to `display` (`:N`), which must take clients without authorisation,
    /// as an Xvfb started by the tests does.
    pub fn open(display: &str) -> X {
        let n = display.trim_start_matches(':');
        let n = n.split('.').next().unwrap_or(n);
        let mut socket = UnixStream::connect(format!("/tmp/.X11-unix/X{n}"))
            .unwrap_or_else(|e| panic!("display {display}: {e}"));
        // Little-endian, protocol 11.0, no authorisation.
        socket
            .write_all(&[b'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .unwrap();
        let mut head = [0u8; 8];
        socket.read_exact(&mut head).unwrap();
        let mut rest = vec![0u8; 4 * u16::from_le_bytes([head[6], head[7]]) as usize];
        socket.read_exact(&mut rest).unwrap();
        assert_eq!(head[0], 1, "the X server refused the connection");
        // The first screen's root window follows the vendor's name and the formats.
        let vendor = u16::from_le_bytes([rest[16], rest[17]]) as usize;
        let formats = rest[21] as usize;
        let screens = 32 + vendor + pad(vendor) + 8 * formats;
        let root = u32::from_le_bytes(rest[screens..screens + 4].try_into().unwrap());
        let mut x = X {
            socket,
            root,
            xtest: 0,
        };
        x.xtest = x.extension("XTEST");
        x
    }

    /// The major opcode of an extension the server must have.
    fn extension(&mut self, name: &str) -> u8 {
        let n = name.len();
        let length = (8 + n + pad(n)) / 4;
        let mut request = vec![98, 0];
        request.extend((length as u16).to_le_bytes());
        request.extend((n as u16).to_le_bytes());
        request.extend([0, 0]);
        request.extend(name.as_bytes());
        request.extend(vec![0; pad(n)]);
        self.socket.write_all(&request).unwrap();
        let reply = self.reply();
        assert_eq!(reply[8], 1, "the X server has no {name}");
        reply[9]
    }

    /// The next reply, its extra data included; an error fails the test.
    fn reply(&mut self) -> Vec<u8> {
        loop {
            let mut head = [0u8; 32];
            self.socket.read_exact(&mut head).unwrap();
            match head[0] {
                0 => panic!("X error {} (request {})", head[1], head[10]),
                1 => {
                    let extra = 4 * u32::from_le_bytes(head[4..8].try_into().unwrap()) as usize;
                    let mut reply = head.to_vec();
                    reply.resize(32 + extra, 0);
                    self.socket.read_exact(&mut reply[32..]).unwrap();
                    return reply;
                }
                // An event: none is asked for, but pass over any.
                _ => {}
            }
        }
    }

    fn fake(&mut self, kind: u8, detail: u8, x: i16, y: i16) {
        let mut request = vec![self.xtest, FAKE_INPUT, 9, 0, kind, detail, 0, 0];
        request.extend(0u32.to_le_bytes()); // at once
        request.extend(0u32.to_le_bytes()); // the pointer's own screen
        request.extend([0; 8]);
        request.extend(x.to_le_bytes());
        request.extend(y.to_le_bytes());
        request.extend([0; 8]);
        self.socket.write_all(&request).unwrap();
    }

    /// Waits until the server has handled every request sent before.
    pub fn sync(&mut self) {
        self.socket.write_all(&[43, 0, 1, 0]).unwrap();
        self.reply();
    }

    /// Moves the pointer to (x, y) and clicks the left button there.
    pub fn click(&mut self, x: i16, y: i16) {
        self.point(x, y);
        self.press();
    }

    /// Moves the pointer to (x, y).
    pub fn point(&mut self, x: i16, y: i16) {
        self.fake(MOTION, 0, x, y);
        self.sync();
    }

    /// Presses and lets go of the left button where the pointer is.
    pub fn press(&mut self) {
        self.fake(BUTTON_PRESS, 1, 0, 0);
        self.fake(BUTTON_RELEASE, 1, 0, 0);
        self.sync();
    }

    /// Presses and lets go of the key `code`.
    pub fn key(&mut self, code: u8) {
        self.fake(KEY_PRESS, code, 0, 0);
        self.fake(KEY_RELEASE, code, 0, 0);
        self.sync();
    }

    /// Turns the wheel one notch where the pointer is: down (button 5) or up (4).
    pub fn wheel(&mut self, down: bool) {
        let button = if down { 5 } else { 4 };
        self.fake(BUTTON_PRESS, button, 0, 0);
        self.fake(BUTTON_RELEASE, button, 0, 0);
        self.sync();
    }

    /// The first window shown on the screen: the app's, the only one a test opens.
    fn shown_window(&mut self) -> Option<u32> {
        // QueryTree on the root: its children follow the reply's 32 bytes.
        let mut request = vec![15, 0, 2, 0];
        request.extend(self.root.to_le_bytes());
        self.socket.write_all(&request).unwrap();
        let reply = self.reply();
        let count = u16::from_le_bytes([reply[16], reply[17]]) as usize;
        let children: Vec<u32> = (0..count)
            .map(|i| u32::from_le_bytes(reply[32 + 4 * i..36 + 4 * i].try_into().unwrap()))
            .collect();
        children.into_iter().find(|window| {
            // GetWindowAttributes: map-state 2 is viewable.
            let mut request = vec![3, 0, 2, 0];
            request.extend(window.to_le_bytes());
            self.socket.write_all(&request).unwrap();
            self.reply()[26] == 2
        })
    }

    /// Gives the keyboard to the window shown; false while none is shown yet.
    pub fn focus_shown_window(&mut self) -> bool {
        let Some(window) = self.shown_window() else {
            return false;
        };
        // SetInputFocus, reverting to the pointer's root, at once.
        let mut request = vec![42, 1, 3, 0];
        request.extend(window.to_le_bytes());
        request.extend(0u32.to_le_bytes());
        self.socket.write_all(&request).unwrap();
        self.sync();
        true
    }

    /// Gives the window shown a new size, as a window manager would; false while
    /// none is shown yet.
    pub fn resize_shown_window(&mut self, width: u32, height: u32) -> bool {
        let Some(window) = self.shown_window() else {
            return false;
        };
        // ConfigureWindow with its width and height (value mask 4 | 8).
        let mut request = vec![12, 0, 5, 0];
        request.extend(window.to_le_bytes());
        request.extend([12, 0, 0, 0]);
        request.extend(width.to_le_bytes());
        request.extend(height.to_le_bytes());
        self.socket.write_all(&request).unwrap();
        self.sync();
        true
    }

    /// Waits until `done` holds of the screen; a minute in vain fails the test.
    pub fn until(&mut self, what: &str, mut done: impl FnMut(&mut X) -> bool) {
        let started = Instant::now();
        while !done(self) {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "waited in vain: {what}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen's pixel at `at` is as `wanted` says.
    pub fn until_pixel(&mut self, at: (i16, i16), what: &str, wanted: impl Fn([u8; 3]) -> bool) {
        self.until(what, |x| wanted(x.pixel(at.0, at.1)));
    }

    /// The colour of the screen's pixel at (x, y).
    pub fn pixel(&mut self, x: i16, y: i16) -> [u8; 3] {
        // GetImage in ZPixmap format: a 24-bit screen sends each pixel as B, G, R, pad.
        let mut request = vec![73, 2, 5, 0];
        request.extend(self.root.to_le_bytes());
        request.extend(x.to_le_bytes());
        request.extend(y.to_le_bytes());
        request.extend(1u16.to_le_bytes());
        request.extend(1u16.to_le_bytes());
        request.extend(u32::MAX.to_le_bytes());
        self.socket.write_all(&request).unwrap();
        let reply = self.reply();
        [reply[34], reply[33], reply[32]]
    }
}
