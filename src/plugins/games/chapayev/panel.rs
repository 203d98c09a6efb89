//! Chapayev's part of the match panel: the lot, the scoreboard (tours, rounds, lines,
//! troops), what the last shot did, and the choice of shot.

use super::{ShotKind, Table, chapayev};
use crate::i18n::Language;
use crate::plugins::session::Command;
use crate::plugins::ui::naming::side_name;
use crate::rules::Seats;
use crate::rules::chapayev::{self, HangResult, Shot, checker_name};
use crate::rules::{Action, Match, Move, Side};
use bevy_egui::egui;

pub fn show(
    ui: &mut egui::Ui,
    lang: Language,
    m: &Match,
    table: &mut Table,
    send: &mut Option<Command>,
) {
    let Some(now) = chapayev(m.position()) else {
        return;
    };
    // While a shot plays out, the counts are those before it and its result waits
    // until the checkers are still.
    let playing = table.playing();
    let c = match m.cursor().checked_sub(1) {
        Some(i) if playing => chapayev(&m.state_before(i).position).unwrap_or(now),
        _ => now,
    };
    let name = |s: Side| side_name(lang, s);
    if c.options().earth_rotates && ui.button(lang.t("table-reset-view")).clicked() {
        table.yaw = super::behind(c.turn());
        table.pitch = Table::default().pitch;
    }
    if let Some(seat) = c.white_seat() {
        ui.label(lang.t_args("table-lot", &[("seat", (seat + 1).to_string())]));
    }
    egui::Grid::new("score").striped(true).show(ui, |ui| {
        ui.label("");
        ui.strong(name(Side::White));
        ui.strong(name(Side::Black));
        ui.end_row();
        ui.label(lang.t("table-tours"));
        ui.label(c.tours_won[0].to_string());
        ui.label(c.tours_won[1].to_string());
        ui.end_row();
        ui.label(lang.t("table-troops"));
        for side in Side::BOTH {
            ui.label(lang.t(&format!("troop-{}", c.troop(side).id())));
        }
        ui.end_row();
        ui.label(lang.t("table-line"));
        ui.label(c.lines.line[0].to_string());
        ui.label(c.lines.line[1].to_string());
        ui.end_row();
        ui.label(lang.t("table-on-board"));
        for side in Side::BOTH {
            let n = c
                .checkers
                .iter()
                .filter(|ch| ch.pose.is_some() && ch.owner == side)
                .count();
            ui.label(n.to_string());
        }
        ui.end_row();
    });
    ui.label(lang.t_args(
        "table-round",
        &[
            ("tour", c.tour.to_string()),
            ("round", c.round.to_string()),
            ("goal", c.options().tours_to_win.to_string()),
        ],
    ));
    if let Some(report) = c.report.as_ref().filter(|_| !playing) {
        ui.label(egui::RichText::new(report_text(lang, c, report)).italics());
    }
    if m.outcome().is_some() || !now.lot_drawn() {
        return;
    }
    ui.separator();
    // A poke is offered while one of the shooter's checkers touches another.
    let can_poke = !now.options().flick_only
        && (0..16).any(|i| now.checkers[i as usize].owner == now.turn() && now.may_poke(i));
    if !can_poke {
        table.kind = ShotKind::Flick;
    }
    ui.horizontal(|ui| {
        ui.radio_value(&mut table.kind, ShotKind::Flick, lang.t("shot-flick"));
        if can_poke {
            ui.radio_value(&mut table.kind, ShotKind::Poke, lang.t("shot-poke"));
        }
    });
    if table.kind == ShotKind::Flick {
        ui.add(egui::Slider::new(&mut table.spin, -1.0..=1.0).text(lang.t("shot-spin")));
    }
    ui.label(egui::RichText::new(lang.t("table-how-to-aim")).weak());
    // Scissors are offered where the position allows them.
    let mine: Vec<u8> = (0..16)
        .filter(|&i| now.checkers[i as usize].owner == now.turn())
        .collect();
    let mut cuts = Vec::new();
    for e in 0..16u8 {
        for (k, &a) in mine.iter().enumerate() {
            for &b in &mine[k + 1..] {
                if !now.options().flick_only && now.may_cut(a, b, e) {
                    cuts.push((a, b, e));
                }
            }
        }
    }
    if !cuts.is_empty() {
        ui.separator();
        ui.label(lang.t("shot-scissors"));
        let (strength, offset) = &mut table.squeeze;
        ui.add(egui::Slider::new(strength, 0.0..=1.0).text(lang.t("table-strength")));
        ui.add(egui::Slider::new(offset, -1.0..=1.0).text(lang.t("shot-offset")));
        for (a, b, e) in cuts {
            let label = format!(
                "{} + {} → {}",
                checker_name(a),
                checker_name(b),
                checker_name(e)
            );
            if ui.button(label).clicked() {
                let shot = Shot::Scissors {
                    a,
                    b,
                    target: e,
                    strength: table.squeeze.0,
                    offset: table.squeeze.1,
                }
                .canonical();
                *send = Some(Command::Act(Action::Play(Move::Chapayev(
                    chapayev::Action::shot(shot),
                ))));
            }
        }
    }
}

/// A Chapayev action as a player reads it in the move list: "W4 flicks. Off: B6, B7."
/// instead of the record's numbers (the saved file keeps those). An `unsettled` shot is
/// still playing out, so only who shot is told.
pub fn action_text(lang: Language, m: &Match, i: usize, unsettled: bool) -> Option<String> {
    let Action::Play(Move::Chapayev(action)) = m.all_actions()[i] else {
        return None;
    };
    let shot = match action {
        chapayev::Action::Lot { white_seat, .. } => {
            return Some(lang.t_args("table-lot", &[("seat", (white_seat + 1).to_string())]));
        }
        chapayev::Action::Shot { shot, .. } => shot,
    };
    let mut text = match shot {
        Shot::Flick { checker, .. } => lang.t_args("moved-flick", &[("id", checker_name(checker))]),
        Shot::Poke { checker, .. } => lang.t_args("moved-poke", &[("id", checker_name(checker))]),
        Shot::Scissors { a, b, target, .. } => lang.t_args(
            "moved-scissors",
            &[
                ("a", checker_name(a)),
                ("b", checker_name(b)),
                ("target", checker_name(target)),
            ],
        ),
    };
    // The position after the shot keeps what it did.
    let removed = chapayev(&m.state_before(i + 1).position)
        .and_then(|c| c.report.as_ref())
        .map(|r| r.removed.clone())
        .unwrap_or_default();
    if !removed.is_empty() && !unsettled {
        let ids: Vec<String> = removed.iter().map(|&c| checker_name(c)).collect();
        text.push(' ');
        text.push_str(&lang.t_args("report-off", &[("ids", ids.join(", "))]));
    }
    Some(text)
}

/// "Off: B3, B5. White keeps the turn. White wins the round and moves up a line."
fn report_text(lang: Language, c: &chapayev::Chapayev, report: &chapayev::Report) -> String {
    let names = |ids: &[u8]| {
        ids.iter()
            .map(|&i| checker_name(i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !report.removed.is_empty() {
        parts.push(lang.t_args("report-off", &[("ids", names(&report.removed))]));
    }
    if !report.cut.is_empty() {
        parts.push(lang.t_args("report-cut", &[("ids", names(&report.cut))]));
    }
    if !report.traitors.is_empty() {
        parts.push(lang.t_args("report-traitors", &[("ids", names(&report.traitors))]));
    }
    for hang in &report.hangs {
        let result = match hang.result {
            HangResult::Off => "hang-off",
            HangResult::Cut => "hang-cut",
            HangResult::OnOwn => "hang-own",
            HangResult::OnBoard => "hang-board",
            HangResult::StillHanging => "hang-still",
        };
        parts.push(lang.t_args(
            "report-hang",
            &[
                ("id", checker_name(hang.checker)),
                ("result", lang.t(result)),
            ],
        ));
    }
    match report.round_end {
        Some(end) => {
            parts.push(match end.winner {
                None => lang.t("report-round-replayed"),
                Some(w) if c.winner().is_some() => {
                    lang.t_args("report-match", &[("side", side_name(lang, w))])
                }
                Some(w) if end.tour_won => {
                    lang.t_args("report-tour", &[("side", side_name(lang, w))])
                }
                Some(w) => lang.t_args(
                    if end.sweep {
                        "report-round-sweep"
                    } else {
                        "report-round"
                    },
                    &[("side", side_name(lang, w))],
                ),
            });
            if c.winner().is_none() {
                parts.push(lang.t_args(
                    "report-next",
                    &[
                        (
                            "white",
                            lang.t(&format!("troop-{}", c.troop(Side::White).id())),
                        ),
                        ("wline", c.lines.line[0].to_string()),
                        (
                            "black",
                            lang.t(&format!("troop-{}", c.troop(Side::Black).id())),
                        ),
                        ("bline", c.lines.line[1].to_string()),
                    ],
                ));
            }
        }
        None => parts.push(lang.t(if report.keep {
            "report-keep"
        } else {
            "report-pass"
        })),
    }
    parts.join(" ")
}

/// How long the end of a round is announced over the table, after its shot played out.
const ANNOUNCE_SECONDS: f64 = 4.0;

/// Announces the end of a round over the table once its last shot has played out: who
/// won, and the lines and troops of the next round.
pub fn announce(ui: &egui::Ui, lang: Language, m: &Match, revision: u64, table: &mut Table) {
    let Some(c) = chapayev(m.position()) else {
        return;
    };
    let Some(report) = c.report.as_ref().filter(|r| r.round_end.is_some()) else {
        return;
    };
    let now = ui.input(|i| i.time);
    if table.playback.is_some() {
        return;
    }
    let since = match table.announced {
        Some((r, since)) if r == revision => since,
        _ => {
            table.announced = Some((revision, now));
            now
        }
    };
    if now - since > ANNOUNCE_SECONDS {
        return;
    }
    let Some((min, max)) = table.area else { return };
    let centre = egui::pos2((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
    let painter = ui.ctx().layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("round-end"),
    ));
    let galley = painter.layout(
        report_text(lang, c, report),
        egui::FontId::proportional(22.0),
        egui::Color32::WHITE,
        (max.x - min.x) * 0.7,
    );
    let rect = egui::Rect::from_center_size(centre, galley.size()).expand(18.0);
    painter.rect_filled(rect, 10.0, egui::Color32::from_black_alpha(190));
    painter.galley(
        rect.min + egui::vec2(18.0, 18.0),
        galley,
        egui::Color32::WHITE,
    );
    ui.ctx().request_repaint();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Position};

    /// A shot still rolling on the table is listed by who shot; what it knocked off
    /// joins the line once the checkers are still.
    #[test]
    fn the_move_list_tells_what_fell_only_when_the_shot_is_over() {
        let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
        m.play_text("lot white=1 seed=5").unwrap();
        m.play_text("flick W4 th=90.0000 s=0.6000 e=0.0000")
            .unwrap();
        let removed = chapayev(m.position())
            .unwrap()
            .report
            .as_ref()
            .unwrap()
            .removed
            .clone();
        assert_eq!(removed, [12], "the flick knocks the checker facing W4 off");
        let lang = Language::English;
        let settled = action_text(lang, &m, 1, false).unwrap();
        let rolling = action_text(lang, &m, 1, true).unwrap();
        assert!(settled.contains(&checker_name(removed[0])), "{settled}");
        assert!(
            settled.starts_with(&rolling) && rolling.contains("W4"),
            "{rolling}"
        );
        assert!(!rolling.contains(&checker_name(removed[0])), "{rolling}");
    }
}
