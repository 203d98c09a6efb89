//! The dice of dice chess in the side panel: the faces rolled, tumbling for a moment
//! when rolled, what they let move, and the Roll button (or, for physical dice, a
//! die of each face to click).

use super::Dice;
use crate::i18n::Language;
use crate::plugins::session::{Command, Session};
use crate::plugins::storage::Settings;
use crate::plugins::ui::Canvas;
use crate::plugins::ui::die::paint_die;
use crate::plugins::ui::naming::side_name;
use crate::rules::history::Action;
use bevy::prelude::*;
use bevy_egui::egui;

/// The side of a drawn die, in points.
const DIE: f32 = 34.0;
/// A die that the player may click to enter a physical roll.
const SMALL_DIE: f32 = 24.0;

/// A row of dice, painted where the panel puts them.
fn dice_row(ui: &mut egui::Ui, faces: &[Option<u8>], tumble: Option<f64>, dim: &[bool]) {
    ui.horizontal(|ui| {
        for (i, face) in faces.iter().enumerate() {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(DIE + 8.0, DIE + 8.0), egui::Sense::hover());
            let (angle, lift) = match tumble {
                // Each die spins down to rest, bouncing lower each time.
                Some(t) => {
                    let left = (1.0 - t as f32).max(0.0);
                    let spin = left * left * (7.0 + i as f32 * 2.0);
                    let bounce = (t as f32 * 9.0 + i as f32).sin().abs() * left * 5.0;
                    (spin, bounce)
                }
                None => (0.0, 0.0),
            };
            let rect = egui::Rect::from_center_size(
                rect.center() - egui::vec2(0.0, lift),
                egui::vec2(DIE, DIE),
            );
            paint_die(
                ui.painter(),
                rect,
                *face,
                angle,
                dim.get(i).copied().unwrap_or(false),
            );
        }
    });
}

/// A face shown while the dice tumble: changing a dozen times a second.
fn tumbling_face(now: f64, die: usize) -> u8 {
    let tick = (now * 12.0) as u64;
    1 + (crate::engine::search::mix(tick ^ (die as u64) << 40) % 6) as u8
}

/// The dice's rows in the match panel.
pub fn rows(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut rolling: ResMut<Dice>,
    time: Res<Time>,
    mut commands: MessageWriter<Command>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let mut send = None;
    let now = time.elapsed_secs_f64();
    show(
        ui,
        settings.language,
        &session,
        &mut rolling,
        now,
        &mut send,
    );
    if let Some(c) = send {
        commands.write(c);
    }
}

/// The dice part of the panel, for a game with dice that goes on.
fn show(
    ui: &mut egui::Ui,
    lang: Language,
    session: &Session,
    rolling: &mut Dice,
    now: f64,
    send: &mut Option<Command>,
) {
    let m = session.current();
    let position = m.position();
    let Some(dice) = position.shown().dice() else {
        return;
    };
    if m.outcome().is_some() {
        return;
    }
    let count = usize::from(dice.count);
    let tumble = rolling.tumbling(now);
    if let Some(t) = tumble {
        let faces: Vec<Option<u8>> = (0..count).map(|i| Some(tumbling_face(now, i))).collect();
        dice_row(ui, &faces, Some(t), &[]);
        ui.label(lang.t("status-rolling"));
        return;
    }
    if !dice.faces.is_empty() {
        let faces: Vec<Option<u8>> = dice.faces.iter().map(|&f| Some(f)).collect();
        let dim: Vec<bool> = dice
            .faces
            .iter()
            .map(|f| !dice.movable.contains(f))
            .collect();
        dice_row(ui, &faces, None, &dim);
        let mut kinds: Vec<String> = Vec::new();
        for &face in &dice.movable {
            let name =
                lang.t(&format!("piece-{:?}", dice.kinds[usize::from(face) - 1]).to_lowercase());
            if !kinds.contains(&name) {
                kinds.push(name);
            }
        }
        ui.label(lang.t_args("status-dice-move", &[("pieces", kinds.join(", "))]));
        return;
    }
    let side = side_name(lang, position.turn());
    if dice.manual {
        let entered = rolling.entered.clone();
        let shown: Vec<Option<u8>> = (0..count).map(|i| entered.get(i).copied()).collect();
        dice_row(ui, &shown, None, &[]);
        ui.label(lang.t_args("status-dice-enter", &[("side", side)]));
        let mut picked = None;
        ui.horizontal(|ui| {
            for face in 1..=6u8 {
                let (rect, response) = ui.allocate_exact_size(
                    egui::vec2(SMALL_DIE + 4.0, SMALL_DIE + 4.0),
                    egui::Sense::click(),
                );
                let rect =
                    egui::Rect::from_center_size(rect.center(), egui::vec2(SMALL_DIE, SMALL_DIE));
                paint_die(ui.painter(), rect, Some(face), 0.0, !response.hovered());
                if response.clicked() {
                    picked = Some(face);
                }
            }
        });
        if !entered.is_empty() && ui.button(lang.t("button-clear-dice")).clicked() {
            rolling.entered.clear();
        }
        if let Some(face) = picked {
            rolling.entered.push(face);
            if rolling.entered.len() >= count {
                let faces: Vec<String> = rolling.entered.drain(..).map(|f| f.to_string()).collect();
                if let Ok(roll) = position.parse_move(&format!("[{}]", faces.join(","))) {
                    *send = Some(Command::Act(Action::Play(roll)));
                }
            }
        }
        return;
    }
    dice_row(ui, &vec![None; count], None, &[]);
    // From a position browsed back to, the roll is the recorded one: it is redone.
    if session.computer_to_move() {
        return;
    }
    let key = if count == 1 {
        "button-roll"
    } else {
        "button-roll-dice"
    };
    if ui
        .button(egui::RichText::new(lang.t(key)).strong())
        .clicked()
    {
        rolling.roll(now, session.revision);
    }
}
