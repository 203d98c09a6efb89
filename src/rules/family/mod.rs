//! The chess family (`CHESS-FAMILY.md`): orthodox chess with a hook or two per variant.
//! A variant says with which power each piece moves from the square it stands on, what
//! a pawn may become where it arrives, which piece is royal, and what its reserve may
//! drop where; the family does the rest with chess's own position, FEN, SAN,
//! castling, en passant and draw rules. A variant may give a turn several moves
//! (double-move chess): the side moves on until its turn is played out, and en passant
//! targets then last the opponent's whole turn.
//!
//! A move is legal when, played, it leaves no attack on the mover's king, attacks being
//! counted with the same powers. That is simpler than chess's pin masks, which assume
//! a piece moves the same way wherever it stands; orthodox chess keeps its own faster
//! generator.

pub mod appearing;
#[cfg(test)]
mod appearing_tests;
pub mod double_move;
#[cfg(test)]
mod double_move_tests;
mod drop_check;
pub(crate) mod eval;
pub mod everyone_moves;
#[cfg(test)]
mod everyone_moves_tests;
mod fen;
pub mod maharajah;
#[cfg(test)]
mod maharajah_tests;
mod movegen;
#[cfg(test)]
mod movegen_tests;
pub mod shashmaty;
#[cfg(test)]
mod shashmaty_tests;
pub mod swedish;
#[cfg(test)]
mod swedish_tests;
pub mod transforming;
#[cfg(test)]
mod transforming_tests;
mod turn_safety;
#[cfg(test)]
mod turn_safety_tests;
mod turns;
mod why;

pub use appearing::{Appearing, AppearingOptions};
pub use double_move::{DoubleMove, DoubleMoveOptions};
pub use drop_check::DropCheck;
pub use everyone_moves::{EveryoneMoves, EveryoneMovesOptions};
pub(crate) use fen::{mark_promoted, read_promoted};
pub use maharajah::{Maharajah, MaharajahOptions};
pub use shashmaty::{Shashmaty, ShashmatyOptions};
pub use swedish::{Swedish, SwedishOptions};
pub use transforming::{Transforming, TransformingOptions};

use super::chess::tables::Bitboard;
use super::chess::{
    Board, Chess, DrawClaim, Move, MoveKind, Piece, Role, START_FEN, diagram, kind, move_view,
    piece_views, san,
};
use super::game::{Game, perft_by_copy};
use super::options::HouseRules;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, Holder, MoveView, PieceKind, PieceView};
use super::why::Refusal;
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::Card;
use crate::rules::seats::Seats;
use crate::rules::turns::Turns;
use crate::rules::why::Refusals;

/// A variant's hooks into the family's rules.
pub trait Variant: HouseRules {
    /// How the game presents itself (see [`Card`]).
    const CARD: Card;
    /// The start position, as a FEN with the reserves in brackets.
    fn start(&self) -> &'static str {
        START_FEN
    }
    /// Whether a piece's power depends on where it stands (transforming chess); where
    /// it does not, every piece moves as its role.
    const POWER_BY_SQUARE: bool = false;
    /// How `piece` moves and attacks from `square`: the role whose moves it makes.
    fn power(&self, piece: Piece, _square: Cell) -> Role {
        piece.role
    }
    /// What a pawn arriving on the last rank at `square` does: None, it may not go
    /// there; no roles, it goes and stays a pawn; else it becomes one of them.
    fn promotions(&self, square: Cell) -> Option<&'static [Role]>;
    /// The piece whose attack is check and may never be left attacked, for `side`;
    /// None where that side has none.
    fn royal(&self, _side: Side) -> Option<Role> {
        Some(Role::King)
    }
    /// The squares where the side to move may put `role` from its reserve now.
    fn drops(&self, _g: &Family<Self>, _role: Role) -> Bitboard
    where
        Self: Sized,
    {
        0
    }
    /// Whether a legal move is also allowed by a rule of the variant's own (appearing
    /// chess's drops that may not check).
    fn permits(&self, _g: &Family<Self>, _m: &Move) -> bool
    where
        Self: Sized,
    {
        true
    }
    /// The reasons a refused move is given (see [`Game::refusals`]).
    fn refusals() -> Vec<&'static str>
    where
        Self: Sized,
    {
        why::reasons(true, false)
    }
    /// Whether a drop counts as a move: for the move number, and, being irreversible,
    /// resetting the fifty-move count. Otherwise it is a placement before play
    /// (the Maharajah's, at move 0).
    fn drops_are_moves(&self) -> bool {
        false
    }
    /// What a drop does to the position besides putting the piece down (castling
    /// rights for pieces dropped on their home squares).
    fn dropped(&self, _position: &mut Chess, _m: &Move) {}
    /// Whether castling also needs the king's home square marked in the castling
    /// rights: a king dropped there and unmoved since.
    fn castling_needs_king_mark(&self) -> bool {
        false
    }
    /// The side that has lost by a rule of the variant's own, and why.
    fn lost(&self, _g: &Family<Self>) -> Option<(Side, Reason)>
    where
        Self: Sized,
    {
        None
    }
    /// Whether the pieces left can never mate, which draws at once.
    fn insufficient_material(&self, board: &Board) -> bool;
    fn draw_claim(&self) -> DrawClaim;
    /// Moves in White's first turn of a game from the start, and in every other turn.
    fn turn_lengths(&self) -> (u8, u8) {
        (1, 1)
    }
    /// Whether castling asks that the king's squares be unattacked.
    fn castling_sees_attacks(&self) -> bool {
        true
    }
    /// Whether each piece acts at most once a turn, the turn ending when the player
    /// says so or nothing unused can act; the fifty-move rule then counts turns.
    fn once_per_unit(&self) -> bool {
        false
    }
    /// Moves a turn needs before its player may end it; None where only the turn's
    /// length or the pieces end it.
    fn min_actions(&self) -> Option<u8> {
        None
    }
    /// Whether castling uses up the rook as well as the king for the turn.
    fn castling_uses_rook(&self) -> bool {
        true
    }
    /// Whether en passant may only open a turn (the Marseillais convention).
    fn en_passant_opens_turn(&self) -> bool {
        false
    }
    /// The result when `side`, to move, has no move and is not in check.
    fn no_moves(&self, _side: Side) -> Outcome {
        Outcome::draw(Reason::Stalemate)
    }
    /// Whether a side may end its turn with its royal piece attacked (dice chess's
    /// forced pass), so that a position may have the side not to move in check.
    fn check_outlasts_a_turn(&self) -> bool {
        false
    }
    /// Whether a pawn may stand on its own first rank (Shash-maty's backward jumps).
    fn pawns_go_home(&self) -> bool {
        false
    }
}

/// How the End turn action is written where it must be (move lists leave it out: a
/// turn ends where its comma-joined moves do).
pub const END_TURN: &str = "end";

/// Pieces held off the board, by side and role, to be dropped.
pub type Reserve = [[u8; 7]; 2];

/// A position of a chess-family variant, with its house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Family<V> {
    pub position: Chess,
    pub reserve: Reserve,
    pub turn: Turn,
    pub variant: V,
}

/// Where a turn of several moves stands. Single-move variants keep it at its default
/// and use chess's own en passant square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// Moves this turn may have, 0 in single-move variants.
    pub length: u8,
    /// Moves made in it so far.
    pub played: u8,
    /// The squares skipped by the opponent's double steps in its last turn: en passant
    /// targets for the whole of this one.
    pub targets: Bitboard,
    /// The squares this turn's own double steps skip, targets for the next turn.
    pub made: Bitboard,
    /// This turn opened with an en passant capture.
    pub opened_en_passant: bool,
    /// Where the pieces that acted this turn stand now (each acts once a turn).
    pub used: Bitboard,
    /// A capture or a pawn move happened this turn.
    pub reset: bool,
    /// The fifty-move counter when the turn began, where it counts turns.
    pub halfmoves: u32,
}

impl<V: Variant> Family<V> {
    /// The end of the game by the variant's rules, in their order: a loss of its own
    /// (a king or the Maharajah taken), mate or no move (`stuck`: the side to move has
    /// none, by whatever move list the game keeps), insufficient material, then the
    /// repetition and fifty-move draws. Games built on the family with moves of their
    /// own (dice, relocations, jumps) judge by it too.
    pub(crate) fn judge(&self, stuck: bool, repetitions: usize) -> Option<Outcome> {
        let p = &self.position;
        if let Some((loser, reason)) = self.variant.lost(self) {
            return Some(Outcome::win(loser.other(), reason));
        }
        if stuck {
            return Some(if self.attacked_king(p.turn) {
                Outcome::win(p.turn.other(), Reason::Checkmate)
            } else {
                self.variant.no_moves(p.turn)
            });
        }
        // Pieces in hand can still come down and mate.
        if self.reserve == [[0; 7]; 2] && self.variant.insufficient_material(&p.board) {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        self.variant
            .draw_claim()
            .automatic(repetitions, p.halfmoves)
    }

    /// Whether the side to move still has pieces to drop.
    fn holding(&self) -> bool {
        self.reserve[self.position.turn.index()] != [0; 7]
    }

    /// The en passant square while an en passant capture is legal: what counts for
    /// repetition and what the FEN writes.
    fn legal_ep_square(&self) -> Option<Cell> {
        let ep = self.position.ep_square?;
        self.moves()
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
            .then_some(ep)
    }
}

impl<V: Variant> Game for Family<V> {
    type Move = Move;
    type Options = V;
    const CARD: Card = V::CARD;

    fn set_up_text(&self) -> Option<String> {
        Some(self.fen()).filter(|f| f != self.variant.start())
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        Some(perft_by_copy(self, depth, &|g| g.moves().len() as u64))
    }

    fn new(variant: V) -> Self {
        let start = variant.start();
        let (first, _) = variant.turn_lengths();
        let mut g = Family::set_up(variant, start).expect("a variant's start position is valid");
        if g.turn.length > 0 {
            g.turn.length = first;
        }
        g
    }

    fn set_up(variant: V, fen: &str) -> Result<Self, Detail> {
        Family::from_fen(variant, fen)
    }

    fn options(&self) -> &V {
        &self.variant
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.moves()
    }

    fn play(&mut self, m: &Move) {
        if self.turn.length > 0 {
            return self.play_in_turn(m);
        }
        if m.kind == MoveKind::Drop {
            let p = &mut self.position;
            self.reserve[p.turn.index()][m.role as usize] -= 1;
            p.board.put(
                m.to,
                Piece {
                    side: p.turn,
                    role: m.role,
                },
            );
            self.variant.dropped(p, m);
            p.ep_square = None;
            if self.variant.drops_are_moves() {
                p.halfmoves = 0;
                if p.turn == Side::Black {
                    p.fullmoves = p.fullmoves.saturating_add(1);
                }
            }
            p.turn = p.turn.other();
        } else {
            self.position.play_unchecked(m);
        }
    }

    fn notation(&self, m: &Move) -> String {
        if m.kind == MoveKind::EndTurn {
            return END_TURN.into();
        }
        let mut after = self.clone();
        after.play(m);
        // Inside a turn of several moves only its last move may check.
        let passed = after.position.turn != self.position.turn;
        let suffix = (passed && after.attacked_king(after.position.turn))
            .then(|| if after.moves().is_empty() { '#' } else { '+' });
        if m.kind == MoveKind::Drop {
            let mut s = format!("{}@{}", m.role.letter(), Topology::chess().name(m.to));
            s.extend(suffix);
            return s;
        }
        san::write(m, &board_moves(self.moves()), suffix)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Detail> {
        let moves = self.moves();
        if text.trim() == END_TURN {
            return moves
                .into_iter()
                .find(|m| m.kind == MoveKind::EndTurn)
                .ok_or_else(|| crate::detail!("detail-turn-end", "the turn cannot end here"));
        }
        if let Some((letter, square)) = text.trim().trim_end_matches(['+', '#']).split_once('@') {
            // A pawn's drop may leave out its letter: `@e3`.
            let role = match letter.chars().next() {
                None => Some(Role::Pawn),
                Some(c) => Role::from_letter(c),
            };
            let to = Topology::chess().parse(square);
            return moves
                .into_iter()
                .find(|m| m.kind == MoveKind::Drop && Some(m.role) == role && Some(m.to) == to)
                .ok_or_else(|| {
                    crate::detail!(
                        "detail-not-legal-here",
                        "{text} is not legal here",
                        text = crate::rules::error::shown(text),
                    )
                });
        }
        san::read(text, &board_moves(moves))
    }

    fn view(&self, m: &Move) -> MoveView {
        // Ending a turn moves nothing: no landing to show.
        if m.kind == MoveKind::EndTurn {
            return MoveView::along(m.from, Vec::new());
        }
        if m.kind == MoveKind::Drop {
            let piece = PieceView {
                side: self.position.turn,
                kind: kind(m.role),
            };
            return MoveView::placing(m.to, piece);
        }
        move_view(m)
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        piece_views(&self.position)
    }

    /// Positions inside a turn of several moves are never the same as another: a
    /// repetition is counted where a turn begins.
    fn same_position(&self, other: &Self) -> bool {
        let (a, b) = (&self.position, &other.position);
        self.turn.played == 0
            && other.turn.played == 0
            && a.board == b.board
            && self.reserve == other.reserve
            && a.turn == b.turn
            && a.castling == b.castling
            && self.legal_ep_square() == other.legal_ep_square()
            && self.usable_targets() == other.usable_targets()
    }

    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        self.judge(!self.has_move(), repetitions)
    }

    /// Pieces dropped before the first move come at move 0 (`0... M@e5`), where drops
    /// are placements rather than moves.
    fn move_number(&self) -> u32 {
        let placing =
            !self.variant.drops_are_moves() && self.holding() && self.position.fullmoves == 1;
        self.position.fullmoves - u32::from(placing)
    }

    fn diagram(&self) -> String {
        diagram(&self.position)
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl<V: Variant> Refusals for Family<V> {
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        self.refusal(from, to)
    }

    fn refusals() -> Vec<&'static str> {
        V::refusals()
    }

    fn drop_refusal(&self, kind: PieceKind, cell: Cell) -> Option<&'static str> {
        let role = Role::ALL
            .into_iter()
            .find(|&r| super::chess::kind(r) == kind)?;
        let p = &self.position;
        if self.reserve[p.turn.index()][role as usize] == 0 {
            return None;
        }
        let drop = Move {
            from: cell,
            to: cell,
            role,
            capture: None,
            promotion: None,
            kind: MoveKind::Drop,
        };
        if self.moves().contains(&drop) {
            return None;
        }
        Some(if p.board.piece_at(cell).is_some() {
            "msg-drop-occupied"
        } else if self.variant.drops(self, role) & (1u64 << cell) == 0 {
            if role != Role::King && self.reserve[p.turn.index()][Role::King as usize] > 0 {
                "msg-drop-king-first"
            } else if role == Role::Pawn {
                "msg-drop-pawn-zone"
            } else {
                "msg-no-placement-here"
            }
        } else if !self.king_safe().contains(&drop) {
            "msg-drop-own-check"
        } else {
            "msg-drop-check-rule"
        })
    }
}

impl<V: Variant> Ends for Family<V> {
    fn has_check(&self) -> bool {
        self.variant.royal(Side::White).is_some()
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        self.variant
            .draw_claim()
            .claimable(repetitions, self.position.halfmoves)
    }

    /// A lone king with nothing in hand can never mate.
    fn may_win(&self, side: Side) -> bool {
        let b = &self.position.board;
        self.reserve[side.index()] != [0; 7]
            || b.by_side[side.index()] != b.pieces(side, Role::King)
    }
}

impl<V: Variant> Turns for Family<V> {
    type Move = <Family<V> as Game>::Move;

    fn is_pass(&self, m: &Move) -> bool {
        m.kind == MoveKind::EndTurn
    }
}

impl<V: Variant> Seats for Family<V> {
    fn turn(&self) -> Side {
        self.position.turn
    }
}

impl<V: Variant> GameView for Family<V> {
    fn check_cell(&self) -> Option<Cell> {
        let turn = self.position.turn;
        self.attacked_king(turn)
            .then(|| self.royal_square(turn))
            .flatten()
    }

    fn joins_previous(&self) -> Option<&'static str> {
        (self.turn.played > 0).then_some(",")
    }

    fn turn_progress(&self) -> Option<(u8, u8)> {
        let of = if self.variant.once_per_unit() {
            0
        } else {
            self.turn.length
        };
        (self.turn.length > 0).then_some((self.turn.played + 1, of))
    }

    /// The pieces that have acted this turn, where each acts once, in grey.
    fn tinted(&self) -> Vec<(Cell, Side)> {
        crate::rules::chess::tables::squares(self.turn.used)
            .map(|c| (c, Side::Grey))
            .collect()
    }

    fn in_hand(&self) -> Vec<(Holder, PieceView, u32)> {
        let mut held = Vec::new();
        for side in Side::BOTH {
            for role in Role::ALL {
                let n = self.reserve[side.index()][role as usize];
                if n > 0 {
                    let piece = PieceView {
                        side,
                        kind: kind(role),
                    };
                    held.push((Holder::Side(side), piece, u32::from(n)));
                }
            }
        }
        held
    }

    fn moves_as(&self, cell: Cell) -> Option<PieceKind> {
        let piece = self.position.board.piece_at(cell)?;
        let power = self.variant.power(piece, cell);
        (power != piece.role).then(|| kind(power))
    }
}

/// The moves of pieces on the board, without drops: what SAN is written and read
/// among (a drop to e4 is no pawn move `e4`).
pub(super) fn board_moves(mut moves: Vec<Move>) -> Vec<Move> {
    moves.retain(|m| m.kind != MoveKind::Drop);
    moves
}

/// The side whose king is gone, where kings are captured rather than mated.
pub(crate) fn king_captured<V>(g: &Family<V>) -> Option<(Side, Reason)> {
    Side::BOTH
        .into_iter()
        .find(|&s| g.position.board.pieces(s, Role::King) == 0)
        .map(|s| (s, Reason::KingCaptured))
}
