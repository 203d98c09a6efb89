//! Frames for running clocks: one when the reading shown changes (each second, each
//! tenth under ten seconds), not every frame. Between them the app sleeps in Bevy's
//! reactive mode, and an alarm thread wakes it the moment the reading changes.
//!
//! The wait is not Bevy's reactive timeout: that is a setting, and Bevy draws a frame
//! at once whenever the setting changes, so a timeout set anew in every frame kept the
//! app drawing without a pause (one and a half cores on a software renderer).

use crate::plugins::session::{AppSystems, Screen, Session};
use crate::rules::clock::until_shown_changes;
use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

pub struct ClockFramesPlugin;

impl Plugin for ClockFramesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, wake_for_the_clocks.in_set(AppSystems::React));
    }
}

/// Sets the alarm for the moment the running reading next changes, or clears it
/// while no clock runs. Without an event loop (headless) there is nothing to wake.
fn wake_for_the_clocks(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut alarm: Local<Option<Alarm>>,
) {
    let Some(proxy) = proxy else { return };
    let alarm = alarm.get_or_insert_with(|| {
        let proxy = (**proxy).clone();
        Alarm::new(move || {
            // The loop is gone only when the app is closing.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        })
    });
    let m = session.current();
    let next = m
        .clock()
        .filter(|_| session.clocks_run(*screen.get()))
        .and_then(|clock| {
            m.position()
                .seats()
                .seats_on_move()
                .iter()
                .filter_map(|&seat| clock.seats.get(seat))
                .map(|r| until_shown_changes(r.left))
                .min()
        });
    alarm.set(next.map(|ms| Instant::now() + Duration::from_millis(ms)));
}

/// A thread that calls `wake` once at each deadline it is given.
struct Alarm {
    deadline: Arc<(Mutex<Option<Instant>>, Condvar)>,
}

impl Alarm {
    fn new(wake: impl Fn() + Send + 'static) -> Alarm {
        let deadline = Arc::new((Mutex::new(None), Condvar::new()));
        let shared = Arc::clone(&deadline);
        std::thread::Builder::new()
            .name("clock alarm".into())
            .spawn(move || ring(&shared, wake))
            .expect("a thread for the clocks' alarm");
        Alarm { deadline }
    }

    /// Rings at `at` instead of any deadline set before; `None` silences it.
    fn set(&self, at: Option<Instant>) {
        let (lock, changed) = &*self.deadline;
        let mut deadline = lock.lock().unwrap_or_else(PoisonError::into_inner);
        if *deadline != at {
            *deadline = at;
            changed.notify_one();
        }
    }
}

fn ring(shared: &(Mutex<Option<Instant>>, Condvar), wake: impl Fn()) {
    let (lock, changed) = shared;
    let mut deadline = lock.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        deadline = match *deadline {
            None => changed
                .wait(deadline)
                .unwrap_or_else(PoisonError::into_inner),
            Some(at) => {
                let now = Instant::now();
                if now >= at {
                    *deadline = None;
                    wake();
                    continue;
                }
                changed
                    .wait_timeout(deadline, at - now)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn the_alarm_rings_once_at_its_deadline_and_not_when_silenced() {
        let (tx, rx) = mpsc::channel();
        let alarm = Alarm::new(move || tx.send(Instant::now()).unwrap());
        let at = Instant::now() + Duration::from_millis(30);
        alarm.set(Some(at));
        let rang = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        assert!(rang >= at);
        // Once rung, it waits for a new deadline.
        assert!(rx.try_recv().is_err());
        alarm.set(Some(Instant::now() + Duration::from_secs(3600)));
        alarm.set(None);
        alarm.set(Some(Instant::now()));
        rx.recv_timeout(Duration::from_secs(60)).unwrap();
    }
}
