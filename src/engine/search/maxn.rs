//! Max^n, the search made for games of more than two players: every position is
//! scored for each player at once (each by the evaluation from its own side), and
//! the player to move takes the move best for itself, whatever it does to the others.
//! Unlike the paranoid search it does not assume both opponents play against the
//! root's side, so it sees that two rivals may well fight each other; the price is
//! that almost nothing can be cut (the scores do not add up to a constant), so it
//! looks less deep for the same positions. Captures are followed a little way past the
//! horizon, each player free to stand on the static scores instead.

use super::{Glance, Limits, Progress, Thought, concluded};
use crate::rules::computer::{Evaluate, Hints, end_score, is_mate};
use crate::rules::side::Side;
use std::time::Instant;

/// How deep captures are followed past the horizon, at most: less than the paranoid
/// search's, since nothing here is cut and every capture of three armies is tried.
const QUIESCENCE_PLIES: i32 = 2;

/// The scores of a position, by army index.
type Scores = [i32; 4];

struct MaxN<'l> {
    limits: &'l Limits,
    glance: Glance,
    started: Instant,
    nodes: u64,
    stopped: bool,
    sides: Vec<Side>,
}

impl MaxN<'_> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.nodes & 255 == 0 {
            self.stopped = self
                .limits
                .spent(self.nodes, self.limits.nodes, self.started);
        }
        self.stopped
    }

    /// Every player's score here, or the end's (a win for the winner, a loss for the
    /// rest, sooner being more).
    fn scores<G: Evaluate + Hints>(&self, position: &G, ply: i32) -> Scores {
        let mut scores = [0; 4];
        match position.outcome(1) {
            Some(o) => {
                for &s in &self.sides {
                    scores[s.index()] = end_score(&o, s, ply);
                }
            }
            None => {
                for &s in &self.sides {
                    scores[s.index()] = self.glance.score(position, s);
                }
            }
        }
        scores
    }

    fn search<G: Evaluate + Hints>(
        &mut self,
        position: &G,
        depth: i32,
        ply: i32,
    ) -> (Scores, Vec<G::Move>) {
        self.nodes += 1;
        if self.out_of_budget() || position.outcome(1).is_some() {
            return (self.scores(position, ply), Vec::new());
        }
        let quiet = depth <= 0;
        let mover = position.seat_side(position.seat_to_move());
        let mut moves = if quiet {
            position.noisy_moves()
        } else {
            position.searched_moves()
        };
        // Standing on the static scores is a choice at the horizon (where capturing is
        // not compulsory), and the only one once the captures have run out.
        let mut best: Option<(Scores, Vec<G::Move>)> = None;
        if quiet
            && (!position.capture_compulsory() || moves.is_empty() || depth <= -QUIESCENCE_PLIES)
        {
            best = Some((self.scores(position, ply), Vec::new()));
            if depth <= -QUIESCENCE_PLIES {
                return best.expect("just set");
            }
        }
        moves.sort_by_key(|m| -position.order(m));
        for m in moves {
            let mut child = position.clone();
            child.play(&m);
            let (scores, mut line) = self.search(&child, depth - 1, ply + 1);
            if self.stopped {
                break;
            }
            let better = best.as_ref().is_none_or(|(b, _)| {
                let own = (scores[mover.index()], -others(&scores, mover));
                own > (b[mover.index()], -others(b, mover))
            });
            if better {
                line.insert(0, m);
                best = Some((scores, line));
            }
        }
        best.unwrap_or_else(|| (self.scores(position, ply), Vec::new()))
    }
}

/// The other players' scores together: between two moves equally good for the
/// mover, the one that leaves them less.
fn others(scores: &Scores, mover: Side) -> i64 {
    scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != mover.index())
        .map(|(_, &s)| i64::from(s))
        .sum()
}

/// Chooses a move for the player to move by max^n, one depth deeper at a time until
/// the limits run out (to `limits.depth`, else to 64); None where the game is over.
pub fn think<G: Evaluate + Hints>(
    position: &G,
    limits: &Limits,
    report: &mut dyn FnMut(&Progress<G::Move>),
) -> Option<Thought<G::Move>> {
    if position.outcome(1).is_some() || position.searched_moves().is_empty() {
        return None;
    }
    let mut search = MaxN {
        limits,
        glance: limits.glance(position),
        started: Instant::now(),
        nodes: 0,
        stopped: false,
        sides: (0..position.seat_count())
            .map(|s| position.seat_side(s))
            .collect(),
    };
    let mover = position.seat_side(position.seat_to_move());
    let mut done: Option<Progress<G::Move>> = None;
    for depth in 1..=limits.depth.unwrap_or(64) as i32 {
        let (scores, line) = search.search(position, depth, 0);
        if search.stopped || line.is_empty() {
            break;
        }
        let progress = Progress::timed(
            depth,
            scores[mover.index()],
            search.nodes,
            search.started,
            line,
        );
        report(&progress);
        let decided = is_mate(progress.score);
        done = Some(progress);
        if decided {
            break;
        }
    }
    Some(concluded(done, search.nodes, || {
        super::ordered(position)[0]
    }))
}
