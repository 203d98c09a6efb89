//! Every store keeps the same promises, by the lease rules of `doska::server::store`:
//! one suite, run against SQLite and PostgreSQL. A batch goes in whole or not at all;
//! what was written is read back by a server restarting under its name; a match is
//! claimed only from a server silent past its lease, and a write under an epoch no
//! longer the match's is fenced off; a match given up is anyone's; the sweep takes a
//! silent server's unfinished matches; other servers' open matches are listed; a
//! server's word says what it holds, and that it stopped.

use super::{Data, Pg};
use doska::server::postgres::Postgres;
use doska::server::sqlite::Sqlite;
use doska::server::store::{
    Claim, Claimed, EventRow, LEASE, MatchRow, SeatRow, Store, StoreError, Write, Written,
};

/// Opens the store shared by the suite for the server of a name.
type Open<'a> = &'a dyn Fn(&str) -> Box<dyn Store>;

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

fn event(n: u64) -> EventRow {
    EventRow {
        n,
        at: 5,
        request: Some((1, 9)),
        body: "{}".into(),
    }
}

fn mine(claim: Claim) -> Claimed {
    match claim {
        Claim::Mine(claimed) => *claimed,
        other => panic!("not claimed: {other:?}"),
    }
}

/// The whole suite, on one store.
fn keeps_its_promises(open: Open) {
    what_is_written_is_read_back_after_a_restart(open);
    a_match_is_written_only_by_the_server_holding_its_latest_claim(open);
}

fn what_is_written_is_read_back_after_a_restart(open: Open) {
    {
        let mut db = open("w");
        let seat = SeatRow {
            seat: 1,
            secret: "s".into(),
            name: Some("Ann".into()),
        };
        let batch = [
            Write::Match(row("W1")),
            Write::Match(row("W2")),
            Write::Seat {
                code: "W1".into(),
                seat: seat.clone(),
            },
            Write::Event {
                code: "W1".into(),
                event: event(1),
            },
            Write::Finished { code: "W2".into() },
        ];
        assert_eq!(db.write(&batch, &[]).unwrap(), Written::default());
        let mut pulse = db.pulse().unwrap();
        pulse.alive(77).unwrap();
        pulse.alive(78).unwrap();
    }
    let mut db = open("w");
    assert_eq!(db.last_alive().unwrap(), Some(78));
    // Restarting under its name, the server takes back its unfinished match, charged
    // up to its last word.
    let live = db.claim_orphans(100, true).unwrap();
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].stored.row, row("W1"));
    assert_eq!(live[0].stored.seats[0].name.as_deref(), Some("Ann"));
    assert_eq!(live[0].stored.events[0].request, Some((1, 9)));
    assert_eq!((live[0].epoch, live[0].held_until), (2, Some(78)));
    assert!(db.exists("W2").unwrap());
    assert!(!db.exists("W3").unwrap());
    assert_eq!(db.claim("W3", 100).unwrap(), Claim::Missing);
    // A batch that breaks a constraint is written not at all.
    let broken = [Write::Match(row("W3")), Write::Match(row("W1"))];
    assert!(db.write(&broken, &[]).is_err());
    assert!(!db.exists("W3").unwrap());
    db.write(
        &[Write::Finished { code: "W1".into() }],
        &[("W1".into(), 2)],
    )
    .unwrap();
}

fn a_match_is_written_only_by_the_server_holding_its_latest_claim(open: Open) {
    let (mut a, mut b) = (open("a"), open("b"));
    let (mut a_says, mut b_says) = (a.pulse().unwrap(), b.pulse().unwrap());
    let made = [Write::Match(row("L1")), Write::Match(row("L2"))];
    a.write(&made, &[]).unwrap();
    a_says.alive(1_000).unwrap();
    // While a is alive, b is sent to it.
    assert_eq!(
        b.claim("L1", 1_000 + LEASE).unwrap(),
        Claim::Elsewhere("a".into())
    );
    assert_eq!(
        a_says.held().unwrap(),
        vec![("L1".to_string(), 1), ("L2".to_string(), 1)]
    );
    // Silent past its lease, a's match is b's, charged up to a's last word.
    let taken = mine(b.claim("L1", 1_001 + LEASE).unwrap());
    assert_eq!((taken.epoch, taken.held_until), (2, Some(1_000)));
    // a, woken, learns it holds only L2 now.
    assert_eq!(a_says.held().unwrap(), vec![("L2".to_string(), 1)]);
    // a, paused meanwhile, writes under its old epoch: refused, for that match alone.
    let late = [
        Write::Event {
            code: "L1".into(),
            event: event(1),
        },
        Write::Event {
            code: "L2".into(),
            event: event(1),
        },
    ];
    let held = [("L1".to_string(), 1), ("L2".to_string(), 1)];
    assert_eq!(
        a.write(&late, &held).unwrap().fenced,
        vec![("L1".to_string(), Some("b".to_string()))]
    );
    assert!(mine(b.claim("L1", 9_000).unwrap()).stored.events.is_empty());
    // b's own write under its epoch goes in (that claim made it 3).
    let b_writes = [Write::Event {
        code: "L1".into(),
        event: event(1),
    }];
    assert!(
        b.write(&b_writes, &[("L1".into(), 3)])
            .unwrap()
            .fenced
            .is_empty()
    );
    // Given up, the match is anyone's at once, charged up to when it was let go.
    b.release(&[("L1".into(), 3)], 5_000).unwrap();
    let back = mine(a.claim("L1", 5_001).unwrap());
    assert_eq!((back.epoch, back.held_until), (4, Some(5_000)));
    assert_eq!(back.stored.events.len(), 1);
    // A release under an epoch no longer held changes nothing.
    b.release(&[("L1".into(), 3)], 6_000).unwrap();
    a_says.alive(6_000).unwrap();
    assert_eq!(b.claim("L1", 6_000).unwrap(), Claim::Elsewhere("a".into()));
    // The sweep takes over a silent server's matches not finished, not its own.
    a_says.alive(7_000).unwrap();
    a.write(
        &[Write::Finished { code: "L2".into() }],
        &[("L2".into(), 1)],
    )
    .unwrap();
    assert!(b.claim_orphans(7_000 + LEASE, false).unwrap().is_empty());
    let swept = b.claim_orphans(7_001 + LEASE, false).unwrap();
    assert_eq!(swept.len(), 1);
    assert_eq!((swept[0].epoch, swept[0].held_until), (5, Some(7_000)));
    assert!(b.claim_orphans(7_001 + LEASE, false).unwrap().is_empty());
    // Another server's match with a seat open is listed by a, not by b.
    b_says.alive(20_000).unwrap();
    assert_eq!(a.open_elsewhere(20_000, 10).unwrap().len(), 1);
    assert!(b.open_elsewhere(20_000, 10).unwrap().is_empty());
    // Stopped, b's name is free at once, and its matches anyone's.
    b_says.stopped().unwrap();
    assert_eq!(b.last_alive().unwrap(), Some(0));
    assert_eq!(a.claim_orphans(20_000, false).unwrap().len(), 1);
}

#[test]
fn sqlite_keeps_the_stores_promises() {
    let data = Data::new("store-sqlite");
    std::fs::create_dir_all(&data.0).unwrap();
    let path = data.0.join("shared.db");
    keeps_its_promises(&|name: &str| Box::new(Sqlite::open(&path, name).unwrap()));
}

/// PostgreSQL's too; and a database whose schema is newer than the server's is
/// refused, as SQLite's file is (see `doska::server::sqlite`'s own test).
#[test]
fn postgresql_keeps_the_stores_promises() {
    let pg = Pg::start("store");
    let url = pg.url();
    keeps_its_promises(&|name: &str| Box::new(Postgres::open(&url, name).unwrap()));
    let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    db.execute("INSERT INTO schema_version (version) VALUES (99)", &[])
        .unwrap();
    let newer = Postgres::open(&url, "a").err().expect("refused");
    assert!(matches!(newer, StoreError::Newer { at: 99, .. }), "{newer}");
}
