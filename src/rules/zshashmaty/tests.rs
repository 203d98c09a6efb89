//! The Z-shashmaty spec's rules and test facts, one test each.

use super::*;
use crate::rules::{Match, Position};

fn sq(name: &str) -> Cell {
    Topology::dark32()
        .parse(name)
        .unwrap_or_else(|| panic!("{name} is not a dark square"))
}

/// A position with just these pieces, `turn` to move, pie rule off.
fn setup(white: &[(&str, Role)], black: &[(&str, Role)], turn: Side) -> ZShashmaty {
    let mut g = ZShashmaty::new(ZOptions {
        pie_rule: false,
        ..ZOptions::default()
    });
    g.board = [None; 32];
    for (side, pieces) in [(Side::White, white), (Side::Black, black)] {
        for &(name, role) in pieces {
            g.board[sq(name) as usize] = Some(Piece { side, role });
        }
    }
    g.turn = turn;
    g.ply = 10;
    g
}

fn notations(g: &ZShashmaty) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

fn replay(text: &str, rules: &[(&str, &str)]) -> Match {
    let rules: Vec<(String, String)> = rules
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    crate::rules::record::replay(crate::rules::GameId::ZShashmaty, text, &rules)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn start_position_move_counts() {
    let g = ZShashmaty::new(ZOptions {
        pie_rule: false,
        ..ZOptions::default()
    });
    assert_eq!(
        notations(&g),
        [
            "Kf4", "Kh4", "ab4", "cb4", "cd4", "ed4", "ef4", "gf4", "gh4"
        ]
    );
    let p = Position::ZShashmaty(g);
    assert_eq!(crate::rules::perft::perft(&p, 2), 81);
    assert_eq!(crate::rules::perft::perft(&p, 3), 652);
}

#[test]
fn the_two_games_of_the_source_replay() {
    let m = replay(include_str!("../../../tests/games/z-shashmaty-1.txt"), &[]);
    assert_eq!(m.actions().len(), 19);
    let Position::ZShashmaty(g) = m.position() else {
        unreachable!()
    };
    assert_eq!(g.monarchs(Side::White), 1);
    assert_eq!(g.monarchs(Side::Black), 1);
    assert_eq!(g.board[sq("c1") as usize].map(|p| p.role), Some(Role::King));
    assert_eq!(g.board[sq("f8") as usize].map(|p| p.role), Some(Role::King));
    let m = replay(include_str!("../../../tests/games/z-shashmaty-2.txt"), &[]);
    assert_eq!(m.actions().len(), 18);
}

#[test]
fn a_checker_crowned_mid_chain_goes_on_as_a_king() {
    // The source's example: Black's c5 takes b4 and b2, must become a king on c1 and take d2.
    let g = setup(
        &[
            ("b4", Role::Checker),
            ("b2", Role::Checker),
            ("d2", Role::Checker),
            ("g3", Role::King),
        ],
        &[("c5", Role::Checker), ("h8", Role::King)],
        Side::Black,
    );
    let Action::Move(m) = g.parse_move("c:c1Kp:e3").unwrap() else {
        panic!()
    };
    assert_eq!(m.crowned_at, Some(1));
    assert_eq!(m.captured.as_slice().len(), 3);
    assert_eq!(g.notation(&Action::Move(m)), "c:a3:c1Kp:e3");
    assert_eq!(g.parse_move("c:e3").unwrap(), Action::Move(m));
    let mut after = g.clone();
    after.play(&Action::Move(m));
    assert_eq!(
        after.board[sq("e3") as usize].map(|p| p.role),
        Some(Role::King)
    );
}

#[test]
fn a_checker_ending_on_the_far_rank_chooses_its_piece() {
    let g = setup(
        &[("c7", Role::ZChecker), ("a1", Role::King)],
        &[("h8", Role::King)],
        Side::White,
    );
    assert_eq!(
        notations(&g),
        ["Kpb2", "zb8K", "zb8Kp", "zb8T", "zd8K", "zd8Kp", "zd8T"]
    );
    assert!(
        g.parse_move("zd8").is_err(),
        "the promotion letter is required"
    );
    let mut after = g.clone();
    after.play(&g.parse_move("zd8T").unwrap());
    assert_eq!(
        after.board[sq("d8") as usize],
        Some(Piece {
            side: Side::White,
            role: Role::Rook
        })
    );
}

#[test]
fn draughts_captures_are_compulsory_and_chess_captures_satisfy_them() {
    let g = setup(
        &[
            ("c3", Role::Checker),
            ("a1", Role::Rook),
            ("g1", Role::King),
        ],
        &[
            ("d4", Role::Checker),
            ("b2", Role::Checker),
            ("h8", Role::King),
        ],
        Side::White,
    );
    // c3 must take d4, or the rook may take b2 instead: a different piece, a chess capture.
    assert_eq!(notations(&g), ["T:b2", "c:e5"]);
    assert!(g.capture_compulsory());
    let err = g.parse_move("Kpf2").unwrap_err();
    assert!(err.to_string().contains("a capture is compulsory"), "{err}");
}

#[test]
fn chess_captures_are_optional_without_a_draughts_capture() {
    let g = setup(
        &[("a1", Role::Rook), ("g1", Role::King)],
        &[("d4", Role::Checker), ("h8", Role::King)],
        Side::White,
    );
    assert!(!g.capture_compulsory());
    let n = notations(&g);
    assert!(n.contains(&"T:d4".to_string()) && n.contains(&"Tb2".to_string()));
}

#[test]
fn jumped_pieces_stay_until_the_chain_ends_and_block() {
    // From a1, White jumps b2 to c3, then d4 to e5; it may not jump b2 again.
    let g = setup(
        &[("a1", Role::Checker), ("h2", Role::King)],
        &[
            ("b2", Role::Checker),
            ("d4", Role::Checker),
            ("d2", Role::Checker),
            ("h8", Role::King),
        ],
        Side::White,
    );
    assert_eq!(notations(&g), ["a:c3:e1", "a:c3:e5"]);
}

#[test]
fn monarchs_step_and_jump_in_all_four_directions() {
    let g = setup(
        &[("d4", Role::ViceKing)],
        &[("c3", Role::Checker), ("h8", Role::King)],
        Side::White,
    );
    assert_eq!(notations(&g), ["Kp':b2"]);
}

#[test]
fn the_rook_slides_on_diagonals_and_the_knight_leaps_one_by_three() {
    let g = setup(
        &[("a1", Role::Rook), ("g1", Role::Knight), ("h2", Role::King)],
        &[("h8", Role::King)],
        Side::White,
    );
    let n = notations(&g);
    for m in ["Tb2", "Tg7", "Kh4", "Kf4", "Kd2"] {
        assert!(n.contains(&m.to_string()), "{m} in {n:?}");
    }
    assert!(
        n.contains(&"T:h8".to_string()),
        "a rook takes a monarch as a chess capture"
    );
}

#[test]
fn a_rook_or_knight_that_takes_a_z_checker_is_blown_up() {
    let g = setup(
        &[("a1", Role::Rook), ("h2", Role::King)],
        &[("c3", Role::ZChecker), ("h8", Role::King)],
        Side::White,
    );
    let mut after = g.clone();
    after.play(&g.parse_move("T:c3").unwrap());
    assert_eq!(after.board[sq("c3") as usize], None);
    assert_eq!(after.board[sq("a1") as usize], None);
    // A draughts capture of a z-checker is ordinary.
    let g = setup(
        &[("b2", Role::Checker), ("h2", Role::King)],
        &[("c3", Role::ZChecker), ("h8", Role::King)],
        Side::White,
    );
    let mut after = g.clone();
    after.play(&g.parse_move("b:d4").unwrap());
    assert!(after.board[sq("d4") as usize].is_some());
}

#[test]
fn a_player_without_monarchs_loses_and_a_crowned_king_counts() {
    let g = setup(&[("a1", Role::Rook)], &[("h8", Role::King)], Side::White);
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::MonarchsLost))
    );
    let g = setup(
        &[("a1", Role::Rook), ("c1", Role::King)],
        &[("h8", Role::King), ("f6", Role::Checker)],
        Side::White,
    );
    assert_eq!(g.outcome(1), None);
}

#[test]
fn no_legal_move_loses() {
    let g = setup(
        &[("a1", Role::King)],
        &[
            ("b2", Role::Checker),
            ("c3", Role::Checker),
            ("h8", Role::King),
        ],
        Side::White,
    );
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::NoMoves))
    );
}

#[test]
fn simple_equal_positions_are_drawn() {
    let knights = setup(
        &[("a1", Role::King), ("c1", Role::Knight)],
        &[("h8", Role::ViceKing), ("f8", Role::Knight)],
        Side::White,
    );
    assert_eq!(
        knights.outcome(1),
        Some(Outcome::draw(Reason::EqualMaterial))
    );
    let rooks = setup(
        &[("a1", Role::King), ("c1", Role::Rook)],
        &[("h8", Role::King), ("f8", Role::Rook)],
        Side::White,
    );
    assert_eq!(rooks.outcome(1), Some(Outcome::draw(Reason::EqualMaterial)));
    let mixed = setup(
        &[("a1", Role::King), ("c1", Role::Rook)],
        &[("h8", Role::King), ("f8", Role::Knight)],
        Side::White,
    );
    assert_eq!(mixed.outcome(1), None);
    let mut off = knights.clone();
    off.options.equal_material_draw = false;
    assert_eq!(off.outcome(1), None);
}

#[test]
fn threefold_repetition_draws() {
    let m = replay(
        "1. Kh4 Kc5 2. Kg1 Kb8 3. Kh4 Kc5 4. Kg1 Kb8",
        &[("pie_rule", "off")],
    );
    assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Repetition)));
}

#[test]
fn the_pie_rule_offers_black_one_swap() {
    let mut g = ZShashmaty::new(ZOptions::default());
    assert!(!g.legal_moves().contains(&Action::Swap));
    g.play(&g.parse_move("cd4").unwrap());
    assert!(g.legal_moves().contains(&Action::Swap));
    assert_eq!(g.seat_to_move(), 1);
    g.play(&Action::Swap);
    assert_eq!(g.turn, Side::Black, "Black's pieces move next");
    assert_eq!(g.seat_to_move(), 0, "played by the one who opened as White");
    assert_eq!(g.seat_side(0), Side::Black);
    assert!(!g.legal_moves().contains(&Action::Swap));
    let off = ZShashmaty::new(ZOptions {
        pie_rule: false,
        ..ZOptions::default()
    });
    let mut off2 = off.clone();
    off2.play(&off.parse_move("cd4").unwrap());
    assert!(!off2.legal_moves().contains(&Action::Swap));
}

#[test]
fn the_team_game_seats_move_in_turn() {
    let mut g = ZShashmaty::new(ZOptions {
        team_game: true,
        pie_rule: false,
        ..ZOptions::default()
    });
    assert_eq!(g.seat_count(), 4);
    let mut order = Vec::new();
    for token in ["cd4", "Kc5", "Kh4", "fe5", "K:g7"] {
        order.push(g.seat_to_move());
        g.play(&g.parse_move(token).unwrap());
    }
    assert_eq!(order, [0, 1, 2, 3, 0]);
}

#[test]
fn notation_accepts_cyrillic_letters_x_and_an_optional_z() {
    let m = replay("1. cd4 Кc5 2. Кh4 fe5 3. Кxg7 e:c3", &[("pie_rule", "off")]);
    assert_eq!(m.actions().len(), 6);
    let g = ZShashmaty::new(ZOptions::default());
    assert!(
        g.parse_move("zc3").is_err(),
        "d2's z-checker cannot step to an occupied c3"
    );
    let g = setup(
        &[("d2", Role::ZChecker), ("a1", Role::King)],
        &[("h8", Role::King)],
        Side::White,
    );
    assert_eq!(g.parse_move("zc3"), g.parse_move("dc3"));
    let g = setup(
        &[("d2", Role::Checker), ("a1", Role::King)],
        &[("h8", Role::King)],
        Side::White,
    );
    assert!(g.parse_move("zc3").is_err(), "z must name a z-checker");
}

#[test]
fn every_written_move_reads_back() {
    let m = replay(include_str!("../../../tests/games/z-shashmaty-1.txt"), &[]);
    for i in 0..m.actions().len() {
        let text = m.notation(i);
        let before = &m.state_before(i).position;
        assert_eq!(
            crate::rules::history::parse_action(before, &text).unwrap(),
            m.actions()[i],
            "{text}"
        );
    }
}

#[test]
fn the_starting_square_is_empty_during_the_chain() {
    // c3 jumps d4, d6, b6 and b4 and lands back on c3, the square it left.
    let g = setup(
        &[("c3", Role::Checker), ("h2", Role::King)],
        &[
            ("d4", Role::Checker),
            ("d6", Role::Checker),
            ("b6", Role::Checker),
            ("b4", Role::Checker),
            ("h8", Role::King),
        ],
        Side::White,
    );
    let n = notations(&g);
    assert!(n.contains(&"c:e5:c7:a5:c3".to_string()), "{n:?}");
    assert!(n.contains(&"c:a5:c7:e5:c3".to_string()), "{n:?}");
}

#[test]
fn the_quick_questions_agree_with_the_move_lists() {
    // Whether a side has a move, and whether it must jump, are answered without
    // listing the moves; over random games the answers are the lists'.
    let start = ZShashmaty::new(ZOptions {
        pie_rule: false,
        ..ZOptions::default()
    });
    crate::rules::game::random_games(&start, 200, 150, 7, |g, _| {
        for side in Side::BOTH {
            let generated = movegen::generate(&g.board, side);
            assert_eq!(
                movegen::has_jump(&g.board, side),
                !generated.jumps.is_empty()
            );
            assert_eq!(
                movegen::has_move(&g.board, side),
                !generated.legal().is_empty()
            );
        }
    });
}
