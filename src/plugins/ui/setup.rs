//! Before a match: the game's house rules and its seats.

use super::Canvas;
use super::miniature;
use super::naming::seat_label;
use super::parts::Parts;
use crate::engine::search::Level;
use crate::i18n::Language;
use crate::plugins::session::{Command, CreateOnline, Draft, Screen};
use crate::plugins::shelf::Shelf;
use crate::plugins::storage::{LastSetup, Settings};
use crate::protocol::SeatPlan;
use crate::rules::Side;
use crate::rules::clock::TimeControl;
use bevy::prelude::*;
use bevy_egui::egui;

pub fn show(
    mut canvas: ResMut<Canvas>,
    mut settings: ResMut<Settings>,
    shelf: Res<Shelf>,
    mut parts: Parts,
    mut next: ResMut<NextState<Screen>>,
    mut create: MessageWriter<CreateOnline>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let parts = &mut parts;
    // The screen edits a copy of the draft and sends it back as a command.
    let mut draft = parts.session.draft().clone();
    let game = draft.game;
    egui::CentralPanel::default().show(root, |ui| {
        ui.set_max_width(640.0);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            miniature::paint(ui, &shelf, game, 140.0);
            ui.add_space(12.0);
            ui.vertical(|ui| {
                ui.heading(lang.t(&format!("game-{}", game.id())));
                ui.label(lang.t(&format!("game-{}-about", game.id())));
            });
        });
        ui.add_space(12.0);
        ui.label(
            egui::RichText::new(lang.t("setup-house-rules"))
                .strong()
                .size(17.0),
        );
        house_rules(ui, lang, &mut draft);
        ui.add_space(16.0);
        ui.label(
            egui::RichText::new(lang.t("setup-seats"))
                .strong()
                .size(17.0),
        );
        let count = parts.session.seat_count();
        seats(ui, lang, &parts.session.seat_sides(), &mut draft);
        clocks(ui, lang, &mut draft);
        let hard = (0..count).any(|i| draft.computer[i] && draft.levels[i] == Level::Hard);
        // The table's player keeps its own time per level.
        if hard && !draft.game.card().table {
            ui.add(
                egui::Slider::new(&mut draft.think_seconds, 1..=30)
                    .text(lang.t("setup-think-seconds")),
            );
        }
        ui.add_space(20.0);
        // Sent before whatever the buttons send, so a match starts with the choices.
        if draft != *parts.session.draft() {
            parts.commands.write(Command::SetDraft(draft.clone()));
        }
        let online = draft.plans.is_some();
        // A match on a server needs someone to play at this screen.
        let playable = draft
            .plans
            .as_ref()
            .is_none_or(|plans| plans.contains(&SeatPlan::Me));
        ui.horizontal(|ui| {
            let start = if online {
                "setup-create-online"
            } else {
                "setup-start"
            };
            if ui
                .add_enabled(
                    playable,
                    egui::Button::new(egui::RichText::new(lang.t(start)).size(18.0)),
                )
                .clicked()
            {
                // The next setup of this game starts from these choices.
                settings
                    .last_setup
                    .insert(game.id().to_string(), LastSetup::of(&draft));
                if online {
                    create.write(CreateOnline);
                } else {
                    parts.commands.write(Command::NewMatch);
                }
            }
            if ui.button(lang.t("setup-back")).clicked() {
                next.set(if online {
                    Screen::Online
                } else {
                    Screen::Chooser
                });
            }
        });
    });
}

/// The game's house rules, each a switch or a list of its values.
fn house_rules(ui: &mut egui::Ui, lang: Language, draft: &mut Draft) {
    let game = draft.game;
    egui::Grid::new("rules")
        .num_columns(2)
        .spacing([24.0, 8.0])
        .show(ui, |ui| {
            for spec in game.option_specs() {
                let Some(slot) = draft.options.iter().position(|(id, _)| id == spec.id) else {
                    continue;
                };
                ui.label(lang.t(&format!("opt-{}", spec.id)))
                    .on_hover_text(lang.t(&format!("opt-{}-help", spec.id)));
                let value = &mut draft.options[slot].1;
                let help = lang.t(&format!("opt-{}-help", spec.id));
                if spec.values == crate::rules::options::SWITCH {
                    let mut on = value == "on";
                    if ui.checkbox(&mut on, "").on_hover_text(help).changed() {
                        *value = if on { "on" } else { "off" }.to_string();
                    }
                } else {
                    egui::ComboBox::from_id_salt(spec.id)
                        .selected_text(lang.t(&format!("opt-{}-{}", spec.id, value)))
                        .show_ui(ui, |ui| {
                            for v in spec.values {
                                let label = lang.t(&format!("opt-{}-{}", spec.id, v));
                                ui.selectable_value(value, v.to_string(), label);
                            }
                        })
                        .response
                        .on_hover_text(help);
                }
                ui.end_row();
            }
        });
}

/// Each seat's name, and who plays it: a computer (and how well), or on a server the
/// player here, a friend or the server's computer.
fn seats(ui: &mut egui::Ui, lang: Language, sides: &[Side], draft: &mut Draft) {
    let game = draft.game;
    let count = sides.len().max(1);
    draft.computer.resize(count, false);
    draft.levels.resize(count, Level::default());
    draft.seats.resize_with(count, String::new);
    let Draft {
        seats,
        computer,
        levels,
        plans,
        ..
    } = draft;
    egui::Grid::new("seats")
        .num_columns(4)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            for (i, name) in seats.iter_mut().enumerate() {
                let side = sides.get(i).copied().unwrap_or(Side::White);
                let label = seat_label(lang, game, i, side, count);
                ui.label(&label);
                ui.add_sized(
                    [220.0, 22.0],
                    egui::TextEdit::singleline(name).hint_text(label),
                );
                // A match on a server: who takes each seat.
                if let Some(plans) = plans.as_mut() {
                    plans.resize(count, SeatPlan::Open);
                    plan_choice(ui, lang, i, &mut plans[i]);
                    computer[i] = plans[i] == SeatPlan::Computer;
                } else {
                    ui.checkbox(&mut computer[i], lang.t("setup-computer"));
                }
                if computer[i] {
                    let level = &mut levels[i];
                    egui::ComboBox::from_id_salt(("level", i))
                        .selected_text(lang.t(&format!("level-{}", level.id())))
                        .show_ui(ui, |ui| {
                            for l in Level::ALL {
                                ui.selectable_value(level, l, lang.t(&format!("level-{}", l.id())));
                            }
                        });
                }
                ui.end_row();
            }
        });
}

/// The clocks, for every game that offers them (Chapayev's shots are not timed): a
/// preset, or a custom control of any kind with its numbers.
fn clocks(ui: &mut egui::Ui, lang: Language, draft: &mut Draft) {
    // Clocks for every game that offers them (Chapayev's shots are not timed).
    if draft.game.clock_presets().len() > 1 {
        ui.horizontal(|ui| {
            ui.label(lang.t("setup-clock"))
                .on_hover_text(lang.t("setup-clock-help"));
            let control = &mut draft.time_control;
            // A player who picks "custom" sets the numbers; a preset's stay hidden, so
            // typing never turns a preset into something else unasked.
            let custom_id = ui.make_persistent_id("clock-custom");
            let mut custom = ui.data(|d| d.get_temp::<bool>(custom_id)).unwrap_or(false)
                || control.id() == "custom";
            let shown = match control.kind() {
                Some(kind) if custom => lang.t(&format!("clock-kind-{kind}")),
                _ => lang.t(&format!("clock-{}", control.id())),
            };
            egui::ComboBox::from_id_salt("clock")
                .selected_text(shown)
                // Tall enough for the presets and the custom kinds without a scroll.
                .height(600.0)
                .show_ui(ui, |ui| {
                    for id in draft.game.clock_presets() {
                        if let Some(preset) = TimeControl::from_id(id) {
                            let chosen = !custom && *control == preset;
                            if ui
                                .selectable_label(chosen, lang.t(&format!("clock-{id}")))
                                .clicked()
                            {
                                *control = preset;
                                custom = false;
                            }
                        }
                    }
                    ui.separator();
                    for kind in TimeControl::KINDS {
                        let chosen = custom && control.kind() == Some(kind);
                        if ui
                            .selectable_label(chosen, lang.t(&format!("clock-kind-{kind}")))
                            .clicked()
                            && let Some(next) = TimeControl::of_kind(kind, *control)
                        {
                            *control = next;
                            custom = true;
                        }
                    }
                });
            ui.data_mut(|d| d.insert_temp(custom_id, custom));
            if custom {
                time_fields(ui, lang, control);
            }
        });
    } else {
        draft.time_control = TimeControl::None;
    }
}

/// The numbers of a time control, to set other times than the presets': minutes for
/// the allowances, seconds for the increment or delay, moves for the first period.
fn time_fields(ui: &mut egui::Ui, lang: Language, control: &mut TimeControl) {
    let minutes = |ui: &mut egui::Ui, ms: &mut u64, key: &str| {
        let mut m = *ms / 60_000;
        ui.label(lang.t(key));
        if ui
            .add(
                egui::DragValue::new(&mut m)
                    .range(1..=600)
                    .suffix(lang.t("clock-unit-minutes")),
            )
            .changed()
        {
            *ms = m * 60_000;
        }
    };
    let seconds = |ui: &mut egui::Ui, ms: &mut u64, key: &str| {
        let mut s = *ms / 1000;
        ui.label(lang.t(key));
        if ui
            .add(
                egui::DragValue::new(&mut s)
                    .range(0..=600)
                    .suffix(lang.t("clock-unit-seconds")),
            )
            .changed()
        {
            *ms = s * 1000;
        }
    };
    match control {
        TimeControl::None => {}
        TimeControl::SuddenDeath { base } => minutes(ui, base, "clock-field-base"),
        TimeControl::Fischer { base, increment } => {
            minutes(ui, base, "clock-field-base");
            seconds(ui, increment, "clock-field-increment");
        }
        TimeControl::Bronstein { base, delay } | TimeControl::SimpleDelay { base, delay } => {
            minutes(ui, base, "clock-field-base");
            seconds(ui, delay, "clock-field-delay");
        }
        TimeControl::Periods { moves, base, then } => {
            ui.label(lang.t("clock-field-moves"));
            ui.add(egui::DragValue::new(moves).range(1..=200));
            minutes(ui, base, "clock-field-base");
            minutes(ui, then, "clock-field-then");
        }
    }
}

/// Who takes a seat of a match on a server: the player here, a friend by the code, or
/// the server's computer.
fn plan_choice(ui: &mut egui::Ui, lang: Language, seat: usize, plan: &mut SeatPlan) {
    let key = |p: SeatPlan| match p {
        SeatPlan::Me => "setup-plan-me",
        SeatPlan::Open => "setup-plan-open",
        SeatPlan::Computer => "setup-plan-computer",
    };
    egui::ComboBox::from_id_salt(("plan", seat))
        .selected_text(lang.t(key(*plan)))
        .show_ui(ui, |ui| {
            for p in [SeatPlan::Me, SeatPlan::Open, SeatPlan::Computer] {
                ui.selectable_value(plan, p, lang.t(key(p)));
            }
        });
}
