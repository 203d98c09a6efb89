//! Doska's piece drawings, `assets/sprites/*.svg`, built into the program: the app
//! tessellates them, the server hands them to browsers.

use crate::rules::PieceKind;

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
