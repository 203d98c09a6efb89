//! Corners moves: steps, jump chains reduced to their destinations (each reached by the
//! shortest route, the lowest squares first), the obligatory-move rule and the copy limit.

use super::{Corners, Obligatory, Phase};
use crate::rules::error::Detail;
use crate::rules::side::Side;
use crate::rules::topology::{Cell, Direction, Topology};
use crate::rules::why::{Refusal, Word};

/// A jump route; the longest shortest route on 64 squares is far below 32 landings.
pub type Route = crate::rules::path::Path<32>;

/// A move: a checker from `from` along `route` (one square for a step), or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CMove {
    Move { from: Cell, route: Route },
    Pass,
}

impl CMove {
    pub fn to(&self) -> Option<Cell> {
        match self {
            CMove::Move { route, .. } => route.as_slice().last().copied(),
            CMove::Pass => None,
        }
    }

    fn from(&self) -> Option<Cell> {
        match self {
            CMove::Move { from, .. } => Some(*from),
            CMove::Pass => None,
        }
    }

    fn is_jump(&self) -> bool {
        match self {
            CMove::Move { from, route } => {
                let to = route.as_slice()[0];
                from.abs_diff(to) != 1 && from.abs_diff(to) != 8
            }
            CMove::Pass => false,
        }
    }
}

/// Every move of one checker: steps, then jump destinations by breadth-first search.
fn moves_of(g: &Corners, from: Cell, out: &mut Vec<CMove>) {
    let t = Topology::chess();
    let mut board = g.board;
    board[from as usize] = None;
    for d in Direction::ORTHOGONAL {
        if let Some(to) = t.neighbour(from, d)
            && board[to as usize].is_none()
        {
            out.push(CMove::Move {
                from,
                route: Route::default().with(to),
            });
        }
    }
    // Layer by layer, routes in increasing order, landings in increasing order: the first
    // route to reach a square is the shortest and, among those, the lowest.
    let mut seen = [false; 64];
    seen[from as usize] = true;
    let mut layer = vec![(from, Route::default())];
    while !layer.is_empty() {
        let mut next: Vec<(Cell, Route)> = Vec::new();
        for (at, route) in &layer {
            let mut landings: Vec<Cell> = Direction::ORTHOGONAL
                .iter()
                .filter_map(|&d| {
                    let over = t.neighbour(*at, d)?;
                    let land = t.neighbour(over, d)?;
                    (board[over as usize].is_some() && board[land as usize].is_none())
                        .then_some(land)
                })
                .collect();
            landings.sort_unstable();
            for land in landings {
                if !seen[land as usize] {
                    seen[land as usize] = true;
                    let r = route.with(land);
                    out.push(CMove::Move { from, route: r });
                    next.push((land, r));
                }
            }
        }
        layer = next;
    }
}

pub(super) fn legal(g: &Corners) -> Vec<CMove> {
    if matches!(g.phase, Phase::Over(_)) {
        return Vec::new();
    }
    let side = g.turn;
    let mut all = Vec::new();
    for c in 0..64u8 {
        if g.board[c as usize] == Some(side) {
            moves_of(g, c, &mut all);
        }
    }
    let solo = matches!(g.phase, Phase::Solo { .. });
    if !solo {
        all = obligatory(g, all);
        if g.options.copy_limit && side == Side::Black && g.mirror_streak >= 4 {
            let keep: Vec<CMove> = all
                .iter()
                .copied()
                .filter(|m| !makes_mirror(g, m))
                .collect();
            if !keep.is_empty() {
                all = keep;
            }
        }
    }
    if all.is_empty() {
        vec![CMove::Pass]
    } else {
        all
    }
}

/// The obligatory-move rule: once the opponent has left his home, a player with checkers
/// still at home must move one of them (and out of it, under `strict`, when he can).
fn obligatory(g: &Corners, all: Vec<CMove>) -> Vec<CMove> {
    let (me, them) = (g.turn, g.turn.other());
    if g.options.obligatory_move == Obligatory::Off || g.in_home(them) > 0 || g.in_home(me) == 0 {
        return all;
    }
    let home = g.home(me);
    let from_home: Vec<CMove> = all
        .iter()
        .copied()
        .filter(|m| m.from().is_some_and(|f| home.contains(&f)))
        .collect();
    if from_home.is_empty() {
        return all;
    }
    if g.options.obligatory_move == Obligatory::Strict {
        let leaving: Vec<CMove> = from_home
            .iter()
            .copied()
            .filter(|m| m.to().is_some_and(|t| !home.contains(&t)))
            .collect();
        if !leaving.is_empty() {
            return leaving;
        }
    }
    from_home
}

fn makes_mirror(g: &Corners, m: &CMove) -> bool {
    let mut after = g.board;
    if let (Some(from), Some(to)) = (m.from(), m.to()) {
        after[from as usize] = None;
        after[to as usize] = Some(g.turn);
    }
    (0..64).all(|c| after[c] == after[63 - c].map(|s| s.other()))
}

pub(super) fn write(m: &CMove) -> String {
    let t = Topology::chess();
    match m {
        CMove::Pass => "--".into(),
        CMove::Move { from, route } => {
            let sep = if m.is_jump() { ":" } else { "-" };
            let mut s = t.name(*from).to_string();
            for &c in route.as_slice() {
                s.push_str(sep);
                s.push_str(t.name(c));
            }
            s
        }
    }
}

/// Reads `c1-d1`, `c1:c3:e3` or just `c1:e3` (a move is its start and destination).
pub(super) fn read(g: &Corners, text: &str) -> Result<CMove, Detail> {
    let legal = legal(g);
    if text == "--" {
        return legal
            .contains(&CMove::Pass)
            .then_some(CMove::Pass)
            .ok_or_else(|| {
                crate::detail!(
                    "detail-pass-only",
                    "a pass is only allowed with no legal move"
                )
            });
    }
    let t = Topology::chess();
    let squares: Option<Vec<Cell>> = text.split([':', '-']).map(|s| t.parse(s)).collect();
    let squares = squares.filter(|s| s.len() >= 2).ok_or_else(|| {
        crate::detail!(
            "detail-not-corners-move",
            "{text} is not a corners move",
            text = text
        )
    })?;
    let (from, to) = (squares[0], *squares.last().expect("two squares at least"));
    match legal
        .iter()
        .find(|m| m.from() == Some(from) && m.to() == Some(to))
    {
        Some(m) => Ok(*m),
        None if g.board[from as usize] == Some(g.turn)
            && moves_all(g)
                .iter()
                .any(|m| m.from() == Some(from) && m.to() == Some(to)) =>
        {
            Err(crate::detail!(
                "detail-corners-obligatory",
                "{text} is not legal: the obligatory-move rule applies",
                text = text
            ))
        }
        None => Err(crate::detail!(
            "detail-not-legal-here",
            "{text} is not legal here",
            text = text
        )),
    }
}

/// Every move without the obligatory-move and copy rules, to explain a refusal.
fn moves_all(g: &Corners) -> Vec<CMove> {
    let mut all = Vec::new();
    for c in 0..64u8 {
        if g.board[c as usize] == Some(g.turn) {
            moves_of(g, c, &mut all);
        }
    }
    all
}

/// The reasons [`refusal`] gives, besides the plain facts.
pub(super) const REASONS: &[&str] = &[
    "msg-why-obligatory",
    "msg-why-copy",
    "msg-piece-cannot-move",
    "msg-why-not-there",
];

/// Why the checker on `from` may not make a move it could make by its way of moving:
/// the obligatory move out of home, or the limit on copying the opponent.
pub(super) fn refusal(g: &Corners, from: Cell, to: Option<Cell>) -> Option<Refusal> {
    let all = moves_all(g);
    let legal = legal(g);
    let mine: Vec<&CMove> = all
        .iter()
        .filter(|m| m.from() == Some(from) && to.is_none_or(|t| m.to() == Some(t)))
        .collect();
    if mine.is_empty() || mine.iter().any(|m| legal.contains(m)) {
        return None;
    }
    if g.options.copy_limit && mine.iter().all(|m| makes_mirror(g, m)) {
        return Some(Refusal::new("msg-why-copy"));
    }
    let obliged = legal.iter().find_map(|m| m.from())?;
    Some(
        Refusal::new("msg-why-obligatory")
            .with("square", Word::Square(obliged))
            .marking(obliged),
    )
}

/// A position for each refusal of the rules' own: Black copying White a fifth time,
/// and Black leaving a checker at home after White has left his.
#[cfg(test)]
pub(crate) fn examples() -> Vec<Corners> {
    use crate::rules::game::Game;
    let mut copying = Corners::new(super::CornersOptions {
        copy_limit: true,
        ..Default::default()
    });
    copying.board[18] = None;
    copying.board[19] = Some(Side::White);
    copying.turn = Side::Black;
    copying.mirror_streak = 4;
    let mut late = Corners::new(Default::default());
    for c in 0..64 {
        if late.board[c] == Some(Side::White) {
            late.board[c] = None;
        }
    }
    for c in 24..33 {
        late.board[c] = Some(Side::White);
    }
    // One Black checker has left home for e5; the others have not.
    late.board[45] = None;
    late.board[36] = Some(Side::Black);
    late.turn = Side::Black;
    vec![copying, late]
}
