//! Alpha-beta search with iterative deepening, a transposition table and quiescence,
//! over any [`Evaluate`] game.
//!
//! Scores are always from the point of view of the player to move at the root: that
//! player's nodes take the highest child, every other player's the lowest. With two
//! players this is ordinary minimax; with three (chess for three) it is the "paranoid"
//! search, where the others are taken to play together against the root's side, which
//! keeps alpha-beta's pruning and plays safely.

use super::evaluate::{Evaluate, WIN};
use super::{Limits, Progress};
use crate::rules::side::Side;
use std::collections::HashMap;
use std::time::Instant;

/// How deep captures are followed past the horizon, at most.
const QUIESCENCE_PLIES: i32 = 8;
/// Entries kept in the transposition table before it is cleared.
const TABLE_ENTRIES: usize = 1 << 20;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    depth: i32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

pub struct Searcher<'l, G: Evaluate> {
    root: Side,
    limits: &'l Limits,
    started: Instant,
    nodes: u64,
    stopped: bool,
    table: HashMap<u64, Entry<G::Move>>,
    /// The keys of the positions on the way from the root, for repetitions.
    path: Vec<u64>,
}

/// The player deciding here: the seat to move's colour. It differs from the army to
/// move where a player moves another's pieces (a fallen army's, a servant's on order)
/// or answers a question.
fn mover<G: Evaluate>(position: &G) -> Side {
    position.seat_side(position.seat_to_move())
}

/// A mate score `ply` plies from the root, as seen by the root's side.
fn won(ply: i32) -> i32 {
    WIN - ply
}

impl<'l, G: Evaluate> Searcher<'l, G> {
    pub fn new(root: &G, limits: &'l Limits) -> Self {
        Searcher {
            root: mover(root),
            limits,
            started: Instant::now(),
            nodes: 0,
            stopped: false,
            table: HashMap::new(),
            path: Vec::new(),
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 255 == 0 {
            let limits = self.limits;
            self.stopped = limits.nodes.is_some_and(|n| self.nodes >= n)
                || limits.time.is_some_and(|t| self.started.elapsed() >= t)
                || limits
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
        }
        self.stopped
    }

    /// The score of a finished game for the root's side.
    fn ended(&self, position: &G, ply: i32) -> Option<i32> {
        let outcome = position.outcome(1)?;
        Some(match outcome.winner {
            None => 0,
            Some(w) if w == self.root => won(ply),
            Some(_) => -won(ply),
        })
    }

    /// Scores every root move at `depth` (exactly when `exact`, else only the best is
    /// exact), best first, or None when the budget ran out first.
    pub fn root(
        &mut self,
        position: &G,
        moves: &[G::Move],
        depth: i32,
        exact: bool,
    ) -> Option<Vec<(G::Move, i32)>> {
        let mut alpha = -WIN - 1;
        let mut scored = Vec::with_capacity(moves.len());
        let key = position.key(moves.len());
        self.path.clear();
        self.path.push(key);
        for &m in moves {
            let mut child = position.clone();
            child.play(&m);
            let floor = if exact { -WIN - 1 } else { alpha };
            let score = self.search(&child, depth - 1, 1, floor, WIN + 1);
            if self.stopped {
                return None;
            }
            alpha = alpha.max(score);
            scored.push((m, score));
        }
        scored.sort_by_key(|&(_, s)| -s);
        let best = scored.first().map(|&(m, _)| m);
        self.store(
            key,
            depth,
            scored.first().map_or(0, |s| s.1),
            Bound::Exact,
            best,
        );
        Some(scored)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<G::Move>) {
        if self.table.len() >= TABLE_ENTRIES {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score,
                bound,
                best,
            },
        );
    }

    /// The best move the table remembers for a position.
    pub fn remembered(&self, position: &G) -> Option<G::Move> {
        let moves = position.legal_moves();
        let best = self.table.get(&position.key(moves.len()))?.best?;
        moves.contains(&best).then_some(best)
    }

    fn search(&mut self, position: &G, depth: i32, ply: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        if depth <= 0 {
            return self.quiescence(position, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return position.evaluate(self.root);
        }
        let key = position.key(moves.len());
        // The same position again on this line: call it even, as a repetition would be.
        if self.path.contains(&key) {
            return 0;
        }
        let remembered = self.table.get(&key).copied();
        if let Some(e) = remembered
            && e.depth >= depth
        {
            match e.bound {
                Bound::Exact => return e.score,
                Bound::Lower if e.score >= beta => return e.score,
                Bound::Upper if e.score <= alpha => return e.score,
                _ => {}
            }
        }
        let first = remembered.and_then(|e| e.best);
        moves.sort_by_key(|m| {
            if Some(*m) == first {
                i32::MIN
            } else {
                -position.order(m)
            }
        });
        let maximising = mover(position) == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        self.path.push(key);
        for m in moves {
            let mut child = position.clone();
            child.play(&m);
            let score = self.search(&child, depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if maximising {
                if score > best {
                    best = score;
                    best_move = Some(m);
                }
                alpha = alpha.max(score);
            } else {
                if score < best {
                    best = score;
                    best_move = Some(m);
                }
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(key, depth, best, bound, best_move);
        best
    }

    /// Follows the noisy moves (captures) until the position is quiet, letting the side
    /// to move stand on the static score instead where capturing is not compulsory.
    fn quiescence(
        &mut self,
        position: &G,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
        left: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        let maximising = mover(position) == self.root;
        let forced = position.capture_compulsory();
        let mut best = if forced {
            if maximising { -WIN - 1 } else { WIN + 1 }
        } else {
            let stand = position.evaluate(self.root);
            if maximising {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
            stand
        };
        if left == 0 {
            return if forced {
                position.evaluate(self.root)
            } else {
                best
            };
        }
        let mut moves: Vec<G::Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| position.noisy(m))
            .collect();
        if moves.is_empty() {
            return if forced {
                position.evaluate(self.root)
            } else {
                best
            };
        }
        moves.sort_by_key(|m| -position.order(m));
        for m in moves {
            let mut child = position.clone();
            child.play(&m);
            let score = self.quiescence(&child, ply + 1, alpha, beta, left - 1);
            if self.stopped {
                return 0;
            }
            if maximising {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The line the table expects from `position`: its best move, the reply, and on.
    pub fn line(&self, position: &G, first: G::Move, plies: usize) -> Vec<G::Move> {
        let mut line = vec![first];
        let mut p = position.clone();
        p.play(&first);
        while line.len() < plies && p.outcome(1).is_none() {
            let Some(m) = self.remembered(&p) else { break };
            line.push(m);
            p.play(&m);
        }
        line
    }

    pub fn progress(&self, depth: i32, score: i32, pv: Vec<G::Move>) -> Progress<G::Move> {
        let seconds = self.started.elapsed().as_secs_f64();
        Progress {
            depth: depth as u32,
            score,
            nodes: self.nodes,
            nps: (self.nodes as f64 / seconds.max(1e-6)) as u64,
            millis: (seconds * 1000.0) as u64,
            pv,
        }
    }
}
