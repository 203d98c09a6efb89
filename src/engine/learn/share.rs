//! What a game gave each seat, from 0 to 1, for the fit's results and the duel's
//! points. A game cut off at the move limit counts as drawn by agreement among those
//! still in it, as the rules share such a draw: two players a half each; in chess for
//! three those who left keep what leaving gave them (nothing for the first, 1 point of
//! 2 for the second) and those still in share the rest. So a game of three in which
//! one army fell teaches something though nobody won, where counting it drawn taught
//! nothing.

use crate::rules::history::Match;
use crate::rules::outcome::{Outcome, Reason};

/// Seat `seat`'s share of `m`'s points: its points over the most a player can score.
pub fn share(m: &Match, seat: usize) -> f64 {
    let seats = m.position().seats();
    let outcome = m.outcome();
    if seats.seat_count() == 3 {
        let agreed = Outcome {
            winner: None,
            reason: Reason::Agreement,
            score: None,
        };
        let side = seats.seat_side(seat);
        // Three players' points: 2, 1 and 0, in halves.
        return seats
            .standings(outcome.as_ref().unwrap_or(&agreed))
            .iter()
            .find(|s| s.side == side)
            .map_or(0.5, |s| f64::from(s.half_points) / 4.0);
    }
    match outcome.and_then(|o| o.winner) {
        None => 0.5,
        Some(w) if w == seats.wins_as(seat) => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::Action;
    use crate::rules::position::{GameId, Position};

    #[test]
    fn two_players_share_a_game_cut_off_and_a_win_is_whole() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        assert_eq!((share(&m, 0), share(&m, 1)), (0.5, 0.5));
        for text in ["f3", "e5", "g4", "Qh4#"] {
            m.play_text(text).unwrap();
        }
        assert_eq!((share(&m, 0), share(&m, 1)), (0.0, 1.0));
    }

    #[test]
    fn in_chess_for_three_the_first_to_leave_has_nothing_and_the_others_share() {
        let mut m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
        let even: Vec<f64> = (0..3).map(|s| share(&m, s)).collect();
        assert_eq!(even, [0.5, 0.5, 0.5], "a point each of 2");
        // White resigns and leaves first: no points; Black and Red share the three.
        m.play(Action::Resign).unwrap();
        let after: Vec<f64> = (0..3).map(|s| share(&m, s)).collect();
        assert_eq!(after, [0.0, 0.75, 0.75]);
        // Black leaves second: 1 point of 2; Red has won the 2.
        m.play(Action::Resign).unwrap();
        let end: Vec<f64> = (0..3).map(|s| share(&m, s)).collect();
        assert!(m.outcome().is_some());
        assert_eq!(end, [0.0, 0.5, 1.0]);
    }
}
