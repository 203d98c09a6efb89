//! The computer's seats, and the hint. When a computer seat is to move, its action is
//! searched on a background task (the window keeps drawing and the menus work) and
//! played like a player's after a short pause, so a reply never lands before the
//! player's own move has finished sliding. A hint is the same search for a human
//! seat, shown on the board instead of played.

use super::session::{ApplyActions, Command, Screen, Session};
use super::table::Table;
use crate::rules::clock::TimeControl;
use crate::rules::search::{Level, Limits, decide};
use crate::rules::trichess::Said;
use crate::rules::{Action, Match, Move, Position};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use std::time::Duration;

/// The least time between the position appearing and the computer's reply.
const PAUSE: f64 = 0.6;
/// Thinking time of a hint.
const HINT_TIME: Duration = Duration::from_millis(1500);

pub struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<RequestRedraw>()
            .init_resource::<Thinking>()
            .init_resource::<Hint>()
            .add_systems(
                Update,
                (computer_turn, hint)
                    .after(ApplyActions)
                    .run_if(in_state(Screen::Playing)),
            );
    }
}

/// A search under way, and the match revision it is for.
struct Search<T> {
    task: Task<Option<T>>,
    revision: u64,
}

/// The computer's action, and why it took a diplomatic step.
type Reply = (Action, Option<Said>);

#[derive(Resource, Default)]
pub struct Thinking {
    /// The computer's search, and when it started (the pause counts from there).
    search: Option<(Search<Reply>, f64)>,
    /// A reply found before the pause was over.
    ready: Option<(Action, u64, f64)>,
    /// Why the computer took its latest diplomatic step, and that step with its place
    /// in the record.
    pub said: Option<(usize, Action, Said)>,
}

impl Thinking {
    pub fn busy(&self) -> bool {
        self.search.is_some() || self.ready.is_some()
    }
}

/// The hint asked for, and the move found for the position it was asked in.
#[derive(Resource, Default)]
pub struct Hint {
    pub asked: Option<u64>,
    search: Option<Search<Move>>,
    pub found: Option<(u64, Move)>,
}

impl Hint {
    /// The hint's move, while the position it was found for is on the board.
    pub fn shown(&self, revision: u64) -> Option<Move> {
        self.found.filter(|(r, _)| *r == revision).map(|(_, m)| m)
    }

    pub fn thinking(&self, revision: u64) -> bool {
        self.asked == Some(revision) && self.found.is_none_or(|(r, _)| r != revision)
    }
}

/// How long a level may think, and with what seed.
fn limits(level: Level, think_seconds: u32) -> Limits {
    Limits {
        time: match level {
            Level::Hard => Some(Duration::from_secs(u64::from(think_seconds.max(1)))),
            // The lower levels stop at their node budget; this only bounds a slow machine.
            _ => Some(Duration::from_secs(5)),
        },
        ..Limits::default()
    }
}

/// True where the computer may act now: a computer seat is to move in a live position
/// that is the end of the record (not one browsed back to), and no shot is rolling.
fn computers_turn(session: &Session, table: Option<&Table>) -> Option<(usize, Level)> {
    let m = &session.current;
    let waiting = session.choice.is_some()
        || session.confirm.is_some()
        || session.dropping.is_some()
        || session.replacing.is_some();
    let rolling = table.is_some_and(|t| t.playing());
    // A die awaited is rolled by the dice's own plugin, with its animation.
    let dice = m.position().awaits_roll();
    let seat = session.computer_seat()?;
    (m.outcome().is_none() && !m.can_redo() && !waiting && !rolling && !dice)
        .then(|| (seat, session.levels.get(seat).copied().unwrap_or_default()))
}

fn computer_turn(
    session: Res<Session>,
    table: Option<Res<Table>>,
    time: Res<Time>,
    mut thinking: ResMut<Thinking>,
    mut commands: MessageWriter<Command>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    // A search for a position that is gone (undo, new game, a load) is dropped.
    if thinking
        .search
        .as_ref()
        .is_some_and(|(s, _)| s.revision != session.revision)
        || thinking
            .ready
            .as_ref()
            .is_some_and(|r| r.1 != session.revision)
    {
        thinking.search = None;
        thinking.ready = None;
    }
    if let Some((search, started)) = &mut thinking.search {
        // The search runs on another thread; frames keep coming to collect its move.
        redraw.write(RequestRedraw);
        if let Some(found) = block_on(poll_once(&mut search.task)) {
            let (revision, started) = (search.revision, *started);
            thinking.search = None;
            if let Some((action, said)) = found {
                thinking.ready = Some((action, revision, started));
                thinking.said = said.map(|s| (session.current.cursor(), action, s));
            }
        }
    }
    if let Some((action, _, started)) = thinking.ready {
        redraw.write(RequestRedraw);
        if now - started >= PAUSE {
            thinking.ready = None;
            commands.write(Command::Act(action));
        }
        return;
    }
    if thinking.search.is_some() {
        return;
    }
    let Some((seat, level)) = computers_turn(&session, table.as_deref()) else {
        return;
    };
    let mut m: Match = session.current.clone();
    m.focus(seat);
    let mut limits = limits(level, session.think_seconds);
    // On the clock, a thirtieth of the time left and most of the increment at most, so
    // the computer never loses on time by thinking.
    if let Some(clock) = m.clock() {
        let left = clock.seats.get(seat).map_or(0, |r| r.left);
        let increment = match clock.control {
            TimeControl::Fischer { increment, .. } => increment,
            TimeControl::Bronstein { delay, .. } | TimeControl::SimpleDelay { delay, .. } => delay,
            _ => 0,
        };
        let budget = Duration::from_millis(left / 30 + increment * 4 / 5);
        limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
    }
    // The seed follows the match, so the same game replays the same choices.
    let seed = session.current.all_actions().len() as u64 ^ session.revision << 20;
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let action = decide(&m, level, &limits, seed)?;
        Some((action, reason(&m, &action)))
    });
    thinking.search = Some((
        Search {
            task,
            revision: session.revision,
        },
        now,
    ));
    redraw.write(RequestRedraw);
}

/// Why the computer takes a diplomatic step in chess for three.
fn reason(m: &Match, action: &Action) -> Option<Said> {
    match (m.position(), action) {
        (Position::TriChess(p), Action::Play(Move::TriChess(a))) => p.reason(a),
        _ => None,
    }
}

fn hint(session: Res<Session>, mut hint: ResMut<Hint>, mut redraw: MessageWriter<RequestRedraw>) {
    if hint
        .search
        .as_ref()
        .is_some_and(|s| s.revision != session.revision)
    {
        hint.search = None;
    }
    // Polling takes the task mutably; only a finished search changes the hint (the
    // highlights are rebuilt when it does).
    if let Some(search) = &mut hint.bypass_change_detection().search {
        redraw.write(RequestRedraw);
        if let Some(found) = block_on(poll_once(&mut search.task)) {
            let revision = search.revision;
            hint.search = None;
            hint.found = found.map(|m| (revision, m));
            if hint.found.is_none() {
                hint.asked = None;
            }
        }
        return;
    }
    if hint.asked != Some(session.revision)
        || hint.found.is_some_and(|(r, _)| r == session.revision)
    {
        return;
    }
    let position = session.current.position().clone();
    let limits = Limits {
        time: Some(HINT_TIME),
        ..Limits::default()
    };
    let task = AsyncComputeTaskPool::get().spawn(async move {
        position
            .think(Level::Hard, &limits, 0, &mut |_| {})
            .map(|t| t.best)
    });
    hint.search = Some(Search {
        task,
        revision: session.revision,
    });
    redraw.write(RequestRedraw);
}
