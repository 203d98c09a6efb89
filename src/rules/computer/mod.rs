//! What a game tells the computer, declared beside the game and read by the engine
//! (`crate::engine`): its evaluation ([`Evaluate`]: how good a position is) as named
//! features times weights ([`features`]), what an evaluation network sees of it
//! ([`inputs`]), the search's hints ([`Hints`]: which moves to follow past the horizon
//! and which to try first), and how
//! the computer chooses in it ([`Choose`], through the engine's [`Search`]), with the
//! level it plays at and what a search answers ([`Thought`], [`Judgement`]).
//!
//! These stay in the rules because every game implements them in its own folder: in
//! the engine, each game would name the engine. The search, the networks themselves,
//! learning, the weights files and the review are the engine's.

mod choose;
mod evaluate;
pub mod features;
mod hints;
pub mod inputs;

pub use choose::{Choose, Judgement, Level, Progress, Search, Thought};
pub use evaluate::{
    Evaluate, WIN, captures, each_piece, end_score, is_mate, mix, seen_twice, worth,
};
pub use features::{Evaluation, Feature, Sparse, Sum, Tally, Trace, hand};
pub use hints::{HISTORY_SLOTS, Hints, PIECE_SLOTS};
pub use inputs::{Layout, difference, inputs};
