//! Alpha-beta search with iterative deepening, a transposition table and quiescence,
//! over any [`Evaluate`] game.
//!
//! Scores are always from the point of view of the player to move at the root: that
//! player's nodes take the highest child, every other player's the lowest. With two
//! players this is ordinary minimax; with three (chess for three) it is the "paranoid"
//! search, where the others are taken to play together against the root's side, which
//! keeps alpha-beta's pruning and plays safely.
//!
//! The usual refinements make it deeper for the same nodes: the remembered best move,
//! captures, then killer moves, the counter move (steady games) and the history first
//! (in steady games also the history of the quiet moves that answered the last move
//! and followed up the one before);
//! later moves searched with a null window (and late quiet ones shallower, in steady
//! games the more the worse their history) and searched again only when they seem
//! better; the null move where the game offers a pass; checks extended, and
//! the remembered best move where no other comes near its score (it is "singular":
//! the line depends on it, so it is worth a ply more); off the principal line, a good
//! capture that holds a position well past the bound in a shallower search cuts the
//! node at once (ProbCut). Near the horizon off the principal line, steady games
//! take a position far past the bound as it stands, search only the noisy moves of
//! one far short of it, and only the first quiet moves of the others; they try the
//! null move only where the static score already reaches the bound. There the static
//! score is corrected, as the search goes, by how far the searches below positions
//! with the same pawns (and the same side to move) came out above it, and a score
//! the table remembers stands for it where it bounds the position further.
//!
//! Where chance acts (a die is rolled) the node's score is the mean of its outcomes'
//! (expectimax), each searched with the full window.

use super::kept::Memory;
use super::table::{Bound, DEFAULT_MEGABYTES, Entry, Table};
use super::{Limits, Progress};
use crate::engine::net::{Accumulator, Net};
use crate::rules::computer::{
    Evaluate, HISTORY_SLOTS, Hints, PIECE_SLOTS, WIN, end_score, is_mate,
};
use crate::rules::side::Side;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// How deep captures are followed past the horizon, at most.
const QUIESCENCE_PLIES: i32 = 8;
/// The shallowest depth where the null move is tried, and how much shallower the
/// search after the pass is (more at great depths).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_REDUCTION: i32 = 2;
/// Move ordering ranks: captures and promotions above the killers, the killers above
/// the counter move and the other quiet moves, whose history never reaches them.
const NOISY: i32 = 1 << 24;
pub(super) const KILLER: i32 = 1 << 23;
/// The quiet move that last refuted the opponent's move, in steady games: just
/// below the killers.
pub(super) const COUNTER: i32 = KILLER - 2;
const HISTORY_CAP: i32 = 1 << 22;
/// In steady games the history moves toward a move's record and away from the old
/// one (it is bounded by this, so it forgets), and how far one cut moves it at most.
pub(super) const HISTORY_BOUND: i32 = 1 << 13;
const HISTORY_STEP: i32 = 1600;
/// How many moves are picked one by one before the rest are sorted.
const PICKED: usize = 3;
/// Captures that lose material come after every quiet move.
const LOSING: i32 = -(1 << 24);
/// How far above beta (or below alpha) per ply of depth left the static score must
/// be for a steady game's node near the horizon to be taken as decided, and the
/// deepest nodes where it is.
const FUTILE_PER_PLY: i32 = 120;
const FUTILE_DEPTH: i32 = 6;
/// How far below alpha (or above beta) the static score must lie, a base and so much
/// a ply of depth left, for a node's quiet moves to be skipped, and the deepest nodes
/// where they are: a quiet move seldom wins that much back.
const FUTILE_MOVE: i32 = 100;
const FUTILE_MOVE_PER_PLY: i32 = 100;
const FUTILE_MOVE_DEPTH: i32 = 3;
/// The deepest nodes where a steady game searches only the first quiet moves (see
/// [`late_moves`]).
const LATE_MOVE_DEPTH: i32 = 4;
/// How many moves a node `depth` plies from the horizon, off the principal line,
/// searches before it leaves the remaining quiet ones out: with the killers, the
/// counter move and the history ordering them, the last quiet moves seldom cut, and
/// what they would find a ply or two on is left to the next iteration.
pub(super) fn late_moves(depth: i32) -> usize {
    (3 + depth * depth) as usize
}
/// The deepest nodes where a quiet move that loses material on its square is left
/// out, and how much it must lose per ply of depth left.
const LOSING_QUIET_DEPTH: i32 = 3;
const LOSING_QUIET_PER_PLY: i32 = 50;
/// The first window around the last depth's score; widened when the score falls
/// outside it.
const ASPIRATION: i32 = 40;
/// The shallowest depth where the remembered best move is tested for being the only
/// good one (singular), and how far below its remembered score every other move must
/// fall, per ply of depth, for it to be searched a ply deeper.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_MARGIN: i32 = 3;
/// The shallowest depth where a good capture is tried first against a bar this far
/// past the bound, in a search this much shallower (ProbCut).
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 200;
const PROBCUT_REDUCTION: i32 = 4;
/// How many structures (see [`Evaluate::structure_key`]) each side's correction
/// table tells apart, the units of an entry to the hundredth of a pawn, and how far
/// an entry may correct the static score, in hundredths of a pawn.
const CORRECTION_SLOTS: usize = 1 << 14;
const CORRECTION_GRAIN: i32 = 256;
const CORRECTION_LIMIT: i32 = 64;

pub struct Searcher<'l, G: Evaluate + Hints> {
    root: Side,
    limits: &'l Limits,
    started: Instant,
    nodes: u64,
    /// The positions it may search: the limits' until lifted.
    budget: Option<u64>,
    /// Whether the limits' time still bounds it: until lifted.
    timed: bool,
    stopped: bool,
    /// Shared with the threads searching together, if there are any.
    table: Arc<Table<G::Move>>,
    /// The positions the threads helping this search have looked at, counted by the
    /// hundreds as they go; in a helper, where it counts its own.
    helpers: Arc<AtomicU64>,
    /// Whether this search helps another, counting its positions into `helpers`.
    helping: bool,
    /// The keys of the positions on the way from the root, for repetitions.
    path: Vec<u64>,
    /// The depth of the iteration under way; checks are extended only up to twice it.
    iteration: i32,
    /// Passing is only a test where one opponent would take the free move.
    two_players: bool,
    /// Per ply, the last two quiet moves that cut the search off there.
    killers: Vec<[Option<G::Move>; 2]>,
    /// The move the next search at a ply leaves out: the remembered best, while the
    /// others are searched to see whether it alone holds the score.
    excluded: Vec<Option<G::Move>>,
    /// Per [`Evaluate::slot`], how often and how deep a quiet move cut the search off
    /// (in steady games, less how often it was searched in vain before another cut).
    history: Vec<i32>,
    /// Per [`Evaluate::slot`] of a move, the quiet move that last refuted it (steady
    /// games only).
    counters: Vec<Option<G::Move>>,
    /// Per ply, the [`Evaluate::slot`] and [`Evaluate::piece_slot`] of the move that
    /// led there, where the game gives them.
    previous: Vec<(Option<usize>, Option<usize>)>,
    /// Per piece slot of a move and piece slot of a quiet move one or two plies
    /// later, how often the second cut the search off after the first (steady games
    /// only): what answers a move, and what follows up one's own move.
    follow: Vec<i32>,
    /// Per ply, the best line found from the node searched last at that ply (the
    /// triangular table): what the table alone cannot give whole, since later entries
    /// replace the line's.
    lines: Vec<Vec<G::Move>>,
    /// The best line from the root, as the last finished root search found it.
    root_line: Vec<G::Move>,
    /// The evaluation's weights.
    weights: std::sync::Arc<[f32]>,
    /// The evaluation network, where the limits give one that fits the game: it
    /// evaluates in place of the weights.
    net: Option<Arc<Net>>,
    /// Per ply, the network's sums for the position evaluated last there: a child's
    /// are its parent's moved by the inputs the move changed.
    accumulators: Vec<Option<Accumulator>>,
    /// The root's score at the last finished depth, where only the best was exact.
    guess: Option<i32>,
    /// Whether nodes near the horizon may be cut on the static score (steady games,
    /// unless the limits ask for exact scores).
    cuts: bool,
    /// Per side to move and [`Evaluate::structure_key`], by how much the searches
    /// from positions with that structure have come out above the static score, in
    /// [`CORRECTION_GRAIN`]s of a hundredth of a pawn: the static score is corrected
    /// by it (steady two-player games where nodes may be cut; empty elsewhere).
    corrections: Vec<i32>,
}

/// What the test of the remembered best move found (see [`Searcher::singular`]).
pub(super) enum Singular {
    /// It alone holds the score: it is searched a ply deeper.
    Only,
    /// Other moves come within the margin of its score: this score.
    Others(i32),
    /// The remembered result cannot tell.
    Not,
    /// The budget ran out.
    Stopped,
}

/// The player deciding here: the seat to move's colour. It differs from the army to
/// move where a player moves another's pieces (a fallen army's, a servant's on order)
/// or answers a question.
/// Whether a later quiet move off the principal line is left out near the horizon:
/// where it comes after the first few moves, or leaves its piece to be taken for
/// less.
fn left_out<G: Evaluate + Hints>(position: &G, m: &G::Move, depth: i32, i: usize) -> bool {
    (depth <= LATE_MOVE_DEPTH && i >= late_moves(depth))
        || (depth <= LOSING_QUIET_DEPTH
            && position
                .exchange(m)
                .is_some_and(|e| e < -LOSING_QUIET_PER_PLY * depth))
}

/// How many plies less a late quiet move is searched. A steady game's later moves are
/// the more reduced the later they come and the deeper the search, and the worse
/// their history, keeping at least a ply.
fn reduction<G: Evaluate + Hints>(depth: i32, i: usize, rank: i32) -> i32 {
    if G::STEADY {
        let r = 0.75 + (depth as f32).ln() * (i as f32).ln() / 2.25
            - rank as f32 / HISTORY_BOUND as f32;
        (r as i32).clamp(1, depth - 1)
    } else {
        1 + i32::from(i >= 8 && depth >= 5)
    }
}

fn mover<G: Evaluate + Hints>(position: &G) -> Side {
    position.seat_side(position.seat_to_move())
}

/// Brings the first of the highest-ranked moves to the front, the others keeping
/// their order: move by move, the order a stable sort gives.
pub(super) fn bring_best<M>(moves: &mut [(M, i32, bool)]) {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        if m.1 > moves[best].1 {
            best = i;
        }
    }
    moves[..=best].rotate_right(1);
}

/// Moves a history entry by `step`, less the more it already leans that way, so it
/// stays within [`HISTORY_BOUND`] and recent cuts outweigh old ones.
fn nudge(entry: &mut i32, step: i32) {
    *entry += step - *entry * step.abs() / HISTORY_BOUND;
}

/// A score as the table keeps it: a mate counted from the position `ply` plies from
/// the root rather than from the root, so that it holds wherever the position comes
/// again, at another ply or in the next move's search.
fn to_table(score: i32, ply: i32) -> i32 {
    if is_mate(score) {
        score + score.signum() * ply
    } else {
        score
    }
}

/// A score from the table, for the position `ply` plies from the root.
fn from_table(score: i32, ply: i32) -> i32 {
    to_table(score, -ply)
}

impl<'l, G: Evaluate + Hints> Searcher<'l, G> {
    pub fn new(root: &G, limits: &'l Limits) -> Self {
        let megabytes = limits.megabytes.unwrap_or(DEFAULT_MEGABYTES);
        let slots = Table::<G::Move>::slots_for(megabytes, limits.nodes);
        let kept = limits
            .kept
            .as_ref()
            .and_then(|k| k.take(mover(root), slots));
        let table = kept
            .as_ref()
            .map_or_else(|| Arc::new(Table::with_slots(slots)), |m| m.table.clone());
        let mut searcher = Self::with_table(root, limits, table, Arc::default(), false);
        if let Some(memory) = kept {
            searcher.recall(memory);
        }
        searcher
    }

    /// Starts from the histories and corrections the last search kept, each where it
    /// fits this search's (an analysis keeps no corrections, for one).
    fn recall(&mut self, memory: Memory<G::Move>) {
        fn fits<T>(mine: &mut Vec<T>, kept: Vec<T>) {
            if mine.len() == kept.len() {
                *mine = kept;
            }
        }
        fits(&mut self.history, memory.history);
        fits(&mut self.counters, memory.counters);
        fits(&mut self.follow, memory.follow);
        fits(&mut self.corrections, memory.corrections);
    }

    /// A search from the same root on another thread, sharing this one's table and
    /// counting its positions towards this one's.
    pub fn helper<'h>(&self, root: &G, limits: &'h Limits) -> Searcher<'h, G> {
        Searcher::with_table(root, limits, self.table.clone(), self.helpers.clone(), true)
    }

    fn with_table(
        root: &G,
        limits: &'l Limits,
        table: Arc<Table<G::Move>>,
        helpers: Arc<AtomicU64>,
        helping: bool,
    ) -> Self {
        let two_players = root.seat_count() == 2;
        let cuts = G::STEADY && !limits.exact_scores;
        Searcher {
            root: mover(root),
            limits,
            started: Instant::now(),
            nodes: 0,
            budget: limits.nodes,
            timed: true,
            stopped: false,
            table,
            helpers,
            helping,
            path: Vec::new(),
            iteration: 1,
            two_players,
            killers: Vec::new(),
            excluded: Vec::new(),
            history: vec![0; HISTORY_SLOTS],
            counters: if G::STEADY {
                vec![None; HISTORY_SLOTS]
            } else {
                Vec::new()
            },
            previous: Vec::new(),
            follow: if G::STEADY {
                vec![0; PIECE_SLOTS * PIECE_SLOTS]
            } else {
                Vec::new()
            },
            lines: Vec::new(),
            root_line: Vec::new(),
            weights: limits.weights_for::<G>(),
            net: limits.net_for(root),
            accumulators: Vec::new(),
            guess: None,
            cuts,
            corrections: if cuts && two_players {
                vec![0; 2 * CORRECTION_SLOTS]
            } else {
                Vec::new()
            },
        }
    }

    /// The static score of `position`, `ply` plies from the root, for the root's side:
    /// the network's where there is one, else the weights'.
    pub(super) fn static_score(&mut self, position: &G, ply: i32) -> i32 {
        let Some(net) = &self.net else {
            return position.evaluate(self.root, &self.weights);
        };
        let at = ply.max(0) as usize;
        if self.accumulators.len() <= at {
            self.accumulators.resize(at + 1, None);
        }
        let on = position.net_view(self.root);
        // The sums a ply up (the parent's, mostly) or last made here, moved; either
        // is right, being moved by the inputs that differ from its own.
        let base = at
            .checked_sub(1)
            .and_then(|up| self.accumulators[up].as_ref())
            .or(self.accumulators[at].as_ref());
        let accumulator = match base {
            Some(base) => base.moved(net, on),
            None => Accumulator::new(net, on),
        };
        let score = net.output(&accumulator);
        self.accumulators[at] = Some(accumulator);
        if net.base.is_empty() {
            score
        } else {
            score + position.evaluate(self.root, &net.base)
        }
    }

    /// Hands the table, the histories and the corrections to the limits' keeper, if
    /// they name one, for the next search.
    pub fn keep(self) {
        if let Some(kept) = &self.limits.kept {
            let memory = Memory {
                table: self.table,
                history: self.history,
                counters: self.counters,
                follow: self.follow,
                corrections: self.corrections,
            };
            kept.keep(self.root, memory);
        }
    }

    /// Lets the search go on past its node budget and its time (its stop flag still
    /// holds), for one more search the budget must not cut short: a review scoring
    /// the move played at the depth its best was found at.
    pub fn lift_budget(&mut self) {
        self.budget = None;
        self.timed = false;
        self.stopped = false;
    }

    /// Whether the budget, the time or the stop flag has ended the search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 255 == 0 {
            if self.helping {
                self.helpers.fetch_add(256, Ordering::Relaxed);
            }
            self.stopped = if self.timed {
                self.limits.spent(self.nodes, self.budget, self.started)
            } else {
                self.limits.stopped()
            };
        }
        self.stopped
    }

    /// The score of a finished game for the root's side.
    fn ended(&self, position: &G, ply: i32) -> Option<i32> {
        position
            .outcome(1)
            .map(|outcome| end_score(&outcome, self.root, ply))
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
        self.iteration = depth;
        self.path.clear();
        self.path.push(key);
        for (i, &m) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(&m);
            self.arrive(1, position, Some(&m));
            let next = depth - 1 + i32::from(child.check_cell().is_some());
            let score = if i == 0
                && !exact
                && let Some(guess) = self.guess
            {
                // The first move most likely keeps the last depth's score: a narrow
                // window around it cuts more, and is widened if the score leaves it.
                let (lo, hi) = (guess - ASPIRATION, guess + ASPIRATION);
                let score = self.search(&child, next, 1, lo, hi, true);
                if (score <= lo || score >= hi) && !self.stopped {
                    self.search(&child, next, 1, -WIN - 1, WIN + 1, true)
                } else {
                    score
                }
            } else if exact || i == 0 {
                let floor = if exact { -WIN - 1 } else { alpha };
                self.search(&child, next, 1, floor, WIN + 1, true)
            } else {
                // Only the best must be exact: the others need only be shown worse.
                let score = self.search(&child, next, 1, alpha, alpha + 1, true);
                if score > alpha && !self.stopped {
                    self.search(&child, next, 1, alpha, WIN + 1, true)
                } else {
                    score
                }
            };
            if self.stopped {
                // Stopped part-way: the moves searched so far still say which is
                // best where only the best must be exact, since every one after the
                // first was either shown worse or searched fully.
                if exact || i == 0 {
                    return None;
                }
                break;
            }
            if score > alpha || i == 0 {
                self.root_line = self.extended(m, 1);
            }
            alpha = alpha.max(score);
            scored.push((m, score));
        }
        scored.sort_by_key(|&(_, s)| -s);
        let best = scored.first().map(|&(m, _)| m);
        if !exact && !self.stopped {
            self.guess = scored.first().map(|s| s.1);
        }
        self.store(
            key,
            0,
            depth,
            scored.first().map_or(0, |s| s.1),
            Bound::Exact,
            best,
        );
        Some(scored)
    }

    fn store(
        &mut self,
        key: u64,
        ply: i32,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<G::Move>,
    ) {
        self.table.store(
            key,
            Entry {
                depth,
                score: to_table(score, ply),
                bound,
                best,
            },
        );
    }

    /// The best move the table remembers for a position.
    pub fn remembered(&self, position: &G) -> Option<G::Move> {
        let moves = position.searched_moves();
        let best = self.table.get(position.key(moves.len()))?.best?;
        moves.contains(&best).then_some(best)
    }

    pub(super) fn search(
        &mut self,
        position: &G,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
        may_pass: bool,
    ) -> i32 {
        self.nodes += 1;
        let at = ply as usize;
        let excluded = self.excluded.get_mut(at).and_then(Option::take);
        if self.lines.len() <= at + 1 {
            self.lines.resize_with(at + 2, Vec::new);
        }
        self.lines[at].clear();
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        if let Some(outcomes) = position.chance().and_then(|c| c.chances()) {
            return self.expectation(position, &outcomes, depth, ply);
        }
        let in_check = position.check_cell().is_some();
        // In check at the horizon, every reply is looked at (a quiet one may be the
        // only one), as long as the line is not far past the iteration's depth.
        if depth <= 0 && (!in_check || ply >= 2 * self.iteration + QUIESCENCE_PLIES) {
            return self.quiescence(position, ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let depth = depth.max(1);
        let moves = position.searched_moves();
        if moves.is_empty() {
            return self.static_score(position, ply);
        }
        let key = position.key(moves.len());
        // The same position again on this line, or a third time in the game: call it
        // even, as the repetition would be.
        if self.path.contains(&key) || self.limits.seen_twice.contains(&key) {
            return 0;
        }
        let remembered = self.table.get(key).map(|e| Entry {
            score: from_table(e.score, ply),
            ..e
        });
        if let Some(e) = remembered
            && e.depth >= depth
            && excluded.is_none()
            && let Some(score) = e.decides(alpha, beta)
        {
            return score;
        }
        let maximising = mover(position) == self.root;
        // In a steady two-player game, out of check, the static score is worked out
        // for the null move and, off the principal line, for the cuts near the
        // horizon that may leave something out.
        let steady_node = self.cuts && self.two_players && !in_check && excluded.is_none();
        let may_cut = steady_node && beta - alpha == 1;
        // Near the horizon there, a position far beyond what the other side can allow
        // is taken as it stands, and one far short of it is searched only for its
        // noisy moves.
        let raw = steady_node.then(|| self.static_score(position, ply));
        let corrected = raw.map(|raw| self.corrected(position, raw));
        // A remembered score that bounds the position beyond the static score is the
        // better guess.
        let stand = corrected.map(|s| remembered.map_or(s, |e| e.beyond(s)));
        let mut futile = false;
        if let Some(stand) = stand
            && may_cut
            && !is_mate(alpha)
        {
            match near_horizon(stand, depth, (alpha, beta, maximising)) {
                Horizon::Decided(score) => return score,
                Horizon::Search { futile: f } => futile = f,
            }
        }
        if may_pass
            && excluded.is_none()
            && self.two_players
            && !in_check
            && depth >= NULL_MOVE_DEPTH
            // Where the static score falls short of the bound, a free move seldom
            // makes up for it: the test would cost a search and fail.
            && stand.is_none_or(|s| if maximising { s >= beta } else { s <= alpha })
            && let Some(passed) = position.pass()
        {
            let window = (alpha, beta, maximising);
            if let Some(score) = self.null_move(position, &passed, depth, ply, key, window) {
                return score;
            }
        }
        if may_cut && depth >= PROBCUT_DEPTH && !is_mate(alpha) {
            if let Some(score) = self.probcut(position, depth, ply, key, alpha, beta) {
                return score;
            }
            if self.stopped {
                return 0;
            }
        }
        let first = remembered.and_then(|e| e.best);
        // Only in steady two-player games (chess), where games against the search
        // without it measured it; the other games keep the search they were measured
        // with.
        let singular = match remembered {
            Some(e)
                if G::STEADY
                    && self.two_players
                    && excluded.is_none()
                    && depth >= SINGULAR_DEPTH =>
            {
                match self.singular(position, e, depth, ply) {
                    Singular::Only => true,
                    // Where another move too reaches past the bound, more than one
                    // refutes the opponent's move: the node is cut at once.
                    Singular::Others(bar) if maximising && bar >= beta => return bar,
                    Singular::Others(bar) if !maximising && bar <= alpha => return bar,
                    Singular::Others(_) | Singular::Not => false,
                    Singular::Stopped => return 0,
                }
            }
            _ => false,
        };
        let mut ordered = self.ranked(position, ply, moves, first);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        // The quiet moves searched here that did not cut, to be ranked down when a
        // later one does.
        let mut passed_over = Vec::new();
        self.path.push(key);
        for i in 0..ordered.len() {
            // Most cuts come on the first moves: those are picked one at a time, and
            // the rest sorted at once only where none of them cut.
            match i.cmp(&PICKED) {
                std::cmp::Ordering::Less => bring_best(&mut ordered[i..]),
                std::cmp::Ordering::Equal => ordered[i..].sort_by_key(|&(_, rank, _)| -rank),
                std::cmp::Ordering::Greater => {}
            }
            let (m, rank, quiet) = ordered[i];
            if Some(m) == excluded {
                continue;
            }
            let mut child = position.clone();
            child.play(&m);
            self.arrive(ply + 1, position, Some(&m));
            let checks = child.check_cell().is_some();
            // Near the horizon off the principal line, a later quiet move is not looked
            // at where the position is futile, where it comes after the first few
            // moves, or where it leaves its piece to be taken for less.
            if quiet
                && !checks
                && i > 0
                && (futile || (may_cut && left_out(position, &m, depth, i)))
            {
                continue;
            }
            let extended = (checks || (singular && Some(m) == first)) && ply < 2 * self.iteration;
            let next = depth - 1 + i32::from(extended);
            let score = if i == 0 {
                self.search(&child, next, ply + 1, alpha, beta, true)
            } else {
                // Later moves are first only shown to be no better, with a null window,
                // and late quiet ones at a reduced depth; a move that seems better is
                // searched again properly.
                let late = depth >= 3 && i >= 3 && quiet && !in_check && !checks && rank < COUNTER;
                let reduction = if late {
                    reduction::<G>(depth, i, rank)
                } else {
                    0
                };
                let window = (alpha, beta, maximising);
                self.search_later(&child, (next, reduction), ply, window)
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            // A move inside the window is the line from here so far.
            if (maximising && score > alpha) || (!maximising && score < beta) {
                self.lines[at] = self.extended(m, at + 1);
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
                if quiet {
                    self.remember_cutoff(position, m, ply, depth, &passed_over);
                }
                break;
            }
            if quiet && G::STEADY {
                passed_over.push(m);
            }
        }
        self.path.pop();
        if excluded.is_some() {
            return best;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // What a quiet search found beyond the static score, where the bound says
        // the true score lies that way too, corrects the static score of positions
        // with the same structure.
        if let (Some(raw), Some(stand)) = (raw, corrected)
            && !is_mate(best)
            && best_move.is_none_or(|m| !position.noisy(&m))
            && !(bound == Bound::Lower && best <= stand)
            && !(bound == Bound::Upper && best >= stand)
        {
            self.correct(position, best - raw, depth);
        }
        self.store(key, ply, depth, best, bound, best_move);
        best
    }

    /// The moves in the order they are tried, each with its rank and whether it is
    /// quiet: the remembered best move, then captures that win or hold material,
    /// then the quiet moves by their history, then captures that lose material.
    fn ranked(
        &self,
        position: &G,
        ply: i32,
        moves: Vec<G::Move>,
        first: Option<G::Move>,
    ) -> Vec<(G::Move, i32, bool)> {
        let quiet_rank = self.quiet_rank(position, ply);
        moves
            .into_iter()
            .map(move |m| {
                let quiet = !position.noisy(&m);
                let rank = if Some(m) == first {
                    i32::MAX
                } else if !quiet && position.exchange(&m).is_some_and(|e| e < 0) {
                    LOSING + position.order(&m)
                } else if !quiet {
                    NOISY + position.order(&m)
                } else {
                    quiet_rank(&m)
                };
                (m, rank, quiet)
            })
            .collect()
    }

    /// A move after the first, first only shown to be no better, with a null window
    /// and `reduction` plies less than `next`; a move that seems better is searched
    /// again properly.
    fn search_later(
        &mut self,
        child: &G,
        (next, reduction): (i32, i32),
        ply: i32,
        (alpha, beta, maximising): (i32, i32, bool),
    ) -> i32 {
        let (lo, hi) = if maximising {
            (alpha, alpha + 1)
        } else {
            (beta - 1, beta)
        };
        let better = |s: i32| if maximising { s > alpha } else { s < beta };
        let mut score = self.search(child, next - reduction, ply + 1, lo, hi, true);
        if reduction > 0 && better(score) && !self.stopped {
            score = self.search(child, next, ply + 1, lo, hi, true);
        }
        if better(score) && score > alpha && score < beta && !self.stopped {
            score = self.search(child, next, ply + 1, alpha, beta, true);
        }
        score
    }

    /// Whether the remembered best move is the only one that holds its remembered
    /// score: every other move, searched half as deep with the best left out, falls
    /// a margin short of it.
    pub(super) fn singular(
        &mut self,
        position: &G,
        remembered: Entry<G::Move>,
        depth: i32,
        ply: i32,
    ) -> Singular {
        let Some(best) = remembered.best else {
            return Singular::Not;
        };
        let maximising = mover(position) == self.root;
        // The remembered score must be at least as good for the side to move as it
        // says, from a search not much shallower.
        let holds = match remembered.bound {
            Bound::Exact => true,
            Bound::Lower => maximising,
            Bound::Upper => !maximising,
        };
        if !holds || remembered.depth < depth - 3 || is_mate(remembered.score) {
            return Singular::Not;
        }
        let at = ply as usize;
        if self.excluded.len() <= at {
            self.excluded.resize(at + 1, None);
        }
        self.excluded[at] = Some(best);
        let margin = SINGULAR_MARGIN * depth;
        let reduced = (depth - 1) / 2;
        let (bar, only) = if maximising {
            let bar = remembered.score - margin;
            let score = self.search(position, reduced, ply, bar - 1, bar, false);
            (bar, score < bar)
        } else {
            let bar = remembered.score + margin;
            let score = self.search(position, reduced, ply, bar, bar + 1, false);
            (bar, score > bar)
        };
        self.lines[at].clear();
        match (self.stopped, only) {
            (true, _) => Singular::Stopped,
            (false, true) => Singular::Only,
            (false, false) => Singular::Others(bar),
        }
    }

    /// ProbCut: off the principal line, a capture that keeps a position a margin past
    /// the bound in a search a few plies shallower almost surely keeps it past the
    /// bound in the full one, so the node is cut on it. Only captures that could
    /// reach the bar by what they win are tried, and only where the quiescence
    /// search after them reaches it first.
    pub(super) fn probcut(
        &mut self,
        position: &G,
        depth: i32,
        ply: i32,
        key: u64,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let maximising = mover(position) == self.root;
        let bar = if maximising {
            beta + PROBCUT_MARGIN
        } else {
            alpha - PROBCUT_MARGIN
        };
        let (lo, hi) = if maximising {
            (bar - 1, bar)
        } else {
            (bar, bar + 1)
        };
        let holds = |s: i32| if maximising { s >= bar } else { s <= bar };
        let stand = self.static_score(position, ply);
        let mut captures: Vec<(G::Move, i32)> = position
            .noisy_moves()
            .into_iter()
            .filter_map(|m| {
                let gain = position.exchange(&m)?;
                let reaches = if maximising {
                    stand + gain >= bar
                } else {
                    stand - gain <= bar
                };
                (gain >= 0 && reaches).then(|| (m, position.order(&m)))
            })
            .collect();
        captures.sort_by_key(|&(_, order)| -order);
        self.path.push(key);
        let mut found = None;
        for (m, _) in captures {
            let mut child = position.clone();
            child.play(&m);
            self.arrive(ply + 1, position, Some(&m));
            let mut score = self.quiescence(&child, ply + 1, lo, hi, QUIESCENCE_PLIES);
            if holds(score) && !self.stopped {
                score = self.search(&child, depth - PROBCUT_REDUCTION, ply + 1, lo, hi, true);
            }
            if self.stopped {
                break;
            }
            if holds(score) {
                let bound = if maximising {
                    Bound::Lower
                } else {
                    Bound::Upper
                };
                found = Some((score, m, bound));
                break;
            }
        }
        self.path.pop();
        let (score, m, bound) = found?;
        let depth = depth - PROBCUT_REDUCTION + 1;
        self.store(key, ply, depth, score, bound, Some(m));
        Some(score)
    }

    /// A chance node (a die about to be rolled): the mean of its outcomes' scores, each
    /// searched exactly at the same depth, weighted by how likely it is. At the horizon
    /// the position stands as it is: nothing has moved yet.
    fn expectation(
        &mut self,
        position: &G,
        outcomes: &[(G::Move, u32)],
        depth: i32,
        ply: i32,
    ) -> i32 {
        if depth <= 0 {
            return self.static_score(position, ply);
        }
        let mut total = 0i64;
        let mut weights = 0i64;
        for (m, weight) in outcomes {
            let mut child = position.clone();
            child.play(m);
            let score = self.search(&child, depth, ply, -WIN - 1, WIN + 1, true);
            if self.stopped {
                return 0;
            }
            total += i64::from(score) * i64::from(*weight);
            weights += i64::from(*weight);
        }
        (total / weights.max(1)) as i32
    }

    /// How early each quiet move is tried at `ply`: the killers first, then the move
    /// that last refuted the opponent's last move, then the others by their history.
    pub(super) fn quiet_rank<'s>(
        &'s self,
        position: &'s G,
        ply: i32,
    ) -> impl Fn(&G::Move) -> i32 + 's {
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let counter = self.counter(ply);
        let before = self.pieces_before(ply);
        move |m| {
            if Some(*m) == killers[0] {
                KILLER
            } else if Some(*m) == killers[1] {
                KILLER - 1
            } else if Some(*m) == counter {
                COUNTER
            } else {
                let follow = position.piece_slot(m).map_or(0, |piece| {
                    before
                        .iter()
                        .flatten()
                        .map(|b| {
                            self.follow
                                .get(b * PIECE_SLOTS + piece)
                                .copied()
                                .unwrap_or(0)
                        })
                        .sum()
                });
                position.order(m) + position.slot(m).map_or(0, |i| self.history[i]) + follow
            }
        }
    }

    /// A quiet move that refuted the opponent's: tried early at this ply elsewhere, and
    /// wherever the game can index it, the more the deeper the search it cut. In
    /// steady games the quiet moves searched before it in vain are ranked down as much.
    pub(super) fn remember_cutoff(
        &mut self,
        position: &G,
        m: G::Move,
        ply: i32,
        depth: i32,
        passed_over: &[G::Move],
    ) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        if !G::STEADY {
            if let Some(i) = position.slot(&m) {
                let h = &mut self.history[i];
                *h = (*h + depth * depth).min(HISTORY_CAP);
            }
            return;
        }
        if let Some((Some(before), _)) = self.previous.get(ply)
            && let Some(counter) = self.counters.get_mut(*before)
        {
            *counter = Some(m);
        }
        let step = (16 * depth * depth).min(HISTORY_STEP);
        let before = self.pieces_before(ply as i32);
        let moves = std::iter::once((&m, step)).chain(passed_over.iter().map(|o| (o, -step)));
        for (m, step) in moves {
            if let Some(i) = position.slot(m) {
                nudge(&mut self.history[i], step);
            }
            if let Some(piece) = position.piece_slot(m) {
                for b in before.iter().flatten() {
                    if let Some(entry) = self.follow.get_mut(b * PIECE_SLOTS + piece) {
                        nudge(entry, step);
                    }
                }
            }
        }
    }

    /// The piece slots of the moves one and two plies before `ply`.
    fn pieces_before(&self, ply: i32) -> [Option<usize>; 2] {
        let at = |p: i32| {
            usize::try_from(p)
                .ok()
                .and_then(|p| self.previous.get(p)?.1)
        };
        [at(ply), at(ply - 1)]
    }

    /// Notes the move `m` from `position` that reaches `ply` (None for a pass), for
    /// the reply's counter move and the follow-up history: only steady games keep
    /// them, so the others skip it.
    pub(super) fn arrive(&mut self, ply: i32, position: &G, m: Option<&G::Move>) {
        if !G::STEADY {
            return;
        }
        let ply = ply as usize;
        if self.previous.len() <= ply {
            self.previous.resize(ply + 1, (None, None));
        }
        self.previous[ply] = (
            m.and_then(|m| position.slot(m)),
            m.and_then(|m| position.piece_slot(m)),
        );
    }

    /// Where the correction of `position`'s static score is kept, if it is.
    fn correction_slot(&self, position: &G) -> Option<usize> {
        if self.corrections.is_empty() {
            return None;
        }
        let key = position.structure_key()?;
        let side = mover(position).index() & 1;
        Some(side * CORRECTION_SLOTS + (key as usize & (CORRECTION_SLOTS - 1)))
    }

    /// The static score `raw` (for the root's side) of `position`, corrected by what
    /// deeper searches found for its structure.
    pub(super) fn corrected(&self, position: &G, raw: i32) -> i32 {
        let Some(slot) = self.correction_slot(position) else {
            return raw;
        };
        let by = self.corrections[slot] / CORRECTION_GRAIN;
        if mover(position) == self.root {
            raw + by
        } else {
            raw - by
        }
    }

    /// Moves the correction for `position`'s structure toward `found`, how far a
    /// search `depth` plies deep came out above its static score (for the root's
    /// side): the deeper the search, the further.
    pub(super) fn correct(&mut self, position: &G, found: i32, depth: i32) {
        let Some(slot) = self.correction_slot(position) else {
            return;
        };
        let found = if mover(position) == self.root {
            found
        } else {
            -found
        };
        let target = found.clamp(-4 * CORRECTION_LIMIT, 4 * CORRECTION_LIMIT) * CORRECTION_GRAIN;
        let weight = ((depth + 1) * (depth + 1)).min(128);
        let entry = &mut self.corrections[slot];
        *entry = ((*entry * (1024 - weight) + target * weight) / 1024).clamp(
            -CORRECTION_LIMIT * CORRECTION_GRAIN,
            CORRECTION_LIMIT * CORRECTION_GRAIN,
        );
    }

    /// The quiet move that last refuted the move that reached `ply`.
    fn counter(&self, ply: i32) -> Option<G::Move> {
        let before = self.previous.get(ply as usize)?.0?;
        *self.counters.get(before)?
    }

    /// The null move: the opponent moves twice, searched shallower. Where even that
    /// leaves the position past the bound, the node is cut with the bound; 0 where the
    /// search was stopped; None where the test does not cut.
    fn null_move(
        &mut self,
        position: &G,
        passed: &G,
        depth: i32,
        ply: i32,
        key: u64,
        (alpha, beta, maximising): (i32, i32, bool),
    ) -> Option<i32> {
        let reduced = depth - 1 - NULL_MOVE_REDUCTION - depth / 6;
        self.arrive(ply + 1, position, None);
        self.path.push(key);
        let score = if maximising {
            self.search(passed, reduced, ply + 1, beta - 1, beta, false)
        } else {
            self.search(passed, reduced, ply + 1, alpha, alpha + 1, false)
        };
        self.path.pop();
        if self.stopped {
            return Some(0);
        }
        // A mate found only because the opponent passed proves nothing.
        if is_mate(score) {
            None
        } else if maximising && score >= beta {
            Some(beta)
        } else if !maximising && score <= alpha {
            Some(alpha)
        } else {
            None
        }
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
        if position.chance().is_some_and(|c| c.chances().is_some()) {
            return self.static_score(position, ply);
        }
        let maximising = mover(position) == self.root;
        let forced = position.capture_compulsory();
        let mut best = if forced {
            if maximising { -WIN - 1 } else { WIN + 1 }
        } else {
            let raw = self.static_score(position, ply);
            let stand = self.corrected(position, raw);
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
                self.static_score(position, ply)
            } else {
                best
            };
        }
        let mut moves = position.noisy_moves();
        moves.retain(|m| forced || position.exchange(m).is_none_or(|e| e >= 0));
        if moves.is_empty() {
            return if forced {
                self.static_score(position, ply)
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
    /// `m` followed by the line found below it, at ply `below`.
    fn extended(&self, m: G::Move, below: usize) -> Vec<G::Move> {
        let mut line = vec![m];
        if let Some(rest) = self.lines.get(below) {
            line.extend_from_slice(rest);
        }
        line
    }

    /// The best line from the root starting with `first`, `plies` long at most: the
    /// root search's own line where it starts so, continued from the table.
    pub fn line(&self, position: &G, first: G::Move, plies: usize) -> Vec<G::Move> {
        let mut line = if self.root_line.first() == Some(&first) {
            self.root_line.clone()
        } else {
            vec![first]
        };
        line.truncate(plies.max(1));
        let mut p = position.clone();
        for m in &line {
            p.play(m);
        }
        while line.len() < plies && p.outcome(1).is_none() {
            let Some(m) = self.remembered(&p) else { break };
            line.push(m);
            p.play(&m);
        }
        line
    }

    /// Where the search stands: its positions are its own and its helpers'.
    pub fn progress(&self, depth: i32, score: i32, pv: Vec<G::Move>) -> Progress<G::Move> {
        let nodes = self.nodes + self.helpers.load(Ordering::Relaxed);
        Progress::timed(depth, score, nodes, self.started, pv)
    }
}

/// What the static score says of a node near the horizon, off the principal line.
enum Horizon {
    /// So far past the bound that the node is taken as it stands.
    Decided(i32),
    /// Searched; `futile` where it lies so far short of the bound that only its noisy
    /// moves could bring it back.
    Search { futile: bool },
}

/// Judges a node near the horizon by its static score `stand`.
fn near_horizon(stand: i32, depth: i32, (alpha, beta, maximising): (i32, i32, bool)) -> Horizon {
    let margin = FUTILE_PER_PLY * depth;
    if depth <= FUTILE_DEPTH {
        if maximising && stand - margin >= beta {
            return Horizon::Decided(stand - margin);
        }
        if !maximising && stand + margin <= alpha {
            return Horizon::Decided(stand + margin);
        }
    }
    let margin = FUTILE_MOVE + FUTILE_MOVE_PER_PLY * depth;
    let futile = depth <= FUTILE_MOVE_DEPTH
        && if maximising {
            stand + margin <= alpha
        } else {
            stand - margin >= beta
        };
    Horizon::Search { futile }
}
