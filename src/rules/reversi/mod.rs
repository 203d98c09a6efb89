//! Reversi as played in 1888 (`reversi`): 32 discs a side, four centre placements,
//! flips along all eight lines, forced passes, the disc count decides.
//!
//! A forced pass is a ply of its own (`--`); the app plays it for the player.
//!
//! Choices where the spec is silent: with `centre_pattern = parallel_only`, a player's
//! second centre disc must stand orthogonally next to his first; with `out_of_discs =
//! borrow`, the borrowed disc comes out of the opponent's supply.

mod bits;
mod eval;

use super::game::{Game, grid_diagram};
use super::grid;
use super::options::{choices, house_rules};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Direction, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use super::why::Refusal;
use crate::rules::error::Detail;
use crate::rules::game::{Card, QUICK_CLOCKS};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Start {
    /// An empty board; the first four plies fill the centre.
    #[default]
    Free,
    /// The fixed cross: White d4 and e5, Black d5 and e4.
    Othello,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutOfDiscs {
    #[default]
    Pass,
    Borrow,
    End,
}

choices!(Start {
    "1888" => Start::Free,
    "othello" => Start::Othello,
});

choices!(OutOfDiscs {
    "pass" => OutOfDiscs::Pass,
    "borrow" => OutOfDiscs::Borrow,
    "end" => OutOfDiscs::End,
});

house_rules! {
    pub struct ReversiOptions {
        "start" start: Start = "1888",
        "out_of_discs" out_of_discs: OutOfDiscs = "pass",
        "empties_to_winner" empties_to_winner: bool = "off",
        /// After ply 2, each player's two centre discs must be orthogonal neighbours.
        "centre_pattern" parallel_only: bool = "free" { "free" => false, "parallel_only" => true },
    }
}

/// A ply: a disc placed on a square, or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ply {
    Place(Cell),
    Pass,
}

pub const PASS: &str = "--";

#[derive(Clone, Debug, PartialEq)]
pub struct Reversi {
    pub board: [Option<Side>; 64],
    pub turn: Side,
    /// Discs in each player's supply, by [`Side::index`].
    pub supply: [u8; 2],
    /// Plies played, passes included.
    pub ply: u32,
    pub options: ReversiOptions,
}

const CENTRE: [&str; 4] = ["d4", "e4", "d5", "e5"];

fn centre() -> [Cell; 4] {
    CENTRE.map(|n| Topology::plain().parse(n).expect("a square"))
}

impl Reversi {
    fn count(&self, side: Side) -> u32 {
        self.board.iter().filter(|&&d| d == Some(side)).count() as u32
    }

    fn in_centre_phase(&self) -> bool {
        centre().iter().any(|&c| self.board[c as usize].is_none())
    }

    /// The opponent discs a disc of `side` placed on `cell` would flip.
    pub fn flips(&self, cell: Cell, side: Side) -> Vec<Cell> {
        let (own, opp) = grid::bit_sets(&self.board, side);
        bits::squares(bits::flips(own, opp, cell)).collect()
    }

    /// True when `side` could put a disc down now (ignoring whose turn it is).
    fn can_place(&self, side: Side) -> bool {
        !self.placements(side).is_empty()
    }

    fn has_disc_for(&self, side: Side) -> bool {
        self.supply[side.index()] > 0
            || (self.options.out_of_discs == OutOfDiscs::Borrow
                && self.supply[side.other().index()] > 0)
    }

    /// The squares where `side` may place.
    fn placements(&self, side: Side) -> Vec<Cell> {
        if !self.has_disc_for(side) {
            return Vec::new();
        }
        if self.in_centre_phase() {
            return centre()
                .into_iter()
                .filter(|&c| self.board[c as usize].is_none())
                .filter(|&c| !self.options.parallel_only || self.keeps_parallel(c, side))
                .collect();
        }
        let (own, opp) = grid::bit_sets(&self.board, side);
        bits::squares(bits::moves(own, opp)).collect()
    }

    /// Under `parallel_only`, a player's second centre disc must touch his first along a
    /// rank or file.
    fn keeps_parallel(&self, cell: Cell, side: Side) -> bool {
        let t = Topology::plain();
        let own: Vec<Cell> = centre()
            .into_iter()
            .filter(|&c| self.board[c as usize] == Some(side))
            .collect();
        own.is_empty()
            || own.iter().all(|&o| {
                Direction::ORTHOGONAL
                    .iter()
                    .any(|&d| t.neighbour(o, d) == Some(cell))
            })
    }

    fn over(&self) -> bool {
        self.board.iter().all(Option::is_some)
            || (self.options.out_of_discs == OutOfDiscs::End && self.supply[self.turn.index()] == 0)
            || (!self.can_place(self.turn) && !self.can_place(self.turn.other()))
    }
}

impl Game for Reversi {
    fn set_up_text(&self) -> Option<String> {
        let fresh = Reversi::new(self.options.clone());
        let start = (self.board, self.turn) == (fresh.board, fresh.turn);
        (!start).then(|| grid::write(&self.board, self.turn))
    }

    type Move = Ply;
    type Options = ReversiOptions;
    const CARD: Card = Card {
        pieces: &[PieceKind::Disc],
        clocks: QUICK_CLOCKS,
        showcase: "1. d5 d4 2. e5 e4 3. d3 c4 4. c3 e6 5. f5 c2",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::winning(10, "unit-discs"),
        set_up: crate::rules::grid::SET_UP,
        pgn: Pgn::Numbered,
    };

    fn new(options: ReversiOptions) -> Self {
        let mut g = Reversi {
            board: [None; 64],
            turn: Side::Black,
            supply: [32, 32],
            ply: 0,
            options,
        };
        if g.options.start == Start::Othello {
            let t = Topology::plain();
            for (name, side) in [
                ("d4", Side::White),
                ("e5", Side::White),
                ("d5", Side::Black),
                ("e4", Side::Black),
            ] {
                g.board[t.parse(name).expect("a square") as usize] = Some(side);
            }
            g.supply = [30, 30];
        }
        g
    }

    /// A board and the side to move ([`grid`](crate::rules::grid)); the discs not on
    /// the board are shared out between the supplies, the side to move taking the odd
    /// one.
    fn set_up(options: ReversiOptions, text: &str) -> Result<Self, Detail> {
        let (board, turn) = grid::read(text)?;
        let left = 64 - board.iter().flatten().count() as u8;
        let mut supply = [left / 2; 2];
        supply[turn.index()] += left % 2;
        Ok(Reversi {
            board,
            turn,
            supply,
            ply: 0,
            options,
        })
    }

    fn options(&self) -> &ReversiOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::plain()
    }

    fn legal_moves(&self) -> Vec<Ply> {
        if self.over() {
            return Vec::new();
        }
        let places = self.placements(self.turn);
        if places.is_empty() {
            vec![Ply::Pass]
        } else {
            places.into_iter().map(Ply::Place).collect()
        }
    }

    fn play(&mut self, ply: &Ply) {
        if let Ply::Place(cell) = *ply {
            let side = self.turn;
            for c in self.flips(cell, side) {
                self.board[c as usize] = Some(side);
            }
            self.board[cell as usize] = Some(side);
            let from = if self.supply[side.index()] > 0 {
                side
            } else {
                side.other()
            };
            self.supply[from.index()] -= 1;
        }
        self.turn = self.turn.other();
        self.ply += 1;
    }

    fn notation(&self, ply: &Ply) -> String {
        match ply {
            Ply::Place(c) => Topology::plain().name(*c).to_string(),
            Ply::Pass => PASS.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Ply, Detail> {
        let text = text.trim();
        let ply = if text == PASS {
            Ply::Pass
        } else {
            Ply::Place(Topology::plain().parse(text).ok_or_else(|| {
                crate::detail!("detail-not-square", "'{name}' is not a square", name = text)
            })?)
        };
        if self.legal_moves().contains(&ply) {
            Ok(ply)
        } else if ply == Ply::Pass {
            Err(crate::detail!(
                "detail-reversi-pass",
                "a pass is only allowed with no legal placement"
            ))
        } else if self.in_centre_phase() {
            Err(crate::detail!(
                "detail-reversi-centre",
                "{text} is not legal: the first four discs go on the centre squares",
                text = text,
            ))
        } else {
            Err(crate::detail!(
                "detail-reversi-outflanks",
                "{text} is not legal here: it outflanks nothing",
                text = text,
            ))
        }
    }

    fn view(&self, ply: &Ply) -> MoveView {
        match *ply {
            Ply::Place(c) => MoveView {
                flipped: self.flips(c, self.turn),
                ..MoveView::placing(
                    c,
                    PieceView {
                        side: self.turn,
                        kind: PieceKind::Disc,
                    },
                )
            },
            Ply::Pass => MoveView::along(0, Vec::new()),
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, d)| {
                d.map(|side| {
                    (
                        i as Cell,
                        PieceView {
                            side,
                            kind: PieceKind::Disc,
                        },
                    )
                })
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn && self.supply == other.supply
    }

    fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    fn outcome(&self, _repetitions: usize) -> Option<Outcome> {
        if !self.over() {
            return None;
        }
        let (black, white) = (self.count(Side::Black), self.count(Side::White));
        let winner = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Side::Black),
            std::cmp::Ordering::Less => Some(Side::White),
            std::cmp::Ordering::Equal => None,
        };
        let empties = 64 - black - white;
        let bonus = |side: Side| {
            if self.options.empties_to_winner && winner == Some(side) {
                empties
            } else {
                0
            }
        };
        let mut outcome = match winner {
            Some(side) => Outcome::win(side, Reason::Score),
            None => Outcome::draw(Reason::Score),
        };
        outcome.score = Some([white + bonus(Side::White), black + bonus(Side::Black)]);
        Some(outcome)
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::plain(), |c| {
            self.board[c as usize].map(|s| if s == Side::White { 'O' } else { 'X' })
        })
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }
}

impl Refusals for Reversi {
    /// Discs stay where they are put: a click on one says how the game is played.
    fn why_not(&self, _from: Cell, _to: Option<Cell>) -> Option<Refusal> {
        Some(Refusal::new("msg-why-disc"))
    }

    fn refusals() -> Vec<&'static str> {
        vec!["msg-why-disc"]
    }
}

impl Turns for Reversi {
    type Move = <Reversi as Game>::Move;

    fn is_pass(&self, m: &Ply) -> bool {
        *m == Ply::Pass
    }
}

impl Seats for Reversi {
    fn turn(&self) -> Side {
        self.turn
    }

    /// Black, the first player, sits in seat 0.
    fn seat_to_move(&self) -> usize {
        (self.turn == Side::White) as usize
    }

    fn seat_side(&self, seat: usize) -> Side {
        if seat == 0 { Side::Black } else { Side::White }
    }

    fn first_side(&self) -> Side {
        Side::Black
    }
}

impl GameView for Reversi {
    fn tallies(&self) -> Vec<(Side, u32, u32)> {
        [Side::Black, Side::White]
            .into_iter()
            .map(|s| (s, self.count(s), self.supply[s.index()] as u32))
            .collect()
    }
}

#[cfg(test)]
mod tests;
