//! New weights against old: the same search with the same budget, each set of weights
//! playing every seat in turn from the same starts (in chess for three, alone against
//! two and two against one).

use super::play_out;
use crate::engine::search::{Level, Limits, Think};
use crate::rules::position::{Move, Position};
use std::sync::Arc;

/// The seats the new weights take in game `n`, and how many games in a row start
/// alike. With two seats (and bughouse's teams) the new weights take seat `n % seats`.
/// With three, one game in six for each arrangement: the new weights in one seat
/// against the old in two, over the three corners, then in two seats against the old
/// in one, so that neither a corner nor being outnumbered decides the score.
pub fn arrangement(seats: usize, n: u64) -> (Vec<usize>, u64) {
    if seats == 3 {
        let corner = (n % 3) as usize;
        let seats = if (n / 3).is_multiple_of(2) {
            vec![corner]
        } else {
            (0..3).filter(|&s| s != corner).collect()
        };
        return (seats, 6);
    }
    (vec![(n % seats as u64) as usize], seats as u64)
}

/// Game `n` of a duel between two players, the first in the seats [`arrangement`]
/// gives it: `choose` makes every move, told whether the first player makes it. The
/// first player's points: its seats' mean [`share`](super::share), so a fair share is
/// a half whatever the number of players, and a game unfinished after `most` moves a
/// seat is shared as a draw by agreement.
pub fn play(
    start: &Position,
    n: u64,
    most: usize,
    mut choose: impl FnMut(bool, &Position, &Limits, u64) -> Option<Move>,
) -> f64 {
    let seats = start.seats().seat_count();
    let (ours, pair) = arrangement(seats, n);
    let wins_as = |seat: usize| start.seats().wins_as(seat);
    let finished = play_out(start, n, pair, 2, most, |position, limits, seed| {
        let mover = position.seats().seat_to_move();
        // A partner plays for the same side (bughouse's team).
        let first = ours.iter().any(|&s| wins_as(s) == wins_as(mover));
        choose(first, position, limits, seed)
    });
    ours.iter()
        .map(|&s| super::share(&finished, s))
        .sum::<f64>()
        / ours.len() as f64
}

/// Game `n` of a duel between `new` and `old` weights ([`play`]), `nodes` positions a
/// move each: the new weights' points.
pub fn game(
    start: &Position,
    n: u64,
    nodes: u64,
    most: usize,
    (new, old): (&Arc<[f32]>, &Arc<[f32]>),
) -> f64 {
    let with = |weights: &Arc<[f32]>| Limits {
        weights: Some(weights.clone()),
        ..Limits::default()
    };
    between(start, n, nodes, most, (&with(new), &with(old)))
}

/// Game `n` of a duel between two evaluations, each the weights and network its
/// limits name ([`play`]), `nodes` positions a move each: the first's points.
pub fn between(
    start: &Position,
    n: u64,
    nodes: u64,
    most: usize,
    (new, old): (&Limits, &Limits),
) -> f64 {
    play(start, n, most, |first, position, limits, seed| {
        let by = if first { new } else { old };
        let limits = Limits {
            nodes: Some(nodes),
            weights: by.weights.clone(),
            net: by.net.clone(),
            ..limits.clone()
        };
        position
            .think(Level::Hard, &limits, seed, &mut |_| {})
            .map(|t| t.best)
    })
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

    #[test]
    fn three_seats_rotate_the_corners_and_the_odds() {
        let arranged: Vec<Vec<usize>> = (0..6).map(|n| arrangement(3, n).0).collect();
        assert_eq!(
            arranged,
            [
                vec![0],
                vec![1],
                vec![2],
                vec![1, 2],
                vec![0, 2],
                vec![0, 1]
            ]
        );
        assert_eq!(arrangement(3, 7).1, 6);
        assert_eq!(arrangement(2, 3), (vec![1], 2));
        assert_eq!(arrangement(4, 6).0, [2]);
    }

    /// In chess for three a fair share is a half: equal weights, a game cut off before
    /// anyone fell, give the new ones half in either arrangement.
    #[test]
    fn an_even_game_of_three_is_worth_a_half() {
        let start = Position::new(GameId::TriChess, &[]).unwrap();
        let hand: Arc<[f32]> = crate::engine::search::hand(GameId::TriChess.features()).into();
        for n in [0, 3] {
            assert_eq!(game(&start, n, 200, 2, (&hand, &hand)), 0.5);
        }
    }

    /// Weights that count men and kings as nothing lose to the weights by hand.
    #[test]
    fn weights_that_ignore_material_lose_the_duel() {
        let start = Position::new(GameId::Turkish, &[]).unwrap();
        let hand: Arc<[f32]> = crate::engine::search::hand(GameId::Turkish.features()).into();
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
