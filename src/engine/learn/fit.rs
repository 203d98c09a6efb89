//! Texel's method: the evaluation, passed through a logistic curve, should predict how
//! the games went from each position; the weights are moved to make the squared error
//! of that prediction smallest.
//!
//! The target is not the result alone. Games of short searches are decided by
//! blunders long after the position sampled, so a result says little about any one
//! position; the search's own score (a deeper look than the evaluation's) says
//! something about every one. The target is half the result and half the search
//! score, each on the same curve: the results pull the weights toward what wins, the
//! scores keep them from chasing the noise of a few thousand games.
//!
//! The starting weights count as a prior ([`PRIOR_POSITIONS`]), so that what few
//! positions show is not taken for the rule.
//!
//! The curve's scale is fitted first, to the results under the weights in force, and
//! then held, so that the weights learned keep the evaluation's units (a pawn stays
//! about a hundred). Whole games are held out (every tenth), and the weights kept are
//! those that predicted the held-out games best.

use super::selfplay::Sample;

/// The result's share of the target; the search score has the rest.
const RESULT_SHARE: f64 = 0.5;
/// Passes over the samples at most, and the passes without a better held-out error
/// after which the fit stops.
const MOST_EPOCHS: usize = 1500;
const PATIENCE: usize = 150;
/// How many positions' worth of belief the starting weights carry: a feature seen in
/// far fewer positions than this (a knight on b8 in the middle game) stays near its
/// weight by hand whatever those few games say, while one seen in far more follows
/// the games. Without it a square seen a few dozen times swings by hundreds.
const PRIOR_POSITIONS: f64 = 2000.0;
/// Adam's step, in evaluation units per feature's standard deviation.
const STEP: f64 = 0.5;
/// The smallest spread a step is measured in: a feature counted once in a hundred
/// positions moves its weight by at most five units a pass.
const SMALLEST_SPREAD: f64 = 0.1;

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    pub weights: Vec<f32>,
    /// The logistic curve's scale: a score of s is a win with chance 1/(1+e^(-scale s)).
    pub scale: f64,
    /// The mean squared error on the held-out games, under the old weights and the new.
    pub before: f64,
    pub after: f64,
    pub trained: usize,
    pub held_out: usize,
    pub epochs: usize,
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The samples, flattened for speed: each row's features that are not zero, one
/// after another.
struct Set {
    indices: Vec<u32>,
    amounts: Vec<f32>,
    /// Where each row starts in `indices` and `amounts`, and where the last ends.
    starts: Vec<usize>,
    results: Vec<f64>,
    /// The search's scores, in evaluation units.
    scores: Vec<f64>,
}

impl Set {
    fn new(samples: &[&Sample]) -> Set {
        let total = samples.iter().map(|s| s.features.amounts.len()).sum();
        let mut set = Set {
            indices: Vec::with_capacity(total),
            amounts: Vec::with_capacity(total),
            starts: Vec::with_capacity(samples.len() + 1),
            results: Vec::with_capacity(samples.len()),
            scores: Vec::with_capacity(samples.len()),
        };
        set.starts.push(0);
        for s in samples {
            for &(i, a) in &s.features.amounts {
                set.indices.push(i);
                set.amounts.push(a);
            }
            set.starts.push(set.indices.len());
            set.results.push(f64::from(s.result));
            set.scores.push(f64::from(s.score));
        }
        set
    }

    /// What the evaluation should predict of each row: its result and its search
    /// score on the curve of `scale`, shared by [`RESULT_SHARE`].
    fn targets(&self, scale: f64) -> Vec<f64> {
        self.results
            .iter()
            .zip(&self.scores)
            .map(|(r, s)| RESULT_SHARE * r + (1.0 - RESULT_SHARE) * logistic(scale * s))
            .collect()
    }

    fn len(&self) -> usize {
        self.results.len()
    }

    /// Row `i`'s features that are not zero, as (index, amount).
    fn row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let span = self.starts[i]..self.starts[i + 1];
        self.indices[span.clone()]
            .iter()
            .zip(&self.amounts[span])
            .map(|(&j, &a)| (j as usize, f64::from(a)))
    }

    fn evaluation(&self, i: usize, weights: &[f64]) -> f64 {
        self.row(i).map(|(j, x)| x * weights[j]).sum()
    }

    /// The mean squared error of predicting `expected` under `weights` and `scale`.
    fn error(&self, weights: &[f64], scale: f64, expected: &[f64]) -> f64 {
        let total: f64 = (0..self.len())
            .map(|i| (expected[i] - logistic(scale * self.evaluation(i, weights))).powi(2))
            .sum();
        total / self.len().max(1) as f64
    }
}

/// The curve's scale where the weights see nothing at all (learning from scratch a
/// game with no material): a hundred units make a win 64 times in a hundred, as a
/// pawn about does in chess.
const FLAT_SCALE: f64 = 0.005_75;

/// The curve's scale under which `weights` predict the results best (a golden-section
/// search over its logarithm); [`FLAT_SCALE`] where they score every position 0.
fn fit_scale(set: &Set, weights: &[f64]) -> f64 {
    if (0..set.len()).all(|i| set.evaluation(i, weights) == 0.0) {
        return FLAT_SCALE;
    }
    let error = |log: f64| set.error(weights, log.exp(), &set.results);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (1e-5f64.ln(), 1f64.ln());
    for _ in 0..60 {
        let a = hi - golden * (hi - lo);
        let b = lo + golden * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits weights to `samples` (in game order), starting from `start`; `progress` hears
/// each pass and the passes at most.
pub fn fit(samples: &[Sample], start: &[f32], progress: &mut dyn FnMut(usize, usize)) -> Fitted {
    fit_with_prior(samples, start, PRIOR_POSITIONS, progress)
}

/// [`fit`], with the starting weights worth `prior` positions.
fn fit_with_prior(
    samples: &[Sample],
    start: &[f32],
    prior: f64,
    progress: &mut dyn FnMut(usize, usize),
) -> Fitted {
    let width = start.len();
    let usable: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.features.width == width)
        .collect();
    let (held, trained): (Vec<&Sample>, Vec<&Sample>) =
        usable.iter().partition(|s| s.game % 10 == 0);
    let start64: Vec<f64> = start.iter().map(|&w| f64::from(w)).collect();
    let train = Set::new(&trained);
    let check = Set::new(&held);
    let scale = fit_scale(&train, &start64);
    let (train_targets, check_targets) = (train.targets(scale), check.targets(scale));

    // Each feature measured in its own spread, so that one step moves every weight
    // by about as much evaluation; a feature that never varies is left as it is.
    let n = train.len().max(1) as f64;
    let (mut sum, mut squares) = (vec![0.0; width], vec![0.0; width]);
    for i in 0..train.len() {
        for (j, x) in train.row(i) {
            sum[j] += x;
            squares[j] += x * x;
        }
    }
    let spread: Vec<f64> = sum
        .iter()
        .zip(&squares)
        .map(|(s, q)| (q / n - (s / n).powi(2)).max(0.0).sqrt())
        .collect();
    let free: Vec<bool> = spread.iter().map(|&s| s > 1e-6).collect();
    // A feature seldom counted has a small spread, and a step in its units would
    // swing its weight wildly on the few positions that have it.
    let spread: Vec<f64> = spread.iter().map(|&s| s.max(SMALLEST_SPREAD)).collect();

    let pull = 2.0 * prior / n * (scale / 4.0).powi(2);
    let mut weights = start64.clone();
    let before = check.error(&weights, scale, &check_targets);
    let mut best = (before, weights.clone());
    let (mut m, mut v) = (vec![0.0; width], vec![0.0; width]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut epochs = 0;
    let mut since_best = 0;
    while epochs < MOST_EPOCHS && since_best < PATIENCE && train.len() > 0 {
        epochs += 1;
        let mut gradient = vec![0.0; width];
        for (i, target) in train_targets.iter().enumerate() {
            let p = logistic(scale * train.evaluation(i, &weights));
            let d = -2.0 * (target - p) * p * (1.0 - p) * scale / n;
            for (j, x) in train.row(i) {
                gradient[j] += d * x;
            }
        }
        for j in (0..width).filter(|&j| free[j]) {
            // The prior's pull: as strong as PRIOR_POSITIONS positions' error would
            // be, each with the feature once, at the curve's steepest.
            let g = gradient[j] + pull * (weights[j] - start64[j]);
            // In units of the feature's spread: the weight times the spread.
            let g = g * spread[j];
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let m_hat = m[j] / (1.0 - b1.powi(epochs as i32));
            let v_hat = v[j] / (1.0 - b2.powi(epochs as i32));
            weights[j] -= STEP * m_hat / (v_hat.sqrt() + 1e-12) / spread[j];
        }
        let error = check.error(&weights, scale, &check_targets);
        if error < best.0 {
            best = (error, weights.clone());
            since_best = 0;
        } else {
            since_best += 1;
        }
        progress(epochs, MOST_EPOCHS);
    }
    Fitted {
        weights: best.1.iter().map(|&w| w as f32).collect(),
        scale,
        before,
        after: best.0,
        trained: train.len(),
        held_out: check.len(),
        epochs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Trace;

    /// 400 games of 10 samples, from random numbers mixed from `seed`: the first
    /// feature, from -10 to 10, gives the chance of a win on a logistic curve and the
    /// search score; `second` gives the second feature from the sample's number and
    /// its random number, and whether that sample's game was won whatever the first.
    fn samples(seed: u64, second: impl Fn(u64, u64) -> (f32, bool)) -> Vec<Sample> {
        let mut samples = Vec::new();
        let mut x = seed;
        for game in 0..400u64 {
            for i in 0..10 {
                x = crate::engine::search::mix(x);
                let good = (x % 21) as f32 - 10.0;
                let (other, won) = second(game * 10 + i, x);
                let chance = logistic(f64::from(good) * 0.3);
                let roll = ((x >> 16) % 1000) as f64 / 1000.0;
                samples.push(Sample {
                    game,
                    result: if won || roll < chance { 1.0 } else { 0.0 },
                    score: good * 10.0,
                    features: Trace(vec![good, other]).sparse(),
                    leaf: None,
                });
            }
        }
        samples
    }

    /// Samples where the first feature decides the game and the second is noise, from
    /// weights that count both alike.
    #[test]
    fn the_fit_finds_the_feature_that_wins() {
        let samples = samples(7, |_, x| (((x >> 8) % 21) as f32 - 10.0, false));
        let fitted = fit(&samples, &[1.0, 1.0], &mut |_, _| {});
        assert!(fitted.after < fitted.before, "{fitted:?}");
        let [good, noise] = fitted.weights[..] else {
            panic!()
        };
        assert!(good > 5.0 * noise.abs(), "{fitted:?}");
        assert_eq!(fitted.held_out, 400);
        assert_eq!(fitted.trained, 3600);
    }

    /// The starting weights pull: a feature in a thousand positions of 3600, each of
    /// them won, moves less than half as far from its starting weight as it would
    /// with no prior (about a third, by the prior's 2000 positions).
    #[test]
    fn the_starting_weights_hold_back_what_few_positions_show() {
        let samples = samples(11, |k, _| {
            let rare = k % 4 == 0;
            (if rare { 1.0 } else { 0.0 }, rare)
        });
        let start = [10.0, 0.0];
        let held = fit_with_prior(&samples, &start, PRIOR_POSITIONS, &mut |_, _| {}).weights[1];
        let free = fit_with_prior(&samples, &start, 0.0, &mut |_, _| {}).weights[1];
        assert!(
            held > 0.0 && held < 0.5 * free,
            "{held} with the prior, {free} without"
        );
    }
}
