//! The chess family (`CHESS-FAMILY.md`): orthodox chess with a hook or two per variant.
//! A variant says with which power each piece moves from the square it stands on and
//! what a pawn may become where it arrives; the family does the rest with chess's own
//! position, FEN, SAN, castling, en passant and draw rules.
//!
//! A move is legal when, played, it leaves no attack on the mover's king, attacks being
//! counted with the same powers. That is simpler than chess's pin masks, which assume
//! a piece moves the same way wherever it stands; orthodox chess keeps its own faster
//! generator.

mod eval;
mod movegen;
pub mod transforming;
#[cfg(test)]
mod transforming_tests;

pub use transforming::{Transforming, TransformingOptions};

use super::chess::{Board, Chess, DrawClaim, Move, MoveKind, Piece, Role, san};
use super::game::{Game, grid_diagram};
use super::options::HouseRules;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{MoveView, PieceKind, PieceView};

/// A variant's hooks into the family's rules.
pub trait Variant: HouseRules {
    /// How `piece` moves and attacks from `square`: the role whose moves it makes.
    fn power(&self, piece: Piece, square: Cell) -> Role;
    /// What a pawn arriving on `square` (on the last rank) may become.
    fn promotions(&self, square: Cell) -> &'static [Role];
    /// Whether the pieces left can never mate, which draws at once.
    fn insufficient_material(&self, board: &Board) -> bool;
    fn draw_claim(&self) -> DrawClaim;
}

/// A position of a chess-family variant, with its house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Family<V> {
    pub position: Chess,
    pub variant: V,
}

fn kind(role: Role) -> PieceKind {
    match role {
        Role::Pawn => PieceKind::Pawn,
        Role::Knight => PieceKind::Knight,
        Role::Bishop => PieceKind::Bishop,
        Role::Rook => PieceKind::Rook,
        Role::Queen => PieceKind::Queen,
        Role::King => PieceKind::King,
    }
}

impl<V: Variant> Family<V> {
    pub fn fen(&self) -> String {
        self.position.fen_with_en_passant(self.legal_ep_square())
    }

    /// The en passant square while an en passant capture is legal: what counts for
    /// repetition and what the FEN writes.
    fn legal_ep_square(&self) -> Option<Cell> {
        let ep = self.position.ep_square?;
        self.moves()
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
            .then_some(ep)
    }
}

impl<V: Variant> Game for Family<V> {
    type Move = Move;
    type Options = V;

    fn set_up_text(&self) -> Option<String> {
        Some(self.fen()).filter(|f| f != super::chess::START_FEN)
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        fn count<V: Variant>(g: &Family<V>, depth: u32) -> u64 {
            let moves = g.moves();
            if depth <= 1 {
                return if depth == 0 { 1 } else { moves.len() as u64 };
            }
            moves
                .iter()
                .map(|m| {
                    let mut next = g.clone();
                    next.play(m);
                    count(&next, depth - 1)
                })
                .sum()
        }
        Some(count(self, depth))
    }

    fn new(variant: V) -> Self {
        Family {
            position: Chess::default(),
            variant,
        }
    }

    fn set_up(variant: V, fen: &str) -> Result<Self, String> {
        let g = Family {
            position: Chess::parse_fen(fen)?,
            variant,
        };
        if g.attacked_king(g.position.turn.other()) {
            return Err("the side not to move is in check".into());
        }
        Ok(g)
    }

    fn options(&self) -> &V {
        &self.variant
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    fn turn(&self) -> Side {
        self.position.turn
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.moves()
    }

    fn play(&mut self, m: &Move) {
        self.position.play_unchecked(m);
    }

    fn notation(&self, m: &Move) -> String {
        let mut after = self.clone();
        after.play(m);
        let suffix = after
            .attacked_king(after.position.turn)
            .then(|| if after.moves().is_empty() { '#' } else { '+' });
        san::write(m, &self.moves(), suffix)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        san::read(text, &self.moves())
    }

    fn view(&self, m: &Move) -> MoveView {
        MoveView {
            captured: m.capture_square().into_iter().collect(),
            companion: m.castling_rook(),
            promotion: m.promotion.map(kind),
            ..MoveView::along(m.from, vec![m.to])
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.position
            .pieces()
            .map(|(sq, p)| {
                (
                    sq,
                    PieceView {
                        side: p.side,
                        kind: kind(p.role),
                    },
                )
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.board == b.board
            && a.turn == b.turn
            && a.castling == b.castling
            && self.legal_ep_square() == other.legal_ep_square()
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        let p = &self.position;
        if self.moves().is_empty() {
            return Some(if self.attacked_king(p.turn) {
                Outcome::win(p.turn.other(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if self.variant.insufficient_material(&p.board) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        let (times, halfmoves) = match self.variant.draw_claim() {
            DrawClaim::Auto => (3, 100),
            DrawClaim::Claim => (5, 150),
        };
        if repetitions >= times {
            return Some(Outcome::draw(Reason::Repetition));
        }
        if p.halfmoves >= halfmoves {
            return Some(Outcome::draw(Reason::FiftyMoves));
        }
        None
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        if self.variant.draw_claim() != DrawClaim::Claim {
            return None;
        }
        if repetitions >= 3 {
            Some(Reason::Repetition)
        } else if self.position.halfmoves >= 100 {
            Some(Reason::FiftyMoves)
        } else {
            None
        }
    }

    fn check_cell(&self) -> Option<Cell> {
        let turn = self.position.turn;
        self.attacked_king(turn)
            .then(|| self.position.board.king_of(turn))
            .flatten()
    }

    fn moves_as(&self, cell: Cell) -> Option<PieceKind> {
        let piece = self.position.board.piece_at(cell)?;
        let power = self.variant.power(piece, cell);
        (power != piece.role).then(|| kind(power))
    }

    fn move_number(&self) -> u32 {
        self.position.fullmoves
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::chess(), |sq| {
            self.position.board.piece_at(sq).map(|p| {
                let c = p.role.letter();
                if p.side == Side::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
        })
    }
}
