//! Every game's plugin. Each puts its game on the chooser's [`Shelf`], and adds what
//! its game shows besides the shared board, pieces, highlights, input and match
//! panel, running only while that game is shown
//! ([`showing`](super::session::showing)). A game left out of [`GamePlugins`] is not
//! in the app; a new game does not compile until [`own`] says what it shows.
//!
//! | Game | Its plugin adds |
//! |---|---|
//! | chess for three | zones, borders and thrones; the triangle's name; diplomacy rows; the vassal's question; Russian move letters |
//! | Chapayev | the 3D table, its camera and aim; the scoreboard rows; the round's end; shots in words |
//! | dice chess | the dice rows; rolling with its tumble |
//! | bughouse | the reserves beside their boards |

pub mod bughouse;
pub mod chapayev;
pub mod dice;
pub mod trichess;

use super::shelf::Shelf;
use crate::rules::GameId;
use bevy::prelude::*;

/// A [`GamePlugin`] for every game, in the chooser's order.
pub struct GamePlugins;

impl Plugin for GamePlugins {
    fn build(&self, app: &mut App) {
        for &game in GameId::ALL {
            app.add_plugins(GamePlugin(game));
        }
    }
}

/// One game in the app: its card on the shelf and what it shows of its own.
pub struct GamePlugin(pub GameId);

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.world_mut().get_resource_or_init::<Shelf>().put(self.0);
        own(self.0, app);
    }

    /// One plugin type serves every game.
    fn is_unique(&self) -> bool {
        false
    }
}

/// Adds what `game` shows of its own; the others show the shared board alone.
fn own(game: GameId, app: &mut App) {
    use GameId::*;
    match game {
        TriChess => app.add_plugins(trichess::TriChessPlugin),
        Chapayev => app.add_plugins(chapayev::ChapayevPlugin),
        DiceChess => app.add_plugins(dice::DicePlugin),
        Bughouse => app.add_plugins(bughouse::BughousePlugin),
        Chess | Chess100 | Transforming | Maharajah | DoubleMove | EveryoneMoves | Appearing
        | Swedish | Shashmaty | ZShashmaty | Turkish | Armenian | Reversi | Epsilon | Corners => {
            app
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_on_the_shelf_in_the_registrys_order() {
        let mut app = App::new();
        app.add_plugins(GamePlugins);
        let shelf = app.world().resource::<Shelf>();
        assert_eq!(shelf.games().collect::<Vec<_>>(), GameId::ALL);
        for &game in GameId::ALL {
            assert!(shelf.showcase(game).is_some(), "{game:?} shows no picture");
        }
    }
}
