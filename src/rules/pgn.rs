//! PGN as other programs read it: the Seven Tag Roster first, in its order, then the
//! start and the clocks, then the moves in SAN with each move's clock as lichess writes
//! it (`{ [%clk 0:02:58] }`), lines under 80 characters (the PGN standard's export
//! format).
//!
//! What PGN has no move for is written as a comment where it happened: a draw offered
//! (`{ draw offered }`), a claim. A resignation or an agreed draw shows in the result
//! and the `Termination` tag. Games other than chess keep their own notation under a
//! `[Variant]` tag, as their replay files do.

use super::clock::{Millis, TimeControl, clk};
use super::history::{Action, Match};
use super::record::result_token;
use super::{GameId, Side};

/// Who played and where, for the roster's tags; empty ones are written as PGN's
/// "unknown" (`?`, `????.??.??`).
#[derive(Clone, Debug, Default)]
pub struct Roster {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub white: String,
    pub black: String,
}

/// The match as PGN, up to the end of its record.
pub fn pgn(m: &Match, roster: &Roster) -> String {
    let unknown = |s: &str, or: &str| {
        if s.trim().is_empty() {
            or.to_string()
        } else {
            s.replace(['"', '\\'], "")
        }
    };
    let result = result_token(m);
    let mut tags = vec![
        ("Event", unknown(&roster.event, "?")),
        ("Site", unknown(&roster.site, "?")),
        ("Date", unknown(&roster.date, "????.??.??")),
        ("Round", "-".to_string()),
        ("White", unknown(&roster.white, "?")),
        ("Black", unknown(&roster.black, "?")),
        ("Result", result.to_string()),
    ];
    let start = m.start();
    if m.game() != GameId::Chess {
        tags.push(("Variant", m.game().id().to_string()));
    }
    if let Some(fen) = start.set_up_text() {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", fen));
    }
    let control = m.time_control();
    if control != TimeControl::None {
        tags.push(("TimeControl", time_control(control)));
    }
    if let Some(outcome) = m.outcome() {
        tags.push(("Termination", outcome.reason.id().to_string()));
    }
    let mut out: String = tags
        .iter()
        .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
        .collect();
    out.push('\n');
    let mut tokens = movetext(m);
    tokens.push(result.to_string());
    out.push_str(&wrap(&tokens, 79));
    out.push('\n');
    out
}

/// PGN's `TimeControl`: seconds, `base+increment` (`40/5400:1800` for periods, the
/// first period only being the standard's own form for a move count).
fn time_control(control: TimeControl) -> String {
    let s = |ms: Millis| ms / 1000;
    match control {
        TimeControl::None => "-".into(),
        TimeControl::SuddenDeath { base } => s(base).to_string(),
        TimeControl::Fischer { base, increment } => format!("{}+{}", s(base), s(increment)),
        TimeControl::Bronstein { base, delay } | TimeControl::SimpleDelay { base, delay } => {
            format!("{}+{}", s(base), s(delay))
        }
        TimeControl::Periods { moves, base, then } => {
            format!("{moves}/{}:{}", s(base), s(then))
        }
    }
}

/// The moves as tokens: numbers, moves, and comments for the clocks and for what PGN
/// has no move for.
fn movetext(m: &Match) -> Vec<String> {
    let mut out = Vec::new();
    // After a comment, Black's move takes its number again (`3... Nf6`).
    let mut renumber = true;
    for (i, action) in m.actions().iter().enumerate() {
        let before = &m.state_before(i).position;
        let white = before.turn() == Side::White;
        let number = before.move_number();
        let said = match action {
            Action::Play(mv) | Action::ClaimDrawWith(mv) => Some(before.notation(mv)),
            _ => None,
        };
        if let Some(said) = said {
            if white {
                out.push(format!("{number}."));
            } else if renumber {
                out.push(format!("{number}..."));
            }
            out.push(said);
            renumber = false;
        }
        let comment = match action {
            Action::OfferDraw => Some("draw offered".to_string()),
            Action::ClaimDrawWith(_) | Action::ClaimDraw => Some("draw claimed".to_string()),
            _ => None,
        };
        let seat = before.seats().seat_to_move();
        let clock = (action.moved().is_some())
            .then(|| m.state_before(i + 1).clock.as_ref())
            .flatten()
            .and_then(|c| c.seats.get(seat))
            .map(|r| format!("[%clk {}]", clk(r.left)));
        let words: Vec<String> = clock.into_iter().chain(comment).collect();
        if !words.is_empty() {
            out.push(format!("{{ {} }}", words.join(" ")));
            renumber = true;
        }
    }
    out
}

/// Joins tokens into lines of at most `width` characters.
fn wrap(tokens: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    lines.push(line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use crate::rules::record::replay;

    fn played(moves: &[&str]) -> Match {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        m.set_time_control(TimeControl::from_id("blitz-3-2").unwrap());
        for text in moves {
            m.play_text(text).unwrap();
            m.tick(1500);
        }
        m
    }

    #[test]
    fn chess_is_written_with_the_roster_sans_and_clocks_and_reads_back() {
        let m = played(&[
            "e4",
            "e5",
            "Nf3",
            "draw-offer",
            "Nc6",
            "Bb5",
            "a6",
            "resign",
        ]);
        let roster = Roster {
            event: "Club \"night\"".into(),
            white: "Ann".into(),
            ..Roster::default()
        };
        let text = pgn(&m, &roster);
        let tags: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('['))
            .map(|l| l[1..].split(' ').next().unwrap())
            .collect();
        assert_eq!(
            tags[..7],
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        assert!(text.contains("[Event \"Club night\"]"));
        assert!(text.contains("[Result \"0-1\"]"));
        assert!(text.contains("[TimeControl \"180+2\"]"));
        let one_line = text.replace('\n', " ");
        assert!(
            one_line.contains("2. Nf3 { [%clk 0:03:02] } { draw offered } 2... Nc6"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() < 80));
        assert!(text.trim_end().ends_with("0-1"));
        // Our own reader takes it back, moves and all.
        let again = replay(GameId::Chess, &text, &[]).unwrap();
        let moves = |m: &Match| -> Vec<String> {
            (0..m.actions().len())
                .filter(|&i| m.actions()[i].moved().is_some())
                .map(|i| m.notation(i))
                .collect()
        };
        assert_eq!(moves(&again), moves(&m));
    }

    #[test]
    fn long_games_wrap_and_set_up_starts_are_tagged() {
        let mut m = Match::new(
            Position::set_up(GameId::Chess, &[], "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").unwrap(),
        );
        for _ in 0..30 {
            let Some(a) = m.legal_actions().into_iter().find(|a| a.moved().is_some()) else {
                break;
            };
            m.play(a).unwrap();
        }
        let text = pgn(&m, &Roster::default());
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]"));
        assert!(text.lines().all(|l| l.chars().count() < 80));
        assert!(text.lines().filter(|l| !l.starts_with('[')).count() > 2);
    }
}
