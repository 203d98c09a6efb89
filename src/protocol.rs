//! The messages between a Doska server and its clients: JSON text frames over a
//! WebSocket, written down for other implementers in `docs/protocol.md`.
//!
//! Every event of a match is numbered from 1, so a client that reconnects with the
//! last number it saw gets what it missed, and one that sees a gap asks for the whole
//! list again. Every request carries the client's `id`, and its answer names it; an
//! action whose id the seat has used before is answered again and played once.

use crate::rules::clock::Millis;
use crate::rules::history::parse_action;
use crate::rules::{Error, Match};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The protocol's version; a client names it in `hello`. Version 2 added `view`.
pub const VERSION: u32 = 2;
/// The oldest version a client may still speak: each version only adds to the last.
pub const OLDEST: u32 = 1;

/// The longest message a client may send, in bytes. The longest real one, a match
/// created with every house rule of the richest game, is under 2 KiB.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// The longest text of one action, seat name, code or secret a client may send.
pub const MAX_FIELD: usize = 256;

/// The longest line of chat, in bytes (about 250 Cyrillic letters).
pub const MAX_CHAT: usize = 500;

/// The most seats a `create` may name, and house rules it may set.
pub const MAX_SEATS: usize = 8;
pub const MAX_OPTIONS: usize = 64;

/// A request of a client; `id` is the client's own number for it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Request {
    /// The protocol version the client speaks and the language its errors are
    /// written in (`en`, `ru`, `uk`).
    Hello {
        id: u64,
        version: u32,
        #[serde(default)]
        lang: Option<String>,
    },
    /// A new match; the creator's seats (`me`) are answered with their secrets.
    Create {
        id: u64,
        game: String,
        #[serde(default)]
        options: BTreeMap<String, String>,
        /// A time control preset id (`blitz-3-2`) or a spelt-out control (`fischer:180+2`);
        /// none by default.
        #[serde(default)]
        clock: Option<String>,
        /// One plan per seat, in the game's seat order.
        seats: Vec<SeatPlan>,
        #[serde(default)]
        name: Option<String>,
        /// How well the computer seats play: `easy`, `normal` (the default), `hard`.
        #[serde(default)]
        level: Option<String>,
    },
    /// The matches with a seat open.
    List { id: u64 },
    /// Takes an open seat (the first open one where `seat` is left out).
    Join {
        id: u64,
        code: String,
        #[serde(default)]
        seat: Option<usize>,
        #[serde(default)]
        name: Option<String>,
    },
    /// Comes back to a seat with its secret; `last` is the last event number seen.
    Sit {
        id: u64,
        code: String,
        secret: String,
        #[serde(default)]
        last: u64,
    },
    /// Follows a match as a spectator from event `last` on.
    Watch {
        id: u64,
        code: String,
        #[serde(default)]
        last: u64,
    },
    /// Asks for every event of a match again, after a gap.
    Resync { id: u64, code: String },
    /// An action in the game's notation, or one of the shared words (`resign`,
    /// `draw-offer`, `draw-accept`, `draw-claim`), for a seat held on this connection.
    Act {
        id: u64,
        code: String,
        action: String,
    },
    /// Asks the opponents to let the last action be taken back.
    Takeback { id: u64, code: String },
    /// Answers a takeback asked by another seat.
    TakebackAnswer { id: u64, code: String, accept: bool },
    /// Asks for a rematch with colours swapped; made when every player has asked.
    Rematch { id: u64, code: String },
    /// A line of chat to everyone following the match, from a seat held here.
    Say { id: u64, code: String, text: String },
    /// Answered by `pong`: a client's own check that the server still hears it.
    Ping { id: u64 },
    /// Answered by `games`: each game's seats, house rules, clocks and notation.
    Games { id: u64 },
    /// Answered by `view`: the match's board as a thin client draws it, with the
    /// legal actions of the seats held on this connection; the board's geometry
    /// too where `geometry` is true (once is enough: it never changes in a match).
    View {
        id: u64,
        code: String,
        #[serde(default)]
        geometry: bool,
        /// The board as it stood after this many actions, to look back at (nothing
        /// to play there); the board now where left out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Answered by `why`: why the seats held here may not move the piece on `from`,
    /// at all or (with `to`) to that cell, as the rules say it.
    Why {
        id: u64,
        code: String,
        from: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<u16>,
    },
}

impl Request {
    pub fn id(&self) -> u64 {
        match self {
            Request::Hello { id, .. }
            | Request::Create { id, .. }
            | Request::List { id }
            | Request::Join { id, .. }
            | Request::Sit { id, .. }
            | Request::Watch { id, .. }
            | Request::Resync { id, .. }
            | Request::Act { id, .. }
            | Request::Takeback { id, .. }
            | Request::TakebackAnswer { id, .. }
            | Request::Rematch { id, .. }
            | Request::Say { id, .. }
            | Request::Ping { id }
            | Request::Games { id }
            | Request::View { id, .. }
            | Request::Why { id, .. } => *id,
        }
    }

    /// The longest free-text field of the request, in bytes.
    fn longest_field(&self) -> usize {
        let texts: Vec<&str> = match self {
            Request::Hello { lang, .. } => lang.iter().map(String::as_str).collect(),
            Request::Create {
                game,
                options,
                clock,
                name,
                level,
                ..
            } => [Some(game), clock.as_ref(), name.as_ref(), level.as_ref()]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .chain(options.iter().flat_map(|(k, v)| [k.as_str(), v.as_str()]))
                .collect(),
            Request::Join { code, name, .. } => [Some(code), name.as_ref()]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect(),
            Request::Sit { code, secret, .. } => vec![code, secret],
            Request::Act { code, action, .. } => vec![code, action],
            Request::Watch { code, .. }
            | Request::View { code, .. }
            | Request::Why { code, .. }
            | Request::Resync { code, .. }
            | Request::Takeback { code, .. }
            | Request::TakebackAnswer { code, .. }
            | Request::Rematch { code, .. }
            | Request::Say { code, .. } => vec![code],
            Request::List { .. } | Request::Ping { .. } | Request::Games { .. } => vec![],
        };
        texts.iter().map(|t| t.len()).max().unwrap_or(0)
    }
}

/// Who sits in a seat of a new match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatPlan {
    /// The creator.
    Me,
    /// Left for someone who joins by the code.
    Open,
    /// The server's computer player.
    Computer,
}

/// Why a message was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    TooLong(usize),
    Malformed(String),
    /// A field longer than its limit, in bytes.
    FieldTooLong(usize),
}

/// Reads a client's message. Anything but a well-formed request of bounded size is
/// an error; nothing here panics, whatever the bytes.
pub fn read_request(text: &str) -> Result<Request, ReadError> {
    if text.len() > MAX_MESSAGE {
        return Err(ReadError::TooLong(text.len()));
    }
    let request: Request =
        serde_json::from_str(text).map_err(|e| ReadError::Malformed(e.to_string()))?;
    if request.longest_field() > MAX_FIELD {
        return Err(ReadError::FieldTooLong(MAX_FIELD));
    }
    if let Request::Create { seats, .. } = &request
        && seats.len() > MAX_SEATS
    {
        return Err(ReadError::FieldTooLong(MAX_SEATS));
    }
    if let Request::Create { options, .. } = &request
        && options.len() > MAX_OPTIONS
    {
        return Err(ReadError::FieldTooLong(MAX_OPTIONS));
    }
    if let Request::Say { text, .. } = &request
        && text.len() > MAX_CHAT
    {
        return Err(ReadError::FieldTooLong(MAX_CHAT));
    }
    Ok(request)
}

/// The `id` of a message that is not a request the server can read, where it has one
/// (a JSON object with a whole number `id`, written `7` or `7.0`), so that its error
/// names the request.
pub fn request_id(text: &str) -> Option<u64> {
    if text.len() > MAX_MESSAGE {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let id = value.get("id")?;
    id.as_u64().or_else(|| {
        // Whole numbers JSON writers print as floats, up to where floats stay exact.
        let f = id.as_f64()?;
        (f >= 0.0 && f.fract() == 0.0 && f < 9_007_199_254_740_992.0).then_some(f as u64)
    })
}

/// What the server tells a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Reply {
    /// Sent first on every connection.
    Welcome {
        version: u32,
        server: String,
        games: Vec<String>,
    },
    /// A request done; `n` is the event it made, where it made one.
    Ack {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        n: Option<u64>,
    },
    /// A match made: its code, and the creator's seats with their secrets.
    Created {
        id: u64,
        code: String,
        seats: Vec<SeatKey>,
    },
    /// A seat taken or come back to, with its secret (sent to that client only).
    Seated {
        id: u64,
        code: String,
        seats: Vec<SeatKey>,
    },
    Lobby {
        id: u64,
        matches: Vec<Listing>,
    },
    /// A match as it stands: its settings and every event so far.
    Snapshot {
        #[serde(flatten)]
        listing: Listing,
        events: Vec<Event>,
        /// The clocks as the server reads them as it sends this, where they run:
        /// the events' readings are those of the last action, before the time since.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<Millis>>,
    },
    /// The events after `last` that a reconnecting client missed.
    Missed {
        code: String,
        events: Vec<Event>,
        /// The clocks as the server reads them now, as in a snapshot.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<Millis>>,
    },
    /// One new event of a match the client follows.
    Event {
        code: String,
        event: Event,
    },
    /// A request refused: `error` is a fixed word for programs, `message` a sentence
    /// in the client's language.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        error: String,
        message: String,
        /// With `elsewhere`: the server that plays the match now.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        server: Option<String>,
    },
    Pong {
        id: u64,
    },
    /// What a client needs to offer each game: the answer to `games`.
    Games {
        id: u64,
        games: Vec<GameInfo>,
        /// Every clock preset by id, with the control it stands for.
        clocks: Vec<ClockInfo>,
    },
    /// Whether a seat's player is connected now (not numbered: it is not part of the
    /// match, and a snapshot's listing says it again).
    Presence {
        code: String,
        seat: usize,
        connected: bool,
    },
    /// The answer to `view`: the match as it stands after event `n`.
    View {
        id: u64,
        code: String,
        n: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        geometry: Option<Box<Geometry>>,
        /// Boxed: the other replies are small.
        board: Box<BoardView>,
    },
    /// The answer to `why`: the rules' reason in the connection's language, and the
    /// cell of the piece behind it (the checking bishop), to mark.
    Why {
        id: u64,
        code: String,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        culprit: Option<u16>,
    },
}

/// A board's cells as drawn, in board units (y up), inside `[0, 0]`-`extent`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Geometry {
    pub extent: [f32; 2],
    /// Indexed by cell number, as `pieces` and `legal` name them.
    pub cells: Vec<CellShape>,
    /// Whether each seat's player sees a square board turned round (Black; bughouse's
    /// seats facing their partners' opponents), as the app shows it.
    pub seen_turned: Vec<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellShape {
    pub name: String,
    pub polygon: Vec<[f32; 2]>,
    /// Drawn in the board's dark colour.
    pub dark: bool,
}

/// What a thin client shows and lights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub pieces: Vec<PieceAt>,
    /// The seats on move.
    pub to_move: Vec<usize>,
    /// Each seat's army: `white`, `black`, `red`, `grey`.
    pub sides: Vec<String>,
    /// The actions of the seats held on this connection that move a piece or put
    /// one down, as `act` sends them, with the cells they start and end on.
    pub legal: Vec<LegalMove>,
    /// The pieces held off the board to put on it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<InHand>,
    /// The other actions of the seats held on this connection that the rules list as
    /// moves but that move no piece (the pie rule's swap, ending a turn, chess for
    /// three's offers and answers), each as `act` sends it and as a button says it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<Decision>,
    /// The question the seats held here answer first, among `others` (the pie rule's,
    /// chess for three's vassal's), in the connection's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<String>,
    /// Chapayev: the checkers (by id) the seats held here may shoot now, with a flick
    /// aimed by the player: `flick W3 th=ANGLE s=STRENGTH e=SPIN`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shooters: Vec<String>,
    /// Chapayev: the last shot as the server simulated it, to animate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub film: Option<Film>,
    /// The cells the last move left and reached, to mark.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last: Vec<u16>,
    /// What the last action sounds like: `move`, `capture`, `check` or `end`, a
    /// sound served as `/sounds/{sound}.wav`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sound: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// An action that moves no piece: what `act` sends, and its button's words in the
/// connection's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub action: String,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceAt {
    pub cell: u16,
    /// `white`, `black`, `red` or `grey`.
    pub side: String,
    /// The drawing's name under `/sprites/`: `king`, `man`, `disc`, ...
    pub kind: String,
    /// Where a piece rests between cells (Chapayev's checkers), in the geometry's units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[f32; 2]>,
    /// The piece's own name where actions name it (Chapayev's `W3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A shot as it played out: each frame (30 a second) gives every checker's point in
/// the geometry's units, by checker index (W1..W8, B1..B8), `null` once off the board.
pub type Film = Vec<Vec<Option<[f32; 2]>>>;

/// Pieces of one kind in a hand: a seat's (bughouse's reserves) or an army's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InHand {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    pub side: String,
    pub kind: String,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegalMove {
    pub action: String,
    pub from: u16,
    pub to: u16,
    /// The piece a pawn becomes, where the move chooses one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    /// The piece put down, for an action that puts one on `to` (then `from` is `to`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop: Option<String>,
    /// The cell picked after `to`, where moves to `to` differ by it: where the captured
    /// piece is put back (non-disappearing chess), where the gift pawn goes (100-cell
    /// chess).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<u16>,
}

/// One game as `games` describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: String,
    /// Each seat's name in the client's language, in seat order.
    pub seats: Vec<String>,
    pub options: Vec<RuleInfo>,
    /// The clock presets the game offers, by id (`none`: no clocks).
    pub clocks: Vec<String>,
    /// Actions legal at the start (after the server's dice or lot), as `act` sends
    /// them: the game's notation by example.
    pub examples: Vec<String>,
}

/// A house rule: its id, the values it takes and the one a match has unless set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleInfo {
    pub id: String,
    pub values: Vec<String>,
    pub default: String,
    /// Besides the named values, any whole number from the first to the second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbers: Option<[u32; 2]>,
}

/// A clock preset: its id and the control as `create`'s `clock` spells one out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockInfo {
    pub id: String,
    pub control: String,
}

/// A seat and its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatKey {
    pub seat: usize,
    pub secret: String,
}

/// A match's settings and who sits where, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    pub code: String,
    pub game: String,
    pub options: BTreeMap<String, String>,
    /// The time control's PGN tag, `-` for none.
    pub clock: String,
    pub seats: Vec<SeatView>,
    /// The result, once the match is over (`1-0`, `1/2-1/2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The level the computer plays at, where a seat is the computer's, so that a
    /// client can name it ("Computer, hard").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// A seat as everyone sees it (never its secret).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub plan: SeatPlan,
    /// Whether a player has taken it (always for the computer).
    pub taken: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether its player is connected now (always for the computer).
    #[serde(default)]
    pub connected: bool,
}

/// One numbered event of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub n: u64,
    /// Milliseconds since the match was created, on the server's clock.
    pub at: u64,
    #[serde(flatten)]
    pub kind: EventKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EventKind {
    /// A player took a seat.
    Seated {
        seat: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// An action played for `seat` (a die or lot the server drew is played for the
    /// seat to move, with `chance`). `clocks` are the time left per seat after it.
    Action {
        seat: usize,
        action: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chance: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<Millis>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<String>,
    },
    /// A flag fell on the server's clock.
    Flag {
        seat: usize,
        clocks: Vec<Millis>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<String>,
    },
    TakebackAsked {
        seat: usize,
    },
    TakebackDeclined {
        seat: usize,
    },
    /// The last `count` actions were taken back; `clocks` read as they did before them.
    TakenBack {
        count: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<Millis>>,
    },
    RematchAsked {
        seat: usize,
    },
    /// The rematch was made under this code.
    Rematch {
        code: String,
    },
    /// A line of chat from a seat's player.
    Said {
        seat: usize,
        text: String,
    },
}

/// A finished match's result as events, listings and views write it:
/// `0-1 (checkmate)`; chess for three's `0-1 (last-in-game)`.
pub fn result(m: &Match) -> Option<String> {
    let players = m.start().seats().seat_count();
    m.outcome()
        .map(|o| format!("{} ({})", o.token(players), o.reason.id()))
}

/// Plays an `action` event on a match as the server played it: the seat named first
/// among those on move (bughouse's two boards move at once), then the action, then the
/// clocks as they read after it. The server resuming a match and every client
/// following one play events through this.
pub fn play_action(
    m: &mut Match,
    seat: usize,
    action: &str,
    clocks: Option<&[Millis]>,
) -> Result<(), Error> {
    m.focus(seat);
    let a = parse_action(m.position(), action)?;
    m.play(a)?;
    if let Some(clocks) = clocks {
        m.set_time_left(m.cursor(), clocks);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_action_reads() {
        let r = read_request(r#"{"type":"act","id":7,"code":"K3QF9A","action":"e4"}"#);
        assert_eq!(
            r,
            Ok(Request::Act {
                id: 7,
                code: "K3QF9A".into(),
                action: "e4".into()
            })
        );
    }

    #[test]
    fn unknown_fields_and_types_are_refused() {
        assert!(read_request(r#"{"type":"act","id":1,"code":"A","action":"e4","x":1}"#).is_err());
        assert!(read_request(r#"{"type":"dance","id":1}"#).is_err());
        assert!(read_request(r#"{"type":"act","id":-1,"code":"A","action":"e4"}"#).is_err());
        assert!(read_request("").is_err());
    }

    #[test]
    fn long_messages_and_fields_are_refused() {
        let long = "x".repeat(MAX_FIELD + 1);
        let text = format!(r#"{{"type":"act","id":1,"code":"A","action":"{long}"}}"#);
        assert_eq!(read_request(&text), Err(ReadError::FieldTooLong(MAX_FIELD)));
        let chat = "ж".repeat(251);
        let text = format!(r#"{{"type":"say","id":1,"code":"A","text":"{chat}"}}"#);
        assert_eq!(read_request(&text), Err(ReadError::FieldTooLong(MAX_CHAT)));
        let huge = " ".repeat(MAX_MESSAGE + 1);
        assert_eq!(
            read_request(&huge),
            Err(ReadError::TooLong(MAX_MESSAGE + 1))
        );
    }

    #[test]
    fn an_event_round_trips() {
        let event = Event {
            n: 3,
            at: 1200,
            kind: EventKind::Action {
                seat: 1,
                action: "e5".into(),
                chance: false,
                clocks: Some(vec![1000, 2000]),
                result: None,
            },
        };
        let text = serde_json::to_string(&Reply::Event {
            code: "ABC".into(),
            event: event.clone(),
        })
        .unwrap();
        assert!(text.contains(r#""kind":"action""#), "{text}");
        let back: Reply = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back,
            Reply::Event {
                code: "ABC".into(),
                event
            }
        );
    }

    proptest! {
        /// Whatever arrives, the reader answers without panicking, and what it
        /// reads it reads again the same from its own writing.
        #[test]
        fn any_text_is_refused_or_read_as_itself(text in ".{0,300}") {
            if let Ok(request) = read_request(&text) {
                let again = serde_json::to_string(&request).unwrap();
                prop_assert_eq!(read_request(&again), Ok(request));
            }
        }

        /// Requests that are nearly well-formed (fields cut or a byte changed) are
        /// refused, or read as a request that writes back to itself; never a panic.
        #[test]
        fn mangled_requests_are_refused_or_read_as_themselves(
            cut in 0usize..80,
            flip in 0usize..80,
            byte in any::<u8>(),
        ) {
            let good = r#"{"type":"create","id":1,"game":"chess","seats":["me","open"],"options":{"a":"b"}}"#;
            let mut bytes = good.as_bytes().to_vec();
            bytes.truncate(bytes.len().saturating_sub(cut));
            if let Some(b) = bytes.get_mut(flip) {
                *b = byte;
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(request) = read_request(&text) {
                let again = serde_json::to_string(&request).unwrap();
                prop_assert_eq!(read_request(&again), Ok(request));
            }
        }
    }
}
