//! The computer's view of Epsilon-64: every run of five cells in a row, column or
//! diagonal that only one side has stones in is a chance for that side, worth more
//! the fuller it is; a run with both sides' stones is nobody's.

use super::Epsilon;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, Feature, Tally};
use crate::rules::side::Side;

crate::features! {
    // A run holding this many of one side's stones and none of the other's.
    RUN_1 = "run-of-1": 1,
    RUN_2 = "run-of-2": 6,
    RUN_3 = "run-of-3": 30,
    RUN_4 = "run-of-4": 250,
    RUN_5 = "run-of-5": 10_000,
}

impl Evaluate for Epsilon {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let mut grid = [[None; 8]; 8];
        let topology = self.topology();
        for (cell, piece) in self.pieces() {
            if let Some((f, r)) = topology.cells[cell as usize].square() {
                grid[f as usize][r as usize] = Some(piece.side);
            }
        }
        let mut runs = [0i32; 6];
        for (df, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            for f in 0..8i32 {
                for r in 0..8i32 {
                    let (ef, er) = (f + 4 * df, r + 4 * dr);
                    if !(0..8).contains(&ef) || !(0..8).contains(&er) {
                        continue;
                    }
                    let (mut own, mut theirs) = (0, 0);
                    for k in 0..5 {
                        match grid[(f + k * df) as usize][(r + k * dr) as usize] {
                            Some(s) if s == side => own += 1,
                            Some(_) => theirs += 1,
                            None => {}
                        }
                    }
                    if theirs == 0 {
                        runs[own] += 1;
                    } else if own == 0 {
                        runs[theirs] -= 1;
                    }
                }
            }
        }
        for (n, &count) in runs.iter().enumerate().skip(1) {
            tally.add(RUN_1 + n - 1, count as f32);
        }
    }
}
