//! The computer's view of chess for three: its army's material against the average of
//! the armies still in play (a fallen army's grey pieces count for nobody), and
//! captures followed to the end. Diplomacy is weighed by where it leads: an offer, an
//! answer or an order is a move the search tries like any other.

use super::TriChess;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance, captures, worth};
use crate::rules::side::Side;

impl Evaluate for TriChess {
    fn evaluate(&self, side: Side) -> i32 {
        balance(&self.pieces(), side, |_, p| worth(p.kind))
    }

    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}
