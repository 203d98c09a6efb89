//! The family's FEN: chess's, with the reserves in brackets after the placement
//! (`…/RNBQKBNR[m]`, White's pieces in capitals), and the variant's own checks of
//! where royals and pawns may stand.

use super::{Family, Reserve, Turn, Variant};
use crate::rules::chess::tables::Bitboard;
use crate::rules::chess::{Chess, Role};
use crate::rules::error::shown;
use crate::rules::side::Side;
use crate::rules::topology::Cell;

impl<V: Variant> Family<V> {
    pub fn from_fen(variant: V, text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (placement, rest) = text.split_once(' ').unwrap_or((text, ""));
        let (placement, reserve) = match placement.split_once('[') {
            Some((board, held)) => {
                let held = held
                    .strip_suffix(']')
                    .ok_or("the reserve in brackets has no closing ']'")?;
                (board, read_reserve(held)?)
            }
            None => (placement, [[0; 7]; 2]),
        };
        // A position set up from text stands where a turn begins; a turn of several
        // moves has the full length there, and its en passant field may name several
        // targets one after another (`b3e3h3`), each checked as chess checks one.
        let (_, length) = variant.turn_lengths();
        let mut fields: Vec<&str> = rest.split_whitespace().collect();
        let mut targets = 0u64;
        if length > 1 && fields.get(2).is_some_and(|ep| ep.len() > 2) {
            let listed = fields[2];
            for i in (0..listed.len()).step_by(2) {
                let name = listed.get(i..i + 2).unwrap_or(listed);
                let one = [fields[0], fields[1], name].join(" ");
                let fen = format!("{placement} {one}");
                let square = Chess::parse_fen(&fen)?.ep_square;
                targets |= square.map_or(0, |sq| 1u64 << sq);
            }
            fields[2] = "-";
        }
        let mut position = Chess::parse_fen(&format!("{placement} {}", fields.join(" ")))?;
        if variant.castling_needs_king_mark() {
            position.castling |= super::appearing::king_marks(position.castling);
        }
        let turn = if length > 1 {
            targets |= position.ep_square.take().map_or(0, |sq| 1u64 << sq);
            Turn {
                length,
                targets,
                ..Turn::default()
            }
        } else {
            Turn::default()
        };
        let g = Family {
            position,
            reserve,
            turn,
            variant,
        };
        g.check_set_up()?;
        Ok(g)
    }

    /// Every royal once on the board or in the reserve, no pawn where it could never
    /// have come, and the side not to move not in check.
    fn check_set_up(&self) -> Result<(), String> {
        let board = &self.position.board;
        for side in Side::BOTH {
            let held = |role: Role| u32::from(self.reserve[side.index()][role as usize]);
            let royals = Role::ALL
                .into_iter()
                .filter(|&r| self.variant.royal(side) == Some(r))
                .map(|r| board.pieces(side, r).count_ones() + held(r))
                .sum::<u32>();
            let wanted = u32::from(self.variant.royal(side).is_some());
            if royals != wanted {
                return Err(match self.variant.royal(side) {
                    Some(r) => {
                        format!("{} must have exactly one {:?}", side.name(), r).to_lowercase()
                    }
                    None => format!("{} has no royal piece here", side.name()),
                });
            }
            let (first, last) = match side {
                Side::White => (0xFFu64, 0xFFu64 << 56),
                _ => (0xFF << 56, 0xFF),
            };
            let pawns = board.pieces(side, Role::Pawn);
            let stranded = crate::rules::chess::tables::squares(pawns & last)
                .any(|sq| self.variant.promotions(sq) != Some(&[]));
            if pawns & first != 0 || stranded {
                return Err("a pawn stands where it can never be".into());
            }
        }
        if self.attacked_king(self.position.turn.other()) {
            return Err("the side not to move is in check".into());
        }
        Ok(())
    }

    pub fn fen(&self) -> String {
        let fen = self.position.fen_with_en_passant(self.legal_ep_square());
        let fen = match self.listed_targets() {
            0 => fen,
            targets => {
                // Several targets are written one after another: `b3e3`.
                let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
                fields[3] = crate::rules::chess::tables::squares(targets)
                    .map(|sq| crate::rules::topology::Topology::chess().name(sq))
                    .collect();
                fields.join(" ")
            }
        };
        if self.reserve == [[0; 7]; 2] {
            return fen;
        }
        let (placement, rest) = fen.split_once(' ').expect("a FEN has fields");
        let mut held = String::new();
        for side in Side::BOTH {
            for role in Role::ALL {
                let letter = role.letter();
                let letter = if side == Side::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                for _ in 0..self.reserve[side.index()][role as usize] {
                    held.push(letter);
                }
            }
        }
        format!("{placement}[{held}] {rest}")
    }
}

fn read_reserve(held: &str) -> Result<Reserve, String> {
    let mut reserve = [[0u8; 7]; 2];
    for c in held.chars() {
        let role = Role::from_letter(c)
            .ok_or_else(|| format!("'{}' is not a piece letter", shown(&c.to_string())))?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let count = &mut reserve[side.index()][role as usize];
        *count = count
            .checked_add(1)
            .filter(|&n| n <= 16)
            .ok_or("a reserve holds at most 16 pieces of a kind")?;
    }
    Ok(reserve)
}

/// Promoted pieces, marked `~` after their letter in a placement (`Q~`), as the
/// variants that remember them write them (non-disappearing chess, bughouse).
pub(crate) fn mark_promoted(placement: &str, promoted: Bitboard) -> String {
    let mut marked = String::with_capacity(placement.len() + 4);
    for (c, square) in placement_squares(placement) {
        marked.push(c);
        if square.is_some_and(|sq| promoted & (1u64 << sq) != 0) {
            marked.push('~');
        }
    }
    marked
}

/// The promoted pieces a placement marks, and the placement without the marks.
pub(crate) fn read_promoted(placement: &str) -> Result<(Bitboard, String), String> {
    let mut promoted = 0u64;
    let mut before = None;
    for (c, square) in placement_squares(placement) {
        if c == '~' {
            match before {
                Some(sq) => promoted |= 1u64 << sq,
                None => return Err("'~' must follow a piece".into()),
            }
        }
        before = square;
    }
    Ok((promoted, placement.replace('~', "")))
}

/// Each character of a placement, with the square of the piece it names: None for
/// digits, slashes and `~` marks, a piece past the board's end, and the reserve in
/// brackets.
fn placement_squares(placement: &str) -> impl Iterator<Item = (char, Option<Cell>)> + '_ {
    let mut square: i32 = 56;
    let mut held = false;
    placement.chars().map(move |c| match c {
        _ if held => (c, None),
        '[' => {
            held = true;
            (c, None)
        }
        '/' => {
            square -= 16;
            (c, None)
        }
        '~' => (c, None),
        d if d.is_ascii_digit() => {
            square += d as i32 - '0' as i32;
            (c, None)
        }
        _ => {
            square += 1;
            (c, Cell::try_from(square - 1).ok().filter(|&sq| sq < 64))
        }
    })
}
