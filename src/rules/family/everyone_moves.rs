//! Everyone-moves chess (`everyone-moves.md`): a turn is a run of moves by the side to
//! move in which every piece that stood on the board when it began may act once, in
//! any order; the player ends it (after at least one move), or it ends when nothing
//! unused can act. Kings are captured, not checked: taking one wins at once, even in
//! the middle of a turn. The fifty-move rule counts turns.
//!
//! The spec's check mode (a turn may not end with one's own king attacked) is not
//! offered yet.

use super::{Family, Variant};
use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::options::{HouseRules, OptionSpec, unknown};
use crate::rules::outcome::Reason;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type EveryoneMoves = Family<EveryoneMovesOptions>;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct EveryoneMovesOptions {
    /// A whole turn may be passed with End turn.
    pub empty_turns: bool,
    /// Castling uses up the king only; the rook may still move in the same turn.
    pub castling_king_only: bool,
    pub draw_claim: DrawClaim,
}

impl Variant for EveryoneMovesOptions {
    fn power(&self, piece: Piece, _square: Cell) -> Role {
        piece.role
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    fn royal(&self, _side: Side) -> Option<Role> {
        None
    }

    fn lost(&self, g: &Family<Self>) -> Option<(Side, Reason)> {
        Side::BOTH
            .into_iter()
            .find(|&s| g.position.board.pieces(s, Role::King) == 0)
            .map(|s| (s, Reason::KingCaptured))
    }

    fn insufficient_material(&self, _board: &Board) -> bool {
        false
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

    fn min_actions(&self) -> u8 {
        if self.empty_turns { 0 } else { 1 }
    }

    fn castling_uses_rook(&self) -> bool {
        !self.castling_king_only
    }

    fn castling_sees_attacks(&self) -> bool {
        false
    }
}

impl HouseRules for EveryoneMovesOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
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
            OptionSpec {
                id: "draw_claim",
                default: "auto",
                values: &["auto", "claim"],
            },
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        Some(match id {
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
            "draw_claim" => match self.draw_claim {
                DrawClaim::Auto => "auto",
                DrawClaim::Claim => "claim",
            },
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let wrong = |values: &str| Err(format!("{id} takes {values}, not '{value}'"));
        match (id, value) {
            ("min_actions", "1") => self.empty_turns = false,
            ("min_actions", "0") => self.empty_turns = true,
            ("min_actions", _) => return wrong("1 or 0"),
            ("castling_units", "both") => self.castling_king_only = false,
            ("castling_units", "king-only") => self.castling_king_only = true,
            ("castling_units", _) => return wrong("both or king-only"),
            ("draw_claim", "auto") => self.draw_claim = DrawClaim::Auto,
            ("draw_claim", "claim") => self.draw_claim = DrawClaim::Claim,
            ("draw_claim", _) => return wrong("auto or claim"),
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}
