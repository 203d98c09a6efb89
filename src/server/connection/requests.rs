//! The requests of a connection, one handler each: `answer` only dispatches. What a
//! request does to a match is the room's to decide ([`super::super::room`]); here it is
//! found, asked, and its answer sent.

use super::super::limits::{FOLLOWED, MADE};
use super::super::refused::{Refused, language};
use super::super::room::{Command, Follow, Handle, Said};
use super::super::setup::Settings;
use super::super::store::SeatRow;
use super::Client;
use crate::protocol::{self, Reply, Request, SeatKey, SeatPlan};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

impl Client {
    /// Reads one message and answers it; a refusal names the request's id.
    pub(super) async fn request(&mut self, text: &str) {
        let request = match protocol::read_request(text) {
            Ok(r) => r,
            Err(e) => return self.refuse(protocol::request_id(text), &Refused::Unreadable(e)),
        };
        let id = request.id();
        if let Err(why) = self.answer(request).await {
            self.refuse(Some(id), &why);
        }
    }

    async fn answer(&mut self, request: Request) -> Result<(), Refused> {
        match request {
            Request::Hello { id, version, lang } => self.hello(id, version, lang),
            Request::Ping { id } => {
                self.send(&Reply::Pong { id });
                Ok(())
            }
            Request::Games { id } => {
                self.send(&super::super::catalogue::games(id, self.lang));
                Ok(())
            }
            Request::List { id } => {
                let matches = self.lobby.open_matches().await;
                self.send(&Reply::Lobby { id, matches });
                Ok(())
            }
            Request::Create {
                id,
                game,
                options,
                clock,
                seats,
                name,
                level,
            } => {
                let settings =
                    Settings::read(&game, options, clock.as_deref(), seats, level.as_deref())?;
                self.create(id, settings, name).await
            }
            Request::Join {
                id,
                code,
                seat,
                name,
            } => self.join(id, &code, seat, name).await,
            Request::Sit {
                id,
                code,
                secret,
                last,
            } => self.sit(id, &code, secret, last).await,
            Request::Watch { id, code, last } => {
                self.watch(id, &super::super::secret::typed_code(&code), last)
                    .await
            }
            Request::View {
                id,
                code,
                geometry,
                at,
            } => self.view(id, &code, geometry, at).await,
            Request::Why { id, code, from, to } => self.why(id, &code, from, to).await,
            Request::Resync { code, .. } => self.resync(&code).await,
            Request::Act { id, code, action } => {
                let lag = self.rtt.one_way();
                self.as_seated(id, &code, |seats, reply| Command::Act {
                    seats,
                    request: id,
                    action: action.clone(),
                    lag,
                    reply,
                })
                .await
            }
            Request::Takeback { id, code } => {
                self.as_seated(id, &code, |seats, reply| Command::Takeback { seats, reply })
                    .await
            }
            Request::TakebackAnswer { id, code, accept } => {
                self.as_seated(id, &code, |seats, reply| Command::TakebackAnswer {
                    seats,
                    accept,
                    reply,
                })
                .await
            }
            Request::Say { id, code, text } => {
                self.as_seated(id, &code, |seats, reply| Command::Say {
                    seats,
                    text: text.clone(),
                    reply,
                })
                .await
            }
            Request::Rematch { id, code } => {
                let from = self.address;
                self.as_seated(id, &code, |seats, reply| Command::Rematch {
                    seats,
                    from,
                    reply,
                })
                .await
            }
        }
    }

    /// `hello`: the protocol's version, and the language of what is said.
    fn hello(&mut self, id: u64, version: u32, lang: Option<String>) -> Result<(), Refused> {
        if !(protocol::OLDEST..=protocol::VERSION).contains(&version) {
            return Err(Refused::Version(version));
        }
        if let Some(code) = lang {
            self.lang = language(&code)?;
        }
        self.send(&Reply::Ack { id, n: None });
        Ok(())
    }

    /// `create`: a new match, the seats planned as the asker's taken by it, followed.
    async fn create(
        &mut self,
        id: u64,
        settings: Settings,
        name: Option<String>,
    ) -> Result<(), Refused> {
        if self.made >= MADE {
            return Err(Refused::TooMany);
        }
        let taken: Vec<Option<SeatRow>> = settings
            .plans
            .iter()
            .enumerate()
            .map(|(seat, plan)| {
                (*plan == SeatPlan::Me).then(|| SeatRow {
                    seat,
                    secret: super::super::secret::secret(),
                    name: name.clone(),
                })
            })
            .collect();
        let keys: Vec<SeatKey> = taken
            .iter()
            .flatten()
            .map(|k| SeatKey {
                seat: k.seat,
                secret: k.secret.clone(),
            })
            .collect();
        let code = self.lobby.create(settings, taken, self.address).await?;
        self.made += 1;
        let seats: Vec<usize> = keys.iter().map(|k| k.seat).collect();
        self.hold(&code, &seats).await;
        self.send(&Reply::Created {
            id,
            code: code.clone(),
            seats: keys,
        });
        let follow = self
            .ask(&code, |reply| Command::Watch { last: 0, reply })
            .await?;
        self.follow(&code, follow).await;
        Ok(())
    }

    /// `join`: an open seat taken, and the match followed.
    async fn join(
        &mut self,
        id: u64,
        code: &str,
        seat: Option<usize>,
        name: Option<String>,
    ) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        self.room_for_following(&code)?;
        let (key, follow) = self
            .ask(&code, |reply| Command::Join {
                seat,
                name: name.clone(),
                reply,
            })
            .await??;
        self.hold(&code, &[key.seat]).await;
        self.send(&Reply::Seated {
            id,
            code: code.clone(),
            seats: vec![key],
        });
        self.follow(&code, follow).await;
        Ok(())
    }

    /// `sit`: the seats of a secret taken back, and the match followed from `last`.
    async fn sit(&mut self, id: u64, code: &str, secret: String, last: u64) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        self.room_for_following(&code)?;
        let (keys, follow) = self
            .ask(&code, |reply| Command::Sit {
                secret: secret.clone(),
                last,
                reply,
            })
            .await??;
        let seats: Vec<usize> = keys.iter().map(|k| k.seat).collect();
        self.hold(&code, &seats).await;
        self.send(&Reply::Seated {
            id,
            code: code.clone(),
            seats: keys,
        });
        self.follow(&code, follow).await;
        Ok(())
    }

    /// `view`: the board as the connection's seats see it.
    async fn view(
        &mut self,
        id: u64,
        code: &str,
        geometry: bool,
        at: Option<u64>,
    ) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        let seats = self.held.get(&code).cloned().unwrap_or_default();
        let (n, geometry, board) = self
            .ask(&code, |reply| Command::View {
                seats: seats.clone(),
                geometry,
                at,
                lang: self.lang,
                reply,
            })
            .await?;
        self.send(&Reply::View {
            id,
            code,
            n,
            geometry: geometry.map(Box::new),
            board: Box::new(board),
        });
        Ok(())
    }

    /// `why`: why a piece may not go where asked, in the rules' words.
    async fn why(
        &mut self,
        id: u64,
        code: &str,
        from: u16,
        to: Option<u16>,
    ) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        let seats = self.held.get(&code).cloned().unwrap_or_default();
        let (text, culprit) = self
            .ask(&code, |reply| Command::Why {
                seats: seats.clone(),
                from,
                to,
                lang: self.lang,
                reply,
            })
            .await??;
        self.send(&Reply::Why {
            id,
            code,
            text,
            culprit,
        });
        Ok(())
    }

    /// `resync`: the whole match again.
    async fn resync(&mut self, code: &str) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        let snapshot = self.ask(&code, |reply| Command::Resync { reply }).await?;
        self.send(&snapshot);
        Ok(())
    }

    /// Notes seats as held here, and tells the match its players of them are here.
    async fn hold(&mut self, code: &str, seats: &[usize]) {
        let held = self.held.entry(code.to_string()).or_default();
        let new: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| !held.contains(s))
            .collect();
        held.extend(&new);
        if new.is_empty() {
            return;
        }
        if let Ok(room) = self.lobby.get(code).await {
            let _ = room
                .queue
                .send(Command::Present {
                    seats: new,
                    here: true,
                })
                .await;
        }
    }

    /// Tells each match that this connection's players of its seats have gone.
    pub(super) async fn leave(&mut self) {
        for (code, seats) in self.held.drain() {
            if let Ok(room) = self.lobby.get(&code).await {
                let _ = room
                    .queue
                    .send(Command::Present { seats, here: false })
                    .await;
            }
        }
    }

    /// A request made for the seats this connection holds in a match (a spectator, or
    /// a stranger, holds none), acknowledged with the event it made.
    async fn as_seated(
        &self,
        id: u64,
        code: &str,
        command: impl Fn(Vec<usize>, oneshot::Sender<Result<u64, Refused>>) -> Command,
    ) -> Result<(), Refused> {
        let code = super::super::secret::typed_code(code);
        let Some(seats) = self.held.get(&code).filter(|s| !s.is_empty()) else {
            // A match that does not exist is said so before whose it is.
            self.lobby.get(&code).await?;
            return Err(Refused::NotYours);
        };
        let n = self
            .ask(&code, |reply| command(seats.clone(), reply))
            .await??;
        self.send(&Reply::Ack { id, n: Some(n) });
        Ok(())
    }

    /// Refuses a new match to follow past the limit.
    fn room_for_following(&self, code: &str) -> Result<(), Refused> {
        if self.follows.len() >= FOLLOWED && !self.follows.contains_key(code) {
            return Err(Refused::TooMany);
        }
        Ok(())
    }

    /// Follows a match as a spectator: acknowledged once the match is found, then its
    /// catch-up.
    async fn watch(&mut self, id: u64, code: &str, last: u64) -> Result<(), Refused> {
        self.room_for_following(code)?;
        let follow = self
            .ask(code, |reply| Command::Watch { last, reply })
            .await?;
        self.send(&Reply::Ack { id, n: None });
        self.follow(code, follow).await;
        Ok(())
    }

    /// Sends a match's catch-up, then passes its events on as they come.
    async fn follow(&mut self, code: &str, follow: Follow) {
        self.send(&follow.catch_up);
        let mut events = follow.events;
        let outbox = self.outbox.clone();
        let moved = self.moved.clone();
        let room = self.lobby.get(code).await.ok();
        let task = tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(said) => {
                        let _ = outbox.try_send(Message::Text(said));
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        let Some(room) = &room else { break };
                        if let Some(snapshot) = whole_match(room).await {
                            let _ = outbox.try_send(Message::Text(snapshot));
                        }
                    }
                    // The room stopped with a follower: handed over or claimed by
                    // another server. The client connects again to find it there.
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => {
                        let _ = moved.send(());
                        break;
                    }
                }
            }
        });
        if let Some(old) = self.follows.insert(code.to_string(), task) {
            old.abort();
        }
    }

    /// Sends a command to a match and waits for its answer; a match that has just
    /// left memory is read back once and asked again.
    async fn ask<T>(
        &self,
        code: &str,
        command: impl Fn(oneshot::Sender<T>) -> Command,
    ) -> Result<T, Refused> {
        for _ in 0..2 {
            let room = self.lobby.get(code).await?;
            let (reply, answer) = oneshot::channel();
            if room.queue.send(command(reply)).await.is_err() {
                continue;
            }
            if let Ok(answer) = answer.await {
                return Ok(answer);
            }
        }
        Err(Refused::Busy)
    }
}

/// The whole match again, for a follower that fell behind.
async fn whole_match(room: &Handle) -> Option<Said> {
    let (reply, answer) = oneshot::channel();
    room.queue.send(Command::Resync { reply }).await.ok()?;
    let snapshot = answer.await.ok()?;
    Some(
        serde_json::to_string(&snapshot)
            .expect("replies are written as JSON")
            .into(),
    )
}
