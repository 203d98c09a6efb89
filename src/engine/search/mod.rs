//! The computer player: one search over the [`Game`] trait, each game adding its
//! [`Evaluate`] (declared in the rules, `rules::computer`, beside the games that
//! implement it). A position of any game is searched through [`Think`]. Levels differ by the search's budget and, below the hardest, by a
//! human-looking choice among the good moves: the better a move scored, the likelier
//! it is played, so the easy level misses a pawn now and then but never plays at random.
//! Everything is deterministic for a given seed and node budget.
//!
//! [`Game`]: crate::rules::Game

mod alphabeta;
mod brs;
mod judge;
mod kept;
mod maxn;
mod position;
mod table;
#[cfg(test)]
mod tests;

// What a game brings to the search and what a search answers are the rules'
// (`rules::computer`), where each game implements them; the search names them here too.
pub use crate::rules::computer::{
    Choose, Evaluate, Feature, HISTORY_SLOTS, Hints, Judgement, Level, Progress, Search, Sparse,
    Sum, Tally, Thought, Trace, WIN, captures, each_piece, hand, is_mate, mix, seen_twice, worth,
};
pub use judge::judge;
pub use kept::Kept;
pub use position::Think;

use alphabeta::Searcher;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// When to stop thinking. With no time and no stop flag the search is deterministic.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// Set from another thread to stop at once (UCI's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// The transposition table's size in megabytes (UCI's `Hash`); 32 when None.
    pub megabytes: Option<usize>,
    /// The keys ([`Hints::key`]) of the positions the game has been through twice
    /// ([`seen_twice`]): the search scores reaching one again as a draw, as the
    /// repetition is, so the side ahead does not go round in circles. A position on
    /// the search's own line counts the first time it comes back.
    pub seen_twice: Arc<HashSet<u64>>,
    /// The evaluation's weights, one per [`Evaluate::FEATURES`]; the hand-set ones
    /// when None (or when they do not fit the game).
    pub weights: Option<Arc<[f32]>>,
    /// The evaluation network ([`crate::engine::net`]) to evaluate by in place of the
    /// weights, where it fits the game; the weights alone when None.
    pub net: Option<Arc<crate::engine::net::Net>>,
    /// How a game of more than two players is searched.
    pub many: Many,
    /// Scores as exact as the depth allows, for comparing them (a review): no node
    /// is cut on its static score near the horizon, which would give a bound instead.
    pub exact_scores: bool,
    /// Where the search takes its table, histories and corrections from and leaves
    /// them for the next search, so a game's moves build on one another; a fresh
    /// start each search when None.
    pub kept: Option<Kept>,
    /// How many threads search together (UCI's `Threads`), sharing the table; one
    /// when 0 or 1, which alone keeps a search to a node budget deterministic.
    pub threads: usize,
}

/// The threads a search in the app may take: every core but one, which the window
/// keeps for itself (one on a machine of one or two cores).
pub fn spare_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// The search for games of more than two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Many {
    /// Alpha-beta with the others taken to play together against the player to move
    /// ([`alphabeta`]).
    #[default]
    Paranoid,
    /// Each player takes the move best for itself ([`maxn`]).
    MaxN,
    /// The player to move against the single best reply of any opponent ([`brs`]).
    BestReply,
}

impl Limits {
    /// Whether a search that has looked at `nodes` positions since `started` must
    /// stop: its node budget (`budget`, the limits' own unless lifted) is spent, its
    /// time is up, or its stop flag is raised.
    fn spent(&self, nodes: u64, budget: Option<u64>, started: Instant) -> bool {
        budget.is_some_and(|n| nodes >= n)
            || self.time.is_some_and(|t| started.elapsed() >= t)
            || self.stopped()
    }

    /// Whether the stop flag is raised.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The network to evaluate `G` by: the limits' own where its inputs are the
    /// game's (as on `root`'s board).
    fn net_for<G: Evaluate + Hints>(&self, root: &G) -> Option<Arc<crate::engine::net::Net>> {
        let width = root.net_layout().width();
        self.net.clone().filter(|n| {
            n.width == width && (n.base.is_empty() || n.base.len() == G::FEATURES.len())
        })
    }

    /// How to score `G`'s positions at a glance, from scratch each time (the
    /// searches of more than two players; alpha-beta moves the network's sums along).
    fn glance<G: Evaluate + Hints>(&self, root: &G) -> Glance {
        Glance {
            weights: self.weights_for::<G>(),
            net: self.net_for(root),
        }
    }

    /// The weights to evaluate `G` by: the limits' own where they fit its features,
    /// else the hand-set ones.
    fn weights_for<G: Evaluate + Hints>(&self) -> Arc<[f32]> {
        self.weights
            .clone()
            .filter(|w| w.len() == G::FEATURES.len())
            .unwrap_or_else(|| hand(G::FEATURES).into())
    }
}

/// A position's score at a glance: by the network where there is one, else by the
/// weights.
struct Glance {
    weights: Arc<[f32]>,
    net: Option<Arc<crate::engine::net::Net>>,
}

impl Glance {
    fn score<G: Evaluate + Hints>(&self, position: &G, side: crate::rules::side::Side) -> i32 {
        match &self.net {
            Some(net) => {
                let features = if net.base.is_empty() {
                    0
                } else {
                    position.evaluate(side, &net.base)
                };
                features + net.evaluate(&position.net_view(side))
            }
            None => position.evaluate(side, &self.weights),
        }
    }
}

/// A level's search: the deepest search, the node budget, and how far (in evaluation
/// units) a move may fall short of the best and still be chosen fairly often.
fn settings(level: Level) -> (u32, Option<u64>, f64) {
    match level {
        Level::Easy => (2, Some(4_000), 90.0),
        Level::Normal => (4, Some(80_000), 25.0),
        Level::Hard => (64, None, 0.0),
    }
}

/// The thought of the deepest depth `done`, or where not even one finished within
/// the budget (`nodes` searched), the move `first` gives (the game's own order's
/// first), unscored.
fn concluded<M: Copy>(
    done: Option<Progress<M>>,
    nodes: u64,
    first: impl FnOnce() -> M,
) -> Thought<M> {
    let progress = done.unwrap_or_else(|| Progress {
        depth: 0,
        score: 0,
        nodes,
        nps: 0,
        millis: 0,
        pv: vec![first()],
    });
    Thought {
        best: progress.pv[0],
        progress,
    }
}

/// A finished depth and its root moves with their scores, best first.
type Scored<M> = (i32, Vec<(M, i32)>);

/// Chooses a move for the side to move, or None where it has none (the game is over).
/// `report` hears each finished depth.
pub fn think<G: Evaluate + Hints + Sync>(
    position: &G,
    level: Level,
    limits: &Limits,
    seed: u64,
    report: &mut dyn FnMut(&Progress<G::Move>),
) -> Option<Thought<G::Move>> {
    let moves = position.searched_moves();
    if position.outcome(1).is_some() || moves.is_empty() {
        return None;
    }
    let (deepest, budget, spread) = settings(level);
    let limits = Limits {
        depth: Some(limits.depth.unwrap_or(deepest).min(deepest)),
        nodes: match (limits.nodes, budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..limits.clone()
    };
    if position.seat_count() > 2 {
        match limits.many {
            Many::MaxN => return maxn::think(position, &limits, report),
            Many::BestReply if brs::fits(position) => {
                return brs::think(position, &limits, report);
            }
            _ => {}
        }
    }
    let mut searcher = Searcher::new(position, &limits);
    let deepest = limits.depth.unwrap_or(deepest);
    let done = together(&mut searcher, position, &limits, deepest, |searcher| {
        deepen(
            searcher,
            position,
            1,
            deepest,
            spread > 0.0,
            |s, depth, scored| {
                let best = scored[0];
                let pv = s.line(position, best.0, depth as usize);
                report(&s.progress(depth, best.1, pv));
            },
        )
    });
    // Not even one depth within the budget: the first move by the game's own ordering.
    let (depth, scored) = done.unwrap_or_else(|| (0, vec![(ordered(position)[0], 0)]));
    let best = choose(&scored, spread, seed);
    let score = scored.iter().find(|s| s.0 == best).map_or(0, |s| s.1);
    let pv = searcher.line(position, best, depth.max(1) as usize);
    let progress = searcher.progress(depth, score, pv);
    searcher.keep();
    Some(Thought { best, progress })
}

/// Runs `main`, the search whose result counts, with `limits.threads - 1` helpers on
/// threads of their own until it ends (Lazy SMP): each helper deepens from the same
/// root with its own move ordering, every other one a ply ahead of the main search,
/// and what any of them learns goes into the table they share, where the main search
/// finds it. Helpers go on with their time, but no node budget binds them.
fn together<'l, G: Evaluate + Hints + Sync, R>(
    searcher: &mut Searcher<'l, G>,
    position: &G,
    limits: &Limits,
    deepest: u32,
    main: impl FnOnce(&mut Searcher<'l, G>) -> R,
) -> R {
    if limits.threads <= 1 {
        return main(searcher);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let helping = Limits {
        nodes: None,
        stop: Some(stop.clone()),
        ..limits.clone()
    };
    std::thread::scope(|scope| {
        for i in 1..limits.threads {
            let mut helper = searcher.helper(position, &helping);
            let ahead = (i % 2) as i32;
            scope.spawn(move || {
                deepen(
                    &mut helper,
                    position,
                    1 + ahead,
                    deepest,
                    false,
                    |_, _, _| {},
                )
            });
        }
        // The caller's stop flag and time end the main search; the helpers then end
        // with it, even where it panicked (the scope waits for them).
        let _ending = Ending(stop);
        main(searcher)
    })
}

/// Raises the helpers' stop flag when the main search ends, however it ends.
struct Ending(Arc<AtomicBool>);

impl Drop for Ending {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The legal moves, the likeliest best first by the game's own guess.
fn ordered<G: Evaluate + Hints>(position: &G) -> Vec<G::Move> {
    let mut order = position.searched_moves();
    order.sort_by_key(|m| -position.order(m));
    order
}

/// Searches the root one depth deeper at a time, from `first` to `deepest`, until the
/// budget runs out or the result is decided (a forced win or loss, or a single move),
/// each depth ordered by the scores of the one before; `finished` hears each finished
/// depth. The deepest finished depth and its moves scored, best first (exactly each
/// when `exact`, else the best only), or None where not even the first finished. Where
/// only the best must be exact, the last depth may be one the budget cut short after
/// its first move.
fn deepen<G: Evaluate + Hints>(
    searcher: &mut Searcher<'_, G>,
    position: &G,
    first: i32,
    deepest: u32,
    exact: bool,
    mut finished: impl FnMut(&Searcher<'_, G>, i32, &[(G::Move, i32)]),
) -> Option<Scored<G::Move>> {
    let mut order = ordered(position);
    let mut done = None;
    for depth in first..=deepest as i32 {
        let Some(scored) = searcher.root(position, &order, depth, exact) else {
            break;
        };
        order = scored.iter().map(|&(m, _)| m).collect();
        finished(searcher, depth, &scored);
        let decided = is_mate(scored[0].1) || order.len() == 1;
        done = Some((depth, scored));
        // A depth cut short by the budget still chose (see `Searcher::root`).
        if decided || searcher.stopped() {
            break;
        }
    }
    done
}

/// Picks among scored moves: the best when `spread` is 0, else each with a weight that
/// halves for every `spread` it falls short of the best. A move that walks into a lost
/// game is never chosen while another does not.
fn choose<M: Copy>(scored: &[(M, i32)], spread: f64, seed: u64) -> M {
    let top = scored[0].1;
    if spread <= 0.0 || scored.len() == 1 || is_mate(top) {
        return scored[0].0;
    }
    let candidates: Vec<(M, f64)> = scored
        .iter()
        .filter(|&&(_, s)| s > 0 || !is_mate(s))
        .map(|&(m, s)| (m, 0.5f64.powf(f64::from(top - s) / spread)))
        .collect();
    let total: f64 = candidates.iter().map(|c| c.1).sum();
    let mut pick = (mix(seed) >> 11) as f64 / (1u64 << 53) as f64 * total;
    for &(m, w) in &candidates {
        if pick < w {
            return m;
        }
        pick -= w;
    }
    scored[0].0
}

/// The engine's search under these limits, as a game's [`Choose`] asks for it.
impl Search for Limits {
    fn think<G: Evaluate + Hints + Sync>(
        &self,
        position: &G,
        level: Level,
        seed: u64,
        report: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Option<Thought<G::Move>> {
        think(position, level, self, seed, report)
    }

    fn judge<G: Evaluate + Hints + Sync>(
        &self,
        position: &G,
        played: G::Move,
    ) -> Option<Judgement<G::Move>> {
        judge(position, played, self)
    }
}
