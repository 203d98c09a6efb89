//! A client's actions on their way to the server: each gets an id the seat has never
//! used, and stays here until the server answers it. After a lost connection, what is
//! still here is sent again with the same ids, so nothing done while away is lost, and
//! the server plays nothing twice.

use crate::protocol::{Reply, Request};

/// An action sent and not yet answered.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    id: u64,
    code: String,
    action: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outbox {
    next_id: u64,
    pending: Vec<Pending>,
}

impl Outbox {
    /// Ids start at `first`. A client that cannot remember its last id across runs
    /// starts from the clock, so that it never repeats one.
    pub fn new(first: u64) -> Outbox {
        Outbox {
            next_id: first,
            pending: Vec::new(),
        }
    }

    /// The request for an action, kept until it is answered.
    pub fn act(&mut self, code: &str, action: &str) -> Request {
        let id = self.next_id;
        self.next_id += 1;
        let pending = Pending {
            id,
            code: code.to_string(),
            action: action.to_string(),
        };
        let request = request(&pending);
        self.pending.push(pending);
        request
    }

    /// An id for a request that is not an action (a seat taken back, a line of chat):
    /// from the same count, so no two requests share one.
    pub fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id - 1
    }

    /// Takes the server's answer to an action: an ack or an error ends its wait. Returns
    /// whether the reply answered one of ours.
    pub fn answered(&mut self, reply: &Reply) -> bool {
        let id = match reply {
            Reply::Ack { id, .. } => *id,
            Reply::Error { id: Some(id), .. } => *id,
            _ => return false,
        };
        let before = self.pending.len();
        self.pending.retain(|p| p.id != id);
        self.pending.len() != before
    }

    /// What to send again once the seats are taken back after a lost connection, in
    /// the order it was first sent.
    pub fn again(&self) -> Vec<Request> {
        self.pending.iter().map(request).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }
}

fn request(p: &Pending) -> Request {
    Request::Act {
        id: p.id,
        code: p.code.clone(),
        action: p.action.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unanswered_actions_are_sent_again_with_their_ids() {
        let mut outbox = Outbox::new(100);
        let e4 = outbox.act("ABC", "e4");
        let nf3 = outbox.act("ABC", "Nf3");
        assert_eq!(
            e4,
            Request::Act {
                id: 100,
                code: "ABC".into(),
                action: "e4".into()
            }
        );
        assert!(outbox.answered(&Reply::Ack {
            id: 100,
            n: Some(3)
        }));
        assert!(!outbox.answered(&Reply::Ack {
            id: 100,
            n: Some(3)
        }));
        assert!(!outbox.answered(&Reply::Pong { id: 101 }));
        // The connection drops before Nf3 is answered: it goes again, as it was.
        assert_eq!(outbox.again(), vec![nf3]);
        assert!(outbox.answered(&Reply::Error {
            id: Some(101),
            error: "rules".into(),
            message: String::new(),
            server: None,
        }));
        assert!(outbox.is_empty());
        assert_eq!(
            outbox.act("ABC", "d4"),
            Request::Act {
                id: 102,
                code: "ABC".into(),
                action: "d4".into()
            }
        );
    }
}
