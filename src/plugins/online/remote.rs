//! The host of a match held by a server. The app asks it what it asks a match on this
//! machine; it plays the player's actions on its copy at once, so they show without
//! waiting, and hands them on to be sent ([`Sent`]). The server's own account of the
//! match replaces the copy whenever it comes ([`crate::plugins::Session::follow`]).

use crate::plugins::host::{MatchHost, Seated};
use crate::rules::clock::Millis;
use crate::rules::history::action_notation;
use crate::rules::{Action, Error, Match};
use std::sync::mpsc::Sender;

/// What the player did that the server must hear.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// An action of `seat`, in the game's notation.
    Act { seat: usize, action: String },
    /// Undo, at the end of the record: a takeback asked of the other players.
    Takeback,
}

pub struct RemoteMatch {
    m: Match,
    sent: Sender<Sent>,
    seated: Seated,
}

impl RemoteMatch {
    /// The server's match `m`, with `mine` the seats played at this screen.
    pub fn new(m: Match, sent: Sender<Sent>, mine: Vec<usize>) -> RemoteMatch {
        RemoteMatch {
            m,
            sent,
            seated: Seated {
                mine,
                ..Seated::default()
            },
        }
    }
}

impl MatchHost for RemoteMatch {
    fn shown(&self) -> &Match {
        &self.m
    }

    /// The server's match; a player browsing its earlier moves stays where they are.
    fn begin(&mut self, m: Match) {
        let browsing = self.m.can_redo().then(|| self.m.cursor());
        self.m = m;
        if let Some(at) = browsing {
            self.m.go_to(at);
        }
    }

    fn act(&mut self, action: Action) -> Result<bool, Error> {
        let position = self.m.position();
        let seat = action.actor(position);
        let text = action_notation(position, &action);
        let passed = self.m.act(action)?;
        // The app has gone only if this channel is closed; nothing is left to tell.
        let _ = self.sent.send(Sent::Act { seat, action: text });
        Ok(passed)
    }

    /// Redo after a takeback has nothing to restore online: the server dropped them.
    fn replay(&mut self, action: Action) -> Result<(), Error> {
        self.act(action).map(|_| ())
    }

    /// While browsing, a step back; at the end of the record, a takeback asked of the
    /// other players, which changes nothing here until they agree.
    fn take_back(&mut self) -> bool {
        if self.m.can_redo() {
            return self.m.undo();
        }
        let _ = self.sent.send(Sent::Takeback);
        false
    }

    fn bring_back(&mut self) -> bool {
        self.m.bring_back()
    }

    fn go_to(&mut self, n: usize) {
        self.m.go_to(n);
    }

    /// Nothing is dropped here: the server's record is the match.
    fn drop_later(&mut self) {}

    /// The clocks shown run on between the server's readings, but never to zero: a
    /// flag falls on the server's clock, which gives back network lag.
    fn tick(&mut self, ms: Millis) {
        let m = &self.m;
        let least = m.clock().and_then(|clock| {
            m.position()
                .seats()
                .seats_on_move()
                .iter()
                .filter_map(|&s| clock.seats.get(s))
                .map(|r| r.left)
                .min()
        });
        if let Some(left) = least {
            self.m.tick(ms.min(left.saturating_sub(1)));
        }
    }

    fn seated(&self) -> Option<&Seated> {
        Some(&self.seated)
    }

    fn seated_mut(&mut self) -> Option<&mut Seated> {
        Some(&mut self.seated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Position};
    use std::sync::mpsc::channel;

    #[test]
    fn actions_show_at_once_and_are_sent_and_undo_asks() {
        let (tx, rx) = channel();
        let mut host = RemoteMatch::new(
            Match::new(Position::new(GameId::Chess, &[]).unwrap()),
            tx,
            vec![0],
        );
        let e4 = host
            .m
            .legal_actions()
            .into_iter()
            .find(|a| action_notation(host.m.position(), a) == "e4");
        host.act(e4.unwrap()).unwrap();
        assert_eq!(host.shown().actions().len(), 1);
        assert_eq!(
            rx.try_recv(),
            Ok(Sent::Act {
                seat: 0,
                action: "e4".into()
            })
        );
        assert!(!host.take_back());
        assert_eq!(rx.try_recv(), Ok(Sent::Takeback));
        assert_eq!(host.shown().actions().len(), 1, "nothing taken back yet");
    }
}
