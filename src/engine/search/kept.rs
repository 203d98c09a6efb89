//! What one search leaves the next (a UCI session's): the transposition table, and
//! what the searcher learnt of moves and of pawn structures. The next move's search
//! starts from it: the positions the two share are, after a move and its reply, most
//! of them, and the quiet moves that cut the search off a move ago mostly still do.

use super::table::Table;
use crate::rules::side::Side;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// A search's memory kept for the next one. It is the same only for the same side at
/// the root, since the table's scores are that side's; another side starts afresh.
#[derive(Clone, Default)]
pub struct Kept(Arc<Mutex<Option<KeptMemory>>>);

/// The side the memory's scores are for, and the memory (of the game's moves).
type KeptMemory = (Side, Box<dyn Any + Send>);

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

/// A searcher's memory: its table, and the histories and corrections the search
/// keeps beside it (see the fields of the same names in the searcher).
pub(super) struct Memory<M> {
    pub table: Arc<Table<M>>,
    pub history: Vec<i32>,
    pub counters: Vec<Option<M>>,
    pub follow: Vec<i32>,
    pub corrections: Vec<i32>,
}

impl Kept {
    /// The memory kept for `root`'s side with a table of `slots` slots, if there is
    /// one.
    pub(super) fn take<M: Copy + Send + 'static>(
        &self,
        root: Side,
        slots: usize,
    ) -> Option<Memory<M>> {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (side, memory) = kept.take()?;
        let memory = memory.downcast::<Memory<M>>().ok()?;
        (side == root && memory.table.slot_count() == slots).then_some(*memory)
    }

    /// Keeps `memory` for the next search from `root`'s side.
    pub(super) fn keep<M: Copy + Send + 'static>(&self, root: Side, memory: Memory<M>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((root, Box::new(memory)));
    }

    /// Forgets the memory (a new game).
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::table::{Bound, Entry};

    /// A memory of a table of `slots` slots, one position in it, and one correction.
    fn memory(slots: usize) -> Memory<u8> {
        let table = Table::with_slots(slots);
        table.store(
            42,
            Entry {
                depth: 5,
                score: 50,
                bound: Bound::Exact,
                best: Some(1),
            },
        );
        Memory {
            table: Arc::new(table),
            history: Vec::new(),
            counters: Vec::new(),
            follow: Vec::new(),
            corrections: vec![7],
        }
    }

    #[test]
    fn a_kept_memory_goes_back_to_a_search_from_the_same_side_with_its_table_size() {
        let kept = Kept::default();
        kept.keep(Side::White, memory(64));
        let again = kept.take::<u8>(Side::White, 64).expect("kept");
        assert_eq!(again.table.get(42).map(|e| e.depth), Some(5));
        assert_eq!(again.corrections, vec![7]);
        kept.keep(Side::White, again);
        assert!(kept.take::<u8>(Side::Black, 64).is_none());
        // Taken is taken, whoever asked.
        assert!(kept.take::<u8>(Side::White, 64).is_none());
        kept.keep(Side::White, memory(64));
        assert!(kept.take::<u8>(Side::White, 32).is_none());
        kept.keep(Side::White, memory(64));
        kept.clear();
        assert!(kept.take::<u8>(Side::White, 64).is_none());
    }
}
