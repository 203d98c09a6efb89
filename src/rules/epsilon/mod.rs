//! Epsilon-64 (`epsilon64`): seven stones a side, placed from the hand or moved by steps
//! and jump chains in eight directions; five in a row wins, and repeating the same
//! movement too often loses.

mod eval;
mod moves;

pub use moves::Action;

use super::game::{Game, grid_diagram};
use super::options::{choices, house_rules};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Direction, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use crate::rules::error::{Detail, too_many_pieces};
use crate::rules::game::{Card, QUICK_CLOCKS};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RepeatRule {
    /// The N-th identical (origin, destination) movement in the game loses.
    #[default]
    SameMoveGame,
    /// The N-th identical movement within the player's last 2N - 1 turns loses.
    SameMoveShuttle,
    /// Producing the same position for the N-th time loses.
    Position,
    Off,
}

choices!(RepeatRule {
    "same_move_game" => RepeatRule::SameMoveGame,
    "same_move_shuttle" => RepeatRule::SameMoveShuttle,
    "position" => RepeatRule::Position,
    "off" => RepeatRule::Off,
});

house_rules! {
    pub struct EpsilonOptions {
        "repeat_rule" repeat_rule: RepeatRule = "same_move_game",
        "repeat_count" repeat_count: u32 = "3" { "3" => 3, "4" => 4 },
        "exact_five" exact_five: bool = "off",
        "jump_same_stone_twice" jump_same_stone_twice: bool = "off",
        "swap" swap: bool = "off",
        /// Total actions after which the game is drawn (0: no limit).
        "max_turns" max_turns: u32 = "0" { "0" => 0, "100" => 100, "200" => 200 } or 0..=100_000,
        /// A player without a legal action loses instead of passing.
        "forced_pass" pass_loses: bool = "pass" { "pass" => false, "lose" => true },
    }
}

/// A movement as the repetition rules count it: who, from, to, and on which own turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Movement {
    side: Side,
    from: Cell,
    to: Cell,
    turn: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Epsilon {
    pub board: [Option<Side>; 64],
    /// Stones in hand, by [`Side::index`].
    pub hand: [u8; 2],
    pub turn: Side,
    /// Actions made by each side (its own turns).
    pub own_turns: [u32; 2],
    pub passes: u8,
    /// Black has taken White's side under the pie rule.
    pub swapped: bool,
    pub swap_offer: bool,
    /// A win by five or a loss by repetition, decided when the action was made.
    pub result: Option<Outcome>,
    /// The winning line, to mark it.
    pub five: Vec<Cell>,
    movements: Vec<Movement>,
    pub options: EpsilonOptions,
}

impl Epsilon {
    /// The longest run of `side`'s stones through `cell` along each line, as cells.
    fn best_line(&self, side: Side) -> Vec<Cell> {
        // Most positions have no five at all: seen at once from the runs as bit sets.
        let (own, _) = crate::rules::grid::bit_sets(&self.board, side);
        if eval::runs_of_five().iter().all(|&run| run & !own != 0) {
            return Vec::new();
        }
        let t = Topology::plain();
        let lines = [
            (Direction::East, Direction::West),
            (Direction::North, Direction::South),
            (Direction::NorthEast, Direction::SouthWest),
            (Direction::NorthWest, Direction::SouthEast),
        ];
        let mut best: Vec<Cell> = Vec::new();
        for start in 0..64u8 {
            if self.board[start as usize] != Some(side) {
                continue;
            }
            for (fwd, back) in lines {
                // Only count runs from their first stone.
                if t.neighbour(start, back)
                    .is_some_and(|c| self.board[c as usize] == Some(side))
                {
                    continue;
                }
                let mut run = vec![start];
                run.extend(
                    t.ray(start, fwd)
                        .take_while(|&c| self.board[c as usize] == Some(side)),
                );
                let wins = if self.options.exact_five {
                    run.len() == 5
                } else {
                    run.len() >= 5
                };
                if wins && run.len() > best.len() {
                    best = run;
                }
            }
        }
        best
    }

    /// How many times `side` has made the movement, counting one more now, under the rule.
    fn repeats(&self, side: Side, from: Cell, to: Cell) -> u32 {
        let now = self.own_turns[side.index()];
        let window = 2 * self.options.repeat_count - 1;
        let same = self
            .movements
            .iter()
            .filter(|m| m.side == side && m.from == from && m.to == to);
        let earlier = match self.options.repeat_rule {
            RepeatRule::SameMoveGame => same.count(),
            RepeatRule::SameMoveShuttle => same.filter(|m| now - m.turn < window).count(),
            RepeatRule::Position | RepeatRule::Off => return 0,
        };
        earlier as u32 + 1
    }

    /// True when the action would lose by the repetition rule (and not win by five).
    pub fn loses_by_repetition(&self, a: &Action) -> bool {
        let Action::Move { from, route } = a else {
            return false;
        };
        let to = *route.as_slice().last().expect("a movement lands");
        if self.repeats(self.turn, *from, to) < self.options.repeat_count {
            return false;
        }
        let mut after = self.clone();
        after.play(a);
        after
            .result
            .is_some_and(|o| o.reason == Reason::RepeatedMove)
    }
}

impl Game for Epsilon {
    fn set_up_text(&self) -> Option<String> {
        let start = self.board == [None; 64] && self.turn == Side::White;
        (!start).then(|| crate::rules::grid::write(&self.board, self.turn))
    }

    type Move = Action;
    type Options = EpsilonOptions;
    const CARD: Card = Card {
        pieces: &[PieceKind::Stone],
        clocks: QUICK_CLOCKS,
        showcase: "1. @d4 @e5 2. @e4 @d5 3. @c3 @f6 4. @f3 @c6",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::winning(100, "unit-points"),
        set_up: crate::rules::grid::SET_UP,
        pgn: Pgn::Numbered,
    };

    fn new(options: EpsilonOptions) -> Self {
        Epsilon {
            board: [None; 64],
            hand: [7, 7],
            turn: Side::White,
            own_turns: [0, 0],
            passes: 0,
            swapped: false,
            swap_offer: false,
            result: None,
            five: Vec::new(),
            movements: Vec::new(),
            options,
        }
    }

    /// A board and the side to move ([`grid`](crate::rules::grid)): each side's hand
    /// is what its seven stones leave off the board, and its turns so far the stones it
    /// has put down.
    fn set_up(options: EpsilonOptions, text: &str) -> Result<Self, Detail> {
        let (board, turn) = crate::rules::grid::read(text)?;
        let mut g = Epsilon::new(options);
        for side in Side::BOTH {
            let placed = board.iter().filter(|s| **s == Some(side)).count();
            let most = g.hand[side.index()];
            if placed > usize::from(most) {
                return Err(too_many_pieces(side, placed, usize::from(most)));
            }
            g.hand[side.index()] -= placed as u8;
            g.own_turns[side.index()] = placed as u32;
        }
        g.board = board;
        g.turn = turn;
        Ok(g)
    }

    fn options(&self) -> &EpsilonOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::plain()
    }

    fn legal_moves(&self) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        moves::legal(self)
    }

    fn play(&mut self, a: &Action) {
        let mover = self.turn;
        self.swap_offer = false;
        match *a {
            Action::Swap => {
                self.swapped = !self.swapped;
                return;
            }
            Action::Pass => {
                self.passes += 1;
                if self.options.pass_loses {
                    self.result = Some(Outcome::win(mover.other(), Reason::NoMoves));
                }
            }
            Action::Place(cell) => {
                self.passes = 0;
                self.board[cell as usize] = Some(mover);
                self.hand[mover.index()] -= 1;
            }
            Action::Move { from, route } => {
                self.passes = 0;
                let to = *route.as_slice().last().expect("a movement lands");
                let repeats = self.repeats(mover, from, to);
                self.board[from as usize] = None;
                self.board[to as usize] = Some(mover);
                self.movements.push(Movement {
                    side: mover,
                    from,
                    to,
                    turn: self.own_turns[mover.index()],
                });
                if self.options.repeat_rule != RepeatRule::Off
                    && self.options.repeat_rule != RepeatRule::Position
                    && repeats >= self.options.repeat_count
                {
                    self.result = Some(Outcome::win(mover.other(), Reason::RepeatedMove));
                }
            }
        }
        let five = self.best_line(mover);
        if !five.is_empty() {
            self.result = Some(Outcome::win(mover, Reason::FiveInARow));
            self.five = five;
        }
        self.own_turns[mover.index()] += 1;
        let total = self.own_turns[0] + self.own_turns[1];
        if self.result.is_none() && self.passes >= 2 {
            self.result = Some(Outcome::draw(Reason::NoMoves));
        }
        if self.result.is_none() && self.options.max_turns > 0 && total >= self.options.max_turns {
            self.result = Some(Outcome::draw(Reason::TurnLimit));
        }
        self.swap_offer = self.options.swap && total == 1 && matches!(a, Action::Place(_));
        self.turn = mover.other();
    }

    fn notation(&self, a: &Action) -> String {
        let mut s = moves::write(a);
        if !matches!(a, Action::Swap | Action::Pass) {
            let mut after = self.clone();
            after.play(a);
            match after.result.map(|o| o.reason) {
                Some(Reason::FiveInARow) => s.push('#'),
                Some(Reason::RepeatedMove) => s.push('x'),
                _ => {}
            }
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<Action, Detail> {
        moves::read(self, text.trim().trim_end_matches(['#', 'x', '!', '?']))
    }

    fn view(&self, a: &Action) -> MoveView {
        match a {
            Action::Place(c) => MoveView::placing(
                *c,
                PieceView {
                    side: self.turn,
                    kind: PieceKind::Stone,
                },
            ),
            Action::Move { from, route } => MoveView::along(*from, route.as_slice().to_vec()),
            Action::Pass | Action::Swap => MoveView::along(0, Vec::new()),
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
                            kind: PieceKind::Stone,
                        },
                    )
                })
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn && self.hand == other.hand
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        if self.result.is_some() {
            return self.result;
        }
        if self.options.repeat_rule == RepeatRule::Position
            && repetitions >= self.options.repeat_count as usize
        {
            return Some(Outcome::win(self.turn, Reason::RepeatedMove));
        }
        None
    }

    fn move_number(&self) -> u32 {
        self.own_turns[self.turn.index()] + 1
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

impl Refusals for Epsilon {
    fn refusals() -> Vec<&'static str> {
        vec!["msg-why-not-there"]
    }
}

impl Turns for Epsilon {
    type Move = <Epsilon as Game>::Move;

    fn is_swap(&self, m: &Action) -> bool {
        *m == Action::Swap
    }

    fn warning(&self, m: &Action) -> Option<&'static str> {
        self.loses_by_repetition(m).then_some("warn-repeated-move")
    }
}

impl Seats for Epsilon {
    fn turn(&self) -> Side {
        self.turn
    }

    fn seat_to_move(&self) -> usize {
        self.turn.index() ^ self.swapped as usize
    }

    fn seat_side(&self, seat: usize) -> Side {
        if (seat == 1) != self.swapped {
            Side::Black
        } else {
            Side::White
        }
    }
}

impl GameView for Epsilon {
    fn tallies(&self) -> Vec<(Side, u32, u32)> {
        Side::BOTH
            .into_iter()
            .map(|s| {
                let on_board = self.board.iter().filter(|&&c| c == Some(s)).count() as u32;
                (s, on_board, self.hand[s.index()] as u32)
            })
            .collect()
    }

    fn tinted(&self) -> Vec<(Cell, Side)> {
        let winner = self.result.and_then(|o| o.winner);
        match winner {
            Some(side) => self.five.iter().map(|&c| (c, side)).collect(),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
