//! Studying a game: variations that keep the game, the engine's reading of the
//! position shown, and the review of the whole game.

use super::{click, edit_draft, headless, session};
use bevy::prelude::*;
use doska::engine::review::Mark;
use doska::plugins::Command;
use doska::plugins::analysis::{Analysis, AnalysisPlugin, StartReview};
use doska::rules::GameId;
use std::time::{Duration, Instant};

/// Frames until `done` holds; a search on another thread takes what it takes, so the
/// bound is only there to end a test that would otherwise hang.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(started.elapsed() < Duration::from_secs(300), "{what}");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

fn play(app: &mut App, moves: &str) {
    for mv in moves.split_whitespace() {
        let action = session(app).current().position().parse_move(mv).unwrap();
        app.world_mut()
            .write_message(Command::Act(doska::rules::Action::Play(action)));
        app.update();
    }
}

fn notation(app: &App) -> Vec<String> {
    let m = session(app).current();
    (0..m.all_actions().len()).map(|i| m.notation(i)).collect()
}

#[test]
fn a_move_tried_in_a_game_studied_opens_a_variation_and_the_game_stays() {
    let mut app = headless(GameId::Chess, &[]);
    edit_draft(
        &mut app.world_mut().resource_mut::<doska::plugins::Session>(),
        |d| d.computer = vec![false, true],
    );
    play(&mut app, "e4");
    // The computer's reply, as its plugin would send it.
    let e5 = session(&app).current().position().parse_move("e5").unwrap();
    app.world_mut()
        .write_message(Command::Computer(doska::rules::Action::Play(e5)));
    app.update();
    app.world_mut().write_message(Command::Study(true));
    app.update();
    assert!(session(&app).studying());
    assert_eq!(
        session(&app).draft().computer,
        [false, false],
        "every seat is the player's"
    );
    // Back to the start and another first move: no question, a variation.
    app.world_mut().write_message(Command::GoTo(0));
    app.update();
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert!(session(&app).prompts.dropping.is_none());
    assert_eq!(notation(&app), ["d4"]);
    assert_eq!(session(&app).variation_from(), Some(0));
    play(&mut app, "d5");
    assert_eq!(notation(&app), ["d4", "d5"]);
    app.world_mut().write_message(Command::BackToGame);
    app.update();
    assert_eq!(session(&app).variation_from(), None);
    assert_eq!(notation(&app), ["e4", "e5"]);
    assert_eq!(
        session(&app).current().cursor(),
        0,
        "where the variation began"
    );
    app.world_mut().write_message(Command::Study(false));
    app.update();
    assert!(!session(&app).studying());
    assert_eq!(
        session(&app).draft().computer,
        [false, true],
        "the computer's seat again"
    );
}

#[test]
fn the_game_comes_back_whole_when_the_study_ends() {
    let mut app = headless(GameId::Chess, &[]);
    play(&mut app, "e4 e5 Nf3 Nc6");
    app.world_mut().write_message(Command::Study(true));
    app.update();
    app.world_mut().write_message(Command::GoTo(2));
    app.update();
    // The move the game went on with is simply stepped through.
    play(&mut app, "Nf3");
    assert_eq!(session(&app).variation_from(), None);
    assert_eq!(notation(&app).len(), 4);
    play(&mut app, "Nf6");
    assert_eq!(session(&app).variation_from(), Some(3));
    app.world_mut().write_message(Command::Study(false));
    app.update();
    assert_eq!(notation(&app), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(session(&app).current().cursor(), 4);
}

/// A chess game after `moves`, studied, with the engine.
fn studied(moves: &str) -> App {
    let mut app = headless(GameId::Chess, &[]);
    app.add_plugins(AnalysisPlugin);
    play(&mut app, moves);
    app.world_mut().write_message(Command::Study(true));
    app.update();
    app
}

#[test]
fn the_engine_reads_the_position_shown_and_follows_the_browsing() {
    let mut app = studied("e4 d5");
    let read = |app: &App| app.world().resource::<Analysis>().reading.is_some();
    until(&mut app, "a reading of the position", read);
    {
        let analysis = app.world().resource::<Analysis>();
        let reading = analysis.reading.as_ref().unwrap();
        assert!(
            reading
                .position
                .same_position(session(&app).current().position())
        );
        // The best line plays from the position, move after move.
        let mut p = reading.position.clone();
        for mv in &reading.progress.pv {
            assert!(p.is_legal(mv), "the line is legal");
            p.play(mv).unwrap();
        }
        assert!(!reading.progress.pv.is_empty());
    }
    // It deepens while the position stays.
    let depth = |app: &App| {
        let analysis = app.world().resource::<Analysis>();
        analysis.reading.as_ref().map_or(0, |r| r.progress.depth)
    };
    let first = depth(&app);
    until(&mut app, "a deeper reading", |app| depth(app) > first);
    // Browsing back, the reading is of the position shown.
    app.world_mut().write_message(Command::GoTo(1));
    app.update();
    until(&mut app, "a reading after browsing", |app| {
        app.world()
            .resource::<Analysis>()
            .reading
            .as_ref()
            .is_some_and(|r| r.position.same_position(session(app).current().position()))
    });
    // Out of the study, the engine stops and its reading goes.
    app.world_mut().write_message(Command::Study(false));
    app.update();
    app.update();
    assert!(!read(&app));
}

#[test]
fn a_review_marks_the_queen_given_away() {
    let mut app = studied("e4 d5 Qg4 Bxg4");
    app.world_mut().write_message(StartReview);
    app.update();
    until(&mut app, "the review", |app| {
        app.world().resource::<Analysis>().review_done
    });
    let analysis = app.world().resource::<Analysis>();
    assert_eq!(analysis.reviewed.len(), 4);
    assert_eq!(
        analysis.verdict(2).and_then(|r| r.mark),
        Some(Mark::Blunder)
    );
    assert_eq!(analysis.verdict(0).and_then(|r| r.mark), None);
}
