//! A small picture of a game's start position, for the game chooser's cards.

use crate::plugins::board::pieces::piece_size;
use crate::plugins::layout::{BoardArea, Layout, board_angle};
use crate::plugins::sprites;
use crate::rules::{GameId, Position};
use bevy::math::Vec2;
use bevy_egui::egui;

const LIGHT: egui::Color32 = egui::Color32::from_rgb(237, 217, 181);
const DARK: egui::Color32 = egui::Color32::from_rgb(140, 99, 69);
const CLOTH: egui::Color32 = egui::Color32::from_rgb(46, 118, 74);
const LINE: egui::Color32 = egui::Color32::from_rgb(77, 51, 33);

pub fn paint(ui: &mut egui::Ui, game: GameId, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let Ok(position) = Position::new(game, &[]) else {
        return;
    };
    let t = position.topology();
    let [w, h] = t.extent;
    // The board as the match shows it (the hexagon with White's corner down), without
    // the margin the match leaves for coordinates.
    let margin = Vec2::splat(size / (w.max(h) + 1.0) / 2.0);
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y) - margin,
        max: Vec2::new(rect.max.x, rect.max.y) + margin,
    };
    let layout = Layout::fit(&area, t, board_angle(&position, false, false));
    let to_screen = |p: [f32; 2]| {
        let v = layout.to_screen(p);
        egui::pos2(v.x, v.y)
    };
    let scale = layout.cell * piece_size(t);
    let painter = ui.painter_at(rect);
    let one_colour = t.cells.iter().all(|c| !c.dark);
    if t.width > 0 && !one_colour {
        // Square boards show their light squares even where there are no cells.
        painter.rect_filled(
            egui::Rect::from_two_pos(to_screen([0.0, 0.0]), to_screen([w, h])),
            2.0,
            LIGHT,
        );
    }
    for c in &t.cells {
        let points = c.polygon.iter().map(|&p| to_screen(p)).collect();
        let (colour, line) = match (one_colour, c.dark) {
            (true, _) => (CLOTH, egui::Stroke::new(0.5, LINE)),
            (false, true) => (DARK, egui::Stroke::NONE),
            (false, false) => (LIGHT, egui::Stroke::NONE),
        };
        painter.add(egui::Shape::convex_polygon(points, colour, line));
    }
    for (cell, piece) in position.pieces() {
        sprites::paint(&painter, piece, to_screen(t.centre(cell)), scale);
    }
}
