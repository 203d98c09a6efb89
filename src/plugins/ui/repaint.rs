//! Keeps egui from asking for a frame when nothing happened.
//!
//! bevy_egui 0.42 hands egui a `ModifiersChanged` event on every frame, changed or
//! not, and egui repaints at once after any input event: with the reactive update
//! mode that alone kept the app drawing at full speed. The event is dropped here when
//! the modifier keys are the same as in the last event that went through.

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
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) => last.insert(entity, *m) != Some(*m),
            _ => true,
        });
    }
}
