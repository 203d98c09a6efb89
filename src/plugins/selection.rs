//! What a click on the board means: select a piece, walk a capture chain, play a move
//! or ask which piece to promote to. Kept free of Bevy so its rules read plainly.

use crate::rules::{Cell, Move, MoveView, PieceKind, Position, Refusal};

/// The legal moves of the position with what each does, computed once per position.
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
    pub moves: Vec<(Move, MoveView)>,
}

impl MoveTable {
    pub fn new(position: &Position) -> MoveTable {
        MoveTable {
            moves: position
                .legal_moves()
                .into_iter()
                .filter(|m| !position.is_swap(m) && !position.is_pass(m))
                .filter_map(|m| position.view(&m).map(|v| (m, v)))
                // Decisions that move nothing (diplomacy) are made in the panel.
                .filter(|(_, v)| !v.landings.is_empty())
                .collect(),
        }
    }

    /// The moves of `seats` alone: online, a window lights and plays only the pieces
    /// and reserves of the seats it holds, though another seat is on move beside them
    /// (bughouse's other board).
    pub fn of_seats(position: &Position, seats: &[usize]) -> MoveTable {
        let mut table = MoveTable::new(position);
        table
            .moves
            .retain(|(m, _)| seats.contains(&position.mover(m)));
        table
    }

    pub fn from_cell(&self, cell: Cell) -> impl Iterator<Item = &(Move, MoveView)> {
        self.moves
            .iter()
            .filter(move |(_, v)| v.from == cell && v.placed.is_none())
    }

    /// The cells where a piece may be put down.
    pub fn placements(&self) -> impl Iterator<Item = Cell> + '_ {
        self.placements_of(None).map(|(_, v)| v.from)
    }

    /// The drops of a piece of `kind` from the hand (of any, where None).
    pub fn placements_of(
        &self,
        kind: Option<PieceKind>,
    ) -> impl Iterator<Item = &(Move, MoveView)> + '_ {
        self.moves
            .iter()
            .filter(move |(_, v)| v.placed.is_some_and(|p| kind.is_none_or(|k| p.kind == k)))
    }

    /// The kinds of piece the side to move may put down now.
    pub fn kinds_in_hand(&self) -> Vec<PieceKind> {
        let mut kinds: Vec<PieceKind> = self
            .placements_of(None)
            .filter_map(|(_, v)| v.placed.map(|p| p.kind))
            .collect();
        kinds.dedup();
        kinds.sort_by_key(|k| *k as u8);
        kinds.dedup();
        kinds
    }
}

/// The selected piece and the landing squares clicked so far, or the kind of piece
/// picked from the hand to put down.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub from: Option<Cell>,
    pub path: Vec<Cell>,
    /// A kind picked from the hand: only its drops are lit and played.
    pub pocket: Option<PieceKind>,
    /// The square of a move whose second square the player picks next: where the
    /// captured piece goes back (non-disappearing chess) or the gift pawn goes (a
    /// visit to 100-cell chess's enemy throne). The squares it may go to are lit.
    pub landed: Option<Cell>,
}

/// What [`Selection::half_played`] tells the board to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfPlayed {
    pub from: Cell,
    pub to: Cell,
    /// The captured piece's square, where it goes back somewhere else.
    pub captured: Option<Cell>,
}

/// What a click did.
#[derive(Clone, Debug, PartialEq)]
pub enum Click {
    Selected,
    Deselected,
    /// A landing square of a chain was clicked; more clicks are needed.
    Extended,
    Play(Move),
    /// Several moves differ only in the piece chosen: ask.
    Choose(Vec<Move>),
    /// Nothing happened; the refusal says why.
    Refused(Refusal),
}

/// How a square is marked while a piece is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Quiet,
    Capture,
    /// The next landing square of a capture chain that goes on.
    Waypoint,
    /// A checkers step and a checkers capture, where chess moves are lit too.
    Step,
    Jump,
}

impl Selection {
    /// Whether the selection still means something in `table`, after a move elsewhere
    /// (bughouse's other board): the piece picked still has those moves, or the kind
    /// picked from the hand still goes down. A move's second square, half chosen, is
    /// let go.
    pub fn still_holds(&self, table: &MoveTable) -> bool {
        if self.landed.is_some() {
            return false;
        }
        if let Some(kind) = self.pocket {
            return table.placements_of(Some(kind)).next().is_some();
        }
        self.from.is_none() || !self.candidates(table).is_empty()
    }

    /// The moves of the selected piece that follow the landings clicked so far.
    fn candidates<'a>(&self, table: &'a MoveTable) -> Vec<&'a (Move, MoveView)> {
        table
            .moves
            .iter()
            .filter(|(_, v)| {
                v.placed.is_none()
                    && Some(v.from) == self.from
                    && v.landings.starts_with(&self.path)
            })
            .collect()
    }

    /// The squares to light for the selected piece.
    pub fn targets(&self, table: &MoveTable) -> Vec<(Cell, Target)> {
        let mut out: Vec<(Cell, Target)> = Vec::new();
        if let Some(at) = self.landed {
            out.push((at, Target::Waypoint));
            out.extend(
                self.relocations(table, at)
                    .map(|(_, v)| (v.second_square().unwrap_or(at), Target::Quiet)),
            );
            return out;
        }
        for (_, v) in self.candidates(table) {
            let kind = match (v.checkers, v.captured.is_empty()) {
                (false, true) => Target::Quiet,
                (false, false) => Target::Capture,
                (true, true) => Target::Step,
                (true, false) => Target::Jump,
            };
            out.push((v.to(), kind));
            if v.landings.len() > self.path.len() + 1 {
                out.push((v.landings[self.path.len()], Target::Waypoint));
            }
        }
        out.sort_by_key(|(c, t)| (*c, *t as u8));
        out.dedup();
        out
    }

    /// A move whose second square is being chosen, as the board should show it: the
    /// mover already on its square, and the piece it captured (to be put back) off
    /// the board, in the player's hand.
    pub fn half_played(&self, table: &MoveTable) -> Option<HalfPlayed> {
        let at = self.landed?;
        let (_, view) = self.relocations(table, at).next()?;
        Some(HalfPlayed {
            from: view.from,
            to: at,
            captured: view.relocated.and(view.captured.first().copied()),
        })
    }

    /// The selected piece's moves to `at`, each with its second square.
    fn relocations<'a>(
        &self,
        table: &'a MoveTable,
        at: Cell,
    ) -> impl Iterator<Item = &'a (Move, MoveView)> {
        self.candidates(table)
            .into_iter()
            .filter(move |(_, v)| v.to() == at && v.second_square().is_some())
    }

    pub fn click(&mut self, position: &Position, table: &MoveTable, cell: Cell) -> Click {
        // The captured piece goes where the player clicks, if it may.
        if let Some(at) = self.landed {
            let chosen = self
                .relocations(table, at)
                .find(|(_, v)| v.second_square() == Some(cell))
                .map(|(m, _)| *m);
            *self = Selection::default();
            return match chosen {
                Some(m) => Click::Play(m),
                None => Click::Deselected,
            };
        }
        // A selected stone's destination wins over a placement on the same cell.
        let destination_of_selected = self.from.is_some()
            && self
                .candidates(table)
                .iter()
                .any(|(_, v)| v.landings.contains(&cell));
        if !destination_of_selected {
            // A piece put down from the hand: the kind picked, or the only one that
            // may go there; several ask which.
            let drops: Vec<Move> = table
                .placements_of(self.pocket)
                .filter(|(_, v)| v.from == cell)
                .map(|(m, _)| *m)
                .collect();
            match drops.as_slice() {
                [] => {}
                [one] => {
                    *self = Selection::default();
                    return Click::Play(*one);
                }
                _ => return Click::Choose(drops),
            }
            // A kind picked from the hand, and a square where it may not go (a piece
            // of one's own there is selected instead).
            if let Some(kind) = self.pocket
                && self.from.is_none()
                && table.from_cell(cell).next().is_none()
            {
                return Click::Refused(Refusal::new(
                    position
                        .drop_refusal(kind, cell)
                        .unwrap_or("msg-no-placement-here"),
                ));
            }
        }
        if self.from.is_some() {
            let cands = self.candidates(table);
            let ending: Vec<&(Move, MoveView)> = cands
                .iter()
                .copied()
                .filter(|(_, v)| v.to() == cell)
                .collect();
            if !ending.is_empty() {
                return self.finish(&ending);
            }
            let depth = self.path.len();
            if let Some((_, v)) = cands.iter().find(|(_, v)| {
                v.landings.len() > depth + 1
                    && v.landings[depth..v.landings.len() - 1].contains(&cell)
            }) {
                let at = depth
                    + v.landings[depth..]
                        .iter()
                        .position(|&c| c == cell)
                        .unwrap_or(0);
                self.path = v.landings[..=at].to_vec();
                let rest = self.candidates(table);
                if rest.iter().all(|(_, o)| o.landings == rest[0].1.landings) {
                    return self.finish(&rest);
                }
                return Click::Extended;
            }
            if Some(cell) == self.from {
                *self = Selection::default();
                return Click::Deselected;
            }
        }
        let own = |c: Cell| {
            position
                .pieces()
                .iter()
                .any(|(at, p)| *at == c && p.side == position.turn())
        };
        // A piece of the side to move, or of any seat on move (bughouse's two boards).
        if table.from_cell(cell).next().is_some() {
            *self = Selection {
                from: Some(cell),
                ..Selection::default()
            };
            return Click::Selected;
        }
        // A piece that cannot move, or a square the selected piece cannot reach (once
        // no chain is under way): the rules say why.
        let selected = self.from.filter(|_| self.path.is_empty());
        let chained = self.from.is_some() && selected.is_none();
        *self = Selection::default();
        if own(cell) {
            Click::Refused(position.why_not(cell, None))
        } else if let Some(from) = selected {
            Click::Refused(position.why_not(from, Some(cell)))
        } else if chained {
            Click::Deselected
        } else if table.placements().next().is_some() {
            Click::Refused(Refusal::new("msg-no-placement-here"))
        } else {
            Click::Refused(Refusal::new("msg-select-own-piece"))
        }
    }

    /// Ends on moves that reach the clicked square: one plays, several that differ only
    /// by the piece chosen ask, several routes ask for the landing squares.
    fn finish(&mut self, moves: &[&(Move, MoveView)]) -> Click {
        let same_route = moves.iter().all(|(_, v)| v.landings == moves[0].1.landings);
        if !same_route {
            return Click::Refused(Refusal::new("msg-several-routes"));
        }
        // A capture whose piece has several squares to go back to: they are lit next.
        if moves.len() > 1 && moves.iter().all(|(_, v)| v.second_square().is_some()) {
            self.landed = Some(moves[0].1.to());
            return Click::Extended;
        }
        *self = Selection::default();
        if moves.len() == 1 {
            Click::Play(moves[0].0)
        } else {
            Click::Choose(moves.iter().map(|(m, _)| *m).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    /// B's White holds seat 2: with A's White on move beside it, only board B's
    /// pieces light and play for it.
    #[test]
    fn a_seat_s_table_holds_its_own_moves_alone() {
        let position = Position::new(GameId::Bughouse, &[]).unwrap();
        let all = MoveTable::new(&position);
        let mine = MoveTable::of_seats(&position, &[2]);
        assert_eq!(all.moves.len(), 40);
        assert_eq!(mine.moves.len(), 20);
        assert!(mine.moves.iter().all(|(m, _)| position.mover(m) == 2));
        let a2 = position.topology().parse("a2").unwrap();
        let mut selection = Selection::default();
        assert!(matches!(
            selection.click(&position, &mine, a2),
            Click::Refused(_)
        ));
    }

    /// A move on the other board leaves B's White's pawn selected, its moves lit.
    #[test]
    fn a_move_on_the_other_board_keeps_the_selection() {
        let mut position = Position::new(GameId::Bughouse, &[]).unwrap();
        let table = MoveTable::of_seats(&position, &[2]);
        let e2_on_b = table
            .moves
            .iter()
            .map(|(_, v)| v.from)
            .find(|&c| position.topology().name(c) == "e2")
            .expect("B's e-pawn");
        let mut selection = Selection::default();
        assert_eq!(selection.click(&position, &table, e2_on_b), Click::Selected);
        let on_a = position.parse_move("1A. d4").unwrap();
        position.play(&on_a).unwrap();
        let table = MoveTable::of_seats(&position, &[2]);
        assert!(selection.still_holds(&table));
        assert_eq!(selection.targets(&table).len(), 2);
        // Its own board's move lets it go where the piece has gone.
        let on_b = position.parse_move("1B. e4").unwrap();
        position.play(&on_b).unwrap();
        assert!(!selection.still_holds(&MoveTable::of_seats(&position, &[2])));
    }
}
