//! The squares each side attacks, by the kind of piece: what the threats, the safe
//! checks and the outposts are judged by.

use crate::rules::chess::position::{Board, Role};
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
}

impl Attacks {
    pub fn of(board: &Board, side: Side) -> Attacks {
        let t = tables();
        let us = board.by_side[side.index()];
        let occupied = us | board.by_side[side.other().index()];
        let mine = |r: Role| squares(board.by_role[r as usize] & us);
        let union = |r: Role, reach: &dyn Fn(u8) -> Bitboard| mine(r).fold(0, |a, s| a | reach(s));
        let pawns = union(Role::Pawn, &|s| t.pawn[side.index()][usize::from(s)]);
        let knights = union(Role::Knight, &|s| t.knight[usize::from(s)]);
        let bishops = union(Role::Bishop, &|s| bishop_attacks(s, occupied));
        let rooks = union(Role::Rook, &|s| rook_attacks(s, occupied));
        let queens = union(Role::Queen, &|s| {
            bishop_attacks(s, occupied) | rook_attacks(s, occupied)
        });
        let king = union(Role::King, &|s| t.king[usize::from(s)]);
        Attacks {
            pawns,
            knights,
            bishops,
            rooks,
            queens,
            all: pawns | knights | bishops | rooks | queens | king,
        }
    }
}
