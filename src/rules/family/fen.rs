//! The family's FEN: chess's, with the reserves in brackets after the placement
//! (`…/RNBQKBNR[m]`, White's pieces in capitals), and the variant's own checks of
//! where royals and pawns may stand.

use super::{Family, Reserve, Turn, Variant};
use crate::rules::chess::tables::{Bitboard, squares};
use crate::rules::chess::{Chess, Role, piece_letter, skipped_by_double_step};
use crate::rules::error::{Detail, shown};
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Topology};

impl<V: Variant> Family<V> {
    pub fn from_fen(variant: V, text: &str) -> Result<Self, Detail> {
        let text = text.trim();
        let (placement, rest) = text.split_once(' ').unwrap_or((text, ""));
        let (placement, reserve) = match placement.split_once('[') {
            Some((board, held)) => {
                let held = held.strip_suffix(']').ok_or_else(|| {
                    crate::detail!(
                        "detail-fen-reserve-open",
                        "the reserve in brackets has no closing ']'"
                    )
                })?;
                (board, read_reserve(held)?)
            }
            None => (placement, [[0; 7]; 2]),
        };
        let mut fields: Vec<&str> = rest.split_whitespace().collect();
        let marks = match fields.get(5) {
            Some(&listed) if variant.castling_needs_king_mark() => read_king_marks(listed)?,
            Some(_) => {
                return Err(crate::detail!(
                    "detail-fen-fields",
                    "a position has at most 6 fields"
                ));
            }
            None => 0,
        };
        fields.truncate(5);
        // A position set up from text stands where a turn begins; a turn of several
        // moves has the full length there, and its en passant field may name several
        // targets one after another (`b3e3h3`), each a square skipped by a pawn that
        // still stands where it arrived.
        let (_, length) = variant.turn_lengths();
        let listed = match fields.get(2) {
            Some(&listed) if length > 1 => {
                fields[2] = "-";
                Some(listed)
            }
            _ => None,
        };
        let mut position = Chess::parse_fen(&format!("{placement} {}", fields.join(" ")))?;
        if variant.castling_needs_king_mark() {
            position.castling |= super::appearing::king_marks(position.castling);
            for king in squares(marks) {
                let side = if king < 8 { Side::White } else { Side::Black };
                if position.board.pieces(side, Role::King) & (1u64 << king) == 0 {
                    return Err(crate::detail!(
                        "detail-fen-king-mark",
                        "'{square}' marks an unmoved king, but no {side} king stands there",
                        square = Topology::chess().name(king),
                        side = side.name().to_lowercase(),
                    ));
                }
            }
            position.castling |= marks;
        }
        let turn = match listed {
            Some(listed) => Turn {
                length,
                targets: read_targets(&position, listed)?,
                ..Turn::default()
            },
            None => Turn::default(),
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

    /// Every royal once on the board or in the reserve (but a king taken, which ends
    /// the game), no pawn where it could never have come, and the side not to move
    /// not in check where a turn must end out of it.
    fn check_set_up(&self) -> Result<(), Detail> {
        let board = &self.position.board;
        let lost = self.variant.lost(self);
        for side in Side::BOTH {
            let held = |role: Role| u32::from(self.reserve[side.index()][role as usize]);
            let royals = Role::ALL
                .into_iter()
                .filter(|&r| self.variant.royal(side) == Some(r))
                .map(|r| board.pieces(side, r).count_ones() + held(r))
                .sum::<u32>();
            let wanted = u32::from(self.variant.royal(side).is_some());
            // A game won by taking a king is over with that king gone.
            let fallen = royals == 0 && lost.is_some_and(|(loser, _)| loser == side);
            if royals != wanted && !fallen {
                return Err(match self.variant.royal(side) {
                    Some(r) => crate::detail!(
                        "detail-fen-one-royal",
                        "{side} must have exactly one {piece}",
                        side = side.name().to_lowercase(),
                        piece = format!("{r:?}").to_lowercase(),
                    ),
                    None => crate::detail!(
                        "detail-fen-no-royal",
                        "{side} has no royal piece here",
                        side = side.name().to_lowercase(),
                    ),
                });
            }
            let (first, last) = match side {
                Side::White => (0xFFu64, 0xFFu64 << 56),
                _ => (0xFF << 56, 0xFF),
            };
            let pawns = board.pieces(side, Role::Pawn);
            let stranded = squares(pawns & last).any(|sq| self.variant.promotions(sq) != Some(&[]));
            let home = if self.variant.pawns_go_home() {
                0
            } else {
                first
            };
            if pawns & home != 0 || stranded {
                return Err(crate::detail!(
                    "detail-fen-pawn-stranded",
                    "a pawn stands where it can never be"
                ));
            }
        }
        let outlasts = self.variant.check_outlasts_a_turn();
        if lost.is_none() && !outlasts && self.attacked_king(self.position.turn.other()) {
            return Err(crate::detail!(
                "detail-fen-check",
                "the side not to move is in check"
            ));
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
                fields[3] = squares(targets)
                    .map(|sq| Topology::chess().name(sq))
                    .collect();
                fields.join(" ")
            }
        };
        let fen = match self.unrighted_kings() {
            0 => fen,
            marks => {
                let names: Vec<&str> = squares(marks)
                    .map(|sq| Topology::chess().name(sq))
                    .collect();
                format!("{fen} {}", names.join(","))
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

    /// The marked kings (see [`Variant::castling_needs_king_mark`]) whose side has no
    /// rook right that would imply the mark: what the FEN's seventh field names.
    fn unrighted_kings(&self) -> Bitboard {
        if !self.variant.castling_needs_king_mark() {
            return 0;
        }
        let castling = self.position.castling;
        castling & KING_HOMES & !super::appearing::king_marks(castling)
    }
}

/// The home squares of the kings, where a king dropped and unmoved is marked.
const KING_HOMES: Bitboard = 1 << 4 | 1 << 60;

/// The seventh field: the home squares of marked kings, joined by commas, or `-`.
fn read_king_marks(listed: &str) -> Result<Bitboard, Detail> {
    let mut marks = 0;
    for name in listed.split(',').filter(|&n| n != "-") {
        let square = Topology::chess()
            .parse(name)
            .filter(|&sq| KING_HOMES & (1u64 << sq) != 0)
            .ok_or_else(|| {
                crate::detail!(
                    "detail-fen-king-home",
                    "'{text}' is not a king's home square",
                    text = shown(name),
                )
            })?;
        marks |= 1u64 << square;
    }
    Ok(marks)
}

/// The en passant targets of a turn of several moves, written one after another.
fn read_targets(position: &Chess, listed: &str) -> Result<Bitboard, Detail> {
    if listed == "-" {
        return Ok(0);
    }
    let mut targets = 0;
    for i in (0..listed.len()).step_by(2) {
        let name = listed.get(i..i + 2).unwrap_or(listed);
        let square = Topology::chess()
            .parse(name)
            .filter(|&sq| skipped_by_double_step(&position.board, position.turn, sq))
            .ok_or_else(|| {
                crate::detail!(
                    "detail-fen-en-passant",
                    "'{text}' is not a square a pawn of the side not to move has just skipped",
                    text = shown(name),
                )
            })?;
        targets |= 1u64 << square;
    }
    Ok(targets)
}

fn read_reserve(held: &str) -> Result<Reserve, Detail> {
    let mut reserve = [[0u8; 7]; 2];
    for c in held.chars() {
        let role = piece_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let count = &mut reserve[side.index()][role as usize];
        *count = count.checked_add(1).filter(|&n| n <= 16).ok_or_else(|| {
            crate::detail!(
                "detail-fen-reserve-full",
                "a reserve holds at most 16 pieces of a kind"
            )
        })?;
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
pub(crate) fn read_promoted(placement: &str) -> Result<(Bitboard, String), Detail> {
    let mut promoted = 0u64;
    let mut before = None;
    for (c, square) in placement_squares(placement) {
        if c == '~' {
            match before {
                Some(sq) => promoted |= 1u64 << sq,
                None => {
                    return Err(crate::detail!(
                        "detail-fen-promoted-mark",
                        "'~' must follow a piece"
                    ));
                }
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
