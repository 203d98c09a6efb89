//! The match's moves as the panel lists them: numbered, joined within a turn, each in
//! the player's language (chess's piece letters, a game's own wording), a click
//! showing the position after it.

use super::Canvas;
use super::analysis::{mark_colour, marks};
use super::naming::chess_letters;
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::analysis::Analysis;
use crate::plugins::session::{Command, Settling};
use crate::plugins::storage::Settings;
use crate::rules::history::Action;
use crate::rules::record::{ends_turn, joined};
use crate::rules::{GameId, Match};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;

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

/// The move list, under a line, fills the rest of the panel.
pub fn show(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    wordings: Res<Wordings>,
    settling: Res<Settling>,
    analysis: Res<Analysis>,
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
    let session = &parts.session;
    let marks = marks(words.lang, session, &analysis);
    move_list(ui, &words, session.current(), &marks, &mut send);
    if let Some(c) = send {
        parts.commands.write(c);
    }
}

/// The move list's least height: about four lines of moves. In a short window the
/// panel scrolls to show it whole rather than squeeze it.
const LEAST_HEIGHT: f32 = 96.0;

/// The numbered moves as flowing text; a click shows the position after that move.
/// A move the review marked carries its sign, and says what was better on hover.
fn move_list(
    ui: &mut egui::Ui,
    words: &Words,
    m: &Match,
    marks: &HashMap<usize, (crate::engine::review::Mark, String)>,
    send: &mut Option<Command>,
) {
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink(false)
        .min_scrolled_height(LEAST_HEIGHT)
        // A move is brought into view at once, so the panel can follow it.
        .animated(false)
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
                    job.append(&text, 0.0, format.clone());
                    let marked = marks.get(&i);
                    if let Some((mark, _)) = &marked {
                        format.color = mark_colour(*mark);
                        job.append(mark.sign(), 0.0, format);
                    }
                    let mut label = ui.selectable_label(i + 1 == m.cursor(), job);
                    // egui does not bring the keyboard's focus into view by itself.
                    if label.gained_focus() {
                        label.scroll_to_me(None);
                    }
                    if let Some((_, better)) = marked {
                        label = label.on_hover_text(better);
                    }
                    if label.clicked() {
                        *send = Some(Command::GoTo(i + 1));
                    }
                }
            });
        });
}
