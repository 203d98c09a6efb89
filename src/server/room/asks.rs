//! What players ask of each other: takebacks, answered by the others, and rematches,
//! made once every player has asked.

use super::Room;
use crate::protocol::{EventKind, SeatPlan};
use crate::server::refused::Refused;
use crate::server::store::{SeatRow, Write};
use std::collections::BTreeSet;
use tokio::time::Instant;

impl Room {
    /// Human seats among `seats`.
    pub(super) fn players(&self) -> BTreeSet<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].plan != SeatPlan::Computer)
            .collect()
    }

    /// How many of the last actions a takeback by `seat` removes: back to before the
    /// seat's own last action (the computer's or opponents' replies with it), never
    /// past a lot. A die rolled for the seat or a pass forced on it is not its own:
    /// taking back only that would leave the match waiting for a roll nobody makes.
    pub(super) fn takeback_count(&self, seat: usize) -> Option<usize> {
        let played = self.m.actions().len();
        let last = (0..played)
            .rev()
            .find(|&i| self.by[i] == seat && self.chosen(i))?;
        let count = played - last;
        for i in last..played {
            if let Some(m) = self.m.actions()[i].moved()
                && self.m.state_before(i).position.is_lot(&m)
            {
                return None;
            }
        }
        Some(count)
    }

    /// Whether action `i` was its player's choice: not a die's faces or the lot, and
    /// not a pass the rules left as the only move.
    fn chosen(&self, i: usize) -> bool {
        let position = &self.m.state_before(i).position;
        if position.awaits_roll() {
            return false;
        }
        let forced_pass = matches!(
            (position.legal_moves().as_slice(), self.m.actions()[i].moved()),
            ([only], Some(m)) if position.is_pass(only) && *only == m
        );
        !forced_pass
    }

    pub(super) async fn ask_takeback(&mut self, seats: &[usize]) -> Result<u64, Refused> {
        if self.m.outcome().is_some() {
            return Err(Refused::NoTakeback);
        }
        let seat = *seats
            .iter()
            .find(|&&s| self.takeback_count(s).is_some())
            .ok_or(Refused::NoTakeback)?;
        let others: BTreeSet<usize> = self
            .players()
            .into_iter()
            .filter(|s| !seats.contains(s))
            .collect();
        let mut writes = vec![self.push(EventKind::TakebackAsked { seat }, None)];
        self.takeback = Some((seat, seats.iter().copied().collect()));
        if others.is_empty() {
            writes.extend(self.take_back(seat));
        }
        let n = self.events.len() as u64;
        self.commit(writes).await?;
        Ok(n)
    }

    pub(super) fn take_back(&mut self, seat: usize) -> Vec<Write> {
        self.takeback = None;
        let Some(count) = self.takeback_count(seat) else {
            return Vec::new();
        };
        for _ in 0..count {
            self.m.undo();
            self.by.pop();
        }
        self.m.drop_later();
        self.charged = Instant::now();
        let clocks = self.clocks();
        self.draw_anew();
        let mut writes = vec![self.push(EventKind::TakenBack { count, clocks }, None)];
        writes.extend(self.chance());
        writes
    }

    /// After a takeback, what chance decides is drawn from a new seed: the dice after
    /// the move played again, and the luck of a shot made again, are not the ones
    /// already seen, so that nothing can be learned by taking back. The seed follows
    /// from the match's own and the takeback's event number, so a match read back
    /// from the store draws as it would have.
    pub(super) fn draw_anew(&mut self) {
        let n = self.events.len() as u64 + 1;
        self.m.set_seed(crate::engine::search::mix(
            self.seed ^ crate::engine::search::mix(n),
        ));
    }

    pub(super) async fn answer_takeback(
        &mut self,
        seats: &[usize],
        accept: bool,
    ) -> Result<u64, Refused> {
        let Some((asker, mut agreed)) = self.takeback.clone() else {
            return Err(Refused::NothingToAnswer);
        };
        let answering: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| !agreed.contains(s))
            .collect();
        if answering.is_empty() {
            return Err(Refused::NothingToAnswer);
        }
        let writes = if accept {
            agreed.extend(answering);
            if self.players().is_subset(&agreed) {
                self.take_back(asker)
            } else {
                self.takeback = Some((asker, agreed));
                return Ok(self.events.len() as u64);
            }
        } else {
            self.takeback = None;
            vec![self.push(EventKind::TakebackDeclined { seat: answering[0] }, None)]
        };
        let n = self.events.len() as u64;
        self.commit(writes).await?;
        Ok(n)
    }

    pub(super) async fn ask_rematch(
        &mut self,
        seats: &[usize],
        from: Option<std::net::IpAddr>,
    ) -> Result<u64, Refused> {
        if self.m.outcome().is_none() {
            return Err(Refused::NotOver);
        }
        if seats.is_empty() {
            return Err(Refused::NotYours);
        }
        if self.rematch.is_some() {
            return Ok(self.events.len() as u64);
        }
        let mut writes = Vec::new();
        for &seat in seats {
            if self.rematch_asked.insert(seat) {
                writes.push(self.push(EventKind::RematchAsked { seat }, None));
            }
        }
        if self.players().is_subset(&self.rematch_asked) {
            // Colours swap: each seat moves to the next of its board (see `Settings::swap`).
            let n = self.seats.len();
            let mut taken = vec![None; n];
            let mut settings = self.settings.clone();
            settings.plans = vec![SeatPlan::Open; n];
            for (old, s) in self.seats.iter().enumerate() {
                let new = self.settings.swap(old);
                settings.plans[new] = s.plan;
                taken[new] = s.key.clone().map(|k| SeatRow { seat: new, ..k });
            }
            let code = (self.services.rematch)(settings, taken, from)
                .await
                .map_err(|_| Refused::Busy)??;
            self.rematch = Some(code.clone());
            writes.push(self.push(EventKind::Rematch { code }, None));
        }
        let n = self.events.len() as u64;
        self.commit(writes).await?;
        Ok(n)
    }
}
