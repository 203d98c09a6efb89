//! The Armenian draughts spec's rules and test facts (perft, A1-A5, P1-P2), one test each.

use super::*;
use crate::rules::{GameId, Match, Position};

fn fen(text: &str, rules: &[(&str, &str)]) -> Armenian {
    let mut o = ArmenianOptions::default();
    for (k, v) in rules {
        o.set(k, v).unwrap();
    }
    Armenian::set_up(o, text).unwrap()
}

fn names(g: &Armenian) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

#[test]
fn a1_no_180_degree_turn() {
    let g = fen("W:WKd4,h2:Bd6,d2", &[]);
    assert_eq!(names(&g), ["d4:d1", "d4:d7", "d4:d8"]);
    let g = fen("W:WKd4,h2:Bd6,d2", &[("allow_180", "on")]);
    assert_eq!(g.legal_moves().len(), 4);
    assert!(
        g.legal_moves()
            .iter()
            .all(|m| m.captured.as_slice().len() == 2)
    );
}

#[test]
fn a2_a_man_crowned_mid_capture_goes_on_as_a_king() {
    let g = fen("W:Wc6:Bc7,d8,g8", &[]);
    assert_eq!(names(&g), ["c6:c8:e8:h8K", "c6:c8:f8:h8K"]);
    let g = fen("W:Wc6:Bc7,d8,g8", &[("promotion_in_capture", "as_man")]);
    assert_eq!(names(&g), ["c6:c8:e8K"]);
}

#[test]
fn a3_kings_never_capture_diagonally_unless_the_house_rule_says_so() {
    let g = fen("W:WKc3,a1:Be5,c6", &[]);
    assert_eq!(names(&g), ["c3:c7", "c3:c8"]);
    let g = fen("W:WKc3,a1:Be5,c6", &[("king_diagonal_capture", "on")]);
    assert!(
        names(&g)
            .iter()
            .any(|m| m.starts_with("c3:f6") || m.starts_with("c3:g7") || m.starts_with("c3:h8"))
    );
}

#[test]
fn a4_quiet_moves_go_diagonally_too() {
    let g = fen("W:Wd4,Kf6:Bh8", &[]);
    assert_eq!(g.legal_moves().len(), 25);
    let n = names(&g);
    for m in ["d4-c5", "d4-e5", "f6-d8", "f6-h4", "f6-g7"] {
        assert!(n.contains(&m.to_string()), "{m} in {n:?}");
    }
    assert!(!n.contains(&"f6-h8".to_string()) && !n.contains(&"d4-c3".to_string()));
}

#[test]
fn a5_black_men_move_down() {
    let g = fen("B:Wa1:Be5", &[]);
    assert_eq!(names(&g), ["e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5"]);
}

#[test]
fn kings_at_ply_three_stop_on_the_back_rank() {
    let mut m = Match::new(Position::new(GameId::Armenian, &[]).unwrap());
    m.play_text("a3-a4").unwrap();
    m.play_text("a6-a5").unwrap();
    let moves = m.position().legal_moves();
    assert_eq!(moves.len(), 1);
    m.play_text("a4:a6:a8").unwrap();
    assert_eq!(m.notation(2), "a4:a6:a8K");
}
