//! Why a piece may not move in 100-cell chess: the check its move would leave or walk
//! into, the kings that may not attack each other, and the jester and general that are
//! weak off the royal file.

use super::Chess100;
use super::attacks::attackers;
use super::board::{ROYAL_FILE, Role, bit};
use crate::rules::topology::Cell;
use crate::rules::why::{Refusal, Word};

pub const REASONS: &[&str] = &[
    "msg-why-king-attacked",
    "msg-why-check",
    "msg-why-pinned",
    "msg-why-kings-meet",
    "msg-why-weak",
    "msg-why-hemmed",
    "msg-why-not-there",
];

impl Chess100 {
    pub(super) fn refusal(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        let us = self.turn;
        let piece = self.board.piece_at(from).filter(|p| p.side == us)?;
        let mut pseudo = Vec::new();
        self.pseudo_moves(&mut pseudo);
        let checker = self.board.king_of(us).and_then(|k| {
            let by = attackers(&self.board, k, us.other(), self.board.occupied());
            (by != 0).then(|| by.trailing_zeros() as Cell)
        });
        let name = |board: &super::Board, c: Cell| {
            super::kind(board.piece_at(c).map_or(Role::Pawn, |p| p.role))
        };
        let tried: Vec<_> = pseudo
            .iter()
            .filter(|m| m.from == from && to.is_none_or(|t| m.to == t))
            .collect();
        for m in &tried {
            let after = self.board_after(m);
            let Some(king) = after.king_of(us) else {
                continue;
            };
            let by = attackers(&after, king, us.other(), after.occupied());
            if by != 0 {
                let a = by.trailing_zeros() as Cell;
                let key = if piece.role == Role::King {
                    "msg-why-king-attacked"
                } else if checker.is_some() {
                    "msg-why-check"
                } else {
                    "msg-why-pinned"
                };
                let culprit = if key == "msg-why-check" {
                    checker.unwrap_or(a)
                } else {
                    a
                };
                return Some(Refusal::new(key).blaming(name(&self.board, culprit), culprit));
            }
            if super::moves::exposed(&after, us)
                && let Some(theirs) = after.king_of(us.other())
            {
                return Some(Refusal::new("msg-why-kings-meet").marking(theirs));
            }
        }
        if !tried.is_empty() {
            return None;
        }
        let mover = Word::Piece(super::kind(piece.role));
        let Some(_) = to else {
            return Some(Refusal::new("msg-why-hemmed").with("mover", mover));
        };
        let weak =
            matches!(piece.role, Role::Jester | Role::General) && ROYAL_FILE & bit(from) == 0;
        Some(if weak {
            Refusal::new("msg-why-weak").with("mover", mover)
        } else {
            Refusal::new("msg-why-not-there")
                .with("mover", mover)
                .with("how", Word::Moves(super::kind(piece.role)))
        })
    }
}
