//! Where a match is decided. The app never edits a match: it asks the match's host to
//! play an action, to step through the record or to take actions back, and shows the
//! match the host reports. Here the host is the match itself ([`LocalMatch`]); a match
//! on a server has another host, `plugins::online::remote::RemoteMatch`, that sends the
//! same requests over the network and reports the match as the server keeps it.

use crate::online::premove::Chosen;
use crate::rules::clock::Millis;
use crate::rules::{Action, Error, Match};

/// What this screen knows of a match's players when the match is held by a server.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seated {
    /// The seats played at this screen (none for a spectator): a person may not move
    /// for the others.
    pub mine: Vec<usize>,
    /// Whose player is not connected now, by seat.
    pub away: Vec<bool>,
    /// A seat is still open: the server starts the clocks only once every seat is
    /// taken, so the clocks shown stand still meanwhile too.
    pub open: bool,
    /// A move chosen while another player is to move, played when it becomes legal.
    pub premove: Option<Chosen>,
}

/// What the app may ask of a match, and what it reads back.
pub trait MatchHost: Send + Sync {
    /// The match as it stands: what the app shows, lights and browses.
    fn shown(&self) -> &Match;
    /// A new match, or one loaded, takes the place of the one here.
    fn begin(&mut self, m: Match);
    /// Plays `action` at the end of the record; true when a forced pass followed.
    fn act(&mut self, action: Action) -> Result<bool, Error>;
    /// Plays `action` again as it was recorded (a takeback undone), with no pass added.
    fn replay(&mut self, action: Action) -> Result<(), Error>;
    /// Steps back one action (and a forced pass with it); false where none may go.
    fn take_back(&mut self) -> bool;
    /// Steps forward again through the record.
    fn bring_back(&mut self) -> bool;
    /// Shows the position after `n` actions; the record stays.
    fn go_to(&mut self, n: usize);
    /// Drops the actions after the position shown (a takeback, or a new line).
    fn drop_later(&mut self);
    /// The clock of the seat on move counts `ms` more.
    fn tick(&mut self, ms: Millis);
    /// Online, who plays at this screen and who is away; `None` at one table, where
    /// this screen plays every seat.
    fn seated(&self) -> Option<&Seated> {
        None
    }
    fn seated_mut(&mut self) -> Option<&mut Seated> {
        None
    }
}

/// A match played on this machine: the host is the match itself.
pub struct LocalMatch(pub Match);

impl MatchHost for LocalMatch {
    fn shown(&self) -> &Match {
        &self.0
    }

    fn begin(&mut self, m: Match) {
        self.0 = m;
    }

    fn act(&mut self, action: Action) -> Result<bool, Error> {
        self.0.act(action)
    }

    fn replay(&mut self, action: Action) -> Result<(), Error> {
        self.0.play(action)
    }

    fn take_back(&mut self) -> bool {
        self.0.take_back()
    }

    fn bring_back(&mut self) -> bool {
        self.0.bring_back()
    }

    fn go_to(&mut self, n: usize) {
        self.0.go_to(n);
    }

    fn drop_later(&mut self) {
        self.0.drop_later();
    }

    fn tick(&mut self, ms: Millis) {
        self.0.tick(ms);
    }
}
