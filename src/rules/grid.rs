//! Plain 8x8 boards of one kind of piece a side (Reversi's discs, Epsilon-64's stones,
//! Corners' checkers): each side's pieces as a bit set, and the text of a position:
//! the ranks from the eighth down,
//! `w` and `b` for the sides' pieces and digits for runs of empty squares, as FEN
//! writes them ([`placement`](super::placement)), then the side to move:
//! `8/8/8/3wb3/3bw3/8/8/8 b`. Squares are the boards' cells, a1 = 0 to h8 = 63.

use super::error::{Detail, shown};
use super::placement;
use super::set_up::{Counted, Drawn, SetUp};
use super::side::Side;

pub type Grid = [Option<Side>; 64];

/// `side`'s pieces and the other side's, each as a set of squares (a1 = bit 0).
pub fn bit_sets(board: &Grid, side: Side) -> (u64, u64) {
    let (mut own, mut other) = (0u64, 0u64);
    for (i, piece) in board.iter().enumerate() {
        match piece {
            Some(s) if *s == side => own |= 1 << i,
            Some(_) => other |= 1 << i,
            None => {}
        }
    }
    (own, other)
}

pub fn write(board: &Grid, turn: Side) -> String {
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            placement::write_rank((0..8).map(|file| {
                board[rank * 8 + file].map(|side| if side == Side::White { 'w' } else { 'b' })
            }))
        })
        .collect();
    format!("{} {}", ranks.join("/"), placement::turn_letter(turn))
}

pub fn read(text: &str) -> Result<(Grid, Side), Detail> {
    let mut words = text.split_whitespace();
    let (Some(ranks), Some(turn), None) = (words.next(), words.next(), words.next()) else {
        return Err(crate::detail!(
            "detail-grid-fields",
            "'{text}' is not a board and a side to move, like 8/8/8/3wb3/3bw3/8/8/8 b",
            text = shown(text)
        ));
    };
    let turn = placement::read_turn(turn)?;
    let pieces = placement::read(ranks, |c| match c {
        'w' => Ok(Side::White),
        'b' => Ok(Side::Black),
        other => Err(crate::detail!(
            "detail-grid-piece",
            "'{piece}' is no piece here: w and b are",
            piece = shown(&other.to_string())
        )),
    })?;
    let mut board = [None; 64];
    for (square, side) in pieces {
        board[square as usize] = Some(side);
    }
    Ok((board, turn))
}

/// A grid's set-up text: discs, stones or checkers come and go, so none is counted.
pub const SET_UP: SetUp = SetUp {
    counted: Counted::Not,
    ..SetUp::plain(write_set_up)
};

/// What is drawn as a grid's text, the side to move first.
fn write_set_up(d: &Drawn) -> String {
    let mut grid = [None; 64];
    for (cell, piece) in d.placed() {
        if let Some(slot) = grid.get_mut(usize::from(cell)) {
            *slot = Some(piece.side);
        }
    }
    write(&grid, d.boards[0].turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::topology::Topology;

    #[test]
    fn a_grid_reads_back_what_it_writes() {
        let at = |name: &str| Topology::plain().parse(name).unwrap() as usize;
        let mut board = [None; 64];
        board[at("d4")] = Some(Side::White);
        board[at("e4")] = Some(Side::Black);
        board[at("a8")] = Some(Side::Black);
        let text = write(&board, Side::Black);
        assert_eq!(text, "b7/8/8/8/3wb3/8/8/8 b");
        assert_eq!(read(&text).unwrap(), (board, Side::Black));
        for bad in [
            "8/8 w",
            "9/8/8/8/8/8/8/8 w",
            "x7/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 r",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
