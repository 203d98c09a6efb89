//! The computer's view of Z-shashmaty: the material of both armies, chess pieces and
//! checkers together, and captures followed to the end.

use super::ZShashmaty;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance, captures, worth};
use crate::rules::side::Side;

impl Evaluate for ZShashmaty {
    fn evaluate(&self, side: Side) -> i32 {
        balance(&self.pieces(), side, |_, p| worth(p.kind))
    }

    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}
