//! Doska's own piece set: SVG drawings in `assets/sprites/`, tessellated by lyon into
//! coloured triangles once, then shown as `Mesh2d` pieces on the board and as egui
//! meshes in the chooser's miniatures and the dialogs.
//!
//! A drawing is made in one set of placeholder colours (white body, black outline,
//! grey detail, red accent) and painted in any army's colours by [`Palette`], so the
//! four armies of the chess family and the draughts sides share one drawing per piece.

mod drawing;
mod svg;

#[cfg(test)]
use drawing::Ink;
pub use drawing::{Drawing, Palette};

use crate::rules::PieceView;
use bevy_egui::egui;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::drawings::SOURCES;
pub use crate::drawings::name;

/// Every drawing, tessellated on first use.
fn drawings() -> &'static HashMap<&'static str, Drawing> {
    static DRAWINGS: OnceLock<HashMap<&'static str, Drawing>> = OnceLock::new();
    DRAWINGS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|&(name, text)| {
                let drawing =
                    svg::read(text).unwrap_or_else(|e| panic!("assets/sprites/{name}.svg: {e}"));
                (name, drawing)
            })
            .collect()
    })
}

/// A drawing by its file name (without `.svg`).
pub fn drawing(name: &str) -> &'static Drawing {
    &drawings()[name]
}

/// The drawing of a piece, in a unit square centred on the origin, y up.
pub fn piece(piece: PieceView) -> &'static Drawing {
    drawing(name(piece.kind))
}

/// Paints a piece `size` points across centred at `at`, for egui's panels and dialogs.
pub fn paint(painter: &egui::Painter, piece: PieceView, at: egui::Pos2, size: f32) {
    let mesh = self::piece(piece).egui_mesh(&Palette::of(piece.side), at, size);
    painter.add(egui::Shape::mesh(mesh));
}

/// The names of all drawings.
#[cfg(test)]
fn names() -> impl Iterator<Item = &'static str> {
    SOURCES.iter().map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_reads_and_fills_its_square() {
        for name in names() {
            let d = drawing(name);
            assert!(d.indices.len() >= 3 * 8, "{name} has triangles");
            assert_eq!(d.indices.len() % 3, 0);
            let (lo, hi) = d.bounds();
            assert!(
                lo.min_element() >= -0.5 && hi.max_element() <= 0.5,
                "{name} fits"
            );
            assert!(hi.x - lo.x > 0.5, "{name} is not a speck");
        }
    }

    #[test]
    fn every_piece_has_a_body_in_its_army_colour() {
        use crate::rules::{PieceKind, Side};
        for kind in [
            PieceKind::King,
            PieceKind::Knight,
            PieceKind::Checker,
            PieceKind::Disc,
            PieceKind::Maharajah,
        ] {
            let d = piece(PieceView {
                side: Side::White,
                kind,
            });
            assert!(d.inks.contains(&Ink::Body), "{kind:?} has a body");
        }
        for kind in [PieceKind::Jester, PieceKind::General] {
            let d = piece(PieceView {
                side: Side::Black,
                kind,
            });
            assert!(d.inks.contains(&Ink::Body), "{kind:?} has a body");
        }
        assert_ne!(Palette::of(Side::White).body, Palette::of(Side::Black).body);
    }
}
