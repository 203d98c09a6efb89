//! Analysis with the engine while a game is studied ([`Session::studying`]): the
//! position shown is searched in the background, deeper and deeper while it stays,
//! and a whole game can be reviewed move by move. The panels read [`Analysis`]; the
//! player asks for a review with [`StartReview`].
//!
//! Both run on threads of their own, which wake the app when they have something new,
//! so the board stays responsive and an idle study costs no frames.

mod engine;
mod review;

use super::session::{AppSystems, Screen, Session};
use crate::engine::review::Reviewed;
use crate::engine::search::Progress;
use crate::rules::{Move, Position};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use engine::Engine;
use review::Review;
use std::time::{Duration, Instant};

pub struct AnalysisPlugin;

impl Plugin for AnalysisPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Analysis>()
            .init_resource::<crate::plugins::Weights>()
            .add_message::<StartReview>()
            .add_message::<RequestRedraw>()
            .add_systems(
                Update,
                (analyse, run_review)
                    .in_set(AppSystems::React)
                    .run_if(in_state(Screen::Playing)),
            );
    }
}

/// The player asks for the game studied to be reviewed.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartReview;

/// The engine's latest word on a position.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The position read, for writing its line.
    pub position: Position,
    pub progress: Progress<Move>,
}

#[derive(Resource, Default)]
pub struct Analysis {
    engine: Option<(Engine, Instant)>,
    /// The engine's reading of the position shown, once it has one.
    pub reading: Option<Reading>,
    /// How long the first reading of the position shown took to come.
    pub first_reading: Option<Duration>,
    review: Option<Review>,
    /// The review's verdicts so far, in the game's order.
    pub reviewed: Vec<Reviewed>,
    /// Whether the review has judged every move.
    pub review_done: bool,
}

impl Analysis {
    /// Whether a review runs or ran for the game studied.
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The number of moves the review has to judge.
    pub fn review_total(&self) -> usize {
        self.review.as_ref().map_or(0, |r| r.total)
    }

    /// The verdict on the action at `at` of the game, once the review has it.
    pub fn verdict(&self, at: usize) -> Option<&Reviewed> {
        self.reviewed.iter().find(|r| r.at == at)
    }
}

/// A way for a thread to wake the app (none without an event loop, headless).
fn waker(proxy: Option<&EventLoopProxyWrapper>) -> impl Fn() + Send + 'static {
    let proxy = proxy.map(|p| (**p).clone());
    move || {
        if let Some(proxy) = &proxy {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}

/// Keeps a search on the position shown while a game is studied, and takes its news.
fn analyse(
    session: Res<Session>,
    mut analysis: ResMut<Analysis>,
    weights: Res<crate::plugins::Weights>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let m = session.current();
    let wanted = session.studying() && m.outcome().is_none();
    let position = m.position();
    let current = analysis
        .engine
        .as_ref()
        .is_some_and(|(e, _)| e.position.same_position(position));
    if !wanted {
        analysis.engine = None;
        analysis.reading = None;
    } else if !current {
        let engine = Engine::start(
            position.clone(),
            m.seen_twice(),
            (
                weights.0.get(position.game().evaluation()),
                weights.0.net(position.game().evaluation()),
            ),
            waker(proxy.as_deref()),
        );
        analysis.engine = Some((engine, Instant::now()));
        analysis.reading = None;
        analysis.first_reading = None;
    }
    let Some((engine, started)) = &analysis.engine else {
        return;
    };
    let Some(progress) = engine.latest() else {
        return;
    };
    if analysis.reading.as_ref().map(|r| &r.progress) == Some(&progress) {
        return;
    }
    let (position, elapsed) = (engine.position.clone(), started.elapsed());
    analysis.first_reading.get_or_insert(elapsed);
    analysis.reading = Some(Reading { position, progress });
    redraw.write(RequestRedraw);
}

/// Starts the review asked for and takes its verdicts as they come; a review of
/// another game than the one studied is dropped.
fn run_review(
    session: Res<Session>,
    mut asked: MessageReader<StartReview>,
    mut analysis: ResMut<Analysis>,
    weights: Res<crate::plugins::Weights>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let game = session.studied();
    let same = |r: &Review| game.is_some_and(|g| g.all_actions() == r.actions.as_slice());
    if analysis.review.as_ref().is_some_and(|r| !same(r)) {
        analysis.review = None;
        analysis.reviewed.clear();
        analysis.review_done = false;
    }
    if asked.read().count() > 0
        && analysis.review.is_none()
        && let Some(game) = game
    {
        let in_force = weights.0.clone();
        analysis.review = Some(Review::start(game, in_force, waker(proxy.as_deref())));
    }
    let Some(review) = &analysis.review else {
        return;
    };
    if analysis.review_done {
        return;
    }
    let (found, done) = review.found_after(analysis.reviewed.len());
    if !found.is_empty() || done {
        analysis.reviewed.extend(found);
        analysis.review_done = done;
        redraw.write(RequestRedraw);
    }
}
