//! Forsyth-Edwards Notation in and out.

use super::position::{Board, Chess};
use super::role::{Piece, Role};
use crate::rules::error::{Detail, shown};
use crate::rules::placement;
use crate::rules::side::Side;
use crate::rules::topology::Topology;

/// The most a FEN's counters may say: far beyond any game, far below overflow.
const COUNTER_MAX: u32 = 1_000_000;

/// A FEN counter, `default` where the field is missing.
/// The half-move counter or the move number; `bad` words a value out of range.
fn counter(field: Option<&str>, default: u32, bad: fn(String) -> Detail) -> Result<u32, Detail> {
    let Some(text) = field else {
        return Ok(default);
    };
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= COUNTER_MAX)
        .ok_or_else(|| bad(shown(text)))
}

/// The role of an 8x8 board a FEN letter names, either case.
pub(crate) fn piece_letter(c: char) -> Result<Role, Detail> {
    Role::from_letter(c)
        .filter(|r| Role::ALL.contains(r))
        .ok_or_else(|| {
            crate::detail!(
                "detail-fen-piece",
                "'{letter}' is not a piece letter",
                letter = shown(&c.to_string()),
            )
        })
}

fn bad_halfmoves(text: String) -> Detail {
    crate::detail!(
        "detail-fen-halfmoves",
        "'{text}' is not a half-move counter (0 to {max})",
        text = text,
        max = COUNTER_MAX,
    )
}

fn bad_move_number(text: String) -> Detail {
    crate::detail!(
        "detail-fen-move-number",
        "'{text}' is not a move number (0 to {max})",
        text = text,
        max = COUNTER_MAX,
    )
}

/// Whether `square` can be the en passant square with `turn` to move: on the rank a
/// double step of the other side skips, empty, with that side's pawn just in front of
/// it and the square it came from empty.
fn en_passant_fits(board: &Board, turn: Side, square: u8) -> bool {
    let behind = match turn {
        Side::White => square.wrapping_add(8),
        _ => square.wrapping_sub(8),
    };
    skipped_by_double_step(board, turn, square) && board.piece_at(behind).is_none()
}

/// Whether `square` can have been skipped by a double step of the side not to move
/// whose pawn still stands on its arrival square: the en passant target of a game
/// whose turns have several moves, where the start square may have filled again
/// later in the same turn.
pub(crate) fn skipped_by_double_step(board: &Board, turn: Side, square: u8) -> bool {
    let (skipped_rank, ahead) = match turn {
        Side::White => (5, square.wrapping_sub(8)),
        _ => (2, square.wrapping_add(8)),
    };
    let pawn = Piece {
        side: turn.other(),
        role: Role::Pawn,
    };
    square < 64
        && square / 8 == skipped_rank
        && board.piece_at(square).is_none()
        && board.piece_at(ahead) == Some(pawn)
}

impl Chess {
    pub fn from_fen(fen: &str) -> Result<Chess, Detail> {
        let chess = Chess::parse_fen(fen)?;
        if chess.board.by_role[Role::Maharajah as usize] != 0 {
            return Err(crate::detail!(
                "detail-fen-maharajah",
                "'M' is not a piece letter of chess"
            ));
        }
        if chess.board.by_role[Role::Pawn as usize] & (0xFF | 0xFF << 56) != 0 {
            return Err(crate::detail!(
                "detail-fen-pawn-rank",
                "a pawn stands on the first or last rank"
            ));
        }
        for side in Side::BOTH {
            if chess.board.pieces(side, Role::King).count_ones() != 1 {
                return Err(crate::detail!(
                    "detail-fen-one-king",
                    "{side} must have exactly one king",
                    side = side.name(),
                ));
            }
        }
        if let Some(k) = chess.board.king_of(chess.turn.other())
            && chess.board.attackers(k, chess.turn, chess.board.occupied()) != 0
        {
            return Err(crate::detail!(
                "detail-fen-check",
                "the side not to move is in check"
            ));
        }
        Ok(chess)
    }

    /// Reads a FEN without asking for one king a side, where pawns may stand, or
    /// whether the side not to move stands in check: variants with other royals, other
    /// promotions and other powers ask themselves.
    pub fn parse_fen(fen: &str) -> Result<Chess, Detail> {
        let mut fields = fen.split_whitespace();
        let ranks = fields
            .next()
            .ok_or_else(|| crate::detail!("detail-fen-empty", "the FEN is empty"))?;
        let mut board = Board::default();
        let pieces = placement::read(ranks, |c| {
            let role = piece_letter(c)?;
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            Ok(Piece { side, role })
        })?;
        for (square, piece) in pieces {
            board.put(square, piece);
        }
        let turn = placement::read_turn(fields.next().unwrap_or("w"))?;
        let mut castling = 0u64;
        for c in fields.next().unwrap_or("-").chars() {
            let (side, sq) = match c {
                'K' => (Side::White, 7),
                'Q' => (Side::White, 0),
                'k' => (Side::Black, 63),
                'q' => (Side::Black, 56),
                '-' => continue,
                _ => {
                    return Err(crate::detail!(
                        "detail-fen-castling",
                        "'{text}' is not a castling right",
                        text = shown(&c.to_string()),
                    ));
                }
            };
            let king_home = if side == Side::White { 4 } else { 60 };
            if board.piece_at(sq)
                == Some(Piece {
                    side,
                    role: Role::Rook,
                })
                && board.piece_at(king_home)
                    == Some(Piece {
                        side,
                        role: Role::King,
                    })
            {
                castling |= 1 << sq;
            }
        }
        let ep_square = match fields.next().unwrap_or("-") {
            "-" => None,
            name => Some(
                Topology::chess()
                    .parse(name)
                    .filter(|&sq| en_passant_fits(&board, turn, sq))
                    .ok_or_else(|| {
                        crate::detail!(
                            "detail-fen-en-passant",
                            "'{text}' is not a square a pawn of the side not to move has just skipped",
                            text = shown(name),
                        )
                    })?,
            ),
        };
        let halfmoves = counter(fields.next(), 0, bad_halfmoves)?;
        let fullmoves = counter(fields.next(), 1, bad_move_number)?;
        Ok(Chess {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves: fullmoves.max(1),
        })
    }

    pub fn fen(&self) -> String {
        self.fen_with_en_passant(self.legal_ep_square())
    }

    /// The FEN with `ep` as its en passant field: variants whose pieces move otherwise
    /// decide themselves whether an en passant capture is legal.
    pub fn fen_with_en_passant(&self, ep: Option<u8>) -> String {
        let ranks: Vec<String> = (0..8u8)
            .rev()
            .map(|rank| {
                placement::write_rank(
                    (0..8).map(|file| self.board.piece_at(rank * 8 + file).map(Piece::letter)),
                )
            })
            .collect();
        let mut out = ranks.join("/");
        out.push_str(if self.turn == Side::White {
            " w "
        } else {
            " b "
        });
        let rights: String = [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')]
            .iter()
            .filter(|(sq, _)| self.castling & (1u64 << sq) != 0)
            .map(|&(_, c)| c)
            .collect();
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        match ep {
            Some(sq) => out.push_str(Topology::chess().name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }
}
