//! The diplomacy of chess for three in the match panel: who is in the game, who serves
//! whom, who holds which fallen army, whom the player to move may capture and why, and
//! a button for every declaration the rules allow right now. And the question a
//! player is asked, to serve or to be served, over the board.

use crate::i18n::Language;
use crate::plugins::board::BoardPlace;
use crate::plugins::session::{Command, Session};
use crate::plugins::storage::Settings;
use crate::plugins::ui::naming::side_name;
use crate::plugins::ui::{Canvas, over_board};
use crate::rules::Seats;
use crate::rules::decisions;
use crate::rules::history::Action;
use crate::rules::trichess::{self, TriChess, bit};
use crate::rules::{Game, Move, Position, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

const YES: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const NO: egui::Color32 = egui::Color32::from_rgb(230, 110, 110);

/// The diplomacy's rows in the match panel.
pub fn rows(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut commands: MessageWriter<Command>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    ui.separator();
    let mut send = None;
    show(ui, settings.language, &session, &mut send);
    if let Some(c) = send {
        commands.write(c);
    }
}

fn show(ui: &mut egui::Ui, lang: Language, session: &Session, send: &mut Option<Command>) {
    let m = session.current();
    let Position::TriChess(p) = m.position() else {
        return;
    };
    let name = |side: Side| side_name(lang, side);
    ui.label(egui::RichText::new(lang.t("diplomacy-heading")).strong());
    for army in Side::THREE {
        ui.label(relations(lang, p, army));
    }
    if m.outcome().is_none() && p.question().is_none() {
        if let Some(master) = p.ordered_by() {
            ui.label(lang.t_args(
                "diplomacy-ordering",
                &[("master", name(master)), ("servant", name(p.turn()))],
            ));
        } else if p.options().neutrality
            && let Some(reader) = neutrality_reader(session.seen_by(), p)
        {
            neutrality(ui, lang, p, reader);
        }
    }
    for action in m.legal_actions() {
        let Action::Play(Move::TriChess(a)) = action else {
            continue;
        };
        // Online, each player is offered only their own army's diplomacy.
        if session.online() && session.computer_holds(&action) {
            continue;
        }
        // The answers are the question's own, over the board.
        if matches!(a, trichess::Action::Answer(_)) {
            continue;
        }
        let Some(said) = decisions::named(m.position(), &Move::TriChess(a)) else {
            continue;
        };
        let label = lang.say(said.key, &said.words, m.position());
        if ui.button(label).clicked() {
            *send = Some(Command::Act(action));
        }
    }
}

/// "Black serves White (may order in 1 round)", "Red is out; White holds its throne".
fn relations(lang: Language, p: &TriChess, army: Side) -> String {
    let name = |side: Side| side_name(lang, side);
    if p.is_out(army) {
        return match p.controller(army) {
            Some(holder) => lang.t_args(
                "diplomacy-out-held",
                &[("army", name(army)), ("holder", name(holder))],
            ),
            None => lang.t_args("diplomacy-out", &[("army", name(army))]),
        };
    }
    let masters: Vec<Side> = p.masters(army).collect();
    if masters.is_empty() {
        return lang.t_args("diplomacy-in-game", &[("army", name(army))]);
    }
    let parts: Vec<String> = masters
        .iter()
        .map(|&master| {
            let when = if p.suspended(master, army).is_some() {
                lang.t("diplomacy-suspended")
            } else {
                // At most three rounds: "one" is the only singular to say.
                match p.rounds_until_order(master, army) {
                    0 => lang.t("diplomacy-may-order"),
                    1 => lang.t("diplomacy-order-next"),
                    n => lang.t_args("diplomacy-order-in", &[("rounds", n.to_string())]),
                }
            };
            format!("{} ({when})", name(master))
        })
        .collect();
    lang.t_args(
        "diplomacy-serves",
        &[("army", name(army)), ("masters", parts.join(", "))],
    )
}

/// The army whose captures the neutrality lines describe. Online, each player reads
/// whom their own army may capture (`seen_by`, the window's army); at one table, the
/// player to move does. An army out of the game reads none.
fn neutrality_reader(seen_by: Option<Side>, p: &TriChess) -> Option<Side> {
    Some(seen_by.unwrap_or(p.turn())).filter(|&army| !p.is_out(army))
}

/// For `mover`'s army: each opponent it may or may not capture now, and why.
fn neutrality(ui: &mut egui::Ui, lang: Language, p: &TriChess, mover: Side) {
    let name = |side: Side| side_name(lang, side);
    let active: Vec<Side> = Side::THREE.into_iter().filter(|&a| !p.is_out(a)).collect();
    for target in active.iter().copied().filter(|&a| a != mover) {
        let may = p.may_capture(mover, target);
        let third = active.iter().copied().find(|&c| c != mover && c != target);
        let args = |c: Side| {
            vec![
                ("army", name(target)),
                ("third", name(c)),
                ("mover", name(mover)),
            ]
        };
        let why = if p.masters(target).any(|x| x == mover) || p.masters(mover).any(|x| x == target)
        {
            if may {
                lang.t_args("neutral-suspended", &args(target))
            } else {
                lang.t_args("neutral-allied", &args(target))
            }
        } else {
            match third {
                None => lang.t_args("neutral-two-left", &args(target)),
                Some(c) if p.captured_by(target) & bit(mover) != 0 => {
                    lang.t_args("neutral-took-yours", &args(c))
                }
                Some(c) if p.captured_by(c) & bit(target) != 0 => {
                    lang.t_args("neutral-protected", &args(c))
                }
                Some(c) => lang.t_args("neutral-free", &args(c)),
            }
        };
        let mark = if may { "✔" } else { "✘" };
        ui.label(egui::RichText::new(format!("{mark} {why}")).color(if may { YES } else { NO }));
    }
}

/// The question the asked player answers now, if any ("White asks Black to serve
/// him"), with Yes and No.
pub fn question(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    session: Res<Session>,
    place: Res<BoardPlace>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let Position::TriChess(p) = session.current().position() else {
        return Ok(());
    };
    let Some(q) = p.question() else {
        return Ok(());
    };
    // Online, only the asked player is asked.
    let answer = Action::Play(Move::TriChess(trichess::Action::Answer(true)));
    if session.online() && session.computer_holds(&answer) {
        return Ok(());
    }
    let lang = settings.language;
    let position = session.current().position();
    let asked = decisions::question(position).map(|q| lang.say(q.key, &q.words, position));
    let title = lang.t_args("dialog-vassal", &[("side", side_name(lang, q.asked()))]);
    let ctx = contexts.ctx_mut()?;
    over_board(title, place.area).show(ctx, |ui| {
        ui.label(asked.unwrap_or_default());
        ui.horizontal(|ui| {
            for (yes, key) in [(true, "button-yes"), (false, "button-no")] {
                if ui.button(lang.t(key)).clicked() {
                    let answer = Move::TriChess(trichess::Action::Answer(yes));
                    commands.write(Command::Act(Action::Play(answer)));
                }
            }
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_window_reads_its_own_armys_captures() {
        let mut p = TriChess::new(Default::default());
        let first = p.parse_move("NWP2-WS3").expect("a legal move");
        p.play(&first);
        assert_eq!(p.turn(), Side::Black);
        assert_eq!(neutrality_reader(Some(Side::White), &p), Some(Side::White));
        assert_eq!(neutrality_reader(Some(Side::Red), &p), Some(Side::Red));
        assert_eq!(neutrality_reader(None, &p), Some(Side::Black), "one table");
    }
}
