//! The computer's view of a chess position: material and where each piece stands,
//! then the pawns' structure, the pieces' mobility and posts, the threats, and the
//! king's shelter and the checks it must fear ([`terms`]), and the move in hand. The
//! middle-game and ending scores are blended by the material left, so the king leaves
//! its shelter for the centre as the pieces come off. Each is a feature with a weight
//! ([`features`]).

mod exchange;
pub mod features;
mod place;
mod terms;

use super::ChessGame;
use super::position::{Chess, Move};
use super::role::Role;
use super::tables::squares;
use crate::rules::computer::{Evaluate, Feature, Tally, mix};
use crate::rules::side::Side;
use features::{PAWN_ENDING, PAWN_MIDDLE, TEMPO, place_ending, place_middle};
use place::index;

/// By role; the Maharajah, a queen and a knight in one, stands only on the chess
/// family's boards, whose evaluation shares these values.
pub const VALUE: [i32; 7] = [100, 320, 330, 500, 900, 0, 1250];

/// How much each piece counts towards the middle game; 24 with every piece on.
const PHASE: [i32; 7] = [0, 1, 1, 2, 4, 0, 0];
const FULL_PHASE: i32 = 24;

/// How far the game is from the ending, 1 with every piece on and 0 with none but
/// pawns and kings: the middle game's share of the blend.
fn middle_game(board: &super::position::Board) -> f32 {
    let phase = Role::ALL
        .iter()
        .map(|&r| PHASE[r as usize] * board.by_role[r as usize].count_ones() as i32)
        .sum::<i32>()
        .min(FULL_PHASE);
    phase as f32 / FULL_PHASE as f32
}

impl Evaluate for ChessGame {
    const FEATURES: &'static [Feature] = features::FEATURES;
    const STEADY: bool = true;

    /// Black sees the board turned, its own first rank as rank 1: a position and its
    /// mirror image with the colours exchanged are one position to the side that has
    /// them, so the network learns each from both colours' games.
    fn net_view(&self, side: Side) -> Vec<u32> {
        let black = side == Side::Black;
        crate::rules::computer::inputs::seen(
            self,
            side,
            |cell| if black { cell ^ 56 } else { cell },
        )
    }

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let board = &self.position.board;
        let middle = middle_game(board);
        let ending = 1.0 - middle;
        let attacks = [
            terms::Attacks::of(board, Side::White),
            terms::Attacks::of(board, Side::Black),
        ];
        let to_move = self.position.turn;
        tally.add(TEMPO, if side == to_move { 1.0 } else { -1.0 });
        for s in [Side::White, Side::Black] {
            let sign = if s == side { 1.0 } else { -1.0 };
            for role in &Role::ALL[..6] {
                let role = *role as usize;
                let ours = board.by_side[s.index()] & board.by_role[role];
                if role != Role::King as usize {
                    let count = sign * ours.count_ones() as f32;
                    tally.add(PAWN_MIDDLE + role, count * middle);
                    tally.add(PAWN_ENDING + role, count * ending);
                }
                for sq in squares(ours) {
                    let i = index(sq, s);
                    tally.add(place_middle(role, i), sign * middle);
                    tally.add(place_ending(role, i), sign * ending);
                }
            }
            terms::count(board, s, sign, middle, &attacks, tally);
        }
    }
}

impl crate::rules::computer::Hints for ChessGame {
    fn noisy(&self, m: &Move) -> bool {
        m.capture.is_some() || m.promotion.is_some()
    }

    fn noisy_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(16);
        self.position.noisy_moves(&mut moves);
        moves
    }

    fn order(&self, m: &Move) -> i32 {
        capture_order(m)
    }

    fn exchange(&self, m: &Move) -> Option<i32> {
        Some(exchange::exchange(
            &self.position.board,
            m,
            self.position.turn,
        ))
    }

    fn slot(&self, m: &Move) -> Option<usize> {
        Some(usize::from(m.from) * 64 + usize::from(m.to))
    }

    fn piece_slot(&self, m: &Move) -> Option<usize> {
        let piece = self.position.turn.index() * 8 + m.role as usize;
        Some(piece * 64 + usize::from(m.to))
    }

    fn structure_key(&self) -> Option<u64> {
        let board = &self.position.board;
        let pawns = board.by_role[Role::Pawn as usize];
        Some(mix(pawns & board.by_side[0]) ^ mix(pawns & board.by_side[1] ^ 0x5bd1_e995))
    }

    fn pass(&self) -> Option<Self> {
        let position = passed(&self.position, self.position.is_check())?;
        Some(ChessGame {
            position,
            options: self.options.clone(),
        })
    }

    fn key(&self, _legal_moves: usize) -> u64 {
        position_key(&self.position)
    }
}

/// Most valuable victim first, taken by the least valuable attacker; promotions by
/// the piece they make.
pub fn capture_order(m: &Move) -> i32 {
    let taken = m.capture.map_or(0, |r| {
        VALUE[r as usize] * 10 - VALUE[m.role as usize] / 10 + 1
    });
    taken + m.promotion.map_or(0, |r| VALUE[r as usize])
}

/// The position with the turn handed over, for the null-move test: a fair test while
/// the side to move is not in check and has a piece besides its pawns and king (with
/// pawns alone zugzwang is too common for it).
pub fn passed(p: &Chess, in_check: bool) -> Option<Chess> {
    let board = &p.board;
    let pawns_and_king = board.by_role[Role::Pawn as usize] | board.by_role[Role::King as usize];
    if in_check || board.by_side[p.turn.index()] & !pawns_and_king == 0 {
        return None;
    }
    Some(Chess {
        turn: p.turn.other(),
        ep_square: None,
        ..*p
    })
}

/// The search key of a chess position: the pieces, the castling rights, the en
/// passant square and the side to move.
pub fn position_key(p: &Chess) -> u64 {
    let mut key = mix(p.board.by_side[0]) ^ mix(p.board.by_side[1] ^ 0x5bd1_e995);
    for (i, bb) in p.board.by_role.iter().enumerate() {
        key ^= mix(bb.wrapping_add(i as u64 * 0x2545_f491_4f6c_dd1d));
    }
    key ^ mix(p.castling ^ 0xc2b2_ae35)
        ^ mix(u64::from(p.ep_square.unwrap_or(64)) << 1 | p.turn.index() as u64)
}

impl crate::rules::computer::Choose for ChessGame {}
