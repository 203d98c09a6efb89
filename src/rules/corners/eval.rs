//! The computer's view of Corners: how far each side's checkers still have to go to
//! the far corner (steps along files and ranks), fewer being better.

use super::Corners;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance};
use crate::rules::side::Side;

const PER_STEP: i32 = 10;

impl Evaluate for Corners {
    fn evaluate(&self, side: Side) -> i32 {
        let topology = self.topology();
        // Counted as negative distance, so that more is better, as `balance` wants.
        balance(&self.pieces(), side, |cell, p| {
            let (file, rank) = topology.cells[cell as usize].square().unwrap_or((0, 0));
            let (file, rank) = (file as i32, rank as i32);
            let to_go = if p.side == Side::White {
                (7 - file) + (7 - rank)
            } else {
                file + rank
            };
            -to_go * PER_STEP
        })
    }
}
