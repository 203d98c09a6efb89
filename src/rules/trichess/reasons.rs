//! Why the computer took a diplomatic step, in words a player can check: the armies'
//! material (with the fallen armies each holds) decides who is behind.

use super::{Action, TriChess};
use crate::rules::side::Side;
use crate::rules::why::{Remark, Word};

impl TriChess {
    /// The material an army plays with, in pawns: its own pieces and those of every
    /// fallen army whose throne it holds.
    pub fn material(&self, army: Side) -> i32 {
        self.held()[army.index()] / 100
    }

    /// Why `action` is taken here, for the diplomatic steps; None for piece moves.
    pub fn reason(&self, action: &Action) -> Option<Remark> {
        let weigh =
            |master: Side, servant: Side| Some((self.material(master), self.material(servant)));
        // The master and the servant, and their material in pawns where it decided.
        let said = |key, master: Side, servant: Side, materials: Option<(i32, i32)>| {
            let mut words = vec![
                ("master", Word::Side(master)),
                ("servant", Word::Side(servant)),
            ];
            if let Some((m, s)) = materials {
                let pawns = |n: i32| Word::Number(n.max(0).unsigned_abs());
                words.push(("mmat", pawns(m)));
                words.push(("smat", pawns(s)));
            }
            Remark { key, words }
        };
        match *action {
            Action::Move(_) => None,
            Action::Offer {
                master, servant, ..
            } => Some(said(
                "reason-offer",
                master,
                servant,
                weigh(master, servant),
            )),
            Action::Answer(yes) => {
                let q = self.question?;
                let asked = q.asked();
                let key = match (yes, asked == q.servant) {
                    (true, true) => "reason-accept-serve",
                    (true, false) => "reason-accept-master",
                    (false, true) => "reason-decline-serve",
                    (false, false) => "reason-decline-master",
                };
                Some(said(key, q.master, q.servant, weigh(q.master, q.servant)))
            }
            Action::Order(master) => Some(said("reason-order", master, self.turn, None)),
            Action::Free(master) => Some(said("reason-free", master, self.turn, None)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;

    #[test]
    fn material_counts_pawns_and_piece_moves_need_no_reason() {
        let p = TriChess::new(Default::default());
        // Nine pawns, two knights, two bishops, two rooks, a queen... as set up.
        let start = p.material(Side::White);
        assert!(start > 30 && start == p.material(Side::Red), "{start}");
        let first = p.legal_moves()[0];
        assert_eq!(p.reason(&first), None);
    }
}
