//! Turkish moves: men forward and sideways, flying kings, captures that remove each
//! piece at once, no 180-degree turn, and the maximum-capture rule.

use super::{CapturePromotion, Dama, Flavour};
use crate::rules::chess::tables::squares;
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Direction, Topology};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// Up to 16 pieces can be taken in one move.
pub type Path = crate::rules::path::Path<16>;

/// A move: its start and every square it lands on; a capture also lists what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub landings: Path,
    pub captured: Path,
    /// A man that ends the move on the far rank.
    pub promotes: bool,
}

impl Move {
    pub fn to(&self) -> Cell {
        *self.landings.as_slice().last().expect("a move lands")
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

fn far_rank(cell: Cell, side: Side) -> bool {
    let rank = cell / 8;
    match side {
        Side::White => rank == 7,
        _ => rank == 0,
    }
}

fn opposite(d: Direction) -> Direction {
    match d {
        Direction::North => Direction::South,
        Direction::South => Direction::North,
        Direction::East => Direction::West,
        Direction::West => Direction::East,
        Direction::NorthEast => Direction::SouthWest,
        Direction::SouthWest => Direction::NorthEast,
        Direction::NorthWest => Direction::SouthEast,
        Direction::SouthEast => Direction::NorthWest,
    }
}

/// Forward, left and right for a man of `side`.
fn man_directions(side: Side) -> [Direction; 3] {
    let forward = if side == Side::White {
        Direction::North
    } else {
        Direction::South
    };
    [forward, Direction::East, Direction::West]
}

/// The diagonal forward steps of an Armenian man.
fn man_diagonals(side: Side) -> [Direction; 2] {
    match side {
        Side::White => [Direction::NorthEast, Direction::NorthWest],
        _ => [Direction::SouthEast, Direction::SouthWest],
    }
}

pub(super) fn legal<O: Flavour>(g: &Dama<O>) -> Vec<Move> {
    let bits = Bits::of(g);
    let capturers = bits.capturers(g);
    if capturers != 0 {
        return captures(g, &bits, capturers);
    }
    let mut quiet = Vec::new();
    quiet_steps(g, |from, to, piece| {
        let mut landings = Path::default();
        landings.push(to);
        quiet.push(Move {
            from,
            landings,
            captured: Path::default(),
            promotes: !piece.king && far_rank(to, piece.side),
        });
    });
    quiet
}

/// How many legal moves there are, without listing the quiet ones (for perft).
pub(super) fn count<O: Flavour>(g: &Dama<O>) -> usize {
    let bits = Bits::of(g);
    let capturers = bits.capturers(g);
    if capturers != 0 {
        return captures(g, &bits, capturers).len();
    }
    bits.quiet_count::<O>(g.turn)
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;

/// The board as sets of squares (bit `cell`), which answer the two questions asked of
/// nearly every position, "is there a capture?" and "how many steps?", a whole rank
/// of men at a time instead of piece by piece.
struct Bits {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
}

impl Bits {
    fn of<O>(g: &Dama<O>) -> Bits {
        let own = g.board.side(g.turn);
        Bits {
            men: own & !g.board.kings(),
            kings: own & g.board.kings(),
            enemy: g.board.side(g.turn.other()),
            empty: g.board.empty(),
        }
    }

    /// The pieces of the side to move that can capture: a man beside an enemy with an
    /// empty square behind it, or a king whose run ends at an enemy with one behind it.
    fn capturers<O: Flavour>(&self, g: &Dama<O>) -> u64 {
        let white = g.turn == Side::White;
        let forward = |x: u64| if white { x << 8 } else { x >> 8 };
        let back = |x: u64| if white { x >> 16 } else { x << 16 };
        let men = self.men;
        let ahead = forward(forward(men) & self.enemy) & self.empty;
        let east = (((men & !(FILE_G | FILE_H)) << 1) & self.enemy) << 1 & self.empty;
        let west = (((men & !(FILE_A | FILE_B)) >> 1) & self.enemy) >> 1 & self.empty;
        let mut found = back(ahead) | east >> 2 | west << 2;
        let t = Topology::plain();
        let directions: &[Direction] = if g.options.king_diagonal_capture() {
            &Direction::ALL
        } else {
            &Direction::ORTHOGONAL
        };
        for king in squares(self.kings) {
            let captures = directions.iter().any(|&d| {
                let mut ray = t.ray(king, d).skip_while(|&c| self.empty >> c & 1 == 1);
                ray.next()
                    .is_some_and(|victim| self.enemy >> victim & 1 == 1)
                    && ray.next().is_some_and(|land| self.empty >> land & 1 == 1)
            });
            if captures {
                found |= 1 << king;
            }
        }
        found
    }

    /// The number of quiet moves of the side to move.
    fn quiet_count<O: Flavour>(&self, side: Side) -> usize {
        let men = self.men;
        let forward = if side == Side::White {
            men << 8
        } else {
            men >> 8
        };
        let mut n = (forward & self.empty).count_ones()
            + ((men & !FILE_H) << 1 & self.empty).count_ones()
            + ((men & !FILE_A) >> 1 & self.empty).count_ones();
        if O::DIAGONAL_STEPS {
            n += if side == Side::White {
                ((men & !FILE_H) << 9 & self.empty).count_ones()
                    + ((men & !FILE_A) << 7 & self.empty).count_ones()
            } else {
                ((men & !FILE_H) >> 7 & self.empty).count_ones()
                    + ((men & !FILE_A) >> 9 & self.empty).count_ones()
            };
        }
        let t = Topology::plain();
        let directions: &[Direction] = if O::DIAGONAL_STEPS {
            &Direction::ALL
        } else {
            &Direction::ORTHOGONAL
        };
        for king in squares(self.kings) {
            for &d in directions {
                n += t
                    .ray(king, d)
                    .take_while(|&c| self.empty >> c & 1 == 1)
                    .count() as u32;
            }
        }
        n as usize
    }
}

/// Every capture of the side to move by the pieces in `capturers` (those with a first
/// jump), only the longest where the maximum rule holds.
fn captures<O: Flavour>(g: &Dama<O>, bits: &Bits, capturers: u64) -> Vec<Move> {
    let mut captures = Vec::new();
    // One search for every piece: each is lifted off its square while its captures are
    // followed, and put back.
    let mut search = Search {
        g,
        empty: bits.empty,
        enemy: bits.enemy,
        side: g.turn,
        from: 0,
        started_king: false,
        landings: Path::default(),
        captured: Path::default(),
        out: &mut captures,
    };
    for from in squares(capturers) {
        let piece = g.board.get(from).expect("a capturer is a piece");
        search.empty |= 1 << from;
        search.from = from;
        search.started_king = piece.king;
        search.extend(from, piece.king, None);
        search.empty &= !(1 << from);
    }
    if !captures.is_empty() && g.options.rules().max_capture {
        let most = captures.iter().map(|m| m.captured.len()).max().unwrap_or(0);
        captures.retain(|m| m.captured.len() == most);
    }
    captures
}

/// Calls `step` with (from, to, piece) for every quiet move of the side to move.
fn quiet_steps<O: Flavour>(g: &Dama<O>, mut step: impl FnMut(Cell, Cell, Piece)) {
    let t = Topology::plain();
    for from in squares(g.board.side(g.turn)) {
        let piece = g.board.get(from).expect("a piece of the side to move");
        if piece.king {
            let directions: &[Direction] = if O::DIAGONAL_STEPS {
                &Direction::ALL
            } else {
                &Direction::ORTHOGONAL
            };
            for &d in directions {
                for to in t.ray(from, d) {
                    if g.board.get(to).is_some() {
                        break;
                    }
                    step(from, to, piece);
                }
            }
        } else {
            let diagonals = if O::DIAGONAL_STEPS {
                &man_diagonals(piece.side)[..]
            } else {
                &[]
            };
            for &d in man_directions(piece.side).iter().chain(diagonals) {
                if let Some(to) = t.neighbour(from, d)
                    && g.board.get(to).is_none()
                {
                    step(from, to, piece);
                }
            }
        }
    }
}

/// The squares a jump may land on: a flying king's run beyond its victim.
type Lands = crate::rules::path::Path<8>;

/// The jumps open from one square, one per direction at most.
struct Jumps {
    list: [(Direction, Cell, Lands); 8],
    len: usize,
}

impl Default for Jumps {
    fn default() -> Self {
        Jumps {
            list: [(Direction::North, 0, Lands::default()); 8],
            len: 0,
        }
    }
}

/// Depth-first search over capture sequences, removing each captured piece at once.
/// The board is kept as two sets, the empty squares and the enemy's pieces, which is
/// all a jump needs to know.
struct Search<'a, O> {
    g: &'a Dama<O>,
    empty: u64,
    enemy: u64,
    side: Side,
    from: Cell,
    started_king: bool,
    landings: Path,
    captured: Path,
    out: &'a mut Vec<Move>,
}

impl<O: Flavour> Search<'_, O> {
    /// The jumps from `at`: (direction, captured square, landing squares), at most one
    /// per direction, kept on the stack.
    fn jumps(&self, at: Cell, king: bool, last: Option<Direction>) -> Jumps {
        let men = man_directions(self.side);
        let directions: &[Direction] = match (king, self.g.options.king_diagonal_capture()) {
            (true, true) => &Direction::ALL,
            (true, false) => &Direction::ORTHOGONAL,
            (false, _) => &men,
        };
        let empty = |c: Cell| self.empty >> c & 1 == 1;
        let mut found = Jumps::default();
        for &d in directions {
            if !self.g.options.rules().allow_180 && last.is_some_and(|l| opposite(l) == d) {
                continue;
            }
            let mut victim = d.next_square(at);
            while king && victim.is_some_and(empty) {
                victim = victim.and_then(|c| d.next_square(c));
            }
            let Some(victim) = victim else { continue };
            if self.enemy >> victim & 1 == 0 {
                continue;
            }
            let mut lands = Lands::default();
            let mut land = d.next_square(victim);
            while let Some(c) = land.filter(|&c| empty(c)) {
                lands.push(c);
                if !king {
                    break;
                }
                land = d.next_square(c);
            }
            if !lands.is_empty() {
                found.list[found.len] = (d, victim, lands);
                found.len += 1;
            }
        }
        found
    }

    fn extend(&mut self, at: Cell, king: bool, last: Option<Direction>) {
        let jumps = self.jumps(at, king, last);
        if jumps.len == 0 {
            if !self.landings.is_empty() {
                self.out.push(Move {
                    from: self.from,
                    landings: self.landings,
                    captured: self.captured,
                    // A man crowned on the way (Armenian style) is a king now too.
                    promotes: !self.started_king && (king || far_rank(at, self.side)),
                });
            }
            return;
        }
        for &(d, victim, mut lands) in &jumps.list[..jumps.len] {
            let bit = 1u64 << victim;
            self.enemy &= !bit;
            self.empty |= bit;
            self.captured.push(victim);
            // Without the maximum rule a flying king must still pick a landing that goes on
            // capturing, when one does.
            if king && !self.g.options.rules().max_capture {
                let mut going_on = Lands::default();
                for &l in lands.as_slice() {
                    if self.jumps(l, true, Some(d)).len > 0 {
                        going_on.push(l);
                    }
                }
                if !going_on.is_empty() {
                    lands = going_on;
                }
            }
            for &land in lands.as_slice() {
                self.landings.push(land);
                let crowned = !king && far_rank(land, self.side);
                match (crowned, self.g.options.rules().promotion_in_capture) {
                    (true, CapturePromotion::Stop) => self.out.push(Move {
                        from: self.from,
                        landings: self.landings,
                        captured: self.captured,
                        promotes: true,
                    }),
                    (true, CapturePromotion::AsKing) => self.extend(land, true, Some(d)),
                    _ => self.extend(land, king, Some(d)),
                }
                self.landings.pop();
            }
            self.captured.pop();
            self.enemy |= bit;
            self.empty &= !bit;
        }
    }
}
