//! The computer's view of Z-shashmaty: the material of both armies, chess pieces and
//! checkers together, captures followed to the end, and the checkers' march to the far
//! rank, where they become pieces: without it a side ahead has no reason to advance
//! and the game goes round in circles.

use super::Action;
use super::ZShashmaty;
use crate::rules::computer::{Evaluate, Feature, Tally, each_piece};
use crate::rules::game::Game;
use crate::rules::side::Side;
use crate::rules::view::PieceKind;

crate::features! {
    CHECKER = "checker": 100,
    Z_CHECKER = "z-checker": 150,
    VICE_KING = "vice-king": 400,
    ROOK = "rook": 500,
    KNIGHT = "knight": 320,
    // Per rank a checker has come from its own side.
    ADVANCE = "checker-advance": 6,
}

impl Evaluate for ZShashmaty {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let t = self.topology();
        each_piece(&self.pieces(), side, tally, |tally, cell, p, share| {
            let feature = match p.kind {
                PieceKind::Checker => CHECKER,
                PieceKind::ZChecker => Z_CHECKER,
                PieceKind::ViceKing => VICE_KING,
                PieceKind::Rook => ROOK,
                PieceKind::Knight => KNIGHT,
                _ => return,
            };
            tally.add(feature, share);
            if matches!(p.kind, PieceKind::Checker | PieceKind::ZChecker) {
                let rank = t.cells[cell as usize]
                    .square()
                    .map_or(0, |(_, r)| i32::from(r));
                let come = if p.side == Side::White {
                    rank
                } else {
                    7 - rank
                };
                tally.add(ADVANCE, share * come as f32);
            }
        });
    }
}

impl crate::rules::computer::Hints for ZShashmaty {
    fn noisy(&self, m: &Self::Move) -> bool {
        matches!(m, Action::Move(m) if m.is_capture())
    }
}

impl crate::rules::computer::Choose for ZShashmaty {}
