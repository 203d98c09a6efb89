//! One match on the server: a task that owns the match and is the referee. Requests
//! reach it one at a time through its queue, so a match's events are numbered in the
//! order they happened; each is stored durably before anyone hears of it. Its writes
//! carry the epoch its server claimed the match at: where another server has claimed
//! it since, the room stops without a word acknowledged, and its followers are sent
//! away to find the match where it is played now.

mod asks;
mod clocks;
mod computer;
mod restore;

use computer::Thought;

use super::lag::Lag;
use super::refused::Refused;
use super::setup::Settings;
use super::store::{EventRow, SeatRow, StoreError, Write};
use super::writer::{Writer, now_ms};
use crate::i18n::Language;
use crate::protocol::{Event, EventKind, Listing, Reply, SeatKey, SeatPlan, SeatView};
use crate::rules::clock::Millis;
use crate::rules::history::parse_action_as;
use crate::rules::{Action, Match};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use tokio::sync::{Semaphore, broadcast, mpsc, oneshot};
use tokio::time::{Duration, Instant};

/// Events a slow follower may fall behind before it is sent the whole match again.
const FOLLOWER_BACKLOG: usize = 256;

/// How long a match nobody follows stays in memory once nothing is running in it
/// (without clocks, or a seat still open); it stays in the store and comes back when
/// asked for.
const IDLE: Duration = Duration::from_secs(600);

/// How long a finished match nobody follows stays in memory: long enough for a
/// player who reloads to find it there, short enough that a finished match costs the
/// server nothing.
const OVER: Duration = Duration::from_secs(30);

/// How often a room that is not idle looks again whether it is: a follower's channel
/// may close without a command to wake the room.
const RECHECK: Duration = Duration::from_secs(5);

/// What a follower receives: one message, already written as JSON, shared by all.
pub type Said = tokio_tungstenite::tungstenite::Utf8Bytes;

/// What a connection asks of a match; each answers on its own channel.
pub enum Command {
    Join {
        seat: Option<usize>,
        name: Option<String>,
        reply: oneshot::Sender<Result<(SeatKey, Follow), Refused>>,
    },
    Sit {
        secret: String,
        last: u64,
        reply: oneshot::Sender<Result<(Vec<SeatKey>, Follow), Refused>>,
    },
    Watch {
        last: u64,
        reply: oneshot::Sender<Follow>,
    },
    Resync {
        reply: oneshot::Sender<Reply>,
    },
    /// The board for a thin client, lit for `seats`.
    View {
        seats: Vec<usize>,
        geometry: bool,
        at: Option<u64>,
        lang: Language,
        reply: oneshot::Sender<(
            u64,
            Option<crate::protocol::Geometry>,
            crate::protocol::BoardView,
        )>,
    },
    /// Why `seats` may not move the piece on `from` (to `to`): the reason and the
    /// cell behind it.
    Why {
        seats: Vec<usize>,
        from: u16,
        to: Option<u16>,
        lang: Language,
        reply: oneshot::Sender<Result<(String, Option<u16>), Refused>>,
    },
    Act {
        seats: Vec<usize>,
        request: u64,
        action: String,
        /// The connection's measured one-way lag.
        lag: Millis,
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
    Takeback {
        seats: Vec<usize>,
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
    TakebackAnswer {
        seats: Vec<usize>,
        accept: bool,
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
    Rematch {
        seats: Vec<usize>,
        /// The asking connection's address: a rematch against the computer counts
        /// for it as a match it made.
        from: Option<std::net::IpAddr>,
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
    Say {
        seats: Vec<usize>,
        text: String,
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
    /// A connection holding `seats` came (`here`) or went.
    Present {
        seats: Vec<usize>,
        here: bool,
    },
    /// The server is going away: the room stops and gives its match up for another
    /// server to claim.
    HandOver,
    /// Another server holds the match now (the store said so after this one's
    /// silence): the room stops, and gives up nothing.
    Lost,
}

/// Why a room stopped playing its match before its time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Loss {
    /// Another server holds the match now.
    Claimed,
    /// The store did not take the room's last events: what is in memory is ahead of
    /// what is stored.
    Unstored,
}

/// A follower's start: the events it has not seen (all of them, as a snapshot, where
/// it saw none or more than there are) and the channel of those to come.
pub struct Follow {
    pub catch_up: Reply,
    pub events: broadcast::Receiver<Said>,
}

/// Asks the lobby for a rematch, for the address that asked last; answers the new
/// match's code.
pub type Rematcher = Arc<
    dyn Fn(
            Settings,
            Vec<Option<SeatRow>>,
            Option<std::net::IpAddr>,
        ) -> tokio::task::JoinHandle<Result<String, Refused>>
        + Send
        + Sync,
>;

/// What the room needs from the rest of the server.
#[derive(Clone)]
pub struct Services {
    pub writer: Writer,
    /// The computer players' threads: as many searches at once as the machine has cores.
    pub thinkers: Arc<Semaphore>,
    pub rematch: Rematcher,
    /// The evaluation weights the computer's seats play with.
    pub weights: Arc<crate::engine::weights::InForce>,
    /// The secrets of the hosting app's seats (see [`super::Config::hosts`]).
    pub hosts: Arc<Vec<String>>,
}

/// A room's handle: its queue, and what the lobby lists of it.
#[derive(Clone)]
pub struct Handle {
    pub queue: mpsc::Sender<Command>,
    /// The epoch the match was claimed at, and when the room started: after a
    /// silence, the lobby keeps the rooms the store says are still this server's.
    pub epoch: u64,
    pub since: std::time::Instant,
    pub listing: Arc<Mutex<Listing>>,
    pub open: Arc<std::sync::atomic::AtomicBool>,
    /// Ends when the room has stopped and given its match up.
    pub stopped: Arc<tokio::sync::Notify>,
}

/// A request already played: the event it made, and the text it was sent with where
/// this server heard it (a match read back from the store knows the event's notation).
struct Answered {
    n: u64,
    sent: Option<String>,
}

struct Seat {
    plan: SeatPlan,
    key: Option<SeatRow>,
    lag: Lag,
    /// The connections holding the seat now.
    connections: usize,
}

pub struct Room {
    code: String,
    /// The epoch this server claimed the match at (see [`super::store`]).
    epoch: u64,
    /// Whether the room may no longer play the match: another server has claimed it
    /// since, or the store did not take what it played (see [`Room::commit`]).
    lost: Option<Loss>,
    settings: Settings,
    seed: u64,
    /// When the match was made, ms since the epoch.
    created: u64,
    m: Match,
    seats: Vec<Seat>,
    /// The seat that made each action of the match, in order.
    by: Vec<usize>,
    events: Vec<Event>,
    /// Each accepted request, by seat and the client's id.
    requests: HashMap<(usize, u64), Answered>,
    /// Where the clocks were last charged.
    charged: Instant,
    takeback: Option<(usize, BTreeSet<usize>)>,
    rematch_asked: BTreeSet<usize>,
    rematch: Option<String>,
    followers: broadcast::Sender<Said>,
    listing: Arc<Mutex<Listing>>,
    open: Arc<std::sync::atomic::AtomicBool>,
    services: Services,
    /// The computer's seats it is thinking for, each with the number of actions then.
    thinking: std::collections::BTreeMap<usize, usize>,
    queue: mpsc::WeakSender<Command>,
    /// Chapayev's last shot as the views show it, simulated once.
    films: super::view::Films,
}

impl Room {
    /// A new match, with the creator's seats taken. Returns the room and the writes
    /// that make it; it is not started until they are stored.
    pub fn create(
        code: String,
        settings: Settings,
        taken: Vec<Option<SeatRow>>,
        services: Services,
    ) -> Result<(Room, Vec<Write>), Refused> {
        let seed = super::secret::seed();
        let created = now_ms();
        let row = settings.row(&code, seed, created);
        let mut room = Room::empty(code.clone(), 1, settings, seed, created, services)?;
        let mut writes = vec![Write::Match(row)];
        for (seat, key) in taken.into_iter().enumerate() {
            if let Some(key) = key {
                writes.push(Write::Seat {
                    code: code.clone(),
                    seat: key.clone(),
                });
                let name = key.name.clone();
                room.seats[seat].key = Some(key);
                writes.push(room.push(EventKind::Seated { seat, name }, None));
            }
        }
        writes.extend(room.chance());
        room.relist();
        Ok((room, writes))
    }

    fn empty(
        code: String,
        epoch: u64,
        settings: Settings,
        seed: u64,
        created: u64,
        services: Services,
    ) -> Result<Room, Refused> {
        let mut m = Match::new(settings.start()?);
        m.set_time_control(settings.control);
        m.set_seed(seed);
        let seats = settings
            .plans
            .iter()
            .map(|&plan| Seat {
                plan,
                key: None,
                lag: Lag::default(),
                connections: 0,
            })
            .collect();
        let listing = Arc::new(Mutex::new(settings.listing(&code)));
        Ok(Room {
            code,
            epoch,
            lost: None,
            settings,
            seed,
            created,
            m,
            seats,
            by: Vec::new(),
            events: Vec::new(),
            requests: HashMap::new(),
            charged: Instant::now(),
            takeback: None,
            rematch_asked: BTreeSet::new(),
            rematch: None,
            followers: broadcast::channel(FOLLOWER_BACKLOG).0,
            listing,
            open: Arc::new(std::sync::atomic::AtomicBool::new(true)),
            services,
            thinking: Default::default(),
            queue: mpsc::channel(1).0.downgrade(),
            films: Default::default(),
        })
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    /// Starts the room's task; it ends when the match has been idle long enough, when
    /// the server hands it over, when another server has claimed it, or when the store
    /// did not take its events. `gone` is told the code then, and why where it was
    /// lost.
    pub fn start(mut self, gone: impl FnOnce(&str, Option<Loss>) + Send + 'static) -> Handle {
        let (queue, mut commands) = mpsc::channel::<Command>(64);
        self.queue = queue.downgrade();
        let stopped = Arc::new(tokio::sync::Notify::new());
        let handle = Handle {
            queue,
            epoch: self.epoch,
            since: std::time::Instant::now(),
            listing: self.listing.clone(),
            open: self.open.clone(),
            stopped: stopped.clone(),
        };
        tokio::spawn(async move {
            let (thoughts_in, mut thoughts) = mpsc::channel::<Thought>(1);
            let mut idle_since = Instant::now();
            self.think(&thoughts_in);
            loop {
                let flag = self.next_flag();
                let idle = self.followers.receiver_count() == 0 && self.thinking.is_empty();
                if !idle {
                    idle_since = Instant::now();
                }
                let can_leave = idle && flag.is_none();
                let stay = if self.m.outcome().is_some() {
                    OVER
                } else {
                    IDLE
                };
                let look = if can_leave {
                    idle_since + stay
                } else {
                    Instant::now() + RECHECK
                };
                tokio::select! {
                    command = commands.recv() => {
                        match command {
                            None | Some(Command::HandOver) => break,
                            Some(Command::Lost) => {
                                self.lost = Some(Loss::Claimed);
                                break;
                            }
                            Some(command) => self.command(command).await,
                        }
                    }
                    Some(thought) = thoughts.recv() => self.thought(thought).await,
                    () = sleep_until(flag) => self.flag().await,
                    () = tokio::time::sleep_until(look) => {
                        if can_leave {
                            break;
                        }
                    }
                }
                if self.lost.is_some() {
                    break;
                }
                self.think(&thoughts_in);
            }
            self.open.store(false, std::sync::atomic::Ordering::Relaxed);
            gone(&self.code, self.lost);
            // Commands still waiting go unanswered: their connections ask the lobby
            // again, which says where the match is now.
            drop(commands);
            // Followers are sent away (see `connection`) when their channel closes.
            drop(self.followers);
            if self.lost.is_none() {
                let held = vec![(self.code.clone(), self.epoch)];
                if self.services.writer.release(held).await.is_ok() {
                    crate::server::metrics::METRICS
                        .released
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
            stopped.notify_waiters();
            stopped.notify_one();
        });
        handle
    }

    async fn command(&mut self, command: Command) {
        match command {
            Command::Join { seat, name, reply } => {
                let _ = reply.send(self.join(seat, name).await);
            }
            Command::Sit {
                secret,
                last,
                reply,
            } => {
                let keys: Vec<SeatKey> = self
                    .seats
                    .iter()
                    .filter_map(|s| s.key.as_ref())
                    .filter(|k| super::secret::same(&k.secret, &secret))
                    .map(|k| SeatKey {
                        seat: k.seat,
                        secret: k.secret.clone(),
                    })
                    .collect();
                let _ = reply.send(if keys.is_empty() {
                    Err(Refused::WrongSecret)
                } else {
                    Ok((keys, self.follow(last)))
                });
            }
            Command::Watch { last, reply } => {
                let _ = reply.send(self.follow(last));
            }
            Command::Resync { reply } => {
                let _ = reply.send(self.snapshot());
            }
            Command::Why {
                seats,
                from,
                to,
                lang,
                reply,
            } => {
                let _ = reply.send(super::view::why_not(&self.m, &seats, from, to, lang));
            }
            Command::View {
                seats,
                geometry,
                at,
                lang,
                reply,
            } => {
                let position = self.m.position();
                let shapes = geometry.then(|| super::view::geometry(position));
                let played = self.m.all_actions().len();
                let board = match at.and_then(|at| usize::try_from(at).ok()) {
                    Some(at) if at < played => {
                        super::view::position(&self.m.state_before(at).position)
                    }
                    _ => super::view::board(&self.m, &seats, lang, &mut self.films),
                };
                let _ = reply.send((self.events.len() as u64, shapes, board));
            }
            Command::Act {
                seats,
                request,
                action,
                lag,
                reply,
            } => {
                let _ = reply.send(self.act(&seats, request, &action, lag).await);
            }
            Command::Takeback { seats, reply } => {
                let _ = reply.send(self.ask_takeback(&seats).await);
            }
            Command::TakebackAnswer {
                seats,
                accept,
                reply,
            } => {
                let _ = reply.send(self.answer_takeback(&seats, accept).await);
            }
            Command::Rematch { seats, from, reply } => {
                let _ = reply.send(self.ask_rematch(&seats, from).await);
            }
            Command::Say { seats, text, reply } => {
                let _ = reply.send(self.say(&seats, &text).await);
            }
            Command::Present { seats, here } => self.present(&seats, here),
            // Taken by the room's loop before it gets here.
            Command::HandOver | Command::Lost => {}
        }
    }

    /// A line of chat, from the first of `seats`; spectators only read.
    async fn say(&mut self, seats: &[usize], text: &str) -> Result<u64, Refused> {
        let &seat = seats.first().ok_or(Refused::NotYours)?;
        let text = text.trim();
        if text.is_empty() {
            return Err(Refused::Empty);
        }
        let write = self.push(
            EventKind::Said {
                seat,
                text: text.to_string(),
            },
            None,
        );
        let n = self.events.len() as u64;
        self.commit(vec![write]).await?;
        Ok(n)
    }

    /// Counts the connections of each seat and tells the followers when a seat's player
    /// comes or goes.
    fn present(&mut self, seats: &[usize], here: bool) {
        for &seat in seats {
            let Some(s) = self.seats.get_mut(seat) else {
                continue;
            };
            let was = s.connections > 0;
            s.connections = if here {
                s.connections + 1
            } else {
                s.connections.saturating_sub(1)
            };
            if was != (s.connections > 0) {
                let said = serde_json::to_string(&Reply::Presence {
                    code: self.code.clone(),
                    seat,
                    connected: !was,
                })
                .expect("replies are written as JSON");
                let _ = self.followers.send(said.into());
            }
        }
        self.relist();
    }

    async fn join(
        &mut self,
        seat: Option<usize>,
        name: Option<String>,
    ) -> Result<(SeatKey, Follow), Refused> {
        let open = |s: &Seat| s.plan == SeatPlan::Open && s.key.is_none();
        let seat = match seat {
            Some(seat) => {
                let s = self.seats.get(seat).ok_or(Refused::NoSeat(seat))?;
                if !open(s) {
                    return Err(Refused::SeatTaken(seat));
                }
                seat
            }
            None => self
                .seats
                .iter()
                .position(open)
                .ok_or(Refused::NoSeatOpen)?,
        };
        let key = SeatRow {
            seat,
            secret: super::secret::secret(),
            name: name.clone(),
        };
        self.seats[seat].key = Some(key.clone());
        self.charged = Instant::now();
        let mut writes = vec![Write::Seat {
            code: self.code.clone(),
            seat: key.clone(),
        }];
        writes.push(self.push(EventKind::Seated { seat, name }, None));
        self.commit(writes).await?;
        self.relist();
        Ok((
            SeatKey {
                seat,
                secret: key.secret,
            },
            self.follow(u64::MAX),
        ))
    }

    /// The events a follower has not seen, and its channel; every event from now on
    /// reaches it, none twice.
    fn follow(&self, last: u64) -> Follow {
        let events = self.followers.subscribe();
        let known = self.events.len() as u64;
        let catch_up = if last == 0 || last > known {
            self.snapshot()
        } else {
            Reply::Missed {
                code: self.code.clone(),
                events: self.events[last as usize..].to_vec(),
                clocks: self.clocks_now(),
            }
        };
        Follow { catch_up, events }
    }

    fn snapshot(&self) -> Reply {
        Reply::Snapshot {
            listing: self.listing.lock().expect("the listing's lock").clone(),
            events: self.events.clone(),
            clocks: self.clocks_now(),
        }
    }

    /// The seat among `seats` that may take `action` now, focused where several seats
    /// are on move.
    fn acting_seat(&mut self, seats: &[usize], action: &Action) -> Result<usize, Refused> {
        let position = self.m.position();
        let seat = match action.moved() {
            Some(m) => position.mover(&m),
            None => {
                let on_move = position.seats().seats_on_move();
                let to_move = position.seats().seat_to_move();
                if seats.contains(&to_move) {
                    to_move
                } else {
                    *on_move
                        .iter()
                        .find(|s| seats.contains(s))
                        .ok_or(Refused::NotYours)?
                }
            }
        };
        if !seats.contains(&seat) {
            return Err(Refused::NotYours);
        }
        self.m.focus(seat);
        Ok(seat)
    }

    async fn act(
        &mut self,
        seats: &[usize],
        request: u64,
        text: &str,
        lag: Millis,
    ) -> Result<u64, Refused> {
        let arrived = std::time::Instant::now();
        // A resend after a lost connection is answered with the event it made; another
        // action under a used id is refused, never swallowed.
        if let Some(answered) = seats.iter().find_map(|&s| self.requests.get(&(s, request))) {
            return if self.same_request(answered, text) {
                Ok(answered.n)
            } else {
                Err(Refused::IdReused(request))
            };
        }
        if let Some(o) = self.m.outcome() {
            return Err(Refused::Rules(crate::rules::Error::GameOver(o.reason.id())));
        }
        if !self.seated() {
            return Err(Refused::NotStarted);
        }
        if self.m.roll().is_some() || self.m.position().names_chance(text) {
            return Err(Refused::ServerRolls);
        }
        // Whose turn it is comes before what the action says: a move out of turn is
        // not the player's, whether or not it would be legal for the seat on move.
        let mut mine: Vec<usize> = self
            .m
            .position()
            .seats()
            .seats_on_move()
            .into_iter()
            .filter(|s| seats.contains(s))
            .collect();
        // A decision open to a seat not on move (chess for three's offers, made by the
        // captor or its victim whoever is to move).
        if mine.is_empty() {
            let position = self.m.position();
            let deciding: BTreeSet<usize> = self
                .m
                .legal_actions()
                .iter()
                .filter_map(|a| Some(position.mover(&a.moved()?)))
                .collect();
            mine = seats
                .iter()
                .copied()
                .filter(|s| deciding.contains(s))
                .collect();
        }
        let (&first, others) = mine.split_first().ok_or(Refused::NotYours)?;
        // Each seat of the connection on move reads the action as its player means
        // it; the first reading that makes an action is played.
        let position = self.m.position();
        let action = others
            .iter()
            .map(|&seat| parse_action_as(position, seat, text))
            .fold(parse_action_as(position, first, text), |read, next| {
                read.or(next)
            })?;
        let seat = self.acting_seat(seats, &action)?;
        let given = self.seats[seat].lag.compensate(lag);
        let charged_from = self.m.actions().len();
        let mut writes = self.charge(Some((seat, given)));
        // A flag fell first: the match is over, or (chess for three) the player left.
        if self.m.outcome().is_some() || self.m.actions().len() != charged_from {
            self.commit(writes).await?;
            return Err(Refused::Rules(crate::rules::Error::GameOver(
                crate::rules::Reason::TimeForfeit.id(),
            )));
        }
        let before = self.m.actions().len();
        if let Err(e) = self.m.act(action) {
            self.commit(writes).await?;
            return Err(e.into());
        }
        writes.extend(self.played(before, Some(seat), Some((seat, request))));
        let n = match self.requests.get_mut(&(seat, request)) {
            Some(answered) => {
                answered.sent = Some(text.to_string());
                answered.n
            }
            None => self.events.len() as u64,
        };
        self.commit(writes).await?;
        // Stored and broadcast: what the other players waited for.
        let metrics = &crate::server::metrics::METRICS;
        metrics.action_to_broadcast.observe(arrived.elapsed());
        metrics
            .actions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }

    /// Whether `text` is the action `answered` was made with: the same text, or the
    /// notation its event wrote.
    fn same_request(&self, answered: &Answered, text: &str) -> bool {
        if answered.sent.as_deref() == Some(text) {
            return true;
        }
        let event = usize::try_from(answered.n - 1)
            .ok()
            .and_then(|i| self.events.get(i));
        matches!(event, Some(Event { kind: EventKind::Action { action, .. }, .. }) if action == text)
    }

    /// Events for the actions played since `before` (the player's, a pass it forced,
    /// the dice that follow); the first is `seat`'s, made by `request`.
    fn played(
        &mut self,
        before: usize,
        seat: Option<usize>,
        request: Option<(usize, u64)>,
    ) -> Vec<Write> {
        self.takeback = None;
        let mut writes = Vec::new();
        let mut request = request;
        for i in before..self.m.actions().len() {
            let by = match (i == before, seat) {
                (true, Some(seat)) => seat,
                _ => self.m.state_before(i).position.seats().seat_to_move(),
            };
            writes.push(self.action_event(i, by, false, request.take()));
        }
        writes.extend(self.chance());
        writes
    }

    /// Rolls the dice and draws the lot wherever the server is to: at once, so the
    /// next player sees the faces with the move before. A roll that leaves the player
    /// nothing but a pass (dice chess, where no piece of the rolled kind can move) is
    /// followed by that pass, and the next roll.
    fn chance(&mut self) -> Vec<Write> {
        let mut writes = Vec::new();
        while let Some(roll) = self.m.roll() {
            let seat = self.m.position().seats().seat_to_move();
            let i = self.m.actions().len();
            if self.m.act(roll).is_err() {
                break;
            }
            writes.push(self.action_event(i, seat, true, None));
            if self.m.actions().len() > i + 1 {
                writes.push(self.action_event(i + 1, seat, false, None));
            }
        }
        writes
    }

    fn action_event(
        &mut self,
        i: usize,
        seat: usize,
        chance: bool,
        request: Option<(usize, u64)>,
    ) -> Write {
        self.by.push(seat);
        let kind = EventKind::Action {
            seat,
            action: self.m.notation(i),
            chance,
            clocks: self.clocks(),
            result: self.result(),
        };
        self.push(kind, request)
    }

    fn clocks(&self) -> Option<Vec<Millis>> {
        self.m
            .clock()
            .map(|c| c.seats.iter().map(|r| r.left).collect())
    }

    /// The result as events and the listing write it: `0-1 (checkmate)`.
    fn result(&self) -> Option<String> {
        crate::protocol::result(&self.m)
    }

    /// Numbers a new event and keeps it; the write that stores it.
    fn push(&mut self, kind: EventKind, request: Option<(usize, u64)>) -> Write {
        let n = self.events.len() as u64 + 1;
        let at = now_ms();
        let event = Event {
            n,
            at: at.saturating_sub(self.created),
            kind,
        };
        if let Some(r) = request {
            self.requests.insert(r, Answered { n, sent: None });
        }
        let body = serde_json::to_string(&event).expect("events are written as JSON");
        self.events.push(event);
        Write::Event {
            code: self.code.clone(),
            event: EventRow {
                n,
                at,
                request,
                body,
            },
        }
    }

    /// Stores the writes, then tells the followers of the new events. Where another
    /// server has claimed the match, nothing was stored: the room is lost, and the
    /// request is refused with the name of the server the store says holds it now.
    /// Where the store failed, the room is ahead of what it keeps: it stops, the
    /// request is refused as `unavailable` and acknowledged nothing, and the lobby
    /// reads the match back from the store once it answers again.
    async fn commit(&mut self, mut writes: Vec<Write>) -> Result<(), Refused> {
        match self.lost {
            Some(Loss::Unstored) => return Err(Refused::Unavailable),
            Some(Loss::Claimed) => return Err(Refused::Busy),
            None => {}
        }
        if writes.is_empty() {
            return Ok(());
        }
        let over = self.m.outcome().is_some();
        if over {
            writes.push(Write::Finished {
                code: self.code.clone(),
            });
        }
        let first = writes.iter().find_map(|w| match w {
            Write::Event { event, .. } => Some(event.n),
            _ => None,
        });
        let held = Some((self.code.clone(), self.epoch));
        match self.services.writer.write(writes, held).await {
            Ok(()) => {}
            Err(StoreError::Fenced { owner, .. }) => {
                tracing::warn!(code = %self.code, by = ?owner, "match claimed by another server; letting it go");
                self.lost = Some(Loss::Claimed);
                // Held by nobody now (given up since): asked again, it is claimed.
                return Err(owner.map_or(Refused::Busy, Refused::Elsewhere));
            }
            Err(e) => {
                tracing::error!(code = %self.code, error = %e, "cannot store the match's events; reading it back once the store answers");
                self.lost = Some(Loss::Unstored);
                return Err(Refused::Unavailable);
            }
        }
        self.relist();
        let Some(first) = first else { return Ok(()) };
        for event in &self.events[first as usize - 1..] {
            let said = serde_json::to_string(&Reply::Event {
                code: self.code.clone(),
                event: event.clone(),
            })
            .expect("events are written as JSON");
            let _ = self.followers.send(said.into());
        }
        Ok(())
    }

    /// Brings the lobby's listing up to date.
    fn relist(&self) {
        let mut listing = self.listing.lock().expect("the listing's lock");
        listing.seats = self
            .seats
            .iter()
            .map(|s| SeatView {
                plan: s.plan,
                taken: s.key.is_some() || s.plan == SeatPlan::Computer,
                name: s.key.as_ref().and_then(|k| k.name.clone()),
                connected: s.connections > 0 || s.plan == SeatPlan::Computer,
            })
            .collect();
        listing.result = self.result();
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
