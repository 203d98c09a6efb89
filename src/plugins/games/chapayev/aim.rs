//! Aiming on the table: press on one of your checkers and drag the way it should go,
//! further for a harder shot; release to shoot. Dragging elsewhere turns the view when
//! the earth rotates. An arrow and a strength bar show the aim.

use super::{Table, chapayev, to_bevy, to_engine};
use crate::i18n::Language;
use crate::plugins::session::{Command, Session};
use crate::rules::Seats;
use crate::rules::chapayev::{self, Shot};
use crate::rules::{Action, Move};
use bevy::prelude::*;
use bevy_egui::egui;

/// A drag this long (metres on the board) is a full-strength shot.
const FULL_DRAG: f32 = 0.15;
const ARROW: egui::Color32 = egui::Color32::from_rgb(250, 210, 60);
const REFUSED: egui::Color32 = egui::Color32::from_rgb(230, 70, 60);

/// Which shot a drag makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotKind {
    Flick,
    Poke,
}

/// The shot being aimed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    pub checker: u8,
    pub angle: f32,
    pub strength: f32,
}

impl Aim {
    pub fn shot(&self, table: &Table) -> Shot {
        match table.kind {
            ShotKind::Flick => Shot::Flick {
                checker: self.checker,
                angle: self.angle,
                strength: self.strength,
                spin: table.spin,
            },
            ShotKind::Poke => Shot::Poke {
                checker: self.checker,
                angle: self.angle,
                strength: self.strength,
            },
        }
        .canonical()
    }
}

/// Where a window point meets the board's top plane (z = checker centre height), in
/// the engine's frame.
fn on_board(view: (&Camera, &GlobalTransform), area_min: Vec2, p: egui::Pos2) -> Option<[f32; 3]> {
    let (camera, transform) = view;
    let ray = camera
        .viewport_to_world(transform, Vec2::new(p.x, p.y) - area_min)
        .ok()?;
    let height = chapayev::physics::GROUND_Z;
    let t = (height - ray.origin.y) / ray.direction.y;
    (t > 0.0).then(|| to_engine(ray.origin + *ray.direction * t))
}

fn to_screen(view: (&Camera, &GlobalTransform), area_min: Vec2, p: [f32; 3]) -> Option<egui::Pos2> {
    let v = view.0.world_to_viewport(view.1, to_bevy(p)).ok()? + area_min;
    Some(egui::pos2(v.x, v.y))
}

/// The table's part of the window: input and the aim's arrow and strength bar.
pub fn show(
    ui: &mut egui::Ui,
    lang: Language,
    session: &Session,
    table: &mut Table,
    view: Option<(&Camera, &GlobalTransform)>,
    commands: &mut MessageWriter<Command>,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    let area_min = Vec2::new(rect.min.x, rect.min.y);
    table.area = Some((area_min, Vec2::new(rect.max.x, rect.max.y)));
    let (Some(c), Some(view)) = (chapayev(session.current().position()), view) else {
        return;
    };
    let c = c.clone();
    let playing = table.playback.is_none() && c.winner().is_none() && c.lot_drawn();
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    // A drag starts only once the pointer has moved: the checker is the one pressed.
    let pressed = ui.input(|i| i.pointer.press_origin());
    if response.drag_started()
        && let Some(p) = pressed.or(pointer)
        && let Some(hit) = on_board(view, area_min, p)
    {
        let grabbed = c.checkers.iter().enumerate().find(|(_, ch)| {
            ch.owner == c.turn()
                && ch.pose.is_some_and(|pose| {
                    let (dx, dy) = (pose.centre[0] - hit[0], pose.centre[1] - hit[1]);
                    (dx * dx + dy * dy).sqrt() < chapayev::physics::RADIUS * 1.4
                })
        });
        table.aim = match grabbed {
            Some((i, _)) if playing => Some(Aim {
                checker: i as u8,
                angle: 0.0,
                strength: 0.0,
            }),
            _ => None,
        };
    }
    if response.dragged() {
        match table.aim.as_mut() {
            Some(aim) => {
                if let (Some(p), Some(pose)) = (pointer, c.checkers[aim.checker as usize].pose)
                    && let Some(hit) = on_board(view, area_min, p)
                {
                    let (dx, dy) = (hit[0] - pose.centre[0], hit[1] - pose.centre[1]);
                    aim.angle = dy.atan2(dx).to_degrees().rem_euclid(360.0);
                    aim.strength = ((dx * dx + dy * dy).sqrt() / FULL_DRAG).min(1.0);
                }
            }
            None if c.options().earth_rotates => {
                let d = response.drag_delta();
                table.yaw -= d.x * 0.01;
                table.pitch = (table.pitch + d.y * 0.005).clamp(0.25, 1.5);
            }
            None => {}
        }
    }
    if response.drag_stopped()
        && let Some(aim) = table.aim.take()
    {
        let shot = aim.shot(table);
        match c.allows(&shot) {
            Ok(()) if aim.strength > 0.0 => {
                let action = chapayev::Action::shot(shot);
                commands.write(Command::Act(Action::Play(Move::Chapayev(action))));
            }
            Ok(()) => {}
            Err(why) => {
                commands.write(Command::Say(why));
            }
        }
    }
    // The arrow from the checker the way it will go, and the strength bar.
    let painter = ui.painter_at(rect);
    if let Some(aim) = table.aim
        && let Some(pose) = c.checkers[aim.checker as usize].pose
    {
        let t = aim.angle.to_radians();
        let reach = 0.03 + FULL_DRAG * aim.strength;
        let tip = [
            pose.centre[0] + reach * t.cos(),
            pose.centre[1] + reach * t.sin(),
            pose.centre[2],
        ];
        let colour = if c.allows(&aim.shot(table)).is_ok() {
            ARROW
        } else {
            REFUSED
        };
        if let (Some(a), Some(b)) = (
            to_screen(view, area_min, pose.centre),
            to_screen(view, area_min, tip),
        ) {
            painter.arrow(a, b - a, egui::Stroke::new(4.0, colour));
        }
        let bar = egui::Rect::from_min_size(
            rect.left_bottom() + egui::vec2(16.0, -40.0),
            egui::vec2(220.0, 18.0),
        );
        painter.rect_filled(bar, 4.0, egui::Color32::from_black_alpha(160));
        let mut filled = bar.shrink(3.0);
        filled.set_width(filled.width() * aim.strength);
        painter.rect_filled(filled, 3.0, colour);
        painter.text(
            bar.right_center() + egui::vec2(8.0, 0.0),
            egui::Align2::LEFT_CENTER,
            format!(
                "{} {:.0}%  {:.1}°",
                lang.t("table-strength"),
                aim.strength * 100.0,
                aim.angle
            ),
            egui::FontId::proportional(15.0),
            egui::Color32::WHITE,
        );
    }
}
