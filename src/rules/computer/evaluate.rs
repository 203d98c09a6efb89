//! What a game brings to the search: how good a position is for a side.

use super::features::{Feature, Sum, Tally};
use crate::rules::game::Game;
use crate::rules::outcome::Outcome;
use crate::rules::side::Side;
use crate::rules::topology::Cell;
use crate::rules::view::{PieceKind, PieceView};
use crate::rules::why::Remark;
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A win, in the evaluation's units; mates are this less the plies to reach them.
pub const WIN: i32 = 1_000_000;

/// Whether a score is a forced win or loss (a mate within a thousand plies) rather
/// than the evaluation's judgement.
pub fn is_mate(score: i32) -> bool {
    score.abs() >= WIN - 1000
}

/// How good a position is, as the search scores it: named features times weights, or
/// what an evaluation network sees of it. The search's hints (which moves to follow,
/// which to try first) are [`Hints`](super::Hints).
pub trait Evaluate: Game {
    /// What the evaluation counts, with the weights set by hand (see [`crate::features`]).
    const FEATURES: &'static [Feature];

    /// Whether the evaluation is steady enough to cut the search short on it: near
    /// the horizon, a position far above what the opponent can allow is taken as
    /// won, and quiet moves that cannot bring a position far below back are not
    /// tried. True for chess, whose material seldom swings in one quiet move.
    const STEADY: bool = false;

    /// Counts the position's features for `side` into `tally`: its own less the
    /// others'. Only called where the game goes on.
    fn tally(&self, side: Side, tally: &mut impl Tally);

    /// Counts the features for `seat` ([`Evaluate::tally`] for its side): what the
    /// learner fits the weights to. Bughouse counts the seat's own board, the one its
    /// search weighs.
    fn seat_tally(&self, seat: usize, tally: &mut impl Tally) {
        self.tally(self.seat_side(seat), tally);
    }

    /// What an evaluation network sees of the position as `side` sees it (see
    /// [`inputs`](super::inputs)): what the search scores by.
    fn net_view(&self, side: Side) -> Vec<u32> {
        super::inputs(self, side)
    }

    /// What an evaluation network sees of the position for `seat`: the inputs of the
    /// position the seat's search scores, as its side sees them.
    fn net_inputs(&self, seat: usize) -> Vec<u32> {
        self.net_view(self.seat_side(seat))
    }

    /// How a network's inputs are laid out for the board the game's search scores.
    fn net_layout(&self) -> super::Layout {
        super::Layout::of(self)
    }

    /// How good the position is for `side` under `weights` (one per feature), in
    /// hundredths of a pawn or the game's like; positive is good for `side`.
    fn evaluate(&self, side: Side, weights: &[f32]) -> i32 {
        let mut sum = Sum::new(weights);
        self.tally(side, &mut sum);
        sum.score()
    }

    /// Why the computer would play `m`, where a player would wonder (chess for
    /// three's diplomatic steps); None for moves that speak for themselves.
    fn explain(&self, _m: &Self::Move) -> Option<Remark> {
        None
    }
}

/// The score of a finished game for `side`, `ply` plies from the root: a win sooner
/// is worth more and a loss sooner less, a draw nothing.
pub fn end_score(outcome: &Outcome, side: Side, ply: i32) -> i32 {
    match outcome.winner {
        None => 0,
        Some(w) if w == side => WIN - ply,
        Some(_) => -(WIN - ply),
    }
}

/// A fixed, well-spread 64-bit value for each input: SplitMix64's first output from
/// that seed.
pub fn mix(x: u64) -> u64 {
    SplitMix64::seed_from_u64(x).next_u64()
}

/// The keys among `keys` (a game's positions, one key each time one comes) that come
/// twice or more: a third time is a draw by repetition. A position the game has been
/// through once is not yet one, and counting it as one hands the side behind a draw it
/// does not have: a rook checking a king back into squares it has stood on while the
/// queen beside it waits to mate.
pub fn seen_twice(keys: impl IntoIterator<Item = u64>) -> std::collections::HashSet<u64> {
    let mut once = std::collections::HashSet::new();
    keys.into_iter().filter(|&key| !once.insert(key)).collect()
}

/// The usual worth of a piece kind, in hundredths of a pawn, for games that mix chess
/// pieces and checkers. Kings are beyond price: losing them ends the game.
pub fn worth(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King | PieceKind::Disc | PieceKind::Stone => 0,
        PieceKind::Maharajah => 1250,
        PieceKind::Queen => 900,
        PieceKind::Rook => 500,
        PieceKind::Bishop => 330,
        PieceKind::Knight => 320,
        PieceKind::Jester => 290,
        PieceKind::General => 420,
        PieceKind::Pawn | PieceKind::Checker => 100,
        PieceKind::ZChecker => 150,
        PieceKind::DraughtsKing => 300,
        PieceKind::ViceKing => 400,
    }
}

/// Counts every piece through `count`, for `side` against the others: its own pieces
/// with a share of 1, each other side's with minus one over the number of other sides
/// with pieces (their average is taken away). Grey pieces belong to nobody.
pub fn each_piece<T: Tally>(
    pieces: &[(Cell, PieceView)],
    side: Side,
    tally: &mut T,
    mut count: impl FnMut(&mut T, Cell, &PieceView, f32),
) {
    let mut present = [false; 4];
    for (_, piece) in pieces {
        if piece.side != side && piece.side != Side::Grey {
            present[piece.side.index()] = true;
        }
    }
    let others = present.iter().filter(|p| **p).count().max(1) as f32;
    for (cell, piece) in pieces {
        if piece.side == side {
            count(tally, *cell, piece, 1.0);
        } else if piece.side != Side::Grey {
            count(tally, *cell, piece, -1.0 / others);
        }
    }
}

/// True when a move takes something: the noisy moves of most games.
pub fn captures<G: Game>(position: &G, m: &G::Move) -> bool {
    !position.view(m).captured.is_empty()
}
