//! A position as text, for set-ups: the side to move, then each side's pieces after
//! its letter, each a role letter and a square: `C` checker, `Z` mined checker, `K`
//! king, `V` vice-king, `R` rook, `N` knight. `W:WRa1,Kc1,Cb2:BRh8,Kf8,Cg7`.
//! A position set up is past the pie rule's offer.

use super::position::{Board, Piece, Role};
use super::{ZOptions, ZShashmaty};
use crate::rules::error::{Detail, shown};
use crate::rules::set_up::{self, Drawn};
use crate::rules::side::Side;
use crate::rules::topology::Topology;
use crate::rules::view::PieceKind;

const ROLES: [(char, Role); 6] = [
    ('C', Role::Checker),
    ('Z', Role::ZChecker),
    ('K', Role::King),
    ('V', Role::ViceKing),
    ('R', Role::Rook),
    ('N', Role::Knight),
];

/// The letter of a piece of the kind shown as `kind` (a checker's for a kind that is
/// none of these).
pub fn letter(kind: PieceKind) -> char {
    ROLES
        .iter()
        .find(|(_, role)| super::kind(*role) == kind)
        .map_or('C', |(c, _)| *c)
}

pub(super) fn write(board: &Board, turn: Side) -> String {
    let t = Topology::dark32();
    let mut out = turn.letter().to_string();
    for side in Side::BOTH {
        out.push(':');
        out.push(side.letter());
        let items: Vec<String> = board
            .iter()
            .enumerate()
            .filter_map(|(cell, p)| p.filter(|p| p.side == side).map(|p| (cell, p)))
            .map(|(cell, p)| {
                let role = ROLES.iter().find(|r| r.1 == p.role).map_or('?', |r| r.0);
                format!("{role}{}", t.name(cell as u8))
            })
            .collect();
        out.push_str(&items.join(","));
    }
    out
}

pub(super) fn read(options: ZOptions, text: &str) -> Result<ZShashmaty, Detail> {
    let t = Topology::dark32();
    let mut parts = text.trim().split(':');
    let side_of = |s: Option<char>| match s {
        Some('W') => Some(Side::White),
        Some('B') => Some(Side::Black),
        _ => None,
    };
    let turn = side_of(parts.next().and_then(|p| p.chars().next())).ok_or_else(|| {
        crate::detail!(
            "detail-dama-turn",
            "a draughts position starts with W: or B:"
        )
    })?;
    let mut board: Board = [None; 32];
    for part in parts {
        let side = side_of(part.chars().next()).ok_or_else(|| {
            crate::detail!(
                "detail-dama-side",
                "'{part}' does not start with W or B",
                part = shown(part)
            )
        })?;
        for item in part[1..].split(',').filter(|s| !s.is_empty()) {
            let mut chars = item.chars();
            let role = chars
                .next()
                .and_then(|c| ROLES.iter().find(|r| r.0 == c))
                .map(|r| r.1)
                .ok_or_else(|| {
                    crate::detail!(
                        "detail-z-piece",
                        "'{item}' does not start with a piece letter (C, Z, K, V, R, N)",
                        item = shown(item)
                    )
                })?;
            let name = chars.as_str();
            let cell = t.parse(name).ok_or_else(|| {
                crate::detail!(
                    "detail-not-square",
                    "'{name}' is not a square",
                    name = shown(name)
                )
            })?;
            let far = if side == Side::White { 7 } else { 0 };
            if role.is_checker() && t.cells[cell as usize].square().map(|s| s.1) == Some(far) {
                return Err(crate::detail!(
                    "detail-man-crowning-row",
                    "a man on {square} stands where it would have been crowned",
                    square = name
                ));
            }
            board[cell as usize] = Some(Piece { side, role });
        }
    }
    for side in Side::BOTH {
        if !board
            .iter()
            .flatten()
            .any(|p| p.side == side && p.role.is_monarch())
        {
            return Err(crate::detail!(
                "detail-z-monarch",
                "{side} must have a king or a vice-king",
                side = side.name()
            ));
        }
    }
    Ok(ZShashmaty {
        board,
        turn,
        // Past White's first move: the pie rule's offer is over.
        ply: 2,
        swapped: false,
        pie_offer: false,
        options,
    })
}

/// What is drawn as Z-shashmaty's set-up text: draughts' list with every piece's
/// letter.
pub fn write_set_up(d: &Drawn) -> String {
    set_up::draughts(d, |kind| letter(kind).to_string())
}
