//! The computer's view of Z-shashmaty: the material of both armies, chess pieces and
//! checkers together, captures followed to the end, and the checkers' march to the far
//! rank, where they become pieces: without it a side ahead has no reason to advance
//! and the game goes round in circles.

use super::ZShashmaty;
use crate::rules::game::Game;
use crate::rules::search::{Evaluate, balance, captures, worth};
use crate::rules::side::Side;
use crate::rules::view::PieceKind;

/// Per rank a checker has come from its own side.
const ADVANCE: i32 = 6;

impl Evaluate for ZShashmaty {
    fn evaluate(&self, side: Side) -> i32 {
        let t = self.topology();
        balance(&self.pieces(), side, |cell, p| {
            let march = match p.kind {
                PieceKind::Checker | PieceKind::ZChecker => {
                    let rank = t.cells[cell as usize]
                        .square()
                        .map_or(0, |(_, r)| i32::from(r));
                    ADVANCE
                        * if p.side == Side::White {
                            rank
                        } else {
                            7 - rank
                        }
                }
                _ => 0,
            };
            worth(p.kind) + march
        })
    }

    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}
