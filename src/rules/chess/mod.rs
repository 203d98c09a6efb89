//! Orthodox chess (`chess`), after the FIDE Laws.

mod eval;
mod fen;
mod movegen;
mod position;
mod role;
pub mod san;
pub mod tables;
pub mod why;

pub use eval::{VALUE, capture_order, passed, position_key};
pub(crate) use fen::{piece_letter, skipped_by_double_step};
pub use position::{Board, Chess, Move, MoveKind, START_FEN};
pub(crate) use role::kind;
pub use role::{Piece, Role};

use super::game::{Game, grid_diagram};
use super::options::{choices, house_rules};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceView};
use super::why::Refusal;
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::SetUp;
use crate::rules::why::Refusals;

/// How repetition and fifty-move draws happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DrawClaim {
    /// Drawn at the third occurrence / 100 half-moves.
    #[default]
    Auto,
    /// The player may claim at the third / 100; automatic at the fifth / 150.
    Claim,
}

choices!(DrawClaim {
    "auto" => DrawClaim::Auto,
    "claim" => DrawClaim::Claim,
});

impl DrawClaim {
    /// The draw that comes by itself after `repetitions` of the position and
    /// `halfmoves` on the fifty-move counter.
    pub fn automatic(self, repetitions: usize, halfmoves: u32) -> Option<Outcome> {
        let (times, limit) = match self {
            DrawClaim::Auto => (3, 100),
            DrawClaim::Claim => (5, 150),
        };
        if repetitions >= times {
            Some(Outcome::draw(Reason::Repetition))
        } else if halfmoves >= limit {
            Some(Outcome::draw(Reason::FiftyMoves))
        } else {
            None
        }
    }

    /// The draw the player to move may claim, under the claim rule.
    pub fn claimable(self, repetitions: usize, halfmoves: u32) -> Option<Reason> {
        if self != DrawClaim::Claim {
            None
        } else if repetitions >= 3 {
            Some(Reason::Repetition)
        } else if halfmoves >= 100 {
            Some(Reason::FiftyMoves)
        } else {
            None
        }
    }
}

house_rules! {
    pub struct ChessOptions {
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

/// A chess game position with its house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct ChessGame {
    pub position: Chess,
    pub options: ChessOptions,
}

impl Game for ChessGame {
    fn set_up_text(&self) -> Option<String> {
        Some(self.position.fen()).filter(|f| f != START_FEN)
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        Some(self.position.perft(depth))
    }

    type Move = Move;
    type Options = ChessOptions;
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Chess,
    };

    fn new(options: ChessOptions) -> Self {
        ChessGame {
            position: Chess::default(),
            options,
        }
    }

    fn set_up(options: ChessOptions, fen: &str) -> Result<Self, Detail> {
        Ok(ChessGame {
            position: Chess::from_fen(fen)?,
            options,
        })
    }

    fn options(&self) -> &ChessOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.position.legal_moves(&mut moves);
        moves
    }

    fn play(&mut self, m: &Move) {
        self.position.play_unchecked(m);
    }

    fn notation(&self, m: &Move) -> String {
        self.position.san(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Detail> {
        self.position.parse_san(text)
    }

    fn view(&self, m: &Move) -> MoveView {
        move_view(m)
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        piece_views(&self.position)
    }

    fn same_position(&self, other: &Self) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.board == b.board
            && a.turn == b.turn
            && a.castling == b.castling
            && a.legal_ep_square() == b.legal_ep_square()
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        let p = &self.position;
        if !p.has_legal_move() {
            return Some(if p.is_check() {
                Outcome::win(p.turn.other(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if p.board.is_insufficient_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        self.options.draw_claim.automatic(repetitions, p.halfmoves)
    }

    fn move_number(&self) -> u32 {
        self.position.fullmoves
    }

    fn diagram(&self) -> String {
        diagram(&self.position)
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for ChessGame {
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        why::orthodox(&self.position, from, to)
    }

    fn refusals() -> Vec<&'static str> {
        why::REASONS.to_vec()
    }
}

impl Ends for ChessGame {
    fn has_check(&self) -> bool {
        true
    }

    /// A lone king can never mate.
    fn may_win(&self, side: Side) -> bool {
        let b = &self.position.board;
        b.by_side[side.index()] != b.pieces(side, Role::King)
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        self.options
            .draw_claim
            .claimable(repetitions, self.position.halfmoves)
    }
}

impl Seats for ChessGame {
    fn turn(&self) -> Side {
        self.position.turn
    }
}

impl GameView for ChessGame {
    fn check_cell(&self) -> Option<Cell> {
        self.position
            .is_check()
            .then(|| self.position.board.king_of(self.position.turn))
            .flatten()
    }
}

/// What a move on the board of the chess family shows: the capture (en passant's
/// beside the landing), castling's rook and the promotion.
pub(crate) fn move_view(m: &Move) -> MoveView {
    MoveView {
        captured: m.capture_square().into_iter().collect(),
        companion: m.castling_rook(),
        promotion: m.promotion.map(kind),
        ..MoveView::along(m.from, vec![m.to])
    }
}

pub(crate) fn piece_views(p: &Chess) -> Vec<(Cell, PieceView)> {
    p.pieces()
        .map(|(sq, p)| {
            let view = PieceView {
                side: p.side,
                kind: kind(p.role),
            };
            (sq, view)
        })
        .collect()
}

/// The board as text, White's pieces in capitals.
pub(crate) fn diagram(p: &Chess) -> String {
    grid_diagram(Topology::chess(), |sq| {
        p.board.piece_at(sq).map(Piece::letter)
    })
}

#[cfg(test)]
mod tests;
