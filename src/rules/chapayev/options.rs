//! Chapayev's house rules, as the spec's table names them.

use crate::rules::options::{HouseRules, OptionSpec, SWITCH, parse_switch, switch, unknown};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstShot {
    White,
    RoundLoser,
    Alternate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothCleared {
    Replay,
    ShooterLoses,
    ShooterWins,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Upgrade {
    Winner,
    Loser,
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChapayevOptions {
    /// "Does the earth rotate?": aim from any side, or only forwards within the cone.
    pub earth_rotates: bool,
    pub aim_cone_deg: u8,
    pub traitor: bool,
    pub hanging_test: bool,
    pub clean_sweep_bonus: bool,
    pub flick_only: bool,
    pub first_shot: FirstShot,
    pub both_cleared: BothCleared,
    pub upgrade: Upgrade,
    pub tours_to_win: u8,
    /// Each tour is one round on line 1.
    pub single_round_tours: bool,
}

impl Default for ChapayevOptions {
    fn default() -> Self {
        ChapayevOptions {
            earth_rotates: true,
            aim_cone_deg: 75,
            traitor: true,
            hanging_test: true,
            clean_sweep_bonus: true,
            flick_only: false,
            first_shot: FirstShot::White,
            both_cleared: BothCleared::Replay,
            upgrade: Upgrade::Winner,
            tours_to_win: 5,
            single_round_tours: false,
        }
    }
}

const CONES: &[&str] = &["30", "45", "60", "75", "90"];
const TOURS: &[&str] = &["1", "2", "3", "4", "5"];

impl HouseRules for ChapayevOptions {
    fn specs() -> &'static [OptionSpec] {
        &[
            OptionSpec {
                id: "earth_rotates",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "aim_cone_deg",
                default: "75",
                values: CONES,
            },
            OptionSpec {
                id: "traitor",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "hanging_test",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "clean_sweep_bonus",
                default: "on",
                values: SWITCH,
            },
            OptionSpec {
                id: "shot_types",
                default: "all",
                values: &["all", "flick_only"],
            },
            OptionSpec {
                id: "first_shot",
                default: "white",
                values: &["white", "round_loser", "alternate"],
            },
            OptionSpec {
                id: "both_cleared",
                default: "replay",
                values: &["replay", "shooter_loses", "shooter_wins"],
            },
            OptionSpec {
                id: "upgrade",
                default: "winner",
                values: &["winner", "loser", "both"],
            },
            OptionSpec {
                id: "tours_to_win",
                default: "5",
                values: TOURS,
            },
            OptionSpec {
                id: "rounds_per_tour",
                default: "lines",
                values: &["lines", "single"],
            },
        ]
    }

    fn get(&self, id: &str) -> Option<&'static str> {
        Some(match id {
            "earth_rotates" => switch(self.earth_rotates),
            "aim_cone_deg" => CONES
                .iter()
                .find(|c| c.parse() == Ok(self.aim_cone_deg))
                .copied()
                .unwrap_or("75"),
            "traitor" => switch(self.traitor),
            "hanging_test" => switch(self.hanging_test),
            "clean_sweep_bonus" => switch(self.clean_sweep_bonus),
            "shot_types" => {
                if self.flick_only {
                    "flick_only"
                } else {
                    "all"
                }
            }
            "first_shot" => match self.first_shot {
                FirstShot::White => "white",
                FirstShot::RoundLoser => "round_loser",
                FirstShot::Alternate => "alternate",
            },
            "both_cleared" => match self.both_cleared {
                BothCleared::Replay => "replay",
                BothCleared::ShooterLoses => "shooter_loses",
                BothCleared::ShooterWins => "shooter_wins",
            },
            "upgrade" => match self.upgrade {
                Upgrade::Winner => "winner",
                Upgrade::Loser => "loser",
                Upgrade::Both => "both",
            },
            "tours_to_win" => TOURS[(self.tours_to_win.clamp(1, 5) - 1) as usize],
            "rounds_per_tour" => {
                if self.single_round_tours {
                    "single"
                } else {
                    "lines"
                }
            }
            _ => return None,
        })
    }

    fn set(&mut self, id: &str, value: &str) -> Result<(), String> {
        let bad = || format!("{id} does not take '{value}'");
        match id {
            // The spec's yes/no is read too: every switch is spelled on/off, so the
            // setup menu shows it as a checkbox.
            "earth_rotates" => self.earth_rotates = parse_switch(id, value)?,
            "aim_cone_deg" => {
                let deg: u8 = value.parse().map_err(|_| bad())?;
                if !(30..=90).contains(&deg) {
                    return Err(format!("aim_cone_deg is between 30 and 90, not {value}"));
                }
                self.aim_cone_deg = deg;
            }
            "traitor" => self.traitor = parse_switch(id, value)?,
            "hanging_test" => self.hanging_test = parse_switch(id, value)?,
            "clean_sweep_bonus" => self.clean_sweep_bonus = parse_switch(id, value)?,
            "shot_types" => {
                self.flick_only = match value {
                    "all" => false,
                    "flick_only" => true,
                    _ => return Err(bad()),
                }
            }
            "first_shot" => {
                self.first_shot = match value {
                    "white" => FirstShot::White,
                    "round_loser" => FirstShot::RoundLoser,
                    "alternate" => FirstShot::Alternate,
                    _ => return Err(bad()),
                }
            }
            "both_cleared" => {
                self.both_cleared = match value {
                    "replay" => BothCleared::Replay,
                    "shooter_loses" => BothCleared::ShooterLoses,
                    "shooter_wins" => BothCleared::ShooterWins,
                    _ => return Err(bad()),
                }
            }
            "upgrade" => {
                self.upgrade = match value {
                    "winner" => Upgrade::Winner,
                    "loser" => Upgrade::Loser,
                    "both" => Upgrade::Both,
                    _ => return Err(bad()),
                }
            }
            "tours_to_win" => {
                let n: u8 = value.parse().map_err(|_| bad())?;
                if !(1..=5).contains(&n) {
                    return Err(format!("tours_to_win is from 1 to 5, not {value}"));
                }
                self.tours_to_win = n;
            }
            "rounds_per_tour" => {
                self.single_round_tours = match value {
                    "lines" => false,
                    "single" => true,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(unknown(id)),
        }
        Ok(())
    }
}
