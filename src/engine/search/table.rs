//! The transposition table: what the search learnt of a position, kept under its key
//! in a fixed block of memory, so a position reached again by another order of moves
//! is not searched twice. Each key has one slot (its low bits); a newer result takes
//! the slot unless it is shallower than the same position's result already there.
//!
//! Threads searching together share one table (each slot behind its own lock, which
//! nobody else holds but for a moment): what one learns, the others find.

use std::sync::Mutex;

/// How the score stored relates to the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

impl<M> Entry<M> {
    /// The score, where it alone decides a search in the window (`alpha`, `beta`).
    pub fn decides(&self, alpha: i32, beta: i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => Some(self.score),
            Bound::Lower if self.score >= beta => Some(self.score),
            Bound::Upper if self.score <= alpha => Some(self.score),
            _ => None,
        }
    }

    /// The better guess of a position's score than the static `stand`: the score
    /// remembered, where it bounds the position beyond `stand` (and is no mate).
    pub fn beyond(&self, stand: i32) -> i32 {
        let bounds = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score > stand,
            Bound::Upper => self.score < stand,
        };
        if bounds && !super::is_mate(self.score) {
            self.score
        } else {
            stand
        }
    }
}

/// The table's size where none is asked for, in megabytes.
pub const DEFAULT_MEGABYTES: usize = 32;

pub struct Table<M> {
    slots: Box<[Mutex<Slot<M>>]>,
    mask: usize,
}

/// A position's key and what was learnt of it.
type Slot<M> = Option<(u64, Entry<M>)>;

impl<M: Copy> Table<M> {
    /// An empty table of `count` slots, a power of two.
    pub fn with_slots(count: usize) -> Self {
        Table {
            slots: (0..count).map(|_| Mutex::new(None)).collect(),
            mask: count - 1,
        }
    }

    /// How many positions the table holds at most.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The slots of a table of at most `megabytes` and no more slots than a search of
    /// `nodes` could fill (at least one): a power of two.
    pub fn slots_for(megabytes: usize, nodes: Option<u64>) -> usize {
        let slot = std::mem::size_of::<Mutex<Slot<M>>>();
        let fits = (megabytes << 20) / slot;
        let wanted = nodes.map_or(fits, |n| fits.min(n.try_into().unwrap_or(usize::MAX)));
        if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        }
    }

    /// The slot for `key`. A thread that panicked holding it left a whole entry
    /// (entries are written in one assignment), so its lock is taken over.
    fn slot(&self, key: u64) -> std::sync::MutexGuard<'_, Slot<M>> {
        self.slots[key as usize & self.mask]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: u64) -> Option<Entry<M>> {
        match *self.slot(key) {
            Some((k, entry)) if k == key => Some(entry),
            _ => None,
        }
    }

    pub fn store(&self, key: u64, entry: Entry<M>) {
        let mut slot = self.slot(key);
        if let Some((k, old)) = *slot
            && k == key
            && old.depth > entry.depth
        {
            return;
        }
        *slot = Some((key, entry));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `megabytes` for a search of `nodes`.
    fn sized(megabytes: usize, nodes: Option<u64>) -> Table<u8> {
        Table::with_slots(Table::<u8>::slots_for(megabytes, nodes))
    }

    fn entry(depth: i32) -> Entry<u8> {
        Entry {
            depth,
            score: depth * 10,
            bound: Bound::Exact,
            best: Some(1),
        }
    }

    #[test]
    fn a_position_is_found_under_its_key_and_a_deeper_result_is_kept() {
        let table = sized(1, None);
        assert_eq!(sized(1, Some(1500)).slots.len(), 1024);
        assert!(table.slots.len().is_power_of_two());
        assert!(table.slots.len() * std::mem::size_of::<Mutex<Slot<u8>>>() <= 1 << 20);
        table.store(42, entry(5));
        assert_eq!(table.get(42).map(|e| e.depth), Some(5));
        assert!(table.get(43).is_none());
        table.store(42, entry(3));
        assert_eq!(table.get(42).map(|e| e.depth), Some(5));
        // Another position in the same slot replaces it.
        let other = 42 + table.slots.len() as u64;
        table.store(other, entry(1));
        assert!(table.get(42).is_none());
        assert_eq!(table.get(other).map(|e| e.depth), Some(1));
    }
}
