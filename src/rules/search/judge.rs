//! How a move played compares with the best one: what a game's review asks of each
//! position. The best move is searched as the strongest level would (no node budget,
//! no chance), then the move played is scored alone at the same depth with the same
//! table, so the two scores are alike and the difference between them is what the
//! move cost.

use super::Limits;
use super::alphabeta::Searcher;
use super::evaluate::{Evaluate, WIN};

/// The verdict on one move: both scores are for the player who made it.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement<M> {
    pub best: M,
    pub best_score: i32,
    pub played_score: i32,
    /// The best line from the position, starting with `best`.
    pub pv: Vec<M>,
    pub depth: u32,
}

/// Judges `played` in `position` to `limits.depth` plies (or as deep as the other
/// limits allow); None where the game is over, the move is not legal, or not even
/// one depth could be searched.
pub fn judge<G: Evaluate>(
    position: &G,
    played: G::Move,
    limits: &Limits,
) -> Option<Judgement<G::Move>> {
    let moves = position.legal_moves();
    if position.outcome(1).is_some() || !moves.contains(&played) {
        return None;
    }
    let mut searcher = Searcher::new(position, limits);
    let mut order = moves.clone();
    order.sort_by_key(|m| -position.order(m));
    let mut done = None;
    for depth in 1..=limits.depth.unwrap_or(64) as i32 {
        let Some(scored) = searcher.root(position, &order, depth, false) else {
            break;
        };
        order = scored.iter().map(|&(m, _)| m).collect();
        let decided = scored[0].1.abs() >= WIN - 1000 || moves.len() == 1;
        done = Some((depth, scored[0]));
        if decided {
            break;
        }
    }
    let (depth, (best, best_score)) = done?;
    let pv = searcher.line(position, best, depth as usize);
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

impl<M: Copy> Judgement<M> {
    /// The same verdict with its moves turned into another type.
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Judgement<N> {
        Judgement {
            best: f(self.best),
            best_score: self.best_score,
            played_score: self.played_score,
            pv: self.pv.iter().map(|&m| f(m)).collect(),
            depth: self.depth,
        }
    }
}
