//! A piece held off the board, as the match panel and a game's reserves draw it.

use crate::rules::PieceView;
use bevy_egui::egui;

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
