//! The roles and pieces of the chess family: orthodox chess and its 8x8 variants, and
//! Dubrovsky's 100-cell chess. A knight is the same piece, with the same letter and
//! the same look, on every board of the family, so its name, letter and look are kept
//! here once. What a board holds, how wide its bitboards are, where its pieces start,
//! what they promote to and how they move stay with the board.
//!
//! Each board lists the roles it holds and keeps a bitboard for those only. The 8x8
//! boards' seven come first, so that their discriminants index those boards' arrays
//! directly and chess never looks at the jester and general it never has; 100-cell
//! chess lists its own eight ([`ROLES`](crate::rules::chess100::board::ROLES)) and
//! places them itself.

use crate::rules::side::Side;
use crate::rules::view::PieceKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// The Maharajah of Maharajah and the Sepoys: a queen and a knight in one. Never
    /// on an orthodox board, nor on 100-cell chess's.
    Maharajah,
    /// 100-cell chess's шут: one or two squares diagonally, or two orthogonally round
    /// a corner.
    Jester,
    /// 100-cell chess's генерал: one or two squares orthogonally, or one diagonally
    /// round a corner.
    General,
}

impl Role {
    /// The six of orthodox chess, which every board of the family holds.
    pub const ORTHODOX: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles of the 8x8 boards, in the order of their `by_role` arrays: every role
    /// but 100-cell chess's jester and general, which its board lists itself.
    pub const ALL: [Role; 7] = Role::orthodox_and([Role::Maharajah]);
    /// What a pawn may become on the last rank of an 8x8 board.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// A board's list of roles: the orthodox six first, each at its discriminant, then
    /// the board's `own`. Every board's list is made so, that the six stand at the same
    /// places on every board, where chess's arrays and 100-cell chess's `index` look.
    pub const fn orthodox_and<const N: usize, const M: usize>(own: [Role; N]) -> [Role; M] {
        let six = Role::ORTHODOX.len();
        assert!(
            M == six + N,
            "a board's roles are the orthodox six and its own"
        );
        let mut roles = [Role::Pawn; M];
        let mut i = 0;
        while i < M {
            roles[i] = if i < six {
                Role::ORTHODOX[i]
            } else {
                own[i - six]
            };
            i += 1;
        }
        roles
    }

    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Maharajah => 'M',
            Role::Jester => 'J',
            Role::General => 'G',
        }
    }

    /// The role a letter names, in either case, whichever board holds it: a board that
    /// reads letters keeps to the roles it lists.
    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            'M' => Role::Maharajah,
            'J' => Role::Jester,
            'G' => Role::General,
            _ => return None,
        })
    }
}

/// A role of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

impl Piece {
    /// The letter FEN and diagrams write: White's in capitals.
    pub fn letter(self) -> char {
        let c = self.role.letter();
        if self.side == Side::White {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

/// The look of a role.
pub(crate) fn kind(role: Role) -> PieceKind {
    match role {
        Role::Pawn => PieceKind::Pawn,
        Role::Knight => PieceKind::Knight,
        Role::Bishop => PieceKind::Bishop,
        Role::Rook => PieceKind::Rook,
        Role::Queen => PieceKind::Queen,
        Role::King => PieceKind::King,
        Role::Maharajah => PieceKind::Maharajah,
        Role::Jester => PieceKind::Jester,
        Role::General => PieceKind::General,
    }
}
