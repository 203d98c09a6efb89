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

    /// The move with the chance inside it fixed by `random`, where the game's own
    /// generator acts within a player's move (Chapayev's hanging test): drawn once the
    /// move is made, so that nobody knows it before; the move as it is elsewhere.
    fn seal(&self, m: Self::Move, _random: u64) -> Self::Move {
        m
    }

    /// Whether `text` names an outcome of chance (a die's faces, the lot): where the
    /// game's generator draws it, a player who sends one is told so, not that the move
    /// is illegal.
    fn names_chance(&self, _text: &str) -> bool {
        false
    }

    /// True for a lot drawn once at the start and never taken back.
    fn is_lot(&self, _m: &Self::Move) -> bool {
        false
    }
}
