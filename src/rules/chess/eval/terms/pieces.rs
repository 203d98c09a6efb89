//! The pieces: how many safe squares each reaches, the bishop pair, rooks on open
//! files and the seventh rank, minor pieces on outposts, and the pieces bearing on
//! the enemy king's zone.

use super::super::features::*;
use super::{FILE_A, View, ahead, beside, relative_rank};
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::{Bitboard, squares, tables};
use crate::rules::computer::Tally;
use crate::rules::side::Side;

/// Counts the pieces' terms; returns the units of their attack on the enemy king's
/// zone (see [`KING_DANGER`]), which the king's terms complete with the safe checks.
pub(super) fn count(view: &View, tally: &mut impl Tally) -> u32 {
    let (side, sign) = (view.side, view.sign);
    let own_pawns = view.own(Role::Pawn);
    let their_pawns = view.enemy(Role::Pawn);
    let safe = !view.us & !view.theirs.pawns;
    if view.own(Role::Bishop).count_ones() >= 2 {
        tally.add(BISHOP_PAIR, sign);
    }
    let zone = king_zone(view.enemy(Role::King), side.other());
    // Per piece kind (knight to queen), the zone's squares reached; and how many
    // pieces reach it.
    let mut on_king = [0u32; 4];
    let mut attackers = 0;
    for &(piece, sq, reach) in view.ours.pieces() {
        let kind = piece as usize - Role::Knight as usize;
        let free = (reach & safe).count_ones() as f32;
        tally.add(KNIGHT_MOBILITY + kind, sign * free);
        tally.add(KNIGHT_MOBILITY_ROOT + kind, sign * free.sqrt());
        let hits = (reach & zone).count_ones();
        on_king[kind] += hits;
        attackers += u32::from(hits > 0);
        let home = relative_rank(sq, side);
        // A minor piece on the enemy's half that a pawn defends and no enemy pawn
        // can ever chase off.
        if matches!(piece, Role::Knight | Role::Bishop)
            && (3..=5).contains(&home)
            && view.ours.pawns & 1 << sq != 0
            && their_pawns & beside(sq % 8) & ahead(sq, side) == 0
        {
            tally.add(KNIGHT_OUTPOST + kind, sign);
        }
        if piece == Role::Rook {
            if home == 6 {
                tally.add(ROOK_SEVENTH, sign);
            }
            let file = FILE_A << (sq % 8);
            if own_pawns & file == 0 {
                let open = if their_pawns & file == 0 {
                    ROOK_OPEN_FILE
                } else {
                    ROOK_HALF_OPEN_FILE
                };
                tally.add(open, sign);
            }
        }
    }
    // One piece near the king is no attack; two or more are.
    if attackers < 2 {
        return 0;
    }
    for (kind, &hits) in on_king.iter().enumerate() {
        tally.add(KING_ATTACK_KNIGHT + kind, sign * view.middle * hits as f32);
    }
    on_king.iter().zip(ATTACK_UNITS).map(|(h, u)| h * u).sum()
}

/// The units of [`KING_DANGER`] per zone square a knight, bishop, rook or queen
/// reaches.
const ATTACK_UNITS: [u32; 4] = [2, 2, 3, 5];

/// The squares around a king of `side` (on one of `king`'s squares) an attack aims
/// at: its own, its neighbours, and the rank beyond those towards the enemy.
pub(super) fn king_zone(king: Bitboard, side: Side) -> Bitboard {
    let Some(king) = squares(king).next() else {
        return 0;
    };
    let ring = tables().king[usize::from(king)] | 1u64 << king;
    ring | if side == Side::White {
        ring << 8
    } else {
        ring >> 8
    }
}
