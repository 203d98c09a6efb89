//! Bughouse's house rules, which are also each board's variant hooks: drops anywhere
//! empty, pawns kept off the last ranks, and checks by drop as the players agree.

use crate::rules::chess::tables::{Bitboard, rank};
use crate::rules::chess::{Board, DrawClaim, Move, Piece, Role};
use crate::rules::family::{DropCheck, Family, Variant};
use crate::rules::game::Game;
use crate::rules::options::{HouseRules, OptionSpec, unknown};
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

#[derive(Clone, Debug, PartialEq, Default)]
pub struct BughouseOptions {
    pub drop_check: DropCheck,
    /// Pawns only on ranks 2 to 6 (White) and 7 to 3 (Black), the source's limit.
    pub pawn_ranks_2_6: bool,
    /// A captured promoted piece goes to the partner as the piece, not as a pawn.
    pub promoted_as_piece: bool,
    /// A check a drop could block is no mate: the seat waits for a piece.
    pub potential_drop: bool,
    /// A stalemate on either board draws the match; otherwise the seat waits.
    pub stalemate_draws: bool,
    pub board_order: BoardOrder,
}

const TABLE: &[(&str, &[&str])] = &[
    ("drop_check", &["allowed", "no-mate", "forbidden"]),
    ("pawn_drop_ranks", &["2-7", "2-6"]),
    ("promoted_capture", &["pawn", "piece"]),
    ("mate_rule", &["current-reserve", "potential-drop"]),
    ("stalemate", &["wait", "draw"]),
    ("board_order", &["free", "alternate"]),
];

impl HouseRules for BughouseOptions {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 6] = {
            let mut specs = [OptionSpec {
                id: "",
                values: &[],
                default: "",
            }; 6];
            let mut i = 0;
            while i < 6 {
                specs[i] = OptionSpec {
                    id: TABLE[i].0,
                    values: TABLE[i].1,
                    default: TABLE[i].1[0],
                };
                i += 1;
            }
            specs
        };
        &SPECS
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        let index = match id {
            "drop_check" => self.drop_check as usize,
            "pawn_drop_ranks" => usize::from(self.pawn_ranks_2_6),
            "promoted_capture" => usize::from(self.promoted_as_piece),
            "mate_rule" => usize::from(self.potential_drop),
            "stalemate" => usize::from(self.stalemate_draws),
            "board_order" => self.board_order as usize,
            _ => return None,
        };
        let (_, values) = TABLE.iter().find(|(i, _)| *i == id)?;
        values.get(index).copied()
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let (_, values) = TABLE
            .iter()
            .find(|(i, _)| *i == id)
            .ok_or_else(|| unknown(id))?;
        let index = values
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| format!("{id} takes {}, not '{value}'", values.join(" or ")))?;
        match id {
            "drop_check" => {
                self.drop_check =
                    [DropCheck::Allowed, DropCheck::NoMate, DropCheck::Forbidden][index]
            }
            "pawn_drop_ranks" => self.pawn_ranks_2_6 = index == 1,
            "promoted_capture" => self.promoted_as_piece = index == 1,
            "mate_rule" => self.potential_drop = index == 1,
            "stalemate" => self.stalemate_draws = index == 1,
            _ => self.board_order = [BoardOrder::Free, BoardOrder::Alternate][index],
        }
        Ok(())
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
