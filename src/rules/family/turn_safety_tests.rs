//! The reduced whole-turn safety search against a plain one that tries every run,
//! over random games of everyone-moves chess with `check_rules`, and the positions
//! where the plain search ran for minutes.

use super::*;
use std::collections::HashSet;

fn checked() -> EveryoneMovesOptions {
    EveryoneMovesOptions {
        check_rules: true,
        ..EveryoneMovesOptions::default()
    }
}

/// Whether some run of free pieces ends with the king unattacked, trying every run;
/// None past `budget` positions.
fn plain(g: &EveryoneMoves, dead: &mut HashSet<String>, budget: &mut u32) -> Option<bool> {
    if !g.attacked_king(g.position.turn) {
        return Some(true);
    }
    let key = format!("{:?}{:?}", g.turn.used, g.position.board);
    if dead.contains(&key) {
        return Some(false);
    }
    *budget = budget.checked_sub(1)?;
    let mut moves = Vec::new();
    g.pseudo_legal(&mut moves);
    for m in moves
        .iter()
        .filter(|m| m.kind != MoveKind::EndTurn && m.capture != Some(Role::King))
    {
        let mut after = g.clone();
        after.act(m);
        if plain(&after, dead, budget)? {
            return Some(true);
        }
    }
    dead.insert(key);
    Some(false)
}

/// The legal moves by the plain search, or None where it needs too long.
fn plain_moves(g: &EveryoneMoves) -> Option<Vec<Move>> {
    let us = g.position.turn;
    let mut moves = Vec::new();
    g.pseudo_legal(&mut moves);
    let (mut dead, mut budget) = (HashSet::new(), 20_000);
    let mut out = Vec::new();
    for m in moves {
        let stands = match m.kind {
            MoveKind::EndTurn => !g.attacked_king(us),
            _ if m.capture == Some(Role::King) => false,
            _ => {
                let mut after = g.clone();
                after.act(&m);
                plain(&after, &mut dead, &mut budget)?
            }
        };
        if stands {
            out.push(m);
        }
    }
    Some(out)
}

#[test]
fn the_reduced_search_finds_what_trying_every_run_finds() {
    let mut compared = 0;
    for seed in 0..6u64 {
        let mut g = EveryoneMoves::new(checked());
        let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..300 {
            let moves = g.legal_moves();
            if let Some(expected) = plain_moves(&g) {
                assert_eq!(moves, expected, "seed {seed}:\n{}", g.diagram());
                compared += 1;
            }
            if moves.is_empty() || g.outcome(1).is_some() {
                break;
            }
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            g.play(&moves[(random % moves.len() as u64) as usize]);
        }
    }
    assert!(compared > 500, "only {compared} positions compared");
}

/// Positions where the plain search did not finish in minutes, with the move counts of a
/// generator written apart from this code.
#[test]
fn positions_that_exploded_count_as_an_independent_generator_does() {
    let g = EveryoneMoves::set_up(
        checked(),
        "r2qn1r1/2k5/p1b3pp/P1b1ppN1/1R1p3P/1P3Pn1/2PNp1P1/2BQKBR1 b - - 0 5",
    )
    .unwrap();
    assert_eq!(g.legal_moves().len(), 52);
}
