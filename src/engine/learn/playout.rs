//! One game of the computer against itself, from a start made different by a few
//! random plies.

use crate::engine::search::{Limits, mix};
use crate::rules::history::{Action, Match};
use crate::rules::position::{Move, Position};
use std::sync::Arc;

/// Plays game number `n` from `start` to its end, or to `most` moves a seat. The
/// first `random` plies are chosen at random among the legal moves, then `choose`
/// picks every move from the position and limits that know the positions the game
/// has been through twice (so the search treats a third time as the draw it is). Games
/// `n` and `n + 1` with the same `n / pair` see the same random plies and dice, so
/// that a pair of games with the players' seats exchanged starts alike. None of the
/// choices may be refused: a move `choose` returns must be legal.
pub fn play_out(
    start: &Position,
    n: u64,
    pair: u64,
    random: usize,
    most: usize,
    mut choose: impl FnMut(&Position, &Limits, u64) -> Option<Move>,
) -> Match {
    let seats = start.seats().seat_count();
    let mut m = Match::new(start.clone());
    m.set_seed(mix(n / pair + 0x5eed));
    let mut x = mix(n / pair + 1);
    while m.outcome().is_none() && m.actions().len() < most * seats {
        let position = m.position().clone();
        let ply = m.actions().len() as u64;
        let mv = if let Some(Action::Play(roll)) = m.roll() {
            Some(roll)
        } else if (ply as usize) < random {
            let moves = position.legal_moves();
            x = mix(x);
            moves.get((x % moves.len().max(1) as u64) as usize).copied()
        } else {
            let limits = Limits {
                seen_twice: Arc::new(m.seen_twice()),
                ..Limits::default()
            };
            choose(&position, &limits, ply ^ n << 32)
        };
        let Some(mv) = mv else { break };
        if m.play(Action::Play(mv)).is_err() {
            break;
        }
    }
    m
}
