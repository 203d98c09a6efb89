//! What the computer sees beyond material and place, counted for one side as
//! [`features`](super::features): the pawns' structure ([`pawns`]), the pieces'
//! mobility and posts and their attack on the king ([`pieces`]), the pieces attacked
//! by lesser ones or left undefended ([`threats`]), and the king's shelter and the
//! checks it must fear ([`king`]).

mod attacks;
mod king;
mod pawns;
mod pieces;
mod threats;

pub use attacks::Attacks;

use crate::rules::chess::position::Board;
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::Bitboard;
use crate::rules::computer::Tally;
use crate::rules::side::Side;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;

/// One side's view of the board, as each term counts it.
struct View<'a> {
    board: &'a Board,
    side: Side,
    /// 1 for the side evaluated, -1 for its opponent: what each count is multiplied by.
    sign: f32,
    /// The middle game's share of the blend.
    middle: f32,
    us: Bitboard,
    them: Bitboard,
    /// What this side and the other attack.
    ours: &'a Attacks,
    theirs: &'a Attacks,
}

impl View<'_> {
    fn own(&self, role: Role) -> Bitboard {
        self.board.by_role[role as usize] & self.us
    }

    fn enemy(&self, role: Role) -> Bitboard {
        self.board.by_role[role as usize] & self.them
    }

    fn occupied(&self) -> Bitboard {
        self.us | self.them
    }
}

/// Counts `side`'s terms into `tally`, each times `sign` (1 for the side evaluated,
/// -1 for its opponent); `middle` is the middle game's share of the blend. `attacks`
/// holds what each side attacks, by [`Side::index`].
pub fn count(
    board: &Board,
    side: Side,
    sign: f32,
    middle: f32,
    attacks: &[Attacks; 2],
    tally: &mut impl Tally,
) {
    let view = View {
        board,
        side,
        sign,
        middle,
        us: board.by_side[side.index()],
        them: board.by_side[side.other().index()],
        ours: &attacks[side.index()],
        theirs: &attacks[side.other().index()],
    };
    pawns::count(&view, tally);
    let attack = pieces::count(&view, tally);
    threats::count(&view, tally);
    king::count(&view, attack, tally);
}

/// The squares strictly in front of `square`, on every file, as `side` moves.
fn ahead(square: u8, side: Side) -> Bitboard {
    let rank = u32::from(square / 8);
    match side {
        Side::White if rank < 7 => u64::MAX << (8 * (rank + 1)),
        Side::White => 0,
        _ => (1u64 << (8 * rank)) - 1,
    }
}

/// The rank of `square` counted from `side`'s first, from 0.
fn relative_rank(square: u8, side: Side) -> u8 {
    if side == Side::White {
        square / 8
    } else {
        7 - square / 8
    }
}

/// How many king steps apart two squares are.
fn distance(a: u8, b: u8) -> i32 {
    let files = (i32::from(a % 8) - i32::from(b % 8)).abs();
    let ranks = (i32::from(a / 8) - i32::from(b / 8)).abs();
    files.max(ranks)
}

/// The files beside `file`.
fn beside(file: u8) -> Bitboard {
    let left = if file > 0 { FILE_A << (file - 1) } else { 0 };
    let right = if file < 7 { FILE_A << (file + 1) } else { 0 };
    left | right
}

#[cfg(test)]
mod tests;
