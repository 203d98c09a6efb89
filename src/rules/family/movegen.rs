//! The family's moves: each piece by the power its variant gives it where it stands,
//! pawns always as pawns, castling and en passant as in chess, drops from the reserve
//! where the variant allows; a move stands if it leaves the mover's royal piece (where
//! it has one) unattacked.

use super::{Family, Variant};
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::chess::{Board, Move, MoveKind, Piece, Role};
use crate::rules::game::Game;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

impl<V: Variant> Family<V> {
    /// The squares `piece` on `from` attacks, by its power there.
    pub(super) fn reach(&self, piece: Piece, from: Cell, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let s = usize::from(from);
        match self.variant.power(piece, from) {
            Role::Pawn => t.pawn[piece.side.index()][s],
            Role::Knight => t.knight[s],
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Role::King => t.king[s],
            Role::Maharajah => {
                t.knight[s] | bishop_attacks(from, occupied) | rook_attacks(from, occupied)
            }
            Role::Jester | Role::General => unreachable!("only 100-cell chess has them"),
        }
    }

    /// Whether a piece of `by` attacks `square` on `board`.
    pub(super) fn attacked(&self, board: &Board, square: Cell, by: Side) -> bool {
        self.attackers(board, square, by) != 0
    }

    /// The pieces of `by` that attack `square` on `board`: `by`'s pieces are sorted
    /// by the power they have where they stand, and each power looks back from
    /// `square` once, as chess finds attackers.
    pub(super) fn attackers(&self, board: &Board, square: Cell, by: Side) -> Bitboard {
        let by_power = self.by_power(board, by);
        let power = |r: Role| by_power[r as usize];
        let t = tables();
        let s = usize::from(square);
        let occupied = board.occupied();
        let amazon = power(Role::Maharajah);
        let (diagonal, straight) = riders(&by_power);
        (t.knight[s] & (power(Role::Knight) | amazon))
            | (t.king[s] & power(Role::King))
            | (t.pawn[by.other().index()][s] & power(Role::Pawn))
            | (bishop_attacks(square, occupied) & diagonal)
            | (rook_attacks(square, occupied) & straight)
    }

    /// `by`'s pieces on `board`, sorted by the power they have where they stand.
    fn by_power(&self, board: &Board, by: Side) -> [Bitboard; 7] {
        if !V::POWER_BY_SQUARE {
            return Role::ALL.map(|role| board.pieces(by, role));
        }
        let mut by_power = [0u64; 7];
        for role in Role::ALL {
            for from in squares(board.pieces(by, role)) {
                let power = self.variant.power(Piece { side: by, role }, from);
                by_power[power as usize] |= 1u64 << from;
            }
        }
        by_power
    }

    /// `side`'s pieces that alone shield its royal piece on `royal` from an enemy
    /// rider: the only pieces whose leaving their square may expose it.
    fn pinned(&self, board: &Board, royal: Cell, side: Side) -> Bitboard {
        let t = tables();
        let (diagonal, straight) = riders(&self.by_power(board, side.other()));
        let snipers = rook_attacks(royal, 0) & straight | bishop_attacks(royal, 0) & diagonal;
        let occupied = board.occupied();
        squares(snipers)
            .map(|s| t.between[usize::from(royal)][usize::from(s)] & occupied)
            .filter(|between| between.count_ones() == 1)
            .fold(0, |pinned, between| {
                pinned | between & board.by_side[side.index()]
            })
    }

    /// The square of `side`'s royal piece on `board`, if it has one there.
    pub(super) fn royal_on(&self, board: &Board, side: Side) -> Option<Cell> {
        let royal = board.pieces(side, self.variant.royal(side)?);
        (royal != 0).then(|| royal.trailing_zeros() as Cell)
    }

    pub(crate) fn royal_square(&self, side: Side) -> Option<Cell> {
        self.royal_on(&self.position.board, side)
    }

    /// Whether `side`'s royal piece stands attacked (check).
    pub(crate) fn attacked_king(&self, side: Side) -> bool {
        let board = &self.position.board;
        self.royal_on(board, side)
            .is_some_and(|k| self.attacked(board, k, side.other()))
    }

    /// Every legal move of the side to move.
    pub(crate) fn moves(&self) -> Vec<Move> {
        // A game won by a rule of the variant's own (a king taken) is over: nothing is
        // played after it, not even the rest of a turn.
        if self.variant.lost(self).is_some() {
            return Vec::new();
        }
        let mut moves = self.king_safe();
        moves.retain(|m| self.variant.permits(self, m));
        // A turn may be passed (`min_actions = 0`) by a side that could act, but a
        // pass is no way out of having no turn at all: with nothing else to do the
        // side is stalemated, as the rules' end of game 3 reckons over non-empty
        // turns, so that a king boxed in draws as in chess instead of passing until
        // it is mated.
        if self.turn.played == 0 && moves.iter().all(|m| m.kind == MoveKind::EndTurn) {
            moves.clear();
        }
        moves
    }

    /// Whether [`Family::moves`] has a move, found without judging them all: the end
    /// of game is asked at every position the computer looks at.
    pub(crate) fn has_move(&self) -> bool {
        if self.variant.lost(self).is_some() {
            return false;
        }
        if self.variant.once_per_unit() {
            return !self.moves().is_empty();
        }
        let safety = self.safety();
        let legal = |m: &Move| {
            (self.turn.played > 0 || m.kind != MoveKind::EndTurn)
                && self.stands(m, safety.as_ref())
                && self.variant.permits(self, m)
        };
        // The pieces on the board first: drops, where there are any, are many.
        let mut moves = Vec::with_capacity(64);
        self.pseudo(&mut moves, false);
        if moves.iter().any(legal) {
            return true;
        }
        moves.clear();
        self.drops(&mut moves);
        moves.iter().any(legal)
    }

    /// The moves that leave the mover's royal piece unattacked, before the variant's
    /// own restrictions: what counts as an answer to a check.
    pub(super) fn king_safe(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal(&mut moves);
        if self.variant.once_per_unit() && self.variant.royal(self.position.turn).is_some() {
            return self.safe_in_turn(moves);
        }
        let safety = self.safety();
        moves.retain(|m| self.stands(m, safety.as_ref()));
        moves
    }

    /// What judging a move's safety one move at a time needs; None where nothing is
    /// royal and every move stands.
    pub(super) fn safety(&self) -> Option<Safety> {
        let us = self.position.turn;
        let royal = self.variant.royal(us)?;
        Some(Safety {
            royal,
            in_check: self.attacked_king(us),
            pinned: self
                .royal_square(us)
                .map_or(0, |k| self.pinned(&self.position.board, k, us)),
        })
    }

    /// Whether `m` leaves the mover's royal piece unattacked (outside turns where
    /// each piece acts once).
    pub(super) fn stands(&self, m: &Move, safety: Option<&Safety>) -> bool {
        let Some(safety) = safety else {
            return true;
        };
        // A drop only adds a blocker: out of check, one of another piece than the
        // royal one always stands; so does an ordinary move of a piece that is not
        // pinned to it.
        let plain = match m.kind {
            MoveKind::Drop => true,
            MoveKind::Normal => safety.pinned & (1u64 << m.from) == 0,
            _ => false,
        };
        if plain && !safety.in_check && m.role != safety.royal {
            return true;
        }
        let us = self.position.turn;
        // The royal piece dropped while none stands (appearing chess): it stands
        // where nothing attacks, since a drop opens no line.
        if m.kind == MoveKind::Drop && self.royal_square(us).is_none() {
            return !self.attacked(&self.position.board, m.to, us.other());
        }
        let mut after = self.clone();
        after.play(m);
        let board = &after.position.board;
        self.royal_on(board, us)
            .is_none_or(|k| !self.attacked(board, k, us.other()))
    }

    /// Every move before the king's safety is judged: the pieces' moves, then drops.
    pub(super) fn pseudo_legal(&self, out: &mut Vec<Move>) {
        self.pseudo(out, false);
        self.drops(out);
    }

    /// The captures and promotions among [`Family::pseudo_legal`]'s moves, in its order.
    pub(super) fn pseudo_captures_and_promotions(&self, out: &mut Vec<Move>) {
        self.pseudo(out, true);
        out.retain(|m| m.capture.is_some() || m.promotion.is_some());
    }

    /// The legal captures and promotions, in the order [`Family::moves`] lists them:
    /// what the search follows past its horizon, without the quiet moves and drops.
    pub(super) fn captures_and_promotions(&self) -> Vec<Move> {
        let noisy = |m: &Move| m.capture.is_some() || m.promotion.is_some();
        if self.variant.lost(self).is_some() {
            return Vec::new();
        }
        if self.variant.once_per_unit() {
            let mut moves = self.moves();
            moves.retain(noisy);
            return moves;
        }
        let mut moves = Vec::with_capacity(16);
        self.pseudo_captures_and_promotions(&mut moves);
        let safety = self.safety();
        moves.retain(|m| self.stands(m, safety.as_ref()) && self.variant.permits(self, m));
        moves
    }

    /// The moves of the pieces on the board (and the end of a turn) before the king's
    /// safety is judged, or (`noisy`) only those that may take: pawns' all the same,
    /// the others' onto enemy pieces, no castling or passing.
    fn pseudo(&self, out: &mut Vec<Move>, noisy: bool) {
        let p = &self.position;
        let board = &p.board;
        let us = board.by_side[p.turn.index()];
        let occupied = board.occupied();
        // Pieces that have acted this turn rest (everyone-moves chess).
        for from in squares(us & !self.turn.used) {
            let piece = board.piece_at(from).expect("an occupied square");
            if piece.role == Role::Pawn {
                self.pawn_moves(from, out);
                continue;
            }
            let wanted = if noisy {
                board.by_side[p.turn.other().index()]
            } else {
                !0
            };
            for to in squares(self.reach(piece, from, occupied) & !us & wanted) {
                out.push(Move {
                    from,
                    to,
                    role: piece.role,
                    capture: board.piece_at(to).map(|c| c.role),
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
        }
        if noisy {
            if self.turn.length > 0 {
                self.en_passant_in_turn(out);
            }
            return;
        }
        self.castles(out);
        if self.turn.length > 0 {
            self.en_passant_in_turn(out);
        }
        if self
            .variant
            .min_actions()
            .is_some_and(|least| self.turn.played >= least)
        {
            out.push(Move {
                from: 0,
                to: 0,
                role: Role::King,
                capture: None,
                promotion: None,
                kind: MoveKind::EndTurn,
            });
        }
    }

    /// The drops of the pieces in the mover's reserve.
    fn drops(&self, out: &mut Vec<Move>) {
        let turn = self.position.turn;
        for role in Role::ALL {
            if self.reserve[turn.index()][role as usize] > 0 {
                for to in squares(self.variant.drops(self, role)) {
                    out.push(Move {
                        from: to,
                        to,
                        role,
                        capture: None,
                        promotion: None,
                        kind: MoveKind::Drop,
                    });
                }
            }
        }
    }

    fn pawn_moves(&self, from: Cell, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let t = tables();
        let occupied = board.occupied();
        let them = board.by_side[p.turn.other().index()];
        let (forward, start_rank, last_rank): (i8, Bitboard, Bitboard) = match p.turn {
            Side::White => (8, 0xFF00, 0xFF << 56),
            _ => (-8, 0xFF << 48, 0xFF),
        };
        // A pawn that stayed a pawn on the last rank has nowhere to go.
        if last_rank & (1u64 << from) != 0 {
            return;
        }
        let mut targets = t.pawn[p.turn.index()][usize::from(from)] & them;
        let one = from.wrapping_add_signed(forward);
        if occupied & (1u64 << one) == 0 {
            targets |= 1u64 << one;
            let two = one.wrapping_add_signed(forward);
            if start_rank & (1u64 << from) != 0 && occupied & (1u64 << two) == 0 {
                targets |= 1u64 << two;
            }
        }
        let step = |to: Cell, promotion| Move {
            from,
            to,
            role: Role::Pawn,
            capture: board.piece_at(to).map(|c| c.role),
            promotion,
            kind: MoveKind::Normal,
        };
        for to in squares(targets) {
            if last_rank & (1u64 << to) != 0 {
                match self.variant.promotions(to) {
                    Some([]) => out.push(step(to, None)),
                    Some(roles) => out.extend(roles.iter().map(|&r| step(to, Some(r)))),
                    None => {}
                }
            } else {
                out.push(step(to, None));
            }
        }
        if self.turn.length == 0
            && let Some(ep) = p.ep_square
            && t.pawn[p.turn.index()][usize::from(from)] & (1u64 << ep) != 0
        {
            out.push(Move {
                from,
                to: ep,
                role: Role::Pawn,
                capture: Some(Role::Pawn),
                promotion: None,
                kind: MoveKind::EnPassant,
            });
        }
    }

    /// The original king from its home square with an original rook that keeps its
    /// right, nothing between them, and no square the king stands on, crosses or lands
    /// on attacked.
    fn castles(&self, out: &mut Vec<Move>) {
        let p = &self.position;
        let board = &p.board;
        let base: Cell = if p.turn == Side::White { 0 } else { 56 };
        let king = base + 4;
        let rested = self.turn.used;
        let own = |sq: Cell, role| {
            rested & (1u64 << sq) == 0 && board.piece_at(sq) == Some(Piece { side: p.turn, role })
        };
        if !own(king, Role::King)
            || (self.variant.castling_needs_king_mark() && p.castling & (1u64 << king) == 0)
        {
            return;
        }
        let enemy = p.turn.other();
        let occupied = board.occupied();
        // (rook square, squares that must be empty, squares the king crosses and lands on)
        let sides = [
            (base + 7, 0b0110_0000u64 << base, [base + 5, base + 6]),
            (base, 0b0000_1110u64 << base, [base + 3, base + 2]),
        ];
        for (rook, empty, path) in sides {
            if p.castling & (1u64 << rook) != 0
                && own(rook, Role::Rook)
                && occupied & empty == 0
                && (!self.variant.castling_sees_attacks()
                    || !self.attacked(board, king, enemy)
                        && path.iter().all(|&sq| !self.attacked(board, sq, enemy)))
            {
                out.push(Move {
                    from: king,
                    to: path[1],
                    role: Role::King,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Castle,
                });
            }
        }
    }
}

/// Where the side to move's royal piece stands, for judging its moves one by one.
pub(super) struct Safety {
    pub royal: Role,
    pub in_check: bool,
    /// The pieces whose leaving their square may expose it.
    pub pinned: Bitboard,
}

/// The pieces that ride the diagonals and the files and ranks, from pieces sorted by
/// power.
fn riders(by_power: &[Bitboard; 7]) -> (Bitboard, Bitboard) {
    let power = |r: Role| by_power[r as usize];
    let amazon = power(Role::Maharajah);
    (
        power(Role::Bishop) | power(Role::Queen) | amazon,
        power(Role::Rook) | power(Role::Queen) | amazon,
    )
}
