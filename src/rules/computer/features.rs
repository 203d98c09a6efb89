//! An evaluation as named features times weights. Each game's evaluation counts what
//! it looks at (material, mobility, advancement, runs, ...) into a [`Tally`]; scoring
//! a position multiplies those counts by the weights, and learning reads the counts
//! themselves. The same code does both, so the weights a game learns are exactly the
//! weights its search uses, and changing them needs no change of code.

/// One thing an evaluation counts, and the weight it was given by hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feature {
    /// The name in weight files, lower case with hyphens.
    pub name: &'static str,
    /// Its worth per unit, in the evaluation's units (hundredths of a pawn or the
    /// game's like).
    pub weight: f32,
}

/// Declares a game's features in order: `INDEX = "name": weight`, making a constant
/// index for each and the table `FEATURES`. Features counted in a run (a value per
/// rank, per role) are declared one after another, so that the first's index plus an
/// offset names each.
#[macro_export]
macro_rules! features {
    ($($index:ident = $name:literal: $weight:expr,)*) => {
        /// The evaluation's features, in the order of their indices.
        pub const FEATURES: &[$crate::rules::computer::Feature] = &[
            $($crate::rules::computer::Feature { name: $name, weight: $weight as f32 },)*
        ];
        $crate::features!(@index 0usize; $($index)*);
    };
    (@index $n:expr; $first:ident $($rest:ident)*) => {
        #[allow(dead_code)]
        pub const $first: usize = $n;
        $crate::features!(@index $n + 1usize; $($rest)*);
    };
    (@index $n:expr;) => {};
}

/// What an evaluation counts, one feature at a time: for the side evaluated, its own
/// less the others'.
pub trait Tally {
    /// `amount` more of feature `index` (fractional where a term is blended between
    /// the middle game and the ending, or shared among opponents).
    fn add(&mut self, index: usize, amount: f32);

    /// Whether feature `index` counts here: a score under a weight of zero does not
    /// need it, so an evaluation may skip what is dear to count. Learning counts
    /// everything.
    fn wants(&self, _index: usize) -> bool {
        true
    }
}

/// The score: each amount times its feature's weight.
pub struct Sum<'w> {
    weights: &'w [f32],
    total: f32,
}

impl<'w> Sum<'w> {
    pub fn new(weights: &'w [f32]) -> Self {
        Sum {
            weights,
            total: 0.0,
        }
    }

    /// The score rounded to the evaluation's whole units.
    pub fn score(&self) -> i32 {
        self.total.round() as i32
    }
}

impl Tally for Sum<'_> {
    #[inline]
    fn add(&mut self, index: usize, amount: f32) {
        self.total += self.weights[index] * amount;
    }

    fn wants(&self, index: usize) -> bool {
        self.weights[index] != 0.0
    }
}

/// The amounts themselves, one per feature: what learning fits the weights to.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace(pub Vec<f32>);

impl Trace {
    pub fn new(features: usize) -> Self {
        Trace(vec![0.0; features])
    }

    /// The amounts that are not zero, by index: most of a position's features are
    /// absent (a piece stands on one square of 64), and learning keeps millions.
    pub fn sparse(&self) -> Sparse {
        Sparse {
            width: self.0.len(),
            amounts: (0..)
                .zip(&self.0)
                .filter(|&(_, &a)| a != 0.0)
                .map(|(i, &a)| (i, a))
                .collect(),
        }
    }
}

impl Tally for Trace {
    fn add(&mut self, index: usize, amount: f32) {
        self.0[index] += amount;
    }
}

/// A [`Trace`] as learning keeps it: its width, and the amounts that are not zero.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sparse {
    pub width: usize,
    pub amounts: Vec<(u32, f32)>,
}

/// A game's evaluation as its weights file knows it: the game's id, what it counts
/// (with the weights set by hand) and the file it ships with
/// ([`GameId::evaluation`](crate::rules::GameId::evaluation)).
#[derive(Clone, Copy, Debug)]
pub struct Evaluation {
    /// The game's place in the registry (below the engine's `weights::GAMES`).
    pub index: usize,
    pub id: &'static str,
    pub features: &'static [Feature],
    pub shipped: &'static str,
}

/// The hand-set weights of a list of features.
pub fn hand(features: &[Feature]) -> Vec<f32> {
    features.iter().map(|f| f.weight).collect()
}
