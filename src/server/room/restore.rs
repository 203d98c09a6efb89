//! A match read back from the store: its events played again through the rules, as a
//! client following the match plays them.

use super::{Room, Services};
use crate::protocol::{Event, EventKind, play_action};
use crate::rules::Error;
use crate::server::refused::Refused;
use crate::server::setup::Settings;
use crate::server::store::Claimed;
use std::collections::BTreeSet;
use tokio::time::{Duration, Instant};

/// A stored match that does not read back, and why.
#[derive(Debug, thiserror::Error)]
#[error("match {code}: {fault}")]
pub struct Unrestorable {
    code: String,
    fault: Fault,
}

#[derive(Debug, thiserror::Error)]
enum Fault {
    #[error("its settings: {0:?}")]
    Settings(Refused),
    #[error("no seat {0}")]
    NoSeat(usize),
    #[error("event {n}: {source}")]
    Unreadable { n: u64, source: serde_json::Error },
    #[error("event {n}: {source}")]
    Illegal { n: u64, source: Error },
}

impl Room {
    /// A match claimed from the store, its events played again. Where it was held
    /// before (by a server that stopped, or gave it up), the clock to move is charged
    /// up to when it was last held, and not for the time between, when nobody could
    /// move.
    pub fn restore(claimed: Claimed, services: Services) -> Result<Room, Unrestorable> {
        let Claimed {
            stored,
            epoch,
            held_until,
        } = claimed;
        let code = stored.row.code.clone();
        let fail = |fault: Fault| Unrestorable {
            code: code.clone(),
            fault,
        };
        let settings = Settings::from_row(&stored.row).map_err(|e| fail(Fault::Settings(e)))?;
        let mut room = Room::empty(
            code.clone(),
            epoch,
            settings,
            stored.row.seed,
            stored.row.created,
            services,
        )
        .map_err(|e| fail(Fault::Settings(e)))?;
        for key in stored.seats {
            let seat = key.seat;
            room.seats
                .get_mut(seat)
                .ok_or_else(|| fail(Fault::NoSeat(seat)))?
                .key = Some(key);
        }
        let mut last_at = stored.row.created;
        for row in stored.events {
            let n = row.n;
            let event: Event = serde_json::from_str(&row.body)
                .map_err(|source| fail(Fault::Unreadable { n, source }))?;
            room.replay(&event.kind)
                .map_err(|source| fail(Fault::Illegal { n, source }))?;
            if let Some(request) = row.request {
                room.requests.insert(
                    request,
                    super::Answered {
                        n: row.n,
                        sent: None,
                    },
                );
            }
            last_at = row.at;
            room.events.push(event);
        }
        // The first charge after the start, at once for a match with a flag to watch,
        // takes the time from the last event to when the server was last alive.
        if let Some(alive) = held_until {
            let before = Duration::from_millis(alive.saturating_sub(last_at));
            room.charged = Instant::now().checked_sub(before).unwrap_or(room.charged);
        }
        room.relist();
        Ok(room)
    }

    /// Plays a stored event again on the match.
    pub(super) fn replay(&mut self, kind: &EventKind) -> Result<(), Error> {
        match kind {
            EventKind::Action {
                seat,
                action,
                clocks,
                ..
            } => {
                play_action(&mut self.m, *seat, action, clocks.as_deref())?;
                self.by.push(*seat);
            }
            EventKind::Flag { clocks, .. } => self.m.set_clock_now(clocks),
            EventKind::TakenBack { count, .. } => {
                self.draw_anew();
                for _ in 0..*count {
                    self.m.undo();
                    self.by.pop();
                }
                self.m.drop_later();
            }
            EventKind::TakebackAsked { seat } => {
                self.takeback = Some((*seat, BTreeSet::from([*seat])));
            }
            EventKind::TakebackDeclined { .. } => self.takeback = None,
            EventKind::RematchAsked { seat } => {
                self.rematch_asked.insert(*seat);
            }
            EventKind::Rematch { code } => self.rematch = Some(code.clone()),
            EventKind::Seated { .. } | EventKind::Said { .. } => {}
        }
        Ok(())
    }
}
