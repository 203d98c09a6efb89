//! Learning an evaluation from the computer's own games. Self-play ([`selfplay`])
//! gathers positions with how their games ended and what the search thought of them;
//! [`fit`] finds the weights whose evaluation predicts those best (Texel's method);
//! [`duel`] plays the weights found against the weights in force, which are replaced
//! only when the new ones score better. [`tune`] learns by duels alone, pushing the
//! weights toward whichever of two nearby sets wins. All read what a game gave each
//! seat the same way ([`share`]). Everything is deterministic for given game
//! numbers and node budgets, so a run stopped and resumed learns what it would have
//! learned in one go.

mod command;
pub mod duel;
pub mod fit;
mod folder;
mod material;
mod net;
mod playout;
pub mod selfplay;
mod share;
pub mod tune;

pub use command::{Plan, learn};
pub use material::{aim, material};
pub use playout::play_out;
pub use share::share;
