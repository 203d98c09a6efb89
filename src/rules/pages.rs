//! What a game's rules page is made of, so the app draws it and the translation test
//! checks that every text it needs exists in every language: the pieces it shows, and
//! the keys of its sections and of each piece's paragraph.

use super::position::GameId;
use super::view::PieceKind;

/// The sections of a rules page, each one translation key per game (`rules-chess-play`).
pub const SECTIONS: [&str; 3] = ["play", "special", "end"];

impl GameId {
    /// The pieces a game's rules page shows, in the order a player meets them.
    pub fn piece_kinds(self) -> &'static [PieceKind] {
        self.card().pieces
    }

    /// The key of a section of the game's rules page.
    pub fn section_key(self, section: &str) -> String {
        format!("rules-{}-{section}", self.id())
    }

    /// The keys that may describe a piece on the game's page, the game's own first: a
    /// piece that moves as in chess shares chess's paragraph.
    pub fn piece_keys(self, kind: PieceKind) -> [String; 2] {
        let name = format!("{kind:?}").to_lowercase();
        [
            format!("rules-{}-piece-{name}", self.id()),
            format!("rules-piece-{name}"),
        ]
    }
}
