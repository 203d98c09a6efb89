//! The computer's view of bughouse: the board of the seat it plays, searched as one
//! chess board whose reserves count at their worth. The other board's moves belong to
//! other players and come at any moment, so they are not searched.

use super::{BugMove, Bughouse};
use crate::rules::chess::ChessGame;
use crate::rules::search::{Evaluate, Feature, Tally};
use crate::rules::side::Side;

impl Evaluate for Bughouse {
    const FEATURES: &'static [Feature] = ChessGame::FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        self.boards[self.primary()].tally(side, tally);
    }

    fn noisy(&self, m: &BugMove) -> bool {
        self.boards[usize::from(m.board)].noisy(&m.chess)
    }

    fn order(&self, m: &BugMove) -> i32 {
        self.boards[usize::from(m.board)].order(&m.chess)
    }
}
