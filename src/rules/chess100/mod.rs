//! V. Dubrovsky's 100-cell chess (`chess100`) on a 10x10 board with files a-k (no j):
//! chess with a jester and a general, pieces made strong on the royal e-file, king
//! pawns, pawn castling, royal castling twice a game, a visit to the enemy throne that
//! brings an extra pawn, and en passant for any piece.
//!
//! The board is held in 128-bit bitboards ([`board`]); every move's reach comes from
//! tables built once ([`attacks`]), so move generation does no geometry.
//!
//! Choices where the spec is silent:
//! - a move that brings a throne-visit pawn resets the fifty-move count, as a pawn move
//!   does: the pawn cannot go away again;
//! - the dead positions are chess's plainest: kings alone, or a king and one knight,
//!   bishop or jester against a lone king;
//! - repetitions and the fifty-move rule follow the chess family's `draw_claim` house
//!   rule (automatic by default);
//! - every promotion is written with its piece (`a10=R`), the forced ones too;
//! - a pawn takes en passant only by capturing; the other pieces may also simply move to
//!   the skipped square, which is their ordinary move.

mod attacks;
pub mod board;
mod eval;
mod fen;
mod moves;
mod san;
mod why;

pub use board::{Role, Square};
pub use fen::START_FEN;
pub use moves::{Kind, Move};

use super::chess::{DrawClaim, kind};
use super::game::{Game, grid_diagram};
use super::options::house_rules;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use super::why::Refusal;
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::Card;
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::SetUp;
use crate::rules::why::Refusals;
use board::{Bits, Board, ROYAL_FILE, bit};

house_rules! {
    pub struct Chess100Options {
        /// Any piece attacking the square a pawn skipped may take it there.
        "extended_en_passant" extended_en_passant: bool = "on",
        /// A king's visit to the enemy throne brings its side an extra pawn.
        "throne_pawn" throne_pawn: bool = "on",
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

/// A position of 100-cell chess with its house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Chess100 {
    pub board: Board,
    pub turn: Side,
    /// Per side, per wing (short towards the a-file, long towards the k-file): castling
    /// there may still come, its rook never having moved.
    pub castling: [[bool; 2]; 2],
    /// The side has castled once; its second castling needs only its king back home.
    pub castled: [bool; 2],
    /// The side's king has visited the enemy throne and may never enter it again.
    pub visited: [bool; 2],
    /// Pawns that have never moved, which may step two squares.
    pub fresh: Bits,
    /// The square a pawn has just skipped, where it may be taken.
    pub ep: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    pub options: Chess100Options,
}

impl Chess100 {
    fn start(options: Chess100Options) -> Chess100 {
        let board = Board::start();
        Chess100 {
            board,
            turn: Side::White,
            castling: [[true; 2]; 2],
            castled: [false; 2],
            visited: [false; 2],
            fresh: board.role(Role::Pawn),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            options,
        }
    }
}

impl Game for Chess100 {
    type Move = Move;
    type Options = Chess100Options;
    const CARD: Card = Card {
        pieces: &[
            PieceKind::King,
            PieceKind::Queen,
            PieceKind::Jester,
            PieceKind::General,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pawn,
        ],
        clocks: &[
            "none",
            "classical-40-150-60",
            "rapid-30",
            "rapid-15-10",
            "blitz-5",
            "bronstein-10-5",
            "delay-10-5",
        ],
        showcase: "1. e2<>d1 e9<>d10",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::fen("AKak"),
        pgn: Pgn::Numbered,
    };

    fn new(options: Chess100Options) -> Self {
        Chess100::start(options)
    }

    fn set_up(options: Chess100Options, text: &str) -> Result<Self, Detail> {
        let mut g = Chess100::start(options);
        g.read_fen(text)?;
        Ok(g)
    }

    fn options(&self) -> &Chess100Options {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess100()
    }

    fn legal_moves(&self) -> Vec<Move> {
        Chess100::legal_moves(self)
    }

    fn play(&mut self, m: &Move) {
        Chess100::play(self, m);
    }

    fn notation(&self, m: &Move) -> String {
        self.san(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Detail> {
        self.parse_san(text)
    }

    fn view(&self, m: &Move) -> MoveView {
        let companion = match m.kind {
            Kind::Castle => m.castling_rook(),
            Kind::PawnCastle => Some((m.to, m.from)),
            _ => None,
        };
        MoveView {
            captured: m.capture_square().into_iter().collect(),
            companion,
            promotion: m.promotion.map(kind),
            gift: m.gift,
            ..MoveView::along(m.from, vec![m.to])
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        board::squares(self.board.occupied())
            .filter_map(|sq| {
                let p = self.board.piece_at(sq)?;
                Some((
                    sq,
                    PieceView {
                        side: p.side,
                        kind: kind(p.role),
                    },
                ))
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.castled == other.castled
            && self.visited == other.visited
            && self.fresh == other.fresh
            && self.ep == other.ep
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome::win(self.turn.other(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if self.board.is_insufficient_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        self.options
            .draw_claim
            .automatic(repetitions, self.halfmoves)
    }

    fn set_up_text(&self) -> Option<String> {
        Some(self.fen()).filter(|f| f != START_FEN)
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        Some(self.count_moves(depth))
    }

    fn move_number(&self) -> u32 {
        self.fullmoves
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::chess100(), |sq| {
            self.board.piece_at(sq).map(|p| {
                let c = p.role.letter();
                if p.side == Side::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
        })
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for Chess100 {
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        self.refusal(from, to)
    }

    fn refusals() -> Vec<&'static str> {
        why::REASONS.to_vec()
    }
}

impl Ends for Chess100 {
    fn has_check(&self) -> bool {
        true
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        self.options
            .draw_claim
            .claimable(repetitions, self.halfmoves)
    }

    /// A lone king can never mate.
    fn may_win(&self, side: Side) -> bool {
        self.board.side(side) != self.board.pieces(side, Role::King)
    }
}

impl Seats for Chess100 {
    fn turn(&self) -> Side {
        self.turn
    }
}

impl GameView for Chess100 {
    fn check_cell(&self) -> Option<Cell> {
        self.is_check()
            .then(|| self.board.king_of(self.turn))
            .flatten()
    }

    fn hint(&self, cell: Cell) -> Option<&'static str> {
        let piece = self.board.piece_at(cell)?;
        if ROYAL_FILE & bit(cell) == 0 {
            return None;
        }
        match piece.role {
            Role::Jester => Some("hint-strong-jester"),
            Role::General => Some("hint-strong-general"),
            Role::King => Some("hint-strong-king"),
            Role::Pawn => Some("hint-king-pawn"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
