//! The house rule on drops that give check, shared by the variants with a reserve:
//! allowed, allowed unless they mate, or forbidden.

use super::{Family, Variant};
use crate::rules::chess::{Move, MoveKind};
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
        let mut after = g.clone();
        after.play(m);
        if !after.attacked_king(after.position.turn) {
            return true;
        }
        self == DropCheck::NoMate && answered(&after)
    }
}
