//! Z-shashmaty (`z-shashmaty`): chess and draughts on the 32 dark squares.
//!
//! Choices where the spec is silent, kept here so they are found with the code:
//! - a side loses when it has no monarch left (a king made by promotion keeps it alive);
//! - the end-of-game checks run in the order: monarchs lost, simple equal position,
//!   repetition, no legal move;
//! - the pie swap does not change whose pieces are to move: Black's pieces move next,
//!   now played by the one who opened as White;
//! - in the team game the seats of a team alternate with every move of that team's colour.

mod eval;
mod movegen;
mod notation;
mod position;
mod text;

pub use text::letter;

pub use movegen::{Move, Path};
pub use position::{Board, Piece, Role};

use super::game::{Game, grid_diagram};
use super::options::house_rules;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use crate::rules::error::Detail;
use crate::rules::game::{CHESS_CLOCKS, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::SetUp;
use crate::rules::turns::Turns;
use crate::rules::why::{FORCED_CAPTURES, Refusals};

house_rules! {
    pub struct ZOptions {
        "pie_rule" pie_rule: bool = "on",
        "team_game" team_game: bool = "off",
        "equal_material_draw" equal_material_draw: bool = "on",
    }
}

/// A player's action: a move, or Black's pie-rule swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move(Move),
    Swap,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ZShashmaty {
    pub board: Board,
    pub turn: Side,
    /// Moves played so far (the swap is not a move).
    pub ply: u32,
    /// True once Black has taken White's side under the pie rule.
    pub swapped: bool,
    /// Black may swap now.
    pub pie_offer: bool,
    pub options: ZOptions,
}

impl ZShashmaty {
    fn monarchs(&self, side: Side) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.side == side && p.role.is_monarch())
            .count()
    }

    /// Both sides have one monarch and one knight, or one monarch and one rook, and nothing else.
    fn is_simple_equal(&self) -> bool {
        // Per side: monarchs, rooks, knights, and anything else.
        let mut armies = [[0u8; 4]; 2];
        for p in self.board.iter().flatten() {
            let kind = match p.role {
                r if r.is_monarch() => 0,
                Role::Rook => 1,
                Role::Knight => 2,
                _ => 3,
            };
            armies[p.side.index()][kind] += 1;
        }
        armies[0] == armies[1] && (armies[0] == [1, 1, 0, 0] || armies[0] == [1, 0, 1, 0])
    }

    fn generated(&self) -> movegen::Generated {
        movegen::generate(&self.board, self.turn)
    }
}

fn kind(role: Role) -> PieceKind {
    match role {
        Role::Checker => PieceKind::Checker,
        Role::ZChecker => PieceKind::ZChecker,
        Role::King => PieceKind::King,
        Role::ViceKing => PieceKind::ViceKing,
        Role::Rook => PieceKind::Rook,
        Role::Knight => PieceKind::Knight,
    }
}

impl Game for ZShashmaty {
    fn set_up_text(&self) -> Option<String> {
        let start = self.board == position::start_board() && self.turn == Side::White;
        (!start).then(|| text::write(&self.board, self.turn))
    }

    type Move = Action;
    type Options = ZOptions;
    const CARD: Card = Card {
        pieces: &[
            PieceKind::King,
            PieceKind::ViceKing,
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Checker,
            PieceKind::ZChecker,
        ],
        clocks: CHESS_CLOCKS,
        showcase: "",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::plain(text::write_set_up),
        pgn: Pgn::Numbered,
    };

    fn new(options: ZOptions) -> Self {
        ZShashmaty {
            board: position::start_board(),
            turn: Side::White,
            ply: 0,
            swapped: false,
            pie_offer: false,
            options,
        }
    }

    fn set_up(options: ZOptions, text: &str) -> Result<Self, Detail> {
        text::read(options, text)
    }

    fn options(&self) -> &ZOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::dark32()
    }

    fn legal_moves(&self) -> Vec<Action> {
        let mut actions: Vec<Action> = self
            .generated()
            .legal()
            .into_iter()
            .map(Action::Move)
            .collect();
        if self.pie_offer {
            actions.push(Action::Swap);
        }
        actions
    }

    fn play(&mut self, action: &Action) {
        self.pie_offer = false;
        match action {
            Action::Swap => self.swapped = !self.swapped,
            Action::Move(m) => {
                movegen::apply(&mut self.board, self.turn, m);
                self.ply += 1;
                self.turn = self.turn.other();
                self.pie_offer = self.options.pie_rule && self.ply == 1;
            }
        }
    }

    fn notation(&self, action: &Action) -> String {
        match action {
            Action::Swap => notation::SWAP.into(),
            Action::Move(m) => self.write_move(m),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Action, Detail> {
        self.read_action(text)
    }

    fn view(&self, action: &Action) -> MoveView {
        match action {
            Action::Swap => MoveView::along(0, Vec::new()),
            Action::Move(m) => MoveView {
                captured: m.captured.as_slice().to_vec(),
                promotion: m.promotion.map(kind),
                vanishes: m.mine,
                ..MoveView::along(m.from, m.landings.as_slice().to_vec())
            },
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                p.map(|p| {
                    (
                        i as Cell,
                        PieceView {
                            side: p.side,
                            kind: kind(p.role),
                        },
                    )
                })
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        for side in Side::BOTH {
            if self.monarchs(side) == 0 {
                return Some(Outcome::win(side.other(), Reason::MonarchsLost));
            }
        }
        if self.options.equal_material_draw && self.is_simple_equal() {
            return Some(Outcome::draw(Reason::EqualMaterial));
        }
        if repetitions >= 3 {
            return Some(Outcome::draw(Reason::Repetition));
        }
        if !movegen::has_move(&self.board, self.turn) {
            return Some(Outcome::win(self.turn.other(), Reason::NoMoves));
        }
        None
    }

    fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::dark32(), |c| {
            self.board[c as usize].map(|p| {
                let c = match p.role {
                    Role::Checker => 'c',
                    Role::ZChecker => 'z',
                    Role::King => 'k',
                    Role::ViceKing => 'v',
                    Role::Rook => 't',
                    Role::Knight => 'n',
                };
                if p.side == Side::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
        })
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }
}

impl Refusals for ZShashmaty {
    fn refusals() -> Vec<&'static str> {
        FORCED_CAPTURES.to_vec()
    }

    fn capture_compulsory(&self) -> bool {
        movegen::has_jump(&self.board, self.turn)
    }
}

impl Turns for ZShashmaty {
    type Move = <ZShashmaty as Game>::Move;

    fn is_swap(&self, m: &Action) -> bool {
        *m == Action::Swap
    }
}

impl Seats for ZShashmaty {
    fn turn(&self) -> Side {
        self.turn
    }

    fn seat_count(&self) -> usize {
        if self.options.team_game { 4 } else { 2 }
    }

    fn seat_to_move(&self) -> usize {
        let team = self.turn.index() ^ self.swapped as usize;
        if self.options.team_game {
            team + 2 * ((self.ply as usize / 2) % 2)
        } else {
            team
        }
    }

    fn seat_side(&self, seat: usize) -> Side {
        if (seat % 2 == 1) != self.swapped {
            Side::Black
        } else {
            Side::White
        }
    }
}

impl GameView for ZShashmaty {
    /// A mined checker explodes where a rook or knight takes it.
    fn hint(&self, cell: Cell) -> Option<&'static str> {
        self.pieces()
            .iter()
            .any(|(c, p)| *c == cell && p.kind == PieceKind::ZChecker)
            .then_some("hint-z-checker")
    }
}

#[cfg(test)]
mod tests;
