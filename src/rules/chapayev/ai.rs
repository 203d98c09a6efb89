//! The computer player: candidate shots from the geometry, each simulated headlessly
//! to rest and scored as the spec weighs an outcome; the best is played with some
//! human-like noise.

use super::Chapayev;
use super::physics::{HALF_BOARD, RADIUS};
use super::shot::{Shot, Value};
use crate::rules::side::Side;
use rand_distr::{Distribution, StandardNormal};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::SeedableRng;
use std::time::{Duration, Instant};

pub use crate::rules::computer::Level;

/// Candidates, rollouts per candidate, angle noise (degrees), strength noise, budget.
fn settings(level: Level) -> (usize, u32, f32, f32, Duration) {
    match level {
        Level::Easy => (20, 1, 4.0, 0.10, Duration::from_millis(300)),
        Level::Normal => (80, 1, 2.0, 0.05, Duration::from_millis(1000)),
        Level::Hard => (200, 3, 0.7, 0.02, Duration::from_millis(2500)),
    }
}

/// A simulated candidate and its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    pub shot: Shot,
    pub score: f32,
}

/// Rollouts stop after this long (simulated seconds).
const ROLLOUT_CAP: f32 = 4.0;
/// Enemies this close are flicked at.
const REACH: f32 = 0.30;

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

fn to_edge(p: [f32; 3]) -> f32 {
    HALF_BOARD - p[0].abs().max(p[1].abs())
}

impl Chapayev {
    fn centres_of(&self, side: Side) -> Vec<(u8, [f32; 3])> {
        self.checkers
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owner == side)
            .filter_map(|(i, c)| Some((i as u8, c.pose?.centre)))
            .collect()
    }

    /// The shots worth trying, closest and most promising first, at most `limit`.
    pub fn candidates(&self, limit: usize) -> Vec<Shot> {
        let own = self.centres_of(self.turn);
        let enemies = self.centres_of(self.turn.other());
        let mut pairs: Vec<(f32, u8, [f32; 3], [f32; 3])> = Vec::new();
        for &(s, ps) in &own {
            let mut near: Vec<(f32, [f32; 3])> = enemies
                .iter()
                .map(|&(_, pe)| (distance(ps, pe), pe))
                .collect();
            near.sort_by(|a, b| a.0.total_cmp(&b.0));
            let within: Vec<_> = near.iter().filter(|n| n.0 <= REACH).copied().collect();
            let chosen = if within.is_empty() {
                near.into_iter().take(3).collect()
            } else {
                within
            };
            for (d, pe) in chosen {
                // Short shots at enemies near an edge come first.
                pairs.push((d + to_edge(pe), s, ps, pe));
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut shots = Vec::new();
        for (_, s, ps, pe) in pairs {
            let d = distance(ps, pe);
            let base = (pe[1] - ps[1]).atan2(pe[0] - ps[0]).to_degrees();
            let edge = (RADIUS / d.max(RADIUS)).asin().to_degrees();
            for offset in [0.0, -3.0, 3.0, -6.0, 6.0, -edge, edge] {
                for extra in [0.3, 0.7, 1.2, 1.8] {
                    let v = ((2.0 * 0.30 * 9.81 * d).sqrt() + extra).min(3.0);
                    let shot = Shot::Flick {
                        checker: s,
                        angle: base + offset,
                        strength: (v - 0.10) / 2.90,
                        spin: 0.0,
                    }
                    .canonical();
                    if self.allows(&shot).is_ok() {
                        shots.push(shot);
                    }
                }
            }
        }
        if !self.options.flick_only {
            self.close_shots(&own, &mut shots);
        }
        shots.dedup();
        shots.truncate(limit);
        shots
    }

    /// Pokes at touching checkers and scissors on enemies between two own checkers.
    fn close_shots(&self, own: &[(u8, [f32; 3])], shots: &mut Vec<Shot>) {
        for &(s, ps) in own {
            if !self.may_poke(s) {
                continue;
            }
            let nearest = self
                .checkers
                .iter()
                .enumerate()
                .filter(|&(j, c)| j != s as usize && c.pose.is_some())
                .filter_map(|(_, c)| c.pose.map(|p| p.centre))
                .min_by(|a, b| distance(ps, *a).total_cmp(&distance(ps, *b)));
            if let Some(pe) = nearest {
                let base = (pe[1] - ps[1]).atan2(pe[0] - ps[0]).to_degrees();
                for turn in [0.0, -15.0, 15.0] {
                    for strength in [0.3, 0.6, 1.0] {
                        let shot = Shot::Poke {
                            checker: s,
                            angle: base + turn,
                            strength,
                        }
                        .canonical();
                        if self.allows(&shot).is_ok() {
                            shots.push(shot);
                        }
                    }
                }
            }
        }
        let enemies = self.centres_of(self.turn.other());
        for &(e, _) in &enemies {
            for (k, &(a, _)) in own.iter().enumerate() {
                for &(b, _) in &own[k + 1..] {
                    if !self.may_cut(a, b, e) {
                        continue;
                    }
                    for offset in [0.0, -0.5, 0.5] {
                        for strength in [0.3, 0.6, 1.0] {
                            shots.push(
                                Shot::Scissors {
                                    a,
                                    b,
                                    target: e,
                                    strength,
                                    offset,
                                }
                                .canonical(),
                            );
                        }
                    }
                }
            }
        }
    }

    /// The outcome of a shot as the computer weighs it, for the player who shoots.
    pub fn score(&self, shot: &Shot) -> f32 {
        let me = self.turn;
        let mut after = self.clone();
        after.shoot(shot, ROLLOUT_CAP, Some(1.0));
        let mut score = 0.0;
        for (before, now) in self.checkers.iter().zip(after.checkers.iter()) {
            if before.pose.is_none() {
                continue;
            }
            let mine = before.owner == me;
            match now.pose {
                None => score += if mine { -12.0 } else { 10.0 },
                Some(p) => {
                    if now.owner != before.owner {
                        score += if mine { -6.0 } else { 6.0 };
                    }
                    let danger = (1.0 - to_edge(p.centre) / 0.04).max(0.0);
                    score += if now.owner == me { -0.5 } else { 0.5 } * danger;
                }
            }
        }
        if shot
            .shooters()
            .iter()
            .any(|&i| after.checkers[i as usize].pose.is_none())
        {
            score -= 25.0;
        }
        if let Some(report) = &after.report {
            if report.keep {
                score += 8.0;
            }
            if let Some(end) = report.round_end
                && let Some(winner) = end.winner
            {
                score += if winner == me { 100.0 } else { -100.0 };
            }
        }
        score
    }

    /// The computer's shot: candidates simulated in order until the budget runs out (at
    /// least one; `None`: no time limit), the best played with noise from `noise_seed`.
    pub fn computer_shot(&self, level: Level, budget: Option<Duration>, noise_seed: u64) -> Shot {
        let (count, rollouts, angle_noise, strength_noise, default_budget) = settings(level);
        let budget = budget.unwrap_or(default_budget);
        let started = Instant::now();
        let mut best: Option<Scored> = None;
        for shot in self.candidates(count) {
            if best.is_some() && started.elapsed() > budget {
                break;
            }
            // The first rollout plays the shot as aimed; further ones (hard level) play it
            // with the execution noise the computer will suffer, and the scores average.
            let mut rollout_noise = Gauss::new(noise_seed ^ 0x5EED);
            let score = (0..rollouts)
                .map(|r| {
                    let tried = if r == 0 {
                        shot
                    } else {
                        noisy(shot, angle_noise, strength_noise, &mut rollout_noise)
                    };
                    self.score(&tried)
                })
                .sum::<f32>()
                / rollouts as f32;
            if best.is_none_or(|b| score > b.score) {
                best = Some(Scored { shot, score });
            }
        }
        let Some(best) = best else {
            // No candidates: a plain flick forward with the first own checker.
            let checker = self.centres_of(self.turn).first().map_or(0, |c| c.0);
            let angle = if self.turn == Side::White {
                90.0
            } else {
                270.0
            };
            return Shot::Flick {
                checker,
                angle,
                strength: 0.5,
                spin: 0.0,
            };
        };
        let mut noise = Gauss::new(noise_seed);
        let shot = noisy(best.shot, angle_noise, strength_noise, &mut noise);
        if self.allows(&shot).is_ok() {
            shot
        } else {
            best.shot
        }
    }
}

/// A shot as a hand plays it: the aim and strength off by normal errors.
fn noisy(shot: Shot, angle_noise: f32, strength_noise: f32, noise: &mut Gauss) -> Shot {
    shot.with_values(|kind, x| match kind {
        Value::Angle => x + angle_noise * noise.next(),
        Value::Strength => x + strength_noise * noise.next(),
        Value::Spin | Value::Offset => x,
    })
    .canonical()
}

/// Standard normal numbers from a seeded generator.
struct Gauss(SplitMix64);

impl Gauss {
    fn new(seed: u64) -> Gauss {
        Gauss(SplitMix64::seed_from_u64(seed))
    }

    fn next(&mut self) -> f32 {
        StandardNormal.sample(&mut self.0)
    }
}
