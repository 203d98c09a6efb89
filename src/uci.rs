//! `doska uci`: the chess player behind the Universal Chess Interface, so chess GUIs,
//! match runners and other engines can play it. The search runs on a thread of its
//! own, so `stop` and `isready` are answered while it thinks, and keeps its
//! transposition table from one `go` to the next until `ucinewgame`.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption` (`Skill`: easy, normal,
//! hard; `Hash`: the transposition table's megabytes; `Threads`: how many threads
//! search together, up to the machine's cores), `position startpos|fen
//! ... [moves ...]`, `go` with `movetime`, `depth`, `nodes`, `wtime`/`btime`/`winc`/
//! `binc`/`movestogo` or `infinite`, `stop` and `quit`.

use crate::engine::search::{
    Hints, Kept, Level, Limits, Progress, WIN, is_mate, seen_twice, think,
};
use crate::rules::chess::{ChessGame, ChessOptions, Move};
use crate::rules::game::Game;
use crate::rules::seats::Seats;
use std::collections::HashSet;

/// The transposition table's size until `setoption name Hash` says otherwise.
const HASH_MEGABYTES: usize = 32;
use crate::rules::topology::Topology;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Kept back from the clock for the time it takes to send the move.
const SAFETY: Duration = Duration::from_millis(30);
/// The moves a clock is shared over when the GUI does not say.
const MOVES_TO_GO: u64 = 30;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    if let Ok(mut out) = out.lock() {
        // A closed pipe ends the conversation; nothing is left to say it to.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// A chess move in UCI's long algebraic notation (e2e4, e7e8q).
pub fn long_algebraic(m: &Move) -> String {
    let t = Topology::chess();
    let promotion = m
        .promotion
        .map(|r| r.letter().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{}{}{promotion}", t.name(m.from), t.name(m.to))
}

/// Reads a move in long algebraic notation, if it is legal here.
pub fn parse_long_algebraic(position: &ChessGame, text: &str) -> Option<Move> {
    position
        .legal_moves()
        .into_iter()
        .find(|m| long_algebraic(m) == text)
}

/// "cp 35" or "mate 3" (moves, negative when being mated).
fn score(score: i32) -> String {
    if is_mate(score) {
        let plies = WIN - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

fn info(position: &ChessGame, p: &Progress<Move>) -> String {
    let mut board = position.clone();
    let mut pv = Vec::new();
    for m in &p.pv {
        pv.push(long_algebraic(m));
        board.play(m);
    }
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        p.depth,
        score(p.score),
        p.nodes,
        p.nps,
        p.millis,
        pv.join(" ")
    )
}

/// Why a `position` command was not taken.
#[derive(Debug, thiserror::Error)]
enum Unset {
    #[error("position takes startpos or fen")]
    Neither,
    #[error("{0}")]
    Fen(crate::rules::error::Detail),
    #[error("{0} is not a legal move here")]
    Illegal(String),
}

/// The `position` command: the start or a FEN, then moves.
/// The position `position` sets up, and the search keys of those its moves went
/// through twice (so the search avoids a third time).
fn set_position(words: &[&str]) -> Result<(ChessGame, HashSet<u64>), Unset> {
    let (mut position, rest) = match words {
        ["startpos", rest @ ..] => (ChessGame::new(ChessOptions::default()), rest),
        ["fen", rest @ ..] => {
            let end = rest
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(rest.len());
            let fen = rest[..end].join(" ");
            (
                ChessGame::set_up(ChessOptions::default(), &fen).map_err(Unset::Fen)?,
                &rest[end..],
            )
        }
        _ => return Err(Unset::Neither),
    };
    let mut keys = Vec::new();
    if let ["moves", moves @ ..] = rest {
        for text in moves {
            let m = parse_long_algebraic(&position, text)
                .ok_or_else(|| Unset::Illegal(text.to_string()))?;
            keys.push(position.key(0));
            position.play(&m);
        }
    }
    Ok((position, seen_twice(keys)))
}

/// The `go` command's limits for the side to move.
fn limits(words: &[&str], position: &ChessGame, stop: Arc<AtomicBool>) -> Limits {
    let mut limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let number = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
    let white = position.turn() == crate::rules::side::Side::White;
    let (mut clock, mut increment, mut to_go) = (None, 0, MOVES_TO_GO);
    for (i, word) in words.iter().enumerate() {
        match *word {
            "movetime" => limits.time = number(i).map(Duration::from_millis),
            "depth" => limits.depth = number(i).map(|d| d as u32),
            "nodes" => limits.nodes = number(i),
            "wtime" if white => clock = number(i),
            "btime" if !white => clock = number(i),
            "winc" if white => increment = number(i).unwrap_or(0),
            "binc" if !white => increment = number(i).unwrap_or(0),
            "movestogo" => to_go = number(i).unwrap_or(MOVES_TO_GO).max(1),
            _ => {}
        }
    }
    if let (None, Some(clock)) = (limits.time, clock) {
        let share = clock / to_go + increment * 3 / 4;
        let share = Duration::from_millis(share.min(clock / 2));
        limits.time = Some(share.saturating_sub(SAFETY).max(Duration::from_millis(5)));
    }
    limits
}

struct Search {
    thread: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    /// `go infinite`, or no limit at all: it runs until stopped.
    endless: bool,
}

impl Search {
    /// Stops the search; its best move so far is sent.
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }

    /// Lets a search with a limit run to it (at the end of the input, so that a piped
    /// `go depth 8` still answers), stopping an endless one.
    fn conclude(self) {
        if self.endless {
            self.finish();
        } else {
            let _ = self.thread.join();
        }
    }
}

/// Talks UCI over `input` and `output` until `quit` or the end of the input, playing
/// with chess's `weights` in force.
pub fn run(
    input: impl BufRead,
    output: impl Write + Send + 'static,
    (weights, net): (Arc<[f32]>, Option<Arc<crate::engine::net::Net>>),
) {
    let out: Output = Arc::new(Mutex::new(Box::new(output)));
    let mut position = ChessGame::new(ChessOptions::default());
    let mut level = Level::Hard;
    let mut megabytes = HASH_MEGABYTES;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads = 1;
    let mut repeated: Arc<HashSet<u64>> = Arc::default();
    // The search's memory stays from one move to the next until a new game.
    let kept = Kept::default();
    let mut search: Option<Search> = None;
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                say(
                    &out,
                    &format!("id name Doska {}", env!("CARGO_PKG_VERSION")),
                );
                say(&out, "id author the Doska developers");
                say(
                    &out,
                    &format!("option name Hash type spin default {HASH_MEGABYTES} min 1 max 1024"),
                );
                say(
                    &out,
                    &format!("option name Threads type spin default 1 min 1 max {cores}"),
                );
                say(
                    &out,
                    "option name Skill type combo default hard var easy var normal var hard",
                );
                say(&out, "uciok");
            }
            ["isready"] => say(&out, "readyok"),
            ["setoption", "name", name, "value", value] => {
                if name.eq_ignore_ascii_case("skill") {
                    match Level::from_id(value) {
                        Some(l) => level = l,
                        None => say(&out, &format!("info string unknown Skill {value}")),
                    }
                } else if name.eq_ignore_ascii_case("hash") {
                    match value.parse::<usize>() {
                        Ok(mb @ 1..=1024) => megabytes = mb,
                        _ => say(&out, &format!("info string Hash is 1 to 1024, not {value}")),
                    }
                } else if name.eq_ignore_ascii_case("threads") {
                    match value.parse::<usize>() {
                        Ok(n) if (1..=cores).contains(&n) => threads = n,
                        _ => say(
                            &out,
                            &format!("info string Threads is 1 to {cores}, not {value}"),
                        ),
                    }
                }
            }
            ["ucinewgame"] => {
                if let Some(s) = search.take() {
                    s.finish();
                }
                position = ChessGame::new(ChessOptions::default());
                repeated = Arc::default();
                kept.clear();
            }
            ["position", rest @ ..] => {
                if let Some(s) = search.take() {
                    s.finish();
                }
                match set_position(rest) {
                    Ok((p, keys)) => (position, repeated) = (p, Arc::new(keys)),
                    Err(e) => say(&out, &format!("info string {e}")),
                }
            }
            ["go", rest @ ..] => {
                if let Some(s) = search.take() {
                    s.finish();
                }
                let stop = Arc::new(AtomicBool::new(false));
                let limits = Limits {
                    megabytes: Some(megabytes),
                    seen_twice: repeated.clone(),
                    kept: Some(kept.clone()),
                    threads,
                    weights: Some(weights.clone()),
                    net: net.clone(),
                    ..limits(rest, &position, stop.clone())
                };
                let endless =
                    limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none();
                let (root, out) = (position.clone(), out.clone());
                let seed = u64::from(position.position.fullmoves);
                let thread = std::thread::spawn(move || {
                    let mut report = |p: &Progress<Move>| say(&out, &info(&root, p));
                    let chosen = think(&root, level, &limits, seed, &mut report);
                    match chosen {
                        Some(t) => say(&out, &format!("bestmove {}", long_algebraic(&t.best))),
                        None => say(&out, "bestmove 0000"),
                    }
                });
                search = Some(Search {
                    thread,
                    stop,
                    endless,
                });
            }
            ["stop"] => {
                if let Some(s) = search.take() {
                    s.finish();
                }
            }
            ["quit"] => {
                if let Some(s) = search.take() {
                    s.finish();
                }
                return;
            }
            [] => {}
            _ => say(&out, &format!("info string unknown command: {line}")),
        }
    }
    if let Some(s) = search.take() {
        s.conclude();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes into a shared buffer the test can read back.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(data);
            Ok(data.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn talk(input: &str) -> String {
        let buffer = Buffer::default();
        let weights = crate::engine::weights::shipped(crate::rules::GameId::Chess.evaluation());
        run(
            std::io::Cursor::new(input.to_string()),
            buffer.clone(),
            (weights, None),
        );
        String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn a_gui_session_from_handshake_to_bestmove() {
        let said =
            talk("uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
        assert!(said.contains("uciok") && said.contains("readyok"), "{said}");
        assert!(said.contains("info depth 3 score cp"), "{said}");
        let best = said.lines().last().unwrap();
        let (position, repeated) =
            set_position(&["startpos", "moves", "e2e4", "e7e5", "g1f3"]).unwrap();
        assert!(repeated.is_empty());
        let m = best.strip_prefix("bestmove ").expect(best);
        assert!(
            parse_long_algebraic(&position, m).is_some(),
            "{best} is legal"
        );
    }

    /// The knights out and back twice: the start and the position after 1. Nf3 came
    /// twice before the position reached, which itself came once.
    #[test]
    fn the_positions_the_moves_went_through_twice_are_known_to_the_search() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"];
        let (position, repeated) =
            set_position(&[&["startpos", "moves"][..], &shuffle[..]].concat()).unwrap();
        let start = ChessGame::new(ChessOptions::default());
        let mut after_nf3 = start.clone();
        after_nf3.play(&parse_long_algebraic(&start, "g1f3").unwrap());
        assert_eq!(repeated, HashSet::from([start.key(0), after_nf3.key(0)]));
        assert!(!repeated.contains(&position.key(0)));
    }

    #[test]
    fn mate_is_reported_in_moves_and_promotions_are_spelt_out() {
        let said = talk("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n");
        assert!(said.contains("score mate 1"), "{said}");
        assert!(said.trim_end().ends_with("bestmove d1d8"), "{said}");
        // At depth 2 promoting now and promoting in the quiescence search after a king
        // move score alike; from depth 3 the queen's extra moves tell.
        let said = talk("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1\ngo depth 3\n");
        assert!(said.trim_end().ends_with("bestmove a7a8q"), "{said}");
    }

    #[test]
    fn clocks_share_out_the_time_and_bad_input_is_answered() {
        let p = ChessGame::new(ChessOptions::default());
        let stop = Arc::new(AtomicBool::new(false));
        let l = limits(
            &["wtime", "60000", "btime", "1000", "winc", "1000"],
            &p,
            stop,
        );
        assert_eq!(
            l.time,
            Some(Duration::from_millis(60000 / 30 + 750) - SAFETY)
        );
        let said = talk("position startpos moves e2e5\nfoo\n");
        assert!(
            said.contains("info string e2e5 is not a legal move here"),
            "{said}"
        );
        assert!(said.contains("info string unknown command: foo"), "{said}");
        let said = talk("setoption name Hash value 0\nsetoption name Hash value 2\ngo depth 2\n");
        assert!(
            said.contains("info string Hash is 1 to 1024, not 0"),
            "{said}"
        );
        assert_eq!(said.matches("info string").count(), 1, "{said}");
        assert!(said.contains("bestmove"), "{said}");
    }
}
