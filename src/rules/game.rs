//! The small trait every game implements.

use super::chance::Chance;
use super::ends::Ends;
use super::options::HouseRules;
use super::outcome::Outcome;
use super::seats::Seats;
use super::set_up::SetUp;
use super::table::Table;
use super::topology::{Cell, Topology};
use super::turns::Turns;
use super::view::{GameView, MoveView, PieceKind, PieceView};
use super::why::Refusals;
use crate::rules::error::Detail;

/// What the app, the command line, the rules pages and the chooser know of a game
/// besides its moves, declared by the game itself (`Game::CARD`) so that a new game
/// says it in one place and nothing falls back silently to chess's.
#[derive(Clone, Copy, Debug)]
pub struct Card {
    /// The pieces its rules page shows, in the order a player meets them.
    pub pieces: &'static [PieceKind],
    /// The clock presets the setup offers, `none` first: its own regulation next where
    /// it has one, then what suits its pace. `none` alone: the game is not timed.
    pub clocks: &'static [&'static str],
    /// The moves played before the chooser's picture is taken, where the start alone
    /// would not tell the game apart (chess's start, an empty board); empty otherwise.
    pub showcase: &'static str,
    /// Written in chess's notation (SAN), whose piece letters a move list translates.
    pub san: bool,
    /// Played on a table with real physics (Chapayev's), not on a board of cells: the
    /// app shows the 3D table instead of the board.
    pub table: bool,
    /// The name under which its seats and teams are named by place, where a colour
    /// does not tell the seats apart (bughouse's board and colour): the translations
    /// `seat-<name>-<seat>` and `team-<name>-<team>`.
    pub seats_by_place: Option<&'static str>,
    /// The unit its scores are read in ("+1.3 pawns", "mate in 5").
    pub unit: Unit,
    /// How the position editor writes a position of it.
    pub set_up: SetUp,
    /// How its games are written as PGN for other programs.
    pub pgn: Pgn,
}

/// How a game's record is written as PGN, and which `[Variant]` names other programs
/// give it besides its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pgn {
    /// Chess's: SAN movetext, no `[Variant]` tag; lichess writes `Standard`, and
    /// `From Position` for a game from a FEN.
    Chess,
    /// BPGN: four players' tags and each move with its board (`1A. e4`).
    Bughouse,
    /// The game's own notation, numbered as its replay files write it.
    Numbered,
}

impl Pgn {
    /// The `[Variant]` names, lowercase, that other programs write for the game.
    pub fn variant_names(self) -> &'static [&'static str] {
        match self {
            Pgn::Chess => &["standard", "from position", "chess"],
            Pgn::Bughouse => &["bughouse"],
            Pgn::Numbered => &[],
        }
    }
}

/// What one of a game's units is called and how many of the search's points it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub points: i32,
    /// The translation key of the unit's name, taking `$n`.
    pub key: &'static str,
    /// The translation key of a forced win, taking `$n` moves: "mate in 5".
    pub win_key: &'static str,
}

impl Unit {
    /// Pawns, and a mate so many moves away: the chess family's.
    pub const PAWNS: Unit = Unit {
        points: 100,
        key: "unit-pawns",
        win_key: "score-mate-in",
    };

    /// A unit of `points` named by `key`, where a forced win is a win, not a mate.
    pub const fn winning(points: i32, key: &'static str) -> Unit {
        Unit {
            points,
            key,
            win_key: "score-win-in",
        }
    }
}

/// The clocks a game of chess's pace offers.
pub const CHESS_CLOCKS: &[&str] = &[
    "none",
    "blitz-5",
    "blitz-3-2",
    "rapid-15-10",
    "rapid-30",
    "bronstein-10-5",
    "delay-10-5",
    "classical-40-150-60",
];

/// The clocks of a quicker game without chess's long controls.
pub const QUICK_CLOCKS: &[&str] = &["none", "blitz-5", "blitz-3-2", "rapid-15-10", "rapid-30"];

/// Chess's pieces, as the variants that keep them show them.
pub const CHESS_PIECES: &[PieceKind] = &[
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// A game's rules over its own position type. Positions are values: playing a move
/// changes one, and a history is a list of them.
///
/// `Game` holds what every game has: its start, its moves and how they are written,
/// what they show and how the game ends. Its parts every game also has are traits of
/// their own, each small and reached for any game through one borrow: who sits at the
/// board ([`Seats`]), what the board shows besides the pieces ([`GameView`]) and why a
/// move is refused ([`Refusals`]). What only some games have is behind a capability
/// object, None where the game has none of it: chance ([`Game::chance`]), chess's
/// check and claimed draws ([`Game::ends`]), turns that are not one move of the side
/// to move ([`Game::turns`]) and a table with real physics ([`Game::table`]).
pub trait Game: Seats + GameView + Refusals + Clone + PartialEq + std::fmt::Debug {
    type Move: Copy + PartialEq + std::fmt::Debug + Send + 'static;
    type Options: HouseRules;

    /// How the game presents itself (see [`Card`]).
    const CARD: Card;

    fn new(options: Self::Options) -> Self;
    /// A start position from a position string (FEN for chess).
    fn set_up(options: Self::Options, text: &str) -> Result<Self, Detail>;
    /// The position as the text `set_up` reads, where it is not the rules' own start
    /// (so a saved game keeps a set-up start).
    fn set_up_text(&self) -> Option<String> {
        None
    }
    fn options(&self) -> &Self::Options;
    fn topology(&self) -> &'static Topology;

    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Whether a move may be played here; games whose moves are continuous (a flick's
    /// angle and strength) check it directly instead of listing every move.
    fn is_legal(&self, m: &Self::Move) -> bool {
        self.legal_moves().contains(m)
    }
    /// Plays a move from `legal_moves`.
    fn play(&mut self, m: &Self::Move);

    /// The move in the game's notation, as the move list shows it.
    fn notation(&self, m: &Self::Move) -> String;
    /// Reads a move in the game's notation, or says why it cannot be played here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Detail>;
    fn view(&self, m: &Self::Move) -> MoveView;

    fn pieces(&self) -> Vec<(Cell, PieceView)>;
    /// Whether two positions count as the same for repetition.
    fn same_position(&self, other: &Self) -> bool;
    /// The end of the game, given how often this position has occurred.
    fn outcome(&self, repetitions: usize) -> Option<Outcome>;
    /// The position as text, White at the bottom.
    fn diagram(&self) -> String;
    /// The number of the move about to be played, as move lists count.
    fn move_number(&self) -> u32;
    /// The move-tree size by a counter of the game's own, where it has a faster one.
    fn perft(&self, _depth: u32) -> Option<u64> {
        None
    }
    /// The game's dice or lot, where chance has a part in it.
    fn chance(&self) -> Option<&dyn Chance<Move = Self::Move>> {
        None
    }
    /// Check, the draws a player claims and the lone king that cannot win, where the
    /// game has chess's ends.
    fn ends(&self) -> Option<&dyn Ends> {
        None
    }
    /// Passes, the pie rule's swap, moves made by another seat than the one to move
    /// and moves to confirm, where a turn is not always one move of the side to move.
    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        None
    }
    /// Where the pieces rest, which may be shot and how a shot plays out, where the
    /// game is played on a table with real physics.
    fn table(&self) -> Option<&dyn Table<Move = Self::Move>> {
        None
    }
}

/// Perft over a game's own type, each legal move played on a copy, with `leaves`
/// counting the moves at the last ply (a game may count them without listing them).
/// Games override [`Game::perft`] with it where going through the `Position` enum
/// would cost more than the count itself.
pub fn perft_by_copy<G: Game>(g: &G, depth: u32, leaves: &impl Fn(&G) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => leaves(g),
        _ => g
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = g.clone();
                next.play(m);
                perft_by_copy(&next, depth - 1, leaves)
            })
            .sum(),
    }
}

/// Plays `games` games of at most `plies` random moves each from `start` (a game ends
/// where no move is left), showing `look` every position reached with its legal
/// moves: how tests meet many positions of a game.
#[cfg(test)]
pub fn random_games<G: Game>(
    start: &G,
    games: usize,
    plies: usize,
    seed: u64,
    mut look: impl FnMut(&G, &[G::Move]),
) {
    use rand_xoshiro::SplitMix64;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};
    let mut rng = SplitMix64::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = start.clone();
        for _ in 0..plies {
            let moves = g.legal_moves();
            look(&g, &moves);
            if moves.is_empty() {
                break;
            }
            g.play(&moves[rng.next_u64() as usize % moves.len()]);
        }
    }
}

pub fn grid_diagram(t: &Topology, symbol: impl Fn(Cell) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..t.height).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..t.width {
            let c = match t.at(file, rank) {
                Some(cell) => symbol(cell).unwrap_or('.'),
                None => ' ',
            };
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..t.width {
        out.push(t.file_letter(file));
        out.push(' ');
    }
    out.push('\n');
    out
}
