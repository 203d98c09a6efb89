use super::*;
use crate::rules::game::Game;

fn start() -> TriChess {
    TriChess::new(TriOptions::default())
}

fn name(c: Cell) -> &'static str {
    Topology::hexagon().name(c)
}

#[test]
fn white_has_44_moves_at_the_start() {
    let p = start();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 44);
    let mut knights: Vec<String> = moves
        .iter()
        .map(|a| p.notation(a))
        .filter(|n| n.starts_with('N'))
        .collect();
    knights.sort();
    assert_eq!(knights, ["NWP2-WS3", "NWP2-WS5", "NWP5-WS10", "NWP5-WS12"]);
}
