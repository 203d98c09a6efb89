//! The move box: a move typed in the game's own notation (SAN for the chess family,
//! cell pairs for draughts, the hexagon's cell names, drops as `P@e6`), played with
//! Enter, with the legal moves that begin as typed offered as buttons, and the reason
//! when the rules refuse it. A player without a mouse reaches it with Tab.

use super::Canvas;
use super::parts::Parts;
use crate::plugins::session::Command;
use crate::plugins::storage::Settings;
use crate::rules::typed::completions;
use bevy::prelude::*;
use bevy_egui::egui;

/// How many completions are offered at once.
const OFFERED: usize = 8;

/// What is typed so far.
#[derive(Resource, Default)]
pub struct MoveBox {
    pub text: String,
}

pub fn show(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut typed: ResMut<MoveBox>,
    mut parts: Parts,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let session = &parts.session;
    // A table's shots are aimed, not written.
    if session.current().game().card().table || !session.my_turn() {
        return;
    }
    let lang = settings.language;
    let mut send = None;
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("move-box-label"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut typed.text)
                    .hint_text(lang.t("move-box-hint"))
                    .desired_width(180.0),
            )
            .labelled_by(label.id);
        if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            if !typed.text.trim().is_empty() {
                send = Some(typed.text.trim().to_string());
            }
            edit.request_focus();
        }
    });
    let position = session.current().position();
    let offered = completions(position, session.typing_seat(), &typed.text);
    if !offered.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for notation in offered.iter().take(OFFERED) {
                if ui.small_button(notation).clicked() {
                    send = Some(notation.clone());
                }
            }
        });
    }
    if let Some(text) = send {
        typed.text.clear();
        parts.commands.write(Command::Typed(text));
    }
}
