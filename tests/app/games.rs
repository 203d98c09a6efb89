//! Each game played by clicks through the session, headless: its own moves, drops,
//! placements, promotions, chains, dice and passes.

use super::*;

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

/// Online, a piece on bughouse's other board is refused with the boards named: a
/// black piece on B is not the Black that A's Black plays.
#[test]
fn a_piece_on_the_other_bughouse_board_is_refused_naming_the_boards() {
    use doska::plugins::online::RemoteMatch;
    let mut app = headless(GameId::Bughouse, &[]);
    let m = session(&app).current().clone();
    let (sent, _kept) = std::sync::mpsc::channel();
    app.world_mut()
        .resource_mut::<Session>()
        .play_online(Box::new(RemoteMatch::new(m, sent, vec![1])));
    let t = Topology::chess();
    click_cell(&mut app, 64 + t.parse("e7").unwrap());
    assert_eq!(refusal(&app), Some("msg-not-your-board-a"));
}
