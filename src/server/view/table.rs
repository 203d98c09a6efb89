//! A table game for a thin client (Chapayev's): the pieces where they rest (between
//! the cells, not on them), the ones the seats held here may shoot, and the last shot
//! frame by frame as the server simulated it, so the page animates what the server
//! computed and never runs physics of its own.

use crate::protocol::{Film, PieceAt};
use crate::rules::{Action, Match, Position};

/// Every other frame of the simulation's 60 a second: smooth in a page, at half the
/// bytes.
const FILM_STEP: usize = 2;

/// Each piece on the table where it rests, by its name (`W3`), with the cell under it
/// as `pieces` has it already.
pub fn place(position: &Position, pieces: &mut [PieceAt]) {
    let Some(resting) = position.resting() else {
        return;
    };
    // `pieces` lists the pieces on the table in the same order.
    for (piece, (name, at)) in pieces.iter_mut().zip(resting) {
        piece.at = Some(at);
        piece.id = Some(name);
    }
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

/// The match's last shot as it played out, every piece's point frame by frame
/// (`None` once off the table), by the game's own order of its pieces.
fn last_shot(m: &Match) -> Option<Film> {
    let played = m.all_actions().len().checked_sub(1)?;
    let Action::Play(shot) = m.all_actions()[played] else {
        return None;
    };
    let film = m.state_before(played).position.film(&shot)?;
    Some(
        film.iter()
            .step_by(FILM_STEP)
            .chain(film.last())
            .cloned()
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
