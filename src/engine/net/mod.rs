//! A small evaluation network per game, beside the weighted features: its inputs are
//! the pieces on the cells ([`inputs`], which the rules declare beside each game), one hidden layer of clipped linear units,
//! one output in the evaluation's units, added to the score of the game's weighted
//! features ([`Net::base`]). It learns what nobody named, from the
//! learner's self-play ([`train`]), and plays in integers ([`Net`]): the first layer's
//! sums ([`Accumulator`]) change by a few rows as a move changes a few inputs, so the
//! search moves them from a node to the next instead of adding every piece again.

pub mod file;
pub mod shipped;
pub mod train;

// The inputs are what a game shows a network, so they are the rules'.
pub use crate::rules::computer::{Layout, difference, inputs};

/// The first layer's weights and biases are kept as integers of this many steps to 1,
/// and a hidden unit is clipped to 0..=QA.
pub const QA: i32 = 255;
/// The output layer's weights, as integers of this many steps to 1.
pub const QB: i32 = 64;
/// Evaluation units per unit of the network's output (a hundredth of a pawn when the
/// output counts pawns).
pub const UNITS: i32 = 100;

/// A network as the search uses it, in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// The game it evaluates ([`GameId::id`](crate::rules::GameId::id)).
    pub game: String,
    pub width: usize,
    pub hidden: usize,
    /// Per input, its row of `hidden` weights.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    pub w2: Vec<i16>,
    pub b2: i32,
    /// The weights of the game's features the network was trained beside: the
    /// evaluation is their score plus the network's output (a skip connection, so
    /// that the network learns what the named features miss rather than material
    /// all over again). Empty for a network alone.
    pub base: Vec<f32>,
    /// How it was learned, for a person reading its file.
    pub note: String,
}

impl Net {
    /// The network's part of the score for the view the accumulator's inputs were
    /// taken from (the features' part, under [`Net::base`], is the game's to add).
    pub fn output(&self, accumulator: &Accumulator) -> i32 {
        let sum: i64 = accumulator
            .sums
            .iter()
            .zip(&self.w2)
            .map(|(&s, &w)| i64::from(s.clamp(0, QA)) * i64::from(w))
            .sum::<i64>()
            + i64::from(self.b2);
        let whole = i64::from(QA * QB);
        (sum * i64::from(UNITS) + whole / 2).div_euclid(whole) as i32
    }

    /// The network's part of the score of the position whose inputs are `on`, from
    /// nothing.
    pub fn evaluate(&self, on: &[u32]) -> i32 {
        self.output(&Accumulator::new(self, on.to_vec()))
    }

    fn row(&self, input: u32) -> Option<&[i16]> {
        let at = input as usize * self.hidden;
        self.w1.get(at..at + self.hidden)
    }
}

/// The first layer's sums for one position: its biases plus the rows of the inputs on.
#[derive(Clone, Debug, PartialEq)]
pub struct Accumulator {
    /// The inputs on, sorted: what the sums were made of.
    pub on: Vec<u32>,
    pub sums: Vec<i32>,
}

impl Accumulator {
    /// The sums of `on`, added up row by row.
    pub fn new(net: &Net, on: Vec<u32>) -> Accumulator {
        let mut sums: Vec<i32> = net.b1.iter().map(|&b| i32::from(b)).collect();
        for &input in &on {
            if let Some(row) = net.row(input) {
                for (s, &w) in sums.iter_mut().zip(row) {
                    *s += i32::from(w);
                }
            }
        }
        Accumulator { on, sums }
    }

    /// The sums of `on`, from these: only the rows of inputs that changed, or all of
    /// them where most changed.
    pub fn moved(&self, net: &Net, on: Vec<u32>) -> Accumulator {
        let (added, removed) = difference(&self.on, &on);
        if added.len() + removed.len() >= on.len() {
            return Accumulator::new(net, on);
        }
        let mut sums = self.sums.clone();
        for (inputs, sign) in [(&added, 1), (&removed, -1)] {
            for &input in inputs {
                if let Some(row) = net.row(input) {
                    for (s, &w) in sums.iter_mut().zip(row) {
                        *s += sign * i32::from(w);
                    }
                }
            }
        }
        Accumulator { on, sums }
    }
}

#[cfg(test)]
mod tests;
