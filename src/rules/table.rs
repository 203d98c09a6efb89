//! A table with real physics, an optional part of a game (Chapayev's): its pieces
//! rest between the cells, a player shoots one rather than choosing a move from a
//! list, and a shot plays out over many frames. A thin client draws and animates what
//! the rules computed through it and never runs physics of its own; the server reaches
//! it through [`Game::table`](super::Game::table).

/// Every piece's point, frame by frame (`None` once off the table).
pub type Frames = Vec<Vec<Option<[f32; 2]>>>;

pub trait Table {
    type Move;

    /// Each piece on the table, in the order [`Game::pieces`](super::Game::pieces)
    /// lists them: its name, as shots name it (`W3`), and where it rests, in cells (a
    /// cell is 1, a1's outer corner at 0, y up).
    fn resting(&self) -> Vec<(String, [f32; 2])>;

    /// The pieces (by name) the player on move may shoot now.
    fn shooters(&self) -> Vec<String>;

    /// How `m` plays out from here, sixty frames a second, each piece by its index in
    /// the game's own order; None for a move that shoots nothing (a lot).
    fn film(&self, m: &Self::Move) -> Option<Frames>;
}
