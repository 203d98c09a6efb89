//! A client's connection to a server, kept open on its own thread: it connects, passes
//! on what the server says, sends what it is given, and after a lost connection tries
//! again by itself, waiting longer each time up to [`MOST_WAIT`].
//!
//! The thread sleeps until the socket or the client has something, and then calls the
//! client's `wake`, so an app waiting for its opponent draws nothing and spends no CPU
//! in between. Requests given while the connection is down are dropped: the client
//! keeps what must not be lost (its [`super::outbox::Outbox`]) and sends it again once
//! it hears [`Heard::Connected`].
//!
//! Behind a proxy in front of several servers, a request for a match another server
//! plays is refused with `elsewhere` and that server's name: the link connects again
//! asking the proxy for that server (`?server=NAME`) and sends the request there, and
//! the client hears a reconnection rather than the refusal. A request refused as
//! `unavailable` (the server cannot reach its store) is a lost connection too: the
//! link waits, longer each time, and connects again, and the client sends again what
//! was not acknowledged.

use crate::protocol::{Reply, Request};
use futures_util::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::Duration;
use tokio::sync::mpsc as async_mpsc;
use tokio_tungstenite::tungstenite::Message;

/// The longest wait between two tries to connect.
pub const MOST_WAIT: Duration = Duration::from_secs(8);
/// How long one try to connect may take.
const CONNECT_PATIENCE: Duration = Duration::from_secs(10);
/// How long the server may stay silent before the connection counts as lost. The
/// server pings every 5 s, so a healthy connection is never silent this long.
const SILENCE: Duration = Duration::from_secs(15);
/// The requests sent on a connection that are kept, to send again one another server
/// should answer.
const KEPT: usize = 64;

/// What the connection tells its client.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// Connected (again), after the server's welcome: the client says hello and takes
    /// its seats back.
    Connected,
    /// A reply or event from the server.
    Reply(Reply),
    /// The connection failed or was lost, and why; it is tried again by itself.
    Lost(String),
}

/// An open connection, or one being tried. Dropping it closes the connection and ends
/// its thread.
pub struct Link {
    url: String,
    outgoing: async_mpsc::UnboundedSender<Request>,
    /// Behind a lock only so that a link can sit in shared state (an app's resource).
    heard: Mutex<mpsc::Receiver<Heard>>,
}

impl Link {
    /// Starts connecting to `url` (`ws://ADDR:PORT/`). `wake` is called after each
    /// thing heard, from the connection's thread.
    pub fn open(url: &str, wake: impl Fn() + Send + 'static) -> Link {
        let (outgoing, requests) = async_mpsc::unbounded_channel();
        let (tell, heard) = mpsc::channel();
        let target = url.to_string();
        std::thread::Builder::new()
            .name("server link".into())
            .spawn(move || run(&target, requests, tell, wake))
            .expect("a thread for the connection to the server");
        Link {
            url: url.to_string(),
            outgoing,
            heard: Mutex::new(heard),
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Sends a request, if the connection is up; otherwise it is dropped.
    pub fn send(&self, request: Request) {
        let _ = self.outgoing.send(request);
    }

    /// What was heard since the last call, in order.
    pub fn heard(&self) -> Vec<Heard> {
        let heard = self.heard.lock().unwrap_or_else(PoisonError::into_inner);
        heard.try_iter().collect()
    }

    /// Waits up to `patience` for the next thing heard (for clients without a frame
    /// loop, and tests).
    pub fn wait(&self, patience: Duration) -> Option<Heard> {
        let heard = self.heard.lock().unwrap_or_else(PoisonError::into_inner);
        heard.recv_timeout(patience).ok()
    }
}

/// The connection's thread: connect, serve the connection until it is lost, wait, and
/// again, until the client is gone.
fn run(
    url: &str,
    mut requests: async_mpsc::UnboundedReceiver<Request>,
    tell: mpsc::Sender<Heard>,
    wake: impl Fn(),
) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            let _ = tell.send(Heard::Lost(format!("cannot start the connection: {e}")));
            wake();
            return;
        }
    };
    let say = |heard: Heard| {
        let sent = tell.send(heard).is_ok();
        wake();
        sent
    };
    runtime.block_on(async {
        let mut wait = Duration::from_millis(250);
        let mut target = url.to_string();
        let mut again = None;
        // Redirections in a row: sent on again and again, the match is between
        // servers (or the proxy has not seen its server come back yet): wait a little
        // longer each time.
        let mut redirected: u32 = 0;
        // The wait after a refusal as `unavailable`, which grows while they go on.
        let mut unavailable = Duration::from_millis(250);
        loop {
            let lost = match connect(&target).await {
                Ok(mut socket) => {
                    let mut sent = VecDeque::new();
                    if let Some(request) = again.take() {
                        if send(&mut socket, &request).await.is_err() {
                            continue;
                        }
                        sent.push_back(request);
                    }
                    if !say(Heard::Connected) {
                        return;
                    }
                    wait = Duration::from_millis(250);
                    match serve(socket, sent, &mut requests, &say).await {
                        Ended::ClientGone => return,
                        Ended::Lost(why) => {
                            redirected = 0;
                            unavailable = Duration::from_millis(250);
                            why
                        }
                        Ended::Unavailable(why) => {
                            wait = unavailable;
                            unavailable = (unavailable * 2).min(MOST_WAIT);
                            why
                        }
                        Ended::Elsewhere { server, request } => {
                            target = at_server(url, &server);
                            again = request;
                            redirected += 1;
                            let pause = Duration::from_millis(50) * redirected.min(20);
                            tokio::time::sleep(pause.saturating_sub(Duration::from_millis(50)))
                                .await;
                            continue;
                        }
                    }
                }
                Err(why) => why.to_string(),
            };
            if !say(Heard::Lost(lost)) {
                return;
            }
            // Whatever was sent while down is dropped; the client sends it again.
            let pause = tokio::time::sleep(wait);
            tokio::pin!(pause);
            loop {
                tokio::select! {
                    _ = &mut pause => break,
                    request = requests.recv() => if request.is_none() { return },
                }
            }
            wait = (wait * 2).min(MOST_WAIT);
        }
    });
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Why a connection was not made.
#[derive(Debug, thiserror::Error)]
enum Unreached {
    #[error("{0} did not answer")]
    Silent(String),
    #[error(transparent)]
    Refused(#[from] tokio_tungstenite::tungstenite::Error),
    #[error("{0} is not a Doska server")]
    NotDoska(String),
}

/// Connects and reads the welcome.
async fn connect(url: &str) -> Result<Socket, Unreached> {
    let (mut socket, _) =
        tokio::time::timeout(CONNECT_PATIENCE, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| Unreached::Silent(url.to_string()))??;
    match tokio::time::timeout(CONNECT_PATIENCE, socket.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str(&text) {
            Ok(Reply::Welcome { .. }) => Ok(socket),
            _ => Err(Unreached::NotDoska(url.to_string())),
        },
        _ => Err(Unreached::NotDoska(url.to_string())),
    }
}

enum Ended {
    ClientGone,
    Lost(String),
    /// The server cannot reach its store: what it said.
    Unavailable(String),
    /// Another server plays a match asked for: its name, and the request to send it.
    Elsewhere {
        server: String,
        request: Option<Request>,
    },
}

/// `url` asking a proxy for the server `name`.
fn at_server(url: &str, name: &str) -> String {
    let base = url.split('?').next().unwrap_or(url);
    format!("{base}?server={name}")
}

async fn send(
    socket: &mut Socket,
    request: &Request,
) -> Result<(), tokio_tungstenite::tungstenite::Error> {
    // A request is plain data: it always writes.
    let text = serde_json::to_string(request).expect("a request serializes");
    socket.send(Message::text(text)).await
}

/// Passes messages both ways until the connection is lost or the client is gone;
/// `sent` holds the requests already sent on it.
async fn serve(
    mut socket: Socket,
    mut sent: VecDeque<Request>,
    requests: &mut async_mpsc::UnboundedReceiver<Request>,
    say: &impl Fn(Heard) -> bool,
) -> Ended {
    loop {
        tokio::select! {
            request = requests.recv() => {
                let Some(request) = request else {
                    let _ = socket.close(None).await;
                    return Ended::ClientGone;
                };
                if let Err(e) = send(&mut socket, &request).await {
                    return Ended::Lost(e.to_string());
                }
                if sent.len() == KEPT {
                    sent.pop_front();
                }
                sent.push_back(request);
            }
            message = tokio::time::timeout(SILENCE, socket.next()) => {
                let message = match message {
                    Err(_) => return Ended::Lost("the server fell silent".into()),
                    Ok(None) => return Ended::Lost("the server closed the connection".into()),
                    Ok(Some(Err(e))) => return Ended::Lost(e.to_string()),
                    Ok(Some(Ok(message))) => message,
                };
                match message {
                    Message::Text(text) => {
                        // A reply this client cannot read is skipped, not fatal: a newer
                        // server may say more than this client knows.
                        let Ok(reply) = serde_json::from_str::<Reply>(&text) else {
                            continue;
                        };
                        if let Reply::Error { id: Some(id), error, server: Some(server), .. } =
                            &reply
                            && error == "elsewhere"
                        {
                            let request = sent.iter().position(|r| r.id() == *id);
                            let _ = socket.close(None).await;
                            return Ended::Elsewhere {
                                server: server.clone(),
                                request: request.and_then(|i| sent.remove(i)),
                            };
                        }
                        if let Reply::Error { error, message, .. } = &reply
                            && error == "unavailable"
                        {
                            let _ = socket.close(None).await;
                            return Ended::Unavailable(message.clone());
                        }
                        if !say(Heard::Reply(reply)) {
                            return Ended::ClientGone;
                        }
                    }
                    Message::Close(_) => {
                        return Ended::Lost("the server closed the connection".into());
                    }
                    // tungstenite answers pings by itself, on the next read or write.
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::{Config, spawn};

    fn heard_reply(link: &Link, wanted: impl Fn(&Reply) -> bool) -> Reply {
        loop {
            match link.wait(Duration::from_secs(60)) {
                Some(Heard::Reply(reply)) if wanted(&reply) => return reply,
                Some(_) => {}
                None => panic!("nothing heard in a minute"),
            }
        }
    }

    #[test]
    fn a_link_connects_sends_hears_and_wakes_its_client() {
        let data = std::env::temp_dir().join(format!("doska-link-{}", std::process::id()));
        let config = Config::in_process("127.0.0.1:0".parse().unwrap(), data.clone());
        let address = spawn(config).unwrap();
        let woken = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = std::sync::Arc::clone(&woken);
        let link = Link::open(&format!("ws://{address}/"), move || {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
        assert_eq!(link.wait(Duration::from_secs(60)), Some(Heard::Connected));
        link.send(Request::Ping { id: 7 });
        let pong = heard_reply(&link, |r| matches!(r, Reply::Pong { .. }));
        assert_eq!(pong, Reply::Pong { id: 7 });
        // The client is woken just after each thing is handed over: wait for it.
        let asked = std::time::Instant::now();
        while woken.load(std::sync::atomic::Ordering::SeqCst) < 2 {
            assert!(asked.elapsed() < Duration::from_secs(60), "never woken");
            std::thread::sleep(Duration::from_millis(1));
        }
        drop(link);
        let _ = std::fs::remove_dir_all(data);
    }

    #[test]
    fn a_link_to_nothing_reports_the_loss_and_tries_again() {
        // A port just freed: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let link = Link::open(&format!("ws://127.0.0.1:{port}/"), || {});
        let first = link.wait(Duration::from_secs(60));
        assert!(matches!(first, Some(Heard::Lost(_))), "{first:?}");
        let second = link.wait(Duration::from_secs(60));
        assert!(matches!(second, Some(Heard::Lost(_))), "{second:?}");
    }
}
