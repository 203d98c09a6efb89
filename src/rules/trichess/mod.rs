//! Chess for three (Ilshat Tagiev's «Шахматы на троих») on the hexagon of 150 triangles,
//! with its diplomacy: neutrality, conquered thrones, servants and masters.
//!
//! Three armies move in turn, White, Black, Red. Pawns have no forward: they step to any
//! vertical-horizontal neighbour, double-step while in their own City, Palace or Throne,
//! and capture diagonally everywhere else. A mated player's king is removed and his
//! army stays as a grey neutral army that anyone may capture and whoever holds its throne
//! may move.
//!
//! Every decision is an [`Action`]: piece moves, the vassalage offers and answers, a
//! master's order and a servant's declaration of freedom. Resignation and the agreed
//! draw go through the match like in every game ([`Game::resign`], [`Game::draw_allowed`]).
//!
//! Where the spec is silent:
//! - A servant still counts as a servant (out, for the end and the scores) while his
//!   relation is suspended by a check; during the suspension both may capture each other
//!   and check each other, and neutrality is not applied between them.
//! - "Gives check" between master and servant means a move after which the other's king
//!   is attacked when it was not before; the suspension ends after the checker's next
//!   move unless the other is mated then (he is out at once) or still in check.
//! - An offer may follow only a capture of an active player's piece by a player who
//!   serves nobody, of a player with fewer than two masters and not already his servant;
//!   one offer per capture, made before the next move.
//! - A master's order is an action at the start of the servant's turn; when two masters
//!   may order, the one the servant's seat picks orders (the two orders are both offered).
//! - "I am my own master" is declared at the start of the servant's own turn and does not
//!   use his move.
//! - A passing player's latest move captured nothing. When no player can move at all, the
//!   game is drawn.
//! - Only the controller's own pieces on a throne conquer it; when he leaves, the first
//!   other active player with a piece there (the mover first) takes it over.

mod board;
mod diplomacy;
mod eval;
mod movegen;
mod notation;
mod reasons;
mod text;
pub(crate) mod why;

pub use board::{Zone, tables};
pub use notation::russian;

use super::game::Game;
use super::options::house_rules;
use super::outcome::{Outcome, Reason};
use super::seats::Standing;
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use super::why::{Refusal, Remark, Word};
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::{Drawn, SetUp};
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

pub const CELLS: usize = 150;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub army: Side,
    pub role: Role,
}

pub type Board = [Option<Piece>; CELLS];

/// What a piece move does besides going from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// A pawn's two steps; the skipped triangle.
    Double(Cell),
    /// A pawn takes a double-stepped pawn standing on this cell.
    EnPassant(Cell),
    /// The king castles; the rook goes from the first cell to the second.
    Castle {
        long: bool,
        rook: (Cell, Cell),
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriMove {
    pub from: Cell,
    pub to: Cell,
    pub special: Special,
}

/// Everything a player of chess for three can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(TriMove),
    /// After `master` captured a piece of `servant`, `by` (one of the two) proposes that
    /// `servant` serve `master`.
    Offer {
        master: Side,
        servant: Side,
        by: Side,
    },
    /// The asked player's yes or no.
    Answer(bool),
    /// This master makes the servant's move now.
    Order(Side),
    /// The servant to move declares himself free of this master, from his throne.
    Free(Side),
}

/// A question waiting for one player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub master: Side,
    pub servant: Side,
    pub by: Side,
}

impl Question {
    pub fn asked(&self) -> Side {
        if self.by == self.master {
            self.servant
        } else {
            self.master
        }
    }
}

house_rules! {
    #[derive(Copy)]
    pub struct TriOptions {
        "neutrality" neutrality: bool = "on",
        "throne_conquest" throne_conquest: bool = "on",
        "vassalage" vassalage: bool = "on",
    }
}

/// One bit per army, by [`Side::index`].
pub fn bit(army: Side) -> u8 {
    1 << army.index()
}

/// The army that plays after `army`.
pub fn following(army: Side) -> Side {
    match army {
        Side::White => Side::Black,
        Side::Black => Side::Red,
        _ => Side::White,
    }
}

/// A position of chess for three with everything its rules remember.
#[derive(Clone, Debug, PartialEq)]
pub struct TriChess {
    options: TriOptions,
    board: Board,
    /// The player whose turn it is.
    turn: Side,
    /// Per army: bit 0 long castling (the P1 rook), bit 1 short (the P6 rook).
    castling: [u8; 3],
    /// Per army: the triangle its last double step skipped and where the pawn stands,
    /// open to en passant until that army's next turn.
    ep: [Option<(Cell, Cell)>; 3],
    /// Per army: the armies whose pieces its latest move captured.
    captured: [u8; 3],
    /// Armies whose players are out of the game (their kings are gone).
    out: u8,
    /// When each player left the game (mated, resigned or made a servant), in order.
    left: [Option<u8>; 3],
    leavings: u8,
    /// Per army that is out: the player who holds its throne and moves its pieces.
    controller: [Option<Side>; 3],
    /// Per army: its masters.
    masters: [u8; 3],
    /// `[master][servant]`: the one whose check suspended their relation.
    suspended: [[Option<Side>; 3]; 3],
    /// `[master][servant]`: the servant's turn count when the master last ordered.
    last_order: [[Option<u16>; 3]; 3],
    /// Turns begun per army, to count the rounds between orders.
    turns: [u16; 3],
    /// The master making the servant's move this turn.
    ordered_by: Option<Side>,
    /// The mover of the last capture and the armies he captured from: they may now make
    /// an offer of vassalage.
    window: Option<(Side, u8)>,
    question: Option<Question>,
    /// Piece moves played, for the move numbers.
    plies: u32,
    /// Nobody could move: the game is drawn.
    stalled: bool,
}

pub(crate) fn kind(role: Role) -> PieceKind {
    match role {
        Role::King => PieceKind::King,
        Role::Queen => PieceKind::Queen,
        Role::Rook => PieceKind::Rook,
        Role::Bishop => PieceKind::Bishop,
        Role::Knight => PieceKind::Knight,
        Role::Pawn => PieceKind::Pawn,
    }
}

impl TriChess {
    /// The start: each army's queen on T1, king on T2, rooks on P1 and P6, knights on P2
    /// and P5, bishops on P3 and P4, ten pawns on its City.
    fn start(options: TriOptions) -> TriChess {
        let t = tables();
        let mut board: Board = [None; CELLS];
        for army in Side::THREE {
            let a = army.index();
            let mut put =
                |cell: Cell, role: Role| board[cell as usize] = Some(Piece { army, role });
            put(t.throne[a][0], Role::Queen);
            put(t.throne[a][1], Role::King);
            let palace = [
                Role::Rook,
                Role::Knight,
                Role::Bishop,
                Role::Bishop,
                Role::Knight,
                Role::Rook,
            ];
            for (&cell, role) in t.palace[a].iter().zip(palace) {
                put(cell, role);
            }
            for &cell in &t.city[a] {
                put(cell, Role::Pawn);
            }
        }
        TriChess::with_board(options, board, Side::White)
    }

    fn with_board(options: TriOptions, board: Board, turn: Side) -> TriChess {
        let mut position = TriChess {
            options,
            board,
            turn,
            castling: [0; 3],
            ep: [None; 3],
            captured: [0; 3],
            out: 0,
            left: [None; 3],
            leavings: 0,
            controller: [None; 3],
            masters: [0; 3],
            suspended: [[None; 3]; 3],
            last_order: [[None; 3]; 3],
            turns: [0; 3],
            ordered_by: None,
            window: None,
            question: None,
            plies: 0,
            stalled: false,
        };
        let t = tables();
        for army in Side::THREE {
            let a = army.index();
            let has = |cell: Cell, role: Role| {
                position.board[cell as usize] == Some(Piece { army, role })
            };
            if has(t.throne[a][1], Role::King) {
                position.castling[a] = u8::from(has(t.palace[a][0], Role::Rook))
                    | u8::from(has(t.palace[a][5], Role::Rook)) << 1;
            }
        }
        position.turns[turn.index()] = 1;
        position
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn is_out(&self, army: Side) -> bool {
        self.out & bit(army) != 0
    }

    /// Still playing for the win: not out and nobody's servant.
    pub fn in_game(&self, army: Side) -> bool {
        !self.is_out(army) && self.masters[army.index()] == 0
    }

    pub fn masters(&self, servant: Side) -> impl Iterator<Item = Side> + '_ {
        Side::THREE
            .into_iter()
            .filter(move |&m| self.masters[servant.index()] & bit(m) != 0)
    }

    /// The player who controls an army that is out, by holding its throne.
    pub fn controller(&self, army: Side) -> Option<Side> {
        self.controller[army.index()]
    }

    pub fn question(&self) -> Option<Question> {
        self.question
    }

    pub fn ordered_by(&self) -> Option<Side> {
        self.ordered_by
    }

    /// The player whose latest move captured pieces of which armies.
    pub fn captured_by(&self, army: Side) -> u8 {
        self.captured[army.index()]
    }

    /// The check a relation is suspended by, `[master][servant]`.
    pub fn suspended(&self, master: Side, servant: Side) -> Option<Side> {
        self.suspended[master.index()][servant.index()]
    }

    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell as usize]
    }
}

impl Game for TriChess {
    fn set_up_text(&self) -> Option<String> {
        let fresh = TriChess::new(*self.options()).diagram();
        Some(self.diagram()).filter(|d| *d != fresh)
    }

    type Move = Action;
    type Options = TriOptions;
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::plain(write_set_up),
        pgn: Pgn::Numbered,
    };

    fn new(options: TriOptions) -> Self {
        TriChess::start(options)
    }

    fn set_up(options: TriOptions, text: &str) -> Result<Self, Detail> {
        text::read(options, text)
    }

    fn options(&self) -> &TriOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::hexagon()
    }

    fn legal_moves(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        if self.question.is_some() {
            return vec![Action::Answer(true), Action::Answer(false)];
        }
        let mut actions: Vec<Action> = self
            .piece_moves(self.turn)
            .into_iter()
            .map(Action::Move)
            .collect();
        if self.ordered_by.is_none() {
            self.diplomacy_actions(&mut actions);
        }
        actions
    }

    fn play(&mut self, action: &Action) {
        match *action {
            Action::Move(m) => self.play_move(&m),
            Action::Offer {
                master,
                servant,
                by,
            } => {
                self.window = None;
                self.question = Some(Question {
                    master,
                    servant,
                    by,
                });
            }
            Action::Answer(yes) => {
                if let Some(q) = self.question.take()
                    && yes
                {
                    self.serve(q.servant, q.master);
                }
            }
            Action::Order(master) => {
                self.window = None;
                self.ordered_by = Some(master);
                let t = self.turns[self.turn.index()];
                self.last_order[master.index()][self.turn.index()] = Some(t);
            }
            Action::Free(master) => {
                self.window = None;
                self.release(self.turn, master);
            }
        }
    }

    fn notation(&self, action: &Action) -> String {
        notation::write(self, action)
    }

    fn parse_move(&self, text: &str) -> Result<Action, Detail> {
        notation::parse(self, text)
    }

    fn view(&self, action: &Action) -> MoveView {
        let Action::Move(m) = action else {
            return MoveView::along(0, Vec::new());
        };
        let captured = match m.special {
            Special::EnPassant(cell) => Some(cell),
            _ => self.piece_at(m.to).map(|_| m.to),
        };
        MoveView {
            captured: captured.into_iter().collect(),
            companion: match m.special {
                Special::Castle { rook, .. } => Some(rook),
                _ => None,
            },
            ..MoveView::along(m.from, vec![m.to])
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(cell, p)| {
                let p = (*p)?;
                let side = if self.is_out(p.army) {
                    Side::Grey
                } else {
                    p.army
                };
                Some((
                    cell as Cell,
                    PieceView {
                        side,
                        kind: kind(p.role),
                    },
                ))
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self == other
    }

    fn outcome(&self, _repetitions: usize) -> Option<Outcome> {
        if self.stalled {
            return Some(Outcome::draw(Reason::Stalemate));
        }
        let mut playing = Side::THREE.into_iter().filter(|&a| self.in_game(a));
        match (playing.next(), playing.next()) {
            (Some(winner), None) => Some(Outcome::win(winner, Reason::LastInGame)),
            (None, _) => Some(Outcome::draw(Reason::Stalemate)),
            _ => None,
        }
    }

    fn diagram(&self) -> String {
        text::write(self)
    }

    fn move_number(&self) -> u32 {
        self.plies / 3 + 1
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for TriChess {
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        self.refusal(from, to)
    }

    fn refusals() -> Vec<&'static str> {
        why::REASONS.to_vec()
    }
}

impl Ends for TriChess {
    fn has_check(&self) -> bool {
        true
    }
}

impl Turns for TriChess {
    type Move = <TriChess as Game>::Move;

    fn button(&self, action: &Action) -> Option<Remark> {
        let pair = |master, servant| {
            vec![
                ("master", Word::Side(master)),
                ("servant", Word::Side(servant)),
            ]
        };
        let (key, words) = match *action {
            Action::Move(_) => return None,
            Action::Offer {
                master,
                servant,
                by,
            } if by == master => ("diplomacy-offer-servant", pair(master, servant)),
            Action::Offer {
                master, servant, ..
            } => ("diplomacy-offer-master", pair(master, servant)),
            Action::Order(master) => ("diplomacy-order", pair(master, self.turn())),
            Action::Free(master) => ("diplomacy-free", pair(master, self.turn())),
            Action::Answer(true) => ("button-yes", Vec::new()),
            Action::Answer(false) => ("button-no", Vec::new()),
        };
        Some(Remark { key, words })
    }

    fn asks(&self) -> Option<Remark> {
        let q = self.question?;
        let key = if q.by == q.master {
            "dialog-vassal-servant"
        } else {
            "dialog-vassal-master"
        };
        let words = vec![
            ("master", Word::Side(q.master)),
            ("servant", Word::Side(q.servant)),
        ];
        Some(Remark { key, words })
    }

    /// Diplomacy is the deciding army's, whoever is on move: an offer is made by the
    /// army that makes it (the captor or its victim), an order by the master; the rest
    /// by the seat to move (an answer by the army asked, an ordered move by the master).
    fn mover(&self, action: &Action) -> usize {
        match *action {
            Action::Offer { by, .. } => by.index(),
            Action::Order(master) => master.index(),
            _ => self.seat_to_move(),
        }
    }
}

impl Seats for TriChess {
    fn turn(&self) -> Side {
        self.turn
    }

    fn has_left(&self, seat: usize) -> bool {
        self.is_out(self.seat_side(seat))
    }

    fn seat_note(&self, seat: usize) -> Option<&'static str> {
        let army = self.seat_side(seat);
        if self.has_left(seat) {
            Some("seat-out")
        } else if !self.in_game(army) {
            Some("seat-servant")
        } else {
            None
        }
    }

    fn seat_count(&self) -> usize {
        3
    }

    fn seat_to_move(&self) -> usize {
        self.question
            .map(|q| q.asked())
            .or(self.ordered_by)
            .unwrap_or(self.turn)
            .index()
    }

    fn seat_side(&self, seat: usize) -> Side {
        Side::THREE[seat % 3]
    }

    fn players_in_game(&self) -> usize {
        self.players_left()
    }

    fn draw_allowed(&self) -> bool {
        self.question.is_none()
            && self.ordered_by.is_none()
            && Side::THREE.iter().all(|&a| self.masters[a.index()] == 0)
    }

    fn decisions_open(&self) -> bool {
        self.question.is_none() && self.ordered_by.is_none()
    }

    fn resign(&mut self) -> bool {
        let army = self.turn;
        self.window = None;
        self.eliminate(army);
        self.update_controllers(None);
        self.advance();
        true
    }

    fn standings(&self, outcome: &Outcome) -> Vec<Standing> {
        self.scores(outcome.reason == Reason::Agreement || outcome.winner.is_none())
    }
}

impl GameView for TriChess {
    fn bonds(&self) -> Vec<(crate::rules::view::Bond, Side, Side)> {
        use crate::rules::view::Bond;
        let mut bonds = Vec::new();
        for army in Side::THREE {
            bonds.extend(self.masters(army).map(|m| (Bond::Serves, army, m)));
            if let Some(holder) = self.controller(army) {
                bonds.push((Bond::Holds, holder, army));
            }
        }
        bonds
    }

    fn check_cell(&self) -> Option<Cell> {
        self.in_check(self.turn)
            .then(|| self.king(self.turn))
            .flatten()
    }

    fn tinted(&self) -> Vec<(Cell, Side)> {
        let t = tables();
        (0..CELLS as Cell)
            .map(|c| (c, t.kingdom[c as usize]))
            .collect()
    }
}

/// What is drawn as chess for three's set-up text: each army's pieces, a pawn
/// without a letter, then the army to move (`W: KWT2 WC1 / B: ... / R: ... / W`).
fn write_set_up(d: &Drawn) -> String {
    let mut parts: Vec<String> = Side::THREE
        .iter()
        .map(|&army| {
            let mut part = format!("{}:", army.letter());
            for (c, p) in d.placed().filter(|(_, p)| p.side == army) {
                let role = match p.kind {
                    PieceKind::Pawn => String::new(),
                    kind => kind.letter().map(String::from).unwrap_or_default(),
                };
                part.push_str(&format!(" {role}{}", d.topology.name(c)));
            }
            part
        })
        .collect();
    parts.push(d.boards[0].turn.letter().to_string());
    parts.join(" / ")
}

#[cfg(test)]
mod tests;
