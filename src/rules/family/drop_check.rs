//! The house rule on drops that give check, shared by the variants with a reserve:
//! allowed, allowed unless they mate, or forbidden.

use super::{Family, Variant};
use crate::rules::chess::{Move, MoveKind, Piece};
use crate::rules::game::Game;
use crate::rules::options::choices;

/// Whether a drop may give check, or mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DropCheck {
    #[default]
    Allowed,
    /// Check, but not mate.
    NoMate,
    Forbidden,
}

choices!(DropCheck {
    "allowed" => DropCheck::Allowed,
    "no-mate" => DropCheck::NoMate,
    "forbidden" => DropCheck::Forbidden,
});

impl DropCheck {
    /// Whether the rule lets `m` stand: moves always, a drop that checks not under
    /// `Forbidden`, and under `NoMate` only where `answered` finds the checked side
    /// a reply in the position after it.
    pub fn permits<V: Variant>(
        self,
        g: &Family<V>,
        m: &Move,
        answered: impl Fn(&Family<V>) -> bool,
    ) -> bool {
        if m.kind != MoveKind::Drop || self == DropCheck::Allowed {
            return true;
        }
        // A drop only adds a piece, so it checks only by what that piece attacks.
        let p = &g.position;
        let them = p.turn.other();
        let dropped = Piece {
            side: p.turn,
            role: m.role,
        };
        let reach = g.reach(dropped, m.to, p.board.occupied() | 1u64 << m.to);
        if g.royal_square(them).is_none_or(|k| reach & 1u64 << k == 0) {
            return true;
        }
        let mut after = g.clone();
        after.play(m);
        if !after.attacked_king(after.position.turn) {
            return true;
        }
        self == DropCheck::NoMate && answered(&after)
    }
}
