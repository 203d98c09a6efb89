//! Online play, measured on loopback. Run with `cargo bench --bench online`.
//!
//! 1. Click to move: two apps (headless, with the session and online plugins) on a
//!    server in this process play 50 moves by clicks; for each, the time from the
//!    click that completes it in one app to the move in the other's session.
//! 2. The same in real windows: two apps, each in its own Xvfb, back in their match
//!    through their seat books, play the first 50 moves of Kasparov-Topalov 1999 by
//!    clicks sent to X (xdotool); for each, the time from the click to the other app
//!    taking the move (its log says so; the frame showing it follows).
//! 3. Idle: the real app in a window, waiting for its opponent; the CPU it uses over
//!    20 seconds.
//!
//! The window parts need `Xvfb` and `xdotool`; without them they say so and are skipped.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use doska::folders::Folders;
use doska::online::link::{Heard, Link};
use doska::online::seat_book::{Held, SeatBook};
use doska::plugins::online::{Online, OnlinePlugin};
use doska::plugins::session::CreateOnline;
use doska::plugins::{CellClicked, Screen, Session, SessionPlugin};
use doska::protocol::{Reply, Request, SeatPlan};
use doska::rules::GameId;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const MOVES: usize = 50;
const IDLE: Duration = Duration::from_secs(20);

fn main() {
    let home = std::env::temp_dir().join(format!("doska-bench-online-{}", std::process::id()));
    let listen = "127.0.0.1:0".parse().unwrap();
    let address = doska::server::spawn(doska::server::Config::in_process(
        listen,
        home.join("server"),
    ))
    .expect("a server");
    let url = format!("ws://{address}/");
    click_to_move(&url, &home);
    windows(&url, &home);
    let _ = std::fs::remove_dir_all(home);
}

fn player(url: &str, home: PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .insert_resource(Folders {
            config: home.join("config"),
            data: home.join("data"),
        })
        .add_plugins(OnlinePlugin)
        .init_state::<Screen>();
    app.update();
    app.world_mut().resource_mut::<Online>().connect(url, None);
    until(&mut app, |o, _| o.connected);
    app
}

fn until(app: &mut App, done: impl Fn(&Online, &Session) -> bool) {
    let started = Instant::now();
    loop {
        app.update();
        let w = app.world();
        if done(w.resource::<Online>(), w.resource::<Session>()) {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "stuck");
    }
}

fn click_to_move(url: &str, home: &std::path::Path) {
    let mut a = player(url, home.join("a"));
    {
        let mut s = a.world_mut().resource_mut::<Session>();
        s.choose_game(GameId::Chess);
        let draft = s.draft().clone();
        s.set_draft(doska::plugins::Draft {
            plans: Some(vec![SeatPlan::Me, SeatPlan::Open]),
            ..draft
        });
    }
    a.world_mut().write_message(CreateOnline);
    until(&mut a, |_, s| s.online());
    let code = a
        .world()
        .resource::<Online>()
        .playing
        .as_ref()
        .unwrap()
        .code()
        .to_string();
    let mut b = player(url, home.join("b"));
    b.world_mut().resource_mut::<Online>().join(&code, None);
    until(&mut b, |_, s| s.online());
    let mut times = Vec::new();
    for i in 0..MOVES {
        let (mover, other) = if i % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let m = mover.world().resource::<Session>().current();
        if m.outcome().is_some() {
            break;
        }
        // A quiet legal move, chosen by the move number (no promotion to ask about).
        let views: Vec<_> = m
            .position()
            .legal_moves()
            .iter()
            .filter_map(|mv| m.position().view(mv))
            .filter(|v| v.promotion.is_none() && !v.landings.is_empty())
            .collect();
        let view = views[(i * 7) % views.len()].clone();
        let before = m.actions().len();
        mover.world_mut().write_message(CellClicked(view.from));
        mover.update();
        mover.world_mut().write_message(CellClicked(view.to()));
        let clicked = Instant::now();
        mover.update();
        loop {
            other.update();
            if other
                .world()
                .resource::<Session>()
                .current()
                .actions()
                .len()
                > before
            {
                break;
            }
            mover.update();
        }
        times.push(clicked.elapsed());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "click to move, {} moves: median {:.2} ms, worst {:.2} ms",
        times.len(),
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap())
    );
}

/// An Xvfb of its own, on a display number it picks; none where Xvfb is missing.
fn xvfb() -> Option<(String, Child)> {
    let mut x = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut n = String::new();
    std::io::BufReader::new(x.stdout.take()?)
        .read_line(&mut n)
        .ok()?;
    Some((format!(":{}", n.trim()), x))
}

/// A chess match with both seats held here, after `moves`; its code and secrets.
fn scripted(url: &str, moves: &[&str]) -> (String, Vec<String>) {
    let link = Link::open(url, || {});
    assert_eq!(link.wait(Duration::from_secs(60)), Some(Heard::Connected));
    let next = |wanted: &dyn Fn(&Reply) -> bool| loop {
        if let Some(Heard::Reply(r)) = link.wait(Duration::from_secs(120))
            && wanted(&r)
        {
            return r;
        }
    };
    link.send(Request::Create {
        id: 1,
        game: "chess".into(),
        options: Default::default(),
        clock: None,
        seats: vec![SeatPlan::Me, SeatPlan::Me],
        name: None,
        level: None,
    });
    let created = next(&|r| matches!(r, Reply::Created { .. }));
    let Reply::Created { code, seats, .. } = created else {
        unreachable!()
    };
    for (i, action) in moves.iter().enumerate() {
        let id = 10 + i as u64;
        link.send(Request::Act {
            id,
            code: code.clone(),
            action: action.to_string(),
        });
        next(&|r| matches!(r, Reply::Ack { id: a, .. } if *a == id));
    }
    (code, seats.into_iter().map(|k| k.secret).collect())
}

/// The real app on `display`, whose seat book takes it back to `seat` of `code`; its
/// log lines, as they come, with when they came.
fn launch(
    url: &str,
    home: &Path,
    display: &str,
    code: &str,
    seat: usize,
    secret: &str,
) -> (Child, mpsc::Receiver<(Instant, String)>) {
    let book = SeatBook {
        server: Some(url.to_string()),
        seats: vec![Held {
            server: url.to_string(),
            code: code.to_string(),
            seat,
            secret: secret.to_string(),
            game: "chess".into(),
            last: 0,
        }],
        ..SeatBook::default()
    };
    std::fs::create_dir_all(home.join("data")).unwrap();
    std::fs::write(home.join("data/seats.ron"), book.to_ron()).unwrap();
    let mut app = Command::new(env!("CARGO_BIN_EXE_doska"))
        .env("DISPLAY", display)
        .env("DOSKA_HOME", home)
        .env("RUST_LOG", "warn,doska=debug")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let log = app.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(log).lines().map_while(Result::ok) {
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    (app, rx)
}

/// Waits until the app's log says its match shows `n` actions; when it said so.
fn shown(log: &mpsc::Receiver<(Instant, String)>, n: usize) -> Instant {
    let said = format!("the server's match shown: {n} actions");
    loop {
        let (at, line) = log
            .recv_timeout(Duration::from_secs(120))
            .expect("the app stopped saying what it shows");
        if line.contains(&said) {
            return at;
        }
    }
}

/// Waits until both seats of `code` are connected, watching from a connection of its own.
fn both_back(url: &str, code: &str) {
    let watcher = Link::open(url, || {});
    assert_eq!(
        watcher.wait(Duration::from_secs(60)),
        Some(Heard::Connected)
    );
    watcher.send(Request::Watch {
        id: 1,
        code: code.to_string(),
        last: 0,
    });
    let mut back = [false, false];
    while back != [true, true] {
        match watcher.wait(Duration::from_secs(120)) {
            Some(Heard::Reply(Reply::Snapshot { listing, .. })) => {
                for (i, s) in listing.seats.iter().enumerate().take(2) {
                    back[i] = s.connected;
                }
            }
            Some(Heard::Reply(Reply::Presence {
                seat, connected, ..
            })) if seat < 2 => back[seat] = connected,
            Some(_) => {}
            None => panic!("the apps never came back to their seats"),
        }
    }
}

/// Kasparov-Topalov, Wijk aan Zee 1999: 50 moves with no promotion.
const GAME: &str = "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 \
    O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 \
    Rhe1 d4 Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6";

/// Where a square is in a 1280x800 window, seen from White's side or turned round.
fn pixel(square: &str, turned: bool) -> (u32, u32) {
    let b = square.as_bytes();
    let (file, rank) = (u32::from(b[0] - b'a'), u32::from(b[1] - b'1'));
    if turned {
        (189 + 86 * (7 - file), 109 + 86 * rank)
    } else {
        (189 + 86 * file, 711 - 86 * rank)
    }
}

fn click(display: &str, (x, y): (u32, u32)) {
    let done = Command::new("xdotool")
        .args(["mousemove", &x.to_string(), &y.to_string(), "click", "1"])
        .env("DISPLAY", display)
        .status()
        .expect("xdotool");
    assert!(done.success());
}

fn windows(url: &str, home: &Path) {
    let have_xdotool = Command::new("xdotool").arg("version").output().is_ok();
    let (Some((white_display, mut x1)), Some((black_display, mut x2))) = (xvfb(), xvfb()) else {
        println!("windows: no Xvfb, not measured");
        return;
    };
    let (code, secrets) = scripted(url, &[]);
    let (mut white, white_log) =
        launch(url, &home.join("w"), &white_display, &code, 0, &secrets[0]);
    let (mut black, black_log) =
        launch(url, &home.join("b"), &black_display, &code, 1, &secrets[1]);
    both_back(url, &code);
    // The first frames, and the shaders they compile, pass before anything is timed.
    std::thread::sleep(Duration::from_secs(15));
    if have_xdotool {
        let mut m =
            doska::rules::Match::new(doska::rules::Position::new(GameId::Chess, &[]).unwrap());
        let mut times = Vec::new();
        for (i, san) in GAME.split_whitespace().enumerate() {
            let position = m.position().clone();
            let action = doska::rules::history::parse_action(&position, san).unwrap();
            let view = position.view(&action.moved().unwrap()).unwrap();
            let t = position.topology();
            let (from, to) = (t.name(view.from), t.name(view.to()));
            let (display, other) = if i % 2 == 0 {
                (&white_display, &black_log)
            } else {
                (&black_display, &white_log)
            };
            let turned = i % 2 == 1;
            click(display, pixel(from, turned));
            // A person's two clicks are far apart next to a frame: the frame the first
            // one asked for is drawn before the second comes.
            std::thread::sleep(Duration::from_millis(300));
            // From just before the click that makes the move: the clock starts before
            // xdotool does, so its own start (a millisecond or two) is counted too.
            let clicked = Instant::now();
            click(display, pixel(to, turned));
            let seen = shown(other, i + 1);
            times.push(seen.saturating_duration_since(clicked));
            m.play(action).unwrap();
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "click to move in windows, {} moves: median {:.1} ms, worst {:.1} ms",
            times.len(),
            ms(times[times.len() / 2]),
            ms(*times.last().unwrap())
        );
    } else {
        println!("windows: no xdotool, click to move not measured");
    }
    // White now waits for Black: how much does a waiting window cost?
    let _ = black.kill();
    std::thread::sleep(Duration::from_secs(5));
    let before = cpu_ticks(white.id());
    std::thread::sleep(IDLE);
    let used = cpu_ticks(white.id()) - before;
    println!(
        "idle, connected and waiting for the opponent: {:.2} % of a core over {} s ({used} ticks)",
        used as f64 / 100.0 / IDLE.as_secs_f64() * 100.0,
        IDLE.as_secs(),
    );
    for child in [&mut white, &mut black, &mut x1, &mut x2] {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// The CPU time a process has used, in clock ticks of 1/100 s (user and system, Linux).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime, fields 14 and 15 of the line, are 11 and 12 after the name.
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}
