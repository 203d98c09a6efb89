//! Attack tables for the 8x8 board, derived once from its [`Topology`].
//!
//! Squares are bit indexes of a `u64` in the topology's cell order (a1 = 0, h8 = 63).
//! Sliders use the classical ray method: the first blocker on a ray is found with a
//! bit scan and everything behind it is cut off.

use crate::rules::topology::{Cell, Direction, Topology};
use std::sync::OnceLock;

pub type Bitboard = u64;

pub struct Tables {
    pub knight: [Bitboard; 64],
    pub king: [Bitboard; 64],
    /// `pawn[side][square]`: the squares a pawn of that side attacks.
    pub pawn: [[Bitboard; 64]; 2],
    /// `ray[direction][square]`, direction in [`Direction::ALL`] order.
    pub ray: [[Bitboard; 64]; 8],
    /// Squares strictly between two squares on a line, else empty.
    pub between: Vec<[Bitboard; 64]>,
    /// The whole line through two squares on a line (both included), else empty.
    pub line: Vec<[Bitboard; 64]>,
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| build(Topology::chess()))
}

fn bit(cell: Cell) -> Bitboard {
    1 << cell
}

fn build(t: &Topology) -> Tables {
    let mut tables = Tables {
        knight: [0; 64],
        king: [0; 64],
        pawn: [[0; 64]; 2],
        ray: [[0; 64]; 8],
        between: vec![[0; 64]; 64],
        line: vec![[0; 64]; 64],
    };
    for sq in 0..64u8 {
        let s = sq as usize;
        tables.knight[s] = t.leaps(sq).iter().fold(0, |b, &c| b | bit(c));
        for d in Direction::ALL {
            if let Some(n) = t.neighbour(sq, d) {
                tables.king[s] |= bit(n);
            }
            tables.ray[d.index()][s] = t.ray(sq, d).fold(0, |b, c| b | bit(c));
        }
        for (side, dirs) in [
            [Direction::NorthEast, Direction::NorthWest],
            [Direction::SouthEast, Direction::SouthWest],
        ]
        .iter()
        .enumerate()
        {
            for &d in dirs {
                if let Some(n) = t.neighbour(sq, d) {
                    tables.pawn[side][s] |= bit(n);
                }
            }
        }
    }
    for a in 0..64u8 {
        for d in Direction::ALL {
            let opposite = Direction::ALL
                .iter()
                .copied()
                .find(|o| o.step() == (-d.step().0, -d.step().1))
                .expect("every direction has an opposite");
            let mut between = 0;
            for b in t.ray(a, d) {
                tables.between[a as usize][b as usize] = between;
                tables.line[a as usize][b as usize] = tables.ray[d.index()][a as usize]
                    | tables.ray[opposite.index()][a as usize]
                    | bit(a);
                between |= bit(b);
            }
        }
    }
    tables
}

/// Directions whose rays run towards higher square indexes: the first blocker is the
/// lowest set bit. The others take the highest.
const fn positive(d: Direction) -> bool {
    matches!(
        d,
        Direction::North | Direction::East | Direction::NorthEast | Direction::NorthWest
    )
}

#[inline]
fn slide(t: &Tables, d: Direction, sq: usize, occupied: Bitboard) -> Bitboard {
    let ray = t.ray[d.index()][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if positive(d) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ t.ray[d.index()][first as usize]
}

#[inline]
pub fn rook_attacks(sq: Cell, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let s = sq as usize;
    Direction::ORTHOGONAL
        .iter()
        .fold(0, |b, &d| b | slide(t, d, s, occupied))
}

#[inline]
pub fn bishop_attacks(sq: Cell, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let s = sq as usize;
    Direction::DIAGONAL
        .iter()
        .fold(0, |b, &d| b | slide(t, d, s, occupied))
}

/// The squares of rank `n` (1 to 8).
pub const fn rank(n: u32) -> Bitboard {
    0xFF << (8 * (n - 1))
}

/// The dark squares, a1 among them.
pub const DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55;

/// Iterates the squares of a bitboard, lowest first.
pub fn squares(mut b: Bitboard) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let sq = b.trailing_zeros() as Cell;
            b &= b - 1;
            Some(sq)
        }
    })
}
