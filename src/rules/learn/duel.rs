//! New weights against old: the same search with the same budget, each set of weights
//! playing every seat in turn from the same starts.

use super::play_out;
use crate::rules::position::Position;
use crate::rules::search::{Level, Limits};
use std::sync::Arc;

/// Game `n` of a duel between `new` and `old` weights, `nodes` positions a move each:
/// the new weights take seat `n % seats` (and, in chess for three, the old the other
/// two). Games with the same `n / seats` start alike. The new weights' points: 1 for
/// a win, 0 for a loss, a half for a draw or a game unfinished after `most` moves a
/// seat.
pub fn game(
    start: &Position,
    n: u64,
    nodes: u64,
    most: usize,
    (new, old): (&Arc<[f32]>, &Arc<[f32]>),
) -> f64 {
    let seats = start.seats().seat_count() as u64;
    let new_seat = (n % seats) as usize;
    let wins_as = |seat: usize| start.seats().wins_as(seat);
    let finished = play_out(start, n, seats, 2, most, |position, limits, seed| {
        let mover = position.seats().seat_to_move();
        // A partner plays for the same side (bughouse's team).
        let ours = wins_as(mover) == wins_as(new_seat);
        let limits = Limits {
            nodes: Some(nodes),
            weights: Some(if ours { new.clone() } else { old.clone() }),
            ..limits.clone()
        };
        position
            .think(Level::Hard, &limits, seed, &mut |_| {})
            .map(|t| t.best)
    });
    match finished.outcome().and_then(|o| o.winner) {
        Some(w) if w == wins_as(new_seat) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The mean of `points` and the half-width of its 95% confidence interval (the
/// normal approximation over the games' own spread).
pub fn interval(points: &[f64]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    let mean = points.iter().sum::<f64>() / n;
    let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::GameId;

    #[test]
    fn the_interval_narrows_with_games() {
        let (mean, half) = interval(&[1.0, 0.0, 1.0, 0.5]);
        assert!((mean - 0.625).abs() < 1e-9);
        let (_, wider) = interval(&[1.0, 0.0]);
        assert!(wider > half);
    }

    /// Weights that count men and kings as nothing lose to the weights by hand.
    #[test]
    fn weights_that_ignore_material_lose_the_duel() {
        let start = Position::new(GameId::Turkish, &[]).unwrap();
        let hand: Arc<[f32]> = crate::rules::search::hand(GameId::Turkish.features()).into();
        let mut blind = hand.to_vec();
        blind[0] = 0.0;
        blind[1] = 0.0;
        let blind: Arc<[f32]> = blind.into();
        let points: f64 = (0..4)
            .map(|n| game(&start, n, 300, 80, (&blind, &hand)))
            .sum();
        assert!(points <= 1.0, "{points} of 4");
    }
}
