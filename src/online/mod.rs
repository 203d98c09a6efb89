//! What a client of a Doska server needs besides a socket: the match as the server's
//! events tell it ([`mirror`]).

pub mod mirror;
