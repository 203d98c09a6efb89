use super::super::features::*;
use super::pieces::king_zone;
use super::*;
use crate::rules::chess::Chess;
use crate::rules::computer::{Sum, Trace, hand};

/// What each side attacks, as [`count`] takes it.
fn maps(board: &Board) -> [Attacks; 2] {
    [Side::White, Side::Black].map(|side| Attacks::of(board, side))
}

struct Terms {
    middle: i32,
    ending: i32,
}

/// `side`'s terms under the hand weights, wholly in the middle game and wholly
/// in the ending.
fn terms(fen: &str, side: Side) -> Terms {
    let board = Chess::from_fen(fen).unwrap().board;
    let weights = hand(FEATURES);
    let at = |middle: f32| {
        let mut sum = Sum::new(&weights);
        count(&board, side, 1.0, middle, &maps(&board), &mut sum);
        sum.score()
    };
    Terms {
        middle: at(1.0),
        ending: at(0.0),
    }
}

#[test]
fn a_passed_pawn_is_worth_more_the_further_it_has_come() {
    let near = terms("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Side::White);
    let far = terms("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Side::White);
    assert!(
        far.ending > near.ending + 50,
        "{} {}",
        far.ending,
        near.ending
    );
    // A pawn facing an enemy pawn on the next file is not passed.
    let held = terms("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1", Side::White);
    assert!(held.ending < near.ending);
}

#[test]
fn doubled_and_isolated_pawns_cost() {
    let sound = terms("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Side::White);
    let doubled = terms("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", Side::White);
    assert!(doubled.middle < sound.middle);
}

#[test]
fn a_rook_prefers_the_open_file_and_a_king_its_pawns() {
    let open = terms("4k3/p7/8/8/8/8/1P6/3RK3 w - - 0 1", Side::White);
    let closed = terms("4k3/p7/8/8/8/8/3P4/3RK3 w - - 0 1", Side::White);
    assert!(open.middle > closed.middle);
    let sheltered = terms("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", Side::White);
    let bare = terms("4k3/8/8/8/5PPP/8/8/6K1 w - - 0 1", Side::White);
    assert!(sheltered.middle > bare.middle);
}

#[test]
fn two_pieces_on_the_kings_zone_are_an_attack_and_one_is_not() {
    // The queen on h5 and the knight on g5 both reach squares round the black
    // king on g8; the queen alone is no attack; in the ending, neither counts.
    let both = attack("6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", 1.0);
    assert_eq!(both[0], 2.0, "the knight reaches f7 and h7 of the zone");
    assert!(both[3] > 0.0);
    assert_eq!(attack("6k1/5ppp/8/7Q/8/8/8/N5K1 w - - 0 1", 1.0), [0.0; 4]);
    assert_eq!(attack("6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", 0.0), [0.0; 4]);
    assert_eq!(
        zone_squares("6k1/8/8/8/8/8/8/6K1 w - - 0 1", Side::Black),
        9
    );
    assert_eq!(zone_squares("8/8/8/8/8/8/8/K5k1 w - - 0 1", Side::White), 6);
}

#[test]
fn a_piece_attacked_by_a_lesser_one_or_left_undefended_is_a_threat() {
    // The pawn on e4 forks the knight on d5 and the rook on f5; the bishop on d2
    // attacks the queen on a5. Only the queen guards anything (the knight), so the
    // rook and the queen hang.
    let fen = "4k3/8/8/q2n1r2/4P3/8/3B4/4K3 w - - 0 1";
    let threats = white_features(fen, 1.0, [THREAT_BY_PAWN, THREAT_BY_MINOR, HANGING]);
    assert_eq!(threats, [2.0, 1.0, 2.0]);
    // Pawns on b6 and g6 guard the queen and the rook: the threats stand, but
    // nothing hangs.
    let fen = "4k3/8/1p4p1/q2n1r2/4P3/8/3B4/4K3 w - - 0 1";
    let threats = white_features(fen, 1.0, [THREAT_BY_PAWN, THREAT_BY_MINOR, HANGING]);
    assert_eq!(threats, [2.0, 1.0, 0.0]);
}

#[test]
fn a_safe_square_to_check_from_counts_for_the_attack() {
    // The knight on g4 could check the king on g8 from f6 or h6, but the pawn on
    // g7 guards both. The rook on d1 checks safely from d8.
    let fen = "6k1/6p1/8/8/6N1/8/8/3R2K1 w - - 0 1";
    let checks = white_features(fen, 1.0, [SAFE_CHECK_KNIGHT, SAFE_CHECK_ROOK]);
    assert_eq!(checks, [0.0, 1.0]);
    // Without the pawn both are safe; in the ending no check counts.
    let fen = "6k1/8/8/8/6N1/8/8/3R2K1 w - - 0 1";
    let checks = white_features(fen, 1.0, [SAFE_CHECK_KNIGHT, SAFE_CHECK_ROOK]);
    assert_eq!(checks, [2.0, 1.0]);
    let checks = white_features(fen, 0.0, [SAFE_CHECK_KNIGHT, SAFE_CHECK_ROOK]);
    assert_eq!(checks, [0.0, 0.0]);
}

#[test]
fn the_danger_to_a_king_grows_as_the_square_of_its_units() {
    // The knight on g5 reaches f7 and h7 (2 units each), the queen on h5 reaches
    // h6, h7, g6 and f7 (5 each): 24 units, no safe check, 24²/64 = 9.
    let fen = "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [KING_DANGER]), [9.0]);
    assert_eq!(white_features(fen, 0.5, [KING_DANGER]), [4.5]);
    assert_eq!(white_features(fen, 0.0, [KING_DANGER]), [0.0]);
    // The knight on g4 alone on the zone is no attack; the rook's safe check from
    // d8 is 3 units: 9/64.
    let fen = "6k1/6p1/8/8/6N1/8/8/3R2K1 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [KING_DANGER]), [9.0 / 64.0]);
}

#[test]
fn mobility_also_counts_by_its_square_root() {
    // The knight on d4 reaches eight free squares.
    let fen = "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1";
    let [linear, root] = white_features(fen, 1.0, [KNIGHT_MOBILITY, KNIGHT_MOBILITY_ROOT]);
    assert_eq!(linear, 8.0);
    assert!((root - 8f32.sqrt()).abs() < 1e-6, "{root}");
}

#[test]
fn a_pawn_behind_its_neighbours_that_cannot_advance_is_backward() {
    // d3 is behind c4, and the e5 pawn guards d4; c4 has d3 behind it.
    let fen = "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [BACKWARD]), [1.0]);
    // Nothing guards d4: d3 may come up beside c4.
    let fen = "4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [BACKWARD]), [0.0]);
}

#[test]
fn a_file_without_our_pawns_beside_the_king_is_open() {
    // The king on g1 has pawns on f2 and g2, none on the h-file.
    let fen = "4k3/8/8/8/8/8/5PP1/6K1 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [KING_OPEN_FILE]), [1.0]);
    assert_eq!(white_features(fen, 0.0, [KING_OPEN_FILE]), [0.0]);
}

#[test]
fn a_passed_pawn_runs_free_when_nothing_stands_on_or_guards_its_path() {
    // The pawn on e6 has come five ranks of six.
    let fen = "8/8/4PK2/8/8/8/8/k7 w - - 0 1";
    let [free] = white_features(fen, 0.0, [PASSED_FREE]);
    assert!((free - 5.0 / 6.0).abs() < 1e-6, "{free}");
    // A knight on e7 stands in the way; a rook on a8 guards e8.
    for fen in [
        "8/4n3/4PK2/8/8/8/8/k7 w - - 0 1",
        "r7/8/4PK2/8/8/8/8/k7 w - - 0 1",
    ] {
        assert_eq!(white_features(fen, 0.0, [PASSED_FREE]), [0.0], "{fen}");
    }
}

#[test]
fn pawns_side_by_side_or_defended_are_connected() {
    // b2 and c2 stand side by side, d3 is defended by c2, h2 stands alone.
    let fen = "4k3/8/8/8/8/3P4/1PP4P/4K3 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [CONNECTED]), [3.0]);
}

#[test]
fn a_passed_pawn_in_the_ending_wants_a_free_path_and_its_king_near() {
    // The pawn on e6 has come 5 ranks of 6: its features count five sixths. The
    // kings on f6 and a1 are 1 and 6 steps from e7.
    let fen = "8/8/4PK2/8/8/8/8/k7 w - - 0 1";
    let [blocked, lead] = white_features(fen, 0.0, [PASSED_BLOCKED, PASSED_KING_LEAD]);
    assert_eq!(blocked, 0.0);
    assert!((lead - 5.0 * 5.0 / 6.0).abs() < 1e-5, "{lead}");
    let fen = "8/4n3/4PK2/8/8/8/8/k7 w - - 0 1";
    let [blocked, _] = white_features(fen, 0.0, [PASSED_BLOCKED, PASSED_KING_LEAD]);
    assert!((blocked - 5.0 / 6.0).abs() < 1e-5, "{blocked}");
}

#[test]
fn an_outpost_is_defended_by_a_pawn_and_out_of_the_enemy_pawns_reach() {
    // The knight on d5 is defended by e4, and neither c- nor e-pawn of black's can
    // come to attack it; the bishop on f5 is defended by e4 but the g7 pawn can
    // chase it with g6.
    let fen = "4k3/6p1/8/3N1B2/4P3/8/8/R3K3 w - - 0 1";
    let counts = white_features(fen, 1.0, [KNIGHT_OUTPOST, BISHOP_OUTPOST, ROOK_SEVENTH]);
    assert_eq!(counts, [1.0, 0.0, 0.0]);
    let fen = "4k3/R5p1/8/3N1B2/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(white_features(fen, 1.0, [ROOK_SEVENTH]), [1.0]);
}

#[test]
fn a_lone_king_is_driven_to_the_edge_and_ours_comes_near() {
    let lone = |fen| white_features(fen, 0.0, [LONE_KING])[0];
    // h8 is 6 steps from the centre and f6 4 from h8: 3 * 6 + 14 - 4. From e5, 0 and
    // g1's 6 steps away: 8.
    assert_eq!(lone("7k/8/5K2/8/8/8/8/1Q6 w - - 0 1"), 28.0);
    assert_eq!(lone("8/8/8/4k3/8/8/8/1Q4K1 w - - 0 1"), 8.0);
    assert_eq!(lone("7k/8/5K2/8/8/8/8/R7 w - - 0 1"), 28.0);
    assert_eq!(lone("7k/8/5K2/8/8/8/8/1BN5 w - - 0 1"), 28.0);
    // A pawn beside the king, or too little to mate with: nothing to drive.
    assert_eq!(lone("7k/7p/5K2/8/8/8/8/1Q6 w - - 0 1"), 0.0);
    assert_eq!(lone("7k/8/5K2/8/8/8/8/N1N5 w - - 0 1"), 0.0);
    assert_eq!(lone("7k/8/5K2/8/8/8/8/1B6 w - - 0 1"), 0.0);
}

/// White's counts of `features` in `fen`, `middle` the middle game's share.
fn white_features<const N: usize>(fen: &str, middle: f32, features: [usize; N]) -> [f32; N] {
    let board = Chess::from_fen(fen).unwrap().board;
    let mut trace = Trace::new(FEATURES.len());
    count(&board, Side::White, 1.0, middle, &maps(&board), &mut trace);
    features.map(|f| trace.0[f])
}

/// White's attack on the black king as counted, knight to queen.
fn attack(fen: &str, middle: f32) -> [f32; 4] {
    white_features(fen, middle, std::array::from_fn(|k| KING_ATTACK_KNIGHT + k))
}

fn zone_squares(fen: &str, side: Side) -> u32 {
    let board = Chess::from_fen(fen).unwrap().board;
    let king = board.by_role[Role::King as usize] & board.by_side[side.index()];
    king_zone(king, side).count_ones()
}

#[test]
fn black_is_counted_as_white_mirrored() {
    let white = terms("4k3/8/8/8/8/8/PP1P4/R1B1K1N1 w - - 0 1", Side::White);
    let black = terms("r1b1k1n1/pp1p4/8/8/8/8/8/4K3 w - - 0 1", Side::Black);
    assert_eq!((white.middle, white.ending), (black.middle, black.ending));
}
