//! The sounds themselves, synthesised: a tap of wood on wood for a move, a heavier
//! double tap for a capture, a small bell for check, a rising chime for the end of a
//! game, and the short hard click of one checker hitting another. Made from decaying
//! sine partials and a breath of noise, so nothing is recorded or licensed, and each
//! sound is built once at start-up.

/// Samples per second of every sound.
pub const RATE: u32 = 44_100;

/// A ringing partial: frequency (Hz), loudness, and how long it takes to fall to
/// 1/e (seconds).
struct Partial(f32, f32, f32);

/// Adds one struck sound into `out`, starting `at` seconds in: its partials plus a
/// short burst of noise for the strike itself.
fn strike(out: &mut [f32], at: f32, partials: &[Partial], noise: f32, seed: u32) {
    let start = (at * RATE as f32) as usize;
    let mut x = seed.max(1);
    let mut smooth = 0.0f32;
    for (n, sample) in out.iter_mut().enumerate().skip(start) {
        let t = (n - start) as f32 / RATE as f32;
        // A millisecond's rise keeps the strike from clicking at its first sample.
        let rise = (t / 0.001).min(1.0);
        let mut v = 0.0;
        for Partial(frequency, loudness, decay) in partials {
            v += loudness * (-t / decay).exp() * (std::f32::consts::TAU * frequency * t).sin();
        }
        // Xorshift noise, lightly smoothed, fading within a few milliseconds.
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let white = x as f32 / u32::MAX as f32 * 2.0 - 1.0;
        smooth += 0.5 * (white - smooth);
        v += noise * (-t / 0.003).exp() * smooth;
        *sample += rise * v;
    }
}

/// Scales `samples` so the loudest reaches `peak`.
fn normalised(mut samples: Vec<f32>, peak: f32) -> Vec<f32> {
    let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        for s in &mut samples {
            *s *= peak / loudest;
        }
    }
    samples
}

fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE as f32) as usize]
}

/// A piece set down on the board.
pub fn tap() -> Vec<f32> {
    let mut out = silence(0.12);
    let wood = [
        Partial(520.0, 1.0, 0.018),
        Partial(1240.0, 0.5, 0.010),
        Partial(2650.0, 0.2, 0.004),
    ];
    strike(&mut out, 0.0, &wood, 0.6, 7);
    normalised(out, 0.7)
}

/// A capture: the taken piece knocked aside, then the capturer set down.
pub fn capture() -> Vec<f32> {
    let mut out = silence(0.2);
    strike(
        &mut out,
        0.0,
        &[Partial(380.0, 1.0, 0.03), Partial(910.0, 0.6, 0.012)],
        0.9,
        11,
    );
    strike(
        &mut out,
        0.045,
        &[Partial(560.0, 0.8, 0.02), Partial(1330.0, 0.4, 0.008)],
        0.5,
        13,
    );
    normalised(out, 0.8)
}

/// Check: a small bell over the tap.
pub fn check() -> Vec<f32> {
    let mut out = silence(0.5);
    strike(&mut out, 0.0, &[Partial(520.0, 0.6, 0.018)], 0.4, 17);
    strike(
        &mut out,
        0.01,
        &[
            Partial(988.0, 0.8, 0.16),
            Partial(1482.0, 0.35, 0.10),
            Partial(2470.0, 0.15, 0.05),
        ],
        0.0,
        19,
    );
    normalised(out, 0.7)
}

/// The end of a game: C, E, G and the octave, one after another.
pub fn end() -> Vec<f32> {
    let mut out = silence(1.2);
    for (k, frequency) in [523.25f32, 659.25, 783.99, 1046.5].into_iter().enumerate() {
        strike(
            &mut out,
            k as f32 * 0.11,
            &[
                Partial(frequency, 1.0, 0.35),
                Partial(frequency * 2.0, 0.3, 0.15),
            ],
            0.1,
            23 + k as u32,
        );
    }
    normalised(out, 0.7)
}

/// One checker hitting another, or a finger flicking one: short, high and dry.
pub fn knock() -> Vec<f32> {
    let mut out = silence(0.06);
    strike(
        &mut out,
        0.0,
        &[
            Partial(1850.0, 1.0, 0.007),
            Partial(3100.0, 0.5, 0.004),
            Partial(820.0, 0.4, 0.010),
        ],
        0.8,
        29,
    );
    normalised(out, 0.9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_audible_bounded_and_fades_out() {
        for (name, samples, seconds) in [
            ("tap", tap(), 0.12),
            ("capture", capture(), 0.2),
            ("check", check(), 0.5),
            ("end", end(), 1.2),
            ("knock", knock(), 0.06),
        ] {
            assert_eq!(samples.len(), (seconds * RATE as f32) as usize, "{name}");
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!((0.69..=0.91).contains(&peak), "{name} peak {peak}");
            assert!(samples.iter().all(|s| s.is_finite()), "{name}");
            // It starts softly (no click) and has died away by its last sample.
            assert!(samples[0].abs() < 0.01, "{name} starts at {}", samples[0]);
            let tail = samples[samples.len() - 50..]
                .iter()
                .fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(tail < 0.05 * peak, "{name} still rings at the end: {tail}");
        }
    }
}
