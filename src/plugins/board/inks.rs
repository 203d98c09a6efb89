//! The board's colours, one shared `ColorMaterial` each, made once.

use crate::plugins::storage::Settings;
use bevy::prelude::*;

/// Materials for everything on a flat board. Pieces carry their colours in their
/// vertices and use `piece` (white) unless they fade.
#[derive(Resource)]
pub struct Inks {
    pub piece: Handle<ColorMaterial>,
    pub light: Handle<ColorMaterial>,
    pub dark: Handle<ColorMaterial>,
    /// The red dark squares of 100-cell chess's royal file.
    pub royal: Handle<ColorMaterial>,
    /// The ring that marks a throne square.
    pub throne: Handle<ColorMaterial>,
    pub cloth: Handle<ColorMaterial>,
    pub frame: Handle<ColorMaterial>,
    pub grid: Handle<ColorMaterial>,
    pub last_move: Handle<ColorMaterial>,
    /// The computer's suggestion for the player to move.
    pub hint: Handle<ColorMaterial>,
    /// A move chosen ahead of the turn, online.
    pub premove: Handle<ColorMaterial>,
    pub selected: Handle<ColorMaterial>,
    pub check: Handle<ColorMaterial>,
    /// The piece behind a refusal ("why not?").
    pub culprit: Handle<ColorMaterial>,
    /// Quiet targets and capture rings on the wooden boards.
    pub target: Handle<ColorMaterial>,
    /// The same on the green cloth, where the wood's green would vanish.
    pub target_on_cloth: Handle<ColorMaterial>,
    pub waypoint: Handle<ColorMaterial>,
    /// Checkers steps and jumps where chess moves are lit beside them.
    pub checkers: Handle<ColorMaterial>,
    pub route: Handle<ColorMaterial>,
    pub placement: Handle<ColorMaterial>,
    pub home_white: Handle<ColorMaterial>,
    pub home_black: Handle<ColorMaterial>,
    pub home_red: Handle<ColorMaterial>,
    /// Cells of pieces that have had their move this turn (tinted grey).
    pub rested: Handle<ColorMaterial>,
    /// The disc behind a badge telling what a piece moves as.
    pub badge: Handle<ColorMaterial>,
    /// The outline of the keyboard's cursor.
    pub cursor: Handle<ColorMaterial>,
    /// The strokes that mark the last move and the selected piece by shape.
    pub marking: Handle<ColorMaterial>,
    /// The rings round a king in check.
    pub check_mark: Handle<ColorMaterial>,
}

pub const COORDINATE: Color = Color::srgb(0.93, 0.88, 0.80);
pub const NAME_BACK: Color = Color::srgba(0.08, 0.08, 0.08, 0.82);

impl FromWorld for Inks {
    fn from_world(world: &mut World) -> Self {
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let mut add = |c: Color| materials.add(ColorMaterial::from_color(c));
        Inks {
            piece: add(Color::WHITE),
            light: add(NORMAL.light),
            dark: add(NORMAL.dark),
            royal: add(Color::srgb_u8(170, 52, 40)),
            throne: add(Color::srgb_u8(214, 170, 60)),
            cloth: add(Color::srgb_u8(46, 118, 74)),
            frame: add(Color::srgb_u8(77, 51, 33)),
            grid: add(Color::srgb_u8(77, 51, 33)),
            last_move: add(NORMAL.last_move),
            hint: add(Color::srgba_u8(60, 200, 120, 150)),
            premove: add(Color::srgba_u8(70, 130, 230, 150)),
            selected: add(NORMAL.selected),
            check: add(NORMAL.check),
            culprit: add(Color::srgba_u8(255, 140, 0, 170)),
            target: add(NORMAL.target),
            target_on_cloth: add(Color::srgba_u8(250, 240, 140, 200)),
            waypoint: add(Color::srgba_u8(38, 115, 230, 200)),
            checkers: add(Color::srgba_u8(200, 60, 160, 190)),
            route: add(Color::srgba_u8(38, 115, 230, 120)),
            placement: add(Color::srgba_u8(255, 255, 255, 110)),
            home_white: add(Color::srgba_u8(255, 255, 255, 60)),
            home_black: add(Color::srgba_u8(0, 0, 0, 60)),
            home_red: add(Color::srgba_u8(220, 30, 30, 70)),
            rested: add(Color::srgba_u8(40, 40, 60, 110)),
            badge: add(Color::srgba_u8(112, 132, 160, 235)),
            cursor: add(Color::srgb_u8(255, 196, 0)),
            marking: add(NORMAL.marking),
            check_mark: add(Color::srgb_u8(200, 0, 0)),
        }
    }
}

/// The colours a player may ask to be stronger (View → High contrast): the squares,
/// the marks and the targets.
pub struct Palette {
    pub light: Color,
    pub dark: Color,
    pub last_move: Color,
    pub selected: Color,
    pub check: Color,
    pub target: Color,
    pub marking: Color,
}

pub const NORMAL: Palette = Palette {
    light: Color::srgb_u8(237, 217, 181),
    dark: Color::srgb_u8(140, 99, 69),
    last_move: Color::srgba_u8(242, 217, 51, 115),
    selected: Color::srgba_u8(64, 166, 242, 140),
    check: Color::srgba_u8(242, 26, 26, 153),
    target: Color::srgba_u8(26, 90, 26, 150),
    marking: Color::srgba_u8(40, 30, 20, 200),
};

/// White and mid-grey squares, and marks drawn solid in colours far from both.
pub const HIGH: Palette = Palette {
    light: Color::srgb_u8(255, 255, 255),
    dark: Color::srgb_u8(120, 120, 120),
    last_move: Color::srgba_u8(255, 214, 0, 170),
    selected: Color::srgba_u8(0, 90, 255, 170),
    check: Color::srgba_u8(230, 0, 0, 190),
    target: Color::srgb_u8(0, 0, 0),
    marking: Color::srgb_u8(0, 0, 0),
};

/// Puts the palette the settings ask for into the board's materials, when they ask
/// for another.
pub fn contrast(
    settings: Option<Res<Settings>>,
    inks: Option<Res<Inks>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut applied: Local<bool>,
) {
    let (Some(settings), Some(inks)) = (settings, inks) else {
        return;
    };
    if settings.high_contrast == *applied {
        return;
    }
    *applied = settings.high_contrast;
    let p = if settings.high_contrast {
        &HIGH
    } else {
        &NORMAL
    };
    for (ink, colour) in [
        (&inks.light, p.light),
        (&inks.dark, p.dark),
        (&inks.last_move, p.last_move),
        (&inks.selected, p.selected),
        (&inks.check, p.check),
        (&inks.target, p.target),
        (&inks.marking, p.marking),
    ] {
        if let Some(mut material) = materials.get_mut(ink) {
            material.color = colour;
        }
    }
}
