//! A position set up by hand, as the position editor holds it: what stands on each
//! cell, what each side or seat holds in hand, whose turn it is and, where the game's
//! text has them, the castling rights and the en passant square. It becomes a
//! position through the game's own set-up text, so the editor refuses what the game's
//! parser refuses (a king missing, a pawn on the last rank, the side not to move in
//! check) with the same words, and adds what a parser cannot know: more pieces than
//! the game has, a draughts man on the row that would have crowned it.

use super::error::{Error, too_many_pieces};
pub use super::set_up::Fields;
use super::set_up::{Counted, Drawn, Hands, SetUp};
use super::topology::Topology;
use super::view::{Holder, PieceKind, PieceView};
use super::{GameId, Position, Side};

/// How `game` writes its set-up text.
fn format(game: GameId) -> SetUp {
    game.card().set_up
}

/// A position being set up.
#[derive(Clone, Debug)]
pub struct Sketch {
    pub game: GameId,
    /// The game's board.
    pub topology: &'static Topology,
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

/// Two sketches are the same where they draw the same on the same board: a board is
/// one `'static` topology, compared as such.
impl PartialEq for Sketch {
    fn eq(&self, other: &Sketch) -> bool {
        self.game == other.game
            && std::ptr::eq(self.topology, other.topology)
            && self.options == other.options
            && self.cells == other.cells
            && self.hands == other.hands
            && self.boards == other.boards
            && self.header == other.header
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
        let set_up = format(game);
        let boards = match set_up.fen_boards {
            0 => vec![Fields {
                turn: position.turn(),
                castling: "-".into(),
                en_passant: "-".into(),
                counters: "0 1".into(),
            }],
            1 => vec![fields(text.as_deref(), set_up, position.turn())],
            n => {
                // One FEN per board, joined by ` | `, each board's White first.
                let texts: Vec<&str> = text
                    .as_deref()
                    .map_or_else(Vec::new, |t| t.split(" | ").collect());
                (0..n)
                    .map(|b| fields(texts.get(b).copied(), set_up, Side::White))
                    .collect()
            }
        };
        let header = match set_up.header {
            Some(start) => text.unwrap_or_else(|| start.into()),
            None => String::new(),
        };
        Sketch {
            game,
            topology: t,
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
        format(self.game).hands != Hands::None
    }

    /// Whether the game's text carries castling rights and an en passant square.
    pub fn has_rights(&self) -> bool {
        format(self.game).fen_boards > 0
    }

    /// Whether the position is a table, set up by its header.
    pub fn is_table(&self) -> bool {
        format(self.game).header.is_some()
    }

    /// Who holds pieces in hand, in the order the editor shows them: bughouse's four
    /// seats, and the sides that start with pieces in hand (both in appearing chess,
    /// Black with the Maharajah).
    pub fn holders(&self) -> Vec<Holder> {
        match format(self.game).hands {
            Hands::Seats => (0..4).map(Holder::Seat).collect(),
            Hands::Sides => {
                let start = Position::new(self.game, &self.options);
                let held = start.map(|p| p.shown().in_hand()).unwrap_or_default();
                Side::BOTH
                    .into_iter()
                    .map(Holder::Side)
                    .filter(|h| held.iter().any(|(holder, ..)| holder == h))
                    .collect()
            }
            Hands::None => Vec::new(),
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
        (format(self.game).write)(&self.drawn())
    }

    /// What is drawn, as the game's writer reads it.
    fn drawn(&self) -> Drawn<'_> {
        Drawn {
            topology: self.topology,
            cells: &self.cells,
            hands: &self.hands,
            boards: &self.boards,
            header: &self.header,
        }
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
        (format(self.game).check)(&self.drawn())?;
        Ok(position)
    }

    /// No side may have more pieces (on the board and in hand together) than the game
    /// starts with, nor more pawns, nor none at all; a bughouse match has 64 pieces in
    /// all.
    fn check_counts(&self, start: &Position) -> Result<(), Error> {
        let counted = format(self.game).counted;
        if counted == Counted::Not {
            return Ok(());
        }
        let here: Vec<(PieceView, u32)> = self
            .drawn()
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
        if let Counted::InAll(most) = counted {
            let n = count(&here, &|_| true);
            if n > most {
                return Err(Error::SetUp(too_many_pieces(Side::White, n, most)));
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
}

/// The fields of a FEN (or the rules' start, where the position has no text).
fn fields(text: Option<&str>, set_up: SetUp, turn: Side) -> Fields {
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
        castling: set_up.castling.into(),
        en_passant: "-".into(),
        counters: "0 1".into(),
    }
}
