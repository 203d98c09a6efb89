//! The side panel of a match: seats, status, buttons and the move list. It is drawn
//! in three systems, and a game's own rows come between them (see
//! [`UiSystems`](super::UiSystems)).

use super::Canvas;
use super::dialogs::Dialogs;
use super::naming::{movers, outcome_text, seat_name, side_name};
use super::parts::{ComputerParts, Parts};
use crate::i18n::Language;
use crate::plugins::layout::FlipView;
use crate::plugins::session::{Command, Session, Settling};
use crate::plugins::storage::Settings;
use crate::rules::history::Action;
use crate::rules::record::{ends_turn, joined};
use crate::rules::view;
use crate::rules::why::Remark;
use crate::rules::wording;
use crate::rules::{GameId, Match, PieceKind, PieceView, Side};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;

/// The computer's remark on its latest action (chess for three's diplomatic steps),
/// while that action is the last one on the board.
fn said_text(lang: Language, m: &Match, said: Option<&(usize, Action, Remark)>) -> Option<String> {
    let (at, action, said) = said?;
    if m.cursor() != at + 1 || m.all_actions().get(*at) != Some(action) {
        return None;
    }
    let position = &m.state_before(*at).position;
    let words = wording::arguments(&said.words, position, |key| {
        lang.has(key).then(|| lang.t(key))
    });
    Some(lang.t_args(said.key, &words))
}

/// Chess moves with the piece letters of the reader's language: Russian writes Кр, Ф,
/// Л, С, К and Ukrainian Кр, Ф, Т, С, К, and both Ш and Г for 100-cell chess's jester
/// and general. Files and saves keep the canonical SAN.
pub fn chess_letters(lang: Language, san: &str) -> String {
    let rook = match lang {
        Language::English => return san.to_string(),
        Language::Russian => "Л",
        Language::Ukrainian => "Т",
    };
    // Bughouse's label (`1B. `) names a board, not a bishop: it stays as it is.
    let (label, san) = match san.split_once(". ") {
        Some((number, rest)) if number.starts_with(|c: char| c.is_ascii_digit()) => {
            (&san[..number.len() + 2], rest)
        }
        _ => ("", san),
    };
    let moves: String = san
        .chars()
        .map(|c| match c {
            'K' => "Кр".to_string(),
            'Q' => "Ф".to_string(),
            'R' => rook.to_string(),
            'B' => "С".to_string(),
            'N' => "К".to_string(),
            'J' => "Ш".to_string(),
            'G' => "Г".to_string(),
            other => other.to_string(),
        })
        .collect();
    format!("{label}{moves}")
}

/// How a game's own moves read in the player's language, where its notation alone
/// does not say it (chess for three's Russian letters, Chapayev's shots): given the
/// match, the action's index and whether that action still plays out on screen, the
/// words, or `None` for the notation. A game's plugin adds its wording.
pub type Wording = fn(Language, &Match, usize, bool) -> Option<String>;

/// The games' own wordings of their moves.
#[derive(Resource, Default)]
pub struct Wordings(HashMap<GameId, Wording>);

impl Wordings {
    pub fn insert(&mut self, game: GameId, wording: Wording) {
        self.0.insert(game, wording);
    }
}

/// What wording the move list needs: the language, the games' own wordings, and
/// whether the last action still plays out on screen.
struct Words<'a> {
    lang: Language,
    wordings: &'a Wordings,
    unsettled: bool,
}

impl Words<'_> {
    /// How the `i`th action reads in the move list. While the last action still
    /// plays out, what it brought is not told yet.
    fn action(&self, m: &Match, i: usize) -> String {
        let lang = self.lang;
        let state = m.state_before(i);
        let chess = m.game().card().san;
        match m.all_actions()[i] {
            Action::Play(mv) if state.position.is_swap(&mv) => lang.t("action-swap"),
            Action::Play(_) => {
                let unsettled = self.unsettled && i + 1 == m.cursor();
                let own = self.wordings.0.get(&m.game());
                match own.and_then(|wording| wording(lang, m, i, unsettled)) {
                    Some(words) => words,
                    None if chess => chess_letters(lang, &m.notation(i)),
                    None => m.notation(i),
                }
            }
            Action::OfferDraw => lang.t("action-offer-draw"),
            Action::AcceptDraw => lang.t("action-accept-draw"),
            Action::ClaimDraw => lang.t("action-claim-draw"),
            Action::ClaimDrawWith(mv) => {
                let text = state.position.notation(&mv);
                let text = if chess {
                    chess_letters(lang, &text)
                } else {
                    text
                };
                format!("{text} ({})", lang.t("action-claim-draw"))
            }
            Action::Resign => lang.t("action-resign"),
        }
    }
}

/// The match panel's top: the game, the seats with their clocks, the status and the
/// pieces in hand. The rest of the panel is left in the [`Canvas`] for the rows after.
pub fn show(mut canvas: ResMut<Canvas>, settings: Res<Settings>, mut parts: Parts) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let mut rest = None;
    egui::Panel::right("match")
        // A third of a narrow window at most, so the board keeps the rest.
        .exact_size((root.ctx().viewport_rect().width() * 0.3).clamp(180.0, 300.0))
        .resizable(false)
        .show(root, |ui| {
            let session = &parts.session;
            let m = session.current();
            ui.add_space(6.0);
            ui.heading(lang.t(&format!("game-{}", m.game().id())));
            ui.separator();
            seats(ui, lang, session);
            ui.separator();
            status(ui, lang, m, &session.draft.seats);
            if let Some(at) = session.selection.landed {
                let gift = session
                    .table
                    .moves
                    .iter()
                    .any(|(_, v)| v.to() == at && v.gift.is_some());
                let key = if gift {
                    "status-gift"
                } else {
                    "status-relocate"
                };
                ui.label(egui::RichText::new(lang.t(key)).color(egui::Color32::YELLOW));
            }
            let mut picked = None;
            in_hand(ui, lang, session, &mut picked);
            if let Some(kind) = picked {
                parts.commands.write(Command::PickFromHand(kind));
            }
            rest = Some(ui.new_child(egui::UiBuilder::new().id_salt("rows")));
        });
    canvas.panel = rest;
}

/// Each seat: whose turn, its colour, its player's name and its clock, large, red
/// under ten seconds.
fn seats(ui: &mut egui::Ui, lang: Language, session: &Session) {
    let m = session.current();
    let position = m.position();
    let on_move = position.seats().seats_on_move();
    let count = session.draft.seats.len();
    for (i, name) in session.draft.seats.iter().enumerate() {
        let side = position.seats().seat_side(i);
        let disc = match side {
            Side::White => "○",
            Side::Black => "●",
            Side::Red | Side::Grey => "◆",
        };
        let marker = if m.outcome().is_none() && on_move.contains(&i) {
            "▶"
        } else {
            "  "
        };
        let name = seat_name(lang, m.game(), name, i, side, count);
        let note = position
            .seats()
            .seat_note(i)
            .map_or_else(String::new, |key| format!(" ({})", lang.t(key)));
        let rich = egui::RichText::new(format!("{marker} {disc} {name}{note}"));
        ui.horizontal(|ui| {
            ui.label(if on_move.contains(&i) {
                rich.strong()
            } else {
                rich
            });
            if let Some(reading) = m.clock().and_then(|c| c.seats.get(i)) {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let low = reading.left < 10_000;
                    let colour = if low {
                        egui::Color32::from_rgb(235, 70, 60)
                    } else if on_move.contains(&i) && m.outcome().is_none() {
                        ui.visuals().strong_text_color()
                    } else {
                        ui.visuals().weak_text_color()
                    };
                    ui.label(
                        egui::RichText::new(crate::rules::clock::shown(reading.left))
                            .monospace()
                            .size(22.0)
                            .color(colour),
                    );
                });
            }
        });
    }
    if m.clock().is_some() && session.clocks_paused {
        ui.label(egui::RichText::new(lang.t("status-clocks-paused")).italics());
    }
}

/// The result, or who is to move and what binds them: the moves left in the turn, a
/// check, a compulsory capture; and each side's count of pieces.
fn status(ui: &mut egui::Ui, lang: Language, m: &Match, names: &[String]) {
    let position = m.position();
    match m.outcome() {
        Some(outcome) => {
            ui.label(
                egui::RichText::new(outcome_text(lang, m, names, &outcome))
                    .strong()
                    .size(16.0),
            );
        }
        None => {
            let key = if position.awaits_roll() {
                "status-to-roll"
            } else {
                "status-to-move"
            };
            ui.label(lang.t_args(key, &[("side", movers(lang, m))]));
            match position.shown().turn_progress() {
                Some((n, 0)) => {
                    ui.label(lang.t_args("status-turn-move-open", &[("n", n.to_string())]));
                }
                Some((n, of)) if of > 1 => {
                    ui.label(lang.t_args(
                        "status-turn-move",
                        &[("n", n.to_string()), ("of", of.to_string())],
                    ));
                }
                _ => {}
            }
            if position.shown().check_cell().is_some() {
                ui.label(
                    egui::RichText::new(lang.t("status-check")).color(egui::Color32::LIGHT_RED),
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
    for (side, on_board, in_hand) in position.shown().tallies() {
        ui.label(lang.t_args(
            "status-tally",
            &[
                ("side", side_name(lang, side)),
                ("board", on_board.to_string()),
                ("hand", in_hand.to_string()),
            ],
        ));
    }
}

/// The message line, the match's buttons and the draw and resignation row.
pub fn controls(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut parts: Parts,
    mut computer: ComputerParts,
    mut dialogs: ResMut<Dialogs>,
    mut flip: MessageWriter<FlipView>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let lang = settings.language;
    let session = &parts.session;
    let m = session.current();
    let position = m.position();
    let mut send = None;
    // The message line is always there, so the buttons under it never move.
    let thinking = computer.thinking.busy() || computer.hint.thinking(session.revision);
    // A hint to pass or end the turn lights no square: it is said here.
    let hinted_pass = computer
        .hint
        .shown(session.revision)
        .is_some_and(|mv| position.is_pass(&mv));
    let message = match session.prompts.message {
        _ if session.prompts.refusal.is_some() => {
            session
                .prompts
                .refusal
                .as_ref()
                .map_or_else(String::new, |r| {
                    let words = wording::arguments(&r.words, position, |key| {
                        lang.has(key).then(|| lang.t(key))
                    });
                    lang.t_args(r.key, &words)
                })
        }
        Some(key) => lang.t(key),
        _ if thinking => lang.t("status-thinking"),
        _ if hinted_pass => lang.t("hint-pass"),
        _ => said_text(lang, m, computer.thinking.said.as_ref()).unwrap_or_default(),
    };
    ui.label(egui::RichText::new(message).italics());
    ui.separator();

    let legal = m.legal_actions();
    let mut claim_next = None;
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
            .add_enabled(session.can_redo(), egui::Button::new(lang.t("button-redo")))
            .clicked()
        {
            send = Some(Command::Redo);
        }
        if ui.button(lang.t("menu-flip")).clicked() {
            flip.write(FlipView);
        }
        // Browsing shows an earlier position; this returns to the latest.
        if m.can_redo() && ui.button(lang.t("button-back-to-game")).clicked() {
            send = Some(Command::GoTo(m.all_actions().len()));
        }
        // A hint for a player's turn (Chapayev's shots are aimed by hand).
        let players_turn = m.outcome().is_none()
            && !session.computer_to_move()
            && !position.awaits_roll()
            && !m.game().card().table;
        if players_turn {
            let asked = computer.hint.thinking(session.revision);
            if ui
                .add_enabled(!asked, egui::Button::new(lang.t("button-hint")))
                .clicked()
            {
                computer.hint.asked = Some(session.revision);
            }
        }
    });
    if let Some(pass) = legal
        .iter()
        .find(|x| matches!(x, Action::Play(mv) if position.is_pass(mv)))
    {
        // Ending a turn of several moves is a choice; a pass in Reversi is forced.
        let key = if position.shown().turn_progress().is_some() {
            "button-end-turn"
        } else {
            ui.label(egui::RichText::new(lang.t("status-pass")).color(egui::Color32::YELLOW));
            "button-pass"
        };
        if ui.button(lang.t(key)).clicked() {
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
        // A draw the next move would bring is claimed with it, if asked.
        if legal.iter().any(|a| matches!(a, Action::ClaimDrawWith(_))) {
            let mut claim = session.prompts.claim_next;
            if ui
                .checkbox(&mut claim, lang.t("button-claim-with-move"))
                .changed()
            {
                claim_next = Some(claim);
            }
        }
        if m.state().draw_votes.contains(&position.turn()) {
            ui.label(egui::RichText::new(lang.t("status-draw-offered")).italics());
        }
    });
    if let Some(claim) = claim_next {
        parts.commands.write(Command::ClaimWithNextMove(claim));
    }
    if let Some(c) = send {
        parts.commands.write(c);
    }
}

/// The move list, under a line, fills the rest of the panel.
pub fn moves(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    wordings: Res<Wordings>,
    settling: Res<Settling>,
    mut parts: Parts,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    ui.separator();
    let mut send = None;
    let words = Words {
        lang: settings.language,
        wordings: &wordings,
        unsettled: settling.0,
    };
    move_list(ui, &words, parts.session.current(), &mut send);
    if let Some(c) = send {
        parts.commands.write(c);
    }
}

/// The pieces each side holds off the board, drawn beside its name, and how the side
/// to move puts one down when it may: a click on one of its pieces picks that kind
/// (`picked`), and only its squares are lit.
/// One side's or seat's pieces in hand, as the panel lists them.
struct HandRow {
    label: String,
    /// It may put one down now.
    acting: bool,
    own: Vec<(PieceView, u32)>,
}

/// The pieces held off the board: by side, or by seat where seats hold them
/// (bughouse's four reserves, each under its seat's name).
fn in_hand(ui: &mut egui::Ui, lang: Language, session: &Session, picked: &mut Option<PieceKind>) {
    let position = session.current().position();
    let droppable = session.table.kinds_in_hand();
    let placing = !droppable.is_empty();
    let count = session.draft.seats.len();
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
                let name = session.draft.seats.get(seat).map_or("", String::as_str);
                let side = position.seats().seat_side(seat);
                let who = seat_name(lang, session.draft.game, name, seat, side, count);
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

/// The numbered moves as flowing text; a click shows the position after that move.
fn move_list(ui: &mut egui::Ui, words: &Words, m: &Match, send: &mut Option<Command>) {
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for i in 0..m.all_actions().len() {
                    let position = &m.state_before(i).position;
                    // A turn ended by its player shows as the end of its moves.
                    if ends_turn(position, &m.all_actions()[i]) {
                        continue;
                    }
                    let white = position.turn() == position.first_side();
                    let action = &m.all_actions()[i];
                    let starts_turn = (i == 0
                        || m.state_before(i - 1).position.turn() != position.turn())
                        && joined(position, action).is_none();
                    let numbered = position.shown().numbers_moves() && starts_turn;
                    let number = (numbered && (white || i == 0)).then(|| {
                        let n = position.move_number();
                        if white {
                            format!("{n}.")
                        } else {
                            format!("{n}...")
                        }
                    });
                    // Draw offers, acceptances and claims are small marks beside the
                    // moves; a move number is part of its move's label, so the two wrap
                    // together, never apart.
                    let decision = m.all_actions()[i].moved().is_none();
                    let visuals = ui.visuals();
                    let font = egui::FontId::monospace(if decision { 10.0 } else { 14.0 });
                    let weak = visuals.weak_text_color();
                    let colour = if i >= m.cursor() {
                        weak
                    } else {
                        visuals.text_color()
                    };
                    let mut job = egui::text::LayoutJob::default();
                    if let Some(number) = number {
                        let format = egui::TextFormat::simple(font.clone(), weak);
                        job.append(&format!("{number} "), 0.0, format);
                    }
                    let mut format = egui::TextFormat::simple(font, colour);
                    format.italics = decision;
                    let mut text = words.action(m, i);
                    // A move the same turn goes on after ends with the comma joining
                    // them; a die's roll and its move stand side by side.
                    let comma = m.all_actions().get(i + 1).is_some_and(|next| {
                        joined(&m.state_before(i + 1).position, next) == Some(",")
                    });
                    if comma {
                        text.push(',');
                    }
                    job.append(&text, 0.0, format);
                    if ui.selectable_label(i + 1 == m.cursor(), job).clicked() {
                        *send = Some(Command::GoTo(i + 1));
                    }
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_moves_read_with_russian_and_ukrainian_letters() {
        assert_eq!(chess_letters(Language::Russian, "Nxe5+"), "Кxe5+");
        assert_eq!(chess_letters(Language::Russian, "Rad1"), "Лad1");
        assert_eq!(chess_letters(Language::Ukrainian, "Rad1"), "Тad1");
        assert_eq!(chess_letters(Language::Russian, "exd8=Q#"), "exd8=Ф#");
        assert_eq!(chess_letters(Language::Ukrainian, "Kf1"), "Крf1");
        assert_eq!(chess_letters(Language::Russian, "O-O-O"), "O-O-O");
        assert_eq!(chess_letters(Language::English, "Bb5+"), "Bb5+");
        assert_eq!(chess_letters(Language::Russian, "Jd3"), "Шd3");
        assert_eq!(chess_letters(Language::Russian, "2B. Bxe6"), "2B. Сxe6");
        assert_eq!(chess_letters(Language::Ukrainian, "Gxe7+"), "Гxe7+");
        assert_eq!(chess_letters(Language::Russian, "Ke10(@c2)"), "Крe10(@c2)");
    }
}
