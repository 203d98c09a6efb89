//! The clocks on the server's time: charging the seats on move, lag given back, and
//! the flag that falls with nobody's message.

use super::Room;
use crate::protocol::{EventKind, SeatPlan};
use crate::rules::clock::{Millis, TimeControl};
use crate::server::store::Write;
use tokio::time::{Duration, Instant};

impl Room {
    /// Charges the time since the last charge to the seats on move, less what lag
    /// gives back to `given`'s seat. A flag that falls is an event.
    pub(super) fn charge(&mut self, given: Option<(usize, Millis)>) -> Vec<Write> {
        let now = Instant::now();
        let elapsed = now.duration_since(self.charged).as_millis() as Millis;
        self.charged = now;
        if self.m.clock().is_none() || self.m.outcome().is_some() || !self.seated() {
            return Vec::new();
        }
        let on_move = self.m.position().seats().seats_on_move();
        let before = self.m.actions().len();
        let running: Vec<usize> = on_move
            .iter()
            .copied()
            .filter(|&s| self.reading(s).is_some_and(|left| left > 0))
            .collect();
        match given {
            Some((_, given)) if on_move.len() == 1 => self.m.tick(elapsed.saturating_sub(given)),
            Some((seat, given)) => {
                self.m.tick(elapsed);
                if let Some(mut left) = self.clocks()
                    && left[seat] > 0
                {
                    left[seat] += given;
                    self.m.set_clock_now(&left);
                }
            }
            None => self.m.tick(elapsed),
        }
        // A flag falls once: only a reading that ran out in this charge is an event,
        // so a seat already out of time (an army that left chess for three) is never
        // flagged again.
        let flagged = running.into_iter().find(|&s| self.reading(s) == Some(0));
        let mut writes = Vec::new();
        if let Some(seat) = flagged {
            let clocks = self.clocks().unwrap_or_default();
            writes.push(self.push(
                EventKind::Flag {
                    seat,
                    clocks,
                    result: self.result(),
                },
                None,
            ));
            // In chess for three the fallen player leaves as by resigning.
            writes.extend(self.played(before, Some(seat), None));
        }
        writes
    }

    /// The clocks as they read now: charged up to the last charge, less the time
    /// since for the seats on move, where the clocks run. What a client coming back
    /// shows, where the last event's readings would give back the time since.
    pub(super) fn clocks_now(&self) -> Option<Vec<Millis>> {
        let mut clock = self.m.clock()?.clone();
        if self.m.outcome().is_none() && self.seated() {
            let elapsed = self.charged.elapsed().as_millis() as Millis;
            for seat in self.m.position().seats().seats_on_move() {
                clock.elapse(seat, elapsed);
            }
        }
        Some(clock.seats.iter().map(|r| r.left).collect())
    }

    /// The time `seat` has left, where clocks run.
    fn reading(&self, seat: usize) -> Option<Millis> {
        self.m.clock()?.seats.get(seat).map(|r| r.left)
    }

    /// Whether every seat is taken: the clocks start only then, so that nobody loses
    /// on time waiting for a friend to join.
    pub(super) fn seated(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.key.is_some() || s.plan == SeatPlan::Computer)
    }

    /// When the next flag would fall, where a clock runs.
    pub(super) fn next_flag(&self) -> Option<Instant> {
        let clock = self.m.clock()?;
        if self.m.outcome().is_some() || self.m.roll().is_some() || !self.seated() {
            return None;
        }
        let delay = match clock.control {
            TimeControl::SimpleDelay { delay, .. } => delay,
            _ => 0,
        };
        let soonest = self
            .m
            .position()
            .seats()
            .seats_on_move()
            .iter()
            .filter_map(|&s| clock.seats.get(s))
            .filter(|r| r.left > 0)
            .map(|r| r.left + delay.saturating_sub(r.this_turn))
            .min()?;
        Some(self.charged + Duration::from_millis(soonest.max(1)))
    }

    pub(super) async fn flag(&mut self) {
        let writes = self.charge(None);
        // A room another server has claimed stops: nobody waits on this.
        let _ = self.commit(writes).await;
    }
}
