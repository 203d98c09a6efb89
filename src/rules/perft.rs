//! Perft: the number of positions a given number of moves deep, the move generators'
//! yardstick. Every game's counts are data in a `<game id>.perft` file in its own
//! folder (`src/rules/corners/corners.perft`), read by one harness over
//! [`GameId::ALL`](super::GameId::ALL), as shakmaty reads its own.
//!
//! A file holds blocks separated by blank lines; `#` starts a comment:
//!
//! ```text
//! id kiwipete
//! position r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
//! rules draw_claim=claim
//! perft 1 48
//! perft 2 2039
//! ```
//!
//! `position` is the game's set-up text (`start` for the rules' own start) and `rules`
//! the house rules that differ from the defaults. The harness and its reader are this
//! module's tests.

use super::position::Position;

/// Counts the positions `depth` moves deep, with the game's own faster counter where
/// it has one.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if let Some(n) = position.fast_perft(depth) {
        return n;
    }
    let moves = position.legal_moves();
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    moves
        .iter()
        .map(|m| {
            let mut next = position.clone();
            next.play(m).expect("generated moves are legal");
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;
    use std::path::{Path, PathBuf};

    /// One block of a `.perft` file.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Case {
        id: String,
        /// The set-up text, or `None` for the rules' start.
        position: Option<String>,
        rules: Vec<(String, String)>,
        /// (depth, count) pairs.
        counts: Vec<(u32, u64)>,
    }

    /// Reads a `.perft` file, or says which line it cannot read.
    fn read(text: &str) -> Result<Vec<Case>, String> {
        let mut cases = Vec::new();
        let mut case: Option<Case> = None;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let bad = || format!("line {}: cannot read '{raw}'", n + 1);
            if line.is_empty() {
                cases.extend(case.take());
                continue;
            }
            let (key, value) = line.split_once(' ').ok_or_else(bad)?;
            let value = value.trim();
            if key == "id" {
                cases.extend(case.take());
                case = Some(Case {
                    id: value.to_string(),
                    ..Case::default()
                });
                continue;
            }
            let case = case.as_mut().ok_or_else(bad)?;
            match key {
                "position" if value == "start" => case.position = None,
                "position" => case.position = Some(value.to_string()),
                "rules" => {
                    for pair in value.split_whitespace() {
                        let (id, v) = pair.split_once('=').ok_or_else(bad)?;
                        case.rules.push((id.to_string(), v.to_string()));
                    }
                }
                "perft" => {
                    let (depth, count) = value.split_once(' ').ok_or_else(bad)?;
                    let depth = depth.parse().map_err(|_| bad())?;
                    let count = count.trim().replace('_', "").parse().map_err(|_| bad())?;
                    case.counts.push((depth, count));
                }
                _ => return Err(bad()),
            }
        }
        cases.extend(case);
        Ok(cases)
    }

    /// The game's `.perft` file, found by its name anywhere in the games' folders.
    fn file(game: GameId) -> String {
        fn find(dir: &Path, name: &str) -> Option<PathBuf> {
            for entry in std::fs::read_dir(dir).ok()?.flatten() {
                let path = entry.path();
                let found = if path.is_dir() {
                    find(&path, name)
                } else {
                    (path.file_name()? == name).then_some(path)
                };
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
        let name = format!("{}.perft", game.id());
        let path = find(&rules, &name)
            .unwrap_or_else(|| panic!("every game has its perft file: no {name} in its folder"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Every game's counts, from its own file: a game without one fails here.
    #[test]
    fn every_game_counts_what_its_perft_file_says() {
        for &game in GameId::ALL {
            let cases = read(&file(game)).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
            assert!(!cases.is_empty(), "{} has counts", game.id());
            for case in cases {
                let start = match &case.position {
                    None => Position::new(game, &case.rules),
                    Some(text) => Position::set_up(game, &case.rules, text),
                }
                .unwrap_or_else(|e| panic!("{} {}: {e}", game.id(), case.id));
                assert!(
                    !case.counts.is_empty(),
                    "{} {} has counts",
                    game.id(),
                    case.id
                );
                for (depth, count) in case.counts {
                    assert_eq!(
                        perft(&start, depth),
                        count,
                        "{} {} depth {depth}",
                        game.id(),
                        case.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_perft_file_is_read_block_by_block() {
        let text = "# comment\nid a\nposition start\nperft 1 20 # twenty\n\nid b\nposition 8/8 w - - 0 1\nrules x=1 y=on\nperft 2 1_000\n";
        let cases = read(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(
            (cases[0].position.as_deref(), &cases[0].counts[..]),
            (None, &[(1, 20)][..])
        );
        assert_eq!(cases[1].position.as_deref(), Some("8/8 w - - 0 1"));
        assert_eq!(
            cases[1].rules,
            [("x".into(), "1".into()), ("y".into(), "on".into())]
        );
        assert_eq!(cases[1].counts, [(2, 1000)]);
        assert!(read("perft 1 20").is_err(), "a count before any id");
        assert!(read("id a\nperft one 20").is_err());
    }
}
