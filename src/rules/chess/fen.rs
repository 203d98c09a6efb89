//! Forsyth-Edwards Notation in and out.

use super::position::{Board, Chess, Piece, Role};
use crate::rules::side::Side;
use crate::rules::topology::Topology;

impl Chess {
    pub fn from_fen(fen: &str) -> Result<Chess, String> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or("the FEN is empty")?;
        let mut board = Board::default();
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("the FEN has {} ranks, not 8", ranks.len()));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as u8;
                } else {
                    let role = Role::from_letter(c)
                        .ok_or_else(|| format!("'{c}' is not a piece letter"))?;
                    if file >= 8 {
                        return Err(format!("rank {} is too long", rank + 1));
                    }
                    let side = if c.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    board.put(rank * 8 + file, Piece { side, role });
                    file += 1;
                }
            }
            if file != 8 {
                return Err(format!("rank {} does not have 8 squares", rank + 1));
            }
        }
        for side in Side::BOTH {
            if board.pieces(side, Role::King).count_ones() != 1 {
                return Err(format!("{} must have exactly one king", side.name()));
            }
        }
        if board.by_role[Role::Pawn as usize] & (0xFF | 0xFF << 56) != 0 {
            return Err("a pawn stands on the first or last rank".into());
        }
        let turn = match fields.next().unwrap_or("w") {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(format!("'{other}' is not a side to move")),
        };
        let mut castling = 0u64;
        for c in fields.next().unwrap_or("-").chars() {
            let (side, sq) = match c {
                'K' => (Side::White, 7),
                'Q' => (Side::White, 0),
                'k' => (Side::Black, 63),
                'q' => (Side::Black, 56),
                '-' => continue,
                _ => return Err(format!("'{c}' is not a castling right")),
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
                    .ok_or_else(|| format!("'{name}' is not an en passant square"))?,
            ),
        };
        let halfmoves = fields
            .next()
            .map_or(Ok(0), str::parse)
            .map_err(|_| "bad half-move counter")?;
        let fullmoves = fields
            .next()
            .map_or(Ok(1), str::parse)
            .map_err(|_| "bad move number")?;
        let chess = Chess {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves: fullmoves.max(1),
        };
        if let Some(k) = chess.board.king_of(turn.other())
            && chess.board.attackers(k, turn, chess.board.occupied()) != 0
        {
            return Err("the side not to move is in check".into());
        }
        Ok(chess)
    }

    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board.piece_at(rank * 8 + file) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = p.role.letter();
                        out.push(if p.side == Side::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
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
        match self.legal_ep_square() {
            Some(sq) => out.push_str(Topology::chess().name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }
}
