//! The spec's notation: SAN over the files a-k, with J and G for jester and general
//! (`Jd3`, `Gxe7`), `0-0` and `0-0-0` for castling, `c3<>d4` for pawn castling (pawn
//! square, then piece square), `e9-e8` for a king pawn's step back, `Ke10(@c2)` for a
//! visit to the enemy throne with its gift pawn, and `=R` for every promotion.

use super::Chess100;
use super::board::{Role, file, forward};
use super::moves::{Kind, Move};
use crate::rules::error::{Detail, shown};
use crate::rules::side::Side;
use crate::rules::topology::Topology;

impl Chess100 {
    /// The move in SAN, with `+` or `#`.
    pub fn san(&self, m: &Move) -> String {
        let legal = self.legal_moves();
        let mut s = plain(m, &legal, self.turn);
        let mut after = self.clone();
        after.play(m);
        if after.is_check() {
            s.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    /// Reads a move in SAN (Latin or Russian letters: Кр Ф Л/Т С К Ш Г), or as its
    /// squares (`e2e4`, `e2-e4`), with or without a forced promotion's letter.
    pub fn parse_san(&self, text: &str) -> Result<Move, Detail> {
        let wanted = normalise(text);
        let legal = self.legal_moves();
        let matching: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| spellings(m, &legal, self.turn).contains(&wanted))
            .collect();
        match matching.as_slice() {
            [one] => Ok(*one),
            [] => Err(crate::detail!(
                "detail-not-legal-here",
                "{text} is not legal here",
                text = shown(text)
            )),
            _ => Err(crate::detail!(
                "detail-chess100-ambiguous",
                "'{text}' could be several moves; name the promotion or the gift square",
                text = shown(text),
            )),
        }
    }
}

fn name(sq: u8) -> &'static str {
    Topology::chess100().name(sq)
}

/// Everything after the squares: the promotion and the gift pawn.
fn tail(m: &Move) -> String {
    let mut s = String::new();
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    if let Some(gift) = m.gift {
        s.push_str(&format!("(@{})", name(gift)));
    }
    s
}

/// SAN without check marks.
fn plain(m: &Move, legal: &[Move], side: Side) -> String {
    let (from, to) = (name(m.from), name(m.to));
    match m.kind {
        Kind::Castle => return if m.to < m.from { "0-0" } else { "0-0-0" }.into(),
        Kind::PawnCastle => return format!("{from}<>{to}{}", tail(m)),
        _ => {}
    }
    if m.role == Role::Pawn {
        let back = m.to as i16 - m.from as i16 == -i16::from(forward(side));
        let head = if back {
            format!("{from}-")
        } else if m.capture.is_some() {
            // A king pawn takes backwards too: `exd5` could then come from e4 or e6.
            let twin = legal.iter().any(|o| {
                o.role == Role::Pawn
                    && o.to == m.to
                    && o.from != m.from
                    && o.capture.is_some()
                    && o.kind != Kind::PawnCastle
                    && file(o.from) == file(m.from)
            });
            if twin {
                format!("{from}x")
            } else {
                format!("{}x", &from[..1])
            }
        } else {
            String::new()
        };
        return format!("{head}{to}{}", tail(m));
    }
    let mut s = String::from(m.role.letter());
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| {
            o.role == m.role
                && o.to == m.to
                && o.from != m.from
                && o.capture.is_some() == m.capture.is_some()
                && o.kind != Kind::Castle
        })
        .collect();
    if !rivals.is_empty() {
        let same_file = rivals.iter().any(|o| file(o.from) == file(m.from));
        let same_rank = rivals.iter().any(|o| o.from / 10 == m.from / 10);
        if !same_file {
            s.push_str(&from[..1]);
        } else if !same_rank {
            s.push_str(&from[1..]);
        } else {
            s.push_str(from);
        }
    }
    if m.capture.is_some() {
        s.push('x');
    }
    s.push_str(to);
    s.push_str(&tail(m));
    s
}

/// The ways a player may write a move: its SAN, its squares, and either without a
/// promotion letter.
fn spellings(m: &Move, legal: &[Move], side: Side) -> Vec<String> {
    let san = plain(m, legal, side);
    let (from, to) = (name(m.from), name(m.to));
    let mut out = Vec::new();
    for head in [
        san.clone(),
        format!("{from}{to}{}", tail(m)),
        format!("{from}-{to}{}", tail(m)),
        format!("{from}x{to}{}", tail(m)),
    ] {
        if let Some(p) = m.promotion {
            out.push(head.replace(&format!("={}", p.letter()), ""));
        }
        out.push(head);
    }
    out
}

/// The text with check marks dropped, Russian letters made Latin, `O` castling made
/// `0`, and `:` for a capture made `x`.
fn normalise(text: &str) -> String {
    let mut s = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .replace("Кр", "K");
    for (from, to) in [
        ("Ф", "Q"),
        ("Л", "R"),
        ("Т", "R"),
        ("С", "B"),
        ("К", "N"),
        ("Ш", "J"),
        ("Г", "G"),
        ("х", "x"),
        (":", "x"),
    ] {
        s = s.replace(from, to);
    }
    if s.chars().all(|c| "Oo0-".contains(c)) {
        s = s.replace(['O', 'o'], "0");
    }
    s
}
