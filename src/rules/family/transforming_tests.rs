//! The transforming chess spec's test facts (T1-T6), one test each, and its rules.

use super::*;
use crate::rules::history::{Action, Match};
use crate::rules::{GameId, Position};

fn options(king_transforms: bool) -> TransformingOptions {
    TransformingOptions {
        king_transforms,
        ..TransformingOptions::default()
    }
}

fn fen(text: &str) -> Transforming {
    Transforming::set_up(TransformingOptions::default(), text).expect("a valid FEN")
}

fn sans(g: &Transforming) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

fn played(moves: &str) -> Transforming {
    let mut g = Transforming::new(TransformingOptions::default());
    for token in moves.split_whitespace() {
        let m = g.parse_move(token).unwrap();
        g.play(&m);
    }
    g
}

#[test]
fn t2_a_knight_on_the_c_file_moves_as_a_bishop() {
    let g = played("Nc3 e5");
    let c3 = Topology::chess().parse("c3").unwrap();
    let mut knight: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from == c3)
        .map(|m| g.notation(m))
        .collect();
    knight.sort();
    assert_eq!(knight, ["Na5", "Nb4", "Nd4", "Nxe5"]);
}

#[test]
fn t3_the_source_example_is_no_check() {
    let g = fen("5Rk1/6QB/5N2/8/8/8/8/K7 b - - 0 1");
    assert_eq!(g.check_cell(), None);
    assert_eq!(sans(&g), ["Kf7", "Kxf8", "Kxh7"]);
    // The same position in orthodox chess is check with the one reply Kxg7.
    let orthodox =
        crate::rules::chess::Chess::from_fen("5Rk1/6QB/5N2/8/8/8/8/K7 b - - 0 1").unwrap();
    assert!(orthodox.is_check());
}

#[test]
fn t4_promotion_by_the_file_of_arrival() {
    let g = fen("8/PPPPPPPP/8/4k3/8/8/8/4K3 w - - 0 1");
    let moves = sans(&g);
    assert_eq!(moves.len(), 19, "{moves:?}");
    let promotions: Vec<&String> = moves.iter().filter(|s| s.contains('=')).collect();
    for forced in ["a8=R", "b8=N", "c8=B", "f8=B", "g8=N", "h8=R"] {
        assert!(promotions.iter().any(|s| s.starts_with(forced)), "{forced}");
    }
    for free in [
        "d8=Q", "d8=R", "d8=B", "d8=N", "e8=Q", "e8=R", "e8=B", "e8=N",
    ] {
        assert!(promotions.iter().any(|s| s.starts_with(free)), "{free}");
    }
    // Written without its piece, a promotion names the one the file allows.
    let asked = g.parse_move("b8").unwrap_err();
    assert!(
        asked.to_string().contains("b8=N") && !asked.to_string().contains("b8=Q"),
        "{asked}"
    );
}

#[test]
fn t5_the_king_transforms_only_under_the_house_rule() {
    let text = "k7/8/8/8/8/8/8/6K1 w - - 0 1";
    let plain = fen(text);
    assert_eq!(sans(&plain), ["Kf1", "Kf2", "Kg2", "Kh1", "Kh2"]);
    let transforming = Transforming::set_up(options(true), text).unwrap();
    // On the f-file the king is a bishop, and from f3 it checks a8 along the diagonal.
    assert_eq!(sans(&transforming), ["Ke2", "Kf3+", "Kh3"]);
}

#[test]
fn t6_castling_through_a_bishop_powered_knights_attack() {
    let g = fen("4k3/8/8/8/2n5/8/8/R3K2R w KQ - 0 1");
    let moves = sans(&g);
    assert!(!moves.contains(&"O-O".to_string()));
    assert!(moves.contains(&"O-O-O".to_string()));
    assert_eq!(moves.len(), 23, "{moves:?}");
}

#[test]
fn identity_letters_are_written_and_powers_give_check() {
    // The queen on g7 jumps as a knight to e6, where it is a queen again and checks
    // along the e-file.
    let g = fen("8/6Q1/8/8/8/4k3/8/K7 w - - 0 1");
    assert!(sans(&g).contains(&"Qe6+".to_string()), "{:?}", sans(&g));
    // A rook on a knight file checks as a knight, not along its file.
    let g = fen("8/8/8/6k1/8/6R1/8/K7 b - - 0 1");
    assert!(g.check_cell().is_none());
    let g = fen("8/8/8/8/4k3/6R1/8/K7 b - - 0 1");
    assert!(g.check_cell().is_some());
}

#[test]
fn the_board_is_told_what_a_piece_moves_as() {
    let g = Transforming::new(TransformingOptions::default());
    let at = |name: &str| g.moves_as(Topology::chess().parse(name).unwrap());
    // Every piece starts on its own file; pawns are pawns everywhere.
    assert_eq!(at("b1"), None);
    assert_eq!(at("a2"), None);
    let g = played("Nc3");
    let c3 = Topology::chess().parse("c3").unwrap();
    assert_eq!(g.moves_as(c3), Some(PieceKind::Bishop));
}

#[test]
fn two_bare_kings_draw_but_a_bishop_can_still_win() {
    let bare = fen("8/8/8/4k3/8/8/8/K7 w - - 0 1");
    assert_eq!(
        bare.outcome(1).map(|o| o.reason),
        Some(Reason::InsufficientMaterial)
    );
    let bishop = fen("8/8/8/4k3/8/8/8/KB6 w - - 0 1");
    assert_eq!(bishop.outcome(1), None);
}

#[test]
fn the_game_is_in_the_registry_with_its_house_rules() {
    let rules = [("king_transforms".to_string(), "on".to_string())];
    let position = Position::new(GameId::Transforming, &rules).unwrap();
    let mut m = Match::new(position);
    for token in ["Nc3", "e5", "Nb4"] {
        m.play_text(token).unwrap();
    }
    assert!(matches!(m.actions().last(), Some(Action::Play(_))));
    let fen = "4k3/8/8/8/2n5/8/8/R3K2R w KQ - 0 1";
    let set_up = Position::set_up(GameId::Transforming, &[], fen).unwrap();
    assert_eq!(set_up.legal_moves().len(), 23);
}
