//! The engine's look at one position: a search on a thread of its own that deepens
//! for as long as the position stays on screen, each finished depth handed over as
//! it comes. Dropped, it tells the thread to stop.

use crate::engine::search::{Level, Limits, Progress, Think, spare_cores};
use crate::rules::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The deepest depth the engine goes to; positions with few moves reach it and stop.
const DEEPEST: u32 = 64;

/// A search running on a position.
pub struct Engine {
    /// The position searched.
    pub position: Position,
    latest: Arc<Mutex<Option<Progress<Move>>>>,
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// Starts searching `position`, which the game has reached through the positions
    /// `seen_twice` twice (a third time scored as the repetition it is). `wake` is
    /// called after each finished depth.
    pub fn start(
        position: Position,
        seen_twice: std::collections::HashSet<u64>,
        (weights, net): (Arc<[f32]>, Option<Arc<crate::engine::net::Net>>),
        wake: impl Fn() + Send + 'static,
    ) -> Engine {
        let latest = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            depth: Some(DEEPEST),
            stop: Some(stop.clone()),
            seen_twice: Arc::new(seen_twice),
            threads: spare_cores(),
            weights: Some(weights),
            net,
            ..Limits::default()
        };
        let (searched, slot) = (position.clone(), latest.clone());
        let spawned = std::thread::Builder::new()
            .name("doska-analysis".into())
            .spawn(move || {
                let mut report = |progress: &Progress<Move>| {
                    if let Ok(mut slot) = slot.lock() {
                        *slot = Some(progress.clone());
                    }
                    wake();
                };
                searched.think(Level::Hard, &limits, 0, &mut report);
            });
        if let Err(e) = spawned {
            bevy::log::warn!("no thread for the analysis: {e}");
        }
        Engine {
            position,
            latest,
            stop,
        }
    }

    /// The deepest finished depth so far.
    pub fn latest(&self) -> Option<Progress<Move>> {
        self.latest.lock().ok().and_then(|p| p.clone())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
