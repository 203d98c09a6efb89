//! The position editor: the game's board with a palette of its pieces (and the hands,
//! where pieces are held), the side to move, castling and en passant where the game
//! has them, Chapayev's round header; a click puts the chosen piece down (again on the
//! same piece, or a right click, takes it off). Whether the position may be played is
//! said under it at every change, with the reason where it may not; from there it is
//! played, studied or copied as text, and text is pasted into it.

use super::Canvas;
use super::miniature::paint_cells;
use super::naming::side_name;
use crate::i18n::Language;
use crate::plugins::board::pieces::piece_size;
use crate::plugins::layout::{BoardArea, Layout, board_angle};
use crate::plugins::session::{Command, Notice, Screen};
use crate::plugins::sprites;
use crate::plugins::storage::Settings;
use crate::rules::sketch::Sketch;
use crate::rules::view::Holder;
use crate::rules::{PieceView, Position, Side};
use bevy::prelude::*;
use bevy_egui::egui;

/// The sketch being edited and the piece a click puts down (none: a click takes off).
#[derive(Resource, Default)]
pub struct Editor {
    pub sketch: Option<Sketch>,
    brush: Option<PieceView>,
}

impl Editor {
    /// Starts editing `position`, with its first piece in hand.
    pub fn open(&mut self, position: &Position) {
        let sketch = Sketch::of(position);
        self.brush = sketch.palette().first().copied();
        self.sketch = Some(sketch);
    }
}

/// Size of a palette button, in points.
const SWATCH: f32 = 38.0;

pub fn show(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut editor: ResMut<Editor>,
    mut commands: MessageWriter<Command>,
    mut next: ResMut<NextState<Screen>>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let editor = &mut *editor;
    let Some(sketch) = editor.sketch.as_mut() else {
        next.set(Screen::Chooser);
        return;
    };
    let built = sketch.build();
    egui::Panel::right("editor")
        .exact_size(330.0)
        .resizable(false)
        .show(root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                ui.heading(lang.t("editor-title"));
                ui.label(lang.t(&format!("game-{}", sketch.game.id())));
                ui.separator();
                if sketch.is_table() {
                    ui.label(lang.t("editor-header"));
                    ui.text_edit_singleline(&mut sketch.header);
                    ui.label(egui::RichText::new(lang.t("editor-header-help")).small());
                } else {
                    let (pieces, sides) = (sketch.palette(), sketch.sides());
                    palette(ui, lang, &pieces, &sides, &mut editor.brush);
                    if sketch.has_hands() {
                        hands(ui, lang, sketch, &pieces);
                    }
                    rights(ui, lang, sketch, &sides);
                }
                ui.separator();
                match &built {
                    Ok(_) => ui.colored_label(egui::Color32::LIGHT_GREEN, lang.t("editor-ready")),
                    Err(e) => {
                        ui.colored_label(egui::Color32::from_rgb(240, 120, 100), lang.error(e))
                    }
                };
                ui.add_space(6.0);
                ui.horizontal_wrapped(|ui| {
                    let ok = built.is_ok();
                    if ui
                        .add_enabled(ok, egui::Button::new(lang.t("editor-play")))
                        .clicked()
                        && let Ok(p) = &built
                    {
                        commands.write(Command::SetUp(Box::new(p.clone()), false));
                    }
                    if ui
                        .add_enabled(ok, egui::Button::new(lang.t("menu-analyse")))
                        .clicked()
                        && let Ok(p) = &built
                    {
                        commands.write(Command::SetUp(Box::new(p.clone()), true));
                    }
                    if ui.button(lang.t("editor-copy")).clicked() {
                        ui.ctx().copy_text(sketch.text());
                    }
                    if ui.button(lang.t("editor-paste")).clicked() {
                        paste(sketch, &mut commands, &mut clipboard, &mut notices);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    let start = Position::new(sketch.game, &sketch.options);
                    if ui.button(lang.t("editor-empty")).clicked()
                        && let Ok(start) = &start
                    {
                        *sketch = Sketch::empty(start);
                    }
                    if ui.button(lang.t("editor-start")).clicked()
                        && let Ok(start) = &start
                    {
                        *sketch = Sketch::of(start);
                    }
                    if ui.button(lang.t("button-cancel")).clicked() {
                        next.set(Screen::Playing);
                    }
                });
            });
        });
    // A table is set up by its header: the board shows where its checkers stand.
    let shown = sketch.is_table().then(|| built.ok()).flatten();
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(root, |ui| board(ui, sketch, editor.brush, shown.as_ref()));
}

/// The pieces a click puts down, each side's in a row, and the eraser.
fn palette(
    ui: &mut egui::Ui,
    lang: Language,
    pieces: &[PieceView],
    sides: &[Side],
    brush: &mut Option<PieceView>,
) {
    ui.label(lang.t("editor-palette"));
    for &side in sides {
        ui.horizontal_wrapped(|ui| {
            for &piece in pieces.iter().filter(|p| p.side == side) {
                if swatch(ui, piece, *brush == Some(piece)).clicked() {
                    *brush = Some(piece);
                }
            }
        });
    }
    let erase = ui.selectable_label(brush.is_none(), lang.t("editor-erase"));
    if erase.clicked() {
        *brush = None;
    }
}

/// A button showing a piece.
fn swatch(ui: &mut egui::Ui, piece: PieceView, chosen: bool) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(SWATCH, SWATCH), egui::Sense::click());
    let painter = ui.painter_at(rect);
    let fill = if chosen {
        egui::Color32::from_rgb(80, 120, 170)
    } else if response.hovered() {
        egui::Color32::from_gray(70)
    } else {
        egui::Color32::from_gray(50)
    };
    painter.rect_filled(rect, 4.0, fill);
    sprites::paint(&painter, piece, rect.center(), SWATCH * 0.85);
    response
}

/// Each holder's pieces in hand, one more or one less at a click.
fn hands(ui: &mut egui::Ui, lang: Language, sketch: &mut Sketch, pieces: &[PieceView]) {
    ui.separator();
    ui.label(lang.t("editor-hands"));
    for holder in sketch.holders() {
        let side = Sketch::holder_side(holder);
        let name = match holder {
            Holder::Seat(seat) => lang.t(&format!("seat-bughouse-{seat}")),
            Holder::Side(side) => side_name(lang, side),
        };
        ui.label(name);
        ui.horizontal_wrapped(|ui| {
            for &piece in pieces.iter().filter(|p| p.side == side) {
                if piece.kind == crate::rules::PieceKind::King {
                    continue;
                }
                let n = sketch.held(holder, piece);
                let response = swatch(ui, piece, n > 0).on_hover_text(lang.t("editor-hand-help"));
                if response.clicked() {
                    sketch.hold(holder, piece, true);
                }
                if response.secondary_clicked() {
                    sketch.hold(holder, piece, false);
                }
                ui.label(n.to_string());
            }
        });
    }
}

/// The side to move on each board, and castling and en passant where the game's
/// text has them.
fn rights(ui: &mut egui::Ui, lang: Language, sketch: &mut Sketch, sides: &[Side]) {
    ui.separator();
    let boards = sketch.boards.len();
    let rights = sketch.has_rights();
    for (b, fields) in sketch.boards.iter_mut().enumerate() {
        if boards > 1 {
            ui.strong(lang.t(&format!("editor-board-{b}")));
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t("editor-to-move"));
            for &side in sides {
                ui.radio_value(&mut fields.turn, side, side_name(lang, side));
            }
        });
        if rights {
            egui::Grid::new(("rights", b))
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(lang.t("editor-castling"));
                    ui.add(egui::TextEdit::singleline(&mut fields.castling).desired_width(80.0));
                    ui.end_row();
                    ui.label(lang.t("editor-en-passant"));
                    ui.add(egui::TextEdit::singleline(&mut fields.en_passant).desired_width(80.0));
                    ui.end_row();
                });
        }
    }
}

/// Text from the clipboard as the sketch: a position of the game, or its reason.
fn paste(
    sketch: &mut Sketch,
    commands: &mut MessageWriter<Command>,
    clipboard: &mut Option<ResMut<bevy::clipboard::Clipboard>>,
    notices: &mut MessageWriter<Notice>,
) {
    let text = clipboard
        .as_mut()
        .and_then(|c| c.fetch_text().poll_result())
        .and_then(Result::ok);
    let Some(text) = text else {
        commands.write(Command::Say("msg-nothing-to-paste"));
        return;
    };
    match Position::set_up(sketch.game, &sketch.options, text.trim()) {
        Ok(position) => *sketch = Sketch::of(&position),
        Err(e) => {
            notices.write(Notice::Refused(e));
        }
    }
}

/// The board of the sketch; a click puts the brush down or takes a piece off. A
/// table's board only shows the position its header sets up (`table`).
fn board(
    ui: &mut egui::Ui,
    sketch: &mut Sketch,
    brush: Option<PieceView>,
    table: Option<&Position>,
) {
    let Ok(start) = Position::new(sketch.game, &sketch.options) else {
        return;
    };
    let t = start.topology();
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::click());
    let area = BoardArea {
        min: Vec2::new(rect.min.x, rect.min.y),
        max: Vec2::new(rect.max.x, rect.max.y),
    };
    let layout = Layout::fit(&area, t, board_angle(&start, false, false, None));
    let to_screen = |p: [f32; 2]| {
        let v = layout.to_screen(p);
        egui::pos2(v.x, v.y)
    };
    let painter = ui.painter_at(rect);
    paint_cells(&painter, t, &to_screen);
    let scale = layout.cell * piece_size(t);
    if sketch.is_table() {
        for (cell, piece) in table.map(Position::pieces).unwrap_or_default() {
            sprites::paint(&painter, piece, to_screen(t.centre(cell)), scale);
        }
        return;
    }
    for (cell, piece) in sketch.cells.iter().enumerate() {
        if let Some(piece) = piece {
            sprites::paint(&painter, *piece, to_screen(t.centre(cell as u8)), scale);
        }
    }
    let clicked = response.clicked() || response.secondary_clicked();
    let Some(at) = response.interact_pointer_pos().filter(|_| clicked) else {
        return;
    };
    let Some(cell) = layout.cell_at(t, Vec2::new(at.x, at.y)) else {
        return;
    };
    let slot = &mut sketch.cells[cell as usize];
    *slot = match brush {
        _ if response.secondary_clicked() => None,
        Some(piece) if *slot != Some(piece) => Some(piece),
        _ => None,
    };
}
