//! What the server keeps: matches, their seats and their numbered events, and which
//! server plays each match now. Storage is one small trait, so that PostgreSQL can
//! stand where SQLite is (see `docs/protocol.md`, "Beyond one machine").
//!
//! Several servers may share one store. Each match is played by one server at a
//! time, its *owner*: a server owns the matches it makes and the ones it *claims*
//! (one nobody holds, or one whose owner has not said it is alive for [`LEASE`] ms).
//! Every claim raises the match's *epoch*, and a server's writes for a match carry the
//! epoch it claimed: a write whose epoch is no longer the match's is refused
//! ([`Written::fenced`]), so a server that was paused or cut off, and whose matches
//! were taken over meanwhile, can never add an event to them.

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

impl Write {
    /// The match the write is for.
    pub fn code(&self) -> &str {
        match self {
            Write::Match(row) => &row.code,
            Write::Seat { code, .. } | Write::Event { code, .. } | Write::Finished { code } => code,
        }
    }
}

/// A match read back: what `find` returns.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub row: MatchRow,
    pub seats: Vec<SeatRow>,
    pub events: Vec<EventRow>,
}

/// How long a server's word that it is alive holds its matches, in ms: a match whose
/// owner has been silent longer may be claimed by another server. Servers say it
/// every second, on a connection of their own (see [`Store::pulse`]).
pub const LEASE: u64 = 3_000;

/// The name of a server not given one: a lone server restarting finds its matches
/// under it.
pub const NAME: &str = "doska";

/// The lease rules, the same for every store: the time before which a server's last
/// word no longer holds its matches, at `now`.
pub fn silent_before(now: u64) -> u64 {
    now.saturating_sub(LEASE)
}

/// What claiming a match finds, by the lease rules: another server whose word still
/// holds keeps it; otherwise `me` takes it (at the next epoch), charging the clock up
/// to the last word of whoever held it, or to when it was given up.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    Elsewhere(String),
    Take {
        held_until: Option<u64>,
        /// Whether it is taken over from another server (rather than one of `me`'s,
        /// or one nobody held).
        from_another: bool,
    },
}

/// Judges a claim by `me` at `now` of a match held by `owner`, whose last word was at
/// `alive`, or given up at `released`.
pub fn verdict(
    me: &str,
    owner: Option<String>,
    alive: Option<u64>,
    released: Option<u64>,
    now: u64,
) -> Verdict {
    match owner {
        Some(owner) if owner != me && alive.is_some_and(|a| a >= silent_before(now)) => {
            Verdict::Elsewhere(owner)
        }
        owner => Verdict::Take {
            held_until: alive.or(released),
            from_another: owner.is_some_and(|o| o != me),
        },
    }
}

/// Whether a write by `me` under the epoch it `held` is fenced off, the match's row
/// now saying `owner` at `epoch` (none where there is no such match).
pub fn fenced(me: &str, owner: Option<&str>, epoch: Option<u64>, held: u64) -> bool {
    owner != Some(me) || epoch != Some(held)
}

/// A match claimed by this server: what was stored of it, the epoch its writes now
/// carry, and when whoever held it before was last known to play it (the clock to
/// move is charged up to then, as on a restart).
#[derive(Clone, Debug, PartialEq)]
pub struct Claimed {
    pub stored: Stored,
    pub epoch: u64,
    pub held_until: Option<u64>,
}

/// What claiming a match found.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    Mine(Box<Claimed>),
    /// Another server, alive, plays it: its name.
    Elsewhere(String),
    Missing,
}

/// What a batch's commit did: every write went in, except those for the matches in
/// `fenced`, which this server no longer owns: each with the server that owns it now
/// (none where nobody holds it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    pub fenced: Vec<(String, Option<String>)>,
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
    /// The database went away and is tried again after a wait.
    #[error("the database cannot be reached; trying again")]
    Away,
    /// The match was claimed by another server: this one may no longer write to it.
    #[error("match {code} is played by another server now")]
    Fenced { code: String, owner: Option<String> },
    #[error(
        "the database's schema is at version {at}, newer than this server's {known}: run a newer server"
    )]
    Newer { at: usize, known: usize },
}

/// A store, opened for one server: `me` below is that server's name.
pub trait Store: Send + 'static {
    /// Claims every match not finished that was being played and has nobody to play
    /// it now: those of servers silent for longer than [`LEASE`] at `now`, and
    /// `with_mine`, those `me` held (at the start of a server restarting under its
    /// name). At start, and every second after, to take over from a server that died.
    fn claim_orphans(&mut self, now: u64, with_mine: bool) -> Result<Vec<Claimed>, StoreError>;
    /// Claims one match by its code, finished or not, unless a server alive at
    /// `now` holds it.
    fn claim(&mut self, code: &str, now: u64) -> Result<Claim, StoreError>;
    /// Whether a match has this code.
    fn exists(&mut self, code: &str) -> Result<bool, StoreError>;
    /// Writes a batch at once and durably: when this returns Ok, all of it survives a
    /// crash of the process or the machine. Each match's writes go in only while
    /// `epochs` (the epoch claimed, by code) is still the match's epoch and `me` its
    /// owner; a new match (its [`Write::Match`] in the batch) is made owned by `me`
    /// at epoch 1.
    fn write(&mut self, batch: &[Write], epochs: &[(String, u64)]) -> Result<Written, StoreError>;
    /// Gives matches up (by code and the epoch held): nobody holds them until a
    /// server claims one; `at` is when they were last played here.
    fn release(&mut self, held: &[(String, u64)], at: u64) -> Result<(), StoreError>;
    /// When a server of `me`'s name last said it was running, if one ever did.
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError>;
    /// Matches of other servers with a seat open, newest first, at most `most`:
    /// what a lobby lists beside its own.
    fn open_elsewhere(&mut self, now: u64, most: usize) -> Result<Vec<Stored>, StoreError>;
    /// A connection of its own for the server's word that it is alive, so that no
    /// batch of writes in the queue delays it (see [`Pulse`]).
    fn pulse(&self) -> Result<Box<dyn Pulse>, StoreError>;
}

/// The server's word that it is alive, on a connection of its own (see
/// `super::pulse`).
pub trait Pulse: Send + 'static {
    /// Notes that the server is running at `at` (ms since the epoch), which keeps its
    /// matches its own for [`LEASE`] ms.
    fn alive(&mut self, at: u64) -> Result<(), StoreError>;
    /// The matches `me` holds now, each with its epoch: after a silence past its
    /// lease, a server keeps only those of its rooms.
    fn held(&mut self) -> Result<Vec<(String, u64)>, StoreError>;
    /// Notes that the server has stopped, its matches given up: one restarting under
    /// its name need not wait out the lease.
    fn stopped(&mut self) -> Result<(), StoreError>;
}

/// A store chosen when the server starts (SQLite's or PostgreSQL's).
impl<S: Store + ?Sized> Store for Box<S> {
    fn claim_orphans(&mut self, now: u64, with_mine: bool) -> Result<Vec<Claimed>, StoreError> {
        (**self).claim_orphans(now, with_mine)
    }
    fn claim(&mut self, code: &str, now: u64) -> Result<Claim, StoreError> {
        (**self).claim(code, now)
    }
    fn exists(&mut self, code: &str) -> Result<bool, StoreError> {
        (**self).exists(code)
    }
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        (**self).last_alive()
    }
    fn write(&mut self, batch: &[Write], epochs: &[(String, u64)]) -> Result<Written, StoreError> {
        (**self).write(batch, epochs)
    }
    fn release(&mut self, held: &[(String, u64)], at: u64) -> Result<(), StoreError> {
        (**self).release(held, at)
    }
    fn open_elsewhere(&mut self, now: u64, most: usize) -> Result<Vec<Stored>, StoreError> {
        (**self).open_elsewhere(now, most)
    }
    fn pulse(&self) -> Result<Box<dyn Pulse>, StoreError> {
        (**self).pulse()
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
