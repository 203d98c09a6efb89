//! The non-disappearing chess spec's test facts (W1-W5), and its rules one by one.

use super::swedish::*;
use crate::rules::game::Game;
use crate::rules::options::HouseRules;

fn with(rules: &[(&str, &str)]) -> SwedishOptions {
    let mut options = SwedishOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

fn played(mut g: Swedish, moves: &str) -> Swedish {
    for token in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g.play(&m);
    }
    g
}

const W3: &str = "rnbqkbnr/ppp1pppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 0 1";

#[test]
fn w3_the_queen_sends_the_pawn_anywhere_it_does_not_check() {
    let g = Swedish::set_up(SwedishOptions::default(), W3).unwrap();
    let homes = g
        .legal_moves()
        .iter()
        .filter(|m| g.notation(m).starts_with("Qxd2>"))
        .count();
    assert_eq!(homes, 31);
    assert!(
        g.parse_move("Qxd2>d7").is_err(),
        "d7 would check Black's king"
    );
    let m = g.parse_move("Qxd2>h4+").unwrap();
    assert_eq!(g.notation(&m), "Qxd2>h4+");
    assert!(g.parse_move("Qxd2").is_err(), "a capture names its square");
}

#[test]
fn w4_white_answers_the_check_by_taking_on_d2() {
    let g = played(
        Swedish::set_up(SwedishOptions::default(), W3).unwrap(),
        "Qxd2>h4+",
    );
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 90);
    let count = |san: &str| {
        moves
            .iter()
            .filter(|m| g.notation(m).starts_with(&format!("{san}>")))
            .count()
    };
    assert_eq!([count("Bxd2"), count("Qxd2"), count("Kxd2")], [34, 33, 23]);
}

#[test]
fn w5_the_bishop_goes_to_b1() {
    let g = played(
        Swedish::set_up(SwedishOptions::default(), W3).unwrap(),
        "Qxd2>h4+ Bxd2>d8",
    );
    let homes = g
        .legal_moves()
        .iter()
        .filter(|m| g.notation(m).starts_with("Qxd2>"))
        .count();
    assert_eq!(homes, 30);
    let g = played(g, "Qxd2>b1+");
    assert_eq!(
        g.family.fen(),
        "rnb1kbnr/ppp1pppp/8/8/7P/2N5/PPPqPPPP/RB1QKBNR w KQkq - 0 3"
    );
    assert_eq!(g.legal_moves().len(), 54);
}

#[test]
fn a_bishop_may_have_to_keep_its_colour() {
    let fen = "4k3/8/8/8/8/8/3b4/3QK3 w - - 0 1";
    let free = Swedish::set_up(SwedishOptions::default(), fen).unwrap();
    let keep = Swedish::set_up(with(&[("bishop_colour", "keep")]), fen).unwrap();
    let homes = |g: &Swedish| {
        g.legal_moves()
            .iter()
            .filter(|m| g.notation(m).starts_with("Qxd2>"))
            .count()
    };
    assert!(homes(&keep) * 2 <= homes(&free) + 1, "one colour only");
    // Taken on d2, a dark square: back to a dark one.
    assert!(keep.parse_move("Qxd2>c1").is_ok() && keep.parse_move("Qxd2>b1").is_err());
}

#[test]
fn captures_reset_the_fifty_move_count_unless_only_pawns_do() {
    let fen = "4k3/8/8/8/8/8/3n4/3QK3 w - - 7 1";
    let g = played(
        Swedish::set_up(SwedishOptions::default(), fen).unwrap(),
        "Qxd2>a5",
    );
    assert_eq!(g.family.position.halfmoves, 0);
    let g = played(
        Swedish::set_up(with(&[("fifty_move_reset", "pawn-only")]), fen).unwrap(),
        "Qxd2>a5",
    );
    assert_eq!(g.family.position.halfmoves, 8);
}

#[test]
fn a_promoted_piece_may_go_back_as_a_pawn() {
    let fen = "4k3/8/8/8/8/8/3q~4/3QK3 w - - 0 1";
    let keep = Swedish::set_up(SwedishOptions::default(), fen).unwrap();
    assert_eq!(keep.set_up_text().unwrap(), fen.to_string());
    let kept = played(keep, "Qxd2>a5");
    assert_eq!(
        kept.family.position.board.piece_at(32).map(|p| p.role),
        Some(crate::rules::chess::Role::Queen)
    );
    assert_eq!(kept.promoted, 1u64 << 32, "still a promoted queen");
    let pawn = Swedish::set_up(with(&[("promoted_on_capture", "pawn")]), fen).unwrap();
    assert!(
        pawn.parse_move("Qxd2>a8").is_err(),
        "a pawn not on the last rank"
    );
    let back = played(pawn, "Qxd2>a5");
    assert_eq!(
        back.family.position.board.piece_at(32).map(|p| p.role),
        Some(crate::rules::chess::Role::Pawn)
    );
}

#[test]
fn castling_rights_do_not_come_back_with_a_rook() {
    let fen = "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1";
    let g = played(
        Swedish::set_up(SwedishOptions::default(), fen).unwrap(),
        "Rxa1>h6",
    );
    assert!(g.family.fen().contains(" w K "), "{}", g.family.fen());
}
