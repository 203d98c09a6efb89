//! The computer's seats: a search on the shared pool of threads for each of its seats
//! on move, played when it comes back if the move still stands.

use super::{Room, Seat};
use crate::engine::search::Level;
use crate::protocol::SeatPlan;
use crate::rules::Action;
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};

/// A computer's move, back from its thread.
pub(super) struct Thought {
    pub(super) after: usize,
    pub(super) seat: usize,
    pub(super) action: Option<Action>,
}

/// The least time a computer's move takes where boards move at once (bughouse): the
/// searches of the lower levels take milliseconds, and a board played at that speed
/// would finish the game before the person at the other board made a move. The
/// stronger level moves faster, as a stronger player does.
fn pace(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_secs(4),
        Level::Normal => Duration::from_secs(3),
        Level::Hard => Duration::from_secs(2),
    }
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
    /// Whether every person has left a game that goes on without them (chess for
    /// three, a player resigned or mated): the computers left then end it between
    /// them by agreeing a draw, rather than play on for nobody.
    pub(super) fn people_gone(&self) -> bool {
        let position = self.m.position();
        let seats = position.seats();
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.plan != SeatPlan::Computer)
            .all(|(i, _)| seats.has_left(i))
    }

    /// The draw the computers agree once the people are gone: offered by the first to
    /// move, accepted by the next; None while the rules allow neither (an answer
    /// awaited, a master and servant), when the computer plays on.
    fn agreement(&self) -> Option<Action> {
        let actions = self.m.legal_actions();
        [Action::AcceptDraw, Action::OfferDraw]
            .into_iter()
            .find(|a| actions.contains(a))
    }

    /// Starts the computer's search for each of its seats on move.
    pub(super) fn think(&mut self, back: &mpsc::Sender<Thought>) {
        if self.m.outcome().is_some() || self.m.roll().is_some() || !self.seated() {
            return;
        }
        let gone = self.people_gone();
        if !gone && !people_here(&self.seats) {
            return;
        }
        let after = self.m.actions().len();
        let on_move = self.m.position().seats().seats_on_move();
        let at_once = on_move.len() > 1;
        for seat in on_move {
            let computer = self
                .seats
                .get(seat)
                .is_some_and(|s| s.plan == SeatPlan::Computer);
            if !computer || self.thinking.contains_key(&seat) {
                continue;
            }
            self.thinking.insert(seat, after);
            let back = back.clone();
            if gone && let Some(action) = self.agreement() {
                let thought = Thought {
                    after,
                    seat,
                    action: Some(action),
                };
                tokio::spawn(async move {
                    let _ = back.send(thought).await;
                });
                continue;
            }
            let mut m = self.m.clone();
            m.focus(seat);
            let level = self.settings.level;
            let limits = crate::engine::search::Limits {
                weights: Some(self.services.weights.get(m.game().evaluation())),
                net: self.services.weights.net(m.game().evaluation()),
                ..crate::engine::player::limits(&m, seat, level, 2)
            };
            let seed = self.seed ^ after as u64 ^ ((seat as u64) << 56);
            let thinkers = self.services.thinkers.clone();
            let ready = at_once.then(|| Instant::now() + pace(level));
            tokio::spawn(async move {
                let Ok(permit) = thinkers.acquire_owned().await else {
                    return;
                };
                let action = tokio::task::spawn_blocking(move || {
                    crate::engine::player::decide(&m, level, &limits, seed)
                        .or_else(|| m.legal_actions().first().copied())
                })
                .await
                .ok()
                .flatten();
                drop(permit);
                if let Some(ready) = ready {
                    tokio::time::sleep_until(ready).await;
                }
                let _ = back
                    .send(Thought {
                        after,
                        seat,
                        action,
                    })
                    .await;
            });
        }
    }

    pub(super) async fn thought(&mut self, thought: Thought) {
        self.thinking.remove(&thought.seat);
        let Some(action) = thought.action else { return };
        if self.m.outcome().is_some() || !self.stands(&thought, &action) {
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

    /// Whether a computer's action still stands: nothing has been played since it was
    /// asked for, or, where boards move at once, its move is still the seat's to make
    /// (a move on the other board changes the hands, rarely this board).
    fn stands(&self, thought: &Thought, action: &Action) -> bool {
        if thought.after == self.m.actions().len() {
            return true;
        }
        let position = self.m.position();
        let seats = position.seats();
        let Some(m) = action.moved() else {
            return false;
        };
        seats.seats_on_move().len() > 1
            && seats.seats_on_move().contains(&thought.seat)
            && position.mover(&m) == thought.seat
            && position.is_legal(&m)
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
