//! Legal move generation with check and pin masks, so no move is tried and taken back.

use super::position::{Chess, Move, MoveKind, back_rank};
use super::role::{Piece, Role};
use super::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::side::Side;
use crate::rules::topology::Cell;

impl Chess {
    /// Appends every legal move to `out`.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out, false);
    }

    /// Appends the legal captures and promotions to `out`, in the order
    /// [`Chess::legal_moves`] lists them: what the search follows past its horizon.
    pub fn noisy_moves(&self, out: &mut Vec<Move>) {
        self.generate(out, true);
    }

    fn generate(&self, out: &mut Vec<Move>, noisy: bool) {
        let Some(king) = self.board.king_of(self.turn) else {
            return;
        };
        let us = self.us();
        let them = self.them();
        let occupied = us | them;
        // Only captures, and a pawn's steps to the last rank, where noisy.
        let wanted = if noisy { them } else { !0 };
        for to in squares(self.king_steps(king, occupied) & wanted) {
            self.push(out, king, to, Role::King, MoveKind::Normal);
        }
        let Some(limits) = self.limits(king, occupied) else {
            return;
        };
        if !limits.in_check && !noisy {
            self.castles(out, king, occupied);
        }

        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in squares(self.board.pieces(self.turn, role)) {
                let attacks = piece_reach(role, from, occupied);
                for to in squares(attacks & !us & wanted & limits.allowed(from)) {
                    self.push(out, from, to, role, MoveKind::Normal);
                }
            }
        }

        let last_rank: Bitboard = match self.turn {
            Side::White => 0xFF << 56,
            _ => 0xFF,
        };
        for from in squares(self.board.pieces(self.turn, Role::Pawn)) {
            let mask = limits.allowed(from) & (wanted | last_rank);
            for to in squares(self.pawn_reach(from, occupied) & mask) {
                if last_rank & (1u64 << to) != 0 {
                    for promo in Role::PROMOTIONS {
                        let mut m = self.make(from, to, Role::Pawn, MoveKind::Normal);
                        m.promotion = Some(promo);
                        out.push(m);
                    }
                } else {
                    self.push(out, from, to, Role::Pawn, MoveKind::Normal);
                }
            }
        }
        self.en_passant(out, king);
    }

    /// Whether the side to move has a legal move, found without listing them: the
    /// end of game asks it at every position the search visits. Castling is never
    /// the only move (the king could step to the square it crosses), so it is not
    /// looked at.
    pub fn has_legal_move(&self) -> bool {
        let Some(king) = self.board.king_of(self.turn) else {
            return false;
        };
        let us = self.us();
        let occupied = us | self.them();
        // One safe step is enough: the first found ends the look.
        if self.safe_steps(king, occupied).next().is_some() {
            return true;
        }
        let Some(limits) = self.limits(king, occupied) else {
            return false;
        };
        let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .flat_map(|role| squares(self.board.pieces(self.turn, role)).map(move |f| (role, f)));
        for (role, from) in pieces {
            if piece_reach(role, from, occupied) & !us & limits.allowed(from) != 0 {
                return true;
            }
        }
        for from in squares(self.board.pieces(self.turn, Role::Pawn)) {
            if self.pawn_reach(from, occupied) & limits.allowed(from) != 0 {
                return true;
            }
        }
        let mut en_passant = Vec::new();
        self.en_passant(&mut en_passant, king);
        !en_passant.is_empty()
    }

    /// The squares the king on `king` may step to: not its own pieces', and not
    /// attacked once it has left (it does not block the line of a checking slider).
    fn king_steps(&self, king: Cell, occupied: Bitboard) -> Bitboard {
        self.safe_steps(king, occupied)
            .fold(0, |steps, to| steps | 1u64 << to)
    }

    /// The king's steps of [`Chess::king_steps`] one at a time, each tested only as
    /// it is asked for.
    fn safe_steps(&self, king: Cell, occupied: Bitboard) -> impl Iterator<Item = Cell> + '_ {
        let enemy = self.turn.other();
        let without_king = occupied & !(1u64 << king);
        squares(tables().king[king as usize] & !self.us())
            .filter(move |&to| self.board.attackers(to, enemy, without_king) == 0)
    }

    /// What the moves of the pieces other than the king must keep to, or None in
    /// double check, where only the king may move.
    fn limits(&self, king: Cell, occupied: Bitboard) -> Option<Limits> {
        let checkers = self.board.attackers(king, self.turn.other(), occupied);
        if checkers.count_ones() > 1 {
            return None;
        }
        let target = if checkers != 0 {
            tables().between[king as usize][checkers.trailing_zeros() as usize] | checkers
        } else {
            !0
        };
        Some(Limits {
            king,
            in_check: checkers != 0,
            target,
            pinned: self.pinned(king, occupied),
        })
    }

    /// The squares a pawn on `from` may go to, its king's safety aside: its captures
    /// and its steps forward.
    fn pawn_reach(&self, from: Cell, occupied: Bitboard) -> Bitboard {
        let (forward, start_rank): (i8, Bitboard) = match self.turn {
            Side::White => (8, 0xFF00),
            _ => (-8, 0xFF << 48),
        };
        let mut reach = tables().pawn[self.turn.index()][from as usize] & self.them();
        let one = (from as i8 + forward) as Cell;
        if occupied & (1u64 << one) == 0 {
            reach |= 1u64 << one;
            let two = (one as i8 + forward) as Cell;
            if start_rank & (1u64 << from) != 0 && occupied & (1u64 << two) == 0 {
                reach |= 1u64 << two;
            }
        }
        reach
    }

    pub(super) fn make(&self, from: Cell, to: Cell, role: Role, kind: MoveKind) -> Move {
        let capture = match kind {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle | MoveKind::Drop | MoveKind::EndTurn => None,
            MoveKind::Normal => self.board.piece_at(to).map(|p| p.role),
        };
        Move {
            from,
            to,
            role,
            capture,
            promotion: None,
            kind,
        }
    }

    #[inline]
    fn push(&self, out: &mut Vec<Move>, from: Cell, to: Cell, role: Role, kind: MoveKind) {
        out.push(self.make(from, to, role, kind));
    }

    /// Our pieces that alone shield the king from an enemy slider.
    fn pinned(&self, king: Cell, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let b = &self.board;
        let enemy = self.turn.other();
        let snipers = (rook_attacks(king, 0)
            & (b.pieces(enemy, Role::Rook) | b.pieces(enemy, Role::Queen)))
            | (bishop_attacks(king, 0)
                & (b.pieces(enemy, Role::Bishop) | b.pieces(enemy, Role::Queen)));
        let mut pinned = 0;
        for s in squares(snipers) {
            let between = t.between[king as usize][s as usize] & occupied;
            if between.count_ones() == 1 {
                pinned |= between & self.us();
            }
        }
        pinned
    }

    fn castles(&self, out: &mut Vec<Move>, king: Cell, occupied: Bitboard) {
        let rights = self.castling & back_rank(self.turn);
        if rights == 0 || king != back_rank_start(self.turn) + 4 {
            return;
        }
        let enemy = self.turn.other();
        let base = back_rank_start(self.turn);
        // (rook square, squares that must be empty, squares the king crosses and lands on)
        let sides = [
            (base + 7, 0b0110_0000u64 << base, [base + 5, base + 6]),
            (base, 0b0000_1110u64 << base, [base + 3, base + 2]),
        ];
        for (rook, empty, path) in sides {
            let rook_there = self.board.pieces(self.turn, Role::Rook) & (1u64 << rook) != 0;
            if rights & (1u64 << rook) != 0
                && rook_there
                && occupied & empty == 0
                && path
                    .iter()
                    .all(|&sq| self.board.attackers(sq, enemy, occupied) == 0)
            {
                self.push(out, king, path[1], Role::King, MoveKind::Castle);
            }
        }
    }

    /// En passant is rare enough to check by playing it: it can expose the king along
    /// the rank, which pin masks do not see.
    fn en_passant(&self, out: &mut Vec<Move>, king: Cell) {
        let Some(ep) = self.ep_square else { return };
        let t = tables();
        let enemy = self.turn.other();
        let takers = t.pawn[enemy.index()][ep as usize] & self.board.pieces(self.turn, Role::Pawn);
        for from in squares(takers) {
            let m = self.make(from, ep, Role::Pawn, MoveKind::EnPassant);
            let mut after = self.board;
            after.remove(m.capture_square().expect("en passant captures"));
            after.remove(from);
            after.put(
                ep,
                Piece {
                    side: self.turn,
                    role: Role::Pawn,
                },
            );
            if after.attackers(king, enemy, after.occupied()) == 0 {
                out.push(m);
            }
        }
    }

    /// Counts leaf positions `depth` moves deep.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves
            .iter()
            .map(|m| {
                let mut next = *self;
                next.play_unchecked(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn back_rank_start(side: Side) -> Cell {
    match side {
        Side::White => 0,
        _ => 56,
    }
}

/// The squares a knight, bishop, rook or queen on `from` attacks.
fn piece_reach(role: Role, from: Cell, occupied: Bitboard) -> Bitboard {
    let t = tables();
    match role {
        Role::Knight => t.knight[from as usize],
        Role::Bishop => bishop_attacks(from, occupied),
        Role::Rook => rook_attacks(from, occupied),
        _ => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
    }
}

/// What a move of a piece other than the king must keep to.
struct Limits {
    king: Cell,
    in_check: bool,
    /// Where a move may land: anywhere, or in check on the checker or between it and
    /// the king.
    target: Bitboard,
    /// The pieces that alone shield the king from an enemy slider.
    pinned: Bitboard,
}

impl Limits {
    /// The squares a piece on `from` may land on: `target`, and a pinned piece's
    /// only along its pin.
    fn allowed(&self, from: Cell) -> Bitboard {
        if self.pinned & (1u64 << from) != 0 {
            self.target & tables().line[self.king as usize][from as usize]
        } else {
            self.target
        }
    }
}
