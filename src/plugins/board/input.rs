//! Pointer input on the board. The egui pass claims the space the panels leave and
//! says where it is; the pointer itself is read from Bevy's input in `Update`, before
//! the session's systems, so a press selects a piece and lights its moves in the same
//! frame. A press on a piece and a release on a target is a drag and drop; a click on
//! the piece and a click on the target does the same.

use super::BoardLayout;
use crate::i18n::Language;
use crate::plugins::layout::BoardArea;
use crate::plugins::session::{AppSystems, CellClicked, Session};
use crate::rules::Cell;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{EguiContext, EguiPostUpdateSet, PrimaryEguiContext, egui};

/// Where egui left room for the board, how it is turned, and the pointer over it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardPlace {
    pub area: Option<BoardArea>,
    pub angle: f32,
    /// The pointer over the board, in window coordinates; `None` when it is elsewhere
    /// or a dialog or menu of egui's covers the board there.
    pub pointer: Option<Vec2>,
}

/// A press on the board that may become a drag.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Drag {
    /// The cell pressed and where the press was (window coordinates).
    pub from: Option<(Cell, Vec2)>,
    /// Where a piece being dragged is now, once the pointer has moved off its press.
    pub at: Option<Vec2>,
    /// The press was on the piece already selected: letting go there deselects it.
    pub on_selected: bool,
}

/// How far the pointer must move, in pixels, before a press becomes a drag.
const DRAG_START: f32 = 5.0;

pub struct BoardInputPlugin;

impl Plugin for BoardInputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Drag>()
            .add_systems(Update, pointer.in_set(AppSystems::Input))
            .add_systems(PostUpdate, place_moved.after(EguiPostUpdateSet::EndPass));
    }
}

/// Claims the rest of `ui` for the board, reporting where it is and the pointer, and
/// explains a piece with a rule of its own under the pointer (Z-shashmaty's mined
/// checker, 100-cell chess's strong pieces, transforming chess's pieces).
pub fn show(
    ui: &mut egui::Ui,
    lang: Language,
    session: &Session,
    board: &BoardLayout,
    (angle, cursor): (f32, Option<Cell>),
    place: &mut ResMut<BoardPlace>,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::hover());
    // A screen reader hears where the keyboard's cursor stands and what is there.
    let said = super::spoken::described(lang, session, cursor);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Other, true, &said));
    let position = session.current().position();
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y),
        max: Vec2::new(rect.max.x, rect.max.y),
    };
    // Over the board and under no dialog or menu; unlike egui's hover this holds while
    // a button is down, so a drag keeps its pointer.
    let over = response
        .contains_pointer()
        .then(|| ui.ctx().pointer_latest_pos())
        .flatten();
    let hovered = over.and_then(|p| {
        board
            .layout?
            .cell_at(position.topology(), Vec2::new(p.x, p.y))
    });
    let transformed = hovered.and_then(|cell| Some((cell, position.shown().moves_as(cell)?)));
    if let Some(key) = hovered.and_then(|cell| position.shown().hint(cell)) {
        response.on_hover_text_at_pointer(lang.t(key));
    } else if let Some((cell, kind)) = transformed {
        let piece = lang.t(&format!("piece-{kind:?}").to_lowercase());
        let file = position.topology().name(cell).chars().take(1).collect();
        response.on_hover_text_at_pointer(lang.t_args(
            "hint-moves-as",
            &[("piece", piece.to_lowercase()), ("file", file)],
        ));
    }
    place.set_if_neq(BoardPlace {
        area: Some(area),
        angle,
        pointer: over.map(|p| Vec2::new(p.x, p.y)),
    });
}

/// egui says where the board and the pointer are after `Update` has placed the board's
/// entities: a change asks for one more frame to show it, or what follows the pointer
/// (chess for three's name of the triangle under it) would wait for the next input.
fn place_moved(place: Res<BoardPlace>, mut redraw: MessageWriter<RequestRedraw>) {
    if place.is_changed() {
        redraw.write(RequestRedraw);
    }
}

/// Whether one of egui's windows, menus or questions lies over `p`, by where its last
/// pass drew them. Asked at the pointer's place now, not from where that pass saw the
/// pointer: a pointer moved onto the board and pressed within one frame (quickly, off
/// the panel, while a frame of the software renderer was drawn) was taken for one
/// still over the panel, and the click was lost.
fn covered(egui: &mut Query<&mut EguiContext, With<PrimaryEguiContext>>, p: Vec2) -> bool {
    egui.single_mut().is_ok_and(|mut ctx| {
        ctx.get_mut()
            .memory(|m| m.layer_id_at(egui::pos2(p.x, p.y)))
            .is_some_and(|layer| layer != egui::LayerId::background())
    })
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut egui: Query<&mut EguiContext, With<PrimaryEguiContext>>,
    place: Res<BoardPlace>,
    board: Res<BoardLayout>,
    session: Res<Session>,
    mut drag: ResMut<Drag>,
    mut clicks: MessageWriter<CellClicked>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    let (Some(layout), Some(area)) = (board.layout, place.area) else {
        drag.set_if_neq(Drag::default());
        return;
    };
    // The board is under the pointer where its part of the window is, with no dialog
    // or menu in between.
    let on_board = cursor
        .filter(|p| p.cmpge(area.min).all() && p.cmple(area.max).all() && !covered(&mut egui, *p));
    let t = session.current().position().topology();
    let cell = on_board.and_then(|p| layout.cell_at(t, p));
    let mut pressed = Vec::new();
    let mut click = |cell: Cell| pressed.push(cell);
    if buttons.just_pressed(MouseButton::Left) {
        if let (Some(cell), Some(p)) = (cell, on_board) {
            // Pressing the selected piece keeps it selected, to drag it; a release
            // without a drag deselects it as a click would.
            let on_selected = session.selection.from == Some(cell);
            if !on_selected {
                click(cell);
            }
            *drag = Drag {
                from: Some((cell, p)),
                at: None,
                on_selected,
            };
        }
    } else if buttons.pressed(MouseButton::Left)
        && let (Some((_, start)), Some(p)) = (drag.from, cursor)
        && (drag.at.is_some() || p.distance(start) > DRAG_START)
    {
        drag.at = Some(p);
        redraw.write(RequestRedraw);
    }
    // A quick click may press and release within one frame: both are handled.
    if buttons.just_released(MouseButton::Left) {
        if let Some((from, _)) = drag.from {
            match (cell, drag.at.is_some()) {
                // Dropped on another cell: that is the second click.
                (Some(to), true) if to != from => click(to),
                // A click on the selected piece without moving deselects it.
                (Some(to), false) if to == from && drag.on_selected => click(to),
                _ => {}
            }
        }
        *drag = Drag::default();
        redraw.write(RequestRedraw);
    }
    if !pressed.is_empty() {
        // The click's highlights are drawn in this very frame.
        redraw.write(RequestRedraw);
        clicks.write_batch(pressed.into_iter().map(CellClicked));
    }
}
