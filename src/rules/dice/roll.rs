//! A roll of the die, or of three dice, and what its faces let move: 1 the king,
//! 2 a queen, 3 a rook, 4 a bishop, 5 a knight, 6 a pawn.

use crate::rules::chess::{Move, MoveKind, Role};
use crate::rules::error::Detail;

/// The role each face moves, face 1 first.
pub const FACE_ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The face that moves `role`.
pub fn face(role: Role) -> u8 {
    match role {
        Role::King => 1,
        Role::Queen | Role::Maharajah => 2,
        Role::Rook => 3,
        Role::Bishop => 4,
        Role::Knight => 5,
        Role::Pawn => 6,
        Role::Jester | Role::General => unreachable!("only 100-cell chess has them"),
    }
}

/// A set of faces, face `f` at bit `f - 1`.
pub type Faces = u8;

/// The faces showing after a roll, in the order rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    faces: [u8; 3],
    count: u8,
}

impl Roll {
    /// A roll of one die or three, each face 1 to 6.
    pub fn new(faces: &[u8]) -> Option<Roll> {
        let count = faces.len();
        if !matches!(count, 1 | 3) || faces.iter().any(|f| !(1..=6).contains(f)) {
            return None;
        }
        let mut all = [0; 3];
        all[..count].copy_from_slice(faces);
        Some(Roll {
            faces: all,
            count: count as u8,
        })
    }

    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.count)]
    }

    /// The faces as a set.
    pub fn set(&self) -> Faces {
        self.faces().iter().fold(0, |set, f| set | 1 << (f - 1))
    }

    /// Every roll of `count` dice, each as likely as the others.
    pub fn all(count: u8) -> Vec<Roll> {
        let faces = 1..=6u8;
        if count == 1 {
            return faces.filter_map(|f| Roll::new(&[f])).collect();
        }
        let mut rolls = Vec::with_capacity(216);
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    rolls.extend(Roll::new(&[a, b, c]));
                }
            }
        }
        rolls
    }

    /// The roll a random number gives: each die from its own 21 bits, so that the
    /// remainder's bias is below one in a hundred thousand.
    pub fn random(count: u8, random: u64) -> Roll {
        let die = |i: u8| {
            let bits = (random >> (21 * u32::from(i))) & 0x1f_ffff;
            if i < count { 1 + (bits % 6) as u8 } else { 0 }
        };
        Roll {
            faces: [die(0), die(1), die(2)],
            count,
        }
    }

    /// Reads `[6]` or `[6,2,4]`.
    pub fn parse(text: &str) -> Result<Roll, Detail> {
        let inner = text
            .trim()
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| {
                crate::detail!(
                    "detail-not-roll",
                    "{text} is not a roll",
                    text = crate::rules::error::shown(text)
                )
            })?;
        let faces: Option<Vec<u8>> = inner
            .split(',')
            .map(|f| f.trim().parse::<u8>().ok())
            .collect();
        faces.as_deref().and_then(Roll::new).ok_or_else(|| {
            crate::detail!(
                "detail-roll-faces",
                "a roll is one face or three, each from 1 to 6"
            )
        })
    }
}

impl std::fmt::Display for Roll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let faces: Vec<String> = self.faces().iter().map(u8::to_string).collect();
        write!(f, "[{}]", faces.join(","))
    }
}

/// Whether `m` is a move of a piece the faces `set` let move. Castling is the king's
/// move; where `rook_castles`, the rook's face allows it too.
pub fn allowed(m: &Move, set: Faces, rook_castles: bool) -> bool {
    let shows = |f: u8| set & 1 << (f - 1) != 0;
    if m.kind == MoveKind::Castle {
        return shows(1) || (rook_castles && shows(3));
    }
    shows(face(m.role))
}
