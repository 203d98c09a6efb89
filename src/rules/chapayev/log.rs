//! The spec's line-based replay file: a header, each round's header and settled poses,
//! then per shot its line, an outcome line and the poses after it. Reading it plays the
//! shots and takes the recorded poses as authoritative, so a file written on another
//! machine (whose floating point may differ in the last bits) replays the same match.
//!
//! ```text
//! chapayev seed=5 white=1 options=-
//! R1.1 W:infantry@L1 B:infantry@L1
//! W1 -0.1400 -0.1400 0.0035 0.0000 0.0000 0.0000 1.0000 W up
//! 1.1.1 W flick W4 th=90.0000 s=0.5000 e=0.0000
//! => off:B5 cut:- traitor:- hang:- keep
//! ```
//! A shot that ends a round is followed by its poses and then the next round's header
//! and poses.

use super::notation;
use super::{Action, Chapayev, ChapayevOptions, HangResult, Report, checker_name};
use crate::rules::error::{Detail, RuleError};
use crate::rules::game::Game;
use crate::rules::history::{self, Match};
use crate::rules::options::HouseRules;
use crate::rules::position::{Move, Position};
use crate::rules::seats::Seats;
use crate::rules::side::Side;

fn poses(c: &Chapayev) -> String {
    snapshot(&c.checkers)
}

fn snapshot(checkers: &[super::Checker; 16]) -> String {
    let mut out = String::new();
    for (i, ch) in checkers.iter().enumerate() {
        let Some(p) = ch.pose else { continue };
        let [x, y, z] = p.centre;
        let [qx, qy, qz, qw] = p.rotation;
        out.push_str(&format!(
            "{} {x:.4} {y:.4} {z:.4} {qx:.4} {qy:.4} {qz:.4} {qw:.4} {} {}\n",
            checker_name(i as u8),
            if ch.owner == Side::White { 'W' } else { 'B' },
            if ch.face_up { "up" } else { "down" }
        ));
    }
    out
}

fn outcome(r: &Report) -> String {
    let list = |ids: &[u8]| {
        if ids.is_empty() {
            "-".to_string()
        } else {
            ids.iter()
                .map(|&i| checker_name(i))
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let hangs = if r.hangs.is_empty() {
        "-".to_string()
    } else {
        r.hangs
            .iter()
            .map(|h| {
                let how = match h.result {
                    HangResult::Off => "off",
                    HangResult::Cut => "cut",
                    HangResult::OnOwn => "on-own",
                    HangResult::OnBoard => "on-board",
                    HangResult::StillHanging => "hanging",
                };
                format!("{}(v={:.3},{how})", checker_name(h.checker), h.speed)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "=> off:{} cut:{} traitor:{} hang:{hangs} {}",
        list(&r.removed),
        list(&r.cut),
        list(&r.traitors),
        if r.keep { "keep" } else { "pass" }
    )
}

/// Why a match cannot be written as a replay file, or a file does not read as one.
/// Lines are counted from 1, blank ones included.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("a Chapayev match starts with its lot")]
    NoLot,
    #[error("{0} is not possible there")]
    Impossible(String),
    #[error("an empty replay file")]
    Empty,
    #[error("the file does not start with the header line 'chapayev seed=... white=...'")]
    NoHeader,
    #[error("the header needs {0}=...")]
    HeaderNeeds(&'static str),
    #[error("'{0}' is not id=value")]
    NotIdValue(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("seed= is not a number")]
    Seed,
    #[error("white= is not 1 or 2")]
    White,
    #[error("line {line}: {detail}")]
    Shot { line: usize, detail: Detail },
    #[error("line {0}: a shot was expected")]
    NotShot(usize),
    #[error("line {line}: {shot} is not possible there")]
    ImpossibleAt { line: usize, shot: String },
    #[error("line {0}: the shot's outcome line (=> ...) is missing")]
    NoOutcome(usize),
    #[error("line {line}: '{row}' is not a checker's pose")]
    Pose { line: usize, row: String },
    #[error("only a Chapayev match has a replay file")]
    NotChapayev,
}

/// Writes a match of any game as a replay file, where it is a Chapayev match.
pub fn of_match(m: &Match) -> Result<String, LogError> {
    let Position::Chapayev(start) = m.start() else {
        return Err(LogError::NotChapayev);
    };
    let actions: Vec<Action> = m
        .actions()
        .iter()
        .filter_map(|a| match a {
            history::Action::Play(Move::Chapayev(a)) => Some(*a),
            _ => None,
        })
        .collect();
    write(*start.options(), &actions)
}

/// Writes a match (its lot and shots, from the start) as a replay file.
pub fn write(options: ChapayevOptions, actions: &[Action]) -> Result<String, LogError> {
    let mut c = Chapayev::new(options);
    let [Action::Lot { white_seat, seed }, shots @ ..] = actions else {
        return Err(LogError::NoLot);
    };
    c.play(&actions[0]);
    let rules: Vec<String> = options
        .non_default()
        .iter()
        .map(|(id, v)| format!("{id}={v}"))
        .collect();
    let mut out = format!(
        "chapayev seed={seed} white={} options={}\n{}\n{}",
        white_seat + 1,
        if rules.is_empty() {
            "-".into()
        } else {
            rules.join(";")
        },
        c.header(),
        poses(&c)
    );
    let mut n = 0;
    for action in shots {
        if !c.is_legal(action) {
            return Err(LogError::Impossible(notation::write(action)));
        }
        n += 1;
        let side = if c.turn() == Side::White { 'W' } else { 'B' };
        let label = format!("{}.{}.{n}", c.tour, c.round);
        out.push_str(&format!("{label} {side} {}\n", notation::write(action)));
        // The poses at rest, before a round's end sets up the next one.
        let mut rest = c.clone();
        if let Action::Shot { shot, luck } = action {
            rest.take_luck(*luck);
            rest.resolve(shot, super::resolve::SHOT_CAP, None, None);
        }
        c.play(action);
        let report = c.report.clone().unwrap_or_default();
        out.push_str(&outcome(&report));
        out.push('\n');
        out.push_str(&snapshot(&rest.checkers));
        if report.round_end.is_some() && c.winner().is_none() {
            n = 0;
            out.push_str(&format!("{}\n", c.header()));
            out.push_str(&poses(&c));
        }
    }
    Ok(out)
}

/// Reads a replay file: the match after its last shot, the recorded poses taken as they
/// are written.
pub fn read(text: &str) -> Result<Chapayev, LogError> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate();
    let (_, first) = lines.next().ok_or(LogError::Empty)?;
    let words: Vec<&str> = first.split_whitespace().collect();
    let field = |key: &'static str| {
        words
            .iter()
            .find_map(|w| w.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .ok_or(LogError::HeaderNeeds(key))
    };
    if words.first() != Some(&"chapayev") {
        return Err(LogError::NoHeader);
    }
    let mut options = ChapayevOptions::default();
    let rules = field("options")?;
    if rules != "-" {
        for pair in rules.split(';') {
            let (id, value) = pair
                .split_once('=')
                .ok_or_else(|| LogError::NotIdValue(pair.to_string()))?;
            options.set(id, value)?;
        }
    }
    let seed: u32 = field("seed")?.parse().map_err(|_| LogError::Seed)?;
    let white: u8 = field("white")?.parse().map_err(|_| LogError::White)?;
    if !(1..=2).contains(&white) {
        return Err(LogError::White);
    }
    let mut c = Chapayev::new(options);
    c.play(&Action::Lot {
        white_seat: white - 1,
        seed,
    });
    // Lines are read in groups: a shot's line, its outcome and the poses after it; a
    // round's header and its poses.
    let lines: Vec<(usize, &str)> = lines.collect();
    let mut k = 0;
    let rows = |k: &mut usize| {
        let from = *k;
        while *k < lines.len() && is_pose(lines[*k].1) {
            *k += 1;
        }
        &lines[from..*k]
    };
    while k < lines.len() {
        let (line, text) = lines[k];
        k += 1;
        if text.starts_with('R') {
            // A round's settled poses, when given, replace the ones settled here.
            let given = rows(&mut k);
            if !given.is_empty() {
                c.checkers = read_poses(&c, given)?;
            }
            continue;
        }
        let shot_text = text
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
            .join(" ");
        let action = notation::parse(&shot_text).map_err(|detail| LogError::Shot {
            line: line + 1,
            detail,
        })?;
        let Action::Shot { shot, luck } = action else {
            return Err(LogError::NotShot(line + 1));
        };
        if !c.is_legal(&action) {
            return Err(LogError::ImpossibleAt {
                line: line + 1,
                shot: shot_text,
            });
        }
        let Some(&(_, result)) = lines.get(k).filter(|(_, t)| t.starts_with("=>")) else {
            return Err(LogError::NoOutcome(line + 1));
        };
        k += 1;
        let keep = result.split_whitespace().last() == Some("keep");
        let rest = read_poses(&c, rows(&mut k))?;
        c.take_luck(luck);
        c.shoot_recorded(&shot, rest, keep);
    }
    Ok(c)
}

fn is_pose(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| checker_name_index(w).is_some())
}

/// The checkers as a snapshot writes them; those not listed are off the board.
fn read_poses(c: &Chapayev, rows: &[(usize, &str)]) -> Result<[super::Checker; 16], LogError> {
    let mut checkers = c.checkers;
    for ch in checkers.iter_mut() {
        ch.pose = None;
    }
    for &(line, row) in rows {
        let f: Vec<&str> = row.split_whitespace().collect();
        let bad = || LogError::Pose {
            line: line + 1,
            row: row.to_string(),
        };
        let [id, nums @ .., owner, face] = f.as_slice() else {
            return Err(bad());
        };
        let n: Vec<f32> = nums
            .iter()
            .map(|x| {
                x.parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(bad)
            })
            .collect::<Result<_, _>>()?;
        let [x, y, z, qx, qy, qz, qw] = n[..] else {
            return Err(bad());
        };
        let i = checker_name_index(id).ok_or_else(bad)? as usize;
        let ch = &mut checkers[i];
        ch.pose = Some(super::Pose {
            centre: [x, y, z],
            rotation: [qx, qy, qz, qw],
        });
        ch.owner = match *owner {
            "W" => Side::White,
            "B" => Side::Black,
            _ => return Err(bad()),
        };
        ch.face_up = *face == "up";
    }
    Ok(checkers)
}

fn checker_name_index(name: &str) -> Option<u8> {
    (0..16u8).find(|&i| checker_name(i) == name)
}
