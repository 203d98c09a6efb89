//! The board on screen, painted each frame from the [`Session`]: cells, coordinates,
//! marks, pieces and the sliding of the last move. A click on a cell becomes a
//! [`CellClicked`] for the session's systems.
//!
//! The board is painted with egui rather than built from Bevy sprite and text
//! entities: with Bevy 0.19 under Mesa's software renderer, freshly spawned `Mesh2d`
//! and `Text2d` entities were sometimes drawn with another entity's colour (black
//! pieces came out white). egui's painter draws the same shapes reliably, stays crisp
//! at any window size and needs no entity bookkeeping.

use super::layout::{BoardArea, Layout};
use super::pieces;
use super::selection::Target;
use super::session::{CellClicked, Session};
use crate::i18n::Language;
use crate::rules::trichess::{self, Zone};
use crate::rules::{Cell, MoveView, PieceView, Side, Topology};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2};

/// How long a move takes to slide, in seconds (per leg of a capture chain, roughly).
const SLIDE_SECONDS: f64 = 0.22;

const LIGHT: Color32 = Color32::from_rgb(237, 217, 181);
const DARK: Color32 = Color32::from_rgb(140, 99, 69);
const FRAME: Color32 = Color32::from_rgb(77, 51, 33);
const CLOTH: Color32 = Color32::from_rgb(46, 118, 74);
const LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(242, 217, 51, 115);
const SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(64, 166, 242, 140);
const CHECK: Color32 = Color32::from_rgba_unmultiplied_const(242, 26, 26, 153);
const TARGET: Color32 = Color32::from_rgba_unmultiplied_const(26, 90, 26, 140);
const WAYPOINT: Color32 = Color32::from_rgba_unmultiplied_const(38, 115, 230, 190);
const HOME_WHITE: Color32 = Color32::from_rgba_unmultiplied_const(255, 255, 255, 60);
const HOME_BLACK: Color32 = Color32::from_rgba_unmultiplied_const(0, 0, 0, 60);
const HOME_RED: Color32 = Color32::from_rgba_unmultiplied_const(220, 30, 30, 70);
const ZONE_LINE: Color32 = Color32::from_rgba_unmultiplied_const(60, 35, 20, 150);
const THRONE: Color32 = Color32::from_rgb(230, 180, 40);
const NAME_BACK: Color32 = Color32::from_rgba_unmultiplied_const(20, 20, 20, 210);
const ROUTE: Color32 = Color32::from_rgba_unmultiplied_const(38, 115, 230, 110);
const PLACEMENT: Color32 = Color32::from_rgba_unmultiplied_const(255, 255, 255, 90);
const COORDINATE: Color32 = Color32::from_rgb(237, 224, 204);

/// The move being animated and the pieces it took.
#[derive(Resource, Default)]
pub struct Animation {
    view: Option<MoveView>,
    /// The pieces before the move, to fade out the captured ones.
    before: Vec<(Cell, PieceView)>,
    started: f64,
}

fn pos(v: Vec2) -> Pos2 {
    Pos2::new(v.x, v.y)
}

/// Paints the board into the rest of `ui` and reports clicks on cells.
pub fn show(
    ui: &mut egui::Ui,
    lang: Language,
    session: &mut Session,
    angle: f32,
    animation: &mut Animation,
    clicks: &mut MessageWriter<CellClicked>,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::click());
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y),
        max: Vec2::new(rect.max.x, rect.max.y),
    };
    let topology = session.current.position().topology();
    let layout = Layout::fit(&area, topology, angle);
    let now = ui.input(|i| i.time);
    if let Some(view) = session.animate.take() {
        let cursor = session.current.cursor();
        animation.before = session
            .current
            .state_before(cursor.saturating_sub(1))
            .position
            .pieces();
        animation.view = Some(view);
        animation.started = now;
    }
    let painter = ui.painter_at(rect);
    let poly = |cell: Cell| -> Vec<Pos2> {
        topology
            .cell(cell)
            .polygon
            .iter()
            .map(|&p| pos(layout.to_screen(p)))
            .collect()
    };
    let fill = |cell: Cell, colour: Color32| {
        painter.add(egui::Shape::convex_polygon(
            poly(cell),
            colour,
            egui::Stroke::NONE,
        ));
    };

    frame(&painter, &layout, topology);
    // A board of one colour (Reversi's) is green cloth with drawn lines.
    let one_colour = topology.cells.iter().all(|c| !c.dark);
    for cell in 0..topology.len() as Cell {
        let (colour, line) = match (one_colour, topology.cell(cell).dark) {
            (true, _) => (CLOTH, egui::Stroke::new(1.0, FRAME)),
            (false, true) => (DARK, egui::Stroke::NONE),
            (false, false) => (LIGHT, egui::Stroke::NONE),
        };
        painter.add(egui::Shape::convex_polygon(poly(cell), colour, line));
    }
    let hexagon = topology.width == 0;
    for (cell, side) in session.current.position().tinted() {
        let tint = match side {
            Side::White => HOME_WHITE,
            Side::Black => HOME_BLACK,
            _ => HOME_RED,
        };
        // The kingdoms' zones alternate in strength, so each band reads on its own.
        let tint = match hexagon.then(|| trichess::tables().zone[cell as usize]) {
            Some(Zone::Palace | Zone::Suburb) => tint.gamma_multiply(0.45),
            _ => tint,
        };
        painter.add(egui::Shape::convex_polygon(
            poly(cell),
            tint,
            egui::Stroke::NONE,
        ));
    }
    if hexagon {
        zone_lines(&painter, &layout, topology);
    }
    coordinates(&painter, &layout, topology);

    if let Some(last) = session.last_move() {
        fill(last.from, LAST_MOVE);
        fill(last.to(), LAST_MOVE);
    }
    if let Some(king) = session.current.position().check_cell() {
        fill(king, CHECK);
    }
    if let Some(from) = session.selection.from {
        fill(from, SELECTED);
        for &landed in &session.selection.path {
            fill(landed, WAYPOINT.gamma_multiply(0.5));
        }
    }
    // A triangle of side 1 holds a smaller piece than a unit square.
    let size = if hexagon {
        layout.cell * 0.56
    } else {
        layout.cell
    };
    let r = size * 0.5;
    for cell in session.table.placements() {
        painter.circle_filled(pos(layout.cell_centre(topology, cell)), r * 0.22, PLACEMENT);
    }
    // The route of every chain of the selected piece, so jumps read as paths.
    if let Some(from) = session.selection.from {
        let route = egui::Stroke::new((layout.cell * 0.04).max(1.5), ROUTE);
        for (_, view) in session
            .table
            .from_cell(from)
            .filter(|(_, v)| v.landings.len() > 1)
        {
            let points: Vec<Pos2> = std::iter::once(from)
                .chain(view.landings.iter().copied())
                .map(|c| pos(layout.cell_centre(topology, c)))
                .collect();
            painter.add(egui::Shape::line(points, route));
        }
    }
    for (cell, target) in session.selection.targets(&session.table) {
        let c = pos(layout.cell_centre(topology, cell));
        match target {
            Target::Quiet => painter.circle_filled(c, r * 0.28, TARGET),
            Target::Capture => {
                painter.circle_stroke(c, r * 0.88, egui::Stroke::new(r * 0.16, TARGET))
            }
            Target::Waypoint => {
                painter.circle_stroke(c, r * 0.38, egui::Stroke::new(r * 0.14, WAYPOINT))
            }
        };
    }

    let progress = animation.view.as_ref().map(|v| {
        let legs = v.landings.len().max(1) as f64;
        ((now - animation.started) / (SLIDE_SECONDS * legs.sqrt())).clamp(0.0, 1.0) as f32
    });
    let moving = match (&animation.view, progress) {
        (Some(v), Some(t)) if t < 1.0 => Some((v, t)),
        _ => None,
    };
    for (cell, piece) in session.current.position().pieces() {
        let mut at = pos(layout.cell_centre(topology, cell));
        if let Some((view, t)) = moving {
            // A placed piece grows in; a flipped one turns over (shrinks, then grows
            // in its new colour).
            if view.placed.is_some() && cell == view.from {
                pieces::paint(&painter, piece, at, size * t, 1.0);
                continue;
            }
            if view.flipped.contains(&cell) {
                let turned = if t < 0.5 {
                    PieceView {
                        side: piece.side.other(),
                        ..piece
                    }
                } else {
                    piece
                };
                pieces::paint(&painter, turned, at, size * (1.0 - 2.0 * t).abs(), 1.0);
                continue;
            }
            if let Some(path) = slide_path(view, cell) {
                let points: Vec<Vec2> = path
                    .iter()
                    .map(|&c| layout.cell_centre(topology, c))
                    .collect();
                at = pos(along(&points, t));
            }
        }
        pieces::paint(&painter, piece, at, size, 1.0);
    }
    if let Some((view, t)) = moving {
        // Captured pieces are lifted one by one, each as the mover jumps over it; a
        // capturer blown up by a mine goes at the end.
        let legs = view.landings.len().max(1) as f32;
        let fading = |order: usize| (1.0 - (t * legs - order as f32)).clamp(0.0, 1.0);
        let gone = view
            .captured
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, fading(i)))
            .chain(view.vanishes.then_some((view.from, 1.0 - t)));
        for (cell, alpha) in gone {
            if let Some((_, piece)) = animation.before.iter().find(|(c, _)| *c == cell) {
                let at = pos(layout.cell_centre(topology, cell));
                pieces::paint(&painter, *piece, at, size, alpha);
            }
        }
        ui.ctx().request_repaint();
    }

    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(cell) = layout.cell_at(topology, Vec2::new(p.x, p.y))
    {
        clicks.write(CellClicked(cell));
    }
    // On the hexagon, whose cells carry no coordinates at the edge, the name of the
    // triangle under the pointer.
    if hexagon
        && let Some(p) = response.hover_pos()
        && let Some(cell) = layout.cell_at(topology, Vec2::new(p.x, p.y))
    {
        let name = topology.name(cell);
        let name = match lang {
            Language::English => name.to_string(),
            _ => trichess::russian(name),
        };
        let font = egui::FontId::proportional(16.0);
        let galley = painter.layout_no_wrap(name, font, COORDINATE);
        let at = p + egui::vec2(14.0, -24.0);
        let back = egui::Rect::from_min_size(at, galley.size()).expand(4.0);
        painter.rect_filled(back, 3.0, NAME_BACK);
        painter.galley(at, galley, COORDINATE);
    }
}

/// The wooden frame: a rectangle round a square board, a hexagon round the triangles.
fn frame(painter: &egui::Painter, layout: &Layout, topology: &Topology) {
    let (w, h) = (layout.width, layout.height);
    if topology.width == 0 {
        let outline = |r: f32| -> Vec<Pos2> {
            (0..6)
                .map(|k| {
                    let a = k as f32 * std::f32::consts::FRAC_PI_3;
                    pos(layout.to_screen([w / 2.0 + r * a.cos(), h / 2.0 + r * a.sin()]))
                })
                .collect()
        };
        painter.add(egui::Shape::convex_polygon(
            outline(w / 2.0 + 0.55),
            FRAME,
            egui::Stroke::NONE,
        ));
        return;
    }
    let corners = |m: f32| {
        egui::Rect::from_two_pos(
            pos(layout.to_screen([-m, -m])),
            pos(layout.to_screen([w + m, h + m])),
        )
    };
    painter.rect_filled(corners(0.45), 4.0, FRAME);
    painter.rect_filled(corners(0.0), 0.0, LIGHT);
}

/// A polygon side by its two corners, rounded to compare equal between neighbours.
type Edge = ((i32, i32), (i32, i32));

/// Lines between the zones and kingdoms of chess for three, and gold round the thrones.
fn zone_lines(painter: &egui::Painter, layout: &Layout, topology: &Topology) {
    use std::collections::HashMap;
    let tables = trichess::tables();
    let region = |c: usize| (tables.kingdom[c], tables.zone[c]);
    let key = |p: [f32; 2]| ((p[0] * 64.0).round() as i32, (p[1] * 64.0).round() as i32);
    let mut edges: HashMap<Edge, Vec<usize>> = HashMap::new();
    for (c, info) in topology.cells.iter().enumerate() {
        let n = info.polygon.len();
        for i in 0..n {
            let (a, b) = (key(info.polygon[i]), key(info.polygon[(i + 1) % n]));
            edges.entry((a.min(b), a.max(b))).or_default().push(c);
        }
    }
    let width = (layout.cell * 0.035).max(1.2);
    for cells in edges.values() {
        let [a, b] = cells[..] else { continue };
        if region(a) == region(b) {
            continue;
        }
        let info = &topology.cells[a];
        let shared: Vec<Pos2> = info
            .polygon
            .iter()
            .filter(|p| {
                topology.cells[b]
                    .polygon
                    .iter()
                    .any(|q| key(**p) == key(*q))
            })
            .map(|&p| pos(layout.to_screen(p)))
            .collect();
        if let [p, q] = shared[..] {
            let kingdoms = tables.kingdom[a] != tables.kingdom[b];
            let stroke = egui::Stroke::new(if kingdoms { width * 2.0 } else { width }, ZONE_LINE);
            painter.line_segment([p, q], stroke);
        }
    }
    for throne in tables.throne {
        for cell in throne {
            let mut points: Vec<Pos2> = topology
                .cell(cell)
                .polygon
                .iter()
                .map(|&p| pos(layout.to_screen(p)))
                .collect();
            points.push(points[0]);
            painter.add(egui::Shape::line(
                points,
                egui::Stroke::new(width * 1.8, THRONE),
            ));
        }
    }
}

/// The squares a piece standing on `cell` passed through in the animated move.
fn slide_path(view: &MoveView, cell: Cell) -> Option<Vec<Cell>> {
    match view.companion {
        Some((from, to)) if to == cell => Some(vec![from, to]),
        _ if cell == view.to() && !view.vanishes => Some(
            std::iter::once(view.from)
                .chain(view.landings.iter().copied())
                .collect(),
        ),
        _ => None,
    }
}

/// The point a fraction `t` of the way along a path of points.
fn along(points: &[Vec2], t: f32) -> Vec2 {
    if points.len() < 2 {
        return points.first().copied().unwrap_or_default();
    }
    let legs = (points.len() - 1) as f32;
    let x = t * legs;
    let leg = (x.floor() as usize).min(points.len() - 2);
    points[leg].lerp(points[leg + 1], x - leg as f32)
}

/// File letters below and above the board, rank numbers left and right.
fn coordinates(painter: &egui::Painter, layout: &Layout, topology: &Topology) {
    let font = egui::FontId::proportional((layout.cell * 0.26).clamp(9.0, 22.0));
    let label = |text: String, p: [f32; 2]| {
        painter.text(
            pos(layout.to_screen(p)),
            egui::Align2::CENTER_CENTER,
            text,
            font.clone(),
            COORDINATE,
        );
    };
    let (w, h) = (layout.width, layout.height);
    for file in 0..topology.width {
        let letter = ((b'a' + file) as char).to_string();
        label(letter.clone(), [file as f32 + 0.5, -0.24]);
        label(letter, [file as f32 + 0.5, h + 0.24]);
    }
    for rank in 0..topology.height {
        label((rank + 1).to_string(), [-0.24, rank as f32 + 0.5]);
        label((rank + 1).to_string(), [w + 0.24, rank as f32 + 0.5]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_passes_every_landing_square() {
        let points = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(2.0, 2.0)];
        assert_eq!(along(&points, 0.0), Vec2::ZERO);
        assert_eq!(along(&points, 0.5), Vec2::new(2.0, 0.0));
        assert_eq!(along(&points, 1.0), Vec2::new(2.0, 2.0));
    }
}
