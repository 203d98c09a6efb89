//! Highlights as entities: the last move, a king in check, the selected piece, the
//! landings clicked so far, the routes of its chains, its targets (a dot for a quiet
//! move, a ring for a capture, a small blue ring for the next landing of a chain) and,
//! with nothing selected, the cells where a piece may be put down; and the computer's
//! hint, when asked for. Each is a shape as well as a colour: the last move's cells
//! have strokes in their corners, a king in check two rings, the selected piece a
//! frame inside its cell.

use super::cells::CellMeshes;
use super::inks::Inks;
use super::{Flat, Seen, Upright, board_shown, pieces::piece_size, shapes, z};
use crate::plugins::computer::Hint;
use crate::plugins::selection::Target;
use crate::plugins::session::{Screen, Session};
use crate::rules::Cell;
use bevy::prelude::*;

/// Marks the highlight entities, rebuilt whenever the match or the selection changes.
#[derive(Component)]
pub struct Highlight;

/// The marks' shapes, in cells.
#[derive(Resource)]
pub struct MarkMeshes {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    waypoint: Handle<Mesh>,
    placement: Handle<Mesh>,
}

impl FromWorld for MarkMeshes {
    fn from_world(world: &mut World) -> Self {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        MarkMeshes {
            dot: meshes.add(Circle::new(0.14)),
            ring: meshes.add(Annulus::new(0.36, 0.44)),
            waypoint: meshes.add(Annulus::new(0.12, 0.19)),
            placement: meshes.add(Circle::new(0.11)),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub fn show(
    mut commands: Commands,
    session: Res<Session>,
    hint: Res<Hint>,
    screen: Res<State<Screen>>,
    cells: Option<Res<CellMeshes>>,
    marks: Res<MarkMeshes>,
    inks: Res<Inks>,
    old: Query<Entity, With<Highlight>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut seen: Local<Seen>,
) {
    let shown = board_shown(&screen, &session);
    if !seen.news(&session, shown) && !hint.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(cells) = cells.filter(|_| shown) else {
        return;
    };
    let position = session.current().position();
    let t = position.topology();
    if !std::ptr::eq(cells.topology, t) {
        return;
    }
    // The shapes that tell the marks apart without their colours, in board units.
    let mut shape = |lines: Vec<(Vec<[f32; 2]>, bool)>,
                     width: f32,
                     material: &Handle<ColorMaterial>,
                     z: f32| {
        commands.spawn((
            Highlight,
            Flat { z },
            Mesh2d(meshes.add(shapes::lines(&lines, width))),
            MeshMaterial2d(material.clone()),
            Transform::default(),
        ));
    };
    let polygon = |cell: Cell| t.cells[usize::from(cell)].polygon.as_slice();
    for last in session.last_moves() {
        for cell in [last.from, last.to()] {
            shape(corners(polygon(cell)), 0.06, &inks.marking, z::LAST_MOVE);
        }
    }
    if let Some(king) = position.shown().check_cell() {
        let c = t.centre(king);
        let rings = [0.40, 0.47].map(|r| (circle(c, r), true)).to_vec();
        shape(rings, 0.04, &inks.check_mark, z::CHECK);
    }
    if let Some(from) = session.selection.from {
        let frame = vec![(inset(polygon(from), t.centre(from), 0.12), true)];
        shape(frame, 0.05, &inks.marking, z::SELECTED);
    }
    let mut fill = |cell: Cell, material: &Handle<ColorMaterial>, z: f32| {
        commands.spawn((
            Highlight,
            Flat { z },
            Mesh2d(cells.meshes[cell as usize].clone()),
            MeshMaterial2d(material.clone()),
            Transform::default(),
        ));
    };
    for last in session.last_moves() {
        fill(last.from, &inks.last_move, z::LAST_MOVE);
        fill(last.to(), &inks.last_move, z::LAST_MOVE);
        // Where a captured piece was put back or a gift pawn put, too.
        if let Some(back) = last.second_square() {
            fill(back, &inks.last_move, z::LAST_MOVE);
        }
    }
    if let Some(king) = position.shown().check_cell() {
        fill(king, &inks.check, z::CHECK);
    }
    // The piece behind a refusal: the checking bishop, the piece that must take.
    if let Some(culprit) = session.prompts.refusal.as_ref().and_then(|r| r.culprit) {
        fill(culprit, &inks.culprit, z::CHECK);
    }
    // A hint to pass or end the turn has no square to light; the panel's button says it.
    let hinted = hint.shown(session.revision).and_then(|m| position.view(&m));
    if let Some(view) = hinted.filter(|v| !v.landings.is_empty()) {
        fill(view.from, &inks.hint, z::LAST_MOVE);
        for &landing in &view.landings {
            fill(landing, &inks.hint, z::LAST_MOVE);
        }
    }
    // A premove: the cells chosen, until it is played or dropped.
    for cell in session.premove().into_iter().flat_map(|p| p.cells()) {
        fill(cell, &inks.premove, z::SELECTED);
    }
    let selection = &session.selection;
    if let Some(from) = selection.from {
        fill(from, &inks.selected, z::SELECTED);
        for &landed in &selection.path {
            fill(landed, &inks.selected, z::SELECTED);
        }
        // The route of every chain of the selected piece, so jumps read as paths.
        let routes: Vec<(Vec<[f32; 2]>, bool)> = session
            .table
            .from_cell(from)
            .filter(|(_, v)| v.landings.len() > 1)
            .map(|(_, v)| {
                let points = std::iter::once(from).chain(v.landings.iter().copied());
                (points.map(|c| t.centre(c)).collect(), false)
            })
            .collect();
        if !routes.is_empty() {
            commands.spawn((
                Highlight,
                Flat { z: z::ROUTE },
                Mesh2d(meshes.add(shapes::lines(&routes, 0.05))),
                MeshMaterial2d(inks.route.clone()),
                Transform::default(),
            ));
        }
    }
    let size = piece_size(t);
    let on_cloth = t.cells.iter().all(|c| !c.dark);
    let target_ink = if on_cloth {
        &inks.target_on_cloth
    } else {
        &inks.target
    };
    // Where a captured piece is put back, the capturer still stands on its old square,
    // which may be chosen too: those marks go over the pieces.
    let target_z = if selection.landed.is_some() {
        z::RELOCATION
    } else {
        z::TARGET
    };
    let mut mark = |cell: Cell, mesh: &Handle<Mesh>, material: &Handle<ColorMaterial>| {
        commands.spawn((
            Highlight,
            Upright {
                at: Vec2::from(t.centre(cell)),
                size,
                z: target_z,
            },
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material.clone()),
            Transform::default(),
        ));
    };
    for (cell, target) in selection.targets(&session.table) {
        match target {
            Target::Quiet => mark(cell, &marks.dot, target_ink),
            Target::Capture => mark(cell, &marks.ring, target_ink),
            Target::Waypoint => mark(cell, &marks.waypoint, &inks.waypoint),
            Target::Step => mark(cell, &marks.dot, &inks.checkers),
            Target::Jump => mark(cell, &marks.ring, &inks.checkers),
        }
    }
    // A selected stone shows its own moves only, not the placements as well.
    if selection.from.is_none() {
        // Where several kinds could come down, the squares light once one is picked.
        let one_kind = session.table.kinds_in_hand().len() == 1;
        if selection.pocket.is_some() || one_kind {
            for (_, view) in session.table.placements_of(selection.pocket) {
                mark(view.from, &marks.placement, &inks.placement);
            }
        }
    }
}

/// The polygon pulled towards `centre` by `by` of the way.
fn inset(polygon: &[[f32; 2]], centre: [f32; 2], by: f32) -> Vec<[f32; 2]> {
    polygon
        .iter()
        .map(|p| {
            [
                p[0] + (centre[0] - p[0]) * by,
                p[1] + (centre[1] - p[1]) * by,
            ]
        })
        .collect()
}

/// A short stroke along both sides of each corner of a cell, just inside it.
fn corners(polygon: &[[f32; 2]]) -> Vec<(Vec<[f32; 2]>, bool)> {
    let n = polygon.len() as f32;
    let centre = polygon
        .iter()
        .fold([0.0, 0.0], |c, p| [c[0] + p[0] / n, c[1] + p[1] / n]);
    let inner = inset(polygon, centre, 0.1);
    let toward =
        |a: [f32; 2], b: [f32; 2]| [a[0] + (b[0] - a[0]) * 0.25, a[1] + (b[1] - a[1]) * 0.25];
    (0..inner.len())
        .map(|i| {
            let at = inner[i];
            let before = inner[(i + inner.len() - 1) % inner.len()];
            let after = inner[(i + 1) % inner.len()];
            (vec![toward(at, before), at, toward(at, after)], false)
        })
        .collect()
}

/// A circle of radius `r` about `c`, as a closed line.
fn circle(c: [f32; 2], r: f32) -> Vec<[f32; 2]> {
    (0..32)
        .map(|i| {
            let a = i as f32 / 32.0 * std::f32::consts::TAU;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}
