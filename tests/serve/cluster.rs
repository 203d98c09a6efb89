//! Several servers, one service: three `doska serve` processes sharing one PostgreSQL
//! behind HAProxy (both from Debian's packages), on loopback. Matches of several games
//! are played through the proxy while one server is killed with `kill -9`, another is
//! told to stop with SIGTERM, a third is paused past its lease, and PostgreSQL is
//! stopped for ten seconds; every action acknowledged is in the record once, and
//! nothing a paused server accepts afterwards is.

use super::{Data, Pg, Server, fresh, options_map};
use doska::online::link::Heard;
use doska::online::mirror::Mirror;
use doska::protocol::{EventKind, Reply, Request, SeatKey, SeatPlan};
use doska::rules::{Action, GameId};
use doska::server::client::Client;
use doska::server::proxy::Haproxy;
use std::path::PathBuf;
use tokio::time::{Duration, Instant, sleep, timeout};

/// How long a step may take before the test gives up on it: far more than any needs.
const PATIENCE: Duration = Duration::from_secs(120);

/// HAProxy in front of servers, stopped when dropped.
struct Proxy {
    _haproxy: Haproxy,
    dir: PathBuf,
    /// `ws://127.0.0.1:PORT/`.
    url: String,
}

impl Proxy {
    fn start(servers: &[(String, String)]) -> Proxy {
        let dir = std::env::temp_dir().join(format!("doska-haproxy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let haproxy = Haproxy::start(&dir.join("haproxy.cfg"), servers)
            .expect("Debian's haproxy package (.ci/run installs it)");
        let url = haproxy.url.clone();
        Proxy {
            _haproxy: haproxy,
            dir,
            url,
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// How many matches a server holds now, by its `/metrics`.
async fn held(server: &Server) -> u64 {
    super::metric(server, "doska_matches").await.unwrap_or(0)
}

/// A player who follows its match through the proxy wherever it is played: after a
/// lost connection it sits again with its secret, and where a server says another
/// plays the match it goes there.
struct Roamer {
    proxy: String,
    code: String,
    game: GameId,
    keys: Vec<SeatKey>,
    /// The server the match was last said to be on.
    hint: Option<String>,
    client: Option<Client>,
    mirror: Mirror,
    random: u64,
    next_id: u64,
    /// Each action acknowledged to this player: its event's number and its text.
    acked: Vec<(u64, String)>,
    /// How often a server sent it to another.
    redirected: usize,
}

/// What a request came to.
enum Answer {
    Done(Reply),
    /// Another server plays the match: its name.
    Elsewhere(Option<String>),
    /// The connection dropped, or the server was busy handing the match over.
    Again,
}

impl Roamer {
    fn new(proxy: &str, code: &str, game: GameId, keys: Vec<SeatKey>, random: u64) -> Roamer {
        Roamer {
            proxy: proxy.to_string(),
            code: code.to_string(),
            game,
            keys,
            hint: None,
            client: None,
            mirror: fresh(code, game, &[]),
            random,
            next_id: random << 32,
            acked: Vec::new(),
            redirected: 0,
        }
    }

    fn url(&self) -> String {
        match &self.hint {
            Some(server) => format!("{}{}?server={server}", self.proxy, self.code),
            None => format!("{}{}", self.proxy, self.code),
        }
    }

    /// Sends `request` (with id `id`) on a connection through the proxy, opened where
    /// there is none, and reads until its answer, taking the match's events on the
    /// way.
    async fn ask(&mut self, request: &Request, id: u64) -> Answer {
        if self.client.is_none() {
            match Client::connect(&self.url()).await {
                Ok(client) => self.client = Some(client),
                Err(_) => return Answer::Again,
            }
        }
        let client = self.client.as_mut().unwrap();
        if client.send(request).await.is_err() {
            self.client = None;
            return Answer::Again;
        }
        loop {
            let client = self.client.as_mut().unwrap();
            let Ok(Ok(reply)) = timeout(PATIENCE, client.next()).await else {
                self.client = None;
                return Answer::Again;
            };
            match &reply {
                Reply::Error {
                    id: Some(i),
                    error,
                    server,
                    ..
                } if *i == id => {
                    return match error.as_str() {
                        "elsewhere" => {
                            self.client = None;
                            self.redirected += 1;
                            Answer::Elsewhere(server.clone())
                        }
                        "busy" | "unavailable" => Answer::Again,
                        _ => panic!("{}: {request:?} refused: {reply:?}", self.code),
                    };
                }
                // Sitting is answered by the seats, then the match as it stands.
                Reply::Snapshot { .. } if matches!(request, Request::Sit { .. }) => {
                    self.mirror = fresh(&self.code, self.game, &[]);
                    self.mirror.take(&reply).unwrap();
                    return Answer::Done(reply);
                }
                Reply::Ack { id: i, .. } | Reply::Seated { id: i, .. }
                    if *i == id && !matches!(request, Request::Sit { .. }) =>
                {
                    return Answer::Done(reply);
                }
                _ => {
                    self.mirror.take(&reply).unwrap();
                }
            }
        }
    }

    /// Asks until the match's server answers.
    async fn insist(&mut self, request: impl Fn(u64) -> Request) -> Reply {
        let id = self.next_id;
        self.next_id += 1;
        let began = Instant::now();
        loop {
            assert!(
                began.elapsed() < PATIENCE,
                "{}: no server answered",
                self.code
            );
            match self.ask(&request(id), id).await {
                Answer::Done(reply) => return reply,
                Answer::Elsewhere(server) => {
                    // Sent on at once to another server; told again where it was
                    // already sent, the match is between servers: a moment later.
                    if server == self.hint {
                        sleep(Duration::from_millis(50)).await;
                    }
                    self.hint = server;
                }
                Answer::Again => sleep(Duration::from_millis(50)).await,
            }
            // Sitting again brings the match as it stands (a player not seated yet
            // has nothing to sit in).
            let sitting = matches!(request(id), Request::Sit { .. });
            if self.client.is_none() && !sitting && !self.keys.is_empty() {
                self.sit().await;
            }
        }
    }

    /// Sits with the player's secret: the match as it stands.
    async fn sit(&mut self) {
        let (code, secret) = (self.code.clone(), self.keys[0].secret.clone());
        Box::pin(self.insist(|id| Request::Sit {
            id,
            code: code.clone(),
            secret: secret.clone(),
            last: 0,
        }))
        .await;
    }

    /// Reads until the match has event `n`.
    async fn catch_up(&mut self, n: u64) {
        let began = Instant::now();
        while self.mirror.last() < n {
            assert!(
                began.elapsed() < PATIENCE,
                "{}: event {n} never came",
                self.code
            );
            let Some(client) = self.client.as_mut() else {
                self.sit().await;
                continue;
            };
            match timeout(PATIENCE, client.next()).await {
                Ok(Ok(reply)) => {
                    self.mirror.take(&reply).unwrap();
                }
                _ => self.client = None,
            }
        }
    }

    /// Plays `action` until the server acknowledges it: one request id throughout,
    /// so an action stored before its server died is answered, not played again.
    async fn act(&mut self, action: &str) -> u64 {
        let code = self.code.clone();
        let reply = self
            .insist(|id| Request::Act {
                id,
                code: code.clone(),
                action: action.to_string(),
            })
            .await;
        let Reply::Ack { n: Some(n), .. } = reply else {
            panic!("{reply:?}")
        };
        self.catch_up(n).await;
        self.acked.push((n, action.to_string()));
        n
    }

    /// A random move for the player's seat, where it is to move.
    fn choose(&mut self) -> Option<String> {
        let m = self.mirror.current();
        let seat = self.keys[0].seat;
        if m.outcome().is_some() || m.position().seats().seat_to_move() != seat {
            return None;
        }
        let moves: Vec<Action> = m
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .collect();
        self.random = self
            .random
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = moves.get((self.random >> 33) as usize % moves.len().max(1))?;
        Some(doska::rules::history::action_notation(m.position(), pick))
    }
}

/// Makes a match through the proxy's lobby, its creator in seat 0 and a player joined
/// through the match's own address; both sat through the proxy.
async fn pair(proxy: &str, game: GameId, i: u64) -> [Roamer; 2] {
    let mut creator = Client::connect(proxy).await.unwrap();
    let id = creator.id();
    creator
        .send(&Request::Create {
            id,
            game: game.id().into(),
            options: options_map(&[]),
            clock: Some("rapid-15-10".into()),
            seats: vec![SeatPlan::Me, SeatPlan::Open],
            name: Some(format!("a{i}")),
            level: None,
        })
        .await
        .unwrap();
    let (code, keys) = creator
        .until(
            |r| match r {
                Reply::Created { code, seats, .. } => Some((code.clone(), seats.clone())),
                Reply::Error { .. } => panic!("{r:?}"),
                _ => None,
            },
            |_| {},
        )
        .await
        .unwrap();
    creator.close().await;
    let mut white = Roamer::new(proxy, &code, game, keys, 2 * i + 1);
    let mut black = Roamer::new(proxy, &code, game, Vec::new(), 2 * i + 2);
    let joined = black
        .insist(|id| Request::Join {
            id,
            code: code.clone(),
            seat: Some(1),
            name: Some(format!("b{i}")),
        })
        .await;
    let Reply::Seated { seats, .. } = joined else {
        panic!("{joined:?}")
    };
    black.keys = seats;
    black.client = None;
    white.sit().await;
    black.sit().await;
    [white, black]
}

/// Plays up to `actions` random moves in a match, each acknowledged; when the first
/// acknowledgement came.
async fn play(mut pair: [Roamer; 2], actions: usize) -> ([Roamer; 2], Option<Instant>) {
    let mut first = None;
    for _ in 0..actions {
        let to_move = pair[0].mirror.current().position().seats().seat_to_move();
        let p = usize::from(to_move == pair[1].keys[0].seat);
        let Some(action) = pair[p].choose() else {
            break;
        };
        let n = pair[p].act(&action).await;
        first.get_or_insert_with(Instant::now);
        pair[1 - p].catch_up(n).await;
    }
    (pair, first)
}

/// Plays `actions` moves in every match at once; the matches, and the longest time
/// any waited for its first acknowledgement from `since`.
async fn play_all(
    pairs: Vec<[Roamer; 2]>,
    actions: usize,
    since: Instant,
) -> (Vec<[Roamer; 2]>, Duration) {
    let tasks: Vec<_> = pairs
        .into_iter()
        .map(|p| tokio::spawn(play(p, actions)))
        .collect();
    let mut played = Vec::new();
    let mut longest = Duration::ZERO;
    for task in tasks {
        let (pair, first) = task.await.unwrap();
        if let Some(first) = first {
            longest = longest.max(first - since);
        }
        played.push(pair);
    }
    (played, longest)
}

/// The match's record, as its server has it: each action's event number and text.
async fn record(pair: &mut [Roamer; 2]) -> Vec<(u64, String)> {
    let (code, secret) = (pair[0].code.clone(), pair[0].keys[0].secret.clone());
    let reply = pair[0]
        .insist(|id| Request::Sit {
            id,
            code: code.clone(),
            secret: secret.clone(),
            last: 0,
        })
        .await;
    let Reply::Snapshot { events, .. } = reply else {
        panic!("{reply:?}")
    };
    events
        .into_iter()
        .filter_map(|e| match e.kind {
            EventKind::Action { action, .. } => Some((e.n, action)),
            _ => None,
        })
        .collect()
}

/// Every action acknowledged to either player, in order.
fn acknowledged(pair: &[Roamer; 2]) -> Vec<(u64, String)> {
    let mut all: Vec<(u64, String)> = pair.iter().flat_map(|r| r.acked.clone()).collect();
    all.sort();
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_servers_behind_a_proxy_lose_nothing_when_killed_stopped_or_paused() {
    let pg = Pg::start("cluster");
    let store = pg.url();
    let data = Data::new("cluster");
    let names = ["s1", "s2", "s3"].map(String::from);
    let mut servers: Vec<Option<Server>> = names
        .iter()
        .map(|name| {
            let data = data.0.join(name);
            Some(Server::start_named(
                &data,
                Some(&store),
                name,
                "127.0.0.1:0",
            ))
        })
        .collect();
    let addresses: Vec<(String, String)> = names
        .iter()
        .zip(&servers)
        .map(|(name, s)| (name.clone(), s.as_ref().unwrap().address()))
        .collect();
    let proxy = Proxy::start(&addresses);
    let games = [
        GameId::Chess,
        GameId::Chess100,
        GameId::Shashmaty,
        GameId::Corners,
        GameId::Turkish,
        GameId::Armenian,
    ];
    let mut pairs = Vec::new();
    for (i, &game) in games.iter().enumerate() {
        pairs.push(pair(&proxy.url, game, i as u64).await);
    }
    let (pairs, _) = play_all(pairs, 6, Instant::now()).await;

    // kill -9 the server holding the most matches: they go on elsewhere.
    let mut most = 0;
    for (i, s) in servers.iter().enumerate() {
        if held(s.as_ref().unwrap()).await > held(servers[most].as_ref().unwrap()).await {
            most = i;
        }
    }
    let killed = most;
    servers[killed].take().unwrap().kill();
    let (pairs, longest) = play_all(pairs, 6, Instant::now()).await;
    eprintln!("after kill -9, every match played on within {longest:?}");

    // SIGTERM the busier of the two left: it hands its matches over and exits.
    let alive: Vec<usize> = (0..3).filter(|&i| servers[i].is_some()).collect();
    let (a, b) = (alive[0], alive[1]);
    let stopped =
        if held(servers[a].as_ref().unwrap()).await >= held(servers[b].as_ref().unwrap()).await {
            a
        } else {
            b
        };
    let mut stopping = servers[stopped].take().unwrap();
    stopping.signal("TERM");
    let exit = tokio::task::spawn_blocking(move || {
        let status = stopping.child.wait().unwrap();
        drop(stopping);
        status
    });
    let (mut pairs, longest) = play_all(pairs, 6, Instant::now()).await;
    eprintln!("after SIGTERM, every match played on within {longest:?}");
    assert!(
        exit.await.unwrap().success(),
        "a server told to stop exits cleanly"
    );

    // The killed server comes back under its name and address. A new match is paused
    // with its server past the lease, played on elsewhere, and the paused server,
    // woken, accepts nothing more for it.
    let name = &names[killed];
    servers[killed] = Some(Server::start_named(
        &data.0.join(name),
        Some(&store),
        name,
        &addresses[killed].1,
    ));
    let (mut white, mut black) = {
        let ([white, black], _) = play(pair(&proxy.url, GameId::Chess, 9).await, 2).await;
        (white, black)
    };
    // Its server is the one that lets White sit there directly; the others name it.
    let code = white.code.clone();
    let mut owner = None;
    for (i, server) in servers.iter().enumerate() {
        let Some(server) = server else { continue };
        let mut client = server.client().await;
        let id = client.id();
        client
            .send(&Request::Sit {
                id,
                code: code.clone(),
                secret: white.keys[0].secret.clone(),
                last: 0,
            })
            .await
            .unwrap();
        let sat = client
            .until(
                |r| match r {
                    Reply::Snapshot { .. } => Some(true),
                    Reply::Error { .. } => Some(false),
                    _ => None,
                },
                |_| {},
            )
            .await
            .unwrap();
        if sat {
            owner = Some((i, client));
        }
    }
    let (paused, mut direct) = owner.expect("one server plays the match");
    let name = &names[paused];
    let paused = servers[paused].as_ref().unwrap();
    paused.signal("STOP");
    // White's move is made through the proxy, and stored by whichever server took the
    // match over once the paused one's lease ran out.
    let stale = white.choose().unwrap();
    let n = white.act(&stale).await;
    black.catch_up(n).await;
    paused.signal("CONT");
    // The paused server still has the match in memory as it was, White to move: the
    // creator's connection to it makes the same move there, and is refused.
    let id = direct.id();
    direct
        .send(&Request::Act {
            id,
            code: code.clone(),
            action: stale.clone(),
        })
        .await
        .unwrap();
    let refused = direct
        .until(
            |r| match r {
                Reply::Ack { id: i, .. } | Reply::Error { id: Some(i), .. } if *i == id => {
                    Some(r.clone())
                }
                _ => None,
            },
            |_| {},
        )
        .await
        .unwrap();
    assert!(
        matches!(&refused, Reply::Error { error, server: Some(s), .. } if error == "elsewhere" && s != name),
        "a paused server's action after its lease: {refused:?}"
    );
    pairs.push([white, black]);

    // PostgreSQL restarted mid-play, away for ten seconds: no server stops, nothing
    // is acknowledged that was not stored (the records below), and play resumes by
    // itself once it is back.
    let playing = tokio::spawn(play_all(pairs, 4, Instant::now()));
    sleep(Duration::from_millis(300)).await;
    tokio::task::block_in_place(|| pg.down());
    let outage = Instant::now();
    sleep(Duration::from_secs(10)).await;
    for server in servers.iter_mut().flatten() {
        assert!(
            server.child.try_wait().unwrap().is_none(),
            "a server runs through the database's restart"
        );
    }
    tokio::task::block_in_place(|| pg.up());
    let (mut pairs, _) = playing.await.unwrap();
    eprintln!(
        "every match played its moves {:?} after the database went away",
        outage.elapsed()
    );

    // The app's link, connected at the lobby's address (round the servers), is sent
    // on to whichever server plays each match it watches.
    let link = doska::online::link::Link::open(&proxy.url, || {});
    while link.wait(PATIENCE) != Some(Heard::Connected) {}
    for (i, pair) in pairs.iter().enumerate() {
        let code = pair[0].code.clone();
        link.send(Request::Watch {
            id: 1_000 + i as u64,
            code: code.clone(),
            last: 0,
        });
        let began = Instant::now();
        loop {
            assert!(began.elapsed() < PATIENCE, "the link never saw {code}");
            match link.wait(PATIENCE) {
                Some(Heard::Reply(Reply::Snapshot { listing, .. })) if listing.code == code => {
                    break;
                }
                Some(Heard::Reply(Reply::Error { error, .. })) => panic!("{code}: {error}"),
                _ => {}
            }
        }
    }
    drop(link);

    // Every acknowledged action is in each record, once, and nothing else is.
    let mut redirected = 0;
    for pair in &mut pairs {
        redirected += pair[0].redirected + pair[1].redirected;
        let acked = acknowledged(pair);
        assert!(acked.len() >= 2, "{}: {acked:?}", pair[0].code);
        assert_eq!(record(pair).await, acked, "match {}", pair[0].code);
    }
    eprintln!("clients were sent to another server {redirected} times");
}
