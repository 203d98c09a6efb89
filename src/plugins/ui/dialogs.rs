//! Windows that ask the player something: promotion or the piece to put down, the pie
//! rule, a draw offer, resignation, the end of the game, loading files, an unfinished
//! game to resume. A game's own questions are its plugin's.

use super::naming::{outcome_text, seat_name, side_name};
use super::parts::Parts;
use crate::i18n::Language;
use crate::plugins::board::BoardPlace;
use crate::plugins::layout::BoardArea;
use crate::plugins::session::{Command, Notice, Screen, Session};
use crate::plugins::sprites;
use crate::plugins::storage::{SaveEntry, Settings, date, now_secs, read_saved, save_game};
use crate::rules::PieceView;
use crate::rules::decisions;
use crate::rules::history::Action;
use crate::rules::why::Remark;
use crate::rules::{GameId, Move, Outcome, PieceKind};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

#[derive(Resource, Default)]
pub struct Dialogs {
    pub confirm_resign: bool,
    /// The load window is open.
    pub load: bool,
    pub path: String,
    /// A message for the player (file errors, where a game was saved).
    pub notice: Option<String>,
    /// Where in the match record (cursor, recorded actions) the player closed the pie,
    /// draw or game-over window.
    pub dismissed: Option<(usize, usize)>,
    /// The name the save window proposes, while it is open.
    pub save_name: Option<String>,
    /// The save window has just opened: its name field takes the keyboard.
    type_name: bool,
    /// The saved games the load window lists, read when it opens.
    pub entries: Option<Vec<SaveEntry>>,
    /// The game whose rules page is open.
    pub rules: Option<GameId>,
}

impl Dialogs {
    /// Opens the save window with a name made of the game, the players and the day.
    pub fn save(&mut self, lang: Language, parts: &Parts) {
        let session = &parts.session;
        let position = session.current().position();
        let count = session.draft().seats.len();
        let players: Vec<String> = session
            .draft()
            .seats
            .iter()
            .enumerate()
            .map(|(i, name)| {
                seat_name(
                    lang,
                    session.draft().game,
                    name,
                    i,
                    position.seats().seat_side(i),
                    count,
                )
            })
            .collect();
        self.type_name = true;
        self.save_name = Some(format!(
            "{} - {} - {}",
            lang.t(&format!("game-{}", session.draft().game.id())),
            players.join(" vs "),
            date(now_secs())
        ));
    }

    fn write_save(&mut self, lang: Language, parts: &Parts, name: &str) {
        let Some(folders) = &parts.folders else {
            return;
        };
        self.notice = Some(match save_game(folders, &parts.session, name) {
            Ok(path) => lang.t_args("msg-saved", &[("path", path.display().to_string())]),
            Err(e) => e.said(lang),
        });
    }

    /// Asks the desktop for a file; without a file dialog service, the load window's
    /// path field does the same.
    pub fn open_file(&mut self, lang: Language, parts: &mut Parts) {
        match rfd::FileDialog::new()
            .add_filter("Doska", &["ron", "txt", "pgn"])
            .pick_file()
        {
            Some(path) => self.load_path(lang, parts, &path),
            None => self.load = true,
        }
    }

    fn load_path(&mut self, lang: Language, parts: &mut Parts, path: &std::path::Path) {
        match read_saved(path) {
            Ok(saved) => {
                parts.commands.write(Command::Load(Box::new(saved)));
                self.load = false;
                self.dismissed = None;
            }
            Err(e) => self.notice = Some(e.said(lang)),
        }
    }
}

fn kind_name(lang: Language, kind: PieceKind) -> String {
    lang.t(&format!("piece-{kind:?}").to_lowercase())
}

pub fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    place: Res<BoardPlace>,
    mut dialogs: ResMut<Dialogs>,
    mut parts: Parts,
) -> Result {
    let ctx = &contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let (screen, board) = (*screen.get(), place.area);
    let (dialogs, parts) = (&mut *dialogs, &mut parts);
    for notice in parts.notices.read() {
        dialogs.notice = Some(match notice {
            Notice::Refused(e) => lang.error(e),
        });
    }
    if let Some(text) = dialogs.notice.clone() {
        egui::Window::new(lang.t("dialog-notice"))
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
            .show(ctx, |ui| {
                ui.label(text);
                if ui.button("OK").clicked() {
                    dialogs.notice = None;
                }
            });
    }
    if dialogs.load {
        load_window(ctx, lang, dialogs, parts);
    } else {
        dialogs.entries = None;
    }
    if let Some(mut name) = dialogs.save_name.take() {
        let mut done = None;
        centred(lang.t("menu-save")).show(ctx, |ui| {
            ui.label(lang.t("dialog-save-name"));
            let field = ui.add(egui::TextEdit::singleline(&mut name).desired_width(360.0));
            // The name field takes the keyboard as the window opens; Enter saves and
            // Esc (which takes the focus away first) cancels.
            if std::mem::take(&mut dialogs.type_name) {
                field.request_focus();
            }
            if field.lost_focus() {
                if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    done = Some(true);
                } else if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    done = Some(false);
                }
            }
            ui.horizontal(|ui| {
                if ui.button(lang.t("button-save")).clicked() {
                    done = Some(true);
                }
                if ui.button(lang.t("button-cancel")).clicked() {
                    done = Some(false);
                }
            });
        });
        match done {
            Some(true) => dialogs.write_save(lang, parts, &name),
            Some(false) => {}
            None => dialogs.save_name = Some(name),
        }
    }
    if parts.session.prompts.replacing.is_some()
        && let Some(c) = replace_question(ctx, lang)
    {
        parts.commands.write(c);
    }
    super::rules_page::show(ctx, lang, &mut dialogs.rules, parts, screen);
    match screen {
        Screen::Chooser => resume_window(ctx, lang, dialogs, parts),
        Screen::Setup | Screen::Online | Screen::Editor => {}
        Screen::Playing => match_windows(ctx, lang, dialogs, parts, board),
    }
    Ok(())
}

/// The question before resigning for `side` (see [`yes_or_no`]). Some(true) to
/// resign, Some(false) to go on playing.
pub fn resign_question(ctx: &egui::Context, lang: Language, side: String) -> Option<bool> {
    yes_or_no(
        ctx,
        "resign-question",
        [
            lang.t("button-resign"),
            lang.t_args("dialog-resign-text", &[("side", side)]),
            lang.t("button-resign"),
            lang.t("button-cancel"),
        ],
    )
}

/// The question before the game in progress is closed (see [`yes_or_no`]).
pub fn replace_question(ctx: &egui::Context, lang: Language) -> Option<Command> {
    let [title, text, go_on, cancel] = [
        "dialog-confirm",
        "dialog-replace-text",
        "button-go-on",
        "button-cancel",
    ]
    .map(|key| lang.t(key));
    yes_or_no(ctx, "replace-question", [title, text, go_on, cancel]).map(|go_on| {
        if go_on {
            Command::Replace
        } else {
            Command::CancelChoice
        }
    })
}

/// A question in a modal window (its title, its text, the answers yes and no): Tab
/// walks its own buttons and never the menu behind it; Enter answers yes (or presses
/// the button the keyboard is on), Esc or a click outside answers no.
fn yes_or_no(ctx: &egui::Context, id: &str, [title, text, yes, no]: [String; 4]) -> Option<bool> {
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::new(id)).show(ctx, |ui| {
        ui.strong(title);
        ui.label(text);
        ui.horizontal(|ui| {
            if ui.button(yes).clicked() {
                answer = Some(true);
            }
            if ui.button(no).clicked() {
                answer = Some(false);
            }
        });
        if answer.is_none() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            answer = Some(true);
        }
    });
    if modal.should_close() {
        answer = Some(false);
    }
    answer
}

fn centred(title: String) -> egui::Window<'static> {
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
}

/// A question during a match: centred on the board it is about (on the window where
/// no board is drawn, as at Chapayev's table), away from the side panel whose status
/// and diplomacy lines stay readable beside it.
pub fn over_board(title: String, area: Option<BoardArea>) -> egui::Window<'static> {
    let window = egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .default_width(270.0);
    match area {
        Some(area) => {
            let centre = (area.min + area.max) / 2.0;
            window
                .pivot(egui::Align2::CENTER_CENTER)
                .fixed_pos(egui::pos2(centre.x, centre.y))
        }
        None => window.anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]),
    }
}

fn match_windows(
    ctx: &egui::Context,
    lang: Language,
    dialogs: &mut Dialogs,
    parts: &mut Parts,
    board: Option<BoardArea>,
) {
    let session = &parts.session;
    // Keyed by the match's place in its record, so selecting pieces does not bring a
    // dismissed question back, while any move, undo or new game does.
    let here = (
        session.current().cursor(),
        session.current().all_actions().len(),
    );
    if here == (0, 0) {
        // A new match forgets what was dismissed in the last one.
        dialogs.dismissed = None;
    }
    let open = dialogs.dismissed != Some(here);
    let mut send = None;

    if let Some(choices) = &session.prompts.choice {
        choice_window(ctx, lang, session, choices, board, &mut send);
    }

    if let Some(m) = session.prompts.confirm {
        over_board(lang.t("dialog-confirm"), board).show(ctx, |ui| {
            ui.label(lang.t("warn-repeated-move"));
            ui.horizontal(|ui| {
                if ui.button(lang.t("button-play-anyway")).clicked() {
                    send = Some(Command::Act(Action::Play(m)));
                }
                if ui.button(lang.t("button-cancel")).clicked() {
                    send = Some(Command::CancelChoice);
                }
            });
        });
    }

    if let Some(action) = session.prompts.dropping {
        over_board(lang.t("dialog-confirm"), board).show(ctx, |ui| {
            let count = session.later_actions().to_string();
            ui.label(lang.t_args("warn-drops-moves", &[("count", count)]));
            ui.horizontal(|ui| {
                if ui.button(lang.t("button-play-anyway")).clicked() {
                    send = Some(Command::ActDroppingLater(action));
                }
                if ui.button(lang.t("button-cancel")).clicked() {
                    send = Some(Command::CancelChoice);
                }
            });
        });
    }

    let m = session.current();
    // Online, the questions of the seat on move are put to its own player only.
    let legal = if session.my_turn() {
        m.legal_actions()
    } else {
        Vec::new()
    };
    let position = m.position();
    let swap = legal.iter().find_map(|a| match a {
        Action::Play(mv) if position.is_swap(mv) => Some(*mv),
        _ => None,
    });
    if let (Some(swap), true) = (swap, open) {
        // The question and its swap in the words the browser page gives them too.
        let say = |r: Option<Remark>| r.map(|r| lang.say(r.key, &r.words, position));
        let asked = say(decisions::question(position)).unwrap_or_default();
        let swap_label = say(decisions::named(position, &swap)).unwrap_or_default();
        over_board(lang.t("dialog-pie"), board).show(ctx, |ui| {
            ui.label(asked);
            ui.horizontal(|ui| {
                if ui.button(swap_label).clicked() {
                    send = Some(Command::Act(Action::Play(swap)));
                }
                if ui.button(lang.t("button-keep")).clicked() {
                    dialogs.dismissed = Some(here);
                }
            });
        });
    }

    if legal.contains(&Action::AcceptDraw) && open {
        let offerer = m.state().draw_offer.unwrap_or(m.position().turn().other());
        over_board(lang.t("dialog-draw"), board).show(ctx, |ui| {
            ui.label(lang.t_args("dialog-draw-text", &[("side", side_name(lang, offerer))]));
            ui.horizontal(|ui| {
                if ui.button(lang.t("button-accept")).clicked() {
                    send = Some(Command::Act(Action::AcceptDraw));
                }
                if ui.button(lang.t("button-decline")).clicked() {
                    dialogs.dismissed = Some(here);
                }
            });
        });
    }

    if dialogs.confirm_resign {
        let side = side_name(lang, m.position().turn());
        if let Some(resign) = resign_question(ctx, lang, side) {
            dialogs.confirm_resign = false;
            if resign {
                send = Some(Command::Act(Action::Resign));
            }
        }
    }

    // A game studied has been seen to its end already.
    if let (Some(outcome), true) = (m.outcome(), open && !session.studying()) {
        let dismissed = &mut dialogs.dismissed;
        game_over_window(ctx, lang, session, &outcome, (here, dismissed), &mut send);
    }
    if let Some(c) = send {
        parts.commands.write(c);
    }
}

/// A promotion's choice, or which piece from the hand goes on the square.
fn choice_window(
    ctx: &egui::Context,
    lang: Language,
    session: &Session,
    choices: &[Move],
    board: Option<BoardArea>,
    send: &mut Option<Command>,
) {
    let position = session.current().position();
    let dropping = choices
        .iter()
        .any(|m| position.view(m).is_some_and(|v| v.placed.is_some()));
    let title = if dropping {
        "dialog-drop"
    } else {
        "dialog-promotion"
    };
    over_board(lang.t(title), board).show(ctx, |ui| {
        ui.horizontal(|ui| {
            for m in choices {
                let Some(kind) = position
                    .view(m)
                    .and_then(|v| v.promotion.or(v.placed.map(|p| p.kind)))
                else {
                    continue;
                };
                let piece = PieceView {
                    side: position.turn(),
                    kind,
                };
                let (rect, response) =
                    ui.allocate_exact_size(egui::vec2(64.0, 64.0), egui::Sense::click());
                let look = ui.style().interact(&response);
                ui.painter().rect_filled(rect, 6.0, look.bg_fill);
                sprites::paint(ui.painter(), piece, rect.center(), 58.0);
                if response.on_hover_text(kind_name(lang, kind)).clicked() {
                    *send = Some(Command::Act(Action::Play(*m)));
                }
            }
        });
        if ui.button(lang.t("button-cancel")).clicked() {
            *send = Some(Command::CancelChoice);
        }
    });
}

/// The end of the match: the result, the places where more than two played, and what
/// next. Review dismisses it until the match changes.
fn game_over_window(
    ctx: &egui::Context,
    lang: Language,
    session: &Session,
    outcome: &Outcome,
    (here, dismissed): ((usize, usize), &mut Option<(usize, usize)>),
    send: &mut Option<Command>,
) {
    let m = session.current();
    centred(lang.t("dialog-game-over")).show(ctx, |ui| {
        ui.label(
            egui::RichText::new(outcome_text(lang, m, &session.draft().seats, outcome))
                .size(20.0)
                .strong(),
        );
        let table = m.position().seats().standings(outcome);
        if !table.is_empty() {
            egui::Grid::new("standings").striped(true).show(ui, |ui| {
                ui.strong(lang.t("result-place"));
                ui.strong(lang.t("result-player"));
                ui.strong(lang.t("result-points"));
                ui.end_row();
                for line in table {
                    ui.label(line.place.to_string());
                    ui.label(side_name(lang, line.side));
                    ui.label(super::naming::points(line.half_points));
                    ui.end_row();
                }
            });
        }
        ui.horizontal(|ui| {
            if ui.button(lang.t("button-new-game")).clicked() {
                *send = Some(Command::NewMatch);
            }
            if ui.button(lang.t("button-review")).clicked() {
                *dismissed = Some(here);
            }
            // A match on a server is the server's to keep.
            if !session.online() && ui.button(lang.t("panel-analyse")).clicked() {
                *send = Some(Command::Study(true));
            }
        });
    });
}

fn load_window(ctx: &egui::Context, lang: Language, dialogs: &mut Dialogs, parts: &mut Parts) {
    // Read when the window opens, kept while it stays open.
    let files = dialogs.entries.take().unwrap_or_else(|| {
        parts
            .folders
            .as_ref()
            .map(|f| f.save_entries())
            .unwrap_or_default()
    });
    let mut open = true;
    let mut chosen = None;
    egui::Window::new(lang.t("menu-load"))
        .open(&mut open)
        .show(ctx, |ui| {
            if files.is_empty() {
                ui.label(lang.t("dialog-no-saves"));
            }
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    egui::Grid::new("saves").striped(true).show(ui, |ui| {
                        for entry in &files {
                            let name = entry
                                .path
                                .file_stem()
                                .map(|n| n.to_string_lossy().to_string())
                                .unwrap_or_default();
                            if ui.button(name).clicked() {
                                chosen = Some(entry.path.clone());
                            }
                            ui.label(lang.t(&format!("game-{}", entry.game)));
                            let named: Vec<&str> = entry
                                .players
                                .iter()
                                .map(|p| p.trim())
                                .filter(|p| !p.is_empty())
                                .collect();
                            ui.label(named.join(" – "));
                            ui.label(&entry.date);
                            ui.label(lang.t_args(
                                "dialog-save-actions",
                                &[("count", entry.moves.to_string())],
                            ));
                            ui.label(&entry.result);
                            ui.end_row();
                        }
                    });
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(lang.t("dialog-path"));
                ui.text_edit_singleline(&mut dialogs.path);
                if ui.button(lang.t("button-open")).clicked() && !dialogs.path.trim().is_empty() {
                    chosen = Some(std::path::PathBuf::from(dialogs.path.trim()));
                }
            });
        });
    dialogs.entries = Some(files);
    if !open {
        dialogs.load = false;
    }
    if let Some(path) = chosen {
        dialogs.load_path(lang, parts, &path);
    }
}

fn resume_window(ctx: &egui::Context, lang: Language, dialogs: &mut Dialogs, parts: &mut Parts) {
    let Some(unfinished) = parts.unfinished.as_mut() else {
        return;
    };
    if let Some(problem) = unfinished.problem.take() {
        dialogs.notice = Some(problem.said(lang));
    }
    let Some(saved) = unfinished.game.clone() else {
        return;
    };
    let game = lang.t(&format!("game-{}", saved.game));
    let mut resume = None;
    centred(lang.t("dialog-resume")).show(ctx, |ui| {
        ui.label(lang.t_args("dialog-resume-text", &[("game", game)]));
        ui.horizontal(|ui| {
            if ui.button(lang.t("button-resume")).clicked() {
                resume = Some(true);
            }
            if ui.button(lang.t("button-discard")).clicked() {
                resume = Some(false);
            }
        });
    });
    if let Some(yes) = resume {
        unfinished.game = None;
        if yes {
            parts.commands.write(Command::Load(Box::new(saved)));
        }
    }
}
