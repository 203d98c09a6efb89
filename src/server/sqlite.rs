//! The default store: one SQLite file in WAL mode with `synchronous = FULL`, so that a
//! committed batch is on disk before the server acknowledges any of it.

use super::store::{EventRow, MatchRow, SeatRow, Store, StoreError, Stored, Write};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::Arc;

/// The schema's versions, in order (SQLite's `user_version` says how many a file has
/// had). The first makes its tables only where they are missing: files written
/// before the schema had a version have them already, and take it as theirs.
const MIGRATIONS: &[&str] = &["
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
"];

pub struct Sqlite {
    db: Connection,
}

impl Sqlite {
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let fail = |e: rusqlite::Error| StoreError::Open {
            path: path.to_path_buf(),
            source: Arc::new(e),
        };
        let db = Connection::open(path).map_err(fail)?;
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(fail)?;
        db.pragma_update(None, "synchronous", "FULL")
            .map_err(fail)?;
        let mut db = db;
        migrate(&mut db, path)?;
        Ok(Sqlite { db })
    }

    fn read(&self, code: &str, row: MatchRow) -> Result<Stored, rusqlite::Error> {
        let mut seats = self
            .db
            .prepare_cached("SELECT seat, secret, name FROM seats WHERE code = ?1 ORDER BY seat")?;
        let seats = seats
            .query_map([code], |r| {
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    secret: r.get(1)?,
                    name: r.get(2)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut events = self.db.prepare_cached(
            "SELECT n, at, request_seat, request_id, body FROM events WHERE code = ?1 ORDER BY n",
        )?;
        let events = events
            .query_map([code], |r| {
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

    fn matches(&self, filter: &str, code: Option<&str>) -> Result<Vec<Stored>, StoreError> {
        let run = || -> Result<Vec<Stored>, rusqlite::Error> {
            let sql = format!(
                "SELECT code, game, options, clock, plans, level, seed, created FROM matches WHERE {filter}"
            );
            let mut query = self.db.prepare(&sql)?;
            let map = |r: &rusqlite::Row| {
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
            };
            let rows = match code {
                Some(code) => query
                    .query_map([code], map)?
                    .collect::<Result<Vec<_>, _>>()?,
                None => query.query_map([], map)?.collect::<Result<Vec<_>, _>>()?,
            };
            rows.into_iter()
                .map(|row| {
                    let code = row.code.clone();
                    self.read(&code, row)
                })
                .collect()
        };
        run().map_err(|e| StoreError::Read(Arc::new(e)))
    }
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
    fn load_live(&mut self) -> Result<Vec<Stored>, StoreError> {
        self.matches("finished = 0", None)
    }

    fn find(&mut self, code: &str) -> Result<Option<Stored>, StoreError> {
        Ok(self.matches("code = ?1", Some(code))?.pop())
    }

    fn write(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        let run = |db: &mut Connection| -> Result<(), rusqlite::Error> {
            let tx = db.transaction()?;
            for write in batch {
                match write {
                    Write::Match(m) => {
                        tx.prepare_cached(
                            "INSERT INTO matches (code, game, options, clock, plans, level, seed, created)
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                        )?
                        .execute(params![
                            m.code,
                            m.game,
                            m.options,
                            m.clock,
                            m.plans,
                            m.level,
                            m.seed as i64,
                            m.created as i64
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
            tx.commit()
        };
        run(&mut self.db).map_err(|e| StoreError::Write(Arc::new(e)))
    }

    fn alive(&mut self, at: u64) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO alive (one, at) VALUES (1, ?1) ON CONFLICT(one) DO UPDATE SET at = ?1",
                [at as i64],
            )
            .map(|_| ())
            .map_err(|e| StoreError::Write(Arc::new(e)))
    }

    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        self.db
            .query_row("SELECT at FROM alive WHERE one = 1", [], |r| {
                r.get::<_, i64>(0)
            })
            .optional()
            .map(|at| at.map(|a| a as u64))
            .map_err(|e| StoreError::Read(Arc::new(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str) -> MatchRow {
        MatchRow {
            code: code.into(),
            game: "chess".into(),
            options: "{}".into(),
            clock: "-".into(),
            plans: r#"["me","open"]"#.into(),
            level: "normal".into(),
            seed: u64::MAX - 3,
            created: 1_700_000_000_000,
        }
    }

    #[test]
    fn a_file_of_a_newer_schema_is_refused_and_an_old_one_upgraded() {
        let dir = std::env::temp_dir().join(format!("doska-sqlite-v-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.db");
        let _ = std::fs::remove_file(&path);
        // A file from before the schema had a version: its tables, version 0.
        Connection::open(&path)
            .unwrap()
            .execute_batch(MIGRATIONS[0])
            .unwrap();
        assert_eq!(version(&path).unwrap(), 0);
        Sqlite::open(&path).unwrap();
        assert_eq!(version(&path).unwrap(), MIGRATIONS.len() as i64);
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", 99)
            .unwrap();
        let newer = Sqlite::open(&path).err().expect("refused");
        assert!(newer.to_string().contains("version 99"), "{newer}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_is_written_is_read_back_after_reopening() {
        let dir = std::env::temp_dir().join(format!("doska-sqlite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("server.db");
        {
            let mut db = Sqlite::open(&path).unwrap();
            let seat = SeatRow {
                seat: 1,
                secret: "s".into(),
                name: Some("Ann".into()),
            };
            let event = EventRow {
                n: 1,
                at: 5,
                request: Some((1, 9)),
                body: "{}".into(),
            };
            db.write(&[
                Write::Match(row("AAA")),
                Write::Match(row("BBB")),
                Write::Seat {
                    code: "AAA".into(),
                    seat: seat.clone(),
                },
                Write::Event {
                    code: "AAA".into(),
                    event: event.clone(),
                },
                Write::Finished { code: "BBB".into() },
            ])
            .unwrap();
            db.alive(77).unwrap();
            db.alive(78).unwrap();
        }
        let mut db = Sqlite::open(&path).unwrap();
        let live = db.load_live().unwrap();
        assert_eq!(live.len(), 1);
        assert_eq!(live[0].row, row("AAA"));
        assert_eq!(live[0].seats[0].name.as_deref(), Some("Ann"));
        assert_eq!(live[0].events[0].request, Some((1, 9)));
        assert!(db.find("BBB").unwrap().is_some());
        assert!(db.find("CCC").unwrap().is_none());
        assert_eq!(db.last_alive().unwrap(), Some(78));
        // A batch that breaks a constraint is written not at all.
        assert!(
            db.write(&[Write::Match(row("CCC")), Write::Match(row("AAA"))])
                .is_err()
        );
        assert!(db.find("CCC").unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
