//! Chess's ends, an optional part of a game: check, the draws a player may claim
//! (threefold repetition, fifty moves) and the side that cannot win however the game
//! goes (a lone king, whose opponent's flag falling only draws). The chess family has
//! them; games that end by their own count (draughts, Reversi, Corners) do not. The
//! registry, the app and the rules pages reach them through
//! [`Game::ends`](super::Game::ends).

use super::outcome::Reason;
use super::side::Side;

pub trait Ends {
    /// Whether there is check: a king (or the game's royal piece) may never be left
    /// attacked. Its rules page may then say so, and only then.
    fn has_check(&self) -> bool {
        true
    }

    /// A draw the player to move may claim now, given how often this position has
    /// occurred.
    fn claimable_draw(&self, _repetitions: usize) -> Option<Reason> {
        None
    }

    /// Whether `side` could still win by any series of moves: a side whose time runs
    /// out against one that cannot (a lone king) only draws.
    fn may_win(&self, _side: Side) -> bool {
        true
    }
}
