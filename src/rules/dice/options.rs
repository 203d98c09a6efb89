//! Dice chess's house rules, and its hooks into the chess family: kings are captured
//! rather than mated unless `check_rules` is on.

use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::family::{Family, Variant, king_captured};
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::house_rules;
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

house_rules! {
    pub struct DiceOptions {
        /// Three dice are rolled and the player moves a piece of any face shown.
        "dice" three_dice: bool = "one" { "one" => false, "three-choose-one" => true },
        /// A roll that moves nothing is rolled again instead of passing.
        "no_move" reroll: bool = "pass" { "pass" => false, "reroll" => true },
        /// Chess's check and mate instead of capturing the king.
        "check_rules" check_rules: bool = "off",
        /// The rook's face allows castling as well as the king's.
        "castle_face" rook_castles: bool = "king" { "king" => false, "king-or-rook" => true },
        /// The threefold repetition draw, counting positions reached by moves.
        "repetition" repetition: bool = "off",
        /// The players roll physical dice and enter the faces.
        "dice_source" manual: bool = "app" { "app" => false, "manual" => true },
        /// The app rolls by itself when a turn begins, without the Roll button.
        "auto_roll" auto_roll: bool = "off",
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

impl DiceOptions {
    pub fn dice(&self) -> u8 {
        if self.three_dice { 3 } else { 1 }
    }
}

impl Variant for DiceOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. [6] e4 [5]",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Numbered,
    };

    fn power(&self, piece: Piece, _square: Cell) -> Role {
        piece.role
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    fn royal(&self, _side: Side) -> Option<Role> {
        self.check_rules.then_some(Role::King)
    }

    fn lost(&self, g: &Family<Self>) -> Option<(Side, Reason)> {
        if self.check_rules {
            return None;
        }
        king_captured(g)
    }

    /// As in chess under check rules; where kings are captured, even two bare kings
    /// can take each other.
    fn insufficient_material(&self, board: &Board) -> bool {
        self.check_rules && board.is_insufficient_material()
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }

    fn castling_sees_attacks(&self) -> bool {
        self.check_rules
    }

    /// A side with no move at all with any piece draws, with check rules or without:
    /// a stalemate either way.
    fn no_moves(&self, _side: Side) -> Outcome {
        Outcome::draw(Reason::Stalemate)
    }

    /// A die that gives no legal move passes the turn, in check or not.
    fn check_outlasts_a_turn(&self) -> bool {
        true
    }
}
