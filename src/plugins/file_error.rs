//! What can go wrong with a file the player saves or opens, as values, said in the
//! player's language: the frame from the translations, the rules' reason through
//! [`Language::error`], and only the system's own words (a missing folder, a full
//! disk) as the system gives them.

use crate::i18n::Language;
use crate::rules::Error;
use crate::rules::record::ReplayError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file holds no game this program can play on from.
    #[error("{}: {error}", path.display())]
    Game { path: PathBuf, error: Error },
    /// A replay file's moves stopped at one that does not read or is not legal.
    #[error("{}: {error}", path.display())]
    Replay {
        path: PathBuf,
        error: Box<ReplayError>,
    },
}

impl FileError {
    /// The error in `lang`.
    pub fn said(&self, lang: Language) -> String {
        match self {
            FileError::Io { path, error } => lang.t_args(
                "error-file-io",
                &[
                    ("path", path.display().to_string()),
                    ("detail", error.to_string()),
                ],
            ),
            FileError::Game { path, error } => {
                format!("{}: {}", path.display(), lang.error(error))
            }
            FileError::Replay { path, error } => {
                let reason = lang.error(&error.reason);
                let said = if error.number.is_empty() {
                    reason
                } else {
                    lang.t_args(
                        "error-replay-move",
                        &[
                            ("number", error.number.clone()),
                            ("token", error.token.clone()),
                            ("reason", reason),
                        ],
                    )
                };
                format!("{}: {said}", path.display())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::storage::read_saved;

    /// A file that is missing, or whose moves stop, is reported in the player's
    /// language, with the move where the replay stopped.
    #[test]
    fn a_bad_file_is_reported_in_the_players_language() {
        let dir = std::env::temp_dir().join(format!("doska-file-error-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = read_saved(&dir.join("missing.ron")).unwrap_err();
        assert!(matches!(missing, FileError::Io { .. }), "{missing}");
        let said = missing.said(Language::Ukrainian);
        assert!(
            said.starts_with("Файл ") && said.contains("missing.ron"),
            "{said}"
        );

        let replay = dir.join("game.txt");
        std::fs::write(&replay, "1. e4 e5 2. Ke3 Nc6\n").unwrap();
        let stopped = read_saved(&replay).unwrap_err();
        let FileError::Replay { error, .. } = &stopped else {
            panic!("a replay error: {stopped}");
        };
        assert_eq!((error.number.as_str(), error.token.as_str()), ("2.", "Ke3"));
        let russian = stopped.said(Language::Russian);
        let english = stopped.said(Language::English);
        assert!(russian.contains("Ход 2. Ke3: "), "{russian}");
        assert!(english.contains("Move 2. Ke3: "), "{english}");
        let reason = Language::Russian.error(&error.reason);
        assert!(russian.ends_with(&reason) && reason != Language::English.error(&error.reason));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
