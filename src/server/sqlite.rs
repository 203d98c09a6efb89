//! The default store: one SQLite file in WAL mode with `synchronous = FULL`, so that a
//! committed batch is on disk before the server acknowledges any of it. Several
//! servers on one machine may share the file: each write takes SQLite's lock first
//! (`BEGIN IMMEDIATE`), so the fence is checked and the batch written with no other
//! server's claim between them.

use super::store::{
    Claim, Claimed, EventRow, MatchRow, Pulse, SeatRow, Store, StoreError, Stored, Verdict, Write,
    Written, fenced, silent_before, verdict,
};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::Arc;

/// The schema's versions, in order (SQLite's `user_version` says how many a file has
/// had). The first makes its tables only where they are missing: files written
/// before the schema had a version have them already, and take it as theirs. The
/// column `wanted` is no longer read (a match no longer moves to where a proxy sends
/// its players); it stays so that servers of the version before, sharing the file
/// while they are upgraded one by one, still write their rows.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE IF NOT EXISTS matches (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT NOT NULL,
    plans TEXT NOT NULL,
    level TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES matches(code),
    seat INTEGER NOT NULL,
    secret TEXT NOT NULL,
    name TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL REFERENCES matches(code),
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,
    request_seat INTEGER,
    request_id INTEGER,
    body TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS alive (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    at INTEGER NOT NULL
);
",
    "
ALTER TABLE matches ADD COLUMN owner TEXT;
ALTER TABLE matches ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN held_until INTEGER;
ALTER TABLE matches ADD COLUMN wanted TEXT;
CREATE TABLE servers (
    name TEXT PRIMARY KEY,
    alive INTEGER NOT NULL
);
INSERT INTO servers (name, alive) SELECT 'doska', at FROM alive;
UPDATE matches SET owner = 'doska' WHERE finished = 0;
DROP TABLE alive;
CREATE INDEX matches_owner ON matches (owner) WHERE finished = 0;
",
];

/// The columns of a match's row, in [`match_row`]'s order.
const MATCH: &str = "m.code, m.game, m.options, m.clock, m.plans, m.level, m.seed, m.created";

fn match_row(r: &rusqlite::Row) -> rusqlite::Result<MatchRow> {
    Ok(MatchRow {
        code: r.get(0)?,
        game: r.get(1)?,
        options: r.get(2)?,
        clock: r.get(3)?,
        plans: r.get(4)?,
        level: r.get(5)?,
        seed: r.get::<_, i64>(6)? as u64,
        created: r.get::<_, i64>(7)? as u64,
    })
}

fn read_error(e: rusqlite::Error) -> StoreError {
    StoreError::Read(Arc::new(e))
}

fn write_error(e: rusqlite::Error) -> StoreError {
    StoreError::Write(Arc::new(e))
}

pub struct Sqlite {
    db: Connection,
    /// The server's name.
    me: String,
    path: std::path::PathBuf,
}

impl Sqlite {
    /// Opens (or makes) the file for the server named `me`.
    pub fn open(path: &Path, me: &str) -> Result<Sqlite, StoreError> {
        let fail = |e: rusqlite::Error| StoreError::Open {
            path: path.to_path_buf(),
            source: Arc::new(e),
        };
        let mut db = Connection::open(path).map_err(fail)?;
        // Another server on the file may hold its lock for a commit: wait for it.
        db.busy_timeout(std::time::Duration::from_secs(30))
            .map_err(fail)?;
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(fail)?;
        db.pragma_update(None, "synchronous", "FULL")
            .map_err(fail)?;
        migrate(&mut db, path)?;
        Ok(Sqlite {
            db,
            me: me.to_string(),
            path: path.to_path_buf(),
        })
    }
}

/// A match's seats.
fn seats(db: &Connection, code: &str) -> rusqlite::Result<Vec<SeatRow>> {
    let mut seats =
        db.prepare_cached("SELECT seat, secret, name FROM seats WHERE code = ?1 ORDER BY seat")?;
    seats
        .query_map([code], |r| {
            Ok(SeatRow {
                seat: r.get::<_, i64>(0)? as usize,
                secret: r.get(1)?,
                name: r.get(2)?,
            })
        })?
        .collect()
}

/// A match's seats and events, read in `db` (a connection or a transaction).
fn read(db: &Connection, row: MatchRow) -> rusqlite::Result<Stored> {
    let seats = seats(db, &row.code)?;
    let mut events = db.prepare_cached(
        "SELECT n, at, request_seat, request_id, body FROM events WHERE code = ?1 ORDER BY n",
    )?;
    let events = events
        .query_map([&row.code], |r| {
            let seat: Option<i64> = r.get(2)?;
            let id: Option<i64> = r.get(3)?;
            Ok(EventRow {
                n: r.get::<_, i64>(0)? as u64,
                at: r.get::<_, i64>(1)? as u64,
                request: seat.zip(id).map(|(s, i)| (s as usize, i as u64)),
                body: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Stored { row, seats, events })
}

/// Takes a match for `me` at the next epoch, and reads it.
fn take(
    db: &Connection,
    me: &str,
    row: MatchRow,
    epoch: u64,
    held_until: Option<u64>,
) -> rusqlite::Result<Claimed> {
    db.prepare_cached("UPDATE matches SET owner = ?1, epoch = ?2 WHERE code = ?3")?
        .execute(params![me, epoch as i64 + 1, row.code])?;
    Ok(Claimed {
        stored: read(db, row)?,
        epoch: epoch + 1,
        held_until,
    })
}

/// The matches a query of [`MATCH`], epoch and when last held finds.
fn held(
    db: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<(MatchRow, u64, Option<u64>)>> {
    let mut query = db.prepare_cached(sql)?;
    query
        .query_map(params, |r| {
            Ok((
                match_row(r)?,
                r.get::<_, i64>(8)? as u64,
                r.get::<_, Option<i64>>(9)?.map(|a| a as u64),
            ))
        })?
        .collect()
}

/// Runs the migrations the file has not had, each in one transaction with its version.
fn migrate(db: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let fail = |e: rusqlite::Error| StoreError::Open {
        path: path.to_path_buf(),
        source: Arc::new(e),
    };
    let at: usize = db
        .pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
        .map_err(fail)? as usize;
    if at > MIGRATIONS.len() {
        return Err(StoreError::Newer {
            at,
            known: MIGRATIONS.len(),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(at) {
        let tx = db.transaction().map_err(fail)?;
        tx.execute_batch(sql).map_err(fail)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)
            .map_err(fail)?;
        tx.commit().map_err(fail)?;
    }
    Ok(())
}

/// The version the file's schema is at.
pub fn version(path: &Path) -> rusqlite::Result<i64> {
    Connection::open(path)?.pragma_query_value(None, "user_version", |r| r.get(0))
}

impl Store for Sqlite {
    fn claim_orphans(&mut self, now: u64, with_mine: bool) -> Result<Vec<Claimed>, StoreError> {
        let run = |db: &mut Connection, me: &str| -> rusqlite::Result<Vec<Claimed>> {
            let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let found = held(
                &tx,
                &format!(
                    "SELECT {MATCH}, m.epoch, s.alive FROM matches m
                     LEFT JOIN servers s ON s.name = m.owner
                     WHERE m.finished = 0 AND m.owner IS NOT NULL
                       AND ((m.owner = ?1 AND ?3) OR (m.owner <> ?1
                            AND (s.alive IS NULL OR s.alive < ?2)))"
                ),
                params![me, silent_before(now) as i64, with_mine],
            )?;
            let claimed = found
                .into_iter()
                .map(|(row, epoch, alive)| take(&tx, me, row, epoch, alive))
                .collect::<rusqlite::Result<Vec<_>>>()?;
            tx.commit()?;
            Ok(claimed)
        };
        run(&mut self.db, &self.me).map_err(write_error)
    }

    fn claim(&mut self, code: &str, now: u64) -> Result<Claim, StoreError> {
        let run = |db: &mut Connection, me: &str| -> rusqlite::Result<Claim> {
            let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let found = tx
                .query_row(
                    &format!(
                        "SELECT {MATCH}, m.epoch, m.owner, s.alive, m.held_until FROM matches m
                         LEFT JOIN servers s ON s.name = m.owner WHERE m.code = ?1"
                    ),
                    [code],
                    |r| {
                        Ok((
                            match_row(r)?,
                            r.get::<_, i64>(8)? as u64,
                            r.get::<_, Option<String>>(9)?,
                            r.get::<_, Option<i64>>(10)?.map(|a| a as u64),
                            r.get::<_, Option<i64>>(11)?.map(|a| a as u64),
                        ))
                    },
                )
                .optional()?;
            let Some((row, epoch, owner, alive, released)) = found else {
                return Ok(Claim::Missing);
            };
            let (held_until, from_another) = match verdict(me, owner, alive, released, now) {
                Verdict::Elsewhere(owner) => return Ok(Claim::Elsewhere(owner)),
                Verdict::Take {
                    held_until,
                    from_another,
                } => (held_until, from_another),
            };
            let claimed = take(&tx, me, row, epoch, held_until)?;
            tx.commit()?;
            if from_another {
                super::metrics::METRICS.took_over();
            }
            Ok(Claim::Mine(Box::new(claimed)))
        };
        run(&mut self.db, &self.me).map_err(write_error)
    }

    fn exists(&mut self, code: &str) -> Result<bool, StoreError> {
        self.db
            .query_row("SELECT 1 FROM matches WHERE code = ?1", [code], |_| Ok(()))
            .optional()
            .map(|found| found.is_some())
            .map_err(read_error)
    }

    fn write(&mut self, batch: &[Write], epochs: &[(String, u64)]) -> Result<Written, StoreError> {
        let run = |db: &mut Connection, me: &str| -> Result<Written, rusqlite::Error> {
            let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let mut written = Written::default();
            for (code, epoch) in epochs {
                let held = tx
                    .prepare_cached("SELECT owner, epoch FROM matches WHERE code = ?1")?
                    .query_row([code], |r| {
                        Ok((r.get::<_, Option<String>>(0)?, r.get::<_, i64>(1)? as u64))
                    })
                    .optional()?;
                let (owner, at) = held.map_or((None, None), |(o, e)| (o, Some(e)));
                if fenced(me, owner.as_deref(), at, *epoch) {
                    written.fenced.push((code.clone(), owner));
                }
            }
            for write in batch
                .iter()
                .filter(|w| !written.fenced.iter().any(|(c, _)| c == w.code()))
            {
                match write {
                    Write::Match(m) => {
                        tx.prepare_cached(
                            "INSERT INTO matches (code, game, options, clock, plans, level, seed, created, owner, epoch)
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 1)",
                        )?
                        .execute(params![
                            m.code,
                            m.game,
                            m.options,
                            m.clock,
                            m.plans,
                            m.level,
                            m.seed as i64,
                            m.created as i64,
                            me
                        ])?;
                    }
                    Write::Seat { code, seat } => {
                        tx.prepare_cached(
                            "INSERT INTO seats (code, seat, secret, name) VALUES (?1, ?2, ?3, ?4)",
                        )?
                        .execute(params![
                            code,
                            seat.seat as i64,
                            seat.secret,
                            seat.name
                        ])?;
                    }
                    Write::Event { code, event } => {
                        tx.prepare_cached(
                            "INSERT INTO events (code, n, at, request_seat, request_id, body)
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        )?
                        .execute(params![
                            code,
                            event.n as i64,
                            event.at as i64,
                            event.request.map(|(s, _)| s as i64),
                            event.request.map(|(_, i)| i as i64),
                            event.body
                        ])?;
                    }
                    Write::Finished { code } => {
                        tx.prepare_cached("UPDATE matches SET finished = 1 WHERE code = ?1")?
                            .execute([code])?;
                    }
                }
            }
            tx.commit()?;
            Ok(written)
        };
        run(&mut self.db, &self.me).map_err(write_error)
    }

    fn release(&mut self, held: &[(String, u64)], at: u64) -> Result<(), StoreError> {
        let run = |db: &mut Connection, me: &str| -> rusqlite::Result<()> {
            let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
            for (code, epoch) in held {
                tx.prepare_cached(
                    "UPDATE matches SET owner = NULL, held_until = ?4
                     WHERE code = ?1 AND owner = ?2 AND epoch = ?3",
                )?
                .execute(params![code, me, *epoch as i64, at as i64])?;
            }
            tx.commit()
        };
        run(&mut self.db, &self.me).map_err(write_error)
    }

    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        self.db
            .query_row(
                "SELECT alive FROM servers WHERE name = ?1",
                params![self.me],
                |row| row.get::<_, i64>(0),
            )
            .optional()
            .map(|alive| alive.map(|at| at as u64))
            .map_err(read_error)
    }

    fn open_elsewhere(&mut self, now: u64, most: usize) -> Result<Vec<Stored>, StoreError> {
        let run = |db: &Connection, me: &str| -> rusqlite::Result<Vec<Stored>> {
            let found = held(
                db,
                &format!(
                    "SELECT {MATCH}, m.epoch, s.alive FROM matches m
                     JOIN servers s ON s.name = m.owner
                     WHERE m.finished = 0 AND m.owner <> ?1 AND s.alive >= ?2
                       AND m.plans LIKE '%\"open\"%'
                     ORDER BY m.created DESC LIMIT ?3"
                ),
                params![me, silent_before(now) as i64, most as i64],
            )?;
            found
                .into_iter()
                .map(|(row, _, _)| {
                    Ok(Stored {
                        seats: seats(db, &row.code)?,
                        row,
                        events: Vec::new(),
                    })
                })
                .collect()
        };
        run(&self.db, &self.me).map_err(read_error)
    }

    fn pulse(&self) -> Result<Box<dyn Pulse>, StoreError> {
        Ok(Box::new(Sqlite::open(&self.path, &self.me)?))
    }
}

impl Pulse for Sqlite {
    fn alive(&mut self, at: u64) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO servers (name, alive) VALUES (?1, ?2)
                 ON CONFLICT(name) DO UPDATE SET alive = ?2",
                params![self.me, at as i64],
            )
            .map(|_| ())
            .map_err(write_error)
    }

    fn held(&mut self) -> Result<Vec<(String, u64)>, StoreError> {
        let run = |db: &Connection, me: &str| -> rusqlite::Result<Vec<(String, u64)>> {
            db.prepare_cached("SELECT code, epoch FROM matches WHERE owner = ?1 ORDER BY code")?
                .query_map([me], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as u64)))?
                .collect()
        };
        run(&self.db, &self.me).map_err(read_error)
    }

    fn stopped(&mut self) -> Result<(), StoreError> {
        self.alive(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own for a test's file.
    fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("doska-sqlite-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_of_a_newer_schema_is_refused_and_an_old_one_upgraded() {
        let dir = folder("v");
        let path = dir.join("old.db");
        // A file from before the schema had a version: its tables, version 0, a match
        // going on and the lone server's last word that it was alive.
        let old = Connection::open(&path).unwrap();
        old.execute_batch(MIGRATIONS[0]).unwrap();
        old.execute_batch(
            "INSERT INTO matches (code, game, options, clock, plans, level, seed, created)
             VALUES ('AAA', 'chess', '{}', '-', '[\"me\",\"open\"]', 'normal', 1, 2);
             INSERT INTO alive (one, at) VALUES (1, 77);",
        )
        .unwrap();
        drop(old);
        assert_eq!(version(&path).unwrap(), 0);
        // The lone server, restarting under its name, takes its match back, charged
        // up to when it was last alive.
        let mut db = Sqlite::open(&path, super::super::store::NAME).unwrap();
        assert_eq!(version(&path).unwrap(), MIGRATIONS.len() as i64);
        let live = db.claim_orphans(1_000_000, true).unwrap();
        assert_eq!(live.len(), 1);
        assert_eq!((live[0].epoch, live[0].held_until), (1, Some(77)));
        drop(db);
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", 99)
            .unwrap();
        let newer = Sqlite::open(&path, "a").err().expect("refused");
        assert!(newer.to_string().contains("version 99"), "{newer}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
