//! The computer's view of a chess position: material and where each piece stands
//! (the well-known "simplified evaluation" tables), with the king tucked away until
//! the queens are off and walking to the centre after.

use super::ChessGame;
use super::position::{Move, Role};
use super::tables::squares;
use crate::rules::search::{Evaluate, mix};
use crate::rules::side::Side;

const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Bonus by square, from White's side with a8 first (as the board is read).
#[rustfmt::skip]
const PLACE: [[i32; 64]; 6] = [
    // Pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      50, 50, 50, 50, 50, 50, 50, 50,
      10, 10, 20, 30, 30, 20, 10, 10,
       5,  5, 10, 25, 25, 10,  5,  5,
       0,  0,  0, 20, 20,  0,  0,  0,
       5, -5,-10,  0,  0,-10, -5,  5,
       5, 10, 10,-20,-20, 10, 10,  5,
       0,  0,  0,  0,  0,  0,  0,  0],
    // Knight
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 10,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-40,-30,-30,-30,-30,-40,-50],
    // Bishop
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-10,-10,-10,-10,-10,-20],
    // Rook
    [  0,  0,  0,  0,  0,  0,  0,  0,
       5, 10, 10, 10, 10, 10, 10,  5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
      -5,  0,  0,  0,  0,  0,  0, -5,
       0,  0,  0,  5,  5,  0,  0,  0],
    // Queen
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, -5, -5,-10,-10,-20],
    // King while queens are on
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
      20, 30, 10,  0,  0, 10, 30, 20],
];

/// The king once the queens are off: to the centre.
#[rustfmt::skip]
const KING_LATE: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50];

/// The table index of `square` (a1 = 0) for a piece of `side`.
fn index(square: u8, side: Side) -> usize {
    let (file, rank) = (square as usize % 8, square as usize / 8);
    match side {
        Side::White => (7 - rank) * 8 + file,
        _ => rank * 8 + file,
    }
}

impl Evaluate for ChessGame {
    fn evaluate(&self, side: Side) -> i32 {
        let board = &self.position.board;
        let late = board.by_role[Role::Queen as usize] == 0;
        let mut white = 0;
        for s in [Side::White, Side::Black] {
            let mut total = 0;
            for role in Role::ALL {
                let ours = board.by_side[s.index()] & board.by_role[role as usize];
                for sq in squares(ours) {
                    let place = if role == Role::King && late {
                        &KING_LATE
                    } else {
                        &PLACE[role as usize]
                    };
                    total += VALUE[role as usize] + place[index(sq, s)];
                }
            }
            white += if s == Side::White { total } else { -total };
        }
        if side == Side::White { white } else { -white }
    }

    fn noisy(&self, m: &Move) -> bool {
        m.capture.is_some() || m.promotion.is_some()
    }

    /// Most valuable victim first, taken by the least valuable attacker.
    fn order(&self, m: &Move) -> i32 {
        let taken = m.capture.map_or(0, |r| {
            VALUE[r as usize] * 10 - VALUE[m.role as usize] / 10 + 1
        });
        taken + m.promotion.map_or(0, |r| VALUE[r as usize])
    }

    fn slot(&self, m: &Move) -> Option<usize> {
        Some(usize::from(m.from) * 64 + usize::from(m.to))
    }

    /// Passing is a fair test while the side to move has a piece besides its pawns and
    /// king; with pawns alone zugzwang is too common for it.
    fn pass(&self) -> Option<Self> {
        let p = &self.position;
        let board = &p.board;
        let pawns_and_king = board.by_role[Role::Pawn as usize] | board.by_role[Role::King as usize];
        if p.is_check() || board.by_side[p.turn.index()] & !pawns_and_king == 0 {
            return None;
        }
        let mut passed = self.clone();
        passed.position.turn = p.turn.other();
        passed.position.ep_square = None;
        Some(passed)
    }

    fn key(&self, _legal_moves: usize) -> u64 {
        let p = &self.position;
        let mut key = mix(p.board.by_side[0]) ^ mix(p.board.by_side[1] ^ 0x5bd1_e995);
        for (i, bb) in p.board.by_role.iter().enumerate() {
            key ^= mix(bb.wrapping_add(i as u64 * 0x2545_f491_4f6c_dd1d));
        }
        key ^ mix(p.castling ^ 0xc2b2_ae35)
            ^ mix(u64::from(p.ep_square.unwrap_or(64)) << 1 | p.turn.index() as u64)
    }
}
