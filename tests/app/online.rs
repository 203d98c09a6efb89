//! Online play as players use it: headless apps connected to a real server running in
//! this process, through a relay the test can cut like a failing network.

use super::{click, edit_draft, session};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use doska::folders::Folders;
use doska::plugins::online::{Online, OnlinePlugin};
use doska::plugins::session::CreateOnline;
use doska::plugins::{Command, Screen, Session, SessionPlugin};
use doska::protocol::{EventKind, Reply, Request, SeatPlan};
use doska::rules::GameId;
use doska::rules::clock::TimeControl;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a condition may take to come true before the test fails: long, since a
/// busy machine may be slow; a healthy run takes milliseconds per step.
const PATIENCE: Duration = Duration::from_secs(60);

/// A server in this process, on a free loopback port.
fn server(name: &str) -> SocketAddr {
    let data = scratch(name).join("server");
    let listen = "127.0.0.1:0".parse().unwrap();
    doska::server::spawn(doska::server::Config::in_process(listen, data)).unwrap()
}

/// An empty folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("doska-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Passes bytes between clients and the server until it is cut; it keeps listening,
/// so clients come back through it, unless it is held shut.
struct Relay {
    address: SocketAddr,
    open: Arc<Mutex<Vec<TcpStream>>>,
    shut: Arc<AtomicBool>,
}

impl Relay {
    fn new(server: SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let open = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&open);
        let shut = Arc::new(AtomicBool::new(false));
        let refusing = Arc::clone(&shut);
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if refusing.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(upstream) = TcpStream::connect(server) else {
                    continue;
                };
                let mut streams = kept.lock().unwrap();
                streams.push(client.try_clone().unwrap());
                streams.push(upstream.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), upstream.try_clone().unwrap());
                pipe(upstream, client);
            }
        });
        Relay {
            address,
            open,
            shut,
        }
    }

    fn url(&self) -> String {
        format!("ws://{}/", self.address)
    }

    /// Drops every connection through the relay, as a network that fails.
    fn cut(&self) {
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Cuts, and turns every client away until `reopen`: a network down for a while.
    fn shut(&self) {
        self.shut.store(true, Ordering::SeqCst);
        self.cut();
    }

    fn reopen(&self) {
        self.shut.store(false, Ordering::SeqCst);
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = from.read(&mut buffer) {
            if n == 0 || to.write_all(&buffer[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// An app with the online plugin and its own folders, connected to `url`.
fn player(url: &str, home: PathBuf, name: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .insert_resource(Folders::under(&home))
        .add_plugins(OnlinePlugin)
        .init_state::<Screen>();
    app.update();
    {
        let mut online = app.world_mut().resource_mut::<Online>();
        online.name = name.to_string();
        online.connect(url, None);
    }
    until(&mut app, "connected", |online, _| online.connected);
    app
}

/// Updates the app until `done` holds.
fn until(app: &mut App, what: &str, done: impl Fn(&Online, &Session) -> bool) {
    all_until(&mut [app], what, done);
}

/// Updates the apps in turn until `done` holds for the last of them.
fn all_until(apps: &mut [&mut App], what: &str, done: impl Fn(&Online, &Session) -> bool) {
    let started = Instant::now();
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        let world = apps.last().expect("an app").world();
        if done(world.resource::<Online>(), world.resource::<Session>()) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "waited in vain: {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn moves(app: &App) -> usize {
    session(app).current().actions().len()
}

/// The player of `app` answers the takeback they were asked for.
fn answer_takeback(app: &mut App, accept: bool) {
    app.world_mut()
        .resource_mut::<Online>()
        .about_match(|id, code| Request::TakebackAnswer { id, code, accept });
}

/// Creates a chess match on the player's server with the other seat open; its code.
fn create_chess(app: &mut App) -> String {
    create_timed_chess(app, TimeControl::None)
}

/// Creates a chess match under `clock` with the other seat open; its code.
fn create_timed_chess(app: &mut App, clock: TimeControl) -> String {
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.choose_game(GameId::Chess);
        edit_draft(&mut session, |d| {
            d.plans = Some(vec![SeatPlan::Me, SeatPlan::Open]);
            d.time_control = clock;
        });
    }
    app.world_mut().write_message(CreateOnline);
    until(app, "the match is made", |_, s| s.online());
    let online = app.world().resource::<Online>();
    online.playing.as_ref().unwrap().code().to_string()
}

#[test]
fn two_apps_play_by_clicks_take_back_and_come_back_after_a_cut() {
    let relay = Relay::new(server("play"));
    let home = scratch("play");
    let mut white = player(&relay.url(), home.join("white"), "Ann");
    let code = create_chess(&mut white);
    let mut black = player(&relay.url(), home.join("black"), "Bob");
    black.world_mut().resource_mut::<Online>().join(&code, None);
    until(&mut black, "joined", |_, s| s.online());
    assert_eq!(session(&black).mine(), Some(&[1][..]));
    assert_eq!(session(&black).seen_by(), Some(doska::rules::Side::Black));
    all_until(
        &mut [&mut black, &mut white],
        "White hears Black sit",
        |_, s| s.draft().seats[1] == "Bob" && !s.away()[1],
    );

    // Black may not move White's pawn, and is told so; White's move shows in both
    // windows.
    click(&mut black, "e2");
    assert_eq!(
        session(&black).prompts.refusal.as_ref().map(|r| r.key),
        Some("msg-not-your-piece")
    );
    click(&mut black, "e4");
    assert_eq!(moves(&black), 0);
    click(&mut white, "e2");
    click(&mut white, "e4");
    assert_eq!(moves(&white), 1, "shown at once, before the server answers");
    all_until(&mut [&mut white, &mut black], "Black sees e4", |_, s| {
        s.current().actions().len() == 1
    });
    assert!(
        session(&black).animation().is_some(),
        "the opponent's move is animated"
    );
    assert!(
        !session(&black).can_undo(),
        "Black has nothing of theirs to take back"
    );
    assert!(session(&white).can_undo());
    click(&mut black, "e7");
    click(&mut black, "e5");
    all_until(&mut [&mut black, &mut white], "White sees e5", |_, s| {
        s.current().actions().len() == 2
    });

    // Undo asks Black, who accepts; both are back after e4.
    black.world_mut().write_message(Command::Undo);
    all_until(&mut [&mut black, &mut white], "White is asked", |o, _| {
        o.playing.as_ref().unwrap().mirror().takeback_asked_by() == Some(1)
    });
    assert_eq!(moves(&black), 2, "nothing is taken back before the answer");
    answer_takeback(&mut white, true);
    all_until(
        &mut [&mut white, &mut black],
        "the takeback reaches Black",
        |_, s| s.current().actions().len() == 1,
    );
    all_until(&mut [&mut black, &mut white], "and White", |_, s| {
        s.current().actions().len() == 1
    });

    // The network fails; Black's move made meanwhile is neither lost nor doubled.
    relay.cut();
    until(&mut black, "Black sees the loss", |o, _| !o.connected);
    click(&mut black, "c7");
    click(&mut black, "c5");
    assert_eq!(moves(&black), 2);
    all_until(
        &mut [&mut black, &mut white],
        "White gets c5 after the cut",
        |_, s| s.current().actions().len() == 2,
    );
    until(&mut black, "Black is back", |o, s| {
        o.connected && !o.playing.as_ref().unwrap().waiting() && s.current().actions().len() == 2
    });
    assert_eq!(session(&white).current().notation(1), "c5");

    // Black closes the app and opens it again: the seat book finds the match.
    drop(black);
    until(&mut white, "White sees Black away", |_, s| s.away()[1]);
    let mut black = reopened(&home.join("black"));
    assert_eq!(black.world().resource::<Online>().name, "Bob");
    until(&mut black, "back in the match by itself", |_, s| {
        s.online() && s.current().actions().len() == 2
    });
    assert_eq!(session(&black).mine(), Some(&[1][..]));
    all_until(
        &mut [&mut black, &mut white],
        "White sees Black back",
        |_, s| !s.away()[1],
    );
    click(&mut white, "g1");
    click(&mut white, "f3");
    all_until(
        &mut [&mut white, &mut black],
        "the match goes on",
        |_, s| s.current().actions().len() == 3,
    );

    // While Black thinks, White premoves d4: shown, then played the moment Black moves.
    click(&mut white, "d2");
    click(&mut white, "d4");
    assert!(session(&white).premove().is_some());
    assert_eq!(moves(&white), 3);
    click(&mut black, "d7");
    click(&mut black, "d6");
    all_until(
        &mut [&mut white, &mut black],
        "the premove is played",
        |_, s| s.current().actions().len() == 5,
    );
    assert_eq!(session(&black).current().notation(4), "d4");
    assert!(session(&white).premove().is_none());

    // A spectator opens the match by its code, browses back, and is left there while
    // the match goes on; White's line of chat reaches them.
    let mut watcher = player(&relay.url(), home.join("watcher"), "");
    watcher.world_mut().resource_mut::<Online>().watch(&code);
    until(&mut watcher, "watching", |_, s| {
        s.online() && s.current().actions().len() == 5
    });
    assert_eq!(session(&watcher).mine(), Some(&[][..]));
    watcher.world_mut().write_message(Command::GoTo(2));
    watcher.update();
    white
        .world_mut()
        .resource_mut::<Online>()
        .about_match(|id, code| Request::Say {
            id,
            code,
            text: "Удачи!".into(),
        });
    click(&mut black, "b8");
    click(&mut black, "c6");
    all_until(
        &mut [&mut white, &mut watcher],
        "the spectator hears and sees",
        |o, s| {
            s.current().all_actions().len() == 6
                && o.playing.as_ref().unwrap().mirror().chat().len() == 1
        },
    );
    assert_eq!(session(&watcher).current().cursor(), 2, "still browsing");

    // Black asks for a takeback and White declines: Black is told, nothing goes back.
    black.world_mut().write_message(Command::Undo);
    all_until(
        &mut [&mut black, &mut white],
        "White is asked again",
        |o, _| o.playing.as_ref().unwrap().mirror().takeback_asked_by() == Some(1),
    );
    answer_takeback(&mut white, false);
    all_until(
        &mut [&mut white, &mut black],
        "Black hears the answer",
        |o, _| o.message.as_deref() == Some("Your takeback was declined."),
    );
    assert_eq!(moves(&black), 6);
    click(&mut watcher, "g1");
    assert_eq!(
        session(&watcher).current().all_actions().len(),
        6,
        "a spectator plays nothing"
    );
    let _ = std::fs::remove_dir_all(home);
}

/// An app opened again on the folders under `home`: it connects by itself to the
/// server its seat book names.
fn reopened(home: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .insert_resource(Folders::under(home))
        .add_plugins(OnlinePlugin)
        .init_state::<Screen>();
    until(&mut app, "connects by itself", |o, _| o.connected);
    app
}

/// A player who leaves and comes back while the other is cut off (a host restarting
/// its app, and the server inside it) is shown back once the other returns, and not
/// away for good: the events missed do not say who came and went.
#[test]
fn a_player_back_while_the_other_was_cut_off_is_not_shown_away() {
    let address = server("away");
    let direct = format!("ws://{address}/");
    let relay = Relay::new(address);
    let home = scratch("away");
    let mut ann = player(&direct, home.join("ann"), "Ann");
    let code = create_chess(&mut ann);
    let mut bob = player(&relay.url(), home.join("bob"), "Bob");
    bob.world_mut().resource_mut::<Online>().join(&code, None);
    all_until(&mut [&mut ann, &mut bob], "Bob sees Ann", |_, s| {
        s.online() && !s.away()[0]
    });

    drop(ann);
    until(&mut bob, "Bob sees Ann leave", |_, s| s.away()[0]);
    relay.shut();
    until(&mut bob, "Bob is cut off", |o, _| !o.connected);
    let mut ann = reopened(&home.join("ann"));
    // A spectator on the server's side of the cut hears that Ann is back.
    let mut watcher = player(&direct, home.join("watcher"), "");
    watcher.world_mut().resource_mut::<Online>().watch(&code);
    all_until(
        &mut [&mut ann, &mut watcher],
        "the server has Ann back",
        |_, s| s.online() && !s.away()[0],
    );
    relay.reopen();
    all_until(&mut [&mut ann, &mut bob], "Bob sees Ann back", |o, s| {
        o.connected && !s.away()[0]
    });
    click(&mut ann, "e2");
    click(&mut ann, "e4");
    all_until(&mut [&mut ann, &mut bob], "Bob sees Ann's move", |_, s| {
        s.current().actions().len() == 1 && !s.away()[0]
    });
    let _ = std::fs::remove_dir_all(home);
}

/// The time White has left, as White's window shows it.
fn white_left(app: &App) -> u64 {
    session(app).current().clock().expect("clocks").seats[0].left
}

/// The server starts the clocks once every seat is taken; the window of the player
/// waiting for a friend shows them standing too, and running once the friend sits.
#[test]
fn the_clocks_stand_while_the_match_waits_for_a_player() {
    let url = format!("ws://{}/", server("waiting"));
    let home = scratch("waiting");
    let mut ann = player(&url, home.join("ann"), "Ann");
    let code = create_timed_chess(&mut ann, TimeControl::from_id("blitz-3-2").unwrap());
    let full = white_left(&ann);
    let since = Instant::now();
    until(&mut ann, "a while waiting", |_, _| {
        since.elapsed() > Duration::from_millis(1500)
    });
    assert_eq!(
        white_left(&ann),
        full,
        "White's clock ran with Black's seat open"
    );
    let mut bob = player(&url, home.join("bob"), "Bob");
    bob.world_mut().resource_mut::<Online>().join(&code, None);
    until(&mut bob, "Black sits", |_, s| s.online());
    until(&mut ann, "White's clock runs", |_, s| {
        s.current().clock().expect("clocks").seats[0].left < full
    });
    let _ = std::fs::remove_dir_all(home);
}

/// Makes a match with every seat held here, plays `moves` (in order, each by the seat
/// to move, or a chosen seat where several are on move) and returns its code and
/// the seats' secrets.
fn scripted_match(url: &str, game: GameId, moves: &[(usize, &str)]) -> (String, Vec<String>) {
    use doska::online::link::{Heard, Link};
    use doska::protocol::Reply;
    let link = Link::open(url, || {});
    let next = |wanted: &dyn Fn(&Reply) -> bool| loop {
        match link.wait(PATIENCE) {
            Some(Heard::Reply(r)) if wanted(&r) => return r,
            Some(Heard::Lost(why)) => panic!("lost the server: {why}"),
            Some(_) => {}
            None => panic!("the server said nothing"),
        }
    };
    assert_eq!(link.wait(PATIENCE), Some(Heard::Connected));
    let seats = doska::rules::Position::new(game, &[])
        .unwrap()
        .seats()
        .seat_count();
    link.send(Request::Create {
        id: 1,
        game: game.id().into(),
        options: Default::default(),
        clock: None,
        seats: vec![SeatPlan::Me; seats],
        name: None,
        level: None,
    });
    let Reply::Created { code, seats, .. } = next(&|r| matches!(r, Reply::Created { .. })) else {
        unreachable!()
    };
    for (i, (_, action)) in moves.iter().enumerate() {
        let id = 100 + i as u64;
        link.send(Request::Act {
            id,
            code: code.clone(),
            action: action.to_string(),
        });
        let reply = next(
            &|r| matches!(r, Reply::Ack { id: a, .. } | Reply::Error { id: Some(a), .. } if *a == id),
        );
        assert!(matches!(reply, Reply::Ack { .. }), "{action}: {reply:?}");
    }
    (code, seats.into_iter().map(|k| k.secret).collect())
}

/// The real window test: each player's window, joined to one server, after moves.
#[test]
fn real_windows_show_each_player_the_match_from_their_seat() {
    let address = server("windows");
    let url = format!("ws://{address}/");
    let (d, xvfb) = super::display();
    let dir = scratch("windows");
    let games: [(GameId, &[(usize, &str)]); 4] = [
        (GameId::Chess, &[(0, "e4"), (1, "c5")]),
        (
            GameId::Bughouse,
            &[(0, "A. e4"), (2, "B. d4"), (1, "a. d5"), (3, "b. e5")],
        ),
        (GameId::TriChess, &[]),
        // The server draws the lot; each player sees the table from their own side.
        (GameId::Chapayev, &[]),
    ];
    for (game, moves) in games {
        let (code, secrets) = scripted_match(&url, game, moves);
        // Every player's window at once, as on the players' own machines.
        let windows: Vec<(PathBuf, std::process::Child)> = secrets
            .iter()
            .enumerate()
            .map(|(seat, secret)| {
                let out = dir.join(format!("{}-{seat}.png", game.id()));
                let child = std::process::Command::new(env!("CARGO_BIN_EXE_doska"))
                    .args(["screenshot", game.id(), "--server", &url, "--code", &code])
                    .args(["--secret", secret, "--out"])
                    .arg(&out)
                    .env("DISPLAY", &d)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap();
                (out, child)
            })
            .collect();
        let mut pictures = Vec::new();
        for (out, child) in windows {
            let done = child.wait_with_output().unwrap();
            assert!(
                done.status.success(),
                "{}: {}",
                out.display(),
                String::from_utf8_lossy(&done.stderr)
            );
            pictures.push(std::fs::read(&out).unwrap());
        }
        // Each seat sees the board its own way round: no two pictures of a two-sided
        // game's opponents, or of chess for three's players, are the same.
        assert_ne!(
            pictures[0],
            pictures[1],
            "{}: seats 0 and 1 see the same",
            game.id()
        );
    }
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    if std::env::var_os("DOSKA_KEEP_SHOTS").is_none() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The desktop app and a browser play one match: the app makes it and plays White by
/// clicks, a headless Chromium opens the match's link and plays Black
/// (`tests/web/black.mjs`), and both see the mate.
#[test]
fn the_app_and_a_browser_play_one_match() {
    let url = format!("ws://{}/", server("browser"));
    let home = scratch("browser");
    let mut app = player(&url, home.join("app"), "App");
    let code = create_chess(&mut app);
    let link = app
        .world()
        .resource::<Online>()
        .playing
        .as_ref()
        .unwrap()
        .page(None);
    assert!(link.ends_with(&format!("/{code}")), "{link}");
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web");
    let browser = std::process::Command::new("node")
        .arg(web.join("black.mjs"))
        .arg(&link)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("node runs (Debian's nodejs, with `npm ci --prefix tests/web`)");
    until(&mut app, "the browser takes Black", |online, _| {
        online
            .playing
            .as_ref()
            .is_some_and(|p| p.mirror().listing().seats.iter().all(|s| s.taken))
    });
    for (from, to, after) in [("f2", "f3", 2), ("g2", "g4", 4)] {
        click(&mut app, from);
        click(&mut app, to);
        until(&mut app, "the browser's answer", |_, s| {
            s.current().actions().len() >= after
        });
    }
    until(&mut app, "the mate", |_, s| s.current().outcome().is_some());
    let out = browser.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let result = session(&app).current().outcome().unwrap();
    assert_eq!(result.token(2), "0-1");
}

/// What Black's connection hears until `done` holds for a reply; the server's silence
/// for the whole patience fails the test.
fn hear(link: &doska::online::link::Link, what: &str, done: impl Fn(&Reply) -> bool) {
    use doska::online::link::Heard;
    let started = Instant::now();
    loop {
        match link.wait(PATIENCE) {
            Some(Heard::Reply(reply)) if done(&reply) => return,
            Some(Heard::Lost(why)) => panic!("lost the server: {why}"),
            _ => {}
        }
        assert!(started.elapsed() < PATIENCE, "waited in vain: {what}");
    }
}

/// Whether a reply is an action event of `action`.
fn played(reply: &Reply, action: &str) -> bool {
    matches!(reply, Reply::Event { event, .. }
        if matches!(&event.kind, EventKind::Action { action: a, .. } if a == action))
}

/// Where things are in a 1280x800 window showing chess from White's seat, White to
/// move: squares' centres, the corner of a1 and e7 (lit once Black has moved from it),
/// the chat's switch and a point of its field, and the field's colour.
const A1: (i16, i16) = (150, 752);
const E7: (i16, i16) = (520, 170);
const E2: (i16, i16) = (533, 626);
const E4: (i16, i16) = (533, 454);
const D2: (i16, i16) = (447, 626);
const D4: (i16, i16) = (447, 454);
const CHAT: (i16, i16) = (996, 314);
const CHAT_FIELD: (i16, i16) = (1200, 338);
const FIELD: [u8; 3] = [10, 10, 10];
/// A point on the field's left edge: grey under the pointer, light blue while the field
/// has the keyboard.
const FIELD_EDGE: (i16, i16) = (989, 338);

/// A piece clicked, lit as selected (blue, where the squares are brown), then its
/// square: each click waits for the one before, which a busy window would otherwise
/// take together with it in one frame.
fn move_by_clicks(x: &mut super::x_client::X, from: (i16, i16), to: (i16, i16)) {
    x.click(from.0, from.1);
    // Off the piece, in the square's corner.
    let corner = (from.0 - 30, from.1 - 28);
    x.until_pixel(corner, "the piece is selected", |p| p[2] > p[0]);
    x.click(to.0, to.1);
}

/// The click after a line of chat, in a real window as its player makes it: tick
/// Chat, type a line, Enter, then click a piece and its square: the move is made.
#[test]
fn in_a_real_window_the_click_after_a_line_of_chat_is_not_lost() {
    use super::x_client::{self, X};
    use doska::online::link::Link;
    use doska::online::seat_book::{Held, SeatBook};
    let url = format!("ws://{}/", server("chat-click"));
    let (code, secrets) = scripted_match(&url, GameId::Chess, &[]);
    let home = scratch("chat-click");
    // The window's player holds White, as a seat book left by an earlier run says.
    let book = SeatBook {
        server: Some(url.clone()),
        name: "Ann".into(),
        seats: vec![Held {
            server: url.clone(),
            code: code.clone(),
            seat: 0,
            secret: secrets[0].clone(),
            game: "chess".into(),
            last: 0,
        }],
        ..SeatBook::default()
    };
    std::fs::create_dir_all(home.join("data")).unwrap();
    std::fs::write(home.join("data").join("seats.ron"), book.to_ron()).unwrap();
    // Black plays from here, and hears what White's window does.
    let black = Link::open(&url, || {});
    black.send(Request::Sit {
        id: 1,
        code: code.clone(),
        secret: secrets[1].clone(),
        last: 0,
    });
    let (d, xvfb) = super::display();
    let _xvfb = xvfb.map(super::Reaped);
    let _window = super::window_app(&home, &d);
    let mut x = X::open(&d);
    // The window is back in the match, and has drawn its board (a1's dark square).
    hear(&black, "the window sits", |r| match r {
        Reply::Presence {
            seat: 0, connected, ..
        } => *connected,
        Reply::Snapshot { listing, .. } => listing.seats[0].connected,
        _ => false,
    });
    x.until_pixel(A1, "the board drawn", |p| (100..180).contains(&p[0]));
    assert!(x.focus_shown_window(), "the window takes the keyboard");
    // Clicks reach the board: e2, e4.
    move_by_clicks(&mut x, E2, E4);
    hear(&black, "e4", |r| played(r, "e4"));
    black.send(Request::Act {
        id: 2,
        code: code.clone(),
        action: "e5".into(),
    });
    hear(&black, "e5", |r| played(r, "e5"));
    x.until_pixel(E7, "the window shows e5", |p| p == [195, 166, 62]);
    // Chat: ticked, a line typed into its field once it shows, and sent with Enter.
    x.click(CHAT.0, CHAT.1);
    x.until_pixel(CHAT_FIELD, "the chat opens", |p| p == FIELD);
    // An egui widget takes a click once it has seen the pointer over it (its edge
    // lit grey).
    x.point(CHAT_FIELD.0, CHAT_FIELD.1);
    x.until_pixel(FIELD_EDGE, "the field under the pointer", |p| p[0] > 100);
    x.press();
    x.until_pixel(FIELD_EDGE, "the field takes the keyboard", |p| p[2] > 200);
    for key in [x_client::KEY_H, x_client::KEY_I, x_client::ENTER] {
        x.key(key);
    }
    hear(
        &black,
        "the line of chat",
        |r| matches!(r, Reply::Event { event, .. } if matches!(&event.kind, EventKind::Said { text, .. } if text == "hi")),
    );
    // The next click selects the piece, and the one after moves it.
    move_by_clicks(&mut x, D2, D4);
    hear(&black, "d4 after the chat", |r| played(r, "d4"));
    let _ = std::fs::remove_dir_all(home);
}
