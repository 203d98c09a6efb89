//! Between the server and the session: what the connection heard is played into the
//! session's match (a match joined takes the screen; its events, presence and names
//! follow), and what the player did there is sent.

use super::{Online, RemoteMatch, Sent};
use crate::i18n::Language;
use crate::online::link::Heard;
use crate::online::playing::Playing;
use crate::online::seat_book::Held;
use crate::plugins::layout::{FlipView, Flipped};
use crate::plugins::session::{CreateOnline, Draft, Screen, Session};
use crate::plugins::storage::Settings;
use crate::protocol::{EventKind, Reply, Request, SeatPlan, VERSION};
use bevy::prelude::*;
use std::sync::mpsc::channel;
use std::sync::{Mutex, PoisonError};

/// Reads what the connection heard, and keeps the session's match in step with the
/// server's.
pub(super) fn hear(
    mut online: ResMut<Online>,
    mut session: ResMut<Session>,
    settings: Option<Res<Settings>>,
    mut next: ResMut<NextState<Screen>>,
    mut flipped: ResMut<Flipped>,
    mut flip: MessageWriter<FlipView>,
) {
    let Some(link) = &online.link else { return };
    let heard = link.heard();
    let lang = settings.as_ref().map(|s| s.language).unwrap_or_default();
    for heard in heard {
        match heard {
            Heard::Connected => {
                online.lost = None;
                let id = online.id();
                let mut requests = vec![Request::Hello {
                    id,
                    version: VERSION,
                    lang: Some(lang.code().to_string()),
                }];
                if let Some(playing) = &mut online.playing {
                    requests.extend(playing.on_connected());
                }
                if let Some(code) = online.resume_on_connect.take() {
                    online.resume(&code);
                }
                requests.append(&mut online.later);
                let id = online.id();
                requests.push(Request::List { id });
                if let Some(link) = &online.link {
                    for r in requests {
                        link.send(r);
                    }
                }
                // Only now: whatever was asked above went after the hello, in order.
                online.connected = true;
            }
            Heard::Lost(why) => {
                online.connected = false;
                online.lost = Some(why);
            }
            Heard::Reply(reply) => take(
                &mut online,
                &mut session,
                lang,
                reply,
                &mut next,
                &mut flipped,
                &mut flip,
            ),
        }
    }
}

/// One reply from the server.
fn take(
    online: &mut Online,
    session: &mut Session,
    lang: Language,
    reply: Reply,
    next: &mut NextState<Screen>,
    flipped: &mut Flipped,
    flip: &mut MessageWriter<FlipView>,
) {
    match &reply {
        Reply::Lobby { matches, .. } => {
            online.lobby = matches.clone();
            return;
        }
        Reply::Created { code, seats, .. } | Reply::Seated { code, seats, .. } => {
            let server = online.server().unwrap_or_default().to_string();
            for key in seats {
                online.book.keep(Held {
                    server: server.clone(),
                    code: code.clone(),
                    seat: key.seat,
                    secret: key.secret.clone(),
                    game: String::new(),
                    last: 0,
                });
            }
            online.book_changed = true;
            match (&mut online.playing, &mut online.joining) {
                (Some(playing), _) if playing.code() == code => playing.hold(seats),
                (_, Some((joining, keys))) if joining == code => keys.extend(seats.clone()),
                _ => online.joining = Some((code.clone(), seats.clone())),
            }
            return;
        }
        Reply::Snapshot { listing, .. }
            if online
                .joining
                .as_ref()
                .is_some_and(|(code, _)| *code == listing.code) =>
        {
            let (_, keys) = online.joining.take().unwrap_or_default();
            let server = online.server().unwrap_or_default().to_string();
            match Playing::new(&server, listing.clone(), keys) {
                Ok(playing) => begin(online, session, playing, next, flipped, flip),
                Err(e) => online.message = Some(e.to_string()),
            }
        }
        Reply::Error { message, .. } if online.playing.is_none() => {
            online.joining = None;
            online.message = Some(message.clone());
            return;
        }
        _ => {}
    }
    let Some(playing) = &mut online.playing else {
        return;
    };
    // The other players declined the takeback this screen asked for.
    if let Reply::Event { code, event } = &reply
        && code == playing.code()
        && matches!(event.kind, EventKind::TakebackDeclined { .. })
        && playing
            .mirror()
            .takeback_asked_by()
            .is_some_and(|seat| playing.my_seats().contains(&seat))
    {
        online.message = Some(lang.t("online-takeback-declined"));
    }
    match playing.take(&reply) {
        Ok(heard) => {
            if let Some(resync) = heard.resync {
                online.send(resync);
                return;
            }
            if let Some(refused) = heard.refused {
                online.message = Some(refused);
            }
            if heard.changed {
                session.follow(playing.shown());
                // For following a match's timing from the log (`RUST_LOG=doska=debug`).
                debug!(
                    "the server's match shown: {} actions",
                    session.current().actions().len()
                );
            }
            seat_names(session, playing);
            let (server, code, last) = (
                playing.server().to_string(),
                playing.code().to_string(),
                playing.mirror().last(),
            );
            if let Some(result) = &playing.mirror().listing().result
                && playing.mirror().current().outcome().is_some()
            {
                online.message = Some(result.clone());
            }
            online.book.seen(&server, &code, last);
        }
        // The server's events do not play here: this copy of the match cannot be
        // trusted, so it is asked for whole again.
        Err(e) => {
            online.message = Some(e.to_string());
            online.about_match(|id, code| Request::Resync { id, code });
        }
    }
}

/// The players' names and who is away, from the server's listing.
fn seat_names(session: &mut Session, playing: &Playing) {
    let seats = &playing.mirror().listing().seats;
    let names: Vec<String> = seats
        .iter()
        .map(|s| s.name.clone().unwrap_or_default())
        .collect();
    // A seat no one has taken yet is open, not away.
    let away: Vec<bool> = seats.iter().map(|s| s.taken && !s.connected).collect();
    let open = seats.iter().any(|s| !s.taken);
    if session.draft().seats != names {
        let draft = session.draft().clone();
        session.set_draft(Draft {
            seats: names,
            ..draft
        });
    }
    if session.away() != away.as_slice() || session.seat_open() != open {
        session.set_away(away, open);
    }
}

/// The match joined takes the screen: the session shows it through a remote host,
/// seen from the player's own seat.
fn begin(
    online: &mut Online,
    session: &mut Session,
    playing: Playing,
    next: &mut NextState<Screen>,
    flipped: &mut Flipped,
    flip: &mut MessageWriter<FlipView>,
) {
    let (tx, rx) = channel();
    let mine = playing.my_seats();
    let shown = playing.shown();
    let game = shown.game();
    for held in &mut online.book.seats {
        if held.code == playing.code() {
            held.game = game.id().to_string();
        }
    }
    session.play_online(Box::new(RemoteMatch::new(shown, tx, mine.clone())));
    seat_names(session, &playing);
    let position = session.current().position();
    let seats = position.seats();
    let turned = mine.first().is_some_and(|&seat| seats.seen_turned(seat));
    if game.card().table {
        flipped.0 = false;
        if turned {
            flip.write(FlipView);
        }
    } else {
        flipped.0 = turned && seats.seat_count() != 3;
    }
    online.playing = Some(playing);
    online.sent = Some(Mutex::new(rx));
    online.message = None;
    next.set(Screen::Playing);
}

/// Sends what the player did.
pub(super) fn send_played(mut online: ResMut<Online>) {
    let Some(sent) = &online.sent else { return };
    let sent: Vec<Sent> = sent
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .try_iter()
        .collect();
    for s in sent {
        let Some(playing) = &mut online.playing else {
            return;
        };
        match s {
            Sent::Act { seat, action } => {
                let request = playing.act(seat, &action);
                // Unsent actions wait in the playing match's outbox for the connection.
                if online.connected
                    && let Some(link) = &online.link
                {
                    link.send(request);
                }
            }
            Sent::Takeback => online.about_match(|id, code| Request::Takeback { id, code }),
        }
    }
}

/// Makes the match set up on the setup screen on the server.
pub(super) fn create(
    mut asked: MessageReader<CreateOnline>,
    mut online: ResMut<Online>,
    session: Res<Session>,
) {
    for _ in asked.read() {
        let draft = session.draft();
        let Some(plans) = draft.plans.clone() else {
            continue;
        };
        let id = online.id();
        let name = (!online.name.trim().is_empty()).then(|| online.name.trim().to_string());
        let level = draft
            .levels
            .iter()
            .zip(&plans)
            .find(|(_, p)| **p == SeatPlan::Computer)
            .map(|(l, _)| l.id().to_string());
        let clock = (draft.time_control != crate::rules::clock::TimeControl::None)
            .then(|| draft.time_control.tag());
        online.joining = None;
        online.send(Request::Create {
            id,
            game: draft.game.id().to_string(),
            options: draft.options.iter().cloned().collect(),
            clock,
            seats: plans,
            name,
            level,
        });
    }
}
