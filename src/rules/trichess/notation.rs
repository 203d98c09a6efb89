//! The moves written as the source writes them: piece letter (none for a pawn), origin,
//! `-` or `:`, target (`NWP2-WS3`, `WC3-WV5`, `QWT1:BV7`), castling `0-0` and `0-0-0`,
//! and the diplomacy as entries of their own: `W>R servant?` (White asks Red to serve),
//! `R>W master?` (Red asks White to be his master), `R: yes`, `W>B order` (White makes
//! Black's move), `R free` (Red declares himself his own master).
//! Russian cells and pieces (`БГ3`, Кр Ф Л С К) are read too, and [`russian`] writes them.

use super::{Action, Role, Special, TriChess};
use crate::rules::error::Detail;
use crate::rules::game::Game;
use crate::rules::seats::Seats;

fn piece_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "",
    }
}

pub(super) fn write(p: &TriChess, action: &Action) -> String {
    let t = p.topology();
    match *action {
        Action::Move(m) => match m.special {
            Special::Castle { long: false, .. } => "0-0".into(),
            Special::Castle { long: true, .. } => "0-0-0".into(),
            _ => {
                let capture = p.board()[m.to as usize].is_some()
                    || matches!(m.special, Special::EnPassant(_));
                format!(
                    "{}{}{}{}",
                    p.role_at(m.from).map_or("", piece_letter),
                    t.name(m.from),
                    if capture { ':' } else { '-' },
                    t.name(m.to)
                )
            }
        },
        Action::Offer {
            master,
            servant,
            by,
        } => {
            if by == master {
                format!("{}>{} servant?", master.letter(), servant.letter())
            } else {
                format!("{}>{} master?", servant.letter(), master.letter())
            }
        }
        Action::Answer(yes) => {
            let asked = p.question().map_or(p.turn(), |q| q.asked());
            format!("{}: {}", asked.letter(), if yes { "yes" } else { "no" })
        }
        Action::Order(master) => format!("{}>{} order", master.letter(), p.turn().letter()),
        Action::Free(master) => {
            if p.masters(p.turn()).count() > 1 {
                format!("{} free of {}", p.turn().letter(), master.letter())
            } else {
                format!("{} free", p.turn().letter())
            }
        }
    }
}

pub(super) fn parse(p: &TriChess, text: &str) -> Result<Action, Detail> {
    let wanted = latin(text.trim());
    let legal = p.legal_moves();
    if let Some(a) = legal.iter().find(|a| write(p, a) == wanted) {
        return Ok(*a);
    }
    // Castling may also be written as the king's move; `x` for a capture as in chess.
    let loose = wanted.replace('x', ":");
    let found = legal.iter().find(|a| {
        let Action::Move(m) = a else { return false };
        let t = p.topology();
        let plain = |sep: char| {
            format!(
                "{}{}{sep}{}",
                p.role_at(m.from).map_or("", piece_letter),
                t.name(m.from),
                t.name(m.to)
            )
        };
        plain('-') == loose || plain(':') == loose
    });
    found.copied().ok_or_else(|| {
        if wanted.is_empty() {
            crate::detail!("detail-empty-move", "an empty move")
        } else {
            crate::detail!(
                "detail-not-legal-here",
                "{text} is not legal here",
                text = text.trim()
            )
        }
    })
}

/// Russian letters for kingdoms (К Б Ч), zones (Т Д Г П С) and pieces (Кр Ф Л С К).
const KINGDOMS: [(char, char); 3] = [('W', 'Б'), ('B', 'Ч'), ('R', 'К')];
const ZONES: [(char, char); 5] = [('T', 'Т'), ('P', 'Д'), ('C', 'Г'), ('S', 'П'), ('V', 'С')];
const PIECES: [(&str, &str); 5] = [("K", "Кр"), ("Q", "Ф"), ("R", "Л"), ("B", "С"), ("N", "К")];

/// Splits a word into an optional piece prefix and a cell name (kingdom, zone, number),
/// in either alphabet.
fn split_cell(word: &str) -> Option<(&str, char, char, &str)> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = &word[digits.len()..];
    if number.is_empty() {
        return None;
    }
    let mut chars = digits.char_indices().rev();
    let (_, zone) = chars.next()?;
    let (at, kingdom) = chars.next()?;
    Some((&digits[..at], kingdom, zone, number))
}

fn map(c: char, table: &[(char, char)], to_russian: bool) -> Option<char> {
    table.iter().find_map(|&(l, r)| {
        if to_russian {
            (l == c).then_some(r)
        } else {
            (r == c).then_some(l)
        }
    })
}

/// Converts cell names and piece letters between the alphabets, word by word; a word
/// that is not a cell (or a piece and a cell) stays as it is.
fn convert(text: &str, to_russian: bool) -> String {
    let word = |w: &str| -> Option<String> {
        let (piece, kingdom, zone, number) = split_cell(w)?;
        let kingdom = map(kingdom, &KINGDOMS, to_russian)?;
        let zone = map(zone, &ZONES, to_russian)?;
        let piece = if piece.is_empty() {
            ""
        } else {
            PIECES.iter().find_map(|&(l, r)| {
                let (from, to) = if to_russian { (l, r) } else { (r, l) };
                (from == piece).then_some(to)
            })?
        };
        Some(format!("{piece}{kingdom}{zone}{number}"))
    };
    let mut out = String::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() {
            current.push(c);
        } else {
            out.push_str(&word(&current).unwrap_or_else(|| current.clone()));
            current.clear();
            out.push(c);
        }
    }
    out.pop();
    out
}

/// A move or cell name with Russian letters: `КБД2-БП3`.
pub fn russian(text: &str) -> String {
    convert(text, true)
}

fn latin(text: &str) -> String {
    convert(text, false)
}
