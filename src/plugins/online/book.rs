//! The seat book on disk: the seats a player holds on servers, read when the app
//! starts and written (atomically) whenever it changes. With it, closing and opening
//! the app takes the player back to the match played last, lists their others, and a server the app hosted is started
//! again, resuming its matches from its own database.

use super::Online;
use crate::folders::Folders;
use crate::folders::write_atomically;
use crate::online::seat_book::SeatBook;
use bevy::prelude::*;
use bevy::winit::EventLoopProxyWrapper;
use std::path::PathBuf;

fn file(folders: &Folders) -> PathBuf {
    folders.data.join("seats.ron")
}

/// Reads the book and connects to the server last used, hosting it again if this app
/// ran it.
pub fn open(
    folders: Option<Res<Folders>>,
    weights: Res<crate::plugins::Weights>,
    mut online: ResMut<Online>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let Some(folders) = folders else { return };
    let text = match std::fs::read_to_string(file(&folders)) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            online.message = Some(format!("{}: {e}", file(&folders).display()));
            return;
        }
    };
    match SeatBook::from_ron(&text) {
        Ok(book) => online.book = book,
        Err(e) => {
            online.message = Some(format!("{}: {e}", file(&folders).display()));
            return;
        }
    }
    online.name = online.book.name.clone();
    let server = if online.book.hosting {
        match online.host(Some(&folders), &weights.0) {
            Ok(url) => Some(url),
            Err(e) => {
                online.message = Some(e.to_string());
                None
            }
        }
    } else {
        online.book.server.clone()
    };
    if let Some(url) = server {
        online.address = url.clone();
        // The match played last is taken up again, as a closed window left it.
        let last = online.book.seats.iter().rev().find(|h| h.server == url);
        if let Some(last) = last {
            online.resume_on_connect = Some(last.code.clone());
            online.connect(&url, proxy.as_deref());
        }
    }
}

/// Writes the book when it changed.
pub fn keep(folders: Option<Res<Folders>>, mut online: ResMut<Online>) {
    if !online.book_changed {
        return;
    }
    online.book_changed = false;
    online.book.name = online.name.clone();
    let Some(folders) = folders else { return };
    if let Err(e) = write_atomically(&file(&folders), online.book.to_ron()) {
        warn!("the seat book was not written: {e}");
        online.message = Some(format!("{}: {e}", file(&folders).display()));
    }
}
