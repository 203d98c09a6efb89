//! A small picture of a game, for the game chooser's cards: its start position, or,
//! where that is chess's or an empty board, a moment a few moves in that shows what
//! sets it apart (the badges of transforming chess, the rested pieces of
//! everyone-moves chess, the die, Armenian draughts' diagonal steps, Reversi's discs
//! and Epsilon-64's stones).

use crate::plugins::board::pieces::piece_size;
use crate::plugins::layout::{BoardArea, Layout, board_angle};
use crate::plugins::shelf::Shelf;
use crate::plugins::sprites;
use crate::rules::{GameId, Position};
use bevy::math::Vec2;
use bevy_egui::egui;

const LIGHT: egui::Color32 = egui::Color32::from_rgb(237, 217, 181);
const DARK: egui::Color32 = egui::Color32::from_rgb(140, 99, 69);
const CLOTH: egui::Color32 = egui::Color32::from_rgb(46, 118, 74);
const ROYAL: egui::Color32 = egui::Color32::from_rgb(170, 52, 40);
const LINE: egui::Color32 = egui::Color32::from_rgb(77, 51, 33);

/// Where the picture of a badge or a die sits, and its size, in cells.
const BADGE_OFFSET: f32 = 0.3;
const BADGE_SIZE: f32 = 0.4;
const BADGE: egui::Color32 = egui::Color32::from_rgba_premultiplied(98, 115, 140, 235);
const RESTED: egui::Color32 = egui::Color32::from_rgba_premultiplied(17, 17, 26, 110);

/// The picture on `game`'s card, from the shelf; an empty square for a game that
/// is not there.
pub fn paint(ui: &mut egui::Ui, shelf: &Shelf, game: GameId, size: f32) {
    match shelf.showcase(game) {
        Some(position) => paint_position(ui, position, size),
        None => {
            ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        }
    }
}

/// A small picture of a position, as the board would show it.
pub fn paint_position(ui: &mut egui::Ui, position: &Position, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let t = position.topology();
    let [w, h] = t.extent;
    // The board as the match shows it (the hexagon with White's corner down), without
    // the margin the match leaves for coordinates.
    let margin = Vec2::splat(size / (w.max(h) + 1.0) / 2.0);
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y) - margin,
        max: Vec2::new(rect.max.x, rect.max.y) + margin,
    };
    let layout = Layout::fit(&area, t, board_angle(position, false, false, None));
    let to_screen = |p: [f32; 2]| {
        let v = layout.to_screen(p);
        egui::pos2(v.x, v.y)
    };
    let scale = layout.cell * piece_size(t);
    let painter = ui.painter_at(rect);
    paint_cells(&painter, t, &to_screen);
    for (cell, side) in position.shown().tinted() {
        if side == crate::rules::Side::Grey {
            let points = t.cells[usize::from(cell)]
                .polygon
                .iter()
                .map(|&p| to_screen(p))
                .collect();
            painter.add(egui::Shape::convex_polygon(
                points,
                RESTED,
                egui::Stroke::NONE,
            ));
        }
    }
    for (cell, piece) in position.pieces() {
        let centre = to_screen(t.centre(cell));
        sprites::paint(&painter, piece, centre, scale);
        if let Some(kind) = position.shown().badge(cell) {
            let corner = centre + egui::vec2(BADGE_OFFSET, -BADGE_OFFSET) * layout.cell;
            painter.circle_filled(corner, BADGE_SIZE * 0.5 * layout.cell, BADGE);
            let badge = crate::rules::PieceView { kind, ..piece };
            sprites::paint(&painter, badge, corner, scale * BADGE_SIZE);
        }
    }
    if let Some(face) = rolled(position) {
        // On the empty ranks, to the right: the g5 square.
        let side = layout.cell * 1.2;
        let die = egui::Rect::from_center_size(to_screen(t.centre(38)), egui::vec2(side, side));
        super::die::paint_die(&painter, die, Some(face), 0.2, false);
    }
}

/// A board's cells as the match shows them: light and dark squares (the light ones
/// also where a square board has no cell), the royal cells of 100-cell chess, or the
/// cloth and lines of a board of one colour.
pub fn paint_cells(
    painter: &egui::Painter,
    t: &crate::rules::Topology,
    to_screen: &dyn Fn([f32; 2]) -> egui::Pos2,
) {
    let one_colour = t.cells.iter().all(|c| !c.dark);
    if !one_colour {
        // Square boards show their light squares even where there are no cells.
        for pane in &t.panes {
            let [x, y] = pane.origin;
            let far = [x + f32::from(pane.size[0]), y + f32::from(pane.size[1])];
            painter.rect_filled(
                egui::Rect::from_two_pos(to_screen([x, y]), to_screen(far)),
                2.0,
                LIGHT,
            );
        }
    }
    for c in &t.cells {
        let points = c.polygon.iter().map(|&p| to_screen(p)).collect();
        let (colour, line) = match (one_colour, c.dark) {
            (true, _) => (CLOTH, egui::Stroke::new(0.5, LINE)),
            (false, true) if c.royal => (ROYAL, egui::Stroke::NONE),
            (false, true) => (DARK, egui::Stroke::NONE),
            (false, false) => (LIGHT, egui::Stroke::NONE),
        };
        painter.add(egui::Shape::convex_polygon(points, colour, line));
    }
}

/// The face a die shows in the picture: none before the first roll, where a blank
/// die (the start position on the rules page) looked like a piece of the game.
fn rolled(position: &Position) -> Option<u8> {
    position.shown().dice()?.faces.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_is_drawn_only_once_rolled() {
        let start = Position::new(GameId::DiceChess, &[]).unwrap();
        assert_eq!(rolled(&start), None);
        let rolled_five =
            crate::rules::record::replay(GameId::DiceChess, GameId::DiceChess.card().showcase, &[]);
        assert_eq!(rolled(rolled_five.unwrap().position()), Some(5));
    }

    /// Every card shows a position of its own: no showcase fails to replay, and no
    /// two games on the same board show the same pieces (Reversi and Epsilon-64 both
    /// showed an empty grid).
    #[test]
    fn each_card_shows_its_own_picture() {
        let pictures: Vec<(GameId, Position)> = GameId::ALL
            .iter()
            .map(|&game| {
                let m = crate::rules::record::replay(game, game.card().showcase, &[])
                    .unwrap_or_else(|e| panic!("{game:?}: {e}"));
                (game, m.position().clone())
            })
            .collect();
        for (i, (a, pa)) in pictures.iter().enumerate() {
            assert!(!pa.pieces().is_empty(), "{a:?} shows an empty board");
            for (b, pb) in &pictures[i + 1..] {
                let same_board = std::ptr::eq(pa.topology(), pb.topology());
                assert!(
                    !(same_board && pa.pieces() == pb.pieces()),
                    "{a:?} and {b:?} show the same picture"
                );
            }
        }
    }
}
