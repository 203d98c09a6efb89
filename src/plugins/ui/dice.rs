//! The dice of dice chess in the side panel: the faces rolled, tumbling for a moment
//! when rolled, what they let move, and the Roll button (or, for physical dice, a
//! die of each face to click).

use super::naming::side_name;
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::session::Command;
use crate::rules::history::Action;
use bevy_egui::egui;

/// The side of a drawn die, in points.
const DIE: f32 = 34.0;
/// A die that the player may click to enter a physical roll.
const SMALL_DIE: f32 = 24.0;

/// Where each face's pips sit on a die, on a grid from -1 to 1.
fn pips(face: u8) -> &'static [(f32, f32)] {
    const C: (f32, f32) = (0.0, 0.0);
    const TL: (f32, f32) = (-1.0, -1.0);
    const TR: (f32, f32) = (1.0, -1.0);
    const BL: (f32, f32) = (-1.0, 1.0);
    const BR: (f32, f32) = (1.0, 1.0);
    const ML: (f32, f32) = (-1.0, 0.0);
    const MR: (f32, f32) = (1.0, 0.0);
    match face {
        1 => &[C],
        2 => &[TL, BR],
        3 => &[TL, C, BR],
        4 => &[TL, TR, BL, BR],
        5 => &[TL, TR, C, BL, BR],
        6 => &[TL, TR, ML, MR, BL, BR],
        _ => &[],
    }
}

/// Paints a die showing `face` (none: blank) in `rect`, turned by `angle`; a die whose
/// face moves nothing is dimmed.
pub(super) fn paint_die(
    painter: &egui::Painter,
    rect: egui::Rect,
    face: Option<u8>,
    angle: f32,
    dim: bool,
) {
    let centre = rect.center();
    let half = rect.width() * 0.5;
    let (sin, cos) = angle.sin_cos();
    let at = |x: f32, y: f32| centre + egui::vec2(x * cos - y * sin, x * sin + y * cos);
    let body = if dim {
        egui::Color32::from_gray(150)
    } else {
        egui::Color32::from_rgb(248, 244, 232)
    };
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, y)| at(x * half, y * half))
        .to_vec();
    painter.add(egui::Shape::convex_polygon(
        corners,
        body,
        egui::Stroke::new(1.5, egui::Color32::from_gray(60)),
    ));
    let pip = egui::Color32::from_gray(30);
    for &(x, y) in face.map_or(&[][..], pips) {
        let spread = half * 0.52;
        painter.circle_filled(at(x * spread, y * spread), half * 0.16, pip);
    }
}

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
    1 + (crate::rules::search::mix(tick ^ (die as u64) << 40) % 6) as u8
}

/// The dice part of the panel, for a game with dice that goes on.
pub fn show(ui: &mut egui::Ui, lang: Language, parts: &mut Parts, send: &mut Option<Command>) {
    let session = &parts.session;
    let Some(rolling) = parts.dice.as_deref_mut() else {
        return;
    };
    let m = session.current();
    let position = m.position();
    let Some(dice) = position.shown().dice() else {
        return;
    };
    if m.outcome().is_some() {
        return;
    }
    let count = usize::from(dice.count);
    let now = parts.time.elapsed_secs_f64();
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
