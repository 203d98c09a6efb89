//! A game's learning folder as `doska learn` keeps it: the round under way, every game
//! of self-play played there (a game counts once its end line is written, so a run
//! stopped in the middle of writing plays it again) and the log.

use super::selfplay;
use crate::engine::search::{Sparse, Trace};
use crate::folders::write_atomically;
use crate::rules::GameId;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The round under way, as kept in the learning folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Round {
    /// Its games are numbered from `first`, `games` of them.
    pub(super) first: u64,
    pub(super) games: u64,
    /// Whether it has ended (fitted and duelled).
    pub(super) ended: bool,
}

/// The files of a game's learning folder: the round under way, the games played,
/// the log. (Not the server's store of matches, `server::store::Store`.)
pub(super) struct LearningFolder {
    pub(super) dir: PathBuf,
}

impl LearningFolder {
    pub(super) fn round_path(&self) -> PathBuf {
        self.dir.join("round.ron")
    }

    pub(super) fn games_path(&self) -> PathBuf {
        self.dir.join("games.txt")
    }

    /// The round to play: the one under way, or a new one of `games` games after the
    /// last that ended.
    pub(super) fn round(&self, games: u64) -> Round {
        let old = std::fs::read_to_string(self.round_path())
            .ok()
            .and_then(|t| ron::from_str::<Round>(&t).ok());
        match old {
            Some(r) if !r.ended => r,
            Some(r) => Round {
                first: r.first + r.games,
                games,
                ended: false,
            },
            None => Round {
                first: 0,
                games,
                ended: false,
            },
        }
    }

    pub(super) fn save_round(&self, round: &Round) -> anyhow::Result<()> {
        // A round is plain numbers: it always writes.
        let text = ron::to_string(round).expect("a round serializes");
        write_atomically(&self.round_path(), &text).with_context(|| written(&self.round_path()))
    }

    /// Every game kept: its samples, in game order. A game counts only once its end
    /// line is written, so a game cut off in the middle of writing is played again.
    /// Lines written for other features (the game's evaluation changed since) are
    /// left out.
    pub(super) fn games(
        &self,
        game: GameId,
    ) -> anyhow::Result<(Vec<selfplay::Sample>, BTreeSet<u64>)> {
        let width = game.features().len();
        read_games(
            &self.games_path(),
            |n, words| {
                let sample = sample(n.parse().ok()?, words)?;
                (sample.features.width == width).then_some(sample)
            },
            |s| s.game,
        )
    }

    /// Appends a finished game in one write: a line per sample, its game, result,
    /// search score, `w` and its width, then its features that are not zero as
    /// `index:amount`; then the game's end line.
    pub(super) fn append(&self, n: u64, samples: &[selfplay::Sample]) -> anyhow::Result<()> {
        let mut text = String::new();
        for s in samples {
            text.push_str(&format!(
                "{n} {} {} w{}",
                s.result, s.score, s.features.width
            ));
            for (i, a) in &s.features.amounts {
                text.push_str(&format!(" {i}:{a}"));
            }
            text.push('\n');
        }
        append_game(&self.games_path(), n, text)
    }

    pub(super) fn log(&self, line: &str) {
        eprintln!("{line}");
        if let Ok(mut file) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("log.txt"))
        {
            let _ = writeln!(file, "{line}");
        }
    }
}

/// A sample line after its game number, as [`LearningFolder::append`] writes it; an older
/// line lists every feature's amount in order after the score. None if it does not
/// read.
pub(super) fn sample<'a>(
    game: u64,
    mut words: impl Iterator<Item = &'a str>,
) -> Option<selfplay::Sample> {
    let result = words.next()?.parse().ok()?;
    let score = words.next()?.parse().ok()?;
    let rest: Vec<&str> = words.collect();
    let features = match rest.first().and_then(|w| w.strip_prefix('w')) {
        Some(width) => Sparse {
            width: width.parse().ok()?,
            amounts: rest[1..]
                .iter()
                .map(|w| {
                    let (i, a) = w.split_once(':')?;
                    Some((i.parse().ok()?, a.parse().ok()?))
                })
                .collect::<Option<_>>()?,
        },
        None => Trace(rest.iter().map(|w| w.parse().ok()).collect::<Option<_>>()?).sparse(),
    };
    features
        .amounts
        .iter()
        .all(|&(i, _)| (i as usize) < features.width)
        .then_some(selfplay::Sample {
            game,
            result,
            score,
            features,
            leaf: None,
        })
}

/// A failed write, said with its file.
/// Appends a finished game's lines and then its end line to `path`, in one write,
/// synced: a game counts once its end line is there ([`read_games`]).
pub(super) fn append_game(path: &Path, n: u64, mut text: String) -> anyhow::Result<()> {
    text.push_str(&format!("end {n}\n"));
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| written(path))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_data())
        .with_context(|| written(path))
}

/// Reads a file of games as [`append_game`] writes them: `read` makes an item of a
/// line from its first word and the rest (None where the line does not read), and
/// only the items of games whose end line is written count, so a game cut off in the
/// middle of writing is played again. The items in game order (a game's in the order
/// written) and the games finished.
pub(super) fn read_games<T>(
    path: &Path,
    mut read: impl FnMut(&str, std::str::SplitAsciiWhitespace<'_>) -> Option<T>,
    game: impl Fn(&T) -> u64,
) -> anyhow::Result<(Vec<T>, BTreeSet<u64>)> {
    let Ok(file) = std::fs::File::open(path) else {
        return Ok((Vec::new(), BTreeSet::new()));
    };
    let (mut pending, mut items, mut done) = (Vec::new(), Vec::new(), BTreeSet::new());
    // A line cut off mid-way may not even be text: it is skipped like any other line
    // that does not read.
    for line in std::io::BufReader::new(file).split(b'\n') {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        let Ok(line) = std::str::from_utf8(&line) else {
            continue;
        };
        let mut words = line.split_ascii_whitespace();
        match words.next() {
            Some("end") => {
                if let Some(n) = words.next().and_then(|w| w.parse::<u64>().ok()) {
                    done.insert(n);
                    items.extend(pending.drain(..).filter(|item| game(item) == n));
                }
                pending.clear();
            }
            Some(first) => pending.extend(read(first, words)),
            None => {}
        }
    }
    // A stable sort: each game's items stay in the order written.
    items.sort_by_key(|item| game(item));
    Ok((items, done))
}

pub(super) fn written(path: &Path) -> String {
    format!("cannot write {}", path.display())
}
