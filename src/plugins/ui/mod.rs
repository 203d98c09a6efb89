//! The egui panels and dialogs. They only read the session and send [`Command`]s;
//! the session's systems apply them.
//!
//! [`Command`]: super::session::Command

mod chapayev;
mod chooser;
mod clipboard;
mod clock_frames;
mod dialogs;
mod dice;
mod diplomacy;
mod glyphs;
mod keys;
mod miniature;
mod naming;
mod panel;
mod parts;
mod pockets;
mod repaint;
mod rules_page;
mod setup;

use super::board::{self, BoardPlace};
use super::fonts::FONT_BYTES;
use super::layout::{Flipped, board_angle};
use super::session::{Command, Screen};
use super::storage::Settings;
use super::table::{self, Table, TableCamera};
use crate::i18n::Language;
pub use dialogs::Dialogs;
pub use keys::KeysPlugin;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            repaint::QuietModifiersPlugin,
            glyphs::FreshGlyphsPlugin,
            clipboard::ClipboardPlugin,
            clock_frames::ClockFramesPlugin,
            keys::KeysPlugin,
        ))
        .add_systems(EguiPrimaryContextPass, (install_fonts, draw).chain());
    }
}

/// Turns the board round. Chapayev's table turns its view instead (where the view may
/// turn at all), leaving the flat boards' setting alone for the next game.
pub fn flip_view(position: &crate::rules::Position, flipped: &mut Flipped, table: &mut Table) {
    match table::chapayev(position) {
        Some(c) if c.options().earth_rotates => table.yaw += std::f32::consts::PI,
        Some(_) => {}
        None => flipped.0 = !flipped.0,
    }
}

/// Adds DejaVu Sans behind egui's own fonts, for the chess glyphs.
fn install_fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let ctx = contexts.ctx_mut()?;
        ctx.add_font(egui::epaint::text::FontInsert::new(
            "dejavu",
            egui::FontData::from_static(FONT_BYTES),
            vec![egui::epaint::text::InsertFontFamily {
                family: egui::FontFamily::Proportional,
                priority: egui::epaint::text::FontPriority::Lowest,
            }],
        ));
        *done = true;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut settings: ResMut<Settings>,
    mut flipped: ResMut<Flipped>,
    mut place: ResMut<BoardPlace>,
    board_layout: Res<board::BoardLayout>,
    mut dialogs: ResMut<dialogs::Dialogs>,
    mut table: ResMut<Table>,
    table_camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut computer: parts::ComputerParts,
    mut parts: parts::Parts,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("menu").show(&mut root, |ui| {
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
                if *screen.get() != Screen::Chooser && ui.button(lang.t("menu-rules")).clicked() {
                    dialogs.rules = Some(parts.session.draft.game);
                    ui.close();
                }
                if ui.button(lang.t("menu-load")).clicked() {
                    dialogs.load = true;
                    ui.close();
                }
                if ui.button(lang.t("menu-open-file")).clicked() {
                    dialogs.open_file(&mut parts);
                    ui.close();
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
                    flip_view(parts.session.current().position(), &mut flipped, &mut table);
                    ui.close();
                }
                ui.checkbox(&mut settings.follow_turn, lang.t("menu-follow-turn"));
                if *screen.get() == Screen::Playing && parts.session.current().clock().is_some() {
                    let mut paused = parts.session.clocks_paused;
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
            });
            ui.menu_button(lang.t("menu-language"), |ui| {
                for l in Language::ALL {
                    if ui.radio(lang == l, l.native_name()).clicked() {
                        settings.language = l;
                        ui.close();
                    }
                }
            });
        });
    });
    match screen.get() {
        Screen::Chooser => chooser::show(&mut root, lang, &mut parts, &mut dialogs, &mut next),
        Screen::Setup => setup::show(&mut root, lang, &mut parts, &mut settings, &mut next),
        Screen::Playing => panel::show(
            &mut root,
            lang,
            &mut parts,
            &mut flipped,
            &mut dialogs,
            &mut table,
            &mut computer,
        ),
    }
    if board::board_shown(&screen, &parts.session) {
        let angle = board_angle(
            parts.session.current().position(),
            flipped.0,
            settings.follow_turn,
        );
        board::input::show(
            &mut root,
            lang,
            &parts.session,
            &board_layout,
            angle,
            &mut place,
        );
        pockets::show(&root, &parts.session, &mut parts.commands, &board_layout);
    } else {
        // No flat board: nothing follows the pointer, and questions open mid-window.
        place.set_if_neq(BoardPlace::default());
    }
    if *screen.get() == Screen::Playing && parts.session.draft.game.card().table {
        let view = table_camera.single().ok();
        table::show(
            &mut root,
            lang,
            &parts.session,
            &mut table,
            view,
            &mut parts.commands,
        );
        let session = &parts.session;
        chapayev::announce(&root, lang, session.current(), session.revision, &mut table);
    }
    dialogs::show(
        &ctx,
        lang,
        &mut dialogs,
        &mut parts,
        *screen.get(),
        place.area,
    );
    Ok(())
}
