//! How the computer chooses in a game: the search over its evaluation, unless the game
//! has a way of its own (bughouse searches the seat's own board, Chapayev simulates
//! shots). The registry asks every game the same way and holds no case for any.

use super::{Evaluate, Judgement, Level, Limits, Progress, Thought, judge, think};

pub trait Choose: Evaluate + Sync {
    /// The computer's choice for the seat to move; `report` hears each finished
    /// depth. None where the game is over or nothing is to be chosen.
    fn choose(
        &self,
        level: Level,
        limits: &Limits,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Self::Move>),
    ) -> Option<Thought<Self::Move>> {
        think(self, level, limits, seed, report)
    }

    /// How `played` compares with the best move here (a review's judgement); None
    /// where no search chooses the move or it is not legal here.
    fn judge_move(&self, played: Self::Move, limits: &Limits) -> Option<Judgement<Self::Move>> {
        judge(self, played, limits)
    }
}
