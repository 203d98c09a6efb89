//! The chess spec's rules and test facts (C1-C14), one test each.

use super::*;
use crate::rules::game::random_games;
use crate::rules::{Match, Outcome, Reason, Side};

fn fen(text: &str) -> ChessGame {
    ChessGame::set_up(ChessOptions::default(), text).expect("valid FEN")
}

fn sans(g: &ChessGame) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

fn play(moves: &str) -> Match {
    let mut m = Match::new(crate::rules::Position::Chess(ChessGame::new(
        ChessOptions::default(),
    )));
    for token in crate::rules::record::parse_movetext(moves).tokens {
        m.play_text(&token.text)
            .unwrap_or_else(|e| panic!("{}: {e}", token.text));
    }
    m
}

#[test]
fn c6_fools_mate() {
    let m = play("1. f3 e5 2. g4 Qh4#");
    assert_eq!(
        m.outcome(),
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
    assert_eq!(m.notation(3), "Qh4#");
}

#[test]
fn c7_stalemate_is_a_draw() {
    let g = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn c8_threefold_repetition_draws_automatically() {
    let m = play("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1");
    assert_eq!(m.outcome(), None);
    let m = play("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
    assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Repetition)));
}

#[test]
fn repetition_can_be_claimed_under_the_claim_rule() {
    let start = ChessGame::new(ChessOptions {
        draw_claim: DrawClaim::Claim,
    });
    let mut m = Match::new(crate::rules::Position::Chess(start));
    for t in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split(' ') {
        m.play_text(t).unwrap();
    }
    assert_eq!(m.outcome(), None);
    assert!(m.legal_actions().contains(&crate::rules::Action::ClaimDraw));
    m.play(crate::rules::Action::ClaimDraw).unwrap();
    assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Repetition)));
}

#[test]
fn a_repetition_the_move_would_make_is_claimed_with_the_move() {
    use crate::rules::history::{Action, parse_action};
    let start = ChessGame::new(ChessOptions {
        draw_claim: DrawClaim::Claim,
    });
    let mut m = Match::new(crate::rules::Position::Chess(start));
    for t in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split(' ') {
        m.play_text(t).unwrap();
    }
    // Ng8 would make the start position's third occurrence.
    assert!(!m.legal_actions().contains(&Action::ClaimDraw));
    let back = m.position().parse_move("Ng8").unwrap();
    let other = m.position().parse_move("Nc6").unwrap();
    let claims: Vec<Action> = m
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::ClaimDrawWith(_)))
        .collect();
    assert_eq!(claims, [Action::ClaimDrawWith(back)]);
    assert!(m.play(Action::ClaimDrawWith(other)).is_err());
    let claim = parse_action(m.position(), "Ng8 draw-claim").unwrap();
    assert_eq!(claim, Action::ClaimDrawWith(back));
    m.play(claim).unwrap();
    assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Repetition)));
    assert_eq!(m.notation(m.cursor() - 1), "Ng8 draw-claim");
    // Without the claim the move is only a move: the game goes on.
    m.undo();
    m.play_text("Ng8").unwrap();
    assert_eq!(m.outcome(), None);
}

#[test]
fn c9_promotion_offers_four_pieces() {
    let g = fen("8/P7/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(
        sans(&g),
        ["Kg1", "Kg2", "Kh2", "a8=B", "a8=N", "a8=Q+", "a8=R+"]
    );
}

#[test]
fn c10_en_passant() {
    let g = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(g.legal_moves().len(), 31);
    let m = g.parse_move("exf6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    let mut after = g.clone();
    after.play(&m);
    assert_eq!(
        after
            .position
            .board
            .piece_at(Topology::chess().parse("f5").unwrap()),
        None
    );
}

#[test]
fn en_passant_right_lasts_one_move() {
    let m = play("1. e4 Nf6 2. e5 d5 3. Nc3 Nc6");
    assert!(m.position().parse_move("exd6").is_err());
}

#[test]
fn c11_no_castling_through_an_attacked_square() {
    let g = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    let s = sans(&g);
    assert!(!s.contains(&"O-O".to_string()));
    assert!(s.contains(&"O-O-O".to_string()));
    assert_eq!(s.len(), 22);
}

#[test]
fn c12_castling_when_only_b1_is_attacked() {
    let g = fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let s = sans(&g);
    assert!(s.contains(&"O-O".to_string()) && s.contains(&"O-O-O".to_string()));
    assert_eq!(s.len(), 26);
}

#[test]
fn castling_rights_are_lost_when_the_rook_is_taken_or_the_king_moves() {
    let g = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut after = g.clone();
    after.play(&g.parse_move("Rxa8+").unwrap());
    assert_eq!(
        after.position.castling,
        (1 << 7) | (1 << 63),
        "both a-rooks' rights are gone"
    );
    let king_move = after.parse_move("Kd7").unwrap();
    after.play(&king_move);
    assert_eq!(after.position.castling, 1 << 7);
}

#[test]
fn c13_insufficient_material() {
    for text in [
        "8/8/8/8/8/8/8/K6k w - -",
        "8/8/8/8/8/8/8/KB5k w - -",
        "8/8/8/8/8/8/8/KN5k w - -",
        "8/8/8/8/8/8/2b5/KB5k w - -",
    ] {
        assert_eq!(
            fen(text).outcome(1),
            Some(Outcome::draw(Reason::InsufficientMaterial)),
            "{text}"
        );
    }
}

#[test]
fn c14_enough_material() {
    for text in ["8/8/8/8/8/8/1b6/KB5k w - -", "8/8/8/8/8/8/1n6/KN5k w - -"] {
        assert_eq!(fen(text).outcome(1), None, "{text}");
    }
}

#[test]
fn fifty_moves_draw_and_mate_on_the_hundredth_half_move_stands() {
    let g = fen("8/8/8/8/8/5k2/8/R6K w - - 99 80");
    let mut after = g.clone();
    after.play(&g.parse_move("Ra2").unwrap());
    assert_eq!(after.outcome(1), Some(Outcome::draw(Reason::FiftyMoves)));
    let g = fen("6k1/8/6K1/8/8/8/8/R7 w - - 99 80");
    let mut after = g.clone();
    after.play(&g.parse_move("Ra8#").unwrap());
    assert_eq!(
        after.outcome(1),
        Some(Outcome::win(Side::White, Reason::Checkmate))
    );
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    let g = fen("4k3/8/8/8/8/8/8/RN1K1N1R w - - 0 1");
    assert!(sans(&g).contains(&"Nbd2".to_string()));
    let g = fen("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1");
    assert!(sans(&g).contains(&"R1a2".to_string()));
    let g = fen("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert!(sans(&g).contains(&"Qh4e1".to_string()));
}

#[test]
fn san_reading_accepts_long_forms_and_zero_castling() {
    let m = play("1. e4 e5 2. Ng1f3 Nc6 3. Bf1-c4 Bc5 4. 0-0");
    assert_eq!(m.notation(6), "O-O");
    assert!(m.position().parse_move("Qx").is_err());
    assert!(m.position().parse_move("Ke2").is_err());
}

#[test]
fn the_jester_and_general_are_not_read_on_an_8x8_board() {
    let e = Chess::from_fen("4k3/8/8/8/8/8/8/3JK3 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("'J' is not a piece letter"), "{e}");
    let e = fen(START_FEN).parse_move("Gf3").unwrap_err();
    assert!(e.to_string().contains("is not a chess move"), "{e}");
}

#[test]
fn fen_round_trips() {
    for text in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        assert_eq!(Chess::from_fen(text).unwrap().fen(), text);
    }
    assert!(Chess::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert!(Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w").is_err());
}

#[test]
fn fen_ranks_hold_exactly_eight_squares() {
    let err = |text: &str| Chess::from_fen(text).unwrap_err();
    for eights in [32, 33] {
        let wrapping = format!("{}/8/8/8/8/8/8/4K2k w - - 0 1", "8".repeat(eights));
        assert!(
            err(&wrapping).to_string().starts_with("rank 8 "),
            "{eights}"
        );
    }
    assert!(
        err("p8/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("rank 8 has more than 8 squares")
    );
    assert!(
        err("4p4/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("rank 8 has more than 8 squares")
    );
    assert!(
        err("44/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("counts its empty squares wrongly")
    );
    assert!(
        err("9/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("counts its empty squares wrongly")
    );
    assert!(
        err("08/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("counts its empty squares wrongly")
    );
    assert!(
        err("7/8/8/8/8/8/8/4K2k w - - 0 1")
            .to_string()
            .contains("does not have 8 squares")
    );
}

#[test]
fn fen_en_passant_square_must_be_one_just_skipped() {
    // The case: White to move, e3 behind its own pawn.
    let own = Chess::from_fen("4k3/8/8/8/8/8/3PP3/4K3 w - e3 0 1").unwrap_err();
    assert!(own.to_string().contains("'e3' is not a square"), "{own}");
    for bad in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1",   // no pawn in front of e6
        "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1", // d7 is not empty
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", // d6 is not empty
        "4k3/8/8/8/3Pp3/8/8/4K3 w - d3 0 1",   // Black's square with White to move
    ] {
        assert!(Chess::from_fen(bad).is_err(), "{bad}");
    }
    let good = Chess::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(good.perft(1), 7);
    assert!(Chess::from_fen("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1").is_ok());
}

#[test]
fn fen_counters_stay_in_range_and_messages_stay_short() {
    let huge = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295").unwrap_err();
    assert!(huge.to_string().contains("is not a move number"), "{huge}");
    let mut far = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1000000").unwrap();
    far.play_unchecked(&far.parse_san("Kd7").unwrap());
    assert_eq!(far.fullmoves, 1_000_001);
    let long = format!("4k3/8/8/8/8/8/8/4K3 {} - - 0 1", "x".repeat(5000));
    let message = Chess::from_fen(&long).unwrap_err();
    assert!(message.to_string().len() < 80, "{message}");
    let control = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 \u{1b}[2J - - 0 1").unwrap_err();
    assert!(
        !control.to_string().chars().any(char::is_control),
        "{control}"
    );
}

#[test]
fn a_promotion_without_its_piece_asks_for_one() {
    let g = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let message = g.parse_move("a8").unwrap_err();
    assert!(message.to_string().contains("choose a piece"), "{message}");
    assert_eq!(g.notation(&g.parse_move("a8=N").unwrap()), "a8=N");
    assert!(
        g.parse_move("b8")
            .unwrap_err()
            .to_string()
            .contains("not legal")
    );
}

#[test]
fn checked_king_is_marked() {
    let m = play("1. e4 f5 2. Qh5+");
    assert_eq!(
        m.position().shown().check_cell(),
        Topology::chess().parse("e8")
    );
}

#[test]
fn whether_a_move_exists_and_the_noisy_moves_agree_with_the_list() {
    // From the start and from positions rich in pins, checks, en passant, promotions
    // and mates (the perft suite's), random games: the quick look for a legal move
    // finds one exactly when the list has one, and the captures and promotions
    // generated alone are the list's, in its order.
    let starts = [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    let mut ended = 0;
    for (seed, start) in starts.into_iter().enumerate() {
        random_games(&fen(start), 40, 300, 64 + seed as u64, |g, moves| {
            assert_eq!(
                g.position.has_legal_move(),
                !moves.is_empty(),
                "{}",
                g.position.fen()
            );
            let mut noisy = Vec::new();
            g.position.noisy_moves(&mut noisy);
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.capture.is_some() || m.promotion.is_some())
                .collect();
            assert_eq!(noisy, captures, "{}", g.position.fen());
            ended += usize::from(moves.is_empty());
        });
    }
    assert!(ended > 10, "{ended} games ended in mate or stalemate");
}
