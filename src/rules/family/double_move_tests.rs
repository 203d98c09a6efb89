//! The double-move chess spec's test facts (D1-D7), one test each.

use super::*;
use crate::rules::history::Match;
use crate::rules::{GameId, Position};

fn with(rules: &[(&str, &str)]) -> DoubleMoveOptions {
    let mut options = DoubleMoveOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

fn fen(text: &str, options: DoubleMoveOptions) -> DoubleMove {
    DoubleMove::set_up(options, text).expect("a valid FEN")
}

fn played(mut g: DoubleMove, moves: &str) -> DoubleMove {
    for token in moves.split([' ', ',']).filter(|t| !t.is_empty()) {
        let m = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g.play(&m);
    }
    g
}

/// Every way the side to move can play its turn, each with the position it leaves.
fn turns(g: &DoubleMove) -> Vec<(Vec<String>, DoubleMove)> {
    let side = g.turn();
    let mut out = Vec::new();
    for m in g.legal_moves() {
        let mut after = g.clone();
        after.play(&m);
        let first = g.notation(&m);
        if after.turn() != side || after.outcome(1).is_some() {
            out.push((vec![first], after));
            continue;
        }
        for m2 in after.legal_moves() {
            let mut end = after.clone();
            end.play(&m2);
            out.push((vec![first.clone(), after.notation(&m2)], end));
        }
    }
    out
}

#[test]
fn d1_white_opens_with_one_move() {
    let g = DoubleMove::new(DoubleMoveOptions::default());
    assert_eq!(g.legal_moves().len(), 20);
    let after = played(g, "e4");
    assert_eq!(after.turn(), Side::Black);
    assert_eq!(after.turn_progress(), Some((1, 2)));
    assert_eq!(
        DoubleMove::new(DoubleMoveOptions::default()).turn_progress(),
        Some((1, 1))
    );
    let both = DoubleMove::new(with(&[("first_turn", "two-moves")]));
    assert_eq!(played(both, "e4").turn(), Side::White);
}

#[test]
fn d2_black_answers_with_two_moves() {
    let g = played(DoubleMove::new(DoubleMoveOptions::default()), "e4");
    let all = turns(&g);
    assert_eq!(all.len(), 446);
    let mut distinct: Vec<(Board, u64)> = all
        .iter()
        .map(|(_, p)| (p.position.board, p.position.castling))
        .collect();
    distinct.sort_by_key(|(b, c)| (b.by_side, b.by_role, *c));
    distinct.dedup();
    assert_eq!(distinct.len(), 269);
    assert_eq!(g.perft(2), Some(446));
}

#[test]
fn d3_the_mated_king_takes_the_king() {
    let g = fen(
        "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1",
        DoubleMoveOptions::default(),
    );
    assert_eq!(g.check_cell(), None, "there is no check");
    let all = turns(&g);
    assert_eq!(all.len(), 34);
    let mut won: Vec<String> = all
        .iter()
        .filter(|(_, p)| p.outcome(1).is_some_and(|o| o.winner == Some(Side::Black)))
        .map(|(t, _)| t.join(","))
        .collect();
    won.sort();
    assert_eq!(won, ["Kd7,Kxe6", "Kf7,Kxe6", "Kxe7,Kxe6"]);
}

#[test]
fn d4_a_king_taken_by_the_first_move_ends_the_turn() {
    let g = fen(
        "8/8/8/8/8/4k3/4Q3/4K3 w - - 0 1",
        DoubleMoveOptions::default(),
    );
    let won: Vec<(Vec<String>, DoubleMove)> = turns(&g)
        .into_iter()
        .filter(|(_, p)| p.outcome(1).is_some_and(|o| o.winner == Some(Side::White)))
        .collect();
    assert_eq!(won.len(), 11);
    let alone: Vec<&Vec<String>> = won
        .iter()
        .map(|(t, _)| t)
        .filter(|t| t.len() == 1)
        .collect();
    assert_eq!(alone, [&vec!["Qxe3".to_string()]]);
    let outcome = played(g, "Qxe3").outcome(1).unwrap();
    assert_eq!(outcome.reason, Reason::KingCaptured);
}

#[test]
fn d5_en_passant_lasts_the_whole_next_turn() {
    let start = "4k3/3p3p/8/4P3/8/8/8/4K3 b - - 0 1";
    let g = played(fen(start, DoubleMoveOptions::default()), "d5 h6");
    let all = turns(&g);
    assert_eq!(all.len(), 56);
    assert_eq!(
        all.iter()
            .filter(|(t, _)| t.contains(&"exd6".to_string()))
            .count(),
        11
    );
    let marseillais = played(fen(start, with(&[("ep_window", "first-move")])), "d5 h6");
    let all = turns(&marseillais);
    assert_eq!(all.len(), 51);
    let with_ep: Vec<_> = all
        .iter()
        .filter(|(t, _)| t.contains(&"exd6".to_string()))
        .collect();
    assert_eq!(with_ep.len(), 6);
    assert!(with_ep.iter().all(|(t, _)| t[0] == "exd6"));
}

#[test]
fn d6_castling_is_one_move_of_the_turn() {
    let g = fen(
        "4k3/8/8/8/8/8/P7/4K2R w K - 0 1",
        DoubleMoveOptions::default(),
    );
    let all = turns(&g);
    assert_eq!(all.len(), 327);
    assert_eq!(all.iter().filter(|(t, _)| t[0] == "O-O").count(), 18);
    let mut second: Vec<String> = all
        .iter()
        .filter(|(t, _)| t.get(1).is_some_and(|m| m == "O-O"))
        .map(|(t, _)| t.join(","))
        .collect();
    second.sort();
    assert_eq!(second, ["a3,O-O", "a4,O-O"]);
}

#[test]
fn the_second_move_may_be_optional() {
    let g = played(DoubleMove::new(DoubleMoveOptions::default()), "e4 e5");
    assert!(
        g.legal_moves().iter().all(|m| !g.is_pass(m)),
        "mandatory by default"
    );
    let optional = with(&[("second_move", "optional")]);
    let g = played(DoubleMove::new(optional), "e4 e5");
    assert!(g.legal_moves().iter().any(|m| g.is_pass(m)));
    let text = "1. e4 e5 2. d4,Nf3";
    let m = crate::rules::record::replay(
        GameId::DoubleMove,
        text,
        &[("second_move".into(), "optional".into())],
    )
    .unwrap();
    assert_eq!(crate::rules::record::movetext(&m), text);
}

#[test]
fn d7_castling_ignores_attacks_unless_the_house_rule_says() {
    let text = "5r1k/8/8/8/8/8/8/4K2R w K - 0 1";
    let castles = |g: &DoubleMove| g.legal_moves().iter().any(|m| g.notation(m) == "O-O");
    assert!(castles(&fen(text, DoubleMoveOptions::default())));
    assert!(!castles(&fen(text, with(&[("castle_attack", "standard")]))));
}

#[test]
fn repetition_is_counted_where_turns_begin_and_undo_takes_one_move() {
    let mut m = Match::new(Position::new(GameId::DoubleMove, &[]).unwrap());
    // White's knight goes home and out again inside its turns: the start position
    // comes back twice in mid-turn, which does not count.
    let turns = ["Nf3", "Nf6", "Ng8", "Ng1", "Nf3", "Nf6", "Ng8", "Ng1"];
    for token in turns {
        m.play_text(token).unwrap();
        assert!(m.outcome().is_none(), "{token}");
    }
    // Half-way through White's turn: undo takes back that one move.
    m.undo();
    assert_eq!(m.position().turn(), Side::White);
    m.play_text("Ng1").unwrap();
    // Black to move with the knights on f3 and g8 a third time, each at a turn's start.
    m.play_text("Nf3").unwrap();
    assert_eq!(m.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn a_turn_is_written_as_one_entry_and_read_back() {
    let text = "1. e4 e5,Nc6 2. Qh5,Nf3 g6,gxh5";
    let m = crate::rules::record::replay(GameId::DoubleMove, text, &[]).unwrap();
    assert_eq!(crate::rules::record::movetext(&m), text);
    // The king walks into the queen's reach and is taken: nothing may follow.
    let taken = "1. e4 f6,Kf7 2. Qh5,Qxf7";
    let m = crate::rules::record::replay(GameId::DoubleMove, taken, &[]).unwrap();
    let outcome = m.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), Reason::KingCaptured)
    );
    let more = format!("{taken} Kg6");
    assert!(crate::rules::record::replay(GameId::DoubleMove, &more, &[]).is_err());
}
