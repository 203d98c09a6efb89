//! How pieces look: chess men as glyphs of the bundled DejaVu Sans (a filled glyph in
//! the piece's colour over a ring of shifted copies in the edge colour), draughts men
//! as discs.

use crate::rules::{PieceKind, PieceView, Side};
use bevy_egui::egui::{self, Color32, Pos2};

/// The font that draws pieces: it has Latin, Cyrillic and chess glyphs.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

const IVORY: Color32 = Color32::from_rgb(250, 245, 230);
const EBONY: Color32 = Color32::from_rgb(31, 26, 23);
const RUBY: Color32 = Color32::from_rgb(217, 26, 26);
const CRIMSON: Color32 = Color32::from_rgb(196, 38, 38);
const ASH: Color32 = Color32::from_rgb(150, 150, 150);
const SLATE: Color32 = Color32::from_rgb(70, 70, 70);

/// The filled chess glyph of a kind, if it is drawn as a glyph.
pub fn glyph(kind: PieceKind) -> Option<char> {
    Some(match kind {
        PieceKind::King | PieceKind::ViceKing => '♚',
        PieceKind::Queen => '♛',
        PieceKind::Rook => '♜',
        PieceKind::Bishop => '♝',
        PieceKind::Knight => '♞',
        PieceKind::Pawn => '♟',
        PieceKind::Checker
        | PieceKind::ZChecker
        | PieceKind::Disc
        | PieceKind::DraughtsKing
        | PieceKind::Stone => {
            return None;
        }
    })
}

fn colours(side: Side) -> (Color32, Color32) {
    match side {
        Side::White => (IVORY, EBONY),
        Side::Black => (EBONY, IVORY),
        Side::Red => (CRIMSON, IVORY),
        Side::Grey => (ASH, SLATE),
    }
}

/// Paints a piece centred at `at` for cells of `cell` pixels; `alpha` fades it.
pub fn paint(painter: &egui::Painter, piece: PieceView, at: Pos2, cell: f32, alpha: f32) {
    let (body, edge) = colours(piece.side);
    let (body, edge) = (body.gamma_multiply(alpha), edge.gamma_multiply(alpha));
    match glyph(piece.kind) {
        Some(filled) => {
            let font = egui::FontId::proportional(cell * 0.80);
            let glyph = filled.to_string();
            // The glyph's cut-outs (the bishop's cross, the knight's eye) show the edge colour.
            let width = (cell * 0.022).max(1.0);
            for (dx, dy) in [
                (-1., -1.),
                (-1., 0.),
                (-1., 1.),
                (0., -1.),
                (0., 1.),
                (1., -1.),
                (1., 0.),
                (1., 1.),
            ] {
                let p = at + egui::vec2(dx * width, dy * width);
                painter.text(p, egui::Align2::CENTER_CENTER, &glyph, font.clone(), edge);
            }
            painter.text(at, egui::Align2::CENTER_CENTER, &glyph, font, body);
            if piece.kind == PieceKind::ViceKing {
                painter.circle_filled(
                    at + egui::vec2(0.0, -cell * 0.10),
                    cell * 0.055,
                    RUBY.gamma_multiply(alpha),
                );
            }
        }
        None => {
            let r = cell * 0.40;
            painter.circle(at, r, body, egui::Stroke::new((cell * 0.03).max(1.0), edge));
            if !matches!(piece.kind, PieceKind::Disc | PieceKind::Stone) {
                let ring = egui::Stroke::new((cell * 0.02).max(1.0), edge.gamma_multiply(0.6));
                painter.circle_stroke(at, r * 0.6, ring);
            }
            if piece.kind == PieceKind::DraughtsKing {
                // A crown: the king's glyph in the edge colour on the man.
                let font = egui::FontId::proportional(cell * 0.42);
                painter.text(at, egui::Align2::CENTER_CENTER, "♚", font, edge);
            }
            if piece.kind == PieceKind::ZChecker {
                let font = egui::FontId::proportional(cell * 0.42);
                painter.text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    "z",
                    font,
                    RUBY.gamma_multiply(alpha),
                );
            }
        }
    }
}
