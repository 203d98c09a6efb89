//! The search's hints, which a game gives beside its evaluation: which moves the
//! search weighs, which it must follow past the horizon, which to try first, and the
//! keys it remembers positions and moves by. Every hint has a default that is right
//! for any game, only slower; a game overrides the ones measured to help it.

use super::evaluate::mix;
use crate::rules::game::Game;
use crate::rules::side::Side;

/// The size of the history table [`Hints::slot`] indexes.
pub const HISTORY_SLOTS: usize = 1 << 12;

/// The number of pieces-and-targets [`Hints::piece_slot`] tells apart.
pub const PIECE_SLOTS: usize = 1 << 10;

pub trait Hints: Game {
    /// The moves the search weighs: the legal moves, but only the on-move seat's
    /// own where another seat may act beside it (chess for three's offers and
    /// orders), so each ply is one seat's choice and the computer never decides in
    /// another's name.
    fn searched_moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// Moves that change the material and must be followed past the search's depth
    /// (captures, promotions), so the search does not stop in the middle of an exchange.
    fn noisy(&self, _m: &Self::Move) -> bool {
        false
    }

    /// The legal noisy moves, in the order the legal moves list them: games with a
    /// generator of their own for them spare the quiescence search the quiet ones.
    fn noisy_moves(&self) -> Vec<Self::Move> {
        let mut moves = self.searched_moves();
        moves.retain(|m| self.noisy(m));
        moves
    }

    /// What a noisy move wins (positive) or loses once the exchange it starts is
    /// played out, where the game can tell at a glance (chess's static exchange
    /// evaluation); None where it cannot. Losing captures are tried after the quiet
    /// moves and not followed past the horizon.
    fn exchange(&self, _m: &Self::Move) -> Option<i32> {
        None
    }

    /// For Best-Reply Search (the engine's `search::brs`): the positions after each move any
    /// player but `side` could make now, out of turn, with the turn handed back to
    /// `side`; only the noisy ones where `noisy`; the likeliest best first. None where
    /// the game cannot play a move out of turn.
    fn replies(&self, _side: Side, _noisy: bool) -> Option<Vec<Self>> {
        None
    }

    /// A guess at how good a move is, to try the best first: the higher, the sooner.
    fn order(&self, m: &Self::Move) -> i32 {
        i32::from(self.noisy(m))
    }

    /// Where a quiet move is remembered in the history table (below
    /// [`HISTORY_SLOTS`]): moves that refuted others before are tried early elsewhere.
    /// Games with no cheap index leave it None and go without.
    fn slot(&self, _m: &Self::Move) -> Option<usize> {
        None
    }

    /// Which piece a move brings where (below [`PIECE_SLOTS`]), for the history of
    /// how quiet moves answer and follow up others: a knight to f3 answers a bishop
    /// to b5 whichever square each came from. None where the game was not measured
    /// with it.
    fn piece_slot(&self, _m: &Self::Move) -> Option<usize> {
        None
    }

    /// A key of the part of the position the evaluation tends to misjudge alike
    /// wherever it comes (chess's pawns): the search learns, as it goes, by how much
    /// its deeper scores differ from the static score for each such key, and corrects
    /// the static score by that. None where the game was not measured with it.
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// The position with the turn handed to the opponent and nothing moved, for the
    /// null-move test: if even a free move does not save the opponent, the position is
    /// good enough to stop looking. None where passing would mislead: in check, with
    /// only pawns (zugzwang is common there), or in games where it was never tried.
    fn pass(&self) -> Option<Self> {
        None
    }

    /// A Zobrist-style key of the position: every piece on its cell, the seat to move
    /// and the number of legal moves (which tells apart positions with the same pieces
    /// but other rights or a decision pending). Games with a faster key of their own
    /// override it.
    fn key(&self, legal_moves: usize) -> u64 {
        let mut key = mix(self.seat_to_move() as u64 ^ (legal_moves as u64) << 8);
        for (cell, piece) in self.pieces() {
            let code = (cell as u64) << 16 | (piece.side.index() as u64) << 8 | piece.kind as u64;
            key ^= mix(code.wrapping_add(0x9e37_79b9));
        }
        key
    }
}
