//! Bughouse, «шведки-передавалки» (`bughouse`): two chess boards, A and B, four seats
//! in two teams. White on A and Black on B are team 1, Black on A and White on B team 2;
//! whatever a seat captures goes at once to its partner's reserve on the other board,
//! to be dropped there instead of a move. The match ends when either board does.
//!
//! Each board is a position of the chess family (`Family`) whose variant hooks are the
//! house rules ([`options`]); this module keeps the two together, passes the captured
//! pieces, remembers which pieces were promoted (they go over as pawns), decides whose
//! turn it is on which board, and judges the end.
//!
//! Choices where the spec is silent or leaves it to the app:
//! - seats are numbered A-White 0, A-Black 1, B-White 2, B-Black 3; under `free` both
//!   seats on move may act, and the one whose board acted less recently is named first;
//! - the spec's `clock` house rule is the match's own time control, set beside the
//!   seats like every game's;
//! - a match set up from text gives both boards' crazyhouse FENs joined by ` | `, board
//!   A first (the spec itself always starts from the initial position).

mod eval;
mod options;
/// Bughouse's set-up text: two crazyhouse FENs, board A's and board B's, joined by
/// ` | `, each with the hands of its two seats; pieces pass between the boards, so
/// only their number in all is counted.
const SET_UP: SetUp = SetUp {
    fen_boards: 2,
    castling: "KQkq",
    hands: Hands::Seats,
    counted: Counted::InAll(64),
    ..SetUp::plain(write_set_up)
};

fn write_set_up(d: &Drawn) -> String {
    (0..2)
        .map(|b| {
            let holders = Side::BOTH.map(|s| Holder::Seat(b * 2 + s.index()));
            let held = Some(d.hand_text(&holders));
            set_up::fen(set_up::placement(d, b, held), &d.boards[b])
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

#[cfg(test)]
mod tests;

pub use super::family::DropCheck;
pub use options::{BoardOrder, BughouseOptions};

use super::chess::tables::Bitboard;
use super::chess::{Move, MoveKind, Role};
use super::family::{Family, mark_promoted, read_promoted};
use super::game::Game;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, Holder, MoveView, PieceKind, PieceView};
use super::why::{Refusal, Word};
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::Card;
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::set_up::{self, Counted, Drawn, Hands, SetUp};
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

/// One board of the match.
pub type BugBoard = Family<BughouseOptions>;

/// An action on one of the boards: a move or a drop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BugMove {
    /// 0 for board A, 1 for board B.
    pub board: u8,
    pub chess: Move,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Bughouse {
    pub boards: [BugBoard; 2],
    /// The promoted pieces on each board, which go over as pawns when taken.
    pub promoted: [Bitboard; 2],
    /// The board that acted last, if any.
    pub last: Option<u8>,
    pub options: BughouseOptions,
}

/// The seat that plays `side` on `board`.
pub const fn seat(board: usize, side: Side) -> usize {
    board * 2 + side.index()
}

/// The letter of a seat in the move list: `A` and `a` for White and Black on A, `B`
/// and `b` on B.
fn seat_letter(board: usize, side: Side) -> char {
    match (board, side) {
        (0, Side::White) => 'A',
        (0, _) => 'a',
        (_, Side::White) => 'B',
        _ => 'b',
    }
}

impl Bughouse {
    /// The boards in the order they may act now: under `alternate` the one whose
    /// turn it is, then the other if that one's side has no action; under `free`
    /// both, the one that acted less recently first.
    fn order(&self) -> [usize; 2] {
        let first = match self.last {
            Some(b) => 1 - b as usize,
            None => 0,
        };
        [first, 1 - first]
    }

    fn board_moves(&self, board: usize) -> Vec<BugMove> {
        self.boards[board]
            .legal_moves()
            .into_iter()
            .map(|chess| BugMove {
                board: board as u8,
                chess,
            })
            .collect()
    }

    /// The boards whose side to move may act now.
    fn acting(&self) -> Vec<usize> {
        let [first, second] = self.order();
        let ready = |b: usize| !self.boards[b].legal_moves().is_empty();
        match self.options.board_order {
            BoardOrder::Free => [first, second].into_iter().filter(|&b| ready(b)).collect(),
            BoardOrder::Alternate if ready(first) => vec![first],
            BoardOrder::Alternate => [second].into_iter().filter(|&b| ready(b)).collect(),
        }
    }

    /// The board named first to act, for the seat the match shows on move (and the
    /// board the computer searches).
    pub fn primary(&self) -> usize {
        self.acting().first().copied().unwrap_or(self.order()[0])
    }

    /// How board `b` has ended, if it has: mate, or a stalemate under
    /// `stalemate = draw`. A seat in check that a drop could save waits under
    /// `mate_rule = potential-drop`, as a stalemated one does under `wait`.
    fn board_end(&self, b: usize) -> Option<Outcome> {
        let g = &self.boards[b];
        if !g.legal_moves().is_empty() {
            return None;
        }
        let p = &g.position;
        if p.is_check() {
            if self.options.potential_drop && blockable(p) {
                return None;
            }
            // The mating seat's team wins: team 1 is White on A and Black on B.
            let mater = seat(b, p.turn.other());
            return Some(Outcome::win(team_colour(mater), Reason::Checkmate));
        }
        self.options
            .stalemate_draws
            .then(|| Outcome::draw(Reason::Stalemate))
    }

    /// The board's crazyhouse FEN, its two seats' reserves in brackets and promoted
    /// pieces marked `~`.
    pub fn board_fen(&self, b: usize) -> String {
        let fen = self.boards[b].fen();
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let (squares, held) = placement.split_once('[').unwrap_or((placement, ""));
        let marked = mark_promoted(squares, self.promoted[b]);
        // Crazyhouse FEN always has the brackets, empty or not.
        let held = if held.is_empty() { "]" } else { held };
        format!("{marked}[{held} {rest}")
    }
}

impl Bughouse {
    /// Whether the piece on `cell` (of either board) was promoted from a pawn.
    fn is_promoted(&self, cell: Cell) -> bool {
        let (b, sq) = (usize::from(cell / 64), cell % 64);
        self.promoted
            .get(b)
            .is_some_and(|marks| marks & (1u64 << sq) != 0)
    }
}

/// The colour standing for a seat's team in the match's result: White for team 1
/// (White on A, Black on B), Black for team 2.
pub fn team_colour(seat: usize) -> Side {
    if seat == 0 || seat == 3 {
        Side::White
    } else {
        Side::Black
    }
}

/// Whether a drop could block the check: one sliding checker with an empty square
/// between it and the king.
fn blockable(p: &super::chess::Chess) -> bool {
    let checkers = p.checkers();
    if checkers.count_ones() != 1 {
        return false;
    }
    let from = checkers.trailing_zeros() as Cell;
    let Some(king) = p.board.king_of(p.turn) else {
        return false;
    };
    let slider = matches!(
        p.board.piece_at(from).map(|piece| piece.role),
        Some(Role::Bishop | Role::Rook | Role::Queen)
    );
    let (df, dr) = (
        (king % 8) as i8 - (from % 8) as i8,
        (king / 8) as i8 - (from / 8) as i8,
    );
    slider && df.abs().max(dr.abs()) > 1
}

/// Bughouse shows chess's pieces and clocks on its two boards.
pub const CARD: Card = Card {
    pieces: crate::rules::game::CHESS_PIECES,
    clocks: crate::rules::game::CHESS_CLOCKS,
    showcase: "",
    san: true,
    table: false,
    seats_by_place: Some("bughouse"),
    unit: Unit::PAWNS,
    set_up: SET_UP,
    pgn: Pgn::Bughouse,
};

impl Game for Bughouse {
    type Move = BugMove;
    type Options = BughouseOptions;
    const CARD: Card = CARD;

    fn new(options: BughouseOptions) -> Self {
        let board = BugBoard::new(options.clone());
        Bughouse {
            boards: [board.clone(), board],
            promoted: [0; 2],
            last: None,
            options,
        }
    }

    fn set_up(options: BughouseOptions, text: &str) -> Result<Self, Detail> {
        let (a, b) = text.split_once('|').ok_or_else(|| {
            crate::detail!(
                "detail-bughouse-fens",
                "bughouse needs both boards' FENs, joined by ' | '"
            )
        })?;
        let mut g = Bughouse::new(options.clone());
        for (i, fen) in [a, b].into_iter().enumerate() {
            let fen = fen.trim();
            let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
            let (promoted, clean) = read_promoted(placement)
                .map_err(|e| e.within(&format!("board {}", ['A', 'B'][i])))?;
            let plain = format!("{clean} {rest}");
            g.boards[i] = BugBoard::set_up(options.clone(), &plain)
                .map_err(|e| e.within(&format!("board {}", ['A', 'B'][i])))?;
            g.promoted[i] = promoted;
        }
        Ok(g)
    }

    fn options(&self) -> &BughouseOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::bughouse()
    }

    fn legal_moves(&self) -> Vec<BugMove> {
        if self.outcome(1).is_some() {
            return Vec::new();
        }
        self.acting()
            .into_iter()
            .flat_map(|b| self.board_moves(b))
            .collect()
    }

    fn play(&mut self, m: &BugMove) {
        let b = usize::from(m.board);
        let c = m.chess;
        let g = &mut self.boards[b];
        let taken = c.capture_square().and_then(|sq| {
            let piece = g.position.board.piece_at(sq)?;
            Some((sq, piece))
        });
        let taken_promoted = taken.is_some_and(|(sq, _)| self.promoted[b] & (1u64 << sq) != 0);
        g.play(&c);
        // The promoted marks follow the pieces.
        let marks = &mut self.promoted[b];
        if let Some((sq, _)) = taken {
            *marks &= !(1u64 << sq);
        }
        if c.kind != MoveKind::Drop {
            if *marks & (1u64 << c.from) != 0 {
                *marks = *marks & !(1u64 << c.from) | 1u64 << c.to;
            }
            if c.promotion.is_some() {
                *marks |= 1u64 << c.to;
            }
        }
        if let Some((_, piece)) = taken {
            let role = if taken_promoted && !self.options.promoted_as_piece {
                Role::Pawn
            } else {
                piece.role
            };
            // The partner plays the captured piece's colour on the other board.
            self.boards[1 - b].reserve[piece.side.index()][role as usize] += 1;
        }
        self.last = Some(m.board);
    }

    fn notation(&self, m: &BugMove) -> String {
        let g = &self.boards[usize::from(m.board)];
        let side = g.position.turn;
        format!(
            "{}{}. {}",
            g.position.fullmoves,
            seat_letter(usize::from(m.board), side),
            g.notation(&m.chess)
        )
    }

    /// Reads `1A. e4` (the number may be left out: `A. e4`, `A e4`), or a bare move
    /// where only one board could make it. A number that is not the board's move
    /// number now is refused: the move was chosen on a board that has moved since.
    fn parse_move(&self, text: &str) -> Result<BugMove, Detail> {
        let text = text.trim();
        let number: Option<u32> = text
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .filter(|digits| !digits.is_empty())
            .and_then(|digits| digits.parse().ok());
        let label = text
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .chars()
            .next()
            .filter(|c| "AaBb".contains(*c));
        let (boards, san): (Vec<(usize, Option<Side>)>, &str) = match label {
            Some(letter) => {
                let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
                let rest = rest[1..].trim_start_matches('.').trim();
                let board = usize::from(letter.eq_ignore_ascii_case(&'b'));
                let side = if letter.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                (vec![(board, Some(side))], rest)
            }
            None => (vec![(0, None), (1, None)], text),
        };
        let legal = self.legal_moves();
        let mut found = Vec::new();
        for (board, side) in boards {
            let g = &self.boards[board];
            if side.is_some_and(|s| s != g.position.turn) {
                continue;
            }
            if let Some(number) = number
                && side.is_some()
                && number != g.position.fullmoves
            {
                return Err(crate::detail!(
                    "detail-bughouse-move-number",
                    "'{text}' is move {number} of its board, which is at move {now}",
                    text = super::error::shown(text),
                    number = number,
                    now = g.position.fullmoves,
                ));
            }
            if let Ok(chess) = g.parse_move(san) {
                let m = BugMove {
                    board: board as u8,
                    chess,
                };
                if legal.contains(&m) {
                    found.push(m);
                }
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(crate::detail!(
                "detail-bughouse-no-board",
                "'{text}' is not a legal action on a board on move",
                text = super::error::shown(text),
            )),
            _ => Err(crate::detail!(
                "detail-bughouse-either-board",
                "'{text}' could be played on either board: write 1A. or 1B. before it",
                text = super::error::shown(text),
            )),
        }
    }

    fn view(&self, m: &BugMove) -> MoveView {
        let shift = 64 * m.board;
        let b = usize::from(m.board);
        let v = self.boards[b].view(&m.chess);
        // The partner plays the taken piece's colour on the other board.
        let passed_to = m
            .chess
            .capture_square()
            .and_then(|sq| self.boards[b].position.board.piece_at(sq))
            .map(|piece| seat(1 - b, piece.side));
        MoveView {
            passed_to,
            from: v.from + shift,
            landings: v.landings.iter().map(|c| c + shift).collect(),
            captured: v.captured.iter().map(|c| c + shift).collect(),
            companion: v.companion.map(|(a, b)| (a + shift, b + shift)),
            ..v
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        let mut all = self.boards[0].pieces();
        all.extend(
            self.boards[1]
                .pieces()
                .into_iter()
                .map(|(c, p)| (c + 64, p)),
        );
        all
    }

    fn same_position(&self, other: &Self) -> bool {
        self == other
    }

    /// No repetition, fifty-move or material rule: pieces can always arrive from the
    /// other board. A board's mate (or stalemate under `draw`) ends the match, and so
    /// does a deadlock, where neither seat on move has an action.
    fn outcome(&self, _repetitions: usize) -> Option<Outcome> {
        for b in self.order() {
            if let Some(end) = self.board_end(b) {
                return Some(end);
            }
        }
        let stuck = (0..2).all(|b| self.boards[b].legal_moves().is_empty());
        stuck.then(|| Outcome::draw(Reason::Deadlock))
    }

    fn move_number(&self) -> u32 {
        self.boards[self.primary()].position.fullmoves
    }

    fn diagram(&self) -> String {
        format!(
            "A {}\n{}\nB {}\n{}",
            self.board_fen(0),
            self.boards[0].diagram(),
            self.board_fen(1),
            self.boards[1].diagram()
        )
    }

    fn set_up_text(&self) -> Option<String> {
        let text = format!("{} | {}", self.board_fen(0), self.board_fen(1));
        (*self != Bughouse::new(self.options.clone())).then_some(text)
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for Bughouse {
    /// The reasons of the board the piece stands on, on that board's own turn.
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        let board = usize::from(from / 64);
        let offset = 64 * board as Cell;
        if to.is_some_and(|t| t / 64 != from / 64) {
            return Some(Refusal::new("msg-why-other-board"));
        }
        let turn = self.boards[board].turn();
        if self.boards[board]
            .position
            .board
            .piece_at(from - offset)
            .is_some_and(|p| p.side != turn)
        {
            return Some(Refusal::new("msg-why-board-turn").with("side", Word::Side(turn)));
        }
        self.boards[board]
            .refusal(from - offset, to.map(|t| t - offset))
            .map(|r| r.shifted(offset))
    }

    fn refusals() -> Vec<&'static str> {
        let mut out = <BughouseOptions as crate::rules::family::Variant>::refusals();
        out.extend(["msg-why-other-board", "msg-why-board-turn"]);
        out
    }
}

impl Ends for Bughouse {
    fn has_check(&self) -> bool {
        true
    }

    /// Pieces can always come from the other board: any seat may still win.
    fn may_win(&self, _side: Side) -> bool {
        true
    }
}

impl Turns for Bughouse {
    type Move = <Bughouse as Game>::Move;

    fn mover(&self, m: &BugMove) -> usize {
        let b = usize::from(m.board);
        seat(b, self.boards[b].position.turn)
    }

    /// A bare move from a seat is played on the seat's own board.
    /// A move without its board's label is read on the seat's own board; a labelled
    /// one, or one sent by an onlooker, as it is written.
    fn parse_move_as(&self, seat: usize, text: &str) -> Option<Result<BugMove, Detail>> {
        let labelled = text
            .trim()
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .starts_with(|c: char| "AaBb".contains(c));
        if labelled || seat >= 4 {
            return None;
        }
        let side = if seat.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        Some(self.parse_move(&format!("{}. {}", seat_letter(seat / 2, side), text.trim())))
    }
}

impl Seats for Bughouse {
    /// Each board shows its two seats facing each other with partners at the same
    /// edge, so the team whose White sits on board B (seats 1 and 2) sees it turned.
    fn seen_turned(&self, seat: usize) -> bool {
        seat == 1 || seat == 2
    }

    fn turn(&self) -> Side {
        self.boards[self.primary()].position.turn
    }

    fn wins_as(&self, seat: usize) -> Side {
        team_colour(seat)
    }

    fn seat_count(&self) -> usize {
        4
    }

    /// A seat plays on its own board: A's cells are the first 64, B's the next.
    fn plays_on(&self, seat: usize, cell: Cell) -> bool {
        usize::from(cell) / 64 == seat / 2
    }

    fn seat_to_move(&self) -> usize {
        let b = self.primary();
        seat(b, self.boards[b].position.turn)
    }

    fn seats_on_move(&self) -> Vec<usize> {
        match self.options.board_order {
            BoardOrder::Free => self
                .order()
                .into_iter()
                .map(|b| seat(b, self.boards[b].position.turn))
                .collect(),
            BoardOrder::Alternate => vec![self.seat_to_move()],
        }
    }

    /// Draws are agreed team with team.
    fn voter(&self) -> Side {
        team_colour(self.seat_to_move())
    }

    fn focus(&mut self, seat: usize) {
        if self.seats_on_move().contains(&seat) {
            self.last = Some(1 - (seat / 2) as u8);
        }
    }

    /// A seat that resigns or runs out of time loses for its team, whatever the
    /// material: pieces can always arrive by drop.
    fn defeat(&self, seat: usize, reason: Reason) -> Option<Outcome> {
        Some(Outcome::win(team_colour(seat).other(), reason))
    }
}

impl GameView for Bughouse {
    fn check_cell(&self) -> Option<Cell> {
        self.boards[self.primary()]
            .check_cell()
            .map(|c| c + 64 * self.primary() as Cell)
    }

    /// A promoted piece shows the pawn it goes over as.
    fn badge(&self, cell: Cell) -> Option<PieceKind> {
        (self.is_promoted(cell) && !self.options.promoted_as_piece).then_some(PieceKind::Pawn)
    }

    fn hint(&self, cell: Cell) -> Option<&'static str> {
        self.is_promoted(cell)
            .then_some(if self.options.promoted_as_piece {
                "hint-promoted-piece"
            } else {
                "hint-promoted"
            })
    }

    fn numbers_moves(&self) -> bool {
        false
    }

    /// Each seat's reserve, fed by its partner's captures.
    fn in_hand(&self) -> Vec<(Holder, PieceView, u32)> {
        let mut out = Vec::new();
        for b in 0..2 {
            for (holder, piece, n) in self.boards[b].in_hand() {
                if let Holder::Side(side) = holder {
                    out.push((Holder::Seat(seat(b, side)), piece, n));
                }
            }
        }
        out
    }
}
