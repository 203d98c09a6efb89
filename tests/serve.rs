//! The game server as its users meet it: the real `doska serve` process, real
//! WebSocket clients, loopback only, every port chosen by the system.

use doska::online::mirror::{Mirror, Taken};
use doska::protocol::{Event, EventKind, Listing, Reply, Request, SeatKey, SeatPlan};
use doska::rules::{Action, GameId, Position};
use doska::server::client::Client;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

#[path = "serve/cluster.rs"]
mod cluster;
#[path = "serve/site.rs"]
mod site;
#[path = "serve/store.rs"]
mod store;
#[path = "serve/trust.rs"]
mod trust;

/// A running server, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(data: &std::path::Path) -> Server {
        Server::start_with(data, None)
    }

    /// A server keeping its matches in the PostgreSQL database `store` names, where
    /// it names one.
    fn start_with(data: &std::path::Path, store: Option<&str>) -> Server {
        Server::start_named(data, store, "doska", "127.0.0.1:0")
    }

    /// The same, under a name of its own among servers sharing the store, on
    /// `listen` (a port the system chooses, or the one a server of that name had).
    fn start_named(
        data: &std::path::Path,
        store: Option<&str>,
        name: &str,
        listen: &str,
    ) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_doska"));
        command
            .args(["serve", "--listen", listen, "--name", name, "--data"])
            .arg(data);
        if let Some(store) = store {
            command.args(["--store", store]);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("ws://"))
            .unwrap_or_else(|| panic!("no address in '{line}'"))
            .to_string();
        Server { child, url }
    }

    /// `kill -9`: no chance to flush or close anything.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    async fn client(&self) -> Client {
        Client::connect(&self.url).await.unwrap()
    }

    /// `host:port`.
    fn address(&self) -> String {
        self.url
            .trim_start_matches("ws://")
            .trim_end_matches('/')
            .to_string()
    }

    /// Sends a signal to the server's process.
    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(sent.success());
    }
}

/// One of a server's counts, as its `/metrics` gives it.
async fn metric(server: &Server, name: &str) -> Option<u64> {
    let (_, body) = get(server, "/metrics").await;
    body.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .and_then(|n| n.trim().parse().ok())
}

/// A WebSocket whose handshake is written by hand and which then reads nothing: it
/// answers neither the server's pings nor its close.
async fn deaf_socket(address: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut deaf = tokio::net::TcpStream::connect(address).await.unwrap();
    deaf.write_all(
        format!(
            "GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    deaf
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A data folder of its own, removed when dropped.
struct Data(PathBuf);

impl Data {
    fn new(name: &str) -> Data {
        let dir = std::env::temp_dir().join(format!("doska-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Data(dir)
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A PostgreSQL server of its own, from Debian's packages, in a folder of its own and
/// listening only on a Unix socket there (no port to take), stopped when dropped.
struct Pg {
    dir: PathBuf,
    /// The program folder of Debian's PostgreSQL.
    bin: PathBuf,
    /// Run as the `postgres` user where the tests run as root, which PostgreSQL refuses.
    as_root: bool,
}

impl Pg {
    fn start(name: &str) -> Pg {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's postgresql package (.ci/run installs it)")
            .filter_map(|e| Some(e.ok()?.path().join("bin")))
            .find(|b| b.join("pg_ctl").exists())
            .expect("a PostgreSQL with pg_ctl");
        let uid = Command::new("id").arg("-u").output().unwrap().stdout;
        let as_root = String::from_utf8_lossy(&uid).trim() == "0";
        let dir = std::env::temp_dir().join(format!("doska-pg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let pg = Pg { dir, bin, as_root };
        if as_root {
            let chown = Command::new("chown")
                .arg("postgres")
                .arg(&pg.dir)
                .status()
                .unwrap();
            assert!(chown.success());
        }
        let data = pg.dir.join("data");
        pg.run(
            "initdb",
            &["-A", "trust", "-U", "doska", "-D", &data.to_string_lossy()],
        );
        pg.up();
        pg
    }

    /// Starts the database server (again), and waits until it takes connections.
    fn up(&self) {
        let data = self.dir.join("data");
        let options = format!("-c listen_addresses='' -k {}", self.dir.display());
        self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-l",
                &self.dir.join("log").to_string_lossy(),
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
    }

    /// Stops the database server as its operator would for a restart (`-m fast`:
    /// every connection is cut), and waits until it has.
    fn down(&self) {
        let data = self.dir.join("data");
        self.run(
            "pg_ctl",
            &["-D", &data.to_string_lossy(), "-m", "fast", "-w", "stop"],
        );
    }

    fn run(&self, program: &str, args: &[&str]) {
        let program = self.bin.join(program);
        let mut command = if self.as_root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        let out = command.args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The database to give `doska serve --store`.
    fn url(&self) -> String {
        format!("host={} user=doska dbname=postgres", self.dir.display())
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        self.run(
            "pg_ctl",
            &["-D", &data.to_string_lossy(), "-m", "immediate", "stop"],
        );
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A player's view of a match: the match played from the events it received.
struct Player {
    client: Client,
    code: String,
    seats: Vec<SeatKey>,
    mirror: Mirror,
    random: u64,
}

/// An empty copy of a match, until its snapshot arrives.
fn fresh(code: &str, game: GameId, options: &[(String, String)]) -> Mirror {
    Mirror::new(Listing {
        code: code.to_string(),
        game: game.id().to_string(),
        options: options_map(options),
        clock: "-".into(),
        seats: Vec::new(),
        result: None,
        level: None,
    })
    .unwrap()
}

impl Player {
    fn new(client: Client, seats: Vec<SeatKey>, mirror: Mirror, random: u64) -> Player {
        Player {
            client,
            code: mirror.code().to_string(),
            seats,
            mirror,
            random,
        }
    }

    fn take(&mut self, reply: Reply) {
        let taken = self.mirror.take(&reply).unwrap();
        assert_ne!(taken, Taken::Gap, "events come in order, none missed");
    }

    /// Reads until a reply that `wanted` picks, taking every event on the way.
    async fn until<T>(&mut self, mut wanted: impl FnMut(&Reply) -> Option<T>) -> T {
        loop {
            let reply = self.client.next().await.unwrap();
            if let Some(t) = wanted(&reply) {
                self.take(reply);
                return t;
            }
            self.take(reply);
        }
    }

    /// Reads the next reply and takes it.
    async fn pump(&mut self) -> Reply {
        let reply = self.client.next().await.unwrap();
        self.take(reply.clone());
        reply
    }

    fn next_random(&mut self) -> u64 {
        self.random = self
            .random
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.random >> 33
    }

    /// A random move for one of the player's seats, where one is to move; resigns
    /// past `cap` actions so that every game ends.
    fn choose(&mut self, cap: usize) -> Option<String> {
        let m = self.mirror.current();
        if m.outcome().is_some() || m.roll().is_some() {
            return None;
        }
        let on_move = m.position().seats().seats_on_move();
        let mine: Vec<usize> = self
            .seats
            .iter()
            .map(|k| k.seat)
            .filter(|s| on_move.contains(s))
            .collect();
        let &seat = mine.first()?;
        if m.actions().len() >= cap && m.position().seats().seat_to_move() == seat {
            return Some("resign".into());
        }
        let moves: Vec<Action> = m
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Play(mv) if mine.contains(&m.position().mover(mv))))
            .collect();
        if moves.is_empty() {
            return None;
        }
        let pick = moves[self.next_random() as usize % moves.len()];
        Some(doska::rules::history::action_notation(
            self.mirror.current().position(),
            &pick,
        ))
    }

    /// Sends an action and reads until the server answers it: the event it made, or
    /// the error.
    async fn act(&mut self, action: &str) -> Result<u64, String> {
        let id = self.client.id();
        self.act_as(id, action).await
    }

    async fn act_as(&mut self, id: u64, action: &str) -> Result<u64, String> {
        let request = Request::Act {
            id,
            code: self.code.clone(),
            action: action.to_string(),
        };
        let answer = match self.answer(request).await {
            Reply::Ack { n, .. } => Ok(n.unwrap()),
            Reply::Error { error, .. } => Err(error),
            other => unreachable!("{other:?}"),
        };
        // The event the action made comes on the match's stream, just before or
        // after its acknowledgement.
        if let Ok(n) = answer
            && !self.seats.is_empty()
        {
            while self.mirror.last() < n {
                self.pump().await;
            }
        }
        answer
    }

    /// Sends a request and reads until the server answers it (an ack or an error),
    /// taking every event on the way.
    async fn answer(&mut self, request: Request) -> Reply {
        let id = request.id();
        self.client.send(&request).await.unwrap();
        self.until(|r| match r {
            Reply::Ack { id: i, .. } | Reply::Error { id: Some(i), .. } if *i == id => {
                Some(r.clone())
            }
            _ => None,
        })
        .await
    }

    /// Plays random moves until the match is over.
    async fn play_out(mut self, cap: usize) -> Player {
        let mut refused = 0;
        while self.mirror.current().outcome().is_none() {
            match self.choose(cap) {
                Some(action) => match self.act(&action).await {
                    Ok(_) => refused = 0,
                    Err(e) => {
                        // Faster than the rate limit, or beaten to it on the other
                        // bughouse board: wait a little, or for the next event, and
                        // choose again.
                        refused += 1;
                        assert!(refused < 100, "{action} refused: {e}");
                        let wait = std::time::Duration::from_millis(100);
                        if let Ok(reply) = tokio::time::timeout(wait, self.client.next()).await {
                            self.take(reply.unwrap());
                        }
                    }
                },
                None => {
                    self.pump().await;
                }
            }
        }
        self
    }
}

async fn request(client: &mut Client, request: Request) -> Reply {
    client.send(&request).await.unwrap();
    client
        .until(
            |r| match r {
                Reply::Created { .. }
                | Reply::Seated { .. }
                | Reply::Error { .. }
                | Reply::Ack { .. }
                | Reply::Lobby { .. } => Some(r.clone()),
                _ => None,
            },
            |_| {},
        )
        .await
        .unwrap()
}

/// A player of `keys` sat back in `code` on `client`, once the match has come as it
/// stands.
async fn sat(
    mut client: Client,
    code: &str,
    game: GameId,
    keys: Vec<SeatKey>,
    random: u64,
) -> Player {
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
    let mut p = Player::new(client, keys, fresh(code, game, &[]), random);
    p.until(|r| matches!(r, Reply::Snapshot { .. }).then_some(()))
        .await;
    p
}

/// Watches a match from its start: the snapshot.
async fn watch(client: &mut Client, code: &str) -> Reply {
    let id = client.id();
    client
        .send(&Request::Watch {
            id,
            code: code.to_string(),
            last: 0,
        })
        .await
        .unwrap();
    client
        .until(
            |r| matches!(r, Reply::Snapshot { .. }).then(|| r.clone()),
            |_| {},
        )
        .await
        .unwrap()
}

fn options_map(options: &[(String, String)]) -> BTreeMap<String, String> {
    options.iter().cloned().collect()
}

/// Makes a match with seat 0 taken by the creator and the others joined by one client
/// each; the players, creator first.
async fn seated(
    server: &Server,
    game: GameId,
    options: &[(String, String)],
    clock: Option<&str>,
    seats: usize,
) -> Vec<Player> {
    let mut creator = server.client().await;
    let mut plans = vec![SeatPlan::Open; seats];
    plans[0] = SeatPlan::Me;
    let id = creator.id();
    let Reply::Created {
        code, seats: keys, ..
    } = request(
        &mut creator,
        Request::Create {
            id,
            game: game.id().into(),
            options: options_map(options),
            clock: clock.map(String::from),
            seats: plans,
            name: Some("creator".into()),
            level: None,
        },
    )
    .await
    else {
        panic!("{} not created", game.id())
    };
    let mut players = vec![Player::new(creator, keys, fresh(&code, game, options), 1)];
    for seat in 1..seats {
        let mut client = server.client().await;
        let id = client.id();
        let Reply::Seated { seats: keys, .. } = request(
            &mut client,
            Request::Join {
                id,
                code: code.clone(),
                seat: Some(seat),
                name: Some(format!("p{seat}")),
            },
        )
        .await
        else {
            panic!("seat {seat} not joined")
        };
        players.push(Player::new(
            client,
            keys,
            fresh(&code, game, options),
            seat as u64 + 7,
        ));
    }
    players
}

/// A chess match with White and Black seated, each having taken its snapshot.
async fn chess_pair(server: &Server, clock: Option<&str>) -> (Player, Player) {
    let mut players = seated(server, GameId::Chess, &[], clock, 2).await;
    let mut black = players.pop().unwrap();
    let mut white = players.pop().unwrap();
    white.pump().await;
    black.pump().await;
    (white, black)
}

/// Every game, each with as many clients as it has seats (bughouse four, chess for
/// three three, diplomacy and all), plays a random game to its end through the
/// server; after a `kill -9` and a restart, each stored record replays to the same
/// end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_its_end_and_its_record_replays() {
    let data = Data::new("games");
    let server = Server::start(&data.0);
    let mut games = Vec::new();
    // DOSKA_SERVE_GAMES=chess,bughouse narrows the test to some games.
    let only = std::env::var("DOSKA_SERVE_GAMES").ok();
    for &game in GameId::ALL {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|g| g == game.id()))
        {
            continue;
        }
        let seats = Position::new(game, &[]).unwrap().seats().seat_count();
        let mut players = seated(&server, game, &[], None, seats).await;
        // Every player takes the snapshot its join answered with.
        for p in &mut players {
            p.pump().await;
        }
        let cap = if game == GameId::Chapayev { 120 } else { 400 };
        games.push(tokio::spawn(async move {
            let tasks: Vec<_> = players
                .into_iter()
                .map(|p| tokio::spawn(p.play_out(cap)))
                .collect();
            let mut ends = Vec::new();
            for t in tasks {
                let p = t.await.unwrap();
                ends.push((
                    p.code.clone(),
                    p.mirror.current().outcome().unwrap(),
                    p.mirror.current().actions().len(),
                ));
            }
            eprintln!("{}: over after {} actions", game.id(), ends[0].2);
            (game, ends)
        }));
    }
    let mut finished = Vec::new();
    for g in games {
        let (game, ends) = g.await.unwrap();
        let (code, outcome, _) = ends[0].clone();
        for (_, o, _) in &ends {
            assert_eq!(*o, outcome, "{}: every player sees the same end", game.id());
        }
        finished.push((game, code, outcome));
    }
    server.kill();
    let server = Server::start(&data.0);
    let mut watcher = server.client().await;
    for (game, code, outcome) in finished {
        let snapshot = watch(&mut watcher, &code).await;
        let mut mirror = fresh(&code, game, &[]);
        mirror.take(&snapshot).unwrap();
        assert_eq!(
            mirror.current().outcome(),
            Some(outcome),
            "{}: the record replays",
            game.id()
        );
    }
}

/// A client cut off reconnects with its secret and gets what it missed; a resent
/// action is played once; a spectator sees every move; nobody acts for a seat that
/// is not theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_kept_by_their_secrets() {
    let data = Data::new("seats");
    let server = Server::start(&data.0);
    let (mut white, mut black) = chess_pair(&server, None).await;
    let mut spectator = Player::new(
        server.client().await,
        vec![],
        fresh(&white.code, GameId::Chess, &[]),
        0,
    );
    let id = spectator.client.id();
    spectator
        .client
        .send(&Request::Watch {
            id,
            code: white.code.clone(),
            last: 0,
        })
        .await
        .unwrap();
    spectator
        .until(|r| matches!(r, Reply::Snapshot { .. }).then_some(()))
        .await;

    // Black may not move White's pieces, nor the spectator anyone's.
    assert_eq!(black.act("e4").await, Err("not-yours".into()));
    assert_eq!(spectator.act("e4").await, Err("not-yours".into()));
    let e4 = white.client.id();
    let n = white.act_as(e4, "e4").await.unwrap();
    // White's connection drops; Black moves meanwhile.
    let secret = white.seats[0].secret.clone();
    let Player {
        client,
        mirror,
        code,
        ..
    } = white;
    let last = mirror.last();
    client.close().await;
    black.act("e5").await.unwrap();
    // White comes back with the secret and the last event it saw.
    let mut client = server.client().await;
    let id = client.id();
    client
        .send(&Request::Sit {
            id,
            code: code.clone(),
            secret: secret.clone(),
            last,
        })
        .await
        .unwrap();
    let mut white = Player::new(client, vec![], mirror, 0);
    let keys = white
        .until(|r| match r {
            Reply::Seated { seats, .. } => Some(seats.clone()),
            _ => None,
        })
        .await;
    white.seats = keys;
    white
        .until(|r| matches!(r, Reply::Missed { .. }).then_some(()))
        .await;
    assert_eq!(
        white.mirror.current().actions().len(),
        2,
        "the move made while away arrived"
    );
    // The e4 request sent again (its answer was lost, say) is answered, not replayed.
    assert_eq!(white.act_as(e4, "e4").await, Ok(n));
    white.act("Nf3").await.unwrap();
    // A wrong secret opens nothing.
    let mut thief = server.client().await;
    let id = thief.id();
    let refused = request(
        &mut thief,
        Request::Sit {
            id,
            code: code.clone(),
            secret: "0".repeat(32),
            last: 0,
        },
    )
    .await;
    assert!(
        matches!(refused, Reply::Error { ref error, .. } if error == "wrong-secret"),
        "{refused:?}"
    );
    // A code typed in lower case is the same code.
    let id = black.client.id();
    let answer = black
        .answer(Request::Act {
            id,
            code: code.to_lowercase(),
            action: "Nc6".into(),
        })
        .await;
    assert!(matches!(answer, Reply::Ack { .. }), "{answer:?}");
    // The spectator saw every move, in order.
    while spectator.mirror.current().actions().len() < 3 {
        spectator.pump().await;
    }
    let moves: Vec<String> = (0..3)
        .map(|i| spectator.mirror.current().notation(i))
        .collect();
    assert_eq!(moves, ["e4", "e5", "Nf3"]);
    // Neither secret was ever sent to the spectator or the other player.
    assert!(!format!("{:?}", black.seats).contains(&secret));
}

/// Killed with `kill -9` mid-game and started again, the server has every
/// acknowledged action, the clocks as they stood, and the match goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_match() {
    let data = Data::new("kill");
    killed_and_resumed(&data, None).await;
}

/// The same with the matches in PostgreSQL: what the server acknowledged was
/// committed there, and a server started anew finds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_match_from_postgresql() {
    let (data, pg) = (Data::new("kill-pg"), Pg::start("kill"));
    killed_and_resumed(&data, Some(&pg.url())).await;
    assert!(
        !data.0.join("doska-server.db").exists(),
        "no SQLite file beside PostgreSQL"
    );
}

async fn killed_and_resumed(data: &Data, store: Option<&str>) {
    let server = Server::start_with(&data.0, store);
    let (mut white, mut black) = chess_pair(&server, Some("rapid-15-10")).await;
    for (w, b) in [("e4", "e5"), ("Nf3", "Nc6"), ("Bb5", "a6")] {
        white.act(w).await.unwrap();
        black.act(b).await.unwrap();
    }
    let code = white.code.clone();
    let secrets = (white.seats.clone(), black.seats.clone());
    server.kill();
    let server = Server::start_with(&data.0, store);
    let mut back = Vec::new();
    for keys in [secrets.0, secrets.1] {
        back.push(sat(server.client().await, &code, GameId::Chess, keys, 0).await);
    }
    let (mut white, black) = (back.remove(0), back.remove(0));
    assert_eq!(
        white.mirror.current().actions().len(),
        6,
        "every acknowledged move is there"
    );
    assert_eq!(black.mirror.current().actions().len(), 6);
    let n = white.act("Ba4").await.unwrap();
    assert_eq!(n, 9, "two seatings and six moves came before");
    // The clocks came back: each event carries them; fifteen minutes less a few
    // seconds at most, plus the increments.
    white
        .client
        .send(&Request::Resync { id: 99, code })
        .await
        .unwrap();
    let events = white
        .until(|r| match r {
            Reply::Snapshot { events, .. } => Some(events.clone()),
            _ => None,
        })
        .await;
    let Some(EventKind::Action {
        clocks: Some(clocks),
        ..
    }) = events.last().map(|e| &e.kind)
    else {
        panic!("no clocks in {events:?}")
    };
    for &left in clocks {
        assert!(
            (15 * 60_000..=15 * 60_000 + 40_000).contains(&left),
            "{clocks:?}"
        );
    }
}

/// A plain HTTP GET on the server's port: the status line and the body.
async fn get(server: &Server, path: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = server.address();
    let mut socket = tokio::net::TcpStream::connect(&address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}

/// A second server under the name a running server holds on the same store refuses to
/// start, saying why, where it took the first one's matches for its own; once the
/// first is gone, a server of that name starts (after what is left of its lease).
#[test]
fn a_name_a_running_server_holds_is_refused() {
    let data = Data::new("one-name");
    let first = Server::start(&data.0);
    let out = Command::new(env!("CARGO_BIN_EXE_doska"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--name",
            "doska",
            "--data",
        ])
        .arg(&data.0)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("a server named 'doska' is running"), "{said}");
    first.kill();
    Server::start(&data.0);
}

/// A server that cannot reach its store says so in one line, each cause once, where
/// the connection's error was said twice.
#[test]
fn a_store_out_of_reach_is_said_once() {
    let out = Command::new(env!("CARGO_BIN_EXE_doska"))
        .args(["serve", "--listen", "127.0.0.1:0", "--name", "lone"])
        .args(["--store", "postgres://nobody@127.0.0.1:1/none"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    let line = said
        .lines()
        .find(|l| l.starts_with("doska: "))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(line.starts_with("doska: cannot open postgres://nobody@127.0.0.1:1/none: "));
    assert_eq!(
        line.matches("error connecting to server").count(),
        1,
        "{line}"
    );
}

/// The proxy's health check and Prometheus' scrape: the counts follow the play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_answer() {
    let data = Data::new("metrics");
    let server = Server::start(&data.0);
    let (status, body) = get(&server, "/health").await;
    assert!(status.contains("200"), "{status}");
    assert_eq!(body.trim(), "ok");
    let (mut white, mut black) = chess_pair(&server, None).await;
    for (w, b) in [("e4", "e5"), ("Nf3", "Nc6")] {
        white.act(w).await.unwrap();
        black.act(b).await.unwrap();
    }
    let (status, metrics) = get(&server, "/metrics").await;
    assert!(status.contains("200"), "{status}");
    let value = |name: &str| -> f64 {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {metrics}"))
    };
    assert_eq!(value("doska_actions_total"), 4.0);
    assert_eq!(value("doska_matches"), 1.0);
    assert_eq!(
        value("doska_connections"),
        2.0,
        "the two players' connections"
    );
    assert_eq!(value("doska_action_to_broadcast_seconds_count"), 4.0);
    assert!(value("doska_store_commit_seconds_count") >= 4.0);
    assert!(metrics.contains("doska_action_to_broadcast_seconds_bucket{le=\"+Inf\"} 4"));
    // Who answers, how fresh its lease is, and that the store has not failed.
    assert!(
        metrics.contains("doska_server{name=\"doska\"} 1"),
        "{metrics}"
    );
    assert!(value("doska_heartbeat_age_seconds") < 60.0);
    assert_eq!(value("doska_store_errors_total"), 0.0);
}

/// A flag falls on the server while the player to move says nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_with_the_client_silent() {
    let data = Data::new("flag");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::Chess, &[], Some("sudden-death:1"), 2).await;
    let mut black = players.pop().unwrap();
    black.pump().await;
    let (seat, result) = black
        .until(|r| match r {
            Reply::Event {
                event:
                    Event {
                        kind: EventKind::Flag { seat, result, .. },
                        ..
                    },
                ..
            } => Some((*seat, result.clone())),
            _ => None,
        })
        .await;
    assert_eq!(seat, 0);
    assert_eq!(result.as_deref(), Some("0-1 (time-forfeit)"));
    assert_eq!(black.act("e5").await, Err("rules".into()));
}

/// In chess for three nobody moves: each flag falls once, the first two players
/// leave in turn and the third wins; then the room says nothing more, before and
/// after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_flag_in_chess_for_three_falls_once() {
    let data = Data::new("flags-three");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::TriChess, &[], Some("sudden-death:1"), 3).await;
    let mut red = players.pop().unwrap();
    red.pump().await;
    // The second flag ends the match, and the resignation it stands for comes after.
    let result = red
        .until(|r| match r {
            Reply::Event { event, .. } => match &event.kind {
                EventKind::Action { result, .. } => result.clone(),
                _ => None,
            },
            _ => None,
        })
        .await;
    assert_eq!(result, "0-0-1 (last-in-game)");
    let flags = |events: &[Event]| -> Vec<usize> {
        events
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::Flag { seat, .. } => Some(seat),
                _ => None,
            })
            .collect()
    };
    // A ping answered after the result: nothing came between.
    red.client.send(&Request::Ping { id: 1 }).await.unwrap();
    assert_eq!(red.client.next().await.unwrap(), Reply::Pong { id: 1 });
    let Reply::Snapshot { events, .. } = watch(&mut server.client().await, &red.code).await else {
        unreachable!()
    };
    assert_eq!(flags(&events), [0, 1]);
    let count = events.len();
    let code = red.code.clone();
    server.kill();
    let server = Server::start(&data.0);
    let mut client = server.client().await;
    client.send(&Request::Ping { id: 2 }).await.unwrap();
    assert_eq!(client.next().await.unwrap(), Reply::Pong { id: 2 });
    let Reply::Snapshot { events, .. } = watch(&mut client, &code).await else {
        unreachable!()
    };
    assert_eq!(events.len(), count, "a restart adds nothing");
}

/// Messages that are malformed, hostile or out of place get an error and change
/// nothing; the connection and the match go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_change_nothing() {
    let data = Data::new("hostile");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::Chess, &[], None, 2).await;
    let mut white = players.remove(0);
    white.pump().await;
    let code = white.code.clone();
    let mut hostile = server.client().await;
    let mut texts: Vec<String> = vec![
        "".into(),
        "{".into(),
        "null".into(),
        "[1,2,3]".into(),
        r#"{"type":"act"}"#.into(),
        r#"{"type":"act","id":1,"code":"ZZZZZZ","action":"e4"}"#.into(),
        format!(r#"{{"type":"act","id":1,"code":"{code}","action":"e4"}}"#),
        format!(r#"{{"type":"takeback","id":2,"code":"{code}"}}"#),
        format!(r#"{{"type":"rematch","id":3,"code":"{code}"}}"#),
        format!(r#"{{"type":"join","id":4,"code":"{code}","seat":7}}"#),
        format!(r#"{{"type":"join","id":5,"code":"{code}","seat":1}}"#),
        r#"{"type":"create","id":6,"game":"go","seats":["me","open"]}"#.into(),
        r#"{"type":"create","id":7,"game":"chess","seats":["me"]}"#.into(),
        r#"{"type":"create","id":8,"game":"chess","seats":["me","open"],"options":{"x":"y"}}"#.into(),
        r#"{"type":"create","id":9,"game":"chess","seats":["me","open"],"clock":"fischer:99999999999999999999+1"}"#.into(),
        r#"{"type":"hello","id":10,"version":99}"#.into(),
        r#"{"type":"hello","id":11,"version":1,"lang":"xx"}"#.into(),
        "x".repeat(20_000),
    ];
    // And bytes from a fixed generator, in the shape of requests and not.
    let mut state = 12345u64;
    for i in 0..200 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let noise: String = (0..(state >> 58) as usize + 1)
            .map(|k| {
                let letters = b" {}\":,0123456789abcdefghijklmnopqrstuvwxyz-";
                char::from(letters[((state >> (k % 50)) as usize + k) % letters.len()])
            })
            .collect();
        texts.push(if i % 2 == 0 {
            format!(r#"{{"type":"act","id":{i},"code":"{code}","action":"{noise}"}}"#)
        } else {
            noise
        });
    }
    let mut errors = 0;
    for text in texts {
        hostile.send_text(text).await.unwrap();
        let reply = hostile.next().await.unwrap();
        match reply {
            Reply::Error { message, .. } => {
                assert!(!message.is_empty());
                errors += 1;
            }
            other => panic!("a hostile message was answered with {other:?}"),
        }
        // Stay under the rate limit: this test is about content, not speed.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(errors > 200);
    // The match is as it was, and goes on.
    assert!(white.mirror.current().actions().is_empty());
    white.act("e4").await.unwrap();
    // A Russian client hears the rules' reason in Russian.
    let id = hostile.id();
    hostile
        .send(&Request::Hello {
            id,
            version: 1,
            lang: Some("ru".into()),
        })
        .await
        .unwrap();
    assert!(matches!(hostile.next().await.unwrap(), Reply::Ack { .. }));
    let id = hostile.id();
    hostile
        .send(&Request::Join {
            id,
            code: "ZZZZZZ".into(),
            seat: None,
            name: None,
        })
        .await
        .unwrap();
    let Reply::Error { message, .. } = hostile.next().await.unwrap() else {
        panic!()
    };
    assert!(message.contains("Партии"), "{message}");
    // A flood is refused past the rate limit, and the connection still answers.
    for i in 0..150 {
        hostile.send(&Request::Ping { id: 1000 + i }).await.unwrap();
    }
    let (mut pongs, mut slow) = (0, 0);
    for _ in 0..150 {
        match hostile.next().await.unwrap() {
            Reply::Pong { .. } => pongs += 1,
            Reply::Error { error, .. } if error == "too-fast" => slow += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(pongs > 0 && slow > 0, "{pongs} answered, {slow} refused");
    // Once the flood stops, the connection is served again.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    hostile.send(&Request::Ping { id: 7 }).await.unwrap();
    assert_eq!(hostile.next().await.unwrap(), Reply::Pong { id: 7 });
}

/// Sends a message as text and reads the reply to it.
async fn raw(client: &mut Client, text: &str) -> Reply {
    client.send_text(text.to_string()).await.unwrap();
    client.next().await.unwrap()
}

/// The error word of a reply that must be an error naming request `id`.
fn refused(reply: Reply, id: u64) -> String {
    match reply {
        Reply::Error {
            id: Some(i), error, ..
        } if i == id => error,
        other => panic!("expected an error for request {id}, got {other:?}"),
    }
}

/// Every refusal names the request it answers, with the word the document gives for
/// it, and nothing else answers it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_name_their_request_and_the_documents_word() {
    let data = Data::new("words");
    let server = Server::start(&data.0);
    let mut c = server.client().await;
    // A match that does not exist: an error alone, no ack before it.
    let reply = raw(
        &mut c,
        r#"{"type":"watch","id":5,"code":"ZZZZZZ","last":0}"#,
    )
    .await;
    assert_eq!(refused(reply, 5), "no-match");
    c.send(&Request::Ping { id: 6 }).await.unwrap();
    assert_eq!(c.next().await.unwrap(), Reply::Pong { id: 6 });
    let reply = raw(
        &mut c,
        r#"{"type":"act","id":7,"code":"ZZZZZZ","action":"e4"}"#,
    )
    .await;
    assert_eq!(refused(reply, 7), "no-match");
    // Requests that cannot be read, but whose id can.
    for (id, text) in [
        (
            8,
            r#"{"type":"sit","id":8,"code":"ABCDEF","secret":12345}"#.to_string(),
        ),
        (
            9,
            r#"{"type":"join","id":9,"code":"ABCDEF","seat":-1}"#.to_string(),
        ),
        (10, r#"{"type":"ping","id":10,"extra":true}"#.to_string()),
        (
            11,
            format!(
                r#"{{"type":"say","id":11,"code":"ABCDEF","text":"{}"}}"#,
                "x".repeat(501)
            ),
        ),
    ] {
        let reply = raw(&mut c, &text).await;
        if id == 11 {
            let Reply::Error { message, .. } = &reply else {
                panic!("{reply:?}")
            };
            assert!(message.contains("500"), "{message}");
        }
        assert_eq!(refused(reply, id), "unreadable", "{text}");
    }
    // Computers alone make no match.
    let computers =
        r#"{"type":"create","id":12,"game":"chess","seats":["computer","computer"]}"#.to_string();
    assert_eq!(refused(raw(&mut c, &computers).await, 12), "seats");
    // Dice are the server's, whenever they are sent.
    let mut players = seated(&server, GameId::DiceChess, &[], None, 2).await;
    let mut black = players.pop().unwrap();
    let mut white = players.pop().unwrap();
    white.pump().await;
    black.pump().await;
    assert_eq!(white.act("[6]").await, Err("server-rolls".into()));
    drop((white, black));
    // A move out of turn is not the player's, legal or not for the seat on move.
    let (mut white, mut black) = chess_pair(&server, None).await;
    assert_eq!(black.act("e5").await, Err("not-yours".into()));
    assert_eq!(black.act("e4").await, Err("not-yours".into()));
    // The result reads the same in the events and the listing.
    white.act("f3").await.unwrap();
    black.act("e5").await.unwrap();
    white.act("g4").await.unwrap();
    black.act("Qh4#").await.unwrap();
    let Reply::Snapshot {
        listing, events, ..
    } = watch(&mut c, &white.code).await
    else {
        unreachable!()
    };
    let Some(Event {
        kind: EventKind::Action { result, .. },
        ..
    }) = events.last()
    else {
        panic!("{events:?}")
    };
    assert_eq!(result.as_deref(), Some("0-1 (checkmate)"));
    assert_eq!(listing.result, *result);
    // Nobody moves before every seat is taken.
    let mut creator = server.client().await;
    let id = creator.id();
    let Reply::Created { code, seats, .. } = request(
        &mut creator,
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
    .await
    else {
        panic!("not created")
    };
    let mut alone = Player::new(creator, seats, fresh(&code, GameId::Chess, &[]), 3);
    alone.pump().await;
    assert_eq!(alone.act("e4").await, Err("not-started".into()));
    // One address may have only so many matches against the computer going on.
    let mut made = 0;
    let word = loop {
        let id = c.id();
        let reply = request(
            &mut c,
            Request::Create {
                id,
                game: "chess".into(),
                options: BTreeMap::new(),
                clock: None,
                seats: vec![SeatPlan::Open, SeatPlan::Computer],
                name: None,
                level: Some("easy".into()),
            },
        )
        .await;
        match reply {
            Reply::Created { .. } => made += 1,
            Reply::Error { error, .. } => break error,
            other => panic!("{other:?}"),
        }
        assert!(made <= 4, "a fifth match against the computer was made");
    };
    assert_eq!((made, word.as_str()), (4, "computer-limit"));
}

/// A client whose every message, sent and received, is kept as written.
struct Recorded {
    client: Client,
    log: Vec<String>,
}

impl Recorded {
    async fn connect(server: &Server) -> Recorded {
        let mut client = Client::connect(&server.url).await.unwrap();
        // The welcome, read by `connect`, written again as the server writes it.
        let welcome = serde_json::to_string(&Reply::Welcome {
            version: doska::protocol::VERSION,
            server: format!("doska {}", env!("CARGO_PKG_VERSION")),
            games: GameId::ALL.iter().map(|g| g.id().to_string()).collect(),
        })
        .unwrap();
        let id = client.id();
        client.send(&Request::Ping { id }).await.unwrap();
        assert_eq!(client.next().await.unwrap(), Reply::Pong { id });
        Recorded {
            client,
            log: vec![welcome],
        }
    }

    /// Sends `text` and reads until the reply that answers it, keeping all it reads.
    async fn ask(&mut self, text: String) -> Reply {
        let request: serde_json::Value = serde_json::from_str(&text).unwrap();
        let id = request["id"].as_u64().unwrap();
        let resync = request["type"] == "resync";
        self.log.push(text.clone());
        self.client.send_text(text).await.unwrap();
        loop {
            let text = self.client.next_text().await.unwrap();
            self.log.push(text.clone());
            let reply: Reply = serde_json::from_str(&text).unwrap();
            let answers = match &reply {
                Reply::Ack { id: i, .. }
                | Reply::Created { id: i, .. }
                | Reply::Seated { id: i, .. }
                | Reply::Lobby { id: i, .. }
                | Reply::Games { id: i, .. }
                | Reply::Pong { id: i }
                | Reply::View { id: i, .. }
                | Reply::Why { id: i, .. }
                | Reply::Error { id: Some(i), .. } => *i == id,
                Reply::Snapshot { .. } => resync,
                _ => false,
            };
            if answers {
                return reply;
            }
        }
    }

    /// Reads what has come for this client so far: up to the answer of a ping.
    async fn drain(&mut self) {
        let id = self.client.id();
        self.ask(format!(r#"{{"type":"ping","id":{id}}}"#)).await;
    }
}

/// Every message of a session that uses every request, every reply and every kind
/// of event follows `docs/protocol.schema.json`, checked by an independent validator
/// (Python's `jsonschema`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_message_follows_the_published_schema() {
    let data = Data::new("schema");
    let server = Server::start(&data.0);
    let mut white = Recorded::connect(&server).await;
    let mut black = Recorded::connect(&server).await;
    let mut watcher = Recorded::connect(&server).await;
    white
        .ask(r#"{"type":"hello","id":1,"version":1,"lang":"uk"}"#.into())
        .await;
    let Reply::Games { games, .. } = white.ask(r#"{"type":"games","id":2}"#.into()).await else {
        panic!("no games")
    };
    assert_eq!(games.len(), GameId::ALL.len());
    let Reply::Created { code, .. } = white
        .ask(r#"{"type":"create","id":3,"game":"chess","options":{"draw_claim":"claim"},"clock":"blitz-3-2","seats":["me","open"],"name":"Ann"}"#.into())
        .await
    else {
        panic!("not created")
    };
    white.ask(r#"{"type":"list","id":4}"#.into()).await;
    let Reply::Seated { seats, .. } = black
        .ask(format!(
            r#"{{"type":"join","id":5,"code":"{code}","name":"Bob"}}"#
        ))
        .await
    else {
        panic!("not seated")
    };
    let secret = &seats[0].secret;
    watcher
        .ask(format!(
            r#"{{"type":"watch","id":6,"code":"{code}","last":0}}"#
        ))
        .await;
    white
        .ask(format!(
            r#"{{"type":"act","id":7,"code":"{code}","action":"e4"}}"#
        ))
        .await;
    black
        .ask(format!(
            r#"{{"type":"act","id":8,"code":"{code}","action":"e5"}}"#
        ))
        .await;
    white
        .ask(format!(
            r#"{{"type":"say","id":9,"code":"{code}","text":"<b>Удачі!</b>"}}"#
        ))
        .await;
    for (id, accept) in [(10, false), (12, true)] {
        black
            .ask(format!(
                r#"{{"type":"takeback","id":{id},"code":"{code}"}}"#
            ))
            .await;
        white.drain().await;
        white
            .ask(format!(
                r#"{{"type":"takeback-answer","id":{},"code":"{code}","accept":{accept}}}"#,
                id + 1
            ))
            .await;
    }
    watcher
        .ask(format!(r#"{{"type":"resync","id":14,"code":"{code}"}}"#))
        .await;
    // A thin client's board: the cells once, then the pieces and its legal moves.
    let Reply::View {
        geometry, board, ..
    } = black
        .ask(format!(
            r#"{{"type":"view","id":26,"code":"{code}","geometry":true}}"#
        ))
        .await
    else {
        panic!("no view")
    };
    assert_eq!(geometry.map(|g| g.cells.len()), Some(64));
    // The second takeback was agreed: Black is to move again after 1. e4.
    assert_eq!(
        (board.pieces.len(), board.to_move, board.legal.len()),
        (32, vec![1], 20)
    );
    // Why not: Black's king on e8 (cell 60) has nowhere to go.
    let Reply::Why { text, .. } = black
        .ask(format!(
            r#"{{"type":"why","id":27,"code":"{code}","from":60}}"#
        ))
        .await
    else {
        panic!("no why")
    };
    assert!(!text.is_empty());
    let mut again = Recorded::connect(&server).await;
    again
        .ask(format!(
            r#"{{"type":"sit","id":15,"code":"{code}","secret":"{secret}","last":2}}"#
        ))
        .await;
    black
        .ask(format!(
            r#"{{"type":"act","id":16,"code":"{code}","action":"resign"}}"#
        ))
        .await;
    white
        .ask(format!(r#"{{"type":"rematch","id":17,"code":"{code}"}}"#))
        .await;
    black
        .ask(format!(r#"{{"type":"rematch","id":18,"code":"{code}"}}"#))
        .await;
    // The server's dice, a flag on its clock, and refusals of every kind the session
    // meets.
    let Reply::Created { code: dice, .. } = white
        .ask(r#"{"type":"create","id":19,"game":"dice-chess","clock":"sudden-death:1","seats":["me","open"]}"#.into())
        .await
    else {
        panic!("not created")
    };
    black
        .ask(format!(r#"{{"type":"join","id":20,"code":"{dice}"}}"#))
        .await;
    loop {
        let text = white.client.next_text().await.unwrap();
        white.log.push(text.clone());
        if text.contains(r#""kind":"flag""#) {
            break;
        }
    }
    for (id, text) in [
        (
            21,
            format!(r#"{{"type":"act","id":21,"code":"{dice}","action":"e4"}}"#),
        ),
        (
            22,
            r#"{"type":"watch","id":22,"code":"ZZZZZZ"}"#.to_string(),
        ),
        (
            23,
            r#"{"type":"join","id":23,"code":"ZZZZZZ","seat":-1}"#.to_string(),
        ),
        (
            24,
            r#"{"type":"create","id":24,"game":"go","seats":["me","open"]}"#.to_string(),
        ),
        (25, r#"{"type":"hello","id":25,"version":9}"#.to_string()),
    ] {
        let reply = white.ask(text.clone()).await;
        assert!(
            matches!(reply, Reply::Error { id: Some(i), .. } if i == id),
            "{reply:?}"
        );
        // Some of these requests are outside the schema on purpose; their answers
        // are not.
        white.log.retain(|l| *l != text);
    }
    for client in [&mut white, &mut black, &mut watcher, &mut again] {
        client.drain().await;
    }
    let log: Vec<String> = [white.log, black.log, watcher.log, again.log].concat();
    // Every kind of event and reply the schema names was met.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/protocol.schema.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let named = |path: &str| -> Vec<String> {
        schema
            .pointer(path)
            .and_then(|v| v.as_array())
            .unwrap_or_else(|| panic!("the schema has {path}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    for kind in named("/$defs/event/properties/kind/enum") {
        let word = format!(r#""kind":"{kind}""#);
        assert!(log.iter().any(|l| l.contains(&word)), "no {kind} event met");
    }
    for kind in named("/$defs/reply/properties/type/enum") {
        let word = format!(r#""type":"{kind}""#);
        assert!(
            log.iter().any(|l| l.starts_with(&format!("{{{word}"))),
            "no {kind} reply met"
        );
    }
    let mut validator = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    {
        use std::io::Write;
        let mut stdin = validator.stdin.take().unwrap();
        for line in &log {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    let out = validator.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// In bughouse a bare move is played on the board of the seat that sends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bare_bughouse_move_is_played_on_the_seats_board() {
    let data = Data::new("bare");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::Bughouse, &[], None, 4).await;
    let mut b_white = players.remove(2);
    b_white.pump().await;
    let n = b_white.act("e4").await.unwrap();
    let m = b_white.mirror.current();
    assert_eq!(m.notation(m.actions().len() - 1), "1B. e4", "event {n}");
}

/// Chess for three's diplomacy belongs to the army that decides it: after White
/// takes a black piece, White offers to be Black's master though Black is to move,
/// Black may not make White's offer, Black answers, and White gives the order and
/// moves for Black.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_for_three_s_diplomacy_is_made_by_the_deciding_army() {
    let data = Data::new("diplomacy");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::TriChess, &[], None, 3).await;
    for p in &mut players {
        p.pump().await;
    }
    for (seat, action) in [
        (0, "NWP2-WS3"),
        (1, "BC6-BV12"),
        (2, "RC1-RS2"),
        (0, "NWS3:BV12"),
    ] {
        players[seat].act(action).await.unwrap();
    }
    let offer = "W>B servant?";
    assert_eq!(players[1].act(offer).await, Err("not-yours".into()));
    players[0].act(offer).await.unwrap();
    while players[1].mirror.last() < players[0].mirror.last() {
        players[1].pump().await;
    }
    players[1].act("B: yes").await.unwrap();
    while players[0].mirror.last() < players[1].mirror.last() {
        players[0].pump().await;
    }
    assert_eq!(players[1].act("W>B order").await, Err("not-yours".into()));
    players[0].act("W>B order").await.unwrap();
    // White moves one of Black's pieces.
    let moved = players[0]
        .choose(usize::MAX)
        .expect("White moves for Black");
    players[0].act(&moved).await.unwrap();
    let m = players[0].mirror.current();
    let last = m.actions().len() - 1;
    let before = &m.state_before(last).position;
    assert_eq!(before.seats().turn(), doska::rules::Side::Black, "{moved}");
}

/// Chapayev's lot decides nothing later: its seed is 0, and each shot brings its own
/// luck, drawn by the server once the shot is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chapayev_draws_each_shots_luck_when_it_is_made() {
    let data = Data::new("luck");
    let server = Server::start(&data.0);
    let mut players = seated(&server, GameId::Chapayev, &[], None, 2).await;
    for p in &mut players {
        p.pump().await;
    }
    let lot = players[0].mirror.current().notation(0);
    assert!(lot.ends_with(" seed=0"), "{lot}");
    let mut shots = Vec::new();
    while shots.len() < 2 {
        let (k, action) = players
            .iter_mut()
            .enumerate()
            .find_map(|(k, p)| Some((k, p.choose(usize::MAX)?)))
            .expect("a seat on move");
        assert!(!action.contains("luck="), "{action}");
        players[k].act(&action).await.unwrap();
        let m = players[k].mirror.current();
        shots.push(m.notation(m.actions().len() - 1));
        let n = players[k].mirror.last();
        for p in &mut players {
            while p.mirror.last() < n {
                p.pump().await;
            }
        }
    }
    for shot in &shots {
        assert!(shot.contains(" luck="), "{shot}");
    }
}

/// Takebacks are asked and answered; a rematch swaps colours and the players sit
/// in it with the secrets they had.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_rematches() {
    let data = Data::new("rematch");
    let server = Server::start(&data.0);
    let (mut white, mut black) = chess_pair(&server, None).await;
    white.act("e4").await.unwrap();
    black.act("e5").await.unwrap();
    // Black asks; White declines, then Black asks again and White agrees.
    let code = white.code.clone();
    for accept in [false, true] {
        let id = black.client.id();
        let asked = black
            .answer(Request::Takeback {
                id,
                code: code.clone(),
            })
            .await;
        assert!(matches!(asked, Reply::Ack { .. }), "{asked:?}");
        white
            .until(|r| {
                matches!(
                    r,
                    Reply::Event {
                        event: Event {
                            kind: EventKind::TakebackAsked { .. },
                            ..
                        },
                        ..
                    }
                )
                .then_some(())
            })
            .await;
        let id = white.client.id();
        let answered = white
            .answer(Request::TakebackAnswer {
                id,
                code: code.clone(),
                accept,
            })
            .await;
        assert!(matches!(answered, Reply::Ack { .. }), "{answered:?}");
    }
    // e5 was taken back, for both.
    for p in [&mut white, &mut black] {
        while p.mirror.current().actions().len() != 1 {
            p.pump().await;
        }
    }
    black.act("c5").await.unwrap();
    white.act("resign").await.unwrap();
    while black.mirror.current().outcome().is_none() {
        black.pump().await;
    }
    for p in [&mut white, &mut black] {
        let id = p.client.id();
        let asked = p
            .answer(Request::Rematch {
                id,
                code: code.clone(),
            })
            .await;
        assert!(matches!(asked, Reply::Ack { .. }), "{asked:?}");
    }
    let rematch = white
        .until(|r| match r {
            Reply::Event {
                event:
                    Event {
                        kind: EventKind::Rematch { code },
                        ..
                    },
                ..
            } => Some(code.clone()),
            _ => None,
        })
        .await;
    let id = white.client.id();
    let secret = white.seats[0].secret.clone();
    let seated = request(
        &mut white.client,
        Request::Sit {
            id,
            code: rematch,
            secret,
            last: 0,
        },
    )
    .await;
    let Reply::Seated { seats, .. } = seated else {
        panic!("{seated:?}")
    };
    assert_eq!(seats[0].seat, 1, "White plays Black in the rematch");
}

/// The computer plays its seat on the server, and a takeback against it takes back
/// the player's move with the computer's reply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_plays_its_seat() {
    let data = Data::new("computer");
    let server = Server::start(&data.0);
    let mut client = server.client().await;
    let id = client.id();
    let Reply::Created { code, seats, .. } = request(
        &mut client,
        Request::Create {
            id,
            game: "chess".into(),
            options: BTreeMap::new(),
            clock: Some("blitz-3-2".into()),
            seats: vec![SeatPlan::Me, SeatPlan::Computer],
            name: None,
            level: Some("easy".into()),
        },
    )
    .await
    else {
        panic!("not created")
    };
    let mut white = Player::new(client, seats, fresh(&code, GameId::Chess, &[]), 3);
    white.pump().await;
    white.act("e4").await.unwrap();
    while white.mirror.current().actions().len() < 2 {
        white.pump().await;
    }
    let id = white.client.id();
    white
        .client
        .send(&Request::Takeback {
            id,
            code: code.clone(),
        })
        .await
        .unwrap();
    while !white.mirror.current().actions().is_empty() {
        white.pump().await;
    }
    white.act("d4").await.unwrap();
    while white.mirror.current().actions().len() < 2 {
        white.pump().await;
    }
    assert_eq!(white.mirror.current().notation(0), "d4");
}

/// Each seat's connection is shown as it comes and goes; players chat and spectators
/// read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_and_chat() {
    let data = Data::new("chat");
    let server = Server::start(&data.0);
    let (mut white, black) = chess_pair(&server, None).await;
    let code = white.code.clone();
    let mut spectator = server.client().await;
    let Reply::Snapshot { listing, .. } = watch(&mut spectator, &code).await else {
        unreachable!()
    };
    let seats = listing.seats;
    assert!(seats.iter().all(|s| s.connected), "{seats:?}");
    let presence = |wanted: bool| {
        move |r: &Reply| match r {
            Reply::Presence {
                seat: 1, connected, ..
            } if *connected == wanted => Some(()),
            _ => None,
        }
    };
    // Black goes, and comes back.
    let secret = black.seats[0].secret.clone();
    black.client.close().await;
    white.until(presence(false)).await;
    let mut client = server.client().await;
    let id = client.id();
    request(
        &mut client,
        Request::Sit {
            id,
            code: code.clone(),
            secret,
            last: 0,
        },
    )
    .await;
    white.until(presence(true)).await;
    // White speaks; everyone following hears it; the spectator may not speak.
    let id = white.client.id();
    white
        .client
        .send(&Request::Say {
            id,
            code: code.clone(),
            text: "Удачи!".into(),
        })
        .await
        .unwrap();
    let said = spectator
        .until(
            |r| match r {
                Reply::Event {
                    event:
                        Event {
                            kind: EventKind::Said { seat, text },
                            ..
                        },
                    ..
                } => Some((*seat, text.clone())),
                _ => None,
            },
            |_| {},
        )
        .await
        .unwrap();
    assert_eq!(said, (0, "Удачи!".to_string()));
    let id = spectator.id();
    let refused = request(
        &mut spectator,
        Request::Say {
            id,
            code: code.clone(),
            text: "hi".into(),
        },
    )
    .await;
    assert!(matches!(refused, Reply::Error { ref error, .. } if error == "not-yours"));
    let id = white.client.id();
    let refused = white
        .answer(Request::Say {
            id,
            code,
            text: "   ".into(),
        })
        .await;
    assert!(matches!(refused, Reply::Error { ref error, .. } if error == "empty"));
}

/// Reads a raw socket until the server closes it.
async fn until_closed(socket: &mut tokio::net::TcpStream) {
    use tokio::io::AsyncReadExt;
    let mut buffer = [0u8; 1024];
    let closed = async {
        while let Ok(n) = socket.read(&mut buffer).await {
            if n == 0 {
                break;
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(120), closed)
        .await
        .expect("the server closes a half-open connection");
}

/// A connection that never finishes its handshake, and one that stops answering the
/// server's pings, are closed by the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_open_connections_are_closed() {
    let data = Data::new("half-open");
    let server = Server::start(&data.0);
    let address = server.address();
    let mut mute = tokio::net::TcpStream::connect(&address).await.unwrap();
    // The second finishes its handshake by hand, then never answers a ping.
    let mut deaf = deaf_socket(&address).await;
    until_closed(&mut mute).await;
    until_closed(&mut deaf).await;
    // The server is as it was.
    let mut client = server.client().await;
    let id = client.id();
    client.send(&Request::Ping { id }).await.unwrap();
    assert_eq!(client.next().await.unwrap(), Reply::Pong { id });
}

/// Reads a raw WebSocket until the server's close frame; the replies read before it,
/// and its code.
async fn until_close_frame(
    socket: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> (Vec<Reply>, u16) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let mut replies = Vec::new();
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(60), socket.next())
            .await
            .expect("the server answers")
            .expect("the server closes with a close frame, not by dropping the connection")
            .expect("the socket reads");
        match message {
            Message::Text(text) => replies.push(serde_json::from_str(&text).unwrap()),
            Message::Close(frame) => return (replies, frame.map_or(1005, |f| f.code.into())),
            _ => {}
        }
    }
}

/// A flood past the limit is answered up to its end and closed with 1008; text that is
/// not UTF-8 is closed with 1007.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abusive_connections_are_closed_with_the_rfcs_codes() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data as Kind, OpCode};
    let data = Data::new("abusive");
    let server = Server::start(&data.0);
    let (mut flood, _) = tokio_tungstenite::connect_async(&server.url).await.unwrap();
    for id in 0..300u64 {
        let ping = serde_json::to_string(&Request::Ping { id }).unwrap();
        if flood.send(Message::text(ping)).await.is_err() {
            break;
        }
    }
    let (replies, code) = until_close_frame(&mut flood).await;
    assert_eq!(code, 1008);
    let pongs = replies
        .iter()
        .filter(|r| matches!(r, Reply::Pong { .. }))
        .count();
    let slow = replies
        .iter()
        .filter(|r| matches!(r, Reply::Error { error, id: Some(_), .. } if error == "too-fast"))
        .count();
    assert!(pongs >= 40 && slow > 200, "{pongs} pongs, {slow} refused");
    let (mut garbled, _) = tokio_tungstenite::connect_async(&server.url).await.unwrap();
    let bad = Frame::message(vec![0x7b, 0xff, 0xfe, 0x7d], OpCode::Data(Kind::Text), true);
    garbled.send(Message::Frame(bad)).await.unwrap();
    let (_, code) = until_close_frame(&mut garbled).await;
    assert_eq!(code, 1007);
}

/// A client written from `docs/protocol.md` alone, in Python's standard library, plays
/// every game the server lists: it makes the match, takes every seat, plays the game's
/// examples from whichever seat may, and resigns until the match has its result.
#[test]
fn a_client_written_from_the_document_alone_plays_every_game() {
    let data = Data::new("doc-client");
    let server = Server::start(&data.0);
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/doc_client.py"))
        .arg(&server.url)
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games = GameId::ALL.len();
    assert!(said.contains(&format!("{games} games, 0 failed")), "{said}");
}

/// The browser client in a real headless Chromium (Debian's, driven by playwright-core
/// from `tests/web/`, both installed by `.ci/run`): two browsers play chess to mate
/// from the link, one of them a phone playing by touch; a reload comes back to the
/// seat; a spectator cannot move; a name and a chat line of markup show as text;
/// three browsers move in chess for three and three in bughouse; every game opens
/// with its board. `DOSKA_SHOTS` names a folder to keep the screenshots in.
#[test]
fn browsers_play_from_the_link() {
    in_a_browser("browser", "play.mjs");
}

/// Issue 76's page: a reload twice and a second tab lose no move, long text is
/// refused in words, names are isolated, results and moves in the reader's language
/// and numbered, a spectator's page, the server's paths, the last-move mark, a phone.
#[test]
fn browsers_keep_every_move_and_read_as_players_do() {
    in_a_browser("strangers", "strangers.mjs");
}

/// A person against the server's computers to the end: bughouse against three, and a
/// resigned chess for three that counts as finished for the person.
#[test]
fn browsers_play_the_computers_to_the_end() {
    in_a_browser("computers", "computers.mjs");
}

/// Issue 79's page, with no mouse event: chess to mate and chess for three played by
/// arrows, Enter, Space and Esc, and a Chapayev flick aimed by keys; a game by typed
/// moves (case and check marks as one likes, two cells, the rules' reason, the
/// commands); the live region after a capture with check and after the mate; the
/// board as a grid or a list box of named cells; axe-core on the lobby and a match of
/// each family.
#[test]
fn browsers_play_by_keys_and_by_typing() {
    in_a_browser("keyboard", "keyboard.mjs");
}

/// Runs `script` of `tests/web` in node against a fresh server, with a folder for its
/// screenshots (`DOSKA_SHOTS`, else the server's data folder).
fn in_a_browser(name: &str, script: &str) {
    let data = Data::new(name);
    let server = Server::start(&data.0);
    let page = server.url.replacen("ws://", "http://", 1);
    let shots = std::env::var_os("DOSKA_SHOTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| data.0.join("shots"));
    std::fs::create_dir_all(&shots).unwrap();
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web");
    assert!(
        web.join("node_modules/playwright-core").exists(),
        "playwright-core is not installed: run `npm ci --prefix tests/web` (as .ci/run does)"
    );
    let out = Command::new("node")
        .arg(web.join(script))
        .arg(&page)
        .arg(&shots)
        .output()
        .expect("node runs (Debian's nodejs)");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
