//! Doska: board games from Russian and Ukrainian rule texts.
//!
//! [`rules`] is the games and what they share, pure; [`engine`] is the computer that
//! plays them (search, evaluation networks, learning, weights and review), which uses
//! the rules and never the other way; [`cli`] holds the headless commands and [`uci`]
//! the chess engine protocol; with the `app` feature, [`plugins`] draws the games with
//! Bevy.

#[cfg(test)]
mod architecture_tests;
pub mod cli;
#[cfg(any(feature = "app", feature = "serve"))]
pub mod drawings;
pub mod engine;
pub mod folders;
#[cfg(any(feature = "app", feature = "serve"))]
pub mod i18n;
#[cfg(feature = "protocol")]
pub mod online;
#[cfg(feature = "app")]
pub mod plugins;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod rules;
#[cfg(feature = "serve")]
pub mod server;
#[cfg(any(feature = "app", feature = "serve"))]
pub mod sounds;
pub mod uci;
