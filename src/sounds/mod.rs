//! The sounds of play, shared by the app and the browser page: which sound an action
//! makes ([`heard`]), the sounds themselves ([`synth`]), and a sound as a WAV file for
//! a page ([`wav`]).

pub mod synth;

use crate::rules::{Action, Match};

/// What the last action of a match sounds like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    Check,
    End,
}

impl Sound {
    pub const ALL: [Sound; 4] = [Sound::Move, Sound::Capture, Sound::Check, Sound::End];

    /// Its name in the protocol and under `/sounds/`.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Move => "move",
            Sound::Capture => "capture",
            Sound::Check => "check",
            Sound::End => "end",
        }
    }

    /// Its samples, at [`synth::RATE`].
    pub fn samples(self) -> Vec<f32> {
        match self {
            Sound::Move => synth::tap(),
            Sound::Capture => synth::capture(),
            Sound::Check => synth::check(),
            Sound::End => synth::end(),
        }
    }
}

/// What the action before the shown position sounds like. Chapayev's shots are heard
/// from the table as they play out instead, and draw offers are silent.
pub fn heard(m: &Match) -> Option<Sound> {
    let i = m.cursor().checked_sub(1)?;
    let action = m.all_actions()[i];
    let shot = m.game().card().table && matches!(action, Action::Play(_));
    if m.outcome().is_some() && !shot {
        return Some(Sound::End);
    }
    let mv = action.moved()?;
    if shot {
        return None;
    }
    if m.position().shown().check_cell().is_some() {
        return Some(Sound::Check);
    }
    let view = m.state_before(i).position.view(&mv)?;
    Some(if view.captured.is_empty() {
        Sound::Move
    } else {
        Sound::Capture
    })
}

/// Mono samples as a 16-bit WAV file at half the synthesiser's rate (each pair of
/// samples averaged): every partial of the sounds lies far below the 11 kHz that
/// keeps, and the file is half the size for a page to fetch.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let rate = synth::RATE / 2;
    let data: Vec<u8> = samples
        .chunks(2)
        .map(|pair| pair.iter().sum::<f32>() / pair.len() as f32)
        .flat_map(|s| ((s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).to_le_bytes())
        .collect();
    let size = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
    let mut out = Vec::with_capacity(44 + data.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&size(36 + data.len()));
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&size(data.len()));
    out.extend_from_slice(&data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Position};

    fn chess(moves: &[&str]) -> Match {
        let mut m = Match::new(Position::new(GameId::Chess, &[]).unwrap());
        for mv in moves {
            m.play_text(mv).unwrap();
        }
        m
    }

    #[test]
    fn moves_captures_checks_and_ends_sound_different() {
        assert_eq!(heard(&chess(&[])), None);
        assert_eq!(heard(&chess(&["e4"])), Some(Sound::Move));
        assert_eq!(heard(&chess(&["e4", "d5", "exd5"])), Some(Sound::Capture));
        assert_eq!(
            heard(&chess(&["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"])),
            Some(Sound::Check)
        );
        assert_eq!(
            heard(&chess(&["f3", "e5", "g4", "Qh4#"])),
            Some(Sound::End),
            "mate ends the game"
        );
        let mut resigned = chess(&["e4"]);
        resigned.play(Action::Resign).unwrap();
        assert_eq!(heard(&resigned), Some(Sound::End));
        let mut offered = chess(&["e4"]);
        offered.play(Action::OfferDraw).unwrap();
        assert_eq!(heard(&offered), None, "an offer is silent");
    }

    #[test]
    fn chapayev_shots_are_heard_from_the_table() {
        let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
        m.play_text("lot white=1 seed=5").unwrap();
        m.play_text("flick W4 th=90.0000 s=0.6000 e=0.0000")
            .unwrap();
        assert_eq!(heard(&m), None);
    }

    #[test]
    fn a_wav_file_holds_every_other_sample_as_16_bits() {
        let samples = Sound::Move.samples();
        let file = wav(&samples);
        assert_eq!(&file[..4], b"RIFF");
        assert_eq!(&file[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(file[24..28].try_into().unwrap()), 22_050);
        let data = u32::from_le_bytes(file[40..44].try_into().unwrap()) as usize;
        assert_eq!(data, samples.len().div_ceil(2) * 2);
        assert_eq!(file.len(), 44 + data);
    }
}
