//! One client's connection: reads its requests, holds the seats it has taken and the
//! matches it follows, keeps the heartbeat, and writes what the matches tell it.
//!
//! Whatever arrives, the connection answers with a reply or an error and goes on; it
//! closes only on a dead or abusive peer (silent past the heartbeat, or flooding past
//! the rate limit for long), and what it holds in memory is bounded.

use super::lag::RoundTrip;
use super::limits::{FOLLOWED, MADE};
use super::lobby::Lobby;
use super::refused::{Refused, language};
use super::room::{Command, Follow, Handle, Said};
use super::setup::Settings;
use super::store::SeatRow;
use crate::i18n::Language;
use crate::protocol::{self, Reply, Request, SeatKey, SeatPlan};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::{Duration, Instant};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Bytes, Message};

/// How long a peer the server closes on has to answer the close, or to read it where
/// the server could not read the peer's input to its end.
const CLOSING: Duration = Duration::from_secs(5);
/// How often the server pings.
const HEARTBEAT: Duration = Duration::from_secs(5);
/// Silence after which the connection is taken for dead.
const SILENCE: Duration = Duration::from_secs(20);
/// Messages waiting to be written; past this the client is not reading and gets no
/// more events (it sees the gap and asks for the match again when it reads).
const OUTBOX: usize = 512;
/// The rate limit: a bucket of this many requests refilled at `RATE` a second.
const BURST: f64 = 40.0;
const RATE: f64 = 20.0;
/// Requests refused for speed in a row after which the connection is closed.
const FLOOD: u32 = 200;

/// Where a connection comes from.
pub struct Origin {
    /// The peer's address, for the limits per address.
    pub address: Option<IpAddr>,
}

/// Serves one connection, its WebSocket handshake done, until it closes.
pub async fn run<S>(io: S, origin: Origin, lobby: Arc<Lobby>, started: Instant)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let _open = super::metrics::Open::new();
    // The socket takes messages up to four times the protocol's limit, so that a
    // message somewhat too long is answered with an error; past that the peer is not
    // speaking the protocol and the socket closes.
    // Messages are small, so the buffers are too: tungstenite's defaults (128 KiB
    // each way) would make a thousand idle connections cost 250 MiB.
    let config = WebSocketConfig::default()
        .max_message_size(Some(4 * protocol::MAX_MESSAGE))
        .max_frame_size(Some(4 * protocol::MAX_MESSAGE))
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    let socket = WebSocketStream::from_raw_socket(io, Role::Server, Some(config)).await;
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut outgoing) = mpsc::channel::<Message>(OUTBOX);
    let (moved, mut match_moved) = mpsc::unbounded_channel();
    let writer = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut client = Client {
        lobby,
        outbox,
        lang: Language::English,
        held: HashMap::new(),
        follows: HashMap::new(),
        made: 0,
        rtt: RoundTrip::default(),
        address: origin.address,
        moved,
    };
    client.send(&Reply::Welcome {
        version: protocol::VERSION,
        server: format!("doska {}", env!("CARGO_PKG_VERSION")),
        games: crate::rules::GameId::ALL
            .iter()
            .map(|g| g.id().to_string())
            .collect(),
    });
    let mut heard = Instant::now();
    let mut bucket = Bucket::new();
    // Whether the server closed: it then reads on until the peer answers the close,
    // since a socket closed with unread input is reset and the replies before the
    // close frame would be lost.
    let mut closing = false;
    // Whether the peer's input could not be read to the end (see `CLOSING`).
    let mut linger = false;
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    let mut server_closing = client.lobby.closing();
    // Come while the server is on its way out: sent away at once, to another server.
    if client.lobby.is_draining() {
        server_closing.mark_changed();
    }
    loop {
        tokio::select! {
            // The server is going away, its matches handed over: the client comes back
            // (through a proxy, to another server).
            Ok(()) = server_closing.changed() => {
                client.close(CloseCode::Restart, "the server is restarting");
                closing = true;
                break;
            }
            // A match followed here has moved: after the answer to the request that
            // found it so, the client connects again to follow it where it is now.
            Some(()) = match_moved.recv() => {
                client.close(CloseCode::Restart, "the match moved to another server");
                closing = true;
                break;
            }
            message = stream.next() => {
                let message = match message {
                    Some(Ok(message)) => message,
                    // Text that is not UTF-8: RFC 6455 closes with 1007.
                    Some(Err(tokio_tungstenite::tungstenite::Error::Utf8(_))) => {
                        client.close(CloseCode::Invalid, "text frames are UTF-8");
                        closing = true;
                        break;
                    }
                    // A message past four times the protocol's limit: 1009. The rest of
                    // it cannot be read, so the socket is kept open a while after the
                    // close frame, which a reset would otherwise overtake.
                    Some(Err(tokio_tungstenite::tungstenite::Error::Capacity(_))) => {
                        client.close(CloseCode::Size, "messages are at most 64 KiB");
                        linger = true;
                        break;
                    }
                    _ => break,
                };
                heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if !bucket.take() {
                            let id = protocol::request_id(&text);
                            client.refuse(id, &Refused::TooFast);
                            if bucket.refused > FLOOD {
                                client.close(CloseCode::Policy, "too many messages");
                                closing = true;
                                break;
                            }
                            continue;
                        }
                        client.request(&text).await;
                    }
                    // The protocol is text: RFC 6455 closes on data of a kind it does
                    // not take with 1003.
                    Message::Binary(_) => {
                        client.close(CloseCode::Unsupported, "the protocol is JSON text");
                        closing = true;
                        break;
                    }
                    Message::Pong(payload) => {
                        if let Ok(sent) = <[u8; 8]>::try_from(payload.as_ref()) {
                            let now = started.elapsed().as_millis() as u64;
                            client.rtt.measured(now.saturating_sub(u64::from_le_bytes(sent)));
                        }
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Frame(_) => {}
                }
            }
            _ = heartbeat.tick() => {
                if heard.elapsed() > SILENCE {
                    break;
                }
                let now = started.elapsed().as_millis() as u64;
                let ping = Message::Ping(Bytes::copy_from_slice(&now.to_le_bytes()));
                if client.outbox.try_send(ping).is_err() {
                    break;
                }
            }
        }
    }
    if closing {
        let drained = async { while let Some(Ok(_)) = stream.next().await {} };
        let _ = tokio::time::timeout(CLOSING, drained).await;
    }
    // The followers' channels are closed before the matches hear that the seats left,
    // so a match nobody follows any more knows it at once.
    for (_, follow) in client.follows.drain() {
        follow.abort();
        let _ = follow.await;
    }
    client.leave().await;
    drop(client);
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
    if linger {
        tokio::time::sleep(CLOSING).await;
    }
    drop(stream);
}

/// A token bucket: the per-connection rate limit.
struct Bucket {
    tokens: f64,
    at: Instant,
    refused: u32,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
            refused: 0,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused = 0;
            true
        } else {
            self.refused += 1;
            false
        }
    }
}

struct Client {
    lobby: Arc<Lobby>,
    outbox: mpsc::Sender<Message>,
    lang: Language,
    /// The seats this connection holds, by match code.
    held: HashMap<String, Vec<usize>>,
    /// The matches it follows: each a task passing events on.
    follows: HashMap<String, JoinHandle<()>>,
    made: usize,
    rtt: RoundTrip,
    /// Where the connection comes from, for the limits per address.
    address: Option<std::net::IpAddr>,
    /// Told by a follower's task when its match stopped here (handed over, or claimed
    /// by another server).
    moved: mpsc::UnboundedSender<()>,
}

impl Client {
    fn send(&self, reply: &Reply) {
        let text = serde_json::to_string(reply).expect("replies are written as JSON");
        let _ = self.outbox.try_send(Message::text(text));
    }

    /// Closes the connection with `code`, after the replies already queued.
    fn close(&self, code: CloseCode, reason: &'static str) {
        let _ = self.outbox.try_send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })));
    }

    fn refuse(&self, id: Option<u64>, why: &Refused) {
        self.send(&Reply::Error {
            id,
            error: why.word().to_string(),
            message: why.said(self.lang),
            server: why.server(),
        });
    }

    async fn request(&mut self, text: &str) {
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
            Request::Hello { id, version, lang } => {
                if !(protocol::OLDEST..=protocol::VERSION).contains(&version) {
                    return Err(Refused::Version(version));
                }
                if let Some(code) = lang {
                    self.lang = language(&code)?;
                }
                self.send(&Reply::Ack { id, n: None });
            }
            Request::Ping { id } => self.send(&Reply::Pong { id }),
            Request::Games { id } => self.send(&super::catalogue::games(id, self.lang)),
            Request::List { id } => self.send(&Reply::Lobby {
                id,
                matches: self.lobby.open_matches().await,
            }),
            Request::Create {
                id,
                game,
                options,
                clock,
                seats,
                name,
                level,
            } => {
                if self.made >= MADE {
                    return Err(Refused::TooMany);
                }
                let settings =
                    Settings::read(&game, options, clock.as_deref(), seats, level.as_deref())?;
                let taken: Vec<Option<SeatRow>> = settings
                    .plans
                    .iter()
                    .enumerate()
                    .map(|(seat, plan)| {
                        (*plan == SeatPlan::Me).then(|| SeatRow {
                            seat,
                            secret: super::secret::secret(),
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
            }
            Request::Join {
                id,
                code,
                seat,
                name,
            } => {
                let code = super::secret::typed_code(&code);
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
            }
            Request::Sit {
                id,
                code,
                secret,
                last,
            } => {
                let code = super::secret::typed_code(&code);
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
            }
            Request::Watch { id, code, last } => {
                let code = super::secret::typed_code(&code);
                self.watch(id, &code, last).await?;
            }
            Request::View {
                id,
                code,
                geometry,
                at,
            } => {
                let code = super::secret::typed_code(&code);
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
            }
            Request::Why { id, code, from, to } => {
                let code = super::secret::typed_code(&code);
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
            }
            Request::Resync { code, .. } => {
                let code = super::secret::typed_code(&code);
                let snapshot = self.ask(&code, |reply| Command::Resync { reply }).await?;
                self.send(&snapshot);
            }
            Request::Act { id, code, action } => {
                let lag = self.rtt.one_way();
                self.as_seated(id, &code, |seats, reply| Command::Act {
                    seats,
                    request: id,
                    action: action.clone(),
                    lag,
                    reply,
                })
                .await?;
            }
            Request::Takeback { id, code } => {
                self.as_seated(id, &code, |seats, reply| Command::Takeback { seats, reply })
                    .await?;
            }
            Request::TakebackAnswer { id, code, accept } => {
                self.as_seated(id, &code, |seats, reply| Command::TakebackAnswer {
                    seats,
                    accept,
                    reply,
                })
                .await?;
            }
            Request::Say { id, code, text } => {
                self.as_seated(id, &code, |seats, reply| Command::Say {
                    seats,
                    text: text.clone(),
                    reply,
                })
                .await?;
            }
            Request::Rematch { id, code } => {
                let from = self.address;
                self.as_seated(id, &code, |seats, reply| Command::Rematch {
                    seats,
                    from,
                    reply,
                })
                .await?;
            }
        }
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
    async fn leave(&mut self) {
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
        let code = super::secret::typed_code(code);
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
                        if let Some(snapshot) = resync(room).await {
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
async fn resync(room: &Handle) -> Option<Said> {
    let (reply, answer) = oneshot::channel();
    room.queue.send(Command::Resync { reply }).await.ok()?;
    let snapshot = answer.await.ok()?;
    Some(
        serde_json::to_string(&snapshot)
            .expect("replies are written as JSON")
            .into(),
    )
}
