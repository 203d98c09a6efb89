//! What the chess evaluation counts. Material and place are counted apart for the
//! middle game and the ending, which are blended by the material left; so are passed
//! pawns, worth more as the board empties. The rest counts the same throughout,
//! except the king's shelter and the attack on the king, which matter only in the
//! middle game.

crate::features! {
    PAWN_MIDDLE = "pawn-middle": 100,
    KNIGHT_MIDDLE = "knight-middle": 320,
    BISHOP_MIDDLE = "bishop-middle": 330,
    ROOK_MIDDLE = "rook-middle": 500,
    QUEEN_MIDDLE = "queen-middle": 900,
    PAWN_ENDING = "pawn-ending": 100,
    KNIGHT_ENDING = "knight-ending": 320,
    BISHOP_ENDING = "bishop-ending": 330,
    ROOK_ENDING = "rook-ending": 500,
    QUEEN_ENDING = "queen-ending": 900,
    // The square tables' sums ([`super::place`]), scaled as a whole.
    PLACE_MIDDLE = "place-middle": 1,
    PLACE_ENDING = "place-ending": 1,
    // A passed pawn, by the ranks it has come from its own side (1 to 6).
    PASSED_MIDDLE = "passed-1-middle": 5,
    PASSED_2_MIDDLE = "passed-2-middle": 5,
    PASSED_3_MIDDLE = "passed-3-middle": 10,
    PASSED_4_MIDDLE = "passed-4-middle": 20,
    PASSED_5_MIDDLE = "passed-5-middle": 35,
    PASSED_6_MIDDLE = "passed-6-middle": 60,
    PASSED_ENDING = "passed-1-ending": 10,
    PASSED_2_ENDING = "passed-2-ending": 15,
    PASSED_3_ENDING = "passed-3-ending": 25,
    PASSED_4_ENDING = "passed-4-ending": 45,
    PASSED_5_ENDING = "passed-5-ending": 75,
    PASSED_6_ENDING = "passed-6-ending": 120,
    DOUBLED = "doubled-pawn": -12,
    ISOLATED = "isolated-pawn": -12,
    BISHOP_PAIR = "bishop-pair": 30,
    ROOK_OPEN_FILE = "rook-open-file": 20,
    ROOK_HALF_OPEN_FILE = "rook-half-open-file": 10,
    // Per square reached that holds no piece of ours and no enemy pawn guards.
    KNIGHT_MOBILITY = "knight-mobility": 4,
    BISHOP_MOBILITY = "bishop-mobility": 4,
    ROOK_MOBILITY = "rook-mobility": 2,
    QUEEN_MOBILITY = "queen-mobility": 1,
    // Per pawn of ours on the two ranks in front of a king on its first two ranks.
    SHELTER = "king-shelter": 10,
    // Per square of the enemy king's zone (its square, its neighbours and the rank
    // beyond them towards us) a piece reaches, while two pieces or more reach it, in
    // the middle game.
    KING_ATTACK_KNIGHT = "king-attack-knight": 6,
    KING_ATTACK_BISHOP = "king-attack-bishop": 4,
    KING_ATTACK_ROOK = "king-attack-rook": 5,
    KING_ATTACK_QUEEN = "king-attack-queen": 8,
}
