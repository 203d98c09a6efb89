//! One match on the server: a task that owns the match and is the referee. Requests
//! reach it one at a time through its queue, so a match's events are numbered in the
//! order they happened; each is stored durably before anyone hears of it.

use super::lag::Lag;
use super::refused::Refused;
use super::setup::Settings;
use super::store::{EventRow, SeatRow, Stored, Write};
use super::writer::{Writer, now_ms};
use crate::protocol::{Event, EventKind, Listing, Reply, SeatKey, SeatPlan, SeatView};
use crate::rules::clock::{Millis, TimeControl};
use crate::rules::history::parse_action;
use crate::rules::{Action, Match};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use tokio::sync::{Semaphore, broadcast, mpsc, oneshot};
use tokio::time::{Duration, Instant};

/// Events a slow follower may fall behind before it is sent the whole match again.
const FOLLOWER_BACKLOG: usize = 256;

/// How long a match nobody follows stays in memory once nothing is running in it
/// (over, or without clocks); it stays in the store and comes back when asked for.
const IDLE: Duration = Duration::from_secs(600);

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
        reply: oneshot::Sender<Result<u64, Refused>>,
    },
}

/// A follower's start: the events it has not seen (all of them, as a snapshot, where
/// it saw none or more than there are) and the channel of those to come.
pub struct Follow {
    pub catch_up: Reply,
    pub events: broadcast::Receiver<Said>,
}

/// Asks the lobby for a rematch; answers the new match's code.
pub type Rematcher = Arc<
    dyn Fn(Settings, Vec<Option<SeatRow>>) -> tokio::task::JoinHandle<Result<String, Refused>>
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
}

/// A room's handle: its queue, and what the lobby lists of it.
#[derive(Clone)]
pub struct Handle {
    pub queue: mpsc::Sender<Command>,
    pub listing: Arc<Mutex<Listing>>,
    pub open: Arc<std::sync::atomic::AtomicBool>,
}

struct Seat {
    plan: SeatPlan,
    key: Option<SeatRow>,
    lag: Lag,
}

pub struct Room {
    code: String,
    settings: Settings,
    seed: u64,
    /// When the match was made, ms since the epoch.
    created: u64,
    m: Match,
    seats: Vec<Seat>,
    /// The seat that made each action of the match, in order.
    by: Vec<usize>,
    events: Vec<Event>,
    /// Each accepted request's event, by seat and the client's id.
    requests: HashMap<(usize, u64), u64>,
    /// Where the clocks were last charged.
    charged: Instant,
    takeback: Option<(usize, BTreeSet<usize>)>,
    rematch_asked: BTreeSet<usize>,
    rematch: Option<String>,
    followers: broadcast::Sender<Said>,
    listing: Arc<Mutex<Listing>>,
    open: Arc<std::sync::atomic::AtomicBool>,
    services: Services,
    /// The number of actions for which the computer is thinking.
    thinking: Option<usize>,
    queue: mpsc::WeakSender<Command>,
}

/// A computer's move, back from its thread.
struct Thought {
    after: usize,
    seat: usize,
    action: Option<Action>,
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
        let mut room = Room::empty(code.clone(), settings, seed, created, services)?;
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
            })
            .collect();
        let listing = Arc::new(Mutex::new(settings.listing(&code)));
        Ok(Room {
            code,
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
            thinking: None,
            queue: mpsc::channel(1).0.downgrade(),
        })
    }

    /// A match read back from the store, its events played again. `down_since`, where
    /// the server stopped while the match went on, is when it was last known alive:
    /// the clock to move is charged up to then, and not for the time the server was
    /// down, when nobody could move.
    pub fn restore(
        stored: Stored,
        services: Services,
        down_since: Option<u64>,
    ) -> Result<Room, String> {
        let code = stored.row.code.clone();
        let fail = |why: String| format!("match {code}: {why}");
        let settings = Settings::from_row(&stored.row).map_err(|e| fail(format!("{e:?}")))?;
        let mut room = Room::empty(
            code.clone(),
            settings,
            stored.row.seed,
            stored.row.created,
            services,
        )
        .map_err(|e| fail(format!("{e:?}")))?;
        for key in stored.seats {
            let seat = key.seat;
            room.seats
                .get_mut(seat)
                .ok_or_else(|| fail(format!("no seat {seat}")))?
                .key = Some(key);
        }
        let mut last_at = stored.row.created;
        for row in stored.events {
            let event: Event = serde_json::from_str(&row.body)
                .map_err(|e| fail(format!("event {}: {e}", row.n)))?;
            room.replay(&event.kind)
                .map_err(|e| fail(format!("event {}: {e}", row.n)))?;
            if let Some(request) = row.request {
                room.requests.insert(request, row.n);
            }
            last_at = row.at;
            room.events.push(event);
        }
        if let Some(alive) = down_since {
            room.m.tick(alive.saturating_sub(last_at));
        }
        room.relist();
        Ok(room)
    }

    /// Plays a stored event again on the match.
    fn replay(&mut self, kind: &EventKind) -> Result<(), String> {
        match kind {
            EventKind::Action {
                seat,
                action,
                clocks,
                ..
            } => {
                self.m.focus(*seat);
                let a = parse_action(self.m.position(), action).map_err(|e| e.to_string())?;
                self.m.play(a).map_err(|e| e.to_string())?;
                self.by.push(*seat);
                if let Some(clocks) = clocks {
                    self.m.set_time_left(self.m.cursor(), clocks);
                }
            }
            EventKind::Flag { clocks, .. } => self.m.set_clock_now(clocks),
            EventKind::TakenBack { count, .. } => {
                for _ in 0..*count {
                    self.m.undo();
                    self.by.pop();
                }
                self.m.drop_later();
            }
            EventKind::TakebackAsked { seat } => {
                self.takeback = Some((*seat, BTreeSet::from([*seat])));
            }
            EventKind::TakebackDeclined { .. } => self.takeback = None,
            EventKind::RematchAsked { seat } => {
                self.rematch_asked.insert(*seat);
            }
            EventKind::Rematch { code } => self.rematch = Some(code.clone()),
            EventKind::Seated { .. } => {}
        }
        Ok(())
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    /// Starts the room's task; it ends when the match has been idle long enough.
    /// `gone` is told the code then.
    pub fn start(mut self, gone: impl FnOnce(&str) + Send + 'static) -> Handle {
        let (queue, mut commands) = mpsc::channel::<Command>(64);
        self.queue = queue.downgrade();
        let handle = Handle {
            queue,
            listing: self.listing.clone(),
            open: self.open.clone(),
        };
        tokio::spawn(async move {
            let (thoughts_in, mut thoughts) = mpsc::channel::<Thought>(1);
            let mut idle_since = Instant::now();
            self.think(&thoughts_in);
            loop {
                let flag = self.next_flag();
                let idle = self.followers.receiver_count() == 0 && self.thinking.is_none();
                if !idle {
                    idle_since = Instant::now();
                }
                let can_leave = idle && (flag.is_none());
                tokio::select! {
                    command = commands.recv() => {
                        let Some(command) = command else { break };
                        self.command(command).await;
                    }
                    Some(thought) = thoughts.recv() => self.thought(thought).await,
                    () = sleep_until(flag) => self.flag().await,
                    () = tokio::time::sleep_until(idle_since + IDLE), if can_leave => break,
                }
                self.think(&thoughts_in);
            }
            self.open.store(false, std::sync::atomic::Ordering::Relaxed);
            gone(&self.code);
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
            Command::Rematch { seats, reply } => {
                let _ = reply.send(self.ask_rematch(&seats).await);
            }
        }
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
        self.commit(writes).await;
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
            }
        };
        Follow { catch_up, events }
    }

    fn snapshot(&self) -> Reply {
        Reply::Snapshot {
            listing: self.listing.lock().expect("the listing's lock").clone(),
            events: self.events.clone(),
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
        if let Some(n) = seats.iter().find_map(|&s| self.requests.get(&(s, request))) {
            return Ok(*n);
        }
        if let Some(o) = self.m.outcome() {
            return Err(Refused::Rules(crate::rules::Error::GameOver(o.reason.id())));
        }
        if self.m.roll().is_some() {
            return Err(Refused::ServerRolls);
        }
        let action = parse_action(self.m.position(), text)?;
        let seat = self.acting_seat(seats, &action)?;
        let given = self.seats[seat].lag.compensate(lag);
        let mut writes = self.charge(Some((seat, given)));
        if self.m.outcome().is_some() {
            self.commit(writes).await;
            return Err(Refused::Rules(crate::rules::Error::GameOver(
                crate::rules::Reason::TimeForfeit.id(),
            )));
        }
        let before = self.m.actions().len();
        if let Err(e) = self.m.act(action) {
            self.commit(writes).await;
            return Err(e.into());
        }
        writes.extend(self.played(before, Some(seat), Some((seat, request))));
        let n = self
            .requests
            .get(&(seat, request))
            .copied()
            .unwrap_or(self.events.len() as u64);
        self.commit(writes).await;
        Ok(n)
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
    /// next player sees the faces with the move before.
    fn chance(&mut self) -> Vec<Write> {
        let mut writes = Vec::new();
        while let Some(roll) = self.m.roll() {
            let seat = self.m.position().seats().seat_to_move();
            let i = self.m.actions().len();
            if self.m.play(roll).is_err() {
                break;
            }
            writes.push(self.action_event(i, seat, true, None));
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

    fn result(&self) -> Option<String> {
        self.m
            .outcome()
            .map(|o| format!("{} ({})", o.result(), o.reason.id()))
    }

    /// Charges the time since the last charge to the seats on move, less what lag
    /// gives back to `given`'s seat. A flag that falls is an event.
    fn charge(&mut self, given: Option<(usize, Millis)>) -> Vec<Write> {
        let now = Instant::now();
        let elapsed = now.duration_since(self.charged).as_millis() as Millis;
        self.charged = now;
        if self.m.clock().is_none() || self.m.outcome().is_some() || !self.seated() {
            return Vec::new();
        }
        let on_move = self.m.position().seats().seats_on_move();
        let before = self.m.actions().len();
        match given {
            Some((_, given)) if on_move.len() == 1 => self.m.tick(elapsed.saturating_sub(given)),
            Some((seat, given)) => {
                self.m.tick(elapsed);
                if let Some(mut left) = self.clocks()
                    && left[seat] > 0
                {
                    left[seat] += given;
                    self.m.set_clock_now(&left);
                }
            }
            None => self.m.tick(elapsed),
        }
        let flagged = on_move.iter().copied().find(|&s| {
            self.m
                .clock()
                .is_some_and(|c| c.seats.get(s).is_some_and(|r| r.left == 0))
        });
        let mut writes = Vec::new();
        if let Some(seat) = flagged {
            let clocks = self.clocks().unwrap_or_default();
            writes.push(self.push(
                EventKind::Flag {
                    seat,
                    clocks,
                    result: self.result(),
                },
                None,
            ));
            // In chess for three the fallen player leaves as by resigning.
            writes.extend(self.played(before, Some(seat), None));
        }
        writes
    }

    /// Whether every seat is taken: the clocks start only then, so that nobody loses
    /// on time waiting for a friend to join.
    fn seated(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.key.is_some() || s.plan == SeatPlan::Computer)
    }

    /// When the next flag would fall, where a clock runs.
    fn next_flag(&self) -> Option<Instant> {
        let clock = self.m.clock()?;
        if self.m.outcome().is_some() || self.m.roll().is_some() || !self.seated() {
            return None;
        }
        let delay = match clock.control {
            TimeControl::SimpleDelay { delay, .. } => delay,
            _ => 0,
        };
        let soonest = self
            .m
            .position()
            .seats()
            .seats_on_move()
            .iter()
            .filter_map(|&s| clock.seats.get(s))
            .map(|r| r.left + delay.saturating_sub(r.this_turn))
            .min()?;
        Some(self.charged + Duration::from_millis(soonest.max(1)))
    }

    async fn flag(&mut self) {
        let writes = self.charge(None);
        self.commit(writes).await;
    }

    /// Starts the computer's search where a computer seat is on move.
    fn think(&mut self, back: &mpsc::Sender<Thought>) {
        let after = self.m.actions().len();
        if self.thinking.is_some() || self.m.outcome().is_some() || self.m.roll().is_some() {
            return;
        }
        let Some(seat) = self
            .m
            .position()
            .seats()
            .seats_on_move()
            .into_iter()
            .find(|&s| {
                self.seats
                    .get(s)
                    .is_some_and(|s| s.plan == SeatPlan::Computer)
            })
        else {
            return;
        };
        self.thinking = Some(after);
        let mut m = self.m.clone();
        m.focus(seat);
        let level = self.settings.level;
        let limits = crate::rules::search::limits(&m, seat, level, 2);
        let seed = self.seed ^ after as u64;
        let thinkers = self.services.thinkers.clone();
        let back = back.clone();
        tokio::spawn(async move {
            let Ok(_permit) = thinkers.acquire_owned().await else {
                return;
            };
            let action = tokio::task::spawn_blocking(move || {
                crate::rules::search::decide(&m, level, &limits, seed)
                    .or_else(|| m.legal_actions().first().copied())
            })
            .await
            .ok()
            .flatten();
            let _ = back
                .send(Thought {
                    after,
                    seat,
                    action,
                })
                .await;
        });
    }

    async fn thought(&mut self, thought: Thought) {
        self.thinking = None;
        let Some(action) = thought.action else { return };
        if thought.after != self.m.actions().len() || self.m.outcome().is_some() {
            return;
        }
        let seat = thought.seat;
        self.m.focus(seat);
        let mut writes = self.charge(None);
        let before = self.m.actions().len();
        if self.m.outcome().is_none() && self.m.act(action).is_ok() {
            writes.extend(self.played(before, Some(seat), None));
        }
        self.commit(writes).await;
    }

    /// Human seats among `seats`.
    fn players(&self) -> BTreeSet<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].plan != SeatPlan::Computer)
            .collect()
    }

    /// How many of the last actions a takeback by `seat` removes: back to before the
    /// seat's own last action (the computer's or opponents' replies with it), never
    /// past a lot.
    fn takeback_count(&self, seat: usize) -> Option<usize> {
        let last = self.by.iter().rposition(|&s| s == seat)?;
        let count = self.by.len() - last;
        let mut copy_cursor = self.m.actions().len();
        for _ in 0..count {
            copy_cursor = copy_cursor.checked_sub(1)?;
            let state = self.m.state_before(copy_cursor);
            if let Some(m) = self.m.actions()[copy_cursor].moved()
                && state.position.is_lot(&m)
            {
                return None;
            }
        }
        Some(count)
    }

    async fn ask_takeback(&mut self, seats: &[usize]) -> Result<u64, Refused> {
        if self.m.outcome().is_some() {
            return Err(Refused::NoTakeback);
        }
        let seat = *seats
            .iter()
            .find(|&&s| self.takeback_count(s).is_some())
            .ok_or(Refused::NoTakeback)?;
        let others: BTreeSet<usize> = self
            .players()
            .into_iter()
            .filter(|s| !seats.contains(s))
            .collect();
        let mut writes = vec![self.push(EventKind::TakebackAsked { seat }, None)];
        self.takeback = Some((seat, seats.iter().copied().collect()));
        if others.is_empty() {
            writes.extend(self.take_back(seat));
        }
        let n = self.events.len() as u64;
        self.commit(writes).await;
        Ok(n)
    }

    fn take_back(&mut self, seat: usize) -> Vec<Write> {
        self.takeback = None;
        let Some(count) = self.takeback_count(seat) else {
            return Vec::new();
        };
        for _ in 0..count {
            self.m.undo();
            self.by.pop();
        }
        self.m.drop_later();
        self.charged = Instant::now();
        let clocks = self.clocks();
        vec![self.push(EventKind::TakenBack { count, clocks }, None)]
    }

    async fn answer_takeback(&mut self, seats: &[usize], accept: bool) -> Result<u64, Refused> {
        let Some((asker, mut agreed)) = self.takeback.clone() else {
            return Err(Refused::NothingToAnswer);
        };
        let answering: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| !agreed.contains(s))
            .collect();
        if answering.is_empty() {
            return Err(Refused::NothingToAnswer);
        }
        let writes = if accept {
            agreed.extend(answering);
            if self.players().is_subset(&agreed) {
                self.take_back(asker)
            } else {
                self.takeback = Some((asker, agreed));
                return Ok(self.events.len() as u64);
            }
        } else {
            self.takeback = None;
            vec![self.push(EventKind::TakebackDeclined { seat: answering[0] }, None)]
        };
        let n = self.events.len() as u64;
        self.commit(writes).await;
        Ok(n)
    }

    async fn ask_rematch(&mut self, seats: &[usize]) -> Result<u64, Refused> {
        if self.m.outcome().is_none() {
            return Err(Refused::NotOver);
        }
        if seats.is_empty() {
            return Err(Refused::NotYours);
        }
        if self.rematch.is_some() {
            return Ok(self.events.len() as u64);
        }
        let mut writes = Vec::new();
        for &seat in seats {
            if self.rematch_asked.insert(seat) {
                writes.push(self.push(EventKind::RematchAsked { seat }, None));
            }
        }
        if self.players().is_subset(&self.rematch_asked) {
            // Colours swap: each seat moves to the next of its board (see `Settings::swap`).
            let n = self.seats.len();
            let mut taken = vec![None; n];
            let mut settings = self.settings.clone();
            settings.plans = vec![SeatPlan::Open; n];
            for (old, s) in self.seats.iter().enumerate() {
                let new = self.settings.swap(old);
                settings.plans[new] = s.plan;
                taken[new] = s.key.clone().map(|k| SeatRow { seat: new, ..k });
            }
            let code = (self.services.rematch)(settings, taken)
                .await
                .map_err(|_| Refused::Busy)??;
            self.rematch = Some(code.clone());
            writes.push(self.push(EventKind::Rematch { code }, None));
        }
        let n = self.events.len() as u64;
        self.commit(writes).await;
        Ok(n)
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
            self.requests.insert(r, n);
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

    /// Stores the writes, then tells the followers of the new events. A store that
    /// fails leaves the server unable to keep its word: it stops, and every match comes
    /// back from what was stored when it starts again.
    async fn commit(&mut self, mut writes: Vec<Write>) {
        if writes.is_empty() {
            return;
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
        if let Err(e) = self.services.writer.write(writes).await {
            super::note(format_args!(
                "{e}; stopping so that nothing unstored is acknowledged"
            ));
            std::process::exit(1);
        }
        self.relist();
        let Some(first) = first else { return };
        for event in &self.events[first as usize - 1..] {
            let said = serde_json::to_string(&Reply::Event {
                code: self.code.clone(),
                event: event.clone(),
            })
            .expect("events are written as JSON");
            let _ = self.followers.send(said.into());
        }
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
            })
            .collect();
        listing.result = self.m.outcome().map(|o| o.result().to_string());
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
