//! The three shots: a flick (one strike), a poke (a short push, only next to another
//! checker) and scissors (two own checkers squeezed onto an enemy between them); when
//! each is allowed, and the pushes each gives the physics.

use super::physics::{MASS, Pose, Push, RADIUS};

/// A shot by the player to move. Angles in degrees counter-clockwise from +x (90 points
/// at Black), strengths from 0 to 1. Values are kept to four decimals, as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shot {
    Flick {
        checker: u8,
        angle: f32,
        strength: f32,
        spin: f32,
    },
    Poke {
        checker: u8,
        angle: f32,
        strength: f32,
    },
    Scissors {
        a: u8,
        b: u8,
        target: u8,
        strength: f32,
        offset: f32,
    },
}

/// The closest gap between rims that still allows a poke or scissors: one checker's
/// thickness ("no checker fits in edgewise").
pub const TOUCHING_GAP: f32 = 0.007;
/// The poke's push lasts this many steps.
const POKE_STEPS: u32 = 19;

/// A value as the notation writes it (four decimals), so a shot read back from a file
/// is bit for bit the shot that was played.
pub fn canonical(x: f32) -> f32 {
    format!("{x:.4}").parse().unwrap_or(x)
}

/// The kinds of number a shot is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Degrees.
    Angle,
    /// 0 to 1.
    Strength,
    /// A flick's spin, -1 to 1.
    Spin,
    /// The scissors' offset, -1 to 1.
    Offset,
}

impl Shot {
    /// The same shot with each number replaced by `f(kind, number)`, taken in the order
    /// the notation writes them.
    pub fn with_values(self, mut f: impl FnMut(Value, f32) -> f32) -> Shot {
        match self {
            Shot::Flick {
                checker,
                angle,
                strength,
                spin,
            } => Shot::Flick {
                checker,
                angle: f(Value::Angle, angle),
                strength: f(Value::Strength, strength),
                spin: f(Value::Spin, spin),
            },
            Shot::Poke {
                checker,
                angle,
                strength,
            } => Shot::Poke {
                checker,
                angle: f(Value::Angle, angle),
                strength: f(Value::Strength, strength),
            },
            Shot::Scissors {
                a,
                b,
                target,
                strength,
                offset,
            } => Shot::Scissors {
                a,
                b,
                target,
                strength: f(Value::Strength, strength),
                offset: f(Value::Offset, offset),
            },
        }
    }

    /// The shot within its ranges and to four decimals, as the notation writes it.
    pub fn canonical(self) -> Shot {
        self.with_values(|kind, x| {
            canonical(match kind {
                Value::Angle => x.rem_euclid(360.0),
                Value::Strength => x.clamp(0.0, 1.0),
                Value::Spin | Value::Offset => x.clamp(-1.0, 1.0),
            })
        })
    }

    /// The checkers that shoot: one, or two for scissors.
    pub fn shooters(&self) -> Vec<u8> {
        match *self {
            Shot::Flick { checker, .. } | Shot::Poke { checker, .. } => vec![checker],
            Shot::Scissors { a, b, .. } => vec![a, b],
        }
    }

    /// The aim of a flick or poke, degrees.
    pub fn angle(&self) -> Option<f32> {
        match *self {
            Shot::Flick { angle, .. } | Shot::Poke { angle, .. } => Some(angle),
            Shot::Scissors { .. } => None,
        }
    }

    /// The pushes the physics applies, given the checkers' poses.
    pub fn pushes(&self, poses: &[Option<Pose>]) -> Vec<Push> {
        let dir = |deg: f32| {
            let t = deg.to_radians();
            [t.cos(), t.sin()]
        };
        match *self {
            Shot::Flick {
                checker,
                angle,
                strength,
                spin,
            } => {
                let v = 0.10 + 2.90 * strength;
                let [dx, dy] = dir(angle);
                let phi = (40.0 * spin).to_radians();
                // The finger meets the rim behind the centre, off to one side for spin.
                let (nx, ny) = (-dy, dx);
                let back = -RADIUS * phi.cos();
                let side = RADIUS * phi.sin();
                let world = [back * dx + side * nx, back * dy + side * ny, 0.0];
                let offset = in_body_frame(poses[checker as usize], world);
                vec![Push {
                    checker: checker as usize,
                    impulse: [MASS * v * dx, MASS * v * dy, 0.0],
                    offset,
                    steps: 1,
                }]
            }
            Shot::Poke {
                checker,
                angle,
                strength,
            } => {
                let v = 0.05 + 0.95 * strength;
                let [dx, dy] = dir(angle);
                let per = MASS * v / POKE_STEPS as f32;
                vec![Push {
                    checker: checker as usize,
                    impulse: [per * dx, per * dy, 0.0],
                    offset: [0.0; 3],
                    steps: POKE_STEPS,
                }]
            }
            Shot::Scissors {
                a,
                b,
                target,
                strength,
                offset,
            } => {
                let v = 0.10 + 1.90 * strength;
                let centre = |i: u8| poses[i as usize].map_or([0.0; 3], |p| p.centre);
                let (pa, pb, pe) = (centre(a), centre(b), centre(target));
                let (ax, ay) = (pb[0] - pa[0], pb[1] - pa[1]);
                let len = (ax * ax + ay * ay).sqrt().max(1e-6);
                let (nx, ny) = (-ay / len, ax / len);
                let t = [
                    pe[0] + offset * RADIUS / 2.0 * nx,
                    pe[1] + offset * RADIUS / 2.0 * ny,
                ];
                let towards = |p: [f32; 3]| {
                    let (dx, dy) = (t[0] - p[0], t[1] - p[1]);
                    let l = (dx * dx + dy * dy).sqrt().max(1e-6);
                    [MASS * v * dx / l, MASS * v * dy / l, 0.0]
                };
                vec![
                    Push {
                        checker: a as usize,
                        impulse: towards(pa),
                        offset: [0.0; 3],
                        steps: 1,
                    },
                    Push {
                        checker: b as usize,
                        impulse: towards(pb),
                        offset: [0.0; 3],
                        steps: 1,
                    },
                ]
            }
        }
    }
}

/// A world-frame offset turned into the checker's own frame.
pub fn in_body_frame(pose: Option<Pose>, world: [f32; 3]) -> [f32; 3] {
    let Some(pose) = pose else { return world };
    let [x, y, z, w] = pose.rotation;
    let q = rapier3d::math::Rotation::from_xyzw(x, y, z, w).normalize();
    let v = q.inverse() * rapier3d::math::Vector::new(world[0], world[1], world[2]);
    [v.x, v.y, v.z]
}

/// The gap between two checkers' rims in plan view.
pub fn rim_gap(a: &Pose, b: &Pose) -> f32 {
    let (dx, dy) = (a.centre[0] - b.centre[0], a.centre[1] - b.centre[1]);
    (dx * dx + dy * dy).sqrt() - 2.0 * RADIUS
}

/// The angle at `e` between the directions to `a` and `b`, degrees.
pub fn angle_at(e: &Pose, a: &Pose, b: &Pose) -> f32 {
    let (ax, ay) = (a.centre[0] - e.centre[0], a.centre[1] - e.centre[1]);
    let (bx, by) = (b.centre[0] - e.centre[0], b.centre[1] - e.centre[1]);
    let cos = (ax * bx + ay * by) / ((ax * ax + ay * ay).sqrt() * (bx * bx + by * by).sqrt());
    cos.clamp(-1.0, 1.0).acos().to_degrees()
}
