//! Tuning by duels (SPSA: simultaneous perturbation stochastic approximation, Spall,
//! 1992). Each step pushes every weight at once, each up or down at random by its own
//! size, plays the weights pushed one way and the weights pushed the other way each
//! over whole cycles of the duel's arrangement against the weights the tuning started
//! from (at least eight games a side; in chess for three two cycles of alone against
//! two over the three corners and two against one), and moves the weights toward the
//! side that scored better, by as much as it did, less as the steps go on. Measured against where it started, not against each other, the
//! steps climb what the duel at the end asks: to beat those weights. Two near sets
//! of weights that meet each other tend to draw, and in chess for three drift toward
//! the army that never comes out (tuned so, 100 steps scored 51.7% ± 2.5 against
//! material alone, nearly every game unfinished).
//!
//! The fit ([`super::fit`]) teaches the evaluation to predict how games end; this
//! teaches it what wins them. They differ where how a game ends depends on what the
//! other players do with what they see: in chess for three an army that comes forward
//! loses to the two that wait, and positions of armies that came forward predict
//! losses, so the fit weighs against coming forward at all, where a duel rewards
//! coming forward safely.

use super::selfplay::Sample;
use crate::engine::search::{Feature, mix};

/// How many steps the gain stays near its start before it falls (SPSA's `A`).
const STEADY: f32 = 20.0;

/// A weight that is not zero is pushed by this share of itself.
const PUSH_SHARE: f32 = 0.1;
/// A weight at zero is pushed so far that the evaluation of a position where its
/// feature counts as much as usual moves by this many units (a fifth of a pawn).
const PUSH_UNITS: f32 = 20.0;

/// How far each weight is pushed: [`PUSH_SHARE`] of it, or for a weight at zero
/// [`PUSH_UNITS`] over the feature's spread in `samples` (a feature never seen is not
/// tuned); `fixed` features (the game's aim, see [`super::material`]) never are.
pub fn sizes(
    features: &[Feature],
    weights: &[f32],
    samples: &[Sample],
    fixed: impl Fn(&str) -> bool,
) -> Vec<f32> {
    let n = samples.len().max(1) as f32;
    let (mut sum, mut squares) = (vec![0.0f32; weights.len()], vec![0.0f32; weights.len()]);
    for sample in samples {
        for &(i, a) in &sample.features.amounts {
            if let Some(s) = sum.get_mut(i as usize) {
                *s += a;
                squares[i as usize] += a * a;
            }
        }
    }
    features
        .iter()
        .zip(weights)
        .enumerate()
        .map(|(i, (feature, &w))| {
            if fixed(feature.name) {
                0.0
            } else if w != 0.0 {
                PUSH_SHARE * w.abs()
            } else {
                let spread = (squares[i] / n - (sum[i] / n).powi(2)).max(0.0).sqrt();
                if spread > 1e-3 {
                    PUSH_UNITS / spread
                } else {
                    0.0
                }
            }
        })
        .collect()
}

/// Step `n`'s directions: each weight up (1) or down (-1), the same for the same step.
fn directions(n: u64, len: usize) -> Vec<f32> {
    (0..len)
        .map(|i| {
            if mix(n << 20 ^ i as u64 ^ 0x5b5a) & 1 == 0 {
                1.0
            } else {
                -1.0
            }
        })
        .collect()
}

/// How far step `n` pushes, as a share of the sizes: slowly less as the steps go on
/// (Spall's `c_k = c / (k + 1)^0.101`), so late steps compare nearer weights.
fn reach(n: u64) -> f32 {
    (n as f32 + 1.0).powf(-0.101)
}

/// How far step `n` moves, as a share of how far it pushed: a whole push at first,
/// falling after [`STEADY`] steps (Spall's `a_k = a / (k + 1 + A)^0.602`), so that the
/// weights settle where the duels' noise would keep a fixed step wandering.
fn gain(n: u64) -> f32 {
    ((1.0 + STEADY) / (n as f32 + 1.0 + STEADY)).powf(0.602)
}

/// The two sets of weights step `n` plays against each other: `weights` pushed by
/// `sizes` (times [`reach`]) one way, and the other way.
pub fn pushed(weights: &[f32], sizes: &[f32], n: u64) -> (Vec<f32>, Vec<f32>) {
    let d = directions(n, weights.len());
    let push = |sign: f32| {
        weights
            .iter()
            .zip(sizes)
            .zip(&d)
            .map(|((w, s), d)| w + sign * d * s * reach(n))
            .collect()
    };
    (push(1.0), push(-1.0))
}

/// The weights after step `n`, in which the weights pushed up scored `score` (their
/// mean share, a half being even): each moves toward the side that did better, by
/// its push times twice the margin times the step's [`gain`], so a first step won
/// outright moves it all the way to the side that won.
pub fn moved(weights: &[f32], sizes: &[f32], n: u64, score: f64) -> Vec<f32> {
    let margin = 2.0 * (score as f32 - 0.5);
    weights
        .iter()
        .zip(sizes)
        .zip(directions(n, weights.len()))
        .map(|((w, s), d)| w + margin * d * s * reach(n) * gain(n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Sparse;

    fn sample(amounts: Vec<(u32, f32)>) -> Sample {
        Sample {
            game: 0,
            result: 0.5,
            score: 0.0,
            features: Sparse { width: 3, amounts },
            leaf: None,
        }
    }

    const FEATURES: &[Feature] = &[
        Feature {
            name: "pawn",
            weight: 100.0,
        },
        Feature {
            name: "mobility",
            weight: 0.0,
        },
        Feature {
            name: "out",
            weight: -6000.0,
        },
    ];

    #[test]
    fn weights_are_pushed_by_their_size_or_by_their_features_spread() {
        let samples = [
            sample(vec![(0, 1.0), (1, 4.0)]),
            sample(vec![(0, -1.0), (1, -4.0)]),
        ];
        let sizes = sizes(FEATURES, &[100.0, 0.0, -6000.0], &samples, |n| n == "out");
        assert_eq!(sizes, [10.0, 5.0, 0.0]);
        let unseen = super::sizes(FEATURES, &[100.0, 0.0, -6000.0], &[], |_| false);
        assert_eq!(unseen[1], 0.0, "a feature never seen is not tuned");
    }

    #[test]
    fn a_step_moves_toward_the_side_that_scored_better() {
        let (weights, sizes) = ([100.0, 0.0, -6000.0], [10.0, 5.0, 0.0]);
        let (up, down) = pushed(&weights, &sizes, 3);
        assert_eq!(pushed(&weights, &sizes, 3), (up.clone(), down.clone()));
        assert_eq!(up[2], -6000.0);
        for i in 0..2 {
            assert_eq!(up[i] - weights[i], weights[i] - down[i]);
            assert!(((up[i] - weights[i]).abs() - sizes[i] * reach(3)).abs() < 1e-4);
        }
        // The pushed-up side won every game: the weights move toward it, all the way
        // at the first step and less as the steps go on.
        let (first, _) = pushed(&weights, &sizes, 0);
        assert_eq!(moved(&weights, &sizes, 0, 1.0), first);
        let toward = |n: u64, score: f64| {
            let (up, _) = pushed(&weights, &sizes, n);
            (moved(&weights, &sizes, n, score)[0] - weights[0]) / (up[0] - weights[0])
        };
        assert!((toward(3, 1.0) - gain(3)).abs() < 1e-5);
        assert!((toward(3, 0.0) + gain(3)).abs() < 1e-5);
        assert_eq!(moved(&weights, &sizes, 3, 0.5), weights);
        assert!(
            toward(200, 1.0) < 0.3 * toward(3, 1.0),
            "late steps move less"
        );
        let (late, _) = pushed(&weights, &sizes, 200);
        assert!((late[0] - weights[0]).abs() < (up[0] - weights[0]).abs());
        assert!(
            (4..20).any(|n| pushed(&weights, &sizes, n).0 != up),
            "directions change from step to step"
        );
    }
}
