//! Whole-turn king safety (everyone-moves chess with `check_rules`): a move stands if
//! some run of the pieces still free can then end the turn with the king unattacked.
//!
//! That is a search over runs of moves by distinct pieces, and a naive one explodes: a
//! move that leaves the king in an attack nothing can answer makes it try every order
//! and every choice of every other piece before it gives up (minutes and gigabytes in
//! a middle game). Three things keep it small, each sound and together exact:
//!
//! - **Only moves that can matter are tried** (a stubborn set, as in partial-order
//!   reduction). An attack on the king ends only by a king move, by taking the
//!   attacker, or by stepping between: any run that ends safe has such a move. Around
//!   them the set is closed: with a move that can be played now come the moves whose
//!   path or square it would block; with a move blocked by free pieces of ours come
//!   the moves of one of them, one of which must clear the way. Take a run that ends
//!   safe and its first move in the set: nothing before it could have unblocked it, so
//!   it can be played now, and played first it blocks nothing that came before it, so
//!   the same moves in the new order end in the same position. Searching the set
//!   alone therefore misses no safe ending.
//! - **An attack nobody can answer ends the search.** Each piece acts once and lands
//!   on one square, so it answers at most one of the attacks standing on the square
//!   the king ends on. Every attacker needs a piece of its own that could reach its
//!   square or a square between it and the king: where no such matching exists for
//!   any square the king may end on, no run can help.
//! - **Positions are searched once**: a position with its free pieces that has no
//!   safe ending is remembered, whichever run led there.

use super::{Family, Variant};
use crate::rules::chess::tables::{Bitboard, squares, tables};
use crate::rules::chess::{Move, MoveKind, Piece, Role};
use crate::rules::side::Side;
use crate::rules::topology::Cell;
use std::collections::HashSet;

/// A move a free piece might make in the rest of the turn, played now or once others
/// have cleared its way: from, to, and the squares it passes.
struct Transition {
    from: Cell,
    to: Cell,
    path: Bitboard,
}

/// A position searched without a safe ending: the pieces that may still act, the
/// pieces of each side and of each role.
type DeadEnd = (Bitboard, [Bitboard; 2], [Bitboard; 7]);

impl<V: Variant> Family<V> {
    /// Where each piece acts once and the king is royal, the moves that leave a way to
    /// end the turn with the king unattacked: the turn may end only there, and kings
    /// are never taken.
    pub(super) fn safe_in_turn(&self, mut moves: Vec<Move>) -> Vec<Move> {
        let us = self.position.turn;
        let mut dead_ends = HashSet::new();
        moves.retain(|m| match m.kind {
            MoveKind::EndTurn => !self.attacked_king(us),
            _ if m.capture == Some(Role::King) => false,
            _ => {
                let mut after = self.clone();
                after.act(m);
                after.can_end_safely(&mut dead_ends)
            }
        });
        moves
    }

    /// Whether some run of further moves by pieces that have not acted (or none)
    /// leaves the side to move's king unattacked.
    fn can_end_safely(&self, dead_ends: &mut HashSet<DeadEnd>) -> bool {
        let us = self.position.turn;
        if !self.attacked_king(us) {
            return true;
        }
        let board = &self.position.board;
        let key = (self.turn.used, board.by_side, board.by_role);
        if dead_ends.contains(&key) || !self.attacks_can_be_answered() {
            return false;
        }
        let children: Vec<Self> = self
            .moves_that_matter()
            .iter()
            .map(|m| {
                let mut after = self.clone();
                after.act(m);
                after
            })
            .collect();
        // A move that answers every attack at once ends the search before any deeper one.
        let safe = children.iter().any(|after| !after.attacked_king(us))
            || children.iter().any(|after| after.can_end_safely(dead_ends));
        // Only a finished search proves a dead end (the runs never loop: each move uses
        // up a piece, so no position is met again below itself).
        if !safe {
            dead_ends.insert(key);
        }
        safe
    }

    /// The moves of the stubborn set (see the module's doc) that can be played now.
    fn moves_that_matter(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.pseudo_legal(&mut moves);
        moves.retain(|m| m.kind != MoveKind::EndTurn && m.capture != Some(Role::King));
        let Some(king) = self.royal_square(self.position.turn) else {
            return moves;
        };
        let movable = self.movable();
        let t = tables();
        let transitions: Vec<Transition> = squares(movable)
            .flat_map(|from| {
                let pawn = self.position.board.piece_at(from).map(|p| p.role) == Some(Role::Pawn);
                squares(self.potential_reach(from, movable)).map(move |to| {
                    let path = if pawn {
                        // Only a double step passes a square.
                        let (a, b) = (from.min(to), from.max(to));
                        if b - a == 16 { 1u64 << (a + 8) } else { 0 }
                    } else {
                        t.between[usize::from(from)][usize::from(to)]
                    };
                    Transition { from, to, path }
                })
            })
            .collect();
        let playable = |tr: &Transition| moves.iter().any(|m| m.from == tr.from && m.to == tr.to);
        let answers = self.answer_squares(king);
        // En passant takes its pawn off a square it does not land on.
        let takes_attacker = squares(self.turn.targets)
            .filter(|&target| answers & (1u64 << self.en_passant_victim(target)) != 0)
            .fold(0, |set, target| set | 1u64 << target);
        let pawns = self.position.board.by_role[Role::Pawn as usize];
        let mut chosen = vec![false; transitions.len()];
        let mut work: Vec<usize> = (0..transitions.len())
            .filter(|&i| {
                let tr = &transitions[i];
                tr.from == king
                    || answers & (1u64 << tr.to) != 0
                    || pawns & (1u64 << tr.from) != 0 && takes_attacker & (1u64 << tr.to) != 0
            })
            .collect();
        while let Some(i) = work.pop() {
            if chosen[i] {
                continue;
            }
            chosen[i] = true;
            let tr = &transitions[i];
            if playable(tr) {
                // Played first, it must leave playable whatever would have come before it.
                let here = 1u64 << tr.to;
                work.extend(
                    (0..transitions.len())
                        .filter(|&j| (transitions[j].path | 1u64 << transitions[j].to) & here != 0),
                );
            } else {
                // Blocked by free pieces of ours: one of them must move first. The one
                // with the fewest moves keeps the set small.
                let blockers = (tr.path | 1u64 << tr.to) & movable;
                let all = &transitions;
                let moves_of = |b: Cell| (0..all.len()).filter(move |&j| all[j].from == b);
                if let Some(b) = squares(blockers).min_by_key(|&b| moves_of(b).count()) {
                    work.extend(moves_of(b));
                }
            }
        }
        moves.retain(|m| {
            transitions
                .iter()
                .zip(&chosen)
                .any(|(tr, &c)| c && tr.from == m.from && tr.to == m.to)
        });
        moves
    }

    /// The squares where a move answers an attack on the king on `king`: the attackers'
    /// squares and those between a long-range attacker and the king.
    fn answer_squares(&self, king: Cell) -> Bitboard {
        let board = &self.position.board;
        let t = tables();
        squares(self.attackers(board, king, self.position.turn.other())).fold(0, |set, a| {
            set | 1u64 << a | t.between[usize::from(a)][usize::from(king)]
        })
    }

    /// The square of the pawn an en passant capture onto `target` takes.
    fn en_passant_victim(&self, target: Cell) -> Cell {
        let behind: i8 = if self.position.turn == Side::White {
            -8
        } else {
            8
        };
        target.wrapping_add_signed(behind)
    }

    /// The side to move's pieces that may still act this turn.
    fn free_units(&self) -> Bitboard {
        let p = &self.position;
        p.board.by_side[p.turn.index()] & !self.turn.used
    }

    /// The free pieces that could move at all, whichever of the others moved first: a
    /// piece with nowhere to go (a pawn against an enemy piece) stands for the rest of
    /// the turn like a piece that has acted, and may wall in others in turn.
    fn movable(&self) -> Bitboard {
        let mut movable = self.free_units();
        loop {
            let stuck = squares(movable)
                .filter(|&s| self.potential_reach(s, movable) == 0)
                .fold(0, |set, s| set | 1u64 << s);
            if stuck == 0 {
                return movable;
            }
            movable &= !stuck;
        }
    }

    /// Every square the free piece on `from` might reach in one move, whichever of the
    /// `movable` pieces moved away first. What stops its path is everything else: the
    /// enemy's pieces (they do not move in our turn, and one taken is replaced by its
    /// taker) and our pieces that have acted or cannot.
    fn potential_reach(&self, from: Cell, movable: Bitboard) -> Bitboard {
        let p = &self.position;
        let board = &p.board;
        let piece = board.piece_at(from).expect("a free piece");
        let fixed = board.occupied() & !movable;
        // Kings are never taken, so the enemy's stops a path like our own fixed pieces.
        let barred =
            board.by_side[p.turn.index()] & fixed | board.pieces(p.turn.other(), Role::King);
        let them = board.by_side[p.turn.other().index()] & !barred;
        let t = tables();
        if piece.role == Role::Pawn {
            let (forward, start_rank): (i8, Bitboard) = match p.turn {
                Side::White => (8, 0xFF00),
                _ => (-8, 0xFF << 48),
            };
            let steps = if start_rank & (1u64 << from) != 0 {
                2
            } else {
                1
            };
            let mut reach = t.pawn[p.turn.index()][usize::from(from)] & (them | self.turn.targets);
            let mut at = from;
            for _ in 0..steps {
                let Some(next) = at.checked_add_signed(forward).filter(|&s| s < 64) else {
                    break;
                };
                if fixed & (1u64 << next) != 0 {
                    break;
                }
                reach |= 1u64 << next;
                at = next;
            }
            return reach;
        }
        self.reach(piece, from, fixed) & !barred
    }

    /// The squares the side to move's king might end the turn on.
    fn king_endings(&self, movable: Bitboard) -> Bitboard {
        let us = self.position.turn;
        let Some(king) = self.royal_square(us) else {
            return 0;
        };
        let mut out = 1u64 << king;
        if movable & (1u64 << king) != 0 {
            out |= self.potential_reach(king, movable);
        }
        out
    }

    /// Whether, on some square the king may end on, every attack standing on it now
    /// has a free piece of its own that could take the attacker or step between.
    fn attacks_can_be_answered(&self) -> bool {
        let p = &self.position;
        let us = p.turn;
        let Some(king) = self.royal_square(us) else {
            return true;
        };
        let t = tables();
        let movable = self.movable();
        let pawns = p.board.by_role[Role::Pawn as usize];
        // What each piece could take or step on; a pawn also takes the pawn behind an en
        // passant target it reaches.
        let helpers: Vec<Bitboard> = squares(movable & !(1u64 << king))
            .map(|s| {
                let reach = self.potential_reach(s, movable);
                if pawns & (1u64 << s) == 0 {
                    return reach;
                }
                squares(reach & self.turn.targets).fold(reach, |reach, target| {
                    reach | 1u64 << self.en_passant_victim(target)
                })
            })
            .collect();
        squares(self.king_endings(movable)).any(|end| {
            // The king stands on `end`, no longer where it was.
            let mut board = p.board;
            board.remove(king);
            board.remove(end);
            board.put(
                end,
                Piece {
                    side: us,
                    role: Role::King,
                },
            );
            let needs: Vec<Bitboard> = squares(self.attackers(&board, end, us.other()))
                .map(|a| 1u64 << a | t.between[usize::from(a)][usize::from(end)])
                .collect();
            needs.len() <= helpers.len() && matching(&needs, &helpers)
        })
    }
}

/// Whether each need (a set of squares) can be given a helper of its own whose reach
/// meets it: bipartite matching by augmenting paths, for a handful of attackers.
fn matching(needs: &[Bitboard], helpers: &[Bitboard]) -> bool {
    fn assign(
        need: usize,
        needs: &[Bitboard],
        helpers: &[Bitboard],
        owner: &mut [Option<usize>],
        tried: &mut [bool],
    ) -> bool {
        for h in 0..helpers.len() {
            if helpers[h] & needs[need] == 0 || tried[h] {
                continue;
            }
            tried[h] = true;
            if owner[h].is_none_or(|other| assign(other, needs, helpers, owner, tried)) {
                owner[h] = Some(need);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; helpers.len()];
    (0..needs.len()).all(|need| {
        let mut tried = vec![false; helpers.len()];
        assign(need, needs, helpers, &mut owner, &mut tried)
    })
}
