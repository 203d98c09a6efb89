//! The computer's view of 100-cell chess: material, pieces towards the centre, pawns
//! forward, strong pieces on the royal file, and the king kept home while the board is
//! full.

use super::Chess100;
use super::board::{ROLES, ROYAL_FILE, Role, file, index, rank, squares};
use super::moves::Move;
use crate::rules::computer::{Evaluate, Feature, Tally, mix};
use crate::rules::side::Side;

crate::features! {
    // By role. The jester is a colour-bound piece of twelve squares, a little below
    // the knight on this larger board; the general, as mobile but not colour-bound,
    // stands between bishop and rook. The king is beyond price.
    PAWN = "pawn": 100,
    KNIGHT = "knight": 300,
    BISHOP = "bishop": 340,
    ROOK = "rook": 520,
    QUEEN = "queen": 950,
    KING = "king": 0,
    JESTER = "jester": 290,
    GENERAL = "general": 420,
    // A pawn by the square of the ranks it has come.
    PAWN_ADVANCE = "pawn-advance-squared": 2,
    // Per step nearer the middle (8 at the four middle squares), by piece.
    PAWN_CENTRE = "pawn-centre": 1,
    SHORT_CENTRE = "knight-jester-general-centre": 5,
    LONG_CENTRE = "bishop-queen-centre": 2,
    KING_CENTRE = "king-centre-ending": 6,
    // Per rank the king has left home while the board is full.
    KING_ADVANCE = "king-advance": -15,
    // A jester or general on the royal file.
    ROYAL = "royal-file": 25,
}

/// The worth of each role by hand, in the order of [`ROLES`], for ordering captures.
pub const VALUE: [i32; 8] = [100, 300, 340, 520, 950, 0, 290, 420];

/// How far a square is from the middle of the board, 0 to 8 (the four middle squares
/// are 0).
fn off_centre(sq: u8) -> i32 {
    let d = |x: u8| (2 * i32::from(x) - 9).abs() / 2;
    d(file(sq)) + d(rank(sq))
}

impl Chess100 {
    /// Counts `side`'s pieces into `tally`, each times `sign`.
    fn count(&self, side: Side, sign: f32, tally: &mut impl Tally) {
        let board = &self.board;
        let material: i32 = board
            .side(side)
            .count_ones()
            .saturating_sub(board.pieces(side, Role::Pawn).count_ones() + 1)
            as i32;
        // The king walks out once the heavy pieces are few.
        let ending = material <= 4;
        for role in ROLES {
            for sq in squares(board.pieces(side, role)) {
                let advance = match side {
                    Side::Black => 9 - i32::from(rank(sq)),
                    _ => i32::from(rank(sq)),
                };
                let centre = (8 - off_centre(sq)) as f32;
                tally.add(PAWN + index(role), sign);
                match role {
                    Role::Pawn => {
                        tally.add(PAWN_ADVANCE, sign * (advance * advance) as f32);
                        tally.add(PAWN_CENTRE, sign * centre);
                    }
                    Role::Knight | Role::Jester | Role::General => {
                        tally.add(SHORT_CENTRE, sign * centre);
                    }
                    Role::Bishop | Role::Queen => tally.add(LONG_CENTRE, sign * centre),
                    Role::Rook => {}
                    Role::King if ending => tally.add(KING_CENTRE, sign * centre),
                    Role::King => tally.add(KING_ADVANCE, sign * advance as f32),
                    Role::Maharajah => unreachable!("100-cell chess has no maharajah"),
                }
                if matches!(role, Role::Jester | Role::General) && ROYAL_FILE & (1 << sq) != 0 {
                    tally.add(ROYAL, sign);
                }
            }
        }
    }
}

impl Evaluate for Chess100 {
    const FEATURES: &'static [Feature] = FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        self.count(side, 1.0, tally);
        self.count(side.other(), -1.0, tally);
    }
}

impl crate::rules::computer::Hints for Chess100 {
    fn noisy(&self, m: &Move) -> bool {
        m.capture.is_some() || m.promotion.is_some()
    }

    fn noisy_moves(&self) -> Vec<Move> {
        Chess100::noisy_moves(self)
    }

    /// Most valuable victim first, taken by the least valuable attacker; promotions by
    /// the piece they make.
    fn order(&self, m: &Move) -> i32 {
        let taken = m
            .capture
            .map_or(0, |r| VALUE[index(r)] * 10 - VALUE[index(m.role)] / 10 + 1);
        taken + m.promotion.map_or(0, |r| VALUE[index(r)])
    }

    fn slot(&self, m: &Move) -> Option<usize> {
        Some(index(m.role) * 100 + usize::from(m.to))
    }

    fn pass(&self) -> Option<Self> {
        let pawns_and_king = self.board.role(Role::Pawn) | self.board.role(Role::King);
        if self.is_check() || self.board.side(self.turn) & !pawns_and_king == 0 {
            return None;
        }
        Some(Chess100 {
            turn: self.turn.other(),
            ep: None,
            ..self.clone()
        })
    }

    fn key(&self, _legal_moves: usize) -> u64 {
        let half = |b: u128| mix(b as u64) ^ mix((b >> 64) as u64 ^ 0x5bd1_e995);
        let mut key = half(self.board.by_side[0]) ^ half(self.board.by_side[1]).rotate_left(17);
        for (i, bb) in self.board.by_role.iter().enumerate() {
            key ^= half(*bb).rotate_left(7 * i as u32 + 3);
        }
        let flags = u64::from(self.castling[0][0])
            | u64::from(self.castling[0][1]) << 1
            | u64::from(self.castling[1][0]) << 2
            | u64::from(self.castling[1][1]) << 3
            | u64::from(self.castled[0]) << 4
            | u64::from(self.castled[1]) << 5
            | u64::from(self.visited[0]) << 6
            | u64::from(self.visited[1]) << 7
            | u64::from(self.ep.unwrap_or(100)) << 8
            | (self.turn.index() as u64) << 16;
        key ^ mix(flags ^ 0xc2b2_ae35) ^ half(self.fresh).rotate_left(29)
    }
}

impl crate::rules::computer::Choose for Chess100 {}
