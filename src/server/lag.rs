//! Lag compensation, of the kind lichess uses: the time a move spent on the wire is
//! not the player's thinking time, so the server gives some of it back, but only from
//! a quota that refills a little with each move, so a client cannot claim a slow
//! network to gain time without bound.

use crate::rules::clock::Millis;

/// The quota a seat starts with.
const START: Millis = 500;
/// What each move adds to it.
const GAIN: Millis = 100;
/// The most it holds.
const MOST: Millis = 1_000;
/// The most given back for one move.
const PER_MOVE: Millis = 500;

/// A seat's measured lag and what is left of its quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lag {
    quota: Millis,
}

impl Default for Lag {
    fn default() -> Lag {
        Lag { quota: START }
    }
}

impl Lag {
    /// The time given back for a move that arrived with `one_way` milliseconds of
    /// measured network lag (half the connection's round trip), taken from the quota.
    pub fn compensate(&mut self, one_way: Millis) -> Millis {
        let given = one_way.min(PER_MOVE).min(self.quota);
        self.quota = (self.quota - given + GAIN).min(MOST);
        given
    }
}

/// A smoothed round trip, from the connection's pings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundTrip {
    average: Option<Millis>,
}

impl RoundTrip {
    /// Adds a measured round trip: a quarter of the new one, three of the old.
    pub fn measured(&mut self, ms: Millis) {
        self.average = Some(match self.average {
            None => ms,
            Some(old) => (3 * old + ms) / 4,
        });
    }

    /// Half the smoothed round trip: the estimate of one way's delay.
    pub fn one_way(&self) -> Millis {
        self.average.unwrap_or(0) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_is_given_back_within_the_quota() {
        let mut lag = Lag::default();
        assert_eq!(lag.compensate(100), 100);
        // 500 - 100 + 100 = 500 left; a huge claim gets the per-move cap.
        assert_eq!(lag.compensate(10_000), 500);
        // 0 + 100 left.
        assert_eq!(lag.compensate(10_000), 100);
        assert_eq!(lag.compensate(10_000), 100);
        // Quiet moves refill it up to the most.
        for _ in 0..20 {
            lag.compensate(0);
        }
        assert_eq!(lag.compensate(10_000), 500);
    }

    #[test]
    fn round_trips_are_smoothed() {
        let mut rtt = RoundTrip::default();
        assert_eq!(rtt.one_way(), 0);
        rtt.measured(100);
        assert_eq!(rtt.one_way(), 50);
        rtt.measured(500);
        assert_eq!(rtt.one_way(), 100);
    }
}
