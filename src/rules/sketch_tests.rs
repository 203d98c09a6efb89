//! The position editor's rules: every game's position goes into a sketch and comes
//! back the same, as text too; every refusal has its reason.

use super::history::{Action, Match};
use super::sketch::Sketch;
use super::view::{Holder, PieceKind, PieceView};
use super::{Error, GameId, Position, Side};

/// A position of `game` some moves in, at a point its text can describe.
fn reached(game: GameId, plies: usize) -> Position {
    let mut m = Match::new(Position::new(game, &[]).unwrap());
    for i in 0..plies {
        let moves = m.position().legal_moves();
        if moves.is_empty() || m.outcome().is_some() {
            break;
        }
        m.play(Action::Play(moves[(i * 7) % moves.len()])).unwrap();
    }
    // Inside a turn of several moves, or with a die rolled, the text cannot say it.
    while m
        .position()
        .shown()
        .turn_progress()
        .is_some_and(|(n, _)| n > 0)
        || matches!(m.position(), Position::DiceChess(d) if d.rolled.is_some())
    {
        let Some(&first) = m.position().legal_moves().first() else {
            break;
        };
        m.play(Action::Play(first)).unwrap();
    }
    m.position().clone()
}

fn moves(p: &Position) -> Vec<String> {
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| format!("{m:?}")).collect();
    moves.sort();
    moves
}

fn view(side: Side, kind: PieceKind) -> PieceView {
    PieceView { side, kind }
}

fn piece(side: Side, kind: PieceKind) -> Option<PieceView> {
    Some(view(side, kind))
}

fn reason(e: Error) -> &'static str {
    match e {
        Error::SetUp(d) => d.key,
        other => panic!("not a set-up refusal: {other:?}"),
    }
}

#[test]
fn every_game_goes_through_the_editor_and_back() {
    for &game in GameId::ALL {
        for plies in [0, 6] {
            let position = reached(game, plies);
            if game == GameId::Chapayev {
                // A table is set up by its round header; a fresh match has none yet.
                let mut sketch = Sketch::of(&position);
                let built = sketch.build().unwrap();
                assert_eq!(built.set_up_text(), position.set_up_text());
                sketch.header = "R2.1 W:artillery@L2 B:tanks@L1".into();
                let built = sketch.build().unwrap();
                assert_eq!(built.set_up_text().as_deref(), Some(sketch.header.as_str()));
                sketch.header = "R2.1 W:cavalry@L9".into();
                let refused = sketch.build().unwrap_err();
                assert_eq!(reason(refused), "detail-chapayev-header");
                continue;
            }
            let sketch = Sketch::of(&position);
            let built = sketch
                .build()
                .unwrap_or_else(|e| panic!("{} after {plies}: {e} ({})", game.id(), sketch.text()));
            // The same text and the same moves (a bughouse match also remembers which
            // board moved last, which its text does not say).
            assert_eq!(built.set_up_text(), position.set_up_text(), "{}", game.id());
            assert_eq!(
                moves(&built),
                moves(&position),
                "{} after {plies}",
                game.id()
            );
            let again = Sketch::of(&built);
            assert_eq!(again.text(), sketch.text(), "{}", game.id());
            assert_eq!(again, sketch, "{}", game.id());
            // Copied as text and pasted, the same position again (the rules' start
            // has no text: its game's name says it).
            let Some(text) = built.set_up_text() else {
                continue;
            };
            let pasted = Position::set_up(game, &[], &text).unwrap();
            assert_eq!(moves(&pasted), moves(&position), "{}: {text}", game.id());
        }
    }
}

#[test]
fn pieces_put_down_and_taken_off_make_a_new_position() {
    let start = Position::new(GameId::Chess, &[]).unwrap();
    let mut sketch = Sketch::empty(&start);
    let t = start.topology();
    let at = |name: &str| t.parse(name).unwrap() as usize;
    sketch.cells[at("e1")] = piece(Side::White, PieceKind::King);
    sketch.cells[at("e8")] = piece(Side::Black, PieceKind::King);
    sketch.cells[at("a7")] = piece(Side::White, PieceKind::Pawn);
    sketch.boards[0].turn = Side::Black;
    let built = sketch.build().unwrap();
    assert_eq!(
        built.set_up_text().unwrap(),
        "4k3/P7/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(built.legal_moves().len(), 5);
    // Castling and en passant where the pieces allow them.
    let mut sketch = Sketch::of(&start);
    sketch.cells[at("e2")] = None;
    sketch.cells[at("e4")] = piece(Side::White, PieceKind::Pawn);
    sketch.cells[at("d7")] = None;
    sketch.cells[at("d4")] = piece(Side::Black, PieceKind::Pawn);
    sketch.boards[0].turn = Side::Black;
    sketch.boards[0].en_passant = "e3".into();
    let built = sketch.build().unwrap();
    assert!(built.set_up_text().unwrap().contains(" b KQkq e3 "));
    assert!(
        built
            .legal_moves()
            .contains(&built.parse_move("dxe3").unwrap())
    );
}

#[test]
fn hands_are_set_up_for_appearing_chess_and_bughouse() {
    let appearing = Position::new(GameId::Appearing, &[]).unwrap();
    let mut sketch = Sketch::of(&appearing);
    let queen = view(Side::White, PieceKind::Queen);
    let before = sketch.held(Holder::Side(Side::White), queen);
    sketch.hold(Holder::Side(Side::White), queen, false);
    let built = sketch.build().unwrap();
    assert_eq!(
        Sketch::of(&built).held(Holder::Side(Side::White), queen),
        before - 1
    );

    let bughouse = Position::new(GameId::Bughouse, &[]).unwrap();
    let mut sketch = Sketch::of(&bughouse);
    let knight = view(Side::Black, PieceKind::Knight);
    sketch.hold(Holder::Seat(3), knight, true);
    // Black on board B holds a knight more: a knight gone from White's on board A.
    let a_knight = bughouse.topology().parse("b1").unwrap() as usize;
    sketch.cells[a_knight] = None;
    let built = sketch.build().unwrap();
    assert_eq!(Sketch::of(&built).held(Holder::Seat(3), knight), 1);
    assert!(built.set_up_text().unwrap().contains("[n]"));
}

#[test]
fn impossible_set_ups_are_refused_with_their_reason() {
    let chess = Position::new(GameId::Chess, &[]).unwrap();
    let t = chess.topology();
    let at = |name: &str| t.parse(name).unwrap() as usize;
    let with = |changes: &[(&str, Option<PieceView>)]| {
        let mut s = Sketch::of(&chess);
        for (cell, p) in changes {
            s.cells[at(cell)] = *p;
        }
        s
    };
    // Two white kings.
    let two = with(&[("e4", piece(Side::White, PieceKind::King))]);
    assert_eq!(reason(two.build().unwrap_err()), "detail-fen-one-king");
    // A pawn on the last rank.
    let last = with(&[("d7", None), ("a8", piece(Side::White, PieceKind::Pawn))]);
    assert_eq!(reason(last.build().unwrap_err()), "detail-fen-pawn-rank");
    // Black in check with White to move.
    let check = with(&[("f7", None), ("h5", piece(Side::White, PieceKind::Queen))]);
    assert_eq!(reason(check.build().unwrap_err()), "detail-fen-check");
    // A ninth pawn, and a seventeenth piece.
    let pawns = with(&[("e4", piece(Side::White, PieceKind::Pawn))]);
    assert_eq!(reason(pawns.build().unwrap_err()), "detail-too-many-pawns");
    let many = with(&[("e4", piece(Side::White, PieceKind::Queen))]);
    assert_eq!(reason(many.build().unwrap_err()), "detail-too-many");

    // Draughts: a man on the row that crowns it.
    let turkish = Position::new(GameId::Turkish, &[]).unwrap();
    let mut s = Sketch::of(&turkish);
    let h8 = turkish.topology().parse("h8").unwrap() as usize;
    s.cells[h8] = piece(Side::White, PieceKind::Checker);
    let a2 = turkish.topology().parse("a2").unwrap() as usize;
    s.cells[a2] = None;
    assert_eq!(reason(s.build().unwrap_err()), "detail-man-crowning-row");

    // Z-shashmaty: a side without its king and vice-king.
    let z = Position::new(GameId::ZShashmaty, &[]).unwrap();
    let mut s = Sketch::of(&z);
    for cell in s.cells.iter_mut() {
        if cell.is_some_and(|p| {
            p.side == Side::Black && matches!(p.kind, PieceKind::King | PieceKind::ViceKing)
        }) {
            *cell = None;
        }
    }
    assert_eq!(reason(s.build().unwrap_err()), "detail-z-monarch");

    // Corners and Epsilon-64: more checkers or stones than a side has.
    for game in [GameId::Corners, GameId::Epsilon] {
        let p = Position::new(game, &[]).unwrap();
        let mut s = Sketch::of(&p);
        for cell in s.cells.iter_mut().take(40) {
            *cell = piece(Side::White, game.card().pieces[0]);
        }
        assert_eq!(
            reason(s.build().unwrap_err()),
            "detail-too-many",
            "{}",
            game.id()
        );
    }

    // Maharajah: Black without the Maharajah, on the board or in hand.
    let maharajah = Position::new(GameId::Maharajah, &[]).unwrap();
    let mut s = Sketch::of(&maharajah);
    assert_eq!(s.holders(), [Holder::Side(Side::Black)]);
    let royal = view(Side::Black, PieceKind::Maharajah);
    s.hold(Holder::Side(Side::Black), royal, false);
    assert_eq!(reason(s.build().unwrap_err()), "detail-no-pieces");
    s.cells[t.parse("d5").unwrap() as usize] = Some(royal);
    assert!(s.build().is_ok());

    // Chess for three: an army without its king.
    let tri = Position::new(GameId::TriChess, &[]).unwrap();
    let mut s = Sketch::of(&tri);
    for cell in s.cells.iter_mut() {
        if cell.is_some_and(|p| p.side == Side::Red && p.kind == PieceKind::King) {
            *cell = None;
        }
    }
    assert_eq!(reason(s.build().unwrap_err()), "detail-trichess-no-king");

    // Bughouse: more than the 64 pieces of two sets.
    let bug = Position::new(GameId::Bughouse, &[]).unwrap();
    let mut s = Sketch::of(&bug);
    let queen = view(Side::White, PieceKind::Queen);
    s.hold(Holder::Seat(0), queen, true);
    assert_eq!(reason(s.build().unwrap_err()), "detail-too-many");
}

#[test]
fn a_piece_kinds_letter_is_its_roles_in_chess_and_100_cell_chess() {
    use crate::rules::{chess, chess100};
    for role in chess::Role::ALL.into_iter().chain(chess100::board::ROLES) {
        assert_eq!(chess::kind(role).letter(), Some(role.letter()), "{role:?}");
    }
}
