//! What the analysis shows: the evaluation bar beside the board, the engine's score
//! and best line in the match panel, the line's first moves as arrows on the board,
//! and the review's graph of the game (a line per army in chess for three), which
//! takes the player to a move when clicked. The move list marks the costly moves
//! (see [`marks`]).

use super::Canvas;
use super::naming::{chess_letters, side_name};
use crate::engine::review::Mark;
use crate::i18n::Language;
use crate::plugins::analysis::{Analysis, Reading, StartReview};
use crate::plugins::board::{BoardLayout, board_shown};
use crate::plugins::layout::Flipped;
use crate::plugins::session::{Command, Screen, Session};
use crate::plugins::storage::Settings;
use crate::rules::score::Score;
use crate::rules::{Position, Side};
use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashMap;

/// The bar's width, in points.
const BAR_WIDTH: f32 = 26.0;
/// The graph's height, in points.
const GRAPH_HEIGHT: f32 = 90.0;
/// Moves of the best line drawn as arrows.
const ARROWS: usize = 3;

/// The side a reading's score is for: the player to move.
fn mover(position: &Position) -> Side {
    let seats = position.seats();
    seats.seat_side(seats.seat_to_move())
}

/// The reading's score for `side`, where it can be told: with two players the
/// opponent's is its negation; with three only the mover's is known.
fn score_for(reading: &Reading, side: Side) -> Option<i32> {
    let position = &reading.position;
    let score = reading.progress.score;
    if mover(position) == side {
        Some(score)
    } else if position.seats().seat_count() == 2 {
        Some(-score)
    } else {
        None
    }
}

/// The side the bar fills from below, and its score: with two players the side at
/// the bottom of the board, with three the player to move.
fn bar_side(reading: &Reading, flipped: bool) -> (Side, i32) {
    let position = &reading.position;
    if position.seats().seat_count() == 2 {
        let first = position.first_side();
        let bottom = if flipped { first.other() } else { first };
        (bottom, score_for(reading, bottom).unwrap_or(0))
    } else {
        (mover(position), reading.progress.score)
    }
}

fn read(position: &Position, score: i32) -> Score {
    Score::read(position.game(), score, position.seats().seat_count())
}

/// The score in words, for `side`: "+1.3 pawns for White", "mate in 3 for Black".
fn score_words(lang: Language, position: &Position, side: Side, score: i32) -> String {
    let unit = position.game().score_unit();
    match read(position, score) {
        Score::Win(n) if n > 0 => lang.t_args(
            unit.win_key,
            &[("n", n.to_string()), ("side", side_name(lang, side))],
        ),
        Score::Win(n) => lang.t_args(
            "score-lost-in",
            &[("n", (-n).to_string()), ("side", side_name(lang, side))],
        ),
        units @ Score::Units(_) => lang.t_args(
            "analysis-score",
            &[
                ("score", units.short()),
                ("unit", lang.t(unit.key)),
                ("side", side_name(lang, side)),
            ],
        ),
    }
}

/// A line of moves from `position`, numbered as the move list numbers them, in the
/// reader's letters.
fn line_text(lang: Language, position: &Position, line: &[crate::rules::Move]) -> String {
    let chess = position.game().card().san;
    let numbered = position.shown().numbers_moves();
    let mut p = position.clone();
    let mut out = Vec::new();
    for (i, mv) in line.iter().enumerate() {
        if !p.is_legal(mv) {
            break;
        }
        let first = p.turn() == p.first_side();
        if numbered && (first || i == 0) {
            let n = p.move_number();
            out.push(if first {
                format!("{n}.")
            } else {
                format!("{n}...")
            });
        }
        let text = p.notation(mv);
        out.push(if chess {
            chess_letters(lang, &text)
        } else {
            text
        });
        if p.play(mv).is_err() {
            break;
        }
    }
    out.join(" ")
}

/// The evaluation bar, in a strip left of the board, while a game is studied.
pub fn bar(
    mut canvas: ResMut<Canvas>,
    session: Res<Session>,
    analysis: Res<Analysis>,
    flipped: Res<Flipped>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    if !session.studying() {
        return;
    }
    egui::Panel::left("evaluation")
        .exact_size(BAR_WIDTH)
        .resizable(false)
        .frame(egui::Frame::NONE)
        .show(root, |ui| {
            let rect = ui.max_rect().shrink2(egui::vec2(4.0, 10.0));
            let painter = ui.painter();
            let m = session.current();
            let fill = match (&analysis.reading, m.outcome()) {
                (Some(reading), _) => {
                    let (side, score) = bar_side(reading, flipped.0);
                    let score = read(&reading.position, score);
                    Some((side, score.share(), score.short()))
                }
                // A finished game fills the bar for its winner, half for a draw.
                (None, Some(outcome)) if m.position().seats().seat_count() == 2 => {
                    let first = m.position().first_side();
                    let side = if flipped.0 { first.other() } else { first };
                    let share = match outcome.winner {
                        None => 0.5,
                        Some(w) if w == side => 1.0,
                        Some(_) => 0.0,
                    };
                    let text = match outcome.winner {
                        None => "½-½",
                        Some(_) => crate::rules::record::result_token(m),
                    };
                    Some((side, share, text.to_string()))
                }
                _ => None,
            };
            let Some((side, share, text)) = fill else {
                painter.rect_filled(rect, 2.0, egui::Color32::from_gray(90));
                return;
            };
            let (below, above) = if side == Side::Black {
                (egui::Color32::from_gray(30), egui::Color32::from_gray(235))
            } else {
                (egui::Color32::from_gray(235), egui::Color32::from_gray(30))
            };
            let below = if side == Side::Red {
                egui::Color32::from_rgb(200, 60, 50)
            } else {
                below
            };
            painter.rect_filled(rect, 2.0, above);
            let split = rect.bottom() - rect.height() * share;
            let filled = egui::Rect::from_min_max(egui::pos2(rect.left(), split), rect.max);
            painter.rect_filled(filled, 2.0, below);
            // The number, on the side ahead, in the other colour so it reads.
            let font = egui::FontId::proportional(10.0);
            let (at, colour, anchor) = if share >= 0.5 {
                (
                    rect.center_bottom() - egui::vec2(0.0, 2.0),
                    above,
                    egui::Align2::CENTER_BOTTOM,
                )
            } else {
                (
                    rect.center_top() + egui::vec2(0.0, 2.0),
                    below,
                    egui::Align2::CENTER_TOP,
                )
            };
            painter.text(at, anchor, text, font, colour);
        });
}

/// The analysis rows of the match panel: the score and best line, the review and
/// its graph, the way back from a variation and out of the study. A finished game
/// not studied offers its analysis.
pub fn rows(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    session: Res<Session>,
    analysis: Res<Analysis>,
    mut commands: MessageWriter<Command>,
    mut review: MessageWriter<StartReview>,
) {
    let Some(ui) = canvas.panel.as_mut() else {
        return;
    };
    let lang = settings.language;
    let m = session.current();
    if !session.studying() {
        if m.outcome().is_some() && !session.online() {
            ui.separator();
            if ui.button(lang.t("panel-analyse")).clicked() {
                commands.write(Command::Study(true));
            }
        }
        return;
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong(lang.t("analysis-title"));
        if ui.small_button(lang.t("analysis-close")).clicked() {
            commands.write(Command::Study(false));
        }
    });
    let position = m.position();
    match &analysis.reading {
        _ if m.outcome().is_some() => {
            ui.label(lang.t("analysis-over"));
        }
        _ if position.awaits_roll() => {
            ui.label(lang.t("analysis-roll"));
        }
        None => {
            ui.label(egui::RichText::new(lang.t("analysis-thinking")).italics());
        }
        Some(reading) => {
            let side = mover(&reading.position);
            let words = score_words(lang, &reading.position, side, reading.progress.score);
            let depth = lang.t_args(
                "analysis-depth",
                &[("depth", reading.progress.depth.to_string())],
            );
            ui.label(egui::RichText::new(format!("{words} · {depth}")).strong());
            let line = line_text(lang, &reading.position, &reading.progress.pv);
            ui.label(egui::RichText::new(line).monospace());
        }
    }
    if let Some(from) = session.variation_from() {
        ui.horizontal_wrapped(|ui| {
            let n = session
                .studied()
                .map_or(1, |g| g.state_before(from).position.move_number());
            ui.label(lang.t_args("analysis-variation", &[("n", n.to_string())]));
            if ui.button(lang.t("analysis-back")).clicked() {
                commands.write(Command::BackToGame);
            }
        });
    }
    review_rows(ui, lang, &session, &analysis, &mut commands, &mut review);
}

/// The review's button, its progress, its counts per player and its graph.
fn review_rows(
    ui: &mut egui::Ui,
    lang: Language,
    session: &Session,
    analysis: &Analysis,
    commands: &mut MessageWriter<Command>,
    review: &mut MessageWriter<StartReview>,
) {
    let Some(game) = session.studied() else {
        return;
    };
    if !analysis.reviewing() {
        let moves = game.all_actions().iter().any(|a| a.moved().is_some());
        if ui
            .add_enabled(moves, egui::Button::new(lang.t("analysis-review")))
            .clicked()
        {
            review.write(StartReview);
        }
        return;
    }
    if !analysis.review_done {
        ui.label(lang.t_args(
            "analysis-reviewing",
            &[
                ("done", analysis.reviewed.len().to_string()),
                ("total", analysis.review_total().to_string()),
            ],
        ));
    }
    let seats = game.start().seats();
    for seat in 0..seats.seat_count() {
        let count = |mark| {
            analysis
                .reviewed
                .iter()
                .filter(|r| r.seat == seat && r.mark == Some(mark))
                .count()
                .to_string()
        };
        ui.label(lang.t_args(
            "analysis-review-seat",
            &[
                ("side", side_name(lang, seats.seat_side(seat))),
                ("inaccuracies", count(Mark::Inaccuracy)),
                ("mistakes", count(Mark::Mistake)),
                ("blunders", count(Mark::Blunder)),
            ],
        ));
    }
    if let Some(at) = graph(ui, session, analysis) {
        commands.write(Command::GoTo(at));
    }
}

/// The colour of a seat's line on the graph.
fn line_colour(side: Side) -> egui::Color32 {
    match side {
        Side::White => egui::Color32::from_gray(230),
        Side::Black => egui::Color32::from_rgb(90, 140, 230),
        Side::Red => egui::Color32::from_rgb(220, 70, 60),
        Side::Grey => egui::Color32::from_gray(150),
    }
}

/// The evaluation over the game: with two players White's share of the bar, with
/// three each army's; the costly moves as dots, the position shown as a line. A click
/// returns the number of actions to show.
fn graph(ui: &mut egui::Ui, session: &Session, analysis: &Analysis) -> Option<usize> {
    let game = session.studied()?;
    let total = game.all_actions().len().max(1);
    let width = ui.available_width();
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, GRAPH_HEIGHT), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, egui::Color32::from_gray(40));
    painter.hline(
        rect.x_range(),
        rect.center().y,
        egui::Stroke::new(1.0, egui::Color32::from_gray(80)),
    );
    let x = |at: usize| rect.left() + rect.width() * at as f32 / total as f32;
    let y = |share: f32| rect.bottom() - rect.height() * share;
    let seats = game.start().seats();
    let count = seats.seat_count();
    // Two players share one line, the first seat's; three draw one each.
    let lines: Vec<usize> = if count == 2 {
        vec![0]
    } else {
        (0..count).collect()
    };
    for seat in lines {
        let points: Vec<egui::Pos2> = analysis
            .reviewed
            .iter()
            .map(|r| {
                let position = &game.state_before(r.at).position;
                let share = read(position, r.standing[seat]).share();
                egui::pos2(x(r.at), y(share))
            })
            .collect();
        let colour = line_colour(seats.seat_side(seat));
        painter.add(egui::Shape::line(points, egui::Stroke::new(1.5, colour)));
    }
    for r in &analysis.reviewed {
        let Some(mark) = r.mark else { continue };
        let position = &game.state_before(r.at).position;
        let share = read(position, r.standing[if count == 2 { 0 } else { r.seat }]).share();
        painter.circle_filled(egui::pos2(x(r.at), y(share)), 2.5, mark_colour(mark));
    }
    let cursor = session.current().cursor().min(total);
    painter.vline(
        x(cursor),
        rect.y_range(),
        egui::Stroke::new(1.0, egui::Color32::from_rgb(240, 200, 80)),
    );
    let clicked = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    let at = ((clicked.x - rect.left()) / rect.width() * total as f32).round() as usize;
    Some(at.min(game.all_actions().len()))
}

/// The colour a mark is shown in.
pub fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Inaccuracy => egui::Color32::from_rgb(230, 200, 70),
        Mark::Mistake => egui::Color32::from_rgb(235, 140, 50),
        Mark::Blunder => egui::Color32::from_rgb(225, 60, 50),
    }
}

/// The review's marks on the actions of the match shown, by their place in the
/// record, each with what was better: where the record shown is the game reviewed.
pub fn marks(
    lang: Language,
    session: &Session,
    analysis: &Analysis,
) -> HashMap<usize, (Mark, String)> {
    let (Some(game), Some(shared)) = (session.studied(), session.shared_with_game()) else {
        return HashMap::new();
    };
    analysis
        .reviewed
        .iter()
        .filter(|verdict| verdict.at < shared)
        .filter_map(|verdict| {
            let mark = verdict.mark?;
            let position = &game.state_before(verdict.at).position;
            let better = line_text(lang, position, &verdict.judgement.pv[..1]);
            let words = lang.t_args(
                "review-better",
                &[("mark", lang.t(mark.key())), ("move", better)],
            );
            Some((verdict.at, (mark, words)))
        })
        .collect()
}

/// The best line's first moves as arrows on the board, the first boldest.
pub fn arrows(
    canvas: Res<Canvas>,
    screen: Res<State<Screen>>,
    session: Res<Session>,
    analysis: Res<Analysis>,
    board: Res<BoardLayout>,
) {
    let (Some(root), Some(reading), Some(layout)) =
        (canvas.root.as_ref(), &analysis.reading, board.layout)
    else {
        return;
    };
    if !session.studying()
        || !board_shown(&screen, &session)
        || !reading.position.same_position(session.current().position())
    {
        return;
    }
    let painter = root.painter();
    let t = reading.position.topology();
    let mut p = reading.position.clone();
    for (i, mv) in reading.progress.pv.iter().take(ARROWS).enumerate() {
        let Some(view) = p.view(mv) else { break };
        let alpha = [200u8, 120, 80][i];
        let colour = egui::Color32::from_rgba_unmultiplied(40, 170, 90, alpha);
        let width = layout.cell * [0.16, 0.11, 0.08][i];
        let at = |cell| {
            let v = layout.cell_centre(t, cell);
            egui::pos2(v.x, v.y)
        };
        match view.landings.last() {
            Some(&to) if to != view.from => {
                let (from, to) = (at(view.from), at(to));
                let head = (to - from).normalized() * layout.cell * 0.3;
                painter.line_segment([from, to - head * 0.6], egui::Stroke::new(width, colour));
                let side = egui::vec2(-head.y, head.x) * 0.6;
                painter.add(egui::Shape::convex_polygon(
                    vec![to, to - head + side, to - head - side],
                    colour,
                    egui::Stroke::NONE,
                ));
            }
            // A piece put down: a ring where it goes.
            _ => {
                painter.circle_stroke(
                    at(view.from),
                    layout.cell * 0.3,
                    egui::Stroke::new(width, colour),
                );
            }
        }
        if p.play(mv).is_err() {
            break;
        }
    }
}
