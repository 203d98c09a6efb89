//! How pieces look: chess men as glyphs of the bundled DejaVu Sans (a filled glyph in
//! the piece's colour under an outlined one), draughts men as discs.

use crate::rules::{PieceKind, PieceView, Side};
use bevy::prelude::*;
use bevy::text::FontSize;

/// The font that draws pieces and coordinates; it has Latin, Cyrillic and chess glyphs.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

#[derive(Resource)]
pub struct PieceArt {
    pub font: Handle<Font>,
}

impl PieceArt {
    pub fn font(&self, size: f32) -> TextFont {
        TextFont {
            font: self.font.clone().into(),
            font_size: FontSize::Px(size),
            ..default()
        }
    }
}

pub struct PieceArtPlugin;

impl Plugin for PieceArtPlugin {
    fn build(&self, app: &mut App) {
        let font = app
            .world_mut()
            .resource_mut::<Assets<Font>>()
            .add(Font::from_bytes(FONT_BYTES.to_vec()));
        app.insert_resource(PieceArt { font });
    }
}

const IVORY: Color = Color::srgb(0.98, 0.96, 0.90);
const EBONY: Color = Color::srgb(0.12, 0.10, 0.09);
const RUBY: Color = Color::srgb(0.85, 0.10, 0.10);

/// The outlined and the filled chess glyph of a kind, if it is drawn as a glyph.
pub fn glyphs(kind: PieceKind) -> Option<(char, char)> {
    Some(match kind {
        PieceKind::King | PieceKind::ViceKing => ('♔', '♚'),
        PieceKind::Queen => ('♕', '♛'),
        PieceKind::Rook => ('♖', '♜'),
        PieceKind::Bishop => ('♗', '♝'),
        PieceKind::Knight => ('♘', '♞'),
        PieceKind::Pawn => ('♙', '♟'),
        PieceKind::Checker | PieceKind::ZChecker => return None,
    })
}

fn colours(side: Side) -> (Color, Color) {
    match side {
        Side::White => (IVORY, EBONY),
        Side::Black => (EBONY, IVORY),
    }
}

/// Spawns a piece at `at`, sized for cells of `cell` pixels; returns its root entity.
pub fn spawn_piece(
    commands: &mut Commands,
    art: &PieceArt,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    piece: PieceView,
    cell: f32,
    at: Vec3,
) -> Entity {
    let (body, edge) = colours(piece.side);
    let root = commands
        .spawn((Transform::from_translation(at), Visibility::default()))
        .id();
    let child = |commands: &mut Commands, bundle: (Transform,)| {
        let e = commands.spawn(bundle).id();
        commands.entity(root).add_child(e);
        e
    };
    match glyphs(piece.kind) {
        Some((_, filled)) => {
            // The filled glyph in the piece's colour over eight shifted copies in the
            // edge colour: a crisp silhouette with an outline, and the glyph's cut-outs
            // (the bishop's cross, the knight's eye) show in the edge colour.
            let size = cell * 0.78;
            let lift = Vec3::new(0.0, cell * 0.03, 0.0);
            let width = (cell * 0.022).max(1.0);
            for (dx, dy) in [
                (-1.0, -1.0),
                (-1.0, 0.0),
                (-1.0, 1.0),
                (0.0, -1.0),
                (0.0, 1.0),
                (1.0, -1.0),
                (1.0, 0.0),
                (1.0, 1.0),
            ] {
                let e = child(
                    commands,
                    (Transform::from_translation(
                        lift + Vec3::new(dx * width, dy * width, 0.0),
                    ),),
                );
                commands.entity(e).insert((
                    Text2d::new(filled.to_string()),
                    art.font(size),
                    TextColor(edge),
                ));
            }
            let face = child(
                commands,
                (Transform::from_translation(lift + Vec3::Z * 0.1),),
            );
            commands.entity(face).insert((
                Text2d::new(filled.to_string()),
                art.font(size),
                TextColor(body),
            ));
            if piece.kind == PieceKind::ViceKing {
                let dot = child(commands, (Transform::from_xyz(0.0, cell * 0.16, 0.2),));
                commands.entity(dot).insert((
                    Mesh2d(meshes.add(Circle::new(cell * 0.06))),
                    MeshMaterial2d(materials.add(RUBY)),
                ));
            }
        }
        None => {
            let r = cell * 0.40;
            let disc = child(commands, (Transform::default(),));
            commands.entity(disc).insert((
                Mesh2d(meshes.add(Circle::new(r))),
                MeshMaterial2d(materials.add(edge)),
            ));
            let face = child(commands, (Transform::from_xyz(0.0, 0.0, 0.1),));
            commands.entity(face).insert((
                Mesh2d(meshes.add(Circle::new(r * 0.92))),
                MeshMaterial2d(materials.add(body)),
            ));
            let ring = child(commands, (Transform::from_xyz(0.0, 0.0, 0.2),));
            commands.entity(ring).insert((
                Mesh2d(meshes.add(Annulus::new(r * 0.55, r * 0.62))),
                MeshMaterial2d(materials.add(edge.with_alpha(0.6))),
            ));
            if piece.kind == PieceKind::ZChecker {
                let z = child(commands, (Transform::from_xyz(0.0, cell * 0.02, 0.3),));
                commands.entity(z).insert((
                    Text2d::new("z"),
                    art.font(cell * 0.42),
                    TextColor(RUBY),
                ));
            }
        }
    }
    root
}
