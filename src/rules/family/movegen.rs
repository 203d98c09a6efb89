//! The family's moves: each piece by the power its variant gives it where it stands,
//! pawns always as pawns, castling and en passant as in chess; a move stands if it
//! leaves the mover's king unattacked.

use super::{Family, Variant};
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::chess::{Board, Move, MoveKind, Piece, Role};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

impl<V: Variant> Family<V> {
    /// The squares `piece` on `from` attacks, by its power there.
    pub(super) fn reach(&self, piece: Piece, from: Cell, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let s = usize::from(from);
        match self.variant.power(piece, from) {
            Role::Pawn => t.pawn[piece.side.index()][s],
            Role::Knight => t.knight[s],
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Role::King => t.king[s],
        }
    }

    /// Whether a piece of `by` attacks `square` on `board`.
    fn attacked(&self, board: &Board, square: Cell, by: Side) -> bool {
        let occupied = board.occupied();
        squares(board.by_side[by.index()]).any(|from| {
            let piece = board.piece_at(from).expect("an occupied square");
            self.reach(piece, from, occupied) & (1u64 << square) != 0
        })
    }

    /// Whether `side`'s king stands attacked.
    pub(super) fn attacked_king(&self, side: Side) -> bool {
        let board = &self.position.board;
        board
            .king_of(side)
            .is_some_and(|k| self.attacked(board, k, side.other()))
    }

    /// Every legal move of the side to move.
    pub(super) fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal(&mut moves);
        let us = self.position.turn;
        moves.retain(|m| {
            let mut after = self.position;
            after.play_unchecked(m);
            after
                .board
                .king_of(us)
                .is_some_and(|k| !self.attacked(&after.board, k, us.other()))
        });
        moves
    }

    fn pseudo_legal(&self, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let us = board.by_side[p.turn.index()];
        let occupied = board.occupied();
        for from in squares(us) {
            let piece = board.piece_at(from).expect("an occupied square");
            if piece.role == Role::Pawn {
                self.pawn_moves(from, out);
                continue;
            }
            for to in squares(self.reach(piece, from, occupied) & !us) {
                out.push(Move {
                    from,
                    to,
                    role: piece.role,
                    capture: board.piece_at(to).map(|c| c.role),
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
        }
        self.castles(out);
    }

    fn pawn_moves(&self, from: Cell, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let t = tables();
        let occupied = board.occupied();
        let them = board.by_side[p.turn.other().index()];
        let (forward, start_rank, last_rank): (i8, Bitboard, Bitboard) = match p.turn {
            Side::White => (8, 0xFF00, 0xFF << 56),
            _ => (-8, 0xFF << 48, 0xFF),
        };
        let mut targets = t.pawn[p.turn.index()][usize::from(from)] & them;
        let one = from.wrapping_add_signed(forward);
        if occupied & (1u64 << one) == 0 {
            targets |= 1u64 << one;
            let two = one.wrapping_add_signed(forward);
            if start_rank & (1u64 << from) != 0 && occupied & (1u64 << two) == 0 {
                targets |= 1u64 << two;
            }
        }
        let step = |to: Cell, promotion| Move {
            from,
            to,
            role: Role::Pawn,
            capture: board.piece_at(to).map(|c| c.role),
            promotion,
            kind: MoveKind::Normal,
        };
        for to in squares(targets) {
            if last_rank & (1u64 << to) != 0 {
                for &role in self.variant.promotions(to) {
                    out.push(step(to, Some(role)));
                }
            } else {
                out.push(step(to, None));
            }
        }
        if let Some(ep) = p.ep_square
            && t.pawn[p.turn.index()][usize::from(from)] & (1u64 << ep) != 0
        {
            out.push(Move {
                from,
                to: ep,
                role: Role::Pawn,
                capture: Some(Role::Pawn),
                promotion: None,
                kind: MoveKind::EnPassant,
            });
        }
    }

    /// The original king from its home square with an original rook that keeps its
    /// right, nothing between them, and no square the king stands on, crosses or lands
    /// on attacked.
    fn castles(&self, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let base: Cell = if p.turn == Side::White { 0 } else { 56 };
        let king = base + 4;
        let own = |sq: Cell, role| board.piece_at(sq) == Some(Piece { side: p.turn, role });
        if !own(king, Role::King) {
            return;
        }
        let enemy = p.turn.other();
        let occupied = board.occupied();
        // (rook square, squares that must be empty, squares the king crosses and lands on)
        let sides = [
            (base + 7, 0b0110_0000u64 << base, [base + 5, base + 6]),
            (base, 0b0000_1110u64 << base, [base + 3, base + 2]),
        ];
        for (rook, empty, path) in sides {
            if p.castling & (1u64 << rook) != 0
                && own(rook, Role::Rook)
                && occupied & empty == 0
                && !self.attacked(board, king, enemy)
                && path.iter().all(|&sq| !self.attacked(board, sq, enemy))
            {
                out.push(Move {
                    from: king,
                    to: path[1],
                    role: Role::King,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Castle,
                });
            }
        }
    }
}
