//! The Corners spec's rules and test facts (perft, C1-C4, the equalizing move), one test each.

use super::*;
use crate::rules::options::HouseRules;

fn setup(white: &[&str], black: &[&str], rules: &[(&str, &str)]) -> Corners {
    let mut o = CornersOptions::default();
    for (k, v) in rules {
        o.set(k, v).unwrap();
    }
    let mut g = Corners::new(o);
    g.board = [None; 64];
    let t = Topology::chess();
    for (side, squares) in [(Side::White, white), (Side::Black, black)] {
        for s in squares {
            g.board[t.parse(s).unwrap() as usize] = Some(side);
        }
    }
    g
}

fn names(g: &Corners) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

#[test]
fn the_first_moves_are_six_steps_and_six_jumps() {
    let g = Corners::new(CornersOptions::default());
    assert_eq!(
        names(&g),
        [
            "a2:a4", "a3-a4", "b1:d1", "b2:b4", "b2:d2", "b3-b4", "b3:d3", "c1-d1", "c2-d2",
            "c2:c4", "c3-c4", "c3-d3"
        ]
    );
}

#[test]
fn c1_the_sources_jump_from_c1_to_g7() {
    let g = setup(
        &["c1"],
        &["c2", "d3", "e4", "f5", "g6"],
        &[("obligatory_move", "off")],
    );
    let from_c1: Vec<String> = names(&g)
        .into_iter()
        .filter(|m| m.starts_with("c1"))
        .collect();
    assert_eq!(
        from_c1,
        [
            "c1-b1",
            "c1-d1",
            "c1:c3",
            "c1:c3:e3",
            "c1:c3:e3:e5",
            "c1:c3:e3:e5:g5",
            "c1:c3:e3:e5:g5:g7"
        ]
    );
}

#[test]
fn c2_two_checkers_in_a_row_cannot_be_jumped() {
    let g = setup(&["a1"], &["b1", "c1"], &[("obligatory_move", "off")]);
    let from_a1: Vec<String> = names(&g)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(from_a1, ["a1-a2"]);
}

const C3_BLACK: [&str; 9] = ["a5", "b5", "c5", "a6", "b6", "c6", "a7", "b7", "c7"];

#[test]
fn c3_obligatory_move_when_the_home_checker_cannot_leave() {
    let white = ["a1", "d4", "e4", "f4", "g4", "h4", "d5", "e5", "f5"];
    let g = setup(&white, &C3_BLACK, &[]);
    assert_eq!(names(&g), ["a1-a2", "a1-b1"]);
    let g = setup(&white, &C3_BLACK, &[("obligatory_move", "off")]);
    assert_eq!(g.legal_moves().len(), 23);
}

#[test]
fn c4_obligatory_move_must_leave_the_home_when_it_can() {
    let white = ["c3", "d4", "e4", "f4", "g4", "h4", "d5", "e5", "f5"];
    let g = setup(&white, &C3_BLACK, &[]);
    assert_eq!(names(&g), ["c3-c4", "c3-d3"]);
    let g = setup(&white, &C3_BLACK, &[("obligatory_move", "literal")]);
    assert_eq!(names(&g), ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]);
    let err = g.parse_move("d4-d3").unwrap_err();
    assert!(err.to_string().contains("obligatory"), "{err}");
}

/// A position one move from the end: White's c6 steps into f8's place, and so on.
fn nearly_done(rules: &[(&str, &str)]) -> Corners {
    let white_target = ["f6", "g6", "h6", "f7", "g7", "h7", "g8", "h8"];
    let black_target = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"];
    let mut white: Vec<&str> = white_target.to_vec();
    white.push("e8");
    let mut black: Vec<&str> = black_target.to_vec();
    black.push("d3");
    let mut g = setup(&white, &black, rules);
    g.moves_made = [29, 29];
    g
}

#[test]
fn the_equalizing_move_can_draw() {
    let mut g = nearly_done(&[]);
    g.play(&g.parse_move("e8-f8").unwrap());
    assert_eq!(g.phase, Phase::Equalizing);
    g.play(&g.parse_move("d3-c3").unwrap());
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::Completion)));
}

#[test]
fn white_wins_when_black_cannot_equalize_and_scoring_counts_the_moves() {
    let mut g = nearly_done(&[]);
    g.play(&g.parse_move("e8-f8").unwrap());
    g.play(&g.parse_move("d3-d4").unwrap());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::White, Reason::Completion))
    );

    let mut g = nearly_done(&[("scoring", "on")]);
    g.play(&g.parse_move("e8-f8").unwrap());
    g.play(&g.parse_move("d3-d4").unwrap());
    assert!(matches!(
        g.phase,
        Phase::Solo {
            winner: Side::White,
            penalty: 1
        }
    ));
    assert_eq!(g.turn, Side::Black, "the loser plays on alone");
    g.play(&g.parse_move("d4-d3").unwrap());
    assert_eq!(g.notation(&g.parse_move("d3-c3").unwrap()), "*d3-c3");
    g.play(&g.parse_move("d3-c3").unwrap());
    let o = g.outcome(1).unwrap();
    assert_eq!((o.winner, o.score), (Some(Side::White), Some([0, 3])));
}

#[test]
fn black_completing_first_wins_at_once() {
    let mut g = nearly_done(&[]);
    g.turn = Side::Black;
    g.play(&g.parse_move("d3-c3").unwrap());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::Completion))
    );
}

#[test]
fn the_home_exit_and_finish_limits() {
    let mut g = Corners::new(CornersOptions::default());
    g.moves_made = [40, 39];
    g.turn = Side::Black;
    let m = g.legal_moves()[0];
    g.play(&m);
    assert_eq!(
        g.outcome(1),
        Some(Outcome::draw(Reason::HomeExit)),
        "both still have checkers at home"
    );
    let mut g = setup(&["f6", "d4"], &["a1", "e5"], &[]);
    g.moves_made = [80, 79];
    g.turn = Side::Black;
    g.play(&g.parse_move("e5-e6").unwrap());
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::FinishLimit)));
}

#[test]
fn the_copy_limit_refuses_a_fifth_mirroring_move() {
    let mut g = Corners::new(CornersOptions {
        copy_limit: true,
        ..CornersOptions::default()
    });
    g.play(&g.parse_move("c3-d3").unwrap());
    g.mirror_streak = 4;
    assert!(g.parse_move("f6-e6").is_err(), "the mirror of c3-d3");
    assert!(g.parse_move("f6-f5").is_ok());
}
