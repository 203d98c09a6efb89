//! The headless commands: what `doska games`, `perft`, `replay` and `think` print.

use crate::engine::search::{Level, Limits, Progress, Think};
use crate::rules::perft::perft;
use crate::rules::record::replay;
use crate::rules::{GameId, Match, Position};
use std::time::Instant;

/// Parses `--option id=value` arguments.
pub fn parse_options(raw: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    raw.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| anyhow::anyhow!("--option takes ID=VALUE, not '{o}'"))
        })
        .collect()
}

/// Parses `--view ROUND,ABOVE`: degrees round the board, and above it between 15 and 85
/// (the heights the table's drag allows).
pub fn parse_view(raw: &str) -> anyhow::Result<(f32, f32)> {
    let wrong = || anyhow::anyhow!("--view takes ROUND,ABOVE in degrees, e.g. 150,20, not '{raw}'");
    let (round, above) = raw.split_once(',').ok_or_else(wrong)?;
    let round: f32 = round.trim().parse().map_err(|_| wrong())?;
    let above: f32 = above.trim().parse().map_err(|_| wrong())?;
    if !round.is_finite() || !(15.0..=85.0).contains(&above) {
        return Err(anyhow::anyhow!(
            "--view: the height above the board is 15 to 85 degrees, not '{raw}'"
        ));
    }
    Ok((round, above))
}

/// Parses `--size WIDTHxHEIGHT`: a window size in logical pixels, 200 to 4000 each way.
pub fn parse_size(raw: &str) -> anyhow::Result<(u32, u32)> {
    let wrong = || anyhow::anyhow!("--size takes WIDTHxHEIGHT, e.g. 800x600, not '{raw}'");
    let (width, height) = raw.split_once('x').ok_or_else(wrong)?;
    let width: u32 = width.trim().parse().map_err(|_| wrong())?;
    let height: u32 = height.trim().parse().map_err(|_| wrong())?;
    if !(200..=4000).contains(&width) || !(200..=4000).contains(&height) {
        return Err(anyhow::anyhow!(
            "--size: each side is 200 to 4000 pixels, not '{raw}'"
        ));
    }
    Ok((width, height))
}

pub fn games() -> String {
    GameId::ALL
        .iter()
        .map(|g| format!("{}\n", g.id()))
        .collect()
}

/// Runs perft and reports (nodes, positions per second).
pub fn timed_perft(position: &Position, depth: u32) -> (u64, f64) {
    let start = Instant::now();
    let nodes = perft(position, depth);
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    (nodes, nodes as f64 / secs)
}

pub fn start_position(
    game: &str,
    fen: Option<&str>,
    options: &[(String, String)],
) -> anyhow::Result<Position> {
    let game = GameId::from_id(game)?;
    Ok(match fen {
        Some(text) => Position::set_up(game, options, text)?,
        None => Position::new(game, options)?,
    })
}

/// Replays Chapayev's own replay file (header, shots, outcomes and pose snapshots):
/// the position after the last shot and the match's result.
pub fn replay_chapayev_log(text: &str) -> anyhow::Result<String> {
    use crate::rules::Game;
    let c = crate::rules::chapayev::log::read(text)?;
    let result = match c.outcome(1) {
        Some(o) => format!("{} ({})", o.result(), o.reason.id()),
        None => "* (the game goes on)".to_string(),
    };
    Ok(format!("{}Result: {result}\n", c.diagram()))
}

/// Replays a move list: the final diagram and result, or the first bad move.
pub fn replay_file(
    game: &str,
    text: &str,
    options: &[(String, String)],
) -> anyhow::Result<(Match, String)> {
    let game = GameId::from_id(game)?;
    let m = replay(game, text, options).map_err(|e| anyhow::anyhow!("{e}"))?;
    let result = match m.outcome() {
        Some(o) => format!("{} ({})", o.result(), o.reason.id()),
        None => "* (the game goes on)".to_string(),
    };
    let report = format!(
        "{}\n{} to move after {} actions\nResult: {result}\n",
        m.position().diagram(),
        m.position().turn().name(),
        m.actions().len()
    );
    Ok((m, report))
}

/// What `doska screenshot` shows besides the position: the camera's view of
/// Chapayev's table, the window's size, whether the game is studied (and reviewed,
/// when `Some(true)`), or the position is shown in the editor.
#[derive(Clone, Copy, Debug, Default)]
pub struct Picture {
    pub view: Option<(f32, f32)>,
    pub size: Option<(u32, u32)>,
    pub study: Option<bool>,
    pub edit: bool,
}

/// A game's review as text: a line per move judged (the move, its mark, the better
/// move and both scores for the mover), then the marks counted per seat.
/// Judged by the weights and network `in_force`.
pub fn review(
    m: &Match,
    budget: crate::engine::review::Budget,
    in_force: &crate::engine::weights::InForce,
) -> String {
    use crate::engine::review::{Mark, review};
    use crate::rules::score::Score;
    let seats = m.start().seats().seat_count();
    let mut out = String::new();
    let mut counts = vec![[0usize; 3]; seats];
    review(m, budget, Some(in_force), None, &mut |r| {
        let position = &m.state_before(r.at).position;
        let Some(played) = m.all_actions()[r.at].moved() else {
            return;
        };
        let read = |s| Score::read(m.game(), s, seats).short();
        let sign = r.mark.map_or("", Mark::sign);
        out.push_str(&format!(
            "{} {}{sign} best {} {} played {}\n",
            r.at + 1,
            position.notation(&played),
            position.notation(&r.judgement.best),
            read(r.judgement.best_score),
            read(r.judgement.played_score),
        ));
        if let Some(mark) = r.mark {
            counts[r.seat][mark as usize] += 1;
        }
    });
    for (seat, [inaccuracies, mistakes, blunders]) in counts.iter().enumerate() {
        let side = m.start().seats().seat_side(seat).name();
        out.push_str(&format!(
            "{side}: {inaccuracies} inaccuracies, {mistakes} mistakes, {blunders} blunders\n"
        ));
    }
    out
}

/// The computer's move for the seat to move after `moves` (a move list as replay
/// reads it) from the start or `fen`: the move in the game's notation. Each finished
/// depth is told to `info` as a line of text.
pub fn think(
    game: &str,
    fen: Option<&str>,
    moves: Option<&str>,
    options: &[(String, String)],
    level: Level,
    limits: &Limits,
    info: &mut dyn FnMut(String),
) -> anyhow::Result<String> {
    let game = GameId::from_id(game)?;
    let mut text = String::new();
    if let Some(fen) = fen {
        text.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    text.push_str(moves.unwrap_or(""));
    let m = replay(game, &text, options).map_err(|e| anyhow::anyhow!("{e}"))?;
    let position = m.position();
    if position.awaits_roll() {
        anyhow::bail!("the die is still to be rolled: end the moves with its faces, as in \"[5]\"");
    }
    let seed = m.actions().len() as u64;
    let mut report = |p: &Progress<crate::rules::Move>| {
        info(format!(
            "depth {} score {} nodes {} nps {} time {} pv {}",
            p.depth,
            p.score,
            p.nodes,
            p.nps,
            p.millis,
            position.line_notation(&p.pv).join(" ")
        ));
    };
    match position.think(level, limits, seed, &mut report) {
        Some(thought) => Ok(position.notation(&thought.best)),
        None => Err(anyhow::anyhow!(
            "the game is over: there is no move to choose"
        )),
    }
}

/// A player in a duel: a level of the computer, or the one-ply greedy player (the
/// best-looking move after one ply, captures followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    Level(Level),
    Greedy,
    /// The hardest level searching by max^n (chess for three).
    MaxN,
    /// The hardest level searching by best replies (chess for three).
    BestReply,
}

impl Contender {
    pub fn parse(raw: &str) -> anyhow::Result<Contender> {
        match raw {
            "greedy" => Ok(Contender::Greedy),
            "maxn" => Ok(Contender::MaxN),
            "brs" => Ok(Contender::BestReply),
            _ => parse_level(raw).map(Contender::Level).map_err(|_| {
                anyhow::anyhow!("a player is easy, normal, hard, greedy, maxn or brs, not '{raw}'")
            }),
        }
    }

    fn choose(
        self,
        position: &crate::rules::Position,
        limits: &Limits,
        seed: u64,
    ) -> Option<crate::rules::Move> {
        let (level, limits) = match self {
            Contender::Level(level) => (level, limits.clone()),
            Contender::Greedy => (
                Level::Hard,
                Limits {
                    depth: Some(1),
                    ..Limits::default()
                },
            ),
            Contender::MaxN => (
                Level::Hard,
                Limits {
                    many: crate::engine::search::Many::MaxN,
                    ..limits.clone()
                },
            ),
            Contender::BestReply => (
                Level::Hard,
                Limits {
                    many: crate::engine::search::Many::BestReply,
                    ..limits.clone()
                },
            ),
        };
        position
            .think(level, &limits, seed, &mut |_| {})
            .map(|t| t.best)
    }
}

/// Plays `games` games between `a` and `b`, each from a start made different by two
/// random plies (seeded by the game's number), as the learning duel plays
/// ([`duel::play`](crate::engine::learn::duel::play)): with
/// two seats the colours alternate; with three (chess for three) `a` plays one seat
/// against `b` in two, over the three corners, then two against one. Returns `a`'s
/// points: its seats' mean share ([`share`](crate::engine::learn::share)), a win 1 and
/// a draw a half; a game unfinished after 150 moves a seat is shared as an agreed draw.
/// `progress` hears each result.
pub fn duel(
    game: &str,
    options: &[(String, String)],
    (a, b): (Contender, Contender),
    games: u32,
    limits: &Limits,
    progress: &mut dyn FnMut(u32, f64),
) -> anyhow::Result<f64> {
    use crate::engine::learn::duel;
    let game = GameId::from_id(game)?;
    let start = Position::new(game, options)?;
    if game.card().table {
        return Err(anyhow::anyhow!(
            "duel plays board games, not {}'s shots",
            game.id()
        ));
    }
    let mut points = 0.0;
    for n in 0..games {
        points += duel::play(&start, u64::from(n), 150, |first, position, given, seed| {
            let who = if first { a } else { b };
            let limits = Limits {
                seen_twice: given.seen_twice.clone(),
                ..limits.clone()
            };
            who.choose(position, &limits, seed)
        });
        progress(n + 1, points);
    }
    Ok(points)
}

/// Reads a level's id (easy, normal, hard).
pub fn parse_level(raw: &str) -> anyhow::Result<Level> {
    Level::from_id(raw)
        .ok_or_else(|| anyhow::anyhow!("--level takes easy, normal or hard, not '{raw}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_are_read_and_checked() {
        assert_eq!(parse_view("150,20").unwrap(), (150.0, 20.0));
        assert_eq!(parse_view(" -30 , 85 ").unwrap(), (-30.0, 85.0));
        assert!(parse_view("150").is_err());
        assert_eq!(parse_size("800x600").unwrap(), (800, 600));
        assert!(parse_size("800").is_err());
        assert!(parse_size("100x600").is_err());
        assert!(parse_view("a,20").is_err());
        assert!(parse_view("0,90").is_err());
        assert!(parse_view("inf,20").is_err());
    }

    /// Best replies against the paranoid search in chess for three: one seat against
    /// two over the three corners, then two against one, each game worth its seats'
    /// mean share; a game cut off before anyone fell is worth a half.
    #[test]
    fn a_duel_of_three_scores_shares_over_the_arrangement() {
        let players = (
            Contender::parse("brs").unwrap(),
            Contender::parse("hard").unwrap(),
        );
        assert_eq!(players.0, Contender::BestReply);
        let limits = Limits {
            nodes: Some(300),
            ..Limits::default()
        };
        let mut heard = Vec::new();
        let points = duel("tri-chess", &[], players, 6, &limits, &mut |n, p| {
            heard.push((n, p))
        })
        .unwrap();
        assert_eq!(heard.len(), 6);
        assert!((0.0..=6.0).contains(&points), "{points}");
        assert_eq!(heard.last().unwrap().1, points);
        assert!(Contender::parse("brs,hard").is_err());
    }
}
