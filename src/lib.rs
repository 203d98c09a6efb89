//! Doska: board games from Russian and Ukrainian rule texts.
//!
//! [`rules`] is the pure rules engine; [`cli`] holds the headless commands and [`uci`]
//! the chess engine protocol; with the
//! `app` feature, [`plugins`] draws the games with Bevy.

pub mod cli;
#[cfg(feature = "app")]
pub mod i18n;
#[cfg(feature = "app")]
pub mod plugins;
pub mod rules;
pub mod uci;
