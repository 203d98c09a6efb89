//! Badges: where a piece moves as another than it looks (transforming chess's rook on
//! a knight file), a small drawing of what it moves as sits on a disc at its corner,
//! so the board tells every piece's power at a glance; a promoted piece in bughouse
//! shows the pawn it goes over as.

use super::inks::Inks;
use super::pieces::{PieceMeshes, piece_size};
use super::{Seen, Upright, board_shown, z};
use crate::plugins::session::{Screen, Session};
use crate::rules::PieceView;
use bevy::prelude::*;

/// Where a badge sits from its cell's centre, and how big it is, in cells.
const OFFSET: Vec2 = Vec2::new(0.3, 0.3);
const SIZE: f32 = 0.4;

/// Marks the badge entities, rebuilt whenever the match changes.
#[derive(Component)]
pub struct Badge;

/// The disc behind a badge.
#[derive(Resource)]
pub struct BadgeDisc(Handle<Mesh>);

impl FromWorld for BadgeDisc {
    fn from_world(world: &mut World) -> Self {
        BadgeDisc(world.resource_mut::<Assets<Mesh>>().add(Circle::new(0.5)))
    }
}

#[allow(clippy::too_many_arguments)]
pub fn show(
    mut commands: Commands,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    inks: Res<Inks>,
    disc: Res<BadgeDisc>,
    mut piece_meshes: ResMut<PieceMeshes>,
    mut meshes: ResMut<Assets<Mesh>>,
    old: Query<Entity, With<Badge>>,
    mut seen: Local<Seen>,
) {
    let shown = board_shown(&screen, &session);
    if !seen.news(&session, shown) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    if !shown {
        return;
    }
    let position = session.current().position();
    let t = position.topology();
    let size = piece_size(t) * SIZE;
    for (cell, piece) in position.pieces() {
        let Some(kind) = position.shown().badge(cell) else {
            continue;
        };
        let at = Vec2::from(t.centre(cell)) + OFFSET * piece_size(t);
        let power = PieceView { kind, ..piece };
        commands.spawn((
            Badge,
            Upright {
                at,
                size: size * 1.1,
                z: z::BADGE,
            },
            Mesh2d(disc.0.clone()),
            MeshMaterial2d(inks.badge.clone()),
            Transform::default(),
        ));
        commands.spawn((
            Badge,
            Upright {
                at,
                size,
                z: z::BADGE + 0.1,
            },
            Mesh2d(piece_meshes.get(power, &mut meshes)),
            MeshMaterial2d(inks.piece.clone()),
            Transform::default(),
        ));
    }
}
