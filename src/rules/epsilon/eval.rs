//! The computer's view of Epsilon-64: every run of five cells in a row, column or
//! diagonal that only one side has stones in is a chance for that side, worth more
//! the fuller it is; a run with both sides' stones is nobody's.

use super::Epsilon;
use crate::rules::computer::{Evaluate, Feature, Tally};
use crate::rules::grid::bit_sets;
use crate::rules::side::Side;
use std::sync::OnceLock;

crate::features! {
    // A run holding this many of one side's stones and none of the other's.
    RUN_1 = "run-of-1": 1,
    RUN_2 = "run-of-2": 6,
    RUN_3 = "run-of-3": 30,
    RUN_4 = "run-of-4": 250,
    RUN_5 = "run-of-5": 10_000,
}

/// Every run of five cells in a row, column or diagonal, as a set of cells (one bit
/// per cell of the board).
pub(super) fn runs_of_five() -> &'static [u64] {
    static RUNS: OnceLock<Vec<u64>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let topology = crate::rules::topology::Topology::plain();
        let at = |f: i32, r: i32| {
            (0..topology.cells.len())
                .find(|&c| topology.cells[c].square() == Some((f as u8, r as u8)))
        };
        let mut runs = Vec::new();
        for (df, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            for f in 0..8i32 {
                for r in 0..8i32 {
                    let cells: Option<Vec<usize>> =
                        (0..5).map(|k| at(f + k * df, r + k * dr)).collect();
                    if let Some(cells) = cells {
                        runs.push(cells.iter().fold(0u64, |m, &c| m | 1 << c));
                    }
                }
            }
        }
        runs
    })
}

impl Evaluate for Epsilon {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let (own, theirs) = bit_sets(&self.board, side);
        let mut runs = [0i32; 6];
        for &run in runs_of_five() {
            let (mine, other) = ((run & own).count_ones(), (run & theirs).count_ones());
            if other == 0 {
                runs[mine as usize] += 1;
            } else if mine == 0 {
                runs[other as usize] -= 1;
            }
        }
        for (n, &count) in runs.iter().enumerate().skip(1) {
            tally.add(RUN_1 + n - 1, count as f32);
        }
    }
}

impl crate::rules::computer::Hints for Epsilon {}

impl crate::rules::computer::Choose for Epsilon {}
