//! Sounds of play: a move, a capture, a check, the end of a game, and on Chapayev's
//! table the knock of checker on checker as a shot plays out. Views say what happened
//! as [`Cue`]s; the cues are played unless the player switched sound off (a setting
//! kept between runs). Where the machine has no sound device, the cues go unheard and
//! nothing else changes.

mod tone;

use super::session::{AppSystems, Session};
use super::storage::Settings;
use crate::rules::Match;
use crate::sounds::{self, Sound, synth};
use bevy::audio::{AddAudioSource, AudioPlayer, PlaybackSettings, Volume};
use bevy::prelude::*;
use tone::Tone;

/// Something to be heard.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum Cue {
    Move,
    Capture,
    Check,
    End,
    /// A checker struck, as hard as the share of a full-strength hit given (0 to 1).
    Knock(f32),
}

/// Plays the cues. Needs Bevy's audio plugin (part of the default plugins).
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_audio_source::<Tone>()
            .add_plugins(CuePlugin)
            .add_systems(Startup, make_sounds)
            .add_systems(
                Update,
                play.after(cue_played_actions).in_set(AppSystems::React),
            );
    }
}

/// Says what the played actions sound like, without playing anything: the headless
/// tests hear the cues this way.
pub struct CuePlugin;

impl Plugin for CuePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Cue>()
            .add_systems(Update, cue_played_actions.in_set(AppSystems::React));
    }
}

/// What the action before the shown position sounds like ([`sounds::heard`]).
pub fn cue_for(m: &Match) -> Option<Cue> {
    Some(match sounds::heard(m)? {
        Sound::Move => Cue::Move,
        Sound::Capture => Cue::Capture,
        Sound::Check => Cue::Check,
        Sound::End => Cue::End,
    })
}

fn cue_played_actions(session: Res<Session>, mut heard: Local<u64>, mut cues: MessageWriter<Cue>) {
    if session.played() == *heard {
        return;
    }
    *heard = session.played();
    if let Some(cue) = cue_for(session.current()) {
        cues.write(cue);
    }
}

#[derive(Resource)]
struct Sounds {
    tap: Handle<Tone>,
    capture: Handle<Tone>,
    check: Handle<Tone>,
    end: Handle<Tone>,
    knock: Handle<Tone>,
}

fn make_sounds(mut commands: Commands, mut tones: ResMut<Assets<Tone>>) {
    let mut add = |samples: Vec<f32>| tones.add(Tone(samples.into()));
    commands.insert_resource(Sounds {
        tap: add(synth::tap()),
        capture: add(synth::capture()),
        check: add(synth::check()),
        end: add(synth::end()),
        knock: add(synth::knock()),
    });
}

/// Knocks heard together in one frame at most: a break of a packed row hits many
/// checkers within a few milliseconds, and the loudest few are what the ear takes in.
const KNOCKS_PER_FRAME: usize = 3;

fn play(
    mut cues: MessageReader<Cue>,
    settings: Option<Res<Settings>>,
    sounds: Option<Res<Sounds>>,
    mut commands: Commands,
) {
    let muted = settings.is_some_and(|s| s.muted);
    let Some(sounds) = sounds.filter(|_| !muted) else {
        cues.clear();
        return;
    };
    let mut knocks: Vec<f32> = Vec::new();
    for cue in cues.read() {
        let tone = match *cue {
            Cue::Move => &sounds.tap,
            Cue::Capture => &sounds.capture,
            Cue::Check => &sounds.check,
            Cue::End => &sounds.end,
            Cue::Knock(strength) => {
                knocks.push(strength);
                continue;
            }
        };
        commands.spawn((AudioPlayer(tone.clone()), PlaybackSettings::DESPAWN));
    }
    knocks.sort_by(|a, b| b.total_cmp(a));
    for strength in knocks.into_iter().take(KNOCKS_PER_FRAME) {
        commands.spawn((
            AudioPlayer(sounds.knock.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(strength.clamp(0.05, 1.0))),
        ));
    }
}
