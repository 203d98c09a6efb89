//! The "Play online" screen: host a server on this computer or connect to one, make a
//! match (on the setup screen), join or watch one by its code, pick one from the open
//! matches, or come back to one's own.

use super::Online;
use crate::folders::Folders;
use crate::i18n::Language;
use crate::plugins::session::{Draft, GameChosen, Screen, Session};
use crate::plugins::storage::Settings;
use crate::plugins::ui::{Canvas, UiSystems};
use crate::protocol::{Listing, SeatPlan};
use crate::rules::GameId;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::{EguiPrimaryContextPass, egui};

pub struct LobbyPlugin;

impl Plugin for LobbyPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            show.in_set(UiSystems::Screen)
                .run_if(in_state(Screen::Online)),
        )
        .add_systems(OnEnter(Screen::Online), |mut online: ResMut<Online>| {
            online.refresh_lobby();
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn show(
    mut canvas: ResMut<Canvas>,
    settings: Res<Settings>,
    mut online: ResMut<Online>,
    mut session: ResMut<Session>,
    folders: Option<Res<Folders>>,
    weights: Res<crate::plugins::Weights>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut next: ResMut<NextState<Screen>>,
    mut chosen: MessageWriter<GameChosen>,
    mut game: Local<Option<GameId>>,
) {
    let Some(root) = canvas.root.as_mut() else {
        return;
    };
    let lang = settings.language;
    let online = &mut *online;
    egui::CentralPanel::default().show(root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(760.0);
            ui.heading(lang.t("online-title"));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                ui.label(lang.t("online-name"));
                if ui
                    .add(egui::TextEdit::singleline(&mut online.name).desired_width(200.0))
                    .changed()
                {
                    online.book_changed = true;
                }
            });
            ui.add_space(8.0);
            let place = (folders.as_deref(), &weights.0);
            server_rows(ui, lang, online, place, proxy.as_deref());
            if let Some(message) = &online.message {
                ui.label(egui::RichText::new(message).color(egui::Color32::YELLOW));
            }
            if online.connected {
                ui.separator();
                let picked = game.get_or_insert(GameId::Chess);
                if create_row(ui, lang, picked) {
                    set_up(&mut session, *picked);
                    chosen.write(GameChosen(*picked));
                    next.set(Screen::Setup);
                }
                ui.add_space(6.0);
                code_row(ui, lang, online);
                ui.separator();
                mine(ui, lang, online);
                ui.separator();
                open_matches(ui, lang, online);
            }
            ui.add_space(16.0);
            if ui.button(lang.t("setup-back")).clicked() {
                next.set(Screen::Chooser);
            }
        });
    });
}

/// Hosting, the server's address, and how the connection stands.
fn server_rows(
    ui: &mut egui::Ui,
    lang: Language,
    online: &mut Online,
    (folders, weights): (Option<&Folders>, &crate::engine::weights::InForce),
    proxy: Option<&EventLoopProxyWrapper>,
) {
    ui.horizontal(|ui| {
        let hosting = online.hosting.is_some();
        if ui
            .add_enabled(!hosting, egui::Button::new(lang.t("online-host")))
            .on_hover_text(lang.t("online-host-help"))
            .clicked()
        {
            match online.host(folders, weights) {
                Ok(url) => {
                    online.address = url.clone();
                    online.connect(&url, proxy);
                }
                Err(e) => online.message = Some(e.to_string()),
            }
        }
        if let Some(address) = online.hosting {
            ui.label(lang.t_args("online-hosting", &[("address", address.to_string())]));
        }
    });
    ui.horizontal(|ui| {
        ui.label(lang.t("online-server"));
        ui.add(
            egui::TextEdit::singleline(&mut online.address)
                .hint_text("192.168.1.5")
                .desired_width(260.0),
        );
        let url = Online::url(&online.address);
        if ui
            .add_enabled(
                !online.address.trim().is_empty(),
                egui::Button::new(lang.t("online-connect")),
            )
            .clicked()
        {
            online.message = None;
            online.connect(&url, proxy);
        }
    });
    let status = match (&online.lost, online.connected, online.server()) {
        (_, _, None) => String::new(),
        (_, true, Some(server)) => lang.t_args("online-connected", &[("server", server.into())]),
        (Some(why), false, Some(server)) => lang.t_args(
            "online-retrying",
            &[("server", server.into()), ("why", why.clone())],
        ),
        (None, false, Some(server)) => {
            lang.t_args("online-connecting", &[("server", server.into())])
        }
    };
    ui.label(egui::RichText::new(status).italics());
}

/// A game to set up as a new match on the server; whether the player asked for it.
fn create_row(ui: &mut egui::Ui, lang: Language, game: &mut GameId) -> bool {
    let mut asked = false;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.t("online-create")).strong());
        egui::ComboBox::from_id_salt("online-game")
            .selected_text(lang.t(&format!("game-{}", game.id())))
            .show_ui(ui, |ui| {
                for g in GameId::ALL {
                    ui.selectable_value(game, *g, lang.t(&format!("game-{}", g.id())));
                }
            });
        asked = ui.button(lang.t("online-set-up")).clicked();
    });
    asked
}

/// The setup screen for a match on the server: the player in the first seat, the
/// others open.
fn set_up(session: &mut Session, game: GameId) {
    session.choose_game(game);
    let seats = session.seat_count();
    let mut plans = vec![SeatPlan::Open; seats];
    plans[0] = SeatPlan::Me;
    let draft = session.draft().clone();
    session.set_draft(Draft {
        plans: Some(plans),
        ..draft
    });
}

/// Join or watch by a code.
fn code_row(ui: &mut egui::Ui, lang: Language, online: &mut Online) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.t("online-code")).strong());
        ui.add(
            egui::TextEdit::singleline(&mut online.code)
                .hint_text("K3QF9A")
                .desired_width(120.0),
        );
        let code = online.code.trim().to_string();
        if ui
            .add_enabled(!code.is_empty(), egui::Button::new(lang.t("online-join")))
            .clicked()
        {
            online.message = None;
            online.join(&code, None);
        }
        if ui
            .add_enabled(!code.is_empty(), egui::Button::new(lang.t("online-watch")))
            .clicked()
        {
            online.message = None;
            online.watch(&code);
        }
    });
}

/// The player's own matches on this server, kept between runs.
fn mine(ui: &mut egui::Ui, lang: Language, online: &mut Online) {
    let Some(server) = online.server().map(str::to_string) else {
        return;
    };
    let mut codes: Vec<(String, String)> = Vec::new();
    for h in online.book.seats.iter().filter(|h| h.server == server) {
        if !codes.iter().any(|(c, _)| *c == h.code) {
            codes.push((h.code.clone(), h.game.clone()));
        }
    }
    ui.label(egui::RichText::new(lang.t("online-mine")).strong());
    if codes.is_empty() {
        ui.label(lang.t("online-mine-none"));
    }
    for (code, game) in codes.iter().rev() {
        ui.horizontal(|ui| {
            ui.monospace(code);
            if let Ok(g) = GameId::from_id(game) {
                ui.label(lang.t(&format!("game-{}", g.id())));
            }
            if ui.button(lang.t("online-resume")).clicked() {
                online.message = None;
                online.resume(code);
            }
            if ui.button(lang.t("online-forget")).clicked() {
                online.book.forget(&server, code);
                online.book_changed = true;
            }
        });
    }
}

/// The matches with a seat open.
fn open_matches(ui: &mut egui::Ui, lang: Language, online: &mut Online) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.t("online-open")).strong());
        if ui.button(lang.t("online-refresh")).clicked() {
            online.refresh_lobby();
        }
    });
    if online.lobby.is_empty() {
        ui.label(lang.t("online-open-none"));
        return;
    }
    let mut join = None;
    egui::Grid::new("open-matches")
        .num_columns(5)
        .spacing([16.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for listing in &online.lobby {
                ui.monospace(&listing.code);
                ui.label(game_name(lang, listing));
                ui.label(rules_summary(lang, listing));
                ui.label(seats_summary(lang, listing));
                if ui.button(lang.t("online-join")).clicked() {
                    join = Some(listing.code.clone());
                }
                ui.end_row();
            }
        });
    if let Some(code) = join {
        online.message = None;
        online.join(&code, None);
    }
}

fn game_name(lang: Language, listing: &Listing) -> String {
    match GameId::from_id(&listing.game) {
        Ok(g) => lang.t(&format!("game-{}", g.id())),
        Err(_) => listing.game.clone(),
    }
}

/// The house rules that differ from the game's defaults, and the clocks.
fn rules_summary(lang: Language, listing: &Listing) -> String {
    let defaults = GameId::from_id(&listing.game)
        .map(|g| g.default_options())
        .unwrap_or_default();
    let mut parts: Vec<String> = listing
        .options
        .iter()
        .filter(|(k, v)| !defaults.iter().any(|(dk, dv)| dk == *k && dv == *v))
        .map(|(k, v)| {
            format!(
                "{}: {}",
                lang.t(&format!("opt-{k}")),
                lang.t(&format!("opt-{k}-{v}"))
            )
        })
        .collect();
    let clock = match crate::rules::clock::TimeControl::from_tag(&listing.clock) {
        Some(control) if control.id() != "custom" => lang.t(&format!("clock-{}", control.id())),
        Some(_) => listing.clock.clone(),
        None => lang.t("clock-none"),
    };
    parts.push(clock);
    parts.join(", ")
}

/// Who sits where, and how many seats are free.
fn seats_summary(lang: Language, listing: &Listing) -> String {
    let free = listing.seats.iter().filter(|s| !s.taken).count();
    let names: Vec<String> = listing
        .seats
        .iter()
        .map(|s| match (s.plan, &s.name) {
            (SeatPlan::Computer, _) => lang.t("online-seat-computer"),
            (_, Some(name)) => name.clone(),
            (_, None) if s.taken => lang.t("online-seat-taken"),
            (_, None) => lang.t("online-seat-free"),
        })
        .collect();
    format!(
        "{} ({})",
        names.join(" · "),
        lang.t_args("online-free-seats", &[("count", free.to_string())])
    )
}
