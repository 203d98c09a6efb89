//! What a network sees of a position: which pieces stand on which cells, whose they
//! are as the viewing side sees it (its own, then the others in turn order), who is on
//! move, what each holder has in hand, which dice show, and in chess for three who
//! serves whom and who holds whose throne. Every input is on or off; a position is the
//! sorted list of those that are on.

use crate::rules::game::Game;
use crate::rules::side::Side;
use crate::rules::view::{Bond, Holder, PieceKind};

/// Piece kinds there are ([`PieceKind`]'s variants).
pub const KINDS: usize = PieceKind::General as usize + 1;
/// Holders of pieces in hand told apart: the sides as the viewer sees them, then
/// bughouse's four seats.
const HOLDERS: usize = 8;
/// Pieces of one kind in one hand counted one by one; more count as this many.
const HAND_MOST: usize = 8;
/// Dice showing one face counted one by one.
const DICE_MOST: usize = 4;
/// Kinds of bond between sides ([`Bond`]'s variants).
const BONDS: usize = 2;

/// Where each part of the inputs starts, for one game's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Sides told apart: three in chess for three, else two.
    pub sides: usize,
    pub cells: usize,
}

impl Layout {
    pub fn of<G: Game>(position: &G) -> Layout {
        Layout {
            sides: if position.seat_count() == 3 { 3 } else { 2 },
            cells: position.topology().cells.len(),
        }
    }

    fn board(&self) -> usize {
        self.sides * KINDS * self.cells
    }

    fn hands(&self) -> usize {
        self.board() + self.sides
    }

    fn dice(&self) -> usize {
        self.hands() + HOLDERS * KINDS * HAND_MOST
    }

    fn bonds(&self) -> usize {
        self.dice() + 6 * DICE_MOST
    }

    /// How many inputs there are: the bonds' only where three sides may make them
    /// (chess for three), so two-sided games' networks keep their width.
    pub fn width(&self) -> usize {
        let bonds = if self.sides == 3 {
            BONDS * self.sides * self.sides
        } else {
            0
        };
        self.bonds() + bonds
    }

    /// `side` as `view` sees it: 0 for itself, then the others in turn order.
    fn relative(&self, view: Side, side: Side) -> usize {
        if self.sides == 3 {
            (side.index() + 3 - view.index()) % 3
        } else {
            usize::from(side != view)
        }
    }
}

/// The inputs on in `position` as `view` sees it, sorted.
pub fn inputs<G: Game>(position: &G, view: Side) -> Vec<u32> {
    seen(position, view, |cell| cell)
}

/// The inputs on in `position` as `view` sees it, each cell where `view` sees it
/// (`turned`: chess turns the board for Black), sorted.
pub fn seen<G: Game>(position: &G, view: Side, turned: impl Fn(usize) -> usize) -> Vec<u32> {
    let layout = Layout::of(position);
    let mut on = Vec::with_capacity(40);
    for (cell, piece) in position.pieces() {
        let owner = layout.relative(view, piece.side);
        let cell = turned(usize::from(cell));
        on.push(((owner * KINDS + piece.kind as usize) * layout.cells + cell) as u32);
    }
    on.push((layout.board() + layout.relative(view, position.turn())) as u32);
    for (holder, piece, count) in position.in_hand() {
        let holder = match holder {
            Holder::Side(side) => layout.relative(view, side),
            Holder::Seat(seat) => 3 + seat.min(HOLDERS - 4),
        };
        let at = layout.hands() + (holder * KINDS + piece.kind as usize) * HAND_MOST;
        for k in 0..(count as usize).min(HAND_MOST) {
            on.push((at + k) as u32);
        }
    }
    if let Some(dice) = position.dice() {
        let mut seen = [0usize; 6];
        for &face in &dice.faces {
            let face = usize::from(face.clamp(1, 6)) - 1;
            if seen[face] < DICE_MOST {
                on.push((layout.dice() + face * DICE_MOST + seen[face]) as u32);
                seen[face] += 1;
            }
        }
    }
    if layout.sides == 3 {
        for (bond, a, b) in position.bonds() {
            let kind = match bond {
                Bond::Serves => 0,
                Bond::Holds => 1,
            };
            let pair = layout.relative(view, a) * layout.sides + layout.relative(view, b);
            on.push((layout.bonds() + kind * layout.sides * layout.sides + pair) as u32);
        }
    }
    on.sort_unstable();
    on.dedup();
    on
}

/// The inputs `to` has and `from` has not (added), and those `from` has and `to` has
/// not (removed): what an accumulator must change to go from one to the other.
pub fn difference(from: &[u32], to: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < from.len() || j < to.len() {
        match (from.get(i), to.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a < b => {
                removed.push(*a);
                i += 1;
            }
            (Some(a), None) => {
                removed.push(*a);
                i += 1;
            }
            (_, Some(b)) => {
                added.push(*b);
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    (added, removed)
}
