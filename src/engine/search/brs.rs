//! Best-Reply Search (Schadd and Winands, 2011), for games of more than two players:
//! the player at the root moves, then only the strongest reply of any one opponent is
//! considered (the others are taken to pass), then the root's player again. The
//! paranoid search gives every opponent a ply of its own, so for the same positions
//! it sees one move of the root's player where this sees two; the price is lines no
//! game can reach (two opponents never both stand still). Scores are the root's
//! player's, so alpha-beta cuts as in a two-player game. Captures are followed past
//! the horizon, on either layer, each free to stand on the static score.

use super::{Glance, Limits, Progress, Thought, concluded};
use crate::rules::computer::{Evaluate, Hints, WIN, end_score, is_mate};
use crate::rules::side::Side;
use std::time::Instant;

/// How deep captures are followed past the horizon, at most.
const QUIESCENCE_PLIES: i32 = 4;

struct Brs<'l> {
    limits: &'l Limits,
    glance: Glance,
    started: Instant,
    nodes: u64,
    stopped: bool,
    root: Side,
}

impl Brs<'_> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.nodes & 255 == 0 {
            self.stopped = self
                .limits
                .spent(self.nodes, self.limits.nodes, self.started);
        }
        self.stopped
    }

    /// The static score of `position` for the root's player: asked for only where it
    /// is used, since the evaluation is the dearest part of a node and most nodes
    /// inside the horizon never use it.
    fn stand<G: Evaluate + Hints>(&self, position: &G) -> i32 {
        self.glance.score(position, self.root)
    }

    /// The root's player's score of `position` searched `depth` layers deep: its own
    /// moves where `ours`, else every opponent's replies.
    fn search<G: Evaluate + Hints>(
        &mut self,
        position: &G,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
        ours: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(outcome) = position.outcome(1) {
            return end_score(&outcome, self.root, ply);
        }
        let quiet = depth <= 0;
        // A decision pending for another player (an offer's answer): the position is
        // taken as it stands.
        if ours && position.seat_side(position.seat_to_move()) != self.root {
            return self.stand(position);
        }
        let mut best = None;
        if quiet {
            let stand = self.stand(position);
            if depth <= -QUIESCENCE_PLIES {
                return stand;
            }
            if ours {
                alpha = alpha.max(stand);
            } else {
                beta = beta.min(stand);
            }
            if alpha >= beta {
                return stand;
            }
            best = Some(stand);
        }
        let children: Vec<G> = if ours {
            let mut moves = if quiet {
                position.noisy_moves()
            } else {
                position.searched_moves()
            };
            if moves.is_empty() && !quiet {
                // No move: mated, or stalemated and left as it stands.
                return if position.check_cell().is_some() {
                    -(WIN - ply)
                } else {
                    self.stand(position)
                };
            }
            moves.sort_by_key(|m| -position.order(m));
            moves
                .iter()
                .map(|m| {
                    let mut child = position.clone();
                    child.play(m);
                    child
                })
                .collect()
        } else {
            position.replies(self.root, quiet).unwrap_or_default()
        };
        for child in &children {
            let score = self.search(child, depth - 1, ply + 1, alpha, beta, !ours);
            if self.stopped {
                return 0;
            }
            if ours {
                best = Some(best.map_or(score, |b: i32| b.max(score)));
                alpha = alpha.max(score);
            } else {
                best = Some(best.map_or(score, |b: i32| b.min(score)));
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best.unwrap_or_else(|| self.stand(position))
    }

    /// The root's moves at `depth`, the best first and scored; None when the budget
    /// ran out before the first was.
    fn root<G: Evaluate + Hints>(
        &mut self,
        position: &G,
        moves: &[G::Move],
        depth: i32,
    ) -> Option<(G::Move, i32)> {
        let mut best: Option<(G::Move, i32)> = None;
        for m in moves {
            let mut child = position.clone();
            child.play(m);
            let alpha = best.map_or(-WIN - 1, |b| b.1);
            let score = self.search(&child, depth - 1, 1, alpha, WIN + 1, false);
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| score > b.1) {
                best = Some((*m, score));
            }
        }
        // A depth cut short still counts where its first move, the best before, was
        // searched: a later one only replaced it by scoring better.
        best
    }
}

/// Whether `position`'s game can be searched by best replies: it can play an
/// opponent's move out of turn.
pub fn fits<G: Evaluate + Hints>(position: &G) -> bool {
    position
        .replies(position.seat_side(position.seat_to_move()), true)
        .is_some()
}

/// Chooses a move for the player to move by Best-Reply Search, one depth deeper at a
/// time until the limits run out (to `limits.depth`, else to 64); None where the game
/// is over.
pub fn think<G: Evaluate + Hints>(
    position: &G,
    limits: &Limits,
    report: &mut dyn FnMut(&Progress<G::Move>),
) -> Option<Thought<G::Move>> {
    if position.outcome(1).is_some() || position.searched_moves().is_empty() {
        return None;
    }
    let root = position.seat_side(position.seat_to_move());
    let mut search = Brs {
        limits,
        glance: limits.glance(position),
        started: Instant::now(),
        nodes: 0,
        stopped: false,
        root,
    };
    let mut moves = super::ordered(position);
    let mut done: Option<Progress<G::Move>> = None;
    for depth in 1..=limits.depth.unwrap_or(64) as i32 {
        let Some((best, score)) = search.root(position, &moves, depth) else {
            break;
        };
        // The best first at the next depth, so a depth cut short keeps it.
        let at = moves.iter().position(|m| *m == best).expect("a root move");
        moves[..=at].rotate_right(1);
        let progress = Progress::timed(depth, score, search.nodes, search.started, vec![best]);
        report(&progress);
        let stopped = search.stopped;
        done = Some(progress);
        if stopped || is_mate(score) {
            break;
        }
    }
    Some(concluded(done, search.nodes, || moves[0]))
}
