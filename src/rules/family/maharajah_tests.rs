//! The Maharajah spec's test facts (M1-M10), one test each.

use super::*;
use crate::rules::history::Match;
use crate::rules::{GameId, Position};

fn with(rules: &[(&str, &str)]) -> MaharajahOptions {
    let mut options = MaharajahOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

fn played(options: MaharajahOptions, moves: &str) -> Maharajah {
    let mut g = Maharajah::new(options);
    for token in moves.split_whitespace() {
        let m = g
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        g.play(&m);
    }
    g
}

fn fen(text: &str, options: MaharajahOptions) -> Maharajah {
    Maharajah::set_up(options, text).expect("a valid FEN")
}

fn perft(g: &Maharajah, depth: u32) -> u64 {
    g.perft(depth).unwrap()
}

#[test]
fn m1_the_maharajah_is_placed_on_any_square_no_pawn_attacks() {
    let g = Maharajah::new(MaharajahOptions::default());
    assert_eq!(g.turn(), Side::Black);
    assert_eq!(g.move_number(), 0);
    assert_eq!(g.legal_moves().len(), 40);
    assert!(
        g.legal_moves()
            .iter()
            .all(|m| g.notation(m).starts_with("M@"))
    );
    let narrow = Maharajah::new(with(&[("placement_zone", "ranks6-8")]));
    assert_eq!(narrow.legal_moves().len(), 24);
    assert_eq!(g.fen(), "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR[m] b KQ - 0 1");
}

#[test]
fn m2_m3_perft_after_placement() {
    let e5 = played(MaharajahOptions::default(), "M@e5");
    assert_eq!(e5.move_number(), 1);
    assert_eq!([1, 2, 3].map(|d| perft(&e5, d)), [20, 652, 12_960]);
    let h5 = played(MaharajahOptions::default(), "M@h5");
    assert_eq!([1, 2, 3].map(|d| perft(&h5, d)), [20, 454, 9066]);
}

#[test]
fn m4_m5_the_maharajah_pins_though_it_is_not_royal() {
    let d4 = played(MaharajahOptions::default(), "M@d4");
    assert_eq!(d4.legal_moves().len(), 19);
    let b4 = played(MaharajahOptions::default(), "M@b4");
    assert_eq!(b4.legal_moves().len(), 17);
}

#[test]
fn m6_the_maharajah_moves_as_queen_or_knight_into_attack_unless_royal() {
    let g = played(MaharajahOptions::default(), "M@e5 d4");
    // Mxe2 checks the king beside it.
    let moves: Vec<String> = g.legal_moves().iter().map(|m| g.notation(m)).collect();
    assert_eq!(moves.len(), 31);
    for m in ["Mxd4", "Mxe2+", "Mxh2"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    let royal = played(with(&[("maharajah_royal", "on")]), "M@e5 d4");
    let moves: Vec<String> = royal
        .legal_moves()
        .iter()
        .map(|m| royal.notation(m))
        .collect();
    assert_eq!(moves.len(), 21);
    assert!(!moves.contains(&"Mxd4".to_string()));
}

#[test]
fn m7_capturing_the_maharajah_wins() {
    let before = played(MaharajahOptions::default(), "M@e5 d4 Mxd4");
    assert_eq!(before.legal_moves().len(), 27);
    assert_eq!(before.check_cell(), None);
    let after = played(MaharajahOptions::default(), "M@e5 d4 Mxd4 Qxd4");
    let outcome = after.outcome(1).unwrap();
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(outcome.reason, Reason::MaharajahCaptured);
}

#[test]
fn m8_the_maharajah_mates() {
    let g = fen(
        "8/8/8/8/8/8/6PP/5m1K w - - 0 1",
        MaharajahOptions::default(),
    );
    assert!(g.check_cell().is_some());
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::Black, Reason::Checkmate))
    );
}

#[test]
fn m9_stalemate_draws() {
    let g = fen("8/8/8/8/8/m7/P7/K7 w - - 0 1", MaharajahOptions::default());
    assert_eq!(g.legal_moves().len(), 0);
    assert_eq!(g.outcome(1), Some(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn m10_pawns_on_the_last_rank() {
    let text = "8/P7/8/7m/8/8/8/K7 w - - 0 1";
    let stay = fen(text, MaharajahOptions::default());
    let moves: Vec<String> = stay
        .legal_moves()
        .iter()
        .map(|m| stay.notation(m))
        .collect();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert!(moves.contains(&"a8".to_string()));
    let mut after = stay.clone();
    after.play(&stay.parse_move("a8").unwrap());
    after.play(&after.parse_move("Mh6").unwrap());
    let a8 = Topology::chess().parse("a8").unwrap();
    assert!(after.legal_moves().iter().all(|m| m.from != a8));
    assert_eq!(
        fen(text, with(&[("pawn_last_rank", "forbidden")]))
            .legal_moves()
            .len(),
        3
    );
    assert_eq!(
        fen(text, with(&[("pawn_last_rank", "promote")]))
            .legal_moves()
            .len(),
        7
    );
    // A pawn left on the last rank reads back from a FEN where it may stay.
    assert!(Maharajah::set_up(MaharajahOptions::default(), &after.fen()).is_ok());
}

#[test]
fn the_placement_is_move_zero_of_the_record_and_is_undone() {
    let mut m = Match::new(Position::new(GameId::Maharajah, &[]).unwrap());
    m.play_text("M@e5").unwrap();
    m.play_text("e4").unwrap();
    assert_eq!(m.position().move_number(), 1);
    m.undo();
    m.undo();
    assert_eq!(m.position().legal_moves().len(), 40);
    let replay = Position::set_up(
        GameId::Maharajah,
        &[],
        "8/8/8/4m3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    );
    assert!(replay.is_ok());
}
