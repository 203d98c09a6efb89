//! Shash-maty (`shashmaty.md`): chess and Russian checkers at once on all 64 squares.
//! Every piece keeps its chess moves and is also a checkers man (one step diagonally
//! forward, short jumps in all four directions), the queen a flying king from the
//! start. A jump chain must be completed, jumped pieces stay as obstacles until it
//! ends, and it may close with one chess capture, the finisher. Checkers captures are
//! compulsory, chess ones not. Chess attacks give check; only a jump takes a king,
//! which wins at once.
//!
//! Legality follows the spec's order: every candidate, then away with those leaving
//! one's own king in chess check (jumping the enemy king always stands), then, if a
//! jump is left, away with all but jumps.

use super::movegen::Safety;
use super::{Family, Variant, board_moves};
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rank, squares, tables};
use crate::rules::chess::{
    Board, DrawClaim, Move, MoveKind, Piece, Role, diagram, kind, move_view, piece_views, san,
};
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::game::{CHESS_CLOCKS, CHESS_PIECES, Card};
use crate::rules::game::{Game, perft_by_copy};
use crate::rules::game::{Pgn, Unit};
use crate::rules::options::{choices, house_rules};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::seats::Seats;
use crate::rules::set_up::SetUp;
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Direction, Topology};
use crate::rules::view::{GameView, MoveView, PieceView};
use crate::rules::why::Refusals;
use crate::rules::why::{Refusal, Word};

/// When the finisher, a chess capture closing a chain, may be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Finisher {
    /// Once no jump is left.
    #[default]
    AfterChain,
    /// From any landing square, which ends the chain there.
    AnyLanding,
    Off,
}

choices!(Finisher {
    "after-chain" => Finisher::AfterChain,
    "any-landing" => Finisher::AnyLanding,
    "off" => Finisher::Off,
});

house_rules! {
    pub struct ShashmatyOptions {
        /// Rooks, bishops and knights crown too, like pawns.
        "crown_pieces" crown_all: bool = "pawns" { "pawns" => false, "all" => true },
        "finisher" finisher: Finisher = "after-chain",
        /// A chain must take the most pieces.
        "max_capture" max_capture: bool = "off",
        /// The king steps and jumps as a checkers man.
        "king_jumps" king_jumps: bool = "on",
        "stalemate" stalemate_loses: bool = "draw" { "draw" => false, "loss" => true },
        "draw_claim" draw_claim: DrawClaim = "auto",
    }
}

impl Variant for ShashmatyOptions {
    const CARD: Card = Card {
        pieces: CHESS_PIECES,
        clocks: CHESS_CLOCKS,
        showcase: "1. e4 d5",
        san: true,
        table: false,
        seats_by_place: None,
        unit: Unit::PAWNS,
        set_up: SetUp::FEN,
        pgn: Pgn::Numbered,
    };

    /// A pawn jumping as a checkers man may land on its own first rank.
    fn pawns_go_home(&self) -> bool {
        true
    }

    fn promotions(&self, _square: Cell) -> Option<&'static [Role]> {
        Some(&Role::PROMOTIONS)
    }

    /// A jumped king loses at once.
    fn lost(&self, g: &Family<Self>) -> Option<(Side, Reason)> {
        super::king_captured(g)
    }

    /// Only bare kings are drawn: any other piece can still jump a king.
    fn insufficient_material(&self, board: &Board) -> bool {
        board.occupied() == board.by_role[Role::King as usize]
    }

    fn draw_claim(&self) -> DrawClaim {
        self.draw_claim
    }

    fn no_moves(&self, side: Side) -> Outcome {
        if self.stalemate_loses {
            Outcome::win(side.other(), Reason::NoMoves)
        } else {
            Outcome::draw(Reason::Stalemate)
        }
    }
}

/// The most jumps a chain can hold: every enemy piece.
const MAX_JUMPS: usize = 16;

/// A jump chain: the landings in order, the piece jumped before each, where a man
/// crowned, and the chess capture that may close it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    pub from: Cell,
    pub role: Role,
    landings: [Cell; MAX_JUMPS],
    jumped: [Cell; MAX_JUMPS],
    len: u8,
    /// The landing (counted from 1) where a man became a queen; 0 where none did.
    crowned: u8,
    /// The finisher: the square taken, and a pawn's promotion there.
    pub finisher: Option<(Cell, Option<Role>)>,
}

impl Chain {
    pub fn landings(&self) -> &[Cell] {
        &self.landings[..usize::from(self.len)]
    }

    pub fn jumped(&self) -> &[Cell] {
        &self.jumped[..usize::from(self.len)]
    }

    /// The square the piece stands on once the chain and its finisher are played.
    pub fn end(&self) -> Cell {
        self.finisher
            .map_or(self.landings[usize::from(self.len) - 1], |(sq, _)| sq)
    }

    /// What the piece is at the end of the chain, before any finisher.
    fn role_after(&self) -> Role {
        if self.crowned > 0 {
            Role::Queen
        } else {
            self.role
        }
    }
}

/// A move of Shash-maty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShashMove {
    /// A chess move (the king's, bishop's and queen's diagonal steps among them).
    Chess(Move),
    /// A checkers man's quiet step, crowning where it says.
    Step {
        from: Cell,
        to: Cell,
        role: Role,
        crown: bool,
    },
    Jump(Chain),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Shashmaty {
    pub family: Family<ShashmatyOptions>,
}

fn last_rank(side: Side) -> Bitboard {
    if side == Side::White {
        rank(8)
    } else {
        rank(1)
    }
}

/// The diagonals a man steps forward along.
fn forward(side: Side) -> [Direction; 2] {
    if side == Side::White {
        [Direction::NorthEast, Direction::NorthWest]
    } else {
        [Direction::SouthEast, Direction::SouthWest]
    }
}

/// The jump chains of one piece, found on a board where its own square counts as
/// empty and jumped pieces stay until the chain ends.
struct Jumps<'a> {
    game: &'a Shashmaty,
    us: Side,
    /// Occupied squares, the mover's origin left out.
    occupied: Bitboard,
    enemies: Bitboard,
    enemy_king: Bitboard,
    crowns: bool,
    out: Vec<Chain>,
}

impl Jumps<'_> {
    /// The jumps from `at`: the piece jumped and the squares it may land on.
    fn from(&self, at: Cell, queen: bool, jumped: Bitboard) -> Vec<(Cell, Vec<Cell>)> {
        let mut found = Vec::new();
        for d in Direction::DIAGONAL {
            let mut s = d.next_square(at);
            // A queen flies over empty squares to the piece it jumps.
            while queen && s.is_some_and(|sq| self.occupied & (1u64 << sq) == 0) {
                s = s.and_then(|sq| d.next_square(sq));
            }
            let Some(over) = s else { continue };
            let bit = 1u64 << over;
            if self.enemies & bit == 0 || jumped & bit != 0 {
                continue;
            }
            let mut lands = Vec::new();
            let mut t = d.next_square(over);
            while let Some(sq) = t {
                if self.occupied & (1u64 << sq) != 0 {
                    break;
                }
                lands.push(sq);
                if !queen {
                    break;
                }
                t = d.next_square(sq);
            }
            if lands.is_empty() {
                continue;
            }
            // Jumping the king ends the game there: a queen lands just beyond it.
            if self.enemy_king & bit != 0 {
                lands.truncate(1);
            } else if queen {
                // The Russian rule: where some landings let the chain go on, only they.
                let on: Vec<Cell> = lands
                    .iter()
                    .copied()
                    .filter(|&z| !self.from(z, true, jumped | bit).is_empty())
                    .collect();
                if !on.is_empty() {
                    lands = on;
                }
            }
            found.push((over, lands));
        }
        found
    }

    fn walk(&mut self, chain: &mut Chain, at: Cell, queen: bool, jumped: Bitboard) {
        let next = self.from(at, queen, jumped);
        let finish_any = self.game.rules().finisher == Finisher::AnyLanding;
        if next.is_empty() || (finish_any && chain.len > 0) {
            if chain.len > 0 {
                self.close(chain, jumped, next.is_empty());
            }
            if next.is_empty() {
                return;
            }
        }
        for (over, lands) in next {
            let king = self.enemy_king & (1u64 << over) != 0;
            for z in lands {
                let i = usize::from(chain.len);
                if i >= MAX_JUMPS {
                    continue;
                }
                let saved = *chain;
                chain.landings[i] = z;
                chain.jumped[i] = over;
                chain.len += 1;
                let crowns = !queen && self.crowns && last_rank(self.us) & (1u64 << z) != 0;
                if crowns && chain.crowned == 0 {
                    chain.crowned = chain.len;
                }
                if king {
                    // The game ends with the king: no finisher, no more jumps.
                    chain.finisher = None;
                    self.out.push(*chain);
                } else {
                    self.walk(chain, z, queen || crowns, jumped | 1u64 << over);
                }
                *chain = saved;
            }
        }
    }

    /// A chain that ends here, without a finisher and with each one it may have; a
    /// chain cut short (any-landing) only with one.
    fn close(&mut self, chain: &Chain, jumped: Bitboard, complete: bool) {
        if complete {
            self.out.push(*chain);
        }
        if self.game.rules().finisher == Finisher::Off {
            return;
        }
        let at = chain.landings[usize::from(chain.len) - 1];
        let role = chain.role_after();
        let mut board = self.game.family.position.board;
        board.remove(chain.from);
        for sq in squares(jumped) {
            board.remove(sq);
        }
        let piece = Piece {
            side: self.us,
            role,
        };
        board.put(at, piece);
        let targets = match role {
            Role::Pawn => tables().pawn[self.us.index()][usize::from(at)],
            _ => self.game.family.reach(piece, at, board.occupied()),
        } & board.by_side[self.us.other().index()]
            & !board.pieces(self.us.other(), Role::King);
        for to in squares(targets) {
            let promotes = role == Role::Pawn && last_rank(self.us) & (1u64 << to) != 0;
            let choices: &[Option<Role>] = if promotes {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                ]
            } else {
                &[None]
            };
            for &promotion in choices {
                let mut finished = *chain;
                finished.finisher = Some((to, promotion));
                self.out.push(finished);
            }
        }
    }
}

impl Shashmaty {
    fn rules(&self) -> &ShashmatyOptions {
        &self.family.variant
    }

    /// Whether the piece of `role` of the side to move crowns on its last rank.
    fn crowns(&self, role: Role) -> bool {
        match role {
            Role::Pawn => true,
            Role::Rook | Role::Bishop | Role::Knight => self.rules().crown_all,
            _ => false,
        }
    }

    /// The chess moves but those taking the king (a king is jumped, not taken), or
    /// (`noisy`) only their captures and promotions.
    fn chess_candidates(&self, noisy: bool) -> impl Iterator<Item = ShashMove> {
        let mut chess = Vec::with_capacity(64);
        if noisy {
            self.family.pseudo_captures_and_promotions(&mut chess);
        } else {
            self.family.pseudo_legal(&mut chess);
        }
        chess
            .into_iter()
            .filter(|m| m.capture != Some(Role::King))
            .map(ShashMove::Chess)
    }

    /// The men's quiet steps, or (`crowning`) only those onto the last rank that crown.
    fn steps(&self, crowning: bool, out: &mut Vec<ShashMove>) {
        let p = &self.family.position;
        let us = p.turn;
        let board = &p.board;
        for from in squares(board.by_side[us.index()]) {
            let role = board.piece_at(from).expect("an own piece").role;
            if role == Role::Queen || (role == Role::King && !self.rules().king_jumps) {
                continue;
            }
            // Quiet steps: the king's and the bishop's are chess moves already, but for
            // a bishop crowning on the last rank (when all men crown).
            for d in forward(us) {
                let Some(to) = d.next_square(from) else {
                    continue;
                };
                if board.occupied() & (1u64 << to) != 0 {
                    continue;
                }
                let crown = self.crowns(role) && last_rank(us) & (1u64 << to) != 0;
                let new = match role {
                    Role::King => false,
                    Role::Bishop => crown,
                    _ => true,
                };
                if new && (crown || !crowning) {
                    out.push(ShashMove::Step {
                        from,
                        to,
                        role,
                        crown,
                    });
                }
            }
        }
    }

    /// The jump chains of every piece that may jump.
    fn jumps(&self, out: &mut Vec<ShashMove>) {
        let p = &self.family.position;
        let us = p.turn;
        let board = &p.board;
        let enemies = board.by_side[us.other().index()];
        let enemy_king = board.pieces(us.other(), Role::King);
        for from in squares(board.by_side[us.index()]) {
            let role = board.piece_at(from).expect("an own piece").role;
            if role == Role::King && !self.rules().king_jumps {
                continue;
            }
            // A chain starts by jumping the first piece on a diagonal (the next square
            // for a man): with no enemy there, there is none.
            let reach = if role == Role::Queen {
                board.occupied()
            } else {
                !0
            };
            if bishop_attacks(from, reach) & enemies == 0 {
                continue;
            }
            let mut jumps = Jumps {
                game: self,
                us,
                occupied: board.occupied() & !(1u64 << from),
                enemies,
                enemy_king,
                crowns: self.crowns(role),
                out: Vec::new(),
            };
            let mut chain = Chain {
                from,
                role,
                landings: [0; MAX_JUMPS],
                jumped: [0; MAX_JUMPS],
                len: 0,
                crowned: 0,
                finisher: None,
            };
            jumps.walk(&mut chain, from, role == Role::Queen, 0);
            out.extend(jumps.out.into_iter().map(ShashMove::Jump));
        }
    }

    /// The jumps that stand, kept to the longest where the house rule asks.
    fn standing_jumps(&self, safety: Option<&Safety>) -> Vec<ShashMove> {
        let mut jumps = Vec::new();
        self.jumps(&mut jumps);
        jumps.retain(|m| self.stands(m, safety));
        if self.rules().max_capture {
            let most = jumps
                .iter()
                .map(|m| match m {
                    ShashMove::Jump(c) => c.len,
                    _ => 0,
                })
                .max()
                .unwrap_or(0);
            jumps.retain(|m| matches!(m, ShashMove::Jump(c) if c.len == most));
        }
        jumps
    }

    /// Whether a move jumps the enemy king.
    fn takes_king(&self, m: &ShashMove) -> bool {
        let ShashMove::Jump(c) = m else {
            return false;
        };
        let kings = self.family.position.board.by_role[Role::King as usize];
        c.jumped().iter().any(|&sq| kings & (1u64 << sq) != 0)
    }

    /// The legal moves: the jumps where one stands (jumping is compulsory), else the
    /// chess moves and the men's steps that stand.
    fn moves(&self) -> Vec<ShashMove> {
        self.legal(false)
    }

    /// The legal moves the search follows past its horizon (captures, promotions,
    /// crowning steps and jumps), in the order of [`Shashmaty::moves`], found without
    /// the quiet ones.
    fn noisy_moves(&self) -> Vec<ShashMove> {
        self.legal(true)
    }

    /// The legal moves, or (`noisy`) only those the search follows past its horizon.
    fn legal(&self, noisy: bool) -> Vec<ShashMove> {
        // A king taken ends the game: nothing is played after it.
        if self.family.variant.lost(&self.family).is_some() {
            return Vec::new();
        }
        let safety = self.family.safety();
        let jumps = self.standing_jumps(safety.as_ref());
        if !jumps.is_empty() {
            return jumps;
        }
        let mut moves = Vec::with_capacity(64);
        moves.extend(self.chess_candidates(noisy));
        self.steps(noisy, &mut moves);
        moves.retain(|m| self.stands(m, safety.as_ref()));
        moves
    }

    /// Whether a jump stands, which makes jumping compulsory.
    fn must_jump(&self) -> bool {
        if self.family.variant.lost(&self.family).is_some() {
            return false;
        }
        let safety = self.family.safety();
        let mut jumps = Vec::new();
        self.jumps(&mut jumps);
        jumps.iter().any(|m| self.stands(m, safety.as_ref()))
    }

    /// Whether there is a legal move, found without listing them all: one candidate
    /// that stands is enough, as the rule that jumps come first keeps one. The chess
    /// moves are looked at first, then the men's steps, then the jumps.
    pub(super) fn has_move(&self) -> bool {
        if self.family.variant.lost(&self.family).is_some() {
            return false;
        }
        let safety = self.family.safety();
        let stands = |m: &ShashMove| self.stands(m, safety.as_ref());
        if self.chess_candidates(false).any(|m| stands(&m)) {
            return true;
        }
        let mut others = Vec::new();
        self.steps(false, &mut others);
        self.jumps(&mut others);
        others.iter().any(stands)
    }

    /// Whether the candidate `m` leaves its side's king out of chess check (jumping
    /// the enemy king always stands). A chess move or a man's step by a piece other
    /// than the king, from a square that does not shield the king, out of check, only
    /// blocks lines or takes the piece where it lands, and stands without being
    /// played out. A jump is always played out: the pieces it takes away may have
    /// been shielding the king.
    fn stands(&self, m: &ShashMove, safety: Option<&Safety>) -> bool {
        if self.takes_king(m) {
            return true;
        }
        let mover = match m {
            ShashMove::Chess(c) if c.kind == MoveKind::Normal => Some((c.from, c.role)),
            ShashMove::Step { from, role, .. } => Some((*from, *role)),
            ShashMove::Chess(_) | ShashMove::Jump(_) => None,
        };
        if let (Some(safety), Some((from, role))) = (safety, mover)
            && !safety.in_check
            && role != safety.royal
            && safety.pinned & (1u64 << from) == 0
        {
            return true;
        }
        let us = self.turn();
        let mut after = self.clone();
        after.play(m);
        !after.family.attacked_king(us)
    }

    /// The chess moves among the legal ones: what SAN is written among.
    fn chess_moves(moves: &[ShashMove]) -> Vec<Move> {
        board_moves(
            moves
                .iter()
                .filter_map(|m| match m {
                    ShashMove::Chess(c) => Some(*c),
                    _ => None,
                })
                .collect(),
        )
    }

    /// A man's or queen's move that is not chess's: the position's bookkeeping.
    fn after_checkers(&mut self, from: Cell, touched: Bitboard, pawn: bool, capture: bool) {
        let p = &mut self.family.position;
        let us = p.turn;
        // Castling rights go with a king or rook that moves, or is jumped.
        if p.board.pieces(us, Role::King) & (1u64 << from) != 0 {
            p.castling &= !(0xFFu64 << if us == Side::White { 0 } else { 56 });
        }
        p.castling &= !((1u64 << from) | touched);
        // A king jumped takes its side's rights with it.
        let them = us.other();
        if p.board.pieces(them, Role::King) & touched != 0 {
            p.castling &= !(0xFFu64 << if them == Side::White { 0 } else { 56 });
        }
        p.ep_square = None;
        p.halfmoves = if pawn || capture {
            0
        } else {
            p.halfmoves.saturating_add(1)
        };
        if us == Side::Black {
            p.fullmoves = p.fullmoves.saturating_add(1);
        }
    }
}

fn letter(role: Role) -> String {
    if role == Role::Pawn {
        String::new()
    } else {
        role.letter().to_string()
    }
}

impl Game for Shashmaty {
    type Move = ShashMove;
    type Options = ShashmatyOptions;
    const CARD: Card = <ShashmatyOptions as Variant>::CARD;

    fn new(options: ShashmatyOptions) -> Self {
        Shashmaty {
            family: Family::new(options),
        }
    }

    fn set_up(options: ShashmatyOptions, fen: &str) -> Result<Self, Detail> {
        Ok(Shashmaty {
            family: Family::from_fen(options, fen)?,
        })
    }

    fn set_up_text(&self) -> Option<String> {
        self.family.set_up_text()
    }

    fn options(&self) -> &ShashmatyOptions {
        self.rules()
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    fn legal_moves(&self) -> Vec<ShashMove> {
        self.moves()
    }

    fn play(&mut self, m: &ShashMove) {
        match *m {
            ShashMove::Chess(c) => self.family.play(&c),
            ShashMove::Step {
                from,
                to,
                role,
                crown,
            } => {
                let us = self.turn();
                self.after_checkers(from, 0, role == Role::Pawn, false);
                let board = &mut self.family.position.board;
                board.remove(from);
                let role = if crown { Role::Queen } else { role };
                board.put(to, Piece { side: us, role });
                self.family.position.turn = us.other();
            }
            ShashMove::Jump(c) => {
                let us = self.turn();
                let mut touched: Bitboard = c.jumped().iter().fold(0, |b, &sq| b | 1u64 << sq);
                if let Some((sq, _)) = c.finisher {
                    touched |= 1u64 << sq;
                }
                self.after_checkers(c.from, touched, c.role == Role::Pawn, true);
                let board = &mut self.family.position.board;
                board.remove(c.from);
                for &sq in c.jumped() {
                    board.remove(sq);
                }
                let role = match c.finisher {
                    Some((sq, promotion)) => {
                        board.remove(sq);
                        promotion.unwrap_or(c.role_after())
                    }
                    None => c.role_after(),
                };
                board.put(c.end(), Piece { side: us, role });
                self.family.position.turn = us.other();
            }
        }
    }

    fn notation(&self, m: &ShashMove) -> String {
        let mut after = self.clone();
        after.play(m);
        let them = after.turn();
        let suffix = (!self.takes_king(m) && after.family.attacked_king(them))
            .then(|| if after.moves().is_empty() { '#' } else { '+' });
        let mut s = self.plain(m, &self.moves());
        s.extend(suffix);
        s
    }

    fn parse_move(&self, text: &str) -> Result<ShashMove, Detail> {
        let moves = self.moves();
        let clean = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let castles = clean.starts_with(['O', '0']);
        if !castles && clean.contains([':', '-']) {
            return moves
                .iter()
                .copied()
                .filter(|m| !matches!(m, ShashMove::Chess(_)))
                .find(|m| self.plain(m, &moves) == clean)
                .ok_or_else(|| {
                    crate::detail!(
                        "detail-not-legal-here",
                        "{text} is not legal here",
                        text = crate::rules::error::shown(text),
                    )
                });
        }
        san::read(clean, &Shashmaty::chess_moves(&moves)).map(ShashMove::Chess)
    }

    fn view(&self, m: &ShashMove) -> MoveView {
        match *m {
            ShashMove::Chess(c) => move_view(&c),
            ShashMove::Step {
                from, to, crown, ..
            } => MoveView {
                promotion: crown.then_some(kind(Role::Queen)),
                checkers: true,
                ..MoveView::along(from, vec![to])
            },
            ShashMove::Jump(c) => {
                let mut landings = c.landings().to_vec();
                let mut captured = c.jumped().to_vec();
                if let Some((sq, _)) = c.finisher {
                    landings.push(sq);
                    captured.push(sq);
                }
                let promotion = c
                    .finisher
                    .and_then(|(_, p)| p)
                    .or((c.crowned > 0).then_some(Role::Queen))
                    .map(kind);
                MoveView {
                    captured,
                    promotion,
                    checkers: true,
                    ..MoveView::along(c.from, landings)
                }
            }
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        piece_views(&self.family.position)
    }

    fn same_position(&self, other: &Self) -> bool {
        self.family.same_position(&other.family)
    }

    /// In the spec's order: a king jumped, mate, stalemate, bare kings, then the
    /// repetition and fifty-move draws (the variant's hooks give each).
    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        self.family.judge(!self.has_move(), repetitions)
    }

    fn perft(&self, depth: u32) -> Option<u64> {
        Some(perft_by_copy(self, depth, &|g| g.moves().len() as u64))
    }

    fn diagram(&self) -> String {
        diagram(&self.family.position)
    }

    fn move_number(&self) -> u32 {
        self.family.position.fullmoves
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for Shashmaty {
    /// The board's reasons, where a piece's way of moving is both chess's and
    /// checkers': a square neither reaches gets one sentence for both.
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        let r = self.family.refusal(from, to)?;
        Some(match r.key {
            "msg-why-shape" | "msg-why-pawn" => {
                let mover = self.family.position.board.piece_at(from)?.role;
                Refusal::new("msg-why-two-ways").with("mover", Word::Piece(kind(mover)))
            }
            _ => r,
        })
    }

    fn refusals() -> Vec<&'static str> {
        let mut out = <ShashmatyOptions as Variant>::refusals();
        out.retain(|k| !["msg-why-shape", "msg-why-pawn"].contains(k));
        out.extend(["msg-why-two-ways", "msg-why-must-capture"]);
        out
    }

    fn capture_compulsory(&self) -> bool {
        self.must_jump()
    }
}

impl Ends for Shashmaty {
    fn has_check(&self) -> bool {
        true
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        self.family.claimable_draw(repetitions)
    }
}

impl Seats for Shashmaty {
    fn turn(&self) -> Side {
        self.family.position.turn
    }
}

impl GameView for Shashmaty {
    fn check_cell(&self) -> Option<Cell> {
        self.family.check_cell()
    }
}

impl Shashmaty {
    /// A move's notation without its check suffix; `moves` are the legal ones, among
    /// which SAN is disambiguated.
    fn plain(&self, m: &ShashMove, moves: &[ShashMove]) -> String {
        let name = |sq: Cell| Topology::chess().name(sq);
        match *m {
            ShashMove::Chess(c) => san::write(&c, &Shashmaty::chess_moves(moves), None),
            ShashMove::Step {
                from,
                to,
                role,
                crown,
            } => {
                let crown = if crown { "=Q" } else { "" };
                format!("{}{}-{}{crown}", letter(role), name(from), name(to))
            }
            ShashMove::Jump(c) => {
                let mut s = format!("{}{}", letter(c.role), name(c.from));
                for (i, &sq) in c.landings().iter().enumerate() {
                    s.push(':');
                    s.push_str(name(sq));
                    if usize::from(c.crowned) == i + 1 {
                        s.push_str("=Q");
                    }
                }
                if let Some((sq, promotion)) = c.finisher {
                    s.push('x');
                    s.push_str(name(sq));
                    if let Some(r) = promotion {
                        s.push('=');
                        s.push(r.letter());
                    }
                }
                s
            }
        }
    }
}

/// The family's evaluation; jumps and chess captures are followed past the horizon.
impl crate::rules::computer::Evaluate for Shashmaty {
    const FEATURES: &'static [crate::rules::computer::Feature] = super::eval::FEATURES;

    fn tally(&self, side: Side, tally: &mut impl crate::rules::computer::Tally) {
        self.family.tally(side, tally);
    }
}

impl crate::rules::computer::Hints for Shashmaty {
    fn noisy(&self, m: &ShashMove) -> bool {
        match m {
            ShashMove::Chess(c) => c.capture.is_some() || c.promotion.is_some(),
            ShashMove::Step { crown, .. } => *crown,
            ShashMove::Jump(_) => true,
        }
    }

    fn noisy_moves(&self) -> Vec<ShashMove> {
        Shashmaty::noisy_moves(self)
    }

    fn order(&self, m: &ShashMove) -> i32 {
        match m {
            ShashMove::Chess(c) => crate::rules::chess::capture_order(c),
            ShashMove::Step { crown, .. } => i32::from(*crown) * 800,
            ShashMove::Jump(c) => 1000 * i32::from(c.len) + i32::from(c.finisher.is_some()) * 500,
        }
    }

    fn slot(&self, m: &ShashMove) -> Option<usize> {
        let (from, to) = match m {
            ShashMove::Chess(c) => (c.from, c.to),
            ShashMove::Step { from, to, .. } => (*from, *to),
            ShashMove::Jump(c) => (c.from, c.end()),
        };
        Some(usize::from(from) * 64 + usize::from(to))
    }

    fn key(&self, legal_moves: usize) -> u64 {
        self.family.key(legal_moves)
    }
}

impl crate::rules::computer::Choose for Shashmaty {}
