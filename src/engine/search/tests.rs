use super::*;
use crate::rules::chess::{ChessGame, ChessOptions};
use crate::rules::game::Game;
use crate::rules::seats::Seats;
use crate::rules::turns::Turns;

fn chess(fen: &str) -> ChessGame {
    ChessGame::set_up(ChessOptions::default(), fen).unwrap()
}

fn best<G: Evaluate + Hints + Sync>(position: &G, level: Level, limits: Limits) -> String {
    let thought = think(position, level, &limits, 1, &mut |_| {}).expect("a move");
    position.notation(&thought.best)
}

fn depth(plies: u32) -> Limits {
    Limits {
        depth: Some(plies),
        ..Limits::default()
    }
}

#[test]
fn chess_mates_in_one_and_two_are_found() {
    let one = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    assert_eq!(best(&one, Level::Hard, depth(3)), "Rd8#");
    let two = chess("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    assert_eq!(best(&two, Level::Hard, depth(4)), "Rd8+");
}

#[test]
fn chess_takes_a_free_queen_and_keeps_its_own() {
    let free = chess("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(best(&free, Level::Hard, depth(3)), "Rxd5");
    // The queen is attacked by a pawn: it moves away rather than stay to be taken.
    let threatened = chess("4k3/8/4p3/3Q4/8/8/8/4K3 w - - 0 1");
    let reply = best(&threatened, Level::Hard, depth(3));
    assert!(reply.starts_with('Q') && reply != "Qd5", "{reply}");
}

#[test]
fn the_same_seed_and_budget_choose_the_same_move() {
    let start = ChessGame::new(ChessOptions::default());
    for level in Level::ALL {
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let a = think(&start, level, &limits, 7, &mut |_| {}).unwrap();
        let b = think(&start, level, &limits, 7, &mut |_| {}).unwrap();
        let key = |t: &Thought<_>| (t.best, t.progress.depth, t.progress.score, t.progress.nodes);
        assert_eq!(key(&a), key(&b), "{level:?}");
    }
}

#[test]
fn every_level_of_every_game_plays_complete_games_against_a_random_player() {
    use crate::engine::player::decide;
    use crate::rules::history::{Action, Match};
    use crate::rules::{GameId, Position};
    let limits = Limits {
        nodes: Some(1_500),
        ..Limits::default()
    };
    for &game in GameId::ALL.iter().filter(|&&g| g != GameId::Chapayev) {
        for (n, level) in Level::ALL.into_iter().enumerate() {
            let mut m = Match::new(Position::new(game, &[]).unwrap());
            let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ n as u64;
            // Seat 0 is the computer, with every decision the match gives it; the others
            // take any action but resigning, draw offers and claims included.
            while m.outcome().is_none() && m.actions().len() < 3_000 {
                let ply = m.actions().len() as u64;
                let action = if m.position().seats().seat_to_move() == 0 {
                    decide(&m, level, &limits, ply)
                        .unwrap_or_else(|| panic!("{} {level:?}: no action at {ply}", game.id()))
                } else {
                    let actions: Vec<Action> = m
                        .legal_actions()
                        .into_iter()
                        .filter(|a| *a != Action::Resign)
                        .collect();
                    x = mix(x);
                    actions[(x % actions.len() as u64) as usize]
                };
                m.play(action).unwrap_or_else(|e| {
                    panic!("{} {level:?} at {ply}: {action:?}: {e}", game.id())
                });
            }
            assert!(m.outcome().is_some(), "{} {level:?} never ended", game.id());
        }
    }
}

#[test]
fn reversi_takes_a_corner_when_offered() {
    use crate::rules::{GameId, Position};
    // Play on from the start until a corner is among the moves, then ask.
    let mut position = Position::new(GameId::Reversi, &[]).unwrap();
    let corners = ["a1", "h1", "a8", "h8"];
    let mut x = 5u64;
    for _ in 0..200 {
        if position.outcome(1).is_some() {
            break;
        }
        let moves = position.legal_moves();
        let offered = moves
            .iter()
            .any(|m| corners.iter().any(|c| position.notation(m).starts_with(c)));
        if offered {
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let best = position
                .think(Level::Hard, &limits, 0, &mut |_| {})
                .unwrap()
                .best;
            let text = position.notation(&best);
            assert!(
                corners.iter().any(|c| text.starts_with(c)),
                "{text} instead of a corner in\n{}\n{:?}",
                position.diagram(),
                moves
                    .iter()
                    .map(|m| position.notation(m))
                    .collect::<Vec<_>>()
            );
            return;
        }
        x = mix(x);
        let m = moves[(x % moves.len() as u64) as usize];
        position.play(&m).unwrap();
    }
    panic!("no corner was ever offered");
}

/// The lowest score `side` can be brought to by the next player's reply.
fn worst_reply<G: Evaluate + Hints>(position: &G, side: crate::rules::side::Side) -> i32 {
    position
        .legal_moves()
        .iter()
        .map(|m| {
            let mut next = position.clone();
            next.play(m);
            next.evaluate(side, &super::hand(G::FEATURES))
        })
        .min()
        .unwrap_or(WIN)
}

/// A mate in chess for three is not always good: the next player may take the fallen
/// army's throne and with it the army. Where it stays clearly good after any reply,
/// the search plays it, paranoid, max^n or by best replies.
#[test]
fn chess_for_three_mates_in_one_when_it_pays() {
    use crate::rules::side::Side;
    use crate::rules::trichess::TriChess;
    let in_game = |q: &TriChess| Side::THREE.into_iter().filter(|&a| q.in_game(a)).count();
    let mut found = 0;
    for start in 0..600u64 {
        let mut p = TriChess::new(Default::default());
        let mut x = mix(start + 1);
        for _ in 0..160 {
            if p.outcome(1).is_some() || in_game(&p) < 3 {
                break;
            }
            let moves = p.legal_moves();
            let me = p.turn();
            let paying = moves.iter().any(|m| {
                let mut q = p.clone();
                q.play(m);
                in_game(&q) < 3 && worst_reply(&q, me) > 1500
            });
            if paying {
                // The searches for three: paranoid, max^n and best replies.
                let max_n = Limits {
                    many: Many::MaxN,
                    ..depth(2)
                };
                let best_reply = Limits {
                    many: Many::BestReply,
                    ..depth(2)
                };
                for limits in [depth(2), max_n, best_reply] {
                    let thought = think(&p, Level::Hard, &limits, 0, &mut |_| {}).unwrap();
                    let mut q = p.clone();
                    q.play(&thought.best);
                    assert!(
                        in_game(&q) < 3,
                        "{} missed the mate in\n{} ({:?})",
                        p.notation(&thought.best),
                        p.diagram(),
                        limits.many
                    );
                }
                found += 1;
                break;
            }
            x = mix(x);
            p.play(&moves[(x % moves.len() as u64) as usize]);
        }
        if found == 3 {
            return;
        }
    }
    assert!(
        found > 0,
        "no paying mate in one came up in the random games"
    );
}

/// Turkish draughts: d4-d5 gives a man, Black's capture is forced (d6xd4), and the
/// man on c4 then takes two (c4xe4xg4).
#[test]
fn turkish_draughts_finds_a_shot_through_a_forced_capture() {
    use crate::rules::dama::{Turkish, TurkishOptions};
    let p = Turkish::set_up(TurkishOptions::default(), "W:Wa2,b4,c4,d4:Bd6,f4,h7").unwrap();
    assert_eq!(best(&p, Level::Hard, depth(4)), "d4-d5");
}

/// A queen or a rook more mates a lone king within the fifty moves even in the
/// self-play's short searches (4,000 positions a move) under the weights chess ships,
/// the lone king fleeing as well as such a search can.
#[test]
fn chess_mates_a_lone_king_in_a_short_search() {
    use crate::engine::weights;
    use crate::rules::GameId;
    let shipped =
        weights::read(GameId::Chess.evaluation(), GameId::Chess.shipped_weights()).unwrap();
    let shipped: std::sync::Arc<[f32]> = shipped.into();
    for fen in [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    ] {
        let mut g = chess(fen);
        let mut keys = Vec::new();
        loop {
            keys.push(g.key(0));
            let limits = Limits {
                nodes: Some(4_000),
                seen_twice: std::sync::Arc::new(seen_twice(keys.iter().copied())),
                weights: Some(shipped.clone()),
                ..Limits::default()
            };
            let Some(thought) = think(&g, Level::Hard, &limits, 1, &mut |_| {}) else {
                break;
            };
            g.play(&thought.best);
        }
        let mated = g.legal_moves().is_empty() && g.position.is_check();
        assert!(mated, "{fen}: not mated in {}", g.position.fen());
    }
}

#[test]
fn a_move_is_singular_only_where_no_other_holds_its_score() {
    use super::alphabeta::Singular;
    use super::table::{Bound, Entry};
    // A free rook that only the rook on d1 can take; the first move of the game,
    // where several moves are as good.
    for (fen, only) in [
        ("6k1/5ppp/8/8/8/8/3r1PPP/3R2K1 w - - 0 1", true),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        ),
    ] {
        let position = chess(fen);
        let limits = depth(8);
        let mut searcher = Searcher::new(&position, &limits);
        let moves = position.legal_moves();
        let (best, score) = searcher.root(&position, &moves, 8, false).unwrap()[0];
        let remembered = Entry {
            depth: 8,
            score,
            bound: Bound::Exact,
            best: Some(best),
        };
        let found = searcher.singular(&position, remembered, 8, 0);
        assert_eq!(matches!(found, Singular::Only), only, "{fen}");
    }
}

#[test]
fn a_capture_that_wins_well_past_the_bound_cuts_the_node_early() {
    // A free rook that the rook on d1 takes: past an even bound it cuts, past one of
    // six pawns the rook's worth cannot reach, and without a capture there is nothing
    // to try.
    for (fen, alpha, cuts) in [
        ("6k1/5ppp/8/8/8/8/3r1PPP/3R2K1 w - - 0 1", 0, true),
        ("6k1/5ppp/8/8/8/8/3r1PPP/3R2K1 w - - 0 1", 600, false),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            -300,
            false,
        ),
    ] {
        let position = chess(fen);
        let limits = depth(8);
        let mut searcher = Searcher::new(&position, &limits);
        let key = position.key(position.legal_moves().len());
        let found = searcher.probcut(&position, 6, 1, key, alpha, alpha + 1);
        assert_eq!(found.is_some(), cuts, "{fen} past {alpha}");
        if let Some(score) = found {
            assert!(score > alpha + 100, "{fen}: {score}");
        }
    }
}

#[test]
fn quiet_moves_that_cut_are_tried_early_and_those_searched_in_vain_late() {
    use super::alphabeta::{COUNTER, HISTORY_BOUND, KILLER};
    let start = ChessGame::new(ChessOptions::default());
    let e4 = start.parse_move("e4").unwrap();
    let mut position = start.clone();
    position.play(&e4);
    let limits = depth(8);
    let mut searcher = Searcher::new(&position, &limits);
    let black = |san: &str| position.parse_move(san).unwrap();
    let [e5, nf6, d5, a6, h6] = ["e5", "Nf6", "d5", "a6", "h6"].map(black);
    // At ply 1, after 1. e4, Nf6 refutes White's move once a6 failed, then e5 once a6
    // and h6 failed; three times over, at a depth of eight plies.
    searcher.arrive(1, &start, Some(&e4));
    for _ in 0..3 {
        searcher.remember_cutoff(&position, nf6, 1, 8, &[a6]);
        searcher.remember_cutoff(&position, e5, 1, 8, &[a6, h6]);
    }
    let ranks = |searcher: &Searcher<ChessGame>, ply| {
        let rank = searcher.quiet_rank(&position, ply);
        [e5, nf6, d5, a6, h6].map(|m| rank(&m))
    };
    let [e5_rank, nf6_rank, ..] = ranks(&searcher, 1);
    assert_eq!((e5_rank, nf6_rank), (KILLER, KILLER - 1));
    // Elsewhere, after the same move: e5 last refuted 1. e4; the others by their record.
    searcher.arrive(3, &start, Some(&e4));
    let [e5_rank, nf6_rank, d5_rank, a6_rank, h6_rank] = ranks(&searcher, 3);
    assert_eq!(e5_rank, COUNTER);
    assert!(0 < nf6_rank, "{nf6_rank}");
    assert_eq!(d5_rank, 0);
    assert!(a6_rank < h6_rank && h6_rank < 0, "{a6_rank} {h6_rank}");
    // After another first move, only the record of the move itself counts, not the
    // record of what answered 1. e4.
    let d4 = start.parse_move("d4").unwrap();
    searcher.arrive(3, &start, Some(&d4));
    let [_, nf6_after_d4, ..] = ranks(&searcher, 3);
    assert!(
        0 < nf6_after_d4 && nf6_after_d4 < nf6_rank,
        "{nf6_after_d4} {nf6_rank}"
    );
    // However often a move cuts or fails, its records (by squares, and as the answer
    // to 1. e4) stay within the bound.
    searcher.arrive(3, &start, Some(&e4));
    searcher.arrive(5, &start, Some(&e4));
    for _ in 0..1000 {
        searcher.remember_cutoff(&position, nf6, 5, 30, &[a6]);
    }
    // (A shallow cut by e5 makes it the counter move again, to rank Nf6 by its records.)
    searcher.remember_cutoff(&position, e5, 5, 1, &[]);
    let [_, nf6_rank, _, a6_rank, _] = ranks(&searcher, 3);
    let bound = 2 * HISTORY_BOUND;
    assert!((bound - 4_000..=bound).contains(&nf6_rank), "{nf6_rank}");
    assert!((-bound..=4_000 - bound).contains(&a6_rank), "{a6_rank}");
}

#[test]
fn the_static_score_is_corrected_by_what_searches_found_for_the_same_pawns() {
    let start = ChessGame::new(ChessOptions::default());
    let after = |sans: &[&str]| {
        let mut position = start.clone();
        for san in sans {
            let m = position.parse_move(san).unwrap();
            position.play(&m);
        }
        position
    };
    let e4 = after(&["e4"]);
    let limits = depth(8);
    // One search ten plies deep that found 1. e4 a pawn better for White (the
    // root's side) than the static score moves the correction part of the way; one
    // a ply deep hardly at all.
    let mut deep = Searcher::new(&start, &limits);
    deep.correct(&e4, 100, 10);
    let mut shallow = Searcher::new(&start, &limits);
    shallow.correct(&e4, 100, 1);
    let (by_deep, by_shallow) = (deep.corrected(&e4, 0), shallow.corrected(&e4, 0));
    assert!(
        0 <= by_shallow && by_shallow < by_deep && by_deep < 100,
        "{by_shallow} {by_deep}"
    );
    // Found again and again, it reaches its limit, for every position with Black
    // to move and the same pawns, whatever the pieces.
    for _ in 0..100 {
        deep.correct(&e4, 100, 10);
    }
    assert_eq!(deep.corrected(&e4, 20), 84);
    assert_eq!(deep.corrected(&after(&["e4", "Nf6", "Nc3"]), 20), 84);
    // Other pawns, or White to move, are corrected apart.
    assert_eq!(deep.corrected(&after(&["d4"]), 20), 20);
    assert_eq!(deep.corrected(&after(&["e4", "Nf6"]), 20), 20);
    // A search asked for exact scores takes the evaluation as it is.
    let exact = Limits {
        exact_scores: true,
        ..depth(8)
    };
    let mut analysis = Searcher::new(&start, &exact);
    analysis.correct(&e4, 100, 10);
    assert_eq!(analysis.corrected(&e4, 20), 20);
}

/// What a search learnt of a pawn structure goes with its table to the next move's
/// search, and only there.
#[test]
fn the_next_moves_search_starts_from_the_corrections_the_last_one_kept() {
    let start = ChessGame::new(ChessOptions::default());
    let mut e4 = start.clone();
    e4.play(&e4.parse_move("e4").unwrap());
    let kept = Kept::default();
    let limits = Limits {
        kept: Some(kept.clone()),
        ..depth(8)
    };
    let mut first = Searcher::new(&start, &limits);
    for _ in 0..100 {
        first.correct(&e4, 100, 10);
    }
    first.keep();
    assert_eq!(Searcher::new(&start, &depth(8)).corrected(&e4, 20), 20);
    let next = Searcher::new(&start, &limits);
    assert_eq!(next.corrected(&e4, 20), 84);
    // Taken by one search, it is not there for another.
    assert_eq!(Searcher::new(&start, &limits).corrected(&e4, 20), 20);
}

#[test]
fn near_the_horizon_off_the_principal_line_only_the_first_quiet_moves_are_searched() {
    use super::alphabeta::late_moves;
    // White's twenty first moves are all quiet, none checks, none is futile against
    // a bound of a pawn and a half, and the quiescence search after each is one
    // position (Black can take nothing): two nodes a move searched (the search at
    // the horizon hands over to the quiescence search), and the root's.
    let start = ChessGame::new(ChessOptions::default());
    let limits = depth(8);
    let searched = |alpha: i32, beta: i32| {
        let mut searcher = Searcher::new(&start, &limits);
        let score = searcher.search(&start, 1, 0, alpha, beta, false);
        assert!(score <= alpha, "{score}");
        searcher.progress(1, score, Vec::new()).nodes
    };
    assert_eq!(searched(150, 151), 1 + 2 * late_moves(1) as u64);
    assert_eq!(searched(150, 250), 1 + 2 * 20);
}

#[test]
fn a_position_the_game_has_been_through_twice_counts_as_a_draw() {
    // White is a rook up: going back to a position seen twice would throw that away.
    let g = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let first = think(&g, Level::Hard, &depth(3), 1, &mut |_| {}).unwrap();
    let mut after = g.clone();
    after.play(&first.best);
    let limits = Limits {
        seen_twice: std::sync::Arc::new(seen_twice([after.key(0), after.key(0)])),
        ..depth(3)
    };
    let second = think(&g, Level::Hard, &limits, 1, &mut |_| {}).unwrap();
    assert_ne!(second.best, first.best);
    assert!(second.progress.score > 0);
}

/// White has a queen more, and the black rook checks the king from behind: every
/// check brings back a position the game has been through. Once is not a draw, so the
/// side behind cannot check its way to one; twice is, and then it can.
#[test]
fn a_position_the_game_has_been_through_once_is_no_draw_yet() {
    let g = chess("5QR1/K6k/8/8/8/8/r7/8 w - - 0 1");
    let mut checks = Vec::new();
    for m in g.legal_moves() {
        let mut after = g.clone();
        after.play(&m);
        for reply in after.legal_moves() {
            let mut checked = after.clone();
            checked.play(&reply);
            if checked.position.is_check() {
                checks.push(checked.key(0));
            }
        }
    }
    let score = |keys: Vec<u64>| {
        let limits = Limits {
            seen_twice: std::sync::Arc::new(seen_twice(keys)),
            ..depth(6)
        };
        think(&g, Level::Hard, &limits, 1, &mut |_| {})
            .unwrap()
            .progress
            .score
    };
    assert!(score(checks.clone()) > 500);
    assert_eq!(score([checks.clone(), checks].concat()), 0);
}

/// The best line reported is the search's whole line, as deep as the depth searched,
/// and playable move after move: the table alone lost it (a two-move line at depth 9).
#[test]
fn the_best_line_is_as_long_as_the_depth() {
    let position = chess("rnbqkbnr/ppp1pppp/8/8/4q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut lines = Vec::new();
    think(&position, Level::Hard, &depth(7), 1, &mut |p| {
        lines.push(p.pv.clone())
    });
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), i + 1, "depth {}: {line:?}", i + 1);
        let mut p = position.clone();
        for m in line {
            assert!(p.legal_moves().contains(m));
            p.play(m);
        }
    }
}

#[test]
fn a_kept_table_makes_the_next_moves_search_cheaper() {
    let start = ChessGame::new(ChessOptions::default());
    let kept = Kept::default();
    let limits = Limits {
        kept: Some(kept.clone()),
        ..depth(9)
    };
    let first = think(&start, Level::Hard, &limits, 1, &mut |_| {}).expect("a move");
    // Two plies on, along the line the search expected, the table knows the
    // positions a shallower search looks at from deeper searches already (the
    // histories kept with it order them for the deeper search's root, which costs
    // a little of the saving).
    let mut next = start.clone();
    for m in &first.progress.pv[..2] {
        next.play(m);
    }
    let shallower = Limits {
        kept: Some(kept.clone()),
        ..depth(6)
    };
    let fresh = think(&next, Level::Hard, &depth(6), 1, &mut |_| {}).expect("a move");
    let built_on = think(&next, Level::Hard, &shallower, 1, &mut |_| {}).expect("a move");
    assert!(
        built_on.progress.nodes * 3 < fresh.progress.nodes,
        "{} kept, {} fresh",
        built_on.progress.nodes,
        fresh.progress.nodes
    );
}

/// A mate the table remembers is counted from the position it was found in, so the
/// next move's search, built on the kept table, still says how far off it is.
#[test]
fn a_kept_table_counts_a_mate_from_where_it_comes() {
    let three = chess("r1r3k1/5ppp/8/8/8/3R4/3R1PPP/3R2K1 w - - 0 1");
    let kept = Kept::default();
    let kept_to = |plies| Limits {
        kept: Some(kept.clone()),
        ..depth(plies)
    };
    let first = think(&three, Level::Hard, &kept_to(7), 1, &mut |_| {}).expect("a move");
    assert_eq!(first.progress.score, WIN - 5, "mate in three");
    let mut next = three.clone();
    for m in &first.progress.pv[..2] {
        next.play(m);
    }
    let again = think(&next, Level::Hard, &kept_to(3), 1, &mut |_| {}).expect("a move");
    assert_eq!(again.progress.score, WIN - 3, "mate in two");
}

#[test]
fn threads_searching_together_share_what_they_learn() {
    let two = chess("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    let together_limits = Limits {
        threads: 2,
        ..depth(4)
    };
    assert_eq!(best(&two, Level::Hard, together_limits), "Rd8+");
    // Before the main search has looked at anything, its table comes to know the
    // root's best move from the helper alone.
    let start = ChessGame::new(ChessOptions::default());
    let limits = Limits {
        threads: 2,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(&start, &limits);
    let deadline = Instant::now() + Duration::from_secs(120);
    let learnt = together(&mut searcher, &start, &limits, 64, |s| {
        while s.remembered(&start).is_none() && Instant::now() < deadline {
            std::thread::yield_now();
        }
        s.remembered(&start)
    });
    assert!(learnt.is_some(), "the helper's table was not shared");
}

#[test]
fn moves_picked_one_by_one_come_in_the_order_a_stable_sort_gives() {
    let ranks = [3, 7, 1, 7, 3, 9, 0, 7, 9, 2];
    let mut picked: Vec<(usize, i32, bool)> = ranks
        .iter()
        .copied()
        .enumerate()
        .map(|(i, r)| (i, r, false))
        .collect();
    let mut sorted = picked.clone();
    sorted.sort_by_key(|&(_, rank, _)| -rank);
    for i in 0..picked.len() {
        alphabeta::bring_best(&mut picked[i..]);
    }
    assert_eq!(picked, sorted);
}

#[test]
fn the_computer_takes_a_hanging_king_and_weighs_the_dice() {
    // The queen can take the king on a 2.
    use crate::rules::dice::{DiceChess, DiceMove, DiceOptions, Roll};
    use crate::rules::side::Side;
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut g = DiceChess::set_up(DiceOptions::default(), fen).unwrap();
    g.play(&DiceMove::Roll(Roll::new(&[2]).unwrap()));
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let best = think(&g, Level::Hard, &limits, 0, &mut |_| {})
        .unwrap()
        .best;
    assert!(matches!(best, DiceMove::Move(_)), "a queen move");
    // A queen up before the roll: good for White whatever comes up.
    let awaiting =
        DiceChess::set_up(DiceOptions::default(), "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    assert!(awaiting.evaluate(Side::White, &hand(DiceChess::FEATURES)) > 500);
    let thought = think(&awaiting, Level::Hard, &limits, 0, &mut |_| {});
    assert!(thought.is_some());
}

/// The computer speaks only for the army it plays: where another army may offer or
/// order beside the move, its choice is still the army on move's own.
#[test]
fn the_computer_decides_only_in_its_own_armys_name() {
    use crate::engine::player::decide;
    use crate::rules::history::{Action as Act, Match};
    use crate::rules::position::{GameId, Move, Position};
    use crate::rules::trichess::Action;
    // A simple generator of the test's own, as the rules' tests of the game use.
    fn next_random(seed: &mut u64) -> usize {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as usize
    }
    let mut m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
    let mut seed = 11u64;
    let mut tried = 0;
    for _ in 0..200 {
        let Position::TriChess(p) = m.position() else {
            unreachable!()
        };
        let actions = p.legal_moves();
        if actions.is_empty() {
            break;
        }
        let someone_else = actions.iter().any(|a| p.mover(a) != p.seat_to_move());
        for level in [Level::Easy, Level::Normal]
            .into_iter()
            .filter(|_| someone_else)
        {
            tried += 1;
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let Some(Act::Play(chosen)) = decide(&m, level, &limits, seed) else {
                continue;
            };
            assert_eq!(
                m.position().mover(&chosen),
                p.seat_to_move(),
                "{chosen:?} chosen for seat {}",
                p.seat_to_move()
            );
        }
        let r = next_random(&mut seed);
        let pick = actions
            .iter()
            .find(|a| matches!(a, Action::Move(x) if p.board()[x.to as usize].is_some()))
            .copied()
            .unwrap_or(actions[r % actions.len()]);
        m.play(Act::Play(Move::TriChess(pick))).unwrap();
    }
    assert!(
        tried > 5,
        "positions with another army's diplomacy ({tried})"
    );
}
