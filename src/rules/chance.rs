//! Chance, an optional part of a game: dice rolled during play (dice chess) and a lot
//! drawn once at the start (Chapayev's, for the colours and the match's generator). A
//! game without chance has none of it; the registry, the computer and the app reach a
//! game's chance through [`Game::chance`](super::Game::chance).

pub trait Chance {
    type Move;

    /// Where chance acts next (a die to roll): each outcome that leads somewhere else,
    /// with its weight, for the computer to weigh them; None where a player acts.
    fn chances(&self) -> Option<Vec<(Self::Move, u32)>>;

    /// At a chance node, the outcome a random number gives, where the game's own
    /// generator rolls; None where the players roll physical dice and enter them. A
    /// lot that opens the match is drawn here too, while it is to be drawn.
    fn roll(&self, random: u64) -> Option<Self::Move>;

    /// True for a lot drawn once at the start and never taken back.
    fn is_lot(&self, _m: &Self::Move) -> bool {
        false
    }
}
