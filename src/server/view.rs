//! What a thin client needs to draw and play a match without a rules engine of its
//! own: the board's cells once, then the pieces, who is on move and the legal actions
//! of the seats it holds, each with the cells it starts and ends on, so a click
//! lights its targets with no round trip.

use crate::protocol::{BoardView, CellShape, Geometry, InHand, LegalMove, PieceAt};
use crate::rules::history::action_notation;
use crate::rules::view::Holder;
use crate::rules::{Action, Match, Move, Position, Side, Topology};

/// A board's cells as drawn.
pub fn geometry(topology: &Topology) -> Geometry {
    Geometry {
        extent: topology.extent,
        cells: topology
            .cells
            .iter()
            .map(|c| CellShape {
                name: c.name.clone(),
                polygon: c.polygon.clone(),
                dark: c.dark,
            })
            .collect(),
    }
}

/// An army's word in the protocol: `white`, `black`, `red`, `grey`.
fn side(side: Side) -> String {
    side.name().to_lowercase()
}

/// A position as it stood, to look at: its pieces, hands and who was on move, with
/// nothing to play.
pub fn position(position: &Position) -> BoardView {
    let playing = position.seats();
    BoardView {
        pieces: position
            .pieces()
            .into_iter()
            .map(|(cell, piece)| PieceAt {
                cell: cell.into(),
                side: side(piece.side),
                kind: crate::drawings::name(piece.kind).to_string(),
            })
            .collect(),
        to_move: playing.seats_on_move(),
        sides: (0..playing.seat_count())
            .map(|s| side(playing.seat_side(s)))
            .collect(),
        legal: Vec::new(),
        others: Vec::new(),
        hands: position
            .shown()
            .in_hand()
            .into_iter()
            .filter(|&(_, _, count)| count > 0)
            .map(|(holder, piece, count)| InHand {
                seat: match holder {
                    Holder::Seat(seat) => Some(seat),
                    Holder::Side(_) => None,
                },
                side: side(piece.side),
                kind: crate::drawings::name(piece.kind).to_string(),
                count,
            })
            .collect(),
        result: None,
    }
}

/// The match as it stands, lit for `seats`: its position with the seats' legal moves
/// and other actions, or its result.
pub fn board(m: &Match, seats: &[usize]) -> BoardView {
    let position = m.position();
    if let Some(result) = crate::protocol::result(m) {
        return BoardView {
            to_move: Vec::new(),
            result: Some(result),
            ..self::position(position)
        };
    }
    let mine: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| seats.contains(&position.mover(mv)))
        .collect();
    // A move that lands a piece somewhere is played on the board; the rest by name.
    let on_board = |mv: &Move| {
        !position.is_swap(mv)
            && !position.is_pass(mv)
            && position.view(mv).is_some_and(|v| !v.landings.is_empty())
    };
    let others = mine
        .iter()
        .filter(|mv| !on_board(mv))
        .map(|mv| action_notation(position, &Action::Play(*mv)))
        .collect();
    let legal = mine
        .iter()
        .copied()
        .filter(|mv| on_board(mv))
        .filter_map(|mv| {
            let view = position.view(&mv)?;
            let to = *view.landings.last()?;
            Some(LegalMove {
                action: action_notation(position, &Action::Play(mv)),
                from: view.from.into(),
                to: to.into(),
                promotion: view
                    .promotion
                    .map(|kind| crate::drawings::name(kind).to_string()),
                drop: view
                    .placed
                    .map(|piece| crate::drawings::name(piece.kind).to_string()),
            })
        })
        .collect();
    BoardView {
        legal,
        others,
        ..self::position(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn the_start_of_chess_lights_twenty_moves_for_white_only() {
        let m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        let white = board(&m, &[0]);
        assert_eq!(white.legal.len(), 20);
        assert_eq!(white.pieces.len(), 32);
        assert_eq!(white.to_move, [0]);
        assert_eq!(white.sides, ["white", "black"]);
        let e4 = white.legal.iter().find(|l| l.action == "e4").unwrap();
        let cells = geometry(m.position().topology()).cells;
        assert_eq!(
            (
                cells[e4.from as usize].name.as_str(),
                cells[e4.to as usize].name.as_str()
            ),
            ("e2", "e4")
        );
        assert!(board(&m, &[1]).legal.is_empty());
        assert!(board(&m, &[]).legal.is_empty());
    }

    #[test]
    fn a_piece_in_hand_is_shown_and_its_drops_are_lit() {
        // Appearing chess: every piece starts in hand and comes on by a drop.
        let m = Match::new(Position::new(GameId::Appearing, &[]).unwrap());
        let white = board(&m, &[0]);
        assert!(white.hands.iter().any(|h| h.side == "white" && h.count > 0));
        assert!(
            white
                .legal
                .iter()
                .any(|l| l.drop.is_some() && l.from == l.to)
        );
    }

    #[test]
    fn the_pie_rules_swap_is_offered_by_name() {
        let mut m = Match::new(Position::new(GameId::ZShashmaty, &[]).unwrap());
        let first = m.position().legal_moves()[0];
        m.act(Action::Play(first)).unwrap();
        let black = board(&m, &[1]);
        assert!(!black.others.is_empty(), "{:?}", black.others);
        assert!(
            black
                .legal
                .iter()
                .all(|l| !black.others.contains(&l.action))
        );
    }

    #[test]
    fn an_earlier_position_is_shown_with_nothing_to_play() {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        for text in ["e4", "e5"] {
            let mv = m.position().parse_move(text).unwrap();
            m.act(Action::Play(mv)).unwrap();
        }
        let before = position(&m.state_before(1).position);
        assert!(before.legal.is_empty() && before.others.is_empty());
        assert_eq!(before.to_move, [1]);
        assert_eq!(before.pieces.len(), 32);
    }

    #[test]
    fn the_hexagon_has_its_150_triangles() {
        let m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
        let shapes = geometry(m.position().topology());
        assert_eq!(shapes.cells.len(), 150);
        assert!(shapes.cells.iter().all(|c| c.polygon.len() == 3));
        assert_eq!(board(&m, &[0, 1, 2]).sides.len(), 3);
    }
}
