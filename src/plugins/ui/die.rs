//! A die drawn flat: its body, turned, and its face's pips. The dice of dice chess
//! and the chooser's picture of the game draw it.

use bevy_egui::egui;

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
pub fn paint_die(
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
