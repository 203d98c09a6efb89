//! How a game ends.

use super::side::Side;
use serde::{Deserialize, Serialize};

/// Declares the reasons once: each variant with its id, the key of its text in the
/// translations and its name in replay files.
macro_rules! reasons {
    ($($(#[$doc:meta])* $variant:ident => $id:literal,)+) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Reason {
            $($(#[$doc])* $variant,)+
        }

        impl Reason {
            pub const ALL: &'static [Reason] = &[$(Reason::$variant,)+];

            /// The key of the reason's text in the translations, and its name in replay
            /// files.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Reason::$variant => $id,)+
                }
            }
        }
    };
}

reasons! {
    Checkmate => "checkmate",
    /// Chess stalemate: a draw.
    Stalemate => "stalemate",
    /// No legal move where that loses (Z-shashmaty's «пат»).
    NoMoves => "no-moves",
    /// Every monarch of the loser was captured.
    MonarchsLost => "monarchs-lost",
    Repetition => "repetition",
    FiftyMoves => "fifty-move",
    InsufficientMaterial => "insufficient-material",
    /// Z-shashmaty's "simple equal position".
    EqualMaterial => "equal-material",
    Agreement => "agreement",
    Resignation => "resignation",
    /// The count of discs (or points) decided.
    Score => "score",
    /// One piece against one, nothing to capture.
    LonePieces => "lone-pieces",
    /// Too many plies without a capture or a man move.
    QuietKings => "quiet-kings",
    /// A checker was still at home when the home-exit limit came.
    HomeExit => "home-exit",
    /// The finish limit came: the checkers in the target decided.
    FinishLimit => "finish-limit",
    FiveInARow => "five-in-a-row",
    /// Corners: the target corner was filled (the score, if any, is the loser's penalty).
    Completion => "completion",
    /// The same movement made once too often (Epsilon-64).
    RepeatedMove => "repeated-move",
    /// The agreed number of turns was reached.
    TurnLimit => "turn-limit",
    /// The others left the game (mated, resigned or made servants).
    LastInGame => "last-in-game",
    /// The agreed number of tours was won (Chapayev).
    ToursWon => "tours-won",
    /// Maharajah and the Sepoys: the Maharajah was captured.
    MaharajahCaptured => "maharajah-captured",
    /// A king was captured where kings are not royal (double-move chess).
    KingCaptured => "king-capture",
    /// The player's time ran out.
    TimeForfeit => "time-forfeit",
    /// Neither seat on move in bughouse has an action.
    Deadlock => "deadlock",
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

    /// The result token among `players` seats: PGN's for two (and for bughouse's two
    /// teams, White's team first), one score a side for chess for three
    /// (`0-1-0`: Black won; a draw shares the point).
    pub fn token(&self, players: usize) -> &'static str {
        if players != 3 {
            return self.result();
        }
        match self.winner {
            Some(Side::White) => "1-0-0",
            Some(Side::Black) => "0-1-0",
            Some(Side::Red) => "0-0-1",
            Some(Side::Grey) | None => "1/3-1/3-1/3",
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
