//! The Epsilon-64 spec's rules and test facts (perft, E-A to E-G, repetition), one test each.

use super::*;
use crate::rules::options::HouseRules;

fn setup(white: &[&str], black: &[&str], hands: [u8; 2], rules: &[(&str, &str)]) -> Epsilon {
    let mut o = EpsilonOptions::default();
    for (k, v) in rules {
        o.set(k, v).unwrap();
    }
    let mut g = Epsilon::new(o);
    let t = Topology::plain();
    for (side, cells) in [(Side::White, white), (Side::Black, black)] {
        for c in cells {
            g.board[t.parse(c).unwrap() as usize] = Some(side);
        }
    }
    g.hand = hands;
    g.own_turns = [8, 8];
    g
}

fn count(g: &Epsilon) -> (usize, usize, usize) {
    let moves = g.legal_moves();
    let places = moves
        .iter()
        .filter(|a| matches!(a, Action::Place(_)))
        .count();
    let steps = moves.iter().filter(|a| matches!(a, Action::Move { route, .. } if g.notation(a).contains('-') && route.as_slice().len() == 1)).count();
    (places, steps, moves.len() - places - steps)
}

#[test]
fn e_a_a_stone_is_never_jumped_twice_in_one_chain() {
    let g = setup(&["d4"], &["e5", "e6"], [6, 5], &[]);
    assert_eq!(count(&g), (61, 7, 2));
    let names: Vec<String> = g.legal_moves().iter().map(|a| g.notation(a)).collect();
    assert!(names.contains(&"d4:f6".to_string()) && names.contains(&"d4:f6:d6".to_string()));
    let g = setup(
        &["d4"],
        &["e5", "e6"],
        [6, 5],
        &[("jump_same_stone_twice", "on")],
    );
    assert_eq!(g.legal_moves().len(), 71);
}

#[test]
fn e_b_and_e_c_steps_and_chains() {
    let g = setup(&["a1"], &["b2"], [6, 6], &[]);
    assert_eq!(count(&g), (62, 2, 1));
    let g = setup(&["a1", "d4"], &["b2", "f6"], [5, 5], &[]);
    assert_eq!(count(&g), (60, 10, 3));
    assert_eq!(g.notation(&g.parse_move("a1:g7").unwrap()), "a1:c3:e5:g7");
}

#[test]
fn e_d_five_wins_and_six_only_without_exact_five() {
    let g = setup(
        &["a1", "b2", "c3", "d4"],
        &["a8", "b8", "c8", "h1"],
        [3, 3],
        &[],
    );
    let mut w = g.clone();
    w.play(&g.parse_move("@e5").unwrap());
    assert_eq!(
        w.outcome(1),
        Some(Outcome::win(Side::White, Reason::FiveInARow))
    );
    assert_eq!(w.five.len(), 5);
    assert_eq!(g.notation(&g.parse_move("@e5").unwrap()), "@e5#");
    let six = setup(
        &["a1", "b2", "c3", "d4", "f6"],
        &["a8", "b8", "c8", "h1"],
        [2, 3],
        &[],
    );
    let mut w = six.clone();
    w.play(&six.parse_move("@e5").unwrap());
    assert_eq!(w.outcome(1).map(|o| o.reason), Some(Reason::FiveInARow));
    let exact = setup(
        &["a1", "b2", "c3", "d4", "f6"],
        &["a8", "b8", "c8", "h1"],
        [2, 3],
        &[("exact_five", "on")],
    );
    let mut w = exact.clone();
    w.play(&exact.parse_move("@e5").unwrap());
    assert_eq!(w.outcome(1), None);
}

#[test]
fn e_g_exactly_two_winning_actions() {
    let g = setup(
        &["a1", "b2", "c3", "d4", "f5"],
        &["a8", "b8", "c8", "h1", "h2"],
        [2, 2],
        &[],
    );
    let wins: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|a| g.notation(a))
        .filter(|n| n.ends_with('#'))
        .collect();
    assert_eq!(wins, ["@e5#", "f5-e5#"]);
}

#[test]
fn the_third_identical_movement_loses() {
    let mut g = setup(&["d4"], &["h8"], [0, 0], &[]);
    let shuffle = ["d4-d5", "d5-d4", "d4-d5", "d5-d4"];
    for m in shuffle {
        let a = g.parse_move(m).unwrap();
        assert!(!g.loses_by_repetition(&a), "{m}");
        g.play(&a);
        let black = if g.board[63].is_some() {
            "h8-g8"
        } else {
            "g8-h8"
        };
        g.play(&g.parse_move(black).unwrap());
    }
    let third = g.parse_move("d4-d5").unwrap();
    assert!(g.loses_by_repetition(&third));
    assert_eq!(g.notation(&third), "d4-d5x");
    g.play(&third);
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::RepeatedMove))
    );
}

#[test]
fn the_shuttle_rule_only_counts_recent_turns() {
    let mut g = setup(
        &["d4"],
        &["h8"],
        [0, 0],
        &[("repeat_rule", "same_move_shuttle")],
    );
    let spread = [
        "d4-d5", "d5-d4", "d4-e4", "e4-d4", "d4-d5", "d5-d4", "d4-c4", "c4-d4", "d4-d5",
    ];
    // Black walks round without repeating a movement.
    let walk = [
        "h8-g8", "g8-f8", "f8-e8", "e8-e7", "e7-f7", "f7-g7", "g7-h7", "h7-h6", "h6-g6",
    ];
    for (m, black) in spread.iter().zip(walk) {
        g.play(&g.parse_move(m).unwrap());
        g.play(&g.parse_move(black).unwrap());
    }
    assert_eq!(
        g.outcome(1),
        None,
        "the three d4-d5 lie more than five own turns apart"
    );
    let mut g = setup(
        &["d4"],
        &["h8"],
        [0, 0],
        &[("repeat_rule", "same_move_shuttle")],
    );
    for (m, black) in ["d4-d5", "d5-d4", "d4-d5", "d5-d4", "d4-d5"]
        .iter()
        .zip(walk)
    {
        g.play(&g.parse_move(m).unwrap());
        if g.outcome(1).is_none() {
            g.play(&g.parse_move(black).unwrap());
        }
    }
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::RepeatedMove))
    );
}

#[test]
fn the_swap_is_offered_after_whites_first_placement() {
    let mut g = Epsilon::new(EpsilonOptions {
        swap: true,
        ..EpsilonOptions::default()
    });
    g.play(&g.parse_move("@d4").unwrap());
    assert!(g.legal_moves().contains(&Action::Swap));
    g.play(&Action::Swap);
    assert_eq!((g.turn, g.seat_to_move()), (Side::Black, 0));
    assert!(!g.legal_moves().contains(&Action::Swap));
}

#[test]
fn a_player_without_actions_passes_and_two_passes_draw() {
    let mut g = setup(&["a1"], &["h8"], [0, 0], &[]);
    g.board = [Some(Side::Black); 64];
    g.board[0] = Some(Side::White);
    g.board[63] = None;
    g.board[62] = None;
    assert_eq!(g.legal_moves(), [Action::Pass]);
}
