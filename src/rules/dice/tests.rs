//! The dice chess spec's test facts (X1-X6), and its rules one by one: rolls and
//! passes, rerolls, castling's face, en passant lapsing, the counters, repetition,
//! notation and replays. Chance in the search is tested with the search
//! (`engine/search/tests.rs`).

use super::*;
use crate::rules::history::{Action, Match};
use crate::rules::options::HouseRules;
use crate::rules::record::{movetext, replay};
use crate::rules::{GameId, Move, Position};

fn with(rules: &[(&str, &str)]) -> DiceOptions {
    let mut options = DiceOptions::default();
    for (id, value) in rules {
        options.set(id, value).unwrap();
    }
    options
}

/// Plays a move list of dice chess (`[6] e4 [3] -- …`), move numbers left out.
fn played(mut g: DiceChess, line: &str) -> DiceChess {
    for token in line.split_whitespace().filter(|t| !t.ends_with('.')) {
        for part in token.replace("][", "] [").split(' ') {
            let m = g.parse_move(part).unwrap_or_else(|e| panic!("{part}: {e}"));
            assert!(g.is_legal(&m), "{part} is legal");
            g.play(&m);
        }
    }
    g
}

fn start(rules: &[(&str, &str)]) -> DiceChess {
    DiceChess::new(with(rules))
}

/// The moves each face would allow the side to move, faces 1 to 6.
fn per_face(g: &DiceChess) -> [usize; 6] {
    assert!(g.rolled.is_none(), "counted before the roll");
    std::array::from_fn(|i| g.moves_for(1 << i).len())
}

const SOURCE_LINE: &str = "1. [6] e4 [3] -- 2. [2] Qh5 [4] -- 3. [4] Bc4 [5] Nf6";

#[test]
fn x1_from_the_start_only_knights_and_pawns_move() {
    let g = start(&[]);
    assert_eq!(per_face(&g), [0, 0, 0, 0, 4, 16]);
    let passes = (1..=6)
        .filter(|&f| {
            let mut rolled = g.clone();
            rolled.play(&DiceMove::Roll(Roll::new(&[f]).unwrap()));
            rolled.legal_moves() == [DiceMove::Pass]
        })
        .count();
    assert_eq!(passes, 4, "faces 1-4 pass: two chances in three");
}

#[test]
fn x2_the_source_example_is_legal_as_recorded() {
    let g = played(start(&[]), SOURCE_LINE);
    assert_eq!(
        g.family.fen(),
        "rnbqkb1r/pppppppp/5n2/7Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 3 4"
    );
    assert_eq!(per_face(&g), [3, 17, 0, 9, 5, 14]);
    for (face, capture) in [(2, "Qxf7"), (4, "Bxf7")] {
        let mut rolled = g.clone();
        rolled.play(&DiceMove::Roll(Roll::new(&[face]).unwrap()));
        assert!(rolled.parse_move(capture).is_ok(), "{capture} on {face}");
    }
}

#[test]
fn x3_after_qxf7_a_rook_move_lets_the_king_be_taken() {
    let g = played(start(&[]), &format!("{SOURCE_LINE} 4. [2] Qxf7"));
    assert_eq!(per_face(&g), [1, 0, 1, 0, 7, 14]);
    assert_eq!(g.outcome(1), None, "no mate without check rules");
    let g = played(g, "[3] Rg8 [2] Qxe8");
    assert_eq!(
        g.outcome(1),
        Some(Outcome::win(Side::White, Reason::KingCaptured))
    );
}

#[test]
fn x4_under_check_rules_qxf7_and_bxf7_mate_before_the_roll() {
    let rules = [("check_rules", "on")];
    for capture in ["[2] Qxf7", "[4] Bxf7"] {
        let g = played(start(&rules), &format!("{SOURCE_LINE} 4. {capture}"));
        assert_eq!(
            g.outcome(1),
            Some(Outcome::win(Side::White, Reason::Checkmate)),
            "{capture}"
        );
        assert_eq!(per_face(&g), [0; 6]);
    }
    let mut g = played(start(&rules), SOURCE_LINE);
    g.play(&DiceMove::Roll(Roll::new(&[2]).unwrap()));
    let m = g.parse_move("Qxf7").unwrap();
    assert_eq!(g.notation(&m), "Qxf7#", "check mode writes the mate");
}

#[test]
fn x5_after_bxf7_the_knight_may_take_the_queen() {
    let g = played(start(&[]), &format!("{SOURCE_LINE} 4. [4] Bxf7"));
    assert_eq!(per_face(&g), [1, 0, 1, 0, 7, 13]);
    let mut rolled = g.clone();
    rolled.play(&DiceMove::Roll(Roll::new(&[5]).unwrap()));
    assert!(rolled.parse_move("Nxh5").is_ok());
}

#[test]
fn x6_three_dice_offer_every_rolled_kind() {
    let g = start(&[("dice", "three-choose-one")]);
    let moves = |faces: &[u8]| {
        let mut rolled = g.clone();
        rolled.play(&DiceMove::Roll(Roll::new(faces).unwrap()));
        rolled.legal_moves()
    };
    assert_eq!(moves(&[1, 3, 5]).len(), 4);
    assert_eq!(moves(&[1, 2, 3]), [DiceMove::Pass]);
    assert_eq!(moves(&[5, 6, 6]).len(), 20);
    assert_eq!(g.legal_moves().len(), 216, "every roll of three dice");
}

#[test]
fn a_roll_comes_before_any_move_and_says_which_pieces_move() {
    let g = start(&[]);
    let refused = g.parse_move("e4").unwrap_err();
    assert_eq!(refused.key, "detail-roll-first");
    assert_eq!(refused.to_string(), "roll the die first");
    assert_eq!(g.legal_moves().len(), 6);
    let mut rolled = g.clone();
    rolled.play(&rolled.parse_move("[5]").unwrap());
    let dice = rolled.dice().unwrap();
    assert_eq!((dice.faces, dice.movable), (vec![5], vec![5]));
    assert!(rolled.parse_move("e4").is_err(), "a pawn move on a 5");
    assert!(rolled.parse_move("[5]").is_err(), "one roll a turn");
    assert!(
        rolled.parse_move("--").is_err(),
        "no pass while a knight can move"
    );
    assert!(g.parse_move("[7]").is_err() && g.parse_move("[1,2,3]").is_err());
}

#[test]
fn a_pass_changes_the_turn_and_nothing_else_but_the_move_number() {
    let g = played(start(&[]), "[5] Nf3 [4]");
    assert_eq!(g.legal_moves(), [DiceMove::Pass]);
    let before = g.family.position.halfmoves;
    let g = played(g, "--");
    assert_eq!(g.turn(), Side::White);
    assert_eq!(g.family.position.fullmoves, 2);
    assert_eq!(
        g.family.position.halfmoves, before,
        "passes do not count for fifty moves"
    );
}

#[test]
fn en_passant_lapses_with_a_pass_or_another_move() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let set_up = || DiceChess::set_up(DiceOptions::default(), fen).unwrap();
    let taking = played(set_up(), "[6] e4 [6]");
    assert!(taking.parse_move("dxe3").is_ok(), "the very next turn");
    // Black passes on a 4: the chance is gone when its pawn may move again.
    let lapsed = played(set_up(), "[6] e4 [4] -- [1] Kd1 [6]");
    assert!(lapsed.parse_move("dxe3").is_err());
    let used = played(set_up(), "[6] e4 [1] Kd7 [1] Kd1 [6]");
    assert!(used.parse_move("dxe3").is_err());
}

#[test]
fn castling_is_the_kings_move_and_ignores_attacks_by_default() {
    // The rook on f8 attacks f1, which the king passes.
    let fen = "k4r2/8/8/8/8/8/8/4K2R w K - 0 1";
    let g = DiceChess::set_up(DiceOptions::default(), fen).unwrap();
    assert!(played(g.clone(), "[1]").parse_move("O-O").is_ok());
    assert!(played(g.clone(), "[3]").parse_move("O-O").is_err());
    let checked = DiceChess::set_up(with(&[("check_rules", "on")]), fen).unwrap();
    assert!(played(checked, "[1]").parse_move("O-O").is_err());
    let rook = DiceChess::set_up(with(&[("castle_face", "king-or-rook")]), fen).unwrap();
    assert!(played(rook, "[3]").parse_move("O-O").is_ok());
}

#[test]
fn under_check_rules_a_checked_side_may_pass_and_its_king_is_never_taken() {
    // The white king is in check from the rook; a 5 gives White nothing.
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    let g = DiceChess::set_up(with(&[("check_rules", "on")]), fen).unwrap();
    assert_eq!(g.check_cell(), Some(4));
    let free = DiceChess::set_up(DiceOptions::default(), fen).unwrap();
    assert_eq!(free.check_cell(), None, "no check without check rules");
    assert_eq!(g.outcome(1), None, "the king can step away");
    let g = played(g, "[5] --");
    let taking = played(g, "[3]");
    assert!(taking.parse_move("Rxe1").is_err(), "kings are not taken");
}

#[test]
fn with_no_move_at_all_the_game_is_drawn() {
    // Without check rules no pseudo-legal move is a draw; under them it is stalemate
    // (the queen covers every square of the king's and does not attack it).
    assert_eq!(
        crate::rules::family::Variant::no_moves(&DiceOptions::default(), Side::White),
        Outcome::draw(Reason::Stalemate)
    );
    let fen = "k7/8/8/8/8/1q6/8/K7 w - - 0 1";
    let boxed = DiceChess::set_up(with(&[("check_rules", "on")]), fen).unwrap();
    assert_eq!(boxed.outcome(1), Some(Outcome::draw(Reason::Stalemate)));
    let free = DiceChess::set_up(DiceOptions::default(), fen).unwrap();
    assert_eq!(
        free.outcome(1),
        None,
        "without check the king may step into attack"
    );
}

#[test]
fn rerolls_go_on_until_a_face_moves_and_are_written_together() {
    let mut m = Match::new(
        Position::new(GameId::DiceChess, &[("no_move".into(), "reroll".into())]).unwrap(),
    );
    for token in ["[3]", "[4]", "[5]", "Nf3", "[1]", "[6]", "e5"] {
        m.play_text(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    assert_eq!(movetext(&m), "1. [3][4][5] Nf3 [1][6] e5");
    let again = replay(
        GameId::DiceChess,
        &format!("[Options \"no_move=reroll\"]\n{}", movetext(&m)),
        &[],
    )
    .unwrap();
    assert_eq!(again.position(), m.position());
}

#[test]
fn the_move_list_writes_each_roll_before_its_move_and_replays() {
    let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
    for token in ["[6]", "e4", "[3]", "--", "[2]", "Qh5"] {
        m.play_text(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    assert_eq!(movetext(&m), "1. [6] e4 [3] -- 2. [2] Qh5");
    let again = replay(
        GameId::DiceChess,
        "[Variant \"dice-chess\"]\n1. [6] e4 [3] -- 2. [2] Qh5",
        &[],
    )
    .unwrap();
    assert_eq!(again.position(), m.position());
    let three = replay(
        GameId::DiceChess,
        "[Options \"dice=three-choose-one\"]\n1. [6,2,4] e4 [1,3,3] --",
        &[],
    )
    .unwrap();
    assert_eq!(three.position().turn(), Side::White);
    let roll_first = replay(GameId::DiceChess, "[6] e4 [3]\n[4]", &[]);
    assert!(
        roll_first.is_err(),
        "a line of rolls is movetext, not a tag"
    );
}

#[test]
fn the_match_plays_a_forced_pass_itself_and_undo_takes_it_back_with_the_roll() {
    let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
    let roll =
        |faces: &[u8]| Action::Play(Move::DiceChess(DiceMove::Roll(Roll::new(faces).unwrap())));
    assert_eq!(m.act(roll(&[3])), Ok(true), "a 3 from the start passes");
    assert_eq!(m.position().turn(), Side::Black);
    assert!(m.take_back());
    assert_eq!(m.cursor(), 0, "the pass goes back with its roll");
}

#[test]
fn the_apps_roll_is_seeded_and_the_same_after_an_undo() {
    let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
    m.set_seed(12345);
    let first = m.roll().expect("a die is awaited");
    m.play(first).unwrap();
    assert_eq!(m.roll(), None, "nothing to roll once rolled");
    m.undo();
    assert_eq!(m.roll(), Some(first));
    let mut faces = std::collections::HashSet::new();
    for seed in 0..200 {
        m.set_seed(seed);
        if let Some(Action::Play(Move::DiceChess(DiceMove::Roll(r)))) = m.roll() {
            faces.insert(r.faces()[0]);
        }
    }
    assert_eq!(faces.len(), 6, "every face comes up");
    let manual = Match::new(
        Position::new(
            GameId::DiceChess,
            &[("dice_source".into(), "manual".into())],
        )
        .unwrap(),
    );
    assert_eq!(
        manual.roll(),
        None,
        "physical dice are entered by the players"
    );
}

#[test]
fn repetition_is_off_by_default_and_counts_only_positions_after_moves() {
    let shuffle = "[5] Nf3 [5] Nf6 [5] Ng1 [5] Ng8 ";
    let line = shuffle.repeat(3);
    let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
    for t in line.split_whitespace() {
        m.play_text(t).unwrap();
    }
    assert_eq!(m.outcome(), None, "off by default");
    let mut on = Match::new(
        Position::new(GameId::DiceChess, &[("repetition".into(), "on".into())]).unwrap(),
    );
    for t in shuffle.repeat(2).split_whitespace() {
        on.play_text(t).unwrap();
    }
    assert_eq!(on.outcome(), Some(Outcome::draw(Reason::Repetition)));
    // Passes bring the start back again and again without a draw.
    let mut passes = Match::new(
        Position::new(GameId::DiceChess, &[("repetition".into(), "on".into())]).unwrap(),
    );
    for t in "[1] -- [1] -- [2] -- [2] -- [3] -- [3] --".split_whitespace() {
        passes.play_text(t).unwrap();
    }
    assert_eq!(passes.outcome(), None);
}

#[test]
fn chance_weighs_each_set_of_faces_by_the_rolls_that_show_it() {
    let one = start(&[]);
    let outcomes = one.chances().unwrap();
    assert_eq!(outcomes.len(), 6);
    assert!(outcomes.iter().all(|&(_, w)| w == 1));
    let three = start(&[("dice", "three-choose-one")]);
    let outcomes = three.chances().unwrap();
    assert_eq!(outcomes.iter().map(|&(_, w)| w).sum::<u32>(), 216);
    assert_eq!(
        outcomes.len(),
        6 + 15 + 20,
        "sets of one, two and three faces"
    );
    let rerolled = start(&[("no_move", "reroll")]);
    let outcomes = rerolled.chances().unwrap();
    assert_eq!(
        outcomes.len(),
        2,
        "only the knight's and the pawn's faces move"
    );
    let mut rolled = one.clone();
    rolled.play(&DiceMove::Roll(Roll::new(&[6]).unwrap()));
    assert_eq!(rolled.chances(), None);
}

#[test]
fn a_saved_game_keeps_its_rolls_and_the_seed_of_those_to_come() {
    use crate::rules::record::SavedGame;
    let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
    m.set_seed(77);
    for token in ["[6]", "e4", "[3]", "--"] {
        m.play_text(token).unwrap();
    }
    let saved = SavedGame::from_match(&m, &[]);
    assert_eq!(saved.actions, ["[6]", "e4", "[3]", "--"]);
    let back = SavedGame::from_ron(&saved.to_ron())
        .unwrap()
        .to_match()
        .unwrap();
    assert_eq!(back.position(), m.position());
    assert_eq!(back.roll(), m.roll(), "the next roll is the same");
}
