//! The first screen: a card per game.

use super::Canvas;
use super::dialogs::Dialogs;
use super::miniature;
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::session::{Command, Screen};
use crate::plugins::shelf::Shelf;
use crate::plugins::storage::Settings;
use crate::rules::GameId;
use bevy::prelude::*;
use bevy_egui::egui;

/// A card's width with its margins and the gap to the next.
const CARD_STEP: f32 = 300.0;

pub fn show(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    shelf: Res<Shelf>,
    mut parts: Parts,
    mut dialogs: ResMut<Dialogs>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let (parts, dialogs) = (&mut parts, &mut *dialogs);
    egui::CentralPanel::default().show(root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(12.0);
            ui.heading(egui::RichText::new(lang.t("app-title")).size(30.0));
            ui.label(lang.t("chooser-subtitle"));
            // A match left for the chooser is still there to go back to, while it goes on.
            if parts.session.in_progress() && ui.button(lang.t("chooser-back-to-game")).clicked() {
                next.set(Screen::Playing);
            }
            ui.add_space(6.0);
            if ui
                .button(egui::RichText::new(lang.t("chooser-online")).size(16.0))
                .on_hover_text(lang.t("chooser-online-help"))
                .clicked()
            {
                next.set(Screen::Online);
            }
            ui.add_space(16.0);
        });
        egui::ScrollArea::vertical().show(ui, |ui| {
            // Cards in rows as wide as the window allows (a frame does not wrap by itself).
            let columns = ((ui.available_width() / CARD_STEP) as usize).max(1);
            // The grid stands in the middle of the window.
            let margin = ((ui.available_width() - columns as f32 * CARD_STEP) / 2.0).max(0.0);
            let games: Vec<GameId> = shelf.games().collect();
            for row in games.chunks(columns) {
                ui.horizontal(|ui| {
                    ui.add_space(margin);
                    for &game in row {
                        card(ui, lang, (&shelf, game), parts, dialogs);
                    }
                });
                ui.add_space(8.0);
            }
        });
    });
}

fn card(
    ui: &mut egui::Ui,
    lang: Language,
    (shelf, game): (&Shelf, GameId),
    parts: &mut Parts,
    dialogs: &mut Dialogs,
) {
    egui::Frame::group(ui.style())
        .inner_margin(12.0)
        .show(ui, |ui| {
            ui.set_width(260.0);
            ui.set_min_height(320.0);
            ui.vertical_centered(|ui| {
                miniature::paint(ui, shelf, game, 200.0);
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(lang.t(&format!("game-{}", game.id())))
                        .size(20.0)
                        .strong(),
                );
                ui.label(lang.t(&format!("game-{}-about", game.id())));
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    // The two buttons stand together in the middle of the card.
                    ui.add_space((ui.available_width() - 150.0).max(0.0) / 2.0);
                    if ui
                        .button(egui::RichText::new(lang.t("chooser-play")).size(16.0))
                        .clicked()
                    {
                        parts.commands.write(Command::Choose(game));
                    }
                    if ui
                        .button(egui::RichText::new(lang.t("chooser-rules")).size(16.0))
                        .clicked()
                    {
                        dialogs.rules = Some(game);
                    }
                });
            });
        });
}
