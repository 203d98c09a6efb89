//! Double-move chess (`double-move.md`): after White's one-move first turn every turn
//! is two moves by the same side, by one piece or two. Nothing is illegal for check:
//! kings may stand and step into attack, and capturing the enemy king wins at once,
//! even with the turn's first move. En passant targets from either move of a turn
//! serve the opponent's whole next turn.

use super::{Family, Variant};
use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::options::{HouseRules, OptionSpec, unknown};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type DoubleMove = Family<DoubleMoveOptions>;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct DoubleMoveOptions {
    /// The player may end a turn after its first move.
    pub second_move_optional: bool,
    /// White's first turn has two moves too.
    pub first_turn_two: bool,
    /// En passant only as a turn's first move (the Marseillais convention).
    pub en_passant_first_move: bool,
    /// Castling asks that the king's squares be unattacked (FIDE's condition).
    pub castle_attack_standard: bool,
    /// A side with no move at all loses instead of drawing.
    pub stalemate_loses: bool,
    pub draw_claim: DrawClaim,
}

impl Variant for DoubleMoveOptions {
    fn power(&self, piece: Piece, _square: Cell) -> Role {
        piece.role
    }

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

impl HouseRules for DoubleMoveOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "first_turn",
                default: "one-move",
                values: &["one-move", "two-moves"],
            },
            OptionSpec {
                id: "second_move",
                default: "mandatory",
                values: &["mandatory", "optional"],
            },
            OptionSpec {
                id: "ep_window",
                default: "turn",
                values: &["turn", "first-move"],
            },
            OptionSpec {
                id: "castle_attack",
                default: "ignore",
                values: &["ignore", "standard"],
            },
            OptionSpec {
                id: "stalemate",
                default: "draw",
                values: &["draw", "loss"],
            },
            DrawClaim::SPEC,
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        let pick = |on: bool, yes: &'static str, no: &'static str| if on { yes } else { no };
        Some(match id {
            "first_turn" => pick(self.first_turn_two, "two-moves", "one-move"),
            "second_move" => pick(self.second_move_optional, "optional", "mandatory"),
            "ep_window" => pick(self.en_passant_first_move, "first-move", "turn"),
            "castle_attack" => pick(self.castle_attack_standard, "standard", "ignore"),
            "stalemate" => pick(self.stalemate_loses, "loss", "draw"),
            "draw_claim" => self.draw_claim.id(),
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let wrong = |values: &str| Err(format!("{id} takes {values}, not '{value}'"));
        match (id, value) {
            ("first_turn", "one-move") => self.first_turn_two = false,
            ("first_turn", "two-moves") => self.first_turn_two = true,
            ("first_turn", _) => return wrong("one-move or two-moves"),
            ("second_move", "mandatory") => self.second_move_optional = false,
            ("second_move", "optional") => self.second_move_optional = true,
            ("second_move", _) => return wrong("mandatory or optional"),
            ("ep_window", "turn") => self.en_passant_first_move = false,
            ("ep_window", "first-move") => self.en_passant_first_move = true,
            ("ep_window", _) => return wrong("turn or first-move"),
            ("castle_attack", "ignore") => self.castle_attack_standard = false,
            ("castle_attack", "standard") => self.castle_attack_standard = true,
            ("castle_attack", _) => return wrong("ignore or standard"),
            ("stalemate", "draw") => self.stalemate_loses = false,
            ("stalemate", "loss") => self.stalemate_loses = true,
            ("stalemate", _) => return wrong("draw or loss"),
            ("draw_claim", _) => self.draw_claim = DrawClaim::parse(value)?,
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}
