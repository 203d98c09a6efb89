//! A follower's copy of a match held by a server: every event received, played through
//! the same rules in the same order, so a client shows the match exactly as the server
//! has it. A gap in the numbers is noticed and reported, never papered over.

use crate::protocol::{Event, EventKind, Listing, Reply, play_action};
use crate::rules::clock::{Millis, TimeControl};
use crate::rules::{Error, GameId, Match, Position};

/// What a reply changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Not about this match, or nothing that changes it.
    Nothing,
    /// This many events were played.
    Events(usize),
    /// An event was missing before this one: ask for the match again (`resync`).
    Gap,
}

#[derive(Clone, Debug)]
pub struct Mirror {
    listing: Listing,
    m: Match,
    last: u64,
    chat: Vec<(usize, String)>,
    /// The seat asking for a takeback, until it is answered or lapses.
    takeback: Option<usize>,
    rematch: Option<String>,
}

impl Mirror {
    /// An empty copy of the match a listing describes (its game, house rules and clocks).
    pub fn new(listing: Listing) -> Result<Mirror, Error> {
        let m = start(&listing)?;
        Ok(Mirror {
            listing,
            m,
            last: 0,
            chat: Vec::new(),
            takeback: None,
            rematch: None,
        })
    }

    pub fn code(&self) -> &str {
        &self.listing.code
    }

    pub fn listing(&self) -> &Listing {
        &self.listing
    }

    /// The match as far as the events have told it.
    pub fn current(&self) -> &Match {
        &self.m
    }

    /// The number of the last event played.
    pub fn last(&self) -> u64 {
        self.last
    }

    pub fn chat(&self) -> &[(usize, String)] {
        &self.chat
    }

    pub fn takeback_asked_by(&self) -> Option<usize> {
        self.takeback
    }

    /// The rematch's code, once it is made.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// Takes a server's reply: the events of this match it carries, and who is here.
    pub fn take(&mut self, reply: &Reply) -> Result<Taken, Error> {
        match reply {
            Reply::Snapshot {
                listing,
                events,
                clocks,
            } if listing.code == self.listing.code => {
                *self = Mirror::new(listing.clone())?;
                let taken = self.play_all(events);
                self.read_clocks(clocks.as_deref());
                taken
            }
            Reply::Missed {
                code,
                events,
                clocks,
            } if *code == self.listing.code => {
                let taken = self.play_all(events);
                self.read_clocks(clocks.as_deref());
                taken
            }
            Reply::Event { code, event } if *code == self.listing.code => {
                self.play_all(std::slice::from_ref(event))
            }
            Reply::Presence {
                code,
                seat,
                connected,
            } if *code == self.listing.code => {
                if let Some(s) = self.listing.seats.get_mut(*seat) {
                    s.connected = *connected;
                }
                Ok(Taken::Nothing)
            }
            _ => Ok(Taken::Nothing),
        }
    }

    /// Sets the clocks to the server's reading of them as it sent a catch-up, so a
    /// client coming back shows the time gone since the last action, not given back.
    fn read_clocks(&mut self, clocks: Option<&[Millis]>) {
        if let Some(clocks) = clocks
            && self.m.outcome().is_none()
        {
            self.m.set_clock_now(clocks);
        }
    }

    fn play_all(&mut self, events: &[Event]) -> Result<Taken, Error> {
        let mut played = 0;
        for event in events {
            if event.n <= self.last {
                continue;
            }
            if event.n != self.last + 1 {
                return Ok(Taken::Gap);
            }
            self.play(&event.kind)?;
            self.last = event.n;
            played += 1;
        }
        Ok(if played == 0 {
            Taken::Nothing
        } else {
            Taken::Events(played)
        })
    }

    /// Plays one event as the server did.
    fn play(&mut self, kind: &EventKind) -> Result<(), Error> {
        match kind {
            EventKind::Seated { seat, name } => {
                if let Some(s) = self.listing.seats.get_mut(*seat) {
                    s.taken = true;
                    s.name = name.clone();
                }
            }
            EventKind::Action {
                seat,
                action,
                clocks,
                ..
            } => {
                play_action(&mut self.m, *seat, action, clocks.as_deref())?;
                self.takeback = None;
            }
            EventKind::Flag { clocks, .. } => self.m.set_clock_now(clocks),
            EventKind::TakebackAsked { seat } => self.takeback = Some(*seat),
            EventKind::TakebackDeclined { .. } => self.takeback = None,
            EventKind::TakenBack { count, .. } => {
                for _ in 0..*count {
                    self.m.undo();
                }
                self.m.drop_later();
                self.takeback = None;
            }
            EventKind::RematchAsked { .. } => {}
            EventKind::Rematch { code } => self.rematch = Some(code.clone()),
            EventKind::Said { seat, text } => self.chat.push((*seat, text.clone())),
        }
        Ok(())
    }
}

/// The match a listing describes, before any event.
fn start(listing: &Listing) -> Result<Match, Error> {
    let game = GameId::from_id(&listing.game)?;
    let options: Vec<(String, String)> = listing
        .options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let mut m = Match::new(Position::new(game, &options)?);
    if let Some(control) = TimeControl::from_tag(&listing.clock) {
        m.set_time_control(control);
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{SeatPlan, SeatView};

    fn listing() -> Listing {
        let seat = SeatView {
            plan: SeatPlan::Open,
            taken: false,
            name: None,
            connected: false,
        };
        Listing {
            code: "ABCDEF".into(),
            game: "chess".into(),
            options: Default::default(),
            clock: "blitz-3-2".into(),
            seats: vec![seat.clone(), seat],
            result: None,
            level: None,
        }
    }

    fn action(n: u64, seat: usize, text: &str) -> Reply {
        Reply::Event {
            code: "ABCDEF".into(),
            event: Event {
                n,
                at: 0,
                kind: EventKind::Action {
                    seat,
                    action: text.into(),
                    chance: false,
                    clocks: Some(vec![170_000, 180_000]),
                    result: None,
                },
            },
        }
    }

    #[test]
    fn events_are_played_in_order_and_a_gap_is_reported() {
        let mut mirror = Mirror::new(listing()).unwrap();
        assert_eq!(mirror.take(&action(1, 0, "e4")), Ok(Taken::Events(1)));
        // The same event again (a resend crossing a reconnect) changes nothing.
        assert_eq!(mirror.take(&action(1, 0, "e4")), Ok(Taken::Nothing));
        assert_eq!(mirror.take(&action(3, 0, "Nf3")), Ok(Taken::Gap));
        assert_eq!(mirror.current().actions().len(), 1);
        assert_eq!(mirror.take(&action(2, 1, "e5")), Ok(Taken::Events(1)));
        assert_eq!(mirror.last(), 2);
        let clock = mirror.current().clock().unwrap();
        assert_eq!(clock.seats[0].left, 170_000);
        // Another match's events are not this one's.
        let mut other = action(3, 0, "Nf3");
        if let Reply::Event { code, .. } = &mut other {
            *code = "ZZZZZZ".into();
        }
        assert_eq!(mirror.take(&other), Ok(Taken::Nothing));
    }

    #[test]
    fn a_snapshot_starts_the_copy_again_and_presence_is_kept() {
        let mut mirror = Mirror::new(listing()).unwrap();
        mirror.take(&action(1, 0, "d4")).unwrap();
        let Reply::Event { event: e4, .. } = action(1, 0, "e4") else {
            unreachable!()
        };
        let said = Event {
            n: 2,
            at: 5,
            kind: EventKind::Said {
                seat: 1,
                text: "Удачи!".into(),
            },
        };
        let snapshot = Reply::Snapshot {
            listing: listing(),
            events: vec![e4, said],
            clocks: None,
        };
        assert_eq!(mirror.take(&snapshot), Ok(Taken::Events(2)));
        assert_eq!(mirror.current().notation(0), "e4");
        assert_eq!(mirror.chat(), [(1, "Удачи!".to_string())]);
        let here = Reply::Presence {
            code: "ABCDEF".into(),
            seat: 1,
            connected: true,
        };
        mirror.take(&here).unwrap();
        assert!(mirror.listing().seats[1].connected);
    }

    #[test]
    fn an_event_the_rules_refuse_is_an_error() {
        let mut mirror = Mirror::new(listing()).unwrap();
        assert!(mirror.take(&action(1, 0, "e5")).is_err());
    }
}
