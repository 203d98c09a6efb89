//! The hexagon of side 5 cut into 150 triangles, the board of chess for three.
//!
//! Every triangle has three strip indices (a, b, c): up triangles have a + b + c = 2,
//! down ones a + b + c = 1. With lattice basis u = (1, 0), v = (1/2, sqrt 3 / 2) the up
//! triangle (i, j) has corners i u + j v, (i + 1) u + j v, i u + (j + 1) v and the down
//! triangle (i, j) has corners (i + 1) u + j v, (i + 1) u + (j + 1) v, i u + (j + 1) v.
//! The board keeps the triangles whose centroid (x, y) in lattice coordinates has
//! |x|, |y|, |x + y| <= 5. Names, zones and the lines of the pieces follow the rules of
//! `tri-chess`.

use super::{Cell, CellInfo, Heading, Place, Topology};
use std::collections::HashMap;

const SIDE: i8 = 5;
const HALF_HEIGHT: f32 = 4.330_127; // 5 sqrt(3) / 2

/// The twelve directions of the triangle board.
///
/// Rook lines run along a triangle's altitudes: the step in direction (i, sign) crosses
/// the triangle's own edge when it can (up triangle and sign -1, down triangle and +1) and
/// otherwise its opposite vertex, so the steps alternate and so do the colours. Bishop
/// lines run along the sides: the step adds 1 to one index and takes 1 from another, and
/// keeps the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriDirection {
    APlus,
    AMinus,
    BPlus,
    BMinus,
    CPlus,
    CMinus,
    /// Diagonal: a + 1, b - 1.
    AB,
    BA,
    AC,
    CA,
    BC,
    CB,
}

impl TriDirection {
    pub const ROOK: [TriDirection; 6] = [
        TriDirection::APlus,
        TriDirection::AMinus,
        TriDirection::BPlus,
        TriDirection::BMinus,
        TriDirection::CPlus,
        TriDirection::CMinus,
    ];
    pub const BISHOP: [TriDirection; 6] = [
        TriDirection::AB,
        TriDirection::BA,
        TriDirection::AC,
        TriDirection::CA,
        TriDirection::BC,
        TriDirection::CB,
    ];

    /// The cell one step this way from (a, b, c), on or off the board.
    fn step(self, abc: [i8; 3]) -> [i8; 3] {
        let up = abc.iter().sum::<i8>() == 2;
        let mut next = abc;
        let rook = |axis: usize, sign: i8, next: &mut [i8; 3]| {
            let across_edge = (up && sign < 0) || (!up && sign > 0);
            for (k, v) in next.iter_mut().enumerate() {
                if k == axis {
                    *v += sign;
                } else if !across_edge {
                    *v -= sign;
                }
            }
        };
        let diagonal = |plus: usize, minus: usize, next: &mut [i8; 3]| {
            next[plus] += 1;
            next[minus] -= 1;
        };
        match self {
            TriDirection::APlus => rook(0, 1, &mut next),
            TriDirection::AMinus => rook(0, -1, &mut next),
            TriDirection::BPlus => rook(1, 1, &mut next),
            TriDirection::BMinus => rook(1, -1, &mut next),
            TriDirection::CPlus => rook(2, 1, &mut next),
            TriDirection::CMinus => rook(2, -1, &mut next),
            TriDirection::AB => diagonal(0, 1, &mut next),
            TriDirection::BA => diagonal(1, 0, &mut next),
            TriDirection::AC => diagonal(0, 2, &mut next),
            TriDirection::CA => diagonal(2, 0, &mut next),
            TriDirection::BC => diagonal(1, 2, &mut next),
            TriDirection::CB => diagonal(2, 1, &mut next),
        }
        next
    }
}

impl Heading for TriDirection {
    fn index(self) -> usize {
        self as usize
    }
}

/// The centroid of triangle (a, b, c) in lattice coordinates.
fn lattice_centroid([a, b, c]: [i8; 3]) -> (f32, f32) {
    let third = if a + b + c == 2 { 1.0 / 3.0 } else { 2.0 / 3.0 };
    (a as f32 + third, b as f32 + third)
}

fn cartesian((x, y): (f32, f32)) -> [f32; 2] {
    [x + y / 2.0, y * 3f32.sqrt() / 2.0]
}

/// The kingdoms clockwise from White's, with the number of 120-degree turns that take
/// White's kingdom onto theirs, their letter and their Russian letter.
const KINGDOMS: [(usize, char, char); 3] = [(0, 'W', 'Б'), (2, 'B', 'Ч'), (1, 'R', 'К')];
/// Zone letters from the outer corner inwards, and their Russian letters.
const ZONES: [(char, char); 5] = [('T', 'Т'), ('P', 'Д'), ('C', 'Г'), ('S', 'П'), ('V', 'С')];

/// Turns a lattice point 120 degrees clockwise: the inverse of (x, y) -> (-x - y, x).
fn turn_clockwise((x, y): (f32, f32)) -> (f32, f32) {
    (y, -x - y)
}

/// Where a cell lies as seen by the owner of a kingdom: its zone (0 = throne) and how far
/// to his left it is, or `None` outside that kingdom.
fn in_kingdom(centroid: (f32, f32), turns: usize) -> Option<(usize, f32)> {
    let mut p = centroid;
    for _ in 0..turns {
        p = turn_clockwise(p);
    }
    // White's rhombus: from its corner 5v, along (1, -1) by s and along (-1, 0) by t.
    let s = SIDE as f32 - p.1;
    let t = s - p.0;
    let inside = |d: f32| (0.0..SIDE as f32).contains(&d);
    if !(inside(s) && inside(t)) {
        return None;
    }
    let zone = s.floor().max(t.floor()) as usize;
    // White sits at the top looking down at the centre: his left is (sqrt 3 / 2, -1/2).
    let [x, y] = cartesian(p);
    Some((zone, x * 3f32.sqrt() / 2.0 - y / 2.0))
}

pub(super) fn build() -> Topology {
    let mut found: Vec<[i8; 3]> = Vec::new();
    for i in -2 * SIDE..=2 * SIDE {
        for j in -2 * SIDE..=2 * SIDE {
            for abc in [[i, j, 2 - i - j], [i, j, 1 - i - j]] {
                let (x, y) = lattice_centroid(abc);
                let limit = SIDE as f32;
                if x.abs() <= limit && y.abs() <= limit && (x + y).abs() <= limit {
                    found.push(abc);
                }
            }
        }
    }
    // Names: kingdom, zone, and the number from left to right as the owner sees them.
    let mut names: HashMap<[i8; 3], String> = HashMap::new();
    for (turns, letter, _) in KINGDOMS {
        let mut zones: Vec<Vec<(f32, [i8; 3])>> = vec![Vec::new(); ZONES.len()];
        for &abc in &found {
            if let Some((zone, left)) = in_kingdom(lattice_centroid(abc), turns) {
                zones[zone].push((left, abc));
            }
        }
        for (zone, mut members) in zones.into_iter().enumerate() {
            members.sort_by(|p, q| q.0.total_cmp(&p.0));
            for (n, (_, abc)) in members.into_iter().enumerate() {
                names.insert(abc, format!("{letter}{}{}", ZONES[zone].0, n + 1));
            }
        }
    }
    let index: HashMap<[i8; 3], Cell> = found
        .iter()
        .enumerate()
        .map(|(i, &abc)| (abc, i as Cell))
        .collect();
    let shift = |[x, y]: [f32; 2]| [x + SIDE as f32, y + HALF_HEIGHT];
    let cells = found
        .iter()
        .map(|&abc| {
            let [a, b, c] = abc;
            let up = a + b + c == 2;
            let (i, j) = (a as f32, b as f32);
            let corners = if up {
                [(i, j), (i + 1.0, j), (i, j + 1.0)]
            } else {
                [(i + 1.0, j), (i + 1.0, j + 1.0), (i, j + 1.0)]
            };
            CellInfo {
                name: names.get(&abc).cloned().unwrap_or_default(),
                place: Place::Triangle { a, b, c, up },
                dark: !up,
                royal: false,
                throne: false,
                polygon: corners.iter().map(|&p| shift(cartesian(p))).collect(),
            }
        })
        .collect();
    let on_board = |abc: [i8; 3]| index.get(&abc).copied();
    let all = TriDirection::ROOK.iter().chain(TriDirection::BISHOP.iter());
    let neighbour = all
        .map(|d| found.iter().map(|&abc| on_board(d.step(abc))).collect())
        .collect();
    let leaps = found
        .iter()
        .map(|&abc| {
            knight_targets(abc)
                .into_iter()
                .filter_map(on_board)
                .collect()
        })
        .collect();
    Topology {
        cells,
        width: 0,
        height: 0,
        extent: [2.0 * SIDE as f32, 2.0 * HALF_HEIGHT],
        neighbour,
        leaps,
        grid: Vec::new(),
        files: b"",
        panes: Vec::new(),
    }
}

/// The knight's targets on an open board: the diagonal neighbours of its six
/// vertical-horizontal neighbours, less its own triangle and the side-4 triangle centred
/// on it.
fn knight_targets(abc: [i8; 3]) -> Vec<[i8; 3]> {
    let up = abc.iter().sum::<i8>() == 2;
    let near = |t: [i8; 3]| {
        if up {
            t.iter().zip(abc).all(|(&x, k)| x >= k - 1)
        } else {
            t.iter().zip(abc).all(|(&x, k)| x <= k + 1)
        }
    };
    let mut targets: Vec<[i8; 3]> = Vec::new();
    for rook in TriDirection::ROOK {
        let first = rook.step(abc);
        for bishop in TriDirection::BISHOP {
            let t = bishop.step(first);
            if t != abc && !near(t) && !targets.contains(&t) {
                targets.push(t);
            }
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_match_the_reference_table() {
        let t = Topology::hexagon();
        let table = include_str!("../../../tests/data/tri-chess-cells.csv");
        let mut rows = 0;
        for line in table.lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            let cell = t
                .parse(f[0])
                .unwrap_or_else(|| panic!("{} is generated", f[0]));
            let info = t.cell(cell);
            let n = |i: usize| f[i].parse::<i8>().unwrap();
            assert_eq!(
                info.place,
                Place::Triangle {
                    a: n(1),
                    b: n(2),
                    c: n(3),
                    up: f[4] == "up"
                },
                "{line}"
            );
            let [x, y] = t.centre(cell);
            let (rx, ry): (f32, f32) = (f[5].parse().unwrap(), f[6].parse().unwrap());
            assert!(
                (x - SIDE as f32 - rx).abs() < 1e-3 && (y - HALF_HEIGHT - ry).abs() < 1e-3,
                "{line}: {x} {y}"
            );
            rows += 1;
        }
        assert_eq!(rows, 150);
        assert_eq!(t.len(), 150);
    }

    #[test]
    fn zones_have_two_six_ten_fourteen_and_eighteen_triangles() {
        let t = Topology::hexagon();
        for kingdom in ["W", "B", "R"] {
            for (zone, size) in ["T", "P", "C", "S", "V"].iter().zip([2, 6, 10, 14, 18]) {
                let prefix = format!("{kingdom}{zone}");
                let count = t
                    .cells
                    .iter()
                    .filter(|c| c.name.starts_with(&prefix) && c.name[2..].parse::<u8>().is_ok())
                    .count();
                assert_eq!(count, size, "{prefix}");
            }
        }
    }

    #[test]
    fn twelve_neighbours_and_twelve_knight_targets_on_an_open_board() {
        let t = Topology::hexagon();
        let mut open = 0;
        for cell in 0..t.len() as Cell {
            let around: Vec<Cell> = TriDirection::ROOK
                .iter()
                .chain(TriDirection::BISHOP.iter())
                .filter_map(|&d| t.neighbour(cell, d))
                .collect();
            assert!(around.len() <= 12);
            let dark = t.cell(cell).dark;
            for &d in &TriDirection::BISHOP {
                if let Some(n) = t.neighbour(cell, d) {
                    assert_eq!(t.cell(n).dark, dark, "diagonal neighbours share the colour");
                }
            }
            for &d in &TriDirection::ROOK {
                if let Some(n) = t.neighbour(cell, d) {
                    assert_ne!(
                        t.cell(n).dark,
                        dark,
                        "vertical-horizontal neighbours differ"
                    );
                }
            }
            let Place::Triangle { a, b, c, .. } = t.cell(cell).place else {
                unreachable!()
            };
            let targets = knight_targets([a, b, c]);
            assert_eq!(targets.len(), 12);
            if t.leaps(cell).len() == 12 {
                open += 1;
                assert!(t.leaps(cell).iter().all(|&l| t.cell(l).dark != dark));
            }
        }
        assert!(open > 0);
    }

    #[test]
    fn rook_lines_alternate_colours_and_bishop_lines_keep_them() {
        let t = Topology::hexagon();
        let start = t.parse("WT2").unwrap();
        let line: Vec<bool> = t
            .ray(start, TriDirection::BMinus)
            .map(|c| t.cell(c).dark)
            .collect();
        assert!(line.len() >= 4);
        assert!(line.windows(2).all(|w| w[0] != w[1]));
        for d in TriDirection::BISHOP {
            assert!(
                t.ray(start, d)
                    .all(|c| t.cell(c).dark == t.cell(start).dark)
            );
        }
    }
}
