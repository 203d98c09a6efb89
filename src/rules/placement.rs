//! A board's placement as FEN writes it: the ranks from the top down, separated by
//! `/`, a letter for each piece and a digit for each run of empty squares. Chess and
//! its variants, 100-cell chess, the plain boards of discs and stones, and the
//! position editor all write it this way; the 8x8 boards read it back here.

use super::error::{Detail, shown};
use super::side::Side;

/// One rank, its squares from the a-file on: a piece's letter or an empty square.
pub fn write_rank(squares: impl IntoIterator<Item = Option<char>>) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for square in squares {
        match square {
            None => empty += 1,
            Some(letter) => {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(letter);
            }
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

/// The pieces of an 8x8 placement, each letter read by `piece`, with the square it
/// stands on (a1 = 0, b1 = 1, ..., h8 = 63).
pub fn read<P>(
    placement: &str,
    mut piece: impl FnMut(char) -> Result<P, Detail>,
) -> Result<Vec<(u8, P)>, Detail> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(crate::detail!(
            "detail-fen-ranks",
            "the FEN has {count} ranks, not 8",
            count = ranks.len(),
        ));
    }
    let mut pieces = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut after_digit = false;
        for c in row.chars() {
            let too_long = || {
                crate::detail!(
                    "detail-fen-rank-long",
                    "rank {rank} has more than 8 squares",
                    rank = rank + 1,
                )
            };
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || after_digit {
                    return Err(crate::detail!(
                        "detail-fen-rank-count",
                        "rank {rank} counts its empty squares wrongly: '{row}'",
                        rank = rank + 1,
                        row = shown(row),
                    ));
                }
                after_digit = true;
                file += d as u8;
                if file > 8 {
                    return Err(too_long());
                }
            } else {
                after_digit = false;
                let p = piece(c)?;
                if file >= 8 {
                    return Err(too_long());
                }
                pieces.push((rank * 8 + file, p));
                file += 1;
            }
        }
        if file != 8 {
            return Err(crate::detail!(
                "detail-fen-rank-short",
                "rank {rank} does not have 8 squares",
                rank = rank + 1,
            ));
        }
    }
    Ok(pieces)
}

/// The side to move, `w` or `b`.
pub fn read_turn(text: &str) -> Result<Side, Detail> {
    match text {
        "w" => Ok(Side::White),
        "b" => Ok(Side::Black),
        other => Err(crate::detail!(
            "detail-fen-turn",
            "'{text}' is not a side to move",
            text = shown(other),
        )),
    }
}

/// The side to move as the FEN writes it.
pub fn turn_letter(side: Side) -> char {
    if side == Side::White { 'w' } else { 'b' }
}
