//! The king in the middle game: the pawns sheltering our own and the open files
//! beside it, and the squares from which our pieces could check the enemy's safely,
//! the seeds of an attack. In the ending, an enemy king left alone against enough to
//! mate it.

use super::super::features::*;
use super::{FILE_A, View, beside, relative_rank};
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::{bishop_attacks, rank, rook_attacks, squares, tables};
use crate::rules::computer::Tally;
use crate::rules::side::Side;

/// The units of [`KING_DANGER`] per safe check.
const CHECK_UNITS: u32 = 3;

/// Counts the king's terms; `attack` is the units of our pieces' attack on the
/// enemy king's zone, to which the safe checks add theirs.
pub(super) fn count(view: &View, attack: u32, tally: &mut impl Tally) {
    let (side, sign, middle) = (view.side, view.sign, view.middle);
    let ours = view.ours;
    let mut danger = attack;
    if let Some(king) = squares(view.enemy(Role::King)).next() {
        let occupied = view.occupied();
        let safe = !view.us & !view.theirs.all;
        let bishop = bishop_attacks(king, occupied);
        let rook = rook_attacks(king, occupied);
        let checks = [
            tables().knight[usize::from(king)] & ours.knights,
            bishop & ours.bishops,
            rook & ours.rooks,
            (bishop | rook) & ours.queens,
        ];
        for (kind, from) in checks.iter().enumerate() {
            let count = (from & safe).count_ones();
            tally.add(SAFE_CHECK_KNIGHT + kind, sign * middle * count as f32);
            danger += CHECK_UNITS * count;
        }
    }
    if danger > 0 {
        let squared = (danger * danger) as f32 / 64.0;
        tally.add(KING_DANGER, sign * middle * squared);
    }
    let Some(king) = squares(view.own(Role::King)).next() else {
        return;
    };
    if let Some(lone) = lone_king(view) {
        let driven = 3 * from_centre(lone) + 14 - steps(king, lone);
        tally.add(LONE_KING, sign * driven as f32);
    }
    let own_pawns = view.own(Role::Pawn);
    // Per pawn of ours on the two ranks in front of a king on its first two ranks.
    if relative_rank(king, side) <= 1 {
        let files = FILE_A << (king % 8) | beside(king % 8);
        let step = |n: i8| (king / 8) as i8 + if side == Side::White { n } else { -n };
        let front = [step(1), step(2)]
            .iter()
            .filter(|r| (0..8).contains(*r))
            .fold(0, |m, &r| m | rank(r as u32 + 1));
        let shelter = (own_pawns & files & front).count_ones() as f32;
        tally.add(SHELTER, sign * middle * shelter);
    }
    let file = i32::from(king % 8);
    let open = (file - 1..=file + 1)
        .filter(|f| (0..8).contains(f) && own_pawns & FILE_A << f == 0)
        .count();
    tally.add(KING_OPEN_FILE, sign * middle * open as f32);
}

/// The enemy king's square where it stands alone (not a pawn or piece beside it) and
/// we have enough to mate it: a queen, a rook, or a bishop and another minor piece.
fn lone_king(view: &View) -> Option<u8> {
    let king = view.enemy(Role::King);
    let heavy = view.own(Role::Queen) | view.own(Role::Rook);
    let bishops = view.own(Role::Bishop);
    let minors = bishops | view.own(Role::Knight);
    let enough = heavy != 0 || (bishops != 0 && minors.count_ones() >= 2);
    if view.them != king || !enough {
        return None;
    }
    squares(king).next()
}

/// Steps from the centre's four squares, files and ranks added: 0 on d4 to 6 in a
/// corner.
fn from_centre(square: u8) -> i32 {
    let off = |x: i32| (3 - x).max(x - 4);
    off(i32::from(square % 8)) + off(i32::from(square / 8))
}

/// Steps between two squares, files and ranks added.
fn steps(a: u8, b: u8) -> i32 {
    (i32::from(a % 8) - i32::from(b % 8)).abs() + (i32::from(a / 8) - i32::from(b / 8)).abs()
}
