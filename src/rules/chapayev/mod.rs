//! Chapayev («Чапаєв»): flicking checkers off the board, with real physics.
//!
//! A shot is an action (which checker, angle, strength, type); the rigid-body
//! simulation in [`physics`] decides what it does, and the rules around it (traitors,
//! hanging checkers, who shoots next, rounds, lines, tours) follow the spec. Everything
//! is deterministic: a position is the checkers' resting poses with owners and faces,
//! the world is rebuilt from them for each shot, and the random numbers of a shot (the
//! finger's lift in a hanging test) come from the seed it brings, its luck, drawn when
//! the shot is made, so that no player can know a lift before shooting.
//!
//! Where the spec is silent:
//! - The lot is the first action: which seat plays White, drawn at random and recorded
//!   (with seed 0: the generator it seeds serves only records whose shots bring no
//!   luck).
//! - A hanging test's "landed on a checker" is read from the poses at rest: the tested
//!   checker's centre lies within a diameter of the other's in plan view and above it.
//! - The move list writes a shot as the spec's shot line without its number:
//!   `flick W3 th=90.0000 s=0.4200 e=0.0000`.

mod ai;
mod eval;
mod formation;
mod lines;
pub mod log;
mod notation;
mod options;
pub mod physics;
mod resolve;
mod rounds;
mod shot;
pub mod table;

pub use ai::{Level, Scored};
pub use formation::Troop;
pub use lines::Lines;
pub use options::{BothCleared, ChapayevOptions, FirstShot, Upgrade};
pub use physics::Pose;
pub use shot::{Shot, TOUCHING_GAP, angle_at, canonical, rim_gap};

use super::chance::Chance;
use super::game::Game;
use super::outcome::{Outcome, Reason};
use super::side::Side;
use super::topology::{Cell, Topology};
use super::view::{GameView, MoveView, PieceKind, PieceView};
use crate::rules::error::{Detail, shown};
use crate::rules::game::Card;
use crate::rules::game::{Pgn, Unit};
use crate::rules::seats::Seats;
use crate::rules::why::Refusals;
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::SeedableRng;

/// One checker: its colour never changes, its owner may (a traitor), `pose` is `None`
/// once it is off the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checker {
    pub colour: Side,
    pub owner: Side,
    pub face_up: bool,
    pub pose: Option<Pose>,
}

/// Everything a Chapayev player does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// The lot: which seat plays White, and the seed of the match's random numbers
    /// for shots that bring none (0 where every shot does, as a server's do).
    Lot { white_seat: u8, seed: u32 },
    /// A shot, with the seed of its hanging tests' lifts where it brings one: drawn
    /// when the shot is made (see [`Chance::seal`]), so nobody can know it before.
    Shot { shot: Shot, luck: Option<u32> },
}

impl Action {
    /// A shot as a player aims it, its luck not yet drawn.
    pub fn shot(shot: Shot) -> Action {
        Action::Shot { shot, luck: None }
    }
}

/// How a hanging test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HangResult {
    Off,
    Cut,
    OnOwn,
    OnBoard,
    StillHanging,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hang {
    pub checker: u8,
    pub speed: f32,
    pub result: HangResult,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    /// `None`: both sides were cleared and the round is replayed.
    pub winner: Option<Side>,
    pub sweep: bool,
    pub tour_won: bool,
}

/// What the last shot did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub removed: Vec<u8>,
    pub cut: Vec<u8>,
    pub traitors: Vec<u8>,
    pub hangs: Vec<Hang>,
    pub keep: bool,
    pub round_end: Option<RoundEnd>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Chapayev {
    options: ChapayevOptions,
    /// Which seat plays White, once the lot is drawn.
    white_seat: Option<u8>,
    /// The match's random numbers (a hanging test's lift), seeded by the lot.
    rng: SplitMix64,
    pub tour: u8,
    pub round: u16,
    rounds_played: u16,
    /// Troop level per colour (0 infantry ... 4 heavy tanks).
    levels: [u8; 2],
    pub tours_won: [u8; 2],
    pub lines: Lines,
    /// W1..W8 then B1..B8.
    pub checkers: [Checker; 16],
    turn: Side,
    shots: u32,
    /// The last shot's outcome, for the announcements.
    pub report: Option<Report>,
    winner: Option<Side>,
}

/// The refusals a player's shot may meet (a shot's text may also be refused for its
/// digits, which no aimed shot is).
const REFUSALS: [&str; 5] = [
    "shot-not-own",
    "shot-outside-cone",
    "shot-flick-only",
    "shot-poke-not-touching",
    "shot-scissors-not-allowed",
];

/// The reason behind a refusal's key, for the command line (the app translates the key).
fn explain(key: &str) -> &'static str {
    match key {
        "shot-not-own" => "shoot with one of your own checkers on the board",
        "shot-outside-cone" => "the earth does not rotate: shoot forwards, within the aim cone",
        "shot-flick-only" => "only flicks are allowed",
        "shot-poke-not-touching" => "a poke needs another checker right next to yours",
        "shot-scissors-not-allowed" => "scissors need an enemy checker between two of yours",
        _ => "values are kept to four decimals",
    }
}

/// The refusals of shots tried at the start of a round: with another's checker, a
/// backward flick where the earth does not rotate, a poke where only flicks count, a
/// poke and scissors with no checker close enough.
#[cfg(test)]
pub(crate) fn refused_shots() -> Vec<&'static str> {
    let start = |options: ChapayevOptions| Chapayev::new(options);
    let flick = |checker, angle| Shot::Flick {
        checker,
        angle,
        strength: 0.5,
        spin: 0.0,
    };
    let poke = Shot::Poke {
        checker: 0,
        angle: 90.0,
        strength: 0.5,
    };
    let scissors = Shot::Scissors {
        a: 0,
        b: 1,
        target: 8,
        strength: 0.5,
        offset: 0.0,
    };
    let fixed = ChapayevOptions {
        earth_rotates: false,
        ..Default::default()
    };
    let flicks_only = ChapayevOptions {
        flick_only: true,
        ..Default::default()
    };
    [
        (start(Default::default()), flick(8, 90.0)),
        (start(fixed), flick(0, 270.0)),
        (start(flicks_only), poke),
        (start(Default::default()), poke),
        (start(Default::default()), scissors),
    ]
    .iter()
    .filter_map(|(game, shot)| game.allows(shot).err())
    .collect()
}

/// A checker's id as the notation writes it: `W1`..`W8`, `B1`..`B8`.
pub fn checker_name(i: u8) -> String {
    format!("{}{}", if i < 8 { 'W' } else { 'B' }, i % 8 + 1)
}

impl Chapayev {
    pub fn new_match(options: ChapayevOptions) -> Chapayev {
        let blank = Checker {
            colour: Side::White,
            owner: Side::White,
            face_up: true,
            pose: None,
        };
        let mut c = Chapayev {
            options,
            white_seat: None,
            rng: SplitMix64::seed_from_u64(0),
            tour: 1,
            round: 1,
            rounds_played: 0,
            levels: [0, 0],
            tours_won: [0, 0],
            lines: Lines {
                line: [1, 1],
                depth: [1, 1],
            },
            checkers: [blank; 16],
            turn: Side::White,
            shots: 0,
            report: None,
            winner: None,
        };
        // The formations stand in place before the lot; they settle once it is drawn.
        for side in Side::BOTH {
            for (k, pose) in formation::poses(side, Troop::Infantry, 1)
                .into_iter()
                .enumerate()
            {
                c.checkers[side.index() * 8 + k] = Checker {
                    colour: side,
                    owner: side,
                    face_up: true,
                    pose: Some(pose),
                };
            }
        }
        c
    }

    pub fn options(&self) -> &ChapayevOptions {
        &self.options
    }

    pub fn lot_drawn(&self) -> bool {
        self.white_seat.is_some()
    }

    /// Whether a shot may be played now: the right checkers, the allowed type and, when
    /// the earth does not rotate, an aim within the cone.
    pub fn allows(&self, shot: &Shot) -> Result<(), &'static str> {
        if shot.canonical() != *shot {
            return Err("shot-not-canonical");
        }
        let own = |i: u8| {
            self.checkers
                .get(i as usize)
                .is_some_and(|c| c.pose.is_some() && c.owner == self.turn)
        };
        if !shot.shooters().iter().all(|&i| own(i)) {
            return Err("shot-not-own");
        }
        if let Some(angle) = shot.angle()
            && !self.options.earth_rotates
            && !self.within_cone(angle)
        {
            return Err("shot-outside-cone");
        }
        match *shot {
            Shot::Flick { .. } => Ok(()),
            _ if self.options.flick_only => Err("shot-flick-only"),
            Shot::Poke { checker, .. } => {
                if self.may_poke(checker) {
                    Ok(())
                } else {
                    Err("shot-poke-not-touching")
                }
            }
            Shot::Scissors { a, b, target, .. } => {
                if self.may_cut(a, b, target) {
                    Ok(())
                } else {
                    Err("shot-scissors-not-allowed")
                }
            }
        }
    }

    /// Within `aim_cone_deg` of straight ahead (90 degrees for White, 270 for Black).
    pub fn within_cone(&self, angle: f32) -> bool {
        let forward = if self.turn == Side::White {
            90.0f32
        } else {
            270.0
        };
        let off = (angle - forward).to_radians().cos();
        off >= (self.options.aim_cone_deg as f32).to_radians().cos() - 1e-6
    }

    /// A poke needs another checker within one checker's thickness of the rim.
    pub fn may_poke(&self, checker: u8) -> bool {
        let Some(p) = self.checkers[checker as usize].pose else {
            return false;
        };
        self.checkers.iter().enumerate().any(|(j, c)| {
            j != checker as usize && c.pose.is_some_and(|q| rim_gap(&p, &q) <= TOUCHING_GAP)
        })
    }

    /// Scissors: an enemy checker between two own ones, both touching it, at 120 degrees
    /// or more.
    pub fn may_cut(&self, a: u8, b: u8, target: u8) -> bool {
        let pose = |i: u8| self.checkers.get(i as usize).and_then(|c| c.pose);
        let (Some(pa), Some(pb), Some(pe)) = (pose(a), pose(b), pose(target)) else {
            return false;
        };
        a != b
            && self.checkers[target as usize].owner == self.turn.other()
            && rim_gap(&pa, &pe) <= TOUCHING_GAP
            && rim_gap(&pb, &pe) <= TOUCHING_GAP
            && angle_at(&pe, &pa, &pb) >= 120.0
    }

    /// Plays a shot with hanging tests at `test_speed` (the computer's rollouts) or at
    /// random speeds, simulating at most `cap` seconds each.
    pub(super) fn shoot(&mut self, shot: &Shot, cap: f32, test_speed: Option<f32>) {
        let shooter = self.turn;
        let mut report = self.resolve(shot, cap, test_speed, None);
        self.shots += 1;
        if !report.keep {
            self.turn = shooter.other();
        }
        report.round_end = self.end_of_round(shooter);
        self.report = Some(report);
    }

    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Plays a shot whose result is recorded: the checkers as they came to rest and
    /// whether the shooter kept the turn are taken from the record, and the round is
    /// scored from them (a replay file's snapshots are authoritative).
    pub(super) fn shoot_recorded(&mut self, shot: &Shot, rest: [Checker; 16], keep: bool) {
        let shooter = self.turn;
        // Simulated too, so the match's random numbers are drawn as when it was played.
        let mut report = self.resolve(shot, resolve::SHOT_CAP, None, None);
        self.checkers = rest;
        report.keep = keep;
        self.shots += 1;
        if !keep {
            self.turn = shooter.other();
        }
        report.round_end = self.end_of_round(shooter);
        self.report = Some(report);
    }

    /// The poses every 1/60 s while a shot plays out from this position, its hanging
    /// tests included, for the app's animation.
    pub fn frames(&self, shot: &Shot, luck: Option<u32>) -> physics::Film {
        let mut c = self.clone();
        c.take_luck(luck);
        let mut film = vec![c.checkers.iter().map(|ch| ch.pose).collect()];
        c.resolve(shot, resolve::SHOT_CAP, None, Some(&mut film));
        film
    }

    /// A shot's own seed, where it brings one, for the lifts of its hanging tests.
    pub(super) fn take_luck(&mut self, luck: Option<u32>) {
        if let Some(luck) = luck {
            self.rng = SplitMix64::seed_from_u64(luck.into());
        }
    }

    /// The round as the spec's round header writes it: `R3.1 W:artillery@L1 B:tanks@L2`.
    pub fn header(&self) -> String {
        format!(
            "R{}.{} W:{}@L{} B:{}@L{}",
            self.tour,
            self.round,
            self.troop(Side::White).id(),
            self.lines.line[0],
            self.troop(Side::Black).id(),
            self.lines.line[1]
        )
    }

    /// The seat that plays White, once the lot is drawn.
    pub fn white_seat(&self) -> Option<u8> {
        self.white_seat
    }

    /// A round set up as the spec's round header writes it, `R3.1 W:artillery@L1
    /// B:tanks@L2`, White to shoot after a lot of seat 1 and seed 0.
    fn from_header(options: ChapayevOptions, text: &str) -> Result<Chapayev, Detail> {
        let bad = || {
            crate::detail!(
                "detail-chapayev-header",
                "'{text}' is not a round header like R1.1 W:infantry@L1 B:infantry@L1",
                text = shown(text)
            )
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let [round, white, black] = words.as_slice() else {
            return Err(bad());
        };
        let (tour, round) = round
            .strip_prefix('R')
            .and_then(|r| r.split_once('.'))
            .ok_or_else(bad)?;
        let side = |w: &str, letter: &str| -> Result<(u8, u8), Detail> {
            let (troop, line) = w
                .strip_prefix(letter)
                .and_then(|w| w.split_once("@L"))
                .ok_or_else(bad)?;
            let level = Troop::ALL
                .iter()
                .position(|t| t.id() == troop)
                .ok_or_else(|| {
                    crate::detail!(
                        "detail-chapayev-troop",
                        "'{troop}' is not a troop type",
                        troop = shown(troop),
                    )
                })?;
            let line: u8 = line.parse().map_err(|_| bad())?;
            Ok((level as u8, line))
        };
        let (wl, wline) = side(white, "W:")?;
        let (bl, bline) = side(black, "B:")?;
        let mut c = Chapayev::new_match(options);
        c.white_seat = Some(0);
        c.tour = tour.parse().map_err(|_| bad())?;
        c.round = round.parse().map_err(|_| bad())?;
        c.levels = [wl, bl];
        c.lines = Lines {
            line: [wline, bline],
            depth: [Troop::level(wl).depth(), Troop::level(bl).depth()],
        };
        if !(1..=8).contains(&wline) || !(1..=8).contains(&bline) || c.lines.free_rows() < 0 {
            return Err(crate::detail!(
                "detail-chapayev-formations",
                "'{text}': the formations do not fit on the board",
                text = shown(text),
            ));
        }
        c.set_up_round();
        Ok(c)
    }
}

impl Game for Chapayev {
    /// A fresh match starts before its lot; a set-up round has none.
    fn set_up_text(&self) -> Option<String> {
        self.lot_drawn().then(|| self.header())
    }

    fn chance(&self) -> Option<&dyn Chance<Move = Action>> {
        Some(self)
    }

    fn table(&self) -> Option<&dyn crate::rules::table::Table<Move = Action>> {
        Some(self)
    }

    type Move = Action;
    type Options = ChapayevOptions;
    const CARD: Card = Card {
        pieces: &[PieceKind::Checker],
        clocks: &["none"],
        showcase: "",
        san: false,
        table: true,
        seats_by_place: None,
        unit: Unit::winning(100, "unit-checkers"),
        set_up: table::SET_UP,
        pgn: Pgn::Numbered,
    };

    fn new(options: ChapayevOptions) -> Self {
        Chapayev::new_match(options)
    }

    /// A round header: `R3.1 W:artillery@L1 B:tanks@L1`.
    fn set_up(options: ChapayevOptions, text: &str) -> Result<Self, Detail> {
        Chapayev::from_header(options, text)
    }

    fn options(&self) -> &ChapayevOptions {
        &self.options
    }

    fn topology(&self) -> &'static Topology {
        Topology::chess()
    }

    /// Before the lot, its two outcomes (seed 0); then the shots the computer player
    /// would consider, a finite sample of the continuous choices.
    fn legal_moves(&self) -> Vec<Action> {
        if self.winner.is_some() {
            return Vec::new();
        }
        if !self.lot_drawn() {
            return (0..2)
                .map(|white_seat| Action::Lot {
                    white_seat,
                    seed: 0,
                })
                .collect();
        }
        self.candidates(usize::MAX)
            .into_iter()
            .map(|shot| Action::Shot { shot, luck: None })
            .collect()
    }

    fn is_legal(&self, action: &Action) -> bool {
        match action {
            Action::Lot { white_seat, .. } => !self.lot_drawn() && *white_seat < 2,
            Action::Shot { shot, .. } => {
                self.lot_drawn() && self.winner.is_none() && self.allows(shot).is_ok()
            }
        }
    }

    fn play(&mut self, action: &Action) {
        match *action {
            Action::Lot { white_seat, seed } => {
                self.white_seat = Some(white_seat);
                self.rng = SplitMix64::seed_from_u64(seed.into());
                self.start_match();
            }
            Action::Shot { shot, luck } => {
                self.take_luck(luck);
                self.shoot(&shot, resolve::SHOT_CAP, None)
            }
        }
    }

    fn notation(&self, action: &Action) -> String {
        notation::write(action)
    }

    fn parse_move(&self, text: &str) -> Result<Action, Detail> {
        let action = notation::parse(text)?;
        if self.is_legal(&action) {
            Ok(action)
        } else {
            let text = text.trim();
            Err(match action {
                // The reason's own sentence, as the table says it when a drag ends.
                Action::Shot { shot, .. } => match self.allows(&shot) {
                    Err(why) => Detail::new(
                        why,
                        Vec::new(),
                        format!("{text} is not allowed: {}", explain(why)),
                    ),
                    Ok(()) => crate::detail!(
                        "detail-not-possible-now",
                        "{text} is not possible now",
                        text = text,
                    ),
                },
                Action::Lot { .. } => crate::detail!(
                    "detail-lot-once",
                    "the lot is drawn only once, at the start"
                ),
            })
        }
    }

    fn view(&self, _action: &Action) -> MoveView {
        MoveView::along(0, Vec::new())
    }

    /// Checkers on the square under their centre, for the game chooser's picture.
    fn pieces(&self) -> Vec<(Cell, PieceView)> {
        let t = Topology::chess();
        self.checkers
            .iter()
            .filter_map(|c| {
                let [x, y, _] = c.pose?.centre;
                let file = ((x + 0.16) / 0.04).floor().clamp(0.0, 7.0) as u8;
                let rank = ((y + 0.16) / 0.04).floor().clamp(0.0, 7.0) as u8;
                Some((
                    t.at(file, rank)?,
                    PieceView {
                        side: c.owner,
                        kind: PieceKind::Checker,
                    },
                ))
            })
            .collect()
    }

    fn same_position(&self, other: &Self) -> bool {
        self == other
    }

    fn outcome(&self, _repetitions: usize) -> Option<Outcome> {
        self.winner.map(|w| Outcome {
            winner: Some(w),
            reason: Reason::ToursWon,
            score: Some([self.tours_won[0] as u32, self.tours_won[1] as u32]),
        })
    }

    fn diagram(&self) -> String {
        let mut out = format!("{}\n{} to shoot\n", self.header(), self.turn.name());
        for (i, c) in self.checkers.iter().enumerate() {
            if let Some(p) = c.pose {
                let [x, y, z] = p.centre;
                out.push_str(&format!(
                    "{} {x:.4} {y:.4} {z:.4} {} {}\n",
                    checker_name(i as u8),
                    c.owner.name(),
                    if c.face_up { "up" } else { "down" }
                ));
            }
        }
        out
    }

    fn move_number(&self) -> u32 {
        self.shots + 1
    }
}

impl Refusals for Chapayev {
    /// A shot is aimed by dragging, not by clicks on squares: its refusals are those of
    /// [`Chapayev::allows`], said when the drag ends.
    fn refusals() -> Vec<&'static str> {
        REFUSALS.to_vec()
    }
}

/// The lot at the start is chance's one part: a shot's path is the physics', from the
/// match's seeded generator.
impl Chance for Chapayev {
    type Move = Action;

    fn chances(&self) -> Option<Vec<(Action, u32)>> {
        None
    }

    /// The lot, while it is to be drawn: a bit of `random` seats White. Its seed is
    /// 0: every shot made brings its own (see [`Chance::seal`]), so nothing drawn at
    /// the start decides a later lift.
    fn roll(&self, random: u64) -> Option<Action> {
        (!self.lot_drawn()).then_some(Action::Lot {
            white_seat: (random >> 7) as u8 & 1,
            seed: 0,
        })
    }

    fn names_chance(&self, text: &str) -> bool {
        text.split_whitespace().next() == Some("lot")
    }

    /// A shot made brings the seed of its hanging tests, from `random`.
    fn seal(&self, m: Action, random: u64) -> Action {
        match m {
            Action::Shot { shot, luck: None } => Action::Shot {
                shot,
                luck: Some((random >> 32) as u32),
            },
            other => other,
        }
    }

    fn is_lot(&self, m: &Action) -> bool {
        matches!(m, Action::Lot { .. })
    }
}

impl Seats for Chapayev {
    fn turn(&self) -> Side {
        self.turn
    }

    fn seat_to_move(&self) -> usize {
        match self.white_seat {
            Some(w) if self.turn == Side::Black => 1 - w as usize,
            Some(w) => w as usize,
            None => 0,
        }
    }

    fn seat_side(&self, seat: usize) -> Side {
        match self.white_seat {
            Some(w) if w as usize != seat => Side::Black,
            Some(_) => Side::White,
            None if seat == 0 => Side::White,
            None => Side::Black,
        }
    }

    fn draw_allowed(&self) -> bool {
        false
    }
}

impl GameView for Chapayev {}

#[cfg(test)]
mod tests;
