//! What the board shows: pieces by kind and colour, and what a move does, so the app
//! can draw and animate without knowing each game's types.

use super::side::Side;
use super::topology::Cell;

/// The look of a piece. Games map their own roles onto these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Checker,
    /// Z-shashmaty's mined checker.
    ZChecker,
    /// Z-shashmaty's vice-king: a king marked with a dot.
    ViceKing,
    /// A Reversi disc: one colour up.
    Disc,
    /// A crowned draughts man.
    DraughtsKing,
    /// An Epsilon-64 stone.
    Stone,
    /// The Maharajah: a queen and a knight in one.
    Maharajah,
    /// 100-cell chess's jester (Шут).
    Jester,
    /// 100-cell chess's general.
    General,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceView {
    pub side: Side,
    pub kind: PieceKind,
}

/// Who holds pieces off the board: a side, or a seat where seats hold them apart
/// (bughouse's four reserves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Side(Side),
    Seat(usize),
}

/// What a move does on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    pub from: Cell,
    /// Every square landed on; the last is the destination.
    pub landings: Vec<Cell>,
    pub captured: Vec<Cell>,
    /// A second piece that moves with it (the rook in castling).
    pub companion: Option<(Cell, Cell)>,
    /// The piece chosen on promotion, when there is a choice.
    pub promotion: Option<PieceKind>,
    /// The moving piece is removed at the end (a rook or knight blown up by a mine).
    pub vanishes: bool,
    /// A piece put on the board (at `from`, which is then also the only landing).
    pub placed: Option<PieceView>,
    /// Pieces that change colour.
    pub flipped: Vec<Cell>,
    /// Where the captured piece is put back (non-disappearing chess).
    pub relocated: Option<Cell>,
    /// Where the extra pawn a move brings is put (100-cell chess's visit to the
    /// enemy throne), on a square its player picks after the landing.
    pub gift: Option<Cell>,
    /// The seat whose reserve the captured piece goes to (bughouse's partner), for
    /// the board to fly it there.
    pub passed_to: Option<usize>,
    /// A checkers step or jump in a game that also has chess moves (Shash-maty):
    /// the board marks its squares apart.
    pub checkers: bool,
}

impl MoveView {
    /// A piece going from `from` over `landings`, and nothing else happening.
    pub fn along(from: Cell, landings: Vec<Cell>) -> MoveView {
        MoveView {
            from,
            landings,
            captured: Vec::new(),
            companion: None,
            promotion: None,
            vanishes: false,
            placed: None,
            flipped: Vec::new(),
            relocated: None,
            gift: None,
            passed_to: None,
            checkers: false,
        }
    }

    /// A piece put down on `cell`.
    pub fn placing(cell: Cell, piece: PieceView) -> MoveView {
        MoveView {
            placed: Some(piece),
            ..MoveView::along(cell, vec![cell])
        }
    }

    /// The square picked by a second click after the landing: where a captured
    /// piece is put back, or where a gift pawn goes.
    pub fn second_square(&self) -> Option<Cell> {
        self.relocated.or(self.gift)
    }

    pub fn to(&self) -> Cell {
        *self.landings.last().unwrap_or(&self.from)
    }
}

/// The dice of a game that rolls them (dice chess).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceView {
    /// How many dice a roll has.
    pub count: u8,
    /// The faces showing, in the order rolled, once rolled for the move to make.
    pub faces: Vec<u8>,
    /// The kind of piece each face moves (faces 1 to 6).
    pub kinds: [PieceKind; 6],
    /// The faces of the roll that give a move.
    pub movable: Vec<u8>,
    /// The players roll physical dice and enter the faces.
    pub manual: bool,
    /// The app rolls by itself as soon as a turn begins.
    pub automatic: bool,
}
