//! Epsilon-64 actions: placements, steps, jump chains in eight directions (a stone is
//! jumped at most once per chain unless the house rule allows more), passes and the swap.

use super::Epsilon;
use crate::rules::error::Detail;
use crate::rules::topology::{Cell, Direction, Topology};

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

/// Every movement of the stone on `from`: steps, then each jump destination once, by its
/// shortest route (the lowest squares first among equals).
fn movements(g: &Epsilon, from: Cell, out: &mut Vec<Action>) {
    let t = Topology::plain();
    let mut board = g.board;
    board[from as usize] = None;
    for d in Direction::ALL {
        if let Some(to) = t.neighbour(from, d)
            && board[to as usize].is_none()
        {
            out.push(Action::Move {
                from,
                route: Route::default().with(to),
            });
        }
    }
    let mut best: Vec<Option<Route>> = vec![None; 64];
    let mut jumped = [false; 64];
    chain(
        g,
        &board,
        from,
        from,
        Route::default(),
        &mut jumped,
        &mut best,
    );
    out.extend(
        best.into_iter()
            .flatten()
            .map(|route| Action::Move { from, route }),
    );
}

fn better(a: &Route, b: &Route) -> bool {
    (a.len(), a.as_slice()) < (b.len(), b.as_slice())
}

/// Depth-first search of jump chains; `jumped` marks the stones jumped so far.
fn chain(
    g: &Epsilon,
    board: &[Option<crate::rules::Side>; 64],
    origin: Cell,
    at: Cell,
    route: Route,
    jumped: &mut [bool; 64],
    best: &mut [Option<Route>],
) {
    let t = Topology::plain();
    for d in Direction::ALL {
        let Some(over) = t.neighbour(at, d) else {
            continue;
        };
        let Some(land) = t.neighbour(over, d) else {
            continue;
        };
        if board[over as usize].is_none() || board[land as usize].is_some() {
            continue;
        }
        if jumped[over as usize] && !g.options.jump_same_stone_twice {
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
        let was = jumped[over as usize];
        jumped[over as usize] = true;
        chain(g, board, origin, land, next, jumped, best);
        jumped[over as usize] = was;
    }
}

pub(super) fn legal(g: &Epsilon) -> Vec<Action> {
    let side = g.turn;
    let mut out = Vec::new();
    if g.hand[side.index()] > 0 {
        out.extend(
            (0..64u8)
                .filter(|&c| g.board[c as usize].is_none())
                .map(Action::Place),
        );
    }
    for c in 0..64u8 {
        if g.board[c as usize] == Some(side) {
            movements(g, c, &mut out);
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
