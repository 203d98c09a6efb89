//! Epsilon-64 actions: placements, steps, jump chains in eight directions (a stone is
//! jumped at most once per chain unless the house rule allows more), passes and the swap.

use super::Epsilon;
use crate::rules::error::Detail;
use crate::rules::grid::bit_sets;
use crate::rules::topology::{Cell, Direction, Topology};
use std::sync::OnceLock;

/// The landing cells of a movement, in order.
pub type Route = crate::rules::path::Path<64>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Place(Cell),
    /// A step (one landing) or a jump chain.
    Move {
        from: Cell,
        route: Route,
    },
    Pass,
    /// Black takes White's side after White's first placement (the `swap` house rule).
    Swap,
}

/// Per cell and direction, the cell next to it and the one beyond: a step's target and
/// a jump's stone and landing, where they are on the board.
struct Lines {
    next: [[Option<Cell>; 8]; 64],
    beyond: [[Option<Cell>; 8]; 64],
}

fn lines() -> &'static Lines {
    static LINES: OnceLock<Lines> = OnceLock::new();
    LINES.get_or_init(|| {
        let t = Topology::plain();
        let step = |c: Cell, d: usize| t.neighbour(c, Direction::ALL[d]);
        Lines {
            next: std::array::from_fn(|c| std::array::from_fn(|d| step(c as Cell, d))),
            beyond: std::array::from_fn(|c| {
                std::array::from_fn(|d| step(c as Cell, d).and_then(|n| step(n, d)))
            }),
        }
    })
}

/// Every movement of the stone on `from`: steps, then each jump destination once, by its
/// shortest route (the lowest squares first among equals). `occupied` holds the other
/// stones; `best` is 64 empty slots, one per landing, shared by the stones of one side
/// and left empty again.
fn movements(
    g: &Epsilon,
    from: Cell,
    occupied: u64,
    best: &mut [Option<Route>],
    out: &mut Vec<Action>,
) {
    for to in lines().next[from as usize].into_iter().flatten() {
        if occupied & 1 << to == 0 {
            out.push(Action::Move {
                from,
                route: Route::default().with(to),
            });
        }
    }
    let mut jumped = 0u64;
    chain(g, occupied, from, from, Route::default(), &mut jumped, best);
    out.extend(
        best.iter_mut()
            .filter_map(Option::take)
            .map(|route| Action::Move { from, route }),
    );
}

fn better(a: &Route, b: &Route) -> bool {
    (a.len(), a.as_slice()) < (b.len(), b.as_slice())
}

/// Depth-first search of jump chains over the stones in `occupied` (the moving
/// stone's own cell left out); `jumped` marks the stones jumped so far.
fn chain(
    g: &Epsilon,
    occupied: u64,
    origin: Cell,
    at: Cell,
    route: Route,
    jumped: &mut u64,
    best: &mut [Option<Route>],
) {
    let lines = lines();
    for d in 0..8 {
        let (Some(over), Some(land)) = (lines.next[at as usize][d], lines.beyond[at as usize][d])
        else {
            continue;
        };
        if occupied & 1 << over == 0 || occupied & 1 << land != 0 {
            continue;
        }
        if *jumped & 1 << over != 0 && !g.options.jump_same_stone_twice {
            continue;
        }
        let next = route.with(land);
        if land != origin {
            let slot = &mut best[land as usize];
            let improves = slot.as_ref().is_none_or(|r| better(&next, r));
            if !improves && g.options.jump_same_stone_twice {
                continue;
            }
            if improves {
                *slot = Some(next);
            }
        } else if g.options.jump_same_stone_twice {
            continue;
        }
        if next.is_full() {
            continue;
        }
        let was = *jumped;
        *jumped |= 1 << over;
        chain(g, occupied, origin, land, next, jumped, best);
        *jumped = was;
    }
}

pub(super) fn legal(g: &Epsilon) -> Vec<Action> {
    let side = g.turn;
    let mut out = Vec::with_capacity(64);
    if g.hand[side.index()] > 0 {
        out.extend(
            (0..64u8)
                .filter(|&c| g.board[c as usize].is_none())
                .map(Action::Place),
        );
    }
    let (own, other) = bit_sets(&g.board, side);
    let mut best = [None; 64];
    for c in 0..64u8 {
        if own & 1 << c != 0 {
            movements(g, c, (own | other) & !(1 << c), &mut best, &mut out);
        }
    }
    if g.swap_offer {
        out.push(Action::Swap);
    }
    if out.is_empty() {
        out.push(Action::Pass);
    }
    out
}

pub(super) fn write(a: &Action) -> String {
    let t = Topology::plain();
    match a {
        Action::Place(c) => format!("@{}", t.name(*c)),
        Action::Pass => "--".into(),
        Action::Swap => "swap".into(),
        Action::Move { from, route } => {
            let landings = route.as_slice();
            // A jump always lands two cells away along some line, a step next door.
            let step = landings.len() == 1 && {
                let (f, l) = (*from as i16, landings[0] as i16);
                (f % 8 - l % 8).abs() <= 1 && (f / 8 - l / 8).abs() <= 1
            };
            let sep = if step { "-" } else { ":" };
            let mut s = t.name(*from).to_string();
            for &c in landings {
                s.push_str(sep);
                s.push_str(t.name(c));
            }
            s
        }
    }
}

/// Reads `@e4`, `d4-e5`, `a1:c3:e5` (a movement is its origin and destination), `--`, `swap`.
pub(super) fn read(g: &Epsilon, text: &str) -> Result<Action, Detail> {
    let t = Topology::plain();
    let legal = legal(g);
    let wanted = if text == "--" {
        Action::Pass
    } else if text == "swap" {
        Action::Swap
    } else if let Some(cell) = text.strip_prefix('@') {
        Action::Place(t.parse(cell).ok_or_else(|| {
            crate::detail!(
                "detail-epsilon-cell",
                "{text}: '{cell}' is not a cell",
                text = text,
                cell = cell
            )
        })?)
    } else {
        let squares: Option<Vec<Cell>> = text.split([':', '-']).map(|s| t.parse(s)).collect();
        let squares = squares.filter(|s| s.len() >= 2).ok_or_else(|| {
            crate::detail!(
                "detail-not-epsilon-action",
                "{text} is not an epsilon64 action",
                text = text
            )
        })?;
        let (from, to) = (squares[0], *squares.last().expect("two cells at least"));
        return legal
            .iter()
            .find(|a| matches!(a, Action::Move { from: f, route } if *f == from && route.as_slice().last() == Some(&to)))
            .copied()
            .ok_or_else(|| crate::detail!("detail-not-legal-here", "{text} is not legal here", text = text));
    };
    if legal.contains(&wanted) {
        Ok(wanted)
    } else {
        Err(crate::detail!(
            "detail-not-legal-here",
            "{text} is not legal here",
            text = text
        ))
    }
}
