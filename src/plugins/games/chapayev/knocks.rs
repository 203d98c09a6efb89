//! The knocks of a shot as it plays out: where two checkers come together between one
//! recorded frame and the next, and how fast they closed. Checkers already touching
//! (a packed row, a gun stack) are silent until they part and meet again.

use crate::rules::chapayev::Pose;
use crate::rules::chapayev::physics::RADIUS;

/// Centres this close count as touching: the checkers' width, and a millimetre and a
/// half for the distance covered between two frames of a contact.
const TOUCH: f32 = 2.0 * RADIUS + 0.0015;
/// Centres this far apart have parted.
const APART: f32 = 2.0 * RADIUS + 0.003;
/// Frames per second of a shot's recording.
const FRAME_RATE: f32 = 60.0;
/// Slower meetings are a nudge, not a knock.
const QUIET: f32 = 0.05;
/// A meeting this fast (m/s) is as loud as a knock gets.
const LOUDEST: f32 = 1.5;

/// The pairs of checkers touching now: `touching[a * count + b]` for a < b.
pub struct Contacts {
    count: usize,
    touching: Vec<bool>,
}

fn distance(a: &Pose, b: &Pose) -> f32 {
    let d: f32 = (0..3).map(|k| (a.centre[k] - b.centre[k]).powi(2)).sum();
    d.sqrt()
}

impl Contacts {
    /// The pairs touching in the first frame of a shot.
    pub fn new(frame: &[Option<Pose>]) -> Contacts {
        let mut contacts = Contacts {
            count: frame.len(),
            touching: vec![false; frame.len() * frame.len()],
        };
        contacts.step(frame, frame);
        contacts
    }

    /// Moves on from `before` to the next frame, `now`; returns how loud each new
    /// meeting is (0 to 1).
    pub fn step(&mut self, before: &[Option<Pose>], now: &[Option<Pose>]) -> Vec<f32> {
        let mut knocks = Vec::new();
        let n = self.count;
        for a in 0..n {
            for b in a + 1..n {
                let pair = a * n + b;
                let (Some(pa), Some(pb)) = (&now[a], &now[b]) else {
                    self.touching[pair] = false;
                    continue;
                };
                let d = distance(pa, pb);
                if d <= TOUCH && !self.touching[pair] {
                    self.touching[pair] = true;
                    let closed = match (&before[a], &before[b]) {
                        (Some(qa), Some(qb)) => (distance(qa, qb) - d) * FRAME_RATE,
                        _ => 0.0,
                    };
                    if closed >= QUIET {
                        knocks.push((closed / LOUDEST).min(1.0));
                    }
                } else if d > APART {
                    self.touching[pair] = false;
                }
            }
        }
        knocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chapayev::physics::GROUND_Z;

    fn at(xs: &[f32]) -> Vec<Option<Pose>> {
        xs.iter()
            .map(|&x| Some(Pose::flat(x, 0.0, GROUND_Z)))
            .collect()
    }

    #[test]
    fn a_meeting_knocks_once_and_touching_checkers_are_silent() {
        let width = 2.0 * RADIUS;
        // Checker 0 rolls onto 1 at about 0.4 m/s; 2 sits against 1 all along.
        let frames = [
            at(&[-0.05, 0.0, width]),
            at(&[-0.035, 0.0, width]),
            at(&[-width, 0.0, width]),
            at(&[-width, 0.0, width]),
        ];
        let mut contacts = Contacts::new(&frames[0]);
        assert!(contacts.step(&frames[0], &frames[1]).is_empty());
        let knocks = contacts.step(&frames[1], &frames[2]);
        assert_eq!(knocks.len(), 1);
        assert!((knocks[0] - (0.035 - width) * 60.0 / LOUDEST).abs() < 1e-4);
        assert!(contacts.step(&frames[2], &frames[3]).is_empty(), "once");
        // Parting and meeting again knocks again; a knocked-off checker is gone.
        assert!(
            contacts
                .step(&frames[3], &at(&[-0.05, 0.0, width]))
                .is_empty()
        );
        assert_eq!(
            contacts.step(&at(&[-0.05, 0.0, width]), &frames[2]).len(),
            1
        );
        let mut off = frames[2].clone();
        off[0] = None;
        assert!(contacts.step(&frames[2], &off).is_empty());
    }
}
