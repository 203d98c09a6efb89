//! What a client of a Doska server needs besides a socket: the match as the server's
//! events tell it ([`mirror`]), the actions on their way ([`outbox`]), a move chosen
//! ahead of the turn ([`premove`]), and the seats kept between runs ([`seat_book`]).

pub mod mirror;
pub mod outbox;
pub mod premove;
pub mod seat_book;
