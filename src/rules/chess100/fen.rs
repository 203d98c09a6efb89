//! 100-cell chess's FEN: chess's six fields over ten ranks of ten (`10` for an empty
//! rank), the letters J and G for jester and general, and castling rights named by the
//! files of their rooks as in Shredder-FEN (`AKak`). A seventh field, left out when
//! empty, carries what the board does not show: `C`/`c` for a side that has castled once
//! (its remaining right is the second castling, for which the king need only be back on
//! its throne), `V`/`v` for a side whose king has visited the enemy throne, and the
//! squares of pawns back on their own starting rank without a double step, all joined
//! by commas: `C,v,e2`.

use super::Chess100;
use super::board::{
    Board, Piece, ROLES, Role, Square, bit, forward, pawn_rank, rank, squares, throne,
};
use super::moves::{LONG, SHORT, corner};
use crate::rules::error::{Detail, shown};
use crate::rules::placement;
use crate::rules::side::Side;
use crate::rules::topology::Topology;

pub const START_FEN: &str =
    "rnbjkqgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBJKQGBNR w AKak - 0 1";

fn read_placement(text: &str) -> Result<Board, Detail> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return Err(crate::detail!(
            "detail-fen100-ranks",
            "the placement has {count} ranks, not 10: '{text}'",
            count = rows.len(),
            text = shown(text)
        ));
    }
    let mut board = Board::default();
    for (i, row) in rows.iter().enumerate() {
        let r = 9 - i as u8;
        let mut f = 0u8;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as u8;
                if let Some(next) = chars.peek().and_then(|n| n.to_digit(10)) {
                    run = run * 10 + next as u8;
                    chars.next();
                }
                f = f.saturating_add(run);
            } else {
                let role = Role::from_letter(c)
                    .filter(|r| ROLES.contains(r))
                    .ok_or_else(|| {
                        crate::detail!(
                            "detail-fen100-piece",
                            "'{c}' is not a piece of 100-cell chess",
                            c = c
                        )
                    })?;
                if f >= 10 {
                    break;
                }
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                board.put(super::board::square(f, r), Piece { side, role });
                f += 1;
            }
            if f > 10 {
                break;
            }
        }
        if f != 10 {
            return Err(crate::detail!(
                "detail-fen100-rank",
                "rank {rank} has {count} squares, not 10: '{row}'",
                rank = r + 1,
                count = f,
                row = shown(row)
            ));
        }
    }
    Ok(board)
}

/// The half-move count or the move number; `bad` words one that is not a number.
fn counter(field: Option<&str>, default: u32, bad: fn(String) -> Detail) -> Result<u32, Detail> {
    field.map_or(Ok(default), |f| f.parse().map_err(|_| bad(shown(f))))
}

fn bad_halfmoves(text: String) -> Detail {
    crate::detail!(
        "detail-fen100-halfmoves",
        "the half-move count '{text}' is not a number",
        text = text,
    )
}

fn bad_move_number(text: String) -> Detail {
    crate::detail!(
        "detail-fen100-move-number",
        "the move number '{text}' is not a number",
        text = text,
    )
}

impl Chess100 {
    /// Reads a position, checking that it could occur in a game.
    pub fn read_fen(&mut self, text: &str) -> Result<(), Detail> {
        let t = Topology::chess100();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 7 {
            return Err(crate::detail!(
                "detail-fen100-fields",
                "a position needs 2 to 7 fields (placement, side, castling, en passant, counters, marks), not '{text}'",
                text = shown(text)
            ));
        }
        self.board = read_placement(fields[0])?;
        self.turn = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(crate::detail!(
                    "detail-fen100-turn",
                    "the side to move is w or b, not '{text}'",
                    text = shown(other)
                ));
            }
        };
        self.castling = [[false; 2]; 2];
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" {
            for c in castling.chars() {
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let wing = match c.to_ascii_lowercase() {
                    'a' => SHORT,
                    'k' => LONG,
                    _ => {
                        return Err(crate::detail!(
                            "detail-fen100-castling",
                            "'{c}' is not a castling right (A, K, a or k)",
                            c = c
                        ));
                    }
                };
                self.castling[side.index()][wing] = true;
            }
        }
        self.ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            name => Some(t.parse(name).ok_or_else(|| {
                crate::detail!(
                    "detail-not-square",
                    "'{name}' is not a square",
                    name = shown(name)
                )
            })?),
        };
        self.halfmoves = counter(fields.get(4).copied(), 0, bad_halfmoves)?;
        self.fullmoves = counter(fields.get(5).copied(), 1, bad_move_number)?.max(1);
        self.castled = [false; 2];
        self.visited = [false; 2];
        let mut moved = 0;
        for token in fields.get(6).copied().unwrap_or("-").split(',') {
            match token {
                "-" => {}
                "C" | "c" => self.castled[usize::from(token == "c")] = true,
                "V" | "v" => self.visited[usize::from(token == "v")] = true,
                name => {
                    let sq = t.parse(name).ok_or_else(|| {
                        crate::detail!(
                            "detail-fen100-mark",
                            "'{name}' is not a mark or a square",
                            name = shown(name)
                        )
                    })?;
                    moved |= bit(sq);
                }
            }
        }
        self.fresh = 0;
        for side in Side::BOTH {
            let row = squares(self.board.pieces(side, Role::Pawn))
                .filter(|&sq| rank(sq) == pawn_rank(side))
                .fold(0, |b, sq| b | bit(sq));
            self.fresh |= row & !moved;
        }
        self.check()
    }

    /// One king a side, castling rights with their king and rook in place, an en
    /// passant square behind a pawn that could have just stepped two squares, and the
    /// side not to move not in check.
    fn check(&self) -> Result<(), Detail> {
        for side in Side::BOTH {
            if self.board.pieces(side, Role::King).count_ones() != 1 {
                return Err(crate::detail!(
                    "detail-fen-one-king",
                    "{side} must have exactly one king",
                    side = side.name()
                ));
            }
            let i = side.index();
            for wing in [SHORT, LONG] {
                if !self.castling[i][wing] {
                    continue;
                }
                let rook = corner(side, wing);
                let king_home = self.board.pieces(side, Role::King) & bit(throne(side)) != 0;
                let rook_home = self.board.pieces(side, Role::Rook) & bit(rook) != 0;
                if !rook_home || !(king_home || self.castled[i]) {
                    return Err(crate::detail!(
                        "detail-fen100-castling-rook",
                        "{side}'s castling right needs its rook on {square} and its king on its throne",
                        side = side.name(),
                        square = Topology::chess100().name(rook)
                    ));
                }
            }
        }
        if let Some(skipped) = self.ep {
            let mover = self.turn.other();
            let step = i16::from(forward(mover));
            let (pawn, origin) = (skipped as i16 + step, skipped as i16 - step);
            let fits = (0..100).contains(&pawn) && (0..100).contains(&origin) && {
                let (pawn, origin) = (pawn as Square, origin as Square);
                rank(origin) == pawn_rank(mover)
                    && self.board.pieces(mover, Role::Pawn) & bit(pawn) != 0
                    && self.board.occupied() & (bit(skipped) | bit(origin)) == 0
            };
            if !fits {
                return Err(crate::detail!(
                    "detail-fen100-en-passant",
                    "no pawn can have just stepped over {square}",
                    square = Topology::chess100().name(skipped)
                ));
            }
        }
        if self.king_exposed(self.turn.other()) {
            return Err(crate::detail!(
                "detail-fen100-check",
                "{side} is to move with the other king in check",
                side = self.turn.name()
            ));
        }
        Ok(())
    }

    pub fn fen(&self) -> String {
        let t = Topology::chess100();
        let rows: Vec<String> = (0..10)
            .rev()
            .map(|r| {
                placement::write_rank((0..10).map(|f| {
                    self.board
                        .piece_at(super::board::square(f, r))
                        .map(Piece::letter)
                }))
            })
            .collect();
        let mut castling = String::new();
        for (side, letters) in [(Side::White, ['A', 'K']), (Side::Black, ['a', 'k'])] {
            for wing in [SHORT, LONG] {
                if self.castling[side.index()][wing] {
                    castling.push(letters[wing]);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = self.ep.map_or("-".to_string(), |sq| t.name(sq).to_string());
        let mut fen = format!(
            "{} {} {castling} {ep} {} {}",
            rows.join("/"),
            placement::turn_letter(self.turn),
            self.halfmoves,
            self.fullmoves
        );
        let mut marks: Vec<String> = Vec::new();
        for (side, c, v) in [(Side::White, "C", "V"), (Side::Black, "c", "v")] {
            if self.castled[side.index()] {
                marks.push(c.into());
            }
            if self.visited[side.index()] {
                marks.push(v.into());
            }
        }
        for side in Side::BOTH {
            let moved = squares(self.board.pieces(side, Role::Pawn) & !self.fresh)
                .filter(|&sq| rank(sq) == pawn_rank(side));
            marks.extend(moved.map(|sq| t.name(sq).to_string()));
        }
        if !marks.is_empty() {
            fen.push(' ');
            fen.push_str(&marks.join(","));
        }
        fen
    }
}
