//! The seats a player holds on servers, kept between runs: closing and opening the app
//! again takes the player back to their matches. Each entry is the secret that opens
//! a seat, so the book is kept in the user's own data folder and nowhere else.

use serde::{Deserialize, Serialize};

/// One seat held on a server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// `ws://ADDR:PORT/`.
    pub server: String,
    pub code: String,
    pub seat: usize,
    pub secret: String,
    /// The game's id, to list the match before it is opened.
    pub game: String,
    /// The last event seen, so that coming back asks only for what was missed.
    #[serde(default)]
    pub last: u64,
}

/// Every seat held, the server last used, and the player's name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatBook {
    #[serde(default)]
    pub server: Option<String>,
    /// The server last used ran inside this app: it is started again with the app,
    /// and resumes its matches from its own database.
    #[serde(default)]
    pub hosting: bool,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub seats: Vec<Held>,
}

impl SeatBook {
    /// Keeps a seat, replacing what was kept for the same seat of the same match.
    pub fn keep(&mut self, held: Held) {
        self.seats
            .retain(|h| !(h.server == held.server && h.code == held.code && h.seat == held.seat));
        self.seats.push(held);
    }

    /// Notes the last event seen in a match.
    pub fn seen(&mut self, server: &str, code: &str, last: u64) {
        for h in &mut self.seats {
            if h.server == server && h.code == code {
                h.last = h.last.max(last);
            }
        }
    }

    /// Forgets a match's seats (it is over, or the player left it).
    pub fn forget(&mut self, server: &str, code: &str) {
        self.seats
            .retain(|h| !(h.server == server && h.code == code));
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a seat book is written as RON")
    }

    /// Reads a book; an unreadable one is an error for the caller to report, never a
    /// panic (the seats in it are then lost only from this run's list).
    pub fn from_ron(text: &str) -> Result<SeatBook, ron::error::SpannedError> {
        ron::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(code: &str, seat: usize) -> Held {
        Held {
            server: "ws://192.168.1.5:7464/".into(),
            code: code.into(),
            seat,
            secret: "5f0c".into(),
            game: "bughouse".into(),
            last: 0,
        }
    }

    #[test]
    fn seats_are_kept_and_read_back() {
        let mut book = SeatBook::default();
        book.keep(held("AAA", 0));
        book.keep(held("AAA", 0));
        book.keep(held("AAA", 2));
        book.keep(held("BBB", 1));
        book.seen("ws://192.168.1.5:7464/", "AAA", 17);
        assert_eq!(book.seats.len(), 3);
        assert!(
            book.seats
                .iter()
                .filter(|h| h.code == "AAA")
                .all(|h| h.last == 17)
        );
        book.forget("ws://192.168.1.5:7464/", "BBB");
        assert_eq!(SeatBook::from_ron(&book.to_ron()), Ok(book));
        assert!(SeatBook::from_ron("(seats: [(").is_err());
    }
}
