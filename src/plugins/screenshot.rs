//! `doska screenshot`: the app opened on a position, one frame saved once the board is
//! really drawn, and the app closed.
//!
//! A frame counts as drawn when nothing new has appeared on screen for a few frames
//! (no mesh or text spawned, so every piece and cell has been prepared for the GPU) and
//! the render world has had no pipeline left to compile for as many frames: a mesh
//! whose pipeline is still compiling is simply missing from the frame. Counting
//! frames or seconds instead fails on a loaded machine, where a frame can come before
//! the shaders do. The picture taken is checked too (not black, not only the clear
//! colour where the board stands); one that fails is taken again, and a board that
//! never draws ends the command with an error instead of a wrong picture.

use super::analysis::{Analysis, StartReview};
use super::session::{Screen, Session};
use super::warm_up::Compiling;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::WindowResized;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Frames with nothing new and nothing compiling before the picture is taken.
const QUIET_FRAMES: u32 = 3;
/// Pictures taken before giving up on a board that never draws.
const ATTEMPTS: u32 = 20;
/// However loaded the machine, a board that has not drawn by then will not.
const DEADLINE: Duration = Duration::from_secs(180);

pub struct ScreenshotPlugin {
    pub out: PathBuf,
    /// A size to give the window once the board is drawn, before the picture.
    pub resize: Option<UVec2>,
    /// Where the result is left for the caller: the app itself is gone once it exits.
    pub result: Outcome,
    /// Studying the match, wait for the review of the whole game too.
    pub review: bool,
}

/// None while waiting; then Ok, or why no good picture could be taken.
pub type Outcome = Arc<Mutex<Option<Result<(), PictureError>>>>;

/// Why no good picture could be taken.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the match never opened")]
    NeverOpened,
    #[error("the board was not drawn within {} s", DEADLINE.as_secs())]
    Late,
    #[error("the frame could not be read: {0}")]
    Unreadable(Box<dyn std::error::Error + Send + Sync>),
    #[error("{path}: {source}")]
    Save {
        path: PathBuf,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("{attempts} pictures taken, none showed the board: {fault}")]
    NoBoard { attempts: u32, fault: &'static str },
    #[error("the window closed before a picture was taken")]
    Closed,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Capture {
            out: self.out.clone(),
            resize: self.resize,
            quiet: 0,
            in_flight: false,
            attempts: 0,
            started: Instant::now(),
            result: self.result.clone(),
            review: self.review,
            told: false,
        })
        // First, so a resize reaches every system of the frame before it is drawn.
        .add_systems(First, settle);
    }
}

/// Where the picture goes, how long the screen has been still, and how it ended.
#[derive(Resource)]
pub struct Capture {
    out: PathBuf,
    resize: Option<UVec2>,
    quiet: u32,
    in_flight: bool,
    attempts: u32,
    started: Instant,
    result: Outcome,
    review: bool,
    /// The time to the engine's first reading has been said.
    told: bool,
}

impl Capture {
    fn done(&self) -> bool {
        self.result.lock().is_ok_and(|r| r.is_some())
    }

    fn end(&self, result: Result<(), PictureError>, exit: &mut MessageWriter<AppExit>) {
        exit.write(if result.is_ok() {
            AppExit::Success
        } else {
            AppExit::error()
        });
        if let Ok(mut slot) = self.result.lock() {
            *slot = Some(result);
        }
    }
}

/// Something appeared on screen this frame.
type Appeared = Or<(Added<Mesh2d>, Added<Mesh3d>, Added<Text2d>, Added<Sprite>)>;

#[allow(clippy::too_many_arguments)]
fn settle(
    mut commands: Commands,
    mut capture: ResMut<Capture>,
    compiling: Res<Compiling>,
    appeared: Query<(), Appeared>,
    mut windows: Query<(Entity, &mut Window)>,
    mut resized: MessageWriter<WindowResized>,
    mut exit: MessageWriter<AppExit>,
    screen: Res<State<Screen>>,
    study: (Res<Session>, Res<Analysis>, MessageWriter<StartReview>),
) {
    if capture.done() || capture.in_flight {
        return;
    }
    if !analysed(&mut capture, study) {
        capture.quiet = 0;
        return;
    }
    // A match on a server shows once the server has sent it.
    if !matches!(screen.get(), Screen::Playing | Screen::Editor) {
        capture.quiet = 0;
        if capture.started.elapsed() > DEADLINE {
            capture.end(Err(PictureError::NeverOpened), &mut exit);
        }
        return;
    }
    if capture.started.elapsed() > DEADLINE {
        capture.end(Err(PictureError::Late), &mut exit);
        return;
    }
    if compiling.now() || !appeared.is_empty() {
        capture.quiet = 0;
        return;
    }
    capture.quiet += 1;
    if capture.quiet < QUIET_FRAMES {
        return;
    }
    // Drawn at the first size: now the resize, said as winit says a person's (the
    // size, and the message cameras and panels follow), and the wait starts again.
    if let Some(size) = capture.resize.take() {
        for (entity, mut window) in &mut windows {
            window.resolution.set(size.x as f32, size.y as f32);
            resized.write(WindowResized {
                window: entity,
                width: size.x as f32,
                height: size.y as f32,
            });
        }
        capture.quiet = 0;
        return;
    }
    capture.in_flight = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(check_and_save);
}

/// Whether a game studied shows what the picture is for: the engine's first reading
/// (said on stderr with the time it took), and the review where one was asked for.
fn analysed(
    capture: &mut Capture,
    (session, analysis, mut review): (Res<Session>, Res<Analysis>, MessageWriter<StartReview>),
) -> bool {
    if !session.studying() {
        return true;
    }
    let read = analysis.reading.is_some() || session.current().outcome().is_some();
    if capture.review && !analysis.reviewing() {
        review.write(StartReview);
        return false;
    }
    if let (true, false, Some(first)) = (read, capture.told, analysis.first_reading) {
        eprintln!("first reading after {} ms", first.as_millis());
        capture.told = true;
    }
    read && (!capture.review || analysis.review_done)
}

/// Saves a picture that shows a board, or asks for another.
fn check_and_save(
    shot: On<ScreenshotCaptured>,
    mut capture: ResMut<Capture>,
    session: Res<Session>,
    mut exit: MessageWriter<AppExit>,
) {
    capture.in_flight = false;
    capture.quiet = 0;
    capture.attempts += 1;
    let picture = match shot.image.clone().try_into_dynamic() {
        Ok(picture) => picture.to_rgb8(),
        Err(e) => {
            capture.end(Err(PictureError::Unreadable(e.into())), &mut exit);
            return;
        }
    };
    let (width, height) = picture.dimensions();
    let table = session.draft().game.card().table;
    let fault = drawing_fault(picture.as_raw(), width as usize, height as usize, table);
    match fault {
        None => {
            let saved = picture.save(&capture.out).map_err(|e| PictureError::Save {
                path: capture.out.clone(),
                source: e.into(),
            });
            capture.end(saved, &mut exit);
        }
        Some(fault) if capture.attempts >= ATTEMPTS => {
            let none = PictureError::NoBoard {
                attempts: capture.attempts,
                fault,
            };
            capture.end(Err(none), &mut exit);
        }
        Some(_) => {}
    }
}

/// What is wrong with a frame that should show a board, if anything: black where the
/// GPU drew nothing, or the clear colour alone where the board stands (the left part
/// of the window, beside the panel; Chapayev's table fills the window).
fn drawing_fault(rgb: &[u8], width: usize, height: usize, table: bool) -> Option<&'static str> {
    let pixel = |x: usize, y: usize| {
        let i = (y * width + x) * 3;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let total = width * height;
    let black = rgb.chunks_exact(3).filter(|p| *p == [0, 0, 0]).count();
    if total == 0 || black * 2 > total {
        return Some("the frame is black");
    }
    let clear = super::CLEAR.to_srgba();
    let clear = [clear.red, clear.green, clear.blue].map(|c| (c * 255.0).round() as i16);
    let board_width = if table { width } else { width * 3 / 4 };
    let mut drawn = 0;
    let mut seen = 0;
    for y in (0..height).step_by(8) {
        for x in (0..board_width).step_by(8) {
            seen += 1;
            let p = pixel(x, y).map(i16::from);
            if (0..3).any(|i| (p[i] - clear[i]).abs() > 6) {
                drawn += 1;
            }
        }
    }
    // A board covers far more than a tenth of its area.
    (drawn * 10 < seen).then_some("only the background where the board should be")
}
