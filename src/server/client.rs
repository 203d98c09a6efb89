//! A plain client of the protocol, for the load test and the server's tests: it
//! connects, sends requests with numbered ids, and reads replies.

use crate::protocol::{Reply, Request};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::{Duration, timeout};
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Why a client's exchange with the server failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot connect to {url}: {source}")]
    Connect {
        url: String,
        source: tungstenite::Error,
    },
    #[error("expected a welcome, got {0}")]
    NoWelcome(String),
    #[error("cannot send: {0}")]
    Send(tungstenite::Error),
    #[error("cannot read: {0}")]
    Read(tungstenite::Error),
    #[error("unreadable reply {text}: {source}")]
    Unreadable {
        text: String,
        source: serde_json::Error,
    },
    #[error("no reply in {PATIENCE:?}")]
    Late,
    #[error("the server closed the connection")]
    Closed,
}

/// How long a reply may take before the client gives up on it.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Client {
    /// Connects to `ws://…/` and reads the welcome.
    pub async fn connect(url: &str) -> Result<Client, ClientError> {
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|source| ClientError::Connect {
                url: url.to_string(),
                source,
            })?;
        // Ids start where no earlier connection's did, so that a client coming back
        // to its seat never repeats the id of an action it sent before.
        let next_id = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 & ((1 << 52) - 1));
        let mut client = Client { socket, next_id };
        match client.next().await? {
            Reply::Welcome { .. } => Ok(client),
            other => Err(ClientError::NoWelcome(format!("{other:?}"))),
        }
    }

    /// A fresh request id.
    pub fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub async fn send(&mut self, request: &Request) -> Result<(), ClientError> {
        // A request is plain data: it always writes.
        let text = serde_json::to_string(request).expect("a request serializes");
        self.send_text(text).await
    }

    /// Sends any text, well-formed or not.
    pub async fn send_text(&mut self, text: String) -> Result<(), ClientError> {
        self.socket
            .send(Message::text(text))
            .await
            .map_err(ClientError::Send)
    }

    /// The next reply.
    pub async fn next(&mut self) -> Result<Reply, ClientError> {
        let text = self.next_text().await?;
        serde_json::from_str(&text).map_err(|source| ClientError::Unreadable { text, source })
    }

    /// The next reply as the server wrote it.
    pub async fn next_text(&mut self) -> Result<String, ClientError> {
        loop {
            let message = timeout(PATIENCE, self.socket.next())
                .await
                .map_err(|_| ClientError::Late)?
                .ok_or(ClientError::Closed)?
                .map_err(ClientError::Read)?;
            match message {
                Message::Text(text) => return Ok(text.to_string()),
                Message::Close(_) => return Err(ClientError::Closed),
                _ => {}
            }
        }
    }

    /// Reads replies until one `wanted` picks; the others are given to `passed`.
    pub async fn until<T>(
        &mut self,
        mut wanted: impl FnMut(&Reply) -> Option<T>,
        mut passed: impl FnMut(Reply),
    ) -> Result<T, ClientError> {
        loop {
            let reply = self.next().await?;
            match wanted(&reply) {
                Some(t) => return Ok(t),
                None => passed(reply),
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
