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

impl PieceKind {
    /// The letter chess's notation and FEN give the kind (upper case), where it has
    /// one: the chess family's pieces, the Maharajah, and 100-cell chess's jester and
    /// general.
    pub const fn letter(self) -> Option<char> {
        Some(match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
            PieceKind::Maharajah => 'M',
            PieceKind::Jester => 'J',
            PieceKind::General => 'G',
            _ => return None,
        })
    }
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

/// A bond the rules make between two sides (chess for three's diplomacy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bond {
    /// The first side serves the second, its master.
    Serves,
    /// The first side holds the throne of the second, an army out of the game, and
    /// moves its pieces.
    Holds,
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

/// What the app only displays of a game's position, beyond its pieces: object-safe, so
/// the app reaches it for any game through one borrow (`Position::shown`). Each hook's
/// default means "this game has none"; a game overrides the ones it shows.
pub trait GameView {
    /// The square of a king in check, to mark it.
    fn check_cell(&self) -> Option<Cell> {
        None
    }

    /// What the piece on `cell` moves as, where that is not what it looks like (a rook
    /// on a knight file of transforming chess), so the board can say so.
    fn moves_as(&self, _cell: Cell) -> Option<PieceKind> {
        None
    }

    /// A translation key that explains the piece on `cell` where a rule of the game
    /// changes it there (a jester made strong by the royal file).
    fn hint(&self, _cell: Cell) -> Option<&'static str> {
        None
    }

    /// The small drawing at a piece's corner: what it moves as (transforming chess),
    /// or what it goes over as when taken (a promoted piece in bughouse).
    fn badge(&self, cell: Cell) -> Option<PieceKind> {
        self.moves_as(cell)
    }

    /// In games whose turns may have several moves: which move of the turn the side
    /// to move is about to make, and of how many (0 where the pieces, not a number,
    /// limit the turn). Their move lists join a turn's moves with commas (`e5,Nc6`).
    fn turn_progress(&self) -> Option<(u8, u8)> {
        None
    }

    /// Cells tinted in a side's colour (homes in Corners), or grey for pieces that
    /// have had their move this turn (everyone-moves chess).
    fn tinted(&self) -> Vec<(Cell, Side)> {
        Vec::new()
    }

    /// Discs on the board and in hand per side, for games that count them.
    fn tallies(&self) -> Vec<(Side, u32, u32)> {
        Vec::new()
    }

    /// Whether move lists number the moves (`12.`, `12...`); games whose actions
    /// carry their own labels (bughouse's `1A.`) write them in their notation instead.
    fn numbers_moves(&self) -> bool {
        true
    }

    /// The pieces held off the board to put on it, by holder, kind and number: by
    /// side, or by seat where seats and not colours hold them (bughouse's reserves).
    fn in_hand(&self) -> Vec<(Holder, PieceView, u32)> {
        Vec::new()
    }

    /// The dice of a game that rolls them, as the panel shows them.
    fn dice(&self) -> Option<DiceView> {
        None
    }

    /// The bonds between the sides now (chess for three's servants and masters, and
    /// the thrones held of armies out of the game), for what a network sees.
    fn bonds(&self) -> Vec<(Bond, Side, Side)> {
        Vec::new()
    }

    /// How the action about to be made joins the one before it in a move list, where
    /// both belong to one turn: `,` between the moves of a turn of several, a space
    /// after a die's roll (`[6] e4`), nothing between rolls (`[3][5]`).
    fn joins_previous(&self) -> Option<&'static str> {
        None
    }
}
