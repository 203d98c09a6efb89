//! How a game writes a position set up by hand: the shape of its set-up text (the
//! fields beside the board, who holds pieces in hand, how its pieces are counted) and
//! the writer that turns what the editor has drawn into that text. Each game declares
//! its own in its [`Card`](super::game::Card), written in its own folder where only it
//! writes so; the FEN and draughts' piece lists that several games share are here.

use super::error::Error;
use super::placement;
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{Holder, PieceKind, PieceView};

/// Per board, the FEN's fields after the placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    pub turn: Side,
    /// Castling rights as the FEN writes them (`KQkq`, `-` for none).
    pub castling: String,
    /// The square a pawn may be taken on en passant, `-` for none.
    pub en_passant: String,
    /// The FEN's move counters (`0 1`), kept as they were.
    pub counters: String,
}

/// What the editor has drawn, as a game's writer reads it.
pub struct Drawn<'a> {
    pub topology: &'static Topology,
    /// What stands on each cell.
    pub cells: &'a [Option<PieceView>],
    /// What is held in hand, and by whom.
    pub hands: &'a [(Holder, PieceView, u32)],
    /// One per board (bughouse has two): the side to move and the FEN's rights.
    pub boards: &'a [Fields],
    /// A table's header, edited as text.
    pub header: &'a str,
}

impl Drawn<'_> {
    /// The pieces on the board, by cell.
    pub fn placed(&self) -> impl Iterator<Item = (Cell, PieceView)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(c, p)| p.map(|p| (c as Cell, p)))
    }

    /// The pieces in the holders' hands as FEN letters, the first holder's first.
    pub fn hand_text(&self, holders: &[Holder]) -> String {
        let mut out = String::new();
        for &holder in holders {
            for &(h, piece, n) in self.hands {
                if h == holder {
                    out.extend(std::iter::repeat_n(fen_letter(piece), n as usize));
                }
            }
        }
        out
    }
}

/// Who holds pieces in hand while a position is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    None,
    /// Each side, where the game's start gives it pieces in hand (appearing chess,
    /// the Maharajah's Black).
    Sides,
    /// Each of four seats (bughouse's reserves).
    Seats,
}

/// How the editor counts a side's pieces against the game's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Not at all: discs, stones and checkers come and go.
    Not,
    /// Each side no more pieces nor pawns than it starts with, and at least one.
    PerSide,
    /// All sides together no more than this (bughouse's pieces pass between boards).
    InAll(usize),
}

/// How a game writes its set-up text, as the position editor builds it.
#[derive(Clone, Copy)]
pub struct SetUp {
    /// How many boards have FEN fields (turn, castling, en passant, counters), which
    /// the editor reads from the text and shows; 0 where the turn alone is set.
    pub fen_boards: usize,
    /// The castling rights of the game's start on each board.
    pub castling: &'static str,
    pub hands: Hands,
    pub counted: Counted,
    /// The header a table's position is set up by, as it stands at the start; None
    /// for a game of cells.
    pub header: Option<&'static str>,
    /// The set-up text of what is drawn, as the game's `set_up` reads it.
    pub write: fn(&Drawn) -> String,
    /// What the game's parser cannot know is wrong with what is drawn (a man on the
    /// row that would have crowned it).
    pub check: fn(&Drawn) -> Result<(), Error>,
}

impl SetUp {
    /// Chess's FEN, castling both ways on both sides.
    pub const FEN: SetUp = SetUp::fen("KQkq");

    /// A FEN with the castling rights of the start.
    pub const fn fen(castling: &'static str) -> SetUp {
        SetUp {
            fen_boards: 1,
            castling,
            hands: Hands::None,
            counted: Counted::PerSide,
            header: None,
            write: write_fen,
            check: nothing_wrong,
        }
    }

    /// A FEN with the hand in brackets after the board.
    pub const fn fen_with_hand(castling: &'static str) -> SetUp {
        SetUp {
            hands: Hands::Sides,
            write: write_fen_with_hand,
            ..SetUp::fen(castling)
        }
    }

    /// A text without FEN fields, written by `write`: the turn and the pieces.
    pub const fn plain(write: fn(&Drawn) -> String) -> SetUp {
        SetUp {
            fen_boards: 0,
            castling: "-",
            hands: Hands::None,
            counted: Counted::PerSide,
            header: None,
            write,
            check: nothing_wrong,
        }
    }
}

impl std::fmt::Debug for SetUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SetUp")
            .field("fen_boards", &self.fen_boards)
            .field("castling", &self.castling)
            .field("hands", &self.hands)
            .field("counted", &self.counted)
            .field("header", &self.header)
            .finish_non_exhaustive()
    }
}

/// Nothing beyond what the game's parser refuses.
pub fn nothing_wrong(_: &Drawn) -> Result<(), Error> {
    Ok(())
}

fn write_fen(d: &Drawn) -> String {
    fen(placement(d, 0, None), &d.boards[0])
}

fn write_fen_with_hand(d: &Drawn) -> String {
    let held = d.hand_text(&Side::BOTH.map(Holder::Side));
    fen(placement(d, 0, Some(held)), &d.boards[0])
}

/// A piece's FEN letter: upper case for White.
pub fn fen_letter(piece: PieceView) -> char {
    let c = piece.kind.letter().unwrap_or('?');
    if piece.side == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// A FEN's placement of board `board` (bughouse's second board is cells 64 to 127),
/// with its hand in brackets where the game has one.
pub fn placement(d: &Drawn, board: usize, hand: Option<String>) -> String {
    let t = d.topology;
    let (width, height) = if t.panes.len() > 1 {
        (8, 8)
    } else {
        (t.width, t.height)
    };
    let mut at = vec![None; width as usize * height as usize];
    let first = board * (width as usize * height as usize);
    for (i, piece) in d.cells.iter().enumerate().skip(first).take(at.len()) {
        if let Some((file, rank)) = t.cells[i].square() {
            at[rank as usize * width as usize + file as usize] = *piece;
        }
    }
    let ranks: Vec<String> = (0..height as usize)
        .rev()
        .map(|rank| {
            let row = &at[rank * width as usize..(rank + 1) * width as usize];
            placement::write_rank(row.iter().map(|p| p.map(fen_letter)))
        })
        .collect();
    let mut out = ranks.join("/");
    if let Some(hand) = hand {
        out.push_str(&format!("[{hand}]"));
    }
    out
}

/// A FEN from its placement and its fields.
pub fn fen(placement: String, fields: &Fields) -> String {
    let turn = placement::turn_letter(fields.turn);
    let or_dash = |s: &str| {
        let s = s.trim();
        if s.is_empty() {
            "-".to_string()
        } else {
            s.to_string()
        }
    };
    let counters = match fields.counters.trim() {
        "" => "0 1",
        counters => counters,
    };
    format!(
        "{placement} {turn} {} {} {counters}",
        or_dash(&fields.castling),
        or_dash(&fields.en_passant)
    )
}

/// Draughts' list of pieces, the side to move first (`W:Wa2,Kb3:Ba5`), each piece
/// with the mark `mark` gives its kind.
pub fn draughts(d: &Drawn, mark: impl Fn(PieceKind) -> String) -> String {
    let mut out = d.boards[0].turn.letter().to_string();
    for side in Side::BOTH {
        out.push(':');
        out.push(side.letter());
        let items: Vec<String> = d
            .placed()
            .filter(|(_, p)| p.side == side)
            .map(|(c, p)| format!("{}{}", mark(p.kind), d.topology.name(c)))
            .collect();
        out.push_str(&items.join(","));
    }
    out
}
