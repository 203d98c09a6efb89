//! Chapayev in the search's terms: the checkers each side has on the board. Shots are
//! continuous, so the table's own player (`ai`) chooses them by simulation; this
//! serves the moves the game does list (the lot).

use super::Action;
use super::Chapayev;
use crate::rules::computer::{
    Choose, Evaluate, Feature, Judgement, Level, Progress, Search, Tally, Thought,
};
use crate::rules::game::Game;
use crate::rules::side::Side;

crate::features! {
    CHECKER = "checker": 100,
}

impl Evaluate for Chapayev {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        for c in self.checkers.iter().filter(|c| c.pose.is_some()) {
            tally.add(CHECKER, if c.owner == side { 1.0 } else { -1.0 });
        }
    }
}

impl crate::rules::computer::Hints for Chapayev {}

/// Once the lot is drawn, the table's player simulates its shots: it keeps its own
/// time per level (simulating is slower than searching moves, and its levels were
/// tuned on it) and the search's limits do not bind it. No shot is judged: there is no best one
/// to compare with.
impl Choose for Chapayev {
    fn choose(
        &self,
        level: Level,
        search: &impl Search,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Action>),
    ) -> Option<Thought<Action>> {
        if !self.lot_drawn() {
            return search.think(self, level, seed, report);
        }
        if self.outcome(1).is_some() {
            return None;
        }
        let best = Action::shot(self.computer_shot(level, None, seed));
        Some(Thought {
            best,
            progress: Progress {
                depth: 1,
                score: 0,
                nodes: 0,
                nps: 0,
                millis: 0,
                pv: vec![best],
            },
        })
    }

    fn judge_move(&self, _played: Action, _search: &impl Search) -> Option<Judgement<Action>> {
        None
    }
}
