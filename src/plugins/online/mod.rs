//! Playing on a server: hosting one inside the app, joining, watching, and the match
//! itself, which the session shows through a [`RemoteMatch`] as it shows a match on
//! this machine. What changes online is here: the lobby screen ([`lobby`]), the match
//! panel's rows for the connection, the players, the takebacks and the chat
//! ([`table`]), and the seats kept between runs ([`book`]). [`exchange`] passes what the
//! server says to the session, and what the player does to the server.
//!
//! The connection runs on its own thread ([`Link`]) and wakes the app when the server
//! says something, so a player waiting for a move costs no frames.

mod book;
mod exchange;
mod lobby;
mod remote;
mod table;

pub use remote::{RemoteMatch, Sent};

use super::layout::{FlipView, Flipped};
use super::session::{AppSystems, CreateOnline};
use crate::folders::Folders;
use crate::online::link::Link;
use crate::online::playing::Playing;
use crate::online::seat_book::{Held, SeatBook};
use crate::protocol::{Listing, Request, SeatKey};
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::mpsc::Receiver;

pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Online>()
            .init_resource::<crate::plugins::Weights>()
            .init_resource::<Flipped>()
            .add_message::<FlipView>()
            .add_message::<CreateOnline>()
            .add_systems(Startup, book::open)
            .add_systems(
                Update,
                exchange::hear
                    .before(AppSystems::Apply)
                    .after(AppSystems::Input),
            )
            // What the player did leaves in the frame it was done in, before the frame
            // is drawn.
            .add_systems(
                Update,
                (exchange::send_played, exchange::create)
                    .after(AppSystems::Apply)
                    .before(AppSystems::React),
            )
            .add_systems(Update, book::keep.in_set(AppSystems::React))
            .add_plugins((lobby::LobbyPlugin, table::TablePlugin));
    }
}

/// Where the app stands with servers: the connection, the lobby, the match played.
#[derive(Resource, Default)]
pub struct Online {
    /// The server's address as typed (`192.168.1.5`, `host:7464`, `ws://…/`).
    pub address: String,
    /// The player's name, given to the seats taken.
    pub name: String,
    /// A match's code as typed, to join or watch.
    pub code: String,
    link: Option<Link>,
    /// Whether the connection is up now.
    pub connected: bool,
    /// Why the connection was lost; it is tried again meanwhile.
    pub lost: Option<String>,
    /// The open matches the server listed last.
    pub lobby: Vec<Listing>,
    /// The address friends connect to, while a server runs inside the app.
    pub hosting: Option<SocketAddr>,
    /// The match played or watched.
    pub playing: Option<Playing>,
    /// A match being joined: its code and the seats taken, until its snapshot comes.
    joining: Option<(String, Vec<SeatKey>)>,
    /// Actions and takebacks the player made, from the session's host.
    sent: Option<Mutex<Receiver<Sent>>>,
    /// Requests made while the connection was down, sent once it is back.
    later: Vec<Request>,
    next_id: u64,
    /// The seats held on servers, kept between runs.
    pub book: SeatBook,
    /// Whether the book changed since it was written.
    book_changed: bool,
    /// What the server or the connection last said to the player.
    pub message: Option<String>,
    /// The chat shown beside the move list.
    pub chat_open: bool,
    pub chat_draft: String,
    /// How many of the match's chat lines were shown: those after it are new.
    pub chat_seen: usize,
    /// The match to come back to once connected: the one last played, when the app
    /// starts again.
    resume_on_connect: Option<String>,
    /// The event after which this screen last answered a takeback, so the question
    /// is not put again while the answer travels.
    answered: Option<u64>,
}

impl Online {
    /// The server's WebSocket address for what the player typed.
    pub fn url(address: &str) -> String {
        let address = address.trim().trim_end_matches('/');
        let address = address.strip_prefix("ws://").unwrap_or(address).to_string();
        let with_port = if address.contains(':') {
            address
        } else {
            format!("{address}:{}", crate::server::PORT)
        };
        format!("ws://{with_port}/")
    }

    /// Connects to `url`, leaving any other server.
    pub fn connect(&mut self, url: &str, wake: Option<&EventLoopProxyWrapper>) {
        if self.link.as_ref().is_some_and(|l| l.url() == url) {
            return;
        }
        let proxy = wake.map(|p| (**p).clone());
        self.link = Some(Link::open(url, move || {
            if let Some(proxy) = &proxy {
                // The loop is gone only when the app is closing.
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            }
        }));
        self.connected = false;
        self.lost = None;
        self.lobby.clear();
        if self.book.server.as_deref() != Some(url) {
            self.book.server = Some(url.to_string());
            self.book_changed = true;
        }
    }

    /// The server connected to, if any.
    pub fn server(&self) -> Option<&str> {
        self.link.as_ref().map(Link::url)
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Sends a request now, or once the connection is back.
    fn send(&mut self, request: Request) {
        match &self.link {
            Some(link) if self.connected => link.send(request),
            _ => self.later.push(request),
        }
    }

    /// Asks for the open matches.
    pub fn refresh_lobby(&mut self) {
        if self.connected {
            let id = self.id();
            self.send(Request::List { id });
        }
    }

    /// Takes the first open seat of a match, or `seat`.
    pub fn join(&mut self, code: &str, seat: Option<usize>) {
        let id = self.id();
        let name = (!self.name.trim().is_empty()).then(|| self.name.trim().to_string());
        self.joining = Some((code.to_string(), Vec::new()));
        self.send(Request::Join {
            id,
            code: code.to_string(),
            seat,
            name,
        });
    }

    /// Watches a match.
    pub fn watch(&mut self, code: &str) {
        let id = self.id();
        self.joining = Some((code.to_string(), Vec::new()));
        self.send(Request::Watch {
            id,
            code: code.to_string(),
            last: 0,
        });
    }

    /// Comes back to a seat of a match with its secret.
    pub fn sit(&mut self, code: &str, secret: &str) {
        let id = self.id();
        self.joining = Some((code.to_string(), Vec::new()));
        self.send(Request::Sit {
            id,
            code: code.to_string(),
            secret: secret.to_string(),
            last: 0,
        });
    }

    /// Comes back to the seats kept for a match.
    pub fn resume(&mut self, code: &str) {
        let Some(server) = self.server().map(str::to_string) else {
            return;
        };
        let keys: Vec<Held> = self
            .book
            .seats
            .iter()
            .filter(|h| h.server == server && h.code == code)
            .cloned()
            .collect();
        self.joining = Some((code.to_string(), Vec::new()));
        for held in keys {
            let id = self.id();
            self.send(Request::Sit {
                id,
                code: held.code,
                secret: held.secret,
                last: 0,
            });
        }
    }

    /// Takes the seats of the rematch, with the secrets of this match's seats.
    pub fn resume_rematch(&mut self, code: &str) {
        let Some(playing) = &self.playing else { return };
        let secrets: Vec<String> = playing.mine().iter().map(|k| k.secret.clone()).collect();
        self.joining = Some((code.to_string(), Vec::new()));
        for secret in secrets {
            let id = self.id();
            self.send(Request::Sit {
                id,
                code: code.to_string(),
                secret,
                last: 0,
            });
        }
    }

    /// A request about the match played, sent now or once the connection is back.
    pub fn about_match(&mut self, make: impl FnOnce(u64, String) -> Request) {
        if let Some(playing) = &mut self.playing {
            let request = playing.request(make);
            self.send(request);
        }
    }

    /// Leaves the match shown. One going on stays in the seat book, to come back to;
    /// one over is forgotten. The code box is emptied for the next code.
    pub fn leave(&mut self) {
        self.code.clear();
        if let Some(playing) = &self.playing
            && playing.mirror().current().outcome().is_some()
        {
            let (server, code) = (playing.server().to_string(), playing.code().to_string());
            self.book.forget(&server, &code);
            self.book_changed = true;
        }
        self.playing = None;
        self.sent = None;
        self.joining = None;
    }

    /// Starts a server inside the app, on the local network: on the usual port, or
    /// any free one where that is taken. Its address for this app.
    pub fn host(
        &mut self,
        folders: Option<&Folders>,
        weights: &crate::engine::weights::InForce,
    ) -> Result<String, crate::server::StartError> {
        let data = folders.map_or_else(
            || std::env::temp_dir().join("doska-hosted"),
            Folders::server,
        );
        // The seats held here: a match of this server left on one of them was left by
        // this app's player, whose clock ran meanwhile.
        let hosts: Vec<String> = self.book.seats.iter().map(|h| h.secret.clone()).collect();
        let config = |port| crate::server::Config {
            weights: weights.clone(),
            hosts: hosts.clone(),
            ..crate::server::Config::in_process(
                SocketAddr::from(([0, 0, 0, 0], port)),
                data.clone(),
            )
        };
        let listening = crate::server::spawn(config(crate::server::PORT))
            .or_else(|_| crate::server::spawn(config(0)))?;
        self.hosting = Some(crate::server::friends_address(listening));
        self.book.hosting = true;
        self.book_changed = true;
        Ok(format!("ws://127.0.0.1:{}/", listening.port()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaving_empties_the_code_box() {
        let mut online = Online {
            code: "K3QF9A".into(),
            ..Online::default()
        };
        online.leave();
        assert_eq!(online.code, "");
    }
}
