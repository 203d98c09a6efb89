//! Everyone-moves chess (`everyone-moves.md`): a turn is a run of moves by the side to
//! move in which every piece that stood on the board when it began may act once, in
//! any order; the player ends it (after at least one move), or it ends when nothing
//! unused can act. Kings are captured, not checked: taking one wins at once, even in
//! the middle of a turn. The fifty-move rule counts turns.
//!
//! Under the house rule `check_rules` kings are royal instead: a turn may end only
//! with one's own king unattacked, so a move stands only if some run of the pieces
//! still free can then make the king safe; a side whose king is attacked with no such
//! run at the start of its turn is mated.

use super::{Family, Variant};
use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::options::{HouseRules, OptionSpec, SWITCH, parse_switch, switch, unknown};
use crate::rules::outcome::Reason;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type EveryoneMoves = Family<EveryoneMovesOptions>;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct EveryoneMovesOptions {
    /// Kings are royal: a turn may not end with one's own king attacked.
    pub check_rules: bool,
    /// A whole turn may be passed with End turn.
    pub empty_turns: bool,
    /// Castling uses up the king only; the rook may still move in the same turn.
    pub castling_king_only: bool,
    pub draw_claim: DrawClaim,
}

impl Variant for EveryoneMovesOptions {
    fn refusals() -> Vec<&'static str> {
        let mut out = super::why::reasons(false, true);
        out.push("msg-why-not-there");
        out
    }

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
        super::king_captured(g)
    }

    /// As in chess where kings are royal; where they are captured, even two bare kings
    /// can take each other.
    fn insufficient_material(&self, board: &Board) -> bool {
        self.check_rules && board.is_insufficient_material()
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }

    /// No limit but the pieces: each acts at most once.
    fn turn_lengths(&self) -> (u8, u8) {
        (u8::MAX, u8::MAX)
    }

    fn once_per_unit(&self) -> bool {
        true
    }

    fn min_actions(&self) -> Option<u8> {
        Some(if self.empty_turns { 0 } else { 1 })
    }

    fn castling_uses_rook(&self) -> bool {
        !self.castling_king_only
    }

    fn castling_sees_attacks(&self) -> bool {
        self.check_rules
    }
}

impl HouseRules for EveryoneMovesOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "check_rules",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "min_actions",
                default: "1",
                values: &["1", "0"],
            },
            OptionSpec {
                id: "castling_units",
                default: "both",
                values: &["both", "king-only"],
            },
            DrawClaim::SPEC,
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        Some(match id {
            "check_rules" => switch(self.check_rules),
            "min_actions" => {
                if self.empty_turns {
                    "0"
                } else {
                    "1"
                }
            }
            "castling_units" => {
                if self.castling_king_only {
                    "king-only"
                } else {
                    "both"
                }
            }
            "draw_claim" => self.draw_claim.id(),
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let wrong = |values: &str| Err(format!("{id} takes {values}, not '{value}'"));
        match (id, value) {
            ("check_rules", _) => self.check_rules = parse_switch(id, value)?,
            ("min_actions", "1") => self.empty_turns = false,
            ("min_actions", "0") => self.empty_turns = true,
            ("min_actions", _) => return wrong("1 or 0"),
            ("castling_units", "both") => self.castling_king_only = false,
            ("castling_units", "king-only") => self.castling_king_only = true,
            ("castling_units", _) => return wrong("both or king-only"),
            ("draw_claim", _) => self.draw_claim = DrawClaim::parse(value)?,
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}
