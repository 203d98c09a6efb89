//! A match read back from the store: its events played again through the rules, as a
//! client following the match plays them.

use super::{Room, Services};
use crate::protocol::{Event, EventKind, play_action};
use crate::server::setup::Settings;
use crate::server::store::Stored;
use std::collections::BTreeSet;
use tokio::time::{Duration, Instant};

impl Room {
    /// A match read back from the store, its events played again. `down_since`, where
    /// the server stopped while the match went on, is when it was last known alive:
    /// the clock to move is charged up to then, and not for the time the server was
    /// down, when nobody could move.
    pub fn restore(
        stored: Stored,
        services: Services,
        down_since: Option<u64>,
    ) -> Result<Room, String> {
        let code = stored.row.code.clone();
        let fail = |why: String| format!("match {code}: {why}");
        let settings = Settings::from_row(&stored.row).map_err(|e| fail(format!("{e:?}")))?;
        let mut room = Room::empty(
            code.clone(),
            settings,
            stored.row.seed,
            stored.row.created,
            services,
        )
        .map_err(|e| fail(format!("{e:?}")))?;
        for key in stored.seats {
            let seat = key.seat;
            room.seats
                .get_mut(seat)
                .ok_or_else(|| fail(format!("no seat {seat}")))?
                .key = Some(key);
        }
        let mut last_at = stored.row.created;
        for row in stored.events {
            let event: Event = serde_json::from_str(&row.body)
                .map_err(|e| fail(format!("event {}: {e}", row.n)))?;
            room.replay(&event.kind)
                .map_err(|e| fail(format!("event {}: {e}", row.n)))?;
            if let Some(request) = row.request {
                room.requests.insert(request, row.n);
            }
            last_at = row.at;
            room.events.push(event);
        }
        // The first charge after the start, at once for a match with a flag to watch,
        // takes the time from the last event to when the server was last alive.
        if let Some(alive) = down_since {
            let before = Duration::from_millis(alive.saturating_sub(last_at));
            room.charged = Instant::now().checked_sub(before).unwrap_or(room.charged);
        }
        room.relist();
        Ok(room)
    }

    /// Plays a stored event again on the match.
    pub(super) fn replay(&mut self, kind: &EventKind) -> Result<(), String> {
        match kind {
            EventKind::Action {
                seat,
                action,
                clocks,
                ..
            } => {
                play_action(&mut self.m, *seat, action, clocks.as_deref())
                    .map_err(|e| e.to_string())?;
                self.by.push(*seat);
            }
            EventKind::Flag { clocks, .. } => self.m.set_clock_now(clocks),
            EventKind::TakenBack { count, .. } => {
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
