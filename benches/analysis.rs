//! Studying a game, measured. Run with `cargo bench --bench analysis`.
//!
//! 1. Browsing while the engine searches: the app (headless, with the session and
//!    analysis plugins) studies a 64-move lichess game and steps through all of it, a
//!    move a frame, then back; each frame's time, and for each position reached the
//!    time to the engine's first reading (the bar and the line).
//! 2. The review of the same game at the default depth, timed, and its marks set
//!    beside Stockfish's (lichess's annotations in the file).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use doska::engine::review::{DEFAULT, Mark, review};
use doska::plugins::analysis::{Analysis, AnalysisPlugin};
use doska::plugins::{Command, Screen, Session, SessionPlugin};
use doska::rules::{GameId, record};
use std::time::{Duration, Instant};

const GAME: &str = include_str!("../tests/data/lichess-eOXqcPAS.pgn");

fn main() {
    let game = record::replay(GameId::Chess, GAME, &[]).expect("the lichess game reads");
    browsing(&game);
    reviewing(&game);
}

fn percentile(values: &mut [f64], p: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * p).round() as usize]
}

fn browsing(game: &doska::rules::Match) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin, AnalysisPlugin))
        .insert_state(Screen::Playing);
    app.update();
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        let saved = doska::rules::record::SavedGame::from_match(game, &[]);
        session.load(&saved).expect("the game loads");
    }
    app.world_mut().write_message(Command::Study(true));
    app.update();
    let total = game.all_actions().len();
    let mut frames = Vec::new();
    let mut first = Vec::new();
    let plies: Vec<usize> = (0..total).chain((0..total).rev()).collect();
    for &ply in &plies {
        app.world_mut().write_message(Command::GoTo(ply));
        let started = Instant::now();
        app.update();
        frames.push(started.elapsed().as_secs_f64() * 1000.0);
        // The next position waits for this one's first reading, frame by frame.
        let waited = Instant::now();
        loop {
            let analysis = app.world().resource::<Analysis>();
            let over = app
                .world()
                .resource::<Session>()
                .current()
                .outcome()
                .is_some();
            if let Some(t) = analysis
                .first_reading
                .filter(|_| analysis.reading.is_some())
            {
                first.push(t.as_secs_f64() * 1000.0);
                break;
            }
            assert!(
                over || waited.elapsed() < Duration::from_secs(60),
                "no reading of the position after {ply} actions"
            );
            if over {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            let started = Instant::now();
            app.update();
            frames.push(started.elapsed().as_secs_f64() * 1000.0);
        }
    }
    println!(
        "browsing {} positions: frame median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        plies.len(),
        percentile(&mut frames, 0.5),
        percentile(&mut frames, 0.99),
        percentile(&mut frames, 1.0)
    );
    println!(
        "first reading: median {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} positions)",
        percentile(&mut first, 0.5),
        percentile(&mut first, 0.95),
        percentile(&mut first, 1.0),
        first.len()
    );
}

fn reviewing(game: &doska::rules::Match) {
    let started = Instant::now();
    let mut marks = Vec::new();
    review(game, DEFAULT, None, None, &mut |r| {
        marks.push((r.at, r.mark))
    });
    println!(
        "review of {} plies at {DEFAULT:?} a move: {:.1} s",
        game.all_actions().len(),
        started.elapsed().as_secs_f64()
    );
    // Stockfish's marks, as lichess wrote them in the file: `?!`, `?` and `??`.
    let stockfish: Vec<(usize, Mark)> = stockfish_marks(GAME);
    for mark in [Mark::Blunder, Mark::Mistake, Mark::Inaccuracy] {
        let theirs: Vec<usize> = stockfish
            .iter()
            .filter(|m| m.1 == mark)
            .map(|m| m.0)
            .collect();
        let ours: Vec<usize> = marks
            .iter()
            .filter(|m| m.1 == Some(mark))
            .map(|m| m.0)
            .collect();
        let same = theirs.iter().filter(|at| ours.contains(at)).count();
        let flagged = theirs
            .iter()
            .filter(|at| marks.iter().any(|m| m.0 == **at && m.1.is_some()))
            .count();
        println!(
            "{}: Stockfish {}, Doska {}, the same move and mark {same}, Stockfish's marked by Doska at all {flagged}",
            mark.sign(),
            theirs.len(),
            ours.len()
        );
    }
}

/// The plies lichess annotated, read from the moves' suffixes in the main line.
fn stockfish_marks(pgn: &str) -> Vec<(usize, Mark)> {
    let record = record::parse_movetext(pgn);
    let mut out = Vec::new();
    for (ply, token) in record.tokens.iter().enumerate() {
        let mark = if token.text.ends_with("??") {
            Mark::Blunder
        } else if token.text.ends_with("?!") {
            Mark::Inaccuracy
        } else if token.text.ends_with('?') {
            Mark::Mistake
        } else {
            continue;
        };
        out.push((ply, mark));
    }
    out
}
