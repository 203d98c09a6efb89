//! `doska serve`: the game server. It holds every match with the rules engine and is
//! its referee; clients connect by WebSocket and speak the protocol of
//! [`crate::protocol`]. It runs without a window and without Bevy.
//!
//! One task per connection reads requests; one task per match ([`room`]) plays them in
//! order; one thread ([`writer`]) stores every event before it is acknowledged.
//! Several servers may share one store, each playing the matches it holds a lease on
//! ([`store`]), which another thread keeps ([`pulse`]); a server told to stop hands
//! its matches over first. A store that cannot be reached stops nothing but what
//! needs it: see [`lobby`].

mod catalogue;
pub mod client;
mod connection;
mod lag;
mod limits;
pub mod loadtest;
mod lobby;
mod metrics;
pub mod postgres;
pub mod proxy;
mod pulse;
mod refused;
mod room;
mod secret;
mod setup;
pub mod sqlite;
pub mod store;
mod view;
mod web;
mod writer;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock, Weak};

/// The port a server listens on unless told otherwise.
pub const PORT: u16 = 7464;

/// How a server runs.
pub struct Config {
    pub listen: SocketAddr,
    /// The folder of its database.
    pub data: PathBuf,
    /// A PostgreSQL database to keep the matches in (`postgres://USER@HOST/DB`) in
    /// place of the SQLite file in `data`.
    pub store: Option<String>,
    /// The server's name among those sharing the store; a server restarting under
    /// its name takes its matches back at once.
    pub name: String,
    /// Whether SIGTERM hands the matches over and ends the server (`doska serve`); an
    /// app hosting a server leaves its process's signals alone.
    pub drain_on_sigterm: bool,
    /// The most matches in memory at once.
    pub most: usize,
    /// The evaluation weights the computer's seats play with.
    pub weights: crate::engine::weights::InForce,
    /// The secrets of the seats the app hosting the server holds. Such a server stops
    /// with its host: the time a host's seat was on move while it was down is that
    /// player's, who left, where a server that died charges nobody for its downtime.
    pub hosts: Vec<String>,
}

impl Config {
    /// A server in this process (the app's, a test's): SQLite in `data`, the shipped
    /// weights, the default name, and its process's signals left alone.
    pub fn in_process(listen: SocketAddr, data: PathBuf) -> Config {
        Config {
            listen,
            data,
            store: None,
            most: 2_000,
            weights: Default::default(),
            name: store::NAME.into(),
            drain_on_sigterm: false,
            hosts: Vec::new(),
        }
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot make {path}: {source}")]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error(
        "a server named '{0}' is running on this store: give each server a name of its own (--name)"
    )]
    NameTaken(String),
    #[error("cannot start the server's runtime: {0}")]
    Runtime(std::io::Error),
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the server's thread: {0}")]
    Thread(std::io::Error),
    #[error("the server stopped before it was ready")]
    Stopped,
}

/// Runs a server until the process ends. `ready` hears the address it listens on
/// once every stored match is resumed.
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), StartError> {
    std::fs::create_dir_all(&config.data).map_err(|source| StartError::Folder {
        path: config.data.clone(),
        source,
    })?;
    use store::Store;
    let mut store: Box<dyn Store> = match &config.store {
        Some(url) => Box::new(postgres::Postgres::open(url, &config.name)?),
        None => Box::new(sqlite::Sqlite::open(
            &config.data.join("doska-server.db"),
            &config.name,
        )?),
    };
    name_free(&mut store, &config.name)?;
    let _ = metrics::METRICS.name.set(config.name.clone());
    // Before this server says it is alive: its own matches are charged up to when it
    // last said so.
    let live = store.claim_orphans(writer::now_ms(), true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(StartError::Runtime)?;
    // After a silence, the lobby lets go of what the store says is another's.
    let lobby_of_pulse: Arc<OnceLock<Weak<lobby::Lobby>>> = Arc::default();
    let keep = {
        let lobby = lobby_of_pulse.clone();
        let runtime = runtime.handle().clone();
        move |held: Vec<(String, u64)>, before| {
            if let Some(lobby) = lobby.get().and_then(Weak::upgrade) {
                runtime.block_on(lobby.keep_only(&held, before));
            }
        }
    };
    let (beat, lease) = pulse::Beat::start(store.pulse()?, keep)?;
    let writer = writer::Writer::start(store);
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    runtime.block_on(async move {
        let lobby = lobby::Lobby::new(
            writer,
            cores,
            config.most,
            config.weights,
            config.hosts,
            lease,
        );
        let _ = lobby_of_pulse.set(Arc::downgrade(&lobby));
        let resumed = lobby.resume(live);
        lobby.take_over();
        let cannot_listen = |source| StartError::Listen {
            address: config.listen,
            source,
        };
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(cannot_listen)?;
        let address = listener.local_addr().map_err(cannot_listen)?;
        tracing::info!(%address, name = %config.name, matches = resumed, "serving");
        ready(address);
        let router = web::router(lobby.clone(), tokio::time::Instant::now());
        let mut terminate = terminate(config.drain_on_sigterm)?;
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = &mut terminate => break,
            };
            let Ok((stream, peer)) = accepted else {
                // Out of file descriptors, say: wait rather than spin.
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            };
            tokio::spawn(web::serve(stream, peer, router.clone()));
        }
        // Told to stop: every match handed over, every connection closed so that its
        // client comes back through the proxy to the match's new server. Until then
        // the port still answers: `/health` says 503, so a proxy's checks (each on a
        // new connection) see the server going rather than gone, and a new
        // WebSocket is closed at once with 1012 to try another.
        tracing::info!("told to stop: handing the matches over");
        let drain = async {
            let handed = lobby.hand_over().await;
            tracing::info!(matches = handed, "handed over; closing connections");
            // The server's last word: stopped, so that one restarting under its name
            // need not wait out the lease.
            let _ = tokio::task::spawn_blocking(move || drop(beat)).await;
            lobby.close_connections().await;
        };
        tokio::pin!(drain);
        loop {
            tokio::select! {
                () = &mut drain => break,
                accepted = listener.accept() => {
                    if let Ok((stream, peer)) = accepted {
                        tokio::spawn(web::serve(stream, peer, router.clone()));
                    }
                }
            }
        }
        Ok(())
    })
}

/// Waits until no running server goes by this one's name. A name whose last word in
/// the store is older than the lease is free (its server stopped, or died, as one
/// restarting after a crash finds: it waits out the rest of the lease); one whose
/// word is renewed meanwhile is another running server's, and two servers of one
/// name would each take the other's matches for their own.
fn name_free(store: &mut dyn store::Store, name: &str) -> Result<(), StartError> {
    let Some(mut said) = store.last_alive()? else {
        return Ok(());
    };
    loop {
        if writer::now_ms().saturating_sub(said) > store::LEASE {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        match store.last_alive()? {
            Some(again) if again > said => return Err(StartError::NameTaken(name.into())),
            again => said = again.unwrap_or(said),
        }
    }
}

/// What ends the server: SIGTERM where `drain`, else nothing.
fn terminate(
    drain: bool,
) -> Result<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>, StartError> {
    if !drain {
        return Ok(Box::pin(std::future::pending()));
    }
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).map_err(StartError::Runtime)?;
        Ok(Box::pin(async move {
            term.recv().await;
        }))
    }
    #[cfg(not(unix))]
    Ok(Box::pin(async {
        let _ = tokio::signal::ctrl_c().await;
    }))
}

/// Runs a server on a thread of its own, for as long as the process lives (the app
/// hosting its players' matches, and tests); the address it listens on once it is
/// ready, or why it could not start.
pub fn spawn(config: Config) -> Result<SocketAddr, StartError> {
    let (ready, address) = std::sync::mpsc::channel();
    let failed = ready.clone();
    std::thread::Builder::new()
        .name("doska server".into())
        .spawn(move || {
            if let Err(e) = serve(config, |a| drop(ready.send(Ok(a)))) {
                let _ = failed.send(Err(e));
            }
        })
        .map_err(StartError::Thread)?;
    address.recv().map_err(|_| StartError::Stopped)?
}

/// The address to give to friends on the same network: this machine's address on
/// it, where the server listens on every interface.
pub fn friends_address(listening: SocketAddr) -> SocketAddr {
    if !listening.ip().is_unspecified() {
        return listening;
    }
    // Connecting a UDP socket sends nothing; it only picks the outgoing interface.
    let outgoing = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr());
    match outgoing {
        Ok(local) => SocketAddr::new(local.ip(), listening.port()),
        Err(_) => SocketAddr::from(([127, 0, 0, 1], listening.port())),
    }
}
