//! Studying a game: the match as played is kept aside while the player browses it and
//! tries moves on a copy, which the engine analyses. A move tried anywhere opens a
//! variation on the copy (no question asked, nothing of the game lost); "Back to the
//! game" brings the game back where the variation left it, and closing the study
//! brings it back as it was, its computer seats and all.

use super::Session;
use crate::plugins::host::LocalMatch;
use crate::rules::Match;

/// The game kept while it is studied.
#[derive(Clone, Debug)]
pub struct Study {
    /// The match as played.
    pub game: Match,
    /// Its computer seats, which stay idle while it is studied.
    computer: Vec<bool>,
    /// Whether its clocks were stopped.
    paused: bool,
}

impl Session {
    /// Whether the match shown is a game being studied.
    pub fn studying(&self) -> bool {
        self.study.is_some()
    }

    /// The game studied, as played.
    pub fn studied(&self) -> Option<&Match> {
        self.study.as_ref().map(|s| &s.game)
    }

    /// Starts studying the match shown: every seat is the player's, the clocks stop.
    /// A match on a server is not studied here (it is the server's to keep).
    pub fn start_study(&mut self) {
        if self.studying() || self.online() {
            return;
        }
        self.study = Some(Study {
            game: self.current().clone(),
            computer: self.draft.computer.clone(),
            paused: self.clocks_paused,
        });
        self.draft.computer.iter_mut().for_each(|c| *c = false);
        self.clocks_paused = true;
        self.taken_back.clear();
        self.refresh();
    }

    /// Ends the study: the game comes back as it was when the study began.
    pub fn end_study(&mut self) {
        let Some(study) = self.study.take() else {
            return;
        };
        self.draft.computer = study.computer;
        self.clocks_paused = study.paused;
        self.host = Box::new(LocalMatch(study.game));
        self.taken_back.clear();
        self.animate = None;
        self.refresh();
    }

    /// Where the line shown leaves the game: the number of the game's actions it
    /// shares, or None while it is the game itself (browsed anywhere).
    pub fn variation_from(&self) -> Option<usize> {
        let shared = self.shared_with_game()?;
        (shared < self.current().all_actions().len()).then_some(shared)
    }

    /// How many actions, from the start, the line shown shares with the game studied.
    pub fn shared_with_game(&self) -> Option<usize> {
        let game = self.study.as_ref()?.game.all_actions();
        let line = self.current().all_actions();
        Some(game.iter().zip(line).take_while(|(a, b)| a == b).count())
    }

    /// Leaves a variation for the game, at the position where the variation began.
    pub fn back_to_game(&mut self) {
        let (Some(from), Some(study)) = (self.variation_from(), self.study.as_ref()) else {
            return;
        };
        let mut game = study.game.clone();
        game.go_to(from);
        self.host = Box::new(LocalMatch(game));
        self.taken_back.clear();
        self.animate = None;
        self.refresh();
    }
}
