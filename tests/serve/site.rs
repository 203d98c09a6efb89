//! A site that stays up: a PostgreSQL restart survived with nothing acknowledged that
//! was not stored, a server woken past its lease answering nothing from its old copy,
//! a match whose players reach three servers staying on one, and the proxy's
//! configuration as the command prints it.

use super::{Data, Pg, Server, chess_pair, get, metric, request, sat, seated, watch};
use doska::protocol::{EventKind, Reply, Request, SeatKey, SeatPlan};
use doska::rules::GameId;
use doska::server::client::Client;
use doska::server::proxy::Haproxy;
use std::collections::BTreeMap;
use tokio::time::{Duration, Instant, sleep};

/// How long a condition may take before the test gives up on it: far more than any
/// needs.
const PATIENCE: Duration = Duration::from_secs(120);

/// Waits until `/health` answers with `status` (its status line's code).
async fn until_health(server: &Server, status: &str) {
    let began = Instant::now();
    loop {
        let (line, _) = get(server, "/health").await;
        if line.contains(status) {
            return;
        }
        assert!(began.elapsed() < PATIENCE, "/health never said {status}");
        sleep(Duration::from_millis(50)).await;
    }
}

/// The actions of a match as its server has it, read by a new spectator.
async fn stored_actions(server: &Server, code: &str) -> Vec<String> {
    let began = Instant::now();
    loop {
        let mut client = server.client().await;
        let id = client.id();
        client
            .send(&Request::Watch {
                id,
                code: code.to_string(),
                last: 0,
            })
            .await
            .unwrap();
        let reply = client
            .until(
                |r| matches!(r, Reply::Snapshot { .. } | Reply::Error { .. }).then(|| r.clone()),
                |_| {},
            )
            .await
            .unwrap();
        match reply {
            Reply::Snapshot { events, .. } => {
                return events
                    .into_iter()
                    .filter_map(|e| match e.kind {
                        EventKind::Action { action, .. } => Some(action),
                        EventKind::Flag { .. } => Some("(flag)".into()),
                        _ => None,
                    })
                    .collect();
            }
            Reply::Error { error, .. } if error == "unavailable" => {
                assert!(began.elapsed() < PATIENCE, "{code} never came back");
                sleep(Duration::from_millis(100)).await;
            }
            other => panic!("{other:?}"),
        }
    }
}

/// PostgreSQL stopped for ten seconds mid-play: the server keeps running, says so on
/// `/health`, refuses what needs the store as `unavailable` and acknowledges nothing
/// it could not store; once PostgreSQL is back it plays on by itself (a flag that
/// fell meanwhile, nobody connected, is stored) and its players sit and move again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_restart_stops_nothing_and_loses_nothing() {
    let (data, pg) = (Data::new("outage"), Pg::start("outage"));
    let mut server = Server::start_with(&data.0, Some(&pg.url()));
    let (mut white, mut black) = chess_pair(&server, None).await;
    white.act("e4").await.unwrap();
    black.act("e5").await.unwrap();
    // A match whose flag falls while the store is away, its players gone.
    let flagged = {
        let players = seated(&server, GameId::Chess, &[], Some("sudden-death:4"), 2).await;
        players[0].code.clone()
    };
    until_health(&server, "200").await;

    pg.down();
    let outage = Instant::now();
    // White's move is not stored, so it is not acknowledged.
    let refused = white.act("Nf3").await;
    assert_eq!(refused, Err("unavailable".to_string()));
    until_health(&server, "503").await;
    // A new match cannot be made, and says why.
    let mut lobby = server.client().await;
    let id = lobby.id();
    let made = request(
        &mut lobby,
        Request::Create {
            id,
            game: "chess".into(),
            options: BTreeMap::new(),
            clock: None,
            seats: vec![SeatPlan::Me, SeatPlan::Open],
            name: None,
            level: None,
        },
    )
    .await;
    assert!(
        matches!(&made, Reply::Error { error, .. } if error == "unavailable"),
        "{made:?}"
    );
    while outage.elapsed() < Duration::from_secs(10) {
        sleep(Duration::from_millis(200)).await;
    }
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server runs through the database's restart"
    );
    pg.up();

    until_health(&server, "200").await;
    eprintln!("healthy again {:?} after the restart", outage.elapsed());
    assert_eq!(
        stored_actions(&server, &white.code).await,
        ["e4", "e5"],
        "nothing unacknowledged was stored, nothing acknowledged lost"
    );
    // The flag fell with nobody asking.
    let began = Instant::now();
    while !stored_actions(&server, &flagged)
        .await
        .contains(&"(flag)".to_string())
    {
        assert!(began.elapsed() < PATIENCE, "the flag never fell");
        sleep(Duration::from_millis(200)).await;
    }
    // The players sit again and play on.
    let code = white.code.clone();
    let mut back = Vec::new();
    for keys in [white.seats.clone(), black.seats.clone()] {
        back.push(sat(server.client().await, &code, GameId::Chess, keys, 0).await);
    }
    assert_eq!(back[0].act("Nf3").await, Ok(5));
    assert_eq!(back[1].act("Nc6").await, Ok(6));
    assert!(metric(&server, "doska_store_errors_total").await.unwrap() > 0);
    server.signal("TERM");
    assert!(server.child.wait().unwrap().success());
}

/// Where a server sits `keys` in `code`, asked at the match's own address (as a proxy
/// hashing the path sends a client): the snapshot's actions, or the refusal's word and
/// the server it names.
async fn sit(server: &Server, code: &str, keys: &[SeatKey]) -> Result<usize, (String, String)> {
    let mut client = Client::connect(&format!("{}{code}", server.url))
        .await
        .unwrap();
    let id = client.id();
    client
        .send(&Request::Sit {
            id,
            code: code.to_string(),
            secret: keys[0].secret.clone(),
            last: 0,
        })
        .await
        .unwrap();
    let reply = client
        .until(
            |r| matches!(r, Reply::Snapshot { .. } | Reply::Error { .. }).then(|| r.clone()),
            |_| {},
        )
        .await
        .unwrap();
    match reply {
        Reply::Snapshot { events, .. } => Ok(events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Action { .. }))
            .count()),
        Reply::Error { error, server, .. } => Err((error, server.unwrap_or_default())),
        other => panic!("{other:?}"),
    }
}

/// A server paused past its lease, whose match another server took over and played
/// on, answers nothing from its old copy once woken: a spectator asking it is sent to
/// the match's server, and the spectator it had is sent away (1012) to find it there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_woken_past_its_lease_sends_its_players_to_the_owner() {
    let (data, pg) = (Data::new("woken"), Pg::start("woken"));
    let a = Server::start_named(&data.0.join("a"), Some(&pg.url()), "a", "127.0.0.1:0");
    let b = Server::start_named(&data.0.join("b"), Some(&pg.url()), "b", "127.0.0.1:0");
    let (mut white, mut black) = chess_pair(&a, None).await;
    white.act("e4").await.unwrap();
    black.act("e5").await.unwrap();
    let code = white.code.clone();
    let mut spectator = a.client().await;
    watch(&mut spectator, &code).await;

    a.signal("STOP");
    // b takes the match once a's lease has run out, and it is played on there.
    let began = Instant::now();
    loop {
        match sit(&b, &code, &white.seats).await {
            Ok(2) => break,
            Err((word, owner)) if word == "elsewhere" && owner == "a" => {}
            other => panic!("{other:?}"),
        }
        assert!(began.elapsed() < PATIENCE, "b never took the match over");
        sleep(Duration::from_millis(100)).await;
    }
    let mut players = Vec::new();
    for keys in [white.seats.clone(), black.seats.clone()] {
        players.push(sat(b.client().await, &code, GameId::Chess, keys, 0).await);
    }
    players[0].act("Nf3").await.unwrap();
    players[1].act("Nc6").await.unwrap();

    a.signal("CONT");
    let woken = Instant::now();
    // Asked at once, a sends the seat to b rather than sit it at its old board.
    assert_eq!(
        sit(&a, &code, &white.seats).await,
        Err(("elsewhere".to_string(), "b".to_string()))
    );
    eprintln!(
        "the woken server sent its player on after {:?}",
        woken.elapsed()
    );
    // Its spectator is sent away with 1012, to connect again.
    let began = Instant::now();
    loop {
        match tokio::time::timeout(PATIENCE, spectator.next()).await {
            Ok(Ok(Reply::Event { event, .. })) => {
                panic!("a woken server passed on an event: {event:?}")
            }
            Ok(Ok(_)) => {}
            Ok(Err(_)) => break,
            Err(_) => panic!("the spectator was never sent away"),
        }
        assert!(began.elapsed() < PATIENCE);
    }
    assert_eq!(sit(&b, &code, &white.seats).await, Ok(4));
}

/// A bughouse match whose four players connect to three servers stays on the one that
/// made it: the others send them there (`elsewhere`), none takes it over, and the
/// players play at their own pace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_stays_on_its_server_wherever_its_players_connect() {
    let (data, pg) = (Data::new("stays"), Pg::start("stays"));
    let names = ["s1", "s2", "s3"];
    let servers: Vec<Server> = names
        .iter()
        .map(|name| Server::start_named(&data.0.join(name), Some(&pg.url()), name, "127.0.0.1:0"))
        .collect();
    let players = seated(&servers[0], GameId::Bughouse, &[], None, 4).await;
    let code = players[0].code.clone();
    let keys: Vec<Vec<SeatKey>> = players.iter().map(|p| p.seats.clone()).collect();
    drop(players);
    // Each player connects at the match's address on a server of its own, as a proxy
    // hashing a path might send it; those that are not the match's are sent on.
    let mut seated = Vec::new();
    for (i, keys) in keys.into_iter().enumerate() {
        let asked = &servers[i % 3];
        let server = match sit(asked, &code, &keys).await {
            Ok(_) => asked,
            Err((word, owner)) => {
                assert_eq!((word.as_str(), owner.as_str()), ("elsewhere", "s1"));
                &servers[0]
            }
        };
        let url = format!("{}{code}", server.url);
        let client = Client::connect(&url).await.unwrap();
        seated.push(sat(client, &code, GameId::Bughouse, keys, i as u64 + 3).await);
    }
    // Twenty moves, the players taking turns where they may.
    let mut played = 0;
    let began = Instant::now();
    while played < 20 {
        assert!(began.elapsed() < PATIENCE, "{played} moves in {PATIENCE:?}");
        for p in &mut seated {
            if let Some(action) = p.choose(usize::MAX)
                && p.act(&action).await.is_ok()
            {
                played += 1;
            }
        }
        for p in &mut seated {
            while let Ok(Ok(reply)) =
                tokio::time::timeout(Duration::from_millis(20), p.client.next()).await
            {
                p.take(reply);
            }
        }
    }
    for server in &servers {
        assert_eq!(
            metric(server, "doska_leases_claimed_total").await,
            Some(0),
            "the match never moved"
        );
    }
}

/// `doska haproxy-config` prints a configuration HAProxy starts with and routes by:
/// each server's matches reach it through the proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_printed_proxy_configuration_runs() {
    let data = Data::new("haproxy-config");
    let server = Server::start(&data.0);
    let config = data.0.join("haproxy.cfg");
    let haproxy = Haproxy::start_with(&config, |listen| {
        let printed = std::process::Command::new(env!("CARGO_BIN_EXE_doska"))
            .args(["haproxy-config", "--bind", listen])
            .arg(format!("doska={}", server.address()))
            .output()?;
        assert!(printed.status.success());
        Ok(String::from_utf8(printed.stdout).unwrap())
    })
    .expect("Debian's haproxy package (.ci/run installs it)");
    let check = std::process::Command::new("haproxy")
        .arg("-c")
        .arg("-f")
        .arg(&config)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let (white, _) = chess_pair(&server, None).await;
    let url = format!("{}{}", haproxy.url, white.code);
    // The proxy may take a moment to listen, and to see the server healthy.
    let began = Instant::now();
    let watched = loop {
        if let Ok(mut client) = Client::connect(&url).await {
            let id = client.id();
            if client
                .send(&Request::Watch {
                    id,
                    code: white.code.clone(),
                    last: 0,
                })
                .await
                .is_ok()
                && let Ok(Some(reply)) = client
                    .until(
                        |r| matches!(r, Reply::Snapshot { .. }).then(|| r.clone()),
                        |_| {},
                    )
                    .await
                    .map(Some)
            {
                break reply;
            }
        }
        assert!(
            began.elapsed() < PATIENCE,
            "the proxy never passed a match on"
        );
        sleep(Duration::from_millis(100)).await;
    };
    assert!(matches!(watched, Reply::Snapshot { .. }));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_doska"))
        .args(["haproxy-config", "s1"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("NAME=HOST:PORT"));
}
