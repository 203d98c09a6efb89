//! How a game ends.

use super::side::Side;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    Checkmate,
    /// Chess stalemate: a draw.
    Stalemate,
    /// No legal move where that loses (Z-shashmaty's «пат»).
    NoMoves,
    /// Every monarch of the loser was captured.
    MonarchsLost,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    /// Z-shashmaty's "simple equal position".
    EqualMaterial,
    Agreement,
    Resignation,
    /// The count of discs (or points) decided.
    Score,
    /// One piece against one, nothing to capture.
    LonePieces,
    /// Too many plies without a capture or a man move.
    QuietKings,
    /// A checker was still at home when the home-exit limit came.
    HomeExit,
    /// The finish limit came: the checkers in the target decided.
    FinishLimit,
    FiveInARow,
    /// Corners: the target corner was filled (the score, if any, is the loser's penalty).
    Completion,
    /// The same movement made once too often (Epsilon-64).
    RepeatedMove,
    /// The agreed number of turns was reached.
    TurnLimit,
    /// The others left the game (mated, resigned or made servants).
    LastInGame,
    /// The agreed number of tours was won (Chapayev).
    ToursWon,
    /// Maharajah and the Sepoys: the Maharajah was captured.
    MaharajahCaptured,
    /// A king was captured where kings are not royal (double-move chess).
    KingCaptured,
    /// The player's time ran out.
    TimeForfeit,
    /// Neither seat on move in bughouse has an action.
    Deadlock,
}

impl Reason {
    pub const ALL: [Reason; 25] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::NoMoves,
        Reason::MonarchsLost,
        Reason::Repetition,
        Reason::FiftyMoves,
        Reason::InsufficientMaterial,
        Reason::EqualMaterial,
        Reason::Agreement,
        Reason::Resignation,
        Reason::Score,
        Reason::LonePieces,
        Reason::QuietKings,
        Reason::HomeExit,
        Reason::FinishLimit,
        Reason::FiveInARow,
        Reason::Completion,
        Reason::RepeatedMove,
        Reason::TurnLimit,
        Reason::LastInGame,
        Reason::ToursWon,
        Reason::MaharajahCaptured,
        Reason::KingCaptured,
        Reason::TimeForfeit,
        Reason::Deadlock,
    ];

    /// The key of the reason's text in the translations, and its name in replay files.
    pub const fn id(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::NoMoves => "no-moves",
            Reason::MonarchsLost => "monarchs-lost",
            Reason::Repetition => "repetition",
            Reason::FiftyMoves => "fifty-move",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::EqualMaterial => "equal-material",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::Score => "score",
            Reason::LonePieces => "lone-pieces",
            Reason::QuietKings => "quiet-kings",
            Reason::HomeExit => "home-exit",
            Reason::FinishLimit => "finish-limit",
            Reason::FiveInARow => "five-in-a-row",
            Reason::Completion => "completion",
            Reason::RepeatedMove => "repeated-move",
            Reason::TurnLimit => "turn-limit",
            Reason::LastInGame => "last-in-game",
            Reason::ToursWon => "tours-won",
            Reason::MaharajahCaptured => "maharajah-captured",
            Reason::KingCaptured => "king-capture",
            Reason::TimeForfeit => "time-forfeit",
            Reason::Deadlock => "deadlock",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
    /// The score where the game counts one, by [`Side::index`].
    pub score: Option<[u32; 2]>,
}

impl Outcome {
    pub fn win(side: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
            score: None,
        }
    }

    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
            score: None,
        }
    }

    /// The PGN result token.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            Some(Side::Red) => "0-0-1",
            Some(Side::Grey) | None => "1/2-1/2",
        }
    }
}
