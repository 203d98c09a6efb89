//! A game's rules page: its pieces with their pictures, the start position, how it is
//! played, its special rules, how it ends, and the house rules of the game at hand.
//! The texts are translations (`rules-<game>-...`), so every page speaks the player's
//! language.

use super::miniature;
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::session::Screen;
use crate::plugins::sprites;
use crate::rules::options::SWITCH;
use crate::rules::pages::SECTIONS;
use crate::rules::{GameId, PieceView, Position, Side};
use bevy_egui::egui;

/// The size of a piece's picture beside its paragraph.
const PICTURE: f32 = 40.0;
/// The word that marks a house rule set otherwise than usual.
const CHANGED: egui::Color32 = egui::Color32::from_rgb(200, 140, 40);

/// Shows the rules page of `game` while `open` holds it; its close button clears it.
pub fn show(
    ctx: &egui::Context,
    lang: Language,
    open: &mut Option<GameId>,
    parts: &Parts,
    screen: Screen,
) {
    let Some(game) = *open else {
        return;
    };
    let rules = house_rules(game, parts, screen);
    // A page opens at its top, not where the page shown before was scrolled to.
    let shown_key = egui::Id::new("rules-page-shown");
    let fresh = ctx.data_mut(|d| d.get_temp::<GameId>(shown_key)) != Some(game);
    ctx.data_mut(|d| d.insert_temp(shown_key, game));
    let mut still_open = true;
    egui::Window::new(lang.t_args(
        "rules-title",
        &[("game", lang.t(&format!("game-{}", game.id())))],
    ))
    .id(egui::Id::new("rules-page"))
    .open(&mut still_open)
    .collapsible(false)
    .default_size([560.0, 620.0])
    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
    .show(ctx, |ui| {
        let mut scroll = egui::ScrollArea::vertical();
        if fresh {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        scroll.show(ui, |ui| {
            page(ui, lang, game, &rules);
        });
    });
    if !still_open {
        *open = None;
        ctx.data_mut(|d| d.remove::<GameId>(shown_key));
    }
}

/// The house rules in force: the match's own while it is played, the setup's while
/// they are chosen, else the defaults.
fn house_rules(game: GameId, parts: &Parts, screen: Screen) -> Vec<(String, String)> {
    let session = &parts.session;
    if session.draft().game != game || screen == Screen::Chooser {
        return game.default_options();
    }
    match screen {
        Screen::Playing => session.current().start().options(),
        _ => session.draft().options.clone(),
    }
}

fn page(ui: &mut egui::Ui, lang: Language, game: GameId, rules: &[(String, String)]) {
    ui.label(egui::RichText::new(lang.t(&format!("game-{}-about", game.id()))).italics());
    ui.add_space(8.0);
    heading(ui, lang.t("rules-start"));
    if let Ok(start) = Position::new(game, rules) {
        ui.vertical_centered(|ui| miniature::paint_position(ui, &start, 220.0));
    }
    heading(ui, lang.t("rules-pieces"));
    for &kind in game.piece_kinds() {
        ui.horizontal(|ui| {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(PICTURE, PICTURE), egui::Sense::hover());
            let piece = PieceView {
                side: Side::White,
                kind,
            };
            sprites::paint(ui.painter(), piece, rect.center(), PICTURE);
            let key = game
                .piece_keys(kind)
                .into_iter()
                .find(|k| lang.has(k))
                .unwrap_or_default();
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(lang.t(&crate::rules::why::piece_key(kind))).strong());
                ui.label(lang.t(&key));
            });
        });
        ui.add_space(4.0);
    }
    for section in SECTIONS {
        heading(ui, lang.t(&format!("rules-{section}")));
        ui.label(lang.t(&game.section_key(section)));
    }
    heading(ui, lang.t("rules-house"));
    house(ui, lang, game, rules);
}

fn heading(ui: &mut egui::Ui, text: String) {
    ui.add_space(10.0);
    ui.label(egui::RichText::new(text).strong().size(17.0));
    ui.add_space(2.0);
}

/// Every house rule with its value in this game; those changed from the usual are
/// marked, and each says in a line what it does.
fn house(ui: &mut egui::Ui, lang: Language, game: GameId, rules: &[(String, String)]) {
    if game.option_specs().is_empty() {
        ui.label(lang.t("rules-house-none"));
        return;
    }
    for spec in game.option_specs() {
        let value = rules
            .iter()
            .find(|(id, _)| id == spec.id)
            .map_or(spec.default, |(_, v)| v.as_str());
        let shown = if spec.values == SWITCH {
            lang.t(if value == "on" {
                "rules-on"
            } else {
                "rules-off"
            })
        } else {
            lang.t(&format!("opt-{}-{value}", spec.id))
        };
        // "Does the earth rotate? on", not "…?: on".
        let name = lang.t(&format!("opt-{}", spec.id));
        let colon = if name.ends_with('?') { "" } else { ":" };
        let line = egui::RichText::new(format!("{name}{colon} {shown}")).strong();
        ui.horizontal(|ui| {
            ui.label(line);
            if value != spec.default {
                ui.label(
                    egui::RichText::new(lang.t("rules-house-changed"))
                        .italics()
                        .color(CHANGED),
                );
            }
        });
        ui.label(lang.t(&format!("opt-{}-help", spec.id)));
        ui.add_space(4.0);
    }
}
