//! A position set up by hand, as the position editor holds it: what stands on each
//! cell, what each side or seat holds in hand, whose turn it is and, where the game's
//! text has them, the castling rights and the en passant square. It becomes a
//! position through the game's own set-up text, so the editor refuses what the game's
//! parser refuses (a king missing, a pawn on the last rank, the side not to move in
//! check) with the same words, and adds what a parser cannot know: more pieces than
//! the game has, a draughts man on the row that would have crowned it.

use super::error::{Error, too_many_pieces};
use super::game::SetUp;
use super::placement;
use super::topology::Topology;
use super::view::{Holder, PieceKind, PieceView};
use super::{GameId, Position, Side, chess, chess100, zshashmaty};

/// How `game` writes its set-up text.
fn format(game: GameId) -> SetUp {
    game.card().set_up
}

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

/// A position being set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Sketch {
    pub game: GameId,
    pub options: Vec<(String, String)>,
    /// What stands on each cell of the game's board.
    pub cells: Vec<Option<PieceView>>,
    /// What is held in hand, and by whom.
    pub hands: Vec<(Holder, PieceView, u32)>,
    /// One per board (bughouse has two): the side to move and the FEN's rights.
    pub boards: Vec<Fields>,
    /// Chapayev's round: its header, edited as text.
    pub header: String,
}

/// The FEN letter (upper case) of a piece kind that a board of the chess family holds:
/// an 8x8 board's or 100-cell chess's.
fn letter(kind: PieceKind) -> Option<char> {
    chess::Role::ALL
        .into_iter()
        .chain(chess100::board::ROLES)
        .find(|&r| chess::kind(r) == kind)
        .map(chess::Role::letter)
}

fn fen_letter(piece: PieceView) -> char {
    let c = letter(piece.kind).unwrap_or('?');
    if piece.side == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

impl Sketch {
    /// The position as a sketch to edit.
    pub fn of(position: &Position) -> Sketch {
        let game = position.game();
        let t = position.topology();
        let mut cells = vec![None; t.len()];
        for (cell, piece) in position.pieces() {
            cells[cell as usize] = Some(piece);
        }
        let text = position.set_up_text();
        let boards = match format(game) {
            SetUp::Fen { .. } => vec![fields(text.as_deref(), game, position.turn())],
            SetUp::Bughouse => {
                let (a, b) = text
                    .as_deref()
                    .and_then(|t| t.split_once(" | "))
                    .map_or((None, None), |(a, b)| (Some(a), Some(b)));
                vec![fields(a, game, Side::White), fields(b, game, Side::White)]
            }
            _ => vec![Fields {
                turn: position.turn(),
                castling: "-".into(),
                en_passant: "-".into(),
                counters: "0 1".into(),
            }],
        };
        let header = match format(game) {
            SetUp::Table => text.unwrap_or_else(|| "R1.1 W:infantry@L1 B:infantry@L1".into()),
            _ => String::new(),
        };
        Sketch {
            game,
            options: position.changed_options(),
            cells,
            hands: position.shown().in_hand(),
            boards,
            header,
        }
    }

    /// An empty board of `game`, White (or the first side) to move.
    pub fn empty(position: &Position) -> Sketch {
        let mut sketch = Sketch::of(position);
        sketch.cells.iter_mut().for_each(|c| *c = None);
        sketch.hands.clear();
        for board in &mut sketch.boards {
            board.turn = position.first_side();
            board.castling = "-".into();
            board.en_passant = "-".into();
            board.counters = "0 1".into();
        }
        sketch
    }

    /// The game's sides, in the order of its seats.
    pub fn sides(&self) -> Vec<Side> {
        let Ok(start) = Position::new(self.game, &self.options) else {
            return Vec::new();
        };
        let seats = start.seats();
        let mut sides: Vec<Side> = (0..seats.seat_count())
            .map(|s| seats.seat_side(s))
            .collect();
        sides.dedup();
        sides
    }

    /// The pieces a player may put down: each kind of the game for each side.
    pub fn palette(&self) -> Vec<PieceView> {
        let mut out = Vec::new();
        for side in self.sides() {
            for &kind in self.game.card().pieces {
                let piece = PieceView { side, kind };
                if !out.contains(&piece) {
                    out.push(piece);
                }
            }
        }
        out
    }

    /// Whether the game's pieces are held in hand (and the editor shows the hands).
    pub fn has_hands(&self) -> bool {
        matches!(
            format(self.game),
            SetUp::Fen { hand: true, .. } | SetUp::Bughouse
        )
    }

    /// Whether the game's text carries castling rights and an en passant square.
    pub fn has_rights(&self) -> bool {
        matches!(format(self.game), SetUp::Fen { .. } | SetUp::Bughouse)
    }

    /// Whether the position is a table, set up by its header.
    pub fn is_table(&self) -> bool {
        format(self.game) == SetUp::Table
    }

    /// Who holds pieces in hand, in the order the editor shows them: bughouse's four
    /// seats, and the sides that start with pieces in hand (both in appearing chess,
    /// Black with the Maharajah).
    pub fn holders(&self) -> Vec<Holder> {
        match format(self.game) {
            SetUp::Bughouse => (0..4).map(Holder::Seat).collect(),
            SetUp::Fen { hand: true, .. } => {
                let start = Position::new(self.game, &self.options);
                let held = start.map(|p| p.shown().in_hand()).unwrap_or_default();
                Side::BOTH
                    .into_iter()
                    .map(Holder::Side)
                    .filter(|h| held.iter().any(|(holder, ..)| holder == h))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The side whose pieces a holder keeps.
    pub fn holder_side(holder: Holder) -> Side {
        match holder {
            Holder::Side(side) => side,
            Holder::Seat(seat) => Side::BOTH[seat % 2],
        }
    }

    /// How many of `piece` `holder` has in hand.
    pub fn held(&self, holder: Holder, piece: PieceView) -> u32 {
        self.hands
            .iter()
            .find(|(h, p, _)| *h == holder && *p == piece)
            .map_or(0, |h| h.2)
    }

    /// Adds one `piece` to `holder`'s hand, or takes one away.
    pub fn hold(&mut self, holder: Holder, piece: PieceView, more: bool) {
        let n = self.held(holder, piece);
        let n = if more { n + 1 } else { n.saturating_sub(1) };
        self.hands
            .retain(|(h, p, _)| !(*h == holder && *p == piece));
        if n > 0 {
            self.hands.push((holder, piece, n));
        }
    }

    /// The set-up text of the sketch, as the game reads it.
    pub fn text(&self) -> String {
        let t = Position::new(self.game, &self.options)
            .map_or_else(|_| Topology::chess(), |p| p.topology());
        match format(self.game) {
            SetUp::Fen { hand, .. } => {
                let held = hand.then(|| self.hand_text(&Side::BOTH.map(Holder::Side)));
                let placement = placement(t, &self.cells, 0, held);
                fen(placement, &self.boards[0])
            }
            SetUp::Bughouse => (0..2)
                .map(|b| {
                    let holders = Side::BOTH.map(|s| Holder::Seat(b * 2 + s.index()));
                    let held = Some(self.hand_text(&holders));
                    fen(placement(t, &self.cells, b, held), &self.boards[b])
                })
                .collect::<Vec<_>>()
                .join(" | "),
            SetUp::Dama | SetUp::Z => {
                let z = format(self.game) == SetUp::Z;
                let mut out = self.boards[0].turn.letter().to_string();
                for side in Side::BOTH {
                    out.push(':');
                    out.push(side.letter());
                    let items: Vec<String> = self
                        .placed()
                        .filter(|(_, p)| p.side == side)
                        .map(|(c, p)| {
                            let mark = match p.kind {
                                _ if z => zshashmaty::letter(p.kind).to_string(),
                                PieceKind::DraughtsKing => "K".to_string(),
                                _ => String::new(),
                            };
                            format!("{mark}{}", t.name(c))
                        })
                        .collect();
                    out.push_str(&items.join(","));
                }
                out
            }
            SetUp::Tri => {
                let mut parts: Vec<String> = Side::THREE
                    .iter()
                    .map(|&army| {
                        let mut part = format!("{}:", army.letter());
                        for (c, p) in self.placed().filter(|(_, p)| p.side == army) {
                            let role = match p.kind {
                                PieceKind::Pawn => String::new(),
                                kind => letter(kind).map(String::from).unwrap_or_default(),
                            };
                            part.push_str(&format!(" {role}{}", t.name(c)));
                        }
                        part
                    })
                    .collect();
                parts.push(self.boards[0].turn.letter().to_string());
                parts.join(" / ")
            }
            SetUp::Grid => {
                let mut grid = [None; 64];
                for (cell, piece) in self.placed() {
                    if let Some(slot) = grid.get_mut(cell as usize) {
                        *slot = Some(piece.side);
                    }
                }
                super::grid::write(&grid, self.boards[0].turn)
            }
            SetUp::Table => self.header.trim().to_string(),
        }
    }

    fn placed(&self) -> impl Iterator<Item = (u8, PieceView)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(c, p)| p.map(|p| (c as u8, p)))
    }

    /// The pieces in the holders' hands as FEN letters, the first holder's first.
    fn hand_text(&self, holders: &[Holder]) -> String {
        let mut out = String::new();
        for &holder in holders {
            for &(h, piece, n) in &self.hands {
                if h == holder {
                    out.extend(std::iter::repeat_n(fen_letter(piece), n as usize));
                }
            }
        }
        out
    }

    /// The position the sketch sets up, or why it cannot be.
    pub fn build(&self) -> Result<Position, Error> {
        // The rules' own start, untouched, is that start (Maharajah's before the
        // Maharajah is placed, a table before its lot), whatever its text would say.
        let start = Position::new(self.game, &self.options)?;
        if *self == Sketch::of(&start) {
            return Ok(start);
        }
        let position = Position::set_up(self.game, &self.options, &self.text())?;
        self.check_counts(&start)?;
        self.check_men()?;
        Ok(position)
    }

    /// No side may have more pieces (on the board and in hand together) than the game
    /// starts with, nor more pawns, nor none at all; a bughouse match has 64 pieces in
    /// all.
    fn check_counts(&self, start: &Position) -> Result<(), Error> {
        if matches!(format(self.game), SetUp::Grid | SetUp::Table) {
            return Ok(());
        }
        let here: Vec<(PieceView, u32)> = self
            .placed()
            .map(|(_, p)| (p, 1))
            .chain(self.hands.iter().map(|&(_, p, n)| (p, n)))
            .collect();
        let there: Vec<(PieceView, u32)> = start
            .pieces()
            .into_iter()
            .map(|(_, p)| (p, 1))
            .chain(start.shown().in_hand().into_iter().map(|(_, p, n)| (p, n)))
            .collect();
        let count = |pieces: &[(PieceView, u32)], counted: &dyn Fn(PieceView) -> bool| {
            pieces
                .iter()
                .filter(|(p, _)| counted(*p))
                .map(|&(_, n)| n as usize)
                .sum::<usize>()
        };
        if format(self.game) == SetUp::Bughouse {
            let n = count(&here, &|_| true);
            if n > 64 {
                return Err(Error::SetUp(too_many_pieces(Side::White, n, 64)));
            }
            return Ok(());
        }
        let seats = start.seats();
        for side in (0..seats.seat_count()).map(|s| seats.seat_side(s)) {
            let all = |p: PieceView| p.side == side;
            let pawns = |p: PieceView| p.side == side && p.kind == PieceKind::Pawn;
            let (n, most) = (count(&here, &all), count(&there, &all));
            if n == 0 {
                return Err(Error::SetUp(crate::detail!(
                    "detail-no-pieces",
                    "{side} has no pieces",
                    side = side.name()
                )));
            }
            let (pawns_here, pawns_most) = (count(&here, &pawns), count(&there, &pawns));
            if pawns_here > pawns_most {
                return Err(Error::SetUp(crate::detail!(
                    "detail-too-many-pawns",
                    "{side} has {count} pawns; at most {most} fit the rules",
                    side = side.name(),
                    count = pawns_here,
                    most = pawns_most
                )));
            }
            if n > most {
                return Err(Error::SetUp(too_many_pieces(side, n, most)));
            }
        }
        Ok(())
    }

    /// A draughts man on the far row would have been crowned there.
    fn check_men(&self) -> Result<(), Error> {
        if format(self.game) != SetUp::Dama {
            return Ok(());
        }
        let t = Topology::plain();
        for (cell, piece) in self.placed() {
            let rank = t.cells[cell as usize].square().map_or(0, |(_, r)| r);
            let far = if piece.side == Side::White { 7 } else { 0 };
            if piece.kind == PieceKind::Checker && rank == far {
                return Err(Error::SetUp(crate::detail!(
                    "detail-man-crowning-row",
                    "a man on {square} stands where it would have been crowned",
                    square = t.name(cell)
                )));
            }
        }
        Ok(())
    }
}

/// A FEN's placement of board `board` (bughouse's second board is cells 64 to 127),
/// with its hand in brackets where the game has one.
fn placement(
    t: &Topology,
    cells: &[Option<PieceView>],
    board: usize,
    hand: Option<String>,
) -> String {
    let (width, height) = if t.panes.len() > 1 {
        (8, 8)
    } else {
        (t.width, t.height)
    };
    let mut at = vec![None; width as usize * height as usize];
    let first = board * (width as usize * height as usize);
    for (i, piece) in cells.iter().enumerate().skip(first).take(at.len()) {
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

fn fen(placement: String, fields: &Fields) -> String {
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

/// The fields of a FEN (or the rules' start, where the position has no text).
fn fields(text: Option<&str>, game: GameId, turn: Side) -> Fields {
    let words: Vec<&str> = text.map_or_else(Vec::new, |t| t.split_whitespace().collect());
    if words.len() >= 4 {
        return Fields {
            turn: if words[1] == "b" {
                Side::Black
            } else {
                Side::White
            },
            castling: words[2].to_string(),
            en_passant: words[3].to_string(),
            counters: words[4..].join(" "),
        };
    }
    Fields {
        turn,
        castling: start_castling(game).into(),
        en_passant: "-".into(),
        counters: "0 1".into(),
    }
}

/// The castling rights of a game's start position: its FEN's, and chess's on each of
/// bughouse's boards.
fn start_castling(game: GameId) -> &'static str {
    match format(game) {
        SetUp::Fen { castling, .. } => castling,
        SetUp::Bughouse => "KQkq",
        SetUp::Dama | SetUp::Z | SetUp::Tri | SetUp::Grid | SetUp::Table => "-",
    }
}
