//! The app as a player uses it, one test binary with a module per subject: the board
//! and pointer, each game by clicks, clocks, playing, study, online play, the command
//! line and a real window under X (clicked and typed into through `x_client`). Here:
//! the helpers they share.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use doska::plugins::{CellClicked, Command, Draft, Screen, Session, SessionPlugin};
use doska::rules::history::Action;
use doska::rules::{GameId, Position, Topology};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

#[path = "app/board.rs"]
mod board;
#[path = "app/clocks.rs"]
mod clocks;
#[path = "app/command_line.rs"]
mod command_line;
#[path = "app/games.rs"]
mod games;
#[path = "app/online.rs"]
mod online;
#[path = "app/playing.rs"]
mod playing;
#[path = "app/study.rs"]
mod study;
#[path = "app/window.rs"]
mod window;
#[path = "app/x_client.rs"]
mod x_client;

fn headless(game: GameId, options: &[(&str, &str)]) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .init_state::<Screen>();
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.choose_game(game);
        edit_draft(&mut session, |draft| {
            for (id, value) in options {
                let slot = draft
                    .options
                    .iter_mut()
                    .find(|(k, _)| k == id)
                    .expect("a known option");
                slot.1 = value.to_string();
            }
        });
    }
    app.world_mut().write_message(Command::NewMatch);
    // One frame applies the command, the next enters the new screen.
    app.update();
    app.update();
    app
}

/// Changes the next match's setup, as the setup screen's command does.
fn edit_draft(session: &mut Session, edit: impl FnOnce(&mut Draft)) {
    let mut draft = session.draft().clone();
    edit(&mut draft);
    session.set_draft(draft);
}

/// A headless app with the piece layer too: it needs only meshes and materials.
fn headless_with_pieces(game: GameId) -> App {
    use doska::plugins::board::PiecesPlugin;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::asset::AssetPlugin::default(),
    ))
    .init_asset::<Mesh>()
    .init_asset::<ColorMaterial>()
    .add_message::<bevy::window::RequestRedraw>()
    .add_plugins((SessionPlugin, PiecesPlugin))
    .init_state::<Screen>();
    app.world_mut().resource_mut::<Session>().choose_game(game);
    app.world_mut().write_message(Command::NewMatch);
    app.update();
    app.update();
    app
}

/// The pieces on the board as entities (those leaving excluded), sorted like the
/// position's.
fn piece_entities(app: &mut App) -> Vec<(u8, doska::rules::PieceView)> {
    use doska::plugins::board::{PieceEntity, pieces::Leaving};
    let mut query = app
        .world_mut()
        .query_filtered::<&PieceEntity, Without<Leaving>>();
    let mut out: Vec<(u8, doska::rules::PieceView)> =
        query.iter(app.world()).map(|p| (p.cell, p.piece)).collect();
    out.sort_by_key(|(c, _)| *c);
    out
}

fn click(app: &mut App, square: &str) {
    let cell = app
        .world()
        .resource::<Session>()
        .current()
        .position()
        .topology()
        .parse(square)
        .unwrap_or_else(|| panic!("{square} is a cell"));
    app.world_mut().write_message(CellClicked(cell));
    app.update();
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

/// The key of the reason the last click was refused.
fn refusal(app: &App) -> Option<&'static str> {
    session(app).prompts.refusal.as_ref().map(|r| r.key)
}

/// Plays `moves` on the session's match, as a match set up elsewhere.
fn play_texts(app: &mut App, moves: &[&str]) {
    let mut m = session(app).current().clone();
    for text in moves {
        m.play_text(text).unwrap();
    }
    app.world_mut().resource_mut::<Session>().set_match(m);
}

/// Updates the app until `done` holds; the bound only ends a test that would hang.
fn until(app: &mut App, what: &str, done: impl Fn(&Session) -> bool) {
    let started = std::time::Instant::now();
    while !done(session(app)) {
        assert!(started.elapsed().as_secs() < 300, "{what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
}

fn doska() -> Process {
    Process::new(env!("CARGO_BIN_EXE_doska"))
}

/// A child process ended with the test that started it, whether it passes or fails.
struct Reaped(std::process::Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The app in a real window on `display`, its data in `home`, ended with the test.
fn window_app(home: &Path, display: &str) -> Reaped {
    Reaped(
        doska()
            .env("DOSKA_HOME", home)
            .env("DISPLAY", display)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    )
}

/// A display for the window test: `DISPLAY` if set, else an Xvfb started here on a
/// display number it picks itself (`-displayfd`), which it tells once it is ready.
fn display() -> (String, Option<std::process::Child>) {
    use std::io::BufRead;
    if let Ok(d) = std::env::var("DISPLAY") {
        return (d, None);
    }
    let mut xvfb = Process::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the window test needs a display or Xvfb (Debian: apt install xvfb mesa-vulkan-drivers)");
    let mut number = String::new();
    std::io::BufReader::new(xvfb.stdout.take().unwrap())
        .read_line(&mut number)
        .unwrap();
    assert!(!number.trim().is_empty(), "Xvfb did not start");
    (format!(":{}", number.trim()), Some(xvfb))
}
