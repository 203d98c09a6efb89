//! A game's review running on a thread of its own: each move's verdict is handed
//! over as it comes, so the graph and the marks fill in while the player looks on.

use crate::engine::review::{DEFAULT, Reviewed, review};
use crate::engine::weights::InForce;
use crate::rules::Match;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What the review has found so far, and whether it is done.
#[derive(Default)]
struct Found {
    moves: Vec<Reviewed>,
    done: bool,
}

/// The review of one game.
pub struct Review {
    /// The game reviewed: its actions, to tell whether the game shown is still it.
    pub actions: Vec<crate::rules::Action>,
    /// The number of moves to judge, for the progress shown.
    pub total: usize,
    found: Arc<Mutex<Found>>,
    stop: Arc<AtomicBool>,
}

impl Review {
    /// Reviews `game` on a thread of its own, by the weights and networks `in_force`.
    pub fn start(game: &Match, in_force: InForce, wake: impl Fn() + Send + 'static) -> Review {
        let found = Arc::new(Mutex::new(Found::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (m, slot, halt) = (game.clone(), found.clone(), stop.clone());
        let spawned = std::thread::Builder::new()
            .name("doska-review".into())
            .spawn(move || {
                review(&m, DEFAULT, Some(&in_force), Some(halt), &mut |r| {
                    if let Ok(mut f) = slot.lock() {
                        f.moves.push(r);
                    }
                    wake();
                });
                if let Ok(mut f) = slot.lock() {
                    f.done = true;
                }
                wake();
            });
        if let Err(e) = spawned {
            bevy::log::warn!("no thread for the review: {e}");
        }
        Review {
            actions: game.all_actions().to_vec(),
            total: game
                .all_actions()
                .iter()
                .filter(|a| a.moved().is_some())
                .count(),
            found,
            stop,
        }
    }

    /// The verdicts found after the first `known`, in the game's order, and whether
    /// every move has one.
    pub fn found_after(&self, known: usize) -> (Vec<Reviewed>, bool) {
        self.found
            .lock()
            .map(|f| (f.moves.get(known..).unwrap_or_default().to_vec(), f.done))
            .unwrap_or_default()
    }
}

impl Drop for Review {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
