//! The networks the program ships, built into it: only those that beat the game's
//! weights in a duel (see `docs/learning.md`); every other game plays by its weights.

use super::Net;
use std::sync::{Arc, OnceLock};

/// Each shipped network's game and file.
const SHIPPED: &[(&str, &[u8])] = &[
    (
        "armenian-draughts",
        include_bytes!("../../../assets/nets/armenian-draughts.net"),
    ),
    (
        "bughouse",
        include_bytes!("../../../assets/nets/bughouse.net"),
    ),
    (
        "double-move",
        include_bytes!("../../../assets/nets/double-move.net"),
    ),
    (
        "swedish",
        include_bytes!("../../../assets/nets/swedish.net"),
    ),
    (
        "z-shashmaty",
        include_bytes!("../../../assets/nets/z-shashmaty.net"),
    ),
];

/// The network `game` ships with, if any (read once; a test reads every one).
pub fn shipped(game: &str) -> Option<Arc<Net>> {
    static READ: OnceLock<Vec<(&'static str, Arc<Net>)>> = OnceLock::new();
    READ.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|&(id, bytes)| Some((id, Arc::new(super::file::read(bytes).ok()?))))
            .collect()
    })
    .iter()
    .find(|(id, _)| *id == game)
    .map(|(_, net)| net.clone())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_network_reads_and_is_its_games() {
        for &(id, bytes) in super::SHIPPED {
            let net = super::super::file::read(bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(net.game, id);
            assert!(super::shipped(id).is_some());
        }
    }
}
