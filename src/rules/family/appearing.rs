//! Appearing chess (`appearing.md`): the board starts empty and each side holds its
//! whole army in reserve. White first puts its king anywhere, then Black its own; from
//! then on a turn is one action, a chess move or a drop of a piece from the reserve
//! onto an empty square. Drops may block checks and count for mate and stalemate;
//! pawns drop only in their own half (a house rule), never on the first or last rank.
//! Captured pieces are gone for good.
//!
//! Castling under `castling = home-squares` needs a king and rook dropped on their
//! home squares and unmoved since. The chess position's castling bitboard holds the
//! rooks' rights as usual, and here also a mark on the king's home square while the
//! king dropped there has not moved; chess's own bookkeeping clears both marks when
//! either piece moves or the rook is taken. The FEN's castling field writes the rooks'
//! rights, which imply their king's mark; a seventh field, left out when empty, names
//! the home square of a marked king with no rook right yet (`e1`, `e8`, `e1,e8`).

use super::drop_check::DropCheck;
use super::{Family, Variant};
use crate::rules::chess::tables::{Bitboard, rank};
use crate::rules::chess::{Board, Chess, DrawClaim, Move, Role};
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::{choices, house_rules};
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

pub type Appearing = Family<AppearingOptions>;

/// Where pawns may be dropped (never on the first or last rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PawnZone {
    /// White on ranks 2 to 4, Black on ranks 5 to 7.
    #[default]
    OwnHalf,
    /// White on rank 2, Black on rank 7.
    HomeRank,
    /// Either side on ranks 2 to 7.
    Ranks2To7,
}

choices!(PawnZone {
    "own-half" => PawnZone::OwnHalf,
    "home-rank" => PawnZone::HomeRank,
    "ranks-2-7" => PawnZone::Ranks2To7,
});

house_rules! {
    pub struct AppearingOptions {
        "drop_check" drop_check: DropCheck = "allowed",
        "pawn_drop_zone" pawn_zone: PawnZone = "own-half",
        /// Castling for a king and rook dropped on their home squares and unmoved since.
        "castling" home_castling: bool = "none" { "none" => false, "home-squares" => true },
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

impl AppearingOptions {
    fn pawn_squares(&self, side: Side) -> Bitboard {
        match (self.pawn_zone, side) {
            (PawnZone::OwnHalf, Side::White) => rank(2) | rank(3) | rank(4),
            (PawnZone::OwnHalf, _) => rank(5) | rank(6) | rank(7),
            (PawnZone::HomeRank, Side::White) => rank(2),
            (PawnZone::HomeRank, _) => rank(7),
            (PawnZone::Ranks2To7, _) => !(rank(1) | rank(8)),
        }
    }
}

impl Variant for AppearingOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. K@g1 K@c8 2. Q@d4 N@f6 3. P@e4 P@c6",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::fen_with_hand("-"),
        pgn: Pgn::Numbered,
    };

    fn refusals() -> Vec<&'static str> {
        let mut out = super::why::reasons(true, false);
        out.extend([
            "msg-drop-occupied",
            "msg-drop-king-first",
            "msg-drop-pawn-zone",
            "msg-drop-own-check",
        ]);
        out
    }

    fn start(&self) -> &'static str {
        "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1"
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    /// Any empty square, pawns within their zone; while a side's king is still in
    /// reserve it may drop nothing else. Whether the drop leaves its own king in check
    /// (the black king beside the white one, say) is judged as for any move.
    fn drops(&self, g: &Family<Self>, role: Role) -> Bitboard {
        let p = &g.position;
        let king_held = g.reserve[p.turn.index()][Role::King as usize] > 0;
        if king_held && role != Role::King {
            return 0;
        }
        let empty = !p.board.occupied();
        match role {
            Role::Pawn => empty & self.pawn_squares(p.turn),
            _ => empty,
        }
    }

    /// A drop that checks is refused under `drop_check = forbidden`, and one that mates
    /// under `no-mate`, a mate having no answer that leaves the king safe; moves are
    /// never restricted.
    fn permits(&self, g: &Family<Self>, m: &Move) -> bool {
        self.drop_check
            .permits(g, m, |after| !after.king_safe().is_empty())
    }

    fn drops_are_moves(&self) -> bool {
        true
    }

    /// Under home-square castling a king dropped on its home square is marked, and a
    /// rook dropped on a corner of its side's first rank gets the right while its
    /// king is marked (a right beside a king that can never castle would mean
    /// nothing, and the FEN could not tell the two apart).
    fn dropped(&self, position: &mut Chess, m: &Move) {
        if !self.home_castling {
            return;
        }
        let base: Cell = if position.turn == Side::White { 0 } else { 56 };
        let king_marked = position.castling & (1u64 << (base + 4)) != 0;
        let home = match m.role {
            Role::King => m.to == base + 4,
            Role::Rook => king_marked && (m.to == base || m.to == base + 7),
            _ => false,
        };
        if home {
            position.castling |= 1u64 << m.to;
        }
    }

    fn castling_needs_king_mark(&self) -> bool {
        true
    }

    fn insufficient_material(&self, board: &Board) -> bool {
        board.is_insufficient_material()
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }
}

/// The marks a position's castling rights imply: the king's home square of each side
/// that keeps a right (see the module's note).
pub(super) fn king_marks(castling: Bitboard) -> Bitboard {
    [0u8, 56]
        .into_iter()
        .filter(|&base| castling & (1u64 << base | 1u64 << (base + 7)) != 0)
        .fold(0, |marks, base| marks | 1u64 << (base + 4))
}
