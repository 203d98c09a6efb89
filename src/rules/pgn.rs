//! PGN as other programs read it: the Seven Tag Roster first, in its order, then the
//! start and the clocks, then the moves in SAN with each move's clock as lichess writes
//! it (`{ [%clk 0:02:58] }`), lines under 80 characters (the PGN standard's export
//! format).
//!
//! What PGN has no move for is written as a comment where it happened: a draw offered
//! (`{ draw offered }`), a claim. A resignation or an agreed draw shows in the result
//! and the `Termination` tag. Games other than chess keep their own notation under a
//! `[Variant]` tag, and house rules off their defaults are in an `[Options]` tag, as
//! in their replay files.
//!
//! Bughouse is written as BPGN, as FICS wrote it and pychess-variants reads it: the
//! four players' tags (`WhiteA`, `BlackA`, `WhiteB`, `BlackB`), each move labelled
//! with its board and colour (`1A. e4 1a. d5 1B. d4`), the mover's time left in
//! seconds after it (`{179.9}`), and the result the team of A's White and B's Black
//! scored.

use super::Side;
use super::clock::{Millis, TimeControl, clk};
use super::game::Pgn;
use super::history::{Action, Match};
use super::record::{numbered, options_tag, result_token};

/// Who played and where, for the roster's tags; empty ones are written as PGN's
/// "unknown" (`?`, `????.??.??`).
#[derive(Clone, Debug, Default)]
pub struct Roster {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// The players' names, one per seat in the game's order (White, Black; bughouse's
    /// A White, A Black, B White, B Black).
    pub players: Vec<String>,
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
    let player = |i: usize| unknown(roster.players.get(i).map_or("", String::as_str), "?");
    let format = m.game().card().pgn;
    let bughouse = format == Pgn::Bughouse;
    let mut tags = vec![
        ("Event", unknown(&roster.event, "?")),
        ("Site", unknown(&roster.site, "?")),
        ("Date", unknown(&roster.date, "????.??.??")),
    ];
    if bughouse {
        for (i, tag) in ["WhiteA", "BlackA", "WhiteB", "BlackB"]
            .into_iter()
            .enumerate()
        {
            tags.push((tag, player(i)));
        }
    } else {
        tags.push(("Round", "-".to_string()));
        tags.push(("White", player(0)));
        tags.push(("Black", player(1)));
    }
    tags.push(("Result", result.to_string()));
    let start = m.start();
    if format != Pgn::Chess {
        tags.push(("Variant", m.game().id().to_string()));
    }
    if let Some(options) = options_tag(start) {
        tags.push(("Options", options));
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
    let mut tokens = match format {
        Pgn::Chess => movetext(m),
        Pgn::Bughouse => bughouse_movetext(m),
        Pgn::Numbered => numbered(m, true)
            .split_whitespace()
            .map(String::from)
            .collect(),
    };
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

/// Bughouse's moves as BPGN writes them: each labelled by its board and colour, with
/// the mover's time left in seconds.
fn bughouse_movetext(m: &Match) -> Vec<String> {
    let mut out = Vec::new();
    for (i, action) in m.actions().iter().enumerate() {
        let before = &m.state_before(i).position;
        let Some(mv) = action.moved() else {
            continue;
        };
        // The notation carries the label: `1A. e4`.
        out.extend(before.notation(&mv).split_whitespace().map(String::from));
        let seat = action.actor(before);
        if let Some(reading) = m
            .state_before(i + 1)
            .clock
            .as_ref()
            .and_then(|c| c.seats.get(seat))
        {
            out.push(format!("{{{:.1}}}", reading.left as f64 / 1000.0));
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
    use crate::rules::record::replay;
    use crate::rules::{GameId, Position};

    /// A blitz game with a draw offered on the way and a resignation at the end.
    const OFFERED_THEN_RESIGNED: [&str; 8] = [
        "e4",
        "e5",
        "Nf3",
        "draw-offer",
        "Nc6",
        "Bb5",
        "a6",
        "resign",
    ];

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
        let m = played(&OFFERED_THEN_RESIGNED);
        let roster = Roster {
            event: "Club \"night\"".into(),
            players: vec!["Ann".into()],
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

    #[test]
    fn bughouse_is_written_as_bpgn_and_reads_back() {
        let mut m = Match::new(Position::new(GameId::Bughouse, &[]).unwrap());
        m.set_time_control(TimeControl::from_id("blitz-5").unwrap());
        for text in ["1A. e4", "1a. d5", "1B. d4", "2A. exd5"] {
            m.play_text(text).unwrap();
            m.tick(100);
        }
        let roster = Roster {
            players: ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec(),
            ..Roster::default()
        };
        let text = pgn(&m, &roster);
        for tag in [
            "[WhiteA \"Ann\"]",
            "[BlackA \"Bo\"]",
            "[WhiteB \"Cy\"]",
            "[BlackB \"Di\"]",
            "[Variant \"bughouse\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(
            text.contains("1A. e4 {300.0} 1a. d5 {299.9} 1B. d4 {299.8}"),
            "{text}"
        );
        let again = replay(GameId::Bughouse, &text, &[]).unwrap();
        assert_eq!(again.actions(), m.actions());
    }

    #[test]
    fn other_games_keep_their_notation_under_their_variant() {
        let mut m = Match::new(Position::new(GameId::Reversi, &[]).unwrap());
        for text in ["d5", "d4", "e5"] {
            m.play_text(text).unwrap();
        }
        let text = pgn(&m, &Roster::default());
        assert!(text.contains("[Variant \"reversi\"]"));
        assert!(text.contains("1. d5 d4 2. e5 *"), "{text}");
        assert_eq!(
            replay(GameId::Reversi, &text, &[]).unwrap().actions(),
            m.actions()
        );
    }

    #[test]
    fn house_rules_changed_are_tagged_and_read_back() {
        let rules = [("neutrality".to_string(), "off".to_string())];
        let mut m = Match::new(Position::new(GameId::TriChess, &rules).unwrap());
        m.play_text("NWP2-WS3").unwrap();
        let text = pgn(&m, &Roster::default());
        assert!(text.contains("[Options \"neutrality=off\"]"), "{text}");
        let back = replay(GameId::TriChess, &text, &[]).unwrap();
        assert_eq!(back.start().changed_options(), m.start().changed_options());
        assert_eq!(back.actions(), m.actions());
    }

    /// Two games exported from lichess, as lichess wrote them: one analysed (comments,
    /// variations, `?!` marks), one with the clocks.
    #[test]
    fn lichess_exports_read() {
        let analysed = include_str!("../../tests/data/lichess-eOXqcPAS.pgn");
        let m = replay(GameId::Chess, analysed, &[]).unwrap();
        assert_eq!(m.actions().len(), 128);
        assert_eq!(result_token(&m), "0-1");
        let timed = include_str!("../../tests/data/lichess-LDMb6LzZ.pgn");
        let m = replay(GameId::Chess, timed, &[]).unwrap();
        assert_eq!(m.actions().len(), 43);
        assert_eq!(m.notation(42), "Rd8+");
    }

    /// Games python-chess wrote read here: one with clocks, a comment, a `$6` and a
    /// variation, one from a set-up position; each ends where python-chess ends it.
    #[test]
    fn games_python_chess_wrote_read() {
        let annotated = include_str!("../../tests/data/python-chess-LDMb6LzZ.pgn");
        let m = replay(GameId::Chess, annotated, &[]).unwrap();
        assert_eq!(m.actions().len(), 43);
        assert_eq!(
            m.position().set_up_text().unwrap(),
            "r2R2k1/pb2rppp/4p3/1p2Pn2/8/2P4P/P1P2PP1/4R1K1 b - - 1 22"
        );
        let set_up = include_str!("../../tests/data/python-chess-setup.pgn");
        let m = replay(GameId::Chess, set_up, &[]).unwrap();
        assert_eq!(m.actions().len(), 5);
        assert_eq!(
            m.position().set_up_text().unwrap(),
            "N4r1k/6pp/3P4/8/8/8/8/2KR3R b - - 0 32"
        );
    }

    /// python-chess reads every chess game written here: the same moves to the same
    /// final position, with no errors. (It needs `python3` with the `chess` package,
    /// which the CI script installs.)
    #[test]
    fn python_chess_reads_what_is_written() {
        let mut games = Vec::new();
        for file in [
            include_str!("../../tests/data/lichess-eOXqcPAS.pgn"),
            include_str!("../../tests/data/lichess-LDMb6LzZ.pgn"),
        ] {
            games.push(replay(GameId::Chess, file, &[]).unwrap());
        }
        games.push(played(&OFFERED_THEN_RESIGNED));
        // Castling both ways, en passant and an under-promotion, from a set-up start.
        let mut m = Match::new(
            Position::set_up(
                GameId::Chess,
                &[],
                "r3k2r/1P4pp/8/3pP3/8/8/8/R3K2R w KQkq d6 0 30",
            )
            .unwrap(),
        );
        for text in ["exd6", "O-O", "O-O-O", "Kh8", "bxa8=N"] {
            m.play_text(text).unwrap();
        }
        games.push(m);
        let mut script = String::from(
            "import chess.pgn, io, sys\nfor text, fen, n in GAMES:\n    g = chess.pgn.read_game(io.StringIO(text))\n    assert not g.errors, g.errors\n    b = g.end().board()\n    assert len(list(g.mainline_moves())) == n, (len(list(g.mainline_moves())), n)\n    assert b.fen() == fen, (b.fen(), fen)\nprint('read', len(GAMES))\n",
        );
        let mut data = String::from("GAMES = [\n");
        for m in &games {
            let text = pgn(m, &Roster::default());
            let fen = m.position().set_up_text().unwrap();
            let moves = m.actions().iter().filter(|a| a.moved().is_some()).count();
            data.push_str(&format!("({text:?}, {fen:?}, {moves}),\n"));
        }
        data.push_str("]\n");
        script.insert_str(0, &data);
        let out = std::process::Command::new("python3")
            .arg("-c")
            .arg(&script)
            .output()
            .expect("python3 runs (the CI script installs it with the chess package)");
        assert!(
            out.status.success(),
            "python-chess refused: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "read 4");
    }
}
