//! Chapayev's table: the board and checkers as lit 3D meshes, the camera, the shot
//! playing out at real speed, and aiming by dragging from a checker.
//!
//! The rules engine works in metres with z up; Bevy's world here is the same metres
//! with y up (engine x, y, z show at Bevy x, z, -y).

mod aim;
mod knocks;
mod scene;

pub use aim::{Aim, ShotKind, show};
pub use scene::TableCamera;

use crate::plugins::session::{AppSystems, showing};
use crate::rules::chapayev::{Chapayev, Pose};
use crate::rules::{GameId, Position, Side};
use bevy::prelude::*;

/// Chapayev's plugin: the game is played on this table instead of a flat board.
pub struct ChapayevPlugin;

impl Plugin for ChapayevPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<crate::plugins::sound::Cue>()
            .init_resource::<Table>()
            .add_systems(
                Update,
                (
                    scene::build,
                    scene::start_playback,
                    scene::place,
                    scene::camera,
                )
                    .chain()
                    .in_set(AppSystems::Show)
                    .run_if(showing(GameId::Chapayev)),
            )
            .add_systems(
                Update,
                scene::clear
                    .in_set(AppSystems::Show)
                    .run_if(not(showing(GameId::Chapayev))),
            );
    }
}

/// What the table shows besides the match: the camera's turn, the shot playing out,
/// the aim being dragged and where on screen the table is.
#[derive(Resource)]
pub struct Table {
    /// The camera's angle round the board, radians; 0 looks from White's side.
    pub yaw: f32,
    /// Height of the view above the board, radians.
    pub pitch: f32,
    pub aim: Option<Aim>,
    pub kind: ShotKind,
    /// Spin for flicks, -1 to 1.
    pub spin: f32,
    /// Scissors: strength and offset.
    pub squeeze: (f32, f32),
    /// The shot playing out: poses every 1/60 s, and when it started (seconds).
    pub(super) playback: Option<(Vec<Vec<Option<Pose>>>, f64)>,
    /// The part of the window left for the table, logical pixels (min, max).
    pub area: Option<(Vec2, Vec2)>,
    /// The match revision whose round end is being announced, and since when (seconds).
    pub announced: Option<(u64, f64)>,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            yaw: 0.0,
            pitch: 0.85,
            aim: None,
            kind: ShotKind::Flick,
            spin: 0.0,
            squeeze: (0.5, 0.0),
            playback: None,
            area: None,
            announced: None,
        }
    }
}

impl Table {
    /// True while a shot is playing out on the table.
    pub fn playing(&self) -> bool {
        self.playback.is_some()
    }
}

/// The game's position when Chapayev is played.
pub fn chapayev(position: &Position) -> Option<&Chapayev> {
    match position {
        Position::Chapayev(c) => Some(c),
        _ => None,
    }
}

/// An engine point (z up) in Bevy's frame (y up).
pub fn to_bevy([x, y, z]: [f32; 3]) -> Vec3 {
    Vec3::new(x, z, -y)
}

/// A Bevy point back in the engine's frame.
pub fn to_engine(v: Vec3) -> [f32; 3] {
    [v.x, -v.z, v.y]
}

/// The yaw that puts a player's side at the bottom of the view.
pub fn behind(side: Side) -> f32 {
    if side == Side::Black {
        std::f32::consts::PI
    } else {
        0.0
    }
}
