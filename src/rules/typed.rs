//! A move typed by a player, as a move box takes it: read in the game's own notation,
//! leniently (any case, with or without check marks and capture signs, where that
//! leaves one legal move, and with the piece letters Russian and Ukrainian players
//! write: Кр, Ф, Л or Т, С, К, Ш, Г), and completed as it is typed.

use super::error::Error;
use super::history::{Action, parse_action_as};
use super::position::Position;

/// Chess's piece letters for the Cyrillic ones the move lists show in Russian and
/// Ukrainian (`Кр` the king, `К` the knight, `Ф`, `Л` or `Т`, `С`, `Ш`, `Г`); the
/// text as it is otherwise. Only capitals are read so: a lower-case `с` stays a file.
fn latin(text: &str) -> String {
    text.replace("Кр", "K")
        .chars()
        .map(|c| match c {
            'К' => 'N',
            'Ф' => 'Q',
            'Л' | 'Т' => 'R',
            'С' => 'B',
            'Ш' => 'J',
            'Г' => 'G',
            other => other,
        })
        .collect()
}

/// The text without what a player may leave out or add: case, spaces, check and
/// capture marks, annotations.
fn loose(text: &str) -> String {
    latin(text)
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | 'X' | ':' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The notations of the seat's legal moves that begin as `typed` does: as it is
/// written (`B` the bishops, `b` the b-pawn), else read loosely.
pub fn completions(position: &Position, seat: usize, typed: &str) -> Vec<String> {
    let seats = position.seats();
    if loose(typed).is_empty() || !seats.seats_on_move().contains(&seat) {
        return Vec::new();
    }
    let notations: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|m| position.mover(m) == seat)
        .map(|m| position.notation(m))
        .collect();
    let written = latin(typed.trim());
    let exact: Vec<String> = notations
        .iter()
        .filter(|n| n.starts_with(&written))
        .cloned()
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    let typed = loose(typed);
    notations
        .into_iter()
        .filter(|n| loose(n).starts_with(&typed))
        .collect()
}

/// The action `text` names for the player of `seat`: as the game reads it, else the one
/// legal move whose notation it is, read loosely (`nf3` for `Nf3`, `exd5` for `exd5+`).
pub fn read(position: &Position, seat: usize, text: &str) -> Result<Action, Error> {
    let strict = parse_action_as(position, seat, text);
    if strict.is_ok() {
        return strict;
    }
    if let Ok(action) = parse_action_as(position, seat, &latin(text)) {
        return Ok(action);
    }
    let wanted = loose(text);
    let mut matching = position
        .legal_moves()
        .into_iter()
        .filter(|m| position.mover(m) == seat && loose(&position.notation(m)) == wanted);
    match (matching.next(), matching.next()) {
        (Some(m), None) => Ok(Action::Play(m)),
        _ => strict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    fn played(game: GameId, moves: &[&str]) -> Position {
        let mut m = crate::rules::Match::new(Position::new(game, &[]).unwrap());
        for mv in moves {
            m.play_text(mv).unwrap();
        }
        m.position().clone()
    }

    #[test]
    fn a_move_is_read_in_any_case_and_without_its_marks() {
        let p = played(GameId::Chess, &["e4", "d5"]);
        let seat = p.seats().seat_to_move();
        for typed in ["exd5", "EXD5", "exd5+", "e x d5"] {
            assert_eq!(
                read(&p, seat, typed).map(|a| crate::rules::history::action_notation(&p, &a)),
                Ok("exd5".to_string()),
                "{typed}"
            );
        }
        assert!(
            read(&p, seat, "Ke3").is_err(),
            "not legal: the reason stays"
        );
        let in_russian =
            |typed| read(&p, seat, typed).map(|a| crate::rules::history::action_notation(&p, &a));
        assert_eq!(in_russian("Кf3"), Ok("Nf3".to_string()));
        assert_eq!(in_russian("Фg4"), Ok("Qg4".to_string()));
        assert_eq!(in_russian("Крe2"), Ok("Ke2".to_string()));
        let mut bishops = completions(&p, seat, "С");
        bishops.sort();
        assert_eq!(bishops, ["Ba6", "Bb5+", "Bc4", "Bd3", "Be2"]);
    }

    #[test]
    fn typing_completes_to_the_legal_moves_that_begin_so() {
        let p = Position::new(GameId::Chess, &[]).unwrap();
        let mut knights = completions(&p, 0, "n");
        knights.sort();
        assert_eq!(knights, ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert_eq!(completions(&p, 0, "e"), ["e3", "e4"]);
        assert!(completions(&p, 1, "e").is_empty(), "Black is not on move");
        assert!(completions(&p, 0, "").is_empty());
    }

    #[test]
    fn draughts_and_the_hexagon_take_their_own_notation() {
        for game in [GameId::Turkish, GameId::TriChess, GameId::Reversi] {
            let p = Position::new(game, &[]).unwrap();
            let seat = p.seats().seat_to_move();
            let first = p
                .legal_moves()
                .into_iter()
                .find(|m| p.mover(m) == seat)
                .unwrap();
            let text = p.notation(&first);
            assert_eq!(read(&p, seat, &text), Ok(Action::Play(first)), "{text}");
            assert_eq!(
                read(&p, seat, &text.to_uppercase()),
                Ok(Action::Play(first)),
                "{text} in capitals"
            );
            assert!(completions(&p, seat, &text[..1]).contains(&text), "{text}");
        }
    }
}
