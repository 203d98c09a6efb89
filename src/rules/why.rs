//! "Why not?": the reason a piece may not move, or may not go where the player points,
//! as a translation key with its words and the piece responsible, so the board can mark
//! it ("the king would be in check from the bishop on b5").
//!
//! Each game names the reasons it gives ([`Refusals::refusals`]); the tests play a
//! position for every one of them, and the translation test checks that each is said
//! in every language.

use super::side::Side;
use super::topology::Cell;
use super::view::PieceKind;

/// Why a move is refused, a part of every game: the reasons the game's own rules give,
/// beside those every game shares (a die to roll, the plain fact that a piece does not
/// move so), which the registry gives first where they decide.
pub trait Refusals {
    /// Every key `why_not` and `drop_refusal` give, so that each is tested and
    /// translated.
    fn refusals() -> Vec<&'static str>
    where
        Self: Sized;

    /// Why the side to move may not move the piece on `from` (at all, or to `to`), in
    /// the game's own terms; None leaves it to the reasons every game shares.
    fn why_not(&self, _from: Cell, _to: Option<Cell>) -> Option<Refusal> {
        None
    }

    /// Why the side to move may not put a piece of `kind` from its hand on `cell` (a
    /// translation key), where it holds one and may not.
    fn drop_refusal(&self, _kind: PieceKind, _cell: Cell) -> Option<&'static str> {
        None
    }

    /// True when the rules force a capture in this position: the reason every
    /// draughts game gives first, naming the piece that must take.
    fn capture_compulsory(&self) -> bool {
        false
    }
}

/// The reasons a game gives whose own rule is only that a capture must be made
/// (draughts): that one, and the plain facts every game shares.
pub const FORCED_CAPTURES: [&str; 3] = [
    "msg-why-must-capture",
    "msg-piece-cannot-move",
    "msg-why-not-there",
];

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
