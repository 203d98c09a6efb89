//! How the computer chooses in a game: the engine's search over its evaluation, unless
//! the game has a way of its own (bughouse searches the seat's own board, Chapayev
//! simulates shots). The registry asks every game the same way and holds no case for
//! any. The search itself is the engine's (`engine::search`): a game reaches
//! it through [`Search`], which the engine implements, so the rules never name it.

use super::{Evaluate, Hints};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// A search, as a game's [`Choose`] asks for one: the engine's, under the limits it
/// was given (`engine::search::Limits` implements it).
pub trait Search {
    /// Chooses a move for the side to move in `position`, or None where it has none
    /// (the game is over). `report` hears each finished depth.
    fn think<G: Evaluate + Hints + Sync>(
        &self,
        position: &G,
        level: Level,
        seed: u64,
        report: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Option<Thought<G::Move>>;

    /// How `played` compares with the best move in `position`; None where the game is
    /// over, the move is not legal, or not even one depth could be searched.
    fn judge<G: Evaluate + Hints + Sync>(
        &self,
        position: &G,
        played: G::Move,
    ) -> Option<Judgement<G::Move>>;
}

pub trait Choose: Evaluate + Hints + Sync {
    /// The computer's choice for the seat to move, by `search`; `report` hears each
    /// finished depth. None where the game is over or nothing is to be chosen.
    fn choose(
        &self,
        level: Level,
        search: &impl Search,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Self::Move>),
    ) -> Option<Thought<Self::Move>> {
        search.think(self, level, seed, report)
    }

    /// How `played` compares with the best move here (a review's judgement), by
    /// `search`; None where no search chooses the move or it is not legal here.
    fn judge_move(
        &self,
        played: Self::Move,
        search: &impl Search,
    ) -> Option<Judgement<Self::Move>> {
        search.judge(self, played)
    }
}

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub const fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Reads what [`Level::id`] writes.
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// Where the search stands after a finished depth: for `info` lines and stderr.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<M> {
    pub depth: u32,
    /// For the side to move, in the evaluation's units (mate scores near [`WIN`]).
    pub score: i32,
    pub nodes: u64,
    pub nps: u64,
    pub millis: u64,
    pub pv: Vec<M>,
}

impl<M> Progress<M> {
    /// A search's progress at `depth`, its speed reckoned from when it `started`.
    pub fn timed(depth: i32, score: i32, nodes: u64, started: Instant, pv: Vec<M>) -> Self {
        let seconds = started.elapsed().as_secs_f64();
        Progress {
            depth: depth as u32,
            score,
            nodes,
            nps: (nodes as f64 / seconds.max(1e-6)) as u64,
            millis: (seconds * 1000.0) as u64,
            pv,
        }
    }

    /// The same progress with its line's moves turned into another type.
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Progress<N>
    where
        M: Copy,
    {
        Progress {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            nps: self.nps,
            millis: self.millis,
            pv: self.pv.iter().map(|&m| f(m)).collect(),
        }
    }
}

/// The move chosen, and the search that chose it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    pub best: M,
    pub progress: Progress<M>,
}

impl<M: Copy> Thought<M> {
    /// The same thought with its moves turned into another type (a game's move into
    /// the registry's, a board's into bughouse's).
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Thought<N> {
        Thought {
            best: f(self.best),
            progress: self.progress.map(f),
        }
    }
}

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
