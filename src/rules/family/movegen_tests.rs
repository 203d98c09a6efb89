//! The shortcuts of the family's move generation against playing every move out: a
//! move judged safe without being played (a drop, or a piece not pinned) is exactly
//! one that leaves the royal piece unattacked, the end of game's quick look for a
//! move agrees with the full list, and so do the captures and promotions generated
//! alone.

use super::appearing::{Appearing, AppearingOptions};
use super::double_move::{DoubleMove, DoubleMoveOptions};
use super::maharajah::{Maharajah, MaharajahOptions};
use super::shashmaty::{Shashmaty, ShashmatyOptions};
use super::swedish::{Swedish, SwedishOptions};
use super::transforming::{Transforming, TransformingOptions};
use super::{Family, Variant};
use crate::rules::chess::Move;
use crate::rules::game::{Game, random_games};
use crate::rules::options::HouseRules;

/// The moves that leave the mover's royal piece unattacked, each played out.
fn played_out<V: Variant>(g: &Family<V>) -> Vec<Move> {
    let mut moves = Vec::new();
    g.pseudo_legal(&mut moves);
    let us = g.position.turn;
    if g.variant.royal(us).is_some() {
        moves.retain(|m| {
            let mut after = g.clone();
            after.play(m);
            let board = &after.position.board;
            g.royal_on(board, us)
                .is_none_or(|k| !g.attacked(board, k, us.other()))
        });
    }
    moves
}

fn agree<V: Variant>(start: Family<V>, seed: u64) {
    random_games(&start, 20, 150, seed, |g, moves| {
        assert_eq!(g.king_safe(), played_out(g), "{}", g.diagram());
        assert_eq!(g.has_move(), !moves.is_empty(), "{}", g.diagram());
        let mut noisy = moves.to_vec();
        noisy.retain(|m| m.capture.is_some() || m.promotion.is_some());
        assert_eq!(g.captures_and_promotions(), noisy, "{}", g.diagram());
    });
}

#[test]
fn moves_judged_without_playing_them_are_those_that_stand() {
    agree(Transforming::new(TransformingOptions::default()), 1);
    agree(Maharajah::new(MaharajahOptions::default()), 2);
    agree(DoubleMove::new(DoubleMoveOptions::default()), 3);
    let mut appearing = AppearingOptions::default();
    appearing.set("drop_check", "no-mate").unwrap();
    agree(Appearing::new(appearing), 4);
    let mut appearing = AppearingOptions::default();
    appearing.set("drop_check", "forbidden").unwrap();
    agree(Appearing::new(appearing), 5);
}

#[test]
fn swedish_quiet_moves_are_those_that_stand() {
    let start = Swedish::new(SwedishOptions::default());
    random_games(&start, 20, 150, 6, |g, moves| {
        let quiet: Vec<Move> = moves
            .iter()
            .filter(|m| m.relocation.is_none())
            .map(|m| m.chess)
            .collect();
        let mut every = played_out(&g.family);
        every.retain(|m| m.capture_square().is_none());
        assert_eq!(quiet, every, "{}", g.diagram());
        assert_eq!(g.has_move(), !moves.is_empty(), "{}", g.diagram());
    });
}

#[test]
fn shash_maty_moves_judged_without_playing_them_leave_the_king_safe() {
    let start = Shashmaty::new(ShashmatyOptions::default());
    random_games(&start, 30, 150, 7, |g, moves| {
        let us = g.family.position.turn;
        for m in moves {
            let mut after = g.clone();
            after.play(m);
            let won = after.outcome(1).is_some_and(|o| o.winner == Some(us));
            assert!(!after.family.attacked_king(us) || won, "{}", g.diagram());
        }
        assert_eq!(g.has_move(), !moves.is_empty(), "{}", g.diagram());
    });
}
