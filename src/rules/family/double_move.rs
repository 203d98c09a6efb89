//! Double-move chess (`double-move.md`): after White's one-move first turn every turn
//! is two moves by the same side, by one piece or two. Nothing is illegal for check:
//! kings may stand and step into attack, and capturing the enemy king wins at once,
//! even with the turn's first move. En passant targets from either move of a turn
//! serve the opponent's whole next turn.

use super::{Family, Variant};
use crate::rules::chess::{Board, DrawClaim, Role};
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::house_rules;
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type DoubleMove = Family<DoubleMoveOptions>;

house_rules! {
    pub struct DoubleMoveOptions {
        /// White's first turn has two moves too.
        "first_turn" first_turn_two: bool = "one-move" { "one-move" => false, "two-moves" => true },
        /// The player may end a turn after its first move.
        "second_move" second_move_optional: bool = "mandatory" {
            "mandatory" => false,
            "optional" => true,
        },
        /// En passant only as a turn's first move (the Marseillais convention).
        "ep_window" en_passant_first_move: bool = "turn" { "turn" => false, "first-move" => true },
        /// Castling asks that the king's squares be unattacked (FIDE's condition).
        "castle_attack" castle_attack_standard: bool = "ignore" {
            "ignore" => false,
            "standard" => true,
        },
        /// A side with no move at all loses instead of drawing.
        "stalemate" stalemate_loses: bool = "draw" { "draw" => false, "loss" => true },
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

impl Variant for DoubleMoveOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. e4 e5,Nc6 2. Nf3,Bc4",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Numbered,
    };

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    /// No piece is royal: the king is captured like any other.
    fn royal(&self, _side: Side) -> Option<Role> {
        None
    }

    fn refusals() -> Vec<&'static str> {
        super::why::reasons(false, false)
    }

    fn lost(&self, g: &Family<Self>) -> Option<(Side, Reason)> {
        super::king_captured(g)
    }

    /// Even two bare kings can take each other.
    fn insufficient_material(&self, _board: &Board) -> bool {
        false
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }

    fn turn_lengths(&self) -> (u8, u8) {
        (if self.first_turn_two { 2 } else { 1 }, 2)
    }

    fn castling_sees_attacks(&self) -> bool {
        self.castle_attack_standard
    }

    fn min_actions(&self) -> Option<u8> {
        self.second_move_optional.then_some(1)
    }

    fn en_passant_opens_turn(&self) -> bool {
        self.en_passant_first_move
    }

    fn no_moves(&self, side: Side) -> Outcome {
        if self.stalemate_loses {
            Outcome::win(side.other(), Reason::NoMoves)
        } else {
            Outcome::draw(Reason::Stalemate)
        }
    }
}
