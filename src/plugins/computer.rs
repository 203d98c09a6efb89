//! The computer's seats, and the hint. When a computer seat is to move, its action is
//! searched on a thread of its own (the window keeps drawing and the menus work) and
//! played like a player's after a short pause, so a reply never lands before the
//! player's own move has finished sliding. A hint is the same search for a human
//! seat, shown on the board instead of played.
//!
//! A search can never leave its seat dead. Each runs on its own thread, so one that
//! runs long holds up no other; a search whose position is gone (undo, a new game) is
//! told to stop; one that outlives its time by far is told to stop and then given up;
//! and a search that fails or is given up twice in a row makes the seat play its
//! first legal action, with a message saying so.

use super::session::{AppSystems, Command, Screen, Session, Settling};
use crate::engine::player::{decide, limits};
use crate::engine::search::{Level, Limits, Think, spare_cores};
use crate::rules::why::Remark;
use crate::rules::{Action, Match, Move};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
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
            .init_resource::<super::Weights>()
            .init_resource::<Hint>()
            .add_systems(
                Update,
                (computer_turn, hint)
                    .in_set(AppSystems::React)
                    .run_if(in_state(Screen::Playing)),
            );
    }
}

/// Time a search may take beyond its limit before it is told to stop, and again
/// before it is given up.
const GRACE: f64 = 5.0;

/// A search under way on its own thread, and the match revision it is for. Dropped, it
/// tells the thread to stop.
struct Search<T> {
    answer: Arc<Mutex<Option<Option<T>>>>,
    thread: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    revision: u64,
}

impl<T: Send + 'static> Search<T> {
    fn start(
        revision: u64,
        limits: &mut Limits,
        think: impl FnOnce(&Limits) -> Option<T> + Send + 'static,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        limits.stop = Some(stop.clone());
        let limits = limits.clone();
        let answer = Arc::new(Mutex::new(None));
        let slot = answer.clone();
        let thread = std::thread::Builder::new()
            .name("doska-search".into())
            .spawn(move || {
                let found = think(&limits);
                if let Ok(mut slot) = slot.lock() {
                    *slot = Some(found);
                }
            })
            .inspect_err(|e| warn!("no thread for the computer's search: {e}"))
            .ok();
        Search {
            answer,
            thread,
            stop,
            revision,
        }
    }

    /// The search's answer once it has one; Some(None) where it found nothing or failed.
    fn poll(&self) -> Option<Option<T>> {
        let answered = self.answer.lock().ok().and_then(|mut slot| slot.take());
        // A thread that ended (or never started) without answering has failed.
        let ended = self.thread.as_ref().is_none_or(|t| t.is_finished());
        answered.or(ended.then_some(None))
    }
}

impl<T> Drop for Search<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The computer's action, and why it took a diplomatic step.
type Reply = (Action, Option<Remark>);

#[derive(Resource, Default)]
pub struct Thinking {
    /// The computer's search, when it started (the pause counts from there) and how
    /// long it may take.
    search: Option<(Search<Reply>, f64, f64)>,
    /// Searches in a row that failed or were given up, for the revision they were for.
    failures: (u64, u32),
    /// A reply found before the pause was over.
    ready: Option<(Action, u64, f64)>,
    /// Why the computer took its latest diplomatic step, and that step with its place
    /// in the record.
    pub said: Option<(usize, Action, Remark)>,
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

/// True where the computer may act now: a computer seat is to move in a live position
/// that is the end of the record (not one browsed back to), and no shot is rolling.
fn computers_turn(session: &Session, settling: Settling) -> Option<(usize, Level)> {
    let m = session.current();
    let waiting = session.prompts.choice.is_some()
        || session.prompts.confirm.is_some()
        || session.prompts.dropping.is_some()
        || session.prompts.replacing.is_some();
    let rolling = settling.0;
    // A die awaited is rolled by the dice's own plugin, with its animation.
    let dice = m.position().awaits_roll();
    let seat = session.computer_seat()?;
    (m.outcome().is_none() && !m.can_redo() && !waiting && !rolling && !dice).then(|| {
        (
            seat,
            session
                .draft()
                .levels
                .get(seat)
                .copied()
                .unwrap_or_default(),
        )
    })
}

fn computer_turn(
    session: Res<Session>,
    weights: Res<super::Weights>,
    settling: Res<Settling>,
    // The wall clock's, for the search's deadline: game time slows under load.
    time: Res<Time<Real>>,
    mut thinking: ResMut<Thinking>,
    mut commands: MessageWriter<Command>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    // A search for a position that is gone (undo, new game, a load) is dropped.
    if thinking
        .search
        .as_ref()
        .is_some_and(|(s, ..)| s.revision != session.revision)
        || thinking
            .ready
            .as_ref()
            .is_some_and(|r| r.1 != session.revision)
    {
        thinking.search = None;
        thinking.ready = None;
    }
    if let Some((search, started, allowed)) = &thinking.search {
        // The search runs on another thread; frames keep coming to collect its move.
        redraw.write(RequestRedraw);
        let (revision, started, overdue) = (search.revision, *started, now - started - allowed);
        if overdue > 0.0 {
            search.stop.store(true, Ordering::Relaxed);
        }
        let answer = search.poll().or((overdue > GRACE).then_some(None));
        if let Some(found) = answer {
            thinking.search = None;
            match found {
                Some((action, said)) => {
                    thinking.failures = (revision, 0);
                    thinking.ready = Some((action, revision, started));
                    thinking.said = said.map(|s| (session.current().cursor(), action, s));
                }
                None => fail(&session, &mut thinking, &mut commands, (revision, started)),
            }
        }
    }
    if let Some((action, _, started)) = thinking.ready {
        redraw.write(RequestRedraw);
        if now - started >= PAUSE {
            thinking.ready = None;
            commands.write(Command::Computer(action));
        }
        return;
    }
    if thinking.search.is_some() {
        return;
    }
    let Some((seat, level)) = computers_turn(&session, *settling) else {
        return;
    };
    let mut m: Match = session.current().clone();
    m.focus(seat);
    let mut limits = limits(&m, seat, level, session.draft().think_seconds);
    limits.weights = Some(weights.0.get(m.game().evaluation()));
    limits.net = weights.0.net(m.game().evaluation());
    // Hard thinks for its time on the cores the window can spare; the levels below
    // keep to one thread, whose node budget gives the same move every time.
    if level == Level::Hard {
        limits.threads = spare_cores();
    }
    let allowed = limits.time.map_or(60.0, |t| t.as_secs_f64()) + GRACE;
    // The seed follows the match, so the same game replays the same choices.
    let seed = session.current().all_actions().len() as u64 ^ session.revision << 20;
    let search = Search::start(session.revision, &mut limits, move |limits| {
        let action = decide(&m, level, limits, seed)?;
        Some((action, reason(&m, &action)))
    });
    thinking.search = Some((search, now, allowed));
    redraw.write(RequestRedraw);
}

/// A search that found nothing for a position where the seat has an action: tried
/// again once; the second time the seat plays its first legal action and says so.
fn fail(
    session: &Session,
    thinking: &mut Thinking,
    commands: &mut MessageWriter<Command>,
    (revision, started): (u64, f64),
) {
    let (for_revision, count) = thinking.failures;
    let count = if for_revision == revision {
        count + 1
    } else {
        1
    };
    thinking.failures = (revision, count);
    warn!("the computer's search found no action ({count} in a row)");
    if count < 2 {
        return;
    }
    if let Some(&action) = session.current().legal_actions().first() {
        thinking.ready = Some((action, revision, started));
        commands.write(Command::Say("msg-computer-failed"));
    }
}

/// Why the computer takes `action`, where a player would wonder.
fn reason(m: &Match, action: &Action) -> Option<Remark> {
    match action {
        Action::Play(mv) => m.position().explain(mv),
        _ => None,
    }
}

fn hint(
    session: Res<Session>,
    weights: Res<super::Weights>,
    mut hint: ResMut<Hint>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if hint
        .search
        .as_ref()
        .is_some_and(|s| s.revision != session.revision)
    {
        hint.search = None;
    }
    if let Some(search) = &hint.search {
        redraw.write(RequestRedraw);
        if let Some(found) = search.poll() {
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
    let position = session.current().position().clone();
    let mut limits = Limits {
        time: Some(HINT_TIME),
        weights: Some(weights.0.get(position.game().evaluation())),
        net: weights.0.net(position.game().evaluation()),
        ..Limits::default()
    };
    hint.search = Some(Search::start(
        session.revision,
        &mut limits,
        move |limits| {
            position
                .think(Level::Hard, limits, 0, &mut |_| {})
                .map(|t| t.best)
        },
    ));
    redraw.write(RequestRedraw);
}
