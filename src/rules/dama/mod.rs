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
use super::options::{HouseRules, OptionSpec, SWITCH, parse_switch, switch, unknown};
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{MoveView, PieceKind, PieceView};

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

/// The house rules of either game, as the move generator reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct TurkishOptions {
    pub max_capture: bool,
    pub allow_180: bool,
    pub promotion_in_capture: CapturePromotion,
    pub lone_piece_draw: LonePieceDraw,
    /// Occurrences of a position that draw (0: never).
    pub repetition_draw: u8,
    /// Plies without a capture or a man move that draw (0: never).
    pub quiet_limit_plies: u32,
}

/// Armenian draughts' house rules: Turkish ones, a man crowned mid-capture goes on as a
/// king by default, and kings may be allowed to capture diagonally.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmenianOptions {
    pub base: TurkishOptions,
    pub king_diagonal_capture: bool,
}

impl Default for ArmenianOptions {
    fn default() -> Self {
        ArmenianOptions {
            base: TurkishOptions {
                promotion_in_capture: CapturePromotion::AsKing,
                ..TurkishOptions::default()
            },
            king_diagonal_capture: false,
        }
    }
}

impl HouseRules for ArmenianOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "allow_180",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "promotion_in_capture",
                default: "as_king",
                values: &["as_king", "as_man", "stop"],
            },
            OptionSpec {
                id: "max_capture",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "king_diagonal_capture",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "lone_piece_draw",
                default: "any",
                values: &["any", "kings_only", "off"],
            },
            OptionSpec {
                id: "repetition_draw",
                default: "3",
                values: &["0", "3", "4", "5"],
            },
            OptionSpec {
                id: "quiet_limit_plies",
                default: "50",
                values: &["0", "50", "100"],
            },
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        match id {
            "king_diagonal_capture" => Some(switch(self.king_diagonal_capture)),
            _ => self.base.get(id),
        }
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        match id {
            "king_diagonal_capture" => self.king_diagonal_capture = parse_switch(id, value)?,
            _ => self.base.set(id, value)?,
        }
        Ok(())
    }
}

/// What distinguishes the two games for the move generator.
pub trait Flavour: HouseRules + 'static {
    /// Diagonal quiet moves: men diagonally forward, kings in all eight directions.
    const DIAGONAL_STEPS: bool;
    fn rules(&self) -> &TurkishOptions;
    fn king_diagonal_capture(&self) -> bool;
}

impl Flavour for TurkishOptions {
    const DIAGONAL_STEPS: bool = false;
    fn rules(&self) -> &TurkishOptions {
        self
    }
    fn king_diagonal_capture(&self) -> bool {
        false
    }
}

impl Flavour for ArmenianOptions {
    const DIAGONAL_STEPS: bool = true;
    fn rules(&self) -> &TurkishOptions {
        &self.base
    }
    fn king_diagonal_capture(&self) -> bool {
        self.king_diagonal_capture
    }
}

impl Default for TurkishOptions {
    fn default() -> Self {
        TurkishOptions {
            max_capture: true,
            allow_180: false,
            promotion_in_capture: CapturePromotion::AsMan,
            lone_piece_draw: LonePieceDraw::Any,
            repetition_draw: 3,
            quiet_limit_plies: 50,
        }
    }
}

impl HouseRules for TurkishOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "max_capture",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "allow_180",
                default: "off",
                values: SWITCH,
            },
            OptionSpec {
                id: "promotion_in_capture",
                default: "as_man",
                values: &["as_man", "as_king", "stop"],
            },
            OptionSpec {
                id: "lone_piece_draw",
                default: "any",
                values: &["any", "kings_only", "off"],
            },
            OptionSpec {
                id: "repetition_draw",
                default: "3",
                values: &["0", "3", "4", "5"],
            },
            OptionSpec {
                id: "quiet_limit_plies",
                default: "50",
                values: &["0", "50", "100"],
            },
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        Some(match id {
            "max_capture" => switch(self.max_capture),
            "allow_180" => switch(self.allow_180),
            "promotion_in_capture" => match self.promotion_in_capture {
                CapturePromotion::AsMan => "as_man",
                CapturePromotion::AsKing => "as_king",
                CapturePromotion::Stop => "stop",
            },
            "lone_piece_draw" => match self.lone_piece_draw {
                LonePieceDraw::Any => "any",
                LonePieceDraw::KingsOnly => "kings_only",
                LonePieceDraw::Off => "off",
            },
            "repetition_draw" => ["0", "3", "4", "5"]
                .into_iter()
                .find(|v| v.parse() == Ok(self.repetition_draw))?,
            "quiet_limit_plies" => {
                // Other limits are allowed on the command line; the menu offers these.
                ["0", "50", "100"]
                    .into_iter()
                    .find(|v| v.parse() == Ok(self.quiet_limit_plies))?
            }
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let bad = || format!("{id} does not take '{value}'");
        match id {
            "max_capture" => self.max_capture = parse_switch(id, value)?,
            "allow_180" => self.allow_180 = parse_switch(id, value)?,
            "promotion_in_capture" => {
                self.promotion_in_capture = match value {
                    "as_man" => CapturePromotion::AsMan,
                    "as_king" => CapturePromotion::AsKing,
                    "stop" => CapturePromotion::Stop,
                    _ => return Err(bad()),
                }
            }
            "lone_piece_draw" => {
                self.lone_piece_draw = match value {
                    "any" => LonePieceDraw::Any,
                    "kings_only" => LonePieceDraw::KingsOnly,
                    "off" => LonePieceDraw::Off,
                    _ => return Err(bad()),
                }
            }
            "repetition_draw" => {
                self.repetition_draw = match value.parse() {
                    Ok(n @ (0 | 3 | 4 | 5)) => n,
                    _ => return Err(bad()),
                }
            }
            "quiet_limit_plies" => self.quiet_limit_plies = value.parse().map_err(|_| bad())?,
            _ => return Err(unknown(id)),
        }
        Ok(())
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
    fn refusals() -> Vec<&'static str> {
        vec![
            "msg-why-must-capture",
            "msg-piece-cannot-move",
            "msg-why-not-there",
        ]
    }

    fn set_up_text(&self) -> Option<String> {
        Some(self.fen()).filter(|f| *f != Self::new(self.options.clone()).fen())
    }

    type Move = Move;
    type Options = O;

    fn new(options: O) -> Self {
        Dama {
            board: Board::start(),
            turn: Side::White,
            quiet_plies: 0,
            ply: 0,
            options,
        }
    }

    fn set_up(options: O, text: &str) -> Result<Self, String> {
        notation::from_fen(options, text)
    }

    fn options(&self) -> &O {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::plain()
    }

    fn turn(&self) -> Side {
        self.turn
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

    fn parse_move(&self, text: &str) -> Result<Move, String> {
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

    fn capture_compulsory(&self) -> bool {
        self.legal_moves().first().is_some_and(Move::is_capture)
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod armenian_tests;
