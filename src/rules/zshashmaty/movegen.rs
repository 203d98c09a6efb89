//! Moves of Z-shashmaty: checkers steps and jump chains, monarch steps and jumps,
//! rook and knight moves, the capture obligation and mines.

use super::position::{Board, Piece, Role, on_far_rank};
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Direction, Topology};

/// Up to 12 enemy pieces can be jumped in one chain, so 12 landings suffice; one spare.
pub type Path = crate::rules::path::Path<13>;

/// One move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub role: Role,
    /// Every square the piece lands on, the last being its destination.
    pub landings: Path,
    /// The squares of the pieces it removes.
    pub captured: Path,
    /// True for a draughts jump (chain).
    pub jump: bool,
    /// Index into `landings` where a checker was forced to become a king mid-chain.
    pub crowned_at: Option<u8>,
    /// The piece chosen on reaching the far rank at the end of the move.
    pub promotion: Option<Role>,
    /// A rook or knight that took a z-checker is blown up with it.
    pub mine: bool,
}

impl Move {
    pub fn to(&self) -> Cell {
        *self
            .landings
            .as_slice()
            .last()
            .expect("a move lands somewhere")
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    fn simple(from: Cell, to: Cell, role: Role, captured: Option<Cell>) -> Move {
        let mut landings = Path::default();
        landings.push(to);
        let mut cap = Path::default();
        if let Some(c) = captured {
            cap.push(c);
        }
        Move {
            from,
            role,
            landings,
            captured: cap,
            jump: false,
            crowned_at: None,
            promotion: None,
            mine: false,
        }
    }
}

/// Applies a move to a board.
pub fn apply(board: &mut Board, side: Side, m: &Move) {
    for &c in m.captured.as_slice() {
        board[c as usize] = None;
    }
    board[m.from as usize] = None;
    if m.mine {
        return;
    }
    let role = m
        .promotion
        .or(m.crowned_at.map(|_| Role::King))
        .unwrap_or(m.role);
    board[m.to() as usize] = Some(Piece { side, role });
}

/// Generates moves for `side`: (draughts jumps, chess captures, quiet moves).
pub struct Generated {
    pub jumps: Vec<Move>,
    pub chess_captures: Vec<Move>,
    pub quiet: Vec<Move>,
}

impl Generated {
    /// The legal moves: when a draughts capture exists, only captures (of either kind).
    pub fn legal(self) -> Vec<Move> {
        let mut moves = self.jumps;
        moves.extend(self.chess_captures);
        if moves.iter().all(|m| !m.jump) {
            moves.extend(self.quiet);
        }
        moves
    }
}

pub fn generate(board: &Board, side: Side) -> Generated {
    let t = Topology::dark32();
    let mut g = Generated {
        jumps: Vec::new(),
        chess_captures: Vec::new(),
        quiet: Vec::new(),
    };
    for (from, piece) in own_pieces(board, side) {
        match piece.role {
            Role::Checker | Role::ZChecker => {
                for d in forward(side) {
                    if let Some(to) = t.neighbour(from, d)
                        && board[to as usize].is_none()
                    {
                        push_with_promotion(
                            &mut g.quiet,
                            Move::simple(from, to, piece.role, None),
                            side,
                        );
                    }
                }
            }
            Role::King | Role::ViceKing => {
                for d in Direction::DIAGONAL {
                    if let Some(to) = t.neighbour(from, d)
                        && board[to as usize].is_none()
                    {
                        g.quiet.push(Move::simple(from, to, piece.role, None));
                    }
                }
            }
            Role::Rook => {
                for d in Direction::DIAGONAL {
                    for to in t.ray(from, d) {
                        if chess_target(board, side, from, to, piece.role, &mut g) {
                            break;
                        }
                    }
                }
            }
            Role::Knight => {
                for &to in t.leaps(from) {
                    chess_target(board, side, from, to, piece.role, &mut g);
                }
            }
        }
        if piece.role.jumps() {
            let mut scratch = *board;
            scratch[from as usize] = None;
            let mut chain = Chain {
                board: &scratch,
                side,
                from,
                role: piece.role,
                landings: Path::default(),
                captured: Path::default(),
                crowned_at: None,
                out: &mut g.jumps,
            };
            chain.extend(from, piece.role);
        }
    }
    g
}

/// Whether `side` has any move, found without listing them: a piece that can step,
/// slide, leap or jump (a jump chain always ends in a move).
pub fn has_move(board: &Board, side: Side) -> bool {
    let t = Topology::dark32();
    let free = |to: Cell| board[to as usize].is_none();
    let open = |to: Cell| board[to as usize].is_none_or(|p| p.side != side);
    own_pieces(board, side).any(|(from, piece)| {
        let steps = match piece.role {
            Role::Checker | Role::ZChecker => forward(side)
                .into_iter()
                .any(|d| t.neighbour(from, d).is_some_and(free)),
            Role::King | Role::ViceKing => Direction::DIAGONAL
                .into_iter()
                .any(|d| t.neighbour(from, d).is_some_and(free)),
            // A rook's first square on a line is its nearest move there.
            Role::Rook => Direction::DIAGONAL
                .into_iter()
                .any(|d| t.neighbour(from, d).is_some_and(open)),
            Role::Knight => t.leaps(from).iter().any(|&to| open(to)),
        };
        steps || piece.role.jumps() && can_jump(board, side, from)
    })
}

/// Whether `side` has a draughts jump, which makes capturing compulsory.
pub fn has_jump(board: &Board, side: Side) -> bool {
    own_pieces(board, side).any(|(from, piece)| piece.role.jumps() && can_jump(board, side, from))
}

/// The pieces of `side` with their squares.
fn own_pieces(board: &Board, side: Side) -> impl Iterator<Item = (Cell, Piece)> + '_ {
    (0..32u8).filter_map(move |c| board[c as usize].filter(|p| p.side == side).map(|p| (c, p)))
}

/// Whether the piece on `from` can jump an enemy next to it.
fn can_jump(board: &Board, side: Side, from: Cell) -> bool {
    jumps_over(board, side, from).next().is_some()
}

/// The enemy pieces next to `at` that a piece of `side` may jump on `board`, each with
/// the empty square beyond it.
fn jumps_over(board: &Board, side: Side, at: Cell) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    let t = Topology::dark32();
    Direction::DIAGONAL.into_iter().filter_map(move |d| {
        let over = t.neighbour(at, d)?;
        let land = t.neighbour(over, d)?;
        let enemy = matches!(board[over as usize], Some(p) if p.side != side);
        (enemy && board[land as usize].is_none()).then_some((over, land))
    })
}

/// The two diagonals a checker of `side` steps along.
fn forward(side: Side) -> [Direction; 2] {
    match side {
        Side::White => [Direction::NorthEast, Direction::NorthWest],
        _ => [Direction::SouthEast, Direction::SouthWest],
    }
}

/// Records a rook or knight move to `to`; returns true when `to` is occupied (a slider stops).
fn chess_target(
    board: &Board,
    side: Side,
    from: Cell,
    to: Cell,
    role: Role,
    g: &mut Generated,
) -> bool {
    match board[to as usize] {
        None => {
            g.quiet.push(Move::simple(from, to, role, None));
            false
        }
        Some(p) if p.side != side => {
            let mut m = Move::simple(from, to, role, Some(to));
            m.mine = p.role == Role::ZChecker;
            g.chess_captures.push(m);
            true
        }
        Some(_) => true,
    }
}

fn push_with_promotion(out: &mut Vec<Move>, m: Move, side: Side) {
    if m.role.is_checker() && on_far_rank(m.to(), side) {
        for role in Role::PROMOTIONS {
            out.push(Move {
                promotion: Some(role),
                ..m
            });
        }
    } else {
        out.push(m);
    }
}

/// Depth-first search of jump chains. Jumped pieces stay on the board (and block)
/// until the chain ends; the starting square is empty.
struct Chain<'a> {
    board: &'a Board,
    side: Side,
    from: Cell,
    role: Role,
    landings: Path,
    captured: Path,
    crowned_at: Option<u8>,
    out: &'a mut Vec<Move>,
}

impl Chain<'_> {
    /// The jumps from `at` over pieces this chain has not taken yet.
    fn jumps_from(&self, at: Cell) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        jumps_over(self.board, self.side, at).filter(|&(over, _)| !self.captured.contains(over))
    }

    fn extend(&mut self, at: Cell, role: Role) {
        let mut steps = [(0, 0); 4];
        let mut count = 0;
        for step in self.jumps_from(at) {
            steps[count] = step;
            count += 1;
        }
        let steps = &steps[..count];
        if steps.is_empty() {
            if !self.landings.is_empty() {
                let m = Move {
                    from: self.from,
                    role: self.role,
                    landings: self.landings,
                    captured: self.captured,
                    jump: true,
                    crowned_at: self.crowned_at,
                    promotion: None,
                    mine: false,
                };
                if role.is_checker() {
                    push_with_promotion(self.out, m, self.side);
                } else {
                    self.out.push(m);
                }
            }
            return;
        }
        for &(over, land) in steps {
            self.captured.push(over);
            self.landings.push(land);
            let mut next_role = role;
            let crowned_before = self.crowned_at;
            // A checker on the far rank that can jump on must become a king and go on.
            if role.is_checker()
                && on_far_rank(land, self.side)
                && self.jumps_from(land).next().is_some()
            {
                next_role = Role::King;
                self.crowned_at = Some(self.landings.len() as u8 - 1);
            }
            self.extend(land, next_role);
            self.crowned_at = crowned_before;
            self.landings.pop();
            self.captured.pop();
        }
    }
}
