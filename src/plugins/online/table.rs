//! What the match panel shows online, and only online: the connection's banner, the
//! match's code, takebacks asked and answered, the rematch, and the chat beside the
//! move list (off with one click; spectators read it).

use super::Online;
use crate::i18n::Language;
use crate::plugins::session::{Screen, Session};
use crate::plugins::storage::Settings;
use crate::plugins::ui::naming::seat_label;
use crate::plugins::ui::{Canvas, UiSystems};
use crate::protocol::{MAX_CHAT, Request};
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            (
                status.in_set(UiSystems::PanelStatus),
                chat.in_set(UiSystems::PanelGame),
                takeback_question.in_set(UiSystems::Windows),
            )
                .run_if(in_state(Screen::Playing).and_then(playing_online)),
        );
    }
}

fn playing_online(online: Res<Online>, session: Res<Session>) -> bool {
    online.playing.is_some() && session.online()
}

/// A seat's name as the players see it.
fn seat_name(lang: Language, session: &Session, seat: usize) -> String {
    let position = session.current().position();
    let count = position.seats().seat_count();
    match session.draft().seats.get(seat).filter(|n| !n.is_empty()) {
        Some(name) => name.clone(),
        None => seat_label(
            lang,
            session.current().game(),
            seat,
            position.seats().seat_side(seat),
            count,
        ),
    }
}

/// The connection, the code, and what waits for an answer.
fn status(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut online: ResMut<Online>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let lang = settings.language;
    let online = &mut *online;
    let Some(playing) = &online.playing else {
        return;
    };
    ui.separator();
    if let Some(why) = &online.lost {
        egui::Frame::new()
            .fill(egui::Color32::from_rgb(120, 40, 30))
            .inner_margin(6.0)
            .show(ui, |ui| {
                ui.label(
                    egui::RichText::new(lang.t("online-lost"))
                        .strong()
                        .color(egui::Color32::WHITE),
                );
                ui.label(egui::RichText::new(why).small().color(egui::Color32::WHITE));
            });
    }
    let code = playing.code().to_string();
    ui.horizontal(|ui| {
        ui.label(lang.t("online-code"));
        ui.monospace(egui::RichText::new(&code).strong());
        if ui.small_button(lang.t("online-copy")).clicked() {
            ui.ctx().copy_text(code.clone());
        }
    });
    // The match's page: a friend opens it in a browser, with nothing to install.
    let page = playing.page(online.hosting);
    ui.horizontal(|ui| {
        ui.label(lang.t("online-link"));
        ui.hyperlink_to(&page, &page);
        if ui.small_button(lang.t("online-copy")).clicked() {
            ui.ctx().copy_text(page.clone());
        }
    });
    if let Some(address) = online.hosting {
        ui.label(lang.t_args("online-hosting", &[("address", address.to_string())]));
    }
    if playing.watching() {
        ui.label(egui::RichText::new(lang.t("online-watching")).italics());
    }
    if playing.mirror().listing().seats.iter().any(|s| !s.taken) {
        ui.label(egui::RichText::new(lang.t("online-waiting-for-players")).italics());
    }
    let mirror = playing.mirror();
    let mine = playing.my_seats();
    if let Some(seat) = mirror.takeback_asked_by()
        && mine.contains(&seat)
    {
        ui.label(egui::RichText::new(lang.t("online-takeback-asked")).italics());
    }
    if let Some(message) = &online.message {
        ui.label(egui::RichText::new(message).color(egui::Color32::YELLOW));
    }
    let over = mirror.current().outcome().is_some();
    let rematch = mirror.rematch().map(str::to_string);
    let watching = playing.watching();
    let mut leave = false;
    ui.horizontal_wrapped(|ui| {
        if over && !watching {
            match &rematch {
                Some(code) => {
                    if ui.button(lang.t("online-play-rematch")).clicked() {
                        let code = code.clone();
                        online.resume_rematch(&code);
                    }
                }
                None => {
                    if ui.button(lang.t("online-rematch")).clicked() {
                        online.about_match(|id, code| Request::Rematch { id, code });
                    }
                }
            }
        }
        if ui.button(lang.t("online-leave")).clicked() {
            leave = true;
        }
    });
    if leave {
        let game = session.current().game();
        online.leave();
        session.choose_game(game);
        next.set(Screen::Online);
    }
}

/// Another player asks to take back: the player at this screen answers.
fn takeback_question(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut online: ResMut<Online>,
    session: Res<Session>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let Some(playing) = &online.playing else {
        return;
    };
    let Some(seat) = playing.mirror().takeback_asked_by() else {
        return;
    };
    if playing.watching()
        || playing.my_seats().contains(&seat)
        || online.answered == Some(playing.mirror().last())
    {
        return;
    }
    let asker = seat_name(lang, &session, seat);
    let mut answer = None;
    egui::Window::new(lang.t("online-takeback-title"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(root.ctx(), |ui| {
            ui.label(lang.t_args("online-takeback-question", &[("player", asker)]));
            ui.horizontal(|ui| {
                if ui.button(lang.t("online-accept")).clicked() {
                    answer = Some(true);
                }
                if ui.button(lang.t("online-decline")).clicked() {
                    answer = Some(false);
                }
            });
        });
    if let Some(accept) = answer {
        online.answered = online.playing.as_ref().map(|p| p.mirror().last());
        online.about_match(|id, code| Request::TakebackAnswer { id, code, accept });
    }
}

/// The match's chat, beside the move list.
fn chat(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut online: ResMut<Online>,
    session: Res<Session>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let lang = settings.language;
    let online = &mut *online;
    ui.separator();
    let said = online
        .playing
        .as_ref()
        .map_or(0, |p| p.mirror().chat().len());
    if online.chat_open {
        online.chat_seen = said;
    }
    let label = chat_label(lang, said.saturating_sub(online.chat_seen));
    ui.checkbox(&mut online.chat_open, label);
    if !online.chat_open {
        return;
    }
    let Some(playing) = &online.playing else {
        return;
    };
    let lines: Vec<String> = playing
        .mirror()
        .chat()
        .iter()
        .map(|(seat, text)| format!("{}: {text}", seat_name(lang, &session, *seat)))
        .collect();
    let watching = playing.watching();
    egui::ScrollArea::vertical()
        .id_salt("chat")
        .max_height(120.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in &lines {
                ui.label(line);
            }
        });
    if watching {
        return;
    }
    let field = ui.add(
        egui::TextEdit::singleline(&mut online.chat_draft)
            .char_limit(MAX_CHAT / 2)
            .hint_text(lang.t("online-chat-hint"))
            .desired_width(f32::INFINITY),
    );
    // Enter sends the line and gives the keyboard back, so that the next click is the
    // board's.
    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        let text = std::mem::take(&mut online.chat_draft);
        if !text.trim().is_empty() {
            online.about_match(|id, code| Request::Say { id, code, text });
        }
    }
}

/// The chat's switch: its name, with the lines not yet shown while it is folded.
fn chat_label(lang: Language, unread: usize) -> String {
    if unread == 0 {
        lang.t("online-chat")
    } else {
        lang.t_args("online-chat-unread", &[("count", unread.to_string())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folded_chat_counts_the_lines_not_yet_shown() {
        assert_eq!(chat_label(Language::English, 0), "Chat");
        assert_eq!(chat_label(Language::English, 2), "Chat (2 new)");
        assert_eq!(chat_label(Language::Russian, 3), "Чат (новых: 3)");
    }
}
