//! The menu bar: the game, the view, the language and the About box.

use super::Canvas;
use super::dialogs::Dialogs;
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::layout::FlipView;
use crate::plugins::session::{Command, Screen};
use crate::plugins::storage::Settings;
use bevy::prelude::*;
use bevy_egui::egui;

#[allow(clippy::too_many_arguments)]
pub fn show(
    mut canvas: ResMut<Canvas>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut settings: ResMut<Settings>,
    mut dialogs: ResMut<Dialogs>,
    mut parts: Parts,
    mut flip: MessageWriter<FlipView>,
    mut exit: MessageWriter<AppExit>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
    mut editor: ResMut<super::editor::Editor>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    egui::Panel::top("menu").show(root, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(lang.t("menu-game"), |ui| {
                if ui.button(lang.t("menu-choose-game")).clicked() {
                    next.set(Screen::Chooser);
                    ui.close();
                }
                if *screen.get() == Screen::Playing && ui.button(lang.t("menu-save")).clicked() {
                    dialogs.save(lang, &parts);
                    ui.close();
                }
                if matches!(screen.get(), Screen::Setup | Screen::Playing)
                    && ui.button(lang.t("menu-editor")).clicked()
                {
                    // From the match, its position; from the setup, the chosen rules' start.
                    let draft = parts.session.draft();
                    let position = match screen.get() {
                        Screen::Playing => Ok(parts.session.current().position().clone()),
                        _ => crate::rules::Position::new(draft.game, &draft.options),
                    };
                    if let Ok(position) = position {
                        editor.open(&position);
                        next.set(Screen::Editor);
                    }
                    ui.close();
                }
                if *screen.get() != Screen::Chooser && ui.button(lang.t("menu-rules")).clicked() {
                    dialogs.rules = Some(parts.session.draft().game);
                    ui.close();
                }
                if ui.button(lang.t("menu-load")).clicked() {
                    dialogs.load = true;
                    ui.close();
                }
                if ui.button(lang.t("menu-open-file")).clicked() {
                    dialogs.open_file(lang, &mut parts);
                    ui.close();
                }
                if *screen.get() == Screen::Playing {
                    ui.separator();
                    // A match on a server is the server's: it is studied once saved.
                    let studying = parts.session.studying();
                    let key = if studying {
                        "analysis-close"
                    } else {
                        "menu-analyse"
                    };
                    if ui
                        .add_enabled(!parts.session.online(), egui::Button::new(lang.t(key)))
                        .clicked()
                    {
                        parts.commands.write(Command::Study(!studying));
                        ui.close();
                    }
                    copy_and_paste(ui, lang, &mut parts, &mut clipboard);
                }
                ui.separator();
                // The game in progress is kept by the autosave on the way out.
                if ui.button(lang.t("menu-quit")).clicked() {
                    exit.write(AppExit::Success);
                    ui.close();
                }
            });
            ui.menu_button(lang.t("menu-view"), |ui| {
                if ui.button(lang.t("menu-flip")).clicked() {
                    flip.write(FlipView);
                    ui.close();
                }
                ui.checkbox(&mut settings.follow_turn, lang.t("menu-follow-turn"));
                if *screen.get() == Screen::Playing && parts.session.current().clock().is_some() {
                    let mut paused = parts.session.clocks_paused();
                    if ui
                        .checkbox(&mut paused, lang.t("menu-pause-clocks"))
                        .changed()
                    {
                        parts.commands.write(Command::PauseClocks(paused));
                    }
                }
                let mut sound = !settings.muted;
                if ui.checkbox(&mut sound, lang.t("menu-sound")).changed() {
                    settings.muted = !sound;
                }
                ui.checkbox(&mut settings.reduced_motion, lang.t("menu-reduced-motion"));
                ui.checkbox(&mut settings.high_contrast, lang.t("menu-high-contrast"));
            });
            ui.menu_button(lang.t("menu-language"), |ui| {
                for l in Language::ALL {
                    if ui.radio(lang == l, l.native_name()).clicked() {
                        settings.language = l;
                        ui.close();
                    }
                }
            });
            ui.menu_button(lang.t("menu-help"), |ui| {
                if ui.button(lang.t("menu-about")).clicked() {
                    dialogs.notice = Some(about(lang));
                    ui.close();
                }
            });
        });
    });
}

/// The About box's words: the program, its version and its licence.
fn about(lang: Language) -> String {
    lang.t_args(
        "about-text",
        &[("version", env!("CARGO_PKG_VERSION").to_string())],
    )
}

/// The match as text for other programs, and text from them: the position (FEN for
/// chess), the moves, PGN; pasting reads any of them for the game on screen.
fn copy_and_paste(
    ui: &mut egui::Ui,
    lang: Language,
    parts: &mut Parts,
    clipboard: &mut Option<ResMut<bevy::clipboard::Clipboard>>,
) {
    let m = parts.session.current();
    // At the rules' own start there is no set-up text: the game's name says it.
    let position = m.position().set_up_text();
    if ui
        .add_enabled(
            position.is_some(),
            egui::Button::new(lang.t("menu-copy-position")),
        )
        .clicked()
    {
        ui.ctx().copy_text(position.unwrap_or_default());
        ui.close();
    }
    if ui.button(lang.t("menu-copy-moves")).clicked() {
        ui.ctx().copy_text(crate::rules::record::movetext(m));
        ui.close();
    }
    if ui.button(lang.t("menu-copy-pgn")).clicked() {
        let seats = &parts.session.draft().seats;
        let roster = crate::rules::pgn::Roster {
            event: "Doska".into(),
            // The day it is copied: PGN writes `2026.11.25`.
            date: crate::plugins::storage::date(crate::plugins::storage::now_secs())
                .replace('-', "."),
            players: seats.clone(),
            ..Default::default()
        };
        ui.ctx().copy_text(crate::rules::pgn::pgn(m, &roster));
        ui.close();
    }
    if ui.button(lang.t("menu-paste")).clicked() {
        let text = clipboard
            .as_mut()
            .and_then(|c| c.fetch_text().poll_result())
            .and_then(Result::ok);
        match text {
            Some(text) => {
                parts.commands.write(Command::Paste(text));
            }
            None => {
                parts.commands.write(Command::Say("msg-nothing-to-paste"));
            }
        }
        ui.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_about_box_gives_the_version_in_every_language() {
        for lang in Language::ALL {
            assert!(about(lang).contains(env!("CARGO_PKG_VERSION")), "{lang:?}");
        }
    }
}
