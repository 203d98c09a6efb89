//! The computer's view of Turkish and Armenian draughts: men and kings, a man worth
//! more the nearer it is to crowning, and capture sequences followed to the end.

use super::{Dama, Flavour};
use crate::rules::computer::{Evaluate, Feature, Tally, captures, each_piece};
use crate::rules::game::Game;
use crate::rules::side::Side;
use crate::rules::view::PieceKind;

crate::features! {
    MAN = "man": 100,
    // A flying king sweeps whole lines: worth about three men.
    KING = "king": 330,
    // Per rank a man has advanced.
    ADVANCE = "man-advance": 6,
    // A man still on the rearmost row men start on, where it guards the squares
    // the opponent's men step through to crown.
    BACK_ROW = "man-on-rear-row": 0,
    // A man one step from crowning.
    NEAR_CROWNING = "man-near-crowning": 0,
}

impl<O: Flavour> Evaluate for Dama<O> {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let topology = self.topology();
        each_piece(&self.pieces(), side, tally, |tally, cell, p, share| {
            if p.kind == PieceKind::DraughtsKing {
                tally.add(KING, share);
                return;
            }
            let rank = topology.cells[cell as usize]
                .square()
                .map_or(0, |(_, r)| i32::from(r));
            let advanced = if p.side == Side::White {
                rank
            } else {
                7 - rank
            };
            tally.add(MAN, share);
            tally.add(ADVANCE, share * advanced as f32);
            match advanced {
                1 => tally.add(BACK_ROW, share),
                6 => tally.add(NEAR_CROWNING, share),
                _ => {}
            }
        });
    }
}

impl<O: Flavour> crate::rules::computer::Hints for Dama<O> {
    fn noisy(&self, m: &Self::Move) -> bool {
        captures(self, m)
    }
}

impl<O: Flavour + Sync> crate::rules::computer::Choose for Dama<O> {}
