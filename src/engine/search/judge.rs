//! How a move played compares with the best one: what a game's review asks of each
//! position. The best move is searched as the strongest level would (no node budget,
//! no chance), then the move played is scored alone at the same depth with the same
//! table, so the two scores are alike and the difference between them is what the
//! move cost.

use super::alphabeta::Searcher;
use super::{Judgement, Limits, deepen};
use crate::rules::computer::{Evaluate, Hints};

/// Judges `played` in `position` to `limits.depth` plies, or as deep as the other
/// limits allow (a node budget bounds the search for the best move; the move played is
/// then searched to the same depth); None where the game is over, the move is not
/// legal, or not even one depth could be searched.
pub fn judge<G: Evaluate + Hints>(
    position: &G,
    played: G::Move,
    limits: &Limits,
) -> Option<Judgement<G::Move>> {
    let moves = position.legal_moves();
    if position.outcome(1).is_some() || !moves.contains(&played) {
        return None;
    }
    // The two scores are compared, so each must be a score, not a bound.
    let limits = &Limits {
        exact_scores: true,
        ..limits.clone()
    };
    let mut searcher = Searcher::new(position, limits);
    let deepest = limits.depth.unwrap_or(64);
    let (depth, scored) = deepen(&mut searcher, position, 1, deepest, false, |_, _, _| {})?;
    let (best, best_score) = scored[0];
    let pv = searcher.line(position, best, depth as usize);
    // The move played is scored at the depth the best was found at, whatever the
    // budget or the time left.
    searcher.lift_budget();
    let played_score = if played == best {
        best_score
    } else {
        searcher.root(position, &[played], depth, true)?[0].1
    };
    Some(Judgement {
        best,
        best_score,
        // A move the deeper search rates above the best is as good as the best.
        played_score: played_score.min(best_score),
        pv,
        depth: depth as u32,
    })
}
