//! The one thread that talks to the store. Writes that arrive while a commit is under
//! way go together in the next one (group commit), so a thousand matches cost one disk
//! flush per batch rather than one per move; each writer hears back only when its
//! write is durable. The server's word that it is alive goes apart, on a connection
//! of its own ([`super::pulse`]), so that no queue of writes delays it.

use super::store::{Claim, Claimed, Store, StoreError, Stored, Write};
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;

/// The most writes in one transaction.
const BATCH: usize = 1024;

type Answer<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    /// A batch, and the match and epoch it is written under (none for a new match).
    Write(Vec<Write>, Option<(String, u64)>, Answer<()>),
    Claim(String, Answer<Claim>),
    Orphans(bool, Answer<Vec<Claimed>>),
    Release(Vec<(String, u64)>, Answer<()>),
    Exists(String, Answer<bool>),
    OpenElsewhere(usize, Answer<Vec<Stored>>),
}

/// A handle to the writer thread; cloned by every match.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl Writer {
    /// Starts the thread on a store.
    pub fn start(mut store: impl Store) -> Writer {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || run(&mut store, &queue))
            .expect("the store's thread starts");
        Writer { jobs }
    }

    async fn ask<T>(&self, job: impl FnOnce(Answer<T>) -> Job) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs.send(job(done)).map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Writes a batch for the match `code` held at `epoch` (`None` for a batch that
    /// makes a new match); Ok once it is durable, [`StoreError::Fenced`] where another
    /// server has claimed the match since.
    pub async fn write(
        &self,
        batch: Vec<Write>,
        held: Option<(String, u64)>,
    ) -> Result<(), StoreError> {
        self.ask(|done| Job::Write(batch, held, done)).await
    }

    /// Claims a match by its code (see [`Store::claim`]).
    pub async fn claim(&self, code: &str) -> Result<Claim, StoreError> {
        self.ask(|done| Job::Claim(code.to_string(), done)).await
    }

    /// Claims the matches of servers gone silent, and `with_mine`, this server's own
    /// (see [`Store::claim_orphans`]).
    pub async fn claim_orphans(&self, with_mine: bool) -> Result<Vec<Claimed>, StoreError> {
        self.ask(|done| Job::Orphans(with_mine, done)).await
    }

    /// Gives matches up (see [`Store::release`]).
    pub async fn release(&self, held: Vec<(String, u64)>) -> Result<(), StoreError> {
        self.ask(|done| Job::Release(held, done)).await
    }

    /// Whether a match has this code.
    pub async fn exists(&self, code: &str) -> Result<bool, StoreError> {
        self.ask(|done| Job::Exists(code.to_string(), done)).await
    }

    /// Other servers' matches with a seat open (see [`Store::open_elsewhere`]).
    pub async fn open_elsewhere(&self, most: usize) -> Result<Vec<Stored>, StoreError> {
        self.ask(|done| Job::OpenElsewhere(most, done)).await
    }
}

fn run(store: &mut impl Store, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut writes = Vec::new();
        let mut epochs = Vec::new();
        let mut waiting = Vec::new();
        let mut job = Some(first);
        while let Some(next) = job.take() {
            match next {
                Job::Write(batch, held, done) => {
                    writes.extend(batch);
                    waiting.push((held.as_ref().map(|(code, _)| code.clone()), done));
                    epochs.extend(held);
                }
                Job::Claim(code, done) => {
                    let _ = done.send(store.claim(&code, now_ms()));
                }
                Job::Orphans(with_mine, done) => {
                    let _ = done.send(store.claim_orphans(now_ms(), with_mine));
                }
                Job::Release(held, done) => {
                    let _ = done.send(store.release(&held, now_ms()));
                }
                Job::Exists(code, done) => {
                    let _ = done.send(store.exists(&code));
                }
                Job::OpenElsewhere(most, done) => {
                    let _ = done.send(store.open_elsewhere(now_ms(), most));
                }
            }
            if writes.len() < BATCH {
                job = queue.try_recv().ok();
            }
        }
        if waiting.is_empty() {
            continue;
        }
        let began = std::time::Instant::now();
        let result = store.write(&writes, &epochs);
        super::metrics::METRICS.commit.observe(began.elapsed());
        if result.is_err() {
            super::metrics::METRICS.store_errors.inc();
        }
        for (code, done) in waiting {
            let _ = done.send(match (&result, code) {
                (Err(e), _) => Err(e.clone()),
                (Ok(written), Some(code)) => {
                    match written.fenced.iter().find(|(c, _)| *c == code) {
                        Some((_, owner)) => {
                            super::metrics::METRICS.fenced.inc();
                            Err(StoreError::Fenced {
                                code,
                                owner: owner.clone(),
                            })
                        }
                        None => Ok(()),
                    }
                }
                (Ok(_), None) => Ok(()),
            });
        }
    }
}
