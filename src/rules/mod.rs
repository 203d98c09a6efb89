//! The rules: the games and what they share. Pure, deterministic, no rendering and no
//! I/O. The computer that plays them is `crate::engine`, which uses the rules; nothing
//! here names it. What a game tells the computer (its evaluation, how it chooses) is
//! [`computer`].

pub mod bughouse;
pub mod chance;
pub mod chapayev;
pub mod chess;
pub mod chess100;
pub mod clock;
pub mod computer;
pub mod corners;
pub mod dama;
pub mod decisions;
pub mod dice;
pub mod ends;
pub mod epsilon;
pub mod error;
pub mod family;
pub mod game;
pub mod grid;
pub mod history;
pub mod options;
pub mod outcome;
pub mod pages;
pub mod path;
pub mod perft;
pub mod pgn;
pub mod placement;
pub mod position;
pub mod record;
pub mod reversi;
pub mod score;
pub mod seats;
pub mod set_up;
pub mod side;
pub mod sketch;
pub mod table;
pub mod topology;
pub mod trichess;
pub mod turns;
pub mod typed;
pub mod view;
pub mod why;
pub mod wording;
pub mod zshashmaty;

pub use error::Error;
pub use game::Game;
pub use history::{Action, Match};
pub use outcome::{Outcome, Reason};
pub use position::{GameId, Move, Position};
pub use seats::{Seats, Standing};
pub use side::Side;
pub use topology::{Cell, Topology};
pub use view::{MoveView, PieceKind, PieceView};
pub use why::{Refusal, Refusals, Word};

#[cfg(test)]
mod finished_tests;
#[cfg(test)]
mod property_tests;
#[cfg(test)]
mod set_up_tests;
#[cfg(test)]
mod sketch_tests;
#[cfg(test)]
mod why_tests;
