//! Chapayev's table as a thin client sees it: the checkers where they rest, the ones
//! the player on move may flick, and a shot's film, in cells rather than the
//! simulation's units.

use super::physics::HALF_BOARD;
use super::{Action, Chapayev, Pose, Shot, checker_name};
use crate::rules::set_up::{Counted, Drawn, SetUp};
use crate::rules::table::{Frames, Table};

/// A point of the board in cells (a cell is 1, y up, a1's corner at 0), to the
/// hundredth.
fn in_cells(pose: &Pose) -> [f32; 2] {
    let unit = |v: f32| ((v + HALF_BOARD) / (2.0 * HALF_BOARD) * 8.0 * 100.0).round() / 100.0;
    [unit(pose.centre[0]), unit(pose.centre[1])]
}

impl Table for Chapayev {
    type Move = Action;

    fn resting(&self) -> Vec<(String, [f32; 2])> {
        (0u8..16)
            .filter_map(|i| {
                Some((
                    checker_name(i),
                    in_cells(&self.checkers[usize::from(i)].pose?),
                ))
            })
            .collect()
    }

    /// A checker may be flicked where some aim is allowed; the aim itself is the
    /// player's, so only the checker is asked about.
    fn shooters(&self) -> Vec<String> {
        (0u8..16)
            .filter(|&checker| {
                [0.0, 90.0, 180.0, 270.0].iter().any(|&angle| {
                    self.allows(&Shot::Flick {
                        checker,
                        angle,
                        strength: 0.5,
                        spin: 0.0,
                    })
                    .is_ok()
                })
            })
            .map(checker_name)
            .collect()
    }

    fn film(&self, m: &Action) -> Option<Frames> {
        let Action::Shot { shot, luck } = m else {
            return None;
        };
        let frames = self.frames(shot, *luck);
        Some(
            frames
                .iter()
                .map(|frame| frame.iter().map(|p| p.map(|p| in_cells(&p))).collect())
                .collect(),
        )
    }
}

/// A table is set up by its round's header (each side's troop and the line it stands
/// on), edited as text; its checkers are placed by the header, not counted.
pub const SET_UP: SetUp = SetUp {
    counted: Counted::Not,
    header: Some("R1.1 W:infantry@L1 B:infantry@L1"),
    ..SetUp::plain(header)
};

fn header(d: &Drawn) -> String {
    d.header.trim().to_string()
}
