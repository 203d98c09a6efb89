//! Chapayev for a thin client: the checkers where they rest (between the cells, not on
//! them), the checkers the seats held here may flick, and the last shot frame by frame
//! as the server simulated it, so the page animates what the server computed and never
//! runs physics of its own.

use crate::protocol::{Film, PieceAt};
use crate::rules::chapayev::physics::HALF_BOARD;
use crate::rules::chapayev::{self, Chapayev, Pose, Shot, checker_name};
use crate::rules::{Match, Move, Position};

/// Every other frame of the simulation's 60 a second: smooth in a page, at half the
/// bytes.
const FILM_STEP: usize = 2;

/// A point of the board in the geometry's units (a cell is 1, y up, a1's corner at 0).
fn on_board(pose: &Pose) -> [f32; 2] {
    let unit = |v: f32| ((v + HALF_BOARD) / (2.0 * HALF_BOARD) * 8.0 * 100.0).round() / 100.0;
    [unit(pose.centre[0]), unit(pose.centre[1])]
}

/// Each checker on the board where it rests, by its id (`W3`), with the cell under it.
pub fn place(c: &Chapayev, pieces: &mut [PieceAt]) {
    let on_board: Vec<(u8, [f32; 2])> = (0u8..16)
        .filter_map(|i| Some((i, on_board(&c.checkers[usize::from(i)].pose?))))
        .collect();
    // `pieces` lists the checkers on the board in the same order.
    for (piece, (i, at)) in pieces.iter_mut().zip(on_board) {
        piece.at = Some(at);
        piece.id = Some(checker_name(i));
    }
}

/// The checkers the player on move may flick, where `mine` says that player is held
/// here.
pub fn shooters(c: &Chapayev, mine: bool) -> Vec<String> {
    if !mine {
        return Vec::new();
    }
    (0u8..16)
        .filter(|&checker| {
            // The aim is the player's; only the checker is asked about.
            [0.0, 90.0, 180.0, 270.0].iter().any(|&angle| {
                c.allows(&Shot::Flick {
                    checker,
                    angle,
                    strength: 0.5,
                    spin: 0.0,
                })
                .is_ok()
            })
        })
        .map(checker_name)
        .collect()
}

/// The match's last shot as it played out, every checker's point frame by frame
/// (`None` once off the board), by checker index (W1..W8, B1..B8).
pub fn last_shot(m: &Match) -> Option<Film> {
    let played = m.all_actions().len().checked_sub(1)?;
    let crate::rules::Action::Play(Move::Chapayev(chapayev::Action::Shot { shot, luck })) =
        m.all_actions()[played]
    else {
        return None;
    };
    let Position::Chapayev(before) = &m.state_before(played).position else {
        return None;
    };
    let film = before.frames(&shot, luck);
    Some(
        film.iter()
            .step_by(FILM_STEP)
            .chain(film.last())
            .map(|frame| frame.iter().map(|p| p.map(|p| on_board(&p))).collect())
            .collect(),
    )
}
