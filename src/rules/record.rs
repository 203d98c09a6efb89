//! Games on disk: PGN-like replay files and RON save files. Both store moves in the
//! game's notation, so a file stays readable and survives changes to the engine.

use super::clock::clk;
use super::clock::{Millis, TimeControl};
use super::computer::Level;
use super::error::Error;
use super::error::shown;
use super::history::{Action, Match, action_notation};
use super::position::{GameId, Position};
use super::side::Side;
use serde::{Deserialize, Serialize};

/// A move token of a move list, with the number written before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub text: String,
    /// The last move of its turn, in games that join a turn's moves with commas.
    pub ends_turn: bool,
}

/// A replay file: its tags and its move tokens.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub tokens: Vec<Token>,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Strips a leading move number (`12.`, `12...`) from a word; returns what follows.
fn strip_number(word: &str) -> &str {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches(['.', '…'])
    } else {
        word
    }
}

/// A tag line, `[Name "value"]`: a name of letters and digits, a quoted value (a line
/// of dice rolls such as `[5] Nf6 [4]` is none).
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some((name, value))
}

/// Reads tags, comments, move numbers and moves; annotations stay on the tokens.
pub fn parse_movetext(text: &str) -> Record {
    let mut record = Record::default();
    let mut body = String::new();
    for line in text.lines() {
        if let Some((name, value)) = tag(line.trim()) {
            record.tags.push((name.to_string(), value.to_string()));
            continue;
        }
        body.push_str(line.split(';').next().unwrap_or(""));
        body.push('\n');
    }
    // Comments `{...}` and variations `(...)` (which nest, and may hold comments)
    // are passed over: the record is the main line.
    let (mut comment, mut variation) = (0, 0);
    let mut clean = String::new();
    for c in body.chars() {
        match c {
            '{' => comment += 1,
            '}' => comment -= 1,
            _ if comment > 0 => {}
            '(' => variation += 1,
            ')' => variation -= 1,
            _ if variation > 0 => {}
            _ => clean.push(c),
        }
    }
    for word in clean.split_whitespace() {
        let word = strip_number(word);
        if word.is_empty() || word.starts_with('$') || word.chars().all(|c| c == '!' || c == '?') {
            continue;
        }
        if is_result(word) {
            break;
        }
        // Rolls of dice written together (`[3][5]`) are one action each.
        for part in word.replace("][", "]\n[").split('\n') {
            record.tokens.push(Token {
                text: part.to_string(),
                ends_turn: true,
            });
        }
    }
    record
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError {
    /// `12.` for White's move, `12...` for Black's; empty for errors before the moves.
    pub number: String,
    pub token: String,
    pub reason: Error,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.number.is_empty() {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "move {} {}: {}", self.number, self.token, self.reason)
        }
    }
}

impl std::error::Error for ReplayError {}

fn setup_error(reason: impl Into<Error>) -> ReplayError {
    ReplayError {
        number: String::new(),
        token: String::new(),
        reason: reason.into(),
    }
}

/// The label of the move about to be played: `12.` or `12...`.
fn move_label(m: &Match) -> String {
    let p = m.position();
    let number = p.move_number();
    if p.turn() == p.first_side() {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// Whether a `[Variant]` tag names `game`: its id, or the name other programs give
/// it (lichess writes `Standard` for chess, and `From Position` for chess from a FEN).
fn names(game: GameId, variant: &str) -> bool {
    variant == game.id()
        || game
            .card()
            .pgn
            .variant_names()
            .contains(&variant.to_lowercase().as_str())
}

/// Plays a replay file's moves from its start position. `options` (id, value) come
/// on top of the file's `[Options]` tag.
pub fn replay(
    game: GameId,
    text: &str,
    options: &[(String, String)],
) -> Result<Match, ReplayError> {
    let record = parse_movetext(text);
    if let Some(variant) = record.tag("Variant")
        && !names(game, variant)
    {
        return Err(setup_error(Error::SavedGame(crate::detail!(
            "detail-saved-other-game",
            "the file is a {variant} game, not {game}",
            variant = shown(variant),
            game = game.id(),
        ))));
    }
    let mut rules: Vec<(String, String)> = Vec::new();
    for pair in record
        .tag("Options")
        .unwrap_or("")
        .split(';')
        .filter(|p| !p.trim().is_empty())
    {
        let (id, value) = pair.split_once('=').ok_or_else(|| {
            setup_error(Error::SavedGame(crate::detail!(
                "detail-saved-options",
                "'{pair}' in [Options] is not id=value",
                pair = shown(pair),
            )))
        })?;
        rules.push((id.trim().to_string(), value.trim().to_string()));
    }
    rules.extend_from_slice(options);
    let start = match record.tag("FEN") {
        Some(fen) => Position::set_up(game, &rules, fen),
        None => Position::new(game, &rules),
    }
    .map_err(setup_error)?;
    // The moves of one turn come joined with commas, and a turn the next token does not
    // continue was ended by its player.
    let turns = start.shown().turn_progress().is_some();
    let record = if turns {
        let tokens = record
            .tokens
            .iter()
            .flat_map(|t| {
                let moves: Vec<&str> = t.text.split(',').filter(|s| !s.is_empty()).collect();
                let last = moves.len().saturating_sub(1);
                moves.into_iter().enumerate().map(move |(i, text)| Token {
                    text: text.to_string(),
                    ends_turn: i == last,
                })
            })
            .collect();
        Record { tokens, ..record }
    } else {
        record
    };
    let mut m = Match::new(start);
    if let Some(id) = record.tag("Clocks") {
        let control = TimeControl::from_tag(id).ok_or_else(|| {
            setup_error(Error::SavedGame(crate::detail!(
                "detail-saved-clocks",
                "'{text}' is not a time control",
                text = shown(id),
            )))
        })?;
        m.set_time_control(control);
    }
    let mut i = 0;
    while i < record.tokens.len() {
        let number = move_label(&m);
        let first = &record.tokens[i].text;
        let mut result = m.play_text(first);
        let mut text = first.clone();
        let mut attempts = Vec::new();
        let mut used = 1;
        // Chess for three writes its diplomacy in several words (`W>R servant?`), and
        // Chapayev its shots (`flick W3 th=90.0000 s=0.4200 e=0.0000`).
        while let Err(e) = &result {
            attempts.push((text.clone(), e.clone()));
            if used >= 6 || i + used >= record.tokens.len() {
                break;
            }
            text = format!("{text} {}", record.tokens[i + used].text);
            used += 1;
            result = m.play_text(&text);
        }
        if result.is_err() {
            // The reason worth showing is the first one about a readable move; a reason
            // quoting its text ("'flick' is not a shot") says the words did not make one.
            let (token, reason) = attempts
                .iter()
                .find(|(_, e)| !e.to_string().starts_with('\''))
                .or(attempts.last())
                .cloned()
                .expect("a failed move was tried");
            return Err(ReplayError {
                number,
                token,
                reason,
            });
        }
        i += used;
        // Where the player may end a turn (everyone-moves chess), a token that stops
        // short of the turn's end was ended there.
        let ended = record.tokens[i - 1].ends_turn;
        let going_on = m
            .position()
            .shown()
            .turn_progress()
            .is_some_and(|(n, _)| n > 1);
        let end = crate::rules::family::END_TURN;
        if turns
            && ended
            && going_on
            && i < record.tokens.len()
            && m.position().parse_move(end).is_ok()
        {
            m.play_text(end).map_err(|e| ReplayError {
                number: move_label(&m),
                token: record.tokens[i - 1].text.clone(),
                reason: e,
            })?;
        }
    }
    restore_clocks(&mut m, &clock_readings(text));
    Ok(m)
}

/// The result token of a replay file: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game
/// goes on (and for a third player's win, which the two-sided tokens cannot say).
/// The PGN result token of a match: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
pub fn result_token(m: &Match) -> &'static str {
    match m.outcome() {
        None => "*",
        Some(o) => match o.winner {
            None => "1/2-1/2",
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            Some(_) => "*",
        },
    }
}

/// A game or position pasted as text: a replay file or PGN (tags and moves), bare
/// moves, or a position as the game's set-up text (FEN for chess). Where neither
/// reads, the error is the moves' (a position is tried only as a last resort).
pub fn read_pasted(
    game: GameId,
    options: &[(String, String)],
    text: &str,
) -> Result<Match, ReplayError> {
    replay(game, text, options).or_else(|moves| {
        Position::set_up(game, options, text.trim())
            .map(Match::new)
            .map_err(|_| moves)
    })
}

/// The `[Options]` tag's value: the house rules off their defaults, `id=value` joined
/// by `;`, where any are; a game read back without it would be played under others.
pub(super) fn options_tag(start: &Position) -> Option<String> {
    let options: Vec<String> = start
        .changed_options()
        .iter()
        .map(|(id, value)| format!("{id}={value}"))
        .collect();
    (!options.is_empty()).then(|| options.join(";"))
}

/// A replay file of a match (`CHESS-FAMILY.md`'s family format): the `[Variant]` tag,
/// `[Options]` for house rules off their defaults, `[FEN]` for a set-up start, `[Seed]`
/// where the app rolls dice (informational: the rolls are in the moves), the
/// `[Result]` and, for a finished game, its `[Termination]` reason, then the numbered
/// moves up to the position shown.
pub fn replay_file(m: &Match) -> String {
    let start = m.start();
    let mut out = format!("[Variant \"{}\"]\n", m.game().id());
    if let Some(options) = options_tag(start) {
        out.push_str(&format!("[Options \"{options}\"]\n"));
    }
    if let Some(fen) = start.set_up_text() {
        out.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    if start.shown().dice().is_some() {
        out.push_str(&format!("[Seed \"{}\"]\n", m.seed()));
    }
    let control = m.time_control();
    if control != TimeControl::None {
        out.push_str(&format!("[Clocks \"{}\"]\n", control.tag()));
    }
    let result = result_token(m);
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if let Some(outcome) = m.outcome() {
        out.push_str(&format!("[Termination \"{}\"]\n", outcome.reason.id()));
    }
    out.push('\n');
    let moves = numbered(m, true);
    if !moves.is_empty() {
        out.push_str(&moves);
        out.push(' ');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// Reads a replay file of any game: the game from its `[Variant]` tag (chess without
/// one, as in PGN), the dice's seed from `[Seed]`.
pub fn read_replay_file(text: &str) -> Result<Match, ReplayError> {
    let record = parse_movetext(text);
    let game = GameId::from_id(record.tag("Variant").unwrap_or("chess")).map_err(setup_error)?;
    let mut m = replay(game, text, &[])?;
    if let Some(seed) = record.tag("Seed").and_then(|s| s.parse().ok()) {
        m.set_seed(seed);
    }
    Ok(m)
}

/// The `[%clk h:mm:ss]` readings of a movetext, in order.
fn clock_readings(text: &str) -> Vec<Millis> {
    text.split("[%clk ")
        .skip(1)
        .filter_map(|rest| {
            let reading = rest.split(']').next()?;
            let parts: Vec<u64> = reading
                .trim()
                .split(':')
                .map(|p| p.parse().ok())
                .collect::<Option<_>>()?;
            let seconds = parts.iter().fold(0u64, |total, p| total * 60 + p);
            Some(seconds * 1000)
        })
        .collect()
}

/// Puts a replay file's clock readings on the positions where turns were handed
/// over, each to the seat that had just moved.
fn restore_clocks(m: &mut Match, readings: &[Millis]) {
    let mut readings = readings.iter();
    for i in 0..m.all_actions().len() {
        let seat = m.state_before(i).position.seats().seat_to_move();
        if m.state_before(i + 1).position.seats().seat_to_move() == seat {
            continue;
        }
        let Some(&left) = readings.next() else { break };
        // The other seats read as they did a move before, already put right.
        let Some(clock) = m.state_before(i).clock.as_ref() else {
            return;
        };
        let mut all: Vec<Millis> = clock.seats.iter().map(|r| r.left).collect();
        if let Some(l) = all.get_mut(seat) {
            *l = left;
        }
        m.set_time_left(i + 1, &all);
    }
}

/// Writes a match as a numbered move list: `1. e4 e5 2. Nf3`.
pub fn movetext(m: &Match) -> String {
    numbered(m, false)
}

/// The numbered moves, with the mover's clock reading after each turn as PGN writes
/// it (`{[%clk 0:12:34]}`) where `clocks` and the match has them.
pub fn numbered(m: &Match, clocks: bool) -> String {
    let mut out: Vec<String> = Vec::new();
    for (i, action) in m.actions().iter().enumerate() {
        let position = &m.state_before(i).position;
        push_turn(&mut out, i, position, action);
        // A turn handed over: the mover's clock as it stopped.
        let after = m.state_before(i + 1);
        let seat = action.actor(position);
        if clocks
            && !after.position.seats().seats_on_move().contains(&seat)
            && let Some(reading) = after.clock.as_ref().and_then(|c| c.seats.get(seat))
        {
            out.push(format!("{{[%clk {}]}}", clk(reading.left)));
        }
    }
    out.join(" ")
}

/// Adds action `i` to a move list: joined to its turn's token, or as a new numbered
/// one; an End turn is not written, the turn ending where its moves' token does.
fn push_turn(out: &mut Vec<String>, i: usize, position: &Position, action: &Action) {
    if ends_turn(position, action) {
        return;
    }
    let text = action_notation(position, action);
    // A turn's later actions join its first: `e5,Nc6`, `[6] e4`.
    if let Some(separator) = joined(position, action)
        && let Some(last) = out.last_mut()
    {
        last.push_str(separator);
        last.push_str(&text);
        return;
    }
    let white = position.turn() == position.first_side();
    if position.shown().numbers_moves() && (white || i == 0) {
        let n = position.move_number();
        out.push(if white {
            format!("{n}.")
        } else {
            format!("{n}...")
        });
    }
    out.push(text);
}

/// How `action`, played in `position`, joins the action before it in a move list,
/// where both belong to one turn (see [`Position::joins_previous`]).
pub fn joined(position: &Position, action: &Action) -> Option<&'static str> {
    if !matches!(action, Action::Play(_)) || ends_turn(position, action) {
        return None;
    }
    position.shown().joins_previous()
}

/// Whether `action` is a player ending a turn of several moves, which move lists do
/// not write: the turn ends where its comma-joined moves do.
pub fn ends_turn(position: &Position, action: &Action) -> bool {
    matches!(action, Action::Play(mv) if position.is_pass(mv))
        && position.shown().turn_progress().is_some()
}

/// A saved game: what it is, its house rules, the player names and its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub game: String,
    /// House rules that differ from the defaults.
    pub options: Vec<(String, String)>,
    /// A non-standard start position (FEN for chess).
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub seats: Vec<String>,
    /// The seats the computer plays.
    #[serde(default)]
    pub computer: Vec<bool>,
    /// How well it plays in each seat.
    #[serde(default)]
    pub levels: Vec<Level>,
    /// Seconds a move for the hard level.
    #[serde(default = "default_think_seconds")]
    pub think_seconds: u32,
    /// Every recorded action in notation, including undone ones past `cursor`.
    pub actions: Vec<String>,
    /// How many of `actions` are in effect.
    pub cursor: usize,
    /// The seed of the dice the app rolls, so that the game goes on with the same.
    #[serde(default)]
    pub seed: u64,
    /// The clocks' time control.
    #[serde(default)]
    pub time_control: TimeControl,
    /// The time left per seat after each recorded action (empty without clocks).
    #[serde(default)]
    pub time_left: Vec<Vec<Millis>>,
    /// The time left per seat when saved, the move in progress included (empty
    /// without clocks, or when an earlier position was shown).
    #[serde(default)]
    pub clock_now: Vec<Millis>,
}

/// The hard level's thinking time a move, unless chosen otherwise.
pub fn default_think_seconds() -> u32 {
    2
}

impl SavedGame {
    pub fn from_match(m: &Match, seats: &[String]) -> SavedGame {
        // The games that can start from a set-up position keep it.
        let start = m.start().set_up_text();
        let mut replayed = Match::new(m.start().clone());
        let actions = m
            .all_actions()
            .iter()
            .map(|a| {
                let text = action_notation(replayed.position(), a);
                replayed.play(*a).expect("a recorded action replays");
                text
            })
            .collect();
        SavedGame {
            game: m.game().id().to_string(),
            options: m.start().changed_options(),
            start,
            seats: seats.to_vec(),
            computer: Vec::new(),
            levels: Vec::new(),
            think_seconds: default_think_seconds(),
            actions,
            cursor: m.cursor(),
            seed: m.seed(),
            time_control: m.time_control(),
            time_left: (1..=m.all_actions().len())
                .filter_map(|i| m.state_before(i).clock.as_ref())
                .map(|c| c.seats.iter().map(|r| r.left).collect())
                .collect(),
            clock_now: m
                .clock()
                .filter(|_| !m.can_redo())
                .map(|c| c.seats.iter().map(|r| r.left).collect())
                .unwrap_or_default(),
        }
    }

    /// Rebuilds the match, checking every action.
    pub fn to_match(&self) -> Result<Match, Error> {
        let game = GameId::from_id(&self.game)?;
        let start = match &self.start {
            Some(text) => Position::set_up(game, &self.options, text)?,
            None => Position::new(game, &self.options)?,
        };
        let mut m = Match::new(start);
        m.set_seed(self.seed);
        m.set_time_control(self.time_control);
        for (i, text) in self.actions.iter().enumerate() {
            m.play_text(text).map_err(|e| Error::SavedAction {
                n: i + 1,
                text: shown(text),
                reason: Box::new(e),
            })?;
            if let Some(left) = self.time_left.get(i) {
                m.set_time_left(i + 1, left);
            }
        }
        m.go_to(self.cursor);
        if !m.can_redo() {
            m.set_clock_now(&self.clock_now);
        }
        Ok(m)
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a saved game always serialises")
    }

    pub fn from_ron(text: &str) -> Result<SavedGame, Error> {
        ron::from_str(text).map_err(|e| {
            Error::SavedGame(crate::detail!(
                "detail-saved-not-doska",
                "not a Doska saved game: {problem}",
                problem = e,
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_skips_tags_numbers_comments_and_marks() {
        let r = parse_movetext(
            "[Variant \"chess\"]\n[Result \"*\"]\n1. e4 {best by test} e5 2.Nf3 $1 Nc6!? 3... ; a comment\n1-0 ignored",
        );
        assert_eq!(r.tag("Variant"), Some("chess"));
        let tokens: Vec<&str> = r.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(tokens, ["e4", "e5", "Nf3", "Nc6!?"]);
    }

    #[test]
    fn replay_names_the_first_bad_move() {
        let err = replay(GameId::Chess, "1. e4 e5 2. Ke3 Nc6", &[]).unwrap_err();
        assert_eq!(err.to_string(), "move 2. Ke3: Ke3 is not legal here");
        let err = replay(GameId::ZShashmaty, "1. cd4 Kc5 2. Kh4 fe5 3. gf4", &[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 3. gf4: gf4 is not legal: a capture is compulsory"
        );
        let err = replay(GameId::ZShashmaty, "1. cd4 Kd8", &[]).unwrap_err();
        assert_eq!(err.number, "1...");
        assert!(replay(GameId::Chess, "[Variant \"z-shashmaty\"]\n1. e4", &[]).is_err());
        assert!(
            replay(
                GameId::Chess,
                "[Options \"draw_claim=sometimes\"]\n1. e4",
                &[]
            )
            .is_err()
        );
    }

    #[test]
    fn replay_reads_fen_and_options() {
        let m = replay(
            GameId::Chess,
            "[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n[Options \"draw_claim=claim\"]\n1. a8=Q+",
            &[],
        )
        .unwrap();
        assert_eq!(movetext(&m), "1. a8=Q+");
        assert_eq!(
            m.start().changed_options(),
            [("draw_claim".to_string(), "claim".to_string())]
        );
    }

    #[test]
    fn pasted_text_reads_as_moves_a_pgn_or_a_position() {
        let moves = read_pasted(GameId::Chess, &[], "1. e4 e5 2. Nf3").unwrap();
        assert_eq!(moves.actions().len(), 3);
        let pgn = read_pasted(GameId::Chess, &[], "[Event \"?\"]\n\n1. d4 d5 *").unwrap();
        assert_eq!(pgn.notation(1), "d5");
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
        let position = read_pasted(GameId::Chess, &[], fen).unwrap();
        assert_eq!(position.start().set_up_text().as_deref(), Some(fen));
        assert!(read_pasted(GameId::Chess, &[], "1. e5").is_err());
    }

    #[test]
    fn a_corrupt_save_is_refused_with_a_message() {
        let e = SavedGame::from_ron("(game: \"chess\"").unwrap_err();
        assert!(e.to_string().contains("not a Doska saved game"), "{e}");
        let bad = SavedGame {
            game: "chess".into(),
            options: Vec::new(),
            start: None,
            seats: Vec::new(),
            computer: Vec::new(),
            levels: Vec::new(),
            think_seconds: 2,
            actions: vec!["e4".into(), "e4".into()],
            cursor: 2,
            seed: 0,
            time_control: TimeControl::None,
            time_left: Vec::new(),
            clock_now: Vec::new(),
        };
        let e = bad.to_match().unwrap_err();
        assert_eq!(e.to_string(), "action 2 (e4): e4 is not legal here");
        assert!(matches!(e, Error::SavedAction { n: 2, .. }), "{e:?}");
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;

    fn played(game: GameId, options: &[(&str, &str)], moves: &[&str]) -> Match {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let mut m = Match::new(Position::new(game, &options).unwrap());
        for t in moves {
            m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        m
    }

    #[test]
    fn a_replay_file_has_the_family_tags_and_reads_back() {
        let mut m = played(
            GameId::DiceChess,
            &[("dice", "three-choose-one")],
            &["[6,2,4]", "e4", "[3,3,1]", "--"],
        );
        m.set_seed(9);
        let text = replay_file(&m);
        assert_eq!(
            text,
            "[Variant \"dice-chess\"]\n[Options \"dice=three-choose-one\"]\n[Seed \"9\"]\n\
             [Result \"*\"]\n\n1. [6,2,4] e4 [3,3,1] -- *\n"
        );
        let back = read_replay_file(&text).unwrap();
        assert_eq!(back.position(), m.position());
        assert_eq!(back.seed(), 9);

        let m = played(GameId::DoubleMove, &[], &["e4", "e5", "Nc6", "Qh5", "Qxf7"]);
        let text = replay_file(&m);
        assert!(text.ends_with("1. e4 e5,Nc6 2. Qh5,Qxf7 *\n"), "{text}");
        assert_eq!(read_replay_file(&text).unwrap().position(), m.position());
    }

    #[test]
    fn a_replay_file_keeps_a_set_up_start_and_the_result() {
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let mut m = Match::new(Position::set_up(GameId::Chess, &[], fen).unwrap());
        for t in [
            "Ra7", "Kf8", "Kf2", "Kg8", "Kg3", "Kf8", "Kg4", "Kg8", "Kg5", "Kf8", "Kg6", "Kg8",
            "Ra8#",
        ] {
            m.play_text(t).unwrap();
        }
        let text = replay_file(&m);
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(
            text.contains("[Result \"1-0\"]") && text.ends_with("Ra8# 1-0\n"),
            "{text}"
        );
        assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
        let back = read_replay_file(&text).unwrap();
        assert_eq!(back.outcome(), m.outcome());
        assert!(read_replay_file("[Variant \"no-such-game\"]\n1. e4").is_err());
    }
}

#[cfg(test)]
mod clock_tests {
    use super::*;

    #[test]
    fn a_saved_game_keeps_the_time_spent_on_the_move_in_progress() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        m.set_time_control(TimeControl::Fischer {
            base: 60_000,
            increment: 0,
        });
        m.play_text("e4").unwrap();
        // Black thinks 14 s, and the game is saved then.
        m.tick(14_000);
        let back = SavedGame::from_ron(&SavedGame::from_match(&m, &[]).to_ron())
            .unwrap()
            .to_match()
            .unwrap();
        let left: Vec<Millis> = back.clock().unwrap().seats.iter().map(|r| r.left).collect();
        assert_eq!(left, [60_000, 46_000]);
    }

    #[test]
    fn a_replay_file_keeps_the_clock_readings() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        m.set_time_control(TimeControl::Fischer {
            base: 180_000,
            increment: 2_000,
        });
        m.tick(4_000);
        m.play_text("e4").unwrap();
        m.tick(61_000);
        m.play_text("e5").unwrap();
        let text = replay_file(&m);
        assert!(text.contains("[Clocks \"blitz-3-2\"]"), "{text}");
        assert!(
            text.contains("1. e4 {[%clk 0:02:58]} e5 {[%clk 0:02:01]}"),
            "{text}"
        );
        let back = read_replay_file(&text).unwrap();
        let left: Vec<Millis> = back.clock().unwrap().seats.iter().map(|r| r.left).collect();
        assert_eq!(left, [178_000, 121_000]);
        assert!(read_replay_file("[Clocks \"hourglass\"]\n1. e4").is_err());
    }
}
