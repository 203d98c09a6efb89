//! The five troop formations, in a player's own frame (files from his left, rows from
//! his back edge) and then in the world: Black's is White's turned half round.

use super::physics::{GROUND_Z, Pose, SPACING, STACKED_Z};
use crate::rules::side::Side;

/// The troop types in the order the tours bring them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Troop {
    Infantry,
    Cavalry,
    Artillery,
    Tanks,
    HeavyTanks,
}

impl Troop {
    pub const ALL: [Troop; 5] = [
        Troop::Infantry,
        Troop::Cavalry,
        Troop::Artillery,
        Troop::Tanks,
        Troop::HeavyTanks,
    ];

    pub fn level(level: u8) -> Troop {
        Troop::ALL[(level as usize).min(4)]
    }

    /// How many rows the formation takes.
    pub fn depth(self) -> u8 {
        match self {
            Troop::Infantry | Troop::Artillery => 1,
            _ => 2,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Troop::Infantry => "infantry",
            Troop::Cavalry => "cavalry",
            Troop::Artillery => "artillery",
            Troop::Tanks => "tanks",
            Troop::HeavyTanks => "heavy-tanks",
        }
    }
}

fn square(i: u8) -> f32 {
    -0.14 + 0.04 * i as f32
}

/// The eight checkers of a formation on `line` (1 = own back row), own frame, in the
/// order of their ids: (x', y', z).
pub fn own_frame(troop: Troop, line: u8) -> [[f32; 3]; 8] {
    let j0 = line.saturating_sub(1);
    let y0 = square(j0);
    let mut out = [[0.0; 3]; 8];
    match troop {
        Troop::Infantry => {
            for (i, c) in out.iter_mut().enumerate() {
                *c = [square(i as u8), y0, GROUND_Z];
            }
        }
        Troop::Cavalry => {
            let dark = (0..2u8)
                .flat_map(|dj| (0..8u8).map(move |i| (i, j0 + dj)))
                .filter(|&(i, j)| (i + j) % 2 == 0);
            for (c, (i, j)) in out.iter_mut().zip(dark) {
                *c = [square(i), square(j), GROUND_Z];
            }
        }
        Troop::Artillery => {
            let gun = |xc: f32| {
                [
                    [xc - SPACING / 2.0, y0, GROUND_Z],
                    [xc + SPACING / 2.0, y0, GROUND_Z],
                    [xc, y0, STACKED_Z],
                ]
            };
            let [a0, a1, a2] = gun(-0.08);
            let [b0, b1, b2] = gun(0.08);
            out = [
                a0,
                a1,
                a2,
                [square(3), y0, GROUND_Z],
                [square(4), y0, GROUND_Z],
                b0,
                b1,
                b2,
            ];
        }
        Troop::Tanks => {
            let yc = -0.12 + 0.04 * j0 as f32;
            let reach = 0.025288;
            let mut k = 0;
            for xc in [-0.08, 0.08] {
                for c in [
                    [xc, yc - reach, GROUND_Z],
                    [xc - SPACING / 2.0, yc, GROUND_Z],
                    [xc + SPACING / 2.0, yc, GROUND_Z],
                    [xc, yc + reach, GROUND_Z],
                ] {
                    out[k] = c;
                    k += 1;
                }
            }
        }
        Troop::HeavyTanks => {
            let yc = -0.12 + 0.04 * j0 as f32;
            let mut k = 0;
            for xc in [-0.08, 0.08] {
                for c in [
                    [xc, yc - 0.016859, GROUND_Z],
                    [xc - SPACING / 2.0, yc + 0.008429, GROUND_Z],
                    [xc + SPACING / 2.0, yc + 0.008429, GROUND_Z],
                    [xc, yc, STACKED_Z],
                ] {
                    out[k] = c;
                    k += 1;
                }
            }
        }
    }
    out
}

/// The formation's poses in the world: White's as they are, Black's turned half round.
pub fn poses(side: Side, troop: Troop, line: u8) -> [Pose; 8] {
    own_frame(troop, line).map(|[x, y, z]| {
        if side == Side::White {
            Pose::flat(x, y, z)
        } else {
            Pose::flat(-x, -y, z)
        }
    })
}
