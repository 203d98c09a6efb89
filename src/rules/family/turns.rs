//! Turns of several moves (double-move chess): after each move the side moves again
//! until its turn is played out, it has no move left, or a king has fallen. En passant
//! targets made by a turn's double steps serve the opponent's whole next turn.

use super::{Family, Turn, Variant};
use crate::rules::chess::tables::{Bitboard, squares};
use crate::rules::chess::{Move, MoveKind, Role};
use crate::rules::side::Side;

impl<V: Variant> Family<V> {
    pub(super) fn play_in_turn(&mut self, m: &Move) {
        let (us, fullmoves) = (self.position.turn, self.position.fullmoves);
        if m.kind != MoveKind::EndTurn {
            self.act(m);
            let king_fell = self.variant.lost(self).is_some();
            // The same side moves on while something of it can.
            let going_on = self.turn.played < self.turn.length
                && !king_fell
                && self.moves().iter().any(|m| m.kind != MoveKind::EndTurn);
            if going_on {
                return;
            }
        }
        self.position.turn = us.other();
        if us == Side::Black {
            self.position.fullmoves = fullmoves.saturating_add(1);
        }
        self.next_turn();
    }

    /// Plays `m` as one move of the turn under way: the side to move stays on, its
    /// double steps become targets for the next turn, and the mover rests where each
    /// piece acts once.
    pub(super) fn act(&mut self, m: &Move) {
        let p = &mut self.position;
        let (us, fullmoves) = (p.turn, p.fullmoves);
        p.play_unchecked(m);
        p.turn = us;
        p.fullmoves = fullmoves;
        if let Some(skipped) = p.ep_square.take() {
            self.turn.made |= 1u64 << skipped;
        }
        if self.turn.played == 0 {
            self.turn.opened_en_passant = m.kind == MoveKind::EnPassant;
        }
        self.turn.played = self.turn.played.saturating_add(1);
        self.turn.reset |= m.role == Role::Pawn || m.capture.is_some();
        if self.variant.once_per_unit() {
            self.turn.used |= 1u64 << m.to;
            if let Some((_, rook)) = m
                .castling_rook()
                .filter(|_| self.variant.castling_uses_rook())
            {
                self.turn.used |= 1u64 << rook;
            }
        }
    }

    /// Sets up the turn that begins: its length, the en passant targets the last turn
    /// made, and, where the fifty-move rule counts turns, the counter.
    fn next_turn(&mut self) {
        if self.variant.once_per_unit() {
            let counted = if self.turn.reset {
                0
            } else {
                self.turn.halfmoves.saturating_add(1)
            };
            self.position.halfmoves = counted;
            self.turn.halfmoves = counted;
        }
        let (_, length) = self.variant.turn_lengths();
        self.turn = Turn {
            length,
            targets: std::mem::take(&mut self.turn.made),
            halfmoves: self.turn.halfmoves,
            ..Turn::default()
        };
    }

    /// The en passant captures of the side to move in a turn of several moves: onto a
    /// target still empty, beside the enemy pawn that made it and still stands there.
    pub(super) fn en_passant_in_turn(&self, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let opening = self.turn.played == 0;
        // The Marseillais convention: only the turn's first move, or its second when
        // the first took en passant and another target is left.
        if self.variant.en_passant_opens_turn() && !opening && !self.turn.opened_en_passant {
            return;
        }
        let t = crate::rules::chess::tables::tables();
        let behind: i8 = if p.turn == Side::White { -8 } else { 8 };
        for target in squares(self.turn.targets) {
            let arrival = target.wrapping_add_signed(behind);
            let enemy_pawn = board.piece_at(arrival)
                == Some(crate::rules::chess::Piece {
                    side: p.turn.other(),
                    role: Role::Pawn,
                });
            if board.piece_at(target).is_some() || !enemy_pawn {
                continue;
            }
            let takers: Bitboard = t.pawn[p.turn.other().index()][usize::from(target)]
                & board.pieces(p.turn, Role::Pawn)
                & !self.turn.used;
            for from in squares(takers) {
                out.push(Move {
                    from,
                    to: target,
                    role: Role::Pawn,
                    capture: Some(Role::Pawn),
                    promotion: None,
                    kind: MoveKind::EnPassant,
                });
            }
        }
    }

    /// The targets an en passant capture could use as the first move of the turn now
    /// beginning: what counts for repetition.
    pub(super) fn usable_targets(&self) -> Bitboard {
        if self.turn.length == 0 || self.turn.played > 0 {
            return 0;
        }
        let mut moves = Vec::new();
        self.en_passant_in_turn(&mut moves);
        moves.iter().fold(0, |set, m| set | 1u64 << m.to)
    }

    /// The targets the FEN lists: each still empty, with the pawn that skipped it still
    /// standing beyond it, whether or not a pawn can take it.
    pub(super) fn listed_targets(&self) -> Bitboard {
        let p = &self.position;
        let behind: i8 = if p.turn == Side::White { -8 } else { 8 };
        let pawn = crate::rules::chess::Piece {
            side: p.turn.other(),
            role: Role::Pawn,
        };
        squares(self.turn.targets)
            .filter(|&target| {
                p.board.piece_at(target).is_none()
                    && p.board.piece_at(target.wrapping_add_signed(behind)) == Some(pawn)
            })
            .fold(0, |set, target| set | 1u64 << target)
    }
}
