//! `doska` opens the app; its subcommands do headless work for tests and power users.

use clap::{CommandFactory, Parser, Subcommand};
use doska::cli;
use doska::engine::weights::InForce;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "doska",
    version,
    about = "Board games from Russian and Ukrainian rule texts"
)]
struct Args {
    /// A house rule by its id in the game's rule table, e.g. pie_rule=off (repeatable).
    #[arg(long = "option", global = true, value_name = "ID=VALUE")]
    options: Vec<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Lists the game ids.
    Games,
    /// Prints the completions of doska's commands for a shell (bash, zsh, fish,
    /// elvish, powershell), to install where the shell reads them.
    Completions { shell: clap_complete::Shell },
    /// Prints doska's manual page (roff), as the packages install it.
    #[command(hide = true)]
    Manual,
    /// Counts the positions DEPTH moves deep (speed on stderr).
    Perft {
        game: String,
        depth: u32,
        /// Start from this position (FEN for chess).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Checks and plays a numbered move list, then prints the final position and result.
    Replay {
        game: String,
        file: std::path::PathBuf,
        /// Chapayev: also write the match as a replay file with pose snapshots.
        #[arg(long)]
        log: Option<std::path::PathBuf>,
        /// Also write the game as PGN (standard for chess; other games under their
        /// `[Variant]` tag).
        #[arg(long)]
        pgn: Option<std::path::PathBuf>,
    },
    /// Reviews a game (a move list or PGN): every move judged against the engine's
    /// best, the costly ones marked ?!, ? and ??.
    Review {
        game: String,
        file: std::path::PathBuf,
        /// Seconds of search per move (a second by default, as lichess gives each).
        #[arg(long, conflicts_with = "depth")]
        movetime: Option<f64>,
        /// Search each move to this depth instead, in plies: the same verdicts on any
        /// machine.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Prints the computer's move for the side to move (search info on stderr).
    Think(ThinkArgs),
    /// Plays the computer against itself: PLAYERS is two of easy, normal, hard, greedy,
    /// maxn and brs (the hard level searching by max^n or by best replies); in chess
    /// for three the first takes one seat against the second in two, then two against
    /// one.
    Duel {
        game: String,
        #[arg(value_name = "A,B")]
        players: String,
        #[arg(long, default_value_t = 40)]
        games: u32,
        /// Thinking time a move, milliseconds.
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// Positions a move at most.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Learns a game's evaluation from the computer's own games: self-play, a fit of
    /// the weights, and a duel of the new weights against those in force, which are
    /// replaced only when the new score better. Ctrl-C stops; run again to resume.
    Learn(LearnArgs),
    /// Prints the evaluation weights in force for a game: the player's own learned
    /// file, else the shipped one.
    Weights { game: String },
    /// Speaks the UCI protocol on standard input and output (chess).
    Uci,
    /// Runs a game server that friends connect to by WebSocket (no window).
    Serve {
        /// The address and port to listen on; every interface by default.
        #[arg(long, value_name = "ADDR:PORT", default_value_t = default_listen())]
        listen: std::net::SocketAddr,
        /// The folder of the server's database (the user's data folder by default).
        #[arg(long, value_name = "DIR")]
        data: Option<std::path::PathBuf>,
        /// The most matches held in memory at once.
        #[arg(long, default_value_t = 20_000)]
        most: usize,
        /// Keep the matches in PostgreSQL (postgres://USER@HOST/DB) in place of the
        /// SQLite file in the data folder.
        #[arg(long, value_name = "URL", env = "DOSKA_STORE")]
        store: Option<String>,
        /// This server's name among several sharing one store (each its own); a
        /// server restarting under its name takes its matches back at once.
        #[arg(long, env = "DOSKA_NAME", default_value_t = default_name())]
        name: String,
    },
    /// Prints HAProxy's configuration for servers sharing one store, each given as
    /// NAME=HOST:PORT (its --name and where it listens).
    HaproxyConfig {
        /// What HAProxy's frontend binds, as its `bind` line says it (TLS: `:443 ssl
        /// crt /etc/haproxy/doska.pem`).
        #[arg(long, default_value = ":80")]
        bind: String,
        /// The most client connections at once (each takes HAProxy two open files).
        #[arg(long, default_value_t = 9_000)]
        maxconn: usize,
        #[arg(required = true, value_name = "NAME=HOST:PORT")]
        servers: Vec<String>,
    },
    /// Measures a server under simulated players on loopback (starts one unless
    /// --server is given).
    Loadtest {
        /// A server already running, as ws://ADDR:PORT/ (or a proxy in front of
        /// several).
        #[arg(long)]
        server: Option<String>,
        /// Otherwise, how many servers to start, sharing one store, behind HAProxy
        /// when more than one.
        #[arg(long, default_value_t = 1)]
        servers: usize,
        /// The PostgreSQL database they keep the matches in (postgres://…); one
        /// SQLite file they share by default.
        #[arg(long, value_name = "URL")]
        store: Option<String>,
        /// HAProxy in front of a single server too.
        #[arg(long)]
        proxy: bool,
        /// The numbers of matches played at once, one run each.
        #[arg(long, value_delimiter = ',', default_value = "10,100,1000")]
        matches: Vec<usize>,
        /// How long each run lasts, seconds.
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// How long a simulated player thinks before each move, milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 500)]
        think: u64,
    },
    /// Opens the app window on a game, renders one frame and saves it as PNG.
    Screenshot {
        game: String,
        #[arg(long)]
        out: std::path::PathBuf,
        /// Moves to play first, in the game's notation.
        #[arg(long)]
        moves: Option<String>,
        /// Chapayev: where the camera looks from, as degrees round the board (0 from
        /// White's side) and above it, e.g. 150,20 (when the earth rotates).
        #[arg(long, value_name = "ROUND,ABOVE", value_parser = cli::parse_view)]
        view: Option<(f32, f32)>,
        /// Resizes the window to this size once the board is drawn, and takes the
        /// picture at that size.
        #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = cli::parse_size)]
        size: Option<(u32, u32)>,
        /// Opens match CODE on this server (`ws://ADDR:PORT/`) instead, as it stands,
        /// from the seat that `--secret` opens, or as a spectator.
        #[arg(long, requires = "code")]
        server: Option<String>,
        #[arg(long, requires = "server")]
        code: Option<String>,
        #[arg(long, requires = "code")]
        secret: Option<String>,
        /// Studies the match: the picture waits for the engine's reading (its time
        /// said on stderr).
        #[arg(long)]
        analyse: bool,
        /// Studies the match and waits for the review of the whole game.
        #[arg(long)]
        review: bool,
        /// Shows the position in the position editor.
        #[arg(long)]
        edit: bool,
    },
}

/// `doska think`'s arguments.
#[derive(clap::Args)]
struct ThinkArgs {
    game: String,
    /// Start from this position (FEN for chess).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played first, in the game's notation.
    #[arg(long)]
    moves: Option<String>,
    /// Thinking time, milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search depth, plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Positions to search at most (with no movetime, the answer is the same every run).
    #[arg(long)]
    nodes: Option<u64>,
    /// Threads searching together (with more than one, runs differ).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value = "hard", value_parser = cli::parse_level)]
    level: doska::engine::search::Level,
}

/// `doska learn`'s arguments.
#[derive(clap::Args)]
struct LearnArgs {
    game: String,
    /// Games of self-play in a new round.
    #[arg(long, default_value_t = 400)]
    games: u64,
    /// Positions searched a move in self-play.
    #[arg(long, default_value_t = 4_000)]
    nodes: u64,
    /// Games of the duel (200 or more; 50 for slow games, whose interval the log
    /// gives).
    #[arg(long, default_value_t = 200)]
    duel: u64,
    /// Positions searched a move in the duel, by both sides.
    #[arg(long, default_value_t = 20_000)]
    duel_nodes: u64,
    /// Threads to play on (every core by default).
    #[arg(long)]
    threads: Option<usize>,
    /// In self-play, each seat's weights stray from those in force by a normal
    /// draw of this share of each weight's size (0.05: five per cent), so that
    /// players unlike each other meet.
    #[arg(long, default_value_t = 0.0)]
    explore: f32,
    /// Rounds to play one after another.
    #[arg(long, default_value_t = 1)]
    rounds: u64,
    /// Learn from material alone (nothing in games without material), in a line of
    /// its own, until it beats the hand-set weights.
    #[arg(long)]
    from_scratch: bool,
    /// Tune the weights in force by duels until this many steps in all, in place of
    /// self-play and a fit (each step a cycle of games at --nodes a move).
    #[arg(long, value_name = "STEPS", default_value_t = 0)]
    tune: u64,
    /// Learn an evaluation network from self-play in place of weights; it becomes
    /// the computer's where it beats the evaluation in force in the duel.
    #[arg(long)]
    net: bool,
    /// The network's hidden units.
    #[arg(long, default_value_t = 64)]
    hidden: usize,
    /// Passes of the network's training over its positions.
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    /// The seed the network's training starts from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn run(args: Args) -> anyhow::Result<()> {
    let options = cli::parse_options(&args.options)?;
    let folders = doska::folders::Folders::locate();
    let (in_force, warnings) = folders.weights_in_force();
    for warning in warnings {
        eprintln!("doska: {warning}");
    }
    match args.command {
        None => open_app(in_force),
        Some(Command::Games) => {
            print!("{}", cli::games());
            Ok(())
        }
        Some(Command::Completions { shell }) => {
            let mut out = std::io::stdout();
            clap_complete::generate(shell, &mut Args::command(), "doska", &mut out);
            Ok(())
        }
        // Section 6, games, where Debian's packages put a game's manual.
        Some(Command::Manual) => Ok(clap_mangen::Man::new(Args::command())
            .section("6")
            .render(&mut std::io::stdout())?),
        Some(Command::Perft { game, depth, fen }) => {
            let position = cli::start_position(&game, fen.as_deref(), &options)?;
            let (nodes, speed) = cli::timed_perft(&position, depth);
            println!("{nodes}");
            eprintln!("{:.0} positions/s", speed);
            Ok(())
        }
        Some(Command::Replay {
            game,
            file,
            log,
            pgn,
        }) => replay(&game, &file, log, pgn, &options),
        Some(Command::Review {
            game,
            file,
            movetime,
            depth,
        }) => review(&game, &file, movetime, depth, &options, &in_force),
        Some(Command::Think(think_args)) => think(think_args, &options, &in_force),
        Some(Command::Duel {
            game,
            players,
            games,
            movetime,
            nodes,
        }) => {
            let limits = doska::engine::search::Limits {
                nodes,
                time: movetime.map(std::time::Duration::from_millis),
                ..engine_of(&in_force, &game)
            };
            duel(&game, &players, games, &limits, &options)
        }
        Some(Command::Learn(learn_args)) => learn(learn_args, &options, &folders),
        Some(Command::Weights { game }) => {
            let game = doska::rules::GameId::from_id(&game)?;
            let active = in_force.get(game.evaluation());
            print!(
                "{}",
                doska::engine::weights::write(game.evaluation(), &active, "")
            );
            Ok(())
        }
        Some(Command::Uci) => {
            doska::uci::run(
                std::io::stdin().lock(),
                std::io::stdout(),
                (
                    in_force.get(doska::rules::GameId::Chess.evaluation()),
                    in_force.net(doska::rules::GameId::Chess.evaluation()),
                ),
            );
            Ok(())
        }
        Some(Command::Screenshot {
            game,
            out,
            moves,
            view,
            size,
            server,
            code,
            secret,
            analyse,
            review,
            edit,
        }) => match (server, code) {
            (Some(server), Some(code)) => screenshot_online(&server, &code, secret, &out, size),
            _ => {
                let picture = cli::Picture {
                    view,
                    size,
                    study: (analyse || review).then_some(review),
                    edit,
                };
                screenshot(&game, &out, moves.as_deref(), &options, &picture)
            }
        },
        Some(Command::Serve {
            listen,
            data,
            most,
            store,
            name,
        }) => {
            // A match's house rules are its maker's choice, sent with `create`.
            anyhow::ensure!(
                options.is_empty(),
                "doska serve takes no --option: each match's house rules are chosen by whoever makes it"
            );
            serve(listen, data, most, store, name, in_force)
        }
        Some(Command::HaproxyConfig {
            bind,
            maxconn,
            servers,
        }) => haproxy_config(&bind, maxconn, &servers),
        Some(Command::Loadtest {
            server,
            servers,
            store,
            proxy,
            matches,
            seconds,
            think,
        }) => loadtest(server, (servers, store, proxy), &matches, seconds, think),
    }
}

/// The search's limits with the weights and network in force for a game named on the
/// command line; a name that does not read is refused by the command itself.
fn engine_of(in_force: &InForce, game: &str) -> doska::engine::search::Limits {
    let evaluation = doska::rules::GameId::from_id(game)
        .ok()
        .map(|g| g.evaluation());
    doska::engine::search::Limits {
        weights: evaluation.map(|e| in_force.get(e)),
        net: evaluation.and_then(|e| in_force.net(e)),
        ..Default::default()
    }
}

/// `doska think`: the computer's move for the side to move.
fn think(args: ThinkArgs, options: &[(String, String)], in_force: &InForce) -> anyhow::Result<()> {
    let limits = doska::engine::search::Limits {
        depth: args.depth,
        nodes: args.nodes,
        threads: args.threads,
        // With no limit at all, a second's thought.
        time: args
            .movetime
            .or((args.depth.is_none() && args.nodes.is_none()).then_some(1000))
            .map(std::time::Duration::from_millis),
        ..engine_of(in_force, &args.game)
    };
    let (fen, moves) = (args.fen.as_deref(), args.moves.as_deref());
    let mut info = |line: String| eprintln!("info {line}");
    println!(
        "{}",
        cli::think(
            &args.game, fen, moves, options, args.level, &limits, &mut info
        )?
    );
    Ok(())
}

/// `doska learn`: a game's evaluation learned from the computer's own games.
fn learn(
    args: LearnArgs,
    options: &[(String, String)],
    folders: &doska::folders::Folders,
) -> anyhow::Result<()> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if !(1..=1024).contains(&args.hidden) {
        anyhow::bail!("--hidden: 1 to 1024 units, not {}", args.hidden);
    }
    if !(0.0..=1.0).contains(&args.explore) {
        anyhow::bail!("--explore: a share from 0 to 1, not {}", args.explore);
    }
    let plan = doska::engine::learn::Plan {
        games: args.games,
        nodes: args.nodes,
        duel: args.duel,
        duel_nodes: args.duel_nodes,
        threads,
        explore: args.explore,
        rounds: args.rounds,
        from_scratch: args.from_scratch,
        tune: args.tune,
        net: args.net,
        hidden: args.hidden,
        epochs: args.epochs,
        seed: args.seed,
    };
    let game = doska::rules::GameId::from_id(&args.game)?;
    print!(
        "{}",
        doska::engine::learn::learn(game, options, &plan, folders)?
    );
    Ok(())
}

#[cfg(feature = "serve")]
fn default_name() -> String {
    doska::server::store::NAME.into()
}

#[cfg(not(feature = "serve"))]
fn default_name() -> String {
    String::new()
}

#[cfg(feature = "serve")]
fn default_listen() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([0, 0, 0, 0], doska::server::PORT))
}

#[cfg(not(feature = "serve"))]
fn default_listen() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([0, 0, 0, 0], 7464))
}

/// `doska replay`: checks and plays a move list (or Chapayev's own replay log), prints
/// the final position and result, and writes the match as a log or PGN where asked.
fn replay(
    game: &str,
    file: &std::path::Path,
    log: Option<std::path::PathBuf>,
    pgn: Option<std::path::PathBuf>,
    options: &[(String, String)],
) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    // Chapayev also reads its own replay files, which start with a header line.
    let report = if game == "chapayev" && text.trim_start().starts_with("chapayev ") {
        cli::replay_chapayev_log(&text)?
    } else {
        let (m, report) = cli::replay_file(game, &text, options)?;
        let write = |out: &std::path::Path, written: String| {
            std::fs::write(out, written)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))
        };
        if let Some(out) = log {
            write(&out, doska::rules::chapayev::log::of_match(&m)?)?;
        }
        if let Some(out) = pgn {
            write(&out, doska::rules::pgn::pgn(&m, &Default::default()))?;
        }
        report
    };
    print!("{report}");
    Ok(())
}

/// `doska review`: every move of a game judged within the budget asked for.
fn review(
    game: &str,
    file: &std::path::Path,
    movetime: Option<f64>,
    depth: Option<u32>,
    options: &[(String, String)],
    in_force: &InForce,
) -> anyhow::Result<()> {
    use doska::engine::review::Budget;
    let budget = match (depth, movetime) {
        (Some(depth), _) => Budget::Depth(depth),
        (None, Some(s)) if s.is_finite() && (0.01..=3600.0).contains(&s) => {
            Budget::Time(std::time::Duration::from_secs_f64(s))
        }
        (None, Some(s)) => {
            return Err(anyhow::anyhow!("--movetime: 0.01 to 3600 seconds, not {s}"));
        }
        (None, None) => doska::engine::review::DEFAULT,
    };
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let (m, _) = cli::replay_file(game, &text, options)?;
    let started = std::time::Instant::now();
    print!("{}", cli::review(&m, budget, in_force));
    eprintln!("reviewed in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// `doska duel`: two players (`A,B`) against each other, and A's score.
fn duel(
    game: &str,
    players: &str,
    games: u32,
    limits: &doska::engine::search::Limits,
    options: &[(String, String)],
) -> anyhow::Result<()> {
    let (a, b) = players
        .split_once(',')
        .ok_or_else(|| anyhow::anyhow!("players are given as A,B, not '{players}'"))?;
    let contenders = (cli::Contender::parse(a)?, cli::Contender::parse(b)?);
    let mut progress = |n: u32, points: f64| eprintln!("{n} games: {a} {points}");
    let points = cli::duel(game, options, contenders, games, limits, &mut progress)?;
    println!(
        "{a} against {b} in {game}: {points}/{games} ({:.0}%)",
        100.0 * points / f64::from(games)
    );
    Ok(())
}

#[cfg(feature = "serve")]
fn serve(
    listen: std::net::SocketAddr,
    data: Option<std::path::PathBuf>,
    most: usize,
    store: Option<String>,
    name: String,
    weights: InForce,
) -> anyhow::Result<()> {
    use doska::server::{Config, friends_address, serve};
    // PostgreSQL's notices (a table that already exists, at every start) are its
    // client's INFO: not the server's news.
    let level = tracing_subscriber::EnvFilter::try_from_env("DOSKA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,postgres=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(level)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let config = Config {
        listen,
        data: data.unwrap_or_else(|| doska::folders::Folders::locate().server()),
        store,
        most,
        weights,
        name,
        drain_on_sigterm: true,
        hosts: Vec::new(),
    };
    let kept = match &config.store {
        Some(url) => doska::server::store::without_password(url),
        None => config.data.display().to_string(),
    };
    // A server sharing PostgreSQL is one of several behind a proxy, whose address
    // players are given, not this server's.
    let shared = config.store.is_some();
    let server_name = config.name.clone();
    serve(config, |address| {
        // Whoever started the server may have stopped reading its output: that is
        // no reason to stop serving.
        use std::io::Write;
        let mut out = std::io::stdout();
        let _ = writeln!(out, "doska serve: listening on ws://{address}/");
        if shared {
            let _ = writeln!(
                out,
                "doska serve: server {server_name} of those sharing {kept}; players connect through their proxy"
            );
        } else {
            let _ = writeln!(
                out,
                "doska serve: friends connect to ws://{}/ (matches are kept in {})",
                friends_address(address),
                kept
            );
        }
        let _ = out.flush();
    })?;
    Ok(())
}

#[cfg(feature = "serve")]
fn haproxy_config(bind: &str, maxconn: usize, servers: &[String]) -> anyhow::Result<()> {
    let servers = servers
        .iter()
        .map(|s| {
            let (name, address) = s
                .split_once('=')
                .filter(|(n, a)| !n.is_empty() && !a.is_empty())
                .ok_or_else(|| anyhow::anyhow!("'{s}' is not NAME=HOST:PORT"))?;
            Ok((name.to_string(), address.to_string()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    print!(
        "{}",
        doska::server::proxy::haproxy_config(bind, &servers, maxconn)
    );
    Ok(())
}

#[cfg(feature = "serve")]
fn loadtest(
    server: Option<String>,
    (count, store, proxy): (usize, Option<String>, bool),
    matches: &[usize],
    seconds: u64,
    think: u64,
) -> anyhow::Result<()> {
    let own = doska::server::loadtest::Servers {
        count,
        store,
        proxy,
    };
    let report = doska::server::loadtest::run(server, &own, matches, seconds, think)?;
    print!("{report}");
    Ok(())
}

#[cfg(not(feature = "serve"))]
fn serve(
    _: std::net::SocketAddr,
    _: Option<std::path::PathBuf>,
    _: usize,
    _: Option<String>,
    _: String,
    _: InForce,
) -> anyhow::Result<()> {
    Err(anyhow::anyhow!(
        "this build has no server; build with the default features"
    ))
}

#[cfg(not(feature = "serve"))]
fn haproxy_config(_: &str, _: usize, _: &[String]) -> anyhow::Result<()> {
    serve(
        default_listen(),
        None,
        0,
        None,
        String::new(),
        InForce::default(),
    )
}

#[cfg(not(feature = "serve"))]
fn loadtest(
    _: Option<String>,
    _: (usize, Option<String>, bool),
    _: &[usize],
    _: u64,
    _: u64,
) -> anyhow::Result<()> {
    serve(
        default_listen(),
        None,
        0,
        None,
        String::new(),
        InForce::default(),
    )
}

#[cfg(feature = "app")]
fn open_app(weights: InForce) -> anyhow::Result<()> {
    doska::plugins::run_app(weights)
}

#[cfg(feature = "app")]
fn screenshot(
    game: &str,
    out: &std::path::Path,
    moves: Option<&str>,
    options: &[(String, String)],
    picture: &cli::Picture,
) -> anyhow::Result<()> {
    doska::plugins::screenshot(game, out, moves, options, picture)
}

#[cfg(feature = "app")]
fn screenshot_online(
    server: &str,
    code: &str,
    secret: Option<String>,
    out: &std::path::Path,
    size: Option<(u32, u32)>,
) -> anyhow::Result<()> {
    doska::plugins::screenshot_online(server, code, secret, out, size)
}

#[cfg(not(feature = "app"))]
fn screenshot_online(
    _: &str,
    _: &str,
    _: Option<String>,
    _: &std::path::Path,
    _: Option<(u32, u32)>,
) -> anyhow::Result<()> {
    open_app(InForce::default())
}

#[cfg(not(feature = "app"))]
fn open_app(_: InForce) -> anyhow::Result<()> {
    Err(anyhow::anyhow!(
        "this build has no app; build with the default features"
    ))
}

#[cfg(not(feature = "app"))]
fn screenshot(
    _: &str,
    _: &std::path::Path,
    _: Option<&str>,
    _: &[(String, String)],
    _: &cli::Picture,
) -> anyhow::Result<()> {
    open_app(InForce::default())
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("doska: {}", one_line(&e));
            ExitCode::FAILURE
        }
    }
}

/// One line: what failed, then why, as each cause says it. A cause that its error's
/// own sentence already says (many errors name their source in their message and
/// return it as their source too) is said once.
fn one_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let said = cause.to_string();
        if line.contains(&said) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&said);
    }
    line
}
