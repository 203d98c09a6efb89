//! The pawns' structure: doubled, isolated, backward and connected pawns, and passed
//! pawns, worth more the further they have come and, in the ending, with a free path
//! and their king nearer than the enemy's.

use super::super::features::*;
use super::{FILE_A, View, ahead, beside, distance, relative_rank};
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::{rank, squares};
use crate::rules::computer::Tally;
use crate::rules::side::Side;

pub(super) fn count(view: &View, tally: &mut impl Tally) {
    let (side, sign, middle) = (view.side, view.sign, view.middle);
    let own_pawns = view.own(Role::Pawn);
    let their_pawns = view.enemy(Role::Pawn);
    let kings = [view.own(Role::King), view.enemy(Role::King)].map(|k| squares(k).next());
    for sq in squares(own_pawns) {
        let file = sq % 8;
        let own_file = FILE_A << file;
        let front = ahead(sq, side);
        if own_pawns & own_file & front != 0 {
            tally.add(DOUBLED, sign);
        }
        if own_pawns & beside(file) == 0 {
            tally.add(ISOLATED, sign);
        }
        let row = rank(u32::from(sq / 8) + 1);
        if view.ours.pawns & 1 << sq != 0 || own_pawns & beside(file) & row != 0 {
            tally.add(CONNECTED, sign);
        }
        // The square in front, by a shift that cannot leave the board's bits.
        let ahead_one = if side == Side::White {
            1u64 << sq << 8
        } else {
            1u64 << sq >> 8
        };
        let neighbours = own_pawns & beside(file);
        if neighbours != 0 && neighbours & !front == 0 && view.theirs.pawns & ahead_one != 0 {
            tally.add(BACKWARD, sign);
        }
        if their_pawns & (own_file | beside(file)) & front != 0 {
            continue;
        }
        let come = usize::from(relative_rank(sq, side));
        if !(1..=6).contains(&come) {
            continue;
        }
        tally.add(PASSED_MIDDLE + come - 1, sign * middle);
        tally.add(PASSED_ENDING + come - 1, sign * (1.0 - middle));
        // Further on, its path and the kings' race to it decide the ending.
        let stop = if side == Side::White { sq + 8 } else { sq - 8 };
        let weight = sign * (1.0 - middle) * come as f32 / 6.0;
        if view.occupied() & 1 << stop != 0 {
            tally.add(PASSED_BLOCKED, weight);
        }
        if (view.occupied() | view.theirs.all) & own_file & front == 0 {
            tally.add(PASSED_FREE, weight);
        }
        if let [Some(own), Some(enemy)] = kings {
            let lead = distance(enemy, stop) - distance(own, stop);
            tally.add(PASSED_KING_LEAD, weight * lead as f32);
        }
    }
}
