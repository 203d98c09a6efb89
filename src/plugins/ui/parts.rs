//! The resources and messages the panels share, as system parameters.

use crate::folders::Folders;
use crate::plugins::computer::{Hint, Thinking};
use crate::plugins::session::{Command, Notice, Session};
use crate::plugins::storage::Unfinished;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What the panels read and write.
#[derive(SystemParam)]
pub struct Parts<'w, 's> {
    pub session: ResMut<'w, Session>,
    pub commands: MessageWriter<'w, Command>,
    pub notices: MessageReader<'w, 's, Notice>,
    pub folders: Option<Res<'w, Folders>>,
    pub unfinished: Option<ResMut<'w, Unfinished>>,
    pub time: Res<'w, Time>,
}

/// The computer's part of the panel: whether it is thinking, and the hint.
#[derive(SystemParam)]
pub struct ComputerParts<'w> {
    pub thinking: Res<'w, Thinking>,
    pub hint: ResMut<'w, Hint>,
}
