//! The computer in a seat of a match: its move, and the match's own decisions. It
//! accepts a draw offered when it stands clearly worse and claims a draw the rules
//! give it when it stands worse; it never offers one (an offer it would not accept
//! itself would only waste the opponent's time).

use crate::engine::search::{Level, Limits, Think};
use crate::rules::clock::TimeControl;
use crate::rules::history::{Action, Match};
use std::time::Duration;

/// "Clearly worse": more than a pawn and a half down (or the game's like).
const DRAW_MARGIN: i32 = 150;

/// How long the computer may think for `seat`: a level below Hard stops at its node
/// budget (the time only bounds a slow machine), Hard thinks `think_seconds`. On the
/// clock, a thirtieth of the time left and most of the increment at most, so the
/// computer never loses on time by thinking. One thread: a caller with cores to
/// spare gives Hard more.
pub fn limits(m: &Match, seat: usize, level: Level, think_seconds: u32) -> Limits {
    let mut time = match level {
        Level::Hard => Duration::from_secs(u64::from(think_seconds.max(1))),
        _ => Duration::from_secs(5),
    };
    if let Some(clock) = m.clock() {
        let left = clock.seats.get(seat).map_or(0, |r| r.left);
        let increment = match clock.control {
            TimeControl::Fischer { increment, .. } => increment,
            TimeControl::Bronstein { delay, .. } | TimeControl::SimpleDelay { delay, .. } => delay,
            _ => 0,
        };
        time = time.min(Duration::from_millis(left / 30 + increment * 4 / 5));
    }
    Limits {
        time: Some(time),
        ..Limits::default()
    }
}

/// The computer's action for the seat to move, or None where the match is over or
/// waits for a physical die's faces.
pub fn decide(m: &Match, level: Level, limits: &Limits, seed: u64) -> Option<Action> {
    if m.outcome().is_some() {
        return None;
    }
    // A die awaited: the match rolls it (players of physical dice enter theirs).
    if m.position().awaits_roll() {
        return m.roll();
    }
    let actions = m.legal_actions();
    let limits = Limits {
        seen_twice: std::sync::Arc::new(m.seen_twice()),
        ..limits.clone()
    };
    let thought = m.position().think(level, &limits, seed, &mut |_| {})?;
    let score = thought.progress.score;
    if actions.contains(&Action::AcceptDraw) && score <= -DRAW_MARGIN {
        return Some(Action::AcceptDraw);
    }
    if actions.contains(&Action::ClaimDraw) && score < 0 {
        return Some(Action::ClaimDraw);
    }
    if score < 0 && m.claim_with(&thought.best).is_some() {
        return Some(Action::ClaimDrawWith(thought.best));
    }
    Some(Action::Play(thought.best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Position};

    fn depth(plies: u32) -> Limits {
        Limits {
            depth: Some(plies),
            ..Limits::default()
        }
    }

    /// White offers a draw and moves; Black answers.
    fn offered(fen: &str) -> Match {
        let mut m = Match::new(Position::set_up(GameId::Chess, &[], fen).unwrap());
        m.play(Action::OfferDraw).unwrap();
        m.play_text("Kf2").unwrap();
        assert!(m.legal_actions().contains(&Action::AcceptDraw));
        m
    }

    #[test]
    fn a_draw_is_accepted_only_when_clearly_worse() {
        // Black is a queen down and takes the draw.
        let weak = offered("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert_eq!(
            decide(&weak, Level::Hard, &depth(2), 0),
            Some(Action::AcceptDraw)
        );
        // A queen up, Black plays on.
        let strong = offered("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            decide(&strong, Level::Hard, &depth(2), 0),
            Some(Action::Play(_))
        ));
    }

    #[test]
    fn a_finished_match_has_no_action() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        for mv in ["f3", "e5", "g4", "Qh4#"] {
            m.play_text(mv).unwrap();
        }
        assert_eq!(decide(&m, Level::Easy, &depth(2), 0), None);
    }

    /// Chapayev's computer shoots once the lot is drawn (it once answered nothing while
    /// the game went on, and a server's computer fell back to the first legal action).
    #[test]
    fn chapayev_s_computer_shoots_after_the_lot() {
        let mut m = crate::rules::record::replay(GameId::Chapayev, "lot white=1 seed=5", &[])
            .expect("a lot");
        let Some(Action::Play(shot)) = decide(&m, Level::Easy, &depth(1), 3) else {
            panic!("no shot")
        };
        let text = m.position().notation(&shot);
        assert!(
            text.starts_with("flick") || text.starts_with("poke"),
            "{text}"
        );
        m.play(Action::Play(shot)).expect("a legal shot");
    }

    /// A bughouse seat's computer plays on its own board.
    #[test]
    fn a_bughouse_computer_moves_on_its_seat_s_board() {
        let mut m = Match::new(Position::new(GameId::Bughouse, &[]).unwrap());
        m.focus(2);
        let Some(Action::Play(crate::rules::Move::Bughouse(mv))) =
            decide(&m, Level::Easy, &depth(2), 0)
        else {
            panic!("no move")
        };
        assert_eq!(mv.board, 1, "seat 2, White on board B, plays there");
    }
}
