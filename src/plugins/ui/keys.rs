//! The keyboard: Left/Right and Home/End browse the moves (the arrows move the
//! board's cursor instead while the keyboard plays on the board, `board::cursor`), Ctrl+Z / Ctrl+Y undo and
//! redo, Ctrl+S saves, Ctrl+O opens a file, F flips the board, Esc closes a dialog or
//! drops the selection. Keys typed into a text field stay there.
//!
//! Keys are read by their place on the keyboard, not the letter they type, so the
//! shortcuts sit where they always do under a Russian or Ukrainian layout too.

use super::dialogs::Dialogs;
use super::parts::Parts;
use crate::plugins::board::BoardCursor;
use crate::plugins::layout::{FlipView, Flipped};
use crate::plugins::session::{AppSystems, Command, Screen, Session};
use crate::plugins::storage::Settings;
use crate::rules::Action;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The shortcuts, while a game is on screen. The dialogs and the flip setting they
/// act on are made here too, so the keys work without the panels (as in the headless
/// tests).
pub struct KeysPlugin;

impl Plugin for KeysPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Dialogs>()
            .init_resource::<Flipped>()
            .add_message::<FlipView>()
            .add_systems(
                Update,
                (
                    shortcuts
                        .in_set(AppSystems::Input)
                        .run_if(in_state(Screen::Playing)),
                    flip_board.in_set(AppSystems::Apply),
                ),
            );
    }
}

const CONTROL: [KeyCode; 4] = [
    KeyCode::ControlLeft,
    KeyCode::ControlRight,
    KeyCode::SuperLeft,
    KeyCode::SuperRight,
];
const OTHER_MODIFIERS: [KeyCode; 4] = [
    KeyCode::ShiftLeft,
    KeyCode::ShiftRight,
    KeyCode::AltLeft,
    KeyCode::AltRight,
];

#[allow(clippy::too_many_arguments)]
fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    typing: Option<Res<EguiWantsInput>>,
    settings: Option<Res<Settings>>,
    board_cursor: Option<Res<BoardCursor>>,
    mut parts: Parts,
    mut dialogs: ResMut<Dialogs>,
    mut flip: MessageWriter<FlipView>,
) {
    if typing.is_some_and(|t| t.wants_keyboard_input()) {
        return;
    }
    let lang = settings.map(|s| s.language).unwrap_or_default();
    // A modifier let go within this frame was still down when the key was pressed:
    // a quick Ctrl+S can come and go between two frames.
    let held = |modifiers: &[KeyCode]| {
        keys.any_pressed(modifiers.iter().copied())
            || keys.any_just_released(modifiers.iter().copied())
    };
    let control = held(&CONTROL);
    let shift = held(&[KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let bare = !control && !held(&OTHER_MODIFIERS);
    let plain = |key: KeyCode| bare && keys.just_pressed(key);
    let with_control = |key: KeyCode| control && keys.just_pressed(key);

    let m = parts.session.current();
    let (cursor, recorded) = (m.cursor(), m.all_actions().len());
    // Chapayev's lot stays in every view of the match.
    let first = usize::from(
        m.all_actions()
            .first()
            .is_some_and(|a| matches!(a, Action::Play(mv) if m.start().is_lot(mv))),
    );
    let mut send = None;
    // While the keyboard plays on the board, the arrows move its cursor.
    let browsing = board_cursor.is_none_or(|c| c.0.is_none());
    if browsing && plain(KeyCode::ArrowLeft) && cursor > first {
        send = Some(Command::GoTo(cursor - 1));
    }
    if browsing && plain(KeyCode::ArrowRight) && cursor < recorded {
        send = Some(Command::GoTo(cursor + 1));
    }
    if plain(KeyCode::Home) {
        send = Some(Command::GoTo(first));
    }
    if plain(KeyCode::End) {
        send = Some(Command::GoTo(recorded));
    }
    if with_control(KeyCode::KeyZ) {
        send = Some(if shift { Command::Redo } else { Command::Undo });
    }
    if with_control(KeyCode::KeyY) {
        send = Some(Command::Redo);
    }
    if with_control(KeyCode::KeyS) {
        dialogs.save(lang, &parts);
    }
    if with_control(KeyCode::KeyO) {
        dialogs.open_file(lang, &mut parts);
    }
    if plain(KeyCode::KeyF) {
        flip.write(FlipView);
    }
    if plain(KeyCode::Escape) {
        if dialogs.notice.is_some() {
            dialogs.notice = None;
        } else if dialogs.load || dialogs.confirm_resign || dialogs.save_name.is_some() {
            dialogs.load = false;
            dialogs.confirm_resign = false;
            dialogs.save_name = None;
        } else {
            send = Some(Command::CancelChoice);
        }
    }
    if let Some(command) = send {
        parts.commands.write(command);
    }
}

/// Turns a flat board round. A game played on a table turns its own view instead,
/// leaving the flat boards' setting alone for the next game.
fn flip_board(
    mut asked: MessageReader<FlipView>,
    session: Res<Session>,
    mut flipped: ResMut<Flipped>,
) {
    for _ in asked.read() {
        if !session.current().game().card().table {
            flipped.0 = !flipped.0;
        }
    }
}
