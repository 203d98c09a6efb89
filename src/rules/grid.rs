//! The text of a position on a plain 8x8 board of one kind of piece a side (Reversi's
//! discs, Epsilon-64's stones, Corners' checkers): the ranks from the eighth down,
//! `w` and `b` for the sides' pieces and digits for runs of empty squares, as FEN
//! writes them, then the side to move: `8/8/8/3wb3/3bw3/8/8/8 b`.

use super::error::{Detail, shown};
use super::side::Side;
use super::topology::Topology;

pub type Grid = [Option<Side>; 64];

/// The square of each (file, rank), on the 8x8 boards these games use.
fn cell(file: u8, rank: u8) -> usize {
    let t = Topology::chess();
    let name = format!("{}{}", (b'a' + file) as char, rank + 1);
    t.parse(&name).expect("an 8x8 square") as usize
}

pub fn write(board: &Grid, turn: Side) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[cell(file, rank)] {
                None => empty += 1,
                Some(side) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(if side == Side::White { 'w' } else { 'b' });
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let turn = if turn == Side::White { 'w' } else { 'b' };
    format!("{} {turn}", ranks.join("/"))
}

pub fn read(text: &str) -> Result<(Grid, Side), Detail> {
    let mut words = text.split_whitespace();
    let (Some(placement), Some(turn), None) = (words.next(), words.next(), words.next()) else {
        return Err(crate::detail!(
            "detail-grid-fields",
            "'{text}' is not a board and a side to move, like 8/8/8/3wb3/3bw3/8/8/8 b",
            text = shown(text)
        ));
    };
    let turn = match turn {
        "w" => Side::White,
        "b" => Side::Black,
        other => {
            return Err(crate::detail!(
                "detail-fen-turn",
                "'{text}' is not a side to move",
                text = shown(other)
            ));
        }
    };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(crate::detail!(
            "detail-fen-ranks",
            "the FEN has {count} ranks, not 8",
            count = ranks.len()
        ));
    }
    let mut board = [None; 64];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in text.chars() {
            let side = match c {
                'w' => Some(Side::White),
                'b' => Some(Side::Black),
                '1'..='8' => None,
                other => {
                    return Err(crate::detail!(
                        "detail-grid-piece",
                        "'{piece}' is no piece here: w and b are",
                        piece = shown(&other.to_string())
                    ));
                }
            };
            let run = if side.is_some() {
                1
            } else {
                c.to_digit(10).unwrap_or(1) as u8
            };
            if file + run > 8 {
                return Err(crate::detail!(
                    "detail-fen-rank-long",
                    "rank {rank} has more than 8 squares",
                    rank = rank + 1
                ));
            }
            if side.is_some() {
                board[cell(file, rank)] = side;
            }
            file += run;
        }
        if file != 8 {
            return Err(crate::detail!(
                "detail-fen-rank-short",
                "rank {rank} does not have 8 squares",
                rank = rank + 1
            ));
        }
    }
    Ok((board, turn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_reads_back_what_it_writes() {
        let mut board = [None; 64];
        board[cell(3, 3)] = Some(Side::White);
        board[cell(4, 3)] = Some(Side::Black);
        board[cell(0, 7)] = Some(Side::Black);
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
