//! The enum over all games that the app and the command line hold.

use super::chapayev::{self, Chapayev, ChapayevOptions};
use super::chess::{self, ChessGame, ChessOptions};
use super::corners::{self, Corners, CornersOptions};
use super::dama::{self, Armenian, ArmenianOptions, Turkish, TurkishOptions};
use super::epsilon::{self, Epsilon, EpsilonOptions};
use super::game::{Game, Standing};
use super::options::{HouseRules, OptionSpec};
use super::outcome::{Outcome, Reason};
use super::reversi::{self, Reversi, ReversiOptions};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::trichess::{self, TriChess, TriOptions};
use super::view::{MoveView, PieceView};
use super::zshashmaty::{self, ZOptions, ZShashmaty};

/// The games Doska knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    Chess,
    ZShashmaty,
    Reversi,
    Turkish,
    Armenian,
    Corners,
    Epsilon,
    TriChess,
    Chapayev,
}

impl GameId {
    pub const ALL: [GameId; 9] = [
        GameId::Chess,
        GameId::ZShashmaty,
        GameId::Turkish,
        GameId::Armenian,
        GameId::Reversi,
        GameId::Epsilon,
        GameId::Corners,
        GameId::TriChess,
        GameId::Chapayev,
    ];

    /// The id used on the command line, in save files and in translations.
    pub const fn id(self) -> &'static str {
        match self {
            GameId::Chess => "chess",
            GameId::ZShashmaty => "z-shashmaty",
            GameId::Reversi => "reversi",
            GameId::Turkish => "turkish-draughts",
            GameId::Armenian => "armenian-draughts",
            GameId::Corners => "corners",
            GameId::Epsilon => "epsilon64",
            GameId::TriChess => "tri-chess",
            GameId::Chapayev => "chapayev",
        }
    }

    pub fn from_id(id: &str) -> Result<GameId, String> {
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == id)
            .ok_or_else(|| {
                let known: Vec<&str> = GameId::ALL.iter().map(|g| g.id()).collect();
                format!("'{id}' is not a game; the games are: {}", known.join(", "))
            })
    }

    pub fn option_specs(self) -> &'static [OptionSpec] {
        match self {
            GameId::Chess => ChessOptions::specs(),
            GameId::ZShashmaty => ZOptions::specs(),
            GameId::Reversi => ReversiOptions::specs(),
            GameId::Turkish => TurkishOptions::specs(),
            GameId::Armenian => ArmenianOptions::specs(),
            GameId::Corners => CornersOptions::specs(),
            GameId::Epsilon => EpsilonOptions::specs(),
            GameId::TriChess => TriOptions::specs(),
            GameId::Chapayev => ChapayevOptions::specs(),
        }
    }

    /// The default value of each house rule, in table order.
    pub fn default_options(self) -> Vec<(String, String)> {
        let value = |id: &str| match self {
            GameId::Chess => ChessOptions::default().get(id),
            GameId::ZShashmaty => ZOptions::default().get(id),
            GameId::Reversi => ReversiOptions::default().get(id),
            GameId::Turkish => TurkishOptions::default().get(id),
            GameId::Armenian => ArmenianOptions::default().get(id),
            GameId::Corners => CornersOptions::default().get(id),
            GameId::Epsilon => EpsilonOptions::default().get(id),
            GameId::TriChess => TriOptions::default().get(id),
            GameId::Chapayev => ChapayevOptions::default().get(id),
        };
        self.option_specs()
            .iter()
            .map(|s| {
                (
                    s.id.to_string(),
                    value(s.id).unwrap_or_default().to_string(),
                )
            })
            .collect()
    }
}

fn options<O: HouseRules>(pairs: &[(String, String)]) -> Result<O, String> {
    let mut o = O::default();
    for (id, value) in pairs {
        o.set(id, value)?;
    }
    Ok(o)
}

/// A position of any game.
#[derive(Clone, Debug, PartialEq)]
pub enum Position {
    Chess(ChessGame),
    ZShashmaty(ZShashmaty),
    Reversi(Reversi),
    Turkish(Turkish),
    Armenian(Armenian),
    Corners(Corners),
    Epsilon(Epsilon),
    /// Boxed: its board of 150 cells would make every other position as large.
    TriChess(Box<TriChess>),
    Chapayev(Box<Chapayev>),
}

/// A move of any game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Move {
    Chess(chess::Move),
    ZShashmaty(zshashmaty::Action),
    Reversi(reversi::Ply),
    Turkish(dama::Move),
    Armenian(dama::Move),
    Corners(corners::CMove),
    Epsilon(epsilon::Action),
    TriChess(trichess::Action),
    Chapayev(chapayev::Action),
}

/// Runs `$body` with `$p` bound to the inner game of a position.
macro_rules! each {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            Position::Chess($p) => $body,
            Position::ZShashmaty($p) => $body,
            Position::Reversi($p) => $body,
            Position::Turkish($p) => $body,
            Position::Armenian($p) => $body,
            Position::Corners($p) => $body,
            Position::Epsilon($p) => $body,
            Position::TriChess($p) => $body,
            Position::Chapayev($p) => $body,
        }
    };
}

/// Runs `$body` with the inner position and move when they belong to the same game.
macro_rules! with_move {
    ($pos:expr, $m:expr, ($p:ident, $mv:ident) => $body:expr, $mismatch:expr) => {
        match ($pos, $m) {
            (Position::Chess($p), Move::Chess($mv)) => $body,
            (Position::ZShashmaty($p), Move::ZShashmaty($mv)) => $body,
            (Position::Reversi($p), Move::Reversi($mv)) => $body,
            (Position::Turkish($p), Move::Turkish($mv)) => $body,
            (Position::Armenian($p), Move::Armenian($mv)) => $body,
            (Position::Corners($p), Move::Corners($mv)) => $body,
            (Position::Epsilon($p), Move::Epsilon($mv)) => $body,
            (Position::TriChess($p), Move::TriChess($mv)) => $body,
            (Position::Chapayev($p), Move::Chapayev($mv)) => $body,
            _ => $mismatch,
        }
    };
}

impl Position {
    /// The start position of a game with the given house rules (others at default).
    pub fn new(game: GameId, rules: &[(String, String)]) -> Result<Position, String> {
        Ok(match game {
            GameId::Chess => Position::Chess(ChessGame::new(options(rules)?)),
            GameId::ZShashmaty => Position::ZShashmaty(ZShashmaty::new(options(rules)?)),
            GameId::Reversi => Position::Reversi(Reversi::new(options(rules)?)),
            GameId::Turkish => Position::Turkish(Turkish::new(options(rules)?)),
            GameId::Armenian => Position::Armenian(Armenian::new(options(rules)?)),
            GameId::Corners => Position::Corners(Corners::new(options(rules)?)),
            GameId::Epsilon => Position::Epsilon(Epsilon::new(options(rules)?)),
            GameId::TriChess => Position::TriChess(Box::new(TriChess::new(options(rules)?))),
            GameId::Chapayev => Position::Chapayev(Box::new(Chapayev::new(options(rules)?))),
        })
    }

    /// A start position given as text (FEN for chess).
    pub fn set_up(
        game: GameId,
        rules: &[(String, String)],
        text: &str,
    ) -> Result<Position, String> {
        Ok(match game {
            GameId::Chess => Position::Chess(ChessGame::set_up(options(rules)?, text)?),
            GameId::ZShashmaty => Position::ZShashmaty(ZShashmaty::set_up(options(rules)?, text)?),
            GameId::Reversi => Position::Reversi(Reversi::set_up(options(rules)?, text)?),
            GameId::Turkish => Position::Turkish(Turkish::set_up(options(rules)?, text)?),
            GameId::Armenian => Position::Armenian(Armenian::set_up(options(rules)?, text)?),
            GameId::Corners => Position::Corners(Corners::set_up(options(rules)?, text)?),
            GameId::Epsilon => Position::Epsilon(Epsilon::set_up(options(rules)?, text)?),
            GameId::TriChess => {
                Position::TriChess(Box::new(TriChess::set_up(options(rules)?, text)?))
            }
            GameId::Chapayev => {
                Position::Chapayev(Box::new(Chapayev::set_up(options(rules)?, text)?))
            }
        })
    }

    pub fn game(&self) -> GameId {
        match self {
            Position::Chess(_) => GameId::Chess,
            Position::ZShashmaty(_) => GameId::ZShashmaty,
            Position::Reversi(_) => GameId::Reversi,
            Position::Turkish(_) => GameId::Turkish,
            Position::Armenian(_) => GameId::Armenian,
            Position::Corners(_) => GameId::Corners,
            Position::Epsilon(_) => GameId::Epsilon,
            Position::TriChess(_) => GameId::TriChess,
            Position::Chapayev(_) => GameId::Chapayev,
        }
    }

    /// The house rules as `id=value` pairs, in table order.
    pub fn options(&self) -> Vec<(String, String)> {
        let game = self.game();
        game.option_specs()
            .iter()
            .map(|s| {
                let v = each!(self, p => p.options().get(s.id)).unwrap_or_default();
                (s.id.to_string(), v.to_string())
            })
            .collect()
    }

    /// The house rules that differ from the defaults.
    pub fn changed_options(&self) -> Vec<(String, String)> {
        let defaults = self.game().default_options();
        self.options()
            .into_iter()
            .filter(|o| !defaults.contains(o))
            .collect()
    }

    pub fn topology(&self) -> &'static Topology {
        each!(self, p => p.topology())
    }

    pub fn turn(&self) -> Side {
        each!(self, p => p.turn())
    }

    pub fn seat_count(&self) -> usize {
        each!(self, p => p.seat_count())
    }

    pub fn seat_to_move(&self) -> usize {
        each!(self, p => p.seat_to_move())
    }

    pub fn seat_side(&self, seat: usize) -> Side {
        each!(self, p => p.seat_side(seat))
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        match self {
            Position::Chess(p) => p.legal_moves().into_iter().map(Move::Chess).collect(),
            Position::ZShashmaty(p) => p.legal_moves().into_iter().map(Move::ZShashmaty).collect(),
            Position::Reversi(p) => p.legal_moves().into_iter().map(Move::Reversi).collect(),
            Position::Turkish(p) => p.legal_moves().into_iter().map(Move::Turkish).collect(),
            Position::Armenian(p) => p.legal_moves().into_iter().map(Move::Armenian).collect(),
            Position::Corners(p) => p.legal_moves().into_iter().map(Move::Corners).collect(),
            Position::Epsilon(p) => p.legal_moves().into_iter().map(Move::Epsilon).collect(),
            Position::TriChess(p) => p.legal_moves().into_iter().map(Move::TriChess).collect(),
            Position::Chapayev(p) => p.legal_moves().into_iter().map(Move::Chapayev).collect(),
        }
    }

    pub fn is_legal(&self, m: &Move) -> bool {
        with_move!(self, m, (p, mv) => p.is_legal(mv), false)
    }

    /// Plays a move, refusing one that is not legal here.
    pub fn play(&mut self, m: &Move) -> Result<(), String> {
        if !self.is_legal(m) {
            return Err("that move is not legal here".into());
        }
        with_move!(self, m, (p, mv) => p.play(mv), unreachable!("a legal move belongs to its game"));
        Ok(())
    }

    pub fn notation(&self, m: &Move) -> String {
        with_move!(self, m, (p, mv) => p.notation(mv), String::from("?"))
    }

    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        match self {
            Position::Chess(p) => p.parse_move(text).map(Move::Chess),
            Position::ZShashmaty(p) => p.parse_move(text).map(Move::ZShashmaty),
            Position::Reversi(p) => p.parse_move(text).map(Move::Reversi),
            Position::Turkish(p) => p.parse_move(text).map(Move::Turkish),
            Position::Armenian(p) => p.parse_move(text).map(Move::Armenian),
            Position::Corners(p) => p.parse_move(text).map(Move::Corners),
            Position::Epsilon(p) => p.parse_move(text).map(Move::Epsilon),
            Position::TriChess(p) => p.parse_move(text).map(Move::TriChess),
            Position::Chapayev(p) => p.parse_move(text).map(Move::Chapayev),
        }
    }

    pub fn view(&self, m: &Move) -> Option<MoveView> {
        with_move!(self, m, (p, mv) => Some(p.view(mv)), None)
    }

    pub fn pieces(&self) -> Vec<(Cell, PieceView)> {
        each!(self, p => p.pieces())
    }

    pub fn same_position(&self, other: &Position) -> bool {
        match (self, other) {
            (Position::Chess(a), Position::Chess(b)) => a.same_position(b),
            (Position::ZShashmaty(a), Position::ZShashmaty(b)) => a.same_position(b),
            (Position::Reversi(a), Position::Reversi(b)) => a.same_position(b),
            (Position::Turkish(a), Position::Turkish(b)) => a.same_position(b),
            (Position::Armenian(a), Position::Armenian(b)) => a.same_position(b),
            (Position::Corners(a), Position::Corners(b)) => a.same_position(b),
            (Position::Epsilon(a), Position::Epsilon(b)) => a.same_position(b),
            (Position::TriChess(a), Position::TriChess(b)) => a.same_position(b),
            (Position::Chapayev(a), Position::Chapayev(b)) => a.same_position(b),
            _ => false,
        }
    }

    pub fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        each!(self, p => p.outcome(repetitions))
    }

    pub fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        each!(self, p => p.claimable_draw(repetitions))
    }

    pub fn check_cell(&self) -> Option<Cell> {
        each!(self, p => p.check_cell())
    }

    pub fn capture_compulsory(&self) -> bool {
        each!(self, p => p.capture_compulsory())
    }

    pub fn diagram(&self) -> String {
        each!(self, p => p.diagram())
    }

    /// The number the move list gives to the first move of this position.
    pub fn move_number(&self) -> u32 {
        each!(self, p => p.move_number())
    }

    pub fn first_side(&self) -> Side {
        each!(self, p => p.first_side())
    }

    pub fn tallies(&self) -> Vec<(Side, u32, u32)> {
        each!(self, p => p.tallies())
    }

    /// True for a forced pass.
    pub fn is_pass(&self, m: &Move) -> bool {
        matches!(
            m,
            Move::Reversi(reversi::Ply::Pass) | Move::Corners(corners::CMove::Pass)
        )
    }

    /// True for Chapayev's lot, drawn once at the start and never taken back.
    pub fn is_lot(&self, m: &Move) -> bool {
        matches!(m, Move::Chapayev(chapayev::Action::Lot { .. }))
    }

    pub fn tinted(&self) -> Vec<(Cell, Side)> {
        each!(self, p => p.tinted())
    }

    pub fn players_in_game(&self) -> usize {
        each!(self, p => p.players_in_game())
    }

    pub fn draw_allowed(&self) -> bool {
        each!(self, p => p.draw_allowed())
    }

    pub fn decisions_open(&self) -> bool {
        each!(self, p => p.decisions_open())
    }

    /// The player to move resigns; false where that simply ends the game.
    pub fn resign(&mut self) -> bool {
        each!(self, p => p.resign())
    }

    pub fn standings(&self, outcome: &Outcome) -> Vec<Standing> {
        each!(self, p => p.standings(outcome))
    }

    /// True for the pie-rule swap, which is a decision rather than a move on the board.
    pub fn is_swap(&self, m: &Move) -> bool {
        matches!(
            m,
            Move::ZShashmaty(zshashmaty::Action::Swap) | Move::Epsilon(epsilon::Action::Swap)
        )
    }

    /// A warning key when the move loses at once by a rule the player should confirm.
    pub fn warning(&self, m: &Move) -> Option<&'static str> {
        match (self, m) {
            (Position::Epsilon(p), Move::Epsilon(a)) if p.loses_by_repetition(a) => {
                Some("warn-repeated-move")
            }
            _ => None,
        }
    }
}
