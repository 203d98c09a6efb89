//! What the computer sees beyond material and place: the pawns' structure (passed,
//! doubled, isolated), the bishop pair, rooks on open files, how many safe squares
//! each piece reaches, and the pawns sheltering the king. Each term is counted for one
//! side, in hundredths of a pawn, separately for the middle game and the ending.

use crate::rules::chess::position::{Board, Role};
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::side::Side;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;

/// A passed pawn's bonus by the ranks it has come from its own side.
const PASSED_MIDDLE: [i32; 8] = [0, 5, 5, 10, 20, 35, 60, 0];
const PASSED_ENDING: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];
const DOUBLED: i32 = -12;
const ISOLATED: i32 = -12;
const BISHOP_PAIR: i32 = 30;
const ROOK_OPEN_FILE: i32 = 20;
const ROOK_HALF_OPEN_FILE: i32 = 10;
/// Per square reached that holds no piece of ours and no enemy pawn guards, by role.
const MOBILITY: [i32; 6] = [0, 4, 4, 2, 1, 0];
/// Per pawn of ours on the two ranks in front of a king on its first two ranks.
const SHELTER: i32 = 10;

pub struct Terms {
    pub middle: i32,
    pub ending: i32,
}

/// The squares strictly in front of `square`, on every file, as `side` moves.
fn ahead(square: u8, side: Side) -> Bitboard {
    let rank = u32::from(square / 8);
    match side {
        Side::White if rank < 7 => u64::MAX << (8 * (rank + 1)),
        Side::White => 0,
        _ => (1u64 << (8 * rank)) - 1,
    }
}

/// The files beside `file`.
fn beside(file: u8) -> Bitboard {
    let left = if file > 0 { FILE_A << (file - 1) } else { 0 };
    let right = if file < 7 { FILE_A << (file + 1) } else { 0 };
    left | right
}

impl Terms {
    /// A term that counts the same in the middle game and the ending.
    fn both(&mut self, score: i32) {
        self.middle += score;
        self.ending += score;
    }

    pub fn of(board: &Board, side: Side) -> Terms {
        let t = tables();
        let us = board.by_side[side.index()];
        let them = board.by_side[side.other().index()];
        let occupied = us | them;
        let role = |r: Role| board.by_role[r as usize];
        let own_pawns = role(Role::Pawn) & us;
        let their_pawns = role(Role::Pawn) & them;
        let mut terms = Terms {
            middle: 0,
            ending: 0,
        };

        for sq in squares(own_pawns) {
            let file = sq % 8;
            let own_file = FILE_A << file;
            let front = ahead(sq, side);
            if own_pawns & own_file & front != 0 {
                terms.both(DOUBLED);
            }
            if own_pawns & beside(file) == 0 {
                terms.both(ISOLATED);
            }
            if their_pawns & (own_file | beside(file)) & front == 0 {
                let come = usize::from(if side == Side::White {
                    sq / 8
                } else {
                    7 - sq / 8
                });
                terms.middle += PASSED_MIDDLE[come];
                terms.ending += PASSED_ENDING[come];
            }
        }

        let mut guarded = 0;
        for sq in squares(their_pawns) {
            guarded |= t.pawn[side.other().index()][usize::from(sq)];
        }
        let safe = !us & !guarded;
        if (role(Role::Bishop) & us).count_ones() >= 2 {
            terms.both(BISHOP_PAIR);
        }
        for piece in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for sq in squares(role(piece) & us) {
                let reach = match piece {
                    Role::Knight => t.knight[usize::from(sq)],
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    _ => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                };
                terms.both(MOBILITY[piece as usize] * (reach & safe).count_ones() as i32);
                if piece == Role::Rook {
                    let file = FILE_A << (sq % 8);
                    if own_pawns & file == 0 {
                        terms.both(if their_pawns & file == 0 {
                            ROOK_OPEN_FILE
                        } else {
                            ROOK_HALF_OPEN_FILE
                        });
                    }
                }
            }
        }

        if let Some(king) = squares(role(Role::King) & us).next() {
            let home = if side == Side::White {
                king / 8
            } else {
                7 - king / 8
            };
            if home <= 1 {
                let files = FILE_A << (king % 8) | beside(king % 8);
                let rank = |r: u8| 0xffu64 << (8 * r);
                let step = |n: i8| (king / 8) as i8 + if side == Side::White { n } else { -n };
                let front = [step(1), step(2)]
                    .iter()
                    .filter(|r| (0..8).contains(*r))
                    .fold(0, |m, &r| m | rank(r as u8));
                terms.middle += SHELTER * (own_pawns & files & front).count_ones() as i32;
            }
        }
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Chess;

    fn terms(fen: &str, side: Side) -> Terms {
        Terms::of(&Chess::from_fen(fen).unwrap().board, side)
    }

    #[test]
    fn a_passed_pawn_is_worth_more_the_further_it_has_come() {
        let near = terms("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Side::White);
        let far = terms("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Side::White);
        assert!(
            far.ending > near.ending + 50,
            "{} {}",
            far.ending,
            near.ending
        );
        // A pawn facing an enemy pawn on the next file is not passed.
        let held = terms("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1", Side::White);
        assert!(held.ending < near.ending);
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let sound = terms("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Side::White);
        let doubled = terms("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", Side::White);
        assert!(doubled.middle < sound.middle);
    }

    #[test]
    fn a_rook_prefers_the_open_file_and_a_king_its_pawns() {
        let open = terms("4k3/p7/8/8/8/8/1P6/3RK3 w - - 0 1", Side::White);
        let closed = terms("4k3/p7/8/8/8/8/3P4/3RK3 w - - 0 1", Side::White);
        assert!(open.middle > closed.middle);
        let sheltered = terms("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", Side::White);
        let bare = terms("4k3/8/8/8/5PPP/8/8/6K1 w - - 0 1", Side::White);
        assert!(sheltered.middle > bare.middle);
    }

    #[test]
    fn black_is_counted_as_white_mirrored() {
        let white = terms("4k3/8/8/8/8/8/PP1P4/R1B1K1N1 w - - 0 1", Side::White);
        let black = terms("r1b1k1n1/pp1p4/8/8/8/8/8/4K3 w - - 0 1", Side::Black);
        assert_eq!((white.middle, white.ending), (black.middle, black.ending));
    }
}
