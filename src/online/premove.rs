//! A premove: a move chosen while the opponent thinks, played the moment it becomes
//! legal (as lichess does; with clocks it saves the time of a reply). It is the cells
//! the player clicked, not a move of the position it was chosen in, since the position
//! changes before it is played.

use crate::rules::{Action, Cell, Match, PieceKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Premove {
    pub from: Cell,
    pub to: Cell,
    /// The piece chosen for a promotion; without one, a promotion waits for the player.
    pub promotion: Option<PieceKind>,
}

/// What a premove comes to once the opponent has moved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ready {
    /// Still not the player's turn: it waits.
    Waiting,
    /// The action to send now.
    Play(Action),
    /// No legal move of the player's goes from `from` to `to` now (or more than one,
    /// with no promotion chosen): it is dropped, as a premove is.
    Dropped,
}

/// A premove as the player puts it together: the piece's cell, then where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    From(Cell),
    Move(Premove),
}

impl Chosen {
    /// The cells to light.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Chosen::From(c) => vec![*c],
            Chosen::Move(p) => vec![p.from, p.to],
        }
    }
}

impl Premove {
    /// Whether the premove can be played in `m` by one of `mine`, the seats the player
    /// holds.
    pub fn ready(&self, m: &Match, mine: &[usize]) -> Ready {
        let position = m.position();
        let on_move = position.seats().seats_on_move();
        if m.outcome().is_some() {
            return Ready::Dropped;
        }
        if !mine.iter().any(|s| on_move.contains(s)) || m.roll().is_some() {
            return Ready::Waiting;
        }
        let fits: Vec<Action> = position
            .legal_moves()
            .into_iter()
            .filter(|mv| mine.contains(&position.mover(mv)))
            .filter(|mv| {
                position.view(mv).is_some_and(|v| {
                    v.from == self.from
                        && v.landings.last() == Some(&self.to)
                        && (self.promotion.is_none() || v.promotion == self.promotion)
                })
            })
            .map(Action::Play)
            .collect();
        match fits.as_slice() {
            [one] => Ready::Play(*one),
            _ => Ready::Dropped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Position};

    fn cell(m: &Match, name: &str) -> Cell {
        let t = m.position().topology();
        (0..t.len() as Cell)
            .find(|&c| t.name(c) == name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }

    #[test]
    fn a_premove_waits_then_plays_or_is_dropped() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        m.play_text("e4").unwrap();
        // It is Black's turn: Black's d7-d5 is played at once.
        let d5 = Premove {
            from: cell(&m, "d7"),
            to: cell(&m, "d5"),
            promotion: None,
        };
        assert!(matches!(d5.ready(&m, &[1]), Ready::Play(_)));
        // White premoves exd5 before Black has moved: it waits.
        let exd5 = Premove {
            from: cell(&m, "e4"),
            to: cell(&m, "d5"),
            promotion: None,
        };
        assert_eq!(exd5.ready(&m, &[0]), Ready::Waiting);
        m.play_text("d5").unwrap();
        assert!(
            matches!(exd5.ready(&m, &[0]), Ready::Play(a) if m.position().notation(&a.moved().unwrap()) == "exd5")
        );
        // Had Black answered e5, the capture would be no move at all: dropped.
        let mut other = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        other.play_text("e4").unwrap();
        other.play_text("e5").unwrap();
        assert_eq!(exd5.ready(&other, &[0]), Ready::Dropped);
    }
}
