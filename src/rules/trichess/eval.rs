//! The computer's view of chess for three: the material of its army and of any fallen
//! army whose throne it holds, and how far its pieces have come from its corner, each
//! against the average of the players still in the game;
//! and a large bonus for every opponent who has left the game (mated, resigned or made
//! a servant), since that is how the game is won. Captures are followed to the end.
//! Diplomacy is weighed by where it leads: an offer, an answer or an order is a move
//! the search tries like any other.

use super::{Action, Role, TriChess, bit, kind, tables};
use crate::rules::computer::{Evaluate, Feature, Tally, worth};
use crate::rules::game::Game;
use crate::rules::seats::Seats;
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology};
use crate::rules::turns::Turns;
use crate::rules::why::Remark;

crate::features! {
    // Material, of the army's own and of every fallen army whose throne it holds,
    // against the average of the players still in the game.
    PAWN = "pawn": 100,
    KNIGHT = "knight": 320,
    BISHOP = "bishop": 330,
    ROOK = "rook": 500,
    QUEEN = "queen": 900,
    // How far the army has come from its own corner, zone by zone, against the average
    // of the players still in the game: its pawns', and its other pieces' but the
    // king's. With material alone a short search sees nothing to choose before the
    // armies meet, so in self-play they never met and no game ended; with these at 8
    // and 3 its games end in under a hundred plies. But the army that comes forward
    // loses to the two that wait (8 and 3 scored 33% against material alone, 2 and 1
    // 37%, both over 24 games of three at 2,000 positions a move), so by hand they
    // weigh nothing: they are there for learning to weigh.
    PAWN_ADVANCE = "pawn-advance": 0,
    ADVANCE = "advance": 0,
    // Where the armies meet, each against the average of the players still in the
    // game: the moves of the army's knights, bishops, rooks and queens; what of it
    // stands attacked by an enemy with no piece of its own guarding it, and what
    // stands attacked at all (both in pawns); the triangles round its king an enemy
    // attacks, and its own pieces on them. Material alone sees none of this until a
    // capture is in reach, so the armies either never meet or the one that comes
    // forward walks into the two that wait. By hand they weigh nothing.
    MOBILITY = "mobility": 0,
    HANGING = "hanging": 0,
    ATTACKED = "attacked": 0,
    KING_ZONE = "king-zone": 0,
    SHELTER = "shelter": 0,
    // An opponent out of the game is worth more than any material.
    OPPONENT_OUT = "opponent-out": 3000,
    // Being out of the game oneself.
    OUT = "out": -6000,
}

/// The material feature of a role; kings are beyond price.
fn material(role: Role) -> Option<usize> {
    match role {
        Role::Pawn => Some(PAWN),
        Role::Knight => Some(KNIGHT),
        Role::Bishop => Some(BISHOP),
        Role::Rook => Some(ROOK),
        Role::Queen => Some(QUEEN),
        Role::King => None,
    }
}

impl TriChess {
    /// The army that plays with `army`'s pieces: itself, or whoever holds the
    /// throne of a fallen army (None where nobody does).
    fn owner(&self, army: Side) -> Option<Side> {
        if self.is_out(army) {
            self.controller(army)
        } else {
            Some(army)
        }
    }

    /// Per army, in hundredths of a pawn, the pieces it plays with: its own and those of
    /// every fallen army whose throne it holds.
    pub(super) fn held(&self) -> [i32; 3] {
        let mut held = [0i32; 3];
        for piece in self.board.iter().flatten() {
            if let Some(owner) = self.owner(piece.army) {
                held[owner.index()] += worth(kind(piece.role));
            }
        }
        held
    }
}

/// How far `cell` lies from `army`'s corner, in zones: 0 on its Throne to 4 in its
/// Village, the ring nearest the centre; then 5 in another kingdom's Village to 9 on
/// that kingdom's Throne.
fn depth(army: Side, cell: usize) -> f32 {
    let t = tables();
    let zone = t.zone[cell] as u8;
    let steps = if t.kingdom[cell] == army {
        zone
    } else {
        9 - zone
    };
    f32::from(steps)
}

/// What [`TriChess::meeting`] counts for a player, in the order of the features from
/// [`MOBILITY`].
const MEETING: [usize; 5] = [MOBILITY, HANGING, ATTACKED, KING_ZONE, SHELTER];

impl TriChess {
    /// Where `player`'s army meets the others, feature by feature as [`MEETING`]
    /// lists them: its pieces' moves, what hangs and what is attacked, the enemy's
    /// attacks round its king, and its own pieces beside the king.
    fn meeting(&self, player: Side) -> [f32; 5] {
        let power = self.power(player);
        let enemies = self.enemies(player);
        let mut moves = Vec::with_capacity(96);
        self.pseudo_moves(player, &mut moves);
        let mobility = moves
            .iter()
            .filter(|m| {
                self.board[m.from as usize]
                    .is_some_and(|p| !matches!(p.role, Role::Pawn | Role::King))
            })
            .count() as f32;
        let (mut hanging, mut attacked) = (0.0, 0.0);
        for (cell, piece) in self.board.iter().enumerate() {
            let Some(piece) = piece.filter(|p| power & bit(p.army) != 0) else {
                continue;
            };
            if piece.role == Role::King || !self.attacked(cell as Cell, enemies) {
                continue;
            }
            let pawns = worth(kind(piece.role)) as f32 / 100.0;
            attacked += pawns;
            if !self.attacked(cell as Cell, power) {
                hanging += pawns;
            }
        }
        let (mut zone, mut shelter) = (0.0, 0.0);
        if let Some(king) = self.king(player) {
            for d in super::movegen::ALL {
                let Some(next) = Topology::hexagon().neighbour(king, d) else {
                    continue;
                };
                if self.attacked(next, enemies) {
                    zone += 1.0;
                }
                if self.board[next as usize].is_some_and(|p| power & bit(p.army) != 0) {
                    shelter += 1.0;
                }
            }
        }
        [mobility, hanging, attacked, zone, shelter]
    }
}

impl Evaluate for TriChess {
    const FEATURES: &'static [Feature] = FEATURES;

    fn explain(&self, m: &Action) -> Option<Remark> {
        self.reason(m)
    }

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        let rivals: [bool; 3] = Side::THREE.map(|a| a != side && self.in_game(a));
        let count = rivals.iter().filter(|&&r| r).count();
        let share = 1.0 / count.max(1) as f32;
        // Who plays each army's pieces, asked once rather than per piece.
        let owners = Side::THREE.map(|a| self.owner(a));
        for (cell, piece) in self.board.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let (Some(owner), Some(feature)) = (owners[piece.army.index()], material(piece.role))
            else {
                continue;
            };
            let advance = if piece.role == Role::Pawn {
                PAWN_ADVANCE
            } else {
                ADVANCE
            };
            let depth = depth(piece.army, cell);
            if owner == side {
                tally.add(feature, 1.0);
                tally.add(advance, depth);
            } else if rivals[owner.index()] {
                tally.add(feature, -share);
                tally.add(advance, -share * depth);
            }
        }
        // Working out where the armies meet costs twice what the rest of the
        // evaluation does: it is skipped where every weight of it is zero.
        let meets = MEETING.iter().any(|&f| tally.wants(f));
        for army in Side::THREE.into_iter().filter(|_| meets) {
            let share = if army == side {
                1.0
            } else if rivals[army.index()] {
                -share
            } else {
                continue;
            };
            if !self.in_game(army) {
                continue;
            }
            for (feature, amount) in MEETING.into_iter().zip(self.meeting(army)) {
                tally.add(feature, share * amount);
            }
        }
        tally.add(OPPONENT_OUT, (2 - count) as f32);
        if !self.in_game(side) {
            tally.add(OUT, 1.0);
        }
    }
}

impl crate::rules::computer::Hints for TriChess {
    /// A piece move that takes: onto an occupied triangle, or en passant.
    fn noisy(&self, m: &Self::Move) -> bool {
        matches!(m, Action::Move(m) if self.takes(m))
    }

    /// An offer or order another army may make beside the move is that army's to
    /// make, not a choice of the army on move.
    fn searched_moves(&self) -> Vec<Action> {
        let mut moves = self.legal_moves();
        moves.retain(|m| self.mover(m) == self.seat_to_move());
        moves
    }

    /// Each other player's piece moves (captures first), played out of turn with the
    /// turn back at `side`. Diplomacy is left out: a best reply is a move on the board.
    fn replies(&self, side: Side, noisy: bool) -> Option<Vec<Self>> {
        if self.is_over() || self.question.is_some() {
            return Some(Vec::new());
        }
        let mut replies = Vec::new();
        for army in Side::THREE {
            if army == side || !self.in_game(army) {
                continue;
            }
            let mut moves = if noisy {
                self.piece_captures(army)
            } else {
                self.piece_moves(army)
            };
            moves.sort_by_key(|m| !self.takes(m));
            for m in moves {
                let mut reply = self.clone();
                reply.turn = army;
                reply.ordered_by = None;
                reply.play_move(&m);
                if !reply.is_over() && reply.in_game(side) {
                    reply.turn = side;
                    reply.window = None;
                    reply.question = None;
                }
                replies.push(reply);
            }
        }
        Some(replies)
    }

    fn noisy_moves(&self) -> Vec<Action> {
        if self.is_over() || self.question.is_some() {
            return Vec::new();
        }
        self.piece_captures(self.turn)
            .into_iter()
            .map(Action::Move)
            .collect()
    }
}

impl crate::rules::computer::Choose for TriChess {}
