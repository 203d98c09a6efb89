//! What can go wrong with what a person or a file hands the engine, as values: each
//! kind says what was refused, and its message says why in words a player reads.

/// An input the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A game id that names no game.
    #[error("'{id}' is not a game; the games are: {known}")]
    UnknownGame { id: String, known: String },
    /// A house rule the game does not have, or a value it does not take.
    #[error(transparent)]
    HouseRule(#[from] RuleError),
    /// A start position that cannot be read or played from.
    #[error("{0}")]
    SetUp(Detail),
    /// Text that does not read as a move or decision here.
    #[error("{0}")]
    Notation(Detail),
    /// An action that may not be played now.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// An action after the end of the game.
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// A saved game that cannot be read.
    #[error("{0}")]
    SavedGame(Detail),
    /// A saved game whose `n`th action (1 first) does not replay.
    #[error("action {n} ({text}): {reason}")]
    SavedAction {
        n: usize,
        text: String,
        reason: Box<Error>,
    },
}

/// Declares why an action may not be played, once each: its English text and the
/// translation key of the sentence players read.
macro_rules! illegal {
    ($($variant:ident => $key:literal, $text:literal;)+) => {
        /// Why an action may not be played now, said in the player's language by the key
        /// of [`Illegal::key`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum Illegal {
            $(#[error($text)] $variant,)+
        }

        impl Illegal {
            pub const ALL: &'static [Illegal] = &[$(Illegal::$variant,)+];

            /// The translation key of the sentence.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Illegal::$variant => $key,)+
                }
            }
        }
    };
}

illegal! {
    Move => "error-illegal-move", "that move is not legal here";
    NoOffer => "error-no-offer", "there is no draw offer to accept";
    NoDraw => "error-no-draw", "there is no draw to claim";
    NoDrawWithMove => "error-no-draw-with-move", "that move brings no draw to claim";
    NotNow => "error-not-now", "that is not possible now";
}

/// A house rule refused: the id or the value is not in the game's table. Both say
/// what there is instead, so a mistyped rule on the command line or in a file is
/// answered with the right spelling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("'{id}' is not a house rule of this game; its rules are: {known}")]
    Unknown { id: String, known: String },
    #[error("{id} takes {allowed}, not '{value}'")]
    Value {
        id: &'static str,
        value: String,
        allowed: String,
    },
}

impl RuleError {
    /// A value the rule `id` does not take, with the ones it does: its named
    /// `values` and any number within `numbers`.
    pub fn value(
        id: &'static str,
        values: &[&str],
        numbers: Option<(u32, u32)>,
        value: &str,
    ) -> RuleError {
        let mut allowed = match values {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        if let Some((least, most)) = numbers {
            allowed = format!(
                "{} or a number from {least} to {most}",
                allowed.replace(" or ", ", ")
            );
        }
        RuleError::Value {
            id,
            value: shown(value),
            allowed,
        }
    }
}

/// Why a text does not read as a move or a position, as a game's parser says it: the
/// translation key of the sentence, the words it takes, and the sentence in English
/// for the command line. Made with [`detail!`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detail {
    pub key: &'static str,
    pub words: Vec<(&'static str, String)>,
    english: String,
}

impl Detail {
    pub fn new(key: &'static str, words: Vec<(&'static str, String)>, english: String) -> Self {
        Detail {
            key,
            words,
            english,
        }
    }

    /// The same reason about a part of a longer text, whose English names where
    /// first (`board A: …`, `'flick W9 th=90': 'W9' is not a checker`); the
    /// translation says the reason alone.
    pub fn within(mut self, place: &str) -> Self {
        self.english = format!("{place}: {}", self.english);
        self
    }
}

impl std::fmt::Display for Detail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english)
    }
}

/// A [`Detail`]: its translation key, its English sentence and the words the sentence
/// names, each bound by name (`detail!("detail-fen-ranks", "the FEN has {n} ranks, not
/// 8", n = ranks.len())`). The translations take the same words as Fluent variables.
#[macro_export]
macro_rules! detail {
    ($key:literal, $english:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        // `text = text` binds a word by its own name.
        $(#[allow(clippy::redundant_locals)] let $name = $value;)*
        $crate::rules::error::Detail::new(
            $key,
            vec![$((stringify!($name), $name.to_string())),*],
            format!($english),
        )
    }};
}

/// A position set up with more pieces for `side` than the game has (`most`).
pub fn too_many_pieces(side: crate::rules::Side, count: usize, most: usize) -> Detail {
    crate::detail!(
        "detail-too-many",
        "{side} has {count} pieces; at most {most} fit the rules",
        side = side.name(),
        count = count,
        most = most
    )
}

/// How a piece of bad input is shown inside a message: at most 16
/// characters (a longer one is cut with an ellipsis), control characters as `?`, so a
/// pasted screenful or a stray escape cannot flood or garble the notice.
pub fn shown(text: &str) -> String {
    const SHOWN: usize = 16;
    let mut out: String = text
        .chars()
        .take(SHOWN)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(SHOWN).is_some() {
        out.push('…');
    }
    out
}

/// The command line and the app's notices show an error as its message.
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_shown_short_and_printable() {
        assert_eq!(shown("e9"), "e9");
        assert_eq!(shown("a\u{1b}[2Jb"), "a?[2Jb");
        let long = "8".repeat(300);
        assert_eq!(shown(&long), format!("{}…", "8".repeat(16)));
    }
}
