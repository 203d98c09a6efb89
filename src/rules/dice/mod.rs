//! Dice chess (`dice-chess.md`): before each move its player rolls a die, and moves a
//! piece of the kind the face names (1 king, 2 queen, 3 rook, 4 bishop, 5 knight,
//! 6 pawn), or passes when none can. By default there is no check: any pseudo-legal
//! move stands and capturing the king wins; under `check_rules` chess's legality
//! holds, mate and stalemate are judged before the roll, and kings are never taken.
//!
//! The roll is an action like a move, carrying its faces, so a record replays without
//! the generator and undo takes a roll back like anything else. Where the app rolls,
//! the faces come from the match's seed and the number of actions before the roll
//! (see [`Match::roll`]): undoing a roll and rolling again gives the same faces.
//!
//! [`Match::roll`]: crate::rules::Match::roll

mod eval;
mod options;
mod roll;
#[cfg(test)]
mod tests;

pub use options::DiceOptions;
pub use roll::{FACE_ROLES, Faces, Roll, allowed, face};

use crate::rules::chance::Chance;
use crate::rules::chess::{Move as ChessMove, MoveKind, Role, kind, san};
use crate::rules::ends::Ends;
use crate::rules::error::Detail;
use crate::rules::family::Family;
use crate::rules::game::Card;
use crate::rules::game::{Game, perft_by_copy};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::seats::Seats;
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology};
use crate::rules::turns::Turns;
use crate::rules::view::{DiceView, GameView, MoveView, PieceView};
use crate::rules::why::Refusals;
use crate::rules::why::{Refusal, Word};

/// How a pass is written.
pub const PASS: &str = "--";

/// An action of dice chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceMove {
    /// The dice come to rest with these faces.
    Roll(Roll),
    /// A move of a piece of a rolled kind.
    Move(ChessMove),
    /// No piece of a rolled kind can move: the turn passes.
    Pass,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DiceChess {
    pub family: Family<DiceOptions>,
    /// The roll the move about to be made must follow; None until it is rolled.
    pub rolled: Option<Roll>,
    /// Rolls of this turn that moved nothing and were rolled again (`no_move = reroll`).
    pub rerolled: u8,
    /// The turn began with the opponent's pass: a position repeated by passes is not
    /// counted for repetition.
    pub after_pass: bool,
}

impl DiceChess {
    fn rules(&self) -> &DiceOptions {
        &self.family.variant
    }

    /// Every move the rules allow the side to move with any piece: pseudo-legal ones by
    /// default, chess's legal ones under check rules (where kings are not taken).
    fn candidates(&self) -> Vec<ChessMove> {
        let mut moves = self.family.moves();
        if self.rules().check_rules {
            moves.retain(|m| m.capture != Some(Role::King));
        }
        moves
    }

    /// The moves a roll with the faces `set` allows.
    fn moves_for(&self, set: Faces) -> Vec<ChessMove> {
        let rook_castles = self.rules().rook_castles;
        let mut moves = self.candidates();
        moves.retain(|m| allowed(m, set, rook_castles));
        moves
    }

    /// The faces that would give a move now.
    fn movable_faces(&self) -> Faces {
        let rook_castles = self.rules().rook_castles;
        self.candidates().iter().fold(0, |set, m| {
            let castle = if m.kind == MoveKind::Castle && rook_castles {
                1 << 2
            } else {
                0
            };
            set | 1 << (face(m.role) - 1) | castle
        })
    }

    /// Repetitions count only where the house rule asks, and only of positions reached
    /// by a move.
    fn counted(&self, repetitions: usize) -> usize {
        if self.rules().repetition {
            repetitions
        } else {
            1
        }
    }
}

impl Game for DiceChess {
    type Move = DiceMove;
    type Options = DiceOptions;
    const CARD: Card = <DiceOptions as crate::rules::family::Variant>::CARD;

    fn new(options: DiceOptions) -> Self {
        DiceChess {
            family: Family::new(options),
            rolled: None,
            rerolled: 0,
            after_pass: false,
        }
    }

    /// A position from a FEN, with the die still to be rolled.
    fn set_up(options: DiceOptions, fen: &str) -> Result<Self, Detail> {
        Ok(DiceChess {
            family: Family::from_fen(options, fen)?,
            rolled: None,
            rerolled: 0,
            after_pass: false,
        })
    }

    fn options(&self) -> &DiceOptions {
        self.rules()
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    /// Before the roll, every roll the dice can show; after it, the moves it allows,
    /// or the pass.
    fn legal_moves(&self) -> Vec<DiceMove> {
        let Some(roll) = self.rolled else {
            // A finished game rolls no more (a stalemate under the check rules).
            if self.outcome(1).is_some() {
                return Vec::new();
            }
            return Roll::all(self.rules().dice())
                .into_iter()
                .map(DiceMove::Roll)
                .collect();
        };
        let moves = self.moves_for(roll.set());
        if moves.is_empty() {
            return vec![DiceMove::Pass];
        }
        moves.into_iter().map(DiceMove::Move).collect()
    }

    fn play(&mut self, m: &DiceMove) {
        match *m {
            DiceMove::Roll(roll) => {
                if self.rules().reroll && self.moves_for(roll.set()).is_empty() {
                    self.rerolled = self.rerolled.saturating_add(1);
                } else {
                    self.rolled = Some(roll);
                }
                return;
            }
            DiceMove::Move(m) => {
                self.family.play(&m);
                self.after_pass = false;
            }
            DiceMove::Pass => {
                // A pass moves nothing and counts for nothing but the move number; the
                // opponent's en passant chance lapses with it.
                let p = &mut self.family.position;
                p.ep_square = None;
                if p.turn == Side::Black {
                    p.fullmoves = p.fullmoves.saturating_add(1);
                }
                p.turn = p.turn.other();
                self.after_pass = true;
            }
        }
        self.rolled = None;
        self.rerolled = 0;
    }

    fn notation(&self, m: &DiceMove) -> String {
        match m {
            DiceMove::Roll(roll) => roll.to_string(),
            DiceMove::Pass => PASS.into(),
            DiceMove::Move(m) => self.family.notation(m),
        }
    }

    fn parse_move(&self, text: &str) -> Result<DiceMove, Detail> {
        let text = text.trim();
        let Some(roll) = self.rolled else {
            return if text.starts_with('[') {
                Roll::parse(text).and_then(|r| {
                    if usize::from(self.rules().dice()) == r.faces().len() {
                        Ok(DiceMove::Roll(r))
                    } else {
                        Err(crate::detail!(
                            "detail-dice-count",
                            "a roll here has {count} dice",
                            count = self.rules().dice(),
                        ))
                    }
                })
            } else {
                Err(crate::detail!("detail-roll-first", "roll the die first"))
            };
        };
        let moves = self.moves_for(roll.set());
        if text == PASS {
            return if moves.is_empty() {
                Ok(DiceMove::Pass)
            } else {
                Err(crate::detail!(
                    "detail-dice-no-pass",
                    "a piece of the rolled kind can move: no pass"
                ))
            };
        }
        san::read(text, &moves).map(DiceMove::Move)
    }

    fn view(&self, m: &DiceMove) -> MoveView {
        match m {
            DiceMove::Move(m) => self.family.view(m),
            // Rolls and passes move nothing on the board: the panel makes them.
            _ => MoveView::along(0, Vec::new()),
        }
    }

    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        self.family.pieces()
    }

    /// Only positions awaiting a roll that a move (not a pass) reached count.
    fn same_position(&self, other: &Self) -> bool {
        let fresh = |g: &DiceChess| g.rolled.is_none() && g.rerolled == 0 && !g.after_pass;
        fresh(self) && fresh(other) && self.family.same_position(&other.family)
    }

    /// Judged before the roll, by the family's rules over the moves any face could
    /// make: a captured king, no move with any piece (mate or stalemate under check
    /// rules), insufficient material under check rules, and the fifty-move rule and
    /// repetition (if on).
    fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        if self.rolled.is_some() || self.rerolled > 0 {
            return None;
        }
        self.family
            .judge(self.candidates().is_empty(), self.counted(repetitions))
    }

    fn chance(&self) -> Option<&dyn Chance<Move = DiceMove>> {
        Some(self)
    }

    /// Rolls count as plies, each face or set of faces rolled as its own branch.
    fn perft(&self, depth: u32) -> Option<u64> {
        Some(perft_by_copy(self, depth, &|g| {
            g.legal_moves().len() as u64
        }))
    }

    fn diagram(&self) -> String {
        self.family.diagram()
    }

    fn move_number(&self) -> u32 {
        self.family.move_number()
    }

    fn set_up_text(&self) -> Option<String> {
        self.family.set_up_text()
    }

    fn turns(&self) -> Option<&dyn Turns<Move = Self::Move>> {
        Some(self)
    }

    fn ends(&self) -> Option<&dyn Ends> {
        Some(self)
    }
}

impl Refusals for DiceChess {
    /// A piece the dice did not name rests; the others move as in the family.
    fn why_not(&self, from: Cell, to: Option<Cell>) -> Option<Refusal> {
        let roll = self.rolled?;
        let piece = self.family.position.board.piece_at(from)?;
        let faces = roll.faces();
        let named = |f: &u8| FACE_ROLES[usize::from(f - 1)];
        if !faces.iter().any(|f| named(f) == piece.role) {
            let shown = named(faces.first()?);
            return Some(
                Refusal::new("msg-why-die")
                    .with("mover", Word::Piece(kind(piece.role)))
                    .with("rolled", Word::Piece(kind(shown))),
            );
        }
        self.family.refusal(from, to)
    }

    fn refusals() -> Vec<&'static str> {
        let mut out = <DiceOptions as crate::rules::family::Variant>::refusals();
        out.extend(["msg-roll-first", "msg-why-die", "msg-why-not-there"]);
        out
    }
}

impl Ends for DiceChess {
    fn has_check(&self) -> bool {
        self.rules().check_rules
    }

    fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        self.family.claimable_draw(self.counted(repetitions))
    }
}

impl Turns for DiceChess {
    type Move = <DiceChess as Game>::Move;

    fn is_pass(&self, m: &DiceMove) -> bool {
        *m == DiceMove::Pass
    }
}

/// The dice: rolled by the match's generator, or entered from physical dice.
impl Chance for DiceChess {
    type Move = DiceMove;

    fn chances(&self) -> Option<Vec<(DiceMove, u32)>> {
        if self.rolled.is_some() {
            return None;
        }
        // Rolls with the same set of faces allow the same moves: one of each, weighted
        // by how many rolls show it. Under rerolls only the sets that move count, each
        // as likely as before relative to the others.
        let movable = self.movable_faces();
        let mut weights = [0u32; 64];
        let mut first: [Option<Roll>; 64] = [None; 64];
        for roll in Roll::all(self.rules().dice()) {
            let set = usize::from(roll.set());
            weights[set] += 1;
            first[set].get_or_insert(roll);
        }
        let outcomes = (0..64)
            .filter_map(|set| Some((first[set]?, weights[set])))
            .filter(|(roll, _)| !self.rules().reroll || roll.set() & movable != 0)
            .map(|(roll, weight)| (DiceMove::Roll(roll), weight))
            .collect();
        Some(outcomes)
    }

    /// A roll is written in brackets: `[6]`, `[1 4 6]`.
    fn names_chance(&self, text: &str) -> bool {
        text.trim_start().starts_with('[')
    }

    fn roll(&self, random: u64) -> Option<DiceMove> {
        (self.rolled.is_none() && !self.rules().manual)
            .then(|| DiceMove::Roll(Roll::random(self.rules().dice(), random)))
    }
}

impl Seats for DiceChess {
    fn turn(&self) -> Side {
        self.family.position.turn
    }
}

impl GameView for DiceChess {
    fn check_cell(&self) -> Option<Cell> {
        self.family.check_cell()
    }

    fn dice(&self) -> Option<DiceView> {
        let faces = self.rolled.map(|r| r.faces().to_vec()).unwrap_or_default();
        let movable = self.movable_faces();
        Some(DiceView {
            count: self.rules().dice(),
            movable: faces
                .iter()
                .copied()
                .filter(|f| movable & 1 << (f - 1) != 0)
                .collect(),
            faces,
            kinds: FACE_ROLES.map(kind),
            manual: self.rules().manual,
            automatic: self.rules().auto_roll,
        })
    }

    fn joins_previous(&self) -> Option<&'static str> {
        if self.rolled.is_some() {
            Some(" ")
        } else if self.rerolled > 0 {
            Some("")
        } else {
            None
        }
    }
}
