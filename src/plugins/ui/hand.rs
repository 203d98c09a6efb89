//! The pieces in hand, listed in the match panel under their holders' names.

use super::naming::{seat_name, side_name};
use crate::i18n::Language;
use crate::plugins::session::Session;
use crate::rules::view;
use crate::rules::{PieceKind, PieceView, Side};
use bevy_egui::egui;

/// One side's or seat's pieces in hand, as the panel lists them.
struct HandRow {
    label: String,
    /// It may put one down now.
    acting: bool,
    own: Vec<(PieceView, u32)>,
}

/// The pieces held off the board: by side, or by seat where seats hold them
/// (bughouse's four reserves, each under its seat's name), and how the side to move
/// puts one down when it may: a click on one of its pieces picks that kind
/// (`picked`), and only its squares are lit.
pub fn in_hand(
    ui: &mut egui::Ui,
    lang: Language,
    session: &Session,
    picked: &mut Option<PieceKind>,
) {
    let position = session.current().position();
    let droppable = session.table.kinds_in_hand();
    let placing = !droppable.is_empty();
    let count = session.draft().seats.len();
    let on_move = position.seats().seats_on_move();
    let pockets = position.pockets();
    let holders: Vec<HandRow> = if pockets.is_empty() {
        let held = position.shown().in_hand();
        Side::BOTH
            .into_iter()
            .map(|side| {
                let label = lang.t_args("status-in-hand", &[("side", side_name(lang, side))]);
                let own = held
                    .iter()
                    .filter(|(h, _, _)| *h == view::Holder::Side(side))
                    .map(|(_, p, n)| (*p, *n))
                    .collect();
                HandRow {
                    label,
                    acting: side == position.turn(),
                    own,
                }
            })
            .collect()
    } else {
        (0..count)
            .map(|seat| {
                let name = session.draft().seats.get(seat).map_or("", String::as_str);
                let side = position.seats().seat_side(seat);
                let who = seat_name(lang, session.draft().game, name, seat, side, count);
                let own = pockets
                    .iter()
                    .filter(|(s, _, _)| *s == seat)
                    .map(|(_, p, n)| (*p, *n))
                    .collect();
                let label = lang.t_args("status-in-hand", &[("side", who)]);
                HandRow {
                    label,
                    acting: on_move.contains(&seat),
                    own,
                }
            })
            .collect()
    };
    for HandRow { label, acting, own } in holders {
        if own.is_empty() {
            continue;
        }
        ui.label(label);
        ui.horizontal_wrapped(|ui| {
            for (piece, n) in &own {
                let can_drop = acting && droppable.contains(&piece.kind);
                let sense = if can_drop {
                    egui::Sense::click()
                } else {
                    egui::Sense::hover()
                };
                let (rect, response) = ui.allocate_exact_size(egui::vec2(34.0, 34.0), sense);
                let chosen = can_drop && session.selection.pocket == Some(piece.kind);
                let lit = can_drop && response.hovered();
                super::held::paint_held(ui.painter(), rect, (*piece, 30.0), chosen, lit);
                if response.clicked() {
                    *picked = Some(piece.kind);
                }
                if *n > 1 {
                    ui.label(format!("×{n}"));
                }
            }
        });
        if placing && acting {
            let key = if droppable.len() > 1 && session.selection.pocket.is_none() {
                "status-in-hand-pick"
            } else {
                "status-in-hand-place"
            };
            ui.label(egui::RichText::new(lang.t(key)).italics());
        }
    }
}
