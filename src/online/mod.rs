//! What a client of a Doska server needs besides a socket: the match as the server's
//! events tell it ([`mirror`]), the actions on their way ([`outbox`]), and a move
//! chosen ahead of the turn ([`premove`]).

pub mod mirror;
pub mod outbox;
pub mod premove;
