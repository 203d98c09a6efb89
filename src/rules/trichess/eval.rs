//! The computer's view of chess for three: the material of its army and of any fallen
//! army whose throne it holds, against the average of the players still in the game;
//! and a large bonus for every opponent who has left the game (mated, resigned or made
//! a servant), since that is how the game is won. Captures are followed to the end.
//! Diplomacy is weighed by where it leads: an offer, an answer or an order is a move
//! the search tries like any other.

use super::{Action, TriChess, kind};
use crate::rules::search::{Evaluate, captures, worth};
use crate::rules::side::Side;
use crate::rules::why::Remark;

/// An opponent out of the game is worth more than any material.
const OPPONENT_OUT: i32 = 3000;

impl TriChess {
    /// Per army, in hundredths of a pawn, the pieces it plays with: its own and those of
    /// every fallen army whose throne it holds.
    pub(super) fn held(&self) -> [i32; 3] {
        let mut held = [0i32; 3];
        for piece in self.board.iter().flatten() {
            let owner = if self.is_out(piece.army) {
                self.controller(piece.army)
            } else {
                Some(piece.army)
            };
            if let Some(owner) = owner {
                held[owner.index()] += worth(kind(piece.role));
            }
        }
        held
    }
}

impl Evaluate for TriChess {
    fn explain(&self, m: &Action) -> Option<Remark> {
        self.reason(m)
    }

    fn evaluate(&self, side: Side) -> i32 {
        let held = self.held();
        let rivals: Vec<Side> = Side::THREE
            .into_iter()
            .filter(|&a| a != side && self.in_game(a))
            .collect();
        let others = if rivals.is_empty() {
            0
        } else {
            rivals.iter().map(|a| held[a.index()]).sum::<i32>() / rivals.len() as i32
        };
        let gone = 2 - rivals.len() as i32;
        let own = if self.in_game(side) {
            0
        } else {
            -2 * OPPONENT_OUT
        };
        held[side.index()] - others + gone * OPPONENT_OUT + own
    }

    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}
