//! Chess for three's board furniture: kingdoms tinted with their zones in alternating
//! strength, lines between zones and kingdoms, gold round the thrones, and the name of
//! the triangle under the pointer (the hexagon has no coordinates at its edge).

use super::board::cells::{self, BoardFont, CellMeshes};
use super::board::{BoardLayout, BoardPlace, Build, Flat, Place, board_shown, lines, z};
use super::session::{Screen, Session};
use super::storage::Settings;
use crate::i18n::Language;
use crate::rules::trichess::{self, Zone};
use crate::rules::{GameId, Topology};
use bevy::prelude::*;
use bevy::text::TextBackgroundColor;
use std::collections::HashMap;

pub struct TriChessPlugin;

impl Plugin for TriChessPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                furniture.in_set(Build).after(cells::build),
                hover_name.in_set(Place),
            ),
        );
    }
}

/// Marks the furniture, spawned while chess for three is on the board.
#[derive(Component)]
struct Furniture;

/// The name of the triangle under the pointer.
#[derive(Component)]
struct HoverName;

const ZONE_LINE: Color = Color::srgba(0.24, 0.14, 0.08, 0.6);
const THRONE: Color = Color::srgb(0.90, 0.71, 0.16);
const LIGHT: Color = Color::srgb(0.93, 0.85, 0.71);
const DARK: Color = Color::srgb(0.55, 0.39, 0.27);
const VEIL: f32 = 0.55;

fn shown(screen: &State<Screen>, session: &Session) -> bool {
    board_shown(screen, session) && session.game == GameId::TriChess
}

#[allow(clippy::too_many_arguments)]
fn furniture(
    mut commands: Commands,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    cells: Option<Res<CellMeshes>>,
    items: Query<Entity, With<Furniture>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    font: Res<BoardFont>,
) {
    let wanted = shown(&screen, &session);
    let ready = cells
        .as_ref()
        .is_some_and(|c| std::ptr::eq(c.topology, Topology::hexagon()));
    if wanted && ready && items.is_empty() {
        let Some(cells) = cells else { return };
        spawn(&mut commands, &cells, &mut meshes, &mut materials, &font);
    } else if !wanted && !items.is_empty() {
        for e in &items {
            commands.entity(e).despawn();
        }
    }
}

fn spawn(
    commands: &mut Commands,
    cells: &CellMeshes,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    font: &BoardFont,
) {
    let t = cells.topology;
    let tables = trichess::tables();
    let mut flat = |mesh: Handle<Mesh>, material: Handle<ColorMaterial>, z: f32| {
        commands.spawn((
            Furniture,
            Flat { z },
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Transform::default(),
        ));
    };
    // The kingdoms' zones alternate in strength, so each band reads on its own: the
    // palace and suburb cells are veiled in their own colour, which weakens the tint
    // under them to 45 %.
    let light = materials.add(ColorMaterial::from_color(LIGHT.with_alpha(VEIL)));
    let dark = materials.add(ColorMaterial::from_color(DARK.with_alpha(VEIL)));
    for (cell, info) in t.cells.iter().enumerate() {
        if matches!(tables.zone[cell], Zone::Palace | Zone::Suburb) {
            let veil = if info.dark {
                dark.clone()
            } else {
                light.clone()
            };
            flat(cells.meshes[cell].clone(), veil, z::TINT + 0.5);
        }
    }
    let (zones, kingdoms) = borders(t);
    let width = 0.035;
    let line = materials.add(ColorMaterial::from_color(ZONE_LINE));
    flat(meshes.add(lines(&zones, width)), line.clone(), z::FURNITURE);
    flat(
        meshes.add(lines(&kingdoms, width * 2.0)),
        line,
        z::FURNITURE,
    );
    let thrones: Vec<(Vec<[f32; 2]>, bool)> = tables
        .throne
        .iter()
        .flatten()
        .map(|&c| (t.cell(c).polygon.clone(), true))
        .collect();
    let gold = materials.add(ColorMaterial::from_color(THRONE));
    flat(
        meshes.add(lines(&thrones, width * 1.8)),
        gold,
        z::FURNITURE + 0.5,
    );
    commands.spawn((
        Furniture,
        HoverName,
        Text2d::default(),
        TextFont {
            font: font.0.clone().into(),
            font_size: FontSize::Px(16.0),
            ..default()
        },
        TextColor(super::board::inks::COORDINATE),
        TextBackgroundColor(super::board::inks::NAME_BACK),
        Visibility::Hidden,
        Transform::from_xyz(0.0, 0.0, z::HOVER),
    ));
}

/// A polygon side by its two corners, rounded to compare equal between neighbours.
type Edge = ((i32, i32), (i32, i32));

/// The sides between different zones, and those between different kingdoms.
#[allow(clippy::type_complexity)]
fn borders(t: &Topology) -> (Vec<(Vec<[f32; 2]>, bool)>, Vec<(Vec<[f32; 2]>, bool)>) {
    let tables = trichess::tables();
    let key = |p: [f32; 2]| ((p[0] * 64.0).round() as i32, (p[1] * 64.0).round() as i32);
    let mut edges: HashMap<Edge, (Vec<usize>, [[f32; 2]; 2])> = HashMap::new();
    for (c, info) in t.cells.iter().enumerate() {
        let n = info.polygon.len();
        for i in 0..n {
            let (p, q) = (info.polygon[i], info.polygon[(i + 1) % n]);
            let (a, b) = (key(p), key(q));
            edges
                .entry((a.min(b), a.max(b)))
                .or_insert_with(|| (Vec::new(), [p, q]))
                .0
                .push(c);
        }
    }
    let (mut zones, mut kingdoms) = (Vec::new(), Vec::new());
    for (cells, [p, q]) in edges.into_values() {
        let [a, b] = cells[..] else { continue };
        if tables.kingdom[a] != tables.kingdom[b] {
            kingdoms.push((vec![p, q], false));
        } else if tables.zone[a] != tables.zone[b] {
            zones.push((vec![p, q], false));
        }
    }
    (zones, kingdoms)
}

/// Names the triangle under the pointer beside it (`WC3`, in Russian `БГ3`).
fn hover_name(
    place: Res<BoardPlace>,
    board: Res<BoardLayout>,
    session: Res<Session>,
    settings: Option<Res<Settings>>,
    mut name: Query<(&mut Text2d, &mut Transform, &mut Visibility), With<HoverName>>,
) {
    let Ok((mut text, mut transform, mut visibility)) = name.single_mut() else {
        return;
    };
    let t = session.current.position().topology();
    let cell = match (place.pointer, board.layout) {
        (Some(p), Some(layout)) => layout.cell_at(t, p).map(|c| (c, p)),
        _ => None,
    };
    let Some((cell, pointer)) = cell else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
    let name = t.name(cell);
    let name = match settings.map_or(Language::English, |s| s.language) {
        Language::English => name.to_string(),
        _ => trichess::russian(name),
    };
    if text.0 != name {
        text.0 = name;
    }
    let at = board.world(pointer + Vec2::new(30.0, -18.0));
    transform.translation = at.extend(z::HOVER);
    visibility.set_if_neq(Visibility::Inherited);
}
