//! Russian-draughts-style notation of Z-shashmaty: `cd4`, `e:c5:a7`, `K:g7`, `Kp':c3`,
//! `c:c1Kp:e3`, `f:d8T`, with Cyrillic letters and `x` accepted on input.

use super::movegen::{self, Move};
use super::position::Role;
use super::{Action, ZShashmaty};
use crate::rules::error::Detail;
use crate::rules::topology::{Cell, Topology};

/// The token for the pie-rule swap.
pub const SWAP: &str = "swap";

/// One piece of a move token after its piece letter.
#[derive(Debug, PartialEq)]
enum Element {
    Colon,
    File(u8),
    Square(Cell),
    Letter(Role),
}

/// What a token says about a move.
#[derive(Debug)]
struct Pattern {
    /// `None`: a checker, z or not.
    piece: Option<Role>,
    origin_file: Option<u8>,
    origin: Option<Cell>,
    capture: bool,
    /// Listed squares in order, each with the letter written after it.
    squares: Vec<(Cell, Option<Role>)>,
}

/// Reads a piece letter at the start of `s`: `Kp'`, `Kp`, `K`, `T`.
fn letter(s: &str) -> Option<(Role, usize)> {
    if s.starts_with("Kp'") {
        Some((Role::ViceKing, 3))
    } else if s.starts_with("Kp") {
        Some((Role::King, 2))
    } else if s.starts_with('K') {
        Some((Role::Knight, 1))
    } else if s.starts_with('T') {
        Some((Role::Rook, 1))
    } else {
        None
    }
}

fn normalise(text: &str) -> String {
    text.trim()
        .trim_end_matches(['!', '?', '+', '#'])
        .replace("Кр", "Kp")
        .replace('К', "K")
        .replace('Т', "T")
        .replace(['’', '`', '′'], "'")
        .replace(['x', 'х'], ":")
}

impl Pattern {
    fn parse(text: &str) -> Option<Pattern> {
        let t = Topology::dark32();
        let s = normalise(text);
        let (piece, mut rest) = if let Some(r) = s.strip_prefix('z') {
            (Some(Role::ZChecker), r)
        } else if let Some((role, n)) = letter(&s) {
            (Some(role), &s[n..])
        } else {
            (None, s.as_str())
        };
        let mut elements = Vec::new();
        while !rest.is_empty() {
            let b = rest.as_bytes();
            if b[0] == b':' {
                elements.push(Element::Colon);
                rest = &rest[1..];
            } else if (b'a'..=b'h').contains(&b[0]) {
                if b.len() > 1 && b[1].is_ascii_digit() {
                    elements.push(Element::Square(t.parse(&rest[..2])?));
                    rest = &rest[2..];
                } else {
                    elements.push(Element::File(b[0] - b'a'));
                    rest = &rest[1..];
                }
            } else {
                let (role, n) = letter(rest)?;
                elements.push(Element::Letter(role));
                rest = &rest[n..];
            }
        }
        let mut pattern = Pattern {
            piece,
            origin_file: None,
            origin: None,
            capture: elements.contains(&Element::Colon),
            squares: Vec::new(),
        };
        let square_count = elements
            .iter()
            .filter(|e| matches!(e, Element::Square(_)))
            .count();
        let mut items = elements.into_iter().peekable();
        match items.peek() {
            Some(Element::File(f)) => {
                pattern.origin_file = Some(*f);
                items.next();
            }
            Some(Element::Square(c)) if square_count >= 2 => {
                pattern.origin = Some(*c);
                items.next();
            }
            _ => {}
        }
        for e in items {
            match e {
                Element::Colon => {}
                Element::Square(c) => pattern.squares.push((c, None)),
                Element::Letter(role) => pattern.squares.last_mut()?.1 = Some(role),
                Element::File(_) => return None,
            }
        }
        (!pattern.squares.is_empty()).then_some(pattern)
    }

    fn fits(&self, m: &Move) -> bool {
        let t = Topology::dark32();
        let role_fits = match self.piece {
            None => m.role.is_checker(),
            Some(r) => r == m.role,
        };
        if !role_fits
            || self.capture != m.is_capture()
            || self.origin.is_some_and(|o| o != m.from)
            || self
                .origin_file
                .is_some_and(|f| t.cell(m.from).square().map(|s| s.0) != Some(f))
        {
            return false;
        }
        let landings = m.landings.as_slice();
        let last = landings.len() - 1;
        if self.squares.last().map(|s| s.0) != Some(landings[last]) {
            return false;
        }
        if m.promotion.is_some() && self.squares.last().and_then(|s| s.1).is_none() {
            return false;
        }
        // The listed squares must be landings of the move, in order.
        let mut next = 0;
        for &(cell, letter) in &self.squares {
            let Some(i) = landings[next..]
                .iter()
                .position(|&l| l == cell)
                .map(|i| i + next)
            else {
                return false;
            };
            next = i + 1;
            if let Some(role) = letter {
                let meant = if i == last { m.promotion } else { None }.or(m
                    .crowned_at
                    .filter(|&c| c as usize == i)
                    .map(|_| Role::King));
                if meant != Some(role) {
                    return false;
                }
            }
        }
        true
    }
}

impl ZShashmaty {
    pub(super) fn read_action(&self, text: &str) -> Result<Action, Detail> {
        if text.trim() == SWAP {
            return if self.pie_offer {
                Ok(Action::Swap)
            } else {
                Err(crate::detail!(
                    "detail-swap-when",
                    "the pie-rule swap is only possible right after White's first move"
                ))
            };
        }
        let pattern = Pattern::parse(text).ok_or_else(|| {
            crate::detail!(
                "detail-not-zshashmaty-move",
                "{text} is not a z-shashmaty move",
                text = text
            )
        })?;
        let legal = self.generated().legal();
        let fits: Vec<&Move> = legal.iter().filter(|m| pattern.fits(m)).collect();
        match fits.as_slice() {
            [m] => Ok(Action::Move(**m)),
            [] => {
                let g = self.generated();
                if !g.jumps.is_empty() && g.quiet.iter().any(|m| pattern.fits(m)) {
                    Err(crate::detail!(
                        "detail-capture-compulsory",
                        "{text} is not legal: a capture is compulsory",
                        text = text
                    ))
                } else {
                    Err(crate::detail!(
                        "detail-not-legal-here",
                        "{text} is not legal here",
                        text = text
                    ))
                }
            }
            _ => Err(crate::detail!(
                "detail-ambiguous-origin",
                "{text} is ambiguous: name the origin square",
                text = text
            )),
        }
    }

    pub(super) fn write_move(&self, m: &Move) -> String {
        let t = Topology::dark32();
        let mut tail = String::new();
        if m.is_capture() {
            tail.push(':');
        }
        let landings = m.landings.as_slice();
        for (i, &l) in landings.iter().enumerate() {
            if i > 0 {
                tail.push(':');
            }
            tail.push_str(t.name(l));
            if m.crowned_at == Some(i as u8) {
                tail.push_str(Role::King.letter());
            }
        }
        if let Some(p) = m.promotion {
            tail.push_str(p.letter());
        }
        let from = t.name(m.from);
        let (short, full) = match m.role {
            Role::Checker => (format!("{}{tail}", &from[..1]), format!("{from}{tail}")),
            role => {
                let letter = role.letter();
                (format!("{letter}{tail}"), format!("{letter}{from}{tail}"))
            }
        };
        let unique = |s: &str| {
            let p = Pattern::parse(s);
            let legal = movegen::generate(&self.board, self.turn).legal();
            p.is_some_and(|p| legal.iter().filter(|o| p.fits(o)).count() == 1)
        };
        if unique(&short) { short } else { full }
    }
}
