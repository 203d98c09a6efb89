//! The keyboard's cursor on the board, for a player without a mouse. Up, Down, Enter
//! or Space puts it on the board (on a piece that can move); then the arrows move it to
//! the next cell in their direction as the board is seen, whatever its shape (squares,
//! two bughouse boards, the hexagon's triangles) and however it is turned; Enter or
//! Space does what a click on its cell does (pick, drop, choose the second square);
//! Esc drops the selection, and a second Esc takes the cursor off the board, giving
//! Left and Right back to browsing the moves. Keys typed into a text field stay there.
//!
//! The cursor is drawn as a thick outline round its cell: a shape, not a colour.

use super::inks::Inks;
use super::input::BoardPlace;
use super::{Flat, board_shown, shapes, z};
use crate::plugins::session::{AppSystems, CellClicked, Screen, Session};
use crate::rules::{Cell, Topology};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, PrimaryEguiContext};

/// Where the keyboard's cursor stands, while the keyboard plays on the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardCursor(pub Option<Cell>);

/// Marks the cursor's outline.
#[derive(Component)]
pub struct CursorMark;

/// The cursor and its keys; the board draws it (`draw`, in [`BoardPlugin`]).
///
/// [`BoardPlugin`]: super::BoardPlugin
pub struct BoardCursorPlugin;

impl Plugin for BoardCursorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardCursor>().add_systems(
            Update,
            keys.in_set(AppSystems::Input)
                .run_if(in_state(Screen::Playing)),
        );
    }
}

/// The cell next to `from` in the direction `towards` on the screen (x right, y up),
/// the board turned by `angle` (radians, counter-clockwise): of the cells whose centre
/// lies within 60 degrees of that direction, the nearest, a cell straight ahead before
/// one as near to the side. On the hexagon, Left and Right go to the triangles that
/// share an edge, Up and Down across a flat edge where there is one. None at the
/// board's edge.
pub fn step(t: &Topology, angle: f32, from: Cell, towards: Vec2) -> Option<Cell> {
    let turn = Vec2::from_angle(angle);
    let seen = |cell: Cell| turn.rotate(Vec2::from(t.centre(cell)));
    let here = seen(from);
    let ahead = towards.normalize();
    (0..t.len())
        .map(|c| c as Cell)
        .filter(|&c| c != from)
        .filter_map(|c| {
            let d = seen(c) - here;
            let along = d.dot(ahead);
            let aside = d.perp_dot(ahead).abs();
            // Within 60 degrees of straight ahead, the nearest first, a cell off to the
            // side counted up to half as far again: the triangle beside (30 degrees
            // off, sharing an edge) comes before the one a whole side straight ahead.
            let score = d.length() * (1.0 + 0.5 * aside / along);
            (along > 0.01 && aside <= along * 1.74).then_some((c, score))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// Where the cursor starts: the piece selected, else the first piece that can move,
/// else the board's first cell.
fn start(session: &Session) -> Cell {
    let position = session.current().position();
    session.selection.from.unwrap_or_else(|| {
        position
            .legal_moves()
            .iter()
            .filter_map(|m| position.view(m))
            .map(|v| v.from)
            .next()
            .unwrap_or(0)
    })
}

#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    typing: Option<Res<EguiWantsInput>>,
    mut egui: Query<&mut EguiContext, With<PrimaryEguiContext>>,
    place: Option<Res<BoardPlace>>,
    session: Res<Session>,
    mut cursor: ResMut<BoardCursor>,
    mut clicks: MessageWriter<CellClicked>,
) {
    let t = session.current().position().topology();
    // Another game's board: the cursor starts again.
    if cursor.0.is_some_and(|c| usize::from(c) >= t.len()) {
        cursor.0 = None;
    }
    // A control of the panels or a dialog has the keyboard (Tab went there, or a
    // question such as a promotion's is open): the board leaves the keys to it.
    let elsewhere = egui
        .single_mut()
        .is_ok_and(|mut ctx| ctx.get_mut().memory(|m| m.focused().is_some()));
    if elsewhere
        || session.prompts.choice.is_some()
        || typing.is_some_and(|t| t.wants_keyboard_input())
        || keys.any_pressed([
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::AltLeft,
            KeyCode::AltRight,
            KeyCode::SuperLeft,
            KeyCode::SuperRight,
        ])
    {
        return;
    }
    let pick = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
    let Some(at) = cursor.0 else {
        if pick || keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowDown]) {
            cursor.0 = Some(start(&session));
        }
        return;
    };
    let arrows = [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
    ];
    for (key, towards) in arrows {
        if keys.just_pressed(key)
            && let Some(next) = step(t, place.as_ref().map_or(0.0, |p| p.angle), at, towards)
        {
            cursor.0 = Some(next);
        }
    }
    if pick {
        clicks.write(CellClicked(at));
    }
    if keys.just_pressed(KeyCode::Escape) && session.selection.from.is_none() {
        cursor.0 = None;
    }
}

/// Draws the cursor's outline round its cell, over the highlights and under the
/// pieces.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    mut commands: Commands,
    cursor: Res<BoardCursor>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    inks: Option<Res<Inks>>,
    old: Query<Entity, With<CursorMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut drawn: Local<Option<(Option<Cell>, bool)>>,
) {
    let shown = board_shown(&screen, &session);
    let now = (cursor.0.filter(|_| shown), shown);
    if *drawn == Some(now) && !session.is_changed() {
        return;
    }
    *drawn = Some(now);
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(cell), Some(inks)) = (now.0, inks) else {
        return;
    };
    let t = session.current().position().topology();
    let Some(info) = t.cells.get(usize::from(cell)) else {
        return;
    };
    let outline = shapes::lines(&[(info.polygon.clone(), true)], 0.12);
    commands.spawn((
        CursorMark,
        Flat { z: z::ROUTE },
        Mesh2d(meshes.add(outline)),
        MeshMaterial2d(inks.cursor.clone()),
        Transform::default(),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrows_walk_a_square_board_as_it_is_seen() {
        let t = Topology::chess();
        let at = |name: &str| t.parse(name).unwrap();
        let go = |angle: f32, from: &str, towards: Vec2| step(t, angle, at(from), towards);
        assert_eq!(go(0.0, "e2", Vec2::Y), Some(at("e3")));
        assert_eq!(go(0.0, "e2", Vec2::X), Some(at("f2")));
        assert_eq!(go(0.0, "a1", Vec2::NEG_X), None, "the board's edge");
        // Turned round for Black, up the screen is down the board.
        assert_eq!(go(std::f32::consts::PI, "e7", Vec2::Y), Some(at("e6")));
        assert_eq!(go(std::f32::consts::PI, "e7", Vec2::X), Some(at("d7")));
    }

    #[test]
    fn heading_for_a_triangle_by_the_arrows_gets_there() {
        // A player who presses, each time, the arrow that brings the cursor nearest
        // the cell wanted reaches it, from wherever on the hexagon.
        use crate::rules::{GameId, Position};
        let t = Position::new(GameId::TriChess, &[]).unwrap().topology();
        let dist = |a: Cell, b: Cell| Vec2::from(t.centre(a)).distance(Vec2::from(t.centre(b)));
        for start in [0, 75, 149] {
            for goal in 0..t.len() as Cell {
                let mut at = start;
                for _ in 0..40 {
                    if at == goal {
                        break;
                    }
                    at = [Vec2::Y, Vec2::NEG_Y, Vec2::X, Vec2::NEG_X]
                        .into_iter()
                        .filter_map(|d| step(t, 0.0, at, d))
                        .min_by(|a, b| dist(*a, goal).total_cmp(&dist(*b, goal)))
                        .unwrap();
                }
                assert_eq!(at, goal, "from {} to {}", t.name(start), t.name(goal));
            }
        }
    }

    #[test]
    fn every_cell_of_every_board_is_reached_by_the_arrows() {
        use crate::rules::{GameId, Position};
        use std::collections::BTreeSet;
        for &game in GameId::ALL {
            let t = Position::new(game, &[]).unwrap().topology();
            for angle in [0.0, 1.0, std::f32::consts::PI] {
                let mut seen = BTreeSet::from([0 as Cell]);
                let mut todo = vec![0 as Cell];
                while let Some(c) = todo.pop() {
                    for towards in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                        if let Some(next) = step(t, angle, c, towards)
                            && seen.insert(next)
                        {
                            todo.push(next);
                        }
                    }
                }
                assert_eq!(seen.len(), t.len(), "{} turned {angle}", game.id());
            }
        }
    }
}
