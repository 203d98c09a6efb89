//! The chess position: pieces, side to move, castling rights, en passant, counters.

use super::role::{Piece, Role};
use super::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

/// Piece placement as bitboards, one per side and one per role of [`Role::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub by_side: [Bitboard; 2],
    pub by_role: [Bitboard; Role::ALL.len()],
}

impl Board {
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    pub fn piece_at(&self, sq: Cell) -> Option<Piece> {
        let b = 1u64 << sq;
        let side = if self.by_side[0] & b != 0 {
            Side::White
        } else if self.by_side[1] & b != 0 {
            Side::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.by_role[*r as usize] & b != 0)?;
        Some(Piece { side, role })
    }

    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.by_side[side.index()] & self.by_role[role as usize]
    }

    /// No pawn, rook or queen, and at most one minor piece or only same-coloured bishops.
    pub fn is_insufficient_material(&self) -> bool {
        let b = self;
        if b.by_role[Role::Pawn as usize]
            | b.by_role[Role::Rook as usize]
            | b.by_role[Role::Queen as usize]
            != 0
        {
            return false;
        }
        let minors = b.by_role[Role::Knight as usize] | b.by_role[Role::Bishop as usize];
        if minors.count_ones() <= 1 {
            return true;
        }
        let dark = super::tables::DARK_SQUARES;
        b.by_role[Role::Knight as usize] == 0
            && (minors & dark == minors || minors & !dark == minors)
    }

    pub fn put(&mut self, sq: Cell, piece: Piece) {
        let b = 1u64 << sq;
        self.by_side[piece.side.index()] |= b;
        self.by_role[piece.role as usize] |= b;
    }

    pub fn remove(&mut self, sq: Cell) {
        let b = !(1u64 << sq);
        self.by_side[0] &= b;
        self.by_side[1] &= b;
        for r in &mut self.by_role {
            *r &= b;
        }
    }

    pub fn king_of(&self, side: Side) -> Option<Cell> {
        let k = self.pieces(side, Role::King);
        (k != 0).then(|| k.trailing_zeros() as Cell)
    }

    /// Pieces of `by` that attack `sq`, with the given occupancy.
    pub fn attackers(&self, sq: Cell, by: Side, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let s = sq as usize;
        let them = self.by_side[by.index()];
        let diag = self.by_role[Role::Bishop as usize] | self.by_role[Role::Queen as usize];
        let orth = self.by_role[Role::Rook as usize] | self.by_role[Role::Queen as usize];
        them & ((t.knight[s] & self.by_role[Role::Knight as usize])
            | (t.king[s] & self.by_role[Role::King as usize])
            | (t.pawn[by.other().index()][s] & self.by_role[Role::Pawn as usize])
            | (bishop_attacks(sq, occupied) & diag)
            | (rook_attacks(sq, occupied) & orth))
    }
}

/// A move: what moved from where to where, and what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub role: Role,
    pub capture: Option<Role>,
    pub promotion: Option<Role>,
    pub kind: MoveKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    EnPassant,
    /// The king's move; the rook's squares follow from the side of the board.
    Castle,
    /// A piece put on `to` from its side's reserve (`from` is `to`): variants only.
    Drop,
    /// Ends a turn of several moves without moving (everyone-moves chess).
    EndTurn,
}

impl Move {
    /// For castling: the rook's (from, to) squares.
    pub fn castling_rook(&self) -> Option<(Cell, Cell)> {
        (self.kind == MoveKind::Castle).then(|| {
            if self.to > self.from {
                (self.from + 3, self.from + 1)
            } else {
                (self.from - 4, self.from - 1)
            }
        })
    }

    /// The square of the captured piece (differs from `to` for en passant).
    pub fn capture_square(&self) -> Option<Cell> {
        self.capture.map(|_| match self.kind {
            MoveKind::EnPassant => {
                if self.to > self.from {
                    self.to - 8
                } else {
                    self.to + 8
                }
            }
            _ => self.to,
        })
    }
}

/// A chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess {
    pub board: Board,
    pub turn: Side,
    /// The rooks (by square) that still have castling rights.
    pub castling: Bitboard,
    /// The square skipped by a pawn's double step on the last move.
    pub ep_square: Option<Cell>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Default for Chess {
    fn default() -> Self {
        Chess::from_fen(START_FEN).expect("the start position is valid")
    }
}

impl Chess {
    pub fn us(&self) -> Bitboard {
        self.board.by_side[self.turn.index()]
    }

    pub fn them(&self) -> Bitboard {
        self.board.by_side[self.turn.other().index()]
    }

    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(k) => self
                .board
                .attackers(k, self.turn.other(), self.board.occupied()),
            None => 0,
        }
    }

    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let board = &mut self.board;
        if let Some(sq) = m.capture_square() {
            board.remove(sq);
        }
        board.remove(m.from);
        board.put(
            m.to,
            Piece {
                side: us,
                role: m.promotion.unwrap_or(m.role),
            },
        );
        if let Some((rf, rt)) = m.castling_rook() {
            board.remove(rf);
            board.put(
                rt,
                Piece {
                    side: us,
                    role: Role::Rook,
                },
            );
        }
        // Castling rights: a king move loses both, a rook leaving or being taken loses its
        // own, and a king taken (where kings are captured) takes its side's with it.
        if m.role == Role::King {
            self.castling &= !back_rank(us);
        }
        if m.capture == Some(Role::King) {
            self.castling &= !back_rank(us.other());
        }
        self.castling &= !((1u64 << m.from) | (1u64 << m.to));
        self.ep_square = None;
        if m.role == Role::Pawn && m.from.abs_diff(m.to) == 16 {
            self.ep_square = Some((m.from + m.to) / 2);
        }
        if m.role == Role::Pawn || m.capture.is_some() {
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if us == Side::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = us.other();
    }

    /// The en passant square only when a legal en passant capture exists: the form that
    /// counts for repetition and that FEN output uses.
    pub fn legal_ep_square(&self) -> Option<Cell> {
        let ep = self.ep_square?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
            .then_some(ep)
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        squares(self.board.occupied()).filter_map(|sq| self.board.piece_at(sq).map(|p| (sq, p)))
    }
}

pub fn back_rank(side: Side) -> Bitboard {
    match side {
        Side::White => 0xFF,
        _ => 0xFF << 56,
    }
}
