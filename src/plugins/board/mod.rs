//! The flat boards as entities: cells are `Mesh2d`s tessellated by lyon from the
//! topology's polygons, coordinates are `Text2d`, pieces and highlights are entities
//! of their own. Everything here is a view of the [`Session`]: rebuilt or moved when
//! the match, the window or the board's turn changes, and left alone otherwise, so an
//! idle board costs no work and, with the reactive update mode, no frames.
//!
//! Board units are cells (the topology's coordinates, y up). Entities drawn in board
//! units ([`Flat`]) share one transform that scales and turns the board into the
//! window; upright things ([`Upright`]: pieces, target marks, labels) stand at a board
//! point, turn with nothing, and are sized in cells.

mod badges;
pub mod cells;
pub mod cursor;
mod highlights;
pub mod inks;
pub mod input;
pub mod pieces;
mod shapes;
pub mod spoken;

pub use cursor::{BoardCursor, BoardCursorPlugin};
pub use inks::Inks;
pub use input::{BoardPlace, Drag};
pub use pieces::{PieceEntity, PiecesPlugin};
pub use shapes::{lines, polygon};

use super::layout::Layout;
use super::session::{AppSystems, Screen, Session};
use crate::rules::Cell;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

/// Drawing order, back to front. Equal depths in the transparent 2D phase have no
/// defined order, so every layer has its own.
pub mod z {
    pub const FRAME: f32 = 0.0;
    pub const CELL: f32 = 1.0;
    pub const TINT: f32 = 2.0;
    pub const FURNITURE: f32 = 3.0;
    pub const LAST_MOVE: f32 = 4.0;
    pub const CHECK: f32 = 5.0;
    pub const SELECTED: f32 = 6.0;
    pub const ROUTE: f32 = 7.0;
    pub const TARGET: f32 = 8.0;
    pub const LABEL: f32 = 9.0;
    pub const PIECE: f32 = 10.0;
    /// What a piece moves as, at its corner.
    pub const BADGE: f32 = 10.5;
    /// Where a captured piece may be put back: over the capturer still on its square.
    pub const RELOCATION: f32 = 10.7;
    /// A piece on the move passes over the others.
    pub const MOVING: f32 = 11.0;
    pub const HOVER: f32 = 20.0;
}

/// The board layer: cells, coordinates, pieces and highlights.
pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            PiecesPlugin,
            input::BoardInputPlugin,
            cursor::BoardCursorPlugin,
        ))
        .init_resource::<BoardPlace>()
        .init_resource::<crate::plugins::computer::Hint>()
        .init_resource::<BoardLayout>()
        .init_resource::<highlights::MarkMeshes>()
        .init_resource::<badges::BadgeDisc>()
        .configure_sets(
            Update,
            (Build, Place)
                .chain()
                .in_set(AppSystems::Show)
                .after(pieces::Animate),
        )
        .add_systems(Startup, cells::load_font)
        .add_systems(
            Update,
            (
                inks::contrast,
                fit,
                cells::build,
                highlights::show,
                badges::show,
                cursor::draw,
            )
                .chain()
                .in_set(Build),
        )
        .add_systems(
            Update,
            (
                place_flat,
                (place_upright, follow_drag, show_half_played).chain(),
                cells::size_labels,
            )
                .in_set(Place),
        );
    }
}

/// Where the board's entities are made: games add their furniture here, after
/// `cells::build`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Build;

/// Where entities are put where the layout says.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place;

/// Where the board is drawn now, or `None` when no flat board is on screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardLayout {
    pub layout: Option<Layout>,
    /// The window's size in logical pixels, to turn window positions into the world.
    pub window: Vec2,
}

impl BoardLayout {
    /// A window position (logical pixels, y down) in the 2D camera's world (y up).
    pub fn world(&self, screen: Vec2) -> Vec2 {
        Vec2::new(
            screen.x - self.window.x / 2.0,
            self.window.y / 2.0 - screen.y,
        )
    }

    /// A board point in the world.
    pub fn board_to_world(&self, layout: &Layout, p: Vec2) -> Vec2 {
        self.world(layout.to_screen([p.x, p.y]))
    }
}

/// Part of the board drawn in board units.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flat {
    pub z: f32,
}

/// Something standing upright at a board point, `size` cells across.
#[derive(Component, Clone, Copy, Debug)]
pub struct Upright {
    pub at: Vec2,
    pub size: f32,
    pub z: f32,
}

/// Everything that belongs to the board drawing but not to the pieces or highlights:
/// rebuilt when the board changes.
#[derive(Component)]
pub struct BoardItem;

/// The match revision and board presence a system last drew, so it redraws only
/// when either changes.
#[derive(Default)]
pub struct Seen(Option<(u64, bool)>);

impl Seen {
    /// True, once, after the match changed or the board appeared or went.
    pub fn news(&mut self, session: &Session, shown: bool) -> bool {
        let now = Some((session.revision, shown));
        now != std::mem::replace(&mut self.0, now)
    }
}

/// True while a flat board (not Chapayev's table) is on screen.
pub fn board_shown(screen: &State<Screen>, session: &Session) -> bool {
    *screen.get() == Screen::Playing && !session.draft().game.card().table
}

/// Fits the board into the part of the window the panels leave free.
fn fit(
    place: Res<BoardPlace>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut board: ResMut<BoardLayout>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let window = windows
        .single()
        .map_or(Vec2::ZERO, |w| Vec2::new(w.width(), w.height()));
    let layout = match place.area {
        Some(area) if board_shown(&screen, &session) => Some(Layout::fit(
            &area,
            session.current().position().topology(),
            place.angle,
        )),
        _ => None,
    };
    let new = BoardLayout { layout, window };
    if *board != new {
        *board = new;
        redraw.write(RequestRedraw);
    }
}

/// The transform that takes board units into the world.
fn board_transform(board: &BoardLayout, layout: &Layout, z: f32) -> Transform {
    let origin = board.board_to_world(layout, Vec2::ZERO);
    let angle = layout.angle();
    Transform::from_translation(origin.extend(z))
        .with_rotation(Quat::from_rotation_z(angle))
        .with_scale(Vec3::new(layout.cell, layout.cell, 1.0))
}

fn place_flat(board: Res<BoardLayout>, mut items: Query<(Ref<Flat>, &mut Transform)>) {
    let Some(layout) = board.layout else { return };
    for (flat, mut transform) in &mut items {
        if board.is_changed() || flat.is_added() {
            *transform = board_transform(&board, &layout, flat.z);
        }
    }
}

fn place_upright(board: Res<BoardLayout>, mut items: Query<(Ref<Upright>, &mut Transform)>) {
    let Some(layout) = board.layout else { return };
    for (upright, mut transform) in &mut items {
        if board.is_changed() || upright.is_changed() {
            *transform = upright_transform(&board, &layout, &upright);
        }
    }
}

fn upright_transform(board: &BoardLayout, layout: &Layout, upright: &Upright) -> Transform {
    let at = board.board_to_world(layout, upright.at);
    let size = upright.size * layout.cell;
    Transform::from_translation(at.extend(upright.z)).with_scale(Vec3::new(size, size, 1.0))
}

/// A dragged piece follows the pointer, over everything else on the board, and goes
/// back to its place when let go.
fn follow_drag(
    drag: Res<Drag>,
    board: Res<BoardLayout>,
    session: Res<Session>,
    mut pieces: Query<(Entity, &PieceEntity, &Upright, &mut Transform)>,
    mut dragged: Local<Option<Entity>>,
) {
    let Some(layout) = board.layout else { return };
    let held = match (drag.from, drag.at) {
        (Some((cell, _)), Some(at)) if session.selection.from == Some(cell) => pieces
            .iter()
            .find(|(_, p, ..)| p.cell == cell)
            .map(|(e, ..)| (e, at)),
        _ => None,
    };
    if let Some(e) = *dragged
        && held.is_none_or(|(h, _)| h != e)
        && let Ok((_, _, upright, mut transform)) = pieces.get_mut(e)
    {
        *transform = upright_transform(&board, &layout, upright);
    }
    *dragged = held.map(|(e, _)| e);
    if let Some((e, at)) = held
        && let Ok((.., mut transform)) = pieces.get_mut(e)
    {
        transform.translation = board.world(at).extend(z::MOVING);
    }
}

/// While the player chooses a move's second square (where non-disappearing chess's
/// captured piece goes back, or 100-cell chess's gift pawn goes), the board shows the
/// move half made: the mover on its new square and the captured piece lifted off the
/// board at that square's corner, smaller, as if in the player's hand.
fn show_half_played(
    board: Res<BoardLayout>,
    session: Res<Session>,
    mut pieces: Query<(Entity, &PieceEntity, &Upright, &mut Transform)>,
    mut moved: Local<Vec<Entity>>,
) {
    let Some(layout) = board.layout else { return };
    let half = session.selection.half_played(&session.table);
    let entity_at = |cell: Cell| {
        pieces
            .iter()
            .find(|(_, p, ..)| p.cell == cell)
            .map(|(e, ..)| e)
    };
    let mover = half.and_then(|h| Some((entity_at(h.from)?, h.to)));
    let captured = half.and_then(|h| Some((entity_at(h.captured?)?, h.to)));
    let now: Vec<Entity> = mover.iter().chain(&captured).map(|(e, _)| *e).collect();
    for &e in moved.iter().filter(|e| !now.contains(e)) {
        if let Ok((_, _, upright, mut transform)) = pieces.get_mut(e) {
            *transform = upright_transform(&board, &layout, upright);
        }
    }
    *moved = now;
    let t = session.current().position().topology();
    if let Some((e, to)) = mover
        && let Ok((_, _, upright, mut transform)) = pieces.get_mut(e)
    {
        let there = Upright {
            at: Vec2::from(t.centre(to)),
            size: upright.size,
            z: z::PIECE,
        };
        *transform = upright_transform(&board, &layout, &there);
    }
    if let Some((e, to)) = captured
        && let Ok((_, _, upright, mut transform)) = pieces.get_mut(e)
    {
        let in_hand = Upright {
            at: Vec2::from(t.centre(to)) + Vec2::new(0.35, 0.35),
            size: upright.size * 0.7,
            z: z::MOVING,
        };
        *transform = upright_transform(&board, &layout, &in_hand);
    }
}
