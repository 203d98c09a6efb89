//! What the chess evaluation counts. Material and place are counted apart for the
//! middle game and the ending, which are blended by the material left; so are passed
//! pawns, worth more as the board empties. The rest counts the same throughout,
//! except the king's shelter, the open files beside it and the attack on the king,
//! which matter only in the middle game, and a passed pawn's path and its king's
//! race to it, which matter only in the ending.
//!
//! Some features weigh nothing by hand (the king's danger, mobility's square root,
//! backward pawns, open files by the king, a passed pawn's free path): they were
//! added for learning to weigh, which chess's shipped weights have done (bughouse,
//! which shares these features, keeps them at nothing).
//!
//! Place is a feature per piece, square and phase ("knight-f3-middle"), each square
//! named as the piece's own side sees the board (a black knight on f6 counts as
//! "knight-f3"), so that learning can find where each piece stands best. They start
//! from the hand tables of [`super::place`].

use super::place::{KING_LATE, PLACE as TABLES};
use crate::rules::computer::Feature;

pub use named::*;

mod named {
    crate::features! {
        PAWN_MIDDLE = "pawn-middle": 100,
        KNIGHT_MIDDLE = "knight-middle": 320,
        BISHOP_MIDDLE = "bishop-middle": 330,
        ROOK_MIDDLE = "rook-middle": 500,
        QUEEN_MIDDLE = "queen-middle": 900,
        PAWN_ENDING = "pawn-ending": 100,
        KNIGHT_ENDING = "knight-ending": 320,
        BISHOP_ENDING = "bishop-ending": 330,
        ROOK_ENDING = "rook-ending": 500,
        QUEEN_ENDING = "queen-ending": 900,
        // A passed pawn, by the ranks it has come from its own side (1 to 6).
        PASSED_MIDDLE = "passed-1-middle": 5,
        PASSED_2_MIDDLE = "passed-2-middle": 5,
        PASSED_3_MIDDLE = "passed-3-middle": 10,
        PASSED_4_MIDDLE = "passed-4-middle": 20,
        PASSED_5_MIDDLE = "passed-5-middle": 35,
        PASSED_6_MIDDLE = "passed-6-middle": 60,
        PASSED_ENDING = "passed-1-ending": 10,
        PASSED_2_ENDING = "passed-2-ending": 15,
        PASSED_3_ENDING = "passed-3-ending": 25,
        PASSED_4_ENDING = "passed-4-ending": 45,
        PASSED_5_ENDING = "passed-5-ending": 75,
        PASSED_6_ENDING = "passed-6-ending": 120,
        DOUBLED = "doubled-pawn": -12,
        ISOLATED = "isolated-pawn": -12,
        BISHOP_PAIR = "bishop-pair": 30,
        ROOK_OPEN_FILE = "rook-open-file": 20,
        ROOK_HALF_OPEN_FILE = "rook-half-open-file": 10,
        // Per square reached that holds no piece of ours and no enemy pawn guards.
        KNIGHT_MOBILITY = "knight-mobility": 4,
        BISHOP_MOBILITY = "bishop-mobility": 4,
        ROOK_MOBILITY = "rook-mobility": 2,
        QUEEN_MOBILITY = "queen-mobility": 1,
        // Per pawn of ours on the two ranks in front of a king on its first two ranks.
        SHELTER = "king-shelter": 10,
        // Per square of the enemy king's zone (its square, its neighbours and the rank
        // beyond them towards us) a piece reaches, while two pieces or more reach it, in
        // the middle game.
        KING_ATTACK_KNIGHT = "king-attack-knight": 6,
        KING_ATTACK_BISHOP = "king-attack-bishop": 4,
        KING_ATTACK_ROOK = "king-attack-rook": 5,
        KING_ATTACK_QUEEN = "king-attack-queen": 8,
        // Per enemy piece (not a pawn or the king) one of our pawns attacks; per enemy
        // rook or queen a knight or bishop of ours attacks; per enemy queen a rook of
        // ours attacks: each is a piece that must move or be lost for less.
        THREAT_BY_PAWN = "threat-by-pawn": 50,
        THREAT_BY_MINOR = "threat-by-minor": 35,
        THREAT_BY_ROOK = "threat-by-rook": 35,
        // Per enemy piece (not a pawn or the king) we attack that nothing defends.
        HANGING = "hanging": 25,
        // For the side to move: the move in hand.
        TEMPO = "tempo": 15,
        // Per square from which a knight, bishop, rook or queen of ours could give
        // check that nothing of the enemy's attacks, in the middle game.
        SAFE_CHECK_KNIGHT = "safe-check-knight": 12,
        SAFE_CHECK_BISHOP = "safe-check-bishop": 8,
        SAFE_CHECK_ROOK = "safe-check-rook": 12,
        SAFE_CHECK_QUEEN = "safe-check-queen": 10,
        // A pawn defended by a pawn or standing beside one.
        CONNECTED = "connected-pawn": 6,
        // A passed pawn in the ending, times the ranks it has come over 6: when a piece
        // stands in its way, and per step the enemy king is further than ours from the
        // square in front of it.
        PASSED_BLOCKED = "passed-blocked": -15,
        PASSED_KING_LEAD = "passed-king-lead": 8,
        // A knight or bishop on the fourth to sixth rank, defended by a pawn, that no
        // enemy pawn can attack.
        KNIGHT_OUTPOST = "knight-outpost": 20,
        BISHOP_OUTPOST = "bishop-outpost": 10,
        ROOK_SEVENTH = "rook-seventh": 15,
        // The attack on the enemy king as a whole, in the middle game: the square of
        // its units over 64, where each zone square a piece reaches (while two or
        // more reach the zone) is 2 units for a knight or bishop, 3 for a rook and 5
        // for a queen, and each safe check 3. Squared, since an attack grows faster
        // than its parts: a lone queen near the king is seldom a danger, a queen with
        // a rook and a knight often mate. By hand nothing, for learning to weigh.
        KING_DANGER = "king-danger": 0,
        // The square root of each piece's mobility above (the same squares): a
        // piece's first free squares matter more than its tenth. By hand nothing.
        KNIGHT_MOBILITY_ROOT = "knight-mobility-root": 0,
        BISHOP_MOBILITY_ROOT = "bishop-mobility-root": 0,
        ROOK_MOBILITY_ROOT = "rook-mobility-root": 0,
        QUEEN_MOBILITY_ROOT = "queen-mobility-root": 0,
        // A pawn behind its neighbours on both sides, whose square in front an enemy
        // pawn guards: it can neither advance nor be defended by a pawn.
        BACKWARD = "backward-pawn": 0,
        // Per file of the king's and those beside it without a pawn of ours, in the
        // middle game: roads for the enemy's rooks and queen.
        KING_OPEN_FILE = "king-open-file": 0,
        // A passed pawn in the ending, times the ranks it has come over 6, when no
        // piece stands on its way to the last rank and the enemy guards none of it.
        PASSED_FREE = "passed-free": 0,
        // Where the enemy has nothing left but its king and we can mate it: its
        // steps from the centre (0 to 6, files and ranks added) three times, and 14
        // less the steps between the kings. A mate by a rook or queen needs the king
        // on the edge and ours beside it, which a short search cannot see from the
        // middle of the board; without this the computer went round the board with a
        // queen more until the fifty moves ran out.
        LONE_KING = "lone-king": 4,
    }
}

/// The first place feature: then per role (pawn to king) and phase (middle game, then
/// ending) the 64 squares in the tables' order, a8 first.
pub const PLACE: usize = named::FEATURES.len();
const MIDDLE: usize = 0;
const ENDING: usize = 1;

/// The place feature of a piece of `role` on table square `i` (see
/// [`super::place::index`]), in the middle game or the ending.
pub fn place_middle(role: usize, i: usize) -> usize {
    PLACE + (role * 2 + MIDDLE) * 64 + i
}

pub fn place_ending(role: usize, i: usize) -> usize {
    PLACE + (role * 2 + ENDING) * 64 + i
}

/// The square names in the tables' order.
macro_rules! squares {
    ($role:literal, $phase:literal) => {
        squares!(@ $role, $phase;
            a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7
            a6 b6 c6 d6 e6 f6 g6 h6 a5 b5 c5 d5 e5 f5 g5 h5
            a4 b4 c4 d4 e4 f4 g4 h4 a3 b3 c3 d3 e3 f3 g3 h3
            a2 b2 c2 d2 e2 f2 g2 h2 a1 b1 c1 d1 e1 f1 g1 h1)
    };
    (@ $role:literal, $phase:literal; $($square:ident)*) => {
        [$(concat!($role, "-", stringify!($square), "-", $phase)),*]
    };
}

/// The place features' names, per role and phase as [`PLACE`] orders them.
const PLACE_NAMES: [[&str; 64]; 12] = [
    squares!("pawn", "middle"),
    squares!("pawn", "ending"),
    squares!("knight", "middle"),
    squares!("knight", "ending"),
    squares!("bishop", "middle"),
    squares!("bishop", "ending"),
    squares!("rook", "middle"),
    squares!("rook", "ending"),
    squares!("queen", "middle"),
    squares!("queen", "ending"),
    squares!("king", "middle"),
    squares!("king", "ending"),
];

/// Every feature: the named ones, then the place features with the hand tables'
/// values (the king's own table in the ending).
pub const FEATURES: &[Feature] = &all();

const ALL: usize = PLACE + 12 * 64;

const fn all() -> [Feature; ALL] {
    let mut out = [Feature {
        name: "",
        weight: 0.0,
    }; ALL];
    let mut i = 0;
    while i < PLACE {
        out[i] = named::FEATURES[i];
        i += 1;
    }
    let mut table = 0;
    while table < 12 {
        let role = table / 2;
        let mut square = 0;
        while square < 64 {
            let hand = if table % 2 == ENDING && role == 5 {
                KING_LATE[square]
            } else {
                TABLES[role][square]
            };
            out[PLACE + table * 64 + square] = Feature {
                name: PLACE_NAMES[table][square],
                weight: hand as f32,
            };
            square += 1;
        }
        table += 1;
    }
    out
}
