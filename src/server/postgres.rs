//! The store of a server that outgrows one machine: PostgreSQL, the same tables as
//! SQLite's ([`super::sqlite`]). Each batch is one transaction, committed before the
//! server acknowledges any of it; PostgreSQL's own `synchronous_commit` (on unless its
//! operator turned it off) makes a commit durable. The schema is made and upgraded by
//! numbered migrations, each once, under an advisory lock so that servers starting
//! together do not run one twice.

use super::store::{EventRow, MatchRow, SeatRow, Store, StoreError, Stored, Write};
use postgres::{Client, NoTls};
use std::sync::Arc;

/// The schema's versions, in order: a database at version `n` has had the first `n`.
const MIGRATIONS: &[&str] = &["
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
"];

/// The key of the advisory lock migrations take (any number the server alone uses).
const MIGRATION_LOCK: i64 = 0x646f736b61;

pub struct Postgres {
    db: Client,
}

fn cause(e: postgres::Error) -> super::store::Cause {
    Arc::new(e)
}

impl Postgres {
    /// Connects to `url` (`postgres://USER@HOST/DB`, or `host=… user=… dbname=…`) and
    /// brings its schema up to date.
    pub fn open(url: &str) -> Result<Postgres, StoreError> {
        let fail = |e: postgres::Error| StoreError::Open {
            path: super::store::without_password(url).into(),
            source: cause(e),
        };
        let mut db = Client::connect(url, NoTls).map_err(fail)?;
        let at = version(&mut db).map_err(fail)? as usize;
        if at > MIGRATIONS.len() {
            return Err(StoreError::Newer {
                at,
                known: MIGRATIONS.len(),
            });
        }
        migrate(&mut db).map_err(fail)?;
        Ok(Postgres { db })
    }

    fn read(&mut self, row: MatchRow) -> Result<Stored, postgres::Error> {
        let seats = self
            .db
            .query(
                "SELECT seat, secret, name FROM seats WHERE code = $1 ORDER BY seat",
                &[&row.code],
            )?
            .iter()
            .map(|r| SeatRow {
                seat: r.get::<_, i32>(0) as usize,
                secret: r.get(1),
                name: r.get(2),
            })
            .collect();
        let events = self
            .db
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

    fn matches(&mut self, filter: &str, code: Option<&str>) -> Result<Vec<Stored>, StoreError> {
        let mut run = || -> Result<Vec<Stored>, postgres::Error> {
            let sql = format!(
                "SELECT code, game, options, clock, plans, level, seed, created FROM matches WHERE {filter}"
            );
            let rows = match code {
                Some(code) => self.db.query(&sql, &[&code])?,
                None => self.db.query(&sql, &[])?,
            };
            let rows: Vec<MatchRow> = rows
                .iter()
                .map(|r| MatchRow {
                    code: r.get(0),
                    game: r.get(1),
                    options: r.get(2),
                    clock: r.get(3),
                    plans: r.get(4),
                    level: r.get(5),
                    seed: r.get::<_, i64>(6) as u64,
                    created: r.get::<_, i64>(7) as u64,
                })
                .collect();
            rows.into_iter().map(|row| self.read(row)).collect()
        };
        run().map_err(|e| StoreError::Read(cause(e)))
    }
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
    fn load_live(&mut self) -> Result<Vec<Stored>, StoreError> {
        self.matches("NOT finished", None)
    }

    fn find(&mut self, code: &str) -> Result<Option<Stored>, StoreError> {
        Ok(self.matches("code = $1", Some(code))?.pop())
    }

    fn write(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        let rows = Rows::of(batch);
        let mut run = || -> Result<(), postgres::Error> {
            let mut tx = self.db.transaction()?;
            // A statement a table for the whole batch, each row an element of its
            // columns' arrays: the batch costs a few round trips, not one a row. The
            // matches come before the seats and events that refer to them.
            if !rows.matches.0.is_empty() {
                let m = &rows.matches;
                tx.execute(
                    "INSERT INTO matches (code, game, options, clock, plans, level, seed, created)
                     SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[],
                                          $5::text[], $6::text[], $7::bigint[], $8::bigint[])",
                    &[&m.0, &m.1, &m.2, &m.3, &m.4, &m.5, &m.6, &m.7],
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
            tx.commit()
        };
        run().map_err(|e| StoreError::Write(cause(e)))
    }

    fn alive(&mut self, at: u64) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO alive (one, at) VALUES (1, $1) ON CONFLICT (one) DO UPDATE SET at = $1",
                &[&(at as i64)],
            )
            .map(|_| ())
            .map_err(|e| StoreError::Write(cause(e)))
    }

    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        self.db
            .query_opt("SELECT at FROM alive WHERE one = 1", &[])
            .map(|row| row.map(|r| r.get::<_, i64>(0) as u64))
            .map_err(|e| StoreError::Read(cause(e)))
    }
}
