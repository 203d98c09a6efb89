//! The computer's view of Turkish and Armenian draughts: men and kings, a man worth
//! more the nearer it is to crowning, and capture sequences followed to the end.

use super::{Dama, Flavour};
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance, captures};
use crate::rules::side::Side;
use crate::rules::view::PieceKind;

/// A flying king sweeps whole lines: worth about three men.
const KING: i32 = 330;
const MAN: i32 = 100;
/// Per rank a man has advanced.
const ADVANCE: i32 = 6;

impl<O: Flavour> Evaluate for Dama<O> {
    fn evaluate(&self, side: Side) -> i32 {
        let topology = self.topology();
        balance(&self.pieces(), side, |cell, p| match p.kind {
            PieceKind::DraughtsKing => KING,
            _ => {
                let rank = topology.cells[cell as usize]
                    .square()
                    .map_or(0, |(_, r)| r as i32);
                let advanced = if p.side == Side::White {
                    rank
                } else {
                    7 - rank
                };
                MAN + ADVANCE * advanced
            }
        })
    }

    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}
