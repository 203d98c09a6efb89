//! The turn cycle and the diplomacy: leaving the game, passing, servants and masters,
//! orders, checks between allies, and the scores.

use super::board::tables;
use super::{Action, Role, Special, TriChess, TriMove, bit, following};
use crate::rules::seats::Standing;
use crate::rules::side::Side;

impl TriChess {
    /// Plays a piece move of the player whose turn it is (or of his master for him).
    pub(super) fn play_move(&mut self, m: &TriMove) {
        let player = self.turn;
        let partners: Vec<Side> = Side::THREE
            .into_iter()
            .filter(|&y| y != player && self.related(player, y))
            .collect();
        let checked_before: Vec<bool> = partners
            .iter()
            .map(|&y| self.gives_check(player, y))
            .collect();
        let victim = match m.special {
            Special::EnPassant(c) => self.board[c as usize],
            _ => self.board[m.to as usize],
        };
        let victim_active = victim.is_some_and(|v| !self.is_out(v.army));
        self.window = None;
        self.apply(player, m);
        self.ep[player.index()] = match m.special {
            Special::Double(skipped) => Some((skipped, m.to)),
            _ => None,
        };
        self.captured[player.index()] = victim.map_or(0, |v| bit(v.army));
        for (&y, before) in partners.iter().zip(checked_before) {
            self.settle(player, y, before);
        }
        if let Some(v) = victim
            && victim_active
            && self.may_offer(player, v.army)
        {
            self.window = Some((player, bit(v.army)));
        }
        self.plies += 1;
        self.advance();
    }

    /// True when a piece `by` moves attacks `target`'s king.
    fn gives_check(&self, by: Side, target: Side) -> bool {
        self.king(target)
            .is_some_and(|k| self.attacked(k, self.power(by)))
    }

    /// In check with no legal move.
    fn mated(&self, army: Side) -> bool {
        self.in_check(army) && !self.has_piece_move(army)
    }

    /// After `player` moved: a check between allies suspends their relation; at the
    /// checker's next move the relation stands again unless the other is mated then (he
    /// leaves) or still in check.
    fn settle(&mut self, player: Side, other: Side, checked_before: bool) {
        if !self.related(player, other) {
            return;
        }
        let (m, s) = if self.masters[other.index()] & bit(player) != 0 {
            (player, other)
        } else {
            (other, player)
        };
        let gives = self.gives_check(player, other);
        let slot = &mut self.suspended[m.index()][s.index()];
        match *slot {
            Some(checker) if checker == player => {
                if self.mated(other) {
                    self.eliminate(other);
                } else if !gives {
                    self.suspended[m.index()][s.index()] = None;
                }
            }
            Some(_) => {}
            None => {
                if gives && !checked_before {
                    *slot = Some(player);
                }
            }
        }
    }

    /// Whether `master` may now be offered `servant` as his servant.
    fn may_offer(&self, master: Side, servant: Side) -> bool {
        self.options.vassalage
            && master != servant
            && !self.is_out(master)
            && !self.is_out(servant)
            && self.masters[master.index()] == 0
            && self.masters[servant.index()] & bit(master) == 0
            && self.masters[servant.index()].count_ones() < 2
    }

    /// The diplomacy open to the players now, besides the piece moves.
    pub(super) fn diplomacy_actions(&self, actions: &mut Vec<Action>) {
        if let Some((master, victims)) = self.window {
            for servant in Side::THREE {
                if victims & bit(servant) != 0 && self.may_offer(master, servant) {
                    for by in [master, servant] {
                        actions.push(Action::Offer {
                            master,
                            servant,
                            by,
                        });
                    }
                }
            }
        }
        let servant = self.turn;
        for master in self.masters(servant) {
            if self.may_order(master, servant) {
                actions.push(Action::Order(master));
            }
        }
        let t = tables();
        for master in self.masters(servant) {
            let on_throne = t.throne[master.index()]
                .iter()
                .any(|&c| self.board[c as usize].is_some_and(|p| p.army == servant));
            if on_throne {
                actions.push(Action::Free(master));
            }
        }
    }

    /// A master may order once in two of the servant's rounds since his last order, once
    /// in three when the servant has two masters, and not while a check suspends them.
    pub fn may_order(&self, master: Side, servant: Side) -> bool {
        self.masters[servant.index()] & bit(master) != 0
            && self.suspended[master.index()][servant.index()].is_none()
            && self.rounds_until_order(master, servant) == 0
    }

    /// How many more of the servant's turns must begin before the master may order.
    pub fn rounds_until_order(&self, master: Side, servant: Side) -> u16 {
        let gap = if self.masters[servant.index()].count_ones() > 1 {
            3
        } else {
            2
        };
        match self.last_order[master.index()][servant.index()] {
            None => 0,
            Some(at) => (at + gap).saturating_sub(self.turns[servant.index()]),
        }
    }

    /// `servant` serves `master` from now on: he leaves the game (for the end and the
    /// scores), and his own servants are free.
    pub(super) fn serve(&mut self, servant: Side, master: Side) {
        let s = servant.index();
        self.masters[s] |= bit(master);
        self.last_order[master.index()][s] = None;
        if self.left[s].is_none() {
            self.left[s] = Some(self.leavings);
            self.leavings += 1;
        }
        for other in Side::THREE {
            if self.masters[other.index()] & bit(servant) != 0 {
                self.release(other, servant);
            }
        }
    }

    /// `servant` no longer serves `master`; serving nobody, he is back in the game and
    /// his earlier leaving is forgotten.
    pub(super) fn release(&mut self, servant: Side, master: Side) {
        let s = servant.index();
        self.masters[s] &= !bit(master);
        self.suspended[master.index()][s] = None;
        self.last_order[master.index()][s] = None;
        if self.masters[s] == 0 && !self.is_out(servant) {
            self.left[s] = None;
        }
    }

    /// The player of `army` is out: his king is removed and his army is neutral. His
    /// servants are free; if he served, that ends.
    pub(super) fn eliminate(&mut self, army: Side) {
        if self.is_out(army) {
            return;
        }
        let a = army.index();
        if let Some(k) = self.king(army) {
            self.board[k as usize] = None;
        }
        self.out |= bit(army);
        self.castling[a] = 0;
        if self.left[a].is_none() {
            self.left[a] = Some(self.leavings);
            self.leavings += 1;
        }
        for master in Side::THREE {
            if self.masters[a] & bit(master) != 0 {
                self.masters[a] &= !bit(master);
                self.suspended[master.index()][a] = None;
            }
        }
        for servant in Side::THREE {
            if self.masters[servant.index()] & bit(army) != 0 {
                self.release(servant, army);
            }
        }
        if self.ordered_by == Some(army) {
            self.ordered_by = None;
        }
    }

    /// Passes the turn to the next player still in play. A player with no legal move
    /// is mated (out) if in check and passes otherwise.
    pub(super) fn advance(&mut self) {
        self.ordered_by = None;
        let mut next = self.turn;
        for _ in 0..3 {
            next = following(next);
            if self.is_out(next) {
                continue;
            }
            self.turn = next;
            self.ep[next.index()] = None;
            self.turns[next.index()] += 1;
            if self.players_left() <= 1 || self.has_piece_move(next) {
                return;
            }
            if self.in_check(next) {
                self.eliminate(next);
                self.update_controllers(None);
                if self.players_left() <= 1 {
                    return;
                }
            } else {
                self.captured[next.index()] = 0;
            }
        }
        if !self.has_piece_move(self.turn) {
            self.stalled = true;
        }
    }

    pub(super) fn players_left(&self) -> usize {
        Side::THREE.iter().filter(|&&a| self.in_game(a)).count()
    }

    /// True when the game is over: one player (or none) left in it, or nobody can move.
    pub(super) fn is_over(&self) -> bool {
        self.stalled || self.players_left() <= 1
    }

    /// Places and points: the last in the game 2, the second to leave 1, the first 0;
    /// in a draw those still in the game share what the leavers did not take.
    pub(super) fn scores(&self, shared: bool) -> Vec<Standing> {
        let mut leavers: Vec<(u8, Side)> = Side::THREE
            .into_iter()
            .filter(|&a| !self.in_game(a))
            .map(|a| (self.left[a.index()].unwrap_or(0), a))
            .collect();
        leavers.sort_by_key(|&(order, a)| (order, a.index()));
        let mut half_points = [0u8; 3];
        for (n, &(_, a)) in leavers.iter().enumerate() {
            half_points[a.index()] = 2 * n as u8;
        }
        let staying: Vec<Side> = Side::THREE
            .into_iter()
            .filter(|&a| self.in_game(a))
            .collect();
        if !staying.is_empty() {
            let taken: u8 = half_points.iter().sum();
            let share = if shared {
                (6 - taken) / staying.len() as u8
            } else {
                4
            };
            for a in &staying {
                half_points[a.index()] = share;
            }
        }
        let mut table: Vec<Standing> = Side::THREE
            .into_iter()
            .map(|side| Standing {
                side,
                place: 1 + half_points
                    .iter()
                    .filter(|&&p| p > half_points[side.index()])
                    .count() as u8,
                half_points: half_points[side.index()],
            })
            .collect();
        table.sort_by_key(|s| (s.place, s.side.index()));
        table
    }

    /// Whether a piece move is a pawn's, for the notation.
    pub(super) fn role_at(&self, cell: u8) -> Option<Role> {
        self.board[cell as usize].map(|p| p.role)
    }
}
