//! Where learning from scratch starts: material alone. A feature that counts pieces
//! of one kind (a pawn, a man, a Maharajah; chess's in the middle game or the ending)
//! keeps its weight by hand, and so do chess for three's counts of the armies out of
//! the game, which say what its game is won by as a mate says it in chess; every
//! other weight is zero, and a game with no material (Reversi, Epsilon-64, Corners)
//! starts from nothing at all.

use crate::engine::search::Feature;

/// The names of the features that count pieces of a kind.
const PIECES: &[&str] = &[
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "maharajah",
    "jester",
    "general",
    "checker",
    "z-checker",
    "vice-king",
    "man",
];

/// Features that count who has left a game of three: its aim, not a judgement.
const AIM: &[&str] = &["opponent-out", "out"];

/// Whether `name` counts who has left a game of three: what the game is won by,
/// which learning leaves as it is.
pub fn aim(name: &str) -> bool {
    AIM.contains(&name)
}

/// Whether `name` counts pieces of one kind, in either phase.
fn counts_pieces(name: &str) -> bool {
    let kind = name
        .strip_suffix("-middle")
        .or_else(|| name.strip_suffix("-ending"))
        .unwrap_or(name);
    PIECES.contains(&kind)
}

/// The weights a run from scratch starts from: the hand weights of material and of a
/// game's aim, zero for the rest.
pub fn material(features: &[Feature]) -> Vec<f32> {
    features
        .iter()
        .map(|f| {
            if counts_pieces(f.name) || aim(f.name) {
                f.weight
            } else {
                0.0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::GameId;

    /// The weight from scratch and the weight by hand of `game`'s feature `name`.
    fn weight(game: GameId, name: &str) -> f32 {
        let features = game.features();
        let at = features.iter().position(|f| f.name == name).unwrap();
        material(features)[at]
    }

    fn hand(game: GameId, name: &str) -> f32 {
        let features = game.features();
        features.iter().find(|f| f.name == name).unwrap().weight
    }

    #[test]
    fn material_keeps_the_pieces_and_drops_the_rest() {
        for name in ["pawn-middle", "queen-ending"] {
            assert_eq!(weight(GameId::Chess, name), hand(GameId::Chess, name));
        }
        assert_eq!(weight(GameId::Chess, "pawn-e4-middle"), 0.0);
        assert_eq!(weight(GameId::Chess, "king-shelter"), 0.0);
        assert_eq!(weight(GameId::Turkish, "man"), hand(GameId::Turkish, "man"));
        assert_eq!(weight(GameId::Maharajah, "maharajah"), 1250.0);
        assert_eq!(weight(GameId::Turkish, "man-advance"), 0.0);
        assert_eq!(weight(GameId::TriChess, "opponent-out"), 3000.0);
        assert_eq!(weight(GameId::TriChess, "mobility"), 0.0);
        assert!(
            material(GameId::Reversi.features())
                .iter()
                .all(|&w| w == 0.0)
        );
    }
}
