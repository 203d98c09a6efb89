//! A finished game looked over by the engine: each move judged against the best one
//! at a fixed depth, what it cost, and the moves that cost much marked the way
//! annotators mark them (`?!`, `?`, `??`). Looking at what the move cost in
//! winning chances rather than in points, as lichess does, a pawn lost when a rook up
//! is no mistake and a pawn lost in a level position may be.

use super::search::{Judgement, Limits, Think, WIN};
use super::weights::InForce;
use crate::rules::history::Match;
use crate::rules::score::Score;
use crate::rules::{GameId, Move, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The most positions a review at a fixed depth searches for a move's best: chess
/// never needs them at depth 7 (the lichess game's busiest move took 470,000), and a
/// game whose search is slower (chess for three's) is judged less deep instead of for
/// minutes a move.
pub const NODES: u64 = 1_000_000;

/// How long a review looks at each move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// To a fixed depth (within [`NODES`]): the same verdicts on any machine.
    Depth(u32),
    /// As deep as the time allows.
    Time(Duration),
    /// As deep as this many positions allow: what a time gives, the same on any
    /// machine (chess searches about two million positions a second).
    Nodes(u64),
}

/// A second a move, as lichess's analysis gives each: a depth alone misjudges the
/// moves whose cost shows only deeper (4. Nxe5? in the test's Blackburne trap, which
/// depth 7 calls the best move).
pub const DEFAULT: Budget = Budget::Time(Duration::from_secs(1));

impl Budget {
    fn limits(self, stop: Option<Arc<AtomicBool>>) -> Limits {
        match self {
            Budget::Depth(depth) => Limits {
                depth: Some(depth),
                nodes: Some(NODES),
                stop,
                ..Limits::default()
            },
            Budget::Time(time) => Limits {
                time: Some(time),
                stop,
                ..Limits::default()
            },
            Budget::Nodes(nodes) => Limits {
                nodes: Some(nodes),
                stop,
                ..Limits::default()
            },
        }
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The annotator's sign.
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The translation key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "review-inaccuracy",
            Mark::Mistake => "review-mistake",
            Mark::Blunder => "review-blunder",
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The move's place in the match's record.
    pub at: usize,
    /// The seat that played it.
    pub seat: usize,
    pub judgement: Judgement<Move>,
    /// How good the position was for each seat, in search points, by the end of the
    /// best line from it: the graph's lines.
    pub standing: Vec<i32>,
    pub mark: Option<Mark>,
}

/// A player's chances of winning a score of `game` stands for, from -1 to 1: mates
/// count as a won game, and a lead in the game's units (a pawn, a man, a disc)
/// saturates the way results do in practice.
fn chances(game: GameId, score: i32) -> f64 {
    let pawns = match Score::read(game, score, 2) {
        Score::Win(n) => 10.0 * f64::from(n.signum()),
        Score::Units(u) => u,
    };
    // lichess's curve, on pawns.
    2.0 / (1.0 + (-0.368_208 * pawns).exp()) - 1.0
}

/// How bad a move was that scored `played` where `best` was there, both for its player.
pub fn mark(game: GameId, best: i32, played: i32) -> Option<Mark> {
    let lost = (chances(game, best) - chances(game, played)) / 2.0;
    if lost >= 0.15 {
        Some(Mark::Blunder)
    } else if lost >= 0.10 {
        Some(Mark::Mistake)
    } else if lost >= 0.05 {
        Some(Mark::Inaccuracy)
    } else {
        None
    }
}

/// Judges the moves of `m` (its whole record) within `budget` each, by the weights
/// and the network `in_force` (the shipped ones where None), as the computer plays,
/// telling each verdict to `heard` as it comes; stops early when `stop` is set.
/// Actions that are no choice of a player's (rolls, draws, resignations, Chapayev's
/// shots) are passed over.
pub fn review(
    m: &Match,
    budget: Budget,
    in_force: Option<&InForce>,
    stop: Option<Arc<AtomicBool>>,
    heard: &mut dyn FnMut(Reviewed),
) {
    let game = m.game();
    let limits = Limits {
        weights: in_force.map(|f| f.get(game.evaluation())),
        net: in_force.and_then(|f| f.net(game.evaluation())),
        ..budget.limits(stop)
    };
    for (at, action) in m.all_actions().iter().enumerate() {
        if limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
        {
            return;
        }
        let Some(played) = action.moved() else {
            continue;
        };
        let position = &m.state_before(at).position;
        let Some(judgement) = position.judge(&played, &limits) else {
            continue;
        };
        let seat = position.mover(&played);
        let standing = standing(position, &judgement.pv, seat, judgement.best_score, &limits);
        let mark = mark(game, judgement.best_score, judgement.played_score);
        heard(Reviewed {
            at,
            seat,
            judgement,
            standing,
            mark,
        });
    }
}

/// Each seat's standing after the best line: the mover's is the search's own score;
/// with two seats the other's is its negation, and with more each other seat's is the
/// static evaluation of where the line leads (a won or lost line counts in full).
fn standing(
    position: &Position,
    pv: &[Move],
    mover: usize,
    best: i32,
    limits: &Limits,
) -> Vec<i32> {
    let seats = position.seats();
    let count = seats.seat_count();
    if count == 2 {
        return (0..2)
            .map(|s| if s == mover { best } else { -best })
            .collect();
    }
    let mut end = position.clone();
    for mv in pv {
        if end.play(mv).is_err() {
            break;
        }
    }
    (0..count)
        .map(|s| {
            if s == mover {
                return best;
            }
            let side = seats.seat_side(s);
            match end.outcome(1) {
                Some(o) if o.winner == Some(side) => WIN,
                Some(_) => -WIN,
                None => end.evaluate(side, limits),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::history::Action;

    fn played(game: GameId, moves: &str) -> Match {
        let mut m = Match::new(Position::new(game, &[]).unwrap());
        for mv in moves.split_whitespace() {
            m.play_text(mv).unwrap();
        }
        m
    }

    fn reviewed(m: &Match, depth: u32) -> Vec<Reviewed> {
        let mut out = Vec::new();
        review(m, Budget::Depth(depth), None, None, &mut |r| out.push(r));
        out
    }

    #[test]
    fn a_hung_queen_is_a_blunder_and_the_capture_is_best() {
        // 2. Qg4?? puts the queen where the bishop takes it.
        let m = played(GameId::Chess, "e4 d5 Qg4 Bxg4 Nf3");
        let out = reviewed(&m, 3);
        assert_eq!(out.len(), 5);
        let queen = &out[2];
        assert_eq!(queen.at, 2);
        assert_eq!(queen.mark, Some(Mark::Blunder));
        assert_ne!(
            m.state_before(2).position.notation(&queen.judgement.best),
            "Qg4"
        );
        // Taking it was the best.
        assert_eq!(out[3].judgement.best, out[3].judgement.pv[0]);
        assert_eq!(
            m.state_before(3).position.notation(&out[3].judgement.best),
            "Bxg4"
        );
        assert!(queen.judgement.best_score > queen.judgement.played_score + 500);
        // The opening moves are no mistakes.
        assert_eq!(out[0].mark, None);
        assert_eq!(out[1].mark, None);
    }

    #[test]
    fn marks_follow_the_chances_lost() {
        let g = GameId::Chess;
        assert_eq!(mark(g, 0, -40), None);
        assert_eq!(mark(g, 0, -80), Some(Mark::Inaccuracy));
        assert_eq!(mark(g, 0, -150), Some(Mark::Mistake));
        assert_eq!(mark(g, 0, -400), Some(Mark::Blunder));
        // Already a rook up, a pawn less is no mistake.
        assert_eq!(mark(g, 900, 800), None);
        // A mate missed for an even game is.
        assert_eq!(mark(g, WIN - 5, 0), Some(Mark::Blunder));
        // Reversi counts discs at ten points each.
        assert_eq!(mark(GameId::Reversi, 0, -4), None);
        assert_eq!(mark(GameId::Reversi, 0, -40), Some(Mark::Blunder));
    }

    #[test]
    fn chess_for_three_stands_per_army() {
        let m = played(GameId::TriChess, "");
        let mut m = m;
        let first = m.position().legal_moves()[0];
        m.play(Action::Play(first)).unwrap();
        let out = reviewed(&m, 2);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].standing.len(), 3);
    }

    /// lichess's own analysis (Stockfish's) of a real game marks five blunders; the
    /// review at depth 7 scores every one of them below the best move and
    /// marks most of them costly. (It rates them milder: a shallower search sees less
    /// of what they lose, and where a side already stands worse, the same loss costs
    /// it fewer chances.)
    #[test]
    fn the_review_finds_stockfish_s_blunders_in_a_lichess_game() {
        let text = include_str!("../../tests/data/lichess-eOXqcPAS.pgn");
        let m = crate::rules::record::replay(GameId::Chess, text, &[]).unwrap();
        assert_eq!(m.all_actions().len(), 128);
        // Stockfish's ?? in the export, by ply: 7. Ng3, 33. Rc3, 38. Ke1, 38... Bb2, 40. Rdc1.
        let stockfish_blunders = [12, 64, 74, 75, 78];
        let out = reviewed(&m, 7);
        let at = |ply: usize| out.iter().find(|r| r.at == ply).expect("reviewed");
        for ply in stockfish_blunders {
            let j = &at(ply).judgement;
            assert!(
                j.played_score <= j.best_score - 20,
                "ply {}: {} played, {} best",
                ply + 1,
                j.played_score,
                j.best_score
            );
        }
        let marked = stockfish_blunders
            .iter()
            .filter(|&&ply| at(ply).mark.is_some())
            .count();
        assert!(marked >= 3, "{marked} of Stockfish's blunders marked");
    }

    /// Chess for three's search is slower: its moves are judged within the node budget,
    /// less deep than asked, rather than not at all.
    #[test]
    fn the_node_budget_bounds_a_slow_game_s_review() {
        let mut m = played(GameId::TriChess, "");
        m.play_text("NWP2-WS3").unwrap();
        let out = reviewed(&m, 20);
        assert_eq!(out.len(), 1);
        assert!(out[0].judgement.depth < 20, "{}", out[0].judgement.depth);
    }

    /// The Blackburne trap: 4. Nxe5? loses to 4...Qg5 (Stockfish at depth 16: -0.56
    /// against +1.13 for 4. Nxd4). Depth 7 takes it for the best move; a search of
    /// five million positions, a second or two on a 2-core machine (counted in
    /// positions so that the test does not hang on the machine's speed), marks it,
    /// and 5. Nxf7?? after it.
    #[test]
    fn a_second_a_move_sees_the_trap_that_depth_7_misses() {
        // After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4.
        let fen = "r1bqkbnr/pppp1ppp/8/4p3/2BnP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let mut m = Match::new(Position::set_up(GameId::Chess, &[], fen).unwrap());
        for mv in ["Nxe5", "Qg5", "Nxf7"] {
            m.play_text(mv).unwrap();
        }
        let shallow = reviewed(&m, 7);
        assert_eq!(shallow[0].judgement.best, m.actions()[0].moved().unwrap());
        assert_eq!(shallow[0].mark, None, "depth 7 calls it best");
        let mut out = Vec::new();
        review(&m, Budget::Nodes(5_000_000), None, None, &mut |r| {
            out.push(r)
        });
        let nxe5 = &out[0];
        assert!(nxe5.mark >= Some(Mark::Mistake), "{nxe5:?}");
        assert!(
            nxe5.judgement.played_score < 0,
            "{}",
            nxe5.judgement.played_score
        );
        assert_eq!(out[2].mark, Some(Mark::Blunder), "5. Nxf7??");
    }

    #[test]
    fn a_stop_ends_the_review() {
        let m = played(GameId::Chess, "e4 e5 Nf3 Nc6");
        let stop = Arc::new(AtomicBool::new(true));
        let mut heard = 0;
        review(&m, Budget::Depth(3), None, Some(stop), &mut |_| heard += 1);
        assert_eq!(heard, 0);
    }
}
