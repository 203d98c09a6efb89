//! Turns that are not one move of the side to move, an optional part of a game: a
//! pass the match plays by itself (Reversi, Corners), the pie rule's swap (Epsilon-64,
//! Z-shashmaty), a move made by another seat than the one to move (bughouse's two
//! boards, chess for three's offers and answers), and a move the player should confirm
//! because it loses at once. The registry and the app reach them through
//! [`Game::turns`](super::Game::turns).

use super::error::Detail;
use super::seats::Seats;
use super::why::Remark;

pub trait Turns: Seats {
    type Move;

    /// The seat that makes `m`: the seat to move, but for games where several seats
    /// are on move at once.
    fn mover(&self, _m: &Self::Move) -> usize {
        self.seat_to_move()
    }

    /// Reads a move as the player of `seat` means it, where the seat settles what the
    /// notation leaves open (bughouse's board); None leaves it to the game's notation.
    fn parse_move_as(&self, _seat: usize, _text: &str) -> Option<Result<Self::Move, Detail>> {
        None
    }

    /// True for a pass, which the match plays by itself when it is the only move.
    fn is_pass(&self, _m: &Self::Move) -> bool {
        false
    }

    /// True for the pie-rule swap, a decision rather than a move on the board.
    fn is_swap(&self, _m: &Self::Move) -> bool {
        false
    }

    /// A warning key when the move loses at once by a rule the player should confirm.
    fn warning(&self, _m: &Self::Move) -> Option<&'static str> {
        None
    }

    /// What a button for `m` says, where `m` moves no piece and is a decision of the
    /// game's own (chess for three's offers, orders and answers); None for a move on
    /// the board. Passes and swaps are named alike in every game.
    fn button(&self, _m: &Self::Move) -> Option<Remark> {
        None
    }

    /// The question of the game's own the seat on move answers before anything else
    /// (chess for three's: to serve or to be served).
    fn asks(&self) -> Option<Remark> {
        None
    }
}
