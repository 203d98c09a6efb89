//! Who sits at the board: how many players, who is on move, what colour each plays,
//! who speaks for a draw, and how the game goes on when one of them leaves. A game of
//! two players taking turns needs nothing here but its `turn`; bughouse's four seats
//! on two boards and chess for three's players who leave and are ranked override the
//! rest.

use super::outcome::{Outcome, Reason};
use super::side::Side;

/// One line of a result table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub side: Side,
    /// 1 for the best; players with equal points share a place.
    pub place: u8,
    /// Points in halves, so that a shared draw stays exact.
    pub half_points: u8,
}

/// The seats of a game: one optional part of [`Game`](super::Game), each hook with a
/// default for two players taking turns.
pub trait Seats {
    /// The colour to move.
    fn turn(&self) -> Side;

    /// The side that moves first, which starts each numbered move.
    fn first_side(&self) -> Side {
        Side::White
    }

    /// How many players sit at the board.
    fn seat_count(&self) -> usize {
        2
    }

    /// Which of them moves now (seats are numbered in their order of play); by default
    /// White sits in seat 0 and Black in seat 1.
    fn seat_to_move(&self) -> usize {
        self.turn().index()
    }

    /// Every seat that may act now: the seat to move, and in games where several
    /// play at once (bughouse's two boards) the others; their clocks all run.
    fn seats_on_move(&self) -> Vec<usize> {
        vec![self.seat_to_move()]
    }

    /// The side the player to move speaks for in draw offers and their answers: its
    /// colour, or in bughouse its team's (White for team 1).
    fn voter(&self) -> Side {
        self.turn()
    }

    /// Names `seat` first among the seats on move (where several are), so that the
    /// computer thinks for it.
    fn focus(&mut self, _seat: usize) {}

    /// The end when `seat` resigns or its time runs out, where the game settles it
    /// itself (a bughouse team loses with either of its seats); None for the match's
    /// own rule (the other player of two wins, or one of three leaves the game).
    fn defeat(&self, _seat: usize, _reason: Reason) -> Option<Outcome> {
        None
    }

    /// Whether `seat` plays the pieces on `cell` of its colour: always, but where one
    /// colour is played by several seats on boards of their own (bughouse's).
    fn plays_on(&self, _seat: usize, _cell: super::topology::Cell) -> bool {
        true
    }

    /// The colour a seat plays.
    fn seat_side(&self, seat: usize) -> Side {
        if seat.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        }
    }

    /// How many players are still playing for the win; a draw needs all their votes.
    fn players_in_game(&self) -> usize {
        2
    }

    /// Whether the players may agree a draw now.
    fn draw_allowed(&self) -> bool {
        true
    }

    /// Whether the match's own decisions (draw offers, resignation) may be made now, and
    /// not only the game's actions (an answer awaited, say).
    fn decisions_open(&self) -> bool {
        true
    }

    /// The player to move resigns and the game goes on without him; false where
    /// resigning simply ends the game.
    fn resign(&mut self) -> bool {
        false
    }

    /// Whether the seat's player sees the board turned round: Black in the games of
    /// two. Games of more seats turn their own way (bughouse's boards, chess for
    /// three's corners).
    fn seen_turned(&self, seat: usize) -> bool {
        self.seat_count() == 2 && self.seat_side(seat) == Side::Black
    }

    /// The side whose win is the seat's: its colour, or its team's where seats play
    /// in teams (bughouse).
    fn wins_as(&self, seat: usize) -> Side {
        self.seat_side(seat)
    }

    /// Whether the seat's player has left a game that goes on without him (chess for
    /// three's army mated, resigned or out of time); a game that ends when a player
    /// leaves never has one.
    fn has_left(&self, _seat: usize) -> bool {
        false
    }

    /// A word after the seat's name in the panel (a translation key), as chess for
    /// three's for an army that has fallen or serves another.
    fn seat_note(&self, _seat: usize) -> Option<&'static str> {
        None
    }

    /// Places and points at the end, for games of more than two players.
    fn standings(&self, _outcome: &Outcome) -> Vec<Standing> {
        Vec::new()
    }
}
