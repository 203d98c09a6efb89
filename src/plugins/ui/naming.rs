//! The names the panels and dialogs give to sides, seats, the players on move, a
//! game's result and chess's pieces in a move, in the player's language.

use crate::i18n::Language;
use crate::rules::{GameId, Match, Outcome, Side};

pub fn side_name(lang: Language, side: Side) -> String {
    lang.t(side.key())
}

/// The label of a seat: its colour, and in the team game where it sits; where the
/// game names its seats by place (bughouse's board and colour), that name.
pub fn seat_label(lang: Language, game: GameId, seat: usize, side: Side, count: usize) -> String {
    if let Some(name) = game.card().seats_by_place {
        lang.t(&format!("seat-{name}-{seat}"))
    } else if count == 4 {
        lang.t(&format!("seat-4-{seat}"))
    } else {
        side_name(lang, side)
    }
}

/// A player's name, or the seat's label when none was given. Where seats are named by
/// place (bughouse's board, colour and team), the place follows the name, since the
/// status line says who is on move by place.
pub fn seat_name(
    lang: Language,
    game: GameId,
    name: &str,
    seat: usize,
    side: Side,
    count: usize,
) -> String {
    let label = seat_label(lang, game, seat, side, count);
    if name.trim().is_empty() {
        label
    } else if game.card().seats_by_place.is_some() {
        format!("{name} ({label})")
    } else {
        name.to_string()
    }
}

/// Who is on move, for the status line: the side of the seat that acts, which is not
/// always the side whose turn it is (chess for three's army asked a question, or its
/// master giving an order); or where several seats act at once (bughouse's two
/// boards) each of them by its seat, since one colour would hide that the other board
/// is waiting too.
pub fn movers(lang: Language, m: &Match) -> String {
    let position = m.position();
    match position.seats().seats_on_move().as_slice() {
        &[seat] => side_name(lang, position.seats().seat_side(seat)),
        seats @ [_, _, ..] => seats
            .iter()
            .map(|&seat| {
                let side = position.seats().seat_side(seat);
                seat_label(lang, m.game(), seat, side, position.seats().seat_count())
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => side_name(lang, position.turn()),
    }
}

/// "Alice (White) wins: checkmate", "Draw: repetition".
/// The result in words, naming the winner by the player's name where the winning
/// side is one named seat; where seats are named by place, the winner is a team
/// (bughouse's White, team 1, or Black, team 2).
pub fn outcome_text(lang: Language, m: &Match, names: &[String], outcome: &Outcome) -> String {
    let game = m.game();
    let result = match outcome.winner {
        Some(side) if let Some(name) = game.card().seats_by_place => {
            let team = lang.t(&format!("team-{name}-{}", side.index() + 1));
            lang.t_args("result-team-wins", &[("team", team)])
        }
        Some(side) => {
            let position = m.position();
            let seats: Vec<usize> = (0..position.seats().seat_count())
                .filter(|&seat| position.seats().seat_side(seat) == side)
                .collect();
            let colour = side_name(lang, side);
            let winner = match seats.as_slice() {
                [seat] => match names.get(*seat).map(|n| n.trim()) {
                    Some(name) if !name.is_empty() => format!("{name} ({colour})"),
                    _ => colour,
                },
                _ => colour,
            };
            lang.t_args("result-wins", &[("side", winner)])
        }
        None => lang.t("result-draw"),
    };
    let reason = lang.t(&format!("reason-{}", outcome.reason.id()));
    match outcome.score {
        // Corners' score is the loser's penalty.
        Some(score) if outcome.reason == crate::rules::Reason::Completion => {
            let loser = outcome.winner.map_or(Side::Black, Side::other);
            let penalty = lang.t_args(
                "result-penalty",
                &[
                    ("side", side_name(lang, loser)),
                    ("moves", score[loser.index()].to_string()),
                ],
            );
            format!("{result}: {reason}, {penalty}")
        }
        // "Black 40 – White 24", the first player's count first.
        Some(score) => {
            let first = outcome.winner.unwrap_or(Side::Black);
            let (a, b) = (first, first.other());
            let part = |s: Side| format!("{} {}", side_name(lang, s), score[s.index()]);
            format!("{result}: {reason}, {} – {}", part(a), part(b))
        }
        None => format!("{result}: {reason}"),
    }
}

/// Points in halves as a player reads them: 2, 1½, 1, 0.
pub fn points(half_points: u8) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// Chess moves with the piece letters of the reader's language: Russian writes Кр, Ф,
/// Л, С, К and Ukrainian Кр, Ф, Т, С, К, and both Ш and Г for 100-cell chess's jester
/// and general. Files and saves keep the canonical SAN.
pub fn chess_letters(lang: Language, san: &str) -> String {
    let rook = match lang {
        Language::English => return san.to_string(),
        Language::Russian => "Л",
        Language::Ukrainian => "Т",
    };
    // Bughouse's label (`1B. `) names a board, not a bishop: it stays as it is.
    let (label, san) = match san.split_once(". ") {
        Some((number, rest)) if number.starts_with(|c: char| c.is_ascii_digit()) => {
            (&san[..number.len() + 2], rest)
        }
        _ => ("", san),
    };
    let moves: String = san
        .chars()
        .map(|c| match c {
            'K' => "Кр".to_string(),
            'Q' => "Ф".to_string(),
            'R' => rook.to_string(),
            'B' => "С".to_string(),
            'N' => "К".to_string(),
            'J' => "Ш".to_string(),
            'G' => "Г".to_string(),
            other => other.to_string(),
        })
        .collect();
    format!("{label}{moves}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_names_every_seat_on_move() {
        let m = crate::rules::Match::new(crate::rules::Position::new(GameId::Chess, &[]).unwrap());
        assert_eq!(movers(Language::English, &m), "White");
        let mut m =
            crate::rules::Match::new(crate::rules::Position::new(GameId::Bughouse, &[]).unwrap());
        let text = movers(Language::English, &m);
        assert!(
            text.contains("A: White") && text.contains("B: White"),
            "{text}"
        );
        m.play_text("1A. e4").unwrap();
        let text = movers(Language::English, &m);
        assert!(
            text.contains("A: Black") && text.contains("B: White"),
            "{text}"
        );
        // Black asks White to be his master on Black's turn: White is to answer.
        let mut m =
            crate::rules::Match::new(crate::rules::Position::new(GameId::TriChess, &[]).unwrap());
        for action in [
            "NWP2-WS3",
            "BC6-BV12",
            "RC1-RS2",
            "NWS3:BV12",
            "B>W master?",
        ] {
            m.play_text(action).unwrap();
        }
        assert_eq!(movers(Language::English, &m), "White");
    }

    #[test]
    fn a_bughouse_player_is_named_with_the_board_and_team() {
        let name = |game, seat, side| seat_name(Language::English, game, "Ann", seat, side, 4);
        assert_eq!(
            name(GameId::Bughouse, 2, Side::White),
            "Ann (B: White (team 2))"
        );
        assert_eq!(name(GameId::Chess, 0, Side::White), "Ann");
    }

    #[test]
    fn the_result_names_the_winning_player() {
        let m = crate::rules::Match::new(crate::rules::Position::new(GameId::Chess, &[]).unwrap());
        let outcome = Outcome::win(Side::White, crate::rules::Reason::Checkmate);
        let names = ["Alice".to_string(), "Bob".to_string()];
        let text = outcome_text(Language::English, &m, &names, &outcome);
        assert!(text.starts_with("Alice (White) wins"), "{text}");
        let text = outcome_text(Language::English, &m, &[], &outcome);
        assert!(text.starts_with("White wins"), "{text}");
    }

    #[test]
    fn chess_moves_read_with_russian_and_ukrainian_letters() {
        assert_eq!(chess_letters(Language::Russian, "Nxe5+"), "Кxe5+");
        assert_eq!(chess_letters(Language::Russian, "Rad1"), "Лad1");
        assert_eq!(chess_letters(Language::Ukrainian, "Rad1"), "Тad1");
        assert_eq!(chess_letters(Language::Russian, "exd8=Q#"), "exd8=Ф#");
        assert_eq!(chess_letters(Language::Ukrainian, "Kf1"), "Крf1");
        assert_eq!(chess_letters(Language::Russian, "O-O-O"), "O-O-O");
        assert_eq!(chess_letters(Language::English, "Bb5+"), "Bb5+");
        assert_eq!(chess_letters(Language::Russian, "Jd3"), "Шd3");
        assert_eq!(chess_letters(Language::Russian, "2B. Bxe6"), "2B. Сxe6");
        assert_eq!(chess_letters(Language::Ukrainian, "Gxe7+"), "Гxe7+");
        assert_eq!(chess_letters(Language::Russian, "Ke10(@c2)"), "Крe10(@c2)");
    }
}
