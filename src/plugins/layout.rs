//! Where the board sits in the window, and the mapping between board units, window
//! positions (logical pixels, y down) and cells.

use crate::rules::{Cell, Topology};
use bevy::prelude::*;

/// The part of the window left free by the panels, in logical pixels from the top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardArea {
    pub min: Vec2,
    pub max: Vec2,
}

/// The board seen from White's side or turned round.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flipped(pub bool);

/// The board's placement: one cell is `cell` pixels; `origin` is where board unit
/// (0, 0), the lower left corner from White's side, appears.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub origin: Vec2,
    pub cell: f32,
    pub width: f32,
    pub height: f32,
    pub flipped: bool,
}

impl Layout {
    /// Fits a board in the area, leaving half a cell on each side for coordinates.
    pub fn fit(area: &BoardArea, topology: &Topology, flipped: bool) -> Layout {
        let [w, h] = topology.extent;
        let size = area.max - area.min;
        let cell = (size.x / (w + 1.0))
            .min(size.y / (h + 1.0))
            .floor()
            .max(8.0);
        let centre = (area.min + area.max) / 2.0;
        Layout {
            origin: (centre + Vec2::new(-w, h) * cell / 2.0).round(),
            cell,
            width: w,
            height: h,
            flipped,
        }
    }

    /// A point in board units to a window position.
    pub fn to_screen(&self, p: [f32; 2]) -> Vec2 {
        let (x, y) = if self.flipped {
            (self.width - p[0], self.height - p[1])
        } else {
            (p[0], p[1])
        };
        self.origin + Vec2::new(x, -y) * self.cell
    }

    pub fn to_board(&self, screen: Vec2) -> [f32; 2] {
        let d = (screen - self.origin) / self.cell;
        let (x, y) = (d.x, -d.y);
        if self.flipped {
            [self.width - x, self.height - y]
        } else {
            [x, y]
        }
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
        let layout = Layout::fit(&area, t, false);
        assert_eq!(layout.cell, 100.0);
        // a1 is the lower-left cell: x 50..150, y 750..850 in the window.
        assert_eq!(layout.cell_at(t, Vec2::new(60.0, 840.0)), t.parse("a1"));
        assert_eq!(layout.cell_at(t, Vec2::new(10.0, 840.0)), None);
        let flipped = Layout::fit(&area, t, true);
        assert_eq!(flipped.cell_at(t, Vec2::new(60.0, 840.0)), t.parse("h8"));
        let e4 = t.parse("e4").unwrap();
        assert_eq!(layout.cell_at(t, layout.cell_centre(t, e4)), Some(e4));
        assert_eq!(flipped.cell_at(t, flipped.cell_centre(t, e4)), Some(e4));
    }
}
