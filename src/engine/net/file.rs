//! Networks and trainings as files: little-endian numbers after a line that names
//! what the file is, so that a file of another kind, another version or cut short is
//! refused with the reason rather than read as nonsense.

use super::Net;
use super::train::{Model, Training};

const NET_MAGIC: &[u8] = b"doska network 1\n";
const TRAINING_MAGIC: &[u8] = b"doska training 1\n";

/// Why a network's file was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum NetError {
    #[error("not a network file of this version")]
    NotNet,
    #[error("the file ends before the network does")]
    Short,
    #[error("the network is {file}'s, not {game}'s")]
    OtherGame { file: String, game: String },
    #[error("the network has {file} inputs where {game} has {game_width}")]
    OtherWidth {
        file: usize,
        game: String,
        game_width: usize,
    },
}

struct Reader<'b> {
    bytes: &'b [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], NetError> {
        if self.bytes.len() < n {
            return Err(NetError::Short);
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn i32(&mut self) -> Result<i32, NetError> {
        Ok(i32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn f32(&mut self) -> Result<f32, NetError> {
        Ok(f32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn size(&mut self, most: usize) -> Result<usize, NetError> {
        let n = self.u32()? as usize;
        // A size no file of this length could hold is a broken file, not a reason
        // to allocate.
        if n > most || n > self.bytes.len() {
            return Err(NetError::Short);
        }
        Ok(n)
    }

    fn text(&mut self) -> Result<String, NetError> {
        let n = self.size(1 << 20)?;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }

    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetError> {
        Ok(self
            .take(2 * n)?
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect())
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, NetError> {
        (0..n).map(|_| self.f32()).collect()
    }
}

fn text(out: &mut Vec<u8>, text: &str) {
    out.extend((text.len() as u32).to_le_bytes());
    out.extend(text.as_bytes());
}

/// A network as its file holds it.
pub fn write(net: &Net) -> Vec<u8> {
    let mut out = NET_MAGIC.to_vec();
    text(&mut out, &net.game);
    text(&mut out, &net.note);
    out.extend((net.width as u32).to_le_bytes());
    out.extend((net.hidden as u32).to_le_bytes());
    for w in net.w1.iter().chain(&net.b1).chain(&net.w2) {
        out.extend(w.to_le_bytes());
    }
    out.extend(net.b2.to_le_bytes());
    out.extend((net.base.len() as u32).to_le_bytes());
    for w in &net.base {
        out.extend(w.to_le_bytes());
    }
    out
}

/// Reads a network's file.
pub fn read(bytes: &[u8]) -> Result<Net, NetError> {
    let rest = bytes.strip_prefix(NET_MAGIC).ok_or(NetError::NotNet)?;
    let mut r = Reader { bytes: rest };
    let game = r.text()?;
    let note = r.text()?;
    let width = r.size(1 << 24)?;
    let hidden = r.size(1 << 12)?;
    let w1 = r.i16s(width.checked_mul(hidden).ok_or(NetError::Short)?)?;
    let b1 = r.i16s(hidden)?;
    let w2 = r.i16s(hidden)?;
    let b2 = r.i32()?;
    let features = r.size(1 << 16)?;
    let base = r.f32s(features)?;
    Ok(Net {
        game,
        width,
        hidden,
        w1,
        b1,
        w2,
        b2,
        base,
        note,
    })
}

/// Reads the network for `game`, whose inputs are `width`: refuses another game's
/// and one of another width.
pub fn read_for(bytes: &[u8], game: &str, width: usize) -> Result<Net, NetError> {
    let net = read(bytes)?;
    if net.game != game {
        return Err(NetError::OtherGame {
            file: net.game,
            game: game.to_string(),
        });
    }
    if net.width != width {
        return Err(NetError::OtherWidth {
            file: net.width,
            game: game.to_string(),
            game_width: width,
        });
    }
    Ok(net)
}

/// A training under way, to go on from where it stopped.
pub fn write_training(training: &Training) -> Vec<u8> {
    let (m, (epochs, steps, moments)) = (&training.model, training.state());
    let mut out = TRAINING_MAGIC.to_vec();
    for n in [m.width, m.hidden] {
        out.extend((n as u32).to_le_bytes());
    }
    out.extend(epochs.to_le_bytes());
    out.extend(steps.to_le_bytes());
    let moments = moments.iter().flat_map(|&(a, b)| [a, b]);
    for w in
        m.w1.iter()
            .chain(&m.b1)
            .chain(&m.w2)
            .chain([&m.b2])
            .copied()
            .chain(moments)
    {
        out.extend(w.to_le_bytes());
    }
    out
}

/// Reads a training's file.
pub fn read_training(bytes: &[u8]) -> Result<Training, NetError> {
    let rest = bytes.strip_prefix(TRAINING_MAGIC).ok_or(NetError::NotNet)?;
    let mut r = Reader { bytes: rest };
    let width = r.size(1 << 24)?;
    let hidden = r.size(1 << 12)?;
    let epochs = r.u32()?;
    let steps = u64::from(r.u32()?) | u64::from(r.u32()?) << 32;
    let w1 = r.f32s(width.checked_mul(hidden).ok_or(NetError::Short)?)?;
    let b1 = r.f32s(hidden)?;
    let w2 = r.f32s(hidden)?;
    let b2 = r.f32()?;
    let model = Model {
        width,
        hidden,
        w1,
        b1,
        w2,
        b2,
    };
    let len = model.w1.len() + 2 * hidden + 1;
    let flat = r.f32s(2 * len)?;
    let moments = flat.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    Ok(Training::resumed(model, epochs, steps, moments))
}
