//! "Why not?": the reason a piece may not move, or may not go where the player points,
//! as a translation key with its words and the piece responsible, so the board can mark
//! it ("the king would be in check from the bishop on b5").
//!
//! Each game names the reasons it gives ([`Game::refusals`]); the tests play a position
//! for every one of them, and the translation test checks that each is said in every
//! language.
//!
//! [`Game::refusals`]: super::Game::refusals

use super::side::Side;
use super::topology::Cell;
use super::view::PieceKind;

/// A refusal: what to say, with the words that fill it in, and where to point.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The translation key of the sentence.
    pub key: &'static str,
    /// The sentence's arguments by name.
    pub words: Vec<(&'static str, Word)>,
    /// The piece that stands behind the refusal (the checking bishop, the piece that
    /// must capture), marked on the board.
    pub culprit: Option<Cell>,
}

/// A word of a refusal, put into the player's language when it is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Word {
    Square(Cell),
    Piece(PieceKind),
    Side(Side),
    Number(u32),
    /// How a piece of this kind moves in the game, as its rules page says it.
    Moves(PieceKind),
}

/// What the computer says of its choice, where a player would wonder (chess for
/// three's diplomatic steps): a translation key and the words it takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Remark {
    pub key: &'static str,
    pub words: Vec<(&'static str, Word)>,
}

impl Refusal {
    pub fn new(key: &'static str) -> Refusal {
        Refusal {
            key,
            words: Vec::new(),
            culprit: None,
        }
    }

    pub fn with(mut self, name: &'static str, word: Word) -> Refusal {
        self.words.push((name, word));
        self
    }

    /// Names the piece and its square as `piece` and `square`, and marks it.
    pub fn blaming(self, kind: PieceKind, cell: Cell) -> Refusal {
        self.with("piece", Word::Piece(kind))
            .with("square", Word::Square(cell))
            .marking(cell)
    }

    pub fn marking(mut self, cell: Cell) -> Refusal {
        self.culprit = Some(cell);
        self
    }

    /// The same refusal on a board whose cells begin at `offset` (bughouse's second).
    pub fn shifted(mut self, offset: Cell) -> Refusal {
        for (_, word) in &mut self.words {
            if let Word::Square(cell) = word {
                *cell += offset;
            }
        }
        self.culprit = self.culprit.map(|c| c + offset);
        self
    }
}

/// The translation key of a piece's name.
pub fn piece_key(kind: PieceKind) -> String {
    format!("piece-{kind:?}").to_lowercase()
}
