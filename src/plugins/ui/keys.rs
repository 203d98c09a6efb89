//! The keyboard: Left/Right and Home/End browse the moves, Ctrl+Z / Ctrl+Y undo and
//! redo, Ctrl+S saves, Ctrl+O opens a file, F flips the board, Esc closes a dialog or
//! drops the selection. Keys typed into a text field stay there.

use super::dialogs::Dialogs;
use super::panel::Parts;
use crate::i18n::Language;
use crate::plugins::layout::Flipped;
use crate::plugins::session::Command;
use crate::plugins::table::Table;
use crate::rules::Action;
use bevy_egui::egui::{self, Key, Modifiers};

pub fn handle(
    ctx: &egui::Context,
    lang: Language,
    parts: &mut Parts,
    dialogs: &mut Dialogs,
    flipped: &mut Flipped,
    table: &mut Table,
) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let pressed = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));
    let m = &parts.session.current;
    let (cursor, recorded) = (m.cursor(), m.all_actions().len());
    // Chapayev's lot stays in every view of the match.
    let first = usize::from(
        m.all_actions()
            .first()
            .is_some_and(|a| matches!(a, Action::Play(mv) if m.start().is_lot(mv))),
    );
    let mut send = None;
    if pressed(Modifiers::NONE, Key::ArrowLeft) && cursor > first {
        send = Some(Command::GoTo(cursor - 1));
    }
    if pressed(Modifiers::NONE, Key::ArrowRight) && cursor < recorded {
        send = Some(Command::GoTo(cursor + 1));
    }
    if pressed(Modifiers::NONE, Key::Home) {
        send = Some(Command::GoTo(first));
    }
    if pressed(Modifiers::NONE, Key::End) {
        send = Some(Command::GoTo(recorded));
    }
    if pressed(Modifiers::COMMAND, Key::Z) {
        send = Some(Command::Undo);
    }
    if pressed(Modifiers::COMMAND, Key::Y) || pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
    {
        send = Some(Command::Redo);
    }
    if pressed(Modifiers::COMMAND, Key::S) {
        dialogs.save(lang, parts);
    }
    if pressed(Modifiers::COMMAND, Key::O) {
        dialogs.open_file(parts);
    }
    if pressed(Modifiers::NONE, Key::F) {
        super::flip_view(parts.session.current.position(), flipped, table);
    }
    if pressed(Modifiers::NONE, Key::Escape) {
        if dialogs.notice.is_some() {
            dialogs.notice = None;
        } else if dialogs.load || dialogs.confirm_resign {
            dialogs.load = false;
            dialogs.confirm_resign = false;
        } else {
            send = Some(Command::CancelChoice);
        }
    }
    if let Some(command) = send {
        parts.commands.write(command);
    }
}
