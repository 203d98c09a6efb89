//! The computer's seat at the table: when it is to shoot, its shot is searched on a
//! background task (simulating candidates headlessly) and played like a player's.

use super::{Table, chapayev};
use crate::plugins::session::{Command, Screen, Session};
use crate::rules::chapayev::{self, Level, Shot};
use crate::rules::{Action, Move};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;

/// The search under way, and the match revision it was started for.
#[derive(Resource, Default)]
pub struct Thinking(Option<(Task<Shot>, u64)>);

pub fn computer_turn(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    table: Res<Table>,
    mut thinking: ResMut<Thinking>,
    mut commands: MessageWriter<Command>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // A search for a position that is gone (undo, new game) is dropped.
    if let Some((_, revision)) = &thinking.0
        && *revision != session.revision
    {
        thinking.0 = None;
    }
    if let Some((task, _)) = &mut thinking.0 {
        // The search runs on another thread; frames keep coming to collect its shot.
        redraw.write(RequestRedraw);
        if let Some(shot) = block_on(poll_once(task)) {
            thinking.0 = None;
            let action = chapayev::Action::Shot(shot);
            commands.write(Command::Act(Action::Play(Move::Chapayev(action))));
        }
        return;
    }
    let Some(c) = chapayev(session.current.position()) else {
        return;
    };
    let seat = session.current.position().seat_to_move();
    let computer = session.computer.get(seat).copied().unwrap_or(false);
    if *screen.get() != Screen::Playing
        || !computer
        || !c.lot_drawn()
        || session.current.outcome().is_some()
        || table.playback.is_some()
        || session.current.can_redo()
    {
        return;
    }
    let c = c.clone();
    let seed = session.revision;
    let level: Level = table.level;
    let task = AsyncComputeTaskPool::get().spawn(async move { c.computer_shot(level, None, seed) });
    thinking.0 = Some((task, session.revision));
}
