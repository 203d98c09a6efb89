//! The computer's seats: a search on the shared pool of threads, played when it comes
//! back if the match is still where it was.

use super::{Room, Seat};
use crate::protocol::SeatPlan;
use crate::rules::Action;
use tokio::sync::mpsc;

/// A computer's move, back from its thread.
pub(super) struct Thought {
    pub(super) after: usize,
    pub(super) seat: usize,
    pub(super) action: Option<Action>,
}

/// Whether one of the match's players is connected. The computer thinks only for
/// people at the board: while none is, its seats wait (and their clocks run, as
/// anyone's), so matches left alone cost the server nothing.
fn people_here(seats: &[Seat]) -> bool {
    seats
        .iter()
        .any(|s| s.plan != SeatPlan::Computer && s.connections > 0)
}

impl Room {
    /// Starts the computer's search where a computer seat is on move.
    pub(super) fn think(&mut self, back: &mpsc::Sender<Thought>) {
        let after = self.m.actions().len();
        if self.thinking.is_some() || self.m.outcome().is_some() || self.m.roll().is_some() {
            return;
        }
        if !people_here(&self.seats) || !self.seated() {
            return;
        }
        let Some(seat) = self
            .m
            .position()
            .seats()
            .seats_on_move()
            .into_iter()
            .find(|&s| {
                self.seats
                    .get(s)
                    .is_some_and(|s| s.plan == SeatPlan::Computer)
            })
        else {
            return;
        };
        self.thinking = Some(after);
        let mut m = self.m.clone();
        m.focus(seat);
        let level = self.settings.level;
        let limits = crate::rules::search::Limits {
            weights: Some(self.services.weights.get(m.game().evaluation())),
            net: self.services.weights.net(m.game().evaluation()),
            ..crate::rules::player::limits(&m, seat, level, 2)
        };
        let seed = self.seed ^ after as u64;
        let thinkers = self.services.thinkers.clone();
        let back = back.clone();
        tokio::spawn(async move {
            let Ok(_permit) = thinkers.acquire_owned().await else {
                return;
            };
            let action = tokio::task::spawn_blocking(move || {
                crate::rules::player::decide(&m, level, &limits, seed)
                    .or_else(|| m.legal_actions().first().copied())
            })
            .await
            .ok()
            .flatten();
            let _ = back
                .send(Thought {
                    after,
                    seat,
                    action,
                })
                .await;
        });
    }

    pub(super) async fn thought(&mut self, thought: Thought) {
        self.thinking = None;
        let Some(action) = thought.action else { return };
        if thought.after != self.m.actions().len() || self.m.outcome().is_some() {
            return;
        }
        let seat = thought.seat;
        self.m.focus(seat);
        let mut writes = self.charge(None);
        let before = self.m.actions().len();
        if self.m.outcome().is_none() && self.m.act(action).is_ok() {
            writes.extend(self.played(before, Some(seat), None));
        }
        // A room another server has claimed stops: nobody waits on this.
        let _ = self.commit(writes).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::lag::Lag;

    fn seat(plan: SeatPlan, connections: usize) -> Seat {
        Seat {
            plan,
            key: None,
            lag: Lag::default(),
            connections,
        }
    }

    #[test]
    fn the_computer_thinks_only_while_a_player_is_connected() {
        let away = [seat(SeatPlan::Me, 0), seat(SeatPlan::Computer, 1)];
        assert!(!people_here(&away), "a computer seat is nobody");
        let back = [seat(SeatPlan::Me, 1), seat(SeatPlan::Computer, 0)];
        assert!(people_here(&back));
        let friend = [seat(SeatPlan::Me, 0), seat(SeatPlan::Open, 2)];
        assert!(people_here(&friend), "any of the players will do");
    }
}
