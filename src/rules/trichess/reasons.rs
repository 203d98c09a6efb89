//! Why the computer took a diplomatic step, in words a player can check: the armies'
//! material (with the fallen armies each holds) decides who is behind.

use super::{Action, TriChess};
use crate::rules::side::Side;

/// A reason as a translation key and its arguments: the master and the servant, and
/// their material in pawns where it decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub key: &'static str,
    pub master: Side,
    pub servant: Side,
    pub materials: Option<(i32, i32)>,
}

impl TriChess {
    /// The material an army plays with, in pawns: its own pieces and those of every
    /// fallen army whose throne it holds.
    pub fn material(&self, army: Side) -> i32 {
        self.held()[army.index()] / 100
    }

    /// Why `action` is taken here, for the diplomatic steps; None for piece moves.
    pub fn reason(&self, action: &Action) -> Option<Said> {
        let weigh =
            |master: Side, servant: Side| Some((self.material(master), self.material(servant)));
        match *action {
            Action::Move(_) => None,
            Action::Offer {
                master, servant, ..
            } => Some(Said {
                key: "reason-offer",
                master,
                servant,
                materials: weigh(master, servant),
            }),
            Action::Answer(yes) => {
                let q = self.question?;
                let asked = q.asked();
                let key = match (yes, asked == q.servant) {
                    (true, true) => "reason-accept-serve",
                    (true, false) => "reason-accept-master",
                    (false, true) => "reason-decline-serve",
                    (false, false) => "reason-decline-master",
                };
                Some(Said {
                    key,
                    master: q.master,
                    servant: q.servant,
                    materials: weigh(q.master, q.servant),
                })
            }
            Action::Order(master) => Some(Said {
                key: "reason-order",
                master,
                servant: self.turn,
                materials: None,
            }),
            Action::Free(master) => Some(Said {
                key: "reason-free",
                master,
                servant: self.turn,
                materials: None,
            }),
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
