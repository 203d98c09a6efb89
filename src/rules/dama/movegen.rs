//! Turkish moves: men forward and sideways, flying kings, captures that remove each
//! piece at once, no 180-degree turn, and the maximum-capture rule.

use super::{CapturePromotion, Dama, Flavour};
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
    let captures = captures(g);
    if !captures.is_empty() {
        return captures;
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
    let captures = captures(g);
    if !captures.is_empty() {
        return captures.len();
    }
    let mut n = 0;
    quiet_steps(g, |_, _, _| n += 1);
    n
}

/// Every capture of the side to move, only the longest where the maximum rule holds.
fn captures<O: Flavour>(g: &Dama<O>) -> Vec<Move> {
    let mut captures = Vec::new();
    // One search for every piece: each is lifted off its square while its captures are
    // followed, and put back.
    let mut search = Search {
        g,
        board: g.board,
        side: g.turn,
        from: 0,
        started_king: false,
        landings: Path::default(),
        captured: Path::default(),
        out: &mut captures,
    };
    for from in 0..64u8 {
        let Some(piece) = g.board[from as usize] else {
            continue;
        };
        if piece.side != g.turn {
            continue;
        }
        search.board[from as usize] = None;
        search.from = from;
        search.started_king = piece.king;
        search.extend(from, piece.king, None);
        search.board[from as usize] = Some(piece);
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
    for from in 0..64u8 {
        let Some(piece) = g.board[from as usize] else {
            continue;
        };
        if piece.side != g.turn {
            continue;
        }
        if piece.king {
            let directions: &[Direction] = if O::DIAGONAL_STEPS {
                &Direction::ALL
            } else {
                &Direction::ORTHOGONAL
            };
            for &d in directions {
                for to in t.ray(from, d) {
                    if g.board[to as usize].is_some() {
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
                    && g.board[to as usize].is_none()
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
struct Search<'a, O> {
    g: &'a Dama<O>,
    board: [Option<Piece>; 64],
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
        let t = Topology::plain();
        let men = man_directions(self.side);
        let directions: &[Direction] = match (king, self.g.options.king_diagonal_capture()) {
            (true, true) => &Direction::ALL,
            (true, false) => &Direction::ORTHOGONAL,
            (false, _) => &men,
        };
        let mut found = Jumps::default();
        for &d in directions {
            if !self.g.options.rules().allow_180 && last.is_some_and(|l| opposite(l) == d) {
                continue;
            }
            let mut ray = t.ray(at, d);
            let victim = if king {
                ray.find(|&c| self.board[c as usize].is_some())
            } else {
                ray.next()
            };
            let Some(victim) = victim else { continue };
            if !matches!(self.board[victim as usize], Some(p) if p.side != self.side) {
                continue;
            }
            let mut lands = Lands::default();
            for c in t.ray(victim, d) {
                if self.board[c as usize].is_some() || (!king && !lands.is_empty()) {
                    break;
                }
                lands.push(c);
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
            let taken = self.board[victim as usize].take();
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
            self.board[victim as usize] = taken;
        }
    }
}
