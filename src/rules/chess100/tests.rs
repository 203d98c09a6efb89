use super::attacks::attacks;
use super::board::bit;
use super::*;
use crate::rules::game::{Game, random_games};
use crate::rules::options::HouseRules;

fn at(fen: &str) -> Chess100 {
    Chess100::set_up(Chess100Options::default(), fen).unwrap()
}

fn with(rule: &str, value: &str, fen: &str) -> Chess100 {
    let mut options = Chess100Options::default();
    options.set(rule, value).unwrap();
    Chess100::set_up(options, fen).unwrap()
}

fn sq(name: &str) -> Square {
    Topology::chess100().parse(name).unwrap()
}

fn sans(g: &Chess100) -> Vec<String> {
    let mut all: Vec<String> = g.legal_moves().iter().map(|m| g.san(m)).collect();
    all.sort();
    all
}

/// Whether a move is legal, written in SAN without its check mark.
fn has(g: &Chess100, san: &str) -> bool {
    sans(g)
        .iter()
        .any(|s| s.trim_end_matches(['+', '#']) == san)
}

fn play(g: &mut Chess100, san: &str) {
    let m = g
        .parse_san(san)
        .unwrap_or_else(|e| panic!("{e}: {:?}", sans(g)));
    g.play(&m);
}

/// The squares a piece alone on the board reaches from `from`.
fn reach(role: Role, from: &str) -> u32 {
    attacks(Side::White, role, sq(from), bit(sq(from))).count_ones()
}

#[test]
fn twenty_five_moves_from_the_start() {
    let g = Chess100::new(Chess100Options::default());
    let moves = sans(&g);
    assert_eq!(moves.len(), 25);
    for m in ["e2<>d1", "Na3", "Nc3", "Nh3", "Nk3", "a3", "a4", "k4", "e4"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn a_middle_jester_or_general_controls_twelve_squares() {
    assert_eq!(reach(Role::Jester, "d5"), 12);
    assert_eq!(reach(Role::General, "f6"), 12);
    // Strong on the royal file: four whole diagonals (17 squares) and four bends.
    assert_eq!(reach(Role::Jester, "e5"), 17 + 4);
    // A strong general: the whole rank and file (18) and four bends.
    assert_eq!(reach(Role::General, "e5"), 18 + 4);
    assert_eq!(reach(Role::King, "e5"), 16);
    assert_eq!(reach(Role::King, "d5"), 8);
}

#[test]
fn bending_moves_need_one_free_corner() {
    // g8 to g6 passes f7 or h7.
    let open = at("k9/10/6J3/10/10/10/10/10/10/4K5 w - - 0 1");
    assert!(has(&open, "Jg6"));
    let one = at("k9/10/6J3/5p4/10/10/10/10/10/4K5 w - - 0 1");
    assert!(has(&one, "Jg6"));
    let both = at("k9/10/6J3/5p1p2/10/10/10/10/10/4K5 w - - 0 1");
    assert!(!has(&both, "Jg6"));
    assert!(has(&both, "Jxf7") && has(&both, "Jxh7"));
    // The direct two-square step needs the square between.
    assert!(!has(&both, "Ji6") && has(&open, "Ji6"));
    // The general: c3 to b4 through b3 or c4.
    let general = at("4k5/10/10/10/10/10/2P7/1PG7/10/4K5 w - - 0 1");
    assert!(!has(&general, "Gb4"));
    let general = at("4k5/10/10/10/10/10/10/1PG7/10/4K5 w - - 0 1");
    assert!(has(&general, "Gb4") && has(&general, "Gc5") && !has(&general, "Ga3"));
}

#[test]
fn strong_pieces_are_strong_only_on_the_royal_file() {
    let g = at("9k/10/10/10/4J5/10/10/10/10/K9 w - - 0 1");
    assert!(has(&g, "Ji10") && has(&g, "Ja2"));
    let mut g = g;
    play(&mut g, "Jd5");
    play(&mut g, "Kk9");
    assert!(!has(&g, "Jg8") && has(&g, "Jf7"));
    let general = at("k9/10/10/10/4G5/10/10/10/10/K9 w - - 0 1");
    assert!(has(&general, "Ge10") && has(&general, "Gk6") && has(&general, "Ge1"));
}

#[test]
fn a_strong_king_steps_two_squares_over_an_empty_one() {
    let g = at("k9/10/10/10/10/4K5/10/10/10/10 w - - 0 1");
    assert_eq!(g.legal_moves().len(), 16);
    let blocked = at("k9/10/10/10/10/4K5/3P6/10/10/10 w - - 0 1");
    assert!(!has(&blocked, "Kc3") && has(&blocked, "Kc7"));
}

#[test]
fn kings_never_attack_each_other() {
    // A strong king on e4 would reach c6 over an empty d5: Ke4 is refused with the
    // black king on c6, and so is any move leaving a king in reach of the other.
    let g = at("10/10/10/10/2k7/10/10/3K6/10/10 w - - 0 1");
    assert!(!has(&g, "Ke4"));
    assert!(has(&g, "Kd4") && has(&g, "Ke3"));
    // With the line between them closed, the king may go.
    let closed = at("10/10/10/10/2k7/3N6/10/3K6/10/10 w - - 0 1");
    assert!(has(&closed, "Ke4"));
    // And the piece that closes it may not open it.
    let pinned = at("10/10/10/10/2k7/3N6/4K5/10/10/10 w - - 0 1");
    assert!(sans(&pinned).iter().all(|m| m.starts_with('K')));
}

#[test]
fn the_king_pawn_steps_back_and_takes_four_ways() {
    let g = at("4k5/10/10/3p1p4/4P5/3p1p4/10/10/10/K9 w - - 0 1");
    let moves = sans(&g);
    for m in ["e7", "e6-e5", "exd7", "exf7", "exd5", "exf5"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // An ordinary pawn does neither.
    let d = at("4k5/10/10/2p1p5/3P6/2p1p5/10/10/10/K9 w - - 0 1");
    assert!(!has(&d, "d6-d5") && !has(&d, "dxc5") && has(&d, "dxc7"));
    // A pawn that reaches the e-file by a capture is a king pawn at once.
    let mut g = at("4k5/10/10/4p5/3P6/10/10/10/10/K9 w - - 0 1");
    play(&mut g, "dxe7");
    play(&mut g, "Kd10");
    assert!(has(&g, "e7-e6"));
}

#[test]
fn a_king_pawn_on_its_first_rank_steps_one_square_only() {
    let mut g = at("4k5/10/10/10/10/10/10/10/4P5/K9 w - - 0 1");
    assert!(has(&g, "e4"));
    play(&mut g, "e2-e1");
    play(&mut g, "Kd10");
    assert!(has(&g, "e2") && !has(&g, "e3"));
    play(&mut g, "e2");
    play(&mut g, "Ke10");
    assert!(!has(&g, "e4"), "no double step after moving");
}

#[test]
fn pawn_castling_swaps_a_pawn_and_a_bishop_or_jester() {
    let mut g = at("4k5/10/10/10/10/10/3B6/2P7/10/K9 w - - 0 1");
    assert!(has(&g, "c3<>d4"));
    play(&mut g, "c3<>d4");
    assert_eq!(g.board.piece_at(sq("d4")).unwrap().role, Role::Pawn);
    assert_eq!(g.board.piece_at(sq("c3")).unwrap().role, Role::Bishop);
    // Not with a knight, and not backwards for an ordinary pawn.
    let g = at("4k5/10/10/10/10/10/3N6/2P7/1B8/K9 w - - 0 1");
    assert!(!has(&g, "c3<>d4") && !has(&g, "c3<>b2"));
    // A king pawn swaps backwards too, even with an attacked piece.
    let g = at("3rk5/10/10/10/10/10/10/4P5/3J6/K9 w - - 0 1");
    assert!(has(&g, "e3<>d2"));
    // Onto the last rank, the pawn promotes to that square's piece.
    let mut g = at("1B2k5/P9/10/10/10/10/10/10/10/K9 w - - 0 1");
    play(&mut g, "a9<>b10=N");
    assert_eq!(g.board.piece_at(sq("b10")).unwrap().role, Role::Knight);
    assert_eq!(g.board.piece_at(sq("a9")).unwrap().role, Role::Bishop);
}

/// The swap leaves the same two squares filled, so it can never end a check.
#[test]
fn pawn_castling_never_answers_a_check() {
    let g = at("9k/10/10/10/10/r3K5/3B6/2P7/10/10 w - - 0 1");
    assert!(g.is_check());
    assert!(!has(&g, "c3<>d4"));
}

#[test]
fn royal_castling_moves_the_king_three_squares() {
    let mut g = at("r3k4r/10/10/10/10/10/10/10/10/R3K4R w AKak - 0 1");
    assert!(has(&g, "0-0") && has(&g, "0-0-0"));
    play(&mut g, "0-0");
    assert_eq!(g.board.piece_at(sq("b1")).unwrap().role, Role::King);
    assert_eq!(g.board.piece_at(sq("c1")).unwrap().role, Role::Rook);
    play(&mut g, "0-0-0");
    assert_eq!(g.board.piece_at(sq("h10")).unwrap().role, Role::King);
    assert_eq!(g.board.piece_at(sq("g10")).unwrap().role, Role::Rook);
    // The second castling, once the king is back on its throne.
    let mut g = at("4k5/10/10/10/10/10/10/10/10/R3K4R w AK - 0 1");
    play(&mut g, "0-0");
    play(&mut g, "Kd10");
    assert!(!has(&g, "0-0-0"));
    for m in ["Kc2", "Ke10", "Kd2", "Kd10", "Ke1", "Ke10"] {
        play(&mut g, m);
    }
    assert!(has(&g, "0-0-0") && !has(&g, "0-0"));
    play(&mut g, "0-0-0");
    assert_eq!(g.board.piece_at(sq("g1")).unwrap().role, Role::Rook);
    assert_eq!(g.board.piece_at(sq("h1")).unwrap().role, Role::King);
    assert_eq!(g.castling[0], [false, false], "no third castling");
}

#[test]
fn castling_keeps_to_the_rules_of_chess() {
    // Through an attacked square (d1, by the rook on d10): refused.
    let g = at("3rk5/10/10/10/10/10/10/10/10/R3K4R w AK - 0 1");
    assert!(!has(&g, "0-0") && has(&g, "0-0-0"));
    // A king that has moved has lost both castlings.
    let mut g = at("4k5/10/10/10/10/10/10/10/10/R3K4R w AK - 0 1");
    play(&mut g, "Kd1");
    play(&mut g, "Kd10");
    play(&mut g, "Ke1");
    play(&mut g, "Ke10");
    assert!(!has(&g, "0-0") && !has(&g, "0-0-0"));
    // A piece between king and rook stops it.
    let g = at("4k5/10/10/10/10/10/10/10/10/R3K2N1R w AK - 0 1");
    assert!(!has(&g, "0-0-0") && has(&g, "0-0"));
}

#[test]
fn a_visit_to_the_enemy_throne_brings_a_pawn() {
    let mut g = at("k9/4K5/10/10/10/10/10/10/PPP1PPPPP1/10 w - - 0 1");
    let visits: Vec<String> = sans(&g)
        .into_iter()
        .filter(|s| s.starts_with("Ke10"))
        .collect();
    assert_eq!(visits, ["Ke10(@d2)", "Ke10(@k2)"]);
    play(&mut g, "Ke10(@d2)");
    assert_eq!(g.board.piece_at(sq("d2")).unwrap().role, Role::Pawn);
    play(&mut g, "Ka9");
    // Only king moves now, and the king must leave.
    assert!(sans(&g).iter().all(|s| s.starts_with('K')));
    play(&mut g, "Kd10");
    play(&mut g, "Ka10");
    // The gift pawn has its double step; the throne is closed for good.
    assert!(has(&g, "d4"));
    play(&mut g, "Ke9");
    play(&mut g, "Ka9");
    assert!(!has(&g, "Ke10"), "never again");
    // Without the house rule, no pawn; with no free square, no pawn either.
    let g = with(
        "throne_pawn",
        "off",
        "k9/4K5/10/10/10/10/10/10/PPP1PPPPP1/10 w - - 0 1",
    );
    assert!(has(&g, "Ke10"));
    let g = at("k9/4K5/10/10/10/10/10/10/PPPPPPPPPP/10 w - - 0 1");
    assert!(has(&g, "Ke10"));
}

#[test]
fn promotion_is_to_the_square_s_own_piece_or_any_on_the_throne() {
    let g = at("k9/3P1P4/10/10/10/10/10/10/10/K9 w - - 0 1");
    let moves = sans(&g);
    assert!(moves.contains(&"d10=J".to_string()));
    assert!(moves.iter().any(|m| m.starts_with("f10=Q")));
    assert_eq!(moves.iter().filter(|m| m.starts_with("d10")).count(), 1);
    let g = at("k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1");
    let throne = sans(&g).into_iter().filter(|m| m.starts_with("e10"));
    assert_eq!(throne.count(), 6);
    let mut g = g;
    play(&mut g, "e10=G");
    assert_eq!(g.board.piece_at(sq("e10")).unwrap().role, Role::General);
}

#[test]
fn any_piece_attacking_the_skipped_square_takes_en_passant() {
    // White's k2-k4 skips k3, which Black's knight on i5 attacks.
    let mut g = at("4k5/10/10/10/10/8n1/10/10/9P/K9 w - - 0 1");
    play(&mut g, "k4");
    assert!(has(&g, "Nxk3"), "{:?}", sans(&g));
    assert!(has(&g, "Nk3"));
    let mut taken = g.clone();
    play(&mut taken, "Nxk3");
    assert!(taken.board.piece_at(sq("k4")).is_none());
    // Only on the very next move.
    let mut later = g.clone();
    play(&mut later, "Kd10");
    play(&mut later, "Kb1");
    assert!(!has(&later, "Nxk3"));
    // Off: pawns only.
    let mut off = with(
        "extended_en_passant",
        "off",
        "4k5/10/10/10/10/8n1/10/10/9P/K9 w - - 0 1",
    );
    play(&mut off, "k4");
    assert!(!has(&off, "Nxk3"));
    // A rook behind the pawn is blocked by it.
    let mut g = at("4k4r/10/10/10/10/10/10/10/9P/K9 w - - 0 1");
    play(&mut g, "k4");
    assert!(!has(&g, "Rxk3"));
    // Ordinary en passant.
    let mut g = at("4k5/10/10/10/10/10/3p6/10/2P7/K9 w - - 0 1");
    play(&mut g, "c4");
    assert!(has(&g, "dxc3"));
}

#[test]
fn mate_stalemate_and_dead_positions() {
    // Back-rank mate by a rook, the king boxed in by its own pawns.
    let g = at("R3k5/3ppp4/10/10/10/10/10/10/10/K9 b - - 0 1");
    assert!(g.is_check());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::White, Reason::Checkmate))
    );
    let g = at("k9/2Q7/1K8/10/10/10/10/10/10/10 b - - 0 1");
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::Stalemate)));
    let dead = at("k9/10/10/10/10/10/10/10/10/K2J6 w - - 0 1");
    assert_eq!(
        dead.outcome(1),
        Some(Outcome::draw(Reason::InsufficientMaterial))
    );
    let alive = at("k9/10/10/10/10/10/10/10/10/K2G6 w - - 0 1");
    assert_eq!(alive.outcome(1), None);
    assert!(!alive.may_win(Side::Black) && alive.may_win(Side::White));
}

#[test]
fn notation_in_and_out() {
    let mut g = Chess100::new(Chess100Options::default());
    play(&mut g, "e2<>d1");
    assert_eq!(g.board.piece_at(sq("e2")).unwrap().role, Role::Jester);
    play(&mut g, "e9<>d10");
    // The strong jester on e2 bends to e4.
    let m = g.parse_san("Шe4").unwrap();
    assert_eq!(g.san(&m), "Je4");
    play(&mut g, "Jf3");
    let m = g.parse_san("Шf8").unwrap();
    assert_eq!(g.san(&m), "Jf8");
    // Long form is read too.
    let m = g.parse_san("e9-f8").unwrap();
    assert_eq!(m.from, sq("e9"));
    assert!(g.parse_san("Gz9").is_err());
    let g = at("4k5/10/10/10/10/10/10/10/10/R3K4R w AK - 0 1");
    assert!(g.parse_san("O-O").is_ok() && g.parse_san("0-0-0").is_ok());
}

#[test]
fn fen_keeps_what_the_board_does_not_show() {
    for fen in [
        START_FEN,
        "r3k4r/10/10/10/10/10/10/10/4P5/1KR6R w Ka - 0 12 C,e2",
        "10/3K6/10/10/10/10/10/10/PPP1P1PPPP/7k2 w - - 3 30 V,v",
    ] {
        assert_eq!(at(fen).fen(), fen);
    }
    for bad in [
        "10/10 w",
        "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR x",
        "rnbjkqgbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w",
        "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNZ w",
        "4k5/10/10/10/10/10/10/10/10/4K4R w A - 0 1",
        "4k5/10/10/10/10/10/10/10/10/4K5 w - e3 0 1",
    ] {
        assert!(
            Chess100::set_up(Chess100Options::default(), bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn each_role_has_its_place_and_the_maharajah_none() {
    for (i, &role) in board::ROLES.iter().enumerate() {
        assert_eq!(board::index(role), i, "{role:?}");
    }
    let fen = "4k5/10/10/10/10/10/10/10/10/4K4M w - - 0 1";
    let e = Chess100::set_up(Chess100Options::default(), fen).unwrap_err();
    assert!(
        e.to_string()
            .contains("'M' is not a piece of 100-cell chess"),
        "{e}"
    );
}

#[test]
fn only_moves_that_may_expose_the_king_are_tested() {
    // The legal moves skip the full test for plain moves from squares that cannot
    // open a line to the king; in random games they are exactly the moves that pass
    // it, a position has a legal move exactly when the list is not empty, and the
    // captures and promotions generated alone are the list's.
    let start = Chess100::new(Chess100Options::default());
    random_games(&start, 30, 200, 100, |g, legal| {
        let mut every = Vec::new();
        g.pseudo_moves(&mut every);
        every.retain(|m| !moves::exposed(&g.board_after(m), g.turn));
        assert_eq!(legal, every, "{}", g.fen());
        assert_eq!(g.has_legal_move(), !legal.is_empty());
        let noisy: Vec<_> = legal
            .iter()
            .filter(|m| m.capture.is_some() || m.promotion.is_some())
            .copied()
            .collect();
        assert_eq!(g.noisy_moves(), noisy, "{}", g.fen());
    });
}
