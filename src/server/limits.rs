//! What one client may ask of the server at once: the connection's and the address's
//! share, enforced where the requests arrive and named in the refusals' sentences.

/// Matches one connection may make, and follow at once.
pub const MADE: usize = 16;
pub const FOLLOWED: usize = 32;

/// Matches with a computer seat that one address may have going on at once: each
/// search takes a core while it runs, so this bounds what one person can ask of them.
pub const COMPUTER_MATCHES: usize = 4;
