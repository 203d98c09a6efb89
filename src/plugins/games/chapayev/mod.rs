//! Chapayev's plugin: the table (the board and checkers as lit 3D meshes, the camera,
//! the shot playing out at real speed, aiming by dragging from a checker), the
//! scoreboard in the match panel, the round's end announced over the table, and the
//! shots in words in the move list.
//!
//! The rules engine works in metres with z up; Bevy's world here is the same metres
//! with y up (engine x, y, z show at Bevy x, z, -y).

mod aim;
mod knocks;
mod panel;
mod scene;

pub use aim::{Aim, ShotKind};
pub use scene::TableCamera;

use crate::plugins::layout::FlipView;
use crate::plugins::session::{AppSystems, Command, Session, Settling, showing};
use crate::plugins::storage::Settings;
use crate::plugins::ui::{Canvas, UiSystems, Wordings};
use crate::rules::chapayev::{Chapayev, Pose};
use crate::rules::{GameId, Position, Side};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// Chapayev's plugin: the game is played on this table instead of a flat board.
#[derive(Default)]
pub struct ChapayevPlugin;

impl Plugin for ChapayevPlugin {
    fn build(&self, app: &mut App) {
        app.world_mut()
            .get_resource_or_init::<Wordings>()
            .insert(GameId::Chapayev, panel::action_text);
        app.add_message::<crate::plugins::sound::Cue>()
            .add_message::<FlipView>()
            .init_resource::<Table>()
            .add_systems(
                Update,
                (turn_round.run_if(showing(GameId::Chapayev)), settling).in_set(AppSystems::Apply),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    rows.in_set(UiSystems::PanelGame),
                    over_the_table.in_set(UiSystems::Overlay),
                )
                    .run_if(showing(GameId::Chapayev)),
            )
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
    /// The table seen from `yaw` round the board and `pitch` above it (radians).
    pub fn seen_from(yaw: f32, pitch: f32) -> Table {
        Table {
            yaw,
            pitch,
            ..default()
        }
    }

    /// True while a shot is playing out on the table.
    pub fn playing(&self) -> bool {
        self.playback.is_some()
    }
}

/// Chapayev's rows in the match panel: the lot, the scoreboard and the shot.
fn rows(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut table: ResMut<Table>,
    mut commands: MessageWriter<Command>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    ui.separator();
    let mut send = None;
    panel::show(
        ui,
        settings.language,
        session.current(),
        &mut table,
        &mut send,
    );
    if let Some(c) = send {
        commands.write(c);
    }
}

/// The window's part left by the panels: the aim drawn over the table, and a
/// round's end announced.
fn over_the_table(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut table: ResMut<Table>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut commands: MessageWriter<Command>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let view = camera.single().ok();
    aim::show(root, lang, &session, &mut table, view, &mut commands);
    panel::announce(root, lang, session.current(), session.revision, &mut table);
}

/// Turns the view round, where the view may turn at all.
fn turn_round(mut asked: MessageReader<FlipView>, session: Res<Session>, mut table: ResMut<Table>) {
    for _ in asked.read() {
        if chapayev(session.current().position()).is_some_and(|c| c.options().earth_rotates) {
            table.yaw += std::f32::consts::PI;
        }
    }
}

/// While a shot plays out, the match's last action is still settling.
fn settling(table: Res<Table>, mut settling: ResMut<Settling>) {
    settling.set_if_neq(Settling(table.playing()));
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
