//! Self-play: the computer plays itself with short searches and every position it
//! searched becomes a sample, labelled with how the game ended for the player who
//! searched it and the score the search gave it (and, with two players, the same for
//! the opponent).

use super::play_out;
use crate::engine::search::{Level, Limits, Sparse, Think, is_mate, mix};
use crate::rules::position::{Move, Position};
use rand_distr::{Distribution, StandardNormal};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::SeedableRng;

/// One position to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The number of the game it came from (samples are fitted in game order, so a
    /// resumed run fits exactly what one run would have).
    pub game: u64,
    /// How the game ended for the player whose view it is ([`share`](super::share)):
    /// 1 won, 0 lost, a half drawn; in chess for three its points over 2.
    pub result: f32,
    /// The search's score for that player, in evaluation units.
    pub score: f32,
    /// The evaluation's features for that player in the position searched: the fit
    /// teaches the evaluation to see at a glance what the search and the game's end
    /// saw from there.
    pub features: Sparse,
    /// Where [`Settings::inputs`] asks for it, the end of the line the search found
    /// best (its principal variation): what a network learns from.
    pub leaf: Option<Leaf>,
}

/// The position at the end of the line a search found best, from a sample's view:
/// the search scores a position by the static score of such a position, so a static
/// score learned there learns what the search asks of it (TD-Leaf's choice, where
/// KnightCap learned), rather than positions only seen at the root of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaf {
    /// The seat whose view it is.
    pub seat: usize,
    /// The network's inputs ([`crate::rules::computer::inputs`]).
    pub on: Vec<u32>,
    /// The evaluation's features there.
    pub features: Sparse,
}

/// The end of `pv` played from `position` (as far as its moves are legal).
fn line_end(position: &Position, pv: &[Move]) -> Position {
    let mut end = position.clone();
    for m in pv {
        if end.outcome(0).is_some() || end.play(m).is_err() {
            break;
        }
    }
    end
}

/// Whether a position says what its features say: not in check, and its best move
/// neither takes nor promotes. In the middle of an exchange one side is a piece up
/// that it is about to give back; learning from such positions teaches the
/// evaluation that material matters little.
fn quiet(position: &Position, best: &Move) -> bool {
    position.shown().check_cell().is_none()
        && position
            .view(best)
            .is_none_or(|v| v.captured.is_empty() && v.promotion.is_none())
}

/// How self-play searches and starts its games.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Positions searched a move.
    pub nodes: u64,
    /// Random plies at most at the start of a game (each game takes from 2 to this).
    pub random: usize,
    /// Moves a seat after which a game counts as drawn.
    pub most: usize,
    /// How far each seat's weights stray from those in force, game by game: each
    /// weight moves by a normal draw of this share of its size (of the smallest weight
    /// that is not zero, for a weight at zero; of a hundred units where every weight
    /// is zero). 0 plays every seat with the weights in
    /// force. Where those weights see nothing to choose (chess for three's armies in
    /// their corners), only straying players meet, and only their games end.
    pub explore: f32,
    /// Whether samples carry the end of the search's line ([`Sample::leaf`]).
    pub inputs: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            nodes: 4_000,
            random: 8,
            most: 150,
            explore: 0.0,
            inputs: false,
        }
    }
}

/// The weights seat `seat` plays with in game `n`: `base` moved as
/// [`Settings::explore`] says, the same for the same game and seat.
pub fn strayed(base: &[f32], explore: f32, n: u64, seat: usize) -> Vec<f32> {
    if explore == 0.0 {
        return base.to_vec();
    }
    let smallest = base
        .iter()
        .map(|w| w.abs())
        .filter(|&w| w > 0.0)
        .fold(f32::INFINITY, f32::min);
    // With every weight zero (a game with no material, learned from scratch), a
    // hundred units: what a pawn is worth in chess.
    let smallest = if smallest.is_finite() {
        smallest
    } else {
        100.0
    };
    let mut rng = SplitMix64::seed_from_u64(mix(n ^ (seat as u64) << 48 ^ 0x57a7));
    base.iter()
        .map(|&w| {
            let size = if w == 0.0 { smallest } else { w.abs() };
            let draw: f32 = StandardNormal.sample(&mut rng);
            w + explore * size * draw
        })
        .collect()
}

/// Plays game `n` of self-play with the weights `given` names, and returns its
/// samples; None when `given`'s stop flag is raised before the game ends (a game cut
/// short has no result to learn from). A position whose search sees a forced win or
/// loss gives no sample: the evaluation decided nothing there.
pub fn game(start: &Position, n: u64, settings: &Settings, given: &Limits) -> Option<Vec<Sample>> {
    let spread = settings.random.max(2) as u64 - 1;
    let random = 2 + (mix(n ^ 0xfeed) % spread) as usize;
    // Each sample with the seat whose result it takes.
    let mut taken: Vec<(Sample, usize)> = Vec::new();
    let seat_weights: Option<Vec<std::sync::Arc<[f32]>>> = given
        .weights
        .as_ref()
        .filter(|_| settings.explore > 0.0)
        .map(|base| {
            (0..start.seats().seat_count())
                .map(|seat| strayed(base, settings.explore, n, seat).into())
                .collect()
        });
    let finished = play_out(
        start,
        n,
        1,
        random,
        settings.most,
        |position, limits, seed| {
            if given.stopped() {
                return None;
            }
            let mover = position.seats().seat_to_move();
            let limits = Limits {
                nodes: Some(settings.nodes),
                weights: match &seat_weights {
                    Some(each) => Some(each[mover].clone()),
                    None => given.weights.clone(),
                },
                net: given.net.clone(),
                ..limits.clone()
            };
            let thought = position.think(Level::Hard, &limits, seed, &mut |_| {})?;
            let score = thought.progress.score;
            let seats = position.seats();
            if !is_mate(score) && quiet(position, &thought.best) {
                // With two players the opponent's view is the same position scored
                // the other way: both are kept, so that what depends on whose turn
                // it is (the room to move) is seen from either side.
                let views = if seats.seat_count() == 2 { 2 } else { 1 };
                for view in 0..views {
                    let seat = (mover + view) % seats.seat_count();
                    let sample = Sample {
                        game: n,
                        result: 0.5,
                        score: (if view == 0 { score } else { -score }) as f32,
                        features: position.trace(seat).sparse(),
                        leaf: settings.inputs.then(|| {
                            let end = line_end(position, &thought.progress.pv);
                            Leaf {
                                seat,
                                on: end.net_inputs(seat),
                                features: end.trace(seat).sparse(),
                            }
                        }),
                    };
                    taken.push((sample, seat));
                }
            }
            Some(thought.best)
        },
    );
    if given.stopped() {
        return None;
    }
    let samples = taken
        .into_iter()
        .map(|(mut sample, seat)| {
            sample.result = super::share(&finished, seat) as f32;
            sample
        })
        .collect();
    Some(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::GameId;

    #[test]
    fn a_game_gives_samples_of_the_games_features_and_its_result() {
        let start = Position::new(GameId::Corners, &[]).unwrap();
        let settings = Settings {
            nodes: 300,
            ..Settings::default()
        };
        // Weights of its own, the hand-set ones, so the two games are played alike
        // whatever the shipped file holds.
        let limits = Limits {
            weights: Some(crate::engine::search::hand(GameId::Corners.features()).into()),
            ..Limits::default()
        };
        let samples = game(&start, 3, &settings, &limits).unwrap();
        assert!(samples.len() > 20, "{}", samples.len());
        let width = GameId::Corners.features().len();
        assert!(
            samples
                .iter()
                .all(|s| s.features.width == width && s.game == 3)
        );
        // Both players' positions, each with its own result.
        let results: std::collections::BTreeSet<u32> =
            samples.iter().map(|s| (s.result * 2.0) as u32).collect();
        assert!(
            results == [0, 2].into() || results == [1].into(),
            "{results:?}"
        );
        assert_eq!(game(&start, 3, &settings, &limits).unwrap(), samples);
        let stop = Limits {
            stop: Some(std::sync::Arc::new(true.into())),
            ..Limits::default()
        };
        assert_eq!(game(&start, 3, &settings, &stop), None);
    }
}
#[cfg(test)]
mod straying {
    use super::*;

    #[test]
    fn each_seat_strays_its_own_way_and_the_same_each_time() {
        let base = [100.0, 300.0, 0.0];
        let a = strayed(&base, 0.1, 7, 0);
        assert_eq!(a, strayed(&base, 0.1, 7, 0));
        assert_ne!(a, strayed(&base, 0.1, 7, 1));
        assert_ne!(a, strayed(&base, 0.1, 8, 0));
        assert_ne!(a[2], 0.0, "a weight at zero strays too");
        assert!(
            a[2].abs() < 100.0,
            "by a share of the smallest weight: {}",
            a[2]
        );
        assert_eq!(strayed(&base, 0.0, 7, 0), base);
    }
}

#[cfg(test)]
mod three {
    use super::*;
    use crate::rules::position::GameId;

    /// Chess for three's armies meet and fall once their advance is weighed: a game of
    /// self-play ends before the move limit, and its positions carry who fell
    /// (material alone left the armies in their corners and every game unfinished,
    /// each position a half).
    #[test]
    fn a_self_play_game_of_chess_for_three_ends() {
        let start = Position::new(GameId::TriChess, &[]).unwrap();
        let settings = Settings {
            nodes: 1_000,
            ..Settings::default()
        };
        // The hand weights, with the armies' advance weighed as learning might.
        let features = GameId::TriChess.features();
        let mut weights = crate::engine::search::hand(features);
        for (weight, feature) in weights.iter_mut().zip(features) {
            match feature.name {
                "pawn-advance" => *weight = 8.0,
                "advance" => *weight = 3.0,
                _ => {}
            }
        }
        let limits = Limits {
            weights: Some(weights.into()),
            ..Limits::default()
        };
        let samples = game(&start, 1, &settings, &limits).unwrap();
        assert!(
            samples.iter().any(|s| s.result != 0.5),
            "{} positions, all a half",
            samples.len()
        );
        assert!(samples.iter().any(|s| !s.features.amounts.is_empty()));
    }
}
