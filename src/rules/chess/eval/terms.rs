//! What the computer sees beyond material and place: the pawns' structure (passed,
//! doubled, isolated), the bishop pair, rooks on open files, how many safe squares
//! each piece reaches, the pawns sheltering the king, and the pieces attacked by
//! lesser ones or left undefended, counted for one side as
//! [`features`](super::features).

use super::features::*;
use crate::rules::chess::position::{Board, Role};
use crate::rules::chess::tables::{Bitboard, bishop_attacks, rook_attacks, squares, tables};
use crate::rules::search::Tally;
use crate::rules::side::Side;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;

/// The squares strictly in front of `square`, on every file, as `side` moves.
fn ahead(square: u8, side: Side) -> Bitboard {
    let rank = u32::from(square / 8);
    match side {
        Side::White if rank < 7 => u64::MAX << (8 * (rank + 1)),
        Side::White => 0,
        _ => (1u64 << (8 * rank)) - 1,
    }
}

/// The files beside `file`.
fn beside(file: u8) -> Bitboard {
    let left = if file > 0 { FILE_A << (file - 1) } else { 0 };
    let right = if file < 7 { FILE_A << (file + 1) } else { 0 };
    left | right
}

/// The squares around `side`'s king an attack aims at: its own, its neighbours, and
/// the rank beyond those towards the enemy.
fn king_zone(board: &Board, side: Side) -> Bitboard {
    let kings = board.by_role[Role::King as usize] & board.by_side[side.index()];
    let Some(king) = squares(kings).next() else {
        return 0;
    };
    let ring = tables().king[usize::from(king)] | 1u64 << king;
    ring | if side == Side::White {
        ring << 8
    } else {
        ring >> 8
    }
}

/// The squares one side's pieces attack: by its pawns, by its knights and bishops, by
/// its rooks, and by any piece.
pub struct Attacks {
    pawns: Bitboard,
    minors: Bitboard,
    rooks: Bitboard,
    all: Bitboard,
}

impl Attacks {
    pub fn of(board: &Board, side: Side) -> Attacks {
        let t = tables();
        let us = board.by_side[side.index()];
        let occupied = us | board.by_side[side.other().index()];
        let mine = |r: Role| squares(board.by_role[r as usize] & us);
        let union = |r: Role, reach: &dyn Fn(u8) -> Bitboard| mine(r).fold(0, |a, s| a | reach(s));
        let pawns = union(Role::Pawn, &|s| t.pawn[side.index()][usize::from(s)]);
        let minors = union(Role::Knight, &|s| t.knight[usize::from(s)])
            | union(Role::Bishop, &|s| bishop_attacks(s, occupied));
        let rooks = union(Role::Rook, &|s| rook_attacks(s, occupied));
        let queens = union(Role::Queen, &|s| {
            bishop_attacks(s, occupied) | rook_attacks(s, occupied)
        });
        let king = union(Role::King, &|s| t.king[usize::from(s)]);
        Attacks {
            pawns,
            minors,
            rooks,
            all: pawns | minors | rooks | queens | king,
        }
    }
}

/// Counts `side`'s terms into `tally`, each times `sign` (1 for the side evaluated,
/// -1 for its opponent); `middle` is the middle game's share of the blend. `attacks`
/// holds what each side attacks, by [`Side::index`].
pub fn count(
    board: &Board,
    side: Side,
    sign: f32,
    middle: f32,
    attacks: &[Attacks; 2],
    tally: &mut impl Tally,
) {
    let t = tables();
    let (ours, theirs) = (&attacks[side.index()], &attacks[side.other().index()]);
    let us = board.by_side[side.index()];
    let them = board.by_side[side.other().index()];
    let occupied = us | them;
    let role = |r: Role| board.by_role[r as usize];
    let own_pawns = role(Role::Pawn) & us;
    let their_pawns = role(Role::Pawn) & them;

    for sq in squares(own_pawns) {
        let file = sq % 8;
        let own_file = FILE_A << file;
        let front = ahead(sq, side);
        if own_pawns & own_file & front != 0 {
            tally.add(DOUBLED, sign);
        }
        if own_pawns & beside(file) == 0 {
            tally.add(ISOLATED, sign);
        }
        if their_pawns & (own_file | beside(file)) & front == 0 {
            let come = usize::from(if side == Side::White {
                sq / 8
            } else {
                7 - sq / 8
            });
            if (1..=6).contains(&come) {
                tally.add(PASSED_MIDDLE + come - 1, sign * middle);
                tally.add(PASSED_ENDING + come - 1, sign * (1.0 - middle));
            }
        }
    }

    let mut guarded = 0;
    for sq in squares(their_pawns) {
        guarded |= t.pawn[side.other().index()][usize::from(sq)];
    }
    let safe = !us & !guarded;
    if (role(Role::Bishop) & us).count_ones() >= 2 {
        tally.add(BISHOP_PAIR, sign);
    }
    let zone = king_zone(board, side.other());
    // Per piece kind (knight to queen), the zone's squares reached; and how many
    // pieces reach it.
    let mut on_king = [0u32; 4];
    let mut attackers = 0;
    for piece in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let kind = piece as usize - Role::Knight as usize;
        for sq in squares(role(piece) & us) {
            let reach = match piece {
                Role::Knight => t.knight[usize::from(sq)],
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                _ => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
            };
            tally.add(
                KNIGHT_MOBILITY + kind,
                sign * (reach & safe).count_ones() as f32,
            );
            let hits = (reach & zone).count_ones();
            on_king[kind] += hits;
            attackers += u32::from(hits > 0);
            if piece == Role::Rook {
                let file = FILE_A << (sq % 8);
                if own_pawns & file == 0 {
                    let open = if their_pawns & file == 0 {
                        ROOK_OPEN_FILE
                    } else {
                        ROOK_HALF_OPEN_FILE
                    };
                    tally.add(open, sign);
                }
            }
        }
    }

    // One piece near the king is no attack; two or more are.
    if attackers >= 2 {
        for (kind, &hits) in on_king.iter().enumerate() {
            tally.add(KING_ATTACK_KNIGHT + kind, sign * middle * hits as f32);
        }
    }

    // A piece attacked by a lesser one, or by anything while nothing defends it.
    let pieces = them & !own_pawns & !their_pawns & !role(Role::King);
    let heavy = them & (role(Role::Rook) | role(Role::Queen));
    let threats = [
        (THREAT_BY_PAWN, ours.pawns & pieces),
        (THREAT_BY_MINOR, ours.minors & heavy),
        (THREAT_BY_ROOK, ours.rooks & them & role(Role::Queen)),
        (HANGING, ours.all & pieces & !theirs.all),
    ];
    for (feature, attacked) in threats {
        tally.add(feature, sign * attacked.count_ones() as f32);
    }

    if let Some(king) = squares(role(Role::King) & us).next() {
        let home = if side == Side::White {
            king / 8
        } else {
            7 - king / 8
        };
        if home <= 1 {
            let files = FILE_A << (king % 8) | beside(king % 8);
            let rank = |r: u8| 0xffu64 << (8 * r);
            let step = |n: i8| (king / 8) as i8 + if side == Side::White { n } else { -n };
            let front = [step(1), step(2)]
                .iter()
                .filter(|r| (0..8).contains(*r))
                .fold(0, |m, &r| m | rank(r as u8));
            let shelter = (own_pawns & files & front).count_ones() as f32;
            tally.add(SHELTER, sign * middle * shelter);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Chess;
    use crate::rules::search::{Sum, Trace, hand};

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
        let threats = white_features(fen, [THREAT_BY_PAWN, THREAT_BY_MINOR, HANGING]);
        assert_eq!(threats, [2.0, 1.0, 2.0]);
        // Pawns on b6 and g6 guard the queen and the rook: the threats stand, but
        // nothing hangs.
        let fen = "4k3/8/1p4p1/q2n1r2/4P3/8/3B4/4K3 w - - 0 1";
        let threats = white_features(fen, [THREAT_BY_PAWN, THREAT_BY_MINOR, HANGING]);
        assert_eq!(threats, [2.0, 1.0, 0.0]);
    }

    /// White's counts of `features` in `fen`.
    fn white_features<const N: usize>(fen: &str, features: [usize; N]) -> [f32; N] {
        let board = Chess::from_fen(fen).unwrap().board;
        let mut trace = Trace::new(FEATURES.len());
        count(&board, Side::White, 1.0, 1.0, &maps(&board), &mut trace);
        features.map(|f| trace.0[f])
    }

    /// White's attack on the black king as counted, knight to queen.
    fn attack(fen: &str, middle: f32) -> [f32; 4] {
        let board = Chess::from_fen(fen).unwrap().board;
        let mut trace = Trace::new(FEATURES.len());
        count(&board, Side::White, 1.0, middle, &maps(&board), &mut trace);
        std::array::from_fn(|k| trace.0[KING_ATTACK_KNIGHT + k])
    }

    fn zone_squares(fen: &str, side: Side) -> u32 {
        king_zone(&Chess::from_fen(fen).unwrap().board, side).count_ones()
    }

    #[test]
    fn black_is_counted_as_white_mirrored() {
        let white = terms("4k3/8/8/8/8/8/PP1P4/R1B1K1N1 w - - 0 1", Side::White);
        let black = terms("r1b1k1n1/pp1p4/8/8/8/8/8/4K3 w - - 0 1", Side::Black);
        assert_eq!((white.middle, white.ending), (black.middle, black.ending));
    }
}
