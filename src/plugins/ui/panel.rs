//! The side panel of a match: seats, status, buttons and the move list.

use super::dialogs::Dialogs;
use crate::i18n::Language;
use crate::plugins::layout::Flipped;
use crate::plugins::session::{Command, Notice, Session};
use crate::plugins::storage::{Folders, Unfinished};
use crate::rules::history::Action;
use crate::rules::{Match, Outcome, Position, Side};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// What the panels read and write.
#[derive(SystemParam)]
pub struct Parts<'w, 's> {
    pub session: ResMut<'w, Session>,
    pub commands: MessageWriter<'w, Command>,
    pub notices: MessageReader<'w, 's, Notice>,
    pub folders: Option<Res<'w, Folders>>,
    pub unfinished: Option<ResMut<'w, Unfinished>>,
}

pub fn side_name(lang: Language, side: Side) -> String {
    lang.t(match side {
        Side::White => "side-white",
        Side::Black => "side-black",
        Side::Red => "side-red",
        Side::Grey => "side-grey",
    })
}

/// The label of a seat: its colour, and in the team game where it sits.
pub fn seat_label(lang: Language, seat: usize, side: Side, count: usize) -> String {
    if count == 4 {
        lang.t(&format!("seat-4-{seat}"))
    } else {
        side_name(lang, side)
    }
}

/// A player's name, or the seat's label when none was given.
pub fn seat_name(lang: Language, name: &str, seat: usize, side: Side, count: usize) -> String {
    if name.trim().is_empty() {
        seat_label(lang, seat, side, count)
    } else {
        name.to_string()
    }
}

/// "White wins: checkmate", "Draw: repetition".
pub fn outcome_text(lang: Language, outcome: &Outcome) -> String {
    let result = match outcome.winner {
        Some(side) => lang.t_args("result-wins", &[("side", side_name(lang, side))]),
        None => lang.t("result-draw"),
    };
    let reason = lang.t(&format!("reason-{}", outcome.reason.id()));
    match outcome.score {
        // Corners' score is the loser's penalty.
        Some(score) if outcome.reason == crate::rules::Reason::Completion => {
            let loser = outcome.winner.map_or(Side::Black, Side::other);
            let penalty = lang.t_args(
                "result-penalty",
                &[
                    ("side", side_name(lang, loser)),
                    ("moves", score[loser.index()].to_string()),
                ],
            );
            format!("{result}: {reason}, {penalty}")
        }
        // "Black 40 – White 24", the first player's count first.
        Some(score) => {
            let first = outcome.winner.unwrap_or(Side::Black);
            let (a, b) = (first, first.other());
            let part = |s: Side| format!("{} {}", side_name(lang, s), score[s.index()]);
            format!("{result}: {reason}, {} – {}", part(a), part(b))
        }
        None => format!("{result}: {reason}"),
    }
}

/// How an action reads in the move list.
pub fn action_text(lang: Language, m: &Match, i: usize) -> String {
    let state = m.state_before(i);
    match m.all_actions()[i] {
        Action::Play(mv) if state.position.is_swap(&mv) => lang.t("action-swap"),
        Action::Play(_)
            if lang != Language::English && m.game() == crate::rules::GameId::TriChess =>
        {
            crate::rules::trichess::russian(&m.notation(i))
        }
        Action::Play(_) => m.notation(i),
        Action::OfferDraw => lang.t("action-offer-draw"),
        Action::AcceptDraw => lang.t("action-accept-draw"),
        Action::ClaimDraw => lang.t("action-claim-draw"),
        Action::Resign => lang.t("action-resign"),
    }
}

pub fn show(
    root: &mut egui::Ui,
    lang: Language,
    parts: &mut Parts,
    flipped: &mut Flipped,
    dialogs: &mut Dialogs,
    table: &mut crate::plugins::table::Table,
) {
    egui::Panel::right("match")
        .exact_size(300.0)
        .resizable(false)
        .show(root, |ui| {
            let session = &parts.session;
            let m = &session.current;
            let position = m.position();
            ui.add_space(6.0);
            ui.heading(lang.t(&format!("game-{}", m.game().id())));
            ui.separator();

            let to_move = position.seat_to_move();
            let count = session.seats.len();
            for (i, name) in session.seats.iter().enumerate() {
                let disc = match position.seat_side(i) {
                    Side::White => "○",
                    Side::Black => "●",
                    Side::Red | Side::Grey => "◆",
                };
                let marker = if m.outcome().is_none() && i == to_move {
                    "▶"
                } else {
                    "  "
                };
                let name = seat_name(lang, name, i, position.seat_side(i), count);
                let note = match position {
                    Position::TriChess(p) if p.is_out(position.seat_side(i)) => {
                        format!(" ({})", lang.t("seat-out"))
                    }
                    Position::TriChess(p) if !p.in_game(position.seat_side(i)) => {
                        format!(" ({})", lang.t("seat-servant"))
                    }
                    _ => String::new(),
                };
                let rich = egui::RichText::new(format!("{marker} {disc} {name}{note}"));
                ui.label(if i == to_move { rich.strong() } else { rich });
            }
            ui.separator();

            match m.outcome() {
                Some(outcome) => {
                    ui.label(
                        egui::RichText::new(outcome_text(lang, &outcome))
                            .strong()
                            .size(16.0),
                    );
                }
                None => {
                    ui.label(lang.t_args(
                        "status-to-move",
                        &[("side", side_name(lang, position.turn()))],
                    ));
                    if position.check_cell().is_some() {
                        ui.label(
                            egui::RichText::new(lang.t("status-check"))
                                .color(egui::Color32::LIGHT_RED),
                        );
                    }
                    if position.capture_compulsory() {
                        ui.label(
                            egui::RichText::new(lang.t("msg-capture-compulsory"))
                                .color(egui::Color32::YELLOW),
                        );
                    }
                }
            }
            for (side, on_board, in_hand) in position.tallies() {
                ui.label(lang.t_args(
                    "status-tally",
                    &[
                        ("side", side_name(lang, side)),
                        ("board", on_board.to_string()),
                        ("hand", in_hand.to_string()),
                    ],
                ));
            }
            if let Some(key) = session.message {
                ui.label(egui::RichText::new(lang.t(key)).italics());
            }
            ui.separator();

            let legal = m.legal_actions();
            let mut send = None;
            ui.horizontal_wrapped(|ui| {
                if ui.button(lang.t("button-new-game")).clicked() {
                    send = Some(Command::NewMatch);
                }
                if ui
                    .add_enabled(session.can_undo(), egui::Button::new(lang.t("button-undo")))
                    .clicked()
                {
                    send = Some(Command::Undo);
                }
                if ui
                    .add_enabled(m.can_redo(), egui::Button::new(lang.t("button-redo")))
                    .clicked()
                {
                    send = Some(Command::Redo);
                }
                if ui.button(lang.t("menu-flip")).clicked() {
                    flipped.0 = !flipped.0;
                }
                // Browsing shows an earlier position; this returns to the latest.
                if m.can_redo() && ui.button(lang.t("button-back-to-game")).clicked() {
                    send = Some(Command::GoTo(m.all_actions().len()));
                }
            });
            if let Some(pass) = legal
                .iter()
                .find(|x| matches!(x, Action::Play(mv) if position.is_pass(mv)))
            {
                ui.label(egui::RichText::new(lang.t("status-pass")).color(egui::Color32::YELLOW));
                if ui.button(lang.t("button-pass")).clicked() {
                    send = Some(Command::Act(*pass));
                }
            }
            ui.horizontal_wrapped(|ui| {
                for (action, key) in [
                    (Action::OfferDraw, "button-offer-draw"),
                    (Action::ClaimDraw, "button-claim-draw"),
                    (Action::Resign, "button-resign"),
                ] {
                    if legal.contains(&action) && ui.button(lang.t(key)).clicked() {
                        if action == Action::Resign {
                            dialogs.confirm_resign = true;
                        } else {
                            send = Some(Command::Act(action));
                        }
                    }
                }
                if m.state().draw_votes.contains(&position.turn()) {
                    ui.label(egui::RichText::new(lang.t("status-draw-offered")).italics());
                }
            });
            if position.seat_count() == 3 {
                ui.separator();
                super::diplomacy::show(ui, lang, m, &mut send);
            }
            if crate::plugins::table::is_table(m.game()) {
                ui.separator();
                super::chapayev::show(ui, lang, m, table, &mut send);
            }
            ui.separator();
            move_list(ui, lang, m, &mut send);
            if let Some(c) = send {
                parts.commands.write(c);
            }
        });
}

/// The numbered moves as flowing text; a click shows the position after that move.
fn move_list(ui: &mut egui::Ui, lang: Language, m: &Match, send: &mut Option<Command>) {
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for i in 0..m.all_actions().len() {
                    let position = &m.state_before(i).position;
                    let white = position.turn() == position.first_side();
                    let starts_turn =
                        i == 0 || m.state_before(i - 1).position.turn() != position.turn();
                    if starts_turn && (white || i == 0) {
                        let n = position.move_number();
                        let number = if white {
                            format!("{n}.")
                        } else {
                            format!("{n}...")
                        };
                        ui.label(egui::RichText::new(number).weak().monospace());
                    }
                    let mut rich = egui::RichText::new(action_text(lang, m, i)).monospace();
                    if i >= m.cursor() {
                        rich = rich.weak();
                    }
                    if ui.selectable_label(i + 1 == m.cursor(), rich).clicked() {
                        *send = Some(Command::GoTo(i + 1));
                    }
                }
            });
        });
}
