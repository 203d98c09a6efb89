//! Static exchange evaluation: what a capture wins once both sides have taken back on
//! its square as long as it pays, each with its least valuable piece first. The
//! search tries captures that lose material after the others, and leaves them out
//! past its horizon, where they only cost time.

use super::VALUE;
use crate::rules::chess::position::{Board, Move};
use crate::rules::chess::role::Role;
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, tables};
use crate::rules::side::Side;

/// A king taken back with is worth more than anything it could win.
const KING: i32 = 20_000;

fn worth(role: Role) -> i32 {
    if role == Role::King {
        KING
    } else {
        VALUE[role as usize]
    }
}

/// Every piece of either side that attacks `square` through `occupied`.
fn attackers(board: &Board, square: u8, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let s = usize::from(square);
    let role = |r: Role| board.by_role[r as usize];
    let white = board.by_side[Side::White.index()];
    let black = board.by_side[Side::Black.index()];
    let diagonal = role(Role::Bishop) | role(Role::Queen);
    let straight = role(Role::Rook) | role(Role::Queen);
    (t.pawn[Side::White.index()][s] & role(Role::Pawn) & black)
        | (t.pawn[Side::Black.index()][s] & role(Role::Pawn) & white)
        | (t.knight[s] & role(Role::Knight))
        | (t.king[s] & role(Role::King))
        | (bishop_attacks(square, occupied) & diagonal)
        | (rook_attacks(square, occupied) & straight)
}

/// What `m` (by `mover`) wins in hundredths of a pawn when the exchange on its square
/// is played out; negative where it loses material.
pub fn exchange(board: &Board, m: &Move, mover: Side) -> i32 {
    let to = m.to;
    let mut occupied = board.occupied() & !(1u64 << m.from);
    let mut gains = [0i32; 32];
    gains[0] = m.capture.map_or(0, worth);
    let mut on_square = worth(m.role);
    if let Some(p) = m.promotion {
        gains[0] += worth(p) - worth(Role::Pawn);
        on_square = worth(p);
    }
    let mut side = mover.other();
    let mut depth = 0;
    // Worked out once: a piece leaving the square's lines uncovers only the sliders
    // behind it, which are added as it goes.
    let mut attacking = attackers(board, to, occupied);
    let of = |r: Role| board.by_role[r as usize];
    let diagonal = of(Role::Bishop) | of(Role::Queen);
    let straight = of(Role::Rook) | of(Role::Queen);
    loop {
        let theirs = attacking & occupied & board.by_side[side.index()];
        // The roles of a chess board, least valuable first.
        let Some((role, from)) = Role::ORTHODOX.iter().find_map(|&r| {
            let these = theirs & board.by_role[r as usize];
            (these != 0).then(|| (r, these.trailing_zeros()))
        }) else {
            break;
        };
        depth += 1;
        if depth == gains.len() {
            break;
        }
        // Taking back gains the piece standing there less what came before.
        gains[depth] = on_square - gains[depth - 1];
        if gains[depth].max(-gains[depth - 1]) < 0 {
            break;
        }
        occupied &= !(1u64 << from);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
            attacking |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen | Role::King) {
            attacking |= rook_attacks(to, occupied) & straight;
        }
        on_square = worth(role);
        side = side.other();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Chess;

    fn see(fen: &str, uci: &str) -> i32 {
        let chess = Chess::from_fen(fen).unwrap();
        let mut moves = Vec::new();
        chess.legal_moves(&mut moves);
        let m = moves
            .into_iter()
            .find(|m| crate::uci::long_algebraic(m) == uci)
            .unwrap_or_else(|| panic!("{uci} is legal"));
        exchange(&chess.board, &m, chess.turn)
    }

    #[test]
    fn exchanges_are_played_out_least_valuable_first() {
        // A pawn defended by a pawn, taken by a rook: the rook is lost for a pawn.
        assert_eq!(see("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100 - 500);
        // The same pawn undefended: a clean pawn.
        assert_eq!(see("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100);
        // Knight takes a knight, a pawn takes back, the rook behind takes the pawn:
        // a knight for a knight and a pawn.
        assert_eq!(see("4k3/8/5p2/4n3/8/3N4/8/4RK2 w - - 0 1", "d3e5"), 100);
        // A queen takes a rook defended by a bishop: rook for queen.
        assert_eq!(see("4k3/8/2b5/8/4r3/8/8/4QK2 w - - 0 1", "e1e4"), 500 - 900);
        // A king may not take back into a defended square.
        assert_eq!(see("8/8/8/8/8/4k3/3p4/3QK3 w - - 0 1", "d1d2"), 100);
    }
}
