//! A match: the start position, every action played, undo and redo, and the decisions
//! that belong to every game (draw offers, claims, resignation).

use super::clock::{Clock, Millis, TimeControl};
use super::error::{Error, Illegal};
use super::outcome::{Outcome, Reason};
use super::position::{GameId, Move, Position};
use super::side::Side;

/// Anything a player does. All of it is recorded, undone and replayed the same way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    Play(Move),
    /// The player to move offers a draw; it stands until the opponent's next move.
    OfferDraw,
    AcceptDraw,
    /// A repetition or fifty-move draw claimed under `draw_claim = claim`.
    ClaimDraw,
    /// The same claim made with the move that brings the draw about (the third
    /// occurrence of a position, the fiftieth move): the move is played and the game
    /// is drawn, as FIDE lets a player write the move and claim before making it.
    ClaimDrawWith(Move),
    /// The player to move gives up.
    Resign,
}

impl Action {
    /// The move on the board the action makes, if it makes one.
    pub fn moved(&self) -> Option<Move> {
        match self {
            Action::Play(m) | Action::ClaimDrawWith(m) => Some(*m),
            _ => None,
        }
    }

    /// The seat that takes the action in `position`: a move's mover (bughouse's
    /// boards move at once), otherwise the seat to move.
    pub fn actor(&self, position: &Position) -> usize {
        match self.moved() {
            Some(m) => position.mover(&m),
            None => position.seats().seat_to_move(),
        }
    }
}

/// Notation of the actions that are not moves.
pub const OFFER_DRAW: &str = "draw-offer";
pub const ACCEPT_DRAW: &str = "draw-accept";
pub const CLAIM_DRAW: &str = "draw-claim";
pub const RESIGN: &str = "resign";

/// The state after some actions.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub position: Position,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The sides that agreed to it so far, the offerer first.
    pub draw_votes: Vec<Side>,
    /// An end by agreement, claim or resignation.
    pub ended: Option<Outcome>,
    /// The clocks' readings, where the match is played with clocks.
    pub clock: Option<Clock>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    actions: Vec<Action>,
    /// `states[i]` is the state after the first `i` actions.
    states: Vec<State>,
    /// How many actions are in effect; the rest can be redone.
    cursor: usize,
    /// Where the app rolls dice, their faces follow from this and the number of
    /// actions before the roll.
    seed: u64,
    /// The clocks running now, for the position at the cursor; each state keeps the
    /// readings of the moment it arose, which undo brings back.
    live: Option<Clock>,
}

impl Match {
    pub fn new(start: Position) -> Match {
        Match {
            actions: Vec::new(),
            states: vec![State {
                position: start,
                draw_offer: None,
                draw_votes: Vec::new(),
                ended: None,
                clock: None,
            }],
            cursor: 0,
            seed: 0,
            live: None,
        }
    }

    /// Plays the match with clocks under `control` (before any action).
    pub fn set_time_control(&mut self, control: TimeControl) {
        let seats = self.start().seats().seat_count();
        self.states[0].clock = Clock::new(control, seats);
        self.sync_clock();
    }

    /// The clocks as they read now: running at the end of the record, as they read
    /// then at a position browsed back to.
    pub fn clock(&self) -> Option<&Clock> {
        self.live.as_ref()
    }

    /// The clocks follow the cursor to the readings of its position.
    fn sync_clock(&mut self) {
        self.live = self.states[self.cursor].clock.clone();
    }

    pub fn time_control(&self) -> TimeControl {
        self.states[0]
            .clock
            .as_ref()
            .map_or(TimeControl::None, |c| c.control)
    }

    /// Time passes for the seat to move, at the end of the record of a match going on.
    pub fn tick(&mut self, ms: Millis) {
        if self.can_redo() || self.outcome().is_some() {
            return;
        }
        let seats = self.position().seats().seats_on_move();
        let seat = self.position().seats().seat_to_move();
        let Some(clock) = &mut self.live else { return };
        for &s in &seats {
            clock.elapse(s, ms);
        }
        // In chess for three a player out of time leaves the game as by resigning,
        // and the others play on. The seat on move's own reading decides: an army
        // that fell earlier keeps its empty clock, and each flag is played once.
        if clock.seats.get(seat).is_some_and(|r| r.left == 0)
            && self.position().seats().seat_count() > 2
            && self
                .position()
                .seats()
                .defeat(seat, Reason::TimeForfeit)
                .is_none()
        {
            let _ = self.play(Action::Resign);
        }
    }

    /// The time left per seat after the first `i` actions, as a saved game restores it.
    pub fn set_time_left(&mut self, i: usize, left: &[Millis]) {
        if let Some(clock) = self.states.get_mut(i).and_then(|s| s.clock.as_mut()) {
            for (reading, &l) in clock.seats.iter_mut().zip(left) {
                reading.left = l;
            }
        }
        self.sync_clock();
    }

    /// Sets the running clocks' readings: the time left per seat now, the move in
    /// progress included (a game saved mid-move and opened again).
    pub fn set_clock_now(&mut self, left: &[Millis]) {
        if let Some(clock) = &mut self.live {
            for (reading, &l) in clock.seats.iter_mut().zip(left) {
                reading.left = l;
            }
        }
    }

    /// Names `seat` first among the seats on move now (see [`Position::focus`]): for
    /// a copy of the match the computer thinks on.
    pub fn focus(&mut self, seat: usize) {
        self.states[self.cursor].position.seats_mut().focus(seat);
    }

    /// The seed of the dice the app rolls.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The roll the app makes where a die is awaited: the same after an undo, so that
    /// undoing cannot roll again for another face. None where nothing is to be rolled
    /// or the players roll physical dice.
    pub fn roll(&self) -> Option<Action> {
        if self.outcome().is_some() {
            return None;
        }
        let random = super::computer::mix(self.seed ^ super::computer::mix(self.cursor as u64));
        self.position().roll(random).map(Action::Play)
    }

    pub fn game(&self) -> GameId {
        self.start().game()
    }

    pub fn start(&self) -> &Position {
        &self.states[0].position
    }

    pub fn state(&self) -> &State {
        &self.states[self.cursor]
    }

    pub fn position(&self) -> &Position {
        &self.state().position
    }

    /// The actions in effect (up to the cursor).
    pub fn actions(&self) -> &[Action] {
        &self.actions[..self.cursor]
    }

    /// Every recorded action, including those undone and not yet redone.
    pub fn all_actions(&self) -> &[Action] {
        &self.actions
    }

    /// The state in which action `i` was played.
    pub fn state_before(&self, i: usize) -> &State {
        &self.states[i]
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// How often the current position has occurred so far.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.states[..=self.cursor]
            .iter()
            .filter(|s| s.position.same_position(now))
            .count()
    }

    /// The search keys of the positions before the current one that came twice, for
    /// the computer to steer clear of repetitions (see [`seen_twice`]).
    ///
    /// [`seen_twice`]: crate::rules::computer::seen_twice
    pub fn seen_twice(&self) -> std::collections::HashSet<u64> {
        crate::rules::computer::seen_twice(
            (0..self.actions().len()).map(|i| self.state_before(i).position.search_key()),
        )
    }

    /// The draw the player to move may claim with the legal move `m`: the one its
    /// position would then give (how often it occurred counting that time), where the
    /// move does not end the game by itself.
    pub fn claim_with(&self, m: &Move) -> Option<Reason> {
        let mut next = self.position().clone();
        next.play(m).ok()?;
        let repetitions = 1 + self.states[..=self.cursor]
            .iter()
            .filter(|s| s.position.same_position(&next))
            .count();
        if next.outcome(repetitions).is_some() {
            return None;
        }
        next.claimable_draw(repetitions)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        let state = self.state();
        state
            .ended
            .or_else(|| state.position.outcome(self.repetitions()))
            .or_else(|| {
                // A fallen flag loses, to the other player of two, or draws where that
                // player could never win. (With more players it resigns; see `tick`.)
                let seat = self.clock()?.flagged()?;
                let p = &state.position;
                if let Some(end) = p.seats().defeat(seat, Reason::TimeForfeit) {
                    return Some(end);
                }
                if p.seats().seat_count() != 2 {
                    return None;
                }
                let winner = p.seats().seat_side(1 - seat);
                Some(if p.may_win(winner) {
                    Outcome::win(winner, Reason::TimeForfeit)
                } else {
                    Outcome::draw(Reason::TimeForfeit)
                })
            })
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let state = self.state();
        let turn = state.position.seats().voter();
        let mut actions: Vec<Action> = state
            .position
            .legal_moves()
            .into_iter()
            .map(Action::Play)
            .collect();
        if !state.position.seats().decisions_open() {
            return actions;
        }
        match state.draw_offer {
            None if state.position.seats().draw_allowed() => actions.push(Action::OfferDraw),
            Some(_) if !state.draw_votes.contains(&turn) => actions.push(Action::AcceptDraw),
            _ => {}
        }
        if state.position.claimable_draw(self.repetitions()).is_some() {
            actions.push(Action::ClaimDraw);
        }
        // Where draws are claimed at all, each move that would bring one may claim it.
        if state.position.claimable_draw(usize::MAX).is_some() {
            let moves: Vec<Move> = actions
                .iter()
                .filter_map(|a| match a {
                    Action::Play(m) => Some(*m),
                    _ => None,
                })
                .collect();
            actions.extend(
                moves
                    .into_iter()
                    .filter(|m| self.claim_with(m).is_some())
                    .map(Action::ClaimDrawWith),
            );
        }
        actions.push(Action::Resign);
        actions
    }

    /// Plays an action after the cursor, dropping any undone actions.
    pub fn play(&mut self, action: Action) -> Result<(), Error> {
        if let Some(o) = self.outcome() {
            return Err(Error::GameOver(o.reason.id()));
        }
        let legal = match action {
            Action::Play(m) => self.state().position.is_legal(&m),
            Action::ClaimDrawWith(m) => self.claim_with(&m).is_some(),
            _ => self.legal_actions().contains(&action),
        };
        if !legal {
            return Err(Error::Illegal(match action {
                Action::Play(_) => Illegal::Move,
                Action::AcceptDraw => Illegal::NoOffer,
                Action::ClaimDraw => Illegal::NoDraw,
                Action::ClaimDrawWith(_) => Illegal::NoDrawWithMove,
                _ => Illegal::NotNow,
            }));
        }
        let mut next = self.state().clone();
        next.clock = self.live.clone();
        let turn = next.position.seats().voter();
        let seat = action.actor(&next.position);
        // A decision made out of turn (chess for three's offer) hands no turn over.
        let was_on_move = next.position.seats().seats_on_move().contains(&seat);
        match action {
            Action::Play(m) => {
                next.position.play(&m)?;
                // A move by a side that has not agreed declines the offer.
                if next.draw_offer.is_some() && !next.draw_votes.contains(&turn) {
                    next.draw_offer = None;
                    next.draw_votes.clear();
                }
            }
            Action::OfferDraw => {
                next.draw_offer = Some(turn);
                next.draw_votes = vec![turn];
            }
            Action::AcceptDraw => {
                next.draw_votes.push(turn);
                if next.draw_votes.len() >= next.position.seats().players_in_game() {
                    next.ended = Some(Outcome::draw(Reason::Agreement));
                }
            }
            Action::ClaimDraw => {
                let reason = next
                    .position
                    .claimable_draw(self.repetitions())
                    .ok_or(Error::Illegal(Illegal::NoDraw))?;
                next.ended = Some(Outcome::draw(reason));
            }
            Action::ClaimDrawWith(m) => {
                let reason = self
                    .claim_with(&m)
                    .ok_or(Error::Illegal(Illegal::NoDrawWithMove))?;
                next.position.play(&m)?;
                next.draw_offer = None;
                next.draw_votes.clear();
                next.ended = Some(Outcome::draw(reason));
            }
            Action::Resign => {
                next.draw_offer = None;
                next.draw_votes.clear();
                if !next.position.seats_mut().resign() {
                    let own_rule = next.position.seats().defeat(seat, Reason::Resignation);
                    next.ended =
                        Some(own_rule.unwrap_or(Outcome::win(turn.other(), Reason::Resignation)));
                }
            }
        }
        // A turn handed over stops the mover's clock, with its increment.
        if was_on_move
            && !next.position.seats().seats_on_move().contains(&seat)
            && let Some(clock) = &mut next.clock
        {
            clock.moved(seat);
        }
        self.actions.truncate(self.cursor);
        self.states.truncate(self.cursor + 1);
        self.actions.push(action);
        self.states.push(next);
        self.cursor += 1;
        self.sync_clock();
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.actions.len()
    }

    pub fn undo(&mut self) -> bool {
        let ok = self.can_undo();
        if ok {
            self.cursor -= 1;
            self.sync_clock();
        }
        ok
    }

    pub fn redo(&mut self) -> bool {
        let ok = self.can_redo();
        if ok {
            self.cursor += 1;
            self.sync_clock();
        }
        ok
    }

    /// Plays an action as a player makes it, then the pass the rules force on a player
    /// left without a move (Reversi); returns whether such a pass followed.
    pub fn act(&mut self, action: Action) -> Result<bool, Error> {
        self.play(self.sealed(action))?;
        let position = self.position();
        let forced = match position.legal_moves().as_slice() {
            [only] if position.is_pass(only) => Some(*only),
            _ => None,
        };
        Ok(forced.is_some_and(|m| self.play(Action::Play(m)).is_ok()))
    }

    /// A player's action with the chance inside it drawn (Chapayev's lifts), from the
    /// match's seed and the place in the record as a roll is: the same after an undo.
    /// A server's seed never leaves it, so no client knows the draw before the action.
    fn sealed(&self, action: Action) -> Action {
        match action {
            Action::Play(m) => {
                let random =
                    super::computer::mix(self.seed ^ super::computer::mix(!(self.cursor as u64)));
                Action::Play(self.position().sealed(m, random))
            }
            other => other,
        }
    }

    /// Whether the match has begun: an action played, or time gone on a clock.
    pub fn started(&self) -> bool {
        !self.actions.is_empty() || self.clock() != self.states[0].clock.as_ref()
    }

    /// True when action `i` is a pass.
    fn is_pass(&self, i: usize) -> bool {
        matches!(self.actions.get(i), Some(Action::Play(m)) if self.states[i].position.is_pass(m))
    }

    /// Whether a player can take an action back: any but Chapayev's lot, which stays.
    pub fn can_take_back(&self) -> bool {
        self.cursor > 0
            && !matches!(self.actions[self.cursor - 1], Action::Play(m) if self.states[self.cursor - 1].position.is_lot(&m))
    }

    /// Takes the last action back as a player undoes it: a forced pass goes back with
    /// the move that caused it, and the lot stays.
    pub fn take_back(&mut self) -> bool {
        if !self.can_take_back() {
            return false;
        }
        let was_pass = self.is_pass(self.cursor - 1);
        self.undo();
        if was_pass {
            self.undo();
        }
        true
    }

    /// Forgets the actions after the position shown, as a takeback does.
    pub fn drop_later(&mut self) {
        self.actions.truncate(self.cursor);
        self.states.truncate(self.cursor + 1);
    }

    /// Redoes the next action, and the forced pass that followed it.
    pub fn bring_back(&mut self) -> bool {
        if !self.redo() {
            return false;
        }
        if self.is_pass(self.cursor) {
            self.redo();
        }
        true
    }

    /// Moves the cursor to just after action `n` (0: the start), within the record.
    pub fn go_to(&mut self, n: usize) {
        self.cursor = n.min(self.actions.len());
        self.sync_clock();
    }

    /// The notation of action `i` in the position where it was played.
    pub fn notation(&self, i: usize) -> String {
        action_notation(&self.states[i].position, &self.actions[i])
    }

    /// Reads an action in the game's notation (or one of the shared words) and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<(), Error> {
        let action = parse_action(self.position(), text)?;
        self.play(action)
    }
}

pub fn action_notation(position: &Position, action: &Action) -> String {
    match action {
        Action::Play(m) => position.notation(m),
        Action::OfferDraw => OFFER_DRAW.into(),
        Action::AcceptDraw => ACCEPT_DRAW.into(),
        Action::ClaimDraw => CLAIM_DRAW.into(),
        Action::ClaimDrawWith(m) => format!("{} {CLAIM_DRAW}", position.notation(m)),
        Action::Resign => RESIGN.into(),
    }
}

pub fn parse_action(position: &Position, text: &str) -> Result<Action, Error> {
    read_action(text, |m| position.parse_move(m))
}

/// Reads an action as the player of `seat` means it: a bare bughouse move is played
/// on the seat's own board.
pub fn parse_action_as(position: &Position, seat: usize, text: &str) -> Result<Action, Error> {
    read_action(text, |m| position.parse_move_as(seat, m))
}

fn read_action(
    text: &str,
    parse_move: impl Fn(&str) -> Result<Move, Error>,
) -> Result<Action, Error> {
    Ok(match text.trim() {
        OFFER_DRAW => Action::OfferDraw,
        ACCEPT_DRAW => Action::AcceptDraw,
        CLAIM_DRAW => Action::ClaimDraw,
        RESIGN => Action::Resign,
        t => match t.strip_suffix(CLAIM_DRAW) {
            Some(m) if m.ends_with(' ') => Action::ClaimDrawWith(parse_move(m)?),
            _ => Action::Play(parse_move(t)?),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Match {
        Match::new(Position::new(GameId::Chess, &[]).unwrap())
    }

    /// Plays Reversi games, picking moves by a fixed sequence, until a player is left
    /// without a move right after another's move.
    fn reversi_with_a_forced_pass() -> Match {
        for seed in 0..200u64 {
            let mut m = Match::new(Position::new(GameId::Reversi, &[]).unwrap());
            let mut x = seed;
            while m.outcome().is_none() {
                let moves = m.position().legal_moves();
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = moves[(x >> 33) as usize % moves.len()];
                if m.act(Action::Play(pick)).unwrap() {
                    return m;
                }
            }
        }
        panic!("no forced pass in 200 games");
    }

    #[test]
    fn a_forced_pass_is_played_with_the_move_and_taken_back_with_it() {
        let mut m = reversi_with_a_forced_pass();
        let n = m.cursor();
        let Action::Play(last) = m.actions()[n - 1] else {
            panic!("a pass is a move")
        };
        assert!(m.state_before(n - 1).position.is_pass(&last));
        assert!(m.take_back());
        assert_eq!(
            m.cursor(),
            n - 2,
            "the pass goes back with the move before it"
        );
        assert!(m.bring_back());
        assert_eq!(m.cursor(), n, "and comes again with it");
    }

    #[test]
    fn clocks_run_for_the_seat_to_move_and_undo_restores_them() {
        use crate::rules::clock::TimeControl;
        use crate::rules::record::SavedGame;
        let mut m = chess();
        m.set_time_control(TimeControl::Fischer {
            base: 60_000,
            increment: 1_000,
        });
        m.tick(5_000);
        m.play_text("e4").unwrap();
        let left = |m: &Match| {
            let c = m.clock().unwrap();
            (c.seats[0].left, c.seats[1].left)
        };
        assert_eq!(left(&m), (56_000, 60_000));
        m.tick(2_000);
        m.play_text("e5").unwrap();
        assert_eq!(left(&m), (56_000, 59_000));
        m.undo();
        assert_eq!(left(&m), (56_000, 60_000), "as they read then");
        m.tick(3_000);
        assert_eq!(left(&m), (56_000, 60_000), "browsing back, no clock runs");
        m.redo();
        assert_eq!(left(&m), (56_000, 59_000));
        let saved = SavedGame::from_match(&m, &[]);
        let back = SavedGame::from_ron(&saved.to_ron())
            .unwrap()
            .to_match()
            .unwrap();
        assert_eq!(left(&back), (56_000, 59_000));
        m.tick(60_000);
        assert_eq!(
            m.outcome(),
            Some(Outcome::win(Side::Black, Reason::TimeForfeit))
        );
        assert!(m.play_text("Nf3").is_err());
        // Against a lone king the flag only draws.
        let lone = Position::set_up(GameId::Chess, &[], "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let mut m = Match::new(lone);
        m.set_time_control(TimeControl::SuddenDeath { base: 1_000 });
        m.tick(2_000);
        assert_eq!(m.outcome(), Some(Outcome::draw(Reason::TimeForfeit)));
    }

    #[test]
    fn in_chess_for_three_a_fallen_flag_leaves_the_game_to_the_others() {
        use crate::rules::clock::TimeControl;
        let mut m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
        m.set_time_control(TimeControl::SuddenDeath { base: 1_000 });
        let first = m.position().seats().seat_to_move();
        m.tick(2_000);
        assert_eq!(m.outcome(), None, "the other two play on");
        assert_eq!(m.actions(), [Action::Resign]);
        assert_ne!(m.position().seats().seat_to_move(), first);
    }

    /// Plays the match until it ends, the seats' flags falling in `order`: the seat
    /// on move next in it runs out of time, the others move at once.
    fn flags_in(mut m: Match, order: &[usize]) -> Match {
        // Those to flag have half the others' time, so that a seat on move beside
        // them (bughouse's other board) never runs out first.
        let left: Vec<Millis> = (0..m.position().seats().seat_count())
            .map(|s| if order.contains(&s) { 30_000 } else { 60_000 })
            .collect();
        m.set_clock_now(&left);
        let mut next = order.iter().copied().peekable();
        let mut plies = 0;
        while m.outcome().is_none() {
            plies += 1;
            assert!(plies < 200, "{order:?}: the match never ended");
            let on_move = m.position().seats().seats_on_move();
            if let Some(&seat) = next.peek()
                && on_move.contains(&seat)
            {
                next.next();
                let left = m.clock().unwrap().seats[seat].left;
                m.focus(seat);
                m.tick(left);
                continue;
            }
            m.tick(1);
            let mover = m.position().seats().seat_to_move();
            let pick = m
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Play(mv) if m.position().mover(mv) == mover))
                .expect("a move");
            m.act(pick).unwrap();
        }
        m
    }

    #[test]
    fn in_chess_for_three_every_order_of_two_flags_ends_the_match() {
        use crate::rules::clock::TimeControl;
        for order in [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]] {
            let mut m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
            m.set_time_control(TimeControl::SuddenDeath { base: 60_000 });
            let m = flags_in(m, &order);
            let last = 3 - order[0] - order[1];
            let outcome = m.outcome().unwrap();
            assert_eq!(
                outcome.winner,
                Some(m.position().seats().seat_side(last)),
                "{order:?}"
            );
            let resigned = m.actions().iter().filter(|a| **a == Action::Resign).count();
            assert_eq!(resigned, 2, "{order:?}: each flag is played once");
        }
    }

    #[test]
    fn in_bughouse_any_seats_flag_loses_for_its_team() {
        use crate::rules::clock::TimeControl;
        for seat in 0..4 {
            let mut m = Match::new(Position::new(GameId::Bughouse, &[]).unwrap());
            m.set_time_control(TimeControl::SuddenDeath { base: 60_000 });
            let m = flags_in(m, &[seat]);
            let loser = m.position().seats().wins_as(seat);
            let outcome = m.outcome().unwrap();
            assert_eq!(outcome.reason, Reason::TimeForfeit, "seat {seat}");
            assert_eq!(outcome.winner, Some(loser.other()), "seat {seat}");
        }
    }

    #[test]
    fn a_match_has_begun_once_a_clock_has_run() {
        use crate::rules::clock::TimeControl;
        let mut m = chess();
        m.set_time_control(TimeControl::SuddenDeath { base: 60_000 });
        assert!(!m.started());
        m.tick(1_000);
        assert!(m.started(), "time gone on White's clock");
        let mut m = chess();
        m.play_text("e4").unwrap();
        assert!(m.started());
    }

    #[test]
    fn the_lot_is_never_taken_back() {
        let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
        assert!(!m.can_take_back());
        let lot = Action::Play(Move::Chapayev(crate::rules::chapayev::Action::Lot {
            white_seat: 1,
            seed: 7,
        }));
        assert_eq!(m.act(lot), Ok(false));
        assert!(!m.can_take_back());
        assert!(!m.take_back());
        assert_eq!(m.cursor(), 1);
    }

    #[test]
    fn undo_redo_and_a_new_move_drops_the_future() {
        let mut m = chess();
        m.play_text("e4").unwrap();
        m.play_text("e5").unwrap();
        assert!(m.undo());
        assert_eq!(m.actions().len(), 1);
        assert!(m.redo());
        assert_eq!(m.actions().len(), 2);
        m.go_to(1);
        m.play_text("c5").unwrap();
        assert_eq!(m.all_actions().len(), 2);
        assert_eq!(m.notation(1), "c5");
        assert!(!m.redo());
    }

    #[test]
    fn a_draw_offer_stands_until_the_opponent_moves() {
        let mut m = chess();
        m.play(Action::OfferDraw).unwrap();
        assert!(
            !m.legal_actions().contains(&Action::AcceptDraw),
            "not by the one who offered"
        );
        m.play_text("e4").unwrap();
        assert!(m.legal_actions().contains(&Action::AcceptDraw));
        m.play_text("e5").unwrap();
        assert!(
            !m.legal_actions().contains(&Action::AcceptDraw),
            "a move declines it"
        );
        m.play(Action::OfferDraw).unwrap();
        m.play_text("Nf3").unwrap();
        m.play(Action::AcceptDraw).unwrap();
        assert_eq!(m.outcome(), Some(Outcome::draw(Reason::Agreement)));
        assert!(
            m.play_text("Nc6").is_err(),
            "nothing is played after the end"
        );
    }

    #[test]
    fn resignation_ends_the_game_for_the_player_to_move() {
        let mut m = chess();
        m.play_text("e4").unwrap();
        m.play(Action::Resign).unwrap();
        assert_eq!(
            m.outcome(),
            Some(Outcome::win(Side::White, Reason::Resignation))
        );
        assert!(m.undo());
        assert_eq!(m.outcome(), None);
    }

    #[test]
    fn bad_input_is_an_error_with_a_reason() {
        let mut m = chess();
        let e = m.play_text("e5").unwrap_err();
        assert!(
            matches!(&e, Error::Notation(d) if d.key == "detail-not-legal-here"),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "e5 is not legal here");
        assert_eq!(
            m.play(Action::AcceptDraw).unwrap_err(),
            Error::Illegal(Illegal::NoOffer)
        );
        assert!(m.play_text("").is_err());
    }
}
