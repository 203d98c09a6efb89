//! Keeps egui from asking for a frame when nothing happened.
//!
//! bevy_egui 0.42 hands egui a `ModifiersChanged` event on every frame, changed or
//! not, and egui repaints at once after any input event: with the reactive update
//! mode that alone kept the app drawing at full speed. The event is dropped here when
//! the modifier keys are the same as in the last event that went through.
//!
//! It also drops the text bevy_egui types for a key pressed with Ctrl: Ctrl+A typed
//! an "a" into a text field besides selecting all (egui reads the shortcut from the
//! key event, which stays).

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

pub struct QuietModifiersPlugin;

impl Plugin for QuietModifiersPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        );
    }
}

fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<std::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        // The modifiers held: the last said before this frame, then as the events say.
        let mut held = last.get(&entity).copied().unwrap_or_default();
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) => {
                held = *m;
                last.insert(entity, *m) != Some(*m)
            }
            egui::Event::Key { modifiers, .. } => {
                held = *modifiers;
                true
            }
            egui::Event::Text(_) => !held.command && !held.ctrl,
            _ => true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    #[test]
    fn ctrl_a_selects_and_types_nothing() {
        let ctrl = egui::Modifiers {
            ctrl: true,
            command: true,
            ..Default::default()
        };
        let raw = egui::RawInput {
            events: vec![
                egui::Event::Key {
                    key: egui::Key::A,
                    physical_key: None,
                    pressed: true,
                    repeat: false,
                    modifiers: ctrl,
                },
                egui::Event::Text("a".into()),
                egui::Event::ModifiersChanged(egui::Modifiers::default()),
                egui::Event::Text("Z".into()),
            ],
            ..Default::default()
        };
        let mut world = World::new();
        let entity = world.spawn(EguiInput(raw)).id();
        world.run_system_once(drop_unchanged_modifiers).unwrap();
        let events = &world.get::<EguiInput>(entity).unwrap().events;
        let typed: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(typed, ["Z"]);
        assert!(
            matches!(events[0], egui::Event::Key { .. }),
            "the shortcut stays"
        );
    }
}
