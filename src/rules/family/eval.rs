//! The computer's view of a family position: each piece is worth the mean of what it
//! is and what it moves as where it stands (a queen on a knight file is not a knight
//! for long, nor a queen now), plus the squares it reaches, and pawns the further the
//! closer to promotion.

use super::{Family, Variant};
use crate::rules::chess::tables::squares;
use crate::rules::chess::{Move, Role, capture_order, passed, position_key};
use crate::rules::computer::{Evaluate, Feature, Tally, mix};
use crate::rules::side::Side;

crate::features! {
    // By role, as in chess; a king is beyond price.
    PAWN = "pawn": 100,
    KNIGHT = "knight": 320,
    BISHOP = "bishop": 330,
    ROOK = "rook": 500,
    QUEEN = "queen": 900,
    KING = "king": 0,
    MAHARAJAH = "maharajah": 1250,
    // Per square a piece attacks that holds none of its own side.
    MOBILITY = "mobility": 3,
    // Per rank a pawn has come from its second.
    ADVANCE = "pawn-advance": 8,
}

impl<V: Variant> Evaluate for Family<V> {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let board = &self.position.board;
        let occupied = board.occupied();
        for s in [Side::White, Side::Black] {
            let sign = if s == side { 1.0 } else { -1.0 };
            let own = board.by_side[s.index()];
            let (mut advance, mut mobility) = (0, 0);
            for sq in squares(own) {
                let piece = board.piece_at(sq).expect("an occupied square");
                let power = self.variant.power(piece, sq);
                tally.add(PAWN + piece.role as usize, sign * 0.5);
                tally.add(PAWN + power as usize, sign * 0.5);
                if piece.role == Role::Pawn {
                    let rank = i32::from(sq / 8);
                    advance += if s == Side::White { rank - 1 } else { 6 - rank };
                } else if piece.role != Role::King {
                    mobility += (self.reach(piece, sq, occupied) & !own).count_ones();
                }
            }
            tally.add(ADVANCE, sign * advance as f32);
            tally.add(MOBILITY, sign * mobility as f32);
            // A piece in hand is worth its value: it can come down anywhere.
            for role in Role::ALL {
                let held = self.reserve[s.index()][role as usize];
                if held > 0 {
                    tally.add(PAWN + role as usize, sign * f32::from(held));
                }
            }
        }
    }
}

impl<V: Variant> crate::rules::computer::Hints for Family<V> {
    fn noisy(&self, m: &Move) -> bool {
        m.capture.is_some() || m.promotion.is_some()
    }

    fn noisy_moves(&self) -> Vec<Move> {
        self.captures_and_promotions()
    }

    fn order(&self, m: &Move) -> i32 {
        capture_order(m)
    }

    fn slot(&self, m: &Move) -> Option<usize> {
        Some(usize::from(m.from) * 64 + usize::from(m.to))
    }

    /// As in chess: a fair test while the side to move has more than pawns and king,
    /// and never inside turns of several moves, where a pass would cut a turn short.
    fn pass(&self) -> Option<Self> {
        if self.turn.length > 0 {
            return None;
        }
        let position = passed(&self.position, self.attacked_king(self.position.turn))?;
        Some(Family {
            position,
            ..self.clone()
        })
    }

    fn key(&self, _legal_moves: usize) -> u64 {
        let held = self
            .reserve
            .iter()
            .flatten()
            .fold(0u64, |h, &n| h << 5 ^ u64::from(n));
        position_key(&self.position)
            ^ mix(held ^ 0x85eb_ca6b)
            ^ mix(self.turn.targets ^ u64::from(self.turn.played) << 56 ^ 0x27d4_eb2f)
    }
}

impl<V: Variant + Sync> crate::rules::computer::Choose for Family<V> {}
