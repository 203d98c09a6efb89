//! Where Doska keeps its files: the app's settings, saves and autosave, the weights
//! the player's computer has learned, and a server's database. `DOSKA_HOME` puts them
//! all under one folder (for tests).

use crate::engine::net::{self, Net};
use crate::engine::weights::{self, InForce};
use crate::rules::{GameId, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Writes `text` to `path` through a file beside it, synced before it takes the
/// file's name, so that the old file stays whole until the new one is.
pub fn write_atomically(path: &Path, text: impl AsRef<[u8]>) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp");
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(text.as_ref())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// The folders Doska uses.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "app", derive(bevy::prelude::Resource))]
pub struct Folders {
    pub config: PathBuf,
    pub data: PathBuf,
}

impl Folders {
    pub fn locate() -> Folders {
        if let Some(home) = std::env::var_os("DOSKA_HOME") {
            return Folders::under(Path::new(&home));
        }
        match directories::ProjectDirs::from("org", "Doska", "doska") {
            Some(dirs) => Folders {
                config: dirs.config_dir().to_path_buf(),
                data: dirs.data_dir().to_path_buf(),
            },
            None => Folders {
                config: PathBuf::from(".doska"),
                data: PathBuf::from(".doska"),
            },
        }
    }

    /// The folders under one home, as `DOSKA_HOME` gives it (and tests their own).
    pub fn under(home: &Path) -> Folders {
        Folders {
            config: home.join("config"),
            data: home.join("data"),
        }
    }

    /// The folder of a server's database, unless it is told another.
    pub fn server(&self) -> PathBuf {
        self.data.join("server")
    }

    /// The player's own weights file for `game`, which `doska learn` writes and which
    /// is used in place of the shipped one.
    pub fn weights(&self, game: GameId) -> PathBuf {
        self.data.join("weights").join(format!("{}.ron", game.id()))
    }

    /// The player's own network for `game`, which `doska learn --net` writes where it
    /// beats the weights, and which evaluates in their place.
    pub fn net(&self, game: GameId) -> PathBuf {
        self.data.join("nets").join(format!("{}.net", game.id()))
    }

    /// The network in force for `game`: the player's own where it reads, else the
    /// shipped one, if any.
    pub fn net_of(&self, game: GameId) -> Option<Arc<Net>> {
        self.own_net(game)
            .and_then(Result::ok)
            .map(Arc::new)
            .or_else(|| net::shipped::shipped(game.id()))
    }

    /// The player's own network for `game`, read, where there is a file.
    fn own_net(&self, game: GameId) -> Option<Result<Net, net::file::NetError>> {
        let bytes = std::fs::read(self.net(game)).ok()?;
        let width = Position::new(game, &[]).ok()?.net_layout().width();
        Some(net::file::read_for(&bytes, game.id(), width))
    }

    /// Where `doska learn` keeps a game's self-play, to resume it.
    pub fn learning(&self, game: GameId) -> PathBuf {
        self.data.join("learn").join(game.id())
    }

    /// The text of the player's own weights file for `game`, where there is one.
    fn learned(&self, game: GameId) -> Option<String> {
        std::fs::read_to_string(self.weights(game)).ok()
    }

    /// The weights in force for `game`: the player's own where they read, else the
    /// shipped ones.
    pub fn weights_of(&self, game: GameId) -> Arc<[f32]> {
        self.learned(game)
            .and_then(|text| weights::read(game.evaluation(), &text).ok())
            .map_or_else(|| weights::shipped(game.evaluation()), Arc::from)
    }

    /// The weights in force: every weights file of the player's own, else the
    /// shipped ones; with a warning for each file that could not be used (the shipped
    /// weights stay in force for its game).
    pub fn weights_in_force(&self) -> (InForce, Vec<String>) {
        let mut in_force = InForce::default();
        let mut warnings = Vec::new();
        for &game in GameId::ALL {
            match self.own_net(game) {
                Some(Ok(net)) => in_force = in_force.with_net(game.evaluation(), Arc::new(net)),
                Some(Err(e)) => {
                    warnings.push(format!("{} is not used ({e})", self.net(game).display()))
                }
                None => {}
            }
            let Some(text) = self.learned(game) else {
                continue;
            };
            match weights::read(game.evaluation(), &text) {
                Ok(w) => in_force = in_force.with(game.evaluation(), w.into()),
                Err(e) => warnings.push(format!(
                    "{} is not used ({e}); {}'s shipped weights are",
                    self.weights(game).display(),
                    game.id()
                )),
            }
        }
        (in_force, warnings)
    }
}
