//! What each piece attacks, from tables built once: leaps, rays with their first
//! blocker found by a bit scan, and the bending moves with the squares they may pass.
//!
//! A jester, general or king on the royal e-file is strong: the jester slides like a
//! bishop, the general like a rook, the king goes two squares in any direction. The
//! same tables answer both questions the rules ask: which squares a piece attacks, and
//! which pieces attack a square (every move here is its own reverse).

use super::board::{Bits, Board, ROYAL_FILE, Role, Square, bit, file, rank};
use crate::rules::side::Side;
use std::sync::OnceLock;

/// The eight directions as (file, rank) steps; the first four go up the bit order.
const DIRECTIONS: [Step; 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

/// A step as (file, rank) offsets.
type Step = (i8, i8);

/// A bending move: its target and the squares it may pass, one of which must be empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bend {
    pub to: Square,
    pub through: Bits,
}

pub struct Tables {
    pub knight: [Bits; 100],
    /// The eight neighbours.
    pub king: [Bits; 100],
    /// Squares at most two files and two ranks away.
    pub near: [Bits; 100],
    pub rays: [[Bits; 100]; 8],
    /// The squares a pawn of each side attacks forwards.
    pub pawn: [[Bits; 100]; 2],
    pub jester_bends: [Vec<Bend>; 100],
    pub general_bends: [Vec<Bend>; 100],
}

fn offset(sq: Square, (df, dr): Step) -> Option<Square> {
    let (f, r) = (file(sq) as i8 + df, rank(sq) as i8 + dr);
    ((0..10).contains(&f) && (0..10).contains(&r)).then(|| (r * 10 + f) as Square)
}

fn build() -> Tables {
    let set = |sq: Square, steps: &[Step]| -> Bits {
        steps
            .iter()
            .filter_map(|&s| offset(sq, s))
            .fold(0, |b, t| b | bit(t))
    };
    let knight_steps = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut near_steps = Vec::new();
    for df in -2..=2 {
        for dr in -2..=2 {
            if (df, dr) != (0, 0) {
                near_steps.push((df, dr));
            }
        }
    }
    // A bend goes two steps `a` then `b` or `b` then `a`; it passes the square after
    // either first step.
    let bends = |sq: Square, pairs: &[(Step, Step)]| -> Vec<Bend> {
        pairs
            .iter()
            .filter_map(|&(a, b)| {
                let to = offset(sq, (a.0 + b.0, a.1 + b.1))?;
                let through = set(sq, &[a, b]);
                Some(Bend { to, through })
            })
            .collect()
    };
    let jester_pairs = [
        ((1, 1), (-1, 1)),
        ((1, 1), (1, -1)),
        ((-1, -1), (-1, 1)),
        ((-1, -1), (1, -1)),
    ];
    let general_pairs = [
        ((0, 1), (1, 0)),
        ((0, 1), (-1, 0)),
        ((0, -1), (1, 0)),
        ((0, -1), (-1, 0)),
    ];
    Tables {
        knight: std::array::from_fn(|sq| set(sq as Square, &knight_steps)),
        king: std::array::from_fn(|sq| set(sq as Square, &DIRECTIONS)),
        near: std::array::from_fn(|sq| set(sq as Square, &near_steps)),
        rays: std::array::from_fn(|d| {
            std::array::from_fn(|sq| {
                std::iter::successors(offset(sq as Square, DIRECTIONS[d]), |&s| {
                    offset(s, DIRECTIONS[d])
                })
                .fold(0, |b, t| b | bit(t))
            })
        }),
        pawn: [
            std::array::from_fn(|sq| set(sq as Square, &[(-1, 1), (1, 1)])),
            std::array::from_fn(|sq| set(sq as Square, &[(-1, -1), (1, -1)])),
        ],
        jester_bends: std::array::from_fn(|sq| bends(sq as Square, &jester_pairs)),
        general_bends: std::array::from_fn(|sq| bends(sq as Square, &general_pairs)),
    }
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// The nearest of `pieces` to `sq` in direction `d`.
pub fn first_on_ray(t: &Tables, sq: Square, d: usize, pieces: Bits) -> Option<Square> {
    let blockers = t.rays[d][sq as usize] & pieces;
    (blockers != 0).then(|| {
        if d < 4 {
            blockers.trailing_zeros() as Square
        } else {
            (127 - blockers.leading_zeros()) as Square
        }
    })
}

/// The squares a slider reaches from `sq` along `directions`, up to and including the
/// first piece in each.
fn slide(t: &Tables, sq: Square, directions: [usize; 4], occupied: Bits) -> Bits {
    let mut out = 0;
    for d in directions {
        let ray = t.rays[d][sq as usize];
        out |= match first_on_ray(t, sq, d, occupied) {
            None => ray,
            Some(first) => ray ^ t.rays[d][first as usize],
        };
    }
    out
}

pub fn diagonal(sq: Square, occupied: Bits) -> Bits {
    slide(tables(), sq, DIAGONAL, occupied)
}

pub fn orthogonal(sq: Square, occupied: Bits) -> Bits {
    slide(tables(), sq, ORTHOGONAL, occupied)
}

fn bent(bends: &[Bend], occupied: Bits) -> Bits {
    bends
        .iter()
        .filter(|b| b.through & !occupied != 0)
        .fold(0, |out, b| out | bit(b.to))
}

/// The squares a piece of `role` and `side` on `sq` attacks (and may move to, but for
/// the pawn, whose attacks are its captures).
pub fn attacks(side: Side, role: Role, sq: Square, occupied: Bits) -> Bits {
    let t = tables();
    let strong = ROYAL_FILE & bit(sq) != 0;
    let i = sq as usize;
    match role {
        Role::Pawn => {
            let ahead = t.pawn[side.index()][i];
            if strong {
                ahead | t.pawn[side.other().index()][i]
            } else {
                ahead
            }
        }
        Role::Knight => t.knight[i],
        Role::Bishop => diagonal(sq, occupied),
        Role::Rook => orthogonal(sq, occupied),
        Role::Queen => diagonal(sq, occupied) | orthogonal(sq, occupied),
        Role::King if strong => {
            t.king[i] | (diagonal(sq, occupied) | orthogonal(sq, occupied)) & t.near[i]
        }
        Role::King => t.king[i],
        Role::Jester => {
            let direct = diagonal(sq, occupied);
            let direct = if strong { direct } else { direct & t.near[i] };
            direct | bent(&t.jester_bends[i], occupied)
        }
        Role::General => {
            let direct = orthogonal(sq, occupied);
            let direct = if strong { direct } else { direct & t.near[i] };
            direct | bent(&t.general_bends[i], occupied)
        }
        Role::Maharajah => unreachable!("100-cell chess has no maharajah"),
    }
}

/// The pieces of `by` that attack `sq`, with the board's pieces standing as in
/// `occupied`.
pub fn attackers(board: &Board, sq: Square, by: Side, occupied: Bits) -> Bits {
    let t = tables();
    let i = sq as usize;
    let diag = diagonal(sq, occupied);
    let orth = orthogonal(sq, occupied);
    let reach = t.near[i] | ROYAL_FILE;
    let role = |r: Role| board.role(r);
    let pawns =
        (t.pawn[by.other().index()][i] | t.pawn[by.index()][i] & ROYAL_FILE) & role(Role::Pawn);
    let mut found = pawns
        | t.knight[i] & role(Role::Knight)
        | diag & (role(Role::Bishop) | role(Role::Queen) | role(Role::Jester) & reach)
        | orth & (role(Role::Rook) | role(Role::Queen) | role(Role::General) & reach)
        | (t.king[i] | (diag | orth) & t.near[i] & ROYAL_FILE) & role(Role::King);
    let jesters = board.pieces(by, Role::Jester);
    if jesters != 0 {
        for b in &t.jester_bends[i] {
            if jesters & bit(b.to) != 0 && b.through & !occupied != 0 {
                found |= bit(b.to);
            }
        }
    }
    let generals = board.pieces(by, Role::General);
    if generals != 0 {
        for b in &t.general_bends[i] {
            if generals & bit(b.to) != 0 && b.through & !occupied != 0 {
                found |= bit(b.to);
            }
        }
    }
    found & board.side(by)
}
