//! The moves of 100-cell chess and how they change the position.

use super::Chess100;
use super::attacks::{attackers, attacks, first_on_ray, tables};
use super::board::{
    BACK_RANK, Bits, Board, Piece, ROYAL_FILE, Role, Square, THRONE_CHOICES, bit, file, last_rank,
    pawn_rank, rank, squares, throne,
};
use crate::rules::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A step, slide, leap or capture, a king pawn's step back included.
    Normal,
    /// A pawn's first move of two squares, which lets the enemy take it on the square
    /// it skipped.
    DoubleStep,
    /// A capture of the pawn that has just stepped two squares, by moving onto the
    /// square it skipped; the pawn stood on this square.
    EnPassant(Square),
    /// A pawn and a bishop or jester diagonally next to it change places.
    PawnCastle,
    /// The king goes three squares towards a rook that jumps over it.
    Castle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub role: Role,
    pub kind: Kind,
    pub capture: Option<Role>,
    pub promotion: Option<Role>,
    /// The square of the pawn a king's visit to the enemy throne brings.
    pub gift: Option<Square>,
}

impl Move {
    fn new(from: Square, to: Square, role: Role, kind: Kind) -> Move {
        Move {
            from,
            to,
            role,
            kind,
            capture: None,
            promotion: None,
            gift: None,
        }
    }

    /// The square of the piece taken, where the move takes one.
    pub fn capture_square(&self) -> Option<Square> {
        match self.kind {
            Kind::EnPassant(pawn) => Some(pawn),
            _ => self.capture.map(|_| self.to),
        }
    }

    /// Castling's rook: where it stands and where it lands.
    pub fn castling_rook(&self) -> Option<(Square, Square)> {
        (self.kind == Kind::Castle).then(|| {
            let base = self.from - file(self.from);
            if self.to < self.from {
                (base, base + 2)
            } else {
                (base + 9, base + 6)
            }
        })
    }

    /// True for a move to the enemy throne square by a king.
    pub fn visits_throne(&self, side: Side) -> bool {
        self.role == Role::King && self.to == throne(side.other())
    }
}

/// Which moves a generator lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    All,
    /// Captures and promotions.
    Noisy,
}

/// True when `side`'s king is attacked, or attacks the enemy king.
pub(super) fn exposed(board: &Board, side: Side) -> bool {
    let Some(king) = board.king_of(side) else {
        return false;
    };
    let occupied = board.occupied();
    if attackers(board, king, side.other(), occupied) != 0 {
        return true;
    }
    // A king reaches two squares at most.
    board.king_of(side.other()).is_some_and(|enemy| {
        tables().near[king as usize] & bit(enemy) != 0
            && attacks(side, Role::King, king, occupied) & bit(enemy) != 0
    })
}

/// Castling's wings: 0 short (towards the a-file), 1 long (towards the k-file).
pub const SHORT: usize = 0;
pub const LONG: usize = 1;

/// The corner a wing's rook starts on.
pub const fn corner(side: Side, wing: usize) -> Square {
    throne(side) - 4 + 9 * wing as Square
}

impl Chess100 {
    /// True when `side`'s king is attacked, or attacks the enemy king: a move may
    /// leave neither.
    pub fn king_exposed(&self, side: Side) -> bool {
        exposed(&self.board, side)
    }

    pub fn is_check(&self) -> bool {
        self.board.king_of(self.turn).is_some_and(|king| {
            attackers(&self.board, king, self.turn.other(), self.board.occupied()) != 0
        })
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal(Only::All)
    }

    /// The legal captures and promotions, in the order of [`Chess100::legal_moves`]:
    /// what the search follows past its horizon, without the quiet moves.
    pub fn noisy_moves(&self) -> Vec<Move> {
        self.legal(Only::Noisy)
    }

    /// The legal moves `only` asks for.
    fn legal(&self, only: Only) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(only, &mut moves);
        let exposing = self.exposing();
        moves.retain(|m| self.is_safe(m, exposing));
        moves
    }

    /// Whether the side to move has a legal move, found without listing them all: one
    /// piece's moves at a time, then en passant. Castling is never looked at: it is
    /// never the only move, since the squares it needs empty and unattacked let the
    /// king step towards the rook instead.
    pub fn has_legal_move(&self) -> bool {
        let exposing = self.exposing();
        let own = self.board.side(self.turn);
        let mut moves = Vec::with_capacity(32);
        let any = |moves: &mut Vec<Move>| {
            let found = moves.iter().any(|m| self.is_safe(m, exposing));
            moves.clear();
            found
        };
        if let Some(king) = self.king_on_visit() {
            self.piece_moves(king, Role::King, own, Only::All, &mut moves);
            return any(&mut moves);
        }
        for sq in squares(own) {
            self.moves_of_piece_on(sq, own, Only::All, &mut moves);
            if any(&mut moves) {
                return true;
            }
        }
        self.en_passant(&mut moves);
        any(&mut moves)
    }

    /// The squares a piece may leave only after the full test of its king's safety:
    /// the king's neighbours while an enemy jester or general stands near enough to
    /// bend round one of them to the king, and the first piece on each of the king's
    /// lines where the next is an enemy that may reach along it (anything but a pawn
    /// or a knight); every square when the king is already attacked. A plain move
    /// from anywhere else blocks at most, and cannot expose the king.
    fn exposing(&self) -> Bits {
        let us = self.turn;
        let Some(king) = self.board.king_of(us) else {
            return 0;
        };
        if exposed(&self.board, us) {
            return super::board::ALL;
        }
        let t = tables();
        let occupied = self.board.occupied();
        let reaching = self.board.side(us.other())
            & !self.board.role(Role::Pawn)
            & !self.board.role(Role::Knight);
        let benders = self.board.pieces(us.other(), Role::Jester)
            | self.board.pieces(us.other(), Role::General);
        let mut mask = if benders & t.near[king as usize] != 0 {
            t.king[king as usize]
        } else {
            0
        };
        for d in 0..8 {
            if let Some(first) = first_on_ray(t, king, d, occupied)
                && self.board.side(us) & bit(first) != 0
                && first_on_ray(t, first, d, occupied).is_some_and(|next| reaching & bit(next) != 0)
            {
                mask |= bit(first);
            }
        }
        mask
    }

    /// Whether `m` leaves its side's king unattacked and not attacking the enemy king.
    fn is_safe(&self, m: &Move, exposing: Bits) -> bool {
        let plain = matches!(m.kind, Kind::Normal | Kind::DoubleStep)
            && m.role != Role::King
            && exposing & bit(m.from) == 0;
        plain || !exposed(&self.board_after(m), self.turn)
    }

    /// Where the pieces stand after `m`.
    pub(super) fn board_after(&self, m: &Move) -> Board {
        let mut board = self.board;
        let us = self.turn;
        let moved = Piece {
            side: us,
            role: m.promotion.unwrap_or(m.role),
        };
        match m.kind {
            Kind::Normal | Kind::DoubleStep => {
                board.remove(m.to);
                board.remove(m.from);
                board.put(m.to, moved);
            }
            Kind::EnPassant(pawn) => {
                board.remove(pawn);
                board.remove(m.from);
                board.put(m.to, moved);
            }
            Kind::PawnCastle => {
                let partner = board.piece_at(m.to);
                board.remove(m.to);
                board.remove(m.from);
                board.put(m.to, moved);
                if let Some(partner) = partner {
                    board.put(m.from, partner);
                }
            }
            Kind::Castle => {
                let (rook_from, rook_to) = m.castling_rook().unwrap_or((m.from, m.from));
                board.remove(m.from);
                board.remove(rook_from);
                board.put(m.to, moved);
                let rook = Piece {
                    side: us,
                    role: Role::Rook,
                };
                board.put(rook_to, rook);
            }
        }
        if let Some(gift) = m.gift {
            let pawn = Piece {
                side: us,
                role: Role::Pawn,
            };
            board.put(gift, pawn);
        }
        board
    }

    /// The king that has just visited the enemy throne, which must step off it now.
    pub fn king_on_visit(&self) -> Option<Square> {
        let king = self.board.king_of(self.turn)?;
        (self.visited[self.turn.index()] && king == throne(self.turn.other())).then_some(king)
    }

    /// Every move of the side to move, before the test of its king's safety.
    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.generate(Only::All, out);
    }

    /// The moves `only` asks for, before the test of the king's safety.
    fn generate(&self, only: Only, out: &mut Vec<Move>) {
        let own = self.board.side(self.turn);
        if let Some(king) = self.king_on_visit() {
            self.piece_moves(king, Role::King, own, only, out);
            return;
        }
        for sq in squares(own) {
            self.moves_of_piece_on(sq, own, only, out);
        }
        if only == Only::All {
            self.castlings(out);
        }
        self.en_passant(out);
    }

    /// The moves of the piece on `sq` but castling and en passant.
    fn moves_of_piece_on(&self, sq: Square, own: Bits, only: Only, out: &mut Vec<Move>) {
        let Some(piece) = self.board.piece_at(sq) else {
            return;
        };
        if piece.role == Role::Pawn {
            self.pawn_moves(sq, only, out);
        } else {
            self.piece_moves(sq, piece.role, own, only, out);
        }
    }

    fn piece_moves(&self, from: Square, role: Role, own: Bits, only: Only, out: &mut Vec<Move>) {
        let us = self.turn;
        let occupied = self.board.occupied();
        let enemy_king = self.board.pieces(us.other(), Role::King);
        let mut targets = attacks(us, role, from, occupied) & !own & !enemy_king;
        if only == Only::Noisy {
            targets &= occupied;
        }
        for to in squares(targets) {
            let mut m = Move::new(from, to, role, Kind::Normal);
            m.capture = self.board.piece_at(to).map(|p| p.role);
            if role == Role::King && to == throne(us.other()) {
                if !self.visited[us.index()] {
                    self.visits(m, out);
                }
                continue;
            }
            out.push(m);
        }
    }

    /// A king's visit to the enemy throne, once for each square its gift pawn may go
    /// to (or once without, where none is free or the house rule is off).
    fn visits(&self, m: Move, out: &mut Vec<Move>) {
        let us = self.turn;
        let free: Vec<Square> = if self.options.throne_pawn {
            let row = pawn_rank(us) * 10;
            (row..row + 10)
                .filter(|&sq| self.board.occupied() & bit(sq) == 0)
                .collect()
        } else {
            Vec::new()
        };
        if free.is_empty() {
            out.push(m);
        }
        for gift in free {
            out.push(Move {
                gift: Some(gift),
                ..m
            });
        }
    }

    /// A pawn's moves; with `only` noisy, its captures and the steps that promote (a
    /// double step or a step back never reaches the last rank).
    fn pawn_moves(&self, from: Square, only: Only, out: &mut Vec<Move>) {
        let us = self.turn;
        let t = tables();
        let occupied = self.board.occupied();
        let ahead = |sq: Square, step: i8| -> Option<Square> {
            let to = sq as i16 + step as i16;
            (0..100).contains(&to).then_some(to as Square)
        };
        let step = super::board::forward(us);
        let king_pawn = ROYAL_FILE & bit(from) != 0;
        let promotes = |to: Square| only == Only::All || rank(to) == last_rank(us);
        if let Some(to) = ahead(from, step).filter(|&to| occupied & bit(to) == 0) {
            if promotes(to) {
                self.promoting(Move::new(from, to, Role::Pawn, Kind::Normal), out);
            }
            if only == Only::All
                && self.fresh & bit(from) != 0
                && let Some(two) = ahead(to, step).filter(|&two| occupied & bit(two) == 0)
            {
                out.push(Move::new(from, two, Role::Pawn, Kind::DoubleStep));
            }
        }
        if only == Only::All
            && king_pawn
            && let Some(to) = ahead(from, -step).filter(|&to| occupied & bit(to) == 0)
        {
            out.push(Move::new(from, to, Role::Pawn, Kind::Normal));
        }
        let mut diagonals = t.pawn[us.index()][from as usize];
        if king_pawn {
            diagonals |= t.pawn[us.other().index()][from as usize];
        }
        let enemy_king = self.board.pieces(us.other(), Role::King);
        for to in squares(diagonals & self.board.side(us.other()) & !enemy_king) {
            let mut m = Move::new(from, to, Role::Pawn, Kind::Normal);
            m.capture = self.board.piece_at(to).map(|p| p.role);
            self.promoting(m, out);
        }
        let partners = self.board.pieces(us, Role::Bishop) | self.board.pieces(us, Role::Jester);
        for to in squares(diagonals & partners).filter(|&to| promotes(to)) {
            self.promoting(Move::new(from, to, Role::Pawn, Kind::PawnCastle), out);
        }
    }

    /// A pawn move, with the promotion it brings on the last rank: the piece that began
    /// on that square, or any but a king on the enemy throne.
    fn promoting(&self, m: Move, out: &mut Vec<Move>) {
        let us = self.turn;
        if rank(m.to) != last_rank(us) {
            out.push(m);
        } else if m.to == throne(us.other()) {
            for role in THRONE_CHOICES {
                out.push(Move {
                    promotion: Some(role),
                    ..m
                });
            }
        } else {
            out.push(Move {
                promotion: Some(BACK_RANK[file(m.to) as usize]),
                ..m
            });
        }
    }

    /// Royal castling: the king three squares towards the rook, the rook over it.
    fn castlings(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        let king = throne(us);
        if self.board.pieces(us, Role::King) & bit(king) == 0 {
            return;
        }
        let occupied = self.board.occupied();
        let rooks = self.board.pieces(us, Role::Rook);
        for wing in [SHORT, LONG] {
            let rook = corner(us, wing);
            if !self.castling[us.index()][wing] || rooks & bit(rook) == 0 {
                continue;
            }
            let (low, high) = if rook < king {
                (rook + 1, king)
            } else {
                (king + 1, rook)
            };
            let between: Bits = (low..high).fold(0, |b, s| b | bit(s));
            if between & occupied != 0 {
                continue;
            }
            let to = if rook < king { king - 3 } else { king + 3 };
            let path: Vec<Square> = if rook < king {
                (to..=king).collect()
            } else {
                (king..=to).collect()
            };
            let safe = path
                .iter()
                .all(|&sq| attackers(&self.board, sq, us.other(), occupied) == 0);
            if safe {
                out.push(Move::new(king, to, Role::King, Kind::Castle));
            }
        }
    }

    /// The captures of a pawn that has just stepped two squares, on the square it
    /// skipped: by pawns always, and by any piece attacking that square under
    /// `extended_en_passant`.
    fn en_passant(&self, out: &mut Vec<Move>) {
        let Some(skipped) = self.ep else { return };
        let us = self.turn;
        let pawn = (skipped as i16 + super::board::forward(us.other()) as i16) as Square;
        for from in squares(self.en_passant_takers(skipped)) {
            let Some(piece) = self.board.piece_at(from) else {
                continue;
            };
            out.push(Move {
                capture: Some(Role::Pawn),
                ..Move::new(from, skipped, piece.role, Kind::EnPassant(pawn))
            });
        }
    }

    /// The pieces of the side to move that may take en passant on `skipped`.
    pub fn en_passant_takers(&self, skipped: Square) -> Bits {
        let us = self.turn;
        let found = attackers(&self.board, skipped, us, self.board.occupied());
        if self.options.extended_en_passant {
            found
        } else {
            found & self.board.role(Role::Pawn)
        }
    }

    /// Plays a move from `legal_moves` (or `pseudo_moves`).
    pub fn play(&mut self, m: &Move) {
        let us = self.turn;
        let them = us.other();
        let mut irreversible = m.role == Role::Pawn || m.capture.is_some() || m.gift.is_some();
        self.ep = None;
        self.board = self.board_after(m);
        match m.kind {
            Kind::EnPassant(pawn) => self.fresh &= !bit(pawn),
            Kind::Castle => {
                self.castled[us.index()] = true;
                let wing = usize::from(m.to > m.from);
                self.castling[us.index()][wing] = false;
            }
            _ => {}
        }
        self.fresh &= !(bit(m.from) | bit(m.to));
        if m.role == Role::King && m.kind != Kind::Castle && !self.castled[us.index()] {
            self.castling[us.index()] = [false; 2];
        }
        for side in [Side::White, Side::Black] {
            for wing in [SHORT, LONG] {
                let c = corner(side, wing);
                if m.from == c || m.to == c {
                    self.castling[side.index()][wing] = false;
                }
            }
        }
        if m.visits_throne(us) {
            self.visited[us.index()] = true;
        }
        if let Some(gift) = m.gift {
            self.fresh |= bit(gift);
        }
        if m.kind == Kind::DoubleStep {
            let skipped = (m.from + m.to) / 2;
            self.turn = them;
            if self.en_passant_takers(skipped) != 0 {
                self.ep = Some(skipped);
            }
            irreversible = true;
        } else {
            self.turn = them;
        }
        self.halfmoves = if irreversible { 0 } else { self.halfmoves + 1 };
        if us == Side::Black {
            self.fullmoves += 1;
        }
    }

    /// The number of move sequences of `depth` plies from here.
    pub fn count_moves(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.count_moves(depth - 1)
            })
            .sum()
    }
}
