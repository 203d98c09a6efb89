//! The store of a server that outgrows one machine: PostgreSQL, the same tables as
//! SQLite's ([`super::sqlite`]). Each batch is one transaction, committed before the
//! server acknowledges any of it; PostgreSQL's own `synchronous_commit` (on unless its
//! operator turned it off) makes a commit durable. The schema is made and upgraded by
//! numbered migrations, each once, under an advisory lock so that servers starting
//! together do not run one twice.

use super::store::{
    Claim, Claimed, EventRow, MatchRow, Pulse, SeatRow, Store, StoreError, Stored, Verdict, Write,
    Written, fenced, silent_before, verdict,
};
use postgres::{Client, GenericClient, NoTls};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The schema's versions, in order: a database at version `n` has had the first `n`.
/// The column `wanted` is no longer read (a match no longer moves to where a proxy
/// sends its players); it stays so that servers of the version before, sharing the
/// database while they are upgraded one by one, still write their rows.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE matches (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT NOT NULL,
    plans TEXT NOT NULL,
    level TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created BIGINT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE seats (
    code TEXT NOT NULL REFERENCES matches(code),
    seat INTEGER NOT NULL,
    secret TEXT NOT NULL,
    name TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE events (
    code TEXT NOT NULL REFERENCES matches(code),
    n BIGINT NOT NULL,
    at BIGINT NOT NULL,
    request_seat INTEGER,
    request_id BIGINT,
    body TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE alive (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    at BIGINT NOT NULL
);
CREATE INDEX matches_live ON matches (code) WHERE NOT finished;
",
    "
ALTER TABLE matches ADD COLUMN owner TEXT;
ALTER TABLE matches ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN held_until BIGINT;
ALTER TABLE matches ADD COLUMN wanted TEXT;
CREATE TABLE servers (
    name TEXT PRIMARY KEY,
    alive BIGINT NOT NULL
);
INSERT INTO servers (name, alive) SELECT 'doska', at FROM alive;
UPDATE matches SET owner = 'doska' WHERE NOT finished;
DROP TABLE alive;
CREATE INDEX matches_owner ON matches (owner) WHERE NOT finished;
",
];

/// The columns of a match's row, in [`match_row`]'s order.
const MATCH: &str = "m.code, m.game, m.options, m.clock, m.plans, m.level, m.seed, m.created";

fn match_row(r: &postgres::Row) -> MatchRow {
    MatchRow {
        code: r.get(0),
        game: r.get(1),
        options: r.get(2),
        clock: r.get(3),
        plans: r.get(4),
        level: r.get(5),
        seed: r.get::<_, i64>(6) as u64,
        created: r.get::<_, i64>(7) as u64,
    }
}

/// The key of the advisory lock migrations take (any number the server alone uses).
const MIGRATION_LOCK: i64 = 0x646f736b61;

/// How long one try to connect may take, where the store's address does not say.
const CONNECT_PATIENCE: Duration = Duration::from_secs(5);

/// The first and the longest wait before connecting again to a database that went
/// away; each failed try doubles it.
const FIRST_RETRY: Duration = Duration::from_millis(250);
const LONGEST_RETRY: Duration = Duration::from_secs(4);

pub struct Postgres {
    db: Client,
    /// The server's name.
    me: String,
    /// How to connect again, when PostgreSQL restarts or the network drops.
    config: postgres::Config,
    url: String,
    /// While the database is away: when to try it again, and the wait after that.
    retry: Option<(Instant, Duration)>,
}

fn cause(e: postgres::Error) -> super::store::Cause {
    Arc::new(e)
}

impl Postgres {
    /// Connects to `url` (`postgres://USER@HOST/DB`, or `host=… user=… dbname=…`) for
    /// the server named `me`, and brings the schema up to date.
    pub fn open(url: &str, me: &str) -> Result<Postgres, StoreError> {
        let mut store = Postgres::connect(url, me)?;
        let fail = |e: postgres::Error| StoreError::Open {
            path: super::store::without_password(url).into(),
            source: cause(e),
        };
        let at = version(&mut store.db).map_err(fail)? as usize;
        if at > MIGRATIONS.len() {
            return Err(StoreError::Newer {
                at,
                known: MIGRATIONS.len(),
            });
        }
        migrate(&mut store.db).map_err(fail)?;
        Ok(store)
    }

    /// Connects to `url` for the server named `me`.
    fn connect(url: &str, me: &str) -> Result<Postgres, StoreError> {
        let fail = |e: postgres::Error| StoreError::Open {
            path: super::store::without_password(url).into(),
            source: cause(e),
        };
        let mut config: postgres::Config = url.parse().map_err(fail)?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_PATIENCE);
        }
        let db = config.connect(NoTls).map_err(fail)?;
        Ok(Postgres {
            db,
            me: me.to_string(),
            config,
            url: url.to_string(),
            retry: None,
        })
    }

    /// The connection, made again where PostgreSQL closed it (a restart, a network
    /// that dropped): at once the first time, then after a wait that doubles with
    /// each failed try, so that a database coming back is not met by a crowd.
    fn db(&mut self) -> Result<&mut Client, StoreError> {
        if self.db.is_closed() {
            let now = Instant::now();
            if let Some((at, _)) = self.retry
                && now < at
            {
                return Err(StoreError::Away);
            }
            match self.config.connect(NoTls) {
                Ok(db) => {
                    tracing::info!(store = %super::store::without_password(&self.url), "connected to the store again");
                    self.db = db;
                    self.retry = None;
                }
                Err(e) => {
                    let wait = self
                        .retry
                        .map_or(FIRST_RETRY, |(_, wait)| (wait * 2).min(LONGEST_RETRY));
                    self.retry = Some((now + wait, wait));
                    return Err(StoreError::Read(cause(e)));
                }
            }
        }
        Ok(&mut self.db)
    }
}

/// A match's seats.
fn seats(db: &mut impl GenericClient, code: &str) -> Result<Vec<SeatRow>, postgres::Error> {
    Ok(db
        .query(
            "SELECT seat, secret, name FROM seats WHERE code = $1 ORDER BY seat",
            &[&code],
        )?
        .iter()
        .map(|r| SeatRow {
            seat: r.get::<_, i32>(0) as usize,
            secret: r.get(1),
            name: r.get(2),
        })
        .collect())
}

/// A match's seats and events.
fn read(db: &mut impl GenericClient, row: MatchRow) -> Result<Stored, postgres::Error> {
    let seats = seats(db, &row.code)?;
    let events = db
        .query(
            "SELECT n, at, request_seat, request_id, body FROM events WHERE code = $1 ORDER BY n",
            &[&row.code],
        )?
        .iter()
        .map(|r| {
            let seat: Option<i32> = r.get(2);
            let id: Option<i64> = r.get(3);
            EventRow {
                n: r.get::<_, i64>(0) as u64,
                at: r.get::<_, i64>(1) as u64,
                request: seat.zip(id).map(|(s, i)| (s as usize, i as u64)),
                body: r.get(4),
            }
        })
        .collect();
    Ok(Stored { row, seats, events })
}

/// Runs the migrations the database has not had, each in its own transaction with
/// its version noted, under the migrations' advisory lock.
fn migrate(db: &mut Client) -> Result<(), postgres::Error> {
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        let mut tx = db.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        let at: Option<i32> = tx
            .query_one("SELECT max(version) FROM schema_version", &[])?
            .get(0);
        if at.unwrap_or(0) < version {
            tx.batch_execute(sql)?;
            tx.execute(
                "INSERT INTO schema_version (version) VALUES ($1)",
                &[&version],
            )?;
        }
        tx.commit()?;
    }
    Ok(())
}

/// The version the schema is at (0 for an empty database).
pub fn version(db: &mut Client) -> Result<i32, postgres::Error> {
    db.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    Ok(db
        .query_one("SELECT max(version) FROM schema_version", &[])?
        .get::<_, Option<i32>>(0)
        .unwrap_or(0))
}

/// A batch's rows, by table, as columns.
#[derive(Default)]
struct Rows {
    #[allow(clippy::type_complexity)]
    matches: (
        Vec<String>,
        Vec<String>,
        Vec<String>,
        Vec<String>,
        Vec<String>,
        Vec<String>,
        Vec<i64>,
        Vec<i64>,
    ),
    seats: (Vec<String>, Vec<i32>, Vec<String>, Vec<Option<String>>),
    #[allow(clippy::type_complexity)]
    events: (
        Vec<String>,
        Vec<i64>,
        Vec<i64>,
        Vec<Option<i32>>,
        Vec<Option<i64>>,
        Vec<String>,
    ),
    finished: Vec<String>,
}

impl Rows {
    fn of(batch: &[Write]) -> Rows {
        let mut rows = Rows::default();
        for write in batch {
            match write {
                Write::Match(m) => {
                    let t = &mut rows.matches;
                    t.0.push(m.code.clone());
                    t.1.push(m.game.clone());
                    t.2.push(m.options.clone());
                    t.3.push(m.clock.clone());
                    t.4.push(m.plans.clone());
                    t.5.push(m.level.clone());
                    t.6.push(m.seed as i64);
                    t.7.push(m.created as i64);
                }
                Write::Seat { code, seat } => {
                    let t = &mut rows.seats;
                    t.0.push(code.clone());
                    t.1.push(seat.seat as i32);
                    t.2.push(seat.secret.clone());
                    t.3.push(seat.name.clone());
                }
                Write::Event { code, event } => {
                    let t = &mut rows.events;
                    t.0.push(code.clone());
                    t.1.push(event.n as i64);
                    t.2.push(event.at as i64);
                    t.3.push(event.request.map(|(s, _)| s as i32));
                    t.4.push(event.request.map(|(_, i)| i as i64));
                    t.5.push(event.body.clone());
                }
                Write::Finished { code } => rows.finished.push(code.clone()),
            }
        }
        rows
    }
}

impl Store for Postgres {
    fn claim_orphans(&mut self, now: u64, with_mine: bool) -> Result<Vec<Claimed>, StoreError> {
        let me = self.me.clone();
        let cutoff = silent_before(now) as i64;
        let db = self.db()?;
        let mut run = || -> Result<Vec<Claimed>, postgres::Error> {
            let mut tx = db.transaction()?;
            // Rows are locked in the codes' order, as a batch's writes lock them, so
            // that a sweep and a write never wait for each other in a circle; a row
            // another server claimed while this one waited no longer matches.
            let rows = tx.query(
                &format!(
                    "WITH o AS (
                         SELECT m.code, s.alive FROM matches m
                         LEFT JOIN servers s ON s.name = m.owner
                         WHERE NOT m.finished AND m.owner IS NOT NULL
                           AND ((m.owner = $1 AND $3) OR (m.owner <> $1
                                AND (s.alive IS NULL OR s.alive < $2)))
                         ORDER BY m.code FOR UPDATE OF m)
                     UPDATE matches m SET owner = $1, epoch = m.epoch + 1 FROM o
                     WHERE m.code = o.code
                     RETURNING {MATCH}, m.epoch, o.alive"
                ),
                &[&me, &cutoff, &with_mine],
            )?;
            let mut claimed = Vec::with_capacity(rows.len());
            for r in &rows {
                claimed.push(Claimed {
                    stored: read(&mut tx, match_row(r))?,
                    epoch: r.get::<_, i64>(8) as u64,
                    held_until: r.get::<_, Option<i64>>(9).map(|a| a as u64),
                });
            }
            tx.commit()?;
            Ok(claimed)
        };
        run().map_err(|e| StoreError::Write(cause(e)))
    }

    fn claim(&mut self, code: &str, now: u64) -> Result<Claim, StoreError> {
        let me = self.me.clone();
        let db = self.db()?;
        let mut run = || -> Result<Claim, postgres::Error> {
            let mut tx = db.transaction()?;
            let Some(r) = tx.query_opt(
                &format!(
                    "SELECT {MATCH}, m.epoch, m.owner, s.alive, m.held_until FROM matches m
                     LEFT JOIN servers s ON s.name = m.owner WHERE m.code = $1
                     FOR UPDATE OF m"
                ),
                &[&code],
            )?
            else {
                return Ok(Claim::Missing);
            };
            let epoch = r.get::<_, i64>(8) as u64;
            let owner: Option<String> = r.get(9);
            let alive = r.get::<_, Option<i64>>(10).map(|a| a as u64);
            let released = r.get::<_, Option<i64>>(11).map(|a| a as u64);
            let (held_until, from_another) = match verdict(&me, owner, alive, released, now) {
                Verdict::Elsewhere(owner) => return Ok(Claim::Elsewhere(owner)),
                Verdict::Take {
                    held_until,
                    from_another,
                } => (held_until, from_another),
            };
            tx.execute(
                "UPDATE matches SET owner = $1, epoch = $2 WHERE code = $3",
                &[&me, &(epoch as i64 + 1), &code],
            )?;
            let stored = read(&mut tx, match_row(&r))?;
            tx.commit()?;
            if from_another {
                super::metrics::METRICS.took_over();
            }
            Ok(Claim::Mine(Box::new(Claimed {
                stored,
                epoch: epoch + 1,
                held_until,
            })))
        };
        run().map_err(|e| StoreError::Write(cause(e)))
    }

    fn exists(&mut self, code: &str) -> Result<bool, StoreError> {
        self.db()?
            .query_opt("SELECT 1 FROM matches WHERE code = $1", &[&code])
            .map(|found| found.is_some())
            .map_err(|e| StoreError::Read(cause(e)))
    }

    fn write(&mut self, batch: &[Write], epochs: &[(String, u64)]) -> Result<Written, StoreError> {
        let me = self.me.clone();
        let db = self.db()?;
        let mut run = || -> Result<Written, postgres::Error> {
            let mut tx = db.transaction()?;
            let mut written = Written::default();
            if !epochs.is_empty() {
                let codes: Vec<&str> = epochs.iter().map(|(c, _)| c.as_str()).collect();
                let rows = tx.query(
                    "SELECT code, owner, epoch FROM matches WHERE code = ANY($1)
                     ORDER BY code FOR UPDATE",
                    &[&codes],
                )?;
                for (code, epoch) in epochs {
                    let row = rows.iter().find(|r| r.get::<_, &str>(0) == code);
                    let owner = row.and_then(|r| r.get::<_, Option<String>>(1));
                    let at = row.map(|r| r.get::<_, i64>(2) as u64);
                    if fenced(&me, owner.as_deref(), at, *epoch) {
                        written.fenced.push((code.clone(), owner));
                    }
                }
            }
            let kept: Vec<Write> = batch
                .iter()
                .filter(|w| !written.fenced.iter().any(|(c, _)| c == w.code()))
                .cloned()
                .collect();
            let rows = Rows::of(&kept);
            // A statement a table for the whole batch, each row an element of its
            // columns' arrays: the batch costs a few round trips, not one a row. The
            // matches come before the seats and events that refer to them.
            if !rows.matches.0.is_empty() {
                let m = &rows.matches;
                tx.execute(
                    "INSERT INTO matches (code, game, options, clock, plans, level, seed, created, owner, epoch)
                     SELECT *, $9, 1 FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[],
                                                 $5::text[], $6::text[], $7::bigint[], $8::bigint[])",
                    &[&m.0, &m.1, &m.2, &m.3, &m.4, &m.5, &m.6, &m.7, &me],
                )?;
            }
            if !rows.seats.0.is_empty() {
                let t = &rows.seats;
                tx.execute(
                    "INSERT INTO seats (code, seat, secret, name)
                     SELECT * FROM UNNEST($1::text[], $2::int[], $3::text[], $4::text[])",
                    &[&t.0, &t.1, &t.2, &t.3],
                )?;
            }
            if !rows.events.0.is_empty() {
                let e = &rows.events;
                tx.execute(
                    "INSERT INTO events (code, n, at, request_seat, request_id, body)
                     SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::bigint[], $4::int[],
                                          $5::bigint[], $6::text[])",
                    &[&e.0, &e.1, &e.2, &e.3, &e.4, &e.5],
                )?;
            }
            if !rows.finished.is_empty() {
                tx.execute(
                    "UPDATE matches SET finished = TRUE WHERE code = ANY($1)",
                    &[&rows.finished],
                )?;
            }
            tx.commit()?;
            Ok(written)
        };
        run().map_err(|e| StoreError::Write(cause(e)))
    }

    fn release(&mut self, held: &[(String, u64)], at: u64) -> Result<(), StoreError> {
        let codes: Vec<&str> = held.iter().map(|(c, _)| c.as_str()).collect();
        let epochs: Vec<i64> = held.iter().map(|(_, e)| *e as i64).collect();
        let me = self.me.clone();
        self.db()?
            .execute(
                "UPDATE matches m SET owner = NULL, held_until = $4
                 FROM UNNEST($1::text[], $2::bigint[]) AS h(code, epoch)
                 WHERE m.code = h.code AND m.epoch = h.epoch AND m.owner = $3",
                &[&codes, &epochs, &me, &(at as i64)],
            )
            .map(|_| ())
            .map_err(|e| StoreError::Write(cause(e)))
    }

    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        let me = self.me.clone();
        self.db()?
            .query_opt("SELECT alive FROM servers WHERE name = $1", &[&me])
            .map(|row| row.map(|row| row.get::<_, i64>(0) as u64))
            .map_err(|e| StoreError::Read(cause(e)))
    }

    fn open_elsewhere(&mut self, now: u64, most: usize) -> Result<Vec<Stored>, StoreError> {
        let me = self.me.clone();
        let db = self.db()?;
        let mut run = || -> Result<Vec<Stored>, postgres::Error> {
            let rows = db.query(
                &format!(
                    "SELECT {MATCH} FROM matches m JOIN servers s ON s.name = m.owner
                     WHERE NOT m.finished AND m.owner <> $1 AND s.alive >= $2
                       AND m.plans LIKE '%\"open\"%'
                     ORDER BY m.created DESC LIMIT $3"
                ),
                &[&me, &(silent_before(now) as i64), &(most as i64)],
            )?;
            let mut found = Vec::with_capacity(rows.len());
            for r in &rows {
                let row = match_row(r);
                found.push(Stored {
                    seats: seats(db, &row.code)?,
                    row,
                    events: Vec::new(),
                });
            }
            Ok(found)
        };
        run().map_err(|e| StoreError::Read(cause(e)))
    }

    fn pulse(&self) -> Result<Box<dyn Pulse>, StoreError> {
        Ok(Box::new(Postgres::connect(&self.url, &self.me)?))
    }
}

impl Pulse for Postgres {
    fn alive(&mut self, at: u64) -> Result<(), StoreError> {
        let me = self.me.clone();
        self.db()?
            .execute(
                "INSERT INTO servers (name, alive) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET alive = $2",
                &[&me, &(at as i64)],
            )
            .map(|_| ())
            .map_err(|e| StoreError::Write(cause(e)))
    }

    fn held(&mut self) -> Result<Vec<(String, u64)>, StoreError> {
        let me = self.me.clone();
        self.db()?
            .query(
                "SELECT code, epoch FROM matches WHERE owner = $1 ORDER BY code",
                &[&me],
            )
            .map(|rows| {
                rows.iter()
                    .map(|r| (r.get(0), r.get::<_, i64>(1) as u64))
                    .collect()
            })
            .map_err(|e| StoreError::Read(cause(e)))
    }

    fn stopped(&mut self) -> Result<(), StoreError> {
        self.alive(0)
    }
}
