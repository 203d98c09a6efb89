//! A match as a player lives it: a game in progress kept, the keyboard, sounds, the
//! computer's seat, a finished game and pasted text.

use super::*;

#[test]
fn a_game_in_progress_is_not_replaced_unasked() {
    let mut app = headless(GameId::Chess, &[]);
    click(&mut app, "e2");
    click(&mut app, "e4");
    for command in [Command::NewMatch, Command::Choose(GameId::Reversi)] {
        app.world_mut().write_message(command);
        app.update();
        assert!(session(&app).prompts.replacing.is_some(), "asked first");
        assert_eq!(session(&app).current().actions().len(), 1, "the game stays");
        app.world_mut().write_message(Command::CancelChoice);
        app.update();
        assert!(session(&app).prompts.replacing.is_none());
    }
    app.world_mut()
        .write_message(Command::Choose(GameId::Reversi));
    app.update();
    app.world_mut().write_message(Command::Replace);
    app.update();
    app.update();
    assert_eq!(session(&app).draft().game, GameId::Reversi);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Setup
    );
    // A fresh setup has no game in progress: starting asks nothing.
    app.world_mut().write_message(Command::NewMatch);
    app.update();
    assert!(session(&app).prompts.replacing.is_none());
    assert_eq!(session(&app).current().game(), GameId::Reversi);
}

/// Presses `keys` together for one frame, then lets them go.
fn keys(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for &key in keys {
        input.press(key);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

#[test]
fn the_keyboard_browses_undoes_flips_saves_and_cancels() {
    use doska::plugins::{Dialogs, Flipped, KeysPlugin};
    let mut app = headless(GameId::Chess, &[]);
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins(KeysPlugin);
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    let cursor = |app: &App| session(app).current().cursor();
    assert_eq!(cursor(&app), 3);
    keys(&mut app, &[KeyCode::ArrowLeft]);
    keys(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(cursor(&app), 1, "Left steps back through the moves");
    keys(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(cursor(&app), 2);
    keys(&mut app, &[KeyCode::Home]);
    assert_eq!(cursor(&app), 0);
    keys(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(cursor(&app), 0, "nothing before the start");
    keys(&mut app, &[KeyCode::End]);
    assert_eq!(cursor(&app), 3);
    keys(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(cursor(&app), 3, "nothing after the last move");
    assert_eq!(
        session(&app).current().all_actions().len(),
        3,
        "browsing keeps every move"
    );

    keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(session(&app).current().actions().len(), 2, "Ctrl+Z undoes");
    keys(&mut app, &[KeyCode::ControlRight, KeyCode::KeyY]);
    assert_eq!(session(&app).current().actions().len(), 3, "Ctrl+Y redoes");
    // A quick Ctrl+Z: both keys go down and up between two frames.
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for key in [KeyCode::ControlLeft, KeyCode::KeyZ] {
        input.press(key);
        input.release(key);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    assert_eq!(
        session(&app).current().actions().len(),
        2,
        "a quick Ctrl+Z undoes"
    );
    keys(
        &mut app,
        &[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyZ],
    );
    assert_eq!(
        session(&app).current().actions().len(),
        3,
        "Ctrl+Shift+Z redoes"
    );
    keys(&mut app, &[KeyCode::KeyZ]);
    assert_eq!(
        session(&app).current().actions().len(),
        3,
        "Z alone does nothing"
    );

    assert!(!app.world().resource::<Flipped>().0);
    keys(&mut app, &[KeyCode::KeyF]);
    assert!(app.world().resource::<Flipped>().0, "F flips the board");
    keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyF]);
    assert!(app.world().resource::<Flipped>().0, "Ctrl+F is not F");
    keys(&mut app, &[KeyCode::KeyF]);
    assert!(!app.world().resource::<Flipped>().0);

    keys(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyS]);
    let name = app.world().resource::<Dialogs>().save_name.clone();
    assert!(
        name.as_deref().is_some_and(|n| n.starts_with("Chess - ")),
        "Ctrl+S asks for a name: {name:?}"
    );
    keys(&mut app, &[KeyCode::Escape]);
    assert_eq!(
        app.world().resource::<Dialogs>().save_name,
        None,
        "Esc closes it"
    );

    click(&mut app, "b8");
    assert!(session(&app).selection.from.is_some());
    keys(&mut app, &[KeyCode::Escape]);
    assert_eq!(
        session(&app).selection.from,
        None,
        "Esc drops the selection"
    );
    assert_eq!(session(&app).current().actions().len(), 3);
}

#[test]
fn sounds_follow_play_and_not_browsing() {
    use bevy::ecs::message::Messages;
    use doska::plugins::sound::{Cue, CuePlugin};
    let mut app = headless(GameId::Chess, &[]);
    app.add_plugins(CuePlugin);
    let heard = |app: &mut App| -> Vec<Cue> {
        app.world_mut()
            .resource_mut::<Messages<Cue>>()
            .drain()
            .collect()
    };
    heard(&mut app);
    let play = |app: &mut App, from: &str, to: &str| {
        click(app, from);
        click(app, to);
    };
    play(&mut app, "e2", "e4");
    assert_eq!(heard(&mut app), [Cue::Move]);
    play(&mut app, "d7", "d5");
    play(&mut app, "e4", "d5");
    assert_eq!(heard(&mut app), [Cue::Move, Cue::Capture]);
    for command in [
        Command::GoTo(0),
        Command::Redo,
        Command::Redo,
        Command::Undo,
    ] {
        app.world_mut().write_message(command);
        app.update();
    }
    assert_eq!(heard(&mut app), [], "browsing, redo and undo are silent");
    play(&mut app, "d7", "d5");
    assert_eq!(
        heard(&mut app),
        [Cue::Move],
        "playing the recorded move again is heard"
    );
}

#[test]
fn the_computer_answers_and_undo_takes_back_both_moves() {
    use doska::engine::search::Level;
    use doska::plugins::computer::ComputerPlugin;
    let mut app = headless(GameId::Chess, &[]);
    app.add_plugins(ComputerPlugin);
    {
        let mut s = app.world_mut().resource_mut::<Session>();
        edit_draft(&mut s, |d| {
            d.computer = vec![false, true];
            d.levels = vec![Level::Normal, Level::Easy];
        });
    }
    click(&mut app, "e2");
    click(&mut app, "e4");
    let started = std::time::Instant::now();
    while session(&app).current().actions().len() < 2 {
        assert!(started.elapsed().as_secs() < 20, "no reply");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    let reply = session(&app).current().notation(1);
    assert!(
        session(&app).current().position().turn() == doska::rules::Side::White,
        "Black replied {reply}"
    );
    let saved = session(&app).saved();
    assert_eq!(saved.computer, [false, true]);
    assert_eq!(saved.levels, [Level::Normal, Level::Easy]);
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(
        session(&app).current().cursor(),
        0,
        "the reply and the move go back together"
    );
    // Back at the player's turn with moves to redo, the computer waits.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(session(&app).current().cursor(), 0);
}

#[test]
fn a_person_cannot_move_for_the_computers_seat() {
    let mut app = headless(GameId::Chess, &[]);
    edit_draft(&mut app.world_mut().resource_mut::<Session>(), |d| {
        d.computer = vec![false, true]
    });
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(session(&app).current().cursor(), 1);
    // Black is the computer's: neither clicks nor a sent action play for it, and a
    // click says the computer is thinking.
    click(&mut app, "e7");
    click(&mut app, "e5");
    assert_eq!(session(&app).current().cursor(), 1, "a click moved Black");
    click(&mut app, "d2");
    assert_eq!(refusal(&app), Some("msg-computer-thinking"));
    let e5 = session(&app).current().position().parse_move("e5").unwrap();
    let play = doska::rules::Action::Play(e5);
    app.world_mut().write_message(Command::Act(play));
    app.update();
    assert_eq!(session(&app).current().cursor(), 1, "an action moved Black");
    app.world_mut().write_message(Command::Computer(play));
    app.update();
    assert_eq!(
        session(&app).current().cursor(),
        2,
        "the computer's own move"
    );
}

#[test]
fn undo_against_the_computer_is_a_takeback() {
    let mut app = headless(GameId::Chess, &[]);
    edit_draft(&mut app.world_mut().resource_mut::<Session>(), |d| {
        d.computer = vec![false, true]
    });
    click(&mut app, "e2");
    click(&mut app, "e4");
    let reply = session(&app).current().position().parse_move("e5").unwrap();
    let reply = doska::rules::Action::Play(reply);
    app.world_mut().write_message(Command::Computer(reply));
    app.update();
    assert_eq!(session(&app).current().cursor(), 2);
    // Undo takes back the move and the reply; nothing is left to browse to.
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().all_actions().len(), 0);
    assert!(!session(&app).current().can_redo(), "not browsing");
    // Redo restores both, the player to move again.
    app.world_mut().write_message(Command::Redo);
    app.update();
    assert_eq!(session(&app).current().all_actions().len(), 2);
    assert_eq!(session(&app).current().cursor(), 2);
    // Taken back again, another move is played without a question and Redo is gone.
    app.world_mut().write_message(Command::Undo);
    app.update();
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert!(
        session(&app).prompts.dropping.is_none(),
        "no question asked"
    );
    assert_eq!(session(&app).current().notation(0), "d4");
    assert!(!session(&app).can_redo());
}

#[test]
fn a_finished_game_lights_and_plays_nothing() {
    let mut app = headless(GameId::Chess, &[]);
    for square in ["f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"] {
        click(&mut app, square);
    }
    assert!(session(&app).current().outcome().is_some(), "mate");
    assert_eq!(session(&app).table.placements().count(), 0);
    click(&mut app, "a2");
    assert!(session(&app).selection.from.is_none(), "nothing to select");
    assert!(!session(&app).in_progress(), "no game to go back to");
}

#[test]
fn pasted_moves_or_a_position_load_and_bad_text_changes_nothing() {
    let mut app = headless(GameId::Chess, &[]);
    app.world_mut()
        .write_message(Command::Paste("garbage that is no game".into()));
    app.update();
    assert!(session(&app).current().actions().is_empty());
    app.world_mut()
        .write_message(Command::Paste("[Event \"?\"]\n\n1. e4 e5 2. Nf3 *".into()));
    app.update();
    assert_eq!(session(&app).current().actions().len(), 3);
    // A position asks first, since a game is in progress; then it replaces it.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    app.world_mut().write_message(Command::Paste(fen.into()));
    app.update();
    assert!(session(&app).prompts.replacing.is_some());
    app.world_mut().write_message(Command::Replace);
    app.update();
    assert_eq!(
        session(&app).current().start().set_up_text().as_deref(),
        Some(fen)
    );
}

/// A game pasted over a match against the computer on the clock asks first, since the
/// clock has run, and goes on as that match did: the computer keeps its seat and plays
/// it, and the clocks start afresh at the pasted position.
#[test]
fn a_pasted_game_keeps_the_computer_and_the_clocks() {
    use doska::plugins::computer::ComputerPlugin;
    use doska::rules::clock::TimeControl;
    let mut app = headless(GameId::Chess, &[]);
    app.add_plugins(ComputerPlugin);
    let control = TimeControl::from_id("blitz-3-2").unwrap();
    {
        let mut s = app.world_mut().resource_mut::<Session>();
        edit_draft(&mut s, |d| {
            d.computer = vec![true, false];
            d.time_control = control;
        });
    }
    app.world_mut().write_message(Command::NewMatch);
    let full = 3 * 60_000;
    until(&mut app, "the clock runs while the computer thinks", |s| {
        s.current()
            .clock()
            .is_some_and(|c| c.seats.iter().any(|r| r.left != full))
    });
    app.world_mut()
        .write_message(Command::Paste("1. e4 e5 *".into()));
    app.update();
    assert!(session(&app).prompts.replacing.is_some(), "asked first");
    app.world_mut().write_message(Command::Replace);
    app.update();
    let s = session(&app);
    assert_eq!(s.current().actions().len(), 2, "the pasted game");
    assert_eq!(
        s.draft().computer,
        [true, false],
        "the computer keeps White"
    );
    assert_eq!(s.current().time_control(), control);
    let left: Vec<u64> = s
        .current()
        .clock()
        .unwrap()
        .seats
        .iter()
        .map(|r| r.left)
        .collect();
    assert!(
        left.iter().all(|&l| l > full - 10_000),
        "set afresh: {left:?}"
    );
    until(&mut app, "the computer plays White's second move", |s| {
        s.current().actions().len() == 3
    });
}

/// A key pressed, as egui hears it.
fn egui_key(key: bevy_egui::egui::Key) -> bevy_egui::egui::Event {
    bevy_egui::egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: bevy_egui::egui::Modifiers::NONE,
    }
}

/// One frame of `ctx` in a 1280x800 window with `events`, drawn by `draw`.
fn egui_frame(
    ctx: &bevy_egui::egui::Context,
    events: Vec<bevy_egui::egui::Event>,
    draw: impl FnMut(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        events,
        ..Default::default()
    };
    let _ = ctx.run_ui(input, draw);
}

/// The question before a game in progress is closed answers the keys: Esc cancels,
/// Enter goes on, and Tab walks its own buttons, never the menu behind it.
#[test]
fn the_question_before_closing_a_game_answers_esc_enter_and_tab() {
    use bevy_egui::egui;
    use doska::i18n::Language;
    use doska::plugins::replace_question;
    let ctx = egui::Context::default();
    let key = egui_key;
    let behind = egui::Id::new("the menu behind");
    // One frame with `events`: the menu behind and the question over it.
    let frame = |events: Vec<egui::Event>| {
        let mut asked = None;
        egui_frame(&ctx, events, |ui| {
            ui.push_id(behind, |ui| {
                let _ = ui.button("Game");
                let _ = ui.button("View");
            });
            asked = replace_question(ui.ctx(), Language::English);
        });
        asked
    };
    assert!(frame(Vec::new()).is_none());
    assert!(frame(Vec::new()).is_none());
    assert!(matches!(
        frame(vec![key(egui::Key::Escape)]),
        Some(Command::CancelChoice)
    ));
    assert!(matches!(
        frame(vec![key(egui::Key::Enter)]),
        Some(Command::Replace)
    ));
    // Tab after Tab stays on the question's two buttons; Enter presses the one it is on.
    let mut focused = Vec::new();
    for _ in 0..4 {
        assert!(frame(vec![key(egui::Key::Tab)]).is_none());
        // Passing the last button, egui gives the focus to the first a frame later.
        assert!(frame(Vec::new()).is_none());
        focused.push(
            ctx.memory(|m| m.focused())
                .expect("a button has the keyboard"),
        );
    }
    assert_eq!(focused[0], focused[2], "two buttons in turn: {focused:?}");
    assert_ne!(focused[0], focused[1]);
    let second = frame(vec![key(egui::Key::Enter)]);
    assert!(
        second.is_some(),
        "Enter presses the button the keyboard is on"
    );
}

/// Moves the keyboard's cursor to `target` by arrows alone (the board seen from White's
/// side, as the headless app has it), one key a frame, as a player who sees the board
/// would: each time the arrow whose cell lies nearest the target. Then presses Enter.
fn arrow_to(app: &mut App, target: &str) {
    use doska::plugins::board::BoardCursor;
    use doska::plugins::board::cursor::step;
    let t = session(app).current().position().topology();
    let goal = t.parse(target).expect("a cell");
    let distance = |cell| {
        let (a, b) = (t.centre(cell), t.centre(goal));
        (a[0] - b[0]).hypot(a[1] - b[1])
    };
    let arrows = [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
    ];
    for _ in 0..64 {
        let Some(at) = app.world().resource::<BoardCursor>().0 else {
            panic!("the cursor is on the board");
        };
        if at == goal {
            keys(app, &[KeyCode::Enter]);
            return;
        }
        let (key, _) = arrows
            .iter()
            .filter_map(|&(key, towards)| Some((key, distance(step(t, 0.0, at, towards)?))))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("some arrow leads somewhere");
        keys(app, &[key]);
    }
    panic!("the arrows never reached {target}");
}

#[test]
fn a_game_is_played_by_arrows_and_enter() {
    use doska::plugins::KeysPlugin;
    use doska::plugins::board::{BoardCursor, BoardCursorPlugin};
    let mut app = headless(GameId::Chess, &[]);
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins((KeysPlugin, BoardCursorPlugin));
    let cursor = |app: &App| app.world().resource::<BoardCursor>().0;
    assert_eq!(cursor(&app), None);
    keys(&mut app, &[KeyCode::ArrowUp]);
    assert!(cursor(&app).is_some(), "Up puts the cursor on the board");
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        arrow_to(&mut app, from);
        assert!(session(&app).selection.from.is_some(), "{from} picked");
        arrow_to(&mut app, to);
    }
    let m = session(&app).current();
    assert_eq!(m.actions().len(), 3, "three moves played by keys");
    assert_eq!(
        m.cursor(),
        3,
        "the arrows moved the cursor, not through the moves"
    );
    // Esc drops a selection first, then takes the cursor off the board; Left browses
    // again.
    arrow_to(&mut app, "b8");
    assert!(session(&app).selection.from.is_some());
    // What a screen reader hears of the board, in the player's language.
    use doska::i18n::Language;
    use doska::plugins::board::spoken::described;
    let here = cursor(&app);
    assert_eq!(
        described(Language::English, session(&app), here),
        "Board: b8, Black Knight, picked"
    );
    assert_eq!(
        described(Language::Russian, session(&app), here),
        "Доска: b8, Конь (Чёрные), выбрана"
    );
    keys(&mut app, &[KeyCode::Escape]);
    assert!(session(&app).selection.from.is_none());
    assert!(cursor(&app).is_some());
    keys(&mut app, &[KeyCode::Escape]);
    assert_eq!(cursor(&app), None);
    keys(&mut app, &[KeyCode::ArrowLeft]);
    assert_eq!(session(&app).current().cursor(), 2, "Left browses again");
}

#[test]
fn chess_for_three_is_played_by_arrows_on_its_triangles() {
    use doska::plugins::board::BoardCursorPlugin;
    let mut app = headless(GameId::TriChess, &[]);
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins(BoardCursorPlugin);
    keys(&mut app, &[KeyCode::Enter]);
    for _ in 0..3 {
        let position = session(&app).current().position().clone();
        let view = position
            .legal_moves()
            .iter()
            .filter_map(|m| position.view(m))
            .find(|v| v.landings.len() == 1 && v.placed.is_none())
            .expect("a move on the board");
        let t = position.topology();
        arrow_to(&mut app, &t.name(view.from));
        arrow_to(&mut app, &t.name(view.to()));
    }
    assert_eq!(
        session(&app).current().actions().len(),
        3,
        "each army moved by keys"
    );
}

#[test]
fn moves_are_played_as_typed() {
    let mut app = headless(GameId::Chess, &[]);
    for typed in ["e4", "E5", "nf3", "Nc6"] {
        app.world_mut().write_message(Command::Typed(typed.into()));
        app.update();
    }
    let m = session(&app).current();
    assert_eq!(m.actions().len(), 4, "each typed move played");
    app.world_mut().write_message(Command::Typed("Ke3".into()));
    app.update();
    assert_eq!(
        session(&app).current().actions().len(),
        4,
        "an illegal one is refused"
    );

    // Draughts' cell pairs and the hexagon's cells, as their move lists write them.
    for game in [GameId::Turkish, GameId::TriChess] {
        let mut app = headless(game, &[]);
        for _ in 0..2 {
            let position = session(&app).current().position().clone();
            let seat = session(&app).typing_seat();
            let first = position
                .legal_moves()
                .into_iter()
                .find(|m| position.mover(m) == seat)
                .unwrap();
            let text = position.notation(&first).to_uppercase();
            app.world_mut().write_message(Command::Typed(text));
            app.update();
        }
        assert_eq!(session(&app).current().actions().len(), 2, "{}", game.id());
    }
}

#[test]
fn the_question_before_resigning_answers_enter_and_esc() {
    use bevy_egui::egui;
    use doska::i18n::Language;
    use doska::plugins::resign_question;
    let ctx = egui::Context::default();
    let key = egui_key;
    let frame = |events: Vec<egui::Event>| {
        let mut answer = None;
        egui_frame(&ctx, events, |ui| {
            answer = resign_question(ui.ctx(), Language::English, "White".into());
        });
        answer
    };
    assert_eq!(frame(Vec::new()), None, "asked, not answered");
    assert_eq!(
        frame(vec![key(egui::Key::Enter)]),
        Some(true),
        "Enter resigns"
    );
    assert_eq!(frame(Vec::new()), None);
    assert_eq!(
        frame(vec![key(egui::Key::Escape)]),
        Some(false),
        "Esc goes on playing"
    );
}
