//! Boards as data: every board is a graph of cells generated once.
//!
//! A [`Topology`] names its cells, says where to draw them and which cells neighbour
//! each other in each named direction. Move generators read these tables (or tables
//! derived from them) and never do geometry while a game is played, so the square
//! boards, the 32 dark squares and the hexagon of 150 triangles share one structure.

mod hexagon;

pub use hexagon::TriDirection;

use std::sync::OnceLock;

/// A cell of a board: an index into its topology's tables.
pub type Cell = u8;

/// A direction on a square grid, as (file step, rank step) seen from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square next to `cell` this way on an 8×8 board numbered rank by rank from
    /// a1 (0), if the board goes on.
    pub fn next_square(self, cell: Cell) -> Option<Cell> {
        let (df, dr) = self.step();
        let (file, rank) = ((cell % 8) as i8 + df, (cell / 8) as i8 + dr);
        ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as Cell)
    }

    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }
}

/// A named direction of some board: an index into its neighbour tables.
pub trait Heading: Copy + 'static {
    fn index(self) -> usize;
}

impl Heading for Direction {
    fn index(self) -> usize {
        Direction::index(self)
    }
}

/// The (file, rank) offsets of a chess knight's leap.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The leaps of the Z-shashmaty knight: a chess knight on the square grid of the
/// dark squares, which is the real board turned by 45 degrees.
pub const LONG_LEAPS: [(i8, i8); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

/// Where a cell lies in its board's own coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A square of a grid: file and rank counted from 0 at White's lower left.
    Square { file: u8, rank: u8 },
    /// A triangle of the hexagon: its strip index along each of the three line
    /// directions (a + b + c is 2 for an up triangle, 1 for a down one).
    Triangle { a: i8, b: i8, c: i8, up: bool },
}

/// One cell: its name, its place, its colour and the polygon to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct CellInfo {
    pub name: String,
    pub place: Place,
    /// Drawn in the board's dark colour.
    pub dark: bool,
    /// A square the rules single out, drawn in a colour of its own: the red dark
    /// squares of 100-cell chess's royal file.
    pub royal: bool,
    /// A king's home square that the rules give a meaning (100-cell chess's thrones),
    /// marked on the board.
    pub throne: bool,
    /// Corners in board units (a square is 1 x 1, a triangle has sides of 1), inside the
    /// rectangle from (0, 0) to the topology's `extent`.
    pub polygon: Vec<[f32; 2]>,
}

impl CellInfo {
    /// File and rank, for a square.
    pub fn square(&self) -> Option<(u8, u8)> {
        match self.place {
            Place::Square { file, rank } => Some((file, rank)),
            Place::Triangle { .. } => None,
        }
    }
}

/// A square board among a topology's cells, for its background and its coordinates:
/// where its lower-left corner is drawn, its size, and whether it is turned half round
/// (the second board of bughouse, seen from the other side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pane {
    pub origin: [f32; 2],
    pub size: [u8; 2],
    pub turned: bool,
}

/// A board: cells, drawing geometry and neighbour tables by named direction.
#[derive(Clone, Debug)]
pub struct Topology {
    pub cells: Vec<CellInfo>,
    /// Files and ranks of a square board (0 for the hexagon).
    pub width: u8,
    pub height: u8,
    /// Width and height of the drawing in board units.
    pub extent: [f32; 2],
    /// `neighbour[direction][cell]`: the next cell that way, if any.
    neighbour: Vec<Vec<Option<Cell>>>,
    /// Cells reached by the board's knight leaps, per cell.
    leaps: Vec<Vec<Cell>>,
    /// Which cell stands on each grid square, for cell lookup by file and rank.
    grid: Vec<Option<Cell>>,
    /// The letter of each file, from White's left (a board may skip one: 100-cell
    /// chess has no j-file).
    files: &'static [u8],
    /// The square boards drawn, with their coordinates round them (none for the
    /// hexagon).
    pub panes: Vec<Pane>,
}

impl Topology {
    /// A full `width` x `height` square board, cells numbered a1, b1, ... rank by rank.
    fn square(width: u8, height: u8) -> Topology {
        Topology::from_squares(width, height, |_, _| true, &KNIGHT_LEAPS, true)
    }

    /// The 10x10 board of 100-cell chess: files a to k without j, the royal e-file's
    /// dark squares red, the thrones e1 and e10 marked.
    fn hundred() -> Topology {
        let mut board = Topology::square(10, 10);
        board.files = b"abcdefghik";
        for (i, cell) in board.cells.iter_mut().enumerate() {
            let (file, rank) = (i % 10, i / 10);
            cell.name = format!("{}{}", board.files[file] as char, rank + 1);
            cell.royal = file == 4 && cell.dark;
            cell.throne = file == 4 && (rank == 0 || rank == 9);
        }
        board
    }

    /// The squares of a `size` x `size` board where a1 is dark, only the dark ones.
    fn dark_squares(size: u8) -> Topology {
        Topology::from_squares(size, size, |f, r| (f + r) % 2 == 0, &LONG_LEAPS, true)
    }

    fn from_squares(
        width: u8,
        height: u8,
        keep: impl Fn(u8, u8) -> bool,
        leaps: &[(i8, i8)],
        chequered: bool,
    ) -> Topology {
        let mut grid = vec![None; width as usize * height as usize];
        let mut cells = Vec::new();
        for rank in 0..height {
            for file in 0..width {
                if keep(file, rank) {
                    grid[rank as usize * width as usize + file as usize] =
                        Some(cells.len() as Cell);
                    let (x, y) = (file as f32, rank as f32);
                    cells.push(CellInfo {
                        name: format!("{}{}", (b'a' + file) as char, rank + 1),
                        place: Place::Square { file, rank },
                        dark: chequered && (file + rank) % 2 == 0,
                        royal: false,
                        throne: false,
                        polygon: vec![[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]],
                    });
                }
            }
        }
        let at = |file: i16, rank: i16| -> Option<Cell> {
            if file < 0 || rank < 0 || file >= width as i16 || rank >= height as i16 {
                None
            } else {
                grid[rank as usize * width as usize + file as usize]
            }
        };
        let offset = |c: &CellInfo, (df, dr): (i8, i8)| {
            let (file, rank) = c.square().expect("a square board has squares");
            at(file as i16 + df as i16, rank as i16 + dr as i16)
        };
        let neighbour = Direction::ALL
            .iter()
            .map(|d| cells.iter().map(|c| offset(c, d.step())).collect())
            .collect();
        let leaps = cells
            .iter()
            .map(|c| leaps.iter().filter_map(|&l| offset(c, l)).collect())
            .collect();
        Topology {
            cells,
            width,
            height,
            extent: [width as f32, height as f32],
            neighbour,
            leaps,
            grid,
            files: b"abcdefghijklmnopqrstuvwxyz",
            panes: vec![Pane {
                origin: [0.0, 0.0],
                size: [width, height],
                turned: false,
            }],
        }
    }

    /// Bughouse's two 8x8 boards side by side: board A's squares are cells 0 to 63,
    /// board B's 64 to 127, B turned half round and a square's width to the right, so
    /// that partners (White on A, Black on B) sit on the same side.
    fn two_boards() -> Topology {
        let one = Topology::square(8, 8);
        let (width, height) = (17u8, 8u8);
        let mut grid = vec![None; width as usize * height as usize];
        let mut cells = one.cells.clone();
        for (i, c) in one.cells.iter().enumerate() {
            grid[(i / 8) * width as usize + i % 8] = Some(i as Cell);
            let (file, rank) = c.square().expect("a square");
            let (x, y) = (9 + 7 - file, 7 - rank);
            grid[y as usize * width as usize + x as usize] = Some(64 + i as Cell);
            let (x, y) = (x as f32, y as f32);
            cells.push(CellInfo {
                polygon: vec![[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]],
                ..c.clone()
            });
        }
        let twice = |table: &Vec<Option<Cell>>| -> Vec<Option<Cell>> {
            let b = table.iter().map(|n| n.map(|c| c + 64));
            table.iter().copied().chain(b).collect()
        };
        let leaps = one
            .leaps
            .iter()
            .cloned()
            .chain(one.leaps.iter().map(|l| l.iter().map(|c| c + 64).collect()))
            .collect();
        Topology {
            cells,
            width,
            height,
            extent: [width as f32, height as f32],
            neighbour: one.neighbour.iter().map(twice).collect(),
            leaps,
            grid,
            files: b"abcdefgh",
            panes: vec![
                Pane {
                    origin: [0.0, 0.0],
                    size: [8, 8],
                    turned: false,
                },
                Pane {
                    origin: [9.0, 0.0],
                    size: [8, 8],
                    turned: true,
                },
            ],
        }
    }

    /// Where the `k`th kind of piece in `seat`'s reserve is drawn, in board units,
    /// where seats sit two to a board (bughouse): below the board for the seat whose
    /// first rank is at its lower edge, above it for the other, clear of the frame.
    pub fn reserve_slot(&self, seat: usize, k: usize) -> Option<[f32; 2]> {
        let pane = self.panes.get(seat / 2)?;
        let [x, y] = pane.origin;
        let below = seat.is_multiple_of(2) != pane.turned;
        let row = if below {
            y - 1.1
        } else {
            y + f32::from(pane.size[1]) + 1.1
        };
        Some([x + 0.5 + k as f32, row])
    }

    /// Bughouse's boards A and B.
    pub fn bughouse() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(Topology::two_boards)
    }

    /// The standard 8x8 chess board.
    pub fn chess() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(|| Topology::square(8, 8))
    }

    /// The 10x10 board of 100-cell chess.
    pub fn chess100() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(Topology::hundred)
    }

    /// An 8x8 board of one colour, as Reversi and the stone games use.
    pub fn plain() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(|| Topology::from_squares(8, 8, |_, _| true, &KNIGHT_LEAPS, false))
    }

    /// The hexagon of 150 triangles of chess for three.
    pub fn hexagon() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(hexagon::build)
    }

    /// The 32 dark squares of an 8x8 board (a1 dark), as used by draughts games.
    pub fn dark32() -> &'static Topology {
        static BOARD: OnceLock<Topology> = OnceLock::new();
        BOARD.get_or_init(|| Topology::dark_squares(8))
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn cell(&self, cell: Cell) -> &CellInfo {
        &self.cells[cell as usize]
    }

    pub fn name(&self, cell: Cell) -> &str {
        &self.cells[cell as usize].name
    }

    pub fn neighbour(&self, cell: Cell, direction: impl Heading) -> Option<Cell> {
        self.neighbour[direction.index()][cell as usize]
    }

    pub fn leaps(&self, cell: Cell) -> &[Cell] {
        &self.leaps[cell as usize]
    }

    /// The cells met walking from `cell` in `direction`, nearest first.
    pub fn ray<D: Heading>(&self, cell: Cell, direction: D) -> impl Iterator<Item = Cell> + '_ {
        std::iter::successors(self.neighbour(cell, direction), move |&c| {
            self.neighbour(c, direction)
        })
    }

    /// The cell on grid square (`file`, `rank`), if the board has one there.
    pub fn at(&self, file: u8, rank: u8) -> Option<Cell> {
        if file >= self.width || rank >= self.height {
            return None;
        }
        self.grid[rank as usize * self.width as usize + file as usize]
    }

    /// Looks a cell up by its name (`e4`, `WC3`).
    pub fn parse(&self, name: &str) -> Option<Cell> {
        if self.grid.is_empty() {
            return self
                .cells
                .iter()
                .position(|c| c.name == name)
                .map(|i| i as Cell);
        }
        let bytes = name.as_bytes();
        if bytes.len() < 2 || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = name[1..].parse().ok()?;
        let file = self.files.iter().position(|&f| f == bytes[0])?;
        if rank == 0 || !name[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        self.at(file as u8, rank - 1)
    }

    /// The letter naming a file of a square board.
    pub fn file_letter(&self, file: u8) -> char {
        self.files.get(file as usize).map_or('?', |&f| f as char)
    }

    /// The cell whose polygon contains the point (board units), if any.
    pub fn cell_at_point(&self, x: f32, y: f32) -> Option<Cell> {
        self.cells
            .iter()
            .position(|c| point_in_polygon(&c.polygon, x, y))
            .map(|i| i as Cell)
    }

    /// Which of the square boards drawn holds `cell` (0 where there is one board or
    /// none, as on the hexagon).
    pub fn pane_of(&self, cell: Cell) -> usize {
        let [x, y] = self.centre(cell);
        self.panes
            .iter()
            .position(|p| {
                let [w, h] = p.size.map(f32::from);
                (p.origin[0]..p.origin[0] + w).contains(&x)
                    && (p.origin[1]..p.origin[1] + h).contains(&y)
            })
            .unwrap_or(0)
    }

    /// The centre of a cell's polygon, in board units.
    pub fn centre(&self, cell: Cell) -> [f32; 2] {
        let poly = &self.cells[cell as usize].polygon;
        let n = poly.len() as f32;
        let (sx, sy) = poly
            .iter()
            .fold((0.0, 0.0), |(sx, sy), p| (sx + p[0], sy + p[1]));
        [sx / n, sy / n]
    }
}

fn point_in_polygon(poly: &[[f32; 2]], x: f32, y: f32) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a[1] > y) != (b[1] > y) && x < (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]) + a[0] {
            inside = !inside;
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_board_names_and_neighbours() {
        let t = Topology::chess();
        assert_eq!(t.len(), 64);
        let e4 = t.parse("e4").unwrap();
        assert_eq!(t.name(e4), "e4");
        assert_eq!(t.name(t.neighbour(e4, Direction::NorthEast).unwrap()), "f5");
        assert_eq!(t.neighbour(t.parse("h1").unwrap(), Direction::East), None);
        assert_eq!(t.leaps(t.parse("a1").unwrap()).len(), 2);
        assert_eq!(
            t.ray(t.parse("a1").unwrap(), Direction::NorthEast).count(),
            7
        );
        assert_eq!(t.parse("i1"), None);
        assert_eq!(t.parse("a9"), None);
    }

    #[test]
    fn the_hundred_cell_board_skips_j_and_marks_the_royal_file() {
        let t = Topology::chess100();
        assert_eq!(t.len(), 100);
        let k10 = t.parse("k10").unwrap();
        assert_eq!(k10, 99);
        assert_eq!(t.name(k10), "k10");
        assert_eq!(t.parse("j1"), None);
        assert_eq!(t.parse("i1"), Some(8));
        assert_eq!(t.parse("e+1"), None);
        assert_eq!(t.file_letter(9), 'k');
        let royal: Vec<&str> = (0..100)
            .filter(|&c| t.cell(c).royal)
            .map(|c| t.name(c))
            .collect();
        assert_eq!(royal, ["e1", "e3", "e5", "e7", "e9"]);
        let thrones: Vec<&str> = (0..100)
            .filter(|&c| t.cell(c).throne)
            .map(|c| t.name(c))
            .collect();
        assert_eq!(thrones, ["e1", "e10"]);
    }

    #[test]
    fn dark_squares_have_only_dark_cells() {
        let t = Topology::dark32();
        assert_eq!(t.len(), 32);
        assert!(t.parse("a1").is_some());
        assert!(t.parse("b1").is_none());
        let d4 = t.parse("d4").unwrap();
        let around: Vec<_> = Direction::DIAGONAL
            .iter()
            .filter_map(|&d| t.neighbour(d4, d))
            .map(|c| t.name(c).to_string())
            .collect();
        assert_eq!(around, ["e5", "c5", "e3", "c3"]);
        assert_eq!(t.neighbour(d4, Direction::North), None);
        let mut g1: Vec<_> = t
            .leaps(t.parse("g1").unwrap())
            .iter()
            .map(|&c| t.name(c))
            .collect();
        g1.sort();
        assert_eq!(g1, ["d2", "f4", "h4"]);
    }

    #[test]
    fn hit_test_finds_the_clicked_cell() {
        let t = Topology::chess();
        assert_eq!(t.cell_at_point(4.5, 3.5), t.parse("e4"));
        assert_eq!(t.cell_at_point(-0.5, 3.5), None);
        let d = Topology::dark32();
        assert_eq!(d.cell_at_point(1.5, 0.5), None);
        assert_eq!(d.cell_at_point(0.5, 0.5), d.parse("a1"));
    }
}
