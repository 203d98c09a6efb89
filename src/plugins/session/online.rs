//! What the session does for a match held by a server: the server's match replaces
//! the one shown as its events come, only the seats played at this screen are played
//! here, and a move chosen ahead of the turn (a premove) waits for its moment.

use super::Session;
use crate::online::premove::{Chosen, Premove, Ready};
use crate::plugins::host::MatchHost;
use crate::rules::{Cell, Match, Refusal, Side, Word};
use bevy::prelude::*;

impl Session {
    /// A match held by a server takes the place of the one here: `host` sends the
    /// actions played here and knows the seats this screen plays.
    pub fn play_online(&mut self, host: Box<dyn MatchHost>) {
        self.host = host;
        self.draft.game = self.current().game();
        self.draft.computer = vec![false; self.current().position().seats().seat_count()];
        self.taken_back.clear();
        self.clocks_paused = false;
        self.animate = None;
        self.refresh();
    }

    /// The server's match, as it now stands, takes the place of the one shown. An
    /// action added at the end is animated as one played here, whoever played it;
    /// the same actions again (an action of ours the server confirms, a line of chat)
    /// change nothing, so the clocks shown keep running smoothly.
    pub fn follow(&mut self, m: Match) {
        let old = self.current();
        let (before, after) = (old.all_actions(), m.all_actions());
        if before == after && old.outcome() == m.outcome() {
            return;
        }
        let one_more = after.len() == before.len() + 1 && after.starts_with(before);
        let animate = one_more
            .then(|| after[before.len()].moved())
            .flatten()
            .and_then(|mv| old.state_before(before.len()).position.view(&mv));
        let at_end = !old.can_redo();
        self.host.begin(m);
        self.refresh();
        if one_more && at_end {
            self.animate = animate;
            self.played += 1;
        } else {
            self.animate = None;
        }
        self.play_premove();
    }

    /// Whether it is the turn of a seat played here (always, at one table).
    pub fn my_turn(&self) -> bool {
        let on_move = self.current().position().seats().seats_on_move();
        self.mine()
            .is_none_or(|mine| on_move.iter().any(|s| mine.contains(s)))
    }

    /// Online, while another player is to move, a click chooses a premove: a piece of
    /// one's own, then where it goes; the piece's cell again lets it go.
    pub(super) fn choose_premove(&mut self, cell: Cell) {
        let own = self.holds_piece(cell) == Some(true);
        let Some(seated) = self.host.seated_mut() else {
            return;
        };
        seated.premove = match seated.premove {
            Some(Chosen::From(from)) if from == cell => None,
            Some(Chosen::From(from)) => Some(Chosen::Move(Premove {
                from,
                to: cell,
                promotion: None,
            })),
            _ if own => Some(Chosen::From(cell)),
            _ => None,
        };
    }

    /// Online, a piece that no seat held here plays, clicked where nothing is picked
    /// (a capture's target is clicked after the piece that takes): it is refused with
    /// the colour the player plays, instead of passing in silence. On bughouse's other
    /// board the boards are named too: a black piece there is not A's Black's.
    pub(super) fn foreign_piece(&self, cell: Cell) -> Option<Refusal> {
        let &seat = self.mine()?.first()?;
        let picking = self.selection.from.is_some()
            || self.selection.pocket.is_some()
            || matches!(self.premove(), Some(Chosen::From(_)));
        if picking || self.table.from_cell(cell).next().is_some() || self.holds_piece(cell)? {
            return None;
        }
        let seats = self.current().position().seats();
        let key = match (seats.plays_on(seat, cell), seats.plays_on(seat, 0)) {
            (true, _) => "msg-not-your-piece",
            // Cell 0 is on the first board, A.
            (false, true) => "msg-not-your-board-a",
            (false, false) => "msg-not-your-board-b",
        };
        Some(Refusal::new(key).with("side", Word::Side(seats.seat_side(seat))))
    }

    /// Online, whether the piece on `cell` is played by a seat held here: of the
    /// seat's colour, on the seat's own board. None where no piece stands there.
    fn holds_piece(&self, cell: Cell) -> Option<bool> {
        let mine = self.mine()?;
        let position = self.current().position();
        let seats = position.seats();
        let (_, piece) = position.pieces().into_iter().find(|(at, _)| *at == cell)?;
        Some(
            mine.iter()
                .any(|&s| seats.seat_side(s) == piece.side && seats.plays_on(s, cell)),
        )
    }

    /// Plays the premove once it is the player's turn and it makes a legal move;
    /// drops it where it makes none.
    fn play_premove(&mut self) {
        let (Some(&Chosen::Move(premove)), Some(mine)) = (self.premove(), self.mine()) else {
            return;
        };
        match premove.ready(self.current(), mine) {
            Ready::Waiting => {}
            Ready::Dropped => self.drop_premove(),
            Ready::Play(action) => {
                self.drop_premove();
                if let Err(e) = self.act(action) {
                    warn!("a premove was refused: {e}");
                }
            }
        }
    }

    /// Forgets the move chosen ahead of the turn.
    pub(super) fn drop_premove(&mut self) {
        if let Some(seated) = self.host.seated_mut() {
            seated.premove = None;
        }
    }

    /// Online, the side of the first seat played here: the board is seen from it.
    pub fn seen_by(&self) -> Option<Side> {
        let seat = *self.mine()?.first()?;
        Some(self.current().position().seats().seat_side(seat))
    }

    /// Whether Undo can do anything: at one table, whenever an action can be taken
    /// back; online, a takeback is asked for one's own last action, so only once a
    /// seat played here has acted (a die the server rolled is nobody's).
    pub fn can_undo(&self) -> bool {
        let m = self.current();
        let Some(mine) = self.mine() else {
            return m.can_take_back();
        };
        m.can_take_back()
            && (0..m.cursor()).any(|i| {
                let position = &m.state_before(i).position;
                let action = m.actions()[i];
                let chance = action
                    .moved()
                    .is_some_and(|mv| position.awaits_roll() || position.is_lot(&mv));
                !chance && mine.contains(&action.actor(position))
            })
    }

    /// Whether the match shown is held by a server.
    pub fn online(&self) -> bool {
        self.host.seated().is_some()
    }
}
