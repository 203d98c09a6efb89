//! Online play, measured on loopback. Run with `cargo bench --bench online`.
//!
//! 1. Click to move: two apps (headless, with the session and online plugins) on a
//!    server in this process play 50 moves by clicks; for each, the time from the
//!    click that completes it in one app to the move in the other's session.
//! 2. Idle: the real app in a window (`DISPLAY`, or an Xvfb started here), back in
//!    its match through its seat book and waiting for its opponent; the CPU it uses
//!    over 20 seconds.

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
use std::path::PathBuf;
use std::time::{Duration, Instant};

const MOVES: usize = 50;
const IDLE: Duration = Duration::from_secs(20);

fn main() {
    let home = std::env::temp_dir().join(format!("doska-bench-online-{}", std::process::id()));
    let address = doska::server::spawn(doska::server::Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data: home.join("server"),
        most: 100,
    })
    .expect("a server");
    let url = format!("ws://{address}/");
    click_to_move(&url, &home);
    idle(&url, &home);
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
        s.draft.plans = Some(vec![SeatPlan::Me, SeatPlan::Open]);
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

fn idle(url: &str, home: &std::path::Path) {
    let (display, xvfb) = match std::env::var("DISPLAY") {
        Ok(d) => (d, None),
        Err(_) => {
            use std::io::BufRead;
            let Ok(mut x) = std::process::Command::new("Xvfb")
                .args([
                    "-displayfd",
                    "1",
                    "-screen",
                    "0",
                    "1280x800x24",
                    "-nolisten",
                    "tcp",
                ])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null())
                .spawn()
            else {
                println!("idle: no display and no Xvfb, not measured");
                return;
            };
            let mut n = String::new();
            std::io::BufReader::new(x.stdout.take().unwrap())
                .read_line(&mut n)
                .unwrap();
            (format!(":{}", n.trim()), Some(x))
        }
    };
    // A match where White has moved and the app, playing White, waits for Black.
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
    link.send(Request::Act {
        id: 2,
        code: code.clone(),
        action: "e4".into(),
    });
    next(&|r| matches!(r, Reply::Ack { id: 2, .. }));
    let app_home = home.join("window");
    let book = SeatBook {
        server: Some(url.to_string()),
        seats: vec![Held {
            server: url.to_string(),
            code: code.clone(),
            seat: 0,
            secret: seats[0].secret.clone(),
            game: "chess".into(),
            last: 0,
        }],
        ..SeatBook::default()
    };
    std::fs::create_dir_all(app_home.join("data")).unwrap();
    std::fs::write(app_home.join("data/seats.ron"), book.to_ron()).unwrap();
    let mut app = std::process::Command::new(env!("CARGO_BIN_EXE_doska"))
        .env("DISPLAY", &display)
        .env("DOSKA_HOME", &app_home)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Watched from another connection, the app's seat 0 coming back shows as presence.
    drop(link);
    let watcher = Link::open(url, || {});
    assert_eq!(
        watcher.wait(Duration::from_secs(60)),
        Some(Heard::Connected)
    );
    watcher.send(Request::Watch {
        id: 3,
        code: code.clone(),
        last: 0,
    });
    loop {
        let heard = watcher.wait(Duration::from_secs(120));
        if let Some(Heard::Reply(Reply::Presence {
            seat: 0,
            connected: true,
            ..
        })) = heard
        {
            break;
        }
        assert!(heard.is_some(), "the app never came back to its seat");
    }
    // Let the first frames and shader compilation pass.
    std::thread::sleep(Duration::from_secs(10));
    let before = cpu_ticks(app.id());
    std::thread::sleep(IDLE);
    let used = cpu_ticks(app.id()) - before;
    let ticks_per_s = 100.0;
    println!(
        "idle, connected and waiting for the opponent: {:.2} % of a core over {} s ({} ticks)",
        used as f64 / ticks_per_s / IDLE.as_secs_f64() * 100.0,
        IDLE.as_secs(),
        used
    );
    let _ = app.kill();
    let _ = app.wait();
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
}

/// The CPU time a process has used, in clock ticks (user and system, Linux).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are fields 14 and 15; after the name, 12 and 13 (from 0: 11, 12).
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}
