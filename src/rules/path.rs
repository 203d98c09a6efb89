//! A short list of cells with a fixed capacity: the landings or captures of a move. Moves
//! that hold one stay `Copy`, and generating them allocates nothing.

use super::topology::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path<const N: usize> {
    len: u8,
    cells: [Cell; N],
}

impl<const N: usize> Default for Path<N> {
    fn default() -> Self {
        Path {
            len: 0,
            cells: [0; N],
        }
    }
}

impl<const N: usize> Path<N> {
    pub fn push(&mut self, c: Cell) {
        self.cells[self.len as usize] = c;
        self.len += 1;
    }

    pub fn pop(&mut self) {
        self.len -= 1;
    }

    /// This path with one more cell.
    pub fn with(&self, c: Cell) -> Self {
        let mut p = *self;
        p.push(c);
        p
    }

    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_full(&self) -> bool {
        self.len() == N
    }

    pub fn contains(&self, c: Cell) -> bool {
        self.as_slice().contains(&c)
    }
}
