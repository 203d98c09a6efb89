//! A search's score as a player reads it: in the game's own unit (pawns, men, discs,
//! steps, checkers), or as a win so many moves away. The search counts in hundredths
//! of a pawn or the game's like ([`Evaluate::evaluate`]); each game says how many of
//! those make one of its units.
//!
//! [`Evaluate::evaluate`]: super::computer::Evaluate::evaluate

use super::GameId;
use super::computer::{WIN, is_mate};
pub use super::game::Unit;

impl GameId {
    /// The unit the game's scores are read in.
    pub fn score_unit(self) -> Unit {
        self.card().unit
    }
}

/// A score for one player, read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// Ahead (or behind, negative) by so many units.
    Units(f64),
    /// A forced win in so many of the player's own moves (negative: a forced loss).
    Win(i32),
}

impl Score {
    /// Reads a search score of `game` for a player; `seats` players take turns, so a
    /// mate `n` plies away is `n / seats` of one player's moves, rounded up.
    pub fn read(game: GameId, score: i32, seats: usize) -> Score {
        if is_mate(score) {
            let plies = WIN - score.abs();
            let moves = (plies + seats as i32 - 1) / seats.max(1) as i32;
            Score::Win(moves.max(1) * score.signum())
        } else {
            Score::Units(f64::from(score) / f64::from(game.score_unit().points))
        }
    }

    /// The number written beside the bar: `+1.3`, `-0.5`, `#5`, `#-3`.
    pub fn short(self) -> String {
        match self {
            Score::Units(u) if u.abs() < 0.05 => "0.0".into(),
            Score::Units(u) => format!("{u:+.1}"),
            Score::Win(n) => format!("#{n}"),
        }
    }

    /// Where the bar is filled to for the player, from 0 (lost) to 1 (won): a forced
    /// result fills it, and a lead in units saturates the way winning chances do, so
    /// that three pawns up is most of the bar and a queen up nearly all.
    pub fn share(self) -> f32 {
        match self {
            Score::Win(n) => {
                if n > 0 {
                    1.0
                } else {
                    0.0
                }
            }
            Score::Units(u) => (1.0 / (1.0 + (-0.4 * u).exp())) as f32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_the_player_s_own_moves() {
        // Mate on the next move: one ply away.
        assert_eq!(Score::read(GameId::Chess, WIN - 1, 2), Score::Win(1));
        assert_eq!(Score::read(GameId::Chess, WIN - 3, 2), Score::Win(2));
        assert_eq!(Score::read(GameId::Chess, -(WIN - 2), 2), Score::Win(-1));
        // Chess for three: three plies make a round.
        assert_eq!(Score::read(GameId::TriChess, WIN - 4, 3), Score::Win(2));
        assert_eq!(Score::read(GameId::Chess, WIN - 3, 2).short(), "#2");
    }

    #[test]
    fn scores_read_in_the_game_s_unit() {
        assert_eq!(Score::read(GameId::Chess, 130, 2).short(), "+1.3");
        assert_eq!(Score::read(GameId::Reversi, -40, 2).short(), "-4.0");
        assert_eq!(Score::read(GameId::Chess, 2, 2).short(), "0.0");
        assert_eq!(GameId::Reversi.score_unit().key, "unit-discs");
        assert_eq!(GameId::Turkish.score_unit().win_key, "score-win-in");
        assert_eq!(GameId::Maharajah.score_unit().win_key, "score-mate-in");
    }

    #[test]
    fn the_bar_fills_with_the_lead() {
        let even = Score::Units(0.0).share();
        assert!((even - 0.5).abs() < 1e-6);
        assert!(Score::Units(3.0).share() > 0.7);
        assert!(Score::Units(-9.0).share() < 0.05);
        assert_eq!(Score::Win(-2).share(), 0.0);
    }
}
