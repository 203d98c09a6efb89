//! What the server keeps: matches, their seats and their numbered events. Storage is
//! one small trait, so that a server outgrowing one machine can put PostgreSQL where
//! SQLite is (see `docs/protocol.md`, "Beyond one machine").

/// A match as created.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    pub code: String,
    pub game: String,
    /// The house rules as JSON (an object of id to value).
    pub options: String,
    /// The time control's tag, `-` for none.
    pub clock: String,
    /// Each seat's plan as JSON (`["me","open","computer"]`).
    pub plans: String,
    pub level: String,
    /// The seed of the dice and lots; never sent to a client.
    pub seed: u64,
    /// Milliseconds since the Unix epoch.
    pub created: u64,
}

/// A seat taken, with its secret.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub seat: usize,
    pub secret: String,
    pub name: Option<String>,
}

/// One event as stored: its number, the server's time, the id of the client's request
/// that made it (so that a resent action is answered, not played again), and the event
/// as JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct EventRow {
    pub n: u64,
    /// Milliseconds since the Unix epoch.
    pub at: u64,
    pub request: Option<(usize, u64)>,
    pub body: String,
}

/// One change, written with the others of its batch in one transaction.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    Match(MatchRow),
    Seat {
        code: String,
        seat: SeatRow,
    },
    Event {
        code: String,
        event: EventRow,
    },
    /// The match is over; it is no longer loaded at start.
    Finished {
        code: String,
    },
}

/// A match read back: what `load` and `find` return.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub row: MatchRow,
    pub seats: Vec<SeatRow>,
    pub events: Vec<EventRow>,
}

/// What a store's own error is behind a [`StoreError`]: SQLite's, or another
/// backend's.
pub type Cause = std::sync::Arc<dyn std::error::Error + Send + Sync>;

/// Why the store could not do what it was asked. Cloned for every match waiting on
/// one failed commit.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open {}: {source}", path.display())]
    Open {
        path: std::path::PathBuf,
        #[source]
        source: Cause,
    },
    #[error("cannot read the database: {0}")]
    Read(#[source] Cause),
    #[error("cannot write to the database: {0}")]
    Write(#[source] Cause),
    #[error("the store has stopped")]
    Stopped,
    #[error(
        "the database's schema is at version {at}, newer than this server's {known}: run a newer server"
    )]
    Newer { at: usize, known: usize },
}

pub trait Store: Send + 'static {
    /// Every match not finished, to resume at start.
    fn load_live(&mut self) -> Result<Vec<Stored>, StoreError>;
    /// One match by its code, finished or not.
    fn find(&mut self, code: &str) -> Result<Option<Stored>, StoreError>;
    /// Writes a batch at once and durably: when this returns Ok, all of it survives a
    /// crash of the process or the machine.
    fn write(&mut self, batch: &[Write]) -> Result<(), StoreError>;
    /// Notes that the server is running at `at` (ms since the epoch): after a crash,
    /// the last such note says when the server stopped.
    fn alive(&mut self, at: u64) -> Result<(), StoreError>;
    /// The last `alive` note.
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError>;
}

/// A store chosen when the server starts (SQLite's or PostgreSQL's).
impl<S: Store + ?Sized> Store for Box<S> {
    fn load_live(&mut self) -> Result<Vec<Stored>, StoreError> {
        (**self).load_live()
    }
    fn find(&mut self, code: &str) -> Result<Option<Stored>, StoreError> {
        (**self).find(code)
    }
    fn write(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        (**self).write(batch)
    }
    fn alive(&mut self, at: u64) -> Result<(), StoreError> {
        (**self).alive(at)
    }
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        (**self).last_alive()
    }
}

/// `url` with any password in it hidden, for messages and logs.
pub fn without_password(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            match user.find(':') {
                Some(colon) => {
                    format!("{}{}:***{}", &url[..scheme + 3], &user[..colon], &url[at..])
                }
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
