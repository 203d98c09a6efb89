//! A refusal or a remark put into words for one position: squares by the board's names, pieces
//! and sides by their translation keys, and a piece's moves by its rules-page
//! paragraph. Apart from [`why`](super::why) so that the games, which give refusals,
//! do not depend on the registry that holds them all.

use super::position::Position;
use super::why::{Word, piece_key};

/// The words of a refusal or a remark as text in `position`'s game, with `name`
/// turning a translation key into words where it has them (the app's language).
pub fn arguments(
    words: &[(&'static str, Word)],
    position: &Position,
    name: impl Fn(&str) -> Option<String>,
) -> Vec<(&'static str, String)> {
    let say = |key: &str| name(key).unwrap_or_else(|| key.to_string());
    words
        .iter()
        .map(|&(arg, word)| {
            let text = match word {
                Word::Square(cell) => position.topology().name(cell).to_string(),
                Word::Piece(kind) => say(&piece_key(kind)).to_lowercase(),
                Word::Side(side) => say(side.key()),
                Word::Number(n) => n.to_string(),
                Word::Moves(kind) => position
                    .game()
                    .piece_keys(kind)
                    .iter()
                    .find_map(|key| name(key))
                    .unwrap_or_default(),
            };
            (arg, text)
        })
        .collect()
}
