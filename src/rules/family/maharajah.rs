//! Maharajah and the Sepoys (`maharajah.md`): White's whole army against Black's lone
//! Maharajah, which moves as a queen or a knight. Black first puts it on any empty
//! square no white pawn attacks (`0... M@e5`); White then moves first. The Maharajah
//! is not royal by default: it may stand attacked, and its capture ends the game.
//! White's pawns do not promote: on the last rank they stay, without moves.

use super::{Family, Variant};
use crate::rules::chess::tables::{Bitboard, squares, tables};
use crate::rules::chess::{Board, DrawClaim, Role};
use crate::rules::game::{CHESS_CLOCKS, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::{choices, house_rules};
use crate::rules::outcome::Reason;
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::Cell;
use crate::rules::view::PieceKind;

pub type Maharajah = Family<MaharajahOptions>;

/// What a white pawn does on the last rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PawnLastRank {
    /// It moves there and stays a pawn, with no moves.
    #[default]
    Stay,
    /// It may not move there.
    Forbidden,
    /// Chess promotion: a handicap for training, not the game.
    Promote,
}

/// Where Black may put the Maharajah.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlacementZone {
    /// Any empty square no white pawn attacks (ranks 4 to 8 at the start).
    #[default]
    Ranks4To8,
    /// Any empty square of ranks 6 to 8.
    Ranks6To8,
}

choices!(PawnLastRank {
    "stay" => PawnLastRank::Stay,
    "forbidden" => PawnLastRank::Forbidden,
    "promote" => PawnLastRank::Promote,
});

choices!(PlacementZone {
    "ranks4-8" => PlacementZone::Ranks4To8,
    "ranks6-8" => PlacementZone::Ranks6To8,
});

house_rules! {
    pub struct MaharajahOptions {
        "maharajah_royal" maharajah_royal: bool = "off",
        "pawn_last_rank" pawn_last_rank: PawnLastRank = "stay",
        "placement_zone" placement_zone: PlacementZone = "ranks4-8",
        "castling" castling: bool = "allowed" { "allowed" => true, "forbidden" => false },
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

const RANKS_6_TO_8: Bitboard = 0xFFFF_FF00_0000_0000;

impl Variant for MaharajahOptions {
    const CARD: Card = Card {
        pieces: &[
            PieceKind::Maharajah,
            PieceKind::King,
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pawn,
        ],
        clocks: CHESS_CLOCKS,
        showcase: "0... M@d5",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::fen_with_hand("KQ"),
        pgn: Pgn::Numbered,
    };

    fn refusals() -> Vec<&'static str> {
        let mut out = super::why::reasons(true, false);
        out.extend(["msg-drop-occupied", "msg-no-placement-here"]);
        out
    }

    fn start(&self) -> &'static str {
        if self.castling {
            "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR[m] b KQ - 0 1"
        } else {
            "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR[m] b - - 0 1"
        }
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        match self.pawn_last_rank {
            PawnLastRank::Stay => Some(&[]),
            PawnLastRank::Forbidden => None,
            PawnLastRank::Promote => Some(&Role::PROMOTIONS),
        }
    }

    fn royal(&self, side: Side) -> Option<Role> {
        match side {
            Side::White => Some(Role::King),
            _ => self.maharajah_royal.then_some(Role::Maharajah),
        }
    }

    fn drops(&self, g: &Family<Self>, _role: Role) -> Bitboard {
        let board = &g.position.board;
        let empty = !board.occupied();
        match self.placement_zone {
            PlacementZone::Ranks4To8 => {
                let t = tables();
                let guarded = squares(board.pieces(Side::White, Role::Pawn))
                    .fold(0, |g, sq| g | t.pawn[Side::White.index()][usize::from(sq)]);
                empty & !guarded
            }
            PlacementZone::Ranks6To8 => empty & RANKS_6_TO_8,
        }
    }

    /// The Maharajah gone from the board and from Black's hand.
    fn lost(&self, g: &Family<Self>) -> Option<(Side, Reason)> {
        let black = Side::Black.index();
        let on_board = g.position.board.pieces(Side::Black, Role::Maharajah) != 0;
        let in_hand = g.reserve[black][Role::Maharajah as usize] > 0;
        (!on_board && !in_hand).then_some((Side::Black, Reason::MaharajahCaptured))
    }

    /// The Maharajah alone can mate a bare king, and a bare king can take a careless
    /// Maharajah: nothing is drawn for want of material.
    fn insufficient_material(&self, _board: &Board) -> bool {
        false
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }
}
