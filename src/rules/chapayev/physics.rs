//! The rigid-body world of Chapayev: the board, the checkers, the materials and the
//! stepping until everything rests, in SI units with z up.
//!
//! A world is built from the checkers' resting poses for every shot and dropped after
//! it, so a position is plain data (poses, owners, faces) and the same position with
//! the same shot always gives the same result (rapier's `enhanced-determinism`).

use rapier3d::prelude::*;

/// Checker radius and height, and the spacing of touching checkers.
pub const RADIUS: f32 = 0.0145;
pub const HEIGHT: f32 = 0.007;
pub const SPACING: f32 = 2.0 * RADIUS + 0.0002;
pub const MASS: f32 = 0.005;
/// Half the board's side: the playing surface runs from -0.16 to 0.16 m.
pub const HALF_BOARD: f32 = 0.160;
/// Centre heights of a checker on the board and of one on top of others.
pub const GROUND_Z: f32 = 0.0035;
pub const STACKED_Z: f32 = 0.0107;
pub const STEP: f32 = 1.0 / 240.0;

/// Rest: every checker slower than these for this many steps.
const REST_LINEAR: f32 = 0.005;
const REST_ANGULAR: f32 = 0.5;
const REST_STEPS: u32 = 60;
/// Shots last at least this many steps (0.10 s).
const MIN_STEPS: u32 = 24;

/// Where a checker is: centre and orientation (a unit quaternion x, y, z, w).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub centre: [f32; 3],
    pub rotation: [f32; 4],
}

impl Pose {
    pub fn flat(x: f32, y: f32, z: f32) -> Pose {
        Pose {
            centre: [x, y, z],
            rotation: [0.0, 0.0, 0.0, 1.0],
        }
    }

    fn quat(&self) -> Rotation {
        let [x, y, z, w] = self.rotation;
        Rotation::from_xyzw(x, y, z, w).normalize()
    }

    /// The world z component of the checker's top-face normal.
    pub fn top_z(&self) -> f32 {
        (self.quat() * Vector::Z).z
    }

    /// Outside the board square in plan view, or below its top surface.
    pub fn is_off(&self) -> bool {
        let [x, y, z] = self.centre;
        x.abs() > HALF_BOARD || y.abs() > HALF_BOARD || z < 0.0
    }

    /// Fell far enough to be removed at once during a simulation.
    fn is_gone(&self) -> bool {
        let [x, y, z] = self.centre;
        z < -0.020 || x.abs() > 0.40 || y.abs() > 0.40
    }
}

/// Poses of every checker, frame by frame (`None`: off the board).
pub type Film = Vec<Vec<Option<Pose>>>;

/// A push applied to one checker: an impulse through a point, for some steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Push {
    /// The checker, by its index in the poses.
    pub checker: usize,
    /// The impulse per step, world frame.
    pub impulse: [f32; 3],
    /// Where, relative to the checker's centre, in the checker's own frame (so a lift
    /// point turns with it); zero for the centre.
    pub offset: [f32; 3],
    /// How many steps from the start it acts.
    pub steps: u32,
}

/// A world of one board and some checkers.
pub struct World {
    world: PhysicsWorld,
    /// The body of each checker still in play, by index in the poses.
    bodies: Vec<Option<RigidBodyHandle>>,
}

impl World {
    /// The board and one body per pose (`None`: not on the board).
    pub fn new(poses: &[Option<Pose>]) -> World {
        let mut world = PhysicsWorld {
            gravity: Vector::new(0.0, 0.0, -9.81),
            ..Default::default()
        };
        world.integration_parameters.dt = STEP;
        world.integration_parameters.num_solver_iterations = 8;
        world.integration_parameters.length_unit = 0.01;
        // Stiffer contacts than the defaults (30 and 60 Hz), whose give under gravity,
        // about g / omega^2, would let a gun's top checker sink 0.3 mm into its bases.
        world
            .integration_parameters
            .contact_softness
            .natural_frequency = 120.0;
        world
            .integration_parameters
            .static_contact_softness
            .natural_frequency = 240.0;
        world.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(0.0, 0.0, -0.006)),
            ColliderBuilder::cuboid(HALF_BOARD, HALF_BOARD, 0.006)
                .friction(0.35)
                .restitution(0.0),
        );
        let bodies = poses
            .iter()
            .map(|pose| {
                let pose = (*pose)?;
                let [x, y, z] = pose.centre;
                let body = RigidBodyBuilder::dynamic()
                    .pose(rapier3d::math::Pose::from_parts(
                        Vector::new(x, y, z),
                        pose.quat(),
                    ))
                    .linear_damping(0.05)
                    .angular_damping(0.10)
                    .ccd_enabled(true);
                // Rapier's cylinders stand along y; the checker's axis is its local z.
                let shape = ColliderBuilder::round_cylinder(0.0030, 0.0140, 0.0005)
                    .rotation(Vector::X * std::f32::consts::FRAC_PI_2)
                    .mass(MASS)
                    .friction(0.25)
                    .restitution(0.55);
                Some(world.insert(body, shape).0)
            })
            .collect();
        World { world, bodies }
    }

    /// The current poses; `None` for checkers gone.
    pub fn poses(&self) -> Vec<Option<Pose>> {
        (0..self.bodies.len()).map(|i| self.pose(i)).collect()
    }

    /// One checker's pose, read from its body.
    fn pose(&self, i: usize) -> Option<Pose> {
        let b = &self.world.bodies[self.bodies[i]?];
        let t = b.translation();
        let r = b.rotation();
        Some(Pose {
            centre: [t.x, t.y, t.z],
            rotation: [r.x, r.y, r.z, r.w],
        })
    }

    /// Steps until everything rests (or `cap` seconds), applying the pushes, removing
    /// checkers that fall away; keeps the poses every 1/60 s in `film` when one is given,
    /// for the app to show the shot at its real speed. Returns the steps taken.
    pub fn run(&mut self, pushes: &[Push], cap: f32, film: Option<&mut Film>) -> u32 {
        let mut film = film;
        let min = pushes
            .iter()
            .map(|p| p.steps)
            .max()
            .unwrap_or(0)
            .max(MIN_STEPS);
        let cap_steps = (cap / STEP).round() as u32;
        let mut calm = 0;
        let mut step = 0;
        while step < cap_steps {
            self.apply(pushes, step);
            self.world.step();
            step += 1;
            self.remove_gone();
            if let Some(film) = film.as_deref_mut()
                && step.is_multiple_of(4)
            {
                film.push(self.poses());
            }
            calm = if self.moving() { 0 } else { calm + 1 };
            let asleep = self
                .bodies
                .iter()
                .flatten()
                .all(|&h| self.world.bodies[h].is_sleeping());
            if step >= min && (calm >= REST_STEPS || asleep) {
                break;
            }
        }
        step
    }

    fn apply(&mut self, pushes: &[Push], step: u32) {
        for push in pushes.iter().filter(|p| step < p.steps) {
            let Some(h) = self.bodies[push.checker] else {
                continue;
            };
            let body = &mut self.world.bodies[h];
            let [ix, iy, iz] = push.impulse;
            let [ox, oy, oz] = push.offset;
            let point = body.translation() + *body.rotation() * Vector::new(ox, oy, oz);
            body.apply_impulse_at_point(Vector::new(ix, iy, iz), point, true);
        }
    }

    fn moving(&self) -> bool {
        self.bodies.iter().flatten().any(|&h| {
            let b = &self.world.bodies[h];
            b.linvel().length() >= REST_LINEAR || b.angvel().length() >= REST_ANGULAR
        })
    }

    fn remove_gone(&mut self) {
        for i in 0..self.bodies.len() {
            if let Some(h) = self.bodies[i]
                && self.pose(i).is_some_and(|p| p.is_gone())
            {
                self.world.remove_body(h);
                self.bodies[i] = None;
            }
        }
    }

    /// Takes a checker out (cut in a hanging test).
    pub fn remove(&mut self, i: usize) {
        if let Some(h) = self.bodies[i].take() {
            self.world.remove_body(h);
        }
    }
}
