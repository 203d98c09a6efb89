//! A synthesised sound as a Bevy audio asset: mono samples played as they are, so no
//! audio file format (and no decoder) is needed.

use crate::sounds::synth::RATE;
use bevy::audio::{ChannelCount, Decodable, SampleRate, Source};
use bevy::prelude::*;
use std::sync::Arc;
use std::time::Duration;

#[derive(Asset, TypePath, Clone)]
pub struct Tone(pub Arc<[f32]>);

impl Decodable for Tone {
    type Decoder = Playing;

    fn decoder(&self) -> Playing {
        Playing {
            samples: self.0.clone(),
            next: 0,
        }
    }
}

/// A tone being played: the samples still to come.
pub struct Playing {
    samples: Arc<[f32]>,
    next: usize,
}

impl Iterator for Playing {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        let sample = self.samples.get(self.next).copied();
        self.next += 1;
        sample
    }
}

impl Source for Playing {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.next))
    }

    fn channels(&self) -> ChannelCount {
        ChannelCount::MIN
    }

    fn sample_rate(&self) -> SampleRate {
        SampleRate::new(RATE).expect("a positive rate")
    }

    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f64(
            self.samples.len() as f64 / f64::from(RATE),
        ))
    }
}
