//! A match's settings on the server: the game, its house rules, the time control, who
//! sits in each seat and how well the computer plays; read from a client's request,
//! checked, and written to the store.

use super::refused::Refused;
use super::store::MatchRow;
use crate::engine::search::Level;
use crate::protocol::{Listing, SeatPlan};
use crate::rules::clock::{Millis, TimeControl};
use crate::rules::{GameId, Position};
use std::collections::BTreeMap;

/// The longest time a clock may give: a day, so no sum of them overflows.
const LONGEST: Millis = 24 * 60 * 60 * 1000;

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub game: GameId,
    pub options: BTreeMap<String, String>,
    pub control: TimeControl,
    pub plans: Vec<SeatPlan>,
    pub level: Level,
}

/// Whether the server plays a house rule's value: dice entered by hand are for players
/// at one table, and on a server the server rolls. `games` offers only these values.
pub fn served(rule: &str, value: &str) -> bool {
    !(rule == "dice_source" && value == "manual")
}

impl Settings {
    /// Checks a request's settings: a known game and house rules, a time control,
    /// a plan for every seat, and no rule that needs the players at one table.
    pub fn read(
        game: &str,
        options: BTreeMap<String, String>,
        clock: Option<&str>,
        plans: Vec<SeatPlan>,
        level: Option<&str>,
    ) -> Result<Settings, Refused> {
        let game = GameId::from_id(game)?;
        let control = match clock {
            None => TimeControl::None,
            Some(tag) => TimeControl::from_tag(tag)
                .filter(sensible)
                .ok_or_else(|| Refused::Clock(tag.to_string()))?,
        };
        let level = match level {
            None => Level::Normal,
            Some(id) => Level::from_id(id).ok_or_else(|| Refused::Level(id.to_string()))?,
        };
        let settings = Settings {
            game,
            options,
            control,
            plans,
            level,
        };
        let start = settings.start()?;
        let seats = start.seats().seat_count();
        if settings.plans.len() != seats {
            return Err(Refused::Plans(format!(
                "{} has {seats} seats, not {}",
                game.id(),
                settings.plans.len()
            )));
        }
        // The computer plays for people: computers alone would hold the server's cores
        // with nobody at the board.
        if settings.plans.iter().all(|&p| p == SeatPlan::Computer) {
            return Err(Refused::Plans(
                "a match needs a seat for a person ('me' or 'open')".into(),
            ));
        }
        if settings
            .options
            .iter()
            .any(|(id, value)| !served(id, value))
        {
            return Err(Refused::ServerRolls);
        }
        Ok(settings)
    }

    pub fn rules(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    pub fn start(&self) -> Result<Position, Refused> {
        Ok(Position::new(self.game, &self.rules())?)
    }

    /// The seat a player of `seat` takes in the rematch: the other colour of the same
    /// board (seats of even count come in pairs, White then Black), or the next army
    /// round the board in chess for three.
    pub fn swap(&self, seat: usize) -> usize {
        let n = self.plans.len();
        if n.is_multiple_of(2) {
            seat ^ 1
        } else {
            (seat + 1) % n
        }
    }

    pub fn listing(&self, code: &str) -> Listing {
        Listing {
            code: code.to_string(),
            game: self.game.id().to_string(),
            options: self.options.clone(),
            clock: self.clock_tag(),
            seats: Vec::new(),
            result: None,
            level: self
                .plans
                .contains(&SeatPlan::Computer)
                .then(|| self.level.id().to_string()),
        }
    }

    fn clock_tag(&self) -> String {
        match self.control {
            TimeControl::None => "-".to_string(),
            control => control.tag(),
        }
    }

    pub fn row(&self, code: &str, seed: u64, created: u64) -> MatchRow {
        MatchRow {
            code: code.to_string(),
            game: self.game.id().to_string(),
            options: serde_json::to_string(&self.options).expect("house rules are JSON"),
            clock: self.clock_tag(),
            plans: serde_json::to_string(&self.plans).expect("plans are JSON"),
            level: self.level.id().to_string(),
            seed,
            created,
        }
    }

    pub fn from_row(row: &MatchRow) -> Result<Settings, Refused> {
        let options = serde_json::from_str(&row.options)
            .map_err(|e| Refused::Plans(format!("house rules: {e}")))?;
        let plans =
            serde_json::from_str(&row.plans).map_err(|e| Refused::Plans(format!("seats: {e}")))?;
        let clock = (row.clock != "-").then_some(row.clock.as_str());
        Settings::read(&row.game, options, clock, plans, Some(&row.level))
    }
}

/// A time control whose main time is at least a second, and each of whose numbers is
/// at most a day (an increment or delay of 0 is a control without one).
fn sensible(control: &TimeControl) -> bool {
    let within = |ms: Millis| ms <= LONGEST;
    match *control {
        TimeControl::None => true,
        TimeControl::SuddenDeath { base } => base >= 1000 && within(base),
        TimeControl::Fischer {
            base,
            increment: more,
        }
        | TimeControl::Bronstein { base, delay: more }
        | TimeControl::SimpleDelay { base, delay: more } => {
            base >= 1000 && within(base) && within(more)
        }
        TimeControl::Periods { moves, base, then } => {
            moves > 0 && base >= 1000 && within(base) && within(then)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(game: &str, clock: Option<&str>, plans: &[SeatPlan]) -> Result<Settings, Refused> {
        Settings::read(game, BTreeMap::new(), clock, plans.to_vec(), None)
    }

    #[test]
    fn settings_are_checked() {
        use SeatPlan::*;
        assert!(read("chess", Some("blitz-3-2"), &[Me, Open]).is_ok());
        assert!(read("chess", Some("fischer:60+1"), &[Me, Computer]).is_ok());
        assert!(matches!(
            read("go", None, &[Me, Open]),
            Err(Refused::Rules(_))
        ));
        assert!(matches!(read("chess", None, &[Me]), Err(Refused::Plans(_))));
        assert!(matches!(
            read("tri-chess", None, &[Me, Open]),
            Err(Refused::Plans(_))
        ));
        assert!(read("bughouse", None, &[Me, Open, Open, Computer]).is_ok());
        assert!(matches!(
            read("chess", Some("sudden-death:0"), &[Me, Open]),
            Err(Refused::Clock(_))
        ));
        assert!(matches!(
            read("chess", Some("fischer:99999999999999999999+1"), &[Me, Open]),
            Err(Refused::Clock(_))
        ));
        let manual = BTreeMap::from([("dice_source".to_string(), "manual".to_string())]);
        assert_eq!(
            Settings::read("dice-chess", manual, None, vec![Me, Open], None),
            Err(Refused::ServerRolls)
        );
    }

    #[test]
    fn a_rematch_swaps_colours() {
        use SeatPlan::*;
        let two = read("chess", None, &[Me, Open]).unwrap();
        assert_eq!((two.swap(0), two.swap(1)), (1, 0));
        let four = read("bughouse", None, &[Me, Open, Open, Open]).unwrap();
        assert_eq!(
            (0..4).map(|s| four.swap(s)).collect::<Vec<_>>(),
            [1, 0, 3, 2]
        );
    }

    #[test]
    fn settings_survive_the_store() {
        use SeatPlan::*;
        let s = read("chess100", Some("blitz-3-2"), &[Computer, Open]).unwrap();
        assert_eq!(Settings::from_row(&s.row("ABC", 1, 2)), Ok(s));
    }
}
