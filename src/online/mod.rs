//! What a client of a Doska server needs besides a socket: the match as the server's
//! events tell it ([`mirror`]), one match played or watched ([`playing`]), the actions
//! on their way ([`outbox`]), a move chosen ahead of the turn ([`premove`]), the seats
//! kept between runs ([`seat_book`]), and the connection itself ([`link`], with the
//! server's feature).
#[cfg(feature = "serve")]
pub mod link;
pub mod mirror;
pub mod outbox;
pub mod playing;
pub mod premove;
pub mod seat_book;
