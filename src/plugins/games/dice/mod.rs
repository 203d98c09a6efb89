//! Dice chess's plugin: the dice in the match panel, and rolling them. A roll tumbles for a moment before its faces are
//! played as an action: when the player presses Roll, when the computer's seat is to
//! roll, or, under the house rule `auto_roll`, as soon as a player's turn begins. The
//! faces come from the match ([`Match::roll`]), so the tumbling shows nothing that
//! could be rolled again.
//!
//! [`Match::roll`]: crate::rules::Match::roll

mod panel;

use crate::plugins::session::{AppSystems, Command, Session, showing};
use crate::plugins::ui::UiSystems;
use crate::rules::GameId;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::EguiPrimaryContextPass;

/// How long the dice tumble, in seconds.
pub const ROLL_TIME: f64 = 0.7;

#[derive(Default)]
pub struct DicePlugin;

impl Plugin for DicePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Dice>()
            .add_message::<RequestRedraw>()
            .add_systems(
                Update,
                (start_rolls, finish_roll)
                    .chain()
                    .in_set(AppSystems::React)
                    .run_if(showing(GameId::DiceChess)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panel::rows
                    .in_set(UiSystems::PanelStatus)
                    .run_if(showing(GameId::DiceChess)),
            );
    }
}

#[derive(Resource, Default)]
pub struct Dice {
    /// A roll under way: when it lands, and the match revision it is for.
    rolling: Option<(f64, u64)>,
    /// Faces of physical dice entered so far, for a roll of three.
    pub entered: Vec<u8>,
    /// The count of actions played when last looked at: a roll starts by itself only
    /// after a move, never after an undo or a load.
    seen_played: Option<u64>,
}

impl Dice {
    /// Starts the tumbling of a roll for the position of `revision`.
    pub fn roll(&mut self, now: f64, revision: u64) {
        if self.rolling.is_none() {
            self.rolling = Some((now + ROLL_TIME, revision));
        }
    }

    /// While a roll tumbles: how far it has come, from 0 to 1.
    pub fn tumbling(&self, now: f64) -> Option<f64> {
        self.rolling
            .map(|(until, _)| (1.0 - (until - now) / ROLL_TIME).clamp(0.0, 1.0))
    }
}

/// Whether the app may roll now: a die awaited and the app rolling it.
fn may_roll(session: &Session) -> bool {
    let m = session.current();
    let rolls = m.position().shown().dice().is_some_and(|d| !d.manual);
    // Online the server rolls, at once, and its roll comes as the match's next action.
    rolls && !session.online() && m.position().awaits_roll() && m.outcome().is_none()
}

/// Whether a roll may start by itself now: at the end of the record, no question open.
fn may_roll_alone(session: &Session) -> bool {
    may_roll(session)
        && !session.current().can_redo()
        && session.prompts.choice.is_none()
        && session.prompts.confirm.is_none()
        && session.prompts.dropping.is_none()
        && session.prompts.replacing.is_none()
}

fn start_rolls(session: Res<Session>, time: Res<Time>, mut dice: ResMut<Dice>) {
    let played = session.played();
    let fresh = dice.seen_played.is_some_and(|seen| seen != played)
        || session.current().all_actions().is_empty();
    dice.seen_played = Some(played);
    if !may_roll_alone(&session) {
        return;
    }
    let automatic = session
        .current()
        .position()
        .shown()
        .dice()
        .is_some_and(|d| d.automatic);
    if session.computer_to_move() || (automatic && fresh) {
        dice.roll(time.elapsed_secs_f64(), session.revision);
    }
}

fn finish_roll(
    session: Res<Session>,
    time: Res<Time>,
    mut dice: ResMut<Dice>,
    mut commands: MessageWriter<Command>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some((until, revision)) = dice.rolling else {
        return;
    };
    // The position changed under the tumbling dice (undo, a new game): no roll.
    if revision != session.revision || !may_roll(&session) {
        dice.rolling = None;
        return;
    }
    redraw.write(RequestRedraw);
    if time.elapsed_secs_f64() < until {
        return;
    }
    dice.rolling = None;
    if let Some(roll) = session.current().roll() {
        commands.write(Command::Act(roll));
    }
}
