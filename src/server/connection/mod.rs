//! One client's connection: reads its requests, holds the seats it has taken and the
//! matches it follows, keeps the heartbeat, and writes what the matches tell it.
//!
//! Whatever arrives, the connection answers with a reply or an error and goes on; it
//! closes only on a dead or abusive peer (silent past the heartbeat, or flooding past
//! the rate limit for long), and what it holds in memory is bounded.

mod requests;

use super::lag::RoundTrip;
use super::lobby::Lobby;
use super::refused::Refused;
use crate::i18n::Language;
use crate::protocol::{self, Reply};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
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
}
