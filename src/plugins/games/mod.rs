//! The games' own plugins: what one game shows besides the shared board, pieces,
//! highlights, input and match panel. Each runs only while its game is shown
//! ([`showing`](super::session::showing)); a game with nothing of its own has none.
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

use bevy::app::plugin_group;

plugin_group! {
    /// Every game's own plugin.
    pub struct GamePlugins {
        trichess:::TriChessPlugin,
        chapayev:::ChapayevPlugin,
        dice:::DicePlugin,
        bughouse:::BughousePlugin,
    }
}
