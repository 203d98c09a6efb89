//! Turkish notation: `c3-c4`, `c3:c5:e5`, an optional `K` on a promotion; and the
//! position format `W:Wa2,b2,Kd1:Ba6,Kh8`.

use super::movegen::{Move, Piece};
use super::{Board, Dama, Flavour};
use crate::rules::error::Detail;
use crate::rules::game::Game;
use crate::rules::side::Side;
use crate::rules::topology::Topology;

pub fn write(m: &Move) -> String {
    let t = Topology::plain();
    let sep = if m.is_capture() { ":" } else { "-" };
    let mut s = t.name(m.from).to_string();
    for &l in m.landings.as_slice() {
        s.push_str(sep);
        s.push_str(t.name(l));
    }
    if m.promotes {
        s.push('K');
    }
    s
}

/// Reads a move: its start, `-` or `:`, and its landings (all of them, or enough of them
/// in order to leave one legal move).
pub fn read<O: Flavour>(g: &Dama<O>, text: &str) -> Result<Move, Detail> {
    let t = Topology::plain();
    let clean = text
        .trim()
        .trim_end_matches(['!', '?', '+'])
        .trim_end_matches('K')
        .replace('x', ":");
    let capture = clean.contains(':');
    let squares: Option<Vec<u8>> = clean.split([':', '-']).map(|s| t.parse(s)).collect();
    let squares = squares.filter(|s| s.len() >= 2).ok_or_else(|| {
        crate::detail!(
            "detail-not-draughts-move",
            "{text} is not a draughts move",
            text = text
        )
    })?;
    let legal = g.legal_moves();
    let fits = |m: &&Move| {
        let landings = m.landings.as_slice();
        m.from == squares[0] && m.is_capture() == capture && landings.last() == squares.last() && {
            let mut rest = landings.iter();
            squares[1..].iter().all(|s| rest.any(|l| l == s))
        }
    };
    let found: Vec<&Move> = legal.iter().filter(fits).collect();
    match found.as_slice() {
        [m] => Ok(**m),
        [] if legal.first().is_some_and(Move::is_capture) => Err(crate::detail!(
            "detail-dama-capture-most",
            "{text} is not legal: a capture of the most pieces is compulsory",
            text = text
        )),
        [] => Err(crate::detail!(
            "detail-not-legal-here",
            "{text} is not legal here",
            text = text
        )),
        _ => Err(crate::detail!(
            "detail-dama-ambiguous",
            "{text} is ambiguous: list the landing squares",
            text = text
        )),
    }
}

/// Writes the position as `W:Wa2,b2,Kd1:Ba6,Kh8`.
pub fn to_fen<O: Flavour>(g: &Dama<O>) -> String {
    let t = Topology::plain();
    let side = |s: Side| if s == Side::White { "W" } else { "B" };
    let mut out = side(g.turn).to_string();
    for s in Side::BOTH {
        let pieces: Vec<String> = (0..64u8)
            .filter_map(|c| {
                let p = g.board.get(c)?;
                (p.side == s).then(|| format!("{}{}", if p.king { "K" } else { "" }, t.name(c)))
            })
            .collect();
        out.push_str(&format!(":{}{}", side(s), pieces.join(",")));
    }
    out
}

/// Reads `W:Wa2,b2,Kd1:Ba6,Kh8` (side to move, then each side's pieces).
pub fn from_fen<O: Flavour>(options: O, text: &str) -> Result<Dama<O>, Detail> {
    let t = Topology::plain();
    let mut g = Dama::new(options);
    g.board = Board::default();
    let mut parts = text.trim().split(':');
    g.turn = match parts.next() {
        Some("W") => Side::White,
        Some("B") => Side::Black,
        _ => {
            return Err(crate::detail!(
                "detail-dama-turn",
                "a draughts position starts with W: or B:"
            ));
        }
    };
    for part in parts {
        let side = match part.chars().next() {
            Some('W') => Side::White,
            Some('B') => Side::Black,
            _ => {
                return Err(crate::detail!(
                    "detail-dama-side",
                    "'{part}' does not start with W or B",
                    part = part
                ));
            }
        };
        for item in part[1..].split(',').filter(|s| !s.is_empty()) {
            let (king, name) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let cell = t.parse(name).ok_or_else(|| {
                crate::detail!("detail-not-square", "'{name}' is not a square", name = name)
            })?;
            g.board.set(cell, Some(Piece { side, king }));
        }
    }
    Ok(g)
}
