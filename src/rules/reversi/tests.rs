//! The Reversi spec's rules and test facts (perft tables, R1-R5), one test each.

use super::*;
use crate::rules::{GameId, Match, Position};

fn position(rules: &[(&str, &str)]) -> Position {
    let rules: Vec<(String, String)> = rules
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Position::new(GameId::Reversi, &rules).unwrap()
}

fn after(moves: &str, rules: &[(&str, &str)]) -> Reversi {
    let mut m = Match::new(position(rules));
    for t in moves.split_whitespace() {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    match m.position() {
        Position::Reversi(r) => r.clone(),
        _ => unreachable!(),
    }
}

fn names(g: &Reversi) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

/// A position from lists of squares, `turn` to move; supplies by [`Side::index`]
/// (White, Black).
fn setup(
    black: &[&str],
    white: &[&str],
    supply: [u8; 2],
    turn: Side,
    rules: &[(&str, &str)],
) -> Reversi {
    let Position::Reversi(mut g) = position(rules) else {
        unreachable!()
    };
    g.board = [None; 64];
    let t = Topology::plain();
    for (side, squares) in [(Side::Black, black), (Side::White, white)] {
        for s in squares {
            g.board[t.parse(s).unwrap() as usize] = Some(side);
        }
    }
    g.supply = supply;
    g.turn = turn;
    g
}

#[test]
fn r1_parallel_centre() {
    let g = after("d5 d4 e5 e4", &[]);
    assert_eq!(names(&g), ["c3", "d3", "e3", "f3"]);
    assert_eq!(
        g.flips(Topology::plain().parse("c3").unwrap(), Side::Black),
        [Topology::plain().parse("d4").unwrap()]
    );
    assert_eq!(crate::rules::perft::perft(&Position::Reversi(g), 2), 14);
}

#[test]
fn r2_diagonal_centre() {
    let g = after("d5 d4 e4 e5", &[]);
    assert_eq!(names(&g), ["c4", "d3", "e6", "f5"]);
    assert_eq!(crate::rules::perft::perft(&Position::Reversi(g), 2), 12);
}

#[test]
fn r3_the_first_four_discs_go_in_the_centre() {
    let g = after("d5", &[]);
    assert_eq!(names(&g), ["d4", "e4", "e5"]);
    let err = g.parse_move("c3").unwrap_err();
    assert!(err.to_string().contains("centre"), "{err}");
}

#[test]
fn r4_a_forced_pass_and_play_goes_on() {
    let g = setup(
        &["e8"],
        &["d4", "e4", "d5", "e5", "d7"],
        [27, 31],
        Side::White,
        &[],
    );
    assert_eq!(g.legal_moves(), [Ply::Pass]);
    assert_eq!(g.outcome(1), None);
    let mut g = g;
    g.play(&Ply::Pass);
    assert_eq!(names(&g), ["c6"]);
    g.play(&g.parse_move("c6").unwrap());
    assert_eq!(names(&g), ["b7"]);
}

#[test]
fn r5_out_of_discs_under_each_rule() {
    let black = ["d5", "e5"];
    let white = ["d4", "e4"];
    let pass = setup(&black, &white, [30, 0], Side::Black, &[]);
    assert_eq!(pass.legal_moves(), [Ply::Pass]);
    let mut next = pass.clone();
    next.play(&Ply::Pass);
    assert_eq!(names(&next), ["c6", "d6", "e6", "f6"]);

    let borrow = setup(
        &black,
        &white,
        [30, 0],
        Side::Black,
        &[("out_of_discs", "borrow")],
    );
    assert_eq!(names(&borrow), ["c3", "d3", "e3", "f3"]);
    let mut next = borrow.clone();
    next.play(&borrow.parse_move("d3").unwrap());
    assert_eq!(next.supply, [29, 0], "the disc came out of White's supply");

    let end = setup(
        &black,
        &white,
        [30, 0],
        Side::Black,
        &[("out_of_discs", "end")],
    );
    let o = end.outcome(1).expect("over at once");
    assert_eq!((o.winner, o.score), (None, Some([2, 2])));
}

#[test]
fn flips_run_along_all_eight_lines_and_never_chain() {
    // Black plays f6: e5 and d4 flip along the diagonal (the source's Fig. 204).
    let g = setup(
        &["c3", "d5", "e4"],
        &["d4", "e5"],
        [30, 30],
        Side::Black,
        &[],
    );
    let mut next = g.clone();
    next.play(&g.parse_move("f6").unwrap());
    assert_eq!(next.count(Side::Black), 6);
    // Only lines from the new disc count: b2, already between a1 and c3, stays white.
    let g = setup(
        &["a1", "c3", "d5", "e4"],
        &["b1", "b2", "d4", "e5"],
        [30, 30],
        Side::Black,
        &[],
    );
    let mut next = g.clone();
    next.play(&g.parse_move("c1").unwrap());
    let t = Topology::plain();
    assert_eq!(
        next.board[t.parse("b1").unwrap() as usize],
        Some(Side::Black)
    );
    assert_eq!(
        next.board[t.parse("b2").unwrap() as usize],
        Some(Side::White)
    );
}

#[test]
fn the_count_decides_and_empties_may_go_to_the_winner() {
    let g = setup(&["a1", "b1", "c1"], &["h8"], [0, 0], Side::Black, &[]);
    let o = g.outcome(1).unwrap();
    assert_eq!(
        (o.winner, o.reason, o.score),
        (Some(Side::Black), Reason::Score, Some([1, 3]))
    );
    let g = setup(
        &["a1", "b1", "c1"],
        &["h8"],
        [0, 0],
        Side::Black,
        &[("empties_to_winner", "on")],
    );
    assert_eq!(g.outcome(1).unwrap().score, Some([1, 63]));
}

#[test]
fn parallel_only_keeps_each_players_centre_discs_side_by_side() {
    let g = after("d5 d4", &[("centre_pattern", "parallel_only")]);
    assert_eq!(
        names(&g),
        ["e5"],
        "Black's second disc must touch d5 along a rank or file"
    );
}

#[test]
fn replay_files_and_notation() {
    let m = crate::rules::record::replay(GameId::Reversi, "1. d5 d4 2. e5 e4 3. d3 --", &[])
        .unwrap_err();
    assert_eq!(m.number, "3...");
    let m =
        crate::rules::record::replay(GameId::Reversi, "1. d5 d4 2. e5 e4 3. d3 c4", &[]).unwrap();
    assert_eq!(
        crate::rules::record::movetext(&m),
        "1. d5 d4 2. e5 e4 3. d3 c4"
    );
}
