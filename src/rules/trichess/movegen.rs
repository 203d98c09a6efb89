//! Moves and attacks: who may move which pieces, which captures neutrality allows, and
//! which moves leave the mover's king safe.

use super::board::tables;
use super::{Piece, Role, Special, TriChess, TriMove, bit};
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology, TriDirection};

pub(super) const ALL: [TriDirection; 12] = [
    TriDirection::APlus,
    TriDirection::AMinus,
    TriDirection::BPlus,
    TriDirection::BMinus,
    TriDirection::CPlus,
    TriDirection::CMinus,
    TriDirection::AB,
    TriDirection::BA,
    TriDirection::AC,
    TriDirection::CA,
    TriDirection::BC,
    TriDirection::CB,
];

impl TriChess {
    /// The player who moves an army's pieces: its own player while he is in the game,
    /// else whoever controls its throne.
    pub(super) fn holder(&self, army: Side) -> Option<Side> {
        if self.is_out(army) {
            self.controller[army.index()]
        } else {
            Some(army)
        }
    }

    /// The armies whose pieces `player` moves.
    pub(super) fn power(&self, player: Side) -> u8 {
        Side::THREE
            .into_iter()
            .filter(|&a| self.holder(a) == Some(player))
            .fold(0, |mask, a| mask | bit(a))
    }

    /// True when a pawn of `army` standing on `cell` is at home: in the City, Palace or
    /// Throne of its own kingdom or of a kingdom its player controls.
    pub(super) fn at_home(&self, army: Side, cell: Cell) -> bool {
        let t = tables();
        if !t.zone[cell as usize].is_home() {
            return false;
        }
        let kingdom = t.kingdom[cell as usize];
        kingdom == army
            || self
                .holder(army)
                .is_some_and(|h| self.controller[kingdom.index()] == Some(h))
    }

    /// Master and servant, either way round.
    pub(super) fn related(&self, a: Side, b: Side) -> bool {
        self.masters[a.index()] & bit(b) != 0 || self.masters[b.index()] & bit(a) != 0
    }

    fn suspended_between(&self, a: Side, b: Side) -> bool {
        let (a, b) = (a.index(), b.index());
        self.suspended[a][b].is_some() || self.suspended[b][a].is_some()
    }

    /// Master and servant whose relation stands: mutually neutral.
    pub(super) fn allied(&self, a: Side, b: Side) -> bool {
        self.related(a, b) && !self.suspended_between(a, b)
    }

    /// Whether `player` may capture a piece of `army` now.
    ///
    /// A neutral army is anyone's prey but its controller's. Between active players the
    /// neutrality rule decides: A may capture B's piece only if B's latest move captured a
    /// piece of A, or C's latest move did not capture a piece of B.
    pub fn may_capture(&self, player: Side, army: Side) -> bool {
        if self.holder(army) == Some(player) {
            return false;
        }
        if self.is_out(army) {
            return true;
        }
        if self.related(player, army) {
            return self.suspended_between(player, army);
        }
        if !self.options.neutrality {
            return true;
        }
        let third = Side::THREE
            .into_iter()
            .find(|&c| c != player && c != army && !self.is_out(c));
        match third {
            None => true,
            Some(c) => {
                self.captured[army.index()] & bit(player) != 0
                    || self.captured[c.index()] & bit(army) == 0
            }
        }
    }

    /// The armies whose pieces threaten `player`'s king: those of every other active
    /// player he is not allied with, including the armies they control.
    pub(super) fn enemies(&self, player: Side) -> u8 {
        Side::THREE
            .into_iter()
            .filter(|&q| q != player && !self.is_out(q) && !self.allied(player, q))
            .fold(0, |mask, q| mask | self.power(q))
    }

    pub(super) fn king(&self, army: Side) -> Option<Cell> {
        self.board
            .iter()
            .position(|p| {
                *p == Some(Piece {
                    army,
                    role: Role::King,
                })
            })
            .map(|c| c as Cell)
    }

    /// True when a piece of one of `armies` attacks `cell` (neutrality aside).
    pub(super) fn attacked(&self, cell: Cell, armies: u8) -> bool {
        if armies == 0 {
            return false;
        }
        let t = Topology::hexagon();
        let of = |c: Cell| self.board[c as usize].filter(|p| armies & bit(p.army) != 0);
        for (lines, slider) in [(&ALL[..6], Role::Rook), (&ALL[6..], Role::Bishop)] {
            for &d in lines {
                for (i, c) in t.ray(cell, d).enumerate() {
                    if self.board[c as usize].is_none() {
                        continue;
                    }
                    if let Some(p) = of(c) {
                        let hit = p.role == slider
                            || p.role == Role::Queen
                            || (i == 0 && p.role == Role::King)
                            || (i == 0
                                && slider == Role::Bishop
                                && p.role == Role::Pawn
                                && !self.at_home(p.army, c));
                        if hit {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
        t.leaps(cell)
            .iter()
            .any(|&c| of(c).is_some_and(|p| p.role == Role::Knight))
    }

    pub(super) fn in_check(&self, player: Side) -> bool {
        !self.is_out(player)
            && self
                .king(player)
                .is_some_and(|k| self.attacked(k, self.enemies(player)))
    }

    /// The legal piece moves of `player`: his own pieces and those of the armies he
    /// controls, leaving his king safe.
    pub fn piece_moves(&self, player: Side) -> Vec<TriMove> {
        self.safe_moves(player, false)
    }

    /// The captures among [`TriChess::piece_moves`], in its order, found without
    /// judging the other moves: what the search follows past its horizon.
    pub(super) fn piece_captures(&self, player: Side) -> Vec<TriMove> {
        self.safe_moves(player, true)
    }

    /// `player`'s moves that keep his king safe, or (`captures`) only those that take.
    fn safe_moves(&self, player: Side, captures: bool) -> Vec<TriMove> {
        let mut moves = Vec::with_capacity(64);
        self.pseudo(player, captures, &mut moves);
        let exposing = self.exposing(player);
        moves.retain(|m| self.keeps_king_safe(player, m, &exposing));
        moves
    }

    /// Whether a move takes a piece: onto an occupied triangle, or en passant.
    pub(super) fn takes(&self, m: &TriMove) -> bool {
        self.board[m.to as usize].is_some() || matches!(m.special, Special::EnPassant(_))
    }

    /// Whether `player` has a legal piece move, found without testing them all.
    pub fn has_piece_move(&self, player: Side) -> bool {
        let exposing = self.exposing(player);
        let prey = self.prey(player);
        let power = self.power(player);
        let mut moves = Vec::with_capacity(16);
        // One piece at a time: most positions show a safe move among the first.
        (0..super::CELLS as Cell).any(|from| {
            moves.clear();
            self.moves_of_piece_on(player, from, power, prey, false, &mut moves);
            moves
                .iter()
                .any(|m| self.keeps_king_safe(player, m, &exposing))
        })
    }

    /// The armies whose pieces `player` may capture now, one bit each.
    fn prey(&self, player: Side) -> u8 {
        Side::THREE
            .into_iter()
            .filter(|&army| self.may_capture(player, army))
            .fold(0, |mask, army| mask | bit(army))
    }

    /// The cells `player`'s pieces may leave only after the full test of his king's
    /// safety: the first piece on each of the king's lines with an enemy rider behind
    /// it (the only piece whose leaving opens the line), and the thrones, whose control
    /// decides whose pieces threaten him; every cell while the king is attacked.
    fn exposing(&self, player: Side) -> [bool; super::CELLS] {
        let enemies = self.enemies(player);
        let Some(king) = self
            .king(player)
            .filter(|&k| self.is_out(player) || !self.attacked(k, enemies))
        else {
            return [true; super::CELLS];
        };
        let t = Topology::hexagon();
        let mut exposing = [false; super::CELLS];
        for (i, d) in ALL.into_iter().enumerate() {
            let rider = if i < 6 { Role::Rook } else { Role::Bishop };
            let mut pieces = t.ray(king, d).filter(|&c| self.board[c as usize].is_some());
            if let (Some(first), Some(behind)) = (pieces.next(), pieces.next())
                && self.board[behind as usize].is_some_and(|p| {
                    enemies & bit(p.army) != 0 && (p.role == rider || p.role == Role::Queen)
                })
            {
                exposing[first as usize] = true;
            }
        }
        for c in tables().throne.iter().flatten() {
            exposing[*c as usize] = true;
        }
        exposing
    }

    /// Whether `m` leaves `player`'s king safe: at a glance where it is plain, else
    /// played out.
    fn keeps_king_safe(&self, player: Side, m: &TriMove, exposing: &[bool; super::CELLS]) -> bool {
        self.plain(m, exposing) || self.is_safe(player, m)
    }

    /// A move that cannot expose its player's king: not the king's own, a step or
    /// capture (no castling or en passant) that takes no king, from a cell off
    /// `exposing` and to no throne. It only blocks lines, or takes an attacker away.
    fn plain(&self, m: &TriMove, exposing: &[bool; super::CELLS]) -> bool {
        let king = |c: Cell| self.board[c as usize].is_some_and(|p| p.role == Role::King);
        let throne = tables().throne.iter().flatten().any(|&c| c == m.to);
        matches!(m.special, Special::None | Special::Double(_))
            && !exposing[m.from as usize]
            && !throne
            && !king(m.from)
            && !king(m.to)
    }

    /// The moves from one cell, for the board's highlights.
    pub fn moves_from(&self, player: Side, from: Cell) -> Vec<TriMove> {
        self.piece_moves(player)
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    pub(super) fn is_safe(&self, player: Side, m: &TriMove) -> bool {
        let next = self.after(player, m);
        !next.in_check(player)
    }

    /// The position after the pieces of a move have moved, the turn unchanged.
    pub(super) fn after(&self, player: Side, m: &TriMove) -> TriChess {
        let mut next = self.clone();
        next.apply(player, m);
        next
    }

    pub(super) fn pseudo_moves(&self, player: Side, moves: &mut Vec<TriMove>) {
        self.pseudo(player, false, moves);
    }

    /// Every move before the king's safety, or (`captures`) only those that take.
    fn pseudo(&self, player: Side, captures: bool, moves: &mut Vec<TriMove>) {
        let power = self.power(player);
        let prey = self.prey(player);
        for from in 0..super::CELLS as Cell {
            self.moves_of_piece_on(player, from, power, prey, captures, moves);
        }
    }

    /// The moves before the king's safety of the piece on `from`, where it is one of
    /// the armies in `power` (those `player` moves); `prey` holds the armies it may
    /// capture. With `captures`, only the moves that take.
    fn moves_of_piece_on(
        &self,
        player: Side,
        from: Cell,
        power: u8,
        prey: u8,
        captures: bool,
        moves: &mut Vec<TriMove>,
    ) {
        let t = Topology::hexagon();
        let mut add = |from: Cell, to: Cell, special: Special| {
            let m = TriMove { from, to, special };
            if !captures || self.takes(&m) {
                moves.push(m);
            }
        };
        let Some(piece) = self.board[from as usize] else {
            return;
        };
        if power & bit(piece.army) == 0 {
            return;
        }
        // Empty, or a piece this player may capture.
        let open = |to: Cell| match self.board[to as usize] {
            None => true,
            Some(q) => prey & bit(q.army) != 0,
        };
        match piece.role {
            Role::King => {
                for d in ALL {
                    if let Some(to) = t.neighbour(from, d).filter(|&to| open(to)) {
                        add(from, to, Special::None);
                    }
                }
                if piece.army == player {
                    self.castlings(player, from, &mut add);
                }
            }
            Role::Knight => {
                for &to in t.leaps(from) {
                    if open(to) {
                        add(from, to, Special::None);
                    }
                }
            }
            Role::Queen | Role::Rook | Role::Bishop => {
                let lines = match piece.role {
                    Role::Queen => &ALL[..],
                    Role::Rook => &ALL[..6],
                    _ => &ALL[6..],
                };
                for &d in lines {
                    for to in t.ray(from, d) {
                        if open(to) {
                            add(from, to, Special::None);
                        }
                        if self.board[to as usize].is_some() {
                            break;
                        }
                    }
                }
            }
            Role::Pawn => {
                let home = self.at_home(piece.army, from);
                for &d in &ALL[..6] {
                    let Some(one) = t.neighbour(from, d) else {
                        continue;
                    };
                    if self.board[one as usize].is_some() {
                        continue;
                    }
                    add(from, one, Special::None);
                    if home
                        && let Some(two) = t.neighbour(one, d)
                        && self.board[two as usize].is_none()
                    {
                        add(from, two, Special::Double(one));
                    }
                }
                if home {
                    return;
                }
                for &d in &ALL[6..] {
                    let Some(to) = t.neighbour(from, d) else {
                        continue;
                    };
                    match self.board[to as usize] {
                        Some(q) => {
                            if prey & bit(q.army) != 0 {
                                add(from, to, Special::None);
                            }
                        }
                        None => {
                            if let Some(victim) = self.en_passant(player, to) {
                                add(from, to, Special::EnPassant(victim));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The pawn `player` may take en passant by moving to `skipped`, if any: one that
    /// double-stepped over it since its player's last turn began.
    fn en_passant(&self, player: Side, skipped: Cell) -> Option<Cell> {
        Side::THREE.into_iter().find_map(|a| {
            let (over, pawn) = self.ep[a.index()]?;
            let p = self.board[pawn as usize]?;
            (a != player
                && over == skipped
                && p.role == Role::Pawn
                && self.holder(p.army) == Some(a)
                && self.may_capture(player, p.army))
            .then_some(pawn)
        })
    }

    /// Castling: king and rook unmoved, the cells between empty, and the king's cell,
    /// the emptied cells and the king's target not attacked.
    fn castlings(&self, player: Side, from: Cell, add: &mut impl FnMut(Cell, Cell, Special)) {
        let t = tables();
        let a = player.index();
        let (throne, palace) = (t.throne[a], t.palace[a]);
        if from != throne[1] || self.castling[a] == 0 {
            return;
        }
        let enemies = self.enemies(player);
        let safe = |cells: &[Cell]| cells.iter().all(|&c| !self.attacked(c, enemies));
        let empty = |cells: &[Cell]| cells.iter().all(|&c| self.board[c as usize].is_none());
        if self.castling[a] & 2 != 0 {
            let between = [palace[3], palace[4]];
            if empty(&between) && safe(&[from, palace[3], palace[4]]) {
                let rook = (palace[5], palace[3]);
                add(from, palace[4], Special::Castle { long: false, rook });
            }
        }
        if self.castling[a] & 1 != 0 {
            let between = [palace[1], palace[2], throne[0]];
            if empty(&between) && safe(&[from, palace[1], palace[2], throne[0]]) {
                let rook = (palace[0], throne[0]);
                add(from, palace[2], Special::Castle { long: true, rook });
            }
        }
    }

    /// Moves the pieces of a move and what follows from it on the board: castling
    /// rights, a captured king's army leaving, the thrones' control.
    pub(super) fn apply(&mut self, player: Side, m: &TriMove) {
        let t = tables();
        let victim_cell = match m.special {
            Special::EnPassant(c) => c,
            _ => m.to,
        };
        let victim = self.board[victim_cell as usize].take();
        let piece = self.board[m.from as usize].take();
        self.board[m.to as usize] = piece;
        if let Special::Castle { rook, .. } = m.special {
            self.board[rook.1 as usize] = self.board[rook.0 as usize].take();
        }
        for army in Side::THREE {
            let a = army.index();
            if self.castling[a] == 0 {
                continue;
            }
            let touched = |c: Cell| c == m.from || c == victim_cell;
            if touched(t.throne[a][1]) {
                self.castling[a] = 0;
            }
            if touched(t.palace[a][0]) {
                self.castling[a] &= !1;
            }
            if touched(t.palace[a][5]) {
                self.castling[a] &= !2;
            }
        }
        if let Some(v) = victim
            && v.role == Role::King
        {
            self.eliminate(v.army);
        }
        self.update_controllers(Some(player));
    }

    /// Sets who controls each army that is out: the controller keeps it while one of his
    /// own pieces stands on its throne; otherwise the mover, or the other active player,
    /// with a piece there takes it.
    pub(super) fn update_controllers(&mut self, mover: Option<Side>) {
        let t = tables();
        for army in Side::THREE {
            let a = army.index();
            if !self.is_out(army) || !self.options.throne_conquest {
                self.controller[a] = None;
                continue;
            }
            let on = |p: Side| {
                !self.is_out(p)
                    && t.throne[a]
                        .iter()
                        .any(|&c| self.board[c as usize].is_some_and(|x| x.army == p))
            };
            self.controller[a] = self.controller[a]
                .filter(|&p| on(p))
                .or(mover.filter(|&p| on(p)))
                .or(Side::THREE.into_iter().find(|&p| on(p)));
        }
    }
}
