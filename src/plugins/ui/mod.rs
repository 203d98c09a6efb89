//! The egui panels and dialogs. They only read the session and send [`Command`]s;
//! the session's systems apply them.
//!
//! A frame's egui is drawn by a chain of systems in [`UiSystems`] order, handing the
//! surfaces still being drawn from one to the next in [`Canvas`]. The shared layers
//! draw the menu, the screens, the match panel's common rows, the board's overlay and
//! the dialogs; a game's own plugin adds its rows, overlays and questions in the sets
//! between them, with a run condition for its game.
//!
//! [`Command`]: super::session::Command

mod analysis;
mod chooser;
mod clipboard;
mod clock_frames;
mod dialogs;
pub mod die;
mod editor;
mod glyphs;
mod hand;
pub mod held;
mod keys;
mod menu;
mod miniature;
mod move_box;
mod move_list;
pub mod naming;
mod panel;
mod parts;
mod repaint;
mod rules_page;
mod setup;

use super::board::{self, BoardPlace};
use super::fonts::FONT_BYTES;
use super::layout::{Flipped, board_angle};
use super::session::{Screen, Session};
use super::storage::Settings;
pub use dialogs::{Dialogs, over_board, replace_question, resign_question};
pub use editor::Editor;
pub use keys::KeysPlugin;
pub use move_list::Wordings;

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
        .init_resource::<Canvas>()
        // Empty unless the games' plugins are added too (headless tests leave them out).
        .init_resource::<crate::plugins::shelf::Shelf>()
        .init_resource::<editor::Editor>()
        .init_resource::<move_box::MoveBox>()
        .init_resource::<Wordings>()
        .configure_sets(
            EguiPrimaryContextPass,
            (
                UiSystems::Open,
                UiSystems::Screen,
                UiSystems::PanelStatus,
                UiSystems::PanelControls,
                UiSystems::PanelGame,
                UiSystems::PanelMoves,
                UiSystems::Board,
                UiSystems::Overlay,
                UiSystems::Windows,
                UiSystems::Close,
            )
                .chain(),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                (install_fonts, contrast, open, menu::show)
                    .chain()
                    .in_set(UiSystems::Open),
                chooser::show
                    .in_set(UiSystems::Screen)
                    .run_if(in_state(Screen::Chooser)),
                setup::show
                    .in_set(UiSystems::Screen)
                    .run_if(in_state(Screen::Setup)),
                editor::show
                    .in_set(UiSystems::Screen)
                    .run_if(in_state(Screen::Editor)),
                panel::show
                    .in_set(UiSystems::Screen)
                    .run_if(in_state(Screen::Playing)),
                (panel::controls, move_box::show)
                    .chain()
                    .in_set(UiSystems::PanelControls)
                    .run_if(in_state(Screen::Playing)),
                analysis::rows
                    .in_set(UiSystems::PanelGame)
                    .run_if(in_state(Screen::Playing)),
                (move_list::show, analysis::bar)
                    .chain()
                    .in_set(UiSystems::PanelMoves)
                    .run_if(in_state(Screen::Playing)),
                analysis::arrows
                    .in_set(UiSystems::Overlay)
                    .run_if(in_state(Screen::Playing)),
                board_overlay.in_set(UiSystems::Board),
                dialogs::show.in_set(UiSystems::Windows),
                (panel::measure, close).chain().in_set(UiSystems::Close),
            ),
        );
    }
}

/// The order of the egui layers within a frame. A game's plugin puts its own rows of
/// the match panel in `PanelStatus` or `PanelGame`, what it draws over its board or
/// table in `Overlay`, and its questions in `Windows`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiSystems {
    /// The window's root surface and the menu bar.
    Open,
    /// The screen: the chooser, the setup, or the match panel's seats and status.
    Screen,
    /// A game's rows under the match panel's status (the dice).
    PanelStatus,
    /// The match panel's message line and buttons.
    PanelControls,
    /// A game's rows above the move list (diplomacy, Chapayev's scoreboard).
    PanelGame,
    /// The move list, which ends the match panel.
    PanelMoves,
    /// The flat board's part of the window.
    Board,
    /// What a game draws over its board or in place of it (bughouse's reserves,
    /// Chapayev's table).
    Overlay,
    /// Dialogs and a game's questions.
    Windows,
    /// The frame's surfaces are done.
    Close,
}

/// The egui surfaces being drawn this frame, handed from layer to layer: the window
/// left free by the panels so far, and the match panel's part still to be filled;
/// and what the match panel's scroll area keeps from frame to frame.
#[derive(Resource, Default)]
pub struct Canvas {
    pub root: Option<egui::Ui>,
    pub panel: Option<egui::Ui>,
    scroll: panel::Scroll,
}

/// Adds DejaVu Sans behind egui's own fonts, for the chess glyphs.
/// The panels' colours: egui's dark theme, or with High contrast white text, strong
/// outlines round every control and yellow round the one under the pointer or with
/// the keyboard.
fn contrast(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut applied: Local<Option<bool>>,
) -> Result {
    if *applied == Some(settings.high_contrast) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut visuals = egui::Visuals::dark();
    if settings.high_contrast {
        visuals.override_text_color = Some(egui::Color32::WHITE);
        visuals.panel_fill = egui::Color32::BLACK;
        visuals.window_fill = egui::Color32::BLACK;
        visuals.extreme_bg_color = egui::Color32::BLACK;
        visuals.widgets.inactive.bg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
        visuals.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, egui::Color32::GRAY);
        visuals.widgets.hovered.bg_stroke = egui::Stroke::new(2.0, egui::Color32::YELLOW);
        visuals.selection.stroke = egui::Stroke::new(2.0, egui::Color32::YELLOW);
    }
    ctx.set_visuals(visuals);
    *applied = Some(settings.high_contrast);
    Ok(())
}

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

/// The frame's root surface: the whole window, under every panel.
fn open(mut contexts: EguiContexts, mut canvas: ResMut<Canvas>) -> Result {
    let ctx = contexts.ctx_mut()?;
    canvas.root = Some(egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    ));
    Ok(())
}

/// What follows the pointer over a flat board: the board's place, its hover and
/// hints. Where no flat board is shown nothing does, and questions open mid-window.
fn board_overlay(
    mut canvas: ResMut<Canvas>,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    flipped: Res<Flipped>,
    board_layout: Res<board::BoardLayout>,
    mut place: ResMut<BoardPlace>,
    cursor: Res<board::BoardCursor>,
    session: Res<Session>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    if !board::board_shown(&screen, &session) {
        place.set_if_neq(BoardPlace::default());
        return;
    }
    let position = session.current().position();
    let angle = board_angle(position, flipped.0, settings.follow_turn, session.seen_by());
    board::input::show(
        root,
        settings.language,
        &session,
        &board_layout,
        (angle, cursor.0),
        &mut place,
    );
}

/// Lets the frame's surfaces go: egui has what they drew.
fn close(mut canvas: ResMut<Canvas>) {
    canvas.panel = None;
    canvas.root = None;
}
