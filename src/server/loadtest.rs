//! `doska loadtest`: simulated players on loopback, two connections a match, playing
//! random chess with clocks against a real server. It reports the matches held at
//! once, actions a second, the time from a player's action to the opponent seeing it
//! (p50, p99), and the server's memory per match; with several servers, how many
//! matches one took over from another and how many writes were fenced off, which a
//! busy machine with no fault must leave at zero.

use super::client::Client;
use crate::protocol::{EventKind, Reply, Request, SeatPlan};
use crate::rules::history::parse_action;
use crate::rules::{Action, GameId, Match, Position};
use anyhow::{Context, anyhow};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::time::{Duration, Instant};

/// The time control of the simulated matches.
const CLOCK: &str = "fischer:600+5";

/// What one run measured.
#[derive(Default)]
struct Stats {
    /// When each action was sent, by match and action number.
    sent: Mutex<HashMap<(String, usize), Instant>>,
    /// Microseconds from sending to the opponent seeing it.
    seen: Mutex<Vec<u64>>,
    acted: AtomicU64,
    failed: AtomicU64,
}

/// The servers the load test started, and HAProxy in front of them where asked;
/// stopped when dropped.
struct Started {
    servers: Vec<Child>,
    /// Each server's `host:port`.
    addresses: Vec<String>,
    _proxy: Option<super::proxy::Haproxy>,
    data: std::path::PathBuf,
}

impl Drop for Started {
    fn drop(&mut self) {
        for child in &mut self.servers {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// How the load test runs its own servers.
pub struct Servers {
    /// How many, sharing one store.
    pub count: usize,
    /// PostgreSQL (`postgres://…`); SQLite by default, one file they all share.
    pub store: Option<String>,
    /// HAProxy in front of them (always, for more than one).
    pub proxy: bool,
}

/// Starts `doska serve` processes on free loopback ports, and HAProxy in front where
/// asked; the address the players connect to.
fn start_servers(how: &Servers) -> anyhow::Result<(Started, String)> {
    let exe = std::env::current_exe().context("cannot find this program")?;
    let data = std::env::temp_dir().join(format!("doska-loadtest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).context("cannot make the load test's folder")?;
    let mut started = Started {
        servers: Vec::new(),
        addresses: Vec::new(),
        _proxy: None,
        data: data.clone(),
    };
    let mut addresses = Vec::new();
    for i in 1..=how.count.max(1) {
        let name = format!("s{i}");
        let mut command = Command::new(&exe);
        command
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--name",
                &name,
                "--data",
            ])
            .arg(&data);
        if let Some(store) = &how.store {
            command.args(["--store", store]);
        }
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .context("cannot start the server")?;
        let stdout = child.stdout.take().context("the server has no output")?;
        started.servers.push(child);
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .context("cannot read the server's address")?;
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("ws://"))
            .ok_or_else(|| anyhow!("the server said '{}'", line.trim()))?;
        let address = url.trim_start_matches("ws://").trim_end_matches('/');
        addresses.push((name, address.to_string()));
        started.addresses.push(address.to_string());
    }
    if how.proxy || how.count > 1 {
        let proxy = super::proxy::Haproxy::start(&data.join("haproxy.cfg"), &addresses)
            .context("cannot start haproxy")?;
        let url = proxy.url.clone();
        started._proxy = Some(proxy);
        return Ok((started, url));
    }
    let url = format!("ws://{}/", addresses[0].1);
    Ok((started, url))
}

/// The resident memory of a process, in KiB (Linux).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs one measurement per number of matches in `sizes`, against `server` or servers
/// of its own; the report as a table.
pub fn run(
    server: Option<String>,
    own: &Servers,
    sizes: &[usize],
    seconds: u64,
    think: u64,
) -> anyhow::Result<String> {
    let (started, url) = match server {
        Some(url) => (None, url),
        None => {
            let (s, url) = start_servers(own)?;
            (Some(s), url)
        }
    };
    let pids: Vec<u32> = started
        .iter()
        .flat_map(|s| s.servers.iter().map(Child::id))
        .collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the load test's runtime")?;
    let mut report = format!(
        "Random chess ({CLOCK}), two players a match each on its own connection, \
         thinking {think} ms a move; {seconds} s a run.\n\n\
         | matches | connections | actions/s | p50 ms | p99 ms | server memory | per match |\n\
         |---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for &size in sizes {
        let line = runtime.block_on(measure(&url, size, seconds, think, &pids))?;
        eprintln!("{line}");
        report.push_str(&line);
        report.push('\n');
    }
    if let Some(started) = started.as_ref().filter(|s| s.addresses.len() > 1) {
        let count = |name| {
            started
                .addresses
                .iter()
                .map(|a| metric(a, name).unwrap_or(0))
                .sum::<u64>()
        };
        report.push_str(&format!(
            "\nMatches taken over from a server thought silent: {}; writes fenced off: {}.\n",
            count("doska_leases_taken_over_total"),
            count("doska_leases_fenced_total"),
        ));
    }
    drop(started);
    Ok(report)
}

/// One of a server's counts from its `/metrics` (a plain HTTP/1.0 request).
fn metric(address: &str, name: &str) -> Option<u64> {
    use std::io::{Read, Write};
    let mut socket = std::net::TcpStream::connect(address).ok()?;
    socket
        .write_all(format!("GET /metrics HTTP/1.0\r\nHost: {address}\r\n\r\n").as_bytes())
        .ok()?;
    let mut answer = String::new();
    socket.read_to_string(&mut answer).ok()?;
    answer
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

async fn measure(
    url: &str,
    size: usize,
    seconds: u64,
    think: u64,
    pids: &[u32],
) -> anyhow::Result<String> {
    // The servers' memory together, where the load test started them.
    let resident = || -> Option<u64> {
        (!pids.is_empty())
            .then(|| pids.iter().map(|&p| resident_kib(p)).sum::<Option<u64>>())
            .flatten()
    };
    let before = resident();
    let stats = Arc::new(Stats::default());
    // Every pair connects first; the measured run starts when all have, and `end`
    // is set between the two barriers.
    let ready = Arc::new(tokio::sync::Barrier::new(size + 1));
    let go = Arc::new(tokio::sync::Barrier::new(size + 1));
    let end = Arc::new(std::sync::OnceLock::<Instant>::new());
    let mut tasks = Vec::new();
    for i in 0..size {
        let (url, stats) = (url.to_string(), stats.clone());
        let (ready, go, end) = (ready.clone(), go.clone(), end.clone());
        tasks.push(tokio::spawn(async move {
            let pair = pair(&url, i as u64).await;
            ready.wait().await;
            go.wait().await;
            let end = *end.get().expect("set between the barriers");
            match pair {
                Ok((a, b)) => {
                    let one = tokio::spawn(play(a, stats.clone(), end, think, 2 * i as u64));
                    let two = tokio::spawn(play(b, stats.clone(), end, think, 2 * i as u64 + 1));
                    let _ = one.await;
                    let _ = two.await;
                }
                Err(e) => {
                    eprintln!("doska loadtest: {e}");
                    stats.failed.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    ready.wait().await;
    let measured_from = Instant::now();
    let until = measured_from + Duration::from_secs(seconds);
    let _ = end.set(until);
    go.wait().await;
    // The peak memory, read while the matches are under way.
    let mut peak = before;
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if let Some(kib) = resident() {
            peak = Some(peak.map_or(kib, |p| p.max(kib)));
        }
    }
    for t in tasks {
        let _ = t.await;
    }
    let secs = measured_from.elapsed().as_secs_f64().max(1e-9);
    let mut seen = std::mem::take(&mut *stats.seen.lock().expect("lock"));
    seen.sort_unstable();
    let quantile = |q: f64| {
        seen.get(((seen.len() as f64 * q) as usize).min(seen.len().saturating_sub(1)))
            .map_or(f64::NAN, |us| *us as f64 / 1000.0)
    };
    let acted = stats.acted.load(Ordering::Relaxed);
    let memory = match (before, peak) {
        (Some(b), Some(p)) => format!(
            "{:.1} MiB | {:.1} KiB",
            p as f64 / 1024.0,
            p.saturating_sub(b) as f64 / size as f64
        ),
        _ => "- | -".to_string(),
    };
    let failed = stats.failed.load(Ordering::Relaxed);
    let failed = if failed > 0 {
        format!(" ({failed} failed)")
    } else {
        String::new()
    };
    Ok(format!(
        "| {size}{failed} | {} | {:.0} | {:.1} | {:.1} | {memory} |",
        size * 2,
        acted as f64 / secs,
        quantile(0.5),
        quantile(0.99),
    ))
}

type Seat = (Client, String, usize);

/// Opens a connection at a match's own address (`URL/CODE`), where a proxy in front of
/// several servers sends it to the match's server, and makes `request` there; where a
/// server says another plays the match, goes there by name. The connection, and the
/// reply to the request.
async fn at_match(
    url: &str,
    code: &str,
    request: impl Fn(u64) -> Request,
) -> anyhow::Result<(Client, Reply)> {
    let base = url.trim_end_matches('/');
    let mut to = format!("{base}/{code}");
    for _ in 0..10 {
        let mut client = Client::connect(&to).await?;
        let id = client.id();
        client.send(&request(id)).await?;
        let reply = client
            .until(
                |r| match r {
                    Reply::Seated { id: i, .. } | Reply::Error { id: Some(i), .. } if *i == id => {
                        Some(r.clone())
                    }
                    _ => None,
                },
                |_| {},
            )
            .await?;
        match &reply {
            Reply::Error {
                error,
                server: Some(server),
                ..
            } if error == "elsewhere" => to = format!("{base}/{code}?server={server}"),
            Reply::Error { message, .. } => return Err(anyhow!("{message}")),
            _ => return Ok((client, reply)),
        }
    }
    Err(anyhow!("match {code}: sent from server to server"))
}

/// Makes a match and seats two players in it, each on a connection at the match's
/// own address.
async fn pair(url: &str, i: u64) -> anyhow::Result<(Seat, Seat)> {
    let mut a = Client::connect(url).await?;
    let id = a.id();
    a.send(&Request::Create {
        id,
        game: "chess".into(),
        options: Default::default(),
        clock: Some(CLOCK.into()),
        seats: vec![SeatPlan::Me, SeatPlan::Open],
        name: Some(format!("a{i}")),
        level: None,
    })
    .await?;
    let (code, secret) = a
        .until(
            |r| match r {
                Reply::Created { code, seats, .. } => Some(
                    seats
                        .first()
                        .map(|k| (code.clone(), k.secret.clone()))
                        .ok_or_else(|| anyhow!("no seat made")),
                ),
                Reply::Error { message, .. } => Some(Err(anyhow!("{message}"))),
                _ => None,
            },
            |_| {},
        )
        .await??;
    a.close().await;
    let (b, _) = at_match(url, &code, |id| Request::Join {
        id,
        code: code.clone(),
        seat: None,
        name: Some(format!("b{i}")),
    })
    .await?;
    let (a, _) = at_match(url, &code, |id| Request::Sit {
        id,
        code: code.clone(),
        secret: secret.clone(),
        last: u64::MAX,
    })
    .await?;
    Ok(((a, code.clone(), 0), (b, code, 1)))
}

/// Plays random moves for `seat` until `end` or the game's end.
async fn play(
    (mut client, code, seat): Seat,
    stats: Arc<Stats>,
    end: Instant,
    think: u64,
    seed: u64,
) {
    let mut m = Match::new(Position::new(GameId::Chess, &[]).expect("chess starts"));
    let mut random = SplitMix64::seed_from_u64(seed);
    loop {
        let my_turn = m.outcome().is_none() && m.position().seats().seat_to_move() == seat;
        if my_turn {
            let wait = think / 2 + random.next_u64() % (think + 1);
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if Instant::now() >= end {
                break;
            }
            let moves: Vec<Action> = m
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Play(_)))
                .collect();
            let Some(&action) = moves.get(random.next_u64() as usize % moves.len().max(1)) else {
                break;
            };
            let text = crate::rules::history::action_notation(m.position(), &action);
            stats
                .sent
                .lock()
                .expect("lock")
                .insert((code.clone(), m.actions().len()), Instant::now());
            let id = client.id();
            if client
                .send(&Request::Act {
                    id,
                    code: code.clone(),
                    action: text,
                })
                .await
                .is_err()
            {
                break;
            }
            stats.acted.fetch_add(1, Ordering::Relaxed);
        }
        // Reads until the board changes.
        let before = m.actions().len();
        while m.actions().len() == before {
            let remaining = end.saturating_duration_since(Instant::now());
            let Ok(reply) = tokio::time::timeout(remaining, client.next()).await else {
                client.close().await;
                return;
            };
            let Ok(reply) = reply else { return };
            let Reply::Event { event, .. } = reply else {
                continue;
            };
            let EventKind::Action {
                seat: by, action, ..
            } = event.kind
            else {
                continue;
            };
            let index = m.actions().len();
            if by != seat
                && let Some(sent) = stats
                    .sent
                    .lock()
                    .expect("lock")
                    .remove(&(code.clone(), index))
            {
                stats
                    .seen
                    .lock()
                    .expect("lock")
                    .push(sent.elapsed().as_micros() as u64);
            }
            match parse_action(m.position(), &action).map(|a| m.play(a)) {
                Ok(Ok(())) => {}
                _ => return,
            }
        }
        if m.outcome().is_some() || Instant::now() >= end {
            break;
        }
    }
    client.close().await;
}
