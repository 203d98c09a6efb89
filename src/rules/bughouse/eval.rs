//! The computer's view of bughouse: the board of the seat it plays, searched as one
//! chess board whose reserves count at their worth. The other board's moves belong to
//! other players and come at any moment, so they are not searched. Its weights and
//! network are that board's: what the search scores is what the learner learns.

use super::{BugBoard, BugMove, Bughouse};
use crate::rules::computer::Layout;
use crate::rules::computer::{
    Choose, Evaluate, Feature, Judgement, Level, Progress, Search, Tally, Thought,
};
use crate::rules::seats::Seats;
use crate::rules::side::Side;

impl Evaluate for Bughouse {
    const FEATURES: &'static [Feature] = BugBoard::FEATURES;

    fn tally(&self, side: Side, tally: &mut impl Tally) {
        self.boards[self.primary()].tally(side, tally);
    }

    /// A seat's own board, the one its search weighs, whichever board acts next (at
    /// the end of a line searched on one board, the other board is next to act).
    fn seat_tally(&self, seat: usize, tally: &mut impl Tally) {
        self.boards[seat / 2].tally(self.seat_side(seat), tally);
    }

    fn net_inputs(&self, seat: usize) -> Vec<u32> {
        self.boards[seat / 2].net_view(self.seat_side(seat))
    }

    fn net_layout(&self) -> Layout {
        Layout::of(&self.boards[0])
    }
}

impl crate::rules::computer::Hints for Bughouse {
    fn noisy(&self, m: &BugMove) -> bool {
        self.boards[usize::from(m.board)].noisy(&m.chess)
    }

    fn order(&self, m: &BugMove) -> i32 {
        self.boards[usize::from(m.board)].order(&m.chess)
    }
}

/// A bughouse seat searches its own board: the other board's moves are other players'
/// and come at any moment. A move is judged on the board it was played on.
impl Choose for Bughouse {
    fn choose(
        &self,
        level: Level,
        search: &impl Search,
        seed: u64,
        report: &mut dyn FnMut(&Progress<BugMove>),
    ) -> Option<Thought<BugMove>> {
        let board = self.primary();
        let on = |chess| BugMove {
            board: board as u8,
            chess,
        };
        let mut relay = |progress: &Progress<_>| report(&progress.map(on));
        Some(
            search
                .think(&self.boards[board], level, seed, &mut relay)?
                .map(on),
        )
    }

    fn judge_move(&self, played: BugMove, search: &impl Search) -> Option<Judgement<BugMove>> {
        let board = self.boards.get(usize::from(played.board))?;
        search.judge(board, played.chess).map(|j| {
            j.map(|chess| BugMove {
                board: played.board,
                chess,
            })
        })
    }
}
