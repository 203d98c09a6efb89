//! The app as a player uses it: clicks on the board through the session's systems
//! (headless), the command line, and a real window under X (the smoke test).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use doska::plugins::{CellClicked, Command, Screen, Session, SessionPlugin};
use doska::rules::history::Action;
use doska::rules::{GameId, Position, Topology};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

#[path = "app/online.rs"]
mod online;
#[path = "app/study.rs"]
mod study;

fn headless(game: GameId, options: &[(&str, &str)]) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .init_state::<Screen>();
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.choose_game(game);
        for (id, value) in options {
            let slot = session
                .draft
                .options
                .iter_mut()
                .find(|(k, _)| k == id)
                .expect("a known option");
            slot.1 = value.to_string();
        }
    }
    app.world_mut().write_message(Command::NewMatch);
    // One frame applies the command, the next enters the new screen.
    app.update();
    app.update();
    app
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

#[test]
fn a_pinned_knight_says_which_bishop_pins_it_and_marks_it() {
    let mut app = headless(GameId::Chess, &[]);
    for square in ["d2", "d4", "e7", "e5", "b1", "c3", "f8", "b4", "c3"] {
        click(&mut app, square);
    }
    let why = session(&app)
        .prompts
        .refusal
        .clone()
        .expect("the click is refused");
    assert_eq!(why.key, "msg-why-pinned");
    assert_eq!(why.culprit, Topology::chess().parse("b4"));
    let english = doska::i18n::Language::English;
    let words =
        doska::rules::wording::arguments(&why.words, session(&app).current().position(), |key| {
            Some(english.t(key))
        });
    assert_eq!(
        english.t_args(why.key, &words),
        "Your king would be in check from the bishop on b4."
    );
    // A new click clears the reason.
    click(&mut app, "e2");
    assert_eq!(refusal(&app), None);
}

#[test]
fn clicks_select_and_move_and_illegal_clicks_change_nothing() {
    let mut app = headless(GameId::Chess, &[]);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    click(&mut app, "e2");
    assert_eq!(session(&app).selection.from, Topology::chess().parse("e2"));
    let targets = session(&app).selection.targets(&session(&app).table);
    assert_eq!(targets.len(), 2, "e3 and e4");
    click(&mut app, "e5");
    assert_eq!(
        session(&app).current().actions().len(),
        0,
        "an illegal target deselects, and says why"
    );
    assert_eq!(session(&app).selection.from, None);
    assert_eq!(refusal(&app), Some("msg-why-pawn"));
    click(&mut app, "e7");
    assert_eq!(refusal(&app), Some("msg-select-own-piece"));
    click(&mut app, "e2");
    click(&mut app, "e4");
    assert_eq!(session(&app).current().actions().len(), 1);
    assert_eq!(session(&app).current().notation(0), "e4");
    assert_eq!(session(&app).last_moves().len(), 1);
}

#[test]
fn chess_for_three_is_played_by_clicks_and_its_diplomacy_by_actions() {
    use doska::rules::Move;
    use doska::rules::trichess;
    let mut app = headless(GameId::TriChess, &[]);
    click(&mut app, "WP2");
    let targets = session(&app).selection.targets(&session(&app).table);
    assert_eq!(targets.len(), 2, "the knight's two leaps");
    click(&mut app, "WS3");
    assert_eq!(session(&app).current().notation(0), "NWP2-WS3");
    for (from, to) in [("BC6", "BV12"), ("RC1", "RS2"), ("WS3", "BV12")] {
        click(&mut app, from);
        click(&mut app, to);
    }
    assert_eq!(session(&app).current().notation(3), "NWS3:BV12");
    let offer = Action::Play(Move::TriChess(trichess::Action::Offer {
        master: doska::rules::Side::White,
        servant: doska::rules::Side::Black,
        by: doska::rules::Side::White,
    }));
    assert!(session(&app).current().legal_actions().contains(&offer));
    app.world_mut().write_message(Command::Act(offer));
    app.update();
    assert_eq!(
        session(&app).current().position().seats().seat_to_move(),
        1,
        "Black answers"
    );
    let yes = Action::Play(Move::TriChess(trichess::Action::Answer(true)));
    app.world_mut().write_message(Command::Act(yes));
    app.update();
    assert_eq!(session(&app).current().notation(5), "B: yes");
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().cursor(), 5);
}

#[test]
fn chapayev_starts_with_a_lot_and_a_shot_is_an_undoable_action() {
    use doska::rules::Move;
    use doska::rules::chapayev::{self, Shot};
    let mut app = headless(GameId::Chapayev, &[]);
    assert_eq!(
        session(&app).current().actions().len(),
        1,
        "the lot is drawn"
    );
    assert!(!session(&app).can_undo(), "the lot stays");
    let shot = Shot::Flick {
        checker: 3,
        angle: 90.0,
        strength: 0.4,
        spin: 0.0,
    };
    let act = Action::Play(Move::Chapayev(chapayev::Action::shot(shot)));
    app.world_mut().write_message(Command::Act(act));
    app.update();
    assert_eq!(session(&app).current().actions().len(), 2);
    // The shot is recorded with the luck drawn for it as it was made.
    let played = session(&app).current().notation(1);
    assert!(played.starts_with("flick W4 luck="), "{played}");
    assert!(
        played.ends_with(" th=90.0000 s=0.4000 e=0.0000"),
        "{played}"
    );
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().cursor(), 1);
}

/// Plays `moves` on the session's match, as a match set up elsewhere.
fn play_texts(app: &mut App, moves: &[&str]) {
    let mut m = session(app).current().clone();
    for text in moves {
        m.play_text(text).unwrap();
    }
    app.world_mut().resource_mut::<Session>().set_match(m);
}

#[test]
fn promotion_asks_and_the_answer_is_an_action() {
    let mut app = headless(GameId::Chess, &[]);
    play_texts(
        &mut app,
        &["a4", "b5", "axb5", "a6", "bxa6", "Nc6", "a7", "Rb8"],
    );
    app.world_mut().write_message(Command::GoTo(8));
    app.update();
    click(&mut app, "a7");
    click(&mut app, "b8");
    let choices = session(&app)
        .prompts
        .choice
        .clone()
        .expect("a promotion choice");
    assert_eq!(choices.len(), 4);
    app.world_mut()
        .write_message(Command::Act(Action::Play(choices[1])));
    app.update();
    assert_eq!(session(&app).current().notation(8), "axb8=R");
}

#[test]
fn compulsory_capture_is_explained_and_chains_are_clicked_in_turn() {
    let mut app = headless(GameId::ZShashmaty, &[("pie_rule", "off")]);
    play_texts(&mut app, &["cd4", "Kc5", "Kh4", "fe5"]);
    app.world_mut().write_message(Command::GoTo(4));
    app.update();
    click(&mut app, "a3");
    assert_eq!(refusal(&app), Some("msg-why-must-capture"));
    let culprit = session(&app)
        .prompts
        .refusal
        .as_ref()
        .and_then(|r| r.culprit);
    let d4 = session(&app).current().position().topology().parse("d4");
    assert_eq!(culprit, d4, "the piece that must take");
    click(&mut app, "d4");
    click(&mut app, "f6");
    assert_eq!(session(&app).current().notation(4), "d:f6");
}

#[test]
fn the_pie_swap_and_undo_go_through_the_session() {
    let mut app = headless(GameId::ZShashmaty, &[("team_game", "on")]);
    click(&mut app, "c3");
    click(&mut app, "d4");
    let swap = session(&app)
        .current()
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Play(m) if session(&app).current().position().is_swap(m)))
        .expect("Black is offered the swap");
    app.world_mut().write_message(Command::Act(swap));
    app.update();
    assert_eq!(session(&app).current().position().seats().seat_to_move(), 0);
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().position().seats().seat_to_move(), 1);
}

#[test]
fn reversi_discs_are_placed_by_a_click() {
    let mut app = headless(GameId::Reversi, &[]);
    click(&mut app, "c3");
    assert_eq!(refusal(&app), Some("msg-no-placement-here"));
    click(&mut app, "d5");
    assert_eq!(session(&app).current().notation(0), "d5");
    let placements: Vec<_> = session(&app).table.placements().collect();
    assert_eq!(
        placements.len(),
        3,
        "White may use the three empty centre squares"
    );
    for square in ["d4", "e5", "e4"] {
        click(&mut app, square);
    }
    assert_eq!(session(&app).current().actions().len(), 4);
    assert_eq!(
        session(&app).current().position().shown().tallies()[0],
        (doska::rules::Side::Black, 2, 30)
    );
}

#[test]
fn the_maharajah_is_placed_by_a_click_and_double_moves_join_in_the_list() {
    let mut app = headless(GameId::Maharajah, &[]);
    assert_eq!(session(&app).table.placements().count(), 40);
    click(&mut app, "e3");
    assert_eq!(
        session(&app).current().actions().len(),
        0,
        "e3 is guarded by pawns"
    );
    click(&mut app, "e5");
    assert_eq!(session(&app).current().notation(0), "M@e5");
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(
        doska::rules::record::movetext(session(&app).current()),
        "0... M@e5 1. d4"
    );

    let mut app = headless(GameId::DoubleMove, &[]);
    for square in ["e2", "e4", "e7", "e5", "b8", "c6"] {
        click(&mut app, square);
    }
    assert_eq!(
        doska::rules::record::movetext(session(&app).current()),
        "1. e4 e5,Nc6"
    );
    assert_eq!(
        session(&app).current().position().shown().turn_progress(),
        Some((1, 2))
    );
}

#[test]
fn a_draw_is_claimed_with_the_move_that_repeats() {
    let mut app = headless(GameId::Chess, &[("draw_claim", "claim")]);
    for square in [
        "g1", "f3", "g8", "f6", "f3", "g1", "f6", "g8", "g1", "f3", "g8", "f6", "f3", "g1",
    ] {
        click(&mut app, square);
    }
    app.world_mut().resource_mut::<Session>().prompts.claim_next = true;
    click(&mut app, "f6");
    click(&mut app, "g8");
    let m = &session(&app).current();
    assert_eq!(
        m.outcome(),
        Some(doska::rules::Outcome::draw(
            doska::rules::Reason::Repetition
        ))
    );
    assert_eq!(m.notation(m.cursor() - 1), "Ng8 draw-claim");
}

#[test]
fn appearing_pieces_come_from_the_hand_by_clicks() {
    use doska::rules::PieceKind;
    let mut app = headless(GameId::Appearing, &[]);
    click(&mut app, "e1");
    click(&mut app, "e8");
    assert_eq!(
        doska::rules::record::movetext(session(&app).current()),
        "1. K@e1 K@e8"
    );
    // A kind picked in the hand goes where it is clicked, and says why it may not.
    app.world_mut().resource_mut::<Session>().selection.pocket = Some(PieceKind::Pawn);
    click(&mut app, "e6");
    assert_eq!(refusal(&app), Some("msg-drop-pawn-zone"));
    app.world_mut().resource_mut::<Session>().selection.pocket = Some(PieceKind::Queen);
    click(&mut app, "d4");
    assert_eq!(session(&app).current().notation(2), "Q@d4");
    // With nothing picked, an empty square asks which piece.
    click(&mut app, "c6");
    let choices = session(&app)
        .prompts
        .choice
        .clone()
        .expect("a choice of pieces");
    assert_eq!(choices.len(), 5, "queen, rooks, bishops, knights, pawns");
    let knight = choices
        .into_iter()
        .find(|m| session(&app).current().position().notation(m) == "N@c6")
        .unwrap();
    app.world_mut()
        .write_message(Command::Act(Action::Play(knight)));
    app.update();
    assert_eq!(
        doska::rules::record::movetext(session(&app).current()),
        "1. K@e1 K@e8 2. Q@d4 N@c6"
    );
}

#[test]
fn a_captured_piece_is_sent_back_by_a_second_click() {
    let mut app = headless(GameId::Swedish, &[]);
    for square in ["e2", "e4", "d7", "d5", "e4", "d5"] {
        click(&mut app, square);
    }
    let s = session(&app);
    assert_eq!(
        s.current().actions().len(),
        2,
        "the capture waits for its square"
    );
    let d5 = Topology::chess().parse("d5").unwrap();
    assert_eq!(s.selection.landed, Some(d5));
    let e4 = Topology::chess().parse("e4").unwrap();
    assert_eq!(
        s.selection.half_played(&s.table),
        Some(doska::plugins::selection::HalfPlayed {
            from: e4,
            to: d5,
            captured: Some(d5),
        }),
        "the board shows the pawn on d5 and Black's pawn in hand"
    );
    let lit = s.selection.targets(&s.table);
    assert!(lit.len() > 30, "the empty squares a pawn may go to");
    click(&mut app, "h6");
    let m = &session(&app).current();
    assert_eq!(m.notation(2), "exd5>h6");
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().cursor(), 2, "undone in one step");
}

/// A headless 100-cell chess match from a position.
fn hundred_cell_at(fen: &str) -> App {
    let mut app = headless(GameId::Chess100, &[]);
    let start = doska::rules::Position::set_up(GameId::Chess100, &[], fen).unwrap();
    app.world_mut()
        .resource_mut::<Session>()
        .set_match(doska::rules::Match::new(start));
    app.world_mut().write_message(Command::GoTo(0));
    app.update();
    app
}

#[test]
fn hundred_cell_chess_by_clicks() {
    // From the start: the king pawn swaps with the jester behind it, e2<>d1.
    let mut app = headless(GameId::Chess100, &[]);
    click(&mut app, "e2");
    let s = session(&app);
    let d1 = Topology::chess100().parse("d1").unwrap();
    assert!(s.selection.targets(&s.table).iter().any(|(c, _)| *c == d1));
    click(&mut app, "d1");
    assert_eq!(session(&app).current().notation(0), "e2<>d1");
    // A king on the enemy throne: its gift pawn goes where the second click says.
    let mut app = hundred_cell_at("k9/4K5/10/10/10/10/10/10/PPP1PPPPP1/10 w - - 0 1");
    click(&mut app, "e9");
    click(&mut app, "e10");
    let s = session(&app);
    assert_eq!(s.selection.landed, Topology::chess100().parse("e10"));
    let lit: Vec<&str> = s
        .selection
        .targets(&s.table)
        .iter()
        .map(|(c, _)| Topology::chess100().name(*c))
        .collect();
    assert_eq!(lit, ["e10", "d2", "k2"], "the landing and the free squares");
    click(&mut app, "k2");
    assert_eq!(session(&app).current().notation(0), "Ke10(@k2)");
    // A pawn on the enemy throne becomes any piece but a king: the player is asked.
    let mut app = hundred_cell_at("k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1");
    click(&mut app, "e9");
    click(&mut app, "e10");
    let choices = session(&app)
        .prompts
        .choice
        .clone()
        .expect("a choice of pieces");
    assert_eq!(choices.len(), 6);
    // Elsewhere the square decides: d10 makes a jester at once.
    let mut app = hundred_cell_at("k9/3P6/10/10/10/10/10/10/10/K9 w - - 0 1");
    click(&mut app, "d9");
    click(&mut app, "d10");
    assert_eq!(session(&app).current().notation(0), "d10=J");
}

/// Clicks a cell by its number (bughouse's board B has cells 64 to 127).
fn click_cell(app: &mut App, cell: u8) {
    app.world_mut().write_message(CellClicked(cell));
    app.update();
}

#[test]
fn bughouse_passes_a_capture_to_the_partner_who_drops_it() {
    let mut app = headless(GameId::Bughouse, &[]);
    let t = Topology::chess();
    let a = |name: &str| t.parse(name).unwrap();
    let b = |name: &str| 64 + t.parse(name).unwrap();
    // Board A: e4 d5 exd5; the black pawn goes to Black on B.
    for cell in [a("e2"), a("e4"), a("d7"), a("d5"), a("e4"), a("d5")] {
        click_cell(&mut app, cell);
    }
    assert_eq!(session(&app).current().notation(2), "2A. exd5");
    // Both boards are on move: White on B moves while Black on A waits.
    let on_move = session(&app).current().position().seats().seats_on_move();
    assert!(on_move.contains(&1) && on_move.contains(&2), "{on_move:?}");
    click_cell(&mut app, b("d2"));
    click_cell(&mut app, b("d4"));
    assert_eq!(session(&app).current().notation(3), "1B. d4");
    // Each board keeps its own last move lit.
    let lit: Vec<u8> = session(&app).last_moves().iter().map(|v| v.to()).collect();
    assert_eq!(lit, [b("d4"), a("d5")]);
    let pockets = session(&app).current().position().pockets();
    assert_eq!(pockets.len(), 1);
    assert_eq!(pockets[0].0, 3, "Black on B holds the pawn");
    // Black on B drops it on e6 of board B.
    click_cell(&mut app, b("e6"));
    assert_eq!(session(&app).current().notation(4), "1b. P@e6");
    assert!(session(&app).current().position().pockets().is_empty());
    // Undo takes back the last action of the whole match.
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(session(&app).current().cursor(), 4);
}

#[test]
fn shashmaty_jumps_are_lit_apart_and_compulsory() {
    use doska::plugins::selection::Target;
    let mut app = headless(GameId::Shashmaty, &[]);
    for square in ["e2", "e4", "d7", "d5", "e4"] {
        click(&mut app, square);
    }
    let s = session(&app);
    assert!(s.current().position().capture_compulsory());
    let c6 = Topology::chess().parse("c6").unwrap();
    let b7 = Topology::chess().parse("b7").unwrap();
    let lit = s.selection.targets(&s.table);
    assert!(lit.contains(&(c6, Target::Jump)), "{lit:?}");
    assert!(lit.contains(&(b7, Target::Jump)), "the finisher's square");
    click(&mut app, "d5");
    assert_eq!(
        session(&app).current().actions().len(),
        2,
        "exd5 is not allowed"
    );
    click(&mut app, "e4");
    click(&mut app, "b7");
    assert_eq!(session(&app).current().notation(2), "e4:c6xb7");
}

/// A headless chess match on a clock of `base` milliseconds each, its frames `frame`
/// apart on the wall clock (as they come where None).
fn chess_on_the_clock(base: u64, frame: Option<std::time::Duration>) -> App {
    chess_on_the_clock_with(base, frame, |_| {})
}

/// The same, with `more` added to the app (plugins, resources) before its first frame.
fn chess_on_the_clock_with(
    base: u64,
    frame: Option<std::time::Duration>,
    more: impl FnOnce(&mut App),
) -> App {
    use doska::rules::clock::TimeControl;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .init_state::<Screen>();
    more(&mut app);
    if let Some(frame) = frame {
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(frame));
    }
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.choose_game(GameId::Chess);
        session.draft.time_control = TimeControl::SuddenDeath { base };
    }
    app.world_mut().write_message(Command::NewMatch);
    app.update();
    app.update();
    app
}

/// The window's close button and a signal (through `quit::request`, which the signal
/// handler calls) each keep the time spent on the move in progress in the autosave,
/// as the menu's Quit does.
#[test]
fn every_way_out_keeps_the_running_clock() {
    use doska::folders::Folders;
    use doska::plugins::quit::{self, QuitPlugin};
    use doska::plugins::storage::{StoragePlugin, read_saved};
    let home = std::env::temp_dir().join(format!("doska-quit-{}", std::process::id()));
    let folders = Folders::under(&home);
    // The close button first: a signal's request stays for the rest of the process.
    for way in ["close", "signal"] {
        let seven_seconds = Some(std::time::Duration::from_secs(7));
        let mut app = chess_on_the_clock_with(300_000, seven_seconds, |app| {
            app.add_plugins((StoragePlugin, QuitPlugin))
                .insert_resource(folders.clone());
        });
        let e4 = session(&app).current().position().parse_move("e4").unwrap();
        app.world_mut()
            .write_message(Command::Act(Action::Play(e4)));
        app.update();
        let black = |m: &doska::rules::Match| m.clock().unwrap().seats[1].left;
        let saved_black = || {
            black(
                &read_saved(&folders.autosave_file())
                    .unwrap()
                    .to_match()
                    .unwrap(),
            )
        };
        let with_the_move = saved_black();
        // Black thinks; the autosave is not written again until the player leaves.
        app.update();
        app.update();
        assert!(black(session(&app).current()) < with_the_move, "{way}");
        assert_eq!(saved_black(), with_the_move, "{way}");
        match way {
            "close" => {
                app.world_mut()
                    .write_message(bevy::window::WindowCloseRequested {
                        window: Entity::PLACEHOLDER,
                    });
            }
            _ => quit::request(),
        }
        app.update();
        assert_eq!(
            saved_black(),
            black(session(&app).current()),
            "{way}: the reading as it stood"
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_clock_runs_for_the_player_to_move_and_its_flag_ends_the_game() {
    use doska::rules::clock::TimeControl;
    let mut app = chess_on_the_clock(400, None);
    let started = std::time::Instant::now();
    while session(&app).current().outcome().is_none() {
        assert!(started.elapsed().as_secs() < 3, "the flag never fell");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    assert_eq!(
        session(&app).current().outcome(),
        Some(doska::rules::Outcome::win(
            doska::rules::Side::Black,
            doska::rules::Reason::TimeForfeit
        ))
    );
    let saved = session(&app).saved();
    assert_eq!(saved.time_control, TimeControl::SuddenDeath { base: 400 });
}

/// A player may think for seconds between two frames: the clock counts all of that
/// time, not the quarter second at most that Bevy's game time counts.
#[test]
fn a_clock_counts_the_whole_time_between_two_frames() {
    let frame = std::time::Duration::from_millis(1500);
    let mut app = chess_on_the_clock(60_000, Some(frame));
    let left = |app: &App| session(app).current().clock().unwrap().seats[0].left;
    let before = left(&app);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(before - left(&app), 6000, "four frames 1.5 s apart");
}

/// Updates the app until `done` holds, for up to three seconds (a roll tumbles first).
fn until(app: &mut App, what: &str, done: impl Fn(&Session) -> bool) {
    let started = std::time::Instant::now();
    while !done(session(app)) {
        assert!(started.elapsed().as_secs() < 3, "{what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
}

#[test]
fn dice_roll_by_themselves_after_a_move_and_only_the_rolled_kind_moves() {
    use doska::plugins::games::dice::{Dice, DicePlugin};
    let mut app = headless(GameId::DiceChess, &[("auto_roll", "on")]);
    app.add_plugins(DicePlugin);
    let mut m = session(&app).current().clone();
    m.set_seed(42);
    app.world_mut().resource_mut::<Session>().set_match(m);
    // The first turn rolls by itself; a face with no move passes at once.
    until(&mut app, "White's roll", |s| {
        !s.current().actions().is_empty()
    });
    for _ in 0..10 {
        let s = session(&app);
        if s.current().position().awaits_roll() {
            // Passed: the next roll comes by itself too.
            let n = s.current().cursor();
            until(&mut app, "the next roll", |s| s.current().cursor() > n);
            continue;
        }
        let dice = s.current().position().shown().dice().unwrap();
        let kinds: Vec<_> = dice
            .movable
            .iter()
            .map(|&f| dice.kinds[usize::from(f) - 1])
            .collect();
        let pieces = s.current().position().pieces();
        for (m, view) in &s.table.moves {
            let kind = pieces.iter().find(|(c, _)| *c == view.from).unwrap().1.kind;
            assert!(kinds.contains(&kind), "{m:?} is of a rolled kind");
        }
        let (_, view) = s.table.moves[0].clone();
        let name = |c| Topology::chess().name(c);
        click(&mut app, name(view.from));
        click(&mut app, name(view.to()));
        break;
    }
    let n = session(&app).current().cursor();
    until(&mut app, "the opponent's roll", |s| {
        s.current().cursor() > n
    });
    // Undone to before the roll, the die waits for the button, then gives the same.
    let rolled = session(&app).current().all_actions()[n];
    while session(&app).current().cursor() > n {
        app.world_mut().write_message(Command::Undo);
        app.update();
    }
    for _ in 0..60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    assert!(
        session(&app).current().cursor() <= n,
        "no roll after an undo"
    );
    let (now, revision) = (
        app.world().resource::<Time>().elapsed_secs_f64(),
        session(&app).revision,
    );
    app.world_mut().resource_mut::<Dice>().roll(now, revision);
    let back = session(&app).current().cursor();
    until(&mut app, "the button's roll", |s| {
        s.current().cursor() > back
    });
    if back == n {
        assert_eq!(
            session(&app).current().all_actions()[n],
            rolled,
            "the same faces"
        );
    }
}

/// A Reversi match one move before a forced pass, found by playing seeded random games.
fn before_a_forced_pass() -> (doska::rules::Match, doska::rules::Move) {
    use doska::rules::{Match, Position};
    let mut seed: u64 = 7;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    loop {
        let mut m = Match::new(Position::new(GameId::Reversi, &[]).unwrap());
        while m.outcome().is_none() {
            let moves = m.position().legal_moves();
            let pick = moves[next(moves.len())];
            let mut after = m.position().clone();
            after.play(&pick).unwrap();
            let forced = matches!(after.legal_moves().as_slice(), [only] if after.is_pass(only));
            if forced && !m.position().is_pass(&pick) {
                return (m, pick);
            }
            m.play(Action::Play(pick)).unwrap();
        }
    }
}

#[test]
fn a_forced_pass_is_played_for_the_player_and_undone_with_its_move() {
    let (m, pick) = before_a_forced_pass();
    let mut app = headless(GameId::Reversi, &[]);
    let cursor = m.cursor();
    app.world_mut().resource_mut::<Session>().set_match(m);
    app.world_mut().write_message(Command::GoTo(cursor));
    app.update();
    app.world_mut()
        .write_message(Command::Act(Action::Play(pick)));
    app.update();
    let s = session(&app);
    assert_eq!(s.current().cursor(), cursor + 2, "the move and the pass");
    assert_eq!(s.current().notation(cursor + 1), "--");
    assert_eq!(s.prompts.message, Some("msg-passed"));
    app.world_mut().write_message(Command::Undo);
    app.update();
    assert_eq!(
        session(&app).current().cursor(),
        cursor,
        "undo takes back both"
    );
    app.world_mut().write_message(Command::Redo);
    app.update();
    assert_eq!(
        session(&app).current().cursor(),
        cursor + 2,
        "redo brings both back"
    );
}

#[test]
fn epsilon_stones_are_placed_moved_and_a_losing_repeat_is_confirmed() {
    let mut app = headless(GameId::Epsilon, &[]);
    for cell in ["d4", "h8"] {
        click(&mut app, cell);
    }
    assert_eq!(session(&app).current().notation(0), "@d4");
    // White's d4 is selected; d5 is both a placement and its step: the step wins.
    click(&mut app, "d4");
    assert!(session(&app).selection.from.is_some());
    click(&mut app, "d5");
    assert_eq!(session(&app).current().notation(2), "d4-d5");
    let shuffle = [
        "h8", "g8", "d5", "d4", "g8", "f8", "d4", "d5", "f8", "e8", "d5", "d4", "e8", "e7",
    ];
    for cell in shuffle {
        click(&mut app, cell);
    }
    // The next d4-d5 would be White's third: the session asks first.
    click(&mut app, "d4");
    click(&mut app, "d5");
    let s = session(&app);
    assert!(s.prompts.confirm.is_some());
    assert_eq!(s.prompts.message, Some("warn-repeated-move"));
    let actions = s.current().actions().len();
    app.world_mut().write_message(Command::CancelChoice);
    app.update();
    assert!(session(&app).prompts.confirm.is_none());
    assert_eq!(session(&app).current().actions().len(), actions);
}

fn doska() -> Process {
    Process::new(env!("CARGO_BIN_EXE_doska"))
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn command_line_games_perft_and_replay() {
    let out = doska().arg("games").output().unwrap();
    let ids: String = GameId::ALL
        .iter()
        .map(|g| format!("{}\n", g.id()))
        .collect();
    assert_eq!(String::from_utf8_lossy(&out.stdout), ids);
    let out = doska().args(["perft", "chess", "3"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "8902");
    assert!(String::from_utf8_lossy(&out.stderr).contains("positions/s"));
    let out = doska()
        .args(["perft", "z-shashmaty", "2", "--option", "pie_rule=off"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "81");

    let dir = std::env::temp_dir().join(format!("doska-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = write(
        &dir,
        "good.txt",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0",
    );
    let pgn = dir.join("good.pgn");
    let out = doska()
        .args(["replay", "chess"])
        .arg(&good)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Result: 1-0 (checkmate)"));
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]\n[Termination \"checkmate\"]\n\n1. e4 e5 2. Qh5"));
    assert!(pgn.trim_end().ends_with("4. Qxf7# 1-0"), "{pgn}");
    let bad = write(&dir, "bad.txt", "1. cd4 Kc5 2. Kh4 fe5 3. gf4");
    let out = doska()
        .args(["replay", "z-shashmaty"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("move 3. gf4: gf4 is not legal: a capture is compulsory")
    );
    let out = doska().args(["perft", "tri-chess", "2"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1936");
    let diplomacy = write(
        &dir,
        "tri.txt",
        "1. NWP2-WS3 1... BC6-BV12 1... RC1-RS2 2. NWS3:BV12 W>B servant? B: yes 2... BC1-BS2",
    );
    let out = doska()
        .args(["replay", "tri-chess"])
        .arg(&diplomacy)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shots = write(
        &dir,
        "chapayev.txt",
        "lot white=1 seed=5 1. flick W4 th=90.0000 s=0.2000 e=0.0000 2. flick B4 th=270.0000 s=0.2000 e=0.0000",
    );
    let out = doska()
        .args(["replay", "chapayev"])
        .arg(&shots)
        .arg("--log")
        .arg(dir.join("chapayev.log"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(dir.join("chapayev.log")).unwrap();
    assert!(
        written.starts_with("chapayev seed=5 white=1 options=-\nR1.1 "),
        "{written}"
    );
    let out = doska()
        .args(["replay", "chapayev"])
        .arg(dir.join("chapayev.log"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = doska().args(["perft", "checkers", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'checkers' is not a game"));
    let out = doska()
        .args(["perft", "chess", "1", "--option", "pie_rule=on"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a house rule"));
    // Kept only when an assertion above fails, to look at.
    let _ = std::fs::remove_dir_all(&dir);
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

/// Runs `doska` with `args` and `--out out` on `display`; a failure shows what the
/// command said.
fn shoot(display: &str, out: &Path, args: &[&str]) {
    let shot = doska()
        .args(args)
        .arg("--out")
        .arg(out)
        .env("DISPLAY", display)
        .output()
        .unwrap();
    assert!(
        shot.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&shot.stderr)
            .lines()
            .filter(|l| l.starts_with("doska:") || l.contains("Error"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The colour of the pixel at (x, y) of an RGB PNG.
fn pixel(path: &Path, x: usize, y: usize) -> [u8; 3] {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.line_size / info.width as usize;
    let i = y * info.line_size + x * channels;
    [buf[i], buf[i + 1], buf[i + 2]]
}

#[test]
fn each_game_opens_in_a_real_window() {
    let (d, xvfb) = display();
    let dir = std::env::temp_dir().join(format!("doska-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Every game, from the registry: its chooser showcase where it has one, else a
    // few moves that put something on its own furniture.
    for &id in GameId::ALL {
        let moves = match id {
            GameId::Bughouse => "1A. e4 1a. d5 2A. exd5 1B. d4",
            GameId::TriChess => "NWP2-WS3",
            GameId::Chapayev => "lot white=1 seed=5",
            _ => id.card().showcase,
        };
        let game = id.id();
        let out = dir.join(format!("{game}.png"));
        shoot(&d, &out, &["screenshot", game, "--moves", moves]);
        // The window is 1280x800 with a 300 px panel on the right: the board's a1 cell
        // (dark) sits at the lower left of the free area, h1 (light in chess) to its right.
        if id == GameId::Chapayev {
            // The board in 3D under the panels: a wooden square below the middle of the
            // free area, darker cloth at the window's lower corner.
            let board = pixel(&out, 450, 520);
            let cloth = pixel(&out, 20, 780);
            assert!(
                board[0] > 60 && board[0] > board[2],
                "{game}: wood, got {board:?}"
            );
            assert!(cloth[1] >= cloth[0], "{game}: green cloth, got {cloth:?}");
            // Between the d and e files the squares meet with no dark line.
            for x in 470..510 {
                let between = pixel(&out, x, 450);
                assert!(
                    between[0] > 60,
                    "{game}: a dark line at x={x} between d and e, got {between:?}"
                );
            }
            continue;
        }
        if id == GameId::TriChess {
            // The hexagon stands in the middle of the free area with White's corner
            // down: a triangle at the centre, the dark background left of the hexagon,
            // and Red's king in red on its throne, upper right.
            let centre = pixel(&out, 490, 430);
            let outside = pixel(&out, 60, 400);
            let red_king = pixel(&out, 752, 240);
            assert!(
                centre[0] > 120,
                "{game}: a triangle at the centre, got {centre:?}"
            );
            assert!(
                outside[0] < 60,
                "{game}: background outside, got {outside:?}"
            );
            assert!(
                red_king[0] > 150 && red_king[1] < 90,
                "{game}: Red's king is red, got {red_king:?}"
            );
            continue;
        }
        if id == GameId::Bughouse {
            // Two boards side by side, B turned half round: A's a1 at the lower left,
            // B's a1 at the upper right, both dark; A's b1 light.
            for (x, y) in [(36, 624), (945, 200)] {
                let a1 = pixel(&out, x, y);
                assert!(
                    a1[0] < 180 && a1[0] > 100,
                    "{game}: a1 at {x},{y} should be a dark square, got {a1:?}"
                );
            }
            let b1 = pixel(&out, 90, 624);
            assert!(b1[0] > 200, "{game}: b1 should be light, got {b1:?}");
            // Each board's letter in light ink above its upper right corner, on the
            // dark background.
            for (letter, cx, cy) in [("A", 436, 137), ("B", 921, 137)] {
                let inked = (cx - 15..cx + 15)
                    .flat_map(|x| (cy - 15..cy + 15).map(move |y| (x, y)))
                    .any(|(x, y)| pixel(&out, x, y)[0] > 200);
                assert!(inked, "{game}: no letter {letter} above its board");
            }
            continue;
        }
        let a1 = pixel(&out, 150, 700);
        // A board without dark squares is drawn as green cloth with lines.
        let topology = Position::new(id, &[]).unwrap().topology();
        if topology.cells.iter().all(|c| !c.dark) {
            assert!(
                a1[1] > a1[0] + 40,
                "{game}: a1 should be green cloth, got {a1:?}"
            );
        } else {
            assert!(
                a1[0] < 180 && a1[0] > 100,
                "{game}: a1 should be a dark square, got {a1:?}"
            );
        }
    }
    // A question opens centred on the board it is about, not in a corner of the
    // window: at the hexagon's centre lies the dialog's dark body, not a triangle.
    let out = dir.join("tri-chess-question.png");
    let offer = "NWP2-WS3 BC6-BV12 RC1-RS2 NWS3:BV12 W>B servant?";
    shoot(&d, &out, &["screenshot", "tri-chess", "--moves", offer]);
    let centre = pixel(&out, 490, 425);
    assert!(
        centre.iter().all(|&c| c < 40),
        "tri-chess: the question over the board's centre, got {centre:?}"
    );
    // Every screen survives a resize, small and large: Chapayev's 3D table drew into a
    // part of the window that no longer existed after shrinking, and the app quit.
    for (game, moves, size) in [
        ("chapayev", "lot white=1 seed=5", "400x300"),
        ("chapayev", "lot white=1 seed=5", "800x600"),
        ("chapayev", "lot white=1 seed=5", "1000x700"),
        ("chapayev", "lot white=1 seed=5", "1920x1080"),
        ("chess", "1. e4", "400x300"),
        ("tri-chess", "", "1920x1080"),
    ] {
        let out = dir.join(format!("{game}-{size}.png"));
        shoot(
            &d,
            &out,
            &["screenshot", game, "--moves", moves, "--size", size],
        );
    }
    // The position editor draws the game's board, and a table's, beside its panel.
    for (game, moves) in [
        ("chess", ""),
        ("bughouse", ""),
        ("chapayev", "lot white=1 seed=5"),
    ] {
        let out = dir.join(format!("{game}-editor.png"));
        shoot(&d, &out, &["screenshot", game, "--moves", moves, "--edit"]);
    }
    let a3 = pixel(&dir.join("chess-editor.png"), 174, 540);
    assert!(a3[0] < 180 && a3[0] > 100, "editor: a3 is dark, got {a3:?}");
    // A game studied: the bar beside the board, mostly Black's after White's queen
    // is lost, and the review's graph.
    let out = dir.join("chess-analysis.png");
    shoot(
        &d,
        &out,
        &[
            "screenshot",
            "chess",
            "--moves",
            "1. e4 d5 2. Qg4 Bxg4",
            "--review",
        ],
    );
    let (top, bottom) = (pixel(&out, 13, 60), pixel(&out, 13, 786));
    assert!(top[0] < 60, "the bar's top is Black's, got {top:?}");
    assert!(bottom[0] > 200, "the bar's foot is White's, got {bottom:?}");
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    // Kept only when an assertion above fails, to look at.
    let _ = std::fs::remove_dir_all(&dir);
}

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
    assert_eq!(session(&app).draft.game, GameId::Reversi);
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
    use doska::plugins::computer::ComputerPlugin;
    use doska::rules::search::Level;
    let mut app = headless(GameId::Chess, &[]);
    app.add_plugins(ComputerPlugin);
    {
        let mut s = app.world_mut().resource_mut::<Session>();
        s.draft.computer = vec![false, true];
        s.draft.levels = vec![Level::Normal, Level::Easy];
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
    app.world_mut().resource_mut::<Session>().draft.computer = vec![false, true];
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
    app.world_mut().resource_mut::<Session>().draft.computer = vec![false, true];
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
