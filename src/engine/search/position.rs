//! The search over a position of any game (the registry's [`Position`]): the weights
//! and network in force where the limits name none, then each game's own way of
//! choosing ([`Choose`](crate::rules::computer::Choose)) with the search under those
//! limits.

use super::{Judgement, Level, Limits, Progress, Thought};
use crate::engine::{net, weights};
use crate::rules::side::Side;
use crate::rules::{Move, Position};
use std::sync::Arc;

/// The computer's look at a position of any game.
pub trait Think {
    /// The computer's choice for the seat to move, or None where the game is over:
    /// each game's own (see [`Choose`](crate::rules::computer::Choose)). `report`
    /// hears each finished depth.
    fn think(
        &self,
        level: Level,
        limits: &Limits,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Move>),
    ) -> Option<Thought<Move>>;

    /// How `played` compares with the best move here, for a game's review; None where
    /// no search chooses the move (a roll, a lot, Chapayev's shots) or it is not legal
    /// here.
    fn judge(&self, played: &Move, limits: &Limits) -> Option<Judgement<Move>>;

    /// How good the position is for `side` at a glance, under the limits' weights
    /// (the shipped ones where they name none), in the units of
    /// [`GameId::score_unit`](crate::rules::GameId::score_unit); positive is good for
    /// `side`.
    fn evaluate(&self, side: Side, limits: &Limits) -> i32;
}

impl Think for Position {
    fn think(
        &self,
        level: Level,
        limits: &Limits,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Move>),
    ) -> Option<Thought<Move>> {
        self.choose(level, &weighed(self, limits), seed, report)
    }

    fn judge(&self, played: &Move, limits: &Limits) -> Option<Judgement<Move>> {
        self.judge_move(played, &weighed(self, limits))
    }

    fn evaluate(&self, side: Side, limits: &Limits) -> i32 {
        self.evaluate_under(side, &weights_of(self, limits))
    }
}

/// The weights the limits name, else the game's shipped ones.
fn weights_of(position: &Position, limits: &Limits) -> Arc<[f32]> {
    limits
        .weights
        .clone()
        .unwrap_or_else(|| weights::shipped(position.game().evaluation()))
}

/// The limits with the game's shipped weights, and its shipped network if it has
/// one, where they name neither: limits that name weights alone evaluate by those
/// weights (a duel of weights, the learner's self-play).
fn weighed(position: &Position, limits: &Limits) -> Limits {
    let net = match (&limits.weights, &limits.net) {
        (None, None) => net::shipped::shipped(position.game().id()),
        (_, net) => net.clone(),
    };
    Limits {
        weights: Some(weights_of(position, limits)),
        net,
        ..limits.clone()
    }
}
