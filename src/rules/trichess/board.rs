//! The kingdoms, zones and starting cells of chess for three, read once from the
//! hexagon's cell names (`WC3`: White's City, triangle 3).

use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology};
use std::sync::OnceLock;

/// The zones of a kingdom, from its outer corner inwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Zone {
    Throne,
    Palace,
    City,
    Suburb,
    Village,
}

impl Zone {
    /// True for the Throne, the Palace and the City: where a pawn of the kingdom's army
    /// may double-step and may not capture.
    pub fn is_home(self) -> bool {
        self <= Zone::City
    }
}

/// Where every cell lies, and the cells the rules name.
pub struct Tables {
    pub kingdom: Vec<Side>,
    pub zone: Vec<Zone>,
    /// `throne[army]`: T1 (the queen's) and T2 (the king's).
    pub throne: [[Cell; 2]; 3],
    /// `palace[army]`: P1 to P6, left to right as the owner sees them.
    pub palace: [[Cell; 6]; 3],
    /// `city[army]`: C1 to C10.
    pub city: [[Cell; 10]; 3],
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Tables {
    let t = Topology::hexagon();
    let army = |c: char| match c {
        'W' => Side::White,
        'B' => Side::Black,
        _ => Side::Red,
    };
    let zone = |c: char| match c {
        'T' => Zone::Throne,
        'P' => Zone::Palace,
        'C' => Zone::City,
        'S' => Zone::Suburb,
        _ => Zone::Village,
    };
    let mut kingdom = Vec::with_capacity(t.len());
    let mut zones = Vec::with_capacity(t.len());
    for info in &t.cells {
        let mut chars = info.name.chars();
        kingdom.push(army(chars.next().unwrap_or('R')));
        zones.push(zone(chars.next().unwrap_or('V')));
    }
    let cell = |army: Side, zone: char, n: usize| {
        t.parse(&format!("{}{zone}{n}", army.letter()))
            .expect("every kingdom has its numbered zones")
    };
    let each = |zone: char, count: usize| -> [Vec<Cell>; 3] {
        Side::THREE.map(|a| (1..=count).map(|n| cell(a, zone, n)).collect())
    };
    let [t0, t1, t2] = each('T', 2);
    let [p0, p1, p2] = each('P', 6);
    let [c0, c1, c2] = each('C', 10);
    Tables {
        kingdom,
        zone: zones,
        throne: [arr(t0), arr(t1), arr(t2)],
        palace: [arr(p0), arr(p1), arr(p2)],
        city: [arr(c0), arr(c1), arr(c2)],
    }
}

fn arr<const N: usize>(cells: Vec<Cell>) -> [Cell; N] {
    cells.try_into().expect("zone sizes are fixed")
}
