//! Why a piece of a chess-family variant may not move: a piece that has had its move
//! this turn rests; otherwise the board's reasons, each piece by its power there.

use super::{Family, Variant};
use crate::rules::chess::tables::Bitboard;
use crate::rules::chess::why::{Facts, REASONS, ROYAL_REASONS, explain};
use crate::rules::chess::{Move, Piece};
use crate::rules::game::Game;
use crate::rules::topology::Cell;
use crate::rules::why::Refusal;

impl<V: Variant> Family<V> {
    pub(crate) fn refusal(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        if self.turn.used & (1u64 << from) != 0 {
            return Some(Refusal::new("msg-why-rested"));
        }
        let mut pseudo = Vec::new();
        self.pseudo_legal(&mut pseudo);
        let board = &self.position.board;
        let us = self.position.turn;
        let royal = self.variant.royal(us);
        // Where a turn moves several pieces, a king left attacked may still be
        // covered later in the turn: such a move is judged by the whole turn below.
        let whole_turn = self.variant.once_per_unit();
        let attacker_after = |m: &Move| {
            if whole_turn {
                return None;
            }
            let mut after = self.clone();
            after.play(m);
            let board = &after.position.board;
            let king = self.royal_on(board, us)?;
            let by: Bitboard = self.attackers(board, king, us.other());
            (by != 0).then(|| by.trailing_zeros() as Cell)
        };
        let facts = Facts {
            board,
            us,
            royal,
            castling: self.position.castling,
            castling_sees_attacks: self.variant.castling_sees_attacks(),
            power: &|p: Piece, c| self.variant.power(p, c),
            attackers: &|sq, by| self.attackers(board, sq, by),
            pseudo: &pseudo,
            attacker_after: &attacker_after,
        };
        let refusal = explain(&facts, from, to);
        if refusal.is_none() && whole_turn && royal.is_some() {
            return Some(Refusal::new("msg-why-turn-unsafe"));
        }
        refusal
    }
}

/// The reasons the family gives: the board's (those of a royal piece only where one
/// may be); where a turn moves several different pieces, resting pieces and a turn
/// that could not end with the king safe instead of the checks of a single move.
pub(crate) fn reasons(royal: bool, rests: bool) -> Vec<&'static str> {
    let mut out = REASONS.to_vec();
    if !royal {
        out.retain(|k| !ROYAL_REASONS.contains(k));
    }
    if rests {
        out.extend([
            "msg-why-rested",
            "msg-why-turn-unsafe",
            "msg-why-castle-check",
        ]);
    }
    out
}
