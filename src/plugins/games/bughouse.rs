//! Bughouse's plugin: the reserves drawn beside their board, where seats hold them.
//! Each board's two seats, the one at its lower edge below it and the other above. A
//! piece that may come down now is picked by a click, as in the panel's list. Each
//! board wears its letter, A or B, as the move list and the seats' names call it.

use crate::plugins::board::BoardLayout;
use crate::plugins::session::{Command, Session, showing};
use crate::plugins::ui::held::paint_held;
use crate::plugins::ui::{Canvas, UiSystems};
use crate::rules::GameId;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

#[derive(Default)]
pub struct BughousePlugin;

impl Plugin for BughousePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            reserves
                .in_set(UiSystems::Overlay)
                .run_if(showing(GameId::Bughouse)),
        );
    }
}

fn reserves(
    mut canvas: ResMut<Canvas>,
    session: Res<Session>,
    board: Res<BoardLayout>,
    mut commands: MessageWriter<Command>,
) {
    let Some(ui) = canvas.root.as_mut() else {
        return;
    };
    let Some(layout) = board.layout else { return };
    let position = session.current().position();
    let t = position.topology();
    // The letter stands at the right end of the row above its board: the reserve there
    // fills from the left, five kinds at most of the eight places.
    for (pane, letter) in t.panes.iter().zip(["A", "B"]) {
        let [x, y] = pane.origin;
        let [width, height] = pane.size.map(f32::from);
        let at = layout.to_screen([x + width - 0.5, y + height + 1.1]);
        ui.painter().text(
            egui::pos2(at.x, at.y),
            egui::Align2::CENTER_CENTER,
            letter,
            egui::FontId::proportional(layout.cell * 0.7),
            egui::Color32::from_rgb(230, 220, 200),
        );
    }
    let pockets = position.pockets();
    if pockets.is_empty() {
        return;
    }
    let on_move = position.seats().seats_on_move();
    let droppable = session.table.kinds_in_hand();
    let mut picked = None;
    for seat in 0..t.panes.len() * 2 {
        let acting = on_move.contains(&seat);
        let held = pockets.iter().filter(|(s, _, _)| *s == seat);
        for (k, (_, piece, n)) in held.enumerate() {
            let Some(at) = t.reserve_slot(seat, k) else {
                continue;
            };
            let centre = layout.to_screen(at);
            let centre = egui::pos2(centre.x, centre.y);
            let size = layout.cell * 0.8;
            let rect = egui::Rect::from_center_size(centre, egui::vec2(size, size));
            let can_drop = acting && droppable.contains(&piece.kind);
            let sense = if can_drop {
                egui::Sense::click()
            } else {
                egui::Sense::hover()
            };
            let response = ui.interact(rect, ui.id().with(("pocket", seat, k)), sense);
            let chosen = can_drop && session.selection.pocket == Some(piece.kind);
            let painter = ui.painter();
            let lit = can_drop && response.hovered();
            paint_held(painter, rect, (*piece, size * 0.9), chosen, lit);
            if *n > 1 {
                painter.text(
                    rect.right_bottom(),
                    egui::Align2::RIGHT_BOTTOM,
                    format!("×{n}"),
                    egui::FontId::proportional(size * 0.3),
                    egui::Color32::from_rgb(40, 30, 20),
                );
            }
            if response.clicked() {
                picked = Some(piece.kind);
            }
        }
    }
    if let Some(kind) = picked {
        commands.write(Command::PickFromHand(kind));
    }
}
