//! The board as two 64-bit sets, one per side, for the moves' arithmetic: where a disc
//! may go (a run of the opponent's discs closed by one's own, in any of the eight
//! directions) and what it flips, computed for all squares at once by shifting the sets.
//! Squares are numbered as the plain board's cells, a1 = 0, b1 = 1, ..., h8 = 63.

/// Every square but those on the a-file, and every square but those on the h-file:
/// what a shift east or west may land on without wrapping round the board.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The set moved one square in direction `d` (east, west, north, south, then the four
/// diagonals), squares leaving the board dropped.
fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b << 1) & NOT_A,
        1 => (b >> 1) & NOT_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & NOT_A,
        5 => (b << 7) & NOT_H,
        6 => (b >> 7) & NOT_A,
        _ => (b >> 9) & NOT_H,
    }
}

/// The empty squares where a disc of the side owning `own` flips something.
pub fn moves(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let mut found = 0;
    for d in 0..8 {
        let mut run = shift(own, d) & opp;
        for _ in 0..5 {
            run |= shift(run, d) & opp;
        }
        found |= shift(run, d) & empty;
    }
    found
}

/// The opponent's discs a disc on `square` would flip.
pub fn flips(own: u64, opp: u64, square: u8) -> u64 {
    let mut flipped = 0;
    for d in 0..8 {
        let mut run = 0;
        let mut at = shift(1 << square, d);
        while at & opp != 0 {
            run |= at;
            at = shift(at, d);
        }
        if at & own != 0 {
            flipped |= run;
        }
    }
    flipped
}

/// The squares of a set, lowest first.
pub fn squares(mut b: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let s = b.trailing_zeros() as u8;
            b &= b - 1;
            s
        })
    })
}
