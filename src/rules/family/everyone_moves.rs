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
use crate::rules::chess::{Board, DrawClaim, Role};
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::house_rules;
use crate::rules::outcome::Reason;
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type EveryoneMoves = Family<EveryoneMovesOptions>;

house_rules! {
    pub struct EveryoneMovesOptions {
        /// Kings are royal: a turn may not end with one's own king attacked.
        "check_rules" check_rules: bool = "off",
        /// A whole turn may be passed with End turn.
        "min_actions" empty_turns: bool = "1" { "1" => false, "0" => true },
        /// Castling uses up the king only; the rook may still move in the same turn.
        "castling_units" castling_king_only: bool = "both" { "both" => false, "king-only" => true },
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

impl Variant for EveryoneMovesOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. e4,d4,Nf3",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Numbered,
    };

    fn refusals() -> Vec<&'static str> {
        let mut out = super::why::reasons(false, true);
        out.push("msg-why-not-there");
        out
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
