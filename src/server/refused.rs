//! Why the server refused a request: a fixed word for programs and a sentence in the
//! client's language, the rules' own reasons included, as a local click would give them.

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
    /// A line of chat with nothing in it.
    Empty,
}

impl Refused {
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
            Refused::Empty => "empty",
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
            Refused::ComputerLimit => lang.t_args(
                &key,
                &[("most", super::lobby::COMPUTER_MATCHES.to_string())],
            ),
            Refused::TooMany => lang.t_args(
                &key,
                &[
                    ("made", super::connection::MADE.to_string()),
                    ("followed", super::connection::FOLLOWED.to_string()),
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
