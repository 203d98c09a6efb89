//! The games this app offers: each game's plugin puts its card on the shelf, with the
//! position its card shows, replayed once here rather than on every frame the chooser
//! and the setup screen draw.

use crate::rules::{GameId, Position};
use bevy::prelude::*;

/// The games in the app, in the order their plugins were added, each with the
/// position of its card (`None` where the showcase does not replay, which a test
/// rules out).
#[derive(Resource, Default)]
pub struct Shelf(Vec<(GameId, Option<Position>)>);

impl Shelf {
    /// Puts `game` on the shelf; a game put there twice keeps its first place.
    pub fn put(&mut self, game: GameId) {
        if self.games().any(|g| g == game) {
            return;
        }
        let showcase = crate::rules::record::replay(game, game.card().showcase, &[])
            .ok()
            .map(|m| m.position().clone());
        self.0.push((game, showcase));
    }

    pub fn games(&self) -> impl Iterator<Item = GameId> + '_ {
        self.0.iter().map(|(g, _)| *g)
    }

    /// The position `game`'s card shows.
    pub fn showcase(&self, game: GameId) -> Option<&Position> {
        self.0
            .iter()
            .find(|(g, _)| *g == game)
            .and_then(|(_, p)| p.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_shelved_once_with_its_showcase() {
        let mut shelf = Shelf::default();
        shelf.put(GameId::Reversi);
        shelf.put(GameId::Chess);
        shelf.put(GameId::Reversi);
        assert_eq!(
            shelf.games().collect::<Vec<_>>(),
            [GameId::Reversi, GameId::Chess]
        );
        // Reversi's card shows discs a few moves in, not its start.
        let start = Position::new(GameId::Reversi, &[]).unwrap();
        assert_ne!(
            shelf.showcase(GameId::Reversi).unwrap().pieces(),
            start.pieces()
        );
        assert!(shelf.showcase(GameId::Bughouse).is_none());
    }
}
