//! The draughts board as three sets of squares (bit `cell`, a1 = 0): White's pieces,
//! Black's, and the kings among both. Move generation asks whole sets at a time
//! ("which men have an enemy beside them?"), so the board is kept in that form.

use super::movegen::Piece;
use crate::rules::chess::tables::squares;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    white: u64,
    black: u64,
    kings: u64,
}

impl Board {
    /// The opening array: each side's men on its second and third ranks.
    pub fn start() -> Board {
        Board {
            white: 0x0000_0000_00ff_ff00,
            black: 0x00ff_ff00_0000_0000,
            kings: 0,
        }
    }

    pub fn get(&self, cell: Cell) -> Option<Piece> {
        let bit = 1u64 << cell;
        let side = if self.white & bit != 0 {
            Side::White
        } else if self.black & bit != 0 {
            Side::Black
        } else {
            return None;
        };
        Some(Piece {
            side,
            king: self.kings & bit != 0,
        })
    }

    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) {
        let bit = 1u64 << cell;
        self.white &= !bit;
        self.black &= !bit;
        self.kings &= !bit;
        if let Some(p) = piece {
            match p.side {
                Side::White => self.white |= bit,
                _ => self.black |= bit,
            }
            if p.king {
                self.kings |= bit;
            }
        }
    }

    /// The squares of `side`'s pieces.
    pub fn side(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white,
            _ => self.black,
        }
    }

    pub fn kings(&self) -> u64 {
        self.kings
    }

    pub fn empty(&self) -> u64 {
        !(self.white | self.black)
    }

    /// Every piece with its square, lowest square first.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        squares(self.white | self.black).map(|c| (c, self.get(c).expect("an occupied square")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_holds_what_was_set_and_nothing_else() {
        let mut board = Board::default();
        let king = Piece {
            side: Side::Black,
            king: true,
        };
        board.set(27, Some(king));
        assert_eq!(board.get(27), Some(king));
        assert_eq!(board.pieces().count(), 1);
        let man = Piece {
            side: Side::White,
            king: false,
        };
        board.set(27, Some(man));
        assert_eq!(board.get(27), Some(man));
        assert_eq!(board.kings(), 0);
        board.set(27, None);
        assert_eq!(board, Board::default());
        assert_eq!(Board::start().empty().count_ones(), 32);
    }
}
