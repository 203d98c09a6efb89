//! The match being played and the messages that change it. Everything here runs without
//! a window, so the headless tests drive the same systems the app does.

mod online;
mod study;

pub use study::Study;

use super::host::{LocalMatch, MatchHost};
use super::selection::{Click, MoveTable, Selection};
use crate::engine::search::Level;
use crate::online::premove::Chosen;
use crate::protocol::SeatPlan;
use crate::rules::clock::{Clock, TimeControl};
use crate::rules::record::{SavedGame, default_think_seconds, read_pasted};
use crate::rules::{
    Action, Cell, Error, GameId, Match, Move, MoveView, PieceKind, Position, Refusal, Side,
};
use bevy::prelude::*;

/// Which screen the app shows.
#[derive(States, Default, Clone, Copy, Eq, PartialEq, Hash, Debug)]
pub enum Screen {
    /// The cards of the games.
    #[default]
    Chooser,
    /// House rules and seats of the chosen game.
    Setup,
    Playing,
    /// Hosting, joining and listing matches on a server.
    Online,
    /// A position set up by hand.
    Editor,
}

/// The game being set up or played: the setup draft, the match, and the questions
/// put to the player. Views read it and send [`Command`]s; only this plugin's systems
/// change it.
#[derive(Resource)]
pub struct Session {
    /// What the setup screen chooses for the next match.
    draft: Draft,
    /// The clocks stand still.
    clocks_paused: bool,
    /// Where the match is decided; read it through [`Session::current`].
    host: Box<dyn MatchHost>,
    /// Groups of actions taken back, the latest last, for Redo.
    taken_back: Vec<Vec<Action>>,
    /// The legal moves of the position shown, by where they start and end.
    pub table: MoveTable,
    /// The move the player is putting together, click by click.
    pub selection: Selection,
    /// What waits for the player's answer, and what is said to them.
    pub prompts: Prompts,
    /// Bumped on every change of the match, so views know to redraw.
    pub revision: u64,
    /// The last move played here, for the views to animate once (they tell a new one
    /// by `played`); none after browsing, undoing or loading.
    animate: Option<MoveView>,
    /// Counts the actions played here (not browsed to, undone, redone or loaded), so
    /// sounds follow play only.
    played: u64,
    /// The game kept aside while it is studied (see [`Session::start_study`]).
    study: Option<Study>,
}

/// The setup draft: the game, its house rules and the seats of the next match. A
/// match started from it keeps its own copy; changing the draft changes no match.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The game and house rules chosen in the setup panel.
    pub game: GameId,
    pub options: Vec<(String, String)>,
    /// Player names, one per seat, in order of play; empty shows the seat's label.
    pub seats: Vec<String>,
    /// Seats the computer plays, and how well in each.
    pub computer: Vec<bool>,
    pub levels: Vec<Level>,
    /// Seconds a move at the hard level.
    pub think_seconds: u32,
    /// The clocks of the next match.
    pub time_control: TimeControl,
    /// Who takes each seat, where the next match is made on a server.
    pub plans: Option<Vec<SeatPlan>>,
}

impl Draft {
    /// The defaults for `game` with `seats` seats.
    fn new(game: GameId, seats: usize) -> Draft {
        Draft {
            game,
            options: game.default_options(),
            seats: vec![String::new(); seats],
            computer: vec![false; seats],
            levels: vec![Level::default(); seats],
            think_seconds: default_think_seconds(),
            time_control: TimeControl::None,
            plans: None,
        }
    }
}

/// What the app asks or tells the player about the match, waiting for an answer or
/// the next click.
#[derive(Clone, Debug, Default)]
pub struct Prompts {
    /// Moves that differ only by the piece chosen, waiting for the player's choice.
    pub choice: Option<Vec<Move>>,
    /// A move that loses at once (a third repeated movement), waiting for confirmation.
    pub confirm: Option<Move>,
    /// An action played from an earlier position (after browsing back or undoing) that
    /// would drop the later moves, waiting for confirmation.
    pub dropping: Option<Action>,
    /// What would close the game in progress, waiting for confirmation.
    pub replacing: Option<Replacement>,
    /// The player will claim a draw with the next move, where that move brings one
    /// (`draw_claim = claim`).
    pub claim_next: bool,
    /// The key of a short message to show the player.
    pub message: Option<&'static str>,
    /// Why the last click did nothing, with the piece responsible marked.
    pub refusal: Option<Refusal>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(GameId::Chess)
    }
}

impl Session {
    /// Whether the clocks are paused (View → Pause the clocks).
    pub fn clocks_paused(&self) -> bool {
        self.clocks_paused
    }

    /// The move to animate, where the last change of the match played one.
    pub fn animation(&self) -> Option<&MoveView> {
        self.animate.as_ref()
    }

    /// How many moves have been played here, to tell a new one from a browse.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// What the setup screen chooses for the next match.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// The next match's setup, as the setup screen or a remembered setup has it. A
    /// match under way keeps its own copy.
    pub fn set_draft(&mut self, draft: Draft) {
        self.draft = draft;
    }

    /// Online, the seats played at this screen (none for a spectator); None at one
    /// table, where this screen plays every seat.
    pub fn mine(&self) -> Option<&[usize]> {
        self.host.seated().map(|s| s.mine.as_slice())
    }

    /// The seat a move typed here is for: the first seat on move played at this
    /// screen, else the seat to move.
    pub fn typing_seat(&self) -> usize {
        let seats = self.current().position().seats();
        seats
            .seats_on_move()
            .into_iter()
            .find(|s| self.mine().is_none_or(|mine| mine.contains(s)))
            .unwrap_or_else(|| seats.seat_to_move())
    }

    /// Online, whose player is not connected, by seat.
    pub fn away(&self) -> &[bool] {
        self.host.seated().map_or(&[], |s| s.away.as_slice())
    }

    /// Online, the seats' presence as the server says it: who is away, and whether
    /// a seat is still open.
    pub fn set_away(&mut self, away: Vec<bool>, open: bool) {
        if let Some(seated) = self.host.seated_mut() {
            seated.away = away;
            seated.open = open;
        }
    }

    /// Online, whether a seat is still open: the match waits for its players.
    pub fn seat_open(&self) -> bool {
        self.host.seated().is_some_and(|s| s.open)
    }

    /// The move made ahead of the player's turn, played when it becomes legal.
    pub fn premove(&self) -> Option<&Chosen> {
        self.host.seated()?.premove.as_ref()
    }

    pub fn new(game: GameId) -> Session {
        let current = Match::new(Position::new(game, &[]).expect("default rules are valid"));
        let mut session = Session {
            draft: Draft::new(game, current.position().seats().seat_count()),
            clocks_paused: false,
            table: MoveTable::default(),
            host: Box::new(LocalMatch(current)),
            taken_back: Vec::new(),
            selection: Selection::default(),
            prompts: Prompts::default(),
            revision: 0,
            animate: None,
            played: 0,
            study: None,
        };
        session.refresh();
        session
    }

    /// The match as its host reports it: what the app shows and browses.
    pub fn current(&self) -> &Match {
        self.host.shown()
    }

    /// A match made elsewhere (a test's, a position set up by hand) takes the place of
    /// the one here, with nothing selected or asked.
    pub fn set_match(&mut self, m: Match) {
        self.play_here(m);
        self.taken_back.clear();
        self.animate = None;
        self.refresh();
    }

    /// Chooses a game for the setup panel, with default rules and seats.
    pub fn choose_game(&mut self, game: GameId) {
        *self = Session {
            revision: self.revision + 1,
            played: self.played,
            ..Session::new(game)
        };
    }

    /// The number of seats the chosen options call for.
    pub fn seat_count(&self) -> usize {
        Position::new(self.draft.game, &self.draft.options).map_or(2, |p| p.seats().seat_count())
    }

    /// The colour each seat plays under the chosen options.
    pub fn seat_sides(&self) -> Vec<Side> {
        Position::new(self.draft.game, &self.draft.options)
            .map(|p| {
                (0..p.seats().seat_count())
                    .map(|i| p.seats().seat_side(i))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Starts a match with the chosen game, rules and seats.
    pub fn start(&mut self) -> Result<(), Error> {
        let position = Position::new(self.draft.game, &self.draft.options)?;
        self.begin(position);
        self.draw_lot();
        Ok(())
    }

    /// A new match from `position` with the draft's seats and clocks.
    fn begin(&mut self, position: Position) {
        let seats = position.seats().seat_count();
        self.draft.seats.resize_with(seats, String::new);
        self.draft.computer.resize(seats, false);
        self.draft.levels.resize(seats, Level::default());
        let mut m = Match::new(position);
        m.set_seed(clock_seed());
        m.set_time_control(self.draft.time_control);
        self.play_here(m);
        self.taken_back.clear();
        self.clocks_paused = false;
        self.animate = None;
        self.refresh();
    }

    /// A game that opens with a lot (Chapayev's, for the colours and the match's
    /// random seed) has it drawn here, from the clock, and recorded as the match's
    /// first action.
    fn draw_lot(&mut self) {
        let position = self.current().position();
        let lot = position.roll(clock_seed()).filter(|m| position.is_lot(m));
        if let Some(lot) = lot {
            let _ = self.act(Action::Play(lot));
            self.animate = None;
        }
    }

    pub fn load(&mut self, saved: &SavedGame) -> Result<(), Error> {
        let m = saved.to_match()?;
        self.taken_back.clear();
        self.draft.game = m.game();
        self.draft.options = m.start().options();
        self.draft.seats = saved.seats.clone();
        self.draft
            .seats
            .resize_with(m.position().seats().seat_count(), String::new);
        self.draft.computer = saved.computer.clone();
        self.draft.computer.resize(self.draft.seats.len(), false);
        self.draft.levels = saved.levels.clone();
        self.draft
            .levels
            .resize(self.draft.seats.len(), Level::default());
        self.draft.think_seconds = saved.think_seconds;
        self.draft.time_control = m.time_control();
        self.play_here(m);
        self.animate = None;
        self.refresh();
        Ok(())
    }

    /// A match from `position`, set up by hand, with the draft's seats and clocks;
    /// studied at once when `study`.
    pub fn set_up(&mut self, position: Position, study: bool) {
        self.draft.game = position.game();
        self.draft.options = position.options();
        self.begin(position);
        if study {
            self.start_study();
        }
    }

    /// A match on this machine takes the place of the one shown, whatever its host.
    fn play_here(&mut self, m: Match) {
        self.study = None;
        self.host = Box::new(LocalMatch(m));
        self.draft.plans = None;
    }

    pub fn saved(&self) -> SavedGame {
        SavedGame {
            computer: self.draft.computer.clone(),
            levels: self.draft.levels.clone(),
            think_seconds: self.draft.think_seconds,
            ..SavedGame::from_match(self.current(), &self.draft.seats)
        }
    }

    /// Recomputes what depends on the match after any change.
    fn refresh(&mut self) {
        // A finished game has nothing left to light or play (Reversi's last discs).
        self.table = match (self.current().outcome(), self.mine()) {
            (Some(_), _) => MoveTable::default(),
            (None, Some(mine)) => MoveTable::of_seats(self.current().position(), mine),
            (None, None) => MoveTable::new(self.current().position()),
        };
        // A piece picked stays picked where it still moves: a move on bughouse's other
        // board changes the position, not what this player was doing.
        if !self.selection.still_holds(&self.table) {
            self.selection = Selection::default();
        }
        // Every question about the old position goes; one about closing the game
        // stays until it is answered.
        let replacing = self.prompts.replacing.take();
        self.prompts = Prompts {
            replacing,
            ..Prompts::default()
        };
        self.revision += 1;
    }

    /// Plays an action as a player makes it. From an earlier position the recorded
    /// next action is simply redone, and any other asks first (see [`Prompts::dropping`])
    /// instead of dropping the later moves unseen.
    pub fn act(&mut self, action: Action) -> Result<(), Error> {
        // The player asked to claim the draw this move brings.
        let action = match action {
            Action::Play(mv)
                if self.prompts.claim_next && self.current().claim_with(&mv).is_some() =>
            {
                Action::ClaimDrawWith(mv)
            }
            other => other,
        };
        let m = self.current();
        if m.can_redo() {
            if m.all_actions()[m.cursor()] == action {
                let view = action.moved().and_then(|mv| m.position().view(&mv));
                self.host.bring_back();
                self.refresh();
                self.animate = view;
                self.played += 1;
                return Ok(());
            }
            // Studying, another move opens a variation: the game itself is kept aside.
            if !self.studying() {
                self.prompts.dropping = Some(action);
                self.revision += 1;
                return Ok(());
            }
        }
        self.act_dropping_later(action)
    }

    /// The number of recorded actions after the position shown.
    pub fn later_actions(&self) -> usize {
        self.current().all_actions().len() - self.current().cursor()
    }

    /// Plays an action here, dropping whatever was recorded after this position.
    pub fn act_dropping_later(&mut self, action: Action) -> Result<(), Error> {
        let before = self.current().position().clone();
        let passed = self.host.act(action)?;
        // A new action: what was taken back is gone for good.
        self.taken_back.clear();
        self.animate = action.moved().and_then(|m| before.view(&m));
        self.refresh();
        self.played += 1;
        if passed {
            self.prompts.message = Some(if before.shown().dice().is_some() {
                "msg-dice-passed"
            } else {
                "msg-passed"
            });
        }
        Ok(())
    }

    /// Takes the last action back; against the computer, back to the player's own
    /// turn, so the computer's reply and the player's move go together. At the end of
    /// the record it is a takeback: the actions leave the record (the player plays on
    /// without a question) and Redo can restore them until a new action is played.
    /// While browsing an earlier position, it steps back one more.
    pub fn take_back(&mut self) {
        let (browsing, before) = (self.current().can_redo(), self.current().cursor());
        self.host.take_back();
        let everyone = self.draft.computer.iter().all(|&c| c);
        while !everyone && self.computer_to_move() && self.current().can_take_back() {
            self.host.take_back();
        }
        if browsing {
            return;
        }
        let taken = self.current().all_actions()[self.current().cursor()..before].to_vec();
        if !taken.is_empty() {
            self.host.drop_later();
            self.taken_back.push(taken);
        }
    }

    /// Restores the actions of the last takeback, or while browsing steps forward.
    pub fn bring_back(&mut self) {
        if self.current().can_redo() {
            self.host.bring_back();
            return;
        }
        if let Some(taken) = self.taken_back.pop() {
            for action in taken {
                if let Err(e) = self.host.replay(action) {
                    warn!("a taken-back action no longer plays: {e}");
                    self.taken_back.clear();
                    return;
                }
            }
        }
    }

    /// Whether Redo has something to restore.
    pub fn can_redo(&self) -> bool {
        self.current().can_redo() || !self.taken_back.is_empty()
    }

    /// True when the seat to move is the computer's.
    /// The first seat on move that the computer plays, where several are on move at
    /// once (bughouse's two boards).
    pub fn computer_seat(&self) -> Option<usize> {
        let position = self.current().position();
        position
            .seats()
            .seats_on_move()
            .into_iter()
            .find(|&seat| self.draft.computer.get(seat).copied().unwrap_or(false))
    }

    /// Whether the match's clocks run on `screen`: a match with clocks, not paused,
    /// with every seat taken, at the end of its record and not over (asked last: it is
    /// the costly question).
    pub fn clocks_run(&self, screen: Screen) -> bool {
        let m = self.current();
        screen == Screen::Playing
            && !self.clocks_paused
            && !self.studying()
            && !self.seat_open()
            && m.clock().is_some()
            && !m.can_redo()
            && m.outcome().is_none()
    }

    /// Whether `action` would be a move for a seat the computer plays: a person may
    /// not make it. Resigning and draws speak for the player's own side, and a roll of
    /// the dice or Chapayev's lot is chance's, whoever starts it.
    pub fn computer_holds(&self, action: &Action) -> bool {
        let Action::Play(m) = action else {
            return false;
        };
        let position = self.current().position();
        if position.awaits_roll() || position.is_lot(m) {
            return false;
        }
        let mover = position.mover(m);
        let elsewhere = self.mine().is_some_and(|mine| !mine.contains(&mover));
        elsewhere || self.draft.computer.get(mover).copied().unwrap_or(false)
    }

    /// Whether every seat on move is the computer's, so that only it may act now.
    pub fn computers_turn(&self) -> bool {
        let position = self.current().position();
        position
            .seats()
            .seats_on_move()
            .into_iter()
            .all(|seat| self.draft.computer.get(seat).copied().unwrap_or(false))
    }

    pub fn computer_to_move(&self) -> bool {
        let seat = self.current().position().seats().seat_to_move();
        self.draft.computer.get(seat).copied().unwrap_or(false)
    }

    /// True while a game has no result and has begun: it has moves, or its clocks
    /// have run (the computer thinking over the first move). Closing it asks first.
    pub fn in_progress(&self) -> bool {
        let m = self.current();
        let clocks_ran = m.clock().is_some_and(|clock| {
            let full = Clock::new(clock.control, clock.seats.len());
            full.is_some_and(|full| full.seats != clock.seats)
        });
        (!m.all_actions().is_empty() || clocks_ran) && m.outcome().is_none()
    }

    /// A pasted game as a save to load. It keeps this match's seats, the computer's
    /// and their levels with them, and its clocks where the text brings none, set
    /// afresh at the pasted position: a game pasted into a match against the computer
    /// goes on against it, on the clock.
    fn pasted(&self, m: &Match) -> SavedGame {
        let draft = &self.draft;
        let mut saved = SavedGame::from_match(m, &draft.seats);
        saved.computer = draft.computer.clone();
        saved.levels = draft.levels.clone();
        saved.think_seconds = draft.think_seconds;
        let seats = m.position().seats().seat_count();
        if saved.time_control == TimeControl::None
            && let Some(clock) = Clock::new(draft.time_control, seats)
        {
            saved.time_control = draft.time_control;
            saved.time_left =
                vec![clock.seats.iter().map(|r| r.left).collect(); m.all_actions().len()];
            saved.clock_now = clock.seats.iter().map(|r| r.left).collect();
        }
        saved
    }

    /// The views of the last move on each board in effect, to mark them: one move,
    /// but bughouse's two boards each keep their own last move lit.
    pub fn last_moves(&self) -> Vec<MoveView> {
        let topology = self.current().position().topology();
        let boards = topology.panes.len().max(1);
        let mut seen = Vec::new();
        let mut views = Vec::new();
        for i in (0..self.current().cursor()).rev() {
            let Some(m) = self.current().actions()[i].moved() else {
                continue;
            };
            let Some(view) = self.current().state_before(i).position.view(&m) else {
                continue;
            };
            if view.landings.is_empty() {
                continue;
            }
            let board = topology.pane_of(view.to());
            if !seen.contains(&board) {
                seen.push(board);
                views.push(view);
            }
            if seen.len() == boards {
                break;
            }
        }
        views
    }

    /// True while the match accepts moves on the board. Online, an earlier position
    /// is only browsed: the server's match goes on from its end.
    pub fn accepts_moves(&self) -> bool {
        self.current().outcome().is_none()
            && !(self.online() && self.current().can_redo())
            && self.prompts.choice.is_none()
            && self.prompts.confirm.is_none()
            && self.prompts.dropping.is_none()
    }
}

/// A seed from the clock, for what a match draws by chance (Chapayev's lot, dice).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::from(d.subsec_nanos()) ^ d.as_secs())
}

/// What closes the game in progress.
#[derive(Clone, Debug, PartialEq)]
pub enum Replacement {
    NewMatch,
    Load(Box<SavedGame>),
    /// Choosing another game (or the same afresh) for the setup screen.
    Choose(GameId),
    /// A position set up by hand, played from or (when true) studied.
    SetUp(Box<Position>, bool),
}

/// The setup screen's match is to be made on the server connected to, with the
/// draft's seat plans.
#[derive(Message, Clone, Copy, Debug)]
pub struct CreateOnline;

/// A click on a board cell.
#[derive(Message, Clone, Copy, Debug)]
pub struct CellClicked(pub Cell);

/// What the panels and dialogs ask for.
#[derive(Message, Clone, Debug)]
pub enum Command {
    /// The setup screen's choices for the next match.
    SetDraft(Draft),
    /// Start a new match with the session's game, rules and seats.
    NewMatch,
    /// A player's action; refused for a seat the computer holds.
    Act(Action),
    /// The computer's action for a seat it holds.
    Computer(Action),
    /// Play an action from an earlier position, dropping the later moves.
    ActDroppingLater(Action),
    Undo,
    Redo,
    /// Show the position after this many actions.
    GoTo(usize),
    /// Choose a game for the setup screen.
    Choose(GameId),
    /// Go on with the replacement asked about.
    Replace,
    /// Close a question (promotion, confirmation) and the selection.
    CancelChoice,
    Load(Box<SavedGame>),
    /// A match from a position set up by hand, to play or (when true) to study.
    SetUp(Box<Position>, bool),
    /// Text pasted from the clipboard: moves, PGN, or a position of the game on screen.
    Paste(String),
    /// A move typed into the move box, in the game's notation, for the seat that types
    /// here ([`Session::typing_seat`]).
    Typed(String),
    /// Pick a kind of piece in hand to put down, or let go of it if it was picked.
    PickFromHand(PieceKind),
    /// Stop or restart the clocks.
    PauseClocks(bool),
    /// Claim a draw with the next move, where that move brings one.
    ClaimWithNextMove(bool),
    /// Start or end studying the match shown (analysis with the engine).
    Study(bool),
    /// Leave the variation tried for the game studied.
    BackToGame,
    /// Tell the player something short (a translation key): why an aimed shot is not
    /// allowed, that the computer played its first legal action.
    Say(&'static str),
}

/// A run condition: true while a match of `game` is on screen. A game's own plugin
/// runs its systems under it, so nothing of one game runs while another is shown.
pub fn showing(game: GameId) -> impl Fn(Res<State<Screen>>, Res<Session>) -> bool + Clone {
    move |screen, session| *screen.get() == Screen::Playing && session.current().game() == game
}

/// True while the last action still plays out on screen (a shot rolling on
/// Chapayev's table): the move list holds back what it brought, and the computer
/// waits for it. The game whose actions play out keeps it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settling(pub bool);

/// The app's one order within a frame: what the player did is read, the match takes
/// the actions, what follows from the new state happens (the computer, the dice,
/// sounds, files), and the views show it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Pointer and keys become commands.
    Input,
    /// The match takes the commands and clicks.
    Apply,
    /// What follows from the match's state: the computer, rolls, cues, files.
    React,
    /// The board, the pieces and the highlights follow the match.
    Show,
}

/// The match logic: clicks and commands in, match state out. No rendering.
pub struct SessionPlugin;

impl Plugin for SessionPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                AppSystems::Input,
                AppSystems::Apply,
                AppSystems::React,
                AppSystems::Show,
            )
                .chain(),
        )
        .init_resource::<Session>()
        .init_resource::<Settling>()
        .add_message::<CellClicked>()
        .add_message::<Command>()
        .add_message::<Notice>()
        .add_message::<GameChosen>()
        .add_message::<bevy::window::RequestRedraw>()
        .add_systems(
            Update,
            (apply_commands, apply_clicks, run_clocks)
                .chain()
                .in_set(AppSystems::Apply),
        );
    }
}

/// A game was chosen for a new match: its setup begins at the defaults, which the
/// player's last choices for it may replace.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameChosen(pub GameId);

/// Something refused that the player is told of in a window.
#[derive(Message, Clone, Debug)]
pub enum Notice {
    /// The rules refused an action, a saved game or a house rule; said in the
    /// player's language.
    Refused(Error),
}

fn apply_commands(
    mut commands: MessageReader<Command>,
    mut session: ResMut<Session>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut chosen: MessageWriter<GameChosen>,
) {
    for command in commands.read() {
        // Pasted text is a game to load, once it reads; a typed move is played.
        let pasted;
        let command = match command {
            Command::Typed(text) => {
                let position = session.current().position();
                match crate::rules::typed::read(position, session.typing_seat(), text) {
                    Ok(action) => {
                        pasted = Command::Act(action);
                        &pasted
                    }
                    Err(e) => {
                        notices.write(Notice::Refused(e));
                        continue;
                    }
                }
            }
            Command::Paste(text) => {
                let draft = &session.draft;
                match read_pasted(draft.game, &draft.options, text) {
                    Ok(m) => {
                        pasted = Command::Load(Box::new(session.pasted(&m)));
                        &pasted
                    }
                    Err(e) => {
                        notices.write(Notice::Refused(e.reason));
                        continue;
                    }
                }
            }
            other => other,
        };
        // A new match, a load or another game closes the game in progress: ask first.
        let replacement = match command {
            Command::NewMatch => Some(Replacement::NewMatch),
            Command::Load(saved) => Some(Replacement::Load(saved.clone())),
            Command::Choose(game) => Some(Replacement::Choose(*game)),
            Command::SetUp(position, study) => Some(Replacement::SetUp(position.clone(), *study)),
            Command::Replace => session.prompts.replacing.take(),
            _ => None,
        };
        if let Some(replacement) = replacement {
            if session.in_progress() && !matches!(command, Command::Replace) {
                session.prompts.replacing = Some(replacement);
                session.revision += 1;
                continue;
            }
            let result = match replacement {
                Replacement::NewMatch => session.start().map(|_| next.set(Screen::Playing)),
                Replacement::Load(saved) => session.load(&saved).map(|_| next.set(Screen::Playing)),
                Replacement::Choose(game) => {
                    session.choose_game(game);
                    chosen.write(GameChosen(game));
                    next.set(Screen::Setup);
                    Ok(())
                }
                Replacement::SetUp(position, study) => {
                    session.set_up(*position, study);
                    next.set(Screen::Playing);
                    Ok(())
                }
            };
            if let Err(e) = result {
                notices.write(Notice::Refused(e));
            }
            continue;
        }
        let result = match command {
            // Replacements were handled above; a `Replace` with nothing asked does nothing.
            Command::NewMatch
            | Command::Load(_)
            | Command::SetUp(..)
            | Command::Choose(_)
            | Command::Replace
            | Command::Paste(_)
            | Command::Typed(_) => Ok(()),
            Command::SetDraft(draft) => {
                session.set_draft(draft.clone());
                Ok(())
            }
            Command::Act(action) if session.computer_holds(action) => Ok(()),
            Command::Act(action) | Command::Computer(action) => session.act(*action),
            Command::ActDroppingLater(action) => session.act_dropping_later(*action),
            Command::Undo => {
                session.take_back();
                session.animate = None;
                session.refresh();
                Ok(())
            }
            Command::Redo => {
                session.bring_back();
                session.animate = None;
                session.refresh();
                Ok(())
            }
            Command::GoTo(n) => {
                session.host.go_to(*n);
                session.animate = None;
                session.refresh();
                Ok(())
            }
            Command::PickFromHand(kind) => {
                let selection = &mut session.selection;
                selection.pocket = (selection.pocket != Some(*kind)).then_some(*kind);
                selection.from = None;
                selection.path.clear();
                session.revision += 1;
                Ok(())
            }
            Command::PauseClocks(paused) => {
                session.clocks_paused = *paused;
                Ok(())
            }
            Command::ClaimWithNextMove(claim) => {
                session.prompts.claim_next = *claim;
                Ok(())
            }
            Command::Study(true) => {
                session.start_study();
                Ok(())
            }
            Command::Study(false) => {
                session.end_study();
                Ok(())
            }
            Command::BackToGame => {
                session.back_to_game();
                Ok(())
            }
            // No new revision: the computer's chosen action waits on this one.
            Command::Say(key) => {
                session.prompts.message = Some(key);
                Ok(())
            }
            Command::CancelChoice => {
                session.drop_premove();
                session.prompts.choice = None;
                session.prompts.confirm = None;
                session.prompts.dropping = None;
                session.prompts.replacing = None;
                session.selection = Default::default();
                session.revision += 1;
                Ok(())
            }
        };
        if let Err(e) = result {
            notices.write(Notice::Refused(e));
        }
    }
}

fn apply_clicks(mut clicks: MessageReader<CellClicked>, mut session: ResMut<Session>) {
    for &CellClicked(cell) in clicks.read() {
        if !session.accepts_moves() {
            continue;
        }
        let s = &mut *session;
        if let Some(refusal) = s.foreign_piece(cell) {
            s.prompts.message = None;
            s.prompts.refusal = Some(refusal);
            s.revision += 1;
            continue;
        }
        if s.online() && !s.my_turn() {
            s.choose_premove(cell);
            s.revision += 1;
            continue;
        }
        // Every seat on move is the computer's: a click waits for it, and says so.
        if s.computers_turn() {
            s.selection = Default::default();
            s.prompts.refusal = Some(Refusal::new("msg-computer-thinking"));
            s.revision += 1;
            continue;
        }
        let click = s.selection.click(s.host.shown().position(), &s.table, cell);
        s.prompts.message = None;
        s.prompts.refusal = None;
        match click {
            Click::Play(m) if s.computer_holds(&Action::Play(m)) => {}
            Click::Play(m) if s.current().position().warning(&m).is_some() => {
                s.prompts.message = s.current().position().warning(&m);
                s.prompts.confirm = Some(m);
            }
            Click::Play(m) => {
                if let Err(e) = s.act(Action::Play(m)) {
                    warn!("a move from the move table was refused: {e}");
                }
            }
            Click::Choose(moves) => s.prompts.choice = Some(moves),
            Click::Refused(why) => s.prompts.refusal = Some(why),
            Click::Selected | Click::Deselected | Click::Extended => {}
        }
        s.revision += 1;
    }
}

/// Feeds the time that passed to the match's clocks, while a match with clocks goes on
/// on screen; a fallen flag ends it like any other result. The time is the wall
/// clock's: Bevy's game time counts at most a quarter second between two frames, and
/// the app draws a frame only each second while a player thinks.
fn run_clocks(time: Res<Time<Real>>, screen: Res<State<Screen>>, mut session: ResMut<Session>) {
    if !session.clocks_run(*screen.get()) {
        return;
    }
    let ms = (time.delta_secs_f64() * 1000.0).round() as u64;
    session.host.tick(ms);
    if session.current().outcome().is_some() {
        session.revision += 1;
    }
}
