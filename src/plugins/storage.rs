//! Files: settings, saved games and the autosave, in the user's folders. Writes go to a
//! temporary file that is then renamed, so a crash never leaves half a file.

use super::file_error::FileError;
use super::session::{AppSystems, Draft, GameChosen, Screen, Session};
use crate::folders::{Folders, write_atomically};
use crate::i18n::Language;
use crate::rules::record::{SavedGame, read_replay_file, replay_file};
use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What is remembered between runs.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub language: Language,
    /// Chess for three: turn the hexagon so the player to move sits at the bottom.
    #[serde(default)]
    pub follow_turn: bool,
    /// Sound switched off.
    #[serde(default)]
    pub muted: bool,
    /// Pieces jump to where they go instead of sliding there.
    #[serde(default)]
    pub reduced_motion: bool,
    /// Stronger colours for the board's squares and marks and for the panels' text.
    #[serde(default)]
    pub high_contrast: bool,
    /// The house rules and seats last started, by game id, for the setup screen.
    #[serde(default)]
    pub last_setup: std::collections::BTreeMap<String, LastSetup>,
}

/// A game's setup as it was last started.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LastSetup {
    pub options: Vec<(String, String)>,
    pub seats: Vec<String>,
    pub computer: Vec<bool>,
    #[serde(default)]
    pub levels: Vec<crate::engine::search::Level>,
    #[serde(default = "crate::rules::record::default_think_seconds")]
    pub think_seconds: u32,
    #[serde(default)]
    pub time_control: crate::rules::clock::TimeControl,
}

impl LastSetup {
    pub fn of(draft: &Draft) -> LastSetup {
        LastSetup {
            options: draft.options.clone(),
            seats: draft.seats.clone(),
            computer: draft.computer.clone(),
            levels: draft.levels.clone(),
            think_seconds: draft.think_seconds,
            time_control: draft.time_control,
        }
    }

    /// `draft` with the remembered choices put back, keeping only house rules the
    /// game still has with values it still takes.
    pub fn restore(&self, draft: &Draft) -> Draft {
        let mut draft = draft.clone();
        let specs = draft.game.option_specs();
        for (id, value) in &self.options {
            let known = specs.iter().any(|s| s.id == id && s.takes(value));
            if let Some(slot) = draft.options.iter_mut().find(|(k, _)| k == id)
                && known
            {
                slot.1 = value.clone();
            }
        }
        Draft {
            seats: self.seats.clone(),
            computer: self.computer.clone(),
            levels: self.levels.clone(),
            think_seconds: self.think_seconds,
            time_control: self.time_control,
            ..draft
        }
    }
}

/// The app's files in Doska's folders.
impl Folders {
    pub fn settings_file(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    pub fn autosave_file(&self) -> PathBuf {
        self.data.join("autosave.ron")
    }

    pub fn saves(&self) -> PathBuf {
        self.data.join("saves")
    }
}

/// Reads a saved game, or a replay file (`.txt`, `.pgn`), with a message a person
/// understands when it is neither.
pub fn read_saved(path: &Path) -> Result<SavedGame, FileError> {
    let at = || path.to_path_buf();
    let text =
        std::fs::read_to_string(path).map_err(|error| FileError::Io { path: at(), error })?;
    let replay = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("txt") || e.eq_ignore_ascii_case("pgn"));
    if replay {
        let m = read_replay_file(&text).map_err(|error| FileError::Replay {
            path: at(),
            error: Box::new(error),
        })?;
        return Ok(SavedGame::from_match(&m, &[]));
    }
    let game = |error| FileError::Game { path: at(), error };
    let saved = SavedGame::from_ron(&text).map_err(game)?;
    saved.to_match().map_err(game)?;
    Ok(saved)
}

/// Saves the match in the saves folder under `name` (made safe for a file name, and
/// numbered rather than overwriting another save); returns the path.
pub fn save_game(folders: &Folders, session: &Session, name: &str) -> Result<PathBuf, FileError> {
    let safe: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_.,()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let base = if safe.trim_matches(['.', ' ']).is_empty() {
        session.draft().game.id().to_string()
    } else {
        safe
    };
    let path = (1..)
        .map(|n| match n {
            1 => folders.saves().join(format!("{base}.ron")),
            n => folders.saves().join(format!("{base} ({n}).ron")),
        })
        .find(|p| !p.exists())
        .expect("some number is free");
    let write = |path: &Path, text: &str| {
        write_atomically(path, text).map_err(|error| FileError::Io {
            path: path.to_path_buf(),
            error,
        })
    };
    write(&path, &session.saved().to_ron())?;
    // The moves as a replay file beside it, for people, and as PGN (BPGN for
    // bughouse) for other programs.
    write(&path.with_extension("txt"), &replay_file(session.current()))?;
    let roster = crate::rules::pgn::Roster {
        event: "Doska".into(),
        date: date(now_secs()).replace('-', "."),
        players: session.draft().seats.clone(),
        ..Default::default()
    };
    write(
        &path.with_extension("pgn"),
        &crate::rules::pgn::pgn(session.current(), &roster),
    )?;
    Ok(path)
}

/// A day as `2026-11-22` (UTC), from seconds since 1970.
pub fn date(secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Seconds since 1970 now.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A saved game as the load list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub game: String,
    pub players: Vec<String>,
    pub date: String,
    pub moves: usize,
    /// `1-0`, `*` for a game that goes on, or why the file cannot be read.
    pub result: String,
}

impl Folders {
    /// The saved games with what the load list shows of each, newest first.
    pub fn save_entries(&self) -> Vec<SaveEntry> {
        let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(self.saves())
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
            .map(|e| {
                let modified = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs());
                (modified, e.path())
            })
            .collect();
        files.sort_by_key(|f| std::cmp::Reverse(f.0));
        files
            .into_iter()
            .map(|(modified, path)| {
                let saved = std::fs::read_to_string(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|t| SavedGame::from_ron(&t).map_err(String::from));
                let (game, players, moves, result) = match saved {
                    Ok(s) => {
                        let result = match s.to_match() {
                            Ok(m) => m.outcome().map_or("*", |o| o.result()).to_string(),
                            Err(e) => e.to_string(),
                        };
                        (s.game.clone(), s.seats.clone(), s.cursor, result)
                    }
                    Err(e) => (String::new(), Vec::new(), 0, e),
                };
                SaveEntry {
                    path,
                    game,
                    players,
                    date: date(modified),
                    moves,
                    result,
                }
            })
            .collect()
    }
}

/// An unfinished game found at start-up, offered back to the player, or why the
/// autosave could not be read.
#[derive(Resource, Default)]
pub struct Unfinished {
    pub game: Option<SavedGame>,
    pub problem: Option<Unreadable>,
}

/// An autosave that could not be read, and where it was put aside (or why it could
/// not be moved).
#[derive(Debug)]
pub struct Unreadable {
    pub error: FileError,
    pub kept: Result<PathBuf, std::io::Error>,
}

impl Unreadable {
    /// What went wrong and where the file is now, in `lang`.
    pub fn said(&self, lang: Language) -> String {
        let problem = self.error.said(lang);
        match &self.kept {
            Ok(aside) => lang.t_args(
                "msg-autosave-unreadable",
                &[("problem", problem), ("kept", aside.display().to_string())],
            ),
            Err(e) => lang.t_args(
                "msg-autosave-unmovable",
                &[("problem", problem), ("detail", e.to_string())],
            ),
        }
    }
}

/// Reads the autosave. An unreadable one is moved aside, never overwritten, and reported.
fn find_unfinished(folders: &Folders) -> Unfinished {
    let path = folders.autosave_file();
    if !path.exists() {
        return Unfinished::default();
    }
    match read_saved(&path) {
        Ok(saved) => Unfinished {
            game: saved
                .to_match()
                .is_ok_and(|m| m.outcome().is_none() && m.started())
                .then_some(saved),
            problem: None,
        },
        Err(error) => {
            let aside = path.with_file_name("autosave-unreadable.ron");
            let kept = std::fs::rename(&path, &aside).map(|()| aside);
            Unfinished {
                game: None,
                problem: Some(Unreadable { error, kept }),
            }
        }
    }
}

pub struct StoragePlugin;

impl Plugin for StoragePlugin {
    fn build(&self, app: &mut App) {
        let folders = Folders::locate();
        let settings = std::fs::read_to_string(folders.settings_file())
            .ok()
            .and_then(|t| ron::from_str::<Settings>(&t).ok())
            .unwrap_or_default();
        let unfinished = find_unfinished(&folders);
        app.insert_resource(settings)
            .insert_resource(folders)
            .insert_resource(unfinished)
            .add_systems(Update, restore_last_setup.in_set(AppSystems::React))
            .add_systems(Update, (autosave, save_settings).in_set(AppSystems::React))
            .add_message::<WindowCloseRequested>()
            .add_systems(Last, autosave_on_exit);
    }
}

/// A chosen game's setup starts from the player's last choices for it.
fn restore_last_setup(
    mut chosen: MessageReader<GameChosen>,
    settings: Res<Settings>,
    mut session: ResMut<Session>,
) {
    for GameChosen(game) in chosen.read() {
        if let Some(last) = settings.last_setup.get(game.id()) {
            let restored = last.restore(session.draft());
            session.set_draft(restored);
        }
    }
}

/// Keeps the autosave in step with the match; a finished game is no longer offered.
/// Selecting pieces changes the session's revision but not the game, so the file is
/// written only when what it would hold changes.
fn autosave(
    session: Res<Session>,
    folders: Res<Folders>,
    screen: Res<State<Screen>>,
    mut seen: Local<u64>,
    mut written: Local<Option<SavedGame>>,
) {
    // A match on a server is kept there, and its seats in the seat book.
    // A game studied keeps the autosave it had: what is tried on it is no game.
    if *screen.get() != Screen::Playing
        || *seen == session.revision
        || session.online()
        || session.studying()
    {
        return;
    }
    *seen = session.revision;
    let saved = session.saved();
    if written.as_ref() == Some(&saved) {
        return;
    }
    if write_autosave(&session, &folders, &saved) {
        *written = Some(saved);
    }
}

/// On quitting, by the menu, the window's close button or a signal (see
/// [`super::quit`]), the autosave takes the clocks as they stand: the time spent on
/// the move in progress counts, and comes back with the game.
fn autosave_on_exit(
    mut exits: MessageReader<AppExit>,
    mut closes: MessageReader<WindowCloseRequested>,
    session: Res<Session>,
    folders: Res<Folders>,
    screen: Res<State<Screen>>,
) {
    let kept = session.online() || session.studying();
    let leaving = exits.read().count() + closes.read().count() > 0;
    if leaving && *screen.get() == Screen::Playing && !kept {
        write_autosave(&session, &folders, &session.saved());
    }
}

/// Writes the game in progress to the autosave, or removes it once the game is over;
/// whether that worked.
fn write_autosave(session: &Session, folders: &Folders, saved: &SavedGame) -> bool {
    let path = folders.autosave_file();
    let result = if session.current().outcome().is_some() {
        std::fs::remove_file(&path).or_else(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Ok(()),
            _ => Err(e),
        })
    } else {
        write_atomically(&path, saved.to_ron())
    };
    result
        .inspect_err(|e| warn!("autosave to {} failed: {e}", path.display()))
        .is_ok()
}

fn save_settings(settings: Res<Settings>, folders: Res<Folders>) {
    if settings.is_changed() && !settings.is_added() {
        let text = ron::ser::to_string_pretty(&*settings, ron::ser::PrettyConfig::default())
            .expect("settings serialise");
        if let Err(e) = write_atomically(&folders.settings_file(), &text) {
            warn!("cannot save settings: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn a_remembered_setup_comes_back_without_what_the_game_no_longer_takes() {
        let mut played = Session::new(GameId::ZShashmaty).draft().clone();
        played.options[0].1 = "off".into();
        played.seats = vec!["Ann".into(), "Boris".into()];
        let last = LastSetup::of(&played);
        let next = last.restore(Session::new(GameId::ZShashmaty).draft());
        assert_eq!(next.options, played.options);
        assert_eq!(next.seats, played.seats);

        let stale = LastSetup {
            options: vec![
                ("pie_rule".into(), "maybe".into()),
                ("no_such_rule".into(), "on".into()),
            ],
            ..last
        };
        let next = stale.restore(Session::new(GameId::ZShashmaty).draft());
        assert_eq!(next.options, GameId::ZShashmaty.default_options());
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn days_read_as_dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_795_305_600), "2026-11-22");
    }

    #[test]
    fn a_save_takes_its_name_and_never_overwrites_another() {
        let home = std::env::temp_dir().join(format!("doska-saves-{}", std::process::id()));
        let folders = Folders::under(&home);
        let mut session = Session::new(GameId::Chess);
        session.start().unwrap();
        let draft = session.draft().clone();
        session.set_draft(Draft {
            seats: vec!["Ann".into(), "Boris".into()],
            ..draft
        });
        let first = save_game(&folders, &session, "Chess - Ann vs Boris/2026").unwrap();
        assert_eq!(first.file_name().unwrap(), "Chess - Ann vs Boris_2026.ron");
        let second = save_game(&folders, &session, "Chess - Ann vs Boris/2026").unwrap();
        assert_eq!(
            second.file_name().unwrap(),
            "Chess - Ann vs Boris_2026 (2).ron"
        );
        let entries = folders.save_entries();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].game, "chess");
        assert_eq!(entries[0].players, ["Ann", "Boris"]);
        assert_eq!(entries[0].result, "*");
        // The replay file beside each save opens as a game too.
        let replay = first.with_extension("txt");
        let text = std::fs::read_to_string(&replay).unwrap();
        assert!(text.starts_with("[Variant \"chess\"]"), "{text}");
        assert_eq!(read_saved(&replay).unwrap().game, "chess");
        // And so does the PGN beside it, which names the players.
        let pgn = first.with_extension("pgn");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert!(
            text.contains("[White \"Ann\"]\n[Black \"Boris\"]"),
            "{text}"
        );
        assert_eq!(read_saved(&pgn).unwrap().game, "chess");
        std::fs::remove_dir_all(&home).unwrap();
    }
}
