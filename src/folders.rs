//! Where Doska keeps its files: the app's settings, saves and autosave, and a
//! server's database. `DOSKA_HOME` puts them all under one folder (for tests).

use std::path::PathBuf;

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
            let home = PathBuf::from(home);
            return Folders {
                config: home.join("config"),
                data: home.join("data"),
            };
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

    /// The folder of a server's database, unless it is told another.
    pub fn server(&self) -> PathBuf {
        self.data.join("server")
    }
}
