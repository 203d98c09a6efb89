//! Why a piece may not move in chess for three: neutrality between the players, an
//! army one holds or is allied with, or the mover's king left in check.

use super::TriChess;
use crate::rules::side::Side;
use crate::rules::topology::Cell;
use crate::rules::why::{Refusal, Word};

/// The reasons [`TriChess::refusal`] gives, besides the shared ones.
pub const REASONS: &[&str] = &[
    "msg-why-neutral",
    "msg-why-held-army",
    "msg-why-ally",
    "msg-why-tri-check",
    "msg-piece-cannot-move",
    "msg-why-not-there",
];

impl TriChess {
    pub(super) fn refusal(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        let player = self.turn;
        let mut pseudo = Vec::new();
        self.pseudo_moves(player, &mut pseudo);
        let tried = pseudo
            .iter()
            .filter(|m| m.from == from && to.is_none_or(|t| m.to == t));
        for m in tried {
            if self.after(player, m).in_check(player) {
                return Some(Refusal::new("msg-why-tri-check"));
            }
        }
        let to = to?;
        let army = self.board[usize::from(to)]?.army;
        if army == player || self.may_capture(player, army) {
            return None;
        }
        // Only a capture the piece could make if the armies were at war is explained.
        let mut at_war = self.clone();
        at_war.options.neutrality = false;
        at_war.controller = [None; 3];
        at_war.masters = [0; 3];
        let mut reach = Vec::new();
        at_war.pseudo_moves(player, &mut reach);
        if !reach.iter().any(|m| m.from == from && m.to == to) {
            return None;
        }
        let r = if self.holder(army) == Some(player) {
            Refusal::new("msg-why-held-army")
        } else if self.related(player, army) {
            Refusal::new("msg-why-ally").with("army", Word::Side(army))
        } else {
            let third = Side::THREE
                .into_iter()
                .find(|&c| c != player && c != army)
                .unwrap_or(Side::Grey);
            Refusal::new("msg-why-neutral")
                .with("army", Word::Side(army))
                .with("third", Word::Side(third))
        };
        Some(r.marking(to))
    }
}

/// Positions where White's queen faces a Black knight it may not take: by neutrality,
/// as Black's master, and as the holder of Black's throne.
#[cfg(test)]
pub(crate) fn examples() -> Vec<TriChess> {
    use super::TriOptions;
    use crate::rules::game::Game;
    use crate::rules::topology::{Topology, TriDirection};
    let t = Topology::hexagon();
    let queen = t.parse("WC5").expect("a cell");
    let knight = TriDirection::ROOK
        .iter()
        .find_map(|&d| t.neighbour(queen, d))
        .expect("a neighbour");
    let text = format!(
        "W: KWT2 Q{} / B: KBT2 N{} / R: KRT2 / W",
        t.name(queen),
        t.name(knight)
    );
    let base = TriChess::set_up(TriOptions::default(), &text).expect("a valid position");
    let mut neutral = base.clone();
    neutral.captured[Side::Red.index()] = super::bit(Side::Black);
    let mut ally = base.clone();
    ally.masters[Side::Black.index()] = super::bit(Side::White);
    let mut held = base;
    held.out |= super::bit(Side::Black);
    held.controller[Side::Black.index()] = Some(Side::White);
    vec![neutral, ally, held]
}
