//! The computer's view of Corners: how far each side's checkers still have to go to
//! the far corner (steps along files and ranks), fewer being better.

use super::Corners;
use crate::rules::computer::{Evaluate, Feature, Tally, each_piece};
use crate::rules::game::Game;
use crate::rules::side::Side;

crate::features! {
    // Per step along files and ranks a checker still has to go.
    STEP = "step-to-go": -10,
    // Per checker still on its own home squares, which the rules count against a
    // side late in the game.
    AT_HOME = "checker-at-home": 0,
    // The steps the furthest-behind checker has to go: a straggler holds up the
    // finish.
    STRAGGLER = "straggler-steps": 0,
}

impl Evaluate for Corners {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let topology = self.topology();
        let mut furthest = [0i32; 2];
        each_piece(&self.pieces(), side, tally, |tally, cell, p, share| {
            let (file, rank) = topology.cells[cell as usize].square().unwrap_or((0, 0));
            let (file, rank) = (i32::from(file), i32::from(rank));
            let to_go = if p.side == Side::White {
                (7 - file) + (7 - rank)
            } else {
                file + rank
            };
            tally.add(STEP, share * to_go as f32);
            if self.home(p.side).contains(&cell) {
                tally.add(AT_HOME, share);
            }
            let own = usize::from(p.side != side);
            furthest[own] = furthest[own].max(to_go);
        });
        tally.add(STRAGGLER, (furthest[0] - furthest[1]) as f32);
    }
}

impl crate::rules::computer::Hints for Corners {}

impl crate::rules::computer::Choose for Corners {}
