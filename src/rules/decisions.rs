//! The decisions that move no piece, as a button names them: Z-shashmaty's swap, the
//! end of a turn of several moves (or Reversi's forced pass), and chess for three's
//! offers, orders, freedom and answers; and the question a player is asked (the pie
//! rule's, the vassal's). A translation key with its words, so the app and a thin
//! client of the server say them alike in each player's language.

use super::position::{Move, Position};
use super::why::{Remark, Word};

/// What a button for `mv` says, where `mv` moves no piece; `None` for a move on the
/// board.
pub fn named(position: &Position, mv: &Move) -> Option<Remark> {
    if position.is_swap(mv) {
        return Some(remark("button-swap", []));
    }
    if position.is_pass(mv) {
        // Ending a turn of several moves is a choice; a pass in Reversi is forced.
        let key = if position.shown().turn_progress().is_some() {
            "button-end-turn"
        } else {
            "button-pass"
        };
        return Some(remark(key, []));
    }
    position.button(mv)
}

/// The question the seat on move answers before anything else, if any: whether to
/// take the opponent's first move as one's own (the pie rule), or to serve or be
/// served (chess for three).
pub fn question(position: &Position) -> Option<Remark> {
    if let Some(asked) = position.asks() {
        return Some(asked);
    }
    position
        .legal_moves()
        .iter()
        .any(|mv| position.is_swap(mv))
        .then(|| remark("dialog-pie-text", []))
}

fn remark<const N: usize>(key: &'static str, words: [(&'static str, Word); N]) -> Remark {
    Remark {
        key,
        words: words.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameId, Side, trichess};

    #[test]
    fn a_move_on_the_board_is_not_named() {
        let p = Position::new(GameId::Chess, &[]).unwrap();
        assert!(p.legal_moves().iter().all(|mv| named(&p, mv).is_none()));
        assert!(question(&p).is_none());
    }

    #[test]
    fn the_pie_rule_asks_and_names_its_swap() {
        let mut p = Position::new(GameId::ZShashmaty, &[]).unwrap();
        let first = p.legal_moves()[0];
        p.play(&first).unwrap();
        assert_eq!(question(&p).unwrap().key, "dialog-pie-text");
        let swap = p
            .legal_moves()
            .into_iter()
            .find(|mv| p.is_swap(mv))
            .unwrap();
        assert_eq!(named(&p, &swap).unwrap().key, "button-swap");
    }

    #[test]
    fn an_offer_names_both_armies() {
        let p = trichess::TriChess::new(Default::default());
        let offer = Move::TriChess(trichess::Action::Offer {
            master: Side::White,
            servant: Side::Black,
            by: Side::White,
        });
        let said = named(&Position::TriChess(Box::new(p)), &offer).unwrap();
        assert_eq!(said.key, "diplomacy-offer-servant");
        assert_eq!(
            said.words,
            [
                ("master", Word::Side(Side::White)),
                ("servant", Word::Side(Side::Black))
            ]
        );
    }
}
