//! A finished position has no legal action: a king taken in the middle of a turn ends
//! it (double-move and everyone-moves chess, Shash-maty's S7), and a side stalemated
//! under dice chess's check rules rolls no more. Counts from a generator written
//! apart from this code.

use super::{GameId, Position};
use crate::rules::perft::perft;

fn count(game: GameId, fen: &str, rules: &[(&str, &str)], depth: u32) -> u64 {
    let rules: Vec<(String, String)> = rules
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let position = Position::set_up(game, &rules, fen).unwrap();
    perft(&position, depth)
}

#[test]
fn nothing_is_played_after_a_king_is_taken() {
    // After Rxh8 the black rook has no moves to count.
    let fen = "5r1k/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(count(GameId::DoubleMove, fen, &[], 2), 251);
    // E6: the queen takes the king mid-turn, and no further actions follow.
    let fen = "rnbqkbnr/ppppp1pp/5p2/7Q/8/1PP1P3/P2P1PPP/RNB1KBNR w KQkq - 0 2";
    assert_eq!(count(GameId::EveryoneMoves, fen, &[], 2), 1512);
    // S7: the only move jumps the black king and wins.
    let fen = "8/8/8/8/8/5k2/6NP/4r2K w - - 0 1";
    assert_eq!(count(GameId::Shashmaty, fen, &[], 1), 1);
    assert_eq!(count(GameId::Shashmaty, fen, &[], 2), 0);
}

#[test]
fn a_stalemated_side_rolls_no_more() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        count(GameId::DiceChess, fen, &[("check_rules", "on")], 1),
        0
    );
}
