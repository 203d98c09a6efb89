//! Chapayev in the search's terms: the checkers each side has on the board. Shots are
//! continuous, so the table's own player (`ai`) chooses them by simulation; this
//! serves the moves the game does list (the lot).

use super::Chapayev;
use crate::rules::search::Evaluate;
use crate::rules::side::Side;

impl Evaluate for Chapayev {
    fn evaluate(&self, side: Side) -> i32 {
        let on_board = |s: Side| {
            self.checkers
                .iter()
                .filter(|c| c.pose.is_some() && c.owner == s)
                .count() as i32
        };
        100 * (on_board(side) - on_board(side.other()))
    }
}
