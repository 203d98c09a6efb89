//! What a shot does: the simulation until rest, checkers off the board, traitors, the
//! hanging tests and the turn rule, in the spec's order.

use super::physics::{Film, HALF_BOARD, HEIGHT, MASS, Pose, Push, RADIUS, World};
use super::shot::{Shot, in_body_frame};
use super::{Chapayev, Hang, HangResult, Report};
use crate::rules::side::Side;
use rand_xoshiro::rand_core::Rng;

/// A shot is simulated for at most this long; hanging tests too.
pub const SHOT_CAP: f32 = 8.0;
/// The finger's lift lasts this many steps.
const LIFT_STEPS: u32 = 29;

impl Chapayev {
    fn poses(&self) -> Vec<Option<Pose>> {
        self.checkers.iter().map(|c| c.pose).collect()
    }

    /// Takes the poses after a simulation: checkers gone or off the board are removed.
    fn take_poses(&mut self, poses: Vec<Option<Pose>>, removed: &mut Vec<u8>) {
        for (i, (checker, pose)) in self.checkers.iter_mut().zip(poses).enumerate() {
            let was_on = checker.pose.is_some();
            checker.pose = pose.filter(|p| !p.is_off());
            if was_on && checker.pose.is_none() {
                removed.push(i as u8);
            }
        }
    }

    /// Simulates a shot (for at most `cap` seconds, 8 in play) and resolves it; hanging
    /// tests lift at `test_speed`, or at a random speed when none is given. Returns what
    /// happened.
    pub(super) fn resolve(
        &mut self,
        shot: &Shot,
        cap: f32,
        test_speed: Option<f32>,
        mut film: Option<&mut Film>,
    ) -> Report {
        let shooter = self.turn;
        let owners_before: Vec<Side> = self.checkers.iter().map(|c| c.owner).collect();
        let mut report = Report::default();
        let mut world = World::new(&self.poses());
        world.run(&shot.pushes(&self.poses()), cap, film.as_deref_mut());
        self.take_poses(world.poses(), &mut report.removed);
        // Traitors: a checker whose face changed goes over to the other player.
        for (i, c) in self.checkers.iter_mut().enumerate() {
            let Some(pose) = c.pose else { continue };
            let top = pose.top_z();
            let face_up = if top > 0.5 {
                true
            } else if top < -0.5 {
                false
            } else {
                c.face_up
            };
            if face_up != c.face_up {
                c.face_up = face_up;
                if self.options.traitor {
                    c.owner = c.owner.other();
                    report.traitors.push(i as u8);
                }
            }
        }
        if self.options.hanging_test {
            for i in 0..self.checkers.len() {
                self.hanging_test(i, cap, test_speed, &mut report, film.as_deref_mut());
            }
        }
        let enemy_lost = report
            .removed
            .iter()
            .chain(&report.cut)
            .any(|&i| owners_before[i as usize] == shooter.other());
        let shooters_kept = shot.shooters().iter().all(|&i| {
            let c = &self.checkers[i as usize];
            c.pose.is_some() && c.owner == shooter
        });
        report.keep = enemy_lost && shooters_kept;
        report
    }

    /// Overhangs an edge by more than a millimetre while lying roughly flat: the edge's
    /// outward direction, the x edge on a tie.
    fn overhang(pose: &Pose) -> Option<[f32; 2]> {
        if pose.top_z().abs() <= 0.866 {
            return None;
        }
        let [x, y, _] = pose.centre;
        let reach = x.abs().max(y.abs()) + RADIUS - HALF_BOARD;
        if reach <= 0.001 {
            return None;
        }
        Some(if x.abs() >= y.abs() {
            [x.signum(), 0.0]
        } else {
            [0.0, y.signum()]
        })
    }

    /// The finger test of one checker, up to three lifts while it still hangs.
    fn hanging_test(
        &mut self,
        i: usize,
        cap: f32,
        speed: Option<f32>,
        report: &mut Report,
        mut film: Option<&mut Film>,
    ) {
        for _attempt in 0..3 {
            let Some(pose) = self.checkers[i].pose else {
                return;
            };
            let Some([ux, uy]) = Self::overhang(&pose) else {
                return;
            };
            let v = speed.unwrap_or_else(|| self.random_lift());
            // The lift point: the rim on the overhanging side, on the face that touches
            // the board, fixed in the checker's body.
            let local = in_body_frame(Some(pose), [ux, uy, 0.0]);
            let flat = (local[0] * local[0] + local[1] * local[1]).sqrt().max(1e-6);
            let down = if pose.top_z() >= 0.0 { -1.0 } else { 1.0 };
            let offset = [
                RADIUS * local[0] / flat,
                RADIUS * local[1] / flat,
                down * HEIGHT / 2.0,
            ];
            let lift = Push {
                checker: i,
                impulse: [0.0, 0.0, MASS * v / LIFT_STEPS as f32],
                offset,
                steps: LIFT_STEPS,
            };
            let faces: Vec<bool> = self.checkers.iter().map(|c| c.face_up).collect();
            let mut world = World::new(&self.poses());
            world.run(&[lift], cap.min(SHOT_CAP), film.as_deref_mut());
            let mut removed = Vec::new();
            self.take_poses(world.poses(), &mut removed);
            // Flips in a test change faces but never owners.
            for (c, up) in self.checkers.iter_mut().zip(faces) {
                c.face_up = match c.pose.map(|p| p.top_z()) {
                    Some(t) if t > 0.5 => true,
                    Some(t) if t < -0.5 => false,
                    _ => up,
                };
            }
            report.removed.extend(removed.iter().copied());
            let result = if self.checkers[i].pose.is_none() {
                HangResult::Off
            } else if let Some(cut) = self.landed_on_enemies(i) {
                let mut world = World::new(&self.poses());
                for &victim in &cut {
                    world.remove(victim as usize);
                    self.checkers[victim as usize].pose = None;
                }
                world.run(&[], cap, film.as_deref_mut());
                let mut removed = Vec::new();
                self.take_poses(world.poses(), &mut removed);
                report.removed.extend(removed);
                report.cut.extend(cut.iter().copied());
                report.hangs.push(Hang {
                    checker: i as u8,
                    speed: v,
                    result: HangResult::Cut,
                });
                return;
            } else if self.landed_on_own(i) {
                HangResult::OnOwn
            } else if self.checkers[i]
                .pose
                .is_some_and(|p| Self::overhang(&p).is_some())
            {
                HangResult::StillHanging
            } else {
                HangResult::OnBoard
            };
            report.hangs.push(Hang {
                checker: i as u8,
                speed: v,
                result,
            });
            if result != HangResult::StillHanging {
                return;
            }
        }
    }

    /// The checkers under `i`, if it rests on others.
    fn under(&self, i: usize) -> Vec<u8> {
        let Some(top) = self.checkers[i].pose else {
            return Vec::new();
        };
        self.checkers
            .iter()
            .enumerate()
            .filter(|&(j, c)| {
                j != i
                    && c.pose.is_some_and(|p| {
                        let (dx, dy) = (top.centre[0] - p.centre[0], top.centre[1] - p.centre[1]);
                        (dx * dx + dy * dy).sqrt() < 2.0 * RADIUS
                            && top.centre[2] > p.centre[2] + HEIGHT * 0.5
                    })
            })
            .map(|(j, _)| j as u8)
            .collect()
    }

    /// The opponent's checkers the tested checker landed on, if any.
    fn landed_on_enemies(&self, i: usize) -> Option<Vec<u8>> {
        let enemy = self.checkers[i].owner.other();
        let cut: Vec<u8> = self
            .under(i)
            .into_iter()
            .filter(|&j| self.checkers[j as usize].owner == enemy)
            .collect();
        (!cut.is_empty()).then_some(cut)
    }

    fn landed_on_own(&self, i: usize) -> bool {
        !self.under(i).is_empty()
    }

    /// The finger's lift speed for a test, drawn from the match's generator.
    fn random_lift(&mut self) -> f32 {
        0.80 + 0.40 * self.random()
    }

    /// A number in [0, 1) from the match's generator: the top 24 bits of its next
    /// 64, as saved matches have always been replayed with.
    pub(super) fn random(&mut self) -> f32 {
        (self.rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Lets a freshly set-up formation settle (stacks find their rest).
    pub(super) fn settle(&mut self) {
        let mut world = World::new(&self.poses());
        world.run(&[], 2.0, None);
        let mut removed = Vec::new();
        self.take_poses(world.poses(), &mut removed);
    }
}
