//! "Why not?" in every game: every reason a game declares is found in a position of
//! that game, and no position gives a reason the game does not declare; and the
//! sentences of the rules' own examples name the right piece.

use super::record::replay;
use super::why::{Refusal, Word};
use super::{Cell, GameId, PieceKind, Position, Side, Topology};
use crate::rules::view::Holder;
use std::collections::{BTreeMap, BTreeSet};

/// Positions that bring out the rarer reasons, per game, as replay texts; random
/// games from the start find the others.
fn built(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Chess | GameId::Transforming | GameId::Swedish | GameId::Shashmaty => &[
            // Castling out of check, through an attacked square, and after the rook moved.
            "[FEN \"r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1\"]",
            "[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1\"]",
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1\"]",
        ],
        // Check rules make a turn's search long in random positions: built ones
        // have few pieces.
        GameId::EveryoneMoves => &[
            "[Options \"check_rules=on\"]\n[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]",
            "[Options \"check_rules=on\"]\n[FEN \"r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1\"]",
            "[Options \"check_rules=on\"]\n[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1\"]",
        ],
        GameId::DoubleMove => &[
            "[Options \"castle_attack=standard\"]\n[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1\"]",
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1\"]",
        ],
        GameId::Maharajah => &[
            "[FEN \"4m3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]",
            "[FEN \"8/8/8/8/6m1/8/8/R3K2R w KQ - 0 1\"]",
            "[FEN \"8/8/8/8/1m6/8/3N4/4K3 w - - 0 1\"]",
        ],
        GameId::DiceChess => &[
            "[Options \"check_rules=on\"]\n[FEN \"r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1\"]\n[1]",
            "[Options \"check_rules=on\"]\n[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1\"]\n[1]",
            "[Options \"check_rules=on\"]\n[FEN \"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1\"]\n[5]",
        ],
        GameId::Appearing => &[
            "[Options \"castling=home-squares\"]\n[FEN \"r3k2r/8/8/8/8/8/4q3/R3K2R[] w KQkq - 0 1\"]",
            "[Options \"castling=home-squares\"]\n[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R[] w KQkq - 0 1\"]",
        ],
        GameId::Bughouse => &[
            "[FEN \"r3k2r/8/8/8/8/5q2/8/R3K2R[] w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]",
        ],
        GameId::Chess100 => &["[FEN \"10/10/10/6k3/10/10/4K5/10/10/10 w - - 0 1\"]"],
        _ => &[],
    }
}

/// House rules under which a game gives reasons its defaults never do.
fn rule_sets(game: GameId) -> Vec<Vec<(String, String)>> {
    let set = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>()
    };
    let mut sets = vec![Vec::new()];
    if game == GameId::DiceChess {
        sets.push(set(&[("check_rules", "on")]));
    }
    sets
}

/// Each reason met, with where it was first met.
type Found = BTreeMap<&'static str, String>;

/// A small generator, so the games played are the same on every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Every refusal a click can meet in `position`: each piece of the side to move that
/// cannot move, some squares each movable piece cannot reach, and drops refused.
fn refusals_in(position: &Position, every_square: bool, dice: &mut Dice, out: &mut Found) {
    let moves: Vec<_> = position
        .legal_moves()
        .iter()
        .filter_map(|m| position.view(m))
        .collect();
    let cells = position.topology().len() as u64;
    let mut ask = |from: Cell, to: Option<Cell>| {
        let why = position.why_not(from, to);
        out.entry(why.key)
            .or_insert_with(|| format!("{from}->{to:?} in\n{}", position.diagram()));
    };
    for (cell, piece) in position.pieces() {
        let movable: Vec<Cell> = moves
            .iter()
            .filter(|v| v.from == cell && v.placed.is_none())
            .map(|v| v.to())
            .collect();
        if movable.is_empty() {
            if piece.side == position.turn() {
                ask(cell, None);
            }
            continue;
        }
        let targets: Vec<Cell> = if every_square {
            (0..cells as Cell).collect()
        } else {
            (0..10).map(|_| (dice.next() % cells) as Cell).collect()
        };
        for to in targets {
            let own = position
                .pieces()
                .iter()
                .any(|(c, p)| *c == to && p.side == piece.side);
            if !movable.contains(&to) && !own && to != cell {
                ask(cell, Some(to));
            }
        }
    }
    for (holder, piece, _) in position.shown().in_hand() {
        let acting = match holder {
            Holder::Side(side) => side == position.turn(),
            Holder::Seat(seat) => seat == position.seats().seat_to_move(),
        };
        if !acting {
            continue;
        }
        for _ in 0..6 {
            let cell = (dice.next() % cells) as Cell;
            let placed = moves
                .iter()
                .any(|v| v.from == cell && v.placed.is_some_and(|p| p.kind == piece.kind));
            if let Some(key) = (!placed)
                .then(|| position.drop_refusal(piece.kind, cell))
                .flatten()
            {
                out.entry(key).or_insert_with(|| format!("drop on {cell}"));
            }
        }
    }
}

/// The refusals met in random games of `game` and in its built positions.
fn met(game: GameId) -> Found {
    let mut dice = Dice(game as u64 + 7);
    let mut out = Found::new();
    for text in built(game) {
        let m = replay(game, text, &[]).expect("the built positions are valid");
        refusals_in(m.position(), true, &mut dice, &mut out);
    }
    if game == GameId::TriChess {
        for p in super::trichess::why::examples() {
            refusals_in(&Position::TriChess(Box::new(p)), true, &mut dice, &mut out);
        }
    }
    if game == GameId::Chapayev {
        for key in super::chapayev::refused_shots() {
            out.entry(key)
                .or_insert_with(|| "a shot at the start".to_string());
        }
        // Shots are dragged, not clicked: no click is tried on the table.
        return out;
    }
    if game == GameId::Corners {
        for p in super::corners::moves::examples() {
            refusals_in(&Position::Corners(p), true, &mut dice, &mut out);
        }
    }
    for rules in rule_sets(game) {
        for _ in 0..6 {
            random_game(game, &rules, &mut dice, &mut out);
        }
    }
    out
}

/// Plays a random game, gathering the refusals along it.
fn random_game(game: GameId, rules: &[(String, String)], dice: &mut Dice, out: &mut Found) {
    let mut position = Position::new(game, rules).expect("valid rules");
    for _ in 0..60 {
        // A finished game takes no clicks, so it gives no reasons.
        if position.outcome(1).is_some() {
            break;
        }
        refusals_in(&position, false, dice, out);
        let m = match position.roll(dice.next()) {
            Some(roll) if position.awaits_roll() => roll,
            _ => {
                let moves = position.legal_moves();
                if moves.is_empty() || position.outcome(1).is_some() {
                    break;
                }
                moves[dice.next() as usize % moves.len()]
            }
        };
        position.play(&m).expect("a legal move plays");
    }
}

#[test]
fn every_game_gives_exactly_the_reasons_it_declares() {
    let mut problems = Vec::new();
    for &game in GameId::ALL {
        let declared: BTreeSet<&str> = game.refusals().into_iter().collect();
        let found = met(game);
        let keys: BTreeSet<&str> = found.keys().copied().collect();
        for key in declared.difference(&keys) {
            problems.push(format!("{}: {key} was never given", game.id()));
        }
        for key in keys.difference(&declared) {
            let at = &found[key];
            problems.push(format!("{}: {key} is not declared ({at})", game.id()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The reason for `from` (to `to`) in the position a replay text reaches.
fn reason(game: GameId, text: &str, from: &str, to: Option<&str>) -> Refusal {
    let m = replay(game, text, &[]).expect("a valid replay");
    let p = m.position();
    let t = p.topology();
    let cell = |name: &str| t.parse(name).expect("a square");
    p.why_not(cell(from), to.map(cell))
}

#[test]
fn a_pinned_knight_names_the_bishop_that_pins_it() {
    let r = reason(GameId::Chess, "1. d4 e5 2. Nc3 Bb4", "c3", None);
    assert_eq!(r.key, "msg-why-pinned");
    assert_eq!(r.culprit, Topology::chess().parse("b4"));
    let start = replay(GameId::Chess, "", &[]).expect("the start");
    let words = super::wording::arguments(&r.words, start.position(), |key| Some(key.to_string()));
    assert_eq!(
        words,
        vec![
            ("piece", "piece-bishop".to_string()),
            ("square", "b4".to_string())
        ]
    );
}

#[test]
fn a_compulsory_capture_names_the_piece_that_must_take() {
    // The pawn on e4 must jump the one on d5, checkers-fashion.
    let r = reason(GameId::Shashmaty, "1. e4 d5", "g1", Some("f3"));
    assert_eq!(r.key, "msg-why-must-capture");
    assert_eq!(r.culprit, Topology::chess().parse("e4"));
}

#[test]
fn a_weak_jester_is_told_why() {
    let m = replay(GameId::Chess100, "", &[]).expect("the start");
    let p = m.position();
    let t = p.topology();
    let (jester, _) = p
        .pieces()
        .into_iter()
        .find(|(c, piece)| {
            piece.kind == PieceKind::Jester && piece.side == Side::White && t.name(*c) != "e1"
        })
        .expect("a jester off the royal file");
    let far = t.parse("a10").expect("a square");
    assert_eq!(p.why_not(jester, Some(far)).key, "msg-why-weak");
}

#[test]
fn neutrality_names_both_other_armies() {
    let neutral = super::trichess::why::examples().remove(0);
    let p = Position::TriChess(Box::new(neutral));
    let t = p.topology();
    let queen = t.parse("WC5").expect("a square");
    let knight = p
        .pieces()
        .into_iter()
        .find(|(_, piece)| piece.kind == PieceKind::Knight)
        .map(|(c, _)| c)
        .expect("the knight");
    let r = p.why_not(queen, Some(knight));
    assert_eq!(r.key, "msg-why-neutral");
    assert_eq!(r.culprit, Some(knight));
    assert!(r.words.contains(&("army", Word::Side(Side::Black))));
    assert!(r.words.contains(&("third", Word::Side(Side::Red))));
}

#[test]
fn a_square_no_rule_explains_says_how_the_piece_moves() {
    let m = replay(GameId::Turkish, "", &[]).expect("the start");
    let p = m.position();
    let t = p.topology();
    let cell = |name: &str| t.parse(name).expect("a square");
    let r = p.why_not(cell("a3"), Some(cell("c5")));
    assert_eq!(r.key, "msg-why-not-there");
    let words = super::wording::arguments(&r.words, p, |key| Some(key.to_string()));
    assert!(words.contains(&("how", "rules-turkish-draughts-piece-checker".to_string())));
}
