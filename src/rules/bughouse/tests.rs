use super::*;
use crate::rules::options::HouseRules;

fn with(rules: &[(&str, &str)]) -> BughouseOptions {
    let mut o = BughouseOptions::default();
    for (id, v) in rules {
        o.set(id, v).unwrap();
    }
    o
}

fn board(fen: &str, rules: &[(&str, &str)]) -> BugBoard {
    BugBoard::set_up(with(rules), fen).unwrap()
}

fn play(g: &mut Bughouse, text: &str) {
    let m = g.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    g.play(&m);
}

#[test]
fn g1_a_knight_in_hand_at_the_start() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1";
    assert_eq!(board(fen, &[]).legal_moves().len(), 52);
    assert_eq!(
        board(fen, &[("drop_check", "forbidden")])
            .legal_moves()
            .len(),
        50
    );
}

#[test]
fn g2_pawn_drops_keep_to_their_ranks() {
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    assert_eq!(board(fen, &[]).legal_moves().len(), 53);
    assert_eq!(
        board(fen, &[("pawn_drop_ranks", "2-6")])
            .legal_moves()
            .len(),
        45
    );
}

#[test]
fn g3_a_capture_goes_to_the_partner() {
    let mut g = Bughouse::new(BughouseOptions::default());
    for m in ["1A. e4", "1a. d5", "2A. exd5"] {
        play(&mut g, m);
    }
    assert!(g.board_fen(1).contains("[p]"), "{}", g.board_fen(1));
    assert!(g.board_fen(0).contains("[]"), "{}", g.board_fen(0));
    // B-Black drops it on board B.
    play(&mut g, "1B. d4");
    play(&mut g, "1b. P@e6");
    assert!(g.board_fen(1).contains("[]"));
}

#[test]
fn g4_mate_with_the_reserve_as_it_is() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/r5K1[] w - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let g = Bughouse::set_up(BughouseOptions::default(), &format!("{fen} | {start}")).unwrap();
    // White on A is mated: Black on A (team 2) wins.
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
    let waits = Bughouse::set_up(
        with(&[("mate_rule", "potential-drop")]),
        &format!("{fen} | {start}"),
    )
    .unwrap();
    assert_eq!(waits.outcome(1), None);
    // The stuck seat waits: only board B acts.
    assert!(waits.legal_moves().iter().all(|m| m.board == 1));
    let held = "6k1/5ppp/8/8/8/8/5PPP/r5K1[N] w - - 0 1";
    for rules in [&[][..], &[("mate_rule", "potential-drop")][..]] {
        assert_eq!(board(held, rules).legal_moves().len(), 5);
    }
}

#[test]
fn g5_a_knight_s_check_cannot_be_blocked() {
    let fen = "6rk/5Npp/8/8/8/8/8/6K1[q] b - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    for rules in [&[][..], &[("mate_rule", "potential-drop")][..]] {
        let g = Bughouse::set_up(with(rules), &format!("{fen} | {start}")).unwrap();
        // Black on A is mated by White on A: team 1 wins.
        assert_eq!(
            g.outcome(1),
            Some(Outcome::win(Side::White, Reason::Checkmate))
        );
    }
}

#[test]
fn g6_which_boards_may_act() {
    let mut free = Bughouse::new(BughouseOptions::default());
    play(&mut free, "1A. e4");
    let next: Vec<usize> = free.seats_on_move();
    assert_eq!(next, [2, 1], "B-White, then A-Black");
    assert!(free.parse_move("1a. e5").is_ok() && free.parse_move("1B. e4").is_ok());
    let mut alternate = Bughouse::new(with(&[("board_order", "alternate")]));
    assert!(alternate.parse_move("1B. e4").is_err());
    play(&mut alternate, "1A. e4");
    assert!(alternate.parse_move("1a. e5").is_err());
    assert!(alternate.parse_move("1B. e4").is_ok());
    assert_eq!(alternate.seats_on_move(), [2]);
}

#[test]
fn promoted_pieces_go_over_as_pawns() {
    let a = "1rk5/P7/8/8/8/8/8/4K3[] w - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    // Black's rook taken on b8 went to Black on B already.
    for (rule, passed) in [("pawn", "[Pr]"), ("piece", "[Qr]")] {
        let options = with(&[("promoted_capture", rule)]);
        let mut g = Bughouse::set_up(options, &format!("{a} | {start}")).unwrap();
        play(&mut g, "1A. axb8=Q+");
        assert!(g.board_fen(0).starts_with("1Q~k5"), "{}", g.board_fen(0));
        // Black on A takes it; it goes to White on B.
        play(&mut g, "1a. Kxb8");
        assert!(
            g.board_fen(1).contains(passed),
            "{rule}: {}",
            g.board_fen(1)
        );
    }
}

#[test]
fn notation_labels_each_action_with_its_seat() {
    let mut g = Bughouse::new(BughouseOptions::default());
    let mut written = Vec::new();
    for m in ["1A. e4", "1B. d4", "1a. d5", "2A. exd5"] {
        let parsed = g.parse_move(m).unwrap();
        written.push(g.notation(&parsed));
        g.play(&parsed);
    }
    // A bare action is read where only one board can make it: the pawn taken on A
    // comes down on B.
    let drop = g.parse_move("P@d6").unwrap();
    assert_eq!(drop.board, 1);
    written.push(g.notation(&drop));
    assert_eq!(
        written,
        ["1A. e4", "1B. d4", "1a. d5", "2A. exd5", "1b. P@d6"]
    );
}

#[test]
fn one_board_with_empty_reserves_counts_as_chess() {
    let g = Bughouse::new(BughouseOptions::default());
    assert_eq!(Game::perft(&g.boards[0], 4), Some(197_281));
}

#[test]
fn a_seat_out_of_time_or_resigning_loses_for_its_team() {
    let g = Bughouse::new(BughouseOptions::default());
    // B-White (seat 2) is team 2: team 1, written as White, wins.
    assert_eq!(
        g.defeat(2, Reason::TimeForfeit),
        Some(Outcome::win(Side::White, Reason::TimeForfeit))
    );
    assert_eq!(
        g.defeat(3, Reason::Resignation),
        Some(Outcome::win(Side::Black, Reason::Resignation))
    );
}

#[test]
fn both_boards_clocks_run_and_a_flag_loses_for_the_team() {
    use crate::rules::clock::TimeControl;
    use crate::rules::history::{Action, Match};
    use crate::rules::position::{GameId, Position};
    let mut m = Match::new(Position::new(GameId::Bughouse, &[]).unwrap());
    m.set_time_control(TimeControl::Fischer {
        base: 60_000,
        increment: 2_000,
    });
    m.tick(1_000);
    let left =
        |m: &Match| -> Vec<u64> { m.clock().unwrap().seats.iter().map(|r| r.left).collect() };
    // White on A and White on B are both on move.
    assert_eq!(left(&m), [59_000, 60_000, 59_000, 60_000]);
    let on_b = m.position().parse_move("1B. e4").unwrap();
    m.play(Action::Play(on_b)).unwrap();
    // The mover on B gets the increment; A's White still runs, and now B's Black.
    assert_eq!(left(&m), [59_000, 60_000, 61_000, 60_000]);
    m.tick(60_000);
    // White on A (team 1) has flagged: team 2 wins.
    assert_eq!(
        m.outcome(),
        Some(Outcome::win(Side::Black, Reason::TimeForfeit))
    );
}

#[test]
fn a_promoted_piece_wears_a_pawn_badge() {
    let a = "1rk5/P7/8/8/8/8/8/4K3[] w - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let mut g = Bughouse::set_up(BughouseOptions::default(), &format!("{a} | {start}")).unwrap();
    play(&mut g, "1A. axb8=Q+");
    let b8 = 57;
    assert_eq!(g.badge(b8), Some(PieceKind::Pawn));
    assert_eq!(g.hint(b8), Some("hint-promoted"));
    assert_eq!(g.badge(b8 + 64), None, "board B's b8 is another square");
}

#[test]
fn a_draw_is_agreed_team_with_team() {
    use crate::rules::history::{Action, Match};
    use crate::rules::position::Position;
    let order = with(&[("board_order", "alternate")]);
    let mut m = Match::new(Position::Bughouse(Box::new(Bughouse::new(order))));
    // White on A (team 1) offers with its move; White on B (team 2) answers.
    m.play(Action::OfferDraw).unwrap();
    let e4 = m.position().parse_move("1A. e4").unwrap();
    m.play(Action::Play(e4)).unwrap();
    assert_eq!(m.position().seats().seat_to_move(), 2);
    assert!(m.legal_actions().contains(&Action::AcceptDraw));
    m.play(Action::AcceptDraw).unwrap();
    assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Agreement)));
}

#[test]
fn a_bare_move_from_a_seat_is_played_on_its_board() {
    let g = Bughouse::new(BughouseOptions::default());
    assert!(g.parse_move("e4").is_err(), "both boards could play it");
    let on_b = g.parse_move_as(2, "e4").unwrap().unwrap();
    assert_eq!(g.notation(&on_b), "1B. e4");
    assert_eq!(g.parse_move_as(0, "1B. e4"), None, "a label says it all");
    assert_eq!(g.parse_move("1B. e4"), Ok(on_b));
    assert!(
        g.parse_move_as(1, "e5").is_some_and(|read| read.is_err()),
        "Black on A is not on move"
    );
}

#[test]
fn each_seat_plays_on_its_own_board() {
    use crate::rules::seats::Seats;
    let g = Bughouse::new(BughouseOptions::default());
    // a2 on A is cell 8, on B cell 72.
    assert!(g.plays_on(0, 8) && g.plays_on(1, 8));
    assert!(!g.plays_on(2, 8) && g.plays_on(2, 72));
}

/// A move written with its board's number is played only at that number: one chosen on
/// a board that has moved since (a stale view's `24B. Nxe8`) is refused, not recorded
/// under the next number.
#[test]
fn a_move_under_another_number_is_refused() {
    let mut g = Bughouse::new(BughouseOptions::default());
    play(&mut g, "1A. e4");
    play(&mut g, "1a. e5");
    assert!(g.parse_move("1A. d4").is_err(), "board A is at move 2");
    assert!(g.parse_move("2A. d4").is_ok());
    assert!(g.parse_move("A. d4").is_ok(), "the number may be left out");
    assert!(g.parse_move("1B. e4").is_ok(), "board B is still at move 1");
}
