//! One match a client plays or watches on a server: the match as the server's events
//! tell it ([`Mirror`]), the seats held here with their secrets, and the player's own
//! actions still on their way.
//!
//! What the client shows is the server's match with the player's own actions in flight
//! played on top of it, so a move shows the moment it is made. Each action leaves the
//! flight when the server has played it (its ack names the event, and the mirror has
//! reached it) or refused it (then it simply is no longer shown, and the refusal is
//! said).

use super::mirror::{Mirror, Taken};
use super::outbox::Outbox;
use crate::protocol::{Listing, Reply, Request, SeatKey, play_action};
use crate::rules::{Error, Match};

/// An action sent and not yet seen played.
#[derive(Clone, Debug)]
struct InFlight {
    id: u64,
    seat: usize,
    action: String,
    /// The event that played it, once acknowledged.
    n: Option<u64>,
}

/// What a reply changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Heard {
    /// The match shown changed (an event, or an action leaving the flight).
    pub changed: bool,
    /// The server refused an action of ours, in the player's language.
    pub refused: Option<String>,
    /// Events are missing: this request asks for the whole match again.
    pub resync: Option<Request>,
}

#[derive(Clone, Debug)]
pub struct Playing {
    server: String,
    mirror: Mirror,
    mine: Vec<SeatKey>,
    outbox: Outbox,
    in_flight: Vec<InFlight>,
}

impl Playing {
    /// A match on `server` as its listing describes it; `mine` are the seats held
    /// here (none for a spectator).
    pub fn new(server: &str, listing: Listing, mine: Vec<SeatKey>) -> Result<Playing, Error> {
        Ok(Playing {
            server: server.to_string(),
            mirror: Mirror::new(listing)?,
            mine,
            outbox: Outbox::new(first_id()),
            in_flight: Vec::new(),
        })
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// The match's page on its server, a link for friends to open in a browser:
    /// `http://HOST:PORT/CODE` for `ws://HOST:PORT/` (`https` for `wss`). `host`
    /// replaces the server's address where the server runs in this app, whose own
    /// address (loopback) is of no use to a friend.
    pub fn page(&self, host: Option<std::net::SocketAddr>) -> String {
        let (scheme, rest) = match self.server.split_once("://") {
            Some(("wss", rest)) => ("https", rest),
            Some((_, rest)) => ("http", rest),
            None => ("http", self.server.as_str()),
        };
        let address = host.map_or_else(
            || rest.split('/').next().unwrap_or(rest).to_string(),
            |h| h.to_string(),
        );
        format!("{scheme}://{address}/{}", self.code())
    }

    pub fn code(&self) -> &str {
        self.mirror.code()
    }

    pub fn mirror(&self) -> &Mirror {
        &self.mirror
    }

    pub fn mine(&self) -> &[SeatKey] {
        &self.mine
    }

    /// The seats played here.
    pub fn my_seats(&self) -> Vec<usize> {
        self.mine.iter().map(|k| k.seat).collect()
    }

    pub fn watching(&self) -> bool {
        self.mine.is_empty()
    }

    /// Seats taken again (a rematch under the same secrets), or more seats taken.
    pub fn hold(&mut self, seats: &[SeatKey]) {
        for key in seats {
            self.mine.retain(|k| k.seat != key.seat);
            self.mine.push(key.clone());
        }
    }

    /// What to send on connecting (again): come back to each seat, or watch, asking for
    /// the whole match; then every action not yet answered, with its id. The events
    /// missed alone would not do: who came and went while this client was away is said
    /// only in a snapshot's listing, and a player who left and came back meanwhile
    /// (a host restarting its app) would be shown away for good.
    pub fn on_connected(&mut self) -> Vec<Request> {
        let code = self.code().to_string();
        let mut requests: Vec<Request> = if self.mine.is_empty() {
            vec![Request::Watch {
                id: self.outbox.fresh_id(),
                code,
                last: 0,
            }]
        } else {
            let keys = self.mine.clone();
            keys.into_iter()
                .map(|k| Request::Sit {
                    id: self.outbox.fresh_id(),
                    code: code.clone(),
                    secret: k.secret,
                    last: 0,
                })
                .collect()
        };
        requests.extend(self.outbox.again());
        requests
    }

    /// An action of `seat`, in the game's notation: shown at once, and sent.
    pub fn act(&mut self, seat: usize, action: &str) -> Request {
        let request = self.outbox.act(self.mirror.code(), action);
        self.in_flight.push(InFlight {
            id: request.id(),
            seat,
            action: action.to_string(),
            n: None,
        });
        request
    }

    /// A request about this match that is not an action (chat, takebacks, rematch).
    pub fn request(&mut self, make: impl FnOnce(u64, String) -> Request) -> Request {
        make(self.outbox.fresh_id(), self.code().to_string())
    }

    /// Takes a reply from the server.
    pub fn take(&mut self, reply: &Reply) -> Result<Heard, Error> {
        let mut heard = Heard::default();
        match reply {
            Reply::Ack { id, n } => {
                self.outbox.answered(reply);
                for f in &mut self.in_flight {
                    if f.id == *id {
                        f.n = n.or(Some(0));
                    }
                }
            }
            Reply::Error {
                id: Some(id),
                message,
                ..
            } if self.outbox.answered(reply) => {
                self.in_flight.retain(|f| f.id != *id);
                heard.changed = true;
                heard.refused = Some(message.clone());
            }
            _ => match self.mirror.take(reply)? {
                Taken::Nothing => {}
                Taken::Events(_) => heard.changed = true,
                Taken::Gap => {
                    heard.resync = Some(Request::Resync {
                        id: self.outbox.fresh_id(),
                        code: self.code().to_string(),
                    });
                }
            },
        }
        let last = self.mirror.last();
        let before = self.in_flight.len();
        self.in_flight.retain(|f| f.n.is_none_or(|n| n > last));
        heard.changed |= self.in_flight.len() != before;
        Ok(heard)
    }

    /// The match to show: the server's, with our actions in flight played on it. One
    /// that no longer plays there (the opponent's move came first) is left out; the
    /// server refuses it too.
    pub fn shown(&self) -> Match {
        let mut m = self.mirror.current().clone();
        for f in &self.in_flight {
            let mut next = m.clone();
            if play_action(&mut next, f.seat, &f.action, None).is_ok() {
                m = next;
            }
        }
        m
    }

    /// Whether actions of ours wait for the server.
    pub fn waiting(&self) -> bool {
        !self.in_flight.is_empty()
    }
}

/// The first id of this run's requests: from the clock, so that a seat's ids never
/// repeat across runs of the app.
fn first_id() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_micros() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Event, EventKind, SeatPlan, SeatView};

    fn listing() -> Listing {
        let seat = SeatView {
            plan: SeatPlan::Open,
            taken: true,
            name: None,
            connected: true,
        };
        Listing {
            code: "ABCDEF".into(),
            game: "chess".into(),
            options: Default::default(),
            clock: "-".into(),
            seats: vec![seat.clone(), seat],
            result: None,
            level: None,
        }
    }

    fn event(n: u64, seat: usize, action: &str) -> Reply {
        Reply::Event {
            code: "ABCDEF".into(),
            event: Event {
                n,
                at: 0,
                kind: EventKind::Action {
                    seat,
                    action: action.into(),
                    chance: false,
                    clocks: None,
                    result: None,
                },
            },
        }
    }

    fn white() -> Playing {
        let key = SeatKey {
            seat: 0,
            secret: "s".into(),
        };
        Playing::new("ws://h/", listing(), vec![key]).unwrap()
    }

    #[test]
    fn an_action_shows_at_once_and_leaves_the_flight_when_played() {
        let mut p = white();
        let Request::Act { id, .. } = p.act(0, "e4") else {
            panic!("an act")
        };
        assert_eq!(p.shown().actions().len(), 1);
        // The ack may come before the event: the move stays shown.
        p.take(&Reply::Ack { id, n: Some(1) }).unwrap();
        assert!(p.waiting());
        assert_eq!(p.shown().notation(0), "e4");
        let heard = p.take(&event(1, 0, "e4")).unwrap();
        assert!(heard.changed);
        assert!(!p.waiting());
        assert_eq!(p.shown().actions().len(), 1);
        p.take(&event(2, 1, "e5")).unwrap();
        assert_eq!(p.shown().actions().len(), 2);
    }

    #[test]
    fn a_refused_action_is_no_longer_shown_and_its_reason_is_said() {
        let mut p = white();
        let id = p.act(0, "e4").id();
        let refused = Reply::Error {
            id: Some(id),
            error: "rules".into(),
            message: "Not your turn".into(),
            server: None,
        };
        let heard = p.take(&refused).unwrap();
        assert_eq!(heard.refused.as_deref(), Some("Not your turn"));
        assert!(p.shown().actions().is_empty());
    }

    #[test]
    fn coming_back_sits_again_and_resends_what_was_not_answered() {
        let mut p = white();
        p.take(&event(1, 0, "d4")).unwrap();
        p.take(&event(2, 1, "d5")).unwrap();
        let act = p.act(0, "c4");
        let again = p.on_connected();
        assert!(matches!(&again[0], Request::Sit { last: 0, secret, .. } if secret == "s"));
        assert_eq!(again[1], act);
        // A gap asks for the whole match.
        let heard = p.take(&event(5, 1, "e6")).unwrap();
        assert!(matches!(heard.resync, Some(Request::Resync { .. })));
    }

    #[test]
    fn the_match_page_is_on_the_servers_host_and_port() {
        let on = |server: &str| Playing::new(server, listing(), Vec::new()).unwrap();
        assert_eq!(
            on("ws://10.0.0.5:7464/").page(None),
            "http://10.0.0.5:7464/ABCDEF"
        );
        assert_eq!(
            on("wss://doska.example/").page(None),
            "https://doska.example/ABCDEF"
        );
        let hosted = "192.168.1.20:7464".parse().ok();
        assert_eq!(
            on("ws://127.0.0.1:7464/").page(hosted),
            "http://192.168.1.20:7464/ABCDEF"
        );
    }
}
