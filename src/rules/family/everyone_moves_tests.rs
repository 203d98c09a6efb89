//! The everyone-moves spec's test facts (E1-E4, E6, and E5's default mode), one test
//! each.

use super::*;
use crate::rules::GameId;
use crate::rules::record::{movetext, replay};

fn fen(text: &str) -> EveryoneMoves {
    EveryoneMoves::set_up(EveryoneMovesOptions::default(), text).expect("a valid FEN")
}

fn play(g: &mut EveryoneMoves, token: &str) {
    let m = g
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    g.play(&m);
}

/// Every way the side to move can play its turn, as its moves and the position it
/// ends in (End turn closes a sequence; a captured king or nothing left ends it too).
fn turns(g: &EveryoneMoves) -> Vec<(Vec<String>, EveryoneMoves)> {
    fn walk(
        g: &EveryoneMoves,
        side: Side,
        done: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, EveryoneMoves)>,
    ) {
        for m in g.legal_moves() {
            if g.is_pass(&m) {
                out.push((done.clone(), g.clone()));
                continue;
            }
            let mut after = g.clone();
            after.play(&m);
            done.push(g.notation(&m));
            if after.turn() != side || after.outcome(1).is_some() {
                out.push((done.clone(), after));
            } else {
                walk(&after, side, done, out);
            }
            done.pop();
        }
    }
    let mut out = Vec::new();
    walk(g, g.turn(), &mut Vec::new(), &mut out);
    out
}

fn distinct(all: &[(Vec<String>, EveryoneMoves)]) -> usize {
    // The placement and the rights; the counters differ with the moves that led there.
    let mut ends: Vec<String> = all
        .iter()
        .map(|(_, p)| {
            let fen = p.fen();
            let fields: Vec<&str> = fen.split(' ').collect();
            format!("{} {}", fields[0], fields[2])
        })
        .collect();
    ends.sort();
    ends.dedup();
    ends.len()
}

const E1: &str = "a4,b4,c4,d4,e4,Ra3,Nc3,Bg5,Qd3,g3,h4,Bg2,Nf3,O-O";

#[test]
fn e1_the_source_turn_ends_by_itself() {
    let mut g = EveryoneMoves::new(EveryoneMovesOptions::default());
    for token in E1.split(',') {
        assert_eq!(g.turn(), Side::White, "{token}");
        play(&mut g, token);
    }
    assert_eq!(g.turn(), Side::Black, "only the blocked f2 pawn was left");
    let fen = "rnbqkbnr/pppppppp/8/6B1/PPPPP2P/R1NQ1NP1/5PB1/5RK1 b kq b3e3h3 0 1";
    assert_eq!(g.fen(), fen);
    assert_eq!(
        EveryoneMoves::set_up(EveryoneMovesOptions::default(), fen)
            .unwrap()
            .fen(),
        fen
    );
    let wrong = fen.replace("b3e3h3", "b3e4");
    assert!(EveryoneMoves::set_up(EveryoneMovesOptions::default(), &wrong).is_err());
}

#[test]
fn e2_black_answers_and_ends_its_turn_itself() {
    let text = format!("1. {E1} a5,b6,c6,d5,e6,h6,Nc6");
    let printed = replay(GameId::EveryoneMoves, &text, &[]).unwrap_err();
    assert_eq!(printed.token, "Nc6");
    let black = "a5,b6,c5,d5,e6,h6,Nc6,Nf6,Bb7,Be7,Qc7,O-O,Rc8";
    let m = replay(GameId::EveryoneMoves, &format!("1. {E1} {black}"), &[]).unwrap();
    let crate::rules::Position::EveryoneMoves(g) = m.position() else {
        unreachable!()
    };
    assert_eq!(g.turn(), Side::Black, "g7 can still move");
    assert!(g.legal_moves().iter().any(|mv| g.is_pass(mv)));
    let mut g = g.clone();
    play(&mut g, END_TURN);
    assert_eq!(
        g.fen(),
        "2r2rk1/1bq1bpp1/1pn1pn1p/p1pp2B1/PPPPP2P/R1NQ1NP1/5PB1/5RK1 w - a6d6 0 2"
    );
}

#[test]
fn e3_a_king_and_a_pawn() {
    let all = turns(&fen("7k/8/8/8/8/8/P7/7K w - - 0 1"));
    assert_eq!(all.len(), 17);
    assert_eq!(distinct(&all), 11);
}

#[test]
fn e4_castling_uses_king_and_rook() {
    let all = turns(&fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    assert_eq!(all.len(), 119);
    assert_eq!(distinct(&all), 75);
}

#[test]
fn e5_a_back_rank_mate_is_no_mate() {
    let all = turns(&fen("7k/8/8/8/8/8/6PP/4r2K w - - 0 1"));
    assert_eq!(all.len(), 73);
    assert_eq!(distinct(&all), 29);
}

#[test]
fn e5_in_check_mode_twelve_safe_ends() {
    let rules = EveryoneMovesOptions {
        check_rules: true,
        ..EveryoneMovesOptions::default()
    };
    let g = EveryoneMoves::set_up(rules, "7k/8/8/8/8/8/6PP/4r2K w - - 0 1").unwrap();
    assert!(g.check_cell().is_some());
    assert_eq!(
        g.outcome(1),
        None,
        "not mate: the king can walk out behind a pawn"
    );
    let all = turns(&g);
    assert!(
        all.iter()
            .all(|(_, p)| p.check_cell().is_none() || p.turn() == Side::Black)
    );
    assert_eq!(distinct(&all), 12);
}

#[test]
fn e6_a_captured_king_ends_the_game_mid_turn() {
    let mut g = fen("k7/8/8/8/8/8/8/Q6K w - - 0 1");
    play(&mut g, "Qxa8");
    let outcome = g.outcome(1).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), Reason::KingCaptured)
    );
}

#[test]
fn a_whole_game_is_written_and_read_back_with_its_ended_turns() {
    let text = "1. e4,d4 e5 2. Nf3,Bc4,Qe2 Nc6";
    let m = replay(GameId::EveryoneMoves, text, &[]).unwrap();
    assert_eq!(movetext(&m), text);
    // Turns of no moves need the house rule.
    assert!(
        fen("7k/8/8/8/8/8/P7/7K w - - 0 1")
            .parse_move(END_TURN)
            .is_err()
    );
    let empty = EveryoneMovesOptions {
        empty_turns: true,
        ..EveryoneMovesOptions::default()
    };
    let g = EveryoneMoves::set_up(empty, "7k/8/8/8/8/8/P7/7K w - - 0 1").unwrap();
    let end = g.parse_move(END_TURN).unwrap();
    assert!(
        g.view(&end).landings.is_empty(),
        "nothing to light on the board"
    );
}
