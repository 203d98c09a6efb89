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
        // takes the time from the last event to when the server was last alive; where
        // the seat on move is the hosting app's, which took its server away with it, to
        // now.
        let charged_to = if room.host_on_move() {
            Some(crate::server::writer::now_ms())
        } else {
            held_until
        };
        if let Some(until) = charged_to {
            let before = Duration::from_millis(until.saturating_sub(last_at));
            room.charged = Instant::now().checked_sub(before).unwrap_or(room.charged);
        }
        room.relist();
        Ok(room)
    }

    /// Whether a seat on move is held by the app hosting this server.
    fn host_on_move(&self) -> bool {
        let hosts = &self.services.hosts;
        self.m
            .position()
            .seats()
            .seats_on_move()
            .iter()
            .filter_map(|&s| self.seats.get(s)?.key.as_ref())
            .any(|key| {
                hosts
                    .iter()
                    .any(|h| crate::server::secret::same(h, &key.secret))
            })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SeatPlan;
    use crate::server::store::{EventRow, SeatRow, Stored};
    use crate::server::writer::{Writer, now_ms};
    use std::sync::Arc;

    fn services(hosts: Vec<String>) -> Services {
        let dir = std::env::temp_dir().join(format!("doska-restore-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = format!("{}.db", hosts.len());
        let store = crate::server::sqlite::Sqlite::open(&dir.join(name), "t").unwrap();
        Services {
            writer: Writer::start(store),
            thinkers: Arc::new(tokio::sync::Semaphore::new(1)),
            rematch: Arc::new(|_, _, _| tokio::spawn(async { Err(Refused::Busy) })),
            weights: Default::default(),
            hosts: Arc::new(hosts),
        }
    }

    /// A chess match with a clock, White on move since half a minute ago, held by a
    /// server last alive then.
    fn left_on_move() -> Claimed {
        let settings = Settings::read(
            "chess",
            Default::default(),
            Some("blitz-5"),
            vec![SeatPlan::Me, SeatPlan::Me],
            None,
        )
        .unwrap();
        let last_at = now_ms() - 30_000;
        let seat = |seat, secret: &str| SeatRow {
            seat,
            secret: secret.into(),
            name: None,
        };
        Claimed {
            stored: Stored {
                row: settings.row("HOSTED", 7, last_at - 1_000),
                seats: vec![seat(0, "host"), seat(1, "friend")],
                events: vec![EventRow {
                    n: 1,
                    at: last_at,
                    request: None,
                    body: r#"{"n":1,"at":1000,"kind":"seated","seat":1}"#.into(),
                }],
            },
            epoch: 2,
            held_until: Some(last_at),
        }
    }

    /// A server that stopped with the app hosting it charges the host's seat on move
    /// for the time the app was away; any other server's downtime, which nobody could
    /// play through, is charged to nobody.
    #[test]
    fn a_hosts_seat_left_on_move_is_charged_for_the_time_away() {
        let hosted = Room::restore(left_on_move(), services(vec!["host".into()])).unwrap();
        assert!(hosted.charged.elapsed() >= Duration::from_secs(29));
        let died = Room::restore(left_on_move(), services(Vec::new())).unwrap();
        assert!(died.charged.elapsed() < Duration::from_secs(20));
    }
}
