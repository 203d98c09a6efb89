//! The computer's view of Reversi: corners above all, the squares that give corners
//! away avoided, edges good, and the room to move; in the last moves, the discs.

use super::Reversi;
use crate::rules::computer::{Evaluate, Feature, Tally, each_piece};
use crate::rules::game::Game;
use crate::rules::seats::Seats;
use crate::rules::side::Side;

crate::features! {
    // A disc by the kind of square it stands on (the classic square weights).
    CORNER = "corner": 100,
    C_SQUARE = "c-square": -20,
    A_SQUARE = "a-square": 10,
    B_SQUARE = "b-square": 5,
    X_SQUARE = "x-square": -50,
    RING = "inner-ring": -2,
    CENTRE = "centre": -1,
    // A disc on a square beside a corner already taken: it gives nothing away.
    BESIDE_TAKEN = "beside-taken-corner": 5,
    // Per legal move the side to move has (counted against it when it is the
    // opponent's turn).
    MOBILITY = "mobility": 4,
    // Per square the side could place on more than its opponent could, whoever is
    // to move.
    ROOM = "mobility-difference": 0,
    // In the last moves only the count of discs matters.
    DISC_LATE = "disc-late": 10,
}

/// The kind of each square, a1 first; the board is symmetric, so the rows read the
/// same from either side.
#[rustfmt::skip]
const KIND: [usize; 64] = {
    const K: usize = CORNER;
    const C: usize = C_SQUARE;
    const A: usize = A_SQUARE;
    const B: usize = B_SQUARE;
    const X: usize = X_SQUARE;
    const R: usize = RING;
    const M: usize = CENTRE;
    [
        K, C, A, B, B, A, C, K,
        C, X, R, R, R, R, X, C,
        A, R, M, M, M, M, R, A,
        B, R, M, M, M, M, R, B,
        B, R, M, M, M, M, R, B,
        A, R, M, M, M, M, R, A,
        C, X, R, R, R, R, X, C,
        K, C, A, B, B, A, C, K,
    ]
};
/// Empty squares left when only the count of discs matters.
const ENDGAME: usize = 10;

/// Each corner and the three squares beside it (a1 = 0).
const CORNERS: [(usize, [usize; 3]); 4] = [
    (0, [1, 8, 9]),
    (7, [6, 15, 14]),
    (56, [57, 48, 49]),
    (63, [62, 55, 54]),
];

impl Evaluate for Reversi {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let pieces = self.pieces();
        if pieces.len() >= 64 - ENDGAME {
            each_piece(&pieces, side, tally, |tally, _, _, share| {
                tally.add(DISC_LATE, share);
            });
            return;
        }
        // The squares beside a corner only give it away while it is empty.
        let mut kind = KIND;
        for (corner, beside) in CORNERS {
            if pieces.iter().any(|(c, _)| *c as usize == corner) {
                for b in beside {
                    kind[b] = BESIDE_TAKEN;
                }
            }
        }
        each_piece(&pieces, side, tally, |tally, cell, _, share| {
            tally.add(kind[cell as usize], share);
        });
        let room = self.legal_moves().len() as f32;
        tally.add(MOBILITY, if self.turn() == side { room } else { -room });
        let places = |s: Side| self.placements(s).len() as f32;
        tally.add(ROOM, places(side) - places(side.other()));
    }
}

impl crate::rules::computer::Hints for Reversi {}

impl crate::rules::computer::Choose for Reversi {}
