//! The Z-shashmaty position and its pieces.

use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology};

/// The kinds of piece. A king made by promotion is a [`Role::King`] like the original.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Checker,
    /// A checker that blows up the rook or knight that takes it.
    ZChecker,
    King,
    ViceKing,
    Rook,
    Knight,
}

impl Role {
    /// Promotion choices for a checker reaching the far rank.
    pub const PROMOTIONS: [Role; 3] = [Role::Rook, Role::Knight, Role::King];

    pub fn is_checker(self) -> bool {
        matches!(self, Role::Checker | Role::ZChecker)
    }

    pub fn is_monarch(self) -> bool {
        matches!(self, Role::King | Role::ViceKing)
    }

    /// Pieces that capture by jumping, as in draughts.
    pub fn jumps(self) -> bool {
        !matches!(self, Role::Rook | Role::Knight)
    }

    /// The letter in the notation; checkers have none.
    pub fn letter(self) -> &'static str {
        match self {
            Role::Checker => "",
            Role::ZChecker => "z",
            Role::King => "Kp",
            Role::ViceKing => "Kp'",
            Role::Rook => "T",
            Role::Knight => "K",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

pub type Board = [Option<Piece>; 32];

pub fn start_board() -> Board {
    let t = Topology::dark32();
    let mut board = [None; 32];
    let white = [
        ("a1", Role::Rook),
        ("c1", Role::King),
        ("e1", Role::ViceKing),
        ("g1", Role::Knight),
        ("d2", Role::ZChecker),
        ("b2", Role::Checker),
        ("f2", Role::Checker),
        ("h2", Role::Checker),
        ("a3", Role::Checker),
        ("c3", Role::Checker),
        ("e3", Role::Checker),
        ("g3", Role::Checker),
    ];
    for (name, role) in white {
        let cell = t.parse(name).expect("a dark square");
        board[cell as usize] = Some(Piece {
            side: Side::White,
            role,
        });
        // Black's army is White's turned by 180 degrees.
        board[31 - cell as usize] = Some(Piece {
            side: Side::Black,
            role,
        });
    }
    board
}

/// True on the row where a side's checkers promote.
pub fn on_far_rank(cell: Cell, side: Side) -> bool {
    let far = match side {
        Side::White => 7,
        _ => 0,
    };
    Topology::dark32()
        .cell(cell)
        .square()
        .is_some_and(|(_, rank)| rank == far)
}
