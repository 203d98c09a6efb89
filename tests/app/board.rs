//! The board layer as a player meets it: a piece entity for every piece through
//! actions, undo and browsing, and the pointer: clicks and drags.

use super::*;

#[test]
fn piece_entities_follow_every_action_undo_and_browse() {
    for &game in GameId::ALL.iter().filter(|&&g| g != GameId::Chapayev) {
        let mut app = headless_with_pieces(game);
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as usize % n.max(1)
        };
        for step in 0..120 {
            let s = session(&app);
            let command = match next(10) {
                0 if s.can_undo() => Command::Undo,
                1 if s.current().can_redo() => Command::Redo,
                2 => Command::GoTo(next(s.current().all_actions().len() + 1)),
                _ => {
                    let moves: Vec<Action> = s
                        .current()
                        .legal_actions()
                        .into_iter()
                        .filter(|a| matches!(a, Action::Play(_)))
                        .collect();
                    if moves.is_empty() {
                        Command::Undo
                    } else {
                        Command::Act(moves[next(moves.len())])
                    }
                }
            };
            app.world_mut().write_message(command.clone());
            app.update();
            let mut wanted = session(&app).current().position().pieces();
            wanted.sort_by_key(|(c, _)| *c);
            assert_eq!(
                piece_entities(&mut app),
                wanted,
                "{} after step {step}: {command:?}",
                game.id()
            );
        }
    }
}

#[test]
fn browsing_back_never_drops_the_later_moves_unasked() {
    let mut app = headless(GameId::Chess, &[]);
    let play = |app: &mut App, san: &str| {
        let position = session(app).current().position().clone();
        let m = position.parse_move(san).expect("a legal move");
        app.world_mut().write_message(Command::Act(Action::Play(m)));
        app.update();
    };
    for san in ["e4", "d5", "exd5", "Nf6", "Bb5+", "c6"] {
        play(&mut app, san);
    }
    app.world_mut().write_message(Command::GoTo(1));
    app.update();
    assert_eq!(session(&app).current().cursor(), 1);
    // Another move than the recorded one asks, and cancelling keeps everything.
    play(&mut app, "e5");
    assert!(
        session(&app).prompts.dropping.is_some(),
        "asked before dropping moves"
    );
    assert_eq!(session(&app).later_actions(), 5);
    assert_eq!(session(&app).current().all_actions().len(), 6);
    click(&mut app, "g7");
    assert_eq!(session(&app).selection.from, None, "no moves while asked");
    app.world_mut().write_message(Command::CancelChoice);
    app.update();
    assert!(session(&app).prompts.dropping.is_none());
    assert_eq!(session(&app).current().all_actions().len(), 6);
    // The recorded move itself just steps forward.
    play(&mut app, "d5");
    assert_eq!(session(&app).current().cursor(), 2);
    assert_eq!(session(&app).current().all_actions().len(), 6);
    // Confirmed, another move replaces the rest.
    let position = session(&app).current().position().clone();
    let nf3 = position.parse_move("Nf3").unwrap();
    app.world_mut()
        .write_message(Command::ActDroppingLater(Action::Play(nf3)));
    app.update();
    assert_eq!(session(&app).current().all_actions().len(), 3);
    assert_eq!(session(&app).current().notation(2), "Nf3");
}

/// A headless chess match with the board's pointer input over a 900 px board whose
/// cells are 100 px (a1 at x 50..150, y 750..850).
fn with_pointer() -> App {
    use bevy::window::{PrimaryWindow, RequestRedraw, WindowResolution};
    use doska::plugins::board::input::BoardInputPlugin;
    use doska::plugins::board::{BoardLayout, BoardPlace};
    use doska::plugins::{BoardArea, Layout};
    let mut app = headless(GameId::Chess, &[]);
    let area = BoardArea {
        min: Vec2::ZERO,
        max: Vec2::new(900.0, 900.0),
    };
    let layout = Layout::fit(&area, Topology::chess(), 0.0);
    app.init_resource::<ButtonInput<MouseButton>>()
        .add_message::<RequestRedraw>()
        .add_plugins(BoardInputPlugin)
        .insert_resource(BoardLayout {
            layout: Some(layout),
            window: Vec2::new(900.0, 900.0),
        })
        .insert_resource(BoardPlace {
            area: Some(area),
            angle: 0.0,
            pointer: Some(Vec2::new(450.0, 450.0)),
        });
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(900, 900),
            ..default()
        },
        PrimaryWindow,
    ));
    app
}

/// Moves the pointer to a square's centre and runs a frame with the button as given.
fn pointer(app: &mut App, square: &str, button: Option<bool>) {
    use bevy::window::PrimaryWindow;
    let t = Topology::chess();
    let cell = t.parse(square).unwrap();
    let layout = doska::plugins::Layout::fit(
        &doska::plugins::BoardArea {
            min: Vec2::ZERO,
            max: Vec2::new(900.0, 900.0),
        },
        t,
        0.0,
    );
    let at = layout.cell_centre(t, cell);
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    windows
        .single_mut(world)
        .unwrap()
        .set_cursor_position(Some(at));
    let mut buttons = world.resource_mut::<ButtonInput<MouseButton>>();
    buttons.clear();
    match button {
        Some(true) => buttons.press(MouseButton::Left),
        Some(false) => buttons.release(MouseButton::Left),
        None => {}
    }
    app.update();
}

#[test]
fn a_piece_is_dragged_to_its_target_or_clicked_there() {
    let mut app = with_pointer();
    // A press selects at once and lights the moves; dragging over the board and
    // letting go on a target plays the move.
    pointer(&mut app, "e2", Some(true));
    assert_eq!(session(&app).selection.from, Topology::chess().parse("e2"));
    pointer(&mut app, "e3", None);
    assert!(
        app.world()
            .resource::<doska::plugins::board::Drag>()
            .at
            .is_some()
    );
    pointer(&mut app, "e4", None);
    pointer(&mut app, "e4", Some(false));
    assert_eq!(session(&app).current().notation(0), "e4");
    // Press and release on a piece selects it; doing it again deselects it.
    pointer(&mut app, "g8", Some(true));
    pointer(&mut app, "g8", Some(false));
    assert_eq!(session(&app).selection.from, Topology::chess().parse("g8"));
    pointer(&mut app, "g8", Some(true));
    pointer(&mut app, "g8", Some(false));
    assert_eq!(session(&app).selection.from, None);
    // Click, click: the knight goes.
    pointer(&mut app, "g8", Some(true));
    pointer(&mut app, "g8", Some(false));
    pointer(&mut app, "f6", Some(true));
    pointer(&mut app, "f6", Some(false));
    assert_eq!(session(&app).current().notation(1), "Nf6");
    // Dropped where it cannot go, the piece stays and nothing is played.
    pointer(&mut app, "d2", Some(true));
    pointer(&mut app, "d5", None);
    pointer(&mut app, "d5", Some(false));
    assert_eq!(session(&app).current().actions().len(), 2);
}

/// With less motion asked for, a piece stands on its new square in the frame the move
/// is made, instead of sliding there.
#[test]
fn less_motion_puts_a_piece_where_it_goes_at_once() {
    use doska::plugins::board::{PieceEntity, Upright};
    use doska::plugins::storage::Settings;
    let mut app = headless_with_pieces(GameId::Chess);
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    click(&mut app, "e2");
    click(&mut app, "e4");
    let t = session(&app).current().position().topology();
    let e4 = t.parse("e4").unwrap();
    let mut pieces = app.world_mut().query::<(&PieceEntity, &Upright)>();
    let (_, upright) = pieces
        .iter(app.world())
        .find(|(p, _)| p.cell == e4)
        .expect("a piece on e4");
    assert_eq!(
        upright.at,
        Vec2::from(t.centre(e4)),
        "at its square already"
    );
    assert_eq!(upright.z, doska::plugins::board::z::PIECE, "not in flight");
}

/// High contrast turns the board's squares white and grey and its marks solid, and
/// back again.
#[test]
fn high_contrast_changes_the_board_s_colours_and_back() {
    use doska::plugins::board::Inks;
    use doska::plugins::board::inks::{HIGH, NORMAL, contrast};
    use doska::plugins::storage::Settings;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
        .init_asset::<ColorMaterial>()
        .init_resource::<Inks>()
        .init_resource::<Settings>()
        .add_systems(Update, contrast);
    let colour = |app: &App, ink: fn(&Inks) -> &Handle<ColorMaterial>| {
        let inks = app.world().resource::<Inks>();
        app.world()
            .resource::<Assets<ColorMaterial>>()
            .get(ink(inks))
            .unwrap()
            .color
    };
    app.update();
    assert_eq!(colour(&app, |i| &i.light), NORMAL.light);
    app.world_mut().resource_mut::<Settings>().high_contrast = true;
    app.update();
    assert_eq!(colour(&app, |i| &i.light), HIGH.light);
    assert_eq!(colour(&app, |i| &i.dark), HIGH.dark);
    assert_eq!(colour(&app, |i| &i.marking), HIGH.marking);
    app.world_mut().resource_mut::<Settings>().high_contrast = false;
    app.update();
    assert_eq!(colour(&app, |i| &i.dark), NORMAL.dark);
}
