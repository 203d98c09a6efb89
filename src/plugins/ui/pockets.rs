//! The reserves drawn beside their board, where seats hold them (bughouse): each
//! board's two seats, the one at its lower edge below it and the other above. A piece
//! that may come down now is picked by a click, as in the panel's list.

use crate::plugins::board::BoardLayout;
use crate::plugins::session::{Command, Session};
use crate::rules::PieceView;
use bevy::prelude::MessageWriter;
use bevy_egui::egui;

pub fn show(
    ui: &egui::Ui,
    session: &Session,
    commands: &mut MessageWriter<Command>,
    board: &BoardLayout,
) {
    let Some(layout) = board.layout else { return };
    let position = session.current().position();
    let pockets = position.pockets();
    if pockets.is_empty() {
        return;
    }
    let t = position.topology();
    let on_move = position.seats_on_move();
    let droppable = session.table.kinds_in_hand();
    let mut picked = None;
    for seat in 0..t.panes.len() * 2 {
        let acting = on_move.contains(&seat);
        let held = pockets.iter().filter(|(s, _, _)| *s == seat);
        for (k, (_, piece, n)) in held.enumerate() {
            {
                let Some(at) = t.reserve_slot(seat, k) else {
                    continue;
                };
                let centre = layout.to_screen(at);
                let centre = egui::pos2(centre.x, centre.y);
                let size = layout.cell * 0.8;
                let rect = egui::Rect::from_center_size(centre, egui::vec2(size, size));
                let can_drop = acting && droppable.contains(&piece.kind);
                let sense = if can_drop {
                    egui::Sense::click()
                } else {
                    egui::Sense::hover()
                };
                let response = ui.interact(rect, ui.id().with(("pocket", seat, k)), sense);
                let chosen = can_drop && session.selection.pocket == Some(piece.kind);
                let painter = ui.painter();
                let lit = can_drop && response.hovered();
                paint_held(painter, rect, (*piece, size * 0.9), chosen, lit);
                if *n > 1 {
                    painter.text(
                        rect.right_bottom(),
                        egui::Align2::RIGHT_BOTTOM,
                        format!("×{n}"),
                        egui::FontId::proportional(size * 0.3),
                        egui::Color32::from_rgb(40, 30, 20),
                    );
                }
                if response.clicked() {
                    picked = Some(piece.kind);
                }
            }
        }
    }
    if let Some(kind) = picked {
        commands.write(Command::PickFromHand(kind));
    }
}

/// A piece in hand, drawn `size` across on a light square, as on the board, so a
/// black piece shows: the kind picked (`chosen`) is framed, one that may come down now
/// lights under the pointer (`lit`).
pub fn paint_held(
    painter: &egui::Painter,
    rect: egui::Rect,
    (piece, size): (PieceView, f32),
    chosen: bool,
    lit: bool,
) {
    let square = if chosen || lit {
        egui::Color32::from_rgb(246, 226, 140)
    } else {
        egui::Color32::from_rgb(237, 217, 181)
    };
    painter.rect_filled(rect, 4.0, square);
    if chosen {
        painter.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(2.0, egui::Color32::from_rgb(60, 130, 200)),
            egui::StrokeKind::Inside,
        );
    }
    crate::plugins::sprites::paint(painter, piece, rect.center(), size);
}
