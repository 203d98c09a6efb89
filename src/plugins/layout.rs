//! Where the board sits in the window, and the mapping between board units, window
//! positions (logical pixels, y down) and cells.

use crate::rules::{Cell, Position, Side, Topology};
use bevy::prelude::*;

/// The part of the window left free by the panels, in logical pixels from the top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardArea {
    pub min: Vec2,
    pub max: Vec2,
}

/// Turns of the hexagon that bring a player's corner to the bottom of the window.
/// (White's corner lies at 60 degrees, Black's at 300 and Red's at 180.)
pub const WHITE_DOWN: f32 = 7.0 * std::f32::consts::FRAC_PI_6;
pub const BLACK_DOWN: f32 = -std::f32::consts::FRAC_PI_6;
pub const RED_DOWN: f32 = std::f32::consts::FRAC_PI_2;

/// How far to turn the board: the hexagon shows White's corner at the bottom, or the
/// corner of the player to move when the board follows the turn, or, online, the
/// corner of the player at this screen (`seen_by`); `flipped` turns any board round.
pub fn board_angle(
    position: &Position,
    flipped: bool,
    follow_turn: bool,
    seen_by: Option<Side>,
) -> f32 {
    let base = if position.seats().seat_count() == 3 {
        let down = match seen_by {
            Some(side) => side,
            None if follow_turn => position.turn(),
            None => Side::White,
        };
        match down {
            Side::Black => BLACK_DOWN,
            Side::Red => RED_DOWN,
            _ => WHITE_DOWN,
        }
    } else {
        0.0
    };
    if flipped {
        base + std::f32::consts::PI
    } else {
        base
    }
}

/// The player asks to see the board (or the table) from the other side.
#[derive(Message, Clone, Copy, Debug)]
pub struct FlipView;

/// The board seen from White's side or turned round.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flipped(pub bool);

/// The board's placement: one cell is `cell` pixels; the board's middle is at `centre`
/// and the board is turned by `angle` (radians, counter-clockwise) about it: 0 shows a
/// square board from White's side, pi turns it round, and the hexagon of chess for
/// three turns by 60 degrees to bring any player's corner down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub centre: Vec2,
    pub cell: f32,
    pub width: f32,
    pub height: f32,
    turn: Vec2,
}

impl Layout {
    /// Fits a board in the area, turned, leaving half a cell on each side for
    /// coordinates or the frame.
    pub fn fit(area: &BoardArea, topology: &Topology, angle: f32) -> Layout {
        let [w, h] = topology.extent;
        let turn = Vec2::from_angle(angle);
        // The turned board's width and height, from its cells' corners.
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in topology.cells.iter().flat_map(|c| c.polygon.iter()) {
            let r = turn.rotate(Vec2::new(p[0] - w / 2.0, p[1] - h / 2.0));
            lo = lo.min(r);
            hi = hi.max(r);
        }
        let extent = hi - lo;
        let size = area.max - area.min;
        let cell = (size.x / (extent.x + 1.0))
            .min(size.y / (extent.y + 1.0))
            .floor()
            .max(8.0);
        Layout {
            centre: ((area.min + area.max) / 2.0).round(),
            cell,
            width: w,
            height: h,
            turn,
        }
    }

    /// A point in board units to a window position.
    pub fn to_screen(&self, p: [f32; 2]) -> Vec2 {
        let d = Vec2::new(p[0] - self.width / 2.0, p[1] - self.height / 2.0);
        let r = self.turn.rotate(d);
        self.centre + Vec2::new(r.x, -r.y) * self.cell
    }

    pub fn to_board(&self, screen: Vec2) -> [f32; 2] {
        let d = (screen - self.centre) / self.cell;
        let r = Vec2::new(self.turn.x, -self.turn.y).rotate(Vec2::new(d.x, -d.y));
        [r.x + self.width / 2.0, r.y + self.height / 2.0]
    }

    /// How far the board is turned, radians counter-clockwise.
    pub fn angle(&self) -> f32 {
        self.turn.to_angle()
    }

    pub fn cell_centre(&self, topology: &Topology, cell: Cell) -> Vec2 {
        self.to_screen(topology.centre(cell))
    }

    /// The cell under a window position.
    pub fn cell_at(&self, topology: &Topology, screen: Vec2) -> Option<Cell> {
        let [x, y] = self.to_board(screen);
        topology.cell_at_point(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_cells_both_ways_round() {
        let area = BoardArea {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(900.0, 900.0),
        };
        let t = Topology::chess();
        let layout = Layout::fit(&area, t, 0.0);
        assert_eq!(layout.cell, 100.0);
        // a1 is the lower-left cell: x 50..150, y 750..850 in the window.
        assert_eq!(layout.cell_at(t, Vec2::new(60.0, 840.0)), t.parse("a1"));
        assert_eq!(layout.cell_at(t, Vec2::new(10.0, 840.0)), None);
        let flipped = Layout::fit(&area, t, std::f32::consts::PI);
        assert_eq!(flipped.cell_at(t, Vec2::new(60.0, 840.0)), t.parse("h8"));
        let e4 = t.parse("e4").unwrap();
        assert_eq!(layout.cell_at(t, layout.cell_centre(t, e4)), Some(e4));
        assert_eq!(flipped.cell_at(t, flipped.cell_centre(t, e4)), Some(e4));
    }

    #[test]
    fn the_hexagon_turns_each_players_corner_down() {
        let area = BoardArea {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(1100.0, 1000.0),
        };
        let t = Topology::hexagon();
        for (throne, angle) in [("WT2", WHITE_DOWN), ("BT2", BLACK_DOWN), ("RT2", RED_DOWN)] {
            let layout = Layout::fit(&area, t, angle);
            let cell = t.parse(throne).unwrap();
            let lowest = (0..t.len() as Cell)
                .max_by(|&a, &b| {
                    layout
                        .cell_centre(t, a)
                        .y
                        .total_cmp(&layout.cell_centre(t, b).y)
                })
                .unwrap();
            let dist = layout
                .cell_centre(t, cell)
                .distance(layout.cell_centre(t, lowest));
            assert!(dist < layout.cell, "{throne} at the bottom");
            assert_eq!(layout.cell_at(t, layout.cell_centre(t, cell)), Some(cell));
        }
    }
}
