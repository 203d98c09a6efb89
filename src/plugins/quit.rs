//! Every way out of the app keeps the game as it stands: the menu's Quit, the window's
//! close button, and the signals a desktop session or a terminal sends (SIGINT,
//! SIGTERM, SIGHUP). A signal is turned into an orderly quit: the app, which may be
//! asleep between frames, is woken and quits as from the menu, so the autosave takes
//! the clocks with the time spent on the move in progress.

use bevy::prelude::*;
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, WinitUserEvent};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// A quit asked from outside the app's loop.
static ASKED: AtomicBool = AtomicBool::new(false);
/// Wakes the app's loop, once it runs.
static WAKER: OnceLock<EventLoopProxy<WinitUserEvent>> = OnceLock::new();

pub struct QuitPlugin;

impl Plugin for QuitPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, keep_waker)
            .add_systems(First, quit_when_asked);
    }
}

/// Turns SIGINT, SIGTERM and SIGHUP into an orderly quit; a second signal while the
/// first is being served ends the process at once.
pub fn on_signals() {
    let handled = ctrlc::try_set_handler(|| {
        if ASKED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        request();
    });
    // Before the app's log starts: said on the terminal. (A shell that starts the app
    // in the background ignores SIGINT, and then no handler may be set.)
    if let Err(e) = handled {
        eprintln!("doska: quitting on a signal will not keep the clocks: {e}");
    }
}

/// Asks the app to quit as from the menu, from any thread.
pub fn request() {
    ASKED.store(true, Ordering::SeqCst);
    if let Some(waker) = WAKER.get() {
        let _ = waker.send_event(WinitUserEvent::WakeUp);
    }
}

fn keep_waker(proxy: Option<Res<EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let _ = WAKER.set((**proxy).clone());
    }
}

fn quit_when_asked(mut exit: MessageWriter<AppExit>) {
    if ASKED.load(Ordering::SeqCst) {
        exit.write(AppExit::Success);
    }
}
