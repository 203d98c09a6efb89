//! The Shash-maty spec's test facts (S1-S13), one test each, and its house rules.

use super::shashmaty::*;
use crate::rules::computer::Hints;
use crate::rules::game::Game;
use crate::rules::options::HouseRules;
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::side::Side;
use crate::rules::view::GameView;
use crate::rules::why::Refusals;

fn with(rules: &[(&str, &str)]) -> ShashmatyOptions {
    let mut options = ShashmatyOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

fn start() -> Shashmaty {
    Shashmaty::new(ShashmatyOptions::default())
}

fn fen(text: &str) -> Shashmaty {
    Shashmaty::set_up(ShashmatyOptions::default(), text).expect("a valid FEN")
}

fn played(mut g: Shashmaty, moves: &str) -> Shashmaty {
    for token in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g.play(&m);
    }
    g
}

fn sorted(g: &Shashmaty) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

/// The same without check marks, as the spec lists moves.
fn plain(g: &Shashmaty) -> Vec<String> {
    sorted(g)
        .into_iter()
        .map(|m| m.trim_end_matches(['+', '#']).to_string())
        .collect()
}

fn steps(g: &Shashmaty) -> usize {
    g.legal_moves()
        .iter()
        .filter(|m| matches!(m, ShashMove::Step { .. }))
        .count()
}

#[test]
fn s1_the_start_has_pawn_steps_beside_chess_moves() {
    let g = start();
    assert_eq!(g.legal_moves().len(), 34);
    assert_eq!(steps(&g), 14);
}

#[test]
fn s3_after_e4_e5() {
    let g = played(start(), "1. e4 e5");
    assert_eq!(g.legal_moves().len(), 43);
    assert_eq!(steps(&g), 14);
}

#[test]
fn s4_the_jump_is_compulsory() {
    let g = played(start(), "1. e4 d5");
    assert_eq!(sorted(&g), ["e4:c6", "e4:c6xb7"]);
    assert!(g.capture_compulsory());
}

#[test]
fn s5_jumps_and_finishers_on_both_sides() {
    let g = played(start(), "1. d4 e5");
    assert_eq!(sorted(&g), ["d4:f6", "d4:f6xg7"]);
    let g = played(g, "d4:f6");
    assert_eq!(
        sorted(&g),
        [
            "Qd8:g5",
            "Qd8:g5xc1",
            "Qd8:g5xg2",
            "Qd8:h4",
            "Qd8:h4xf2+",
            "Qd8:h4xh2",
            "g7:e5"
        ]
    );
}

#[test]
fn s6_a_king_taking_carelessly_is_jumped() {
    let g = fen("k7/8/8/8/8/4n3/5r2/6K1 w - - 0 1");
    assert_eq!(sorted(&g), ["Kh1", "Kxf2"]);
    let g = played(g, "Kxf2");
    assert_eq!(sorted(&g), ["Ne3:g1"]);
    let g = played(g, "Ne3:g1");
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::KingCaptured))
    );
}

#[test]
fn s7_in_check_the_jump_over_the_king_wins() {
    let g = fen("8/8/8/8/8/5k2/6NP/4r2K w - - 0 1");
    assert!(g.check_cell().is_some());
    assert_eq!(sorted(&g), ["Ng2:e4"]);
    let g = played(g, "Ng2:e4");
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::White, Reason::KingCaptured))
    );
}

#[test]
fn s8_mate_by_a_rook() {
    let g = fen("7k/8/8/8/8/8/6PP/4r2K w - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
}

#[test]
fn s9_the_queen_lands_where_the_chain_goes_on() {
    let g = fen("1k4r1/8/8/8/5p2/2p5/8/Q6K w - - 0 1");
    assert_eq!(plain(&g), ["Qa1:e5:g3", "Qa1:e5:g3xg8", "Qa1:e5:h2"]);
    assert_eq!(
        sorted(&g)[0],
        "Qa1:e5:g3+",
        "the queen on g3 checks along the diagonal"
    );
}

#[test]
fn s10_a_pawn_crowns_in_the_chain_and_flies_on() {
    let g = fen("7k/1p1p4/P7/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        plain(&g),
        ["a6:c8=Q:e6", "a6:c8=Q:f5", "a6:c8=Q:g4", "a6:c8=Q:h3"]
    );
}

#[test]
fn s11_a_chain_returns_home_without_jumping_twice() {
    let g = fen("7k/8/8/8/1p1p4/N7/1p1p4/7K w - - 0 1");
    assert_eq!(sorted(&g), ["Na3:c1:e3:c5:a3", "Na3:c5:e3:c1:a3"]);
}

#[test]
fn s12_rooks_and_knights_step_diagonally() {
    let g = fen("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1");
    assert_eq!(g.legal_moves().len(), 18);
    let mut s: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, ShashMove::Step { .. }))
        .map(|m| g.notation(m))
        .collect();
    s.sort();
    assert_eq!(s, ["Nb1-a2", "Nb1-c2", "Ra1-b2"]);
}

#[test]
fn s13_castling_beside_the_rooks_steps() {
    let g = fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(g.legal_moves().len(), 28);
    assert!(g.parse_move("O-O").is_ok() && g.parse_move("O-O-O").is_ok());
    let black = fen("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
    assert_eq!(black.legal_moves().len(), 28);
    assert!(black.parse_move("Ra8-b7").is_ok() && black.parse_move("Rh8-g7").is_ok());
}

#[test]
fn house_rules_change_crowning_finishers_and_the_kings_jumps() {
    // The longest chain only, under max_capture.
    let g = Shashmaty::set_up(
        with(&[("max_capture", "on"), ("finisher", "off")]),
        "7k/8/8/8/1p1p4/N7/1p6/7K w - - 0 1",
    )
    .unwrap();
    assert_eq!(sorted(&g), ["Na3:c5:e3"], "two pieces, not the one on b2");
    // Without finishers, S4 has the jump alone.
    let off = Shashmaty::new(with(&[("finisher", "off")]));
    assert_eq!(sorted(&played(off, "1. e4 d5")), ["e4:c6"]);
    // A rook crowns stepping onto the last rank when all men crown.
    let all = Shashmaty::set_up(
        with(&[("crown_pieces", "all")]),
        "4k3/R7/8/8/8/8/8/4K3 w - - 0 1",
    )
    .unwrap();
    assert!(all.parse_move("Ra7-b8=Q").is_ok());
    let pawns = Shashmaty::set_up(
        ShashmatyOptions::default(),
        "4k3/R7/8/8/8/8/8/4K3 w - - 0 1",
    )
    .unwrap();
    assert!(pawns.parse_move("Ra7-b8").is_ok());
    // A king that may not jump moves as a chess king only.
    let still = Shashmaty::set_up(
        with(&[("king_jumps", "off")]),
        "k7/8/8/8/8/4n3/5r2/6K1 w - - 0 1",
    )
    .unwrap();
    assert_eq!(sorted(&still), ["Kh1", "Kxf2"]);
}

#[test]
fn a_jump_may_not_take_away_the_piece_that_shields_the_king() {
    // The knight on d5 stands between the black queen and the white king: the pawn
    // may take it as in chess (landing where it stood), not by jumping it to e6.
    let g = fen("3qk3/8/8/3n4/2P5/8/3K4/8 w - - 0 1");
    let moves = g.legal_moves();
    assert!(!moves.iter().any(|m| matches!(m, ShashMove::Jump(_))));
    assert!(moves.iter().any(|m| g.notation(m) == "cxd5"), "{moves:?}");
}

#[test]
fn the_quiescence_moves_and_the_compulsory_jump_agree_with_the_legal_moves() {
    // The search follows the noisy moves past its horizon, generated without the
    // quiet ones, and asks whether a jump is compulsory without listing every move.
    for options in [
        ShashmatyOptions::default(),
        with(&[("max_capture", "on"), ("crown_pieces", "all")]),
    ] {
        let start = Shashmaty::new(options);
        crate::rules::game::random_games(&start, 40, 150, 3, |g, legal| {
            let noisy: Vec<ShashMove> = legal.iter().filter(|m| g.noisy(m)).copied().collect();
            assert_eq!(Hints::noisy_moves(g), noisy, "{}", g.family.fen());
            let jumps = legal.iter().any(|m| matches!(m, ShashMove::Jump(_)));
            assert_eq!(g.capture_compulsory(), jumps, "{}", g.family.fen());
        });
    }
}
