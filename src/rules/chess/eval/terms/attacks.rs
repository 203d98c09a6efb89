//! The squares each side attacks, by the kind of piece: what the threats, the safe
//! checks and the outposts are judged by.

use super::FILE_A;
use crate::rules::chess::position::Board;
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::side::Side;

/// The squares one side's pieces attack, by the kind of piece, and by any piece.
pub struct Attacks {
    pub pawns: Bitboard,
    pub knights: Bitboard,
    pub bishops: Bitboard,
    pub rooks: Bitboard,
    pub queens: Bitboard,
    pub all: Bitboard,
    /// Each knight, bishop, rook and queen with the squares it reaches, by kind and
    /// then by square, the first `reaching` of them: the mobility and the attack on
    /// the king count them without working the sliders' rays out again.
    pieces: [(Role, u8, Bitboard); 16],
    reaching: usize,
}

impl Attacks {
    pub fn of(board: &Board, side: Side) -> Attacks {
        let t = tables();
        let us = board.by_side[side.index()];
        let occupied = us | board.by_side[side.other().index()];
        let mine = |r: Role| squares(board.by_role[r as usize] & us);
        let pawns = pawn_attacks(board.by_role[Role::Pawn as usize] & us, side);
        let king = mine(Role::King).fold(0, |a, s| a | t.king[usize::from(s)]);
        let mut attacks = Attacks {
            pawns,
            knights: 0,
            bishops: 0,
            rooks: 0,
            queens: 0,
            all: 0,
            pieces: [(Role::Knight, 0, 0); 16],
            reaching: 0,
        };
        attacks.knights = attacks.record(Role::Knight, mine(Role::Knight), |s| {
            t.knight[usize::from(s)]
        });
        attacks.bishops = attacks.record(Role::Bishop, mine(Role::Bishop), |s| {
            bishop_attacks(s, occupied)
        });
        attacks.rooks = attacks.record(Role::Rook, mine(Role::Rook), |s| rook_attacks(s, occupied));
        attacks.queens = attacks.record(Role::Queen, mine(Role::Queen), |s| {
            bishop_attacks(s, occupied) | rook_attacks(s, occupied)
        });
        attacks.all =
            pawns | attacks.knights | attacks.bishops | attacks.rooks | attacks.queens | king;
        attacks
    }

    /// Records each piece of `role` on `from` with what it reaches; returns all
    /// they reach.
    fn record(
        &mut self,
        role: Role,
        from: impl Iterator<Item = u8>,
        reach: impl Fn(u8) -> Bitboard,
    ) -> Bitboard {
        let mut union = 0;
        for sq in from {
            let reached = reach(sq);
            union |= reached;
            // A side has sixteen pieces at most; a position set up with more has
            // only its first sixteen counted.
            if let Some(slot) = self.pieces.get_mut(self.reaching) {
                *slot = (role, sq, reached);
                self.reaching += 1;
            }
        }
        union
    }

    /// Each knight, bishop, rook and queen, its square and the squares it reaches.
    pub fn pieces(&self) -> &[(Role, u8, Bitboard)] {
        &self.pieces[..self.reaching]
    }
}

/// The squares `pawns` of `side` attack, all at once: each steps forward and aside
/// without leaving the board.
fn pawn_attacks(pawns: Bitboard, side: Side) -> Bitboard {
    let (left, right) = (pawns & !FILE_A, pawns & !(FILE_A << 7));
    match side {
        Side::White => left << 7 | right << 9,
        _ => left >> 9 | right >> 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_attack_together_what_each_attacks_alone() {
        for side in [Side::White, Side::Black] {
            for square in 0..64 {
                let alone = tables().pawn[side.index()][square];
                assert_eq!(pawn_attacks(1 << square, side), alone, "{side:?} {square}");
            }
        }
    }
}
