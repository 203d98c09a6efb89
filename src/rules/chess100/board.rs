//! The pieces of 100-cell chess on its 10x10 board, held in 128-bit bitboards: bit
//! `rank * 10 + file` for each square, a1 the lowest, which is also the square's cell
//! number in the board's topology.
//!
//! The roles and pieces are the chess family's ([`Role`], [`Piece`]), so that a knight
//! here is chess's knight; the board lists the eight roles it holds ([`ROLES`]) and
//! keeps a bitboard for each of those only.

pub use crate::rules::chess::{Piece, Role};
use crate::rules::side::Side;

/// A set of squares.
pub type Bits = u128;
/// A square: `rank * 10 + file`, from 0 (a1) to 99 (k10).
pub type Square = u8;

/// Every square of the board.
pub const ALL: Bits = (1 << 100) - 1;
/// The royal e-file, where jesters, generals and kings are strong and pawns are king
/// pawns.
pub const ROYAL_FILE: Bits = {
    let mut bits = 0;
    let mut rank = 0;
    while rank < 10 {
        bits |= 1 << (rank * 10 + 4);
        rank += 1;
    }
    bits
};

pub const fn bit(sq: Square) -> Bits {
    1 << sq
}

pub const fn file(sq: Square) -> u8 {
    sq % 10
}

pub const fn rank(sq: Square) -> u8 {
    sq / 10
}

pub const fn square(file: u8, rank: u8) -> Square {
    rank * 10 + file
}

/// The squares of a set, lowest first.
pub fn squares(mut bits: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            sq
        })
    })
}

/// A side's throne: its king's starting square.
pub const fn throne(side: Side) -> Square {
    match side {
        Side::Black => 94,
        _ => 4,
    }
}

/// The rank (0 to 9) a side's pawns start on.
pub const fn pawn_rank(side: Side) -> u8 {
    match side {
        Side::Black => 8,
        _ => 1,
    }
}

/// The rank a side's pawns promote on.
pub const fn last_rank(side: Side) -> u8 {
    match side {
        Side::Black => 0,
        _ => 9,
    }
}

/// A side's pawns' step forward, in squares.
pub const fn forward(side: Side) -> i8 {
    match side {
        Side::Black => -10,
        _ => 10,
    }
}

/// The roles on this board, in the order of [`Board::by_role`]: orthodox chess's six,
/// then the jester and the general; never the maharajah.
pub const ROLES: [Role; 8] = Role::orthodox_and([Role::Jester, Role::General]);

/// What a pawn may become on the enemy throne: any piece but a king.
pub const THRONE_CHOICES: [Role; 6] = [
    Role::Queen,
    Role::Rook,
    Role::General,
    Role::Bishop,
    Role::Jester,
    Role::Knight,
];

/// The pieces of the back rank from the a-file to the k-file.
pub const BACK_RANK: [Role; 10] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Jester,
    Role::King,
    Role::Queen,
    Role::General,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

/// A role's place in [`ROLES`], and so in [`Board::by_role`]: the family's roles share
/// one numbering, in which the maharajah, never on this board, stands between the king
/// and the jester.
pub fn index(role: Role) -> usize {
    match role {
        Role::Jester => 6,
        Role::General => 7,
        Role::Maharajah => unreachable!("100-cell chess has no maharajah"),
        _ => role as usize,
    }
}

/// Where the pieces stand: a set per side and a set per role of [`ROLES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub by_side: [Bits; 2],
    pub by_role: [Bits; ROLES.len()],
}

impl Board {
    /// The starting position.
    pub fn start() -> Board {
        let mut board = Board::default();
        for (file, &role) in BACK_RANK.iter().enumerate() {
            let file = file as u8;
            for side in [Side::White, Side::Black] {
                let back = last_rank(side.other());
                board.put(square(file, back), Piece { side, role });
                let pawn = Piece {
                    side,
                    role: Role::Pawn,
                };
                board.put(square(file, pawn_rank(side)), pawn);
            }
        }
        board
    }

    pub fn occupied(&self) -> Bits {
        self.by_side[0] | self.by_side[1]
    }

    pub fn side(&self, side: Side) -> Bits {
        self.by_side[side.index()]
    }

    pub fn role(&self, role: Role) -> Bits {
        self.by_role[index(role)]
    }

    pub fn pieces(&self, side: Side, role: Role) -> Bits {
        self.side(side) & self.role(role)
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = bit(sq);
        let side = Side::BOTH.into_iter().find(|&s| self.side(s) & b != 0)?;
        let role = ROLES.into_iter().find(|&r| self.role(r) & b != 0)?;
        Some(Piece { side, role })
    }

    pub fn king_of(&self, side: Side) -> Option<Square> {
        let kings = self.pieces(side, Role::King);
        (kings != 0).then(|| kings.trailing_zeros() as Square)
    }

    pub fn put(&mut self, sq: Square, piece: Piece) {
        let b = bit(sq);
        self.by_side[piece.side.index()] |= b;
        self.by_role[index(piece.role)] |= b;
    }

    pub fn remove(&mut self, sq: Square) {
        let b = !bit(sq);
        self.by_side[0] &= b;
        self.by_side[1] &= b;
        for r in &mut self.by_role {
            *r &= b;
        }
    }

    /// No mate is possible: kings alone, or a lone king against a king with one knight,
    /// bishop or jester (pieces that cannot mate alone in chess, and the spec says so of
    /// the jester).
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.role(Role::Pawn)
            | self.role(Role::Rook)
            | self.role(Role::Queen)
            | self.role(Role::General);
        heavy == 0
            && (self.role(Role::Knight) | self.role(Role::Bishop) | self.role(Role::Jester))
                .count_ones()
                <= 1
    }
}
