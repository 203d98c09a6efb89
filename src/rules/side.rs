//! The colours of the armies: White and Black in the two-army games, Red as the third
//! army of chess for three, and Grey for an army whose player is out of the game.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
    /// The third player of chess for three.
    Red,
    /// A neutral army: its player is out, its pieces stay on the board.
    Grey,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
    /// The three armies of chess for three, in their order of play.
    pub const THREE: [Side; 3] = [Side::White, Side::Black, Side::Red];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent in a two-army game. Red and Grey have no single opponent and are
    /// their own answer; the two-army games never meet them.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
            side => side,
        }
    }

    /// The colour's letter in positions written as text: `W`, `B`, `R`, `G`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
            Side::Red => 'R',
            Side::Grey => 'G',
        }
    }

    /// The translation key of the colour's name.
    pub const fn key(self) -> &'static str {
        match self {
            Side::White => "side-white",
            Side::Black => "side-black",
            Side::Red => "side-red",
            Side::Grey => "side-grey",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
            Side::Red => "Red",
            Side::Grey => "Grey",
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}
