//! The side panel of a match: the seats, the status, the pieces in hand, the message
//! line and the buttons. The move list ends it ([`move_list`](super::move_list)); a
//! game's own rows come between (see [`UiSystems`](super::UiSystems)).

use super::Canvas;
use super::dialogs::Dialogs;
use super::naming::{movers, outcome_text, seat_name, side_name};
use super::parts::{ComputerParts, Parts};
use crate::i18n::Language;
use crate::plugins::layout::FlipView;
use crate::plugins::session::{Command, Session};
use crate::plugins::storage::Settings;
use crate::rules::history::Action;
use crate::rules::why::Remark;
use crate::rules::{Match, Side};
use bevy::prelude::*;
use bevy_egui::egui;

/// The computer's remark on its latest action (chess for three's diplomatic steps),
/// while that action is the last one on the board.
fn said_text(lang: Language, m: &Match, said: Option<&(usize, Action, Remark)>) -> Option<String> {
    let (at, action, said) = said?;
    if m.cursor() != at + 1 || m.all_actions().get(*at) != Some(action) {
        return None;
    }
    let position = &m.state_before(*at).position;
    Some(lang.say(said.key, &said.words, position))
}

/// The match panel's top: the game, the seats with their clocks, the status and the
/// pieces in hand. The rest of the panel is left in the [`Canvas`] for the rows after.
pub fn show(mut canvas: ResMut<Canvas>, settings: Res<Settings>, mut parts: Parts) {
    let Canvas {
        root: Some(root),
        panel,
        scroll,
    } = &mut *canvas
    else {
        return;
    };
    let lang = settings.language;
    egui::Panel::right("match")
        // A third of a narrow window at most, so the board keeps the rest.
        .exact_size((root.ctx().viewport_rect().width() * 0.3).clamp(180.0, 300.0))
        .resizable(false)
        .show(root, |ui| {
            scroll.area().show(ui, |area| {
                let mut rows = scroll.content(area);
                let ui = &mut rows;
                let session = &parts.session;
                let m = session.current();
                ui.add_space(6.0);
                ui.heading(lang.t(&format!("game-{}", m.game().id())));
                ui.separator();
                seats(ui, lang, session);
                ui.separator();
                status(ui, lang, m, &session.draft().seats);
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
                super::hand::in_hand(ui, lang, session, &mut picked);
                if let Some(kind) = picked {
                    parts.commands.write(Command::PickFromHand(kind));
                }
                *panel = Some(rows);
            });
        });
}

/// The match panel scrolls as a whole when the window is too short for it. Its rows
/// are drawn by the systems after [`show`], once its scroll area has ended, so the
/// area learns what it needs of them from the frame before ([`measure`]): how far
/// they reach, a control the keyboard moved to, and the wheel they left unused (the
/// move list and the chat, scroll areas of their own, take it first while they can
/// scroll, as egui's nested areas do).
#[derive(Default)]
pub struct Scroll {
    /// How high the panel's content reached.
    height: f32,
    /// A control that took the keyboard's focus, to bring into view.
    reveal: Option<egui::Rect>,
    /// The control with the keyboard's focus in the last two frames, latest first.
    focused: [Option<egui::Id>; 2],
    /// The wheel's turn over the panel that no area in it took.
    wheel: f32,
}

impl Scroll {
    /// The panel's area. It takes the wheel the rows leave, a frame later (its own
    /// would come before theirs), and scrolls at once: egui smoothed the wheel already.
    fn area(&self) -> egui::ScrollArea {
        egui::ScrollArea::vertical()
            .id_salt("panel")
            .auto_shrink(false)
            .animated(false)
            .scroll_source(egui::scroll_area::ScrollSource {
                mouse_wheel: false,
                ..Default::default()
            })
    }

    /// The panel's surface in the area, as high as the area: the move list fills what
    /// is left of it, as in a tall window, down to its least height; the area is told
    /// what the frame before learnt.
    fn content(&mut self, area: &mut egui::Ui) -> egui::Ui {
        let rows = area.new_child(egui::UiBuilder::new().id_salt("rows"));
        area.set_min_height(self.height);
        if let Some(rect) = self.reveal.take() {
            area.scroll_to_rect(rect, None);
        }
        area.scroll_with_delta(egui::vec2(0.0, std::mem::take(&mut self.wheel)));
        rows
    }
}

/// The panel, once its last row is drawn, measured for the next frame's scroll area
/// (see [`Scroll`]); that frame is asked for when the area has something to change.
pub fn measure(mut canvas: ResMut<Canvas>) {
    let Canvas {
        panel: Some(panel),
        scroll,
        ..
    } = &mut *canvas
    else {
        return;
    };
    let ctx = panel.ctx().clone();
    let height = panel.min_rect().height();
    let resized = (height - scroll.height).abs() > 0.5;
    scroll.height = height;
    // egui scrolls to a control only when asked while its area is laid out, and never
    // for the keyboard's focus: a control that took it is brought into view, in the
    // frame it did and again in the next, once the move list has brought a move into
    // its own view.
    let focused = ctx.memory(|m| m.focused());
    let fresh = focused != scroll.focused[0] || focused != scroll.focused[1];
    scroll.focused = [focused, scroll.focused[0]];
    scroll.reveal = focused
        .filter(|_| fresh)
        .and_then(|id| ctx.read_response(id))
        .filter(|r| r.layer_id == panel.layer_id() && panel.min_rect().contains_rect(r.rect))
        .map(|r| r.rect);
    scroll.wheel = if panel.rect_contains_pointer(panel.clip_rect()) {
        ctx.input(|i| i.smooth_scroll_delta().y)
    } else {
        0.0
    };
    if resized || scroll.reveal.is_some() || scroll.wheel != 0.0 {
        ctx.request_repaint();
    }
}

/// Each seat: whose turn, its colour, its player's name and its clock, large, red
/// under ten seconds.
fn seats(ui: &mut egui::Ui, lang: Language, session: &Session) {
    let m = session.current();
    let position = m.position();
    let on_move = position.seats().seats_on_move();
    let count = session.draft().seats.len();
    for (i, name) in session.draft().seats.iter().enumerate() {
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
        let mut note = position
            .seats()
            .seat_note(i)
            .map_or_else(String::new, |key| format!(" ({})", lang.t(key)));
        // Online, a player whose connection is down.
        if session.away().get(i).copied().unwrap_or(false) {
            note += &format!(" ({})", lang.t("online-away"));
        }
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
    if m.clock().is_some() && session.clocks_paused() {
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
        _ if session.prompts.refusal.is_some() => session
            .prompts
            .refusal
            .as_ref()
            .map_or_else(String::new, |r| lang.say(r.key, &r.words, position)),
        Some(key) => lang.t(key),
        _ if thinking => lang.t("status-thinking"),
        _ if hinted_pass => lang.t("hint-pass"),
        _ => said_text(lang, m, computer.thinking.said.as_ref()).unwrap_or_default(),
    };
    ui.label(egui::RichText::new(message).italics());
    ui.separator();

    // Online, offers and resignation are the seat on move's, and only that seat's
    // player is shown them.
    let legal = if session.my_turn() {
        m.legal_actions()
    } else {
        Vec::new()
    };
    let mut claim_next = None;
    ui.horizontal_wrapped(|ui| {
        // Online, a new match is a rematch, asked in the online rows; Undo asks the
        // other players, and there is nothing to redo.
        let online = session.online();
        if !online && ui.button(lang.t("button-new-game")).clicked() {
            send = Some(Command::NewMatch);
        }
        let undo = if online {
            "button-ask-takeback"
        } else {
            "button-undo"
        };
        let may_undo = session.can_undo();
        if ui
            .add_enabled(may_undo, egui::Button::new(lang.t(undo)))
            .clicked()
        {
            send = Some(Command::Undo);
        }
        if !online
            && ui
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
        // Online, hints are off: the computer does not help a player against another.
        let players_turn = !online
            && m.outcome().is_none()
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
    // A game studied is no match: nobody offers, claims or resigns in it.
    let decides = !session.studying();
    ui.horizontal_wrapped(|ui| {
        for (action, key) in [
            (Action::OfferDraw, "button-offer-draw"),
            (Action::ClaimDraw, "button-claim-draw"),
            (Action::Resign, "button-resign"),
        ] {
            if decides && legal.contains(&action) && ui.button(lang.t(key)).clicked() {
                if action == Action::Resign {
                    dialogs.confirm_resign = true;
                } else {
                    send = Some(Command::Act(action));
                }
            }
        }
        // A draw the next move would bring is claimed with it, if asked.
        if decides && legal.iter().any(|a| matches!(a, Action::ClaimDrawWith(_))) {
            let mut claim = session.prompts.claim_next;
            if ui
                .checkbox(&mut claim, lang.t("button-claim-with-move"))
                .changed()
            {
                claim_next = Some(claim);
            }
        }
        // The offer stands while its maker moves: said to each player as it concerns
        // them (online, the others see it from the other side of the table).
        if m.state().draw_votes.contains(&position.turn()) {
            let key = match session.mine() {
                _ if session.my_turn() => "status-draw-offered",
                Some([]) => "status-draw-offered-watching",
                _ => "status-draw-offered-to-you",
            };
            ui.label(egui::RichText::new(lang.t(key)).italics());
        }
    });
    if let Some(claim) = claim_next {
        parts.commands.write(Command::ClaimWithNextMove(claim));
    }
    if let Some(c) = send {
        parts.commands.write(c);
    }
}
