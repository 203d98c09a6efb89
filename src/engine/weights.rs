//! The weights each game's evaluation multiplies its features by. Every game ships a
//! file of them, `assets/weights/<game id>.ron`, built into the program; a player who
//! learns further (`doska learn`) gets a file of their own. Nothing here is global:
//! the program reads the player's files once at start into an [`InForce`] and hands
//! it to whatever searches, in the [`Limits`](super::search::Limits) it gives; a
//! search given none plays with the shipped weights.
//!
//! The file names each feature with its weight; a feature left out keeps its weight
//! by hand, so a file stays good when a game gains a feature.

use super::net::Net;
use crate::rules::computer::{Evaluation, hand};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// A weights file as written.
#[derive(Deserialize)]
struct File {
    game: String,
    weights: BTreeMap<String, f32>,
}

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("not a weights file: {0}")]
    NotWeights(#[from] ron::error::SpannedError),
    #[error("the weights are {file}'s, not {game}'s")]
    OtherGame { file: String, game: &'static str },
    #[error("{game} counts no feature '{unknown}' (it counts {known})")]
    Unknown {
        game: &'static str,
        unknown: String,
        known: String,
    },
    #[error("the weight of {feature} is {weight}, not a number")]
    NotNumber { feature: &'static str, weight: f32 },
}

/// Reads a weights file for `game`: one weight per feature, in the features' order.
/// Refuses another game's file, a feature the game does not count, and a weight that
/// is not a finite number.
pub fn read(game: Evaluation, text: &str) -> Result<Vec<f32>, WeightsError> {
    let file: File = ron::from_str(text)?;
    if file.game != game.id {
        return Err(WeightsError::OtherGame {
            file: file.game,
            game: game.id,
        });
    }
    let features = game.features;
    if let Some(unknown) = file
        .weights
        .keys()
        .find(|name| !features.iter().any(|f| f.name == name.as_str()))
    {
        // Chess's hundreds of squares would bury the few names a reader needs.
        let known: Vec<&str> = features.iter().take(12).map(|f| f.name).collect();
        let more = features.len().saturating_sub(known.len());
        return Err(WeightsError::Unknown {
            game: game.id,
            unknown: unknown.clone(),
            known: if more > 0 {
                format!("{} and {more} more", known.join(", "))
            } else {
                known.join(", ")
            },
        });
    }
    features
        .iter()
        .map(|f| match file.weights.get(f.name) {
            Some(w) if w.is_finite() => Ok(*w),
            Some(&weight) => Err(WeightsError::NotNumber {
                feature: f.name,
                weight,
            }),
            None => Ok(f.weight),
        })
        .collect()
}

/// Writes `weights` for `game` as a file [`read`] takes back, each feature on its own
/// line in the features' order, under `note` (a comment line each).
pub fn write(game: Evaluation, weights: &[f32], note: &str) -> String {
    let mut out = String::new();
    for line in note.lines() {
        out.push_str(&format!("// {line}\n"));
    }
    out.push_str(&format!("(\n    game: \"{}\",\n    weights: {{\n", game.id));
    for (f, w) in game.features.iter().zip(weights) {
        out.push_str(&format!("        \"{}\": {},\n", f.name, tidy(*w)));
    }
    out.push_str("    },\n)\n");
    out
}

/// A weight as written: to two decimals, which is finer than any evaluation unit,
/// and always with a point so that RON reads it as a number of its kind.
fn tidy(w: f32) -> String {
    let text = format!("{:.2}", w);
    let text = text.trim_end_matches('0');
    format!("{text}{}", if text.ends_with('.') { "0" } else { "" })
}

/// More than the games there are: the size of the shipped weights' memo.
pub const GAMES: usize = 32;

/// The shipped file of each game, read once: it is built into the program and never
/// changes, so this is a memo, not state.
static SHIPPED: [OnceLock<Arc<[f32]>>; GAMES] = [const { OnceLock::new() }; GAMES];

/// The weights `game` ships with (by hand where its file does not read, which a test
/// rules out).
pub fn shipped(game: Evaluation) -> Arc<[f32]> {
    SHIPPED[game.index]
        .get_or_init(|| {
            read(game, game.shipped)
                .map(Arc::from)
                .unwrap_or_else(|_| hand(game.features).into())
        })
        .clone()
}

/// The weights in force for every game: the player's own where `doska learn` wrote
/// them, else the shipped ones; and the network in force, which evaluates in their
/// place where there is one (the player's own, else the shipped one).
#[derive(Clone, Debug, Default)]
pub struct InForce {
    learned: Vec<(&'static str, Arc<[f32]>)>,
    nets: Vec<(&'static str, Arc<Net>)>,
}

impl InForce {
    /// The same, with `weights` in force for `game`.
    pub fn with(mut self, game: Evaluation, weights: Arc<[f32]>) -> InForce {
        self.learned.retain(|(g, _)| *g != game.id);
        self.learned.push((game.id, weights));
        self
    }

    /// The same, with `net` in force for `game`.
    pub fn with_net(mut self, game: Evaluation, net: Arc<Net>) -> InForce {
        self.nets.retain(|(g, _)| *g != game.id);
        self.nets.push((game.id, net));
        self
    }

    /// The network in force for `game`, if any.
    pub fn net(&self, game: Evaluation) -> Option<Arc<Net>> {
        self.nets
            .iter()
            .find(|(g, _)| *g == game.id)
            .map(|(_, n)| n.clone())
            .or_else(|| super::net::shipped::shipped(game.id))
    }

    /// The weights in force for `game`.
    pub fn get(&self, game: Evaluation) -> Arc<[f32]> {
        self.learned
            .iter()
            .find(|(g, _)| *g == game.id)
            .map_or_else(|| shipped(game), |(_, w)| w.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn every_game_ships_weights_for_exactly_its_features() {
        for &game in GameId::ALL {
            let text = game.shipped_weights();
            let weights =
                read(game.evaluation(), text).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
            assert_eq!(weights.len(), game.features().len());
            for f in game.features() {
                assert!(
                    text.contains(&format!("\"{}\":", f.name)),
                    "{} names {}",
                    game.id(),
                    f.name
                );
            }
        }
    }

    #[test]
    fn features_are_named_once_each() {
        for &game in GameId::ALL {
            let names: Vec<&str> = game.features().iter().map(|f| f.name).collect();
            for (i, name) in names.iter().enumerate() {
                assert!(!names[..i].contains(name), "{} {name}", game.id());
                assert!(
                    name.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn weights_written_are_read_back() {
        let game = GameId::Reversi;
        let weights: Vec<f32> = (0..game.features().len())
            .map(|i| i as f32 * 1.25 - 3.0)
            .collect();
        let text = write(game.evaluation(), &weights, "learned from 10 games\nkept");
        assert!(text.starts_with("// learned from 10 games\n// kept\n"));
        assert_eq!(read(game.evaluation(), &text).unwrap(), weights);
    }

    #[test]
    fn a_feature_left_out_keeps_its_weight_by_hand() {
        let text = "(game: \"turkish-draughts\", weights: {\"king\": 400.0})";
        let weights = read(GameId::Turkish.evaluation(), text).unwrap();
        assert_eq!(weights, vec![100.0, 400.0, 6.0, 0.0, 0.0]);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let game = GameId::Turkish;
        let other = read(game.evaluation(), "(game: \"chess\", weights: {})").unwrap_err();
        assert!(
            other
                .to_string()
                .contains("chess's, not turkish-draughts's"),
            "{other}"
        );
        let unknown = read(
            game.evaluation(),
            "(game: \"turkish-draughts\", weights: {\"queen\": 9.0})",
        );
        assert!(
            unknown
                .unwrap_err()
                .to_string()
                .contains("no feature 'queen'")
        );
        let nan = read(
            game.evaluation(),
            "(game: \"turkish-draughts\", weights: {\"man\": NaN})",
        );
        assert!(nan.unwrap_err().to_string().contains("not a number"));
        assert!(
            read(game.evaluation(), "(game: ")
                .unwrap_err()
                .to_string()
                .starts_with("not a weights file")
        );
    }

    #[test]
    fn the_weights_in_force_are_the_learned_ones_else_the_shipped() {
        assert!(GameId::ALL.len() <= GAMES);
        let chess = GameId::Chess.evaluation();
        let shipped = shipped(chess);
        assert_eq!(*shipped, *read(chess, chess.shipped).unwrap());
        let learned: Arc<[f32]> = vec![1.0; chess.features.len()].into();
        let in_force = InForce::default().with(chess, learned.clone());
        assert_eq!(in_force.get(chess), learned);
        let reversi = GameId::Reversi.evaluation();
        assert_eq!(in_force.get(reversi), super::shipped(reversi));
        assert_eq!(InForce::default().get(chess), shipped);
    }
}
