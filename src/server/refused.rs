//! Why the server refused a request: a fixed word for programs and a sentence in the
//! client's language, the rules' own reasons included, as a local click would give them.

use super::limits;
use crate::i18n::Language;
use crate::protocol::ReadError;
use crate::rules::Error;

#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    Unreadable(ReadError),
    Version(u32),
    Language(String),
    NoMatch(String),
    NoSeat(usize),
    SeatTaken(usize),
    NoSeatOpen,
    WrongSecret,
    /// The connection holds no seat that may make this action now.
    NotYours,
    /// A die or lot is the server's to draw.
    ServerRolls,
    /// A seat is still open: the match starts when every seat is taken.
    NotStarted,
    Rules(Error),
    NoTakeback,
    NothingToAnswer,
    NotOver,
    Plans(String),
    Level(String),
    Clock(String),
    TooFast,
    /// The connection made or follows as many matches as it may.
    TooMany,
    /// The address has as many matches against the computer going on as it may.
    ComputerLimit,
    /// The server is full, or the match could not be reached just now.
    Busy,
    /// Another server of the service plays the match now: its name.
    Elsewhere(String),
    /// A line of chat with nothing in it.
    Empty,
    /// The seat already made another action under this request id.
    IdReused(u64),
    /// The server cannot reach its store just now: nothing that needs it is done, and
    /// a client tries again in a moment.
    Unavailable,
}

impl Refused {
    /// The server that plays the match, where another does.
    pub fn server(&self) -> Option<String> {
        match self {
            Refused::Elsewhere(server) => Some(server.clone()),
            _ => None,
        }
    }

    /// The word for programs.
    pub fn word(&self) -> &'static str {
        match self {
            Refused::Unreadable(_) => "unreadable",
            Refused::Version(_) => "version",
            Refused::Language(_) => "language",
            Refused::NoMatch(_) => "no-match",
            Refused::NoSeat(_) => "no-seat",
            Refused::SeatTaken(_) => "seat-taken",
            Refused::NoSeatOpen => "no-seat-open",
            Refused::WrongSecret => "wrong-secret",
            Refused::NotYours => "not-yours",
            Refused::ServerRolls => "server-rolls",
            Refused::NotStarted => "not-started",
            Refused::Rules(_) => "rules",
            Refused::NoTakeback => "no-takeback",
            Refused::NothingToAnswer => "nothing-to-answer",
            Refused::NotOver => "not-over",
            Refused::Plans(_) => "seats",
            Refused::Level(_) => "level",
            Refused::Clock(_) => "clock",
            Refused::TooFast => "too-fast",
            Refused::TooMany => "too-many",
            Refused::ComputerLimit => "computer-limit",
            Refused::Busy => "busy",
            Refused::Elsewhere(_) => "elsewhere",
            Refused::Empty => "empty",
            Refused::IdReused(_) => "id-reused",
            Refused::Unavailable => "unavailable",
        }
    }

    /// The sentence in `lang`.
    pub fn said(&self, lang: Language) -> String {
        let key = format!("server-{}", self.word());
        match self {
            Refused::Rules(e) => lang.error(e),
            Refused::Unreadable(e) => {
                let why = match e {
                    ReadError::TooLong(n) => format!("{n} > {}", crate::protocol::MAX_MESSAGE),
                    ReadError::Malformed(m) => m.clone(),
                    ReadError::FieldTooLong(limit) => format!("> {limit}"),
                };
                lang.t_args(&key, &[("why", why)])
            }
            Refused::Version(v) => lang.t_args(
                &key,
                &[
                    ("version", v.to_string()),
                    ("ours", crate::protocol::VERSION.to_string()),
                ],
            ),
            Refused::NoMatch(word)
            | Refused::Language(word)
            | Refused::Plans(word)
            | Refused::Level(word)
            | Refused::Clock(word) => lang.t_args(&key, &[("word", word.clone())]),
            Refused::NoSeat(seat) | Refused::SeatTaken(seat) => {
                lang.t_args(&key, &[("seat", seat.to_string())])
            }
            Refused::Elsewhere(server) => lang.t_args(&key, &[("server", server.clone())]),
            Refused::IdReused(id) => lang.t_args(&key, &[("id", id.to_string())]),
            Refused::ComputerLimit => {
                lang.t_args(&key, &[("most", limits::COMPUTER_MATCHES.to_string())])
            }
            Refused::TooMany => lang.t_args(
                &key,
                &[
                    ("made", limits::MADE.to_string()),
                    ("followed", limits::FOLLOWED.to_string()),
                ],
            ),
            _ => lang.t(&key),
        }
    }
}

impl From<Error> for Refused {
    fn from(e: Error) -> Refused {
        Refused::Rules(e)
    }
}

/// The language of a `hello`'s code.
pub fn language(code: &str) -> Result<Language, Refused> {
    Language::from_code(code).ok_or_else(|| Refused::Language(code.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One refusal of every kind.
    fn every_kind() -> Vec<Refused> {
        vec![
            Refused::Unreadable(ReadError::FieldTooLong(1)),
            Refused::Version(9),
            Refused::Language("xx".into()),
            Refused::NoMatch("ZZZZZZ".into()),
            Refused::NoSeat(7),
            Refused::SeatTaken(1),
            Refused::NoSeatOpen,
            Refused::WrongSecret,
            Refused::NotYours,
            Refused::NotStarted,
            Refused::ServerRolls,
            Refused::Rules(Error::GameOver("checkmate")),
            Refused::NoTakeback,
            Refused::NothingToAnswer,
            Refused::NotOver,
            Refused::Plans("x".into()),
            Refused::Level("x".into()),
            Refused::Clock("x".into()),
            Refused::TooFast,
            Refused::TooMany,
            Refused::ComputerLimit,
            Refused::Busy,
            Refused::Elsewhere("b".into()),
            Refused::Empty,
            Refused::IdReused(7),
            Refused::Unavailable,
        ]
    }

    #[test]
    fn every_word_is_in_the_document_and_its_schema_and_every_message_is_translated() {
        let words: Vec<&str> = every_kind().iter().map(Refused::word).collect();
        let root = env!("CARGO_MANIFEST_DIR");
        let schema: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(format!("{root}/docs/protocol.schema.json")).unwrap(),
        )
        .unwrap();
        let in_schema: Vec<&str> = schema
            .pointer("/$defs/error-word/enum")
            .and_then(|v| v.as_array())
            .expect("the schema lists the error words")
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        assert_eq!(in_schema, words);
        // The document's table of error words: each row starts with the word.
        let document = std::fs::read_to_string(format!("{root}/docs/protocol.md")).unwrap();
        let table = document
            .split("### Error words")
            .nth(1)
            .expect("the document has a section of error words");
        let in_document: Vec<&str> = table
            .lines()
            .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
            .collect();
        assert_eq!(in_document, words);
        for lang in [Language::English, Language::Russian, Language::Ukrainian] {
            for why in every_kind() {
                let said = why.said(lang);
                assert!(!said.is_empty() && !said.contains("server-"), "{said}");
            }
        }
    }
}
