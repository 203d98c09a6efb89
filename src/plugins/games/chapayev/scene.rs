//! The meshes: a wooden board with its squares, sixteen
//! checkers (a ring marks a traitor's new owner), lights and the camera.

use super::knocks::Contacts;
use super::{Table, chapayev, to_bevy};
use crate::plugins::session::Session;
use crate::plugins::sound::Cue;
use crate::plugins::storage::Settings;
use crate::rules::Seats;
use crate::rules::chapayev::{Pose, Shot};
use bevy::camera::Viewport;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::{CascadeShadowConfigBuilder, NotShadowReceiver};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Everything of the table, despawned together when another game is shown.
#[derive(Component)]
pub struct TableItem;

#[derive(Component)]
pub struct TableCamera;

/// A checker's mesh, by the checker's index.
#[derive(Component)]
pub struct CheckerMesh(pub u8);

/// The ring that shows a traitor's owner.
#[derive(Component)]
pub struct OwnerRing(pub u8);

const MAPLE: Color = Color::srgb(0.86, 0.74, 0.55);
const WALNUT: Color = Color::srgb(0.20, 0.11, 0.06);
const LIGHT_SQUARE: Color = Color::srgb(0.90, 0.80, 0.62);
const DARK_SQUARE: Color = Color::srgb(0.45, 0.28, 0.16);
const FRAME: Color = Color::srgb(0.30, 0.18, 0.10);
const CLOTH: Color = Color::srgb(0.16, 0.30, 0.22);

/// Lets the panels' camera clear the window again and takes the table away, once
/// Chapayev is no longer on screen.
pub fn clear(
    mut commands: Commands,
    items: Query<Entity, With<TableItem>>,
    mut cameras: Query<&mut Camera, With<Camera2d>>,
) {
    for mut camera in &mut cameras {
        if matches!(camera.clear_color, ClearColorConfig::None) {
            camera.clear_color = ClearColorConfig::Default;
        }
    }
    for e in &items {
        commands.entity(e).despawn();
    }
}

/// Builds the table while Chapayev is on screen.
pub fn build(
    mut commands: Commands,
    items: Query<Entity, With<TableItem>>,
    mut cameras: Query<&mut Camera, With<Camera2d>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // The panels' camera draws over the table without clearing it.
    for mut camera in &mut cameras {
        if !matches!(camera.clear_color, ClearColorConfig::None) {
            camera.clear_color = ClearColorConfig::None;
        }
    }
    if !items.is_empty() {
        return;
    }
    // Waxed wood, not varnish: a low reflectance keeps the grazing-angle sheen (which
    // grows towards white with the reflectance) from turning a far row of dark checkers
    // pale, and a rough surface spreads the lamp's highlight instead of a glare patch.
    let mut material = |colour: Color, roughness: f32| {
        materials.add(StandardMaterial {
            base_color: colour,
            perceptual_roughness: roughness,
            reflectance: 0.15,
            ..default()
        })
    };
    let (light, dark) = (material(LIGHT_SQUARE, 0.8), material(DARK_SQUARE, 0.8));
    let frame = material(FRAME, 0.8);
    let cloth = material(CLOTH, 0.95);
    let maple = material(MAPLE, 0.6);
    let walnut = material(WALNUT, 0.6);
    let ring_light = material(Color::srgb(0.98, 0.95, 0.85), 0.5);
    let ring_dark = material(Color::srgb(0.05, 0.03, 0.02), 0.5);
    commands.spawn((
        TableItem,
        TableCamera,
        Camera3d::default(),
        Camera {
            order: -1,
            ..default()
        },
        Tonemapping::AcesFitted,
        Transform::from_xyz(0.0, 0.4, 0.4).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        TableItem,
        DirectionalLight {
            illuminance: 6000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 0.05,
            maximum_distance: 1.5,
            ..default()
        }
        .build(),
        Transform::from_xyz(0.3, 0.8, 0.5).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 350.0,
        affects_lightmapped_meshes: true,
    });
    // A table under the board, the board's wooden body, and its squares. The
    // cloth lies well below the board (knocked-off checkers drop out of play) and takes
    // no shadow: the board's would be a black hole beside it.
    commands.spawn((
        TableItem,
        NotShadowReceiver,
        Mesh3d(meshes.add(Cuboid::new(3.0, 0.02, 3.0))),
        MeshMaterial3d(cloth),
        Transform::from_xyz(0.0, -0.2, 0.0),
    ));
    commands.spawn((
        TableItem,
        Mesh3d(meshes.add(Cuboid::new(0.344, 0.012, 0.344))),
        MeshMaterial3d(frame),
        Transform::from_xyz(0.0, -0.0061, 0.0),
    ));
    let tile = meshes.add(Cuboid::new(0.04, 0.0004, 0.04));
    for file in 0..8 {
        for rank in 0..8 {
            let centre = [
                -0.14 + 0.04 * file as f32,
                -0.14 + 0.04 * rank as f32,
                -0.0002,
            ];
            let colour = if (file + rank) % 2 == 0 {
                dark.clone()
            } else {
                light.clone()
            };
            commands.spawn((
                TableItem,
                Mesh3d(tile.clone()),
                MeshMaterial3d(colour),
                Transform::from_translation(to_bevy(centre)),
            ));
        }
    }
    let body = meshes.add(Cylinder::new(0.0145, 0.007));
    let ring = meshes.add(Torus::new(0.0085, 0.0115));
    for i in 0..16u8 {
        let wood = if i < 8 { maple.clone() } else { walnut.clone() };
        let ring_colour = if i < 8 {
            ring_dark.clone()
        } else {
            ring_light.clone()
        };
        commands
            .spawn((
                TableItem,
                CheckerMesh(i),
                Mesh3d(body.clone()),
                MeshMaterial3d(wood),
                Transform::default(),
                Visibility::Hidden,
            ))
            .with_children(|checker| {
                for face in [1.0, -1.0] {
                    checker.spawn((
                        OwnerRing(i),
                        Mesh3d(ring.clone()),
                        MeshMaterial3d(ring_colour.clone()),
                        Transform::from_xyz(0.0, face * 0.0036, 0.0)
                            .with_scale(Vec3::new(1.0, 0.25, 1.0)),
                        Visibility::Hidden,
                    ));
                }
            });
    }
}

/// Starts showing a shot that was just played, from the position before it, with the
/// click of the finger (or the two fingers' squeeze) on wood.
pub fn start_playback(
    session: Res<Session>,
    mut table: ResMut<Table>,
    time: Res<Time>,
    mut cues: MessageWriter<Cue>,
    mut shown: Local<u64>,
) {
    let fresh = std::mem::replace(&mut *shown, session.played()) != session.played();
    if chapayev(session.current().position()).is_none() || session.animation().is_none() || !fresh {
        return;
    }
    let cursor = session.current().cursor();
    let Some(i) = cursor.checked_sub(1) else {
        return;
    };
    let before = &session.current().state_before(i).position;
    if let (
        Some(c),
        crate::rules::Action::Play(crate::rules::Move::Chapayev(
            crate::rules::chapayev::Action::Shot { shot, luck },
        )),
    ) = (chapayev(before), session.current().actions()[i])
    {
        table.playback = Some((c.frames(&shot, luck), time.elapsed_secs_f64()));
        let strength = match shot {
            Shot::Flick { strength, .. }
            | Shot::Poke { strength, .. }
            | Shot::Scissors { strength, .. } => strength,
        };
        cues.write(Cue::Knock(0.3 + 0.7 * strength));
    }
}

fn transform(pose: &Pose) -> Transform {
    let [x, y, z, w] = pose.rotation;
    // The engine's frame turned into Bevy's: a quarter turn about x.
    let turn = Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2);
    let engine = Quat::from_xyzw(x, y, z, w);
    Transform::from_translation(to_bevy(pose.centre)).with_rotation(turn * engine * turn.inverse())
}

/// The shot being heard: when it started, the last recorded frame heard, and the
/// checkers touching then.
type Heard = Option<(f64, usize, Contacts)>;

/// Puts every checker where the match (or the shot playing out) has it, and sounds the
/// knocks of the frames passed since the last call (and the end of the match once the
/// shot that won it is over).
#[allow(clippy::too_many_arguments)]
pub fn place(
    session: Res<Session>,
    mut table: ResMut<Table>,
    time: Res<Time>,
    mut checkers: Query<(&CheckerMesh, &mut Transform, &mut Visibility), Without<OwnerRing>>,
    mut rings: Query<(&OwnerRing, &mut Visibility), Without<CheckerMesh>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut heard: Local<Heard>,
    mut cues: MessageWriter<Cue>,
    settings: Option<Res<Settings>>,
) {
    let Some(c) = chapayev(session.current().position()) else {
        return;
    };
    // A player who asked for less motion sees where the shot left the checkers at
    // once.
    if settings.is_some_and(|s| s.reduced_motion) && table.playback.is_some() {
        table.playback = None;
        if session.current().outcome().is_some() {
            cues.write(Cue::End);
        }
    }
    if table.playback.is_some() {
        // A shot plays out at real time: every frame is wanted until it ends.
        redraw.write(RequestRedraw);
    }
    let frame = table.playback.as_ref().and_then(|(frames, started)| {
        let k = ((time.elapsed_secs_f64() - started) * 60.0) as usize;
        if !matches!(&*heard, Some((s, _, _)) if s == started) {
            *heard = frames.first().map(|f| (*started, 0, Contacts::new(f)));
        }
        if let Some((_, shown, contacts)) = heard.as_mut() {
            while *shown + 1 < frames.len().min(k + 1) {
                for strength in contacts.step(&frames[*shown], &frames[*shown + 1]) {
                    cues.write(Cue::Knock(strength));
                }
                *shown += 1;
            }
        }
        frames.get(k).cloned()
    });
    if frame.is_none() && table.playback.take().is_some() && session.current().outcome().is_some() {
        cues.write(Cue::End);
    }
    for (mesh, mut t, mut v) in &mut checkers {
        let pose = match &frame {
            Some(f) => f[mesh.0 as usize],
            None => c.checkers[mesh.0 as usize].pose,
        };
        match pose {
            Some(p) => {
                *t = transform(&p);
                *v = Visibility::Inherited;
            }
            None => *v = Visibility::Hidden,
        }
    }
    for (ring, mut v) in &mut rings {
        let checker = &c.checkers[ring.0 as usize];
        let traitor = frame.is_none() && checker.owner != checker.colour;
        *v = if traitor {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

/// The camera: round the board by the table's yaw, fixed behind the shooter (online,
/// behind the player at this screen) when the earth does not rotate; drawn into the part of the window the panels leave free, and
/// always far enough back that the whole board is in view, whatever the angle and the
/// window's shape.
pub fn camera(
    session: Res<Session>,
    table: Res<Table>,
    windows: Query<&Window>,
    mut cameras: Query<(&mut Transform, &mut Camera, &Projection), With<TableCamera>>,
) {
    let Some(c) = chapayev(session.current().position()) else {
        return;
    };
    let Ok((mut t, mut camera, projection)) = cameras.single_mut() else {
        return;
    };
    // Online, from the player's own side; at one table, from the shooter's.
    let yaw = if c.options().earth_rotates {
        table.yaw
    } else {
        super::behind(session.seen_by().unwrap_or(c.turn()))
    };
    let mut aspect = 16.0 / 9.0;
    if let (Some((min, max)), Ok(window)) = (table.area, windows.single()) {
        let scale = window.scale_factor();
        // The free area is measured by the panels a frame late: after the window
        // shrinks it can stand partly outside, and a viewport outside its window is a
        // render error that closes the app.
        let window_size = window.physical_size().max(UVec2::ONE);
        let position = (min * scale).as_uvec2().min(window_size - UVec2::ONE);
        let size = ((max - min) * scale)
            .as_uvec2()
            .min(window_size - position)
            .max(UVec2::ONE);
        aspect = size.x as f32 / size.y as f32;
        let now = camera
            .viewport
            .as_ref()
            .map(|v| (v.physical_position, v.physical_size));
        if now != Some((position, size)) {
            camera.viewport = Some(Viewport {
                physical_position: position,
                physical_size: size,
                ..default()
            });
        }
    }
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => std::f32::consts::FRAC_PI_4,
    };
    let towards_eye = Vec3::new(
        -table.pitch.cos() * yaw.sin(),
        table.pitch.sin(),
        table.pitch.cos() * yaw.cos(),
    );
    let rotation = Transform::from_translation(towards_eye)
        .looking_at(Vec3::ZERO, Vec3::Y)
        .rotation;
    let distance = framing_distance(rotation, fov, aspect);
    *t = Transform::from_translation(towards_eye * distance).with_rotation(rotation);
}

/// The board's box with the checkers on it (Bevy's frame): half its side, and its
/// bottom and top heights.
const BOARD_HALF: f32 = 0.172;
const BOARD_HEIGHTS: [f32; 2] = [-0.012, 0.014];
/// The share of the view the board may fill, leaving a margin round it.
const FILL: f32 = 0.92;

/// How far from the board's centre (the origin, where it looks) a camera turned by `rotation` must stand for every
/// corner of the board to fall inside its view (vertical field `fov`, width/height
/// `aspect`). A corner at offset d from the centre is seen at depth D + d·forward, and
/// fits when its sideways and upward offsets are within that depth times the view's
/// half-extents; the distance is the least D that fits all eight.
pub fn framing_distance(rotation: Quat, fov: f32, aspect: f32) -> f32 {
    let (right, up, forward) = (
        rotation * Vec3::X,
        rotation * Vec3::Y,
        rotation * Vec3::NEG_Z,
    );
    let half_up = (fov / 2.0).tan() * FILL;
    let half_across = half_up * aspect;
    let mut distance = 0.0f32;
    for x in [-BOARD_HALF, BOARD_HALF] {
        for y in BOARD_HEIGHTS {
            for z in [-BOARD_HALF, BOARD_HALF] {
                let d = Vec3::new(x, y, z);
                let need = (d.dot(right).abs() / half_across).max(d.dot(up).abs() / half_up)
                    - d.dot(forward);
                distance = distance.max(need);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::camera::{CameraProjection, PerspectiveProjection};

    /// With less motion asked for, a shot's film is not played: the checkers stand
    /// where it left them in the next frame.
    #[test]
    fn less_motion_skips_a_shots_film() {
        use crate::plugins::session::{Command, Screen, SessionPlugin};
        use crate::rules::GameId;
        use bevy::state::app::StatesPlugin;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
            .init_state::<Screen>()
            .add_message::<Cue>()
            .add_message::<RequestRedraw>()
            .init_resource::<Table>()
            .insert_resource(Settings {
                reduced_motion: true,
                ..Settings::default()
            })
            .add_systems(Update, place);
        app.world_mut()
            .resource_mut::<Session>()
            .choose_game(GameId::Chapayev);
        app.world_mut().write_message(Command::NewMatch);
        app.update();
        let c = chapayev(app.world().resource::<Session>().current().position())
            .expect("a Chapayev match")
            .clone();
        let shot = Shot::Flick {
            checker: 3,
            angle: 90.0,
            strength: 0.4,
            spin: 0.0,
        };
        let film = c.frames(&shot, None);
        assert!(film.len() > 10, "a shot that lasts");
        app.world_mut().resource_mut::<Table>().playback = Some((film, 0.0));
        app.update();
        assert!(app.world().resource::<Table>().playback.is_none());
    }

    /// Every corner of the board lands inside the view, from any angle and for any
    /// window shape, and the nearest edge of the view is touched (the board is not lost
    /// in the distance either).
    #[test]
    fn the_board_stays_framed() {
        for aspect in [0.4f32, 1.0, 1.8, 3.0] {
            for pitch in [0.25f32, 0.85, 1.5] {
                for yaw in [0.0f32, 0.7, 2.0, 3.1, 4.5] {
                    let mut lens = PerspectiveProjection {
                        aspect_ratio: aspect,
                        ..default()
                    };
                    lens.update(aspect * 100.0, 100.0);
                    let towards_eye = Vec3::new(
                        -pitch.cos() * yaw.sin(),
                        pitch.sin(),
                        pitch.cos() * yaw.cos(),
                    );
                    let rotation = Transform::from_translation(towards_eye)
                        .looking_at(Vec3::ZERO, Vec3::Y)
                        .rotation;
                    let distance = framing_distance(rotation, lens.fov, aspect);
                    let eye =
                        Transform::from_translation(towards_eye * distance).with_rotation(rotation);
                    let clip = lens.get_clip_from_view() * eye.to_matrix().inverse();
                    let mut widest = 0.0f32;
                    for x in [-BOARD_HALF, BOARD_HALF] {
                        for y in BOARD_HEIGHTS {
                            for z in [-BOARD_HALF, BOARD_HALF] {
                                let p = clip.project_point3(Vec3::new(x, y, z));
                                assert!(
                                    p.x.abs() <= FILL + 1e-3 && p.y.abs() <= FILL + 1e-3,
                                    "corner off view at aspect {aspect} pitch {pitch} yaw {yaw}: {p}"
                                );
                                widest = widest.max(p.x.abs()).max(p.y.abs());
                            }
                        }
                    }
                    assert!(widest > FILL - 1e-3, "board too small: {widest}");
                }
            }
        }
    }
}
