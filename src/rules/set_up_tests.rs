//! Every position a game reaches loads from the text it writes of itself, with the same
//! legal moves: random games, text out, text in.

use super::history::{Action, Match};
use super::{GameId, Position};
use proptest::prelude::*;

/// The games that write and read their whole positions, each with house rules that
/// change what a position must carry (check rules, castling of dropped pieces, empty
/// turns). Chess for three's text is a diagram of the pieces only, without the
/// diplomacy under way, Corners' does not carry the phase of its ending (who reached
/// home first, the penalty moves), and Reversi's not the discs each player still holds
/// (a set-up shares out those off the board): they are left out.
const SET_UPS: &[(GameId, &[(&str, &str)])] = &[
    (GameId::Chess, &[]),
    (GameId::Chess100, &[]),
    (GameId::Transforming, &[]),
    (GameId::Maharajah, &[]),
    (GameId::DoubleMove, &[]),
    (GameId::DiceChess, &[]),
    (GameId::DiceChess, &[("check_rules", "on")]),
    (GameId::EveryoneMoves, &[]),
    (GameId::EveryoneMoves, &[("check_rules", "on")]),
    (
        GameId::EveryoneMoves,
        &[("check_rules", "on"), ("min_actions", "0")],
    ),
    (GameId::Appearing, &[]),
    (GameId::Appearing, &[("castling", "home-squares")]),
    (GameId::Swedish, &[]),
    (GameId::Shashmaty, &[]),
    (GameId::Bughouse, &[]),
    (GameId::Turkish, &[]),
    (GameId::Armenian, &[]),
    (GameId::Epsilon, &[]),
    (GameId::ZShashmaty, &[]),
];

/// Whether the position stands where its text can describe it: not inside a turn
/// of several moves, not between a die's roll and its move, and not while a swap is
/// on offer.
fn at_a_boundary(p: &Position) -> bool {
    let in_turn = p
        .shown()
        .turn_progress()
        .is_some_and(|(played, _)| played > 0);
    let rolled = matches!(p, Position::DiceChess(d) if d.rolled.is_some());
    // Black's pie-rule swap on offer is part of the game's start, not of a position.
    let swap = matches!(p, Position::ZShashmaty(z) if z.pie_offer);
    // A finished game is no position to start from (Z-shashmaty refuses a side
    // without its monarchs).
    !in_turn && !rolled && !swap && p.outcome(1).is_none()
}

fn sorted_moves(p: &Position) -> Vec<String> {
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| format!("{m:?}")).collect();
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn reached_positions_load_from_their_text(
        which in 0..SET_UPS.len(),
        choices in prop::collection::vec(0usize..10_000, 0..100),
    ) {
        let (game, rules) = SET_UPS[which];
        let rules: Vec<(String, String)> =
            rules.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect();
        let mut m = Match::new(Position::new(game, &rules).expect("valid rules"));
        for c in choices {
            let p = m.position();
            if at_a_boundary(p) {
                let text = p.set_up_text();
                let back = match &text {
                    Some(t) => Position::set_up(game, &rules, t),
                    None => Position::new(game, &rules),
                };
                let back = back.map_err(|e| TestCaseError::fail(format!("{text:?}: {e:?}")))?;
                prop_assert_eq!(back.set_up_text(), text.clone());
                prop_assert_eq!(sorted_moves(&back), sorted_moves(p), "{:?}", text);
            }
            let moves = p.legal_moves();
            if moves.is_empty() || m.outcome().is_some() {
                break;
            }
            m.play(Action::Play(moves[c % moves.len()])).expect("a legal move plays");
        }
    }
}

fn rules(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The position `moves` reach from `start` (the rules' own start where None).
fn reached(game: GameId, pairs: &[(&str, &str)], start: Option<&str>, moves: &[&str]) -> Position {
    let rules = rules(pairs);
    let mut p = match start {
        Some(fen) => Position::set_up(game, &rules, fen).unwrap(),
        None => Position::new(game, &rules).unwrap(),
    };
    for text in moves {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        p.play(&m).unwrap();
    }
    p
}

fn loads(game: GameId, pairs: &[(&str, &str)], fen: &str) -> Position {
    Position::set_up(game, &rules(pairs), fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

/// A target lasts the opponent's whole turn while the pawn stands where it arrived,
/// though a piece has filled the square the pawn started from.
#[test]
fn a_turns_targets_outlive_a_refilled_start_square() {
    let start = "4k3/8/8/8/4p3/8/3P4/1N2K3 w - - 0 1";
    let p = reached(GameId::DoubleMove, &[], Some(start), &["d4", "Nd2"]);
    let fen = "4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 1 1";
    assert_eq!(p.set_up_text().as_deref(), Some(fen));
    let back = loads(GameId::DoubleMove, &[], fen);
    assert!(back.parse_move("exd3").is_ok());
    assert_eq!(sorted_moves(&back), sorted_moves(&p));

    let fen = "4k3/8/8/8/2Pp4/8/2Q5/4K3 b - c3 0 1";
    let back = loads(GameId::EveryoneMoves, &[], fen);
    assert!(back.parse_move("dxc3").is_ok());
    // The pawn itself must still stand where it arrived.
    let gone = "4k3/8/8/8/3p4/8/2Q5/4K3 b - c3 0 1";
    assert!(Position::set_up(GameId::EveryoneMoves, &[], gone).is_err());
}

/// A die that gives no legal move passes the turn with its king still in check.
#[test]
fn dice_chess_loads_a_side_left_in_check_by_its_roll() {
    let on = [("check_rules", "on")];
    let p = reached(
        GameId::DiceChess,
        &on,
        Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"),
        &["[2]", "--"],
    );
    let fen = "4k3/8/8/8/8/8/8/r3K3 b - - 0 1";
    assert_eq!(p.set_up_text().as_deref(), Some(fen));
    loads(GameId::DiceChess, &on, fen);
}

/// A backward jump brings a pawn home to its own first rank.
#[test]
fn shashmaty_loads_a_pawn_jumped_back_home() {
    let moves = [
        "d2-e3", "g7-h6", "b4", "f7-g6", "Bd2", "a5", "Nh3", "a5:c3xd2", "e3:c1",
    ];
    let p = reached(GameId::Shashmaty, &[], None, &moves);
    let fen = "rnbqkbnr/1pppp2p/6pp/8/8/7N/P1P1PPPP/RNPQKB1R b KQkq - 0 5";
    assert_eq!(p.set_up_text().as_deref(), Some(fen));
    assert_eq!(
        sorted_moves(&loads(GameId::Shashmaty, &[], fen)),
        sorted_moves(&p)
    );
}

/// A king dropped on its home square and unmoved may castle with a rook dropped later;
/// the seventh field names it while no rook right implies it.
#[test]
fn appearing_chess_writes_an_unmoved_dropped_king() {
    let home = [("castling", "home-squares")];
    let start = "8/8/8/8/8/8/8/8[KRRkrr] w - - 0 1";
    let p = reached(GameId::Appearing, &home, Some(start), &["K@e1", "K@e8"]);
    let fen = "4k3/8/8/8/8/8/8/4K3[RRrr] w - - 0 2 e1,e8";
    assert_eq!(p.set_up_text().as_deref(), Some(fen));
    let castles = reached(GameId::Appearing, &home, Some(fen), &["R@h1", "R@h8"]);
    assert!(castles.parse_move("O-O").is_ok());
    assert_eq!(
        castles.set_up_text().as_deref(),
        Some("4k2r/8/8/8/8/8/8/4K2R[Rr] w Kk - 0 3")
    );
    // Without the field the kings are as good as moved.
    let moved = "4k3/8/8/8/8/8/8/4K3[RRrr] w - - 0 1";
    let never = reached(GameId::Appearing, &home, Some(moved), &["R@h1", "R@h8"]);
    assert!(never.parse_move("O-O").is_err());
    // A rook dropped beside a king that has moved gets no right.
    let walked = reached(
        GameId::Appearing,
        &home,
        Some(fen),
        &["Kd1", "Kd8", "Ke1", "Ke8", "R@h1"],
    );
    assert_eq!(
        walked.set_up_text().as_deref(),
        Some("4k3/8/8/8/8/8/8/4K2R[Rrr] b - - 0 4")
    );
    let wrong = "3k4/8/8/8/8/8/8/4K3[RRrr] w - - 0 1 e1,e8";
    assert!(Position::set_up(GameId::Appearing, &rules(&home), wrong).is_err());
}

/// A pass with nothing else to do is no turn: the side is stalemated, as the rules'
/// end of game 3 reckons over non-empty turns.
#[test]
fn a_side_that_could_only_pass_is_stalemated() {
    let fen = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1";
    for check_rules in ["on", "off"] {
        let pairs = [("check_rules", check_rules), ("min_actions", "0")];
        let p = loads(GameId::EveryoneMoves, &pairs, fen);
        // Without check rules the king still has its three steps, and may pass.
        let expected = if check_rules == "on" { 0 } else { 4 };
        assert_eq!(p.legal_moves().len(), expected, "check rules {check_rules}");
    }
    let p = loads(
        GameId::EveryoneMoves,
        &[("check_rules", "on"), ("min_actions", "0")],
        fen,
    );
    let outcome = p.outcome(1).expect("stalemate ends the game");
    assert_eq!(outcome.reason, super::outcome::Reason::Stalemate);
    // A side that can move may still pass.
    let free = "k7/8/1K6/8/8/8/8/2Q5 b - - 0 1";
    let p = loads(
        GameId::EveryoneMoves,
        &[("check_rules", "on"), ("min_actions", "0")],
        free,
    );
    assert!(p.parse_move("end").is_ok());
}

/// A king taken takes its side's castling rights with it, so the finished position
/// writes no right its text could not give back.
#[test]
fn a_taken_king_leaves_no_castling_right() {
    let p = reached(
        GameId::DoubleMove,
        &[],
        Some("4k3/8/8/8/8/5n2/8/R3K3 b Q - 0 1"),
        &["Nxe1"],
    );
    let fen = p.set_up_text().unwrap();
    assert_eq!(fen.split(' ').nth(2), Some("-"), "{fen}");
    assert_eq!(
        loads(GameId::DoubleMove, &[], &fen).set_up_text(),
        Some(fen)
    );
}
