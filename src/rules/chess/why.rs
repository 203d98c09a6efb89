//! Why a piece on a chess board may not move: the check its move would leave or walk
//! into, the piece in its way, castling's conditions, or its way of moving. Orthodox
//! chess and the chess family share it; each gives its own move generation.

use super::kind;
use super::position::{Board, Move, MoveKind};
use super::role::{Piece, Role};
use super::tables::{Bitboard, bishop_attacks, rook_attacks, tables};
use crate::rules::side::Side;
use crate::rules::topology::Cell;
use crate::rules::why::{Refusal, Word};

/// The reasons [`explain`] gives where a royal piece may not be left attacked.
pub const REASONS: &[&str] = &[
    "msg-why-king-attacked",
    "msg-why-check",
    "msg-why-pinned",
    "msg-why-blocked",
    "msg-why-hemmed",
    "msg-why-shape",
    "msg-why-pawn",
    "msg-why-castle-rights",
    "msg-why-castle-check",
    "msg-why-castle-attacked",
];

/// The reasons that need a royal piece, which variants whose kings are captured never
/// give.
pub const ROYAL_REASONS: &[&str] = &[
    "msg-why-king-attacked",
    "msg-why-check",
    "msg-why-pinned",
    "msg-why-castle-check",
];

/// What [`explain`] needs to know of a game.
pub struct Facts<'a> {
    pub board: &'a Board,
    pub us: Side,
    /// The mover's royal piece, where it has one.
    pub royal: Option<Role>,
    /// The rooks that may still castle.
    pub castling: Bitboard,
    /// Whether castling may not start in, pass or land on an attacked square.
    pub castling_sees_attacks: bool,
    /// The power a piece has where it stands (transforming chess changes it).
    pub power: &'a dyn Fn(Piece, Cell) -> Role,
    /// The pieces of a side that attack a square, on the board as it is.
    pub attackers: &'a dyn Fn(Cell, Side) -> Bitboard,
    /// The piece's moves by its way of moving, before its king's safety is judged.
    pub pseudo: &'a [Move],
    /// A piece that would attack the mover's royal piece once the move is played.
    pub attacker_after: &'a dyn Fn(&Move) -> Option<Cell>,
}

/// The reason the piece on `from` may not move (to `to`, where given). None when its
/// moves there are sound on the board: then a rule of the variant refuses them.
pub fn explain(g: &Facts, from: Cell, to: Option<Cell>) -> Option<Refusal> {
    let piece = g.board.piece_at(from).filter(|p| p.side == g.us)?;
    let name = |cell: Cell| kind(g.board.piece_at(cell).map_or(Role::Pawn, |p| p.role));
    let royal = g.royal.and_then(|r| {
        let squares = g.board.pieces(g.us, r);
        (squares != 0).then(|| squares.trailing_zeros() as Cell)
    });
    let checker = royal
        .map(|k| (g.attackers)(k, g.us.other()))
        .filter(|&b| b != 0)
        .map(|b| b.trailing_zeros() as Cell);
    let tried: Vec<&Move> = g
        .pseudo
        .iter()
        .filter(|m| m.from == from && m.kind != MoveKind::Drop && to.is_none_or(|t| m.to == t))
        .collect();
    for m in &tried {
        if let Some(a) = (g.attacker_after)(m) {
            let key = if Some(piece.role) == g.royal {
                "msg-why-king-attacked"
            } else if checker.is_some() {
                "msg-why-check"
            } else {
                "msg-why-pinned"
            };
            let culprit = match key {
                "msg-why-check" => checker.unwrap_or(a),
                _ => a,
            };
            return Some(Refusal::new(key).blaming(name(culprit), culprit));
        }
    }
    if !tried.is_empty() {
        return None;
    }
    let mover = Word::Piece(kind(piece.role));
    let Some(to) = to else {
        return Some(Refusal::new("msg-why-hemmed").with("mover", mover));
    };
    let occupied = g.board.occupied();
    let power = (g.power)(piece, from);
    let rank = |c: Cell| c / 8;
    if piece.role == Role::King && rank(from) == rank(to) && from.abs_diff(to) == 2 {
        return Some(castling(g, from, to, checker, &name));
    }
    let t = tables();
    let between = t.between[usize::from(from)][usize::from(to)] & occupied;
    if power == Role::Pawn {
        let forward: i16 = if piece.side == Side::White { 8 } else { -8 };
        let ahead = i16::from(from) + forward;
        let straight = i16::from(to) - i16::from(from);
        if (straight == forward || straight == 2 * forward) && (0..64).contains(&ahead) {
            let ahead = ahead as Cell;
            if occupied & (1u64 << ahead) != 0 {
                return Some(Refusal::new("msg-why-blocked").blaming(name(ahead), ahead));
            }
        }
        return Some(Refusal::new("msg-why-pawn"));
    }
    let on_empty_board = match power {
        Role::Bishop => bishop_attacks(from, 0),
        Role::Rook => rook_attacks(from, 0),
        Role::Queen | Role::Maharajah => bishop_attacks(from, 0) | rook_attacks(from, 0),
        _ => 0,
    };
    if on_empty_board & (1u64 << to) != 0 && between != 0 {
        let nearest = if to > from {
            between.trailing_zeros() as Cell
        } else {
            63 - between.leading_zeros() as Cell
        };
        return Some(Refusal::new("msg-why-blocked").blaming(name(nearest), nearest));
    }
    Some(if power == piece.role {
        Refusal::new("msg-why-shape").with("mover", mover)
    } else {
        Refusal::new("msg-why-moves-as")
            .with("mover", mover)
            .with("power", Word::Piece(kind(power)))
    })
}

/// Why the king may not castle towards `to`.
fn castling(
    g: &Facts,
    from: Cell,
    to: Cell,
    checker: Option<Cell>,
    name: &dyn Fn(Cell) -> crate::rules::view::PieceKind,
) -> Refusal {
    let base = from - from % 8;
    let (rook, path): (Cell, &[Cell]) = if to > from {
        (base + 7, &[base + 5, base + 6])
    } else {
        (base, &[base + 3, base + 2, base + 1])
    };
    if g.castling & (1u64 << rook) == 0 || from != base + 4 {
        return Refusal::new("msg-why-castle-rights");
    }
    if let Some(c) = checker.filter(|_| g.castling_sees_attacks) {
        return Refusal::new("msg-why-castle-check").blaming(name(c), c);
    }
    if let Some(&taken) = path.iter().find(|&&c| g.board.piece_at(c).is_some()) {
        return Refusal::new("msg-why-blocked").blaming(name(taken), taken);
    }
    // The king crosses and lands on the first two squares of the path.
    for &square in path[..2].iter().filter(|_| g.castling_sees_attacks) {
        let by = (g.attackers)(square, g.us.other());
        if by != 0 {
            let a = by.trailing_zeros() as Cell;
            return Refusal::new("msg-why-castle-attacked").blaming(name(a), a);
        }
    }
    Refusal::new("msg-why-castle-rights")
}

/// Orthodox chess's reasons, with its own pseudo-legal moves of the piece.
pub fn orthodox(p: &super::Chess, from: Cell, to: Option<Cell>) -> Option<Refusal> {
    let board = &p.board;
    let piece = board.piece_at(from).filter(|q| q.side == p.turn)?;
    let t = tables();
    let s = usize::from(from);
    let occupied = board.occupied();
    let us = p.us();
    let them = p.them();
    let reach = match piece.role {
        Role::Pawn => {
            let forward: i16 = if p.turn == Side::White { 8 } else { -8 };
            let mut squares = t.pawn[p.turn.index()][s] & them;
            if let Some(ep) = p
                .ep_square
                .filter(|&e| t.pawn[p.turn.index()][s] & (1u64 << e) != 0)
            {
                squares |= 1u64 << ep;
            }
            let one = i16::from(from) + forward;
            if (0..64).contains(&one) && occupied & (1u64 << one) == 0 {
                squares |= 1u64 << one;
                let two = one + forward;
                let start = if p.turn == Side::White { 1 } else { 6 };
                if from / 8 == start && occupied & (1u64 << two) == 0 {
                    squares |= 1u64 << two;
                }
            }
            squares
        }
        Role::Knight => t.knight[s],
        Role::Bishop => bishop_attacks(from, occupied),
        Role::Rook => rook_attacks(from, occupied),
        Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
        _ => t.king[s],
    } & !us;
    let pseudo: Vec<Move> = super::tables::squares(reach)
        .map(|to| {
            let kind = if piece.role == Role::Pawn && Some(to) == p.ep_square {
                MoveKind::EnPassant
            } else {
                MoveKind::Normal
            };
            p.make(from, to, piece.role, kind)
        })
        .collect();
    let attacker_after = |m: &Move| {
        let mut after = *p;
        after.play_unchecked(m);
        let king = after.board.king_of(p.turn)?;
        let by = after
            .board
            .attackers(king, p.turn.other(), after.board.occupied());
        (by != 0).then(|| by.trailing_zeros() as Cell)
    };
    let facts = Facts {
        board,
        us: p.turn,
        royal: Some(Role::King),
        castling: p.castling,
        castling_sees_attacks: true,
        power: &|q: Piece, _| q.role,
        attackers: &|sq, by| board.attackers(sq, by, occupied),
        pseudo: &pseudo,
        attacker_after: &attacker_after,
    };
    explain(&facts, from, to)
}
