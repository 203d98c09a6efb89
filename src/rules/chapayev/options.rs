//! Chapayev's house rules, as the spec's table names them.

use crate::rules::options::{choices, house_rules};

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

choices!(FirstShot {
    "white" => FirstShot::White,
    "round_loser" => FirstShot::RoundLoser,
    "alternate" => FirstShot::Alternate,
});

choices!(BothCleared {
    "replay" => BothCleared::Replay,
    "shooter_loses" => BothCleared::ShooterLoses,
    "shooter_wins" => BothCleared::ShooterWins,
});

choices!(Upgrade {
    "winner" => Upgrade::Winner,
    "loser" => Upgrade::Loser,
    "both" => Upgrade::Both,
});

house_rules! {
    #[derive(Copy, Eq)]
    pub struct ChapayevOptions {
        /// "Does the earth rotate?": aim from any side, or only forwards within the cone.
        "earth_rotates" earth_rotates: bool = "on",
        "aim_cone_deg" aim_cone_deg: u8 = "75" {
            "30" => 30,
            "45" => 45,
            "60" => 60,
            "75" => 75,
            "90" => 90,
        } or 30..=90,
        "traitor" traitor: bool = "on",
        "hanging_test" hanging_test: bool = "on",
        "clean_sweep_bonus" clean_sweep_bonus: bool = "on",
        "shot_types" flick_only: bool = "all" { "all" => false, "flick_only" => true },
        "first_shot" first_shot: FirstShot = "white",
        "both_cleared" both_cleared: BothCleared = "replay",
        "upgrade" upgrade: Upgrade = "winner",
        "tours_to_win" tours_to_win: u8 = "5" { "1" => 1, "2" => 2, "3" => 3, "4" => 4, "5" => 5 },
        /// Each tour is one round on line 1.
        "rounds_per_tour" single_round_tours: bool = "lines" { "lines" => false, "single" => true },
    }
}
