//! Doska's piece drawings, `assets/sprites/*.svg`, built into the program, and the
//! colours each army paints them in: the app tessellates them, the server hands them
//! to browsers painted.

use crate::rules::{PieceKind, Side};

/// An army's colours, sRGB from 0 to 1: the body, the outline and the details.
pub fn army_colours(side: Side) -> [[f32; 3]; 3] {
    match side {
        Side::White => [[0.97, 0.95, 0.90], [0.13, 0.12, 0.11], [0.20, 0.18, 0.17]],
        Side::Black => [[0.20, 0.19, 0.18], [0.05, 0.05, 0.05], [0.86, 0.83, 0.77]],
        Side::Red => [[0.78, 0.16, 0.15], [0.25, 0.04, 0.04], [1.0, 0.88, 0.80]],
        Side::Grey => [[0.60, 0.60, 0.60], [0.25, 0.25, 0.25], [0.25, 0.25, 0.25]],
    }
}

/// The accent, red whatever the army (the vice-king's dot, the z-checker's letter).
pub const ACCENT: [f32; 3] = [0.82, 0.10, 0.10];

/// A piece's drawing by name, as the files in `assets/sprites/` are named.
pub const SOURCES: &[(&str, &str)] = &[
    ("king", include_str!("../assets/sprites/king.svg")),
    ("queen", include_str!("../assets/sprites/queen.svg")),
    ("rook", include_str!("../assets/sprites/rook.svg")),
    ("bishop", include_str!("../assets/sprites/bishop.svg")),
    ("knight", include_str!("../assets/sprites/knight.svg")),
    ("pawn", include_str!("../assets/sprites/pawn.svg")),
    ("vice-king", include_str!("../assets/sprites/vice-king.svg")),
    ("man", include_str!("../assets/sprites/man.svg")),
    (
        "draughts-king",
        include_str!("../assets/sprites/draughts-king.svg"),
    ),
    ("z-checker", include_str!("../assets/sprites/z-checker.svg")),
    ("disc", include_str!("../assets/sprites/disc.svg")),
    ("stone", include_str!("../assets/sprites/stone.svg")),
    ("maharajah", include_str!("../assets/sprites/maharajah.svg")),
    ("jester", include_str!("../assets/sprites/jester.svg")),
    ("general", include_str!("../assets/sprites/general.svg")),
    ("in-hand", include_str!("../assets/sprites/in-hand.svg")),
];

/// The drawing that shows a kind of piece.
pub fn name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "king",
        PieceKind::Queen => "queen",
        PieceKind::Rook => "rook",
        PieceKind::Bishop => "bishop",
        PieceKind::Knight => "knight",
        PieceKind::Pawn => "pawn",
        PieceKind::ViceKing => "vice-king",
        PieceKind::Checker => "man",
        PieceKind::DraughtsKing => "draughts-king",
        PieceKind::ZChecker => "z-checker",
        PieceKind::Disc => "disc",
        PieceKind::Stone => "stone",
        PieceKind::Maharajah => "maharajah",
        PieceKind::Jester => "jester",
        PieceKind::General => "general",
    }
}
