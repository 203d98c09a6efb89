//! Corners (`corners`, Ugolki): bring every checker from your home corner into the
//! opponent's, by steps and jump chains over checkers of either colour.
//!
//! Choices where the spec is silent: with `copy_rule = limit` a Black move is refused when
//! it makes the board its own colour-swapped half-turn and the four Black moves before it
//! did too (unless every Black move would); the solo phase of `scoring` ends when the loser
//! fills the target or after 200 penalty moves.

mod eval;
pub(crate) mod moves;

pub use moves::CMove;

use super::game::{Game, grid_diagram};
use super::options::{choices, house_rules};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use super::why::Refusal;
use crate::rules::error::{Detail, too_many_pieces};
use crate::rules::game::{Card, QUICK_CLOCKS};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HomeShape {
    #[default]
    Square3,
    Triangle10,
    Rect4x3,
    Rect3x4,
    Square4,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Obligatory {
    #[default]
    Strict,
    Literal,
    Off,
}

choices!(HomeShape {
    "square3" => HomeShape::Square3,
    "triangle10" => HomeShape::Triangle10,
    "rect4x3" => HomeShape::Rect4x3,
    "rect3x4" => HomeShape::Rect3x4,
    "square4" => HomeShape::Square4,
});

choices!(Obligatory {
    "strict" => Obligatory::Strict,
    "literal" => Obligatory::Literal,
    "off" => Obligatory::Off,
});

house_rules! {
    pub struct CornersOptions {
        "home_shape" home_shape: HomeShape = "square3",
        "obligatory_move" obligatory_move: Obligatory = "strict",
        "equalizing_move" equalizing_move: bool = "on",
        /// Black's move number after which a checker still at home loses (0: never).
        "home_exit_limit" home_exit_limit: u32 = "40" { "0" => 0, "40" => 40 } or 0..=1000,
        /// Black's move number after which the checkers in the target decide (0: never).
        "finish_limit" finish_limit: u32 = "80" { "0" => 0, "80" => 80 } or 0..=1000,
        "copy_rule" copy_limit: bool = "allowed" { "allowed" => false, "limit" => true },
        "scoring" scoring: bool = "off",
    }
}

/// White's home squares for a shape; Black's are their half-turns (63 - cell).
fn white_home(shape: HomeShape) -> Vec<Cell> {
    let block = |files: u8, ranks: u8| -> Vec<Cell> {
        (0..ranks)
            .flat_map(|r| (0..files).map(move |f| r * 8 + f))
            .collect()
    };
    match shape {
        HomeShape::Square3 => block(3, 3),
        HomeShape::Triangle10 => (0..4u8)
            .flat_map(|r| (0..4 - r).map(move |f| r * 8 + f))
            .collect(),
        HomeShape::Rect4x3 => block(4, 3),
        HomeShape::Rect3x4 => block(3, 4),
        HomeShape::Square4 => block(4, 4),
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    Play,
    /// White has filled his target; Black has one move to do the same.
    Equalizing,
    /// Scoring mode: the loser plays on alone; each move is a penalty point.
    Solo {
        winner: Side,
        penalty: u32,
    },
    Over(Outcome),
}

const PENALTY_CAP: u32 = 200;

#[derive(Clone, Debug, PartialEq)]
pub struct Corners {
    pub board: [Option<Side>; 64],
    pub turn: Side,
    /// Moves made by each side, by [`Side::index`].
    pub moves_made: [u32; 2],
    pub phase: Phase,
    /// Forced passes in a row.
    pub passes: u8,
    /// Black moves in a row that left the board its own colour-swapped half-turn.
    pub mirror_streak: u8,
    pub options: CornersOptions,
    home: [Vec<Cell>; 2],
}

impl Corners {
    pub fn home(&self, side: Side) -> &[Cell] {
        &self.home[side.index()]
    }

    fn target(&self, side: Side) -> &[Cell] {
        self.home(side.other())
    }

    fn in_home(&self, side: Side) -> usize {
        self.home(side)
            .iter()
            .filter(|&&c| self.board[c as usize] == Some(side))
            .count()
    }

    fn in_target(&self, side: Side) -> usize {
        self.target(side)
            .iter()
            .filter(|&&c| self.board[c as usize] == Some(side))
            .count()
    }

    fn completed(&self, side: Side) -> bool {
        self.in_target(side) == self.target(side).len()
    }

    fn is_mirror(&self) -> bool {
        (0..64).all(|c| self.board[c] == self.board[63 - c].map(|s| s.other()))
    }

    fn end(&mut self, outcome: Outcome) {
        self.phase = match (self.options.scoring, outcome.winner) {
            (true, Some(winner)) if !self.completed(winner.other()) => {
                Phase::Solo { winner, penalty: 0 }
            }
            _ => Phase::Over(outcome),
        };
        if let Phase::Solo { winner, .. } = self.phase {
            self.turn = winner.other();
        }
    }

    /// The end-of-game checks after a move of `mover`, in the spec's order.
    fn after_move(&mut self, mover: Side) {
        let black_moves = self.moves_made[Side::Black.index()];
        match self.phase {
            Phase::Equalizing => {
                let outcome = if self.completed(Side::Black) {
                    Outcome::draw(Reason::Completion)
                } else {
                    Outcome::win(Side::White, Reason::Completion)
                };
                self.end(outcome);
                if let Phase::Solo { penalty, .. } = &mut self.phase {
                    *penalty = 1;
                }
                return;
            }
            Phase::Play => {}
            _ => return,
        }
        if self.completed(mover) {
            if mover == Side::White && self.options.equalizing_move {
                self.phase = Phase::Equalizing;
            } else {
                self.end(Outcome::win(mover, Reason::Completion));
            }
            return;
        }
        if mover == Side::Black
            && self.options.home_exit_limit > 0
            && black_moves == self.options.home_exit_limit
        {
            let stuck = Side::BOTH.map(|s| self.in_home(s) > 0);
            match stuck {
                [true, true] => return self.end(Outcome::draw(Reason::HomeExit)),
                [true, false] => return self.end(Outcome::win(Side::Black, Reason::HomeExit)),
                [false, true] => return self.end(Outcome::win(Side::White, Reason::HomeExit)),
                [false, false] => {}
            }
        }
        if mover == Side::Black
            && self.options.finish_limit > 0
            && black_moves == self.options.finish_limit
        {
            let (w, b) = (self.in_target(Side::White), self.in_target(Side::Black));
            let outcome = match w.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::win(Side::White, Reason::FinishLimit),
                std::cmp::Ordering::Less => Outcome::win(Side::Black, Reason::FinishLimit),
                std::cmp::Ordering::Equal => Outcome::draw(Reason::FinishLimit),
            };
            self.end(outcome);
        }
    }
}

impl Game for Corners {
    fn set_up_text(&self) -> Option<String> {
        let fresh = Corners::new(self.options.clone());
        let start = (self.board, self.turn) == (fresh.board, fresh.turn);
        (!start).then(|| crate::rules::grid::write(&self.board, self.turn))
    }

    type Move = CMove;
    type Options = CornersOptions;
    const CARD: Card = Card {
        pieces: &[PieceKind::Checker],
        clocks: QUICK_CLOCKS,
        showcase: "",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::winning(10, "unit-steps"),
        set_up: crate::rules::grid::SET_UP,
        pgn: Pgn::Numbered,
    };

    fn new(options: CornersOptions) -> Self {
        let white = white_home(options.home_shape);
        let black: Vec<Cell> = white.iter().map(|&c| 63 - c).collect();
        let mut board = [None; 64];
        for &c in &white {
            board[c as usize] = Some(Side::White);
        }
        for &c in &black {
            board[c as usize] = Some(Side::Black);
        }
        Corners {
            board,
            turn: Side::White,
            moves_made: [0, 0],
            phase: Phase::Play,
            passes: 0,
            mirror_streak: 0,
            options,
            home: [white, black],
        }
    }

    /// A board and the side to move ([`grid`](crate::rules::grid)), each side with at
    /// most as many checkers as its home holds; the move counts start afresh.
    fn set_up(options: CornersOptions, text: &str) -> Result<Self, Detail> {
        let (board, turn) = crate::rules::grid::read(text)?;
        let mut g = Corners::new(options);
        let most = g.home[0].len();
        for side in Side::BOTH {
            let count = board.iter().filter(|s| **s == Some(side)).count();
            if count > most {
                return Err(too_many_pieces(side, count, most));
            }
        }
        g.board = board;
        g.turn = turn;
        Ok(g)
    }

    fn options(&self) -> &CornersOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    fn legal_moves(&self) -> Vec<CMove> {
        moves::legal(self)
    }

    fn play(&mut self, m: &CMove) {
        let mover = self.turn;
        match *m {
            CMove::Pass => self.passes += 1,
            CMove::Move { from, .. } => {
                self.passes = 0;
                self.board[from as usize] = None;
                self.board[m.to().expect("a move lands") as usize] = Some(mover);
                if mover == Side::Black {
                    self.mirror_streak = if self.is_mirror() {
                        self.mirror_streak + 1
                    } else {
                        0
                    };
                }
            }
        }
        self.moves_made[mover.index()] += 1;
        if let Phase::Solo { winner, penalty } = self.phase {
            let penalty = penalty + 1;
            self.phase = if self.completed(mover) || penalty >= PENALTY_CAP {
                let mut o = Outcome::win(winner, Reason::Completion);
                let mut score = [0; 2];
                score[mover.index()] = penalty.min(PENALTY_CAP);
                o.score = Some(score);
                Phase::Over(o)
            } else {
                Phase::Solo { winner, penalty }
            };
            return;
        }
        self.turn = mover.other();
        self.after_move(mover);
        if self.phase == Phase::Play && self.passes >= 2 {
            self.phase = Phase::Over(Outcome::draw(Reason::NoMoves));
        }
    }

    fn notation(&self, m: &CMove) -> String {
        let solo = matches!(self.phase, Phase::Solo { .. });
        format!("{}{}", if solo { "*" } else { "" }, moves::write(m))
    }

    fn parse_move(&self, text: &str) -> Result<CMove, Detail> {
        moves::read(self, text.trim().trim_start_matches('*'))
    }

    fn view(&self, m: &CMove) -> MoveView {
        match m {
            CMove::Move { from, route } => MoveView::along(*from, route.as_slice().to_vec()),
            CMove::Pass => MoveView::along(0, Vec::new()),
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                s.map(|side| {
                    (
                        i as Cell,
                        PieceView {
                            side,
                            kind: PieceKind::Checker,
                        },
                    )
                })
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    fn outcome(&self, _repetitions: usize) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    fn move_number(&self) -> u32 {
        self.moves_made[self.turn.index()] + 1
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::chess(), |c| {
            self.board[c as usize].map(|s| if s == Side::White { 'W' } else { 'B' })
        })
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }
}

impl Refusals for Corners {
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        moves::refusal(self, from, to)
    }

    fn refusals() -> Vec<&'static str> {
        moves::REASONS.to_vec()
    }
}

impl Turns for Corners {
    type Move = <Corners as Game>::Move;

    fn is_pass(&self, m: &CMove) -> bool {
        *m == CMove::Pass
    }
}

impl Seats for Corners {
    fn turn(&self) -> Side {
        self.turn
    }
}

impl GameView for Corners {
    fn tinted(&self) -> Vec<(Cell, Side)> {
        Side::BOTH
            .into_iter()
            .flat_map(|s| self.home(s).iter().map(move |&c| (c, s)))
            .collect()
    }
}

#[cfg(test)]
mod tests;
