//! How many Chapayev shots the computer player simulates per second: each candidate is
//! a whole shot played to rest in the physics world (goal: at least 100 per second).
//! Run with `cargo bench --bench chapayev`.

use divan::Bencher;
use doska::rules::Game;
use doska::rules::chapayev::{Action, Chapayev, ChapayevOptions};

fn main() {
    divan::main();
}

fn opened() -> Chapayev {
    let mut c = Chapayev::new(ChapayevOptions::default());
    c.play(&Action::Lot {
        white_seat: 0,
        seed: 1,
    });
    c
}

/// Twenty candidate shots from the start, each simulated and scored.
#[divan::bench(sample_count = 5)]
fn twenty_rollouts_from_the_start(bencher: Bencher) {
    let c = opened();
    let shots = c.candidates(20);
    assert_eq!(shots.len(), 20);
    bencher.bench(|| shots.iter().map(|s| c.score(s)).sum::<f32>());
}
