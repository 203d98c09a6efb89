//! Transforming chess (`transforming.md`): the files are magic. A queen, rook, bishop
//! or knight moves from the a- and h-files as a rook, from b and g as a knight, from c
//! and f as a bishop, and only from d and e as itself; pawns are always pawns, and the
//! king is a king unless the house rule lets it transform too (it stays royal). A pawn
//! promotes to the piece of the file it arrives on, freely on d and e. Attacks, and so
//! check, use the same powers; only two bare kings cannot mate.

use super::{Family, Variant};
use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::house_rules;
use crate::rules::set_up::SetUp;
use crate::rules::topology::Cell;

pub type Transforming = Family<TransformingOptions>;

house_rules! {
    pub struct TransformingOptions {
        /// The king moves by the file table too.
        "king_transforms" king_transforms: bool = "off",
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

/// The power the file of `square` gives, or None on the royal d- and e-files.
pub fn file_power(square: Cell) -> Option<Role> {
    match square % 8 {
        0 | 7 => Some(Role::Rook),
        1 | 6 => Some(Role::Knight),
        2 | 5 => Some(Role::Bishop),
        _ => None,
    }
}

impl Variant for TransformingOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. Nc3 Nf6",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Numbered,
    };

    fn refusals() -> Vec<&'static str> {
        let mut out = super::why::reasons(true, false);
        out.push("msg-why-moves-as");
        out
    }

    const POWER_BY_SQUARE: bool = true;

    fn power(&self, piece: Piece, square: Cell) -> Role {
        match piece.role {
            Role::Pawn => Role::Pawn,
            Role::King if !self.king_transforms => Role::King,
            role => file_power(square).unwrap_or(role),
        }
    }

    fn promotions(&self, square: Cell) -> Option<&'static [Role]> {
        Some(match file_power(square) {
            Some(Role::Rook) => &[Role::Rook],
            Some(Role::Knight) => &[Role::Knight],
            Some(_) => &[Role::Bishop],
            None => &Role::PROMOTIONS,
        })
    }

    /// Any piece besides the kings can reach a rook file and mate from there.
    fn insufficient_material(&self, board: &Board) -> bool {
        board.occupied() == board.by_role[Role::King as usize]
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }
}
