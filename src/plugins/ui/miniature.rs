//! A small picture of a game's start position, for the game chooser's cards.

use crate::plugins::pieces::glyphs;
use crate::rules::{GameId, PieceKind, Position, Side};
use bevy_egui::egui;

pub fn paint(ui: &mut egui::Ui, game: GameId, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let Ok(position) = Position::new(game, &[]) else {
        return;
    };
    let t = position.topology();
    let cell = size / t.width.max(t.height) as f32;
    let painter = ui.painter_at(rect);
    let light = egui::Color32::from_rgb(237, 217, 181);
    let dark = egui::Color32::from_rgb(140, 99, 69);
    painter.rect_filled(rect, 2.0, light);
    let centre_of = |file: u8, rank: u8| {
        egui::pos2(
            rect.min.x + (file as f32 + 0.5) * cell,
            rect.max.y - (rank as f32 + 0.5) * cell,
        )
    };
    for c in &t.cells {
        if (c.file + c.rank) % 2 == 0 {
            let r = egui::Rect::from_center_size(centre_of(c.file, c.rank), egui::vec2(cell, cell));
            painter.rect_filled(r, 0.0, dark);
        }
    }
    for (cell_id, piece) in position.pieces() {
        let c = t.cell(cell_id);
        let at = centre_of(c.file, c.rank);
        let (body, edge) = match piece.side {
            Side::White => (
                egui::Color32::from_rgb(250, 245, 230),
                egui::Color32::from_rgb(30, 25, 22),
            ),
            Side::Black => (
                egui::Color32::from_rgb(30, 25, 22),
                egui::Color32::from_rgb(250, 245, 230),
            ),
        };
        match glyphs(piece.kind) {
            Some((outline, filled)) => {
                let font = egui::FontId::proportional(cell * 0.85);
                painter.text(at, egui::Align2::CENTER_CENTER, filled, font.clone(), body);
                painter.text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    outline,
                    font,
                    egui::Color32::from_rgb(30, 25, 22),
                );
            }
            None => {
                painter.circle(at, cell * 0.38, body, egui::Stroke::new(1.0, edge));
                if piece.kind == PieceKind::ZChecker {
                    painter.text(
                        at,
                        egui::Align2::CENTER_CENTER,
                        "z",
                        egui::FontId::proportional(cell * 0.5),
                        egui::Color32::RED,
                    );
                }
            }
        }
    }
}
