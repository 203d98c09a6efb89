//! The server's word that it is alive, said every second on a store connection of its
//! own, and the lease that word keeps: what lets the server answer from memory.
//!
//! Another server may claim a match once its owner has been silent in the store for
//! [`LEASE`]. So a server answers from memory (a board, a seat, a move) only while
//! its last word, by its own clock, is younger than that, less a margin for clocks
//! that disagree. After a silence past the lease (the process paused, the store away,
//! a machine too busy), what it held may be another's: on its first word after one,
//! the server asks the store which matches are still its own and lets the others go
//! (their clients reconnect and find them at their owner) before it answers again.
//!
//! The word goes apart from the queue of writes ([`super::writer`]) so that a long
//! batch never delays it: a busy server is not a dead one.

use super::store::{LEASE, Pulse};
use super::writer::now_ms;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// How often the server says it is alive.
const EVERY: Duration = Duration::from_secs(1);

/// The part of the lease a server does not count on: servers' clocks may disagree by
/// this much (see `docs/server.md`).
const MARGIN: Duration = Duration::from_millis(500);

/// When the server's last word was taken by the store, and a way to wait for the
/// next.
pub struct Lease {
    /// When the last word the store took was sent (by this process's clock).
    renewed: Mutex<Option<Instant>>,
    /// Counts the renewals, for requests waiting for one.
    renewals: tokio::sync::watch::Sender<u64>,
}

impl Lease {
    fn new() -> Lease {
        Lease {
            renewed: Mutex::new(None),
            renewals: tokio::sync::watch::Sender::new(0),
        }
    }

    fn renewed(&self) -> Option<Instant> {
        *self.renewed.lock().expect("the lease's lock")
    }

    fn renew(&self, at: Instant) {
        *self.renewed.lock().expect("the lease's lock") = Some(at);
        self.renewals.send_modify(|n| *n += 1);
    }

    /// Whether the matches in memory are still surely this server's.
    pub fn fresh(&self) -> bool {
        self.renewed()
            .is_some_and(|at| at.elapsed() + MARGIN < Duration::from_millis(LEASE))
    }

    /// Waits, at most `patience`, for the lease to be fresh; whether it is.
    pub async fn until_fresh(&self, patience: Duration) -> bool {
        let mut renewals = self.renewals.subscribe();
        let fresh = async {
            while !self.fresh() {
                if renewals.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::time::timeout(patience, fresh).await.is_ok()
    }
}

/// The thread saying the server is alive; dropped, it stops, and says so in the store.
pub struct Beat {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Beat {
    /// Says the server is alive once (a server that cannot, cannot start), then every
    /// second on a thread of its own. After a silence past the lease, `keep` is given
    /// the matches the store says the server still holds, and the time the word that
    /// ended the silence was sent: it lets go of every room claimed before then and
    /// not among them, and the lease is fresh again only once it has.
    pub fn start(
        mut pulse: Box<dyn Pulse>,
        keep: impl Fn(Vec<(String, u64)>, Instant) + Send + 'static,
    ) -> Result<(Beat, Arc<Lease>), super::store::StoreError> {
        let lease = Arc::new(Lease::new());
        let began = Instant::now();
        let at = now_ms();
        pulse.alive(at)?;
        super::metrics::METRICS.alive(at);
        lease.renew(began);
        let (stop, stopped) = mpsc::channel();
        let held = lease.clone();
        let thread = std::thread::Builder::new()
            .name("pulse".into())
            .spawn(move || beat(pulse.as_mut(), &held, &keep, &stopped))
            .expect("the pulse's thread starts");
        let beat = Beat {
            stop: Some(stop),
            thread: Some(thread),
        };
        Ok((beat, lease))
    }
}

impl Drop for Beat {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn beat(
    pulse: &mut dyn Pulse,
    lease: &Lease,
    keep: &dyn Fn(Vec<(String, u64)>, Instant),
    stopped: &mpsc::Receiver<()>,
) {
    let mut next = Instant::now() + EVERY;
    // Whether the last word failed: a store away is said once, and its return.
    let mut failing = false;
    loop {
        match stopped.recv_timeout(next.saturating_duration_since(Instant::now())) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            _ => {
                if let Err(e) = pulse.stopped() {
                    tracing::error!(error = %e, "cannot say in the store that the server stopped");
                }
                return;
            }
        }
        let began = Instant::now();
        next = began + EVERY;
        let at = now_ms();
        let said = pulse.alive(at).and_then(|()| {
            let silent = lease
                .renewed()
                .is_none_or(|last| began.duration_since(last) >= Duration::from_millis(LEASE));
            if silent {
                let held = pulse.held()?;
                tracing::warn!(
                    matches = held.len(),
                    "heard by the store again after a silence past the lease: keeping only the matches still held"
                );
                keep(held, began);
            }
            Ok(())
        });
        match said {
            Ok(()) => {
                super::metrics::METRICS.alive(at);
                lease.renew(began);
                if failing {
                    tracing::info!("the store takes the server's word again");
                    failing = false;
                }
            }
            Err(e) => {
                super::metrics::METRICS.store_errors.inc();
                if !failing {
                    tracing::error!(error = %e, "cannot say the server is alive; trying every second");
                    failing = true;
                }
            }
        }
    }
}
