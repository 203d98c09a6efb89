//! The app: Bevy plugins for the board, the pieces, the panels and the files.

pub mod analysis;
pub mod board;
pub mod computer;
mod file_error;
mod fonts;
pub mod games;
pub mod host;
mod layout;
pub mod online;
pub mod quit;
mod screenshot;
pub mod selection;
pub mod session;
pub mod shelf;
pub mod sound;
mod sprites;
pub mod storage;
mod ui;
mod warm_up;

pub use layout::{BoardArea, Flipped, Layout};
pub use session::{CellClicked, Command, Draft, Screen, Session, SessionPlugin};
pub use ui::{Dialogs, Editor, KeysPlugin, replace_question, resign_question};

use crate::cli::Picture;
use crate::engine::weights::InForce;
use crate::rules::GameId;
use crate::rules::record::{SavedGame, replay};
use bevy::prelude::*;
use bevy::render::pipelined_rendering::PipelinedRenderingPlugin;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use games::chapayev::Table;
use std::path::Path;

const WINDOW_SIZE: (u32, u32) = (1280, 800);
/// The window's background, behind the board.
const CLEAR: Color = Color::srgb(0.16, 0.15, 0.14);

/// Frames come on input, a running animation, a running clock or a thinking computer
/// only, so an idle window costs no CPU, with the keyboard's focus or without: Bevy's
/// desktop setting drew a frame every five seconds while the window had the focus
/// (1.5% of a core on a software renderer) and woke for every raw device event.
fn idle() -> WinitSettings {
    let mode = UpdateMode::reactive_low_power(std::time::Duration::from_secs(60));
    WinitSettings {
        focused_mode: mode,
        unfocused_mode: mode,
    }
}

/// Everything on screen: window, board, pieces and panels, over the session logic.
fn app() -> App {
    let mut app = App::new();
    app.insert_resource(ClearColor(CLEAR))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Doska".into(),
                        resolution: WINDOW_SIZE.into(),
                        ..default()
                    }),
                    ..default()
                })
                // Rendering a frame while the next is simulated adds a frame between a
                // click and what it shows; a board that draws only on input gains
                // nothing from the overlap.
                .disable::<PipelinedRenderingPlugin>(),
        )
        .insert_resource(idle())
        .add_plugins(EguiPlugin::default())
        .init_state::<Screen>()
        .add_plugins((
            SessionPlugin,
            board::BoardPlugin,
            ui::UiPlugin,
            games::GamePlugins,
            sound::SoundPlugin,
            warm_up::WarmUpPlugin,
            computer::ComputerPlugin,
            online::OnlinePlugin,
            analysis::AnalysisPlugin,
        ))
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((Camera2d, Msaa::Off));
        })
        .add_systems(Update, smooth_edges_on_a_gpu);
    app
}

/// Multisamples edges where a graphics card does it for free. Under a software
/// renderer it doubled the cost of a frame (a quarter of a second of CPU for one
/// pointer move at 1280x800), so there edges stay sharp. Every camera gets the same
/// setting: cameras drawing into one window with different sample counts lose what
/// the first drew (Chapayev's table under the panels).
fn smooth_edges_on_a_gpu(
    adapter: Option<Res<RenderAdapterInfo>>,
    mut cameras: Query<&mut Msaa, With<Camera>>,
    mut chosen: Local<Option<Msaa>>,
) {
    let Some(adapter) = adapter else { return };
    let wanted = *chosen.get_or_insert_with(|| {
        // wgpu's `DeviceType::Cpu`; the type itself is not re-exported by Bevy.
        let software = format!("{:?}", adapter.device_type) == "Cpu";
        if software { Msaa::Off } else { Msaa::Sample4 }
    });
    for mut msaa in &mut cameras {
        msaa.set_if_neq(wanted);
    }
}

/// The evaluation weights the computer, the analysis and a server hosted here play
/// with: the player's learned files, read at start; the shipped ones where none is
/// set (the headless tests, a screenshot). Each plugin that searches inits it.
#[derive(Resource, Default)]
pub struct Weights(pub InForce);

/// Opens the app on the game chooser.
pub fn run_app(weights: InForce) -> anyhow::Result<()> {
    display_present()?;
    no_gpu_is_said();
    quit::on_signals();
    let mut app = app();
    app.insert_resource(Weights(weights));
    app.add_plugins((storage::StoragePlugin, quit::QuitPlugin));
    app.run();
    Ok(())
}

/// Opens the app on `game` after `moves`, saves one frame that shows the board drawn
/// to `out` and quits; `picture` says what else it shows (see [`Picture`]): a study
/// waits for the engine's reading, and for the review when one is asked for.
pub fn screenshot(
    game: &str,
    out: &Path,
    moves: Option<&str>,
    options: &[(String, String)],
    picture: &Picture,
) -> anyhow::Result<()> {
    let &Picture {
        view,
        size,
        study,
        edit,
    } = picture;
    let game = GameId::from_id(game)?;
    // The moves are read as a replay file, so a `[FEN "..."]` tag may set the start.
    let played = replay(game, moves.unwrap_or(""), options)?;
    let mut session = Session::new(game);
    let saved = SavedGame::from_match(&played, &session.draft().seats);
    session.load(&saved)?;
    if study.is_some() {
        session.start_study();
    }
    display_present()?;
    no_gpu_is_said();
    let mut app = app();
    if edit {
        let mut editor = ui::Editor::default();
        editor.open(session.current().position());
        app.insert_resource(editor);
    }
    app.insert_resource(session)
        .insert_state(if edit {
            Screen::Editor
        } else {
            Screen::Playing
        })
        .insert_resource(storage::Settings::default())
        .insert_resource(match view {
            Some((round, above)) => Table::seen_from(round.to_radians(), above.to_radians()),
            None => Table::default(),
        });
    take_picture(app, out, size, study == Some(true))
}

/// Opens the app on match `code` of the server at `url`, from the seat `secret` opens
/// (or as a spectator), saves one frame once the board is drawn, and quits.
pub fn screenshot_online(
    url: &str,
    code: &str,
    secret: Option<String>,
    out: &Path,
    size: Option<(u32, u32)>,
) -> anyhow::Result<()> {
    display_present()?;
    no_gpu_is_said();
    let mut app = app();
    let mut online = online::Online::default();
    match secret {
        Some(secret) => online.sit(code, &secret),
        None => online.watch(code),
    }
    let url = url.to_string();
    app.insert_resource(online)
        .insert_resource(storage::Settings::default())
        .add_systems(
            Startup,
            move |mut online: ResMut<online::Online>,
                  proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>| {
                online.connect(&url, proxy.as_deref());
            },
        );
    take_picture(app, out, size, false)
}

/// Runs `app` until one frame showing the board is saved to `out` (after resizing the
/// window to `size`, if given).
fn take_picture(
    mut app: App,
    out: &Path,
    size: Option<(u32, u32)>,
    review: bool,
) -> anyhow::Result<()> {
    let result = screenshot::Outcome::default();
    // Frames come one after another until the picture is taken.
    app.insert_resource(WinitSettings::continuous())
        .add_plugins(screenshot::ScreenshotPlugin {
            out: out.to_path_buf(),
            resize: size.map(UVec2::from),
            result: result.clone(),
            review,
        });
    app.run();
    let taken = result.lock().ok().and_then(|mut r| r.take());
    Ok(taken.unwrap_or(Err(screenshot::PictureError::Closed))?)
}

/// The words of the renderer's panic when it finds no graphics adapter (bevy_render).
const NO_GPU: &str = "Unable to find a GPU";

/// Without a graphics adapter the renderer gives up with a panic, on whichever thread
/// it starts on: that one is said as what it is, and the program ends with an error
/// rather than a backtrace. Every other panic is reported as before.
fn no_gpu_is_said() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if message.contains(NO_GPU) {
            eprintln!(
                "doska: no graphics adapter found: the window needs a Vulkan driver \
                 (mesa-vulkan-drivers on Debian and Ubuntu)"
            );
            std::process::exit(1);
        }
        before(info);
    }));
}

/// A window needs a display; without one, winit gives up with a panic.
fn display_present() -> anyhow::Result<()> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        anyhow::bail!(
            "no display to open a window on: set DISPLAY (on a machine without a screen, run under Xvfb)"
        );
    }
    Ok(())
}
