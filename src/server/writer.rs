//! The one thread that talks to the store. Writes that arrive while a commit is under
//! way go together in the next one (group commit), so a thousand matches cost one disk
//! flush per batch rather than one per move; each writer hears back only when its
//! write is durable.

use super::store::{Store, StoreError, Stored, Write};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;

/// How often the thread notes that the server is alive (see [`Store::alive`]).
const ALIVE_EVERY: Duration = Duration::from_secs(1);

/// The most writes in one transaction.
const BATCH: usize = 1024;

enum Job {
    Write(Vec<Write>, oneshot::Sender<Result<(), StoreError>>),
    Find(String, oneshot::Sender<Result<Option<Stored>, StoreError>>),
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
    /// Starts the thread on a store already loaded.
    pub fn start(mut store: impl Store) -> Writer {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || run(&mut store, &queue))
            .expect("the store's thread starts");
        Writer { jobs }
    }

    /// Writes a batch; Ok once it is durable.
    pub async fn write(&self, batch: Vec<Write>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Write(batch, done))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// A match by its code, finished or not.
    pub async fn find(&self, code: &str) -> Result<Option<Stored>, StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Find(code.to_string(), done))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }
}

fn run(store: &mut impl Store, queue: &mpsc::Receiver<Job>) {
    let mut last_alive = std::time::Instant::now();
    loop {
        let first = match queue.recv_timeout(ALIVE_EVERY) {
            Ok(job) => Some(job),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        if last_alive.elapsed() >= ALIVE_EVERY {
            if let Err(e) = store.alive(now_ms()) {
                super::note(format_args!("{e}"));
            }
            last_alive = std::time::Instant::now();
        }
        let Some(first) = first else { continue };
        let mut writes = Vec::new();
        let mut waiting = Vec::new();
        let mut job = Some(first);
        while let Some(next) = job.take() {
            match next {
                Job::Write(batch, done) => {
                    writes.extend(batch);
                    waiting.push(done);
                }
                Job::Find(code, done) => {
                    let _ = done.send(store.find(&code));
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
        let result = store.write(&writes);
        super::metrics::METRICS.commit.observe(began.elapsed());
        for done in waiting {
            let _ = done.send(result.clone());
        }
    }
}
