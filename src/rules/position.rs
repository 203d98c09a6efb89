//! The registry of games: one line per game makes its id, its place in the chooser,
//! its position and move types in the enums the app and the command line hold, and
//! the dispatch over games, which happens here and nowhere else.

use super::bughouse::Bughouse;
use super::chapayev::Chapayev;
use super::chess::ChessGame;
use super::chess100::Chess100;
use super::computer::{
    self, Choose, Evaluate, Evaluation, Hints, Judgement, Level, Progress, Search, Thought,
};
use super::corners::Corners;
use super::dama::{Armenian, Turkish};
use super::dice::DiceChess;
use super::epsilon::Epsilon;
use super::error::Error;
use super::family::{
    Appearing, DoubleMove, EveryoneMoves, Maharajah, Shashmaty, Swedish, Transforming,
};
use super::game::{Card, Game};
use super::options::{HouseRules, OptionSpec};
use super::outcome::{Outcome, Reason};
use super::reversi::Reversi;
use super::seats::Seats;
use super::side::Side;
use super::topology::{Cell, Topology};
use super::trichess::TriChess;
use super::view::{GameView, Holder, MoveView, PieceKind, PieceView};
use super::why::{Refusal, Refusals, Remark, Word};
use super::zshashmaty::ZShashmaty;

/// Declares the games: `Variant: Rules, Stored => "id"`, in the chooser's order.
/// `Stored` is how the position is held (boxed where its board is large, so that
/// every other position is not as large).
macro_rules! registry {
    // `$d` is a `$` passed in, for the dispatch macros this one defines.
    ($d:tt $($variant:ident: $rules:ty, $stored:ty => $id:literal;)*) => {
        /// The games Doska knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($variant,)*
        }

        impl GameId {
            pub const ALL: &'static [GameId] = &[$(GameId::$variant,)*];

            /// The id used on the command line, in save files and in translations.
            pub const fn id(self) -> &'static str {
                match self {
                    $(GameId::$variant => $id,)*
                }
            }

            /// The reasons the game's own rules give for a refused move.
            pub fn refusals(self) -> Vec<&'static str> {
                match self {
                    $(GameId::$variant => <$rules as Refusals>::refusals(),)*
                }
            }

            /// What the game's evaluation counts, with the weights set by hand.
            pub fn features(self) -> &'static [computer::Feature] {
                match self {
                    $(GameId::$variant => <$rules as Evaluate>::FEATURES,)*
                }
            }

            /// The weights file shipped in `assets/weights/`.
            pub fn shipped_weights(self) -> &'static str {
                match self {
                    $(GameId::$variant => include_str!(concat!("../../assets/weights/", $id, ".ron")),)*
                }
            }

            /// The game's evaluation as its weights file knows it.
            pub fn evaluation(self) -> Evaluation {
                Evaluation {
                    index: self as usize,
                    id: self.id(),
                    features: self.features(),
                    shipped: self.shipped_weights(),
                }
            }

            /// How the game presents itself: its pieces, clocks, showcase and notation.
            pub const fn card(self) -> Card {
                match self {
                    $(GameId::$variant => <$rules as Game>::CARD,)*
                }
            }

            pub fn option_specs(self) -> &'static [OptionSpec] {
                match self {
                    $(GameId::$variant => <<$rules as Game>::Options as HouseRules>::specs(),)*
                }
            }
        }

        /// A position of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Position {
            $($variant($stored),)*
        }

        /// A move of any game.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Move {
            $($variant(<$rules as Game>::Move),)*
        }

        /// Runs `$body` with `$p` bound to the inner game of a position.
        macro_rules! each {
            ($d pos:expr, $d p:ident => $d body:expr) => {
                match $d pos {
                    $(Position::$variant($d p) => $d body,)*
                }
            };
        }

        /// Runs `$body` with the inner position and move when they belong to the same
        /// game.
        macro_rules! with_move {
            ($d pos:expr, $d m:expr, ($d p:ident, $d mv:ident) => $d body:expr, $d mismatch:expr) => {
                match ($d pos, $d m) {
                    $((Position::$variant($d p), Move::$variant($d mv)) => $d body,)*
                    _ => $d mismatch,
                }
            };
        }

        impl Position {
            /// The start position of a game with the given house rules (others at
            /// default).
            pub fn new(game: GameId, rules: &[(String, String)]) -> Result<Position, Error> {
                Ok(match game {
                    $(GameId::$variant => Position::$variant(<$rules>::new(options(rules)?).into()),)*
                })
            }

            /// A start position given as text (FEN for chess).
            pub fn set_up(
                game: GameId,
                rules: &[(String, String)],
                text: &str,
            ) -> Result<Position, Error> {
                Ok(match game {
                    $(GameId::$variant => {
                        let start = <$rules>::set_up(options(rules)?, text).map_err(Error::SetUp)?;
                        Position::$variant(start.into())
                    })*
                })
            }

            /// What the app only displays of the position, for any game.
            pub fn shown(&self) -> &dyn GameView {
                match self {
                    $(Position::$variant(p) => std::borrow::Borrow::<$rules>::borrow(p),)*
                }
            }

            /// Who sits at the board and who is on move, for any game.
            pub fn seats(&self) -> &dyn Seats {
                match self {
                    $(Position::$variant(p) => std::borrow::Borrow::<$rules>::borrow(p),)*
                }
            }

            /// The seats, to name the computer's seat or to let a player leave.
            pub fn seats_mut(&mut self) -> &mut dyn Seats {
                match self {
                    $(Position::$variant(p) => std::borrow::BorrowMut::<$rules>::borrow_mut(p),)*
                }
            }

            pub fn game(&self) -> GameId {
                match self {
                    $(Position::$variant(_) => GameId::$variant,)*
                }
            }

            pub fn legal_moves(&self) -> Vec<Move> {
                match self {
                    $(Position::$variant(p) => {
                        p.legal_moves().into_iter().map(Move::$variant).collect()
                    })*
                }
            }

            /// The roll a random number gives where a die is awaited and the app
            /// rolls it.
            pub fn roll(&self, random: u64) -> Option<Move> {
                match self {
                    $(Position::$variant(p) => p.chance().and_then(|c| c.roll(random)).map(Move::$variant),)*
                }
            }

            /// Whether the game has check (see [`Ends::has_check`]).
            pub fn has_check(&self) -> bool {
                each!(self, p => p.ends().is_some_and(|e| e.has_check()))
            }

            /// Whether `text` names an outcome of chance (see
            /// [`Chance::names_chance`](super::chance::Chance::names_chance)).
            pub fn names_chance(&self, text: &str) -> bool {
                match self {
                    $(Position::$variant(p) => p.chance().is_some_and(|c| c.names_chance(text)),)*
                }
            }

            /// The move as the match records it once made: the chance inside it drawn
            /// from `random` (see [`Chance::seal`](super::chance::Chance::seal)).
            pub fn sealed(&self, m: Move, random: u64) -> Move {
                match (self, &m) {
                    $((Position::$variant(p), Move::$variant(mv)) => {
                        p.chance().map_or(m, |c| Move::$variant(c.seal(*mv, random)))
                    })*
                    _ => m,
                }
            }

            /// Reads a move as the player of `seat` means it (see
            /// [`Turns::parse_move_as`]).
            pub fn parse_move_as(&self, seat: usize, text: &str) -> Result<Move, Error> {
                match self {
                    $(Position::$variant(p) => {
                        let read = p.turns().and_then(|t| t.parse_move_as(seat, text));
                        read.unwrap_or_else(|| p.parse_move(text))
                            .map(Move::$variant)
                            .map_err(Error::Notation)
                    })*
                }
            }

            pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
                match self {
                    $(Position::$variant(p) => {
                        p.parse_move(text).map(Move::$variant).map_err(Error::Notation)
                    })*
                }
            }

            /// Runs the search on the inner game (see [`Position::choose`]).
            fn search_inner(
                &self,
                level: Level,
                search: &impl Search,
                seed: u64,
                report: &mut dyn FnMut(&Progress<Move>),
            ) -> Option<Thought<Move>> {
                match self {
                    $(Position::$variant(p) => {
                        think_in::<$rules>(p, Move::$variant, level, search, seed, report)
                    })*
                }
            }

            /// Judges a move on the inner game (see [`Position::judge_move`]).
            fn judge_inner(&self, played: &Move, search: &impl Search) -> Option<Judgement<Move>> {
                match (self, played) {
                    $((Position::$variant(p), Move::$variant(mv)) => {
                        p.judge_move(*mv, search).map(|j| j.map(Move::$variant))
                    })*
                    _ => None,
                }
            }

            pub fn same_position(&self, other: &Position) -> bool {
                match (self, other) {
                    $((Position::$variant(a), Position::$variant(b)) => a.same_position(b),)*
                    _ => false,
                }
            }
        }
    };
}

registry! {
    $
    Chess: ChessGame, ChessGame => "chess";
    Chess100: Chess100, Chess100 => "chess100";
    Transforming: Transforming, Transforming => "transforming";
    Maharajah: Maharajah, Maharajah => "maharajah";
    DoubleMove: DoubleMove, DoubleMove => "double-move";
    DiceChess: DiceChess, DiceChess => "dice-chess";
    EveryoneMoves: EveryoneMoves, EveryoneMoves => "everyone-moves";
    Appearing: Appearing, Appearing => "appearing";
    Swedish: Swedish, Swedish => "swedish";
    Shashmaty: Shashmaty, Shashmaty => "shashmaty";
    Bughouse: Bughouse, Box<Bughouse> => "bughouse";
    ZShashmaty: ZShashmaty, ZShashmaty => "z-shashmaty";
    Turkish: Turkish, Turkish => "turkish-draughts";
    Armenian: Armenian, Armenian => "armenian-draughts";
    Reversi: Reversi, Reversi => "reversi";
    Epsilon: Epsilon, Epsilon => "epsilon64";
    Corners: Corners, Corners => "corners";
    TriChess: TriChess, Box<TriChess> => "tri-chess";
    Chapayev: Chapayev, Box<Chapayev> => "chapayev";
}

impl GameId {
    pub fn from_id(id: &str) -> Result<GameId, Error> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.id() == id)
            .ok_or_else(|| {
                let known: Vec<&str> = GameId::ALL.iter().map(|g| g.id()).collect();
                Error::UnknownGame {
                    id: id.to_string(),
                    known: known.join(", "),
                }
            })
    }

    /// The games written in chess's notation (SAN), whose piece letters a move list
    /// may translate.
    pub fn chess_family(self) -> bool {
        self.card().san
    }

    /// The clock presets the setup offers for this game, in order.
    pub fn clock_presets(self) -> &'static [&'static str] {
        self.card().clocks
    }

    /// The default value of each house rule, in table order.
    pub fn default_options(self) -> Vec<(String, String)> {
        self.option_specs()
            .iter()
            .map(|s| (s.id.to_string(), s.default.to_string()))
            .collect()
    }
}

fn options<O: HouseRules>(pairs: &[(String, String)]) -> Result<O, Error> {
    let mut o = O::default();
    for (id, value) in pairs {
        o.set(id, value)?;
    }
    Ok(o)
}

impl Position {
    /// The house rules as `id=value` pairs, in table order.
    pub fn options(&self) -> Vec<(String, String)> {
        let game = self.game();
        game.option_specs()
            .iter()
            .map(|s| {
                let v = each!(self, p => p.options().get(s.id)).unwrap_or_default();
                (s.id.to_string(), v.to_string())
            })
            .collect()
    }

    /// The house rules that differ from the defaults.
    pub fn changed_options(&self) -> Vec<(String, String)> {
        let defaults = self.game().default_options();
        self.options()
            .into_iter()
            .filter(|o| !defaults.contains(o))
            .collect()
    }

    pub fn topology(&self) -> &'static Topology {
        each!(self, p => p.topology())
    }

    pub fn turn(&self) -> Side {
        each!(self, p => p.turn())
    }

    /// The seat that makes `m`.
    pub fn mover(&self, m: &Move) -> usize {
        with_move!(self, m, (p, mv) => p.turns().map_or(p.seat_to_move(), |t| t.mover(mv)), self.seats().seat_to_move())
    }

    pub fn is_legal(&self, m: &Move) -> bool {
        with_move!(self, m, (p, mv) => p.is_legal(mv), false)
    }

    /// Plays a move, refusing one that is not legal here.
    pub fn play(&mut self, m: &Move) -> Result<(), Error> {
        if !self.is_legal(m) {
            return Err(Error::Illegal(super::error::Illegal::Move));
        }
        with_move!(self, m, (p, mv) => p.play(mv), unreachable!("a legal move belongs to its game"));
        Ok(())
    }

    pub fn notation(&self, m: &Move) -> String {
        with_move!(self, m, (p, mv) => p.notation(mv), String::from("?"))
    }

    pub fn view(&self, m: &Move) -> Option<MoveView> {
        with_move!(self, m, (p, mv) => Some(p.view(mv)), None)
    }

    pub fn pieces(&self) -> Vec<(Cell, PieceView)> {
        each!(self, p => p.pieces())
    }

    pub fn outcome(&self, repetitions: usize) -> Option<Outcome> {
        each!(self, p => p.outcome(repetitions))
    }

    pub fn claimable_draw(&self, repetitions: usize) -> Option<Reason> {
        each!(self, p => p.ends().and_then(|e| e.claimable_draw(repetitions)))
    }

    /// Whether a die is awaited before anyone can move.
    pub fn awaits_roll(&self) -> bool {
        each!(self, p => p.chance().is_some_and(|c| c.chances().is_some()))
    }

    pub fn capture_compulsory(&self) -> bool {
        each!(self, p => p.capture_compulsory())
    }

    pub fn diagram(&self) -> String {
        each!(self, p => p.diagram())
    }

    /// The number the move list gives to the first move of this position.
    pub fn move_number(&self) -> u32 {
        each!(self, p => p.move_number())
    }

    pub fn first_side(&self) -> Side {
        each!(self, p => p.first_side())
    }

    pub fn drop_refusal(&self, kind: PieceKind, cell: Cell) -> Option<&'static str> {
        each!(self, p => p.drop_refusal(kind, cell))
    }

    /// Why the side to move may not move the piece on `from` (at all, or to `to`).
    /// The reasons every game shares come first where they decide: a die to roll, a
    /// capture that must be made; then the game's own; then the plain fact.
    pub fn why_not(&self, from: Cell, to: Option<Cell>) -> Refusal {
        if self.awaits_roll() {
            return Refusal::new("msg-roll-first");
        }
        let kind_at = |cell: Cell| {
            self.pieces()
                .into_iter()
                .find(|(c, _)| *c == cell)
                .map_or(PieceKind::Checker, |(_, p)| p.kind)
        };
        if self.capture_compulsory() {
            let views: Vec<MoveView> = self
                .legal_moves()
                .iter()
                .filter_map(|m| self.view(m))
                .collect();
            let moves_from = views.iter().any(|v| v.from == from && v.placed.is_none());
            // The piece itself where it can take, else the first that can.
            let capturing = |v: &&MoveView| !v.captured.is_empty();
            let taker = views
                .iter()
                .filter(capturing)
                .find(|v| v.from == from)
                .or_else(|| views.iter().find(capturing))
                .filter(|_| to.is_some() || !moves_from);
            if let Some(v) = taker {
                return Refusal::new("msg-why-must-capture").blaming(kind_at(v.from), v.from);
            }
        }
        if let Some(r) = each!(self, p => p.why_not(from, to)) {
            return r;
        }
        let mover = kind_at(from);
        match to {
            Some(_) => Refusal::new("msg-why-not-there")
                .with("mover", Word::Piece(mover))
                .with("how", Word::Moves(mover)),
            None => Refusal::new("msg-piece-cannot-move")
                .with("mover", Word::Piece(mover))
                .with("how", Word::Moves(mover)),
        }
    }

    pub fn may_win(&self, side: Side) -> bool {
        each!(self, p => p.ends().is_none_or(|e| e.may_win(side)))
    }

    /// The pieces seats hold apart, where seats hold them (bughouse's reserves, drawn
    /// beside their boards).
    pub fn pockets(&self) -> Vec<(usize, PieceView, u32)> {
        self.shown()
            .in_hand()
            .into_iter()
            .filter_map(|(holder, piece, n)| match holder {
                Holder::Seat(seat) => Some((seat, piece, n)),
                Holder::Side(_) => None,
            })
            .collect()
    }

    /// True for a pass, which the match plays by itself when it is the only move.
    pub fn is_pass(&self, m: &Move) -> bool {
        with_move!(self, m, (p, mv) => p.turns().is_some_and(|t| t.is_pass(mv)), false)
    }

    /// The position as the text `set_up` reads, where it is not the rules' own start.
    pub fn set_up_text(&self) -> Option<String> {
        each!(self, p => p.set_up_text())
    }

    /// The move-tree size by the game's own counter, where it has a faster one.
    pub fn fast_perft(&self, depth: u32) -> Option<u64> {
        each!(self, p => p.perft(depth))
    }

    /// True for a lot drawn once at the start and never taken back (Chapayev's).
    pub fn is_lot(&self, m: &Move) -> bool {
        with_move!(self, m, (p, mv) => p.chance().is_some_and(|c| c.is_lot(mv)), false)
    }

    /// True for the pie-rule swap, which is a decision rather than a move on the board.
    pub fn is_swap(&self, m: &Move) -> bool {
        with_move!(self, m, (p, mv) => p.turns().is_some_and(|t| t.is_swap(mv)), false)
    }

    /// Each piece of a table game where it rests, by name (see [`Table::resting`]);
    /// None for a game of cells.
    ///
    /// [`Table::resting`]: super::table::Table::resting
    pub fn resting(&self) -> Option<Vec<(String, [f32; 2])>> {
        each!(self, p => p.table().map(|t| t.resting()))
    }

    /// The pieces of a table game the player on move may shoot (see
    /// [`Table::shooters`]); None for a game of cells.
    ///
    /// [`Table::shooters`]: super::table::Table::shooters
    pub fn shooters(&self) -> Option<Vec<String>> {
        each!(self, p => p.table().map(|t| t.shooters()))
    }

    /// How a shot plays out on a table game's table (see [`Table::film`]).
    ///
    /// [`Table::film`]: super::table::Table::film
    pub fn film(&self, m: &Move) -> Option<super::table::Frames> {
        with_move!(self, m, (p, mv) => p.table().and_then(|t| t.film(mv)), None)
    }

    /// What a button for a decision of the game's own says (see [`Turns::button`]).
    ///
    /// [`Turns::button`]: super::turns::Turns::button
    pub fn button(&self, m: &Move) -> Option<Remark> {
        with_move!(self, m, (p, mv) => p.turns().and_then(|t| t.button(mv)), None)
    }

    /// The game's own question to the seat on move (see [`Turns::asks`]).
    ///
    /// [`Turns::asks`]: super::turns::Turns::asks
    pub fn asks(&self) -> Option<Remark> {
        each!(self, p => p.turns().and_then(|t| t.asks()))
    }

    /// A warning key when the move loses at once by a rule the player should confirm.
    pub fn warning(&self, m: &Move) -> Option<&'static str> {
        with_move!(self, m, (p, mv) => p.turns().and_then(|t| t.warning(mv)), None)
    }
}

impl Position {
    /// Why the computer would play `m`, where a player would wonder.
    pub fn explain(&self, m: &Move) -> Option<Remark> {
        with_move!(self, m, (p, mv) => p.explain(mv), None)
    }

    /// The key the search knows this position by (the search's `Limits::seen_twice`).
    pub fn search_key(&self) -> u64 {
        each!(self, p => p.key(p.legal_moves().len()))
    }

    /// The computer's choice for the seat to move by `search` (the engine's, under
    /// its limits), or None where the game is over: each game's own (see [`Choose`]).
    /// `report` hears each finished depth.
    pub fn choose(
        &self,
        level: Level,
        search: &impl Search,
        seed: u64,
        report: &mut dyn FnMut(&Progress<Move>),
    ) -> Option<Thought<Move>> {
        // Chance, not a player, decides a roll: there is no move to choose.
        if self.awaits_roll() {
            return None;
        }
        self.search_inner(level, search, seed, report)
    }

    /// How `played` compares with the best move here by `search`, for a game's
    /// review; None where no search chooses the move (a roll, a lot, Chapayev's shots)
    /// or it is not legal here.
    pub fn judge_move(&self, played: &Move, search: &impl Search) -> Option<Judgement<Move>> {
        if self.awaits_roll() || self.is_lot(played) {
            return None;
        }
        self.judge_inner(played, search)
    }

    /// How good the position is for `side` at a glance under `weights` (one per
    /// [`GameId::features`]), in the units of [`GameId::score_unit`]; positive is
    /// good for `side`.
    pub fn evaluate_under(&self, side: Side, weights: &[f32]) -> i32 {
        each!(self, p => p.evaluate(side, weights))
    }

    /// What the evaluation counts here for `seat`, one amount per
    /// [`GameId::features`]: what learning fits the weights to.
    pub fn trace(&self, seat: usize) -> computer::Trace {
        let mut trace = computer::Trace::new(self.game().features().len());
        each!(self, p => p.seat_tally(seat, &mut trace));
        trace
    }

    /// What an evaluation network sees of the position for `seat` (see
    /// [`Evaluate::net_inputs`]).
    pub fn net_inputs(&self, seat: usize) -> Vec<u32> {
        each!(self, p => p.net_inputs(seat))
    }

    /// How a network's inputs are laid out for this game (see
    /// [`Evaluate::net_layout`]).
    pub fn net_layout(&self) -> computer::Layout {
        each!(self, p => p.net_layout())
    }

    /// Moves played one after another from here, in the game's notation.
    pub fn line_notation(&self, line: &[Move]) -> Vec<String> {
        let mut p = self.clone();
        let mut out = Vec::new();
        for m in line {
            if !p.is_legal(m) {
                break;
            }
            out.push(p.notation(m));
            if p.play(m).is_err() {
                break;
            }
        }
        out
    }
}

fn think_in<G: Choose>(
    p: &G,
    wrap: fn(G::Move) -> Move,
    level: Level,
    search: &impl Search,
    seed: u64,
    report: &mut dyn FnMut(&Progress<Move>),
) -> Option<Thought<Move>> {
    let mut relay = |progress: &Progress<G::Move>| report(&progress.map(wrap));
    Some(p.choose(level, search, seed, &mut relay)?.map(wrap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::TimeControl;

    #[test]
    fn every_game_offers_known_clock_presets() {
        for &game in GameId::ALL {
            let ids = game.clock_presets();
            assert_eq!(ids.first(), Some(&"none"), "{} starts untimed", game.id());
            for id in ids {
                assert!(TimeControl::from_id(id).is_some(), "{} {id}", game.id());
            }
        }
        // 100-cell chess's regulation: 2 h 30 min for 40 moves, then 1 hour.
        assert_eq!(
            TimeControl::from_id(GameId::Chess100.clock_presets()[1]),
            Some(TimeControl::Periods {
                moves: 40,
                base: 150 * 60_000,
                then: 60 * 60_000,
            })
        );
    }

    #[test]
    fn each_house_rule_table_matches_its_options() {
        for &game in GameId::ALL {
            let fresh = Position::new(game, &[]).unwrap();
            assert_eq!(
                fresh.options(),
                game.default_options(),
                "{} defaults",
                game.id()
            );
            for spec in game.option_specs() {
                assert!(spec.values.contains(&spec.default), "{}", spec.id);
                for value in spec.values {
                    let pair = (spec.id.to_string(), value.to_string());
                    // Some values only make sense together with others (a team game
                    // needs the pie rule off); those may be refused with a reason.
                    if let Ok(p) = Position::new(game, std::slice::from_ref(&pair)) {
                        assert!(
                            p.options().contains(&pair),
                            "{} {}={value}",
                            game.id(),
                            spec.id
                        );
                    }
                }
                // A counting rule keeps any number in its range, so a save holds it
                // (Corners' home_exit_limit = 37 came back as nothing).
                if let Some((least, most)) = spec.numbers {
                    let n = (least + 1..most).find(|n| !spec.values.contains(&&*n.to_string()));
                    let pair = (spec.id.to_string(), n.unwrap().to_string());
                    let p = Position::new(game, std::slice::from_ref(&pair)).unwrap();
                    assert!(p.options().contains(&pair), "{} {}", game.id(), spec.id);
                    assert_eq!(Position::new(game, &p.options()).unwrap(), p);
                    let beyond = [(spec.id.to_string(), (most + 1).to_string())];
                    assert!(Position::new(game, &beyond).is_err());
                }
                let bad = [(spec.id.to_string(), "not-a-value".to_string())];
                assert!(
                    matches!(Position::new(game, &bad), Err(Error::HouseRule(_))),
                    "{} {} refuses nonsense",
                    game.id(),
                    spec.id
                );
            }
        }
    }
}
