//! Chess for three's plugin. On the board: kingdoms tinted with their zones in
//! alternating strength, lines between zones and kingdoms, gold round the thrones, and
//! the name of the triangle under the pointer in a corner (the hexagon has no
//! coordinates at its edge). In the panel: the diplomacy and the vassal's question.
//! In the move list: the moves in Russian letters for Russian and Ukrainian players.

mod diplomacy;

use crate::i18n::Language;
use crate::plugins::board::cells::{self, BoardFont, CellMeshes};
use crate::plugins::board::{BoardLayout, BoardPlace, Build, Flat, Place, lines, z};
use crate::plugins::session::{Session, showing};
use crate::plugins::storage::Settings;
use crate::plugins::ui::{UiSystems, Wordings};
use crate::rules::trichess::{self, Zone};
use crate::rules::{GameId, Match, Topology};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBackgroundColor;
use bevy_egui::EguiPrimaryContextPass;
use std::collections::HashMap;

#[derive(Default)]
pub struct TriChessPlugin;

impl Plugin for TriChessPlugin {
    fn build(&self, app: &mut App) {
        app.world_mut()
            .get_resource_or_init::<Wordings>()
            .insert(GameId::TriChess, in_letters);
        app.add_systems(
            EguiPrimaryContextPass,
            (
                diplomacy::rows.in_set(UiSystems::PanelGame),
                diplomacy::question.in_set(UiSystems::Windows),
            )
                .run_if(showing(GameId::TriChess)),
        )
        .add_systems(
            Update,
            (
                furniture.in_set(Build).after(cells::build),
                hover_name.in_set(Place),
            )
                .run_if(showing(GameId::TriChess)),
        )
        .add_systems(
            Update,
            clear.in_set(Build).run_if(not(showing(GameId::TriChess))),
        );
    }
}

/// A move in the Russian notation of the game's text, for Russian and Ukrainian
/// players; English players read the canonical one.
fn in_letters(lang: Language, m: &Match, i: usize, _unsettled: bool) -> Option<String> {
    (lang != Language::English).then(|| trichess::russian(&m.notation(i)))
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

/// Takes the furniture away once chess for three is no longer on screen.
fn clear(mut commands: Commands, items: Query<Entity, With<Furniture>>) {
    for e in &items {
        commands.entity(e).despawn();
    }
}

/// Lays the zones, borders and thrones over the hexagon once its cells are built.
fn furniture(
    mut commands: Commands,
    cells: Option<Res<CellMeshes>>,
    items: Query<Entity, With<Furniture>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    font: Res<BoardFont>,
) {
    let ready = cells
        .as_ref()
        .is_some_and(|c| std::ptr::eq(c.topology, Topology::hexagon()));
    if ready && items.is_empty() {
        let Some(cells) = cells else { return };
        spawn(&mut commands, &cells, &mut meshes, &mut materials, &font);
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
            font_size: FontSize::Px(20.0),
            ..default()
        },
        Anchor::TOP_LEFT,
        TextColor(Color::NONE),
        TextBackgroundColor(Color::NONE),
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

/// Names the triangle under the pointer (`WC3`, in Russian `БГ3`) in the board area's
/// top-left corner, which the hexagon leaves empty: beside the pointer the name hid the
/// neighbouring triangles, the very pieces a player looks at.
///
/// The name is faded out, never hidden: Bevy lays out a `Text2d` only while some
/// sprite-like entity is visible, and the name is the hexagon's only text, so a name
/// changed while hidden kept its old letters (or none) when shown again.
fn hover_name(
    place: Res<BoardPlace>,
    board: Res<BoardLayout>,
    session: Res<Session>,
    settings: Option<Res<Settings>>,
    mut name: Query<
        (
            &mut Text2d,
            &mut Transform,
            &mut TextColor,
            &mut TextBackgroundColor,
        ),
        With<HoverName>,
    >,
) {
    let Ok((mut text, mut transform, mut colour, mut back)) = name.single_mut() else {
        return;
    };
    let t = session.current().position().topology();
    let cell = match (place.pointer, board.layout, place.area) {
        (Some(p), Some(layout), Some(area)) => layout.cell_at(t, p).map(|c| (c, area.min)),
        _ => None,
    };
    let Some((cell, corner)) = cell else {
        colour.set_if_neq(TextColor(Color::NONE));
        back.set_if_neq(TextBackgroundColor(Color::NONE));
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
    let at = board.world(corner + Vec2::new(16.0, 12.0)).extend(z::HOVER);
    if transform.translation != at {
        transform.translation = at;
    }
    colour.set_if_neq(TextColor(crate::plugins::board::inks::COORDINATE));
    back.set_if_neq(TextBackgroundColor(crate::plugins::board::inks::NAME_BACK));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::layout::{BoardArea, Layout, WHITE_DOWN};
    use bevy::ecs::system::RunSystemOnce;

    /// The board area of a window of `size` pixels under a 23-pixel menu bar, and the
    /// hexagon fitted in it.
    fn fitted(size: Vec2) -> (BoardArea, Layout) {
        let area = BoardArea {
            min: Vec2::new(0.0, 23.0),
            max: size,
        };
        (area, Layout::fit(&area, Topology::hexagon(), WHITE_DOWN))
    }

    /// The name shown for the triangle under the pointer, and where its box lies on
    /// screen, in a window of `size` pixels.
    fn named(size: Vec2, over: Option<&str>) -> (String, Vec2, f32) {
        let t = Topology::hexagon();
        let (area, layout) = fitted(size);
        let pointer = over.map(|cell| layout.cell_centre(t, t.parse(cell).unwrap()));
        let mut world = World::new();
        world.insert_resource(Session::new(GameId::TriChess));
        world.insert_resource(BoardPlace {
            area: Some(area),
            angle: WHITE_DOWN,
            pointer,
        });
        let board = BoardLayout {
            layout: Some(layout),
            window: size,
        };
        world.insert_resource(board);
        let name = world
            .spawn((
                HoverName,
                Text2d::default(),
                Transform::default(),
                TextColor(Color::NONE),
                TextBackgroundColor(Color::NONE),
            ))
            .id();
        world.run_system_once(hover_name).unwrap();
        let entity = world.entity(name);
        let at = entity.get::<Transform>().unwrap().translation.truncate();
        // Back from the 2D camera's world to window pixels.
        let screen = Vec2::new(at.x + size.x / 2.0, size.y / 2.0 - at.y);
        (
            entity.get::<Text2d>().unwrap().0.clone(),
            screen,
            entity.get::<TextColor>().unwrap().0.alpha(),
        )
    }

    #[test]
    fn the_hover_name_covers_no_triangle() {
        let t = Topology::hexagon();
        for size in [Vec2::new(980.0, 800.0), Vec2::new(560.0, 600.0)] {
            let (text, top_left, alpha) = named(size, Some("WC3"));
            assert_eq!((text.as_str(), alpha), ("WC3", 1.0));
            let (_, layout) = fitted(size);
            // The name's box: four letters at 20 pixels, with room to spare.
            for dx in (0..=80).step_by(4) {
                for dy in (0..=28).step_by(4) {
                    let p = top_left + Vec2::new(dx as f32, dy as f32);
                    assert_eq!(layout.cell_at(t, p), None, "{size}: {p} is on the board");
                }
            }
        }
    }

    #[test]
    fn off_the_board_the_name_fades_out() {
        let (_, _, alpha) = named(Vec2::new(980.0, 800.0), None);
        assert_eq!(alpha, 0.0);
    }
}
