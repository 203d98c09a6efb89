//! The computer: the search over any game's evaluation ([`search`]), the evaluation
//! networks ([`net`]), learning weights and networks from self-play ([`learn`], with
//! `doska learn`), the weights files ([`weights`]), a game's review ([`review`]) and
//! the computer in a seat of a match ([`player`]).
//!
//! The engine uses the rules and the rules never name the engine
//! (`src/architecture_tests.rs` keeps it so). What each game brings to the search is
//! declared in the rules, beside the game: its evaluation ([`Evaluate`]), its features
//! and how it chooses ([`Choose`], which asks the engine's [`Search`] for a search);
//! the engine implements [`Search`].
//!
//! [`Evaluate`]: crate::rules::computer::Evaluate
//! [`Choose`]: crate::rules::computer::Choose
//! [`Search`]: crate::rules::computer::Search

pub mod learn;
pub mod net;
pub mod player;
pub mod review;
pub mod search;
pub mod weights;
