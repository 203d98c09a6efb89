//! A position as text, for set-ups, tests and `doska replay`: each army's pieces after
//! its letter (`K` king, `Q` queen, `R` rook, `B` bishop, `N` knight, a bare cell for a
//! pawn), `(out)` after the letter of an army that is out, then the army to move:
//! `W: KWT2 QWT1 WC1 / B(out): RBP1 / R: KRT2 / W`.
//! Castling rights are those of kings and rooks standing on their start cells.

use super::{Board, CELLS, Piece, Role, TriChess, TriOptions, bit};
use crate::rules::error::Detail;
use crate::rules::side::Side;
use crate::rules::topology::Topology;

const ROLES: [(char, Role); 5] = [
    ('K', Role::King),
    ('Q', Role::Queen),
    ('R', Role::Rook),
    ('B', Role::Bishop),
    ('N', Role::Knight),
];

pub(super) fn write(p: &TriChess) -> String {
    let t = Topology::hexagon();
    let mut parts = Vec::new();
    for army in Side::THREE {
        let mut part = format!(
            "{}{}:",
            army.letter(),
            if p.is_out(army) { "(out)" } else { "" }
        );
        for (cell, piece) in p.board().iter().enumerate() {
            let Some(piece) = piece.filter(|x| x.army == army) else {
                continue;
            };
            let role = ROLES
                .iter()
                .find(|r| r.1 == piece.role)
                .map_or(String::new(), |r| r.0.to_string());
            part.push_str(&format!(" {role}{}", t.name(cell as u8)));
        }
        parts.push(part);
    }
    parts.push(p.turn.letter().to_string());
    parts.join(" / ")
}

pub(super) fn read(options: TriOptions, text: &str) -> Result<TriChess, Detail> {
    let t = Topology::hexagon();
    let parts: Vec<&str> = text.split('/').map(str::trim).collect();
    let [armies @ .., turn] = parts.as_slice() else {
        return Err(crate::detail!("detail-empty-position", "an empty position"));
    };
    let army_of = |s: &str| {
        Side::THREE
            .into_iter()
            .find(|&a| s == a.letter().to_string())
            .ok_or_else(|| {
                crate::detail!(
                    "detail-trichess-army",
                    "'{s}' is not an army (W, B or R)",
                    s = s
                )
            })
    };
    let turn = army_of(turn)?;
    let mut board: Board = [None; CELLS];
    let mut out = 0;
    for part in armies {
        let (head, pieces) = part.split_once(':').ok_or_else(|| {
            crate::detail!(
                "detail-trichess-part",
                "'{part}' needs an army letter and ':'",
                part = part
            )
        })?;
        let (name, is_out) = match head.trim().strip_suffix("(out)") {
            Some(name) => (name, true),
            None => (head.trim(), false),
        };
        let army = army_of(name)?;
        if is_out {
            out |= bit(army);
        }
        for word in pieces.split_whitespace() {
            let (role, cell) = match ROLES.iter().find(|r| word.starts_with(r.0)) {
                Some(&(_, role)) if t.parse(&word[1..]).is_some() => (role, &word[1..]),
                _ => (Role::Pawn, word),
            };
            let cell = t.parse(cell).ok_or_else(|| {
                crate::detail!(
                    "detail-trichess-piece",
                    "'{word}' is not a piece on a cell",
                    word = word
                )
            })?;
            board[cell as usize] = Some(Piece { army, role });
        }
    }
    let mut p = TriChess::with_board(options, board, turn);
    for army in Side::THREE {
        if out & bit(army) != 0 {
            p.eliminate(army);
        } else if p.king(army).is_none() {
            return Err(crate::detail!(
                "detail-trichess-no-king",
                "{army} has no king",
                army = army.name()
            ));
        }
    }
    if p.is_out(turn) {
        return Err(crate::detail!(
            "detail-trichess-out-to-move",
            "{army} is out and cannot be to move",
            army = turn.name()
        ));
    }
    p.update_controllers(None);
    Ok(p)
}
