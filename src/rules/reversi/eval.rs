//! The computer's view of Reversi: corners above all, the squares that give corners
//! away avoided, edges good, and the room to move; in the last moves, the discs.

use super::Reversi;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance};
use crate::rules::seats::Seats;
use crate::rules::side::Side;

/// The classic square weights, a8 first; the board is symmetric, so the rows read the
/// same from either side.
#[rustfmt::skip]
const WEIGHT: [i32; 64] = [
    100, -20, 10,  5,  5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
     10,  -2, -1, -1, -1, -1,  -2,  10,
      5,  -2, -1, -1, -1, -1,  -2,   5,
      5,  -2, -1, -1, -1, -1,  -2,   5,
     10,  -2, -1, -1, -1, -1,  -2,  10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10,  5,  5, 10, -20, 100,
];
/// Empty squares left when only the count of discs matters.
const ENDGAME: usize = 10;
/// Per legal move the side to move has.
const MOBILITY: i32 = 4;

/// Each corner and the three squares beside it (a1 = 0).
const CORNERS: [(usize, [usize; 3]); 4] = [
    (0, [1, 8, 9]),
    (7, [6, 15, 14]),
    (56, [57, 48, 49]),
    (63, [62, 55, 54]),
];

impl Evaluate for Reversi {
    fn evaluate(&self, side: Side) -> i32 {
        let pieces = self.pieces();
        if pieces.len() >= 64 - ENDGAME {
            return balance(&pieces, side, |_, _| 10);
        }
        // The squares beside a corner only give it away while it is empty.
        let mut weight = WEIGHT;
        for (corner, beside) in CORNERS {
            if pieces.iter().any(|(c, _)| *c as usize == corner) {
                for b in beside {
                    weight[b] = 5;
                }
            }
        }
        let placed = balance(&pieces, side, |cell, _| weight[cell as usize]);
        let room = self.legal_moves().len() as i32 * MOBILITY;
        placed + if self.turn() == side { room } else { -room }
    }
}
