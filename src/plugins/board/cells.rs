//! The board itself: frame, cells, tinted homes and the coordinates round the edge.

use super::inks::{COORDINATE, Inks};
use super::{BoardItem, BoardLayout, Flat, Seen, board_shown, shapes, z};
use crate::plugins::fonts::FONT_BYTES;
use crate::plugins::session::{Screen, Session};
use crate::rules::{Cell, Side, Topology};
use bevy::prelude::*;

/// The bundled DejaVu Sans, which has Latin and Cyrillic letters.
#[derive(Resource)]
pub struct BoardFont(pub Handle<Font>);

pub fn load_font(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let font = fonts.add(Font::from_bytes(FONT_BYTES.to_vec()));
    commands.insert_resource(BoardFont(font));
}

/// A coordinate letter or number at a board point; its font grows with the board.
#[derive(Component)]
pub struct Label {
    pub at: Vec2,
}

/// The mesh of each cell of the board on screen, for the highlights that fill cells.
#[derive(Resource)]
pub struct CellMeshes {
    pub topology: &'static Topology,
    pub meshes: Vec<Handle<Mesh>>,
}

/// What the drawn board shows: rebuilt when any of it changes.
pub struct Drawn {
    topology: &'static Topology,
    tinted: Vec<(Cell, Side)>,
}

impl PartialEq for Drawn {
    fn eq(&self, other: &Drawn) -> bool {
        std::ptr::eq(self.topology, other.topology) && self.tinted == other.tinted
    }
}

#[allow(clippy::too_many_arguments)]
pub fn build(
    mut commands: Commands,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    items: Query<Entity, With<BoardItem>>,
    inks: Res<Inks>,
    font: Res<BoardFont>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut drawn: Local<Option<Drawn>>,
    mut seen: Local<Seen>,
) {
    let shown = board_shown(&screen, &session);
    if !seen.news(&session, shown) {
        return;
    }
    let wanted = shown.then(|| Drawn {
        topology: session.current().position().topology(),
        tinted: session.current().position().shown().tinted(),
    });
    if *drawn == wanted {
        return;
    }
    for e in &items {
        commands.entity(e).despawn();
    }
    *drawn = wanted;
    let Some(board) = drawn.as_ref() else { return };
    let t = board.topology;
    let cell_meshes: Vec<Handle<Mesh>> = t
        .cells
        .iter()
        .map(|c| meshes.add(shapes::polygon(&c.polygon)))
        .collect();
    let mut flat = |mesh: Handle<Mesh>, material: &Handle<ColorMaterial>, z: f32| {
        commands.spawn((
            BoardItem,
            Flat { z },
            Mesh2d(mesh),
            MeshMaterial2d(material.clone()),
            Transform::default(),
        ));
    };
    flat(meshes.add(frame(t)), &inks.frame, z::FRAME);
    // A board of one colour (Reversi's) is green cloth with drawn lines.
    let one_colour = t.cells.iter().all(|c| !c.dark);
    if !one_colour {
        // Square boards show their light squares even where there are no cells.
        for pane in &t.panes {
            let [x, y] = pane.origin;
            let (w, h) = (f32::from(pane.size[0]), f32::from(pane.size[1]));
            let square = shapes::polygon(&[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]);
            flat(meshes.add(square), &inks.light, z::CELL - 0.5);
        }
    }
    for (info, mesh) in t.cells.iter().zip(&cell_meshes) {
        let material = match (one_colour, info.dark) {
            (true, _) => &inks.cloth,
            (false, true) if info.royal => &inks.royal,
            (false, true) => &inks.dark,
            (false, false) => &inks.light,
        };
        flat(mesh.clone(), material, z::CELL);
    }
    // A throne square is framed in gold inside its edge.
    let thrones: Vec<(Vec<[f32; 2]>, bool)> = t
        .cells
        .iter()
        .filter(|c| c.throne)
        .map(|c| (inset(&c.polygon, 0.08), true))
        .collect();
    if !thrones.is_empty() {
        flat(
            meshes.add(shapes::lines(&thrones, 0.05)),
            &inks.throne,
            z::CELL + 0.5,
        );
    }
    if one_colour {
        let outlines: Vec<(Vec<[f32; 2]>, bool)> =
            t.cells.iter().map(|c| (c.polygon.clone(), true)).collect();
        flat(
            meshes.add(shapes::lines(&outlines, 0.025)),
            &inks.grid,
            z::CELL + 0.5,
        );
    }
    for (cell, side) in &board.tinted {
        let material = match side {
            Side::White => &inks.home_white,
            Side::Black => &inks.home_black,
            Side::Grey => &inks.rested,
            _ => &inks.home_red,
        };
        flat(cell_meshes[*cell as usize].clone(), material, z::TINT);
    }
    commands.insert_resource(CellMeshes {
        topology: t,
        meshes: cell_meshes,
    });
    let mut label = |text: String, at: [f32; 2]| {
        commands.spawn((
            BoardItem,
            Label { at: Vec2::from(at) },
            Text2d::new(text),
            TextFont {
                font: font.0.clone().into(),
                ..default()
            },
            TextColor(COORDINATE),
            Transform::default(),
        ));
    };
    // Each board's coordinates round it; a board turned half round reads backwards.
    for pane in &t.panes {
        let [x, y] = pane.origin;
        let [files, ranks] = pane.size;
        let (w, h) = (f32::from(files), f32::from(ranks));
        let place = |i: u8, n: u8| {
            let k = if pane.turned { n - 1 - i } else { i };
            f32::from(k) + 0.5
        };
        for file in 0..files {
            let letter = t.file_letter(file).to_string();
            label(letter.clone(), [x + place(file, files), y - 0.24]);
            label(letter, [x + place(file, files), y + h + 0.24]);
        }
        for rank in 0..ranks {
            let number = (rank + 1).to_string();
            label(number.clone(), [x - 0.24, y + place(rank, ranks)]);
            label(number, [x + w + 0.24, y + place(rank, ranks)]);
        }
    }
}

/// A polygon shrunk towards its centre by `by` board units (for a square).
fn inset(polygon: &[[f32; 2]], by: f32) -> Vec<[f32; 2]> {
    let n = polygon.len() as f32;
    let (cx, cy) = polygon
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p[0] / n, y + p[1] / n));
    polygon
        .iter()
        .map(|p| {
            let (dx, dy) = (p[0] - cx, p[1] - cy);
            let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
            let k = (len - by * std::f32::consts::SQRT_2) / len;
            [cx + dx * k, cy + dy * k]
        })
        .collect()
}

/// The wooden frame: a rectangle round a square board, a hexagon round the triangles.
fn frame(t: &Topology) -> Mesh {
    let (w, h) = (t.extent[0], t.extent[1]);
    if t.panes.is_empty() {
        let r = w / 2.0 + 0.55;
        let corners: Vec<[f32; 2]> = (0..6)
            .map(|k| {
                let a = k as f32 * std::f32::consts::FRAC_PI_3;
                [w / 2.0 + r * a.cos(), h / 2.0 + r * a.sin()]
            })
            .collect();
        return shapes::polygon(&corners);
    }
    let m = 0.45;
    shapes::polygon(&[[-m, -m], [w + m, -m], [w + m, h + m], [-m, h + m]])
}

/// Puts the coordinates beside the board, upright, in a size that suits the cells.
pub fn size_labels(
    board: Res<BoardLayout>,
    mut labels: Query<(Ref<Label>, &mut Transform, &mut TextFont)>,
) {
    let Some(layout) = board.layout else { return };
    let size = (layout.cell * 0.26).clamp(9.0, 22.0).round();
    for (label, mut transform, mut font) in &mut labels {
        if board.is_changed() || label.is_added() {
            let at = board.board_to_world(&layout, label.at);
            transform.translation = at.extend(z::LABEL);
            font.font_size = FontSize::Px(size);
        }
    }
}
