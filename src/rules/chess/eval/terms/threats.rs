//! Threats: an enemy piece attacked by a lesser one of ours, or attacked while
//! nothing of the enemy's defends it, must move or be lost.

use super::super::features::*;
use super::View;
use crate::rules::chess::role::Role;
use crate::rules::computer::Tally;

pub(super) fn count(view: &View, tally: &mut impl Tally) {
    let (ours, them) = (view.ours, view.them);
    let pieces = them & !view.board.by_role[Role::Pawn as usize] & !view.enemy(Role::King);
    let heavy = view.enemy(Role::Rook) | view.enemy(Role::Queen);
    let threats = [
        (THREAT_BY_PAWN, ours.pawns & pieces),
        (THREAT_BY_MINOR, (ours.knights | ours.bishops) & heavy),
        (THREAT_BY_ROOK, ours.rooks & view.enemy(Role::Queen)),
        (HANGING, ours.all & pieces & !view.theirs.all),
    ];
    for (feature, attacked) in threats {
        tally.add(feature, view.sign * attacked.count_ones() as f32);
    }
}
