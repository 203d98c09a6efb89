//! Pieces as entities, one per piece on the board, kept equal to the match's
//! `position.pieces()`. A played action moves them as its [`MoveView`] says: the
//! mover slides along every leg of its chain, captured pieces lift as it passes,
//! discs turn over, placed stones grow in. Undo, redo, browsing and loading put the
//! pieces straight where they belong.

use super::inks::Inks;
use super::{Seen, Upright, board_shown, z};
use crate::plugins::session::{AppSystems, Screen, Session};
use crate::plugins::sprites::{self, Palette};
use crate::plugins::storage::Settings;
use crate::rules::{Cell, PieceKind, PieceView, Topology};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::collections::HashMap;

/// How long a move takes to slide, in seconds (per leg of a capture chain, roughly).
const SLIDE_SECONDS: f32 = 0.22;

/// The piece layer; it needs only assets, so headless tests run it too.
pub struct PiecesPlugin;

impl Plugin for PiecesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Inks>()
            .init_resource::<PieceMeshes>()
            .add_systems(
                Update,
                (sync, animate)
                    .chain()
                    .in_set(Animate)
                    .in_set(AppSystems::Show),
            );
    }
}

/// Where the pieces follow the match and move.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Animate;

/// A piece on the board: where it stands (or is going) and what it is.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceEntity {
    pub cell: Cell,
    pub piece: PieceView,
}

/// A piece leaving the board: it plays out its motion and is despawned.
#[derive(Component)]
pub struct Leaving;

/// A motion in progress, in seconds since `start`.
#[derive(Component)]
struct Motion {
    start: f32,
    kind: MotionKind,
}

enum MotionKind {
    /// Along board points, over `seconds`.
    Slide { path: Vec<Vec2>, seconds: f32 },
    /// Grows in where it was put down.
    Grow,
    /// Turns over from the look it had (shrinks, then grows in its new colour).
    Flip { from: PieceView },
    /// Lifts off as the mover passes: fades from `from` to `to` of the move's time.
    Lift { from: f32, to: f32, seconds: f32 },
}

/// One mesh per piece look, tessellated from its drawing on first use.
#[derive(Resource, Default)]
pub struct PieceMeshes(HashMap<PieceView, Handle<Mesh>>);

impl PieceMeshes {
    pub fn get(&mut self, piece: PieceView, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.0
            .entry(piece)
            .or_insert_with(|| meshes.add(sprites::piece(piece).mesh(&Palette::of(piece.side))))
            .clone()
    }
}

/// How many cells across a piece is drawn: a triangle of side 1 holds a smaller piece.
pub fn piece_size(topology: &Topology) -> f32 {
    if topology.width == 0 { 0.56 } else { 1.0 }
}

fn centre(t: &Topology, cell: Cell) -> Vec2 {
    Vec2::from(t.centre(cell))
}

/// What a played move asks of the pieces that arrive with it.
type Arrivals = HashMap<Cell, MotionKind>;

#[allow(clippy::too_many_arguments)]
fn sync(
    mut commands: Commands,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    time: Res<Time>,
    inks: Res<Inks>,
    mut piece_meshes: ResMut<PieceMeshes>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut pieces: Query<(Entity, &mut PieceEntity, &mut Upright, &mut Mesh2d), Without<Leaving>>,
    mut seen: Local<Seen>,
    mut animated: Local<u64>,
) {
    let shown = board_shown(&screen, &session);
    if !seen.news(&session, shown) {
        return;
    }
    let position = session.current().position();
    let t = position.topology();
    // Another game, or no board at all, keeps none of the pieces there were.
    let stale = |p: &PieceEntity| !shown || usize::from(p.cell) >= t.len();
    if pieces.iter().any(|(_, p, ..)| stale(p)) {
        for (e, ..) in &pieces {
            commands.entity(e).despawn();
        }
    }
    if !shown {
        return;
    }
    let size = piece_size(t);
    let wanted: HashMap<Cell, PieceView> = position.pieces().into_iter().collect();
    let held = position.pockets();
    let mut at: HashMap<Cell, Entity> = pieces
        .iter()
        .filter(|(_, p, ..)| !stale(p))
        .map(|(e, p, ..)| (p.cell, e))
        .collect();
    let mut arrivals = Arrivals::new();
    // Each move played here slides once; one browsed to, undone or loaded does not.
    let fresh = std::mem::replace(&mut *animated, session.played()) != session.played();
    if let Some(view) = session.animation().cloned().filter(|_| fresh) {
        let now = time.elapsed_secs();
        let motion = |kind: MotionKind| Motion { start: now, kind };
        let legs = view.landings.len().max(1) as f32;
        let seconds = SLIDE_SECONDS * legs.sqrt();
        // Captured pieces lift one by one as the mover jumps over them; a mover blown
        // up by a mine goes at the end.
        let leaving = view
            .captured
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as f32 / legs, (i + 1) as f32 / legs))
            .chain(view.vanishes.then_some((view.from, 0.0, 1.0)));
        // A piece passed to a reserve (bughouse) flies there; others fade.
        let pocket = view.passed_to.and_then(|seat| {
            let piece = view
                .captured
                .first()
                .and_then(|c| at.get(c))
                .and_then(|&e| pieces.get(e).ok().map(|(_, p, ..)| p.piece.kind))?;
            // Its kind's place in the reserve; a promoted piece went over as a pawn.
            let slot_of = |kind: PieceKind| {
                held.iter()
                    .filter(|(s, _, _)| *s == seat)
                    .position(|(_, p, _)| p.kind == kind)
            };
            let k = slot_of(piece)
                .or_else(|| slot_of(PieceKind::Pawn))
                .unwrap_or(0);
            t.reserve_slot(seat, k)
        });
        for (cell, from, to) in leaving {
            if let Some(e) = at.remove(&cell) {
                let kind = match pocket {
                    Some(slot) => MotionKind::Slide {
                        path: vec![centre(t, cell), Vec2::from(slot)],
                        seconds,
                    },
                    None => MotionKind::Lift { from, to, seconds },
                };
                let fade = materials.add(ColorMaterial::from_color(Color::WHITE));
                commands
                    .entity(e)
                    .insert((Leaving, MeshMaterial2d(fade), motion(kind)));
            }
        }
        let slides = view
            .companion
            .into_iter()
            .map(|(from, to)| (from, vec![from, to]))
            .chain((view.placed.is_none() && !view.vanishes).then(|| {
                let path = std::iter::once(view.from).chain(view.landings.iter().copied());
                (view.from, path.collect())
            }));
        // Every sliding piece leaves its square before any lands, so two pieces that
        // change places (100-cell chess's pawn castling) each find their own.
        let lifted: Vec<(Entity, Vec<Cell>)> = slides
            .filter_map(|(from, path)| Some((at.remove(&from)?, path)))
            .collect();
        for (e, path) in lifted {
            let Some(&to) = path.last() else { continue };
            if let Ok((_, mut p, ..)) = pieces.get_mut(e) {
                p.cell = to;
                let path = path.iter().map(|&c| centre(t, c)).collect();
                commands
                    .entity(e)
                    .insert(motion(MotionKind::Slide { path, seconds }));
                at.insert(to, e);
            }
        }
        for &cell in &view.flipped {
            if let (Some(&e), Some(&new)) = (at.get(&cell), wanted.get(&cell))
                && let Ok((_, mut p, ..)) = pieces.get_mut(e)
            {
                let old = std::mem::replace(&mut p.piece, new);
                commands
                    .entity(e)
                    .insert(motion(MotionKind::Flip { from: old }));
            }
        }
        if view.placed.is_some() {
            arrivals.insert(view.from, MotionKind::Grow);
        }
    }

    // Whatever the move did not account for (a promotion, undo, a load) is put right.
    for (&cell, &piece) in &wanted {
        match at.remove(&cell).and_then(|e| pieces.get_mut(e).ok()) {
            Some((_, mut p, mut upright, mut mesh)) => {
                upright.at = centre(t, cell);
                if p.piece != piece {
                    p.piece = piece;
                    mesh.0 = piece_meshes.get(piece, &mut meshes);
                }
            }
            None => {
                let mut spawned = commands.spawn((
                    PieceEntity { cell, piece },
                    Upright {
                        at: centre(t, cell),
                        size,
                        z: z::PIECE,
                    },
                    Mesh2d(piece_meshes.get(piece, &mut meshes)),
                    MeshMaterial2d(inks.piece.clone()),
                    Transform::default(),
                ));
                if let Some(kind) = arrivals.remove(&cell) {
                    spawned.insert(Motion {
                        start: time.elapsed_secs(),
                        kind,
                    });
                }
            }
        }
    }
    for e in at.into_values() {
        commands.entity(e).despawn();
    }
}

/// Plays the motions out, asking for frames while any runs.
#[allow(clippy::type_complexity)]
#[allow(clippy::too_many_arguments)]
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    board: Res<Session>,
    mut piece_meshes: ResMut<PieceMeshes>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut moving: Query<(
        Entity,
        &Motion,
        &PieceEntity,
        &mut Upright,
        &mut Mesh2d,
        &MeshMaterial2d<ColorMaterial>,
        Has<Leaving>,
    )>,
    mut redraw: MessageWriter<RequestRedraw>,
    settings: Option<Res<Settings>>,
) {
    if moving.is_empty() {
        return;
    }
    redraw.write(RequestRedraw);
    let t = board.current().position().topology();
    let full = piece_size(t);
    let now = time.elapsed_secs();
    // A player who asked for less motion sees every motion at its end at once.
    let at_once = settings.is_some_and(|s| s.reduced_motion);
    for (e, motion, piece, mut upright, mut mesh, material, leaving) in &mut moving {
        let elapsed = if at_once {
            f32::INFINITY
        } else {
            now - motion.start
        };
        let (progress, done) = match &motion.kind {
            MotionKind::Slide { seconds, .. } | MotionKind::Lift { seconds, .. } => {
                let p = (elapsed / seconds).clamp(0.0, 1.0);
                (p, p >= 1.0)
            }
            MotionKind::Grow | MotionKind::Flip { .. } => {
                let p = (elapsed / SLIDE_SECONDS).clamp(0.0, 1.0);
                (p, p >= 1.0)
            }
        };
        match &motion.kind {
            MotionKind::Slide { path, .. } => {
                upright.at = along(path, progress);
                upright.z = if done { z::PIECE } else { z::MOVING };
            }
            MotionKind::Grow => upright.size = full * progress,
            MotionKind::Flip { from } => {
                let look = if progress < 0.5 { *from } else { piece.piece };
                let handle = piece_meshes.get(look, &mut meshes);
                if mesh.0 != handle {
                    mesh.0 = handle;
                }
                upright.size = full * (1.0 - 2.0 * progress).abs();
            }
            MotionKind::Lift { from, to, .. } => {
                let fade = ((progress - from) / (to - from).max(0.01)).clamp(0.0, 1.0);
                if let Some(mut m) = materials.get_mut(&material.0) {
                    m.color = Color::WHITE.with_alpha(1.0 - fade);
                }
            }
        }
        if done {
            if leaving {
                commands.entity(e).despawn();
            } else {
                upright.size = full;
                commands.entity(e).remove::<Motion>();
            }
        }
    }
}

/// The point a fraction `t` of the way along a path of points.
fn along(points: &[Vec2], t: f32) -> Vec2 {
    if points.len() < 2 {
        return points.first().copied().unwrap_or_default();
    }
    let legs = (points.len() - 1) as f32;
    let x = t * legs;
    let leg = (x.floor() as usize).min(points.len() - 2);
    points[leg].lerp(points[leg + 1], x - leg as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_passes_every_landing_square() {
        let points = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(2.0, 2.0)];
        assert_eq!(along(&points, 0.0), Vec2::ZERO);
        assert_eq!(along(&points, 0.5), Vec2::new(2.0, 0.0));
        assert_eq!(along(&points, 1.0), Vec2::new(2.0, 2.0));
    }
}
