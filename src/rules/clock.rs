//! Game clocks: the time control chosen before a match and each seat's reading. The
//! clock is pure: the app tells it how much time has passed for the seat to move and
//! when a turn is over, and tests do the same with simulated time.

use serde::{Deserialize, Serialize};

/// Milliseconds.
pub type Millis = u64;

const MINUTE: Millis = 60_000;

/// How much time the players have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clocks.
    #[default]
    None,
    /// One allowance for the whole game.
    SuddenDeath { base: Millis },
    /// An allowance, and an increment added after each move.
    Fischer { base: Millis, increment: Millis },
    /// After each move the time it took is given back, up to the delay.
    Bronstein { base: Millis, delay: Millis },
    /// Each turn's first seconds, up to the delay, do not count.
    SimpleDelay { base: Millis, delay: Millis },
    /// `moves` moves in `base`, then the rest of the game in `then`; unused time is
    /// carried over (100-cell chess's regulation: 40 moves in 2 h 30 min, then 1 h).
    Periods {
        moves: u32,
        base: Millis,
        then: Millis,
    },
}

impl TimeControl {
    /// The presets the setup panel offers, by id.
    pub const PRESETS: &'static [(&'static str, TimeControl)] = &[
        ("none", TimeControl::None),
        ("blitz-5", TimeControl::SuddenDeath { base: 5 * MINUTE }),
        (
            "blitz-3-2",
            TimeControl::Fischer {
                base: 3 * MINUTE,
                increment: 2_000,
            },
        ),
        (
            "rapid-15-10",
            TimeControl::Fischer {
                base: 15 * MINUTE,
                increment: 10_000,
            },
        ),
        ("rapid-30", TimeControl::SuddenDeath { base: 30 * MINUTE }),
        (
            "bronstein-10-5",
            TimeControl::Bronstein {
                base: 10 * MINUTE,
                delay: 5_000,
            },
        ),
        (
            "delay-10-5",
            TimeControl::SimpleDelay {
                base: 10 * MINUTE,
                delay: 5_000,
            },
        ),
        (
            "classical-40-150-60",
            TimeControl::Periods {
                moves: 40,
                base: 150 * MINUTE,
                then: 60 * MINUTE,
            },
        ),
    ];

    pub fn id(self) -> &'static str {
        TimeControl::PRESETS
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("custom", |(id, _)| id)
    }

    pub fn from_id(id: &str) -> Option<TimeControl> {
        TimeControl::PRESETS
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, c)| *c)
    }

    /// How a replay file's `[Clocks]` tag writes it: a preset's id, or the control
    /// spelt out in seconds (`fischer:180+2`, `delay:600+5`, `periods:40/9000+3600`).
    pub fn tag(self) -> String {
        match self.id() {
            "custom" => self.spelt(),
            id => id.to_string(),
        }
    }

    /// The control spelt out in seconds, a preset's too (`fischer:180+2`).
    pub fn spelt(self) -> String {
        let s = |ms: Millis| ms / 1000;
        match self {
            TimeControl::SuddenDeath { base } => format!("sudden-death:{}", s(base)),
            TimeControl::Fischer { base, increment } => {
                format!("fischer:{}+{}", s(base), s(increment))
            }
            TimeControl::Bronstein { base, delay } => {
                format!("bronstein:{}+{}", s(base), s(delay))
            }
            TimeControl::SimpleDelay { base, delay } => format!("delay:{}+{}", s(base), s(delay)),
            TimeControl::Periods { moves, base, then } => {
                format!("periods:{moves}/{}+{}", s(base), s(then))
            }
            TimeControl::None => "none".into(),
        }
    }

    /// Reads what [`TimeControl::tag`] writes.
    pub fn from_tag(tag: &str) -> Option<TimeControl> {
        if let Some(preset) = TimeControl::from_id(tag) {
            return Some(preset);
        }
        let (kind, numbers) = tag.split_once(':')?;
        let ms = |t: &str| t.trim().parse::<Millis>().ok()?.checked_mul(1000);
        let pair = |t: &str| {
            let (a, b) = t.split_once('+')?;
            Some((ms(a)?, ms(b)?))
        };
        Some(match kind {
            "sudden-death" => TimeControl::SuddenDeath { base: ms(numbers)? },
            "fischer" => {
                let (base, increment) = pair(numbers)?;
                TimeControl::Fischer { base, increment }
            }
            "bronstein" => {
                let (base, delay) = pair(numbers)?;
                TimeControl::Bronstein { base, delay }
            }
            "delay" => {
                let (base, delay) = pair(numbers)?;
                TimeControl::SimpleDelay { base, delay }
            }
            "periods" => {
                let (moves, rest) = numbers.split_once('/')?;
                let (base, then) = pair(rest)?;
                TimeControl::Periods {
                    moves: moves.trim().parse().ok()?,
                    base,
                    then,
                }
            }
            _ => return None,
        })
    }

    /// The kinds of control a player may set the numbers of, by the word that begins
    /// their tag: the setup's clock list offers each after the presets.
    pub const KINDS: [&'static str; 5] =
        ["sudden-death", "fischer", "bronstein", "delay", "periods"];

    /// A control of `kind` with `from`'s allowance (ten minutes where `from` has none),
    /// the usual five seconds for an increment or delay and 40 moves for a first period.
    pub fn of_kind(kind: &str, from: TimeControl) -> Option<TimeControl> {
        let base = from.base().unwrap_or(10 * MINUTE);
        Some(match kind {
            "sudden-death" => TimeControl::SuddenDeath { base },
            "fischer" => TimeControl::Fischer {
                base,
                increment: 5_000,
            },
            "bronstein" => TimeControl::Bronstein { base, delay: 5_000 },
            "delay" => TimeControl::SimpleDelay { base, delay: 5_000 },
            "periods" => TimeControl::Periods {
                moves: 40,
                base,
                then: base / 2,
            },
            _ => return None,
        })
    }

    /// The word of [`TimeControl::KINDS`] this control is of; `None` has none.
    pub fn kind(self) -> Option<&'static str> {
        match self {
            TimeControl::None => None,
            TimeControl::SuddenDeath { .. } => Some("sudden-death"),
            TimeControl::Fischer { .. } => Some("fischer"),
            TimeControl::Bronstein { .. } => Some("bronstein"),
            TimeControl::SimpleDelay { .. } => Some("delay"),
            TimeControl::Periods { .. } => Some("periods"),
        }
    }

    fn base(self) -> Option<Millis> {
        match self {
            TimeControl::None => None,
            TimeControl::SuddenDeath { base }
            | TimeControl::Fischer { base, .. }
            | TimeControl::Bronstein { base, .. }
            | TimeControl::SimpleDelay { base, .. }
            | TimeControl::Periods { base, .. } => Some(base),
        }
    }
}

/// One seat's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// Time left.
    pub left: Millis,
    /// Moves made, for the periods.
    pub moves: u32,
    /// Time used in the turn under way, for the delays.
    pub this_turn: Millis,
}

/// The clocks of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    pub seats: Vec<Reading>,
}

impl Clock {
    /// Clocks for `seats` players, or None where the control has none.
    pub fn new(control: TimeControl, seats: usize) -> Option<Clock> {
        let base = control.base()?;
        Some(Clock {
            control,
            seats: vec![
                Reading {
                    left: base,
                    ..Reading::default()
                };
                seats
            ],
        })
    }

    /// Time passes for `seat`, the one to move.
    pub fn elapse(&mut self, seat: usize, ms: Millis) {
        let control = self.control;
        let Some(r) = self.seats.get_mut(seat) else {
            return;
        };
        let free = match control {
            TimeControl::SimpleDelay { delay, .. } => delay.saturating_sub(r.this_turn).min(ms),
            _ => 0,
        };
        r.this_turn = r.this_turn.saturating_add(ms);
        r.left = r.left.saturating_sub(ms - free);
    }

    /// `seat` has ended its turn: the increment or the delay given back, the next
    /// period's time once its moves are made.
    pub fn moved(&mut self, seat: usize) {
        let control = self.control;
        let Some(r) = self.seats.get_mut(seat) else {
            return;
        };
        if r.left == 0 {
            return;
        }
        r.moves = r.moves.saturating_add(1);
        match control {
            TimeControl::Fischer { increment, .. } => r.left += increment,
            TimeControl::Bronstein { delay, .. } => r.left += r.this_turn.min(delay),
            TimeControl::Periods { moves, then, .. } if r.moves == moves => r.left += then,
            _ => {}
        }
        r.this_turn = 0;
    }

    /// The seat whose time has run out.
    pub fn flagged(&self) -> Option<usize> {
        self.seats.iter().position(|r| r.left == 0)
    }
}

/// `h:mm:ss`, as PGN's `%clk` writes a reading; under ten seconds a tenth is shown in
/// the app instead (see [`shown`]).
pub fn clk(ms: Millis) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// How the app shows a reading: `m:ss`, `h:mm:ss` past an hour, `s.t` under ten seconds.
pub fn shown(ms: Millis) -> String {
    let s = ms / 1000;
    if ms < 10_000 {
        format!("{}.{}", s, ms / 100 % 10)
    } else if s >= 3600 {
        clk(ms)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Milliseconds until a running reading of `ms` shows differently (see [`shown`]):
/// a tenth of a second under ten seconds, else a second.
pub fn until_shown_changes(ms: Millis) -> Millis {
    let step = if ms < 10_000 { 100 } else { 1000 };
    ms % step + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_changes_on_its_shown_step() {
        assert_eq!(until_shown_changes(65_400), 401);
        assert_eq!(until_shown_changes(10_000), 1);
        assert_eq!(until_shown_changes(9_950), 51);
        assert_eq!(shown(65_400), "1:05");
        assert_eq!(shown(65_400 - 401), "1:04");
    }

    fn clock(control: TimeControl) -> Clock {
        Clock::new(control, 2).unwrap()
    }

    #[test]
    fn no_control_no_clock() {
        assert_eq!(Clock::new(TimeControl::None, 2), None);
    }

    #[test]
    fn sudden_death_counts_down_and_flags() {
        let mut c = clock(TimeControl::SuddenDeath { base: 1_000 });
        c.elapse(0, 400);
        c.moved(0);
        assert_eq!(c.seats[0].left, 600);
        assert_eq!(c.flagged(), None);
        c.elapse(1, 5_000);
        assert_eq!(c.seats[1].left, 0);
        assert_eq!(c.flagged(), Some(1));
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move() {
        let mut c = clock(TimeControl::Fischer {
            base: 10_000,
            increment: 2_000,
        });
        c.elapse(0, 3_000);
        c.moved(0);
        assert_eq!(c.seats[0].left, 9_000);
    }

    #[test]
    fn bronstein_gives_back_the_time_used_up_to_the_delay() {
        let mut c = clock(TimeControl::Bronstein {
            base: 10_000,
            delay: 2_000,
        });
        c.elapse(0, 1_500);
        c.moved(0);
        assert_eq!(c.seats[0].left, 10_000, "all of it, under the delay");
        c.elapse(0, 3_000);
        c.moved(0);
        assert_eq!(c.seats[0].left, 9_000, "the delay's worth only");
    }

    #[test]
    fn a_simple_delay_runs_before_the_clock_does() {
        let mut c = clock(TimeControl::SimpleDelay {
            base: 10_000,
            delay: 2_000,
        });
        c.elapse(0, 1_500);
        assert_eq!(c.seats[0].left, 10_000);
        c.elapse(0, 1_500);
        assert_eq!(
            c.seats[0].left, 9_000,
            "the last 1.5 s count, 0.5 s of them free"
        );
        c.moved(0);
        c.elapse(0, 2_500);
        assert_eq!(c.seats[0].left, 8_500, "a new turn, a new delay");
    }

    #[test]
    fn periods_add_their_time_and_carry_the_unused_over() {
        let mut c = clock(TimeControl::Periods {
            moves: 2,
            base: 10_000,
            then: 5_000,
        });
        c.elapse(0, 1_000);
        c.moved(0);
        c.elapse(0, 1_000);
        c.moved(0);
        assert_eq!(c.seats[0].left, 13_000, "8 s carried over and 5 s more");
        c.elapse(0, 1_000);
        c.moved(0);
        assert_eq!(c.seats[0].left, 12_000, "no more periods");
    }

    #[test]
    fn a_flagged_clock_gets_nothing_back() {
        let mut c = clock(TimeControl::Fischer {
            base: 1_000,
            increment: 5_000,
        });
        c.elapse(0, 2_000);
        c.moved(0);
        assert_eq!(c.flagged(), Some(0));
    }

    #[test]
    fn readings_are_written_as_pgn_and_shown_briefly() {
        assert_eq!(clk(754_000), "0:12:34");
        assert_eq!(clk(3_723_000), "1:02:03");
        assert_eq!(shown(754_000), "12:34");
        assert_eq!(shown(9_450), "9.4");
        assert_eq!(shown(3_723_000), "1:02:03");
        for (id, control) in TimeControl::PRESETS {
            assert_eq!(TimeControl::from_id(id), Some(*control));
            assert_eq!(control.id(), *id);
            assert_eq!(TimeControl::from_tag(&control.tag()), Some(*control));
        }
        let custom = [
            TimeControl::SuddenDeath { base: 120_000 },
            TimeControl::Fischer {
                base: 3_600_000,
                increment: 30_000,
            },
            TimeControl::Bronstein {
                base: 60_000,
                delay: 3_000,
            },
            TimeControl::SimpleDelay {
                base: 60_000,
                delay: 1_000,
            },
            TimeControl::Periods {
                moves: 30,
                base: 5_400_000,
                then: 1_800_000,
            },
        ];
        for control in custom {
            assert_eq!(control.id(), "custom");
            assert_eq!(TimeControl::from_tag(&control.tag()), Some(control));
        }
        assert_eq!(TimeControl::from_tag("fischer:60"), None);
    }

    #[test]
    fn every_kind_can_be_chosen_keeping_the_allowance() {
        let blitz = TimeControl::from_id("blitz-5").unwrap();
        for kind in TimeControl::KINDS {
            let control = TimeControl::of_kind(kind, blitz).unwrap();
            assert_eq!(control.kind(), Some(kind));
            assert_eq!(control.base(), Some(5 * MINUTE));
            assert!(control.spelt().starts_with(kind), "{}", control.spelt());
            let fresh = TimeControl::of_kind(kind, TimeControl::None).unwrap();
            assert_eq!(fresh.base(), Some(10 * MINUTE));
        }
        assert_eq!(TimeControl::of_kind("hourglass", blitz), None);
        assert_eq!(TimeControl::None.kind(), None);
    }
}
