//! The Turkish draughts spec's rules and test facts (perft, T1-T7, P1-P2), one test each.

use super::*;
use crate::rules::{GameId, Match, Position};

fn fen(text: &str, rules: &[(&str, &str)]) -> Turkish {
    let mut o = TurkishOptions::default();
    for (k, v) in rules {
        o.set(k, v).unwrap();
    }
    Turkish::set_up(o, text).unwrap()
}

fn names(g: &Turkish) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    v.sort();
    v
}

#[test]
fn positions_and_saves_keep_a_set_up_start() {
    let g = fen("W:WKd1,h2:Bd4", &[]);
    assert_eq!(g.fen(), "W:WKd1,h2:Bd4");
    let m = crate::rules::record::replay(GameId::Turkish, "[FEN \"W:WKd1,h2:Bd4\"]\n1. d1:d6", &[])
        .unwrap();
    let saved = crate::rules::record::SavedGame::from_match(&m, &[]);
    assert_eq!(saved.start.as_deref(), Some("W:WKd1,h2:Bd4"));
    assert_eq!(saved.to_match().unwrap(), m);
}

#[test]
fn t1_a_king_flies_and_lands_anywhere_beyond() {
    let g = fen("W:WKd1,h2:Bd4", &[]);
    assert_eq!(names(&g), ["d1:d5", "d1:d6", "d1:d7", "d1:d8"]);
}

#[test]
fn t2_no_180_degree_turn() {
    let g = fen("W:WKd4,h2:Bd6,d2", &[]);
    assert_eq!(names(&g), ["d4:d1", "d4:d7", "d4:d8"]);
    let g = fen("W:WKd4,h2:Bd6,d2", &[("allow_180", "on")]);
    assert_eq!(names(&g), ["d4:d1:d7", "d4:d1:d8", "d4:d7:d1", "d4:d8:d1"]);
}

#[test]
fn t3_a_man_crowned_mid_capture_goes_on_as_a_man() {
    let g = fen("W:Wc6:Bc7,d8,g8", &[]);
    assert_eq!(names(&g), ["c6:c8:e8K"]);
    let g = fen("W:Wc6:Bc7,d8,g8", &[("promotion_in_capture", "as_king")]);
    assert_eq!(names(&g), ["c6:c8:e8:h8K", "c6:c8:f8:h8K"]);
    let g = fen("W:Wc6:Bc7,d8,g8", &[("promotion_in_capture", "stop")]);
    assert_eq!(names(&g), ["c6:c8K"]);
}

#[test]
fn t4_the_most_pieces_not_the_most_valuable() {
    let g = fen("W:Wb3,g3:Bb4,b6,Kg4", &[]);
    assert_eq!(names(&g), ["b3:b5:b7"]);
    let g = fen("W:Wb3,g3:Bb4,b6,Kg4", &[("max_capture", "off")]);
    assert_eq!(names(&g), ["b3:b5:b7", "g3:g5"]);
}

#[test]
fn t5_captured_pieces_come_off_at_once() {
    let g = fen("W:WKa1:Ba3,c4,d2,b1,a6", &[]);
    assert_eq!(names(&g), ["a1:a4:d4:d1:a1:a7", "a1:a4:d4:d1:a1:a8"]);
}

#[test]
fn t6_quiet_moves_of_men_and_kings() {
    let g = fen("W:Wd4,Kf6:Bh8", &[]);
    assert_eq!(g.legal_moves().len(), 17);
    assert!(names(&g).contains(&"d4-c4".to_string()) && !names(&g).contains(&"d4-d3".to_string()));
}

#[test]
fn t7_black_men_move_down() {
    let g = fen("B:Wa1:Be5", &[]);
    assert_eq!(names(&g), ["e5-d5", "e5-e4", "e5-f5"]);
}

#[test]
fn kings_appear_at_ply_three() {
    let mut m = Match::new(Position::new(GameId::Turkish, &[]).unwrap());
    m.play_text("a3-a4").unwrap();
    m.play_text("a6-a5").unwrap();
    assert_eq!(
        m.legal_actions()
            .iter()
            .filter(|a| matches!(a, crate::rules::Action::Play(_)))
            .count(),
        1
    );
    m.play_text("a4:a6:a8").unwrap();
    assert_eq!(m.notation(2), "a4:a6:a8K");
    assert_eq!(m.position().legal_moves().len(), 9);
}

#[test]
fn no_move_loses_and_lone_pieces_draw() {
    // White's a1 man is walled in: nothing to step to, nothing to jump.
    let g = fen("W:Wa1:Ba2,a3,b1,c1", &[]);
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::NoMoves))
    );
    let g = fen("W:W:Ba7", &[]);
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::NoMoves))
    );
    let g = fen("W:Wa1:Bh8", &[]);
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::LonePieces)));
    let g = fen("W:Wa1:Bh8", &[("lone_piece_draw", "kings_only")]);
    assert_eq!(g.outcome(1), None);
    let g = fen("W:Wd4:Bd5", &[]);
    assert_eq!(
        g.outcome(1),
        None,
        "a capture is possible, so it must be made"
    );
}

#[test]
fn the_quiet_king_limit_draws() {
    let mut g = fen("W:WKa1,a2:BKh8,h7", &[]);
    g.quiet_plies = 49;
    assert_eq!(g.outcome(1), None);
    let m = g.parse_move("a1-b1").unwrap();
    g.play(&m);
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::QuietKings)));
}

#[test]
fn notation_reads_partial_landings_and_refuses_short_captures() {
    let g = fen("W:WKa1:Ba3,c4,d2,b1,a6", &[]);
    assert!(g.parse_move("a1:a7").is_ok());
    assert!(g.parse_move("a1:a4").is_err());
    let g = fen("W:Wb3,g3:Bb4,b6,Kg4", &[]);
    let err = g.parse_move("g3:g5").unwrap_err();
    assert!(err.to_string().contains("most pieces"), "{err}");
}
