//! The matches the server holds, by code: made here, found here (read back from the
//! store where one has left memory), and listed while a seat is open.

use super::limits::COMPUTER_MATCHES;
use super::refused::Refused;
use super::room::{Handle, Room, Services};
use super::setup::Settings;
use super::store::{SeatRow, Stored};
use super::writer::Writer;
use crate::protocol::{Listing, SeatPlan};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Semaphore;

/// The most matches the lobby lists at once.
const LISTED: usize = 200;

pub struct Lobby {
    rooms: Mutex<HashMap<String, Handle>>,
    /// Held while a match is read back from the store, so it is read once.
    loading: tokio::sync::Mutex<()>,
    services: Services,
    /// The most matches in memory at once.
    most: usize,
    /// The matches with a computer seat made from each address, while they go on.
    computer_made: Mutex<HashMap<IpAddr, Vec<Arc<Mutex<Listing>>>>>,
}

impl Lobby {
    pub fn new(
        writer: Writer,
        thinkers: usize,
        most: usize,
        weights: crate::rules::weights::InForce,
    ) -> Arc<Lobby> {
        Arc::new_cyclic(|lobby: &Weak<Lobby>| {
            let lobby = lobby.clone();
            let rematch = Arc::new(move |settings: Settings, taken: Vec<Option<SeatRow>>| {
                let lobby = lobby.clone();
                tokio::spawn(async move {
                    let lobby = lobby.upgrade().ok_or(Refused::Busy)?;
                    lobby.create(settings, taken, None).await
                })
            });
            Lobby {
                rooms: Mutex::new(HashMap::new()),
                loading: tokio::sync::Mutex::new(()),
                services: Services {
                    writer,
                    thinkers: Arc::new(Semaphore::new(thinkers.max(1))),
                    rematch,
                    weights: Arc::new(weights),
                },
                most,
                computer_made: Mutex::new(HashMap::new()),
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
        let handle = room.start(move |code| {
            if let Some(lobby) = lobby.upgrade() {
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
    /// (a rematch is asked by no one new); its code.
    pub async fn create(
        self: &Arc<Self>,
        settings: Settings,
        taken: Vec<Option<SeatRow>>,
        from: Option<IpAddr>,
    ) -> Result<String, Refused> {
        if self.rooms().len() >= self.most {
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
            if !known && self.stored(&code).await?.is_none() {
                break code;
            }
        };
        let (room, writes) = Room::create(code.clone(), settings, taken, self.services.clone())?;
        self.write(writes).await?;
        let handle = self.run(room);
        if computer && let Some(address) = from {
            let mut made = self.computer_made.lock().expect("the lobby's lock");
            made.entry(address).or_default().push(handle.listing);
        }
        Ok(code)
    }

    /// How many matches with a computer seat made from `address` are going on.
    fn computer_matches(&self, address: IpAddr) -> usize {
        let mut made = self.computer_made.lock().expect("the lobby's lock");
        let Some(listings) = made.get_mut(&address) else {
            return 0;
        };
        listings.retain(|l| l.lock().expect("the listing's lock").result.is_none());
        let count = listings.len();
        if count == 0 {
            made.remove(&address);
        }
        count
    }

    async fn write(&self, writes: Vec<super::store::Write>) -> Result<(), Refused> {
        if let Err(e) = self.services.writer.write(writes).await {
            super::note(format_args!(
                "{e}; stopping so that nothing unstored is acknowledged"
            ));
            std::process::exit(1);
        }
        Ok(())
    }

    async fn stored(&self, code: &str) -> Result<Option<Stored>, Refused> {
        self.services.writer.find(code).await.map_err(|e| {
            super::note(format_args!("{e}"));
            Refused::Busy
        })
    }

    /// The match under `code`, read back from the store if it has left memory.
    pub async fn get(self: &Arc<Self>, code: &str) -> Result<Handle, Refused> {
        let live = |lobby: &Lobby| {
            lobby
                .rooms()
                .get(code)
                .filter(|h| h.open.load(Ordering::Relaxed))
                .cloned()
        };
        if let Some(handle) = live(self) {
            return Ok(handle);
        }
        let _loading = self.loading.lock().await;
        if let Some(handle) = live(self) {
            return Ok(handle);
        }
        let stored = self
            .stored(code)
            .await?
            .ok_or_else(|| Refused::NoMatch(code.to_string()))?;
        let room = Room::restore(stored, self.services.clone(), None).map_err(|e| {
            super::note(format_args!("{e}"));
            Refused::NoMatch(code.to_string())
        })?;
        Ok(self.run(room))
    }

    /// Resumes the matches that were going on when the server stopped; `down_since`
    /// is when it was last known alive. A match that cannot be read back is reported.
    pub fn resume(self: &Arc<Self>, stored: Vec<Stored>, down_since: Option<u64>) -> usize {
        let mut resumed = 0;
        for s in stored {
            match Room::restore(s, self.services.clone(), down_since) {
                Ok(room) => {
                    self.run(room);
                    resumed += 1;
                }
                Err(e) => super::note(format_args!("cannot resume {e}")),
            }
        }
        resumed
    }

    /// Matches with a seat open (at most [`LISTED`] of them).
    pub fn open_matches(&self) -> Vec<Listing> {
        let rooms = self.rooms();
        rooms
            .values()
            .filter(|h| h.open.load(Ordering::Relaxed))
            .map(|h| h.listing.lock().expect("the listing's lock").clone())
            .filter(|l| {
                l.result.is_none() && l.seats.iter().any(|s| s.plan == SeatPlan::Open && !s.taken)
            })
            .take(LISTED)
            .collect()
    }
}
