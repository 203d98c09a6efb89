//! Training a network on positions of self-play: a float model learns what to add to
//! the weighted features' score so that, for the side whose view each position is,
//! the sum says what the searches after it found and how the game ended
//! ([`returns`], as an expected share through the same curve the linear fit uses), by
//! Adam over shuffled batches. One thread and a seed make every run
//! alike: the same seed and positions give the same network.

use super::{Layout, Net, QA, QB, UNITS};
use rand_distr::{Distribution, StandardNormal};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// One position to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The inputs on, sorted ([`super::inputs`]).
    pub on: Vec<u32>,
    /// What the viewer's score should say here, as an expected share ([`returns`]).
    pub target: f32,
    /// The weighted features' score for the viewer, in evaluation units: what the
    /// network adds to ([`Net::base`]).
    pub base: f32,
}

/// How far ahead a position's target looks ([`returns`]): KnightCap's 0.7.
pub const LAMBDA: f32 = 0.7;

/// Positions a step of Adam learns from.
const BATCH: usize = 256;
const LEARNING_RATE: f32 = 1e-3;
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;

/// A network in floats, as it learns.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub width: usize,
    pub hidden: usize,
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

impl Model {
    /// A model of `hidden` units for `layout`, its first layer drawn from `seed`
    /// (small enough that a position's units start inside their clipping), its
    /// output at zero: it starts by adding nothing to the features' score.
    pub fn new(layout: Layout, hidden: usize, seed: u64) -> Model {
        let width = layout.width();
        let mut random = SplitMix64::seed_from_u64(seed);
        let mut normal = |scale: f32| {
            let x: f32 = StandardNormal.sample(&mut random);
            x * scale
        };
        Model {
            width,
            hidden,
            w1: (0..width * hidden).map(|_| normal(0.02)).collect(),
            b1: vec![0.5; hidden],
            w2: vec![0.0; hidden],
            b2: 0.0,
        }
    }

    fn hidden_sums(&self, on: &[u32]) -> Vec<f32> {
        let mut sums = self.b1.clone();
        for &input in on {
            let at = input as usize * self.hidden;
            if let Some(row) = self.w1.get(at..at + self.hidden) {
                for (s, w) in sums.iter_mut().zip(row) {
                    *s += w;
                }
            }
        }
        sums
    }

    /// The output for the inputs `on`, in the network's units (pawns where the game
    /// counts in hundredths of one).
    pub fn output(&self, on: &[u32]) -> f32 {
        self.output_of(&self.hidden_sums(on))
    }

    /// The output from the hidden units' sums.
    fn output_of(&self, sums: &[f32]) -> f32 {
        sums.iter()
            .zip(&self.w2)
            .map(|(s, w)| s.clamp(0.0, 1.0) * w)
            .sum::<f32>()
            + self.b2
    }

    /// The same in integers, for the search.
    pub fn quantised(&self, game: &str, base: &[f32], note: &str) -> Net {
        let q = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        Net {
            game: game.to_string(),
            width: self.width,
            hidden: self.hidden,
            w1: self.w1.iter().map(|&w| q(w, QA)).collect(),
            b1: self.b1.iter().map(|&b| q(b, QA)).collect(),
            w2: self.w2.iter().map(|&w| q(w, QB)).collect(),
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
            base: base.to_vec(),
            note: note.to_string(),
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The curve's scale: how steeply an evaluation unit turns into an expected share,
/// as the search's scores best predict the games' ends (a golden-section search over
/// pairs of a score and its game's result).
pub fn curve(scored: &[(f32, f32)]) -> f32 {
    let error = |k: f32| -> f64 {
        scored
            .iter()
            .map(|&(score, result)| f64::from((sigmoid(k * score) - result).powi(2)))
            .sum()
    };
    let (mut lo, mut hi) = (1e-5f32.ln(), 0.1f32.ln());
    let phi = 0.618_034;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(a.exp()) < error(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The targets of one seat's positions in one game, in the order played, from the
/// search's scores there (in evaluation units) and the game's result for the seat:
/// TD(λ)'s returns, each what the searches of the positions after it said, the
/// nearer counting more, and at the end the result. A target made of later
/// searches teaches the static score what searching from here finds (Sutton's
/// temporal differences, as KnightCap learned chess with TD-Leaf); a target of the
/// result alone teaches what went with winning across games, which differs little
/// between the moves of one position, and a search steered by it loses (Reversi's
/// network so taught lost every game of its duel).
pub fn returns(scores: &[f32], result: f32, curve: f32) -> Vec<f32> {
    let mut next = result;
    let mut out = vec![result; scores.len()];
    for i in (0..scores.len()).rev() {
        out[i] = next;
        next = (1.0 - LAMBDA) * sigmoid(curve * scores[i]) + LAMBDA * next;
    }
    out
}

/// The model's mean squared error over `positions`, as expected shares.
pub fn loss(model: &Model, positions: &[Position], curve: f32) -> f32 {
    let sum: f64 = positions
        .iter()
        .map(|p| {
            let out = p.base + UNITS as f32 * model.output(&p.on);
            f64::from((sigmoid(curve * out) - p.target).powi(2))
        })
        .sum();
    (sum / positions.len().max(1) as f64) as f32
}

/// A model learning, with Adam's running moments.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    pub model: Model,
    /// Passes over the positions made.
    pub epochs: u32,
    steps: u64,
    moments: Vec<(f32, f32)>,
}

impl Training {
    pub fn new(model: Model) -> Training {
        let len = model.w1.len() + model.b1.len() + model.w2.len() + 1;
        Training {
            model,
            epochs: 0,
            steps: 0,
            moments: vec![(0.0, 0.0); len],
        }
    }

    /// Where it stands: passes made, Adam's steps and moments (for its file).
    pub fn state(&self) -> (u32, u64, &[(f32, f32)]) {
        (self.epochs, self.steps, &self.moments)
    }

    /// A training read back from its file.
    pub fn resumed(model: Model, epochs: u32, steps: u64, moments: Vec<(f32, f32)>) -> Training {
        Training {
            model,
            epochs,
            steps,
            moments,
        }
    }

    /// One pass over `positions` in an order drawn from `seed` and the pass's number.
    pub fn epoch(&mut self, positions: &[Position], curve: f32, seed: u64) {
        let mut order: Vec<usize> = (0..positions.len()).collect();
        let mut random = SplitMix64::seed_from_u64(seed ^ u64::from(self.epochs) << 32);
        for i in (1..order.len()).rev() {
            let j = (random.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for batch in order.chunks(BATCH) {
            self.step(batch.iter().map(|&i| &positions[i]), curve);
        }
        self.epochs += 1;
    }

    /// One step of Adam over a batch: the gradient of the squared error, by hand.
    fn step<'p>(&mut self, batch: impl Iterator<Item = &'p Position>, curve: f32) {
        let m = &self.model;
        let (hidden, scale) = (m.hidden, curve * UNITS as f32);
        let mut g1: std::collections::BTreeMap<u32, Vec<f32>> = Default::default();
        let (mut gb1, mut gw2, mut gb2) = (vec![0.0f32; hidden], vec![0.0f32; hidden], 0.0f32);
        let mut count = 0;
        for p in batch {
            count += 1;
            let sums = m.hidden_sums(&p.on);
            let out = m.output_of(&sums);
            let predicted = sigmoid(curve * (p.base + UNITS as f32 * out));
            // d(error)/d(out) of (predicted - target)^2.
            let d_out = 2.0 * (predicted - p.target) * predicted * (1.0 - predicted) * scale;
            gb2 += d_out;
            let mut d_sums = vec![0.0f32; hidden];
            for j in 0..hidden {
                gw2[j] += d_out * sums[j].clamp(0.0, 1.0);
                if sums[j] > 0.0 && sums[j] < 1.0 {
                    d_sums[j] = d_out * m.w2[j];
                    gb1[j] += d_sums[j];
                }
            }
            for &input in &p.on {
                if (input as usize) < m.width {
                    let row = g1.entry(input).or_insert_with(|| vec![0.0; hidden]);
                    for (g, d) in row.iter_mut().zip(&d_sums) {
                        *g += d;
                    }
                }
            }
        }
        let n = count.max(1) as f32;
        self.steps += 1;
        let t = self.steps as i32;
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let moments = &mut self.moments;
        let mut adam = |at: usize, weight: &mut f32, gradient: f32| {
            let (m1, m2) = &mut moments[at];
            let g = gradient / n;
            *m1 = BETA1 * *m1 + (1.0 - BETA1) * g;
            *m2 = BETA2 * *m2 + (1.0 - BETA2) * g * g;
            *weight -= LEARNING_RATE * (*m1 / c1) / ((*m2 / c2).sqrt() + 1e-8);
        };
        let model = &mut self.model;
        // Rows of inputs the batch never had on keep their weights (lazy Adam).
        for (input, row) in g1 {
            let at = input as usize * hidden;
            for (j, g) in row.into_iter().enumerate() {
                adam(at + j, &mut model.w1[at + j], g);
            }
        }
        let base = model.w1.len();
        for j in 0..hidden {
            adam(base + j, &mut model.b1[j], gb1[j]);
            adam(base + hidden + j, &mut model.w2[j], gw2[j]);
        }
        adam(base + 2 * hidden, &mut model.b2, gb2);
    }
}
