//! The orthogonal draughts: Turkish draughts (`turkish-draughts`, Dama) and Armenian
//! draughts (`armenian-draughts`, Tama). Men step forward or sideways, kings fly, captured
//! men come off at once, and the longest capture is compulsory. Tama adds diagonal quiet
//! moves (men diagonally forward, kings in all eight directions) and crowns a man in the
//! middle of a capture.

mod board;
mod eval;
mod movegen;
mod notation;

pub use board::Board;
pub use movegen::{Move, Piece};

use super::game::{Game, grid_diagram, perft_by_copy};
use super::options::{HouseRules, choices, house_rules};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use crate::rules::error::Detail;
use crate::rules::error::Error;
use crate::rules::game::{CHESS_CLOCKS, Card};
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::{self, Drawn, SetUp};
use crate::rules::why::{FORCED_CAPTURES, Refusals};

/// What a man that reaches the back rank in the middle of a capture does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CapturePromotion {
    /// Goes on as a man and is crowned when the move ends.
    #[default]
    AsMan,
    /// Is crowned at once and goes on as a king (Armenian style).
    AsKing,
    /// The move ends there.
    Stop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LonePieceDraw {
    #[default]
    Any,
    KingsOnly,
    Off,
}

choices!(LonePieceDraw {
    "any" => LonePieceDraw::Any,
    "kings_only" => LonePieceDraw::KingsOnly,
    "off" => LonePieceDraw::Off,
});

house_rules! {
    /// Turkish draughts' house rules, which the move generator reads for either game.
    #[derive(Copy)]
    pub struct TurkishOptions {
        "max_capture" max_capture: bool = "on",
        "allow_180" allow_180: bool = "off",
        "promotion_in_capture" promotion_in_capture: CapturePromotion = "as_man" {
            "as_man" => CapturePromotion::AsMan,
            "as_king" => CapturePromotion::AsKing,
            "stop" => CapturePromotion::Stop,
        },
        "lone_piece_draw" lone_piece_draw: LonePieceDraw = "any",
        /// Occurrences of a position that draw (0: never).
        "repetition_draw" repetition_draw: u8 = "3" { "0" => 0, "3" => 3, "4" => 4, "5" => 5 },
        /// Plies without a capture or a man move that draw (0: never).
        "quiet_limit_plies" quiet_limit_plies: u32 = "50" {
            "0" => 0,
            "50" => 50,
            "100" => 100,
        } or 0..=1000,
    }
}

house_rules! {
    /// Armenian draughts' house rules: Turkish ones, a man crowned mid-capture goes on
    /// as a king by default, and kings may be allowed to capture diagonally.
    pub struct ArmenianOptions {
        "allow_180" allow_180: bool = "off",
        "promotion_in_capture" promotion_in_capture: CapturePromotion = "as_king" {
            "as_king" => CapturePromotion::AsKing,
            "as_man" => CapturePromotion::AsMan,
            "stop" => CapturePromotion::Stop,
        },
        "max_capture" max_capture: bool = "on",
        "king_diagonal_capture" king_diagonal_capture: bool = "off",
        "lone_piece_draw" lone_piece_draw: LonePieceDraw = "any",
        /// Occurrences of a position that draw (0: never).
        "repetition_draw" repetition_draw: u8 = "3" { "0" => 0, "3" => 3, "4" => 4, "5" => 5 },
        /// Plies without a capture or a man move that draw (0: never).
        "quiet_limit_plies" quiet_limit_plies: u32 = "50" {
            "0" => 0,
            "50" => 50,
            "100" => 100,
        } or 0..=1000,
    }
}

/// What distinguishes the two games for the move generator.
pub trait Flavour: HouseRules + 'static {
    /// Diagonal quiet moves: men diagonally forward, kings in all eight directions.
    const DIAGONAL_STEPS: bool;
    /// How the game presents itself.
    const CARD: Card;
    /// The rules the two games share.
    fn rules(&self) -> TurkishOptions;
    fn king_diagonal_capture(&self) -> bool;
}

impl Flavour for TurkishOptions {
    const DIAGONAL_STEPS: bool = false;
    const CARD: Card = Card {
        pieces: &[PieceKind::Checker, PieceKind::DraughtsKing],
        clocks: CHESS_CLOCKS,
        showcase: "",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::winning(100, "unit-men"),
        set_up: SET_UP,
        pgn: Pgn::Numbered,
    };
    fn rules(&self) -> TurkishOptions {
        *self
    }
    fn king_diagonal_capture(&self) -> bool {
        false
    }
}

impl Flavour for ArmenianOptions {
    const DIAGONAL_STEPS: bool = true;
    /// The showcase: men stepping diagonally forward, which Turkish draughts does not
    /// allow.
    const CARD: Card = Card {
        pieces: &[PieceKind::Checker, PieceKind::DraughtsKing],
        clocks: CHESS_CLOCKS,
        showcase: "1. c3-d4 f6-e5",
        san: false,
        table: false,
        seats_by_place: None,
        unit: Unit::winning(100, "unit-men"),
        set_up: SET_UP,
        pgn: Pgn::Numbered,
    };
    fn rules(&self) -> TurkishOptions {
        TurkishOptions {
            max_capture: self.max_capture,
            allow_180: self.allow_180,
            promotion_in_capture: self.promotion_in_capture,
            lone_piece_draw: self.lone_piece_draw,
            repetition_draw: self.repetition_draw,
            quiet_limit_plies: self.quiet_limit_plies,
        }
    }
    fn king_diagonal_capture(&self) -> bool {
        self.king_diagonal_capture
    }
}

/// A position of either game.
#[derive(Clone, Debug, PartialEq)]
pub struct Dama<O> {
    pub board: Board,
    pub turn: Side,
    /// Plies since the last capture or man move.
    pub quiet_plies: u32,
    pub ply: u32,
    pub options: O,
}

pub type Turkish = Dama<TurkishOptions>;
pub type Armenian = Dama<ArmenianOptions>;

impl<O: Flavour> Dama<O> {
    /// The position in the `W:Wa2,b2,Kd1:Ba6,Kh8` format.
    pub fn fen(&self) -> String {
        notation::to_fen(self)
    }

    fn count(&self, side: Side) -> (usize, usize) {
        let own = self.board.side(side);
        (
            own.count_ones() as usize,
            (own & self.board.kings()).count_ones() as usize,
        )
    }
}

impl<O: Flavour> Game for Dama<O> {
    fn set_up_text(&self) -> Option<String> {
        Some(self.fen()).filter(|f| *f != Self::new(self.options.clone()).fen())
    }

    type Move = Move;
    type Options = O;
    const CARD: Card = O::CARD;

    fn new(options: O) -> Self {
        Dama {
            board: Board::start(),
            turn: Side::White,
            quiet_plies: 0,
            ply: 0,
            options,
        }
    }

    fn set_up(options: O, text: &str) -> Result<Self, Detail> {
        notation::from_fen(options, text)
    }

    fn options(&self) -> &O {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::plain()
    }

    fn legal_moves(&self) -> Vec<Move> {
        movegen::legal(self)
    }

    /// Counts on the position itself, without the move list of the game enum: the
    /// last ply's moves are counted, not played.
    /// The last ply's moves are counted without being listed.
    fn perft(&self, depth: u32) -> Option<u64> {
        Some(perft_by_copy(self, depth, &|g| movegen::count(g) as u64))
    }

    fn play(&mut self, m: &Move) {
        let piece = self
            .board
            .get(m.from)
            .expect("a legal move starts at a piece");
        for &c in m.captured.as_slice() {
            self.board.set(c, None);
        }
        self.board.set(m.from, None);
        self.board.set(
            m.to(),
            Some(Piece {
                king: piece.king || m.promotes,
                ..piece
            }),
        );
        self.quiet_plies = if m.is_capture() || !piece.king {
            0
        } else {
            self.quiet_plies + 1
        };
        self.turn = self.turn.other();
        self.ply += 1;
    }

    fn notation(&self, m: &Move) -> String {
        notation::write(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Detail> {
        notation::read(self, text)
    }

    fn view(&self, m: &Move) -> MoveView {
        MoveView {
            captured: m.captured.as_slice().to_vec(),
            ..MoveView::along(m.from, m.landings.as_slice().to_vec())
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.board
            .pieces()
            .map(|(c, p)| {
                let kind = if p.king {
                    PieceKind::DraughtsKing
                } else {
                    PieceKind::Checker
                };
                (c, PieceView { side: p.side, kind })
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Some(Outcome::win(self.turn.other(), Reason::NoMoves));
        }
        let capture = moves[0].is_capture();
        let ((mine, my_kings), (theirs, their_kings)) =
            (self.count(self.turn), self.count(self.turn.other()));
        let lone = mine == 1 && theirs == 1 && !capture;
        let rules = self.options.rules();
        let lone_draw = match rules.lone_piece_draw {
            LonePieceDraw::Any => lone,
            LonePieceDraw::KingsOnly => lone && my_kings == 1 && their_kings == 1,
            LonePieceDraw::Off => false,
        };
        if lone_draw {
            return Some(Outcome::draw(Reason::LonePieces));
        }
        let times = rules.repetition_draw as usize;
        if times > 0 && repetitions >= times {
            return Some(Outcome::draw(Reason::Repetition));
        }
        let limit = rules.quiet_limit_plies;
        if limit > 0 && self.quiet_plies >= limit {
            return Some(Outcome::draw(Reason::QuietKings));
        }
        None
    }

    fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    fn diagram(&self) -> String {
        grid_diagram(Topology::plain(), |c| {
            self.board.get(c).map(|p| {
                let c = if p.side == Side::White { 'w' } else { 'b' };
                if p.king { c.to_ascii_uppercase() } else { c }
            })
        })
    }
}

impl<O: Flavour> Refusals for Dama<O> {
    fn refusals() -> Vec<&'static str> {
        FORCED_CAPTURES.to_vec()
    }

    fn capture_compulsory(&self) -> bool {
        self.legal_moves().first().is_some_and(Move::is_capture)
    }
}

impl<O: Flavour> Seats for Dama<O> {
    fn turn(&self) -> Side {
        self.turn
    }
}

impl<O: Flavour> GameView for Dama<O> {}

/// Draughts' set-up text, a crowned man marked `K`; a man on the row that would have
/// crowned it is refused, which the text's reader lets pass.
const SET_UP: SetUp = SetUp {
    check: no_man_on_the_crowning_row,
    ..SetUp::plain(write_set_up)
};

fn write_set_up(d: &Drawn) -> String {
    set_up::draughts(d, |kind| match kind {
        PieceKind::DraughtsKing => "K".to_string(),
        _ => String::new(),
    })
}

fn no_man_on_the_crowning_row(d: &Drawn) -> Result<(), Error> {
    let t = Topology::plain();
    for (cell, piece) in d.placed() {
        let rank = t.cells[usize::from(cell)].square().map_or(0, |(_, r)| r);
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod armenian_tests;
