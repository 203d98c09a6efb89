//! Bughouse's house rules, which are also each board's variant hooks: drops anywhere
//! empty, pawns kept off the last ranks, and checks by drop as the players agree.

use crate::rules::chess::tables::{Bitboard, rank};
use crate::rules::chess::{Board, DrawClaim, Move, Piece, Role};
use crate::rules::family::{DropCheck, Family, Variant};
use crate::rules::game::Card;
use crate::rules::game::Game;
use crate::rules::options::{choices, house_rules};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardOrder {
    /// Either board acts whenever its side is on move.
    #[default]
    Free,
    /// A, B, A, B…; a board whose side has no action gives its turn to the other.
    Alternate,
}

choices!(BoardOrder {
    "free" => BoardOrder::Free,
    "alternate" => BoardOrder::Alternate,
});

house_rules! {
    pub struct BughouseOptions {
        "drop_check" drop_check: DropCheck = "allowed",
        /// Pawns only on ranks 2 to 6 (White) and 7 to 3 (Black), the source's limit.
        "pawn_drop_ranks" pawn_ranks_2_6: bool = "2-7" { "2-7" => false, "2-6" => true },
        /// A captured promoted piece goes to the partner as the piece, not as a pawn.
        "promoted_capture" promoted_as_piece: bool = "pawn" { "pawn" => false, "piece" => true },
        /// A check a drop could block is no mate: the seat waits for a piece.
        "mate_rule" potential_drop: bool = "current-reserve" {
            "current-reserve" => false,
            "potential-drop" => true,
        },
        /// A stalemate on either board draws the match; otherwise the seat waits.
        "stalemate" stalemate_draws: bool = "wait" { "wait" => false, "draw" => true },
        "board_order" board_order: BoardOrder = "free",
    }
}

impl BughouseOptions {
    fn pawn_squares(&self, side: Side) -> Bitboard {
        match (self.pawn_ranks_2_6, side) {
            (false, _) => !(rank(1) | rank(8)),
            (true, Side::White) => rank(2) | rank(3) | rank(4) | rank(5) | rank(6),
            (true, _) => rank(3) | rank(4) | rank(5) | rank(6) | rank(7),
        }
    }
}

impl Variant for BughouseOptions {
    const CARD: Card = super::CARD;

    fn power(&self, piece: Piece, _square: Cell) -> Role {
        piece.role
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    /// Any empty square; pawns within their ranks.
    fn drops(&self, g: &Family<Self>, role: Role) -> Bitboard {
        let p = &g.position;
        let empty = !p.board.occupied();
        match role {
            Role::Pawn => empty & self.pawn_squares(p.turn),
            _ => empty,
        }
    }

    /// A drop that checks is refused under `drop_check = forbidden`, and one that
    /// mates under `no-mate` (mate as the board stands, with the reserves as they are).
    fn permits(&self, g: &Family<Self>, m: &Move) -> bool {
        self.drop_check
            .permits(g, m, |after| !after.legal_moves().is_empty())
    }

    fn drops_are_moves(&self) -> bool {
        true
    }

    /// Pieces may always arrive from the other board: no position is dead.
    fn insufficient_material(&self, _board: &Board) -> bool {
        false
    }

    fn draw_claim(&self) -> DrawClaim {
        DrawClaim::Auto
    }
}
