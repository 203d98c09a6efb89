//! The board's part of the egui pass: it claims the space the panels leave, says
//! where that is, and turns clicks on it into [`CellClicked`] by a hit test against
//! the topology's cell polygons.

use crate::plugins::layout::{BoardArea, Layout};
use crate::plugins::session::{CellClicked, Session};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

/// Where egui left room for the board, how it is turned, and the pointer over it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardPlace {
    pub area: Option<BoardArea>,
    pub angle: f32,
    /// The pointer over the board, in window coordinates.
    pub pointer: Option<Vec2>,
}

/// Claims the rest of `ui` for the board and reports clicks on cells.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    angle: f32,
    place: &mut ResMut<BoardPlace>,
    clicks: &mut MessageWriter<CellClicked>,
    redraw: &mut MessageWriter<RequestRedraw>,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::click());
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y),
        max: Vec2::new(rect.max.x, rect.max.y),
    };
    let pointer = response.hover_pos().map(|p| Vec2::new(p.x, p.y));
    let new = BoardPlace {
        area: Some(area),
        angle,
        pointer,
    };
    place.set_if_neq(new);
    let topology = session.current.position().topology();
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(cell) =
            Layout::fit(&area, topology, angle).cell_at(topology, Vec2::new(p.x, p.y))
    {
        clicks.write(CellClicked(cell));
        // The click's highlights are drawn by the systems of the next frame.
        redraw.write(RequestRedraw);
    }
}
