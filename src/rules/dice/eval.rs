//! The computer's view of dice chess: the family's evaluation of the pieces, and a key
//! that tells a position awaiting the roll from the same position rolled.

use super::{DiceChess, DiceMove};
use crate::rules::computer::{Evaluate, Feature, Tally, mix};
use crate::rules::side::Side;

impl Evaluate for DiceChess {
    const FEATURES: &'static [Feature] = crate::rules::family::eval::FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        self.family.tally(side, tally);
    }
}

impl crate::rules::computer::Hints for DiceChess {
    fn noisy(&self, m: &DiceMove) -> bool {
        matches!(m, DiceMove::Move(m) if self.family.noisy(m))
    }

    fn order(&self, m: &DiceMove) -> i32 {
        match m {
            DiceMove::Move(m) => self.family.order(m),
            _ => 0,
        }
    }

    fn slot(&self, m: &DiceMove) -> Option<usize> {
        match m {
            DiceMove::Move(m) => self.family.slot(m),
            _ => None,
        }
    }

    /// The roll is part of the key. So is the move number where repetition does not
    /// draw: two passes give the same position back, and the search must not take
    /// that for a repetition.
    fn key(&self, legal_moves: usize) -> u64 {
        let rolled = self.rolled.map_or(0, |r| u64::from(r.set()) << 8 | 1);
        let when = if self.family.variant.repetition {
            0
        } else {
            u64::from(self.family.position.fullmoves)
        };
        self.family.key(legal_moves) ^ mix(rolled ^ when << 16 ^ 0x5851_f42d)
    }
}

impl crate::rules::computer::Choose for DiceChess {}
