//! What a thin client needs to draw and play a match without a rules engine of its
//! own: the board's cells once, then the pieces, who is on move and the legal actions
//! of the seats it holds, each with the cells it starts and ends on, so a click
//! lights its targets with no round trip.

use crate::i18n::Language;
mod table;

pub use table::Films;

use super::refused::Refused;
use crate::protocol::{
    BoardView, CellShape, Decision, Geometry, InHand, LegalMove, PieceAt, ReadError,
};
use crate::rules::decisions;
use crate::rules::history::action_notation;
use crate::rules::view::Holder;
use crate::rules::{Action, Cell, Match, Move, MoveView, Position, Refusal, Side};
use crate::sounds::Sound;

/// A board's cells as drawn, and how each seat sees it.
pub fn geometry(position: &Position) -> Geometry {
    let topology = position.topology();
    let seats = position.seats();
    Geometry {
        seen_turned: (0..seats.seat_count())
            .map(|s| seats.seen_turned(s))
            .collect(),
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
    let mut view = BoardView {
        pieces: position
            .pieces()
            .into_iter()
            .map(|(cell, piece)| PieceAt {
                cell: cell.into(),
                side: side(piece.side),
                kind: crate::drawings::name(piece.kind).to_string(),
                at: None,
                id: None,
            })
            .collect(),
        to_move: playing.seats_on_move(),
        sides: (0..playing.seat_count())
            .map(|s| side(playing.seat_side(s)))
            .collect(),
        legal: Vec::new(),
        others: Vec::new(),
        question: None,
        shooters: Vec::new(),
        film: None,
        sound: None,
        last: Vec::new(),
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
    };
    table::place(position, &mut view.pieces);
    view
}

/// The match as it stands, lit for `seats`: its position with the seats' legal moves
/// and other actions (named in `lang`), or its result; Chapayev's last shot from
/// `films`.
pub fn board(m: &Match, seats: &[usize], lang: Language, films: &mut Films) -> BoardView {
    let position = m.position();
    let film = films.last_shot(m);
    // Chapayev's last shot ends its match silently on the table: the end is heard.
    let sound = crate::sounds::heard(m)
        .or(m.outcome().map(|_| Sound::End))
        .map(|s| s.name().to_string());
    let last = last_move(m);
    if let Some(result) = crate::protocol::result(m) {
        return BoardView {
            to_move: Vec::new(),
            result: Some(result),
            film,
            sound,
            last,
            ..self::position(position)
        };
    }
    // A table game's shots are aimed, not chosen from a list.
    if position.game().card().table {
        let mine = position
            .seats()
            .seats_on_move()
            .iter()
            .any(|s| seats.contains(s));
        let shooters = mine.then(|| position.shooters()).flatten();
        return BoardView {
            shooters: shooters.unwrap_or_default(),
            film,
            sound,
            last,
            ..self::position(position)
        };
    }
    // The seats' moves, each with where it goes: a move that lands a piece somewhere
    // is played on the board, the rest by name.
    let (played, named): (Vec<(Move, Option<MoveView>)>, _) = position
        .legal_moves()
        .into_iter()
        .filter(|mv| seats.contains(&position.mover(mv)))
        .map(|mv| {
            let view = position.view(&mv).filter(|v| {
                !v.landings.is_empty() && !position.is_swap(&mv) && !position.is_pass(&mv)
            });
            (mv, view)
        })
        .partition(|(_, view)| view.is_some());
    let others: Vec<Decision> = named
        .iter()
        .map(|(mv, _)| {
            let action = action_notation(position, &Action::Play(*mv));
            let label = decisions::named(position, mv)
                .map_or_else(|| action.clone(), |n| lang.say(n.key, &n.words, position));
            Decision { action, label }
        })
        .collect();
    // Asked only of the seat that answers it, which has decisions to make.
    let question = decisions::question(position)
        .filter(|_| !others.is_empty())
        .map(|q| lang.say(q.key, &q.words, position));
    let legal = played
        .into_iter()
        .filter_map(|(mv, view)| {
            let view = view?;
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
                then: view.second_square().map(Into::into),
            })
        })
        .collect();
    BoardView {
        legal,
        others,
        question,
        sound,
        last,
        ..self::position(position)
    }
}

/// The cells the match's last move left and reached. What moves nothing on the
/// board (a roll of the dice, Chapayev's lot and shots, a pass, a swap) marks
/// nothing: the mark stays on the last move that did.
fn last_move(m: &Match) -> Vec<u16> {
    m.all_actions()
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, a)| {
            let mv = a.moved()?;
            let view = m.state_before(i).position.view(&mv)?;
            (!view.landings.is_empty()).then(|| {
                std::iter::once(view.from)
                    .chain(view.landings)
                    .map(u16::from)
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// Why `seats` may not move the piece on `from` (at all, or to `to`), in `lang`, with
/// the cell of the piece behind it; refused where none of them is on move, or a cell
/// is not on the board.
pub fn why_not(
    m: &Match,
    seats: &[usize],
    from: u16,
    to: Option<u16>,
    lang: Language,
) -> Result<(String, Option<u16>), Refused> {
    let position = m.position();
    let cells = position.topology().cells.len();
    let cell = |c: u16| {
        Cell::try_from(c)
            .ok()
            .filter(|&c| usize::from(c) < cells)
            .ok_or_else(|| Refused::Unreadable(ReadError::Malformed(format!("no cell {c}"))))
    };
    let (from, to) = (cell(from)?, to.map(cell).transpose()?);
    let on_move = position.seats().seats_on_move();
    if m.outcome().is_some() || !seats.iter().any(|s| on_move.contains(s)) {
        return Err(Refused::NotYours);
    }
    // A move the seats may make is legal, whatever else might be said of the piece.
    if let Some(to) = to {
        let legal = position.legal_moves().into_iter().any(|mv| {
            seats.contains(&position.mover(&mv))
                && position
                    .view(&mv)
                    .is_some_and(|v| v.from == from && v.landings.last() == Some(&to))
        });
        if legal {
            return Ok((lang.t("msg-move-legal"), None));
        }
    }
    let sides: Vec<Side> = seats
        .iter()
        .map(|&s| position.seats().seat_side(s))
        .collect();
    let own = position
        .pieces()
        .iter()
        .any(|(at, p)| *at == from && sides.contains(&p.side));
    // Where every move puts a piece down (Reversi's discs), a cell is all one points at.
    let placing = position
        .legal_moves()
        .iter()
        .filter_map(|mv| position.view(mv))
        .all(|v| v.placed.is_some());
    let refusal = if own || to.is_some() {
        position.why_not(from, to)
    } else if placing {
        Refusal::new("msg-no-placement-here")
    } else {
        Refusal::new("msg-select-own-piece")
    };
    Ok((
        lang.say(refusal.key, &refusal.words, position),
        refusal.culprit.map(Into::into),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn the_start_of_chess_lights_twenty_moves_for_white_only() {
        let m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        let white = board(&m, &[0], Language::English, &mut Films::default());
        assert_eq!(white.legal.len(), 20);
        assert_eq!(white.pieces.len(), 32);
        assert_eq!(white.to_move, [0]);
        assert_eq!(white.sides, ["white", "black"]);
        let e4 = white.legal.iter().find(|l| l.action == "e4").unwrap();
        let cells = geometry(m.position()).cells;
        assert_eq!(
            (
                cells[e4.from as usize].name.as_str(),
                cells[e4.to as usize].name.as_str()
            ),
            ("e2", "e4")
        );
        assert!(
            board(&m, &[1], Language::English, &mut Films::default())
                .legal
                .is_empty()
        );
        assert!(
            board(&m, &[], Language::English, &mut Films::default())
                .legal
                .is_empty()
        );
    }

    #[test]
    fn a_piece_in_hand_is_shown_and_its_drops_are_lit() {
        // Appearing chess: every piece starts in hand and comes on by a drop.
        let m = Match::new(Position::new(GameId::Appearing, &[]).unwrap());
        let white = board(&m, &[0], Language::English, &mut Films::default());
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
        let black = board(&m, &[1], Language::English, &mut Films::default());
        assert_eq!(
            black
                .others
                .iter()
                .map(|d| d.label.as_str())
                .collect::<Vec<_>>(),
            ["Swap sides"]
        );
        assert!(black.question.as_ref().is_some_and(|q| !q.is_empty()));
        assert!(
            black
                .legal
                .iter()
                .all(|l| black.others.iter().all(|d| d.action != l.action))
        );
        let white = board(&m, &[0], Language::Russian, &mut Films::default());
        assert!(white.others.is_empty() && white.question.is_none());
    }

    #[test]
    fn the_rules_say_why_a_piece_may_not_move() {
        let m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        let cell = |name: &str| u16::from(m.position().topology().parse(name).unwrap());
        let (text, _) = why_not(&m, &[0], cell("e1"), None, Language::English).unwrap();
        assert!(
            text.contains("king") || text.contains("free square"),
            "{text}"
        );
        let (text, _) = why_not(&m, &[0], cell("e2"), Some(cell("e5")), Language::English).unwrap();
        assert!(text.contains("pawn"), "{text}");
        let (text, _) = why_not(&m, &[0], cell("e7"), None, Language::English).unwrap();
        assert!(text.contains("side to move"), "{text}");
        assert_eq!(
            why_not(&m, &[1], cell("e7"), None, Language::English),
            Err(Refused::NotYours)
        );
        assert!(why_not(&m, &[0], 64, None, Language::English).is_err());
        assert!(why_not(&m, &[0], 999, None, Language::English).is_err());
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
    fn a_roll_of_the_dice_marks_no_cell_and_keeps_the_last_moves_mark() {
        let mut m = Match::new(Position::new(GameId::DiceChess, &[]).unwrap());
        let mut films = Films::default();
        // A six: a pawn to move.
        let roll = m.position().parse_move("[6]").unwrap();
        m.act(Action::Play(roll)).unwrap();
        assert_eq!(
            board(&m, &[0], Language::English, &mut films).last,
            Vec::<u16>::new()
        );
        // A move of the kind rolled, then Black's roll: the mark stays on the move.
        let mv = m
            .position()
            .legal_moves()
            .into_iter()
            .find(|mv| {
                m.position()
                    .view(mv)
                    .is_some_and(|v| !v.landings.is_empty())
            })
            .expect("the first roll's moves (a pawn to move)");
        let moved = m.position().view(&mv).unwrap();
        m.act(Action::Play(mv)).unwrap();
        let roll = m.position().legal_moves()[0];
        m.act(Action::Play(roll)).unwrap();
        let marked = board(&m, &[1], Language::English, &mut films).last;
        assert_eq!(marked.first(), Some(&u16::from(moved.from)));
        assert!(!marked.contains(&0) || moved.from == 0);
    }

    #[test]
    fn chapayevs_lot_marks_no_cell() {
        let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
        let lot = m.position().legal_moves()[0];
        m.act(Action::Play(lot)).unwrap();
        assert_eq!(
            board(&m, &[0], Language::English, &mut Films::default()).last,
            Vec::<u16>::new()
        );
    }

    #[test]
    fn the_hexagon_has_its_150_triangles() {
        let m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
        let shapes = geometry(m.position());
        assert_eq!(shapes.cells.len(), 150);
        assert!(shapes.cells.iter().all(|c| c.polygon.len() == 3));
        assert_eq!(
            board(&m, &[0, 1, 2], Language::English, &mut Films::default())
                .sides
                .len(),
            3
        );
    }
}
