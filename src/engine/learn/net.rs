//! `doska learn GAME --net`: a network learns the game from the learner's self-play.
//! The computer in force plays the games (with each position's network inputs kept
//! beside its features), a network of [`Plan::hidden`] units is trained on them for
//! [`Plan::epochs`] passes from [`Plan::seed`], the pass that best predicts games it
//! never saw is kept, and it plays the evaluation in force in a duel: it becomes the
//! player's network only where the whole interval lies above a half. Everything is
//! kept in the game's `net` folder, so a stopped run goes on from the last finished
//! game or pass.

use super::command::{Learning, bar, duel_between, said};
use super::folder::{LearningFolder, append_game, read_games};
use crate::engine::learn::{duel, selfplay};
use crate::engine::net::train::{self, Model, Training};
use crate::engine::net::{Net, file};
use crate::engine::search::Limits;
use crate::folders::write_atomically;
use anyhow::Context;
use std::collections::BTreeSet;

use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The network's games are numbered from here, apart from the rounds' and tunings'.
const NET_GAMES: u64 = 1 << 40;

/// One game in ten is held out of training, to tell which pass predicts best.
fn held_out(game: u64) -> bool {
    game.is_multiple_of(10)
}

impl LearningFolder {
    fn positions_path(&self) -> std::path::PathBuf {
        self.dir.join("positions.txt")
    }

    /// Appends a finished game's positions in one write: a line per position (its
    /// game, `s` and the seat whose view it is, that seat's result, the search's
    /// score, `b` and the score of its features under `base`, then its inputs on),
    /// in the order played, then the game's end line.
    fn append_positions(
        &self,
        n: u64,
        samples: &[selfplay::Sample],
        base: &[f32],
    ) -> anyhow::Result<()> {
        let mut text = String::new();
        for s in samples {
            let Some(leaf) = &s.leaf else {
                continue;
            };
            let features: f32 = leaf
                .features
                .amounts
                .iter()
                .map(|&(i, a)| a * base.get(i as usize).copied().unwrap_or(0.0))
                .sum();
            text.push_str(&format!(
                "{n} s{} {} {} b{features}",
                leaf.seat, s.result, s.score
            ));
            for i in &leaf.on {
                text.push_str(&format!(" {i}"));
            }
            text.push('\n');
        }
        append_game(&self.positions_path(), n, text)
    }

    /// Every finished game's positions, by game in the order played, and the games
    /// finished; lines of a game cut off before its end line, and inputs beyond
    /// `width`, are left out.
    fn positions(&self, width: usize) -> anyhow::Result<(Vec<Recorded>, BTreeSet<u64>)> {
        read_games(
            &self.positions_path(),
            |n, mut words| {
                let game = n.parse().ok()?;
                let seat = words.next()?.strip_prefix('s')?.parse().ok()?;
                let result = words.next()?.parse().ok()?;
                let score = words.next()?.parse().ok()?;
                let base = words.next()?.strip_prefix('b')?.parse().ok()?;
                let on: Vec<u32> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
                on.iter()
                    .all(|&i| (i as usize) < width)
                    .then_some(Recorded {
                        game,
                        seat,
                        result,
                        score,
                        base,
                        on,
                    })
            },
            |r| r.game,
        )
    }
}

/// A position as its line records it.
struct Recorded {
    game: u64,
    seat: usize,
    result: f32,
    score: f32,
    base: f32,
    on: Vec<u32>,
}

/// The positions to learn from, each with its target ([`train::returns`]): every
/// seat's positions in each game, in the order played.
fn targets(recorded: Vec<Recorded>, curve: f32) -> Vec<train::Position> {
    let mut lines: std::collections::BTreeMap<(u64, usize), Vec<Recorded>> = Default::default();
    for r in recorded {
        lines.entry((r.game, r.seat)).or_default().push(r);
    }
    lines
        .into_values()
        .flat_map(|line| {
            let scores: Vec<f32> = line.iter().map(|r| r.score).collect();
            let result = line.first().map_or(0.5, |r| r.result);
            let returns = train::returns(&scores, result, curve);
            line.into_iter()
                .zip(returns)
                .map(|(r, target)| train::Position {
                    on: r.on,
                    target,
                    base: r.base,
                })
        })
        .collect()
}

/// Where the generations have got to: how many have ended (played, trained and
/// duelled).
struct Generation {
    number: u64,
}

impl Generation {
    fn path(store: &LearningFolder) -> std::path::PathBuf {
        store.dir.join("generation.txt")
    }

    fn load(store: &LearningFolder) -> Generation {
        let number = std::fs::read_to_string(Self::path(store))
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0);
        Generation { number }
    }

    fn save(&self, store: &LearningFolder) -> anyhow::Result<()> {
        write_atomically(&Self::path(store), self.number.to_string())
            .with_context(|| format!("cannot write {}", Self::path(store).display()))
    }
}

impl Learning<'_> {
    /// A run of `--net`: [`Plan::rounds`] generations (at least one), each the games
    /// still to play, the passes still to make and the duel against the evaluation in
    /// force; it stops once a network beats that. Its summary.
    pub(super) fn learn_net(&self) -> anyhow::Result<String> {
        let game = self.game;
        let dir = self.folders.learning(game).join("net");
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
        let store = LearningFolder { dir };
        let mut summary = String::new();
        for _ in 0..self.plan.rounds.max(1) {
            let (said, go_on) = self.net_generation(&store)?;
            summary.push_str(&said);
            if !go_on || self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        Ok(summary)
    }

    /// One generation: its games, played by the evaluation in force with the last
    /// generation's network where there is one (so that the games show where that
    /// network errs: a network taught only by games it did not play learns what
    /// went with winning there, grabbing the material the winners had, and loses
    /// to the weights it learned beside), then training on every game so far, then
    /// the duel. Its summary, and whether another may follow.
    fn net_generation(&self, store: &LearningFolder) -> anyhow::Result<(String, bool)> {
        let (game, plan) = (self.game, self.plan);
        let width = self.start.net_layout().width();
        let generation = Generation::load(store);
        let in_force = Limits {
            weights: Some(self.folders.weights_of(game)),
            net: self.folders.net_of(game),
            ..Limits::default()
        };
        let last = std::fs::read(store.dir.join("best.net"))
            .ok()
            .and_then(|b| file::read_for(&b, game.id(), width).ok());
        let players = Limits {
            net: last.map(Arc::new).or(in_force.net.clone()),
            ..in_force.clone()
        };
        let games = (generation.number + 1) * plan.games;
        if !self.play_for_net(store, &players, width, games)? {
            return Ok((
                "stopped with games still to play; run again to go on\n".into(),
                false,
            ));
        }
        let Some(net) = self.train_net(store, width, &generation)? else {
            return Ok(("stopped in training; run again to go on\n".into(), false));
        };
        let new = Limits {
            net: Some(Arc::new(net.clone())),
            ..in_force.clone()
        };
        let began = std::time::Instant::now();
        let Some(points) = duel_between(self.start, plan, self.stop, (&new, &in_force))? else {
            return Ok((
                "stopped in the duel; run again to duel again\n".into(),
                false,
            ));
        };
        let (mean, half) = duel::interval(&points);
        let score = format!(
            "generation {}: the network against the evaluation in force: {} at {} positions a move",
            generation.number,
            said(&points),
            plan.duel_nodes
        );
        let beaten = mean - half > 0.5;
        let verdict = if beaten {
            let net = Net {
                note: format!("{}\n{score}.", net.note),
                ..net
            };
            let path = self.folders.net(game);
            write_atomically(&path, file::write(&net))
                .with_context(|| format!("cannot write {}", path.display()))?;
            format!("kept the network in {}", path.display())
        } else {
            "the evaluation in force stays: the network did not beat it beyond the interval".into()
        };
        store.log(&format!(
            "{}: {score}; {verdict} (duel of {:.1} minutes)",
            game.id(),
            began.elapsed().as_secs_f64() / 60.0
        ));
        Generation {
            number: generation.number + 1,
        }
        .save(store)?;
        Ok((format!("{score}\n{verdict}\n"), !beaten))
    }

    /// Plays the network's games still to play, up to `games` in all, with the
    /// players' evaluation, keeping each finished one; false where Ctrl-C stopped it.
    fn play_for_net(
        &self,
        store: &LearningFolder,
        players: &Limits,
        width: usize,
        games: u64,
    ) -> anyhow::Result<bool> {
        let (game, plan) = (self.game, self.plan);
        let (_, done) = store.positions(width)?;
        let wanted: Vec<u64> = (NET_GAMES..NET_GAMES + games)
            .filter(|n| !done.contains(n))
            .collect();
        store.log(&format!(
            "{}: network's self-play, {} of {games} games to play ({} positions a move, {} threads)",
            game.id(),
            wanted.len(),
            plan.nodes,
            plan.threads
        ));
        let base = self.folders.weights_of(game);
        self.self_play(&wanted, games, true, players, |n, samples| {
            store.append_positions(n, samples, &base)
        })?;
        Ok(!self.stop.load(Ordering::Relaxed))
    }

    /// Trains the network on every game kept, from the training under way if there
    /// is one of the same size, to [`Plan::epochs`] passes: the network of the pass
    /// that predicted the held-out games best, or None where Ctrl-C stopped it.
    fn train_net(
        &self,
        store: &LearningFolder,
        width: usize,
        generation: &Generation,
    ) -> anyhow::Result<Option<Net>> {
        let (game, plan) = (self.game, self.plan);
        let (positions, done) = store.positions(width)?;
        let scored: Vec<(f32, f32)> = positions.iter().map(|r| (r.score, r.result)).collect();
        let curve = train::curve(&scored);
        let (held, learn): (Vec<_>, Vec<_>) = positions.into_iter().partition(|r| held_out(r.game));
        let (held, learn) = (targets(held, curve), targets(learn, curve));
        anyhow::ensure!(
            !learn.is_empty() && !held.is_empty(),
            "too few games to learn from: play more (--games)"
        );
        // The network adds to the features' score under the weights in force, as
        // each position recorded it.
        let base = self.folders.weights_of(game);
        let training_path = store.dir.join("training.bin");
        let best_path = store.dir.join("best.net");
        let mut training = std::fs::read(&training_path)
            .ok()
            .and_then(|b| file::read_training(&b).ok())
            .filter(|t| t.model.width == width && t.model.hidden == plan.hidden)
            .unwrap_or_else(|| {
                Training::new(Model::new(self.start.net_layout(), plan.hidden, plan.seed))
            });
        // The best pass so far, and its held-out error (kept beside it).
        let loss_path = store.dir.join("best.txt");
        // This generation's passes; the best of an earlier one was measured on
        // other held-out games, so it does not count.
        let (first, last) = (
            generation.number as u32 * plan.epochs,
            (generation.number as u32 + 1) * plan.epochs,
        );
        let mut best = std::fs::read(&best_path)
            .ok()
            .and_then(|b| file::read(&b).ok())
            .zip(
                std::fs::read_to_string(&loss_path)
                    .ok()
                    .and_then(|t| t.trim().parse::<f32>().ok()),
            )
            .filter(|_| training.epochs > first);
        let note = |epochs: u32, loss: f32| {
            format!(
                "{}'s network, learned by `doska learn --net` from {} positions of {} games of\nself-play at {} positions a move: {} hidden units, pass {epochs}, held-out error {loss:.5}",
                game.id(),
                learn.len() + held.len(),
                done.len(),
                plan.nodes,
                plan.hidden
            )
        };
        // A new model adds nothing: its error is the features' alone.
        let alone = train::loss(&Model::new(self.start.net_layout(), 1, 0), &held, curve);
        store.log(&format!(
            "{}: training {} hidden units on {} positions ({} held out, the features' error on them {alone:.5}), curve scale {curve:.5}, from pass {} to {}",
            game.id(),
            plan.hidden,
            learn.len(),
            held.len(),
            training.epochs,
            last
        ));
        let progress = bar(u64::from(plan.epochs), "training");
        progress.set_position(u64::from(
            training.epochs.saturating_sub(first).min(plan.epochs),
        ));
        let (began, started) = (std::time::Instant::now(), training.epochs);
        while training.epochs < last {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            training.epoch(&learn, curve, plan.seed);
            let loss = train::loss(&training.model, &held, curve);
            write_atomically(&training_path, file::write_training(&training))
                .with_context(|| format!("cannot write {}", training_path.display()))?;
            if best.as_ref().is_none_or(|(_, b)| loss < *b) {
                let net = training
                    .model
                    .quantised(game.id(), &base, &note(training.epochs, loss));
                write_atomically(&best_path, file::write(&net))
                    .and_then(|()| write_atomically(&loss_path, loss.to_string()))
                    .with_context(|| format!("cannot write {}", best_path.display()))?;
                best = Some((net, loss));
            }
            store.log(&format!(
                "{}: pass {}: held-out error {loss:.5} (best {:.5}; {:.1} s a pass)",
                game.id(),
                training.epochs,
                best.as_ref().map_or(loss, |(_, b)| *b),
                began.elapsed().as_secs_f64() / f64::from((training.epochs - started).max(1))
            ));
            progress.inc(1);
        }
        progress.finish_and_clear();
        let (net, _) = best.context(
            "no pass of the training was kept: delete the net folder's training.bin to start again",
        )?;
        Ok(Some(net))
    }
}
