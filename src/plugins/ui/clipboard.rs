//! Copy, cut and paste in egui's text fields through the system clipboard.
//!
//! bevy_egui can own a clipboard of its own, but only with Wayland's and image
//! decoders' crates besides; Bevy's `Clipboard` (X11 through arboard) is already
//! here. Ctrl+C and Ctrl+X become egui's copy and cut, Ctrl+V pastes the clipboard's
//! text, and the text egui copies goes to the clipboard.

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiOutput, EguiPostUpdateSet, EguiPreUpdateSet, egui};

pub struct ClipboardPlugin;

impl Plugin for ClipboardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            PreUpdate,
            clipboard_keys
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(PostUpdate, copy_out.after(EguiPostUpdateSet::EndPass));
    }
}

fn clipboard_keys(
    mut inputs: Query<&mut EguiInput>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
) {
    for mut input in &mut inputs {
        add_clipboard_events(&mut input.events, || {
            let text = clipboard.as_mut()?.fetch_text().poll_result()?;
            text.inspect_err(|e| warn!("nothing pasted: {e:?}")).ok()
        });
    }
}

/// Adds egui's copy, cut and paste events for the shortcuts among `events` (and the
/// keyboards' own Copy, Cut and Paste keys); `paste` reads the clipboard's text.
fn add_clipboard_events(events: &mut Vec<egui::Event>, mut paste: impl FnMut() -> Option<String>) {
    let mut added = Vec::new();
    for event in events.iter() {
        let egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            ..
        } = event
        else {
            continue;
        };
        match (key, modifiers.command) {
            (egui::Key::C, true) | (egui::Key::Copy, _) => added.push(egui::Event::Copy),
            (egui::Key::X, true) | (egui::Key::Cut, _) => added.push(egui::Event::Cut),
            (egui::Key::V, true) | (egui::Key::Paste, _) => {
                added.extend(paste().map(egui::Event::Paste));
            }
            _ => {}
        }
    }
    events.extend(added);
}

/// Puts what egui copied or cut on the system clipboard.
fn copy_out(
    outputs: Query<Ref<EguiOutput>>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
) {
    for output in &outputs {
        if !output.is_changed() {
            continue;
        }
        for text in copied(&output.platform_output) {
            if let Some(clipboard) = clipboard.as_mut()
                && let Err(e) = clipboard.set_text(text)
            {
                warn!("nothing copied: {e:?}");
            }
        }
    }
}

/// The texts egui asks to copy in one pass.
fn copied(output: &egui::PlatformOutput) -> impl Iterator<Item = &str> {
    output.commands.iter().filter_map(|command| match command {
        egui::OutputCommand::CopyText(text) => Some(text.as_str()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: egui::Key, command: bool) -> egui::Event {
        let modifiers = egui::Modifiers {
            ctrl: command,
            command,
            ..Default::default()
        };
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    #[test]
    fn the_shortcuts_copy_cut_and_paste() {
        let mut events = vec![
            key(egui::Key::C, true),
            key(egui::Key::X, true),
            key(egui::Key::V, true),
            key(egui::Key::V, false),
        ];
        add_clipboard_events(&mut events, || Some("Alice".into()));
        assert_eq!(
            events[4..],
            [
                egui::Event::Copy,
                egui::Event::Cut,
                egui::Event::Paste("Alice".into())
            ]
        );
    }

    #[test]
    fn an_empty_clipboard_pastes_nothing() {
        let mut events = vec![key(egui::Key::V, true)];
        add_clipboard_events(&mut events, || None);
        assert_eq!(events.len(), 1);
    }

    /// A text field in a real egui pass: Ctrl+A, Ctrl+C asks to copy all its text,
    /// and a paste replaces the selection.
    #[test]
    fn a_text_field_copies_and_pastes_through_the_events() {
        let ctx = egui::Context::default();
        let mut name = String::from("Alice");
        let pass = |events: Vec<egui::Event>, name: &mut String| {
            let input = egui::RawInput {
                events,
                ..Default::default()
            };
            let output = ctx.run_ui(input, |ui| {
                let field = ui.add(egui::TextEdit::singleline(name).id_salt("name"));
                field.request_focus();
            });
            copied(&output.platform_output)
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        pass(vec![], &mut name);
        let mut select_and_copy = vec![key(egui::Key::A, true), key(egui::Key::C, true)];
        add_clipboard_events(&mut select_and_copy, || None);
        assert_eq!(pass(select_and_copy, &mut name), ["Alice"]);
        let mut paste = vec![key(egui::Key::V, true)];
        add_clipboard_events(&mut paste, || Some("Bob".into()));
        pass(paste, &mut name);
        assert_eq!(name, "Bob");
    }
}
