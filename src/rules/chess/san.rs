//! Standard algebraic notation (SAN) in and out.

use super::position::{Chess, Move, MoveKind};
use super::role::Role;
use crate::rules::error::{Detail, shown};
use crate::rules::topology::Topology;

impl Chess {
    /// SAN of a legal move, with `+` or `#`.
    pub fn san(&self, m: &Move) -> String {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let mut after = *self;
        after.play_unchecked(m);
        let suffix = after.is_check().then(|| {
            let mut replies = Vec::new();
            after.legal_moves(&mut replies);
            if replies.is_empty() { '#' } else { '+' }
        });
        write(m, &legal, suffix)
    }

    /// Reads SAN (see [`read`]).
    pub fn parse_san(&self, text: &str) -> Result<Move, Detail> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        read(text, &legal)
    }
}

/// SAN of `m`, one of the `legal` moves (which settle how much of the starting square
/// it must name), followed by `suffix` (`+`, `#`) if any. Variants whose pieces move
/// otherwise write their moves the same way from their own legal moves.
pub fn write(m: &Move, legal: &[Move], suffix: Option<char>) -> String {
    let mut s = plain(m, legal);
    s.extend(suffix);
    s
}

fn plain(m: &Move, legal: &[Move]) -> String {
    let t = Topology::chess();
    if m.kind == MoveKind::Castle {
        return if m.to > m.from { "O-O" } else { "O-O-O" }.into();
    }
    let to = t.name(m.to);
    let mut s = String::new();
    if m.role == Role::Pawn {
        if m.capture.is_some() {
            s.push((b'a' + m.from % 8) as char);
            s.push('x');
        }
        s.push_str(to);
        if let Some(p) = m.promotion {
            s.push('=');
            s.push(p.letter());
        }
        return s;
    }
    s.push(m.role.letter());
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
        .collect();
    if !rivals.is_empty() {
        let same_file = rivals.iter().any(|o| o.from % 8 == m.from % 8);
        let same_rank = rivals.iter().any(|o| o.from / 8 == m.from / 8);
        if !same_file {
            s.push((b'a' + m.from % 8) as char);
        } else if !same_rank {
            s.push((b'1' + m.from / 8) as char);
        } else {
            s.push_str(t.name(m.from));
        }
    }
    if m.capture.is_some() {
        s.push('x');
    }
    s.push_str(to);
    s
}

/// Reads SAN naming one of the `legal` moves (also over-specified forms such as
/// `Ng1f3`, and `0-0`). Check marks and `!`/`?` annotations are ignored.
pub fn read(text: &str, legal: &[Move]) -> Result<Move, Detail> {
    let clean = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .replace('0', "O");
    let castle = match clean.as_str() {
        "O-O" | "OO" => Some(false),
        "O-O-O" | "OOO" => Some(true),
        _ => None,
    };
    if let Some(long) = castle {
        return legal
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Castle && (m.to < m.from) == long)
            .ok_or_else(|| {
                crate::detail!(
                    "detail-not-legal-here",
                    "{text} is not legal here",
                    text = shown(text),
                )
            });
    }
    // Long algebraic (`Ng1-f3`) reads like SAN once the dash is gone.
    let clean = clean.replace('-', "");
    let pattern = Pattern::parse(&clean).ok_or_else(|| {
        crate::detail!(
            "detail-not-chess-move",
            "{text} is not a chess move",
            text = shown(text),
        )
    })?;
    let fits: Vec<Move> = legal.iter().copied().filter(|m| pattern.fits(m)).collect();
    // A promotion written without its piece: name the pieces it may become.
    let mut choices: Vec<String> = legal
        .iter()
        .filter(|m| {
            pattern.promotion.is_none()
                && pattern.fits(&Move {
                    promotion: None,
                    ..**m
                })
        })
        .filter_map(|m| m.promotion)
        .map(|r| format!("{clean}={}", r.letter()))
        .collect();
    choices.dedup();
    match fits.len() {
        1 => Ok(fits[0]),
        0 if !choices.is_empty() => Err(crate::detail!(
            "detail-promotes",
            "{text} promotes: choose a piece ({choices})",
            text = shown(text),
            choices = choices.join(", "),
        )),
        0 => Err(crate::detail!(
            "detail-not-legal-here",
            "{text} is not legal here",
            text = shown(text),
        )),
        _ => Err(crate::detail!(
            "detail-ambiguous",
            "{text} is ambiguous",
            text = shown(text),
        )),
    }
}

/// What a SAN token says about a move.
struct Pattern {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: u8,
    promotion: Option<Role>,
}

impl Pattern {
    fn parse(s: &str) -> Option<Pattern> {
        let mut chars: Vec<char> = s.chars().collect();
        let mut promotion = None;
        if let Some(&last) = chars.last()
            && last.is_ascii_uppercase()
        {
            promotion = Some(Role::from_letter(last).filter(|r| Role::PROMOTIONS.contains(r))?);
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
        let role = match chars.first() {
            Some(c) if c.is_ascii_uppercase() => {
                let r = Role::from_letter(*c).filter(|r| Role::ALL.contains(r))?;
                chars.remove(0);
                r
            }
            _ => Role::Pawn,
        };
        if chars.len() < 2 {
            return None;
        }
        let rank = chars.pop()?.to_digit(10)?.checked_sub(1)? as u8;
        let file = chars.pop()? as u8;
        if !(b'a'..=b'h').contains(&file) || rank > 7 {
            return None;
        }
        let to = rank * 8 + (file - b'a');
        let capture = chars.last() == Some(&'x');
        if capture {
            chars.pop();
        }
        let (mut from_file, mut from_rank) = (None, None);
        for c in chars {
            match c {
                'a'..='h' => from_file = Some(c as u8 - b'a'),
                '1'..='8' => from_rank = Some(c as u8 - b'1'),
                _ => return None,
            }
        }
        Some(Pattern {
            role,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        })
    }

    fn fits(&self, m: &Move) -> bool {
        m.kind != MoveKind::Castle
            && m.role == self.role
            && m.to == self.to
            && m.promotion == self.promotion
            && (!self.capture || m.capture.is_some())
            && self.from_file.is_none_or(|f| m.from % 8 == f)
            && self.from_rank.is_none_or(|r| m.from / 8 == r)
    }
}
