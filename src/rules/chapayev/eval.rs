//! Chapayev in the search's terms: the checkers each side has on the board. Shots are
//! continuous, so the table's own player (`ai`) chooses them by simulation; this
//! serves the moves the game does list (the lot).

use super::Chapayev;
use crate::rules::search::{Evaluate, Feature, Tally};
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
