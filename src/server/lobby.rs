//! The matches the server holds, by code: made here, claimed here (read back from the
//! store where one has left memory, or taken over from a server that stopped), and
//! listed while a seat is open, beside other servers' open matches. A match in memory
//! is answered from only while the server's lease is fresh ([`super::pulse`]); one
//! whose events the store did not take is read back once it answers again.

use super::limits::COMPUTER_MATCHES;
use super::pulse::Lease;
use super::refused::Refused;
use super::room::{Command, Handle, Loss, Room, Services};
use super::setup::Settings;
use super::store::{Claim, Claimed, SeatRow, Stored};
use super::writer::Writer;
use crate::protocol::{Listing, SeatPlan, SeatView};
use std::collections::{BTreeSet, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Semaphore;
use tokio::time::{Duration, Instant};

/// The most matches the lobby lists at once.
const LISTED: usize = 200;

/// How often a server looks for matches of servers gone silent and tries again the
/// matches the store did not take, and how long the list of other servers' open
/// matches is kept before it is read again.
const EVERY: Duration = Duration::from_secs(1);

/// How long a request waits for a lease gone stale to be renewed (the server's word
/// is said every second) before it is refused as `unavailable`.
const LEASE_PATIENCE: Duration = Duration::from_secs(3);

pub struct Lobby {
    rooms: Mutex<HashMap<String, Handle>>,
    /// Held while a match is read back from the store, so it is read once.
    loading: tokio::sync::Mutex<()>,
    services: Services,
    /// The most matches in memory at once.
    most: usize,
    /// The matches with a computer seat made from each address (rematches included),
    /// while they go on in memory.
    computer_made: Mutex<HashMap<IpAddr, Vec<Handle>>>,
    /// Other servers' matches with a seat open, and when they were read.
    elsewhere: tokio::sync::Mutex<(Option<Instant>, Vec<Listing>)>,
    /// Set on the way out: no match is made or claimed here any more.
    draining: AtomicBool,
    /// Set to true when every connection is to close.
    closing: tokio::sync::watch::Sender<bool>,
    /// Whether the matches in memory are still this server's.
    lease: Arc<Lease>,
    /// The matches whose rooms stopped when the store did not take their events: read
    /// back, and played on, once it answers again.
    unstored: Mutex<BTreeSet<String>>,
}

impl Lobby {
    pub fn new(
        writer: Writer,
        thinkers: usize,
        most: usize,
        weights: crate::engine::weights::InForce,
        hosts: Vec<String>,
        lease: Arc<Lease>,
    ) -> Arc<Lobby> {
        Arc::new_cyclic(|lobby: &Weak<Lobby>| {
            let lobby = lobby.clone();
            let rematch = Arc::new(
                move |settings: Settings, taken: Vec<Option<SeatRow>>, from: Option<IpAddr>| {
                    let lobby = lobby.clone();
                    tokio::spawn(async move {
                        let lobby = lobby.upgrade().ok_or(Refused::Busy)?;
                        lobby.create(settings, taken, from).await
                    })
                },
            );
            Lobby {
                rooms: Mutex::new(HashMap::new()),
                loading: tokio::sync::Mutex::new(()),
                services: Services {
                    writer,
                    thinkers: Arc::new(Semaphore::new(thinkers.max(1))),
                    rematch,
                    weights: Arc::new(weights),
                    hosts: Arc::new(hosts),
                },
                most,
                computer_made: Mutex::new(HashMap::new()),
                elsewhere: tokio::sync::Mutex::new((None, Vec::new())),
                draining: AtomicBool::new(false),
                closing: tokio::sync::watch::Sender::new(false),
                lease,
                unstored: Mutex::new(BTreeSet::new()),
            }
        })
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        self.rooms.lock().expect("the lobby's lock")
    }

    /// How many matches are in memory now.
    pub fn in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// Starts a room and lists it under its code.
    fn run(self: &Arc<Self>, room: Room) -> Handle {
        let code = room.code().to_string();
        let lobby = Arc::downgrade(self);
        let handle = room.start(move |code, lost| {
            if let Some(lobby) = lobby.upgrade() {
                if lost == Some(Loss::Unstored) {
                    let mut unstored = lobby.unstored.lock().expect("the lobby's lock");
                    unstored.insert(code.to_string());
                }
                let mut rooms = lobby.rooms();
                if rooms
                    .get(code)
                    .is_some_and(|h| !h.open.load(Ordering::Relaxed))
                {
                    rooms.remove(code);
                }
            }
        });
        self.rooms().insert(code, handle.clone());
        handle
    }

    /// Makes a match with the seats in `taken` already taken, asked `from` an address
    /// (a rematch, by the address that asked for it last); its code.
    pub async fn create(
        self: &Arc<Self>,
        settings: Settings,
        taken: Vec<Option<SeatRow>>,
        from: Option<IpAddr>,
    ) -> Result<String, Refused> {
        if self.rooms().len() >= self.most || self.draining() {
            return Err(Refused::Busy);
        }
        let computer = settings.plans.contains(&SeatPlan::Computer);
        if computer
            && let Some(address) = from
            && self.computer_matches(address) >= COMPUTER_MATCHES
        {
            return Err(Refused::ComputerLimit);
        }
        let code = loop {
            let code = super::secret::code();
            let known = self.rooms().contains_key(&code);
            if !known && !self.exists(&code).await? {
                break code;
            }
        };
        let (room, writes) = Room::create(code.clone(), settings, taken, self.services.clone())?;
        self.write(writes).await?;
        let handle = self.run(room);
        if computer && let Some(address) = from {
            let mut made = self.computer_made.lock().expect("the lobby's lock");
            made.entry(address).or_default().push(handle);
        }
        Ok(code)
    }

    /// How many matches with a computer seat made from `address` are going on: not
    /// over, and still in memory (one left alone leaves after a while, and with it its
    /// place).
    fn computer_matches(&self, address: IpAddr) -> usize {
        let mut made = self.computer_made.lock().expect("the lobby's lock");
        let Some(handles) = made.get_mut(&address) else {
            return 0;
        };
        handles.retain(|h| {
            h.open.load(Ordering::Relaxed)
                && h.listing
                    .lock()
                    .expect("the listing's lock")
                    .result
                    .is_none()
        });
        let count = handles.len();
        if count == 0 {
            made.remove(&address);
        }
        count
    }

    async fn write(&self, writes: Vec<super::store::Write>) -> Result<(), Refused> {
        self.services.writer.write(writes, None).await.map_err(|e| {
            tracing::error!(error = %e, "cannot store a new match");
            Refused::Unavailable
        })
    }

    async fn exists(&self, code: &str) -> Result<bool, Refused> {
        self.services.writer.exists(code).await.map_err(|e| {
            tracing::error!(error = %e, "cannot read the store");
            Refused::Unavailable
        })
    }

    /// Whether the server may answer now: not on its way out, and its lease fresh.
    pub fn healthy(&self) -> bool {
        !self.draining() && self.lease.fresh()
    }

    fn draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// Whether the server is on its way out.
    pub fn is_draining(&self) -> bool {
        self.draining()
    }

    /// Changes to true when the connections are to close.
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Closes every connection, and waits (a few seconds at most) for them to go.
    pub async fn close_connections(&self) {
        self.closing.send_replace(true);
        let open = || super::metrics::METRICS.connections.load(Ordering::Relaxed);
        let deadline = Instant::now() + Duration::from_secs(5);
        while open() > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The match under `code`, claimed from the store if it is not in memory: unless
    /// another server plays it, which the refusal names. One in memory is answered
    /// from only while the lease is fresh: after a silence, once the store has said
    /// it is still this server's.
    pub async fn get(self: &Arc<Self>, code: &str) -> Result<Handle, Refused> {
        let live = |lobby: &Lobby| {
            lobby
                .rooms()
                .get(code)
                .filter(|h| h.open.load(Ordering::Relaxed))
                .cloned()
        };
        if live(self).is_some()
            && !self.lease.fresh()
            && !self.lease.until_fresh(LEASE_PATIENCE).await
        {
            return Err(Refused::Unavailable);
        }
        if let Some(handle) = live(self) {
            return Ok(handle);
        }
        let _loading = self.loading.lock().await;
        if let Some(handle) = live(self) {
            return Ok(handle);
        }
        if self.draining() {
            return Err(Refused::Busy);
        }
        let claim = self.services.writer.claim(code).await.map_err(|e| {
            // A store away is said once, by the server's word that it is alive.
            if self.lease.fresh() {
                tracing::error!(code, error = %e, "cannot claim the match");
            }
            Refused::Unavailable
        })?;
        let claimed = match claim {
            Claim::Mine(claimed) => *claimed,
            Claim::Elsewhere(server) => return Err(Refused::Elsewhere(server)),
            Claim::Missing => return Err(Refused::NoMatch(code.to_string())),
        };
        super::metrics::METRICS
            .claimed
            .fetch_add(1, Ordering::Relaxed);
        tracing::info!(code, "claimed");
        let room = Room::restore(claimed, self.services.clone()).map_err(|e| {
            tracing::error!(error = %e, "cannot read the match back");
            Refused::NoMatch(code.to_string())
        })?;
        Ok(self.run(room))
    }

    /// Lets go of the rooms started before `before` whose matches are not among
    /// `held` (code and epoch), as the store says after the server's silence: another
    /// server holds them now. Their followers are sent away, to find them there.
    pub async fn keep_only(&self, held: &[(String, u64)], before: std::time::Instant) {
        let lost: Vec<(String, Handle)> = self
            .rooms()
            .iter()
            .filter(|(code, h)| {
                h.since < before && !held.iter().any(|(c, e)| c == *code && *e == h.epoch)
            })
            .map(|(code, h)| (code.clone(), h.clone()))
            .collect();
        for (code, handle) in lost {
            tracing::warn!(code, "another server holds the match now; letting it go");
            let stopped = handle.stopped.notified();
            if handle.queue.send(Command::Lost).await.is_ok() {
                stopped.await;
            }
        }
    }

    /// Resumes matches claimed from the store: this server's own at its start, and
    /// those of servers gone silent. A match that cannot be read back is reported.
    pub fn resume(self: &Arc<Self>, claimed: Vec<Claimed>) -> usize {
        let mut resumed = 0;
        for s in claimed {
            super::metrics::METRICS
                .claimed
                .fetch_add(1, Ordering::Relaxed);
            match Room::restore(s, self.services.clone()) {
                Ok(room) => {
                    self.run(room);
                    resumed += 1;
                }
                Err(e) => tracing::error!(error = %e, "cannot resume the match"),
            }
        }
        resumed
    }

    /// Until the server goes away: every second claims the matches of servers gone
    /// silent and plays them here, and reads back those whose events the store did
    /// not take, once it answers again.
    pub fn take_over(self: &Arc<Self>) {
        let lobby = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(EVERY);
            loop {
                every.tick().await;
                let Some(lobby) = lobby.upgrade() else { return };
                if lobby.draining() {
                    return;
                }
                lobby.read_back_unstored().await;
                match lobby.services.writer.claim_orphans(false).await {
                    Ok(claimed) if !claimed.is_empty() => {
                        let count = claimed.len() as u64;
                        super::metrics::METRICS
                            .taken_over
                            .fetch_add(count, Ordering::Relaxed);
                        let resumed = lobby.resume(claimed);
                        tracing::warn!(matches = resumed, "took over from a server gone silent");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::debug!(error = %e, "cannot look for matches to take over"),
                }
            }
        });
    }

    /// Reads back the matches whose rooms stopped when the store did not take their
    /// events, so that their clocks and computers go on with nobody asking; each is
    /// tried until the store answers for it.
    async fn read_back_unstored(self: &Arc<Self>) {
        let codes: Vec<String> = self
            .unstored
            .lock()
            .expect("the lobby's lock")
            .iter()
            .cloned()
            .collect();
        for code in codes {
            match self.get(&code).await {
                Err(Refused::Unavailable) => return,
                got => {
                    if got.is_ok() {
                        tracing::info!(code, "read back from the store; playing on");
                    }
                    self.unstored
                        .lock()
                        .expect("the lobby's lock")
                        .remove(&code);
                }
            }
        }
    }

    /// Stops every room and gives its match up for another server to claim; no match
    /// is made or claimed here after. Returns how many were handed over.
    pub async fn hand_over(&self) -> usize {
        self.draining.store(true, Ordering::Relaxed);
        let handles: Vec<Handle> = self.rooms().drain().map(|(_, h)| h).collect();
        for handle in &handles {
            let _ = handle.queue.send(Command::HandOver).await;
        }
        for handle in &handles {
            handle.stopped.notified().await;
        }
        handles.len()
    }

    /// Matches with a seat open (at most [`LISTED`] of them): this server's, then
    /// other servers'.
    pub async fn open_matches(&self) -> Vec<Listing> {
        let open = |l: &Listing| {
            l.result.is_none() && l.seats.iter().any(|s| s.plan == SeatPlan::Open && !s.taken)
        };
        let mut listed: Vec<Listing> = self
            .rooms()
            .values()
            .filter(|h| h.open.load(Ordering::Relaxed))
            .map(|h| h.listing.lock().expect("the listing's lock").clone())
            .filter(open)
            .take(LISTED)
            .collect();
        let mut elsewhere = self.elsewhere.lock().await;
        if elsewhere.0.is_none_or(|read| read.elapsed() >= EVERY) {
            match self.services.writer.open_elsewhere(LISTED).await {
                Ok(stored) => *elsewhere = (Some(Instant::now()), listings(stored)),
                Err(e) => tracing::error!(error = %e, "cannot list other servers' matches"),
            }
        }
        let room = LISTED.saturating_sub(listed.len());
        listed.extend(elsewhere.1.iter().filter(|l| open(l)).take(room).cloned());
        listed
    }
}

/// The lobby's listings of matches read from the store (another server's, whose
/// players' connections this server does not see: a taken seat is listed as here).
fn listings(stored: Vec<Stored>) -> Vec<Listing> {
    stored
        .into_iter()
        .filter_map(|s| {
            let settings = Settings::from_row(&s.row).ok()?;
            let mut listing = settings.listing(&s.row.code);
            listing.seats = settings
                .plans
                .iter()
                .enumerate()
                .map(|(i, &plan)| {
                    let key = s.seats.iter().find(|k| k.seat == i);
                    let taken = key.is_some() || plan == SeatPlan::Computer;
                    SeatView {
                        plan,
                        taken,
                        name: key.and_then(|k| k.name.clone()),
                        connected: taken,
                    }
                })
                .collect();
            Some(listing)
        })
        .collect()
}
