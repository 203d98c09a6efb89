//! The slowest legal-move generation players meet, and each game's search speed.
//! Run with `cargo bench --bench movegen`.
//!
//! 1. For every game (and everyone-moves chess with `check_rules` on), 40 games of
//!    random moves from a fixed seed; in every position reached, the time to list the
//!    legal moves: the slowest, with its position's text, and the 99th percentile.
//! 2. For every game, positions a second of a 2-second search from the start and from a
//!    position 20 random moves in (or fewer, where random moves end the game sooner),
//!    beside orthodox chess's.
//!
//! Game ids after `--` (`cargo bench --bench movegen -- chess100 tri-chess`) measure
//! only those games.

use doska::engine::search::{Level, Limits, Think};
use doska::rules::{Action, GameId, Match, Position};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use std::time::{Duration, Instant};

const GAMES: usize = 40;
const PLIES: usize = 160;

fn main() {
    // Cargo passes `--bench` itself; anything else names a game to measure.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |g: GameId| only.is_empty() || only.iter().any(|id| id == g.id());
    let mut setups: Vec<(GameId, Vec<(String, String)>)> = GameId::ALL
        .iter()
        .filter(|&&g| wanted(g))
        .map(|&g| (g, Vec::new()))
        .collect();
    if wanted(GameId::EveryoneMoves) {
        setups.push((
            GameId::EveryoneMoves,
            vec![("check_rules".into(), "on".into())],
        ));
    }
    println!("legal moves: slowest and 99th percentile over {GAMES} random games");
    for (game, rules) in &setups {
        if *game == GameId::Chapayev {
            continue;
        }
        slowest(*game, rules);
    }
    println!("search speed, positions a second");
    for &game in GameId::ALL {
        if game == GameId::Chapayev || !wanted(game) {
            continue;
        }
        speed(game);
    }
}

fn random_match(game: GameId, rules: &[(String, String)], seed: u64, plies: usize) -> Match {
    let mut random = SplitMix64::seed_from_u64(seed);
    let mut m = Match::new(Position::new(game, rules).expect("valid rules"));
    for _ in 0..plies {
        if m.outcome().is_some() {
            break;
        }
        let actions: Vec<Action> = m
            .legal_actions()
            .into_iter()
            .filter(|a| a.moved().is_some())
            .collect();
        if actions.is_empty() {
            break;
        }
        let pick = actions[(random.next_u64() % actions.len() as u64) as usize];
        if m.play(pick).is_err() {
            break;
        }
    }
    m
}

fn slowest(game: GameId, rules: &[(String, String)]) {
    let mut times = Vec::new();
    let mut worst = (Duration::ZERO, String::new());
    for seed in 0..GAMES as u64 {
        let m = random_match(game, rules, seed, PLIES);
        for i in 0..=m.all_actions().len() {
            let position = &m.state_before(i).position;
            let started = Instant::now();
            let n = position.legal_moves().len();
            let took = started.elapsed();
            std::hint::black_box(n);
            times.push(took);
            if took > worst.0 {
                worst = (took, position.set_up_text().unwrap_or_default());
            }
        }
    }
    times.sort();
    let p99 = times[(times.len() - 1) * 99 / 100];
    let rules: Vec<String> = rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!(
        "  {:<18} {:<16} slowest {:>9.3} ms, p99 {:>8.3} ms  ({} positions) {}",
        game.id(),
        rules.join(","),
        worst.0.as_secs_f64() * 1000.0,
        p99.as_secs_f64() * 1000.0,
        times.len(),
        worst.1
    );
}

fn speed(game: GameId) {
    let mut rates = Vec::new();
    for start in [0, 20] {
        // A game over by then is searched from further back; a die awaited is rolled
        // first.
        let mut plies = start;
        let mut m = random_match(game, &[], 7, plies);
        while m.outcome().is_some() && plies > 0 {
            plies /= 2;
            m = random_match(game, &[], 7, plies);
        }
        if let Some(roll) = m.roll() {
            let _ = m.play(roll);
        }
        let position = m.position();
        let limits = Limits {
            time: Some(Duration::from_secs(2)),
            ..Limits::default()
        };
        let mut last = None;
        position.think(Level::Hard, &limits, 0, &mut |p| last = Some(p.nps));
        rates.push(last.unwrap_or(0));
    }
    println!(
        "  {:<18} from the start {:>9}, 20 moves in {:>9}",
        game.id(),
        rates[0],
        rates[1]
    );
}
