//! Text drawn with all its letters the first time.
//!
//! egui draws letters from a font atlas it grows as new ones appear, and bevy_egui
//! writes the new letters into the atlas image in `PostUpdate`, in no set order with
//! the systems that announce changed assets to the renderer. Announced after, the
//! image reached the GPU a frame late; the app draws only when something happens, so
//! a word seen for the first time (Chapayev's "Off:") stayed without its new letters
//! until the next event. The atlas is written before the changes are announced.

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy_egui::EguiPostUpdateSet;

pub struct FreshGlyphsPlugin;

impl Plugin for FreshGlyphsPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            PostUpdate,
            EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::asset::AssetPlugin;

    #[derive(Resource)]
    struct Atlas(Handle<Image>);

    #[derive(Resource, Default)]
    struct SeenThisFrame(bool);

    fn write_letter(atlas: Res<Atlas>, mut images: ResMut<Assets<Image>>) {
        let mut image = images.get_mut(&atlas.0).unwrap();
        image.data.as_mut().unwrap()[0] = 255;
    }

    fn hear(
        mut events: MessageReader<AssetEvent<Image>>,
        atlas: Res<Atlas>,
        mut seen: ResMut<SeenThisFrame>,
    ) {
        seen.0 = events.read().any(|e| e.is_modified(&atlas.0));
    }

    #[test]
    fn the_atlas_is_announced_in_the_frame_it_changes() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default(), FreshGlyphsPlugin))
            .init_asset::<Image>()
            .init_resource::<SeenThisFrame>()
            .add_systems(
                PostUpdate,
                write_letter.in_set(EguiPostUpdateSet::PostProcessOutput),
            )
            .add_systems(Last, hear);
        let handle = app
            .world_mut()
            .resource_mut::<Assets<Image>>()
            .add(Image::default());
        app.insert_resource(Atlas(handle));
        for _ in 0..3 {
            app.update();
            assert!(app.world().resource::<SeenThisFrame>().0);
        }
    }
}
