//! Dice chess's house rules, and its hooks into the chess family: kings are captured
//! rather than mated unless `check_rules` is on.

use crate::rules::chess::{Board, DrawClaim, Piece, Role};
use crate::rules::family::{Family, Variant, king_captured};
use crate::rules::options::{HouseRules, OptionSpec, SWITCH, parse_switch, switch, unknown};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct DiceOptions {
    /// Three dice are rolled and the player moves a piece of any face shown.
    pub three_dice: bool,
    /// A roll that moves nothing is rolled again instead of passing.
    pub reroll: bool,
    /// Chess's check and mate instead of capturing the king.
    pub check_rules: bool,
    /// The rook's face allows castling as well as the king's.
    pub rook_castles: bool,
    /// The threefold repetition draw, counting positions reached by moves.
    pub repetition: bool,
    /// The players roll physical dice and enter the faces.
    pub manual: bool,
    /// The app rolls by itself when a turn begins, without the Roll button.
    pub auto_roll: bool,
    pub draw_claim: DrawClaim,
}

impl DiceOptions {
    pub fn dice(&self) -> u8 {
        if self.three_dice { 3 } else { 1 }
    }
}

impl Variant for DiceOptions {
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

impl HouseRules for DiceOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "dice",
                default: "one",
                values: &["one", "three-choose-one"],
            },
            OptionSpec {
                id: "no_move",
                default: "pass",
                values: &["pass", "reroll"],
            },
            OptionSpec {
                id: "check_rules",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "castle_face",
                default: "king",
                values: &["king", "king-or-rook"],
            },
            OptionSpec {
                id: "repetition",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "dice_source",
                default: "app",
                values: &["app", "manual"],
            },
            OptionSpec {
                id: "auto_roll",
                default: "off",
                values: SWITCH,
            },
            DrawClaim::SPEC,
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        let pick = |on: bool, yes: &'static str, no: &'static str| if on { yes } else { no };
        Some(match id {
            "dice" => pick(self.three_dice, "three-choose-one", "one"),
            "no_move" => pick(self.reroll, "reroll", "pass"),
            "check_rules" => switch(self.check_rules),
            "castle_face" => pick(self.rook_castles, "king-or-rook", "king"),
            "repetition" => switch(self.repetition),
            "dice_source" => pick(self.manual, "manual", "app"),
            "auto_roll" => switch(self.auto_roll),
            "draw_claim" => self.draw_claim.id(),
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let wrong = |values: &str| Err(format!("{id} takes {values}, not '{value}'"));
        match (id, value) {
            ("dice", "one") => self.three_dice = false,
            ("dice", "three-choose-one") => self.three_dice = true,
            ("dice", _) => return wrong("one or three-choose-one"),
            ("no_move", "pass") => self.reroll = false,
            ("no_move", "reroll") => self.reroll = true,
            ("no_move", _) => return wrong("pass or reroll"),
            ("check_rules", _) => self.check_rules = parse_switch(id, value)?,
            ("castle_face", "king") => self.rook_castles = false,
            ("castle_face", "king-or-rook") => self.rook_castles = true,
            ("castle_face", _) => return wrong("king or king-or-rook"),
            ("repetition", _) => self.repetition = parse_switch(id, value)?,
            ("dice_source", "app") => self.manual = false,
            ("dice_source", "manual") => self.manual = true,
            ("dice_source", _) => return wrong("app or manual"),
            ("auto_roll", _) => self.auto_roll = parse_switch(id, value)?,
            ("draw_claim", _) => self.draw_claim = DrawClaim::parse(value)?,
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}
