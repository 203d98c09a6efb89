//! Chapayev for a thin client: the checkers where they rest (between the cells, not on
//! them), the checkers the seats held here may flick, and the last shot frame by frame
//! as the server simulated it, so the page animates what the server computed and never
//! runs physics of its own.

use crate::protocol::{Film, PieceAt};
use crate::rules::chapayev::physics::HALF_BOARD;
use crate::rules::chapayev::{self, Chapayev, Pose, Shot, checker_name};
use crate::rules::{Action, Match, Move, Position};

/// Every other frame of the simulation's 60 a second: smooth in a page, at half the
/// bytes.
const FILM_STEP: usize = 2;

/// A point of the board in the geometry's units (a cell is 1, y up, a1's corner at 0).
fn on_board(pose: &Pose) -> [f32; 2] {
    let unit = |v: f32| ((v + HALF_BOARD) / (2.0 * HALF_BOARD) * 8.0 * 100.0).round() / 100.0;
    [unit(pose.centre[0]), unit(pose.centre[1])]
}

/// Each checker on the board where it rests, by its id (`W3`), with the cell under it.
pub fn place(c: &Chapayev, pieces: &mut [PieceAt]) {
    let on_board: Vec<(u8, [f32; 2])> = (0u8..16)
        .filter_map(|i| Some((i, on_board(&c.checkers[usize::from(i)].pose?))))
        .collect();
    // `pieces` lists the checkers on the board in the same order.
    for (piece, (i, at)) in pieces.iter_mut().zip(on_board) {
        piece.at = Some(at);
        piece.id = Some(checker_name(i));
    }
}

/// The checkers the player on move may flick, where `mine` says that player is held
/// here.
pub fn shooters(c: &Chapayev, mine: bool) -> Vec<String> {
    if !mine {
        return Vec::new();
    }
    (0u8..16)
        .filter(|&checker| {
            // The aim is the player's; only the checker is asked about.
            [0.0, 90.0, 180.0, 270.0].iter().any(|&angle| {
                c.allows(&Shot::Flick {
                    checker,
                    angle,
                    strength: 0.5,
                    spin: 0.0,
                })
                .is_ok()
            })
        })
        .map(checker_name)
        .collect()
}

/// The last shot's film, simulated once for each shot however many views ask for it:
/// every follower asks after every event (a chat line, a presence), and a shot's
/// simulation is the costliest part of a view.
#[derive(Default)]
pub struct Films {
    /// The film of the match as it stood with this many actions, the last of them this.
    kept: Option<(usize, Action, Option<Film>)>,
}

impl Films {
    /// [`last_shot`] of `m`, from the one kept where `m` has not changed since.
    pub fn last_shot(&mut self, m: &Match) -> Option<Film> {
        let played = m.all_actions().len();
        let last = *m.all_actions().last()?;
        match &self.kept {
            Some((n, action, film)) if *n == played && *action == last => film.clone(),
            _ => {
                let film = last_shot(m);
                self.kept = Some((played, last, film.clone()));
                film
            }
        }
    }
}

/// The match's last shot as it played out, every checker's point frame by frame
/// (`None` once off the board), by checker index (W1..W8, B1..B8).
fn last_shot(m: &Match) -> Option<Film> {
    let played = m.all_actions().len().checked_sub(1)?;
    let Action::Play(Move::Chapayev(chapayev::Action::Shot { shot, luck })) =
        m.all_actions()[played]
    else {
        return None;
    };
    let Position::Chapayev(before) = &m.state_before(played).position else {
        return None;
    };
    let film = before.frames(&shot, luck);
    Some(
        film.iter()
            .step_by(FILM_STEP)
            .chain(film.last())
            .map(|frame| frame.iter().map(|p| p.map(|p| on_board(&p))).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn a_shots_film_is_kept_until_the_match_changes() {
        let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
        let mut films = Films::default();
        m.play_text("lot white=1 seed=5").unwrap();
        assert_eq!(films.last_shot(&m), None, "the lot moves nothing");
        m.play_text("flick W4 th=90.0000 s=0.6000 e=0.0000")
            .unwrap();
        let first = films.last_shot(&m).expect("a shot's film");
        assert!(first.len() > 2);
        assert_eq!(films.last_shot(&m).as_ref(), Some(&first));
        // The same number of actions, another last one (a takeback, another shot).
        assert!(m.take_back());
        m.play_text("flick W5 th=90.0000 s=0.9000 e=0.0000")
            .unwrap();
        assert_ne!(films.last_shot(&m).as_ref(), Some(&first));
    }
}
