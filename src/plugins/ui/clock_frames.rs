//! Frames for running clocks: one when the reading shown changes (each second, each
//! tenth under ten seconds), not every frame. Between them the reactive update mode
//! sleeps, so a match on the clock costs almost no CPU while a player thinks.

use crate::plugins::session::{ApplyActions, Screen, Session};
use crate::rules::clock::until_shown_changes;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

pub struct ClockFramesPlugin;

impl Plugin for ClockFramesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, wake_for_the_clocks.after(ApplyActions));
    }
}

/// Sets how long the app may sleep: until the running reading next changes, or as
/// the desktop app does while no clock runs. A window kept drawing on every frame
/// (the screenshot command) is left as it is.
fn wake_for_the_clocks(
    session: Res<Session>,
    screen: Res<State<Screen>>,
    settings: Option<ResMut<WinitSettings>>,
) {
    let Some(mut settings) = settings else { return };
    if !matches!(settings.focused_mode, UpdateMode::Reactive { .. }) {
        return;
    }
    let m = &session.current;
    let next = m
        .clock()
        .filter(|_| session.clocks_run(*screen.get()))
        .and_then(|clock| {
            m.position()
                .seats_on_move()
                .iter()
                .filter_map(|&seat| clock.seats.get(seat))
                .map(|r| until_shown_changes(r.left))
                .min()
        });
    let wanted = match next {
        Some(ms) => {
            let wait = UpdateMode::reactive(Duration::from_millis(ms));
            WinitSettings {
                focused_mode: wait,
                unfocused_mode: wait,
            }
        }
        None => WinitSettings::desktop_app(),
    };
    if settings.focused_mode != wanted.focused_mode
        || settings.unfocused_mode != wanted.unfocused_mode
    {
        *settings = wanted;
    }
}
