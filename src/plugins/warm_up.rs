//! Keeps frames coming while shaders compile.
//!
//! Frames are drawn on input and animation only, but a render pipeline is compiled in
//! the background after the first frame that needs it (seconds, for Chapayev's lit table
//! under a software renderer) and used by the next frame drawn. Without this the table
//! stayed blank until the pointer moved. The render world says whether pipelines are
//! still waiting; while they are, the main world asks for another frame.

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct WarmUpPlugin;

impl Plugin for WarmUpPlugin {
    fn build(&self, app: &mut App) {
        let compiling = Compiling::default();
        app.insert_resource(compiling.clone())
            .add_systems(Update, ask_for_frames);
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            render
                .insert_resource(compiling)
                .add_systems(Render, watch.in_set(RenderSystems::Cleanup));
        }
    }
}

/// True while the last frame left pipelines to compile; shared by both worlds.
#[derive(Resource, Clone, Default)]
pub struct Compiling(Arc<AtomicBool>);

impl Compiling {
    /// Whether the frame last rendered left a pipeline compiling.
    pub fn now(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

fn watch(cache: Res<PipelineCache>, compiling: Res<Compiling>) {
    let waiting = cache.waiting_pipelines().next().is_some();
    compiling.0.store(waiting, Ordering::Relaxed);
}

fn ask_for_frames(compiling: Res<Compiling>, mut redraw: MessageWriter<RequestRedraw>) {
    if compiling.now() {
        redraw.write(RequestRedraw);
    }
}
