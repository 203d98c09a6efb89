//! The appearing chess spec's test facts (A1-A5), and its rules one by one: the kings
//! first, pawn zones, drops as moves for the counters, castling from home squares.

use super::*;
use crate::rules::history::Match;
use crate::rules::options::HouseRules;
use crate::rules::{GameId, Position};

fn with(rules: &[(&str, &str)]) -> AppearingOptions {
    let mut options = AppearingOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

fn played(mut g: Appearing, moves: &str) -> Appearing {
    for token in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g.play(&m);
    }
    g
}

fn fen(text: &str, options: AppearingOptions) -> Appearing {
    Appearing::set_up(options, text).expect("a valid FEN")
}

fn count(g: &Appearing, role: Role) -> usize {
    g.legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Drop && m.role == role)
        .count()
}

#[test]
fn a1_white_starts_by_placing_its_king_anywhere() {
    let g = Appearing::new(AppearingOptions::default());
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 64);
    assert!(moves.iter().all(|m| m.role == Role::King));
    assert_eq!(g.notation(&moves[0]), "K@a1");
    assert_eq!(g.move_number(), 1);
}

#[test]
fn a2_the_black_king_keeps_away_from_the_white_one() {
    let start = Appearing::new(AppearingOptions::default());
    for (square, placements) in [("e1", 58), ("a1", 60), ("e4", 55)] {
        let g = played(start.clone(), &format!("K@{square}"));
        assert_eq!(g.legal_moves().len(), placements, "after K@{square}");
    }
}

#[test]
fn a3_after_both_kings_each_piece_drops_where_the_rules_allow() {
    let actions = |rules: &[(&str, &str)]| {
        played(Appearing::new(with(rules)), "1. K@e1 K@e8")
            .legal_moves()
            .len()
    };
    assert_eq!(actions(&[]), 277);
    let g = played(
        Appearing::new(with(&[("drop_check", "forbidden")])),
        "1. K@e1 K@e8",
    );
    assert_eq!(
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn
        ]
        .map(|r| count(&g, r)),
        [42, 49, 55, 58, 24]
    );
    assert_eq!(g.legal_moves().len(), 233);
    assert_eq!(actions(&[("drop_check", "no-mate")]), 277);
    assert_eq!(actions(&[("pawn_drop_zone", "ranks-2-7")]), 301);
    assert_eq!(
        actions(&[("pawn_drop_zone", "ranks-2-7"), ("drop_check", "forbidden")]),
        255
    );
    assert_eq!(actions(&[("pawn_drop_zone", "home-rank")]), 261);
    assert_eq!(
        actions(&[("pawn_drop_zone", "home-rank"), ("drop_check", "forbidden")]),
        217
    );
}

#[test]
fn a4_a_queen_drop_mates_unless_the_house_rules_forbid() {
    let set_up = |rules| fen("7k/8/5K2/8/8/8/8/8[Q] w - - 0 1", with(rules));
    let g = set_up(&[]);
    assert_eq!(g.legal_moves().len(), 69);
    let mates: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| g.notation(m))
        .filter(|n| n.ends_with('#'))
        .collect();
    assert_eq!(mates, ["Q@g7#"]);
    assert_eq!(set_up(&[("drop_check", "no-mate")]).legal_moves().len(), 68);
    assert_eq!(
        set_up(&[("drop_check", "forbidden")]).legal_moves().len(),
        54
    );
    let mated = played(g, "Q@g7");
    assert_eq!(
        mated.outcome(1),
        Some(crate::rules::Outcome::win(
            Side::White,
            crate::rules::Reason::Checkmate
        ))
    );
}

#[test]
fn a5_a_drop_answers_a_check_even_where_drops_may_not_check() {
    for rules in [&[][..], &[("drop_check", "forbidden")]] {
        let g = fen("R6k/6pp/8/8/8/8/8/4K3[n] b - - 0 1", with(rules));
        let mut answers: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
        answers.sort();
        assert_eq!(answers, ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8", "N@g8"]);
    }
}

#[test]
fn drops_count_as_moves_and_captured_pieces_are_gone() {
    let g = played(
        Appearing::new(AppearingOptions::default()),
        "1. K@e1 K@e8 2. Q@e2 P@e6 3. Qxe6+",
    );
    assert_eq!(g.position.fullmoves, 3);
    assert_eq!(g.position.halfmoves, 0, "a capture");
    assert_eq!(g.reserve[Side::Black.index()][Role::Pawn as usize], 7);
    let g = played(g, "Kd8 N@c3");
    assert_eq!(g.position.halfmoves, 0, "a drop resets the count");
    assert_eq!(
        g.parse_move("@d6"),
        g.parse_move("P@d6"),
        "a pawn's letter may go"
    );
}

#[test]
fn a_pawn_dropped_on_its_second_rank_may_step_twice() {
    let g = played(
        Appearing::new(AppearingOptions::default()),
        "1. K@a1 K@h8 2. P@e2 Kg8",
    );
    assert!(g.parse_move("e4").is_ok());
    assert!(g.parse_move("P@e1").is_err() && g.parse_move("P@e5").is_err());
}

#[test]
fn castling_needs_king_and_rook_dropped_home_and_unmoved() {
    let home = with(&[("castling", "home-squares")]);
    let g = played(Appearing::new(home.clone()), "1. K@e1 K@e8 2. R@h1 Kd8");
    assert!(g.parse_move("O-O").is_ok());
    assert!(g.fen().contains(" w K "), "{}", g.fen());
    let moved = played(
        Appearing::new(home.clone()),
        "1. K@e1 K@e8 2. R@h2 Kd8 3. Rh1 Ke8",
    );
    assert!(moved.parse_move("O-O").is_err(), "the rook came by a move");
    let walked = played(Appearing::new(home), "1. K@d1 K@e8 2. Ke1 Kd8 3. R@h1 Ke8");
    assert!(walked.parse_move("O-O").is_err(), "the king came by a move");
    let none = played(
        Appearing::new(AppearingOptions::default()),
        "1. K@e1 K@e8 2. R@h1 Kd8",
    );
    assert!(none.parse_move("O-O").is_err());
    assert!(none.fen().contains(" w - "));
}

#[test]
fn pieces_in_hand_keep_a_bare_board_from_being_drawn() {
    let g = fen(
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
        AppearingOptions::default(),
    );
    assert_eq!(g.outcome(1), None);
    let bare = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", AppearingOptions::default());
    assert_eq!(
        bare.outcome(1),
        Some(crate::rules::Outcome::draw(
            crate::rules::Reason::InsufficientMaterial
        ))
    );
}

#[test]
fn the_move_list_and_the_replay_file_read_back() {
    let mut m = Match::new(Position::new(GameId::Appearing, &[]).unwrap());
    for t in ["K@e1", "K@e8", "Q@e2", "P@e6", "Qxe6+"] {
        m.play_text(t).unwrap();
    }
    assert_eq!(
        crate::rules::record::movetext(&m),
        "1. K@e1 K@e8 2. Q@e2+ P@e6 3. Qxe6+"
    );
    let text = crate::rules::record::replay_file(&m);
    let back = crate::rules::record::read_replay_file(&text).unwrap();
    assert_eq!(back.position(), m.position());
}

#[test]
fn a_refused_drop_says_why() {
    use crate::rules::view::PieceKind;
    let cell = |name| crate::rules::Topology::chess().parse(name).unwrap();
    let start = Appearing::new(AppearingOptions::default());
    assert_eq!(
        start.drop_refusal(PieceKind::Queen, cell("d4")),
        Some("msg-drop-king-first")
    );
    assert_eq!(start.drop_refusal(PieceKind::King, cell("d4")), None);
    let g = played(start, "1. K@e1 K@e8");
    assert_eq!(
        g.drop_refusal(PieceKind::Pawn, cell("e5")),
        Some("msg-drop-pawn-zone")
    );
    assert_eq!(
        g.drop_refusal(PieceKind::Queen, cell("e1")),
        Some("msg-drop-occupied")
    );
    let checked = fen(
        "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1",
        AppearingOptions::default(),
    );
    assert_eq!(
        checked.drop_refusal(PieceKind::Knight, cell("h5")),
        Some("msg-drop-own-check")
    );
    let strict = played(
        Appearing::new(with(&[("drop_check", "forbidden")])),
        "1. K@e1 K@e8",
    );
    assert_eq!(
        strict.drop_refusal(PieceKind::Queen, cell("e4")),
        Some("msg-drop-check-rule")
    );
}
