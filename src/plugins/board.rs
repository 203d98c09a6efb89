//! The board on screen: cells, coordinates, pieces, highlights, animation, and the
//! mouse clicks that become [`CellClicked`]. Every entity here is a view of the
//! [`Session`], rebuilt when the match or the layout changes.

use super::layout::{BoardArea, Flipped, Layout};
use super::pieces::{PieceArt, spawn_piece};
use super::selection::Target;
use super::session::{ApplyActions, CellClicked, Screen, Session};
use crate::rules::{Cell, MoveView, Topology};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

/// How long a move takes to slide, in seconds.
const SLIDE_SECONDS: f32 = 0.22;

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardArea>()
            .init_resource::<Flipped>()
            .init_resource::<Drawn>()
            .add_systems(Startup, setup_camera)
            .add_systems(
                Update,
                (
                    click_cells.before(ApplyActions),
                    redraw.after(ApplyActions).run_if(in_state(Screen::Playing)),
                    (slide, fade).after(redraw),
                ),
            )
            .add_systems(OnExit(Screen::Playing), clear_board);
    }
}

/// Everything drawn for the board, despawned together.
#[derive(Component)]
pub struct BoardEntity;

/// A piece moving along the landing squares of its move.
#[derive(Component)]
struct Slide {
    points: Vec<Vec3>,
    elapsed: f32,
}

/// A captured piece fading out while the capturer moves.
#[derive(Component)]
struct Fade {
    elapsed: f32,
}

/// What the board was last drawn from, to know when to draw it again.
#[derive(Resource, Default)]
struct Drawn {
    revision: u64,
    layout: Option<Layout>,
}

fn setup_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// Board colours.
const LIGHT: Color = Color::srgb(0.93, 0.85, 0.71);
const DARK: Color = Color::srgb(0.55, 0.39, 0.27);
const FRAME: Color = Color::srgb(0.30, 0.20, 0.13);
const LAST_MOVE: Color = Color::srgba(0.95, 0.85, 0.20, 0.45);
const SELECTED: Color = Color::srgba(0.25, 0.65, 0.95, 0.55);
const CHECK: Color = Color::srgba(0.95, 0.10, 0.10, 0.60);
const TARGET: Color = Color::srgba(0.10, 0.35, 0.10, 0.55);
const WAYPOINT: Color = Color::srgba(0.15, 0.45, 0.90, 0.75);
const COORDINATE: Color = Color::srgb(0.93, 0.88, 0.80);

/// A mesh of a convex polygon given in world coordinates relative to `centre`.
fn polygon_mesh(points: &[Vec2], centre: Vec2) -> Mesh {
    let positions: Vec<[f32; 3]> = points
        .iter()
        .map(|p| [p.x - centre.x, p.y - centre.y, 0.0])
        .collect();
    let normals = vec![[0.0, 0.0, 1.0]; positions.len()];
    let uvs = vec![[0.0, 0.0]; positions.len()];
    let indices = (1..points.len() as u32 - 1)
        .flat_map(|i| [0, i, i + 1])
        .collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

fn is_dark(t: &Topology, cell: Cell) -> bool {
    let c = t.cell(cell);
    (c.file + c.rank) % 2 == 0
}

#[allow(clippy::too_many_arguments)]
fn redraw(
    mut commands: Commands,
    mut session: ResMut<Session>,
    mut drawn: ResMut<Drawn>,
    area: Res<BoardArea>,
    flipped: Res<Flipped>,
    old: Query<Entity, With<BoardEntity>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    art: Res<PieceArt>,
) {
    let topology = session.current.position().topology();
    let layout = Layout::fit(&area, topology, flipped.0);
    if drawn.revision == session.revision && drawn.layout == Some(layout) {
        return;
    }
    drawn.revision = session.revision;
    drawn.layout = Some(layout);
    for e in &old {
        commands.entity(e).despawn();
    }
    let animate = session.animate.take();
    let mut paint =
        |commands: &mut Commands, points: Vec<Vec2>, centre: Vec2, color: Color, z: f32| {
            commands.spawn((
                BoardEntity,
                Mesh2d(meshes.add(polygon_mesh(&points, centre))),
                MeshMaterial2d(materials.add(color)),
                Transform::from_translation(centre.extend(z)),
            ));
        };
    let cell_points = |cell: Cell| -> Vec<Vec2> {
        topology
            .cell(cell)
            .polygon
            .iter()
            .map(|&p| layout.to_world(p))
            .collect()
    };

    // Frame and light background, then the cells.
    let (w, h) = (layout.width, layout.height);
    let margin = 0.45;
    let corners = |m: f32| {
        [[-m, -m], [w + m, -m], [w + m, h + m], [-m, h + m]]
            .map(|p| layout.to_world(p))
            .to_vec()
    };
    let board_centre = layout.to_world([w / 2.0, h / 2.0]);
    paint(&mut commands, corners(margin), board_centre, FRAME, 0.0);
    paint(&mut commands, corners(0.0), board_centre, LIGHT, 0.1);
    for cell in 0..topology.len() as Cell {
        let colour = if is_dark(topology, cell) { DARK } else { LIGHT };
        paint(
            &mut commands,
            cell_points(cell),
            layout.cell_centre(topology, cell),
            colour,
            0.2,
        );
    }

    // Marks: last move, check, selection, targets.
    let mut mark = |commands: &mut Commands, cell: Cell, colour: Color| {
        paint(
            commands,
            cell_points(cell),
            layout.cell_centre(topology, cell),
            colour,
            0.3,
        );
    };
    if let Some(last) = session.last_move() {
        mark(&mut commands, last.from, LAST_MOVE);
        mark(&mut commands, last.to(), LAST_MOVE);
    }
    if let Some(king) = session.current.position().check_cell() {
        mark(&mut commands, king, CHECK);
    }
    if let Some(from) = session.selection.from {
        mark(&mut commands, from, SELECTED);
        for &landed in &session.selection.path {
            mark(&mut commands, landed, WAYPOINT.with_alpha(0.35));
        }
    }
    for (cell, target) in session.selection.targets(&session.table) {
        let centre = layout.cell_centre(topology, cell);
        let r = layout.cell * 0.5;
        let (mesh, colour) = match target {
            Target::Quiet => (meshes.add(Circle::new(r * 0.28)), TARGET),
            Target::Capture => (meshes.add(Annulus::new(r * 0.80, r * 0.97)), TARGET),
            Target::Waypoint => (meshes.add(Annulus::new(r * 0.30, r * 0.45)), WAYPOINT),
        };
        commands.spawn((
            BoardEntity,
            Mesh2d(mesh),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(centre.extend(3.0)),
        ));
    }

    coordinates(&mut commands, &layout, topology, &art);
    pieces(
        &mut commands,
        &session,
        &layout,
        topology,
        &art,
        &mut meshes,
        &mut materials,
        animate,
    );
}

/// File letters below and above the board, rank numbers left and right.
fn coordinates(commands: &mut Commands, layout: &Layout, topology: &Topology, art: &PieceArt) {
    let size = (layout.cell * 0.26).clamp(9.0, 22.0);
    let offset = 0.24;
    let mut label = |text: String, p: [f32; 2]| {
        commands.spawn((
            BoardEntity,
            Text2d::new(text),
            art.font(size),
            TextColor(COORDINATE),
            Transform::from_translation(layout.to_world(p).extend(0.5)),
        ));
    };
    let (w, h) = (layout.width, layout.height);
    let (low, high) = if layout.flipped {
        (h + offset, -offset)
    } else {
        (-offset, h + offset)
    };
    let (left, right) = if layout.flipped {
        (w + offset, -offset)
    } else {
        (-offset, w + offset)
    };
    for file in 0..topology.width {
        let letter = ((b'a' + file) as char).to_string();
        label(letter.clone(), [file as f32 + 0.5, low]);
        label(letter, [file as f32 + 0.5, high]);
    }
    for rank in 0..topology.height {
        label((rank + 1).to_string(), [left, rank as f32 + 0.5]);
        label((rank + 1).to_string(), [right, rank as f32 + 0.5]);
    }
}

#[allow(clippy::too_many_arguments)]
fn pieces(
    commands: &mut Commands,
    session: &Session,
    layout: &Layout,
    topology: &Topology,
    art: &PieceArt,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    animate: Option<MoveView>,
) {
    for (cell, piece) in session.current.position().pieces() {
        let at = layout.cell_centre(topology, cell).extend(5.0);
        let entity = spawn_piece(commands, art, meshes, materials, piece, layout.cell, at);
        commands.entity(entity).insert(BoardEntity);
        let Some(view) = &animate else { continue };
        let moved = cell == view.to() || view.companion.is_some_and(|(_, to)| to == cell);
        if moved {
            let path: Vec<Cell> = match view.companion {
                Some((from, to)) if to == cell => vec![from, to],
                _ => std::iter::once(view.from)
                    .chain(view.landings.iter().copied())
                    .collect(),
            };
            let points: Vec<Vec3> = path
                .iter()
                .map(|&c| layout.cell_centre(topology, c).extend(6.0))
                .collect();
            commands.entity(entity).insert((
                Transform::from_translation(points[0]),
                Slide {
                    points,
                    elapsed: 0.0,
                },
            ));
        }
    }
    // Pieces taken by the last move (and a capturer blown up by a mine) fade out.
    if let Some(view) = animate {
        let before = session
            .current
            .state_before(session.current.cursor().saturating_sub(1))
            .position
            .pieces();
        let mut gone: Vec<Cell> = view.captured.clone();
        if view.vanishes {
            gone.push(view.from);
        }
        for (cell, piece) in before.into_iter().filter(|(c, _)| gone.contains(c)) {
            let at = layout.cell_centre(topology, cell).extend(4.0);
            let entity = spawn_piece(commands, art, meshes, materials, piece, layout.cell, at);
            commands
                .entity(entity)
                .insert((BoardEntity, Fade { elapsed: 0.0 }));
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(Entity, &mut Transform, &mut Slide)>,
) {
    for (entity, mut transform, mut slide) in &mut moving {
        slide.elapsed += time.delta_secs();
        let legs = (slide.points.len() - 1).max(1) as f32;
        let t = (slide.elapsed / (SLIDE_SECONDS * legs.sqrt())).min(1.0);
        let along = t * legs;
        let leg = (along.floor() as usize).min(slide.points.len() - 2);
        let f = along - leg as f32;
        let (a, b) = (
            slide.points[leg],
            slide.points[(leg + 1).min(slide.points.len() - 1)],
        );
        transform.translation = a.lerp(b, f);
        if t >= 1.0 {
            transform.translation = *slide.points.last().expect("a slide has points");
            transform.translation.z = 5.0;
            commands.entity(entity).remove::<Slide>();
        }
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut fading: Query<(Entity, &mut Transform, &mut Fade)>,
) {
    for (entity, mut transform, mut fade) in &mut fading {
        fade.elapsed += time.delta_secs();
        let t = fade.elapsed / SLIDE_SECONDS;
        transform.scale = Vec3::splat((1.0 - t).max(0.0));
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn clear_board(
    mut commands: Commands,
    old: Query<Entity, With<BoardEntity>>,
    mut drawn: ResMut<Drawn>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    *drawn = Drawn::default();
}

/// Turns a left click on the board (not on a panel) into a [`CellClicked`].
fn click_cells(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    area: Res<BoardArea>,
    flipped: Res<Flipped>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut contexts: EguiContexts,
    mut clicks: MessageWriter<CellClicked>,
) {
    if *screen.get() != Screen::Playing || !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    if contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.is_pointer_over_egui())
    {
        return;
    }
    let Ok(window) = window.single() else { return };
    let Some(pos) = window.cursor_position() else {
        return;
    };
    let topology = session.current.position().topology();
    let layout = Layout::fit(&area, topology, flipped.0);
    if let Some(cell) = layout.cell_at(topology, &area, pos) {
        clicks.write(CellClicked(cell));
    }
}
