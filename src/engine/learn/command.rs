//! `doska learn GAME`: the computer learns a game's evaluation from its own play, in
//! rounds. A round plays its games of self-play on every core, writing each finished
//! game to the game's learning folder; fits the weights to every game played there so
//! far; and plays the weights found against the weights in force. The player's weights
//! file is replaced only when the new weights score better by more than the duel's 95%
//! interval (more than half the points however the luck of the games ran), and the
//! log says which.
//!
//! Ctrl-C stops between moves: the games finished are kept, and the next
//! `doska learn GAME` resumes the round where it stopped. A round that has ended is
//! written down, and the next run starts a new one.

use super::folder::{LearningFolder, Round, written};
use super::{aim, duel, fit, material, selfplay, tune};
use crate::engine::search::Limits;
use crate::engine::weights;
use crate::folders::{Folders, write_atomically};
use crate::rules::{GameId, Position};
use anyhow::{Context, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

/// What a run is asked to do.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games of self-play in a new round.
    pub games: u64,
    /// Positions searched a move in self-play.
    pub nodes: u64,
    /// Games of the duel, and positions searched a move in it.
    pub duel: u64,
    pub duel_nodes: u64,
    pub threads: usize,
    /// How far each seat's weights stray in self-play ([`selfplay::Settings::explore`]).
    pub explore: f32,
    /// Rounds to play one after another (at least one).
    pub rounds: u64,
    /// Learn along a line of its own that starts from material alone
    /// ([`material`]), not from the weights in force.
    pub from_scratch: bool,
    /// Tune by duels ([`tune`]) until this many steps in all, in place of
    /// self-play and a fit; 0 fits.
    pub tune: u64,
    /// Learn an evaluation network ([`net`]) in place of weights: of this many
    /// hidden units, trained this many passes from this seed.
    pub net: bool,
    pub hidden: usize,
    pub epochs: u32,
    pub seed: u64,
}

pub(super) fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:12} [{bar:40}] {pos}/{len} {elapsed_precise} (~{eta} left)",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Runs `work` for each of `jobs` on `threads` threads, handing each result to
/// `done` on this thread as it comes; stops handing out jobs once `stop` is raised.
fn on_threads<J: Sync, R: Send>(
    jobs: &[J],
    threads: usize,
    stop: &AtomicBool,
    work: impl Fn(&J) -> R + Sync,
    mut done: impl FnMut(&J, R) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let send = send.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if send.send((i, work(&jobs[i]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (i, result) in receive {
            done(&jobs[i], result)?;
        }
        Ok(())
    })
}

/// Learns `game` under `options`, with its folder and the player's weights file in
/// `folders`: [`Plan::rounds`] rounds, from the weights in force or (with
/// [`Plan::from_scratch`]) along a line of its own that starts from material alone,
/// which stops once it beats the hand-set weights. Returns the closing summary.
pub fn learn(
    game: GameId,
    options: &[(String, String)],
    plan: &Plan,
    folders: &Folders,
) -> anyhow::Result<String> {
    let start = Position::new(game, options)?;
    if game.card().table {
        return Err(anyhow!(
            "{}'s computer aims its shots by simulating them, not by an evaluation: it has no weights to learn",
            game.id()
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Only one handler may be set in a process; a second run in the same one
        // (tests) keeps the first, which raises the same kind of flag.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    let learning = Learning {
        game,
        start: &start,
        plan,
        folders,
        stop: &stop,
    };
    if plan.net {
        return learning.learn_net();
    }
    let mut summary = String::new();
    for _ in 0..plan.rounds.max(1) {
        let (said, go_on) = if plan.from_scratch {
            learning.round_from_scratch()?
        } else if plan.tune > 0 {
            (learning.tune_by_duels()?, false)
        } else {
            learning.round_from_in_force()?
        };
        summary.push_str(&said);
        if !go_on || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    Ok(summary)
}

/// One run of `doska learn`: what it learns and where.
#[derive(Clone, Copy)]
pub(super) struct Learning<'a> {
    pub(super) game: GameId,
    pub(super) start: &'a Position,
    pub(super) plan: &'a Plan,
    pub(super) folders: &'a Folders,
    pub(super) stop: &'a Arc<AtomicBool>,
}

/// A run from scratch's own weights, kept in its folder between rounds: where it has
/// got to, and how those weights scored against the hand-set ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Line {
    weights: Vec<f32>,
    /// The mean score against the hand weights, once measured.
    against_hand: Option<f64>,
}

impl Line {
    fn path(store: &LearningFolder) -> PathBuf {
        store.dir.join("line.ron")
    }

    /// The line so far, or a new one from material alone (also where the game's
    /// features have changed since).
    fn load(store: &LearningFolder, game: GameId) -> Line {
        std::fs::read_to_string(Self::path(store))
            .ok()
            .and_then(|t| ron::from_str::<Line>(&t).ok())
            .filter(|l| l.weights.len() == game.features().len())
            .unwrap_or_else(|| Line {
                weights: material(game.features()),
                against_hand: None,
            })
    }

    fn save(&self, store: &LearningFolder) -> anyhow::Result<()> {
        let text = ron::to_string(self).expect("a line serializes");
        write_atomically(&Self::path(store), &text).with_context(|| written(&Self::path(store)))
    }
}

/// Tuning by duels under way, kept in the learning folder after every step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Tuning {
    /// The weights in force it started from: a tuning from others starts anew.
    from: Vec<f32>,
    weights: Vec<f32>,
    sizes: Vec<f32>,
    /// Steps taken.
    steps: u64,
}

impl Tuning {
    fn path(store: &LearningFolder) -> PathBuf {
        store.dir.join("tune.ron")
    }

    /// The tuning from `from` under way, if any.
    fn load(store: &LearningFolder, from: &[f32]) -> Option<Tuning> {
        std::fs::read_to_string(Self::path(store))
            .ok()
            .and_then(|t| ron::from_str::<Tuning>(&t).ok())
            .filter(|t| t.from == from && t.weights.len() == from.len())
    }

    fn save(&self, store: &LearningFolder) -> anyhow::Result<()> {
        let text = ron::to_string(self).expect("a tuning serializes");
        write_atomically(&Self::path(store), &text).with_context(|| written(&Self::path(store)))
    }
}

/// Tuning's games are numbered from here, apart from the duel's.
const TUNING_GAMES: u64 = 1 << 32;

/// Steps of tuning by duels in a round from scratch whose fit found nothing better,
/// unless `--tune` says how many: more steps each round the line stands still.
const TUNE_STEPS: u64 = 100;

/// Games each pushed side of a tuning step plays (in whole cycles of the duel): with
/// two, a step's verdict was mostly noise, and its move was as often away from the
/// better weights as toward them.
const STEP_GAMES: u64 = 8;

/// The games a side of a tuning step plays: whole cycles of the duel's arrangement,
/// at least [`STEP_GAMES`].
fn step_games(start: &Position) -> u64 {
    let cycle = duel::arrangement(start.seats().seat_count(), 0).1;
    cycle * STEP_GAMES.div_ceil(cycle)
}

/// A duel's points, as the log says them.
pub(super) fn said(points: &[f64]) -> String {
    let (mean, half) = duel::interval(points);
    format!(
        "{}/{} ({:.1}% ± {:.1}, 95%)",
        points.iter().sum::<f64>(),
        points.len(),
        100.0 * mean,
        100.0 * half
    )
}

impl Learning<'_> {
    /// The learning folder of this run: the game's own, or its `scratch` folder.
    fn store(&self, scratch: bool) -> anyhow::Result<LearningFolder> {
        let dir = self.folders.learning(self.game);
        let dir = if scratch { dir.join("scratch") } else { dir };
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
        Ok(LearningFolder { dir })
    }

    /// Plays the round under way (or a new one) with `weights` and fits new weights
    /// from them to every game in `store`: the round, the samples, the games and the
    /// fit; None where Ctrl-C stopped the games (every finished one is kept).
    fn play_and_fit(
        &self,
        store: &LearningFolder,
        weights: &Arc<[f32]>,
    ) -> anyhow::Result<Option<(Round, usize, usize, fit::Fitted)>> {
        let (game, plan) = (self.game, self.plan);
        let round = store.round(plan.games);
        store.save_round(&round)?;
        let (_, done) = store.games(game)?;
        let wanted: Vec<u64> = (round.first..round.first + round.games)
            .filter(|n| !done.contains(n))
            .collect();
        store.log(&format!(
            "{}: round of games {}..{}, {} to play ({} positions a move, {} threads)",
            game.id(),
            round.first,
            round.first + round.games,
            wanted.len(),
            plan.nodes,
            plan.threads
        ));
        let given = Limits {
            weights: Some(weights.clone()),
            ..Limits::default()
        };
        self.self_play(&wanted, round.games, false, &given, |n, samples| {
            store.append(n, samples)
        })?;
        if self.stop.load(Ordering::Relaxed) {
            let (_, done) = store.games(game)?;
            let left = (round.first..round.first + round.games)
                .filter(|n| !done.contains(n))
                .count();
            store.log(&format!(
                "{}: stopped; every finished game is kept in {}, {left} still to play: `doska learn {}` goes on from there",
                game.id(),
                store.dir.display(),
                game.id()
            ));
            return Ok(None);
        }
        let (samples, done) = store.games(game)?;
        let fitted = fit_and_log(store, game, &samples, done.len(), weights);
        Ok(Some((round, samples.len(), done.len(), fitted)))
    }

    /// Plays the games `wanted` of self-play (of `total` in the round, for the
    /// progress bar) on every thread with the evaluation `given` names, at
    /// [`Plan::nodes`] a move, straying by [`Plan::explore`], their samples carrying
    /// a network's inputs where `inputs`; `keep` has each finished game's samples.
    /// Ctrl-C stops it between games.
    pub(super) fn self_play(
        &self,
        wanted: &[u64],
        total: u64,
        inputs: bool,
        given: &Limits,
        mut keep: impl FnMut(u64, &[selfplay::Sample]) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let settings = selfplay::Settings {
            nodes: self.plan.nodes,
            explore: self.plan.explore,
            inputs,
            ..selfplay::Settings::default()
        };
        let given = Limits {
            stop: Some(self.stop.clone()),
            ..given.clone()
        };
        let progress = bar(total, "self-play");
        progress.set_position(total - wanted.len() as u64);
        on_threads(
            wanted,
            self.plan.threads,
            self.stop,
            |&n| selfplay::game(self.start, n, &settings, &given),
            |&n, samples| {
                if let Some(samples) = samples {
                    keep(n, &samples)?;
                    progress.inc(1);
                }
                Ok(())
            },
        )?;
        progress.finish_and_clear();
        Ok(())
    }

    /// A round from the weights in force, which the new ones replace only when they
    /// beat them. Whether another round may follow.
    fn round_from_in_force(&self) -> anyhow::Result<(String, bool)> {
        let (game, plan) = (self.game, self.plan);
        let store = self.store(false)?;
        let old = self.folders.weights_of(game);
        let began = std::time::Instant::now();
        let Some((mut round, positions, games, fitted)) = self.play_and_fit(&store, &old)? else {
            return Ok((
                "stopped with games of the round still to play\n".into(),
                false,
            ));
        };
        let new: Arc<[f32]> = fitted.weights.clone().into();
        if *new == *old {
            store.log(&format!(
                "{}: the fit found no weights that predict better; the old weights stay",
                game.id()
            ));
            round.ended = true;
            store.save_round(&round)?;
            return Ok((
                "kept the old weights: the fit found nothing better\n".into(),
                false,
            ));
        }
        let Some(points) = duel_new_against_old(self.start, plan, self.stop, (&new, &old))? else {
            store.log(&format!(
                "{}: the duel was stopped; the new weights are not kept unchecked. The games of self-play are kept: `doska learn {}` fits and duels again",
                game.id(),
                game.id()
            ));
            return Ok(("stopped in the duel\n".into(), false));
        };
        let (mean, half) = duel::interval(&points);
        let score = format!("new against old: {}", said(&points));
        // Better means better beyond the duel's chance: the whole interval above half.
        let verdict = if mean - half > 0.5 {
            let note = format!(
                "{}'s evaluation weights, learned by `doska learn` from {games} games of self-play\n({positions} positions); {score} at {} positions a move.",
                game.id(),
                plan.duel_nodes
            );
            self.adopt(&fitted.weights, &note)?
        } else {
            "kept the old weights: the new ones did not score better beyond the interval"
                .to_string()
        };
        store.log(&format!(
            "{}: {score}; {verdict} (round of {:.1} minutes)",
            game.id(),
            began.elapsed().as_secs_f64() / 60.0
        ));
        round.ended = true;
        store.save_round(&round)?;
        Ok((format!("{score}\n{verdict}\n"), true))
    }

    /// A round of the line from scratch: its games and a fit from its weights; the
    /// weights found replace the line's when they beat them in a duel, and where they
    /// do not, weights tuned by duels from the line's ([`TUNE_STEPS`] steps, or
    /// `--tune`) may. Weights that replace the line's are then duelled against the
    /// hand-set ones; once the line beats those beyond the interval the run stops, and
    /// its weights become the player's where they also beat those in force. Where
    /// every weight is still zero, self-play strays by at least a tenth (of a hundred
    /// units), or every player would be alike and aimless and no game would teach
    /// anything. Whether another round may follow.
    fn round_from_scratch(&self) -> anyhow::Result<(String, bool)> {
        let game = self.game;
        let store = self.store(true)?;
        let mut line = Line::load(&store, game);
        let from: Arc<[f32]> = line.weights.clone().into();
        let hand: Arc<[f32]> = crate::engine::search::hand(game.features()).into();
        let began = std::time::Instant::now();
        if line.against_hand.is_none() {
            // Where the line starts, measured once: material alone against the hand.
            let Some(points) =
                duel_new_against_old(self.start, self.plan, self.stop, (&from, &hand))?
            else {
                return Ok(("stopped in the duel\n".into(), false));
            };
            store.log(&format!(
                "{}: from scratch, the line's weights against the hand-set ones: {}",
                game.id(),
                said(&points)
            ));
            let (mean, half) = duel::interval(&points);
            line.against_hand = Some(mean);
            line.save(&store)?;
            if mean - half > 0.5 {
                // The hand-set features do more harm than good: material alone is
                // already better, and there is nothing to learn to beat them.
                let note = format!(
                    "{}'s evaluation weights: material alone, which beat the hand-set weights\n{} at {} positions a move.",
                    game.id(),
                    said(&points),
                    self.plan.duel_nodes
                );
                let verdict = format!(
                    "material alone beats the hand weights; {}",
                    self.adopt_if_better(&from, &hand, &note)?
                );
                store.log(&format!("{}: {verdict}", game.id()));
                return Ok((format!("{verdict}\n"), false));
            }
        }
        let plan = Plan {
            explore: if from.iter().all(|&w| w == 0.0) {
                self.plan.explore.max(0.1)
            } else {
                self.plan.explore
            },
            ..self.plan.clone()
        };
        let learning = Learning {
            plan: &plan,
            ..*self
        };
        let Some((mut round, positions, games, fitted)) = learning.play_and_fit(&store, &from)?
        else {
            return Ok((
                "stopped with games of the round still to play\n".into(),
                false,
            ));
        };
        // The fit's weights where they beat the line's, else weights tuned by duels
        // from the line's where those do: a fit of games the line's own weights
        // played tends to find those weights again.
        let mut tried = Vec::new();
        let mut better = None;
        let fitted: Arc<[f32]> = fitted.weights.clone().into();
        if *fitted != *from {
            let Some(points) =
                duel_new_against_old(self.start, &plan, self.stop, (&fitted, &from))?
            else {
                return Ok(("stopped in the duel\n".into(), false));
            };
            tried.push(format!("fitted against the line's: {}", said(&points)));
            if duel::interval(&points).0 > 0.5 {
                better = Some(fitted);
            }
        } else {
            tried.push("the fit found no weights that predict better".into());
        }
        if better.is_none() {
            // A line that stood still since its last tuning goes on tuning from where
            // that stopped, rather than playing the same steps again.
            let each = if plan.tune > 0 { plan.tune } else { TUNE_STEPS };
            let already = Tuning::load(&store, &from).map_or(0, |t| t.steps);
            let Some(tuned) = learning.tune_from(&store, &from, already + each)? else {
                return Ok(("stopped in the tuning\n".into(), false));
            };
            let tuned: Arc<[f32]> = tuned.into();
            let Some(points) = duel_new_against_old(self.start, &plan, self.stop, (&tuned, &from))?
            else {
                return Ok(("stopped in the duel\n".into(), false));
            };
            tried.push(format!(
                "tuned by duels against the line's: {}",
                said(&points)
            ));
            if duel::interval(&points).0 > 0.5 {
                better = Some(tuned);
            }
        }
        let mut beaten = false;
        let score = tried.join("; ");
        let verdict = match better {
            None => "the line keeps its weights".to_string(),
            Some(new) => {
                line.weights = new.to_vec();
                line.save(&store)?;
                let Some(points) =
                    duel_new_against_old(self.start, &plan, self.stop, (&new, &hand))?
                else {
                    return Ok(("stopped in the duel\n".into(), false));
                };
                let (mean, half) = duel::interval(&points);
                line.against_hand = Some(mean);
                line.save(&store)?;
                let against = format!(
                    "the line goes on from them; against the hand weights: {}",
                    said(&points)
                );
                if mean - half > 0.5 {
                    beaten = true;
                    let note = format!(
                        "{}'s evaluation weights, learned from scratch by `doska learn --from-scratch`\nfrom {games} games of self-play ({positions} positions); against the hand weights {} at {} positions a move.",
                        game.id(),
                        said(&points),
                        plan.duel_nodes
                    );
                    format!(
                        "{against}; they beat the hand weights; {}",
                        self.adopt_if_better(&new, &hand, &note)?
                    )
                } else {
                    format!("{against}; not yet better than the hand weights")
                }
            }
        };
        store.log(&format!(
            "{}: {score}; {verdict} (round of {:.1} minutes)",
            game.id(),
            began.elapsed().as_secs_f64() / 60.0
        ));
        round.ended = true;
        store.save_round(&round)?;
        Ok((format!("{score}\n{verdict}\n"), !beaten))
    }

    /// Tunes `from` by duels ([`tune`]) until `steps` steps in all, each step
    /// [`step_games`] games a side at [`Plan::nodes`] a move, keeping where it got to in `store` after
    /// every step: the weights tuned, or None where Ctrl-C stopped it (the next run
    /// goes on from the last whole step).
    fn tune_from(
        &self,
        store: &LearningFolder,
        from: &Arc<[f32]>,
        steps: u64,
    ) -> anyhow::Result<Option<Vec<f32>>> {
        let (game, plan) = (self.game, self.plan);
        let mut tuning = match Tuning::load(store, from) {
            Some(tuning) => tuning,
            None => {
                // How far to push a weight at zero depends on how much its feature
                // varies: two games of straying self-play show it.
                let settings = selfplay::Settings {
                    nodes: plan.nodes,
                    explore: 0.05,
                    ..selfplay::Settings::default()
                };
                let given = Limits {
                    weights: Some(from.clone()),
                    stop: Some(self.stop.clone()),
                    ..Limits::default()
                };
                let samples: Vec<selfplay::Sample> = (0..2)
                    .filter_map(|n| selfplay::game(self.start, TUNING_GAMES + n, &settings, &given))
                    .flatten()
                    .collect();
                Tuning {
                    from: from.to_vec(),
                    weights: from.to_vec(),
                    sizes: tune::sizes(game.features(), from, &samples, aim),
                    steps: 0,
                }
            }
        };
        let cycle = step_games(self.start);
        store.log(&format!(
            "{}: tuning by duels from step {} to {steps}, {cycle} games a side a step ({} positions a move, {} threads)",
            game.id(),
            tuning.steps,
            plan.nodes,
            plan.threads
        ));
        let progress = bar(steps, "tuning");
        progress.set_position(tuning.steps.min(steps));
        while tuning.steps < steps {
            let n = tuning.steps;
            let (up, down) = tune::pushed(&tuning.weights, &tuning.sizes, n);
            let (up, down): (Arc<[f32]>, Arc<[f32]>) = (up.into(), down.into());
            // Each side plays its games against the weights the tuning started from,
            // from the same starts: the side that scores more against them is the
            // one to move toward, which is what the duel at the end asks.
            let games: Vec<(u64, bool)> = (0..cycle)
                .flat_map(|k| [true, false].map(|side| (TUNING_GAMES + n * cycle + k, side)))
                .collect();
            let (mut pushed_up, mut pushed_down) = (0.0, 0.0);
            on_threads(
                &games,
                plan.threads,
                self.stop,
                |&(g, side)| {
                    let pushed = if side { &up } else { &down };
                    duel::game(self.start, g, plan.nodes, 150, (pushed, from))
                },
                |&(_, side), p| {
                    if side {
                        pushed_up += p;
                    } else {
                        pushed_down += p;
                    }
                    Ok(())
                },
            )?;
            if self.stop.load(Ordering::Relaxed) {
                store.log(&format!(
                    "{}: tuning stopped after {} steps; run again to go on from there",
                    game.id(),
                    tuning.steps,
                ));
                return Ok(None);
            }
            // As though the two had met: a half and half the difference of their
            // scores against the weights they started from.
            let score = 0.5 + (pushed_up - pushed_down) / (2.0 * cycle as f64);
            tuning.weights = tune::moved(&tuning.weights, &tuning.sizes, n, score);
            tuning.steps += 1;
            tuning.save(store)?;
            progress.inc(1);
            if tuning.steps % 10 == 0 || tuning.steps == steps {
                store.log(&format!(
                    "{}: step {}: {}",
                    game.id(),
                    tuning.steps,
                    changes(game, from, &tuning.weights)
                ));
            }
        }
        progress.finish_and_clear();
        Ok(Some(tuning.weights))
    }

    /// Tunes the weights in force by duels until [`Plan::tune`] steps in all (a run
    /// with a higher `--tune` goes further), then duels the weights tuned against
    /// those in force, which they replace only when they beat them beyond the
    /// interval.
    fn tune_by_duels(&self) -> anyhow::Result<String> {
        let (game, plan) = (self.game, self.plan);
        let store = self.store(false)?;
        let in_force = self.folders.weights_of(game);
        let began = std::time::Instant::now();
        let Some(tuned) = self.tune_from(&store, &in_force, plan.tune)? else {
            return Ok("stopped in the tuning; run again to go on\n".into());
        };
        let new: Arc<[f32]> = tuned.clone().into();
        let Some(points) = duel_new_against_old(self.start, plan, self.stop, (&new, &in_force))?
        else {
            return Ok("stopped in the duel\n".into());
        };
        let (mean, half) = duel::interval(&points);
        let score = format!("tuned against the weights in force: {}", said(&points));
        let verdict = if mean - half > 0.5 {
            let cycle = step_games(self.start);
            let note = format!(
                "{}'s evaluation weights, tuned by duels (`doska learn --tune`) in {} steps of\n{cycle} games a side at {} positions a move; {score} at {} positions a move.",
                game.id(),
                plan.tune,
                plan.nodes,
                plan.duel_nodes
            );
            self.adopt(&tuned, &note)?
        } else {
            "kept the old weights: the tuned ones did not score better beyond the interval"
                .to_string()
        };
        store.log(&format!(
            "{}: {score}; {verdict} ({:.1} minutes)",
            game.id(),
            began.elapsed().as_secs_f64() / 60.0
        ));
        Ok(format!("{score}\n{verdict}\n"))
    }

    /// Makes `weights` the player's own for the game, with `note` in the file.
    fn adopt(&self, weights: &[f32], note: &str) -> anyhow::Result<String> {
        let path = self.folders.weights(self.game);
        write_atomically(&path, weights::write(self.game.evaluation(), weights, note))
            .with_context(|| written(&path))?;
        Ok(format!("kept the new weights in {}", path.display()))
    }

    /// Adopts `weights`, which beat the hand weights, where those are the weights in
    /// force or where a duel shows they beat the weights in force too.
    fn adopt_if_better(
        &self,
        weights: &[f32],
        hand: &Arc<[f32]>,
        note: &str,
    ) -> anyhow::Result<String> {
        let in_force = self.folders.weights_of(self.game);
        let new: Arc<[f32]> = weights.into();
        if *in_force == **hand {
            return self.adopt(weights, note);
        }
        let Some(points) =
            duel_new_against_old(self.start, self.plan, self.stop, (&new, &in_force))?
        else {
            return Ok("the duel against the weights in force was stopped; they stay".into());
        };
        let (mean, half) = duel::interval(&points);
        let against = format!("against the weights in force {}", said(&points));
        if mean - half <= 0.5 {
            return Ok(format!("{against}, which stay"));
        }
        Ok(format!("{against}; {}", self.adopt(weights, note)?))
    }
}

/// Fits the weights to every game so far, starting from `old`, and logs how well they
/// predict the held-out games and which weights moved.
fn fit_and_log(
    store: &LearningFolder,
    game: GameId,
    samples: &[selfplay::Sample],
    games: usize,
    old: &[f32],
) -> fit::Fitted {
    let fitting = bar(1, "fitting");
    let fitted = fit::fit(samples, old, &mut |epoch, most| {
        fitting.set_length(most as u64);
        fitting.set_position(epoch as u64);
    });
    fitting.finish_and_clear();
    store.log(&format!(
        "{}: fitted to {} positions of {games} games in {} passes (curve scale {:.5}): held-out error {:.5} -> {:.5}",
        game.id(),
        fitted.trained + fitted.held_out,
        fitted.epochs,
        fitted.scale,
        fitted.before,
        fitted.after
    ));
    store.log(&format!(
        "{}: weights found: {}",
        game.id(),
        changes(game, old, &fitted.weights)
    ));
    fitted
}

/// The weights that moved from `old` to `new`, as the log lists them.
fn changes(game: GameId, old: &[f32], new: &[f32]) -> String {
    game.features()
        .iter()
        .zip(old.iter().zip(new))
        .filter(|(_, (a, b))| a != b)
        .map(|(f, (a, b))| format!("{} {a:.1} -> {b:.1}", f.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The duel of the new weights against the old, on every thread: the new weights'
/// points game by game, or None where Ctrl-C stopped it.
fn duel_new_against_old(
    start: &Position,
    plan: &Plan,
    stop: &AtomicBool,
    (new, old): (&Arc<[f32]>, &Arc<[f32]>),
) -> anyhow::Result<Option<Vec<f64>>> {
    let by = |weights: &Arc<[f32]>| Limits {
        weights: Some(weights.clone()),
        ..Limits::default()
    };
    duel_between(start, plan, stop, (&by(new), &by(old)))
}

/// The duel of two evaluations, each the weights and network its limits name
/// ([`duel::between`]), on every thread: the first's points game by game, or None
/// where Ctrl-C stopped it.
pub(super) fn duel_between(
    start: &Position,
    plan: &Plan,
    stop: &AtomicBool,
    (new, old): (&Limits, &Limits),
) -> anyhow::Result<Option<Vec<f64>>> {
    let games: Vec<u64> = (0..plan.duel).collect();
    let duelling = bar(plan.duel, "duel");
    let mut points = Vec::new();
    on_threads(
        &games,
        plan.threads,
        stop,
        |&n| duel::between(start, n, plan.duel_nodes, 150, (new, old)),
        |_, p| {
            points.push(p);
            duelling.inc(1);
            Ok(())
        },
    )?;
    duelling.finish_and_clear();
    Ok((!stop.load(Ordering::Relaxed)).then_some(points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::learn::folder::sample;
    use crate::engine::search::Trace;
    use std::io::Write;

    /// A learning home of its own for one test, removed when the test ends.
    struct Home(Folders);

    impl std::ops::Deref for Home {
        type Target = Folders;

        fn deref(&self) -> &Folders {
            &self.0
        }
    }

    impl Drop for Home {
        fn drop(&mut self) {
            if let Some(home) = self.0.config.parent() {
                let _ = std::fs::remove_dir_all(home);
            }
        }
    }

    fn folders() -> Home {
        let home = std::env::temp_dir().join(format!(
            "doska-learn-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&home);
        Home(Folders::under(&home))
    }

    fn plan() -> Plan {
        Plan {
            games: 4,
            nodes: 200,
            duel: 4,
            duel_nodes: 200,
            threads: 2,
            explore: 0.0,
            rounds: 1,
            from_scratch: false,
            tune: 0,
            net: false,
            hidden: 16,
            epochs: 2,
            seed: 1,
        }
    }

    #[test]
    fn a_round_plays_fits_duels_and_the_next_starts_after_it() {
        let folders = folders();
        let summary = learn(GameId::Corners, &[], &plan(), &folders).unwrap();
        assert!(summary.contains("kept the"), "{summary}");
        let store = LearningFolder {
            dir: folders.learning(GameId::Corners),
        };
        let (samples, done) = store.games(GameId::Corners).unwrap();
        assert_eq!(done, (0..4).collect());
        assert!(!samples.is_empty());
        let log = std::fs::read_to_string(store.dir.join("log.txt")).unwrap();
        assert!(log.contains("fitted to"), "{log}");
        assert!(store.round(plan().games).first == 4);
        learn(GameId::Corners, &[], &plan(), &folders).unwrap();
        let (_, done) = store.games(GameId::Corners).unwrap();
        assert_eq!(done, (0..8).collect());
    }

    /// Turkish draughts from material alone: a few games of self-play already give
    /// weights that predict those games better; the line keeps its own folder and
    /// weights, and the player's weights are left alone until it beats the hand-set
    /// ones.
    #[test]
    fn learning_from_scratch_fits_its_own_games_in_a_line_of_its_own() {
        let folders = folders();
        let plan = Plan {
            games: 20,
            from_scratch: true,
            tune: 3,
            ..plan()
        };
        let summary = learn(GameId::Turkish, &[], &plan, &folders).unwrap();
        assert!(
            summary.contains("against the line's") || summary.contains("no weights"),
            "{summary}"
        );
        let store = LearningFolder {
            dir: folders.learning(GameId::Turkish).join("scratch"),
        };
        let log = std::fs::read_to_string(store.dir.join("log.txt")).unwrap();
        let errors = log
            .lines()
            .find_map(|l| l.split("held-out error ").nth(1))
            .expect("a fit in the log");
        let (before, after) = errors.split_once(" -> ").unwrap();
        let (before, after): (f64, f64) = (before.parse().unwrap(), after.parse().unwrap());
        assert!(after < before, "{log}");
        let line = Line::load(&store, GameId::Turkish);
        assert!(line.against_hand.is_some());
        let (_, done) = store.games(GameId::Turkish).unwrap();
        assert_eq!(done, (0..20).collect());
        if !summary.contains("they beat the hand weights") {
            assert!(!folders.weights(GameId::Turkish).exists());
        }
    }

    /// Tuning by duels takes its steps, keeps where it got to after each, goes on
    /// from there when asked for more, and ends with a duel against the weights in
    /// force.
    #[test]
    fn tuning_by_duels_steps_resumes_and_duels() {
        let folders = folders();
        let plan = Plan { tune: 2, ..plan() };
        let summary = learn(GameId::Corners, &[], &plan, &folders).unwrap();
        assert!(
            summary.contains("tuned against the weights in force"),
            "{summary}"
        );
        let store = LearningFolder {
            dir: folders.learning(GameId::Corners),
        };
        let in_force = folders.weights_of(GameId::Corners);
        let tuning = Tuning::load(&store, &in_force).unwrap();
        assert_eq!(tuning.steps, 2);
        assert!(tuning.sizes.iter().any(|&s| s > 0.0), "{:?}", tuning.sizes);
        if !summary.contains("kept the new weights") {
            let more = Plan { tune: 3, ..plan };
            learn(GameId::Corners, &[], &more, &folders).unwrap();
            assert_eq!(Tuning::load(&store, &in_force).unwrap().steps, 3);
            let log = std::fs::read_to_string(store.dir.join("log.txt")).unwrap();
            assert!(log.contains("from step 2 to 3"), "{log}");
        }
    }

    #[test]
    fn a_game_cut_off_in_the_middle_of_writing_is_played_again() {
        let folders = folders();
        let store = LearningFolder {
            dir: folders.learning(GameId::Corners),
        };
        std::fs::create_dir_all(&store.dir).unwrap();
        let sample = selfplay::Sample {
            game: 1,
            result: 1.0,
            score: 20.0,
            features: Trace(vec![3.0, 0.0, -1.0]).sparse(),
            leaf: None,
        };
        store.append(1, std::slice::from_ref(&sample)).unwrap();
        // Game 2's lines without its end, the last one half written.
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(store.games_path())
            .unwrap();
        file.write_all(b"2 0 -20 3 0 -1\n2 0 -2").unwrap();
        let (samples, done) = store.games(GameId::Corners).unwrap();
        assert_eq!(samples, vec![sample]);
        assert_eq!(done, [1].into());
    }

    #[test]
    fn a_sample_line_reads_in_either_form() {
        let sparse = sample(4, "1 -20.5 w3 0:3 2:-1.5".split(' ')).unwrap();
        let dense = sample(4, "1 -20.5 3 0 -1.5".split(' ')).unwrap();
        assert_eq!(sparse, dense);
        assert_eq!(sparse.features.width, 3);
        assert_eq!(sparse.features.amounts, vec![(0, 3.0), (2, -1.5)]);
        assert_eq!(sample(4, "1 -20.5 w3 3:1".split(' ')), None);
        assert_eq!(sample(4, "1 -20.5 w3 0:x".split(' ')), None);
        assert_eq!(sample(4, "1".split(' ')), None);
    }

    #[test]
    fn a_network_learns_in_generations_that_resume() {
        let folders = folders();
        let game = GameId::Turkish;
        // Five games: the fifth is the first held out.
        let plan = Plan {
            net: true,
            games: 5,
            hidden: 8,
            ..plan()
        };
        let said = learn(game, &[], &plan, &folders).unwrap();
        assert!(
            said.contains("generation 0: the network against the evaluation in force"),
            "{said}"
        );
        let dir = folders.learning(game).join("net");
        let ends = || {
            std::fs::read_to_string(dir.join("positions.txt"))
                .unwrap()
                .lines()
                .filter(|l| l.starts_with("end "))
                .count()
        };
        assert_eq!(ends(), 5);
        let best = std::fs::read(dir.join("best.net")).unwrap();
        let width = Position::new(game, &[]).unwrap().net_layout().width();
        let net = crate::engine::net::file::read_for(&best, game.id(), width).unwrap();
        assert_eq!((net.hidden, net.base.len()), (8, game.features().len()));
        // The next run is the next generation: five games more, two passes more.
        let said = learn(game, &[], &plan, &folders).unwrap();
        assert!(said.contains("generation 1:"), "{said}");
        assert_eq!(ends(), 10);
        let training = crate::engine::net::file::read_training(
            &std::fs::read(dir.join("training.bin")).unwrap(),
        )
        .unwrap();
        assert_eq!(training.epochs, 2 * plan.epochs);
    }

    #[test]
    fn chapayev_has_nothing_to_learn() {
        let refused = learn(GameId::Chapayev, &[], &plan(), &folders()).unwrap_err();
        assert!(
            refused.to_string().contains("no weights to learn"),
            "{refused}"
        );
    }
}
