//! The rules of chess for three, one by one, on the start and on constructed positions.

use super::*;
use crate::rules::computer::Hints;
use crate::rules::game::Game;
use crate::rules::topology::TriDirection;

fn start() -> TriChess {
    TriChess::new(TriOptions::default())
}

fn cell(name: &str) -> Cell {
    Topology::hexagon()
        .parse(name)
        .unwrap_or_else(|| panic!("{name} is a cell"))
}

fn name(c: Cell) -> &'static str {
    Topology::hexagon().name(c)
}

fn setup(text: &str) -> TriChess {
    TriChess::set_up(TriOptions::default(), text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn play(p: &mut TriChess, text: &str) {
    let a = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", notations(p)));
    p.play(&a);
}

fn play_first(p: &mut TriChess) {
    let a = p.legal_moves()[0];
    p.play(&a);
}

fn play_except_orders(p: &mut TriChess) {
    let a = p
        .legal_moves()
        .into_iter()
        .find(|a| !matches!(a, Action::Order(_)))
        .unwrap();
    p.play(&a);
}

/// The next number of the random games' generator (a 64-bit LCG's high bits), `seed`
/// stepped on.
fn next_random(seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as usize
}

fn notations(p: &TriChess) -> Vec<String> {
    p.legal_moves().iter().map(|a| p.notation(a)).collect()
}

fn has(p: &TriChess, text: &str) -> bool {
    notations(p).iter().any(|n| n == text)
}

/// Cells a piece could capture on if an enemy stood there.
fn protects(p: &TriChess, from: Cell) -> usize {
    let army = p.board[from as usize].unwrap().army;
    p.board
        .iter()
        .enumerate()
        .filter(|(c, q)| {
            let c = *c as Cell;
            q.is_some_and(|q| q.army == army && q.role == Role::Pawn) && {
                let mut probe = p.clone();
                probe.board[c as usize] = Some(Piece {
                    army: following(army),
                    role: Role::Pawn,
                });
                probe
                    .piece_moves(army)
                    .iter()
                    .any(|m| m.from == from && m.to == c)
            }
        })
        .count()
}

#[test]
fn white_has_44_moves_at_the_start() {
    let p = start();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 44);
    let mut knights: Vec<String> = notations(&p)
        .into_iter()
        .filter(|n| n.starts_with('N'))
        .collect();
    knights.sort();
    assert_eq!(knights, ["NWP2-WS3", "NWP2-WS5", "NWP5-WS10", "NWP5-WS12"]);
    let pawns = notations(&p).iter().filter(|n| n.starts_with("WC")).count();
    assert_eq!(pawns, 40);
}

#[test]
fn at_the_start_bishops_protect_three_pawns_rooks_two_knights_four() {
    let p = start();
    for army in Side::THREE {
        let l = army.letter();
        for (palace, count) in [(1, 2), (2, 4), (3, 3), (4, 3), (5, 4), (6, 2)] {
            let from = cell(&format!("{l}P{palace}"));
            assert_eq!(protects(&p, from), count, "{l}P{palace}");
        }
    }
}

#[test]
fn every_player_has_44_moves_at_the_start() {
    let p = start();
    for army in Side::THREE {
        assert_eq!(p.piece_moves(army).len(), 44, "{army:?}");
    }
}

#[test]
fn knight_leaps_are_mutual() {
    let t = Topology::hexagon();
    for c in 0..CELLS as Cell {
        for &l in t.leaps(c) {
            assert!(t.leaps(l).contains(&c), "{} {}", name(c), name(l));
        }
    }
}

/// Random positions from random moves, without neutrality so that every enemy piece is
/// prey: a cell is attacked exactly when some pseudo-legal move captures there.
#[test]
fn attacks_agree_with_captures() {
    let options = TriOptions {
        neutrality: false,
        ..TriOptions::default()
    };
    let mut seed = 7u64;
    for _game in 0..20 {
        let mut p = TriChess::new(options);
        for _ply in 0..60 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let r = next_random(&mut seed);
            p.play(&moves[r % moves.len()]);
            let player = p.turn;
            let mut pseudo = Vec::new();
            p.pseudo_moves(player, &mut pseudo);
            for c in 0..CELLS as Cell {
                let Some(victim) = p.board[c as usize] else {
                    continue;
                };
                if p.power(player) & bit(victim.army) != 0 || p.related(player, victim.army) {
                    continue;
                }
                let captured = pseudo
                    .iter()
                    .any(|m| m.to == c && !matches!(m.special, Special::Castle { .. }));
                assert_eq!(p.attacked(c, p.power(player)), captured, "{}", p.diagram());
            }
        }
    }
}

#[test]
fn pawns_step_every_way_double_step_at_home_and_capture_only_away_from_home() {
    // A pawn in the open Village steps to all three vertical-horizontal neighbours
    // (on the board) and never double-steps there.
    let t = Topology::hexagon();
    let open = cell("BV9");
    let p = setup(&format!("W: KWT2 {} / B: KBT2 / R: KRT2 / W", name(open)));
    let steps: Vec<_> = p.moves_from(Side::White, open);
    let around = TriDirection::ROOK
        .iter()
        .filter(|&&d| t.neighbour(open, d).is_some())
        .count();
    assert_eq!(steps.len(), around);
    assert!(steps.iter().all(|m| m.special == Special::None));

    // At home: a double step along each open rook line, and no capture.
    let home = cell("WC5");
    let victims: Vec<Cell> = TriDirection::BISHOP
        .iter()
        .filter_map(|&d| t.neighbour(home, d))
        .collect();
    let black: Vec<String> = victims.iter().map(|&v| format!("N{}", name(v))).collect();
    let p = setup(&format!(
        "W: KWT2 WC5 / B: KBT2 {} / R: KRT2 / W",
        black.join(" ")
    ));
    let mut from_home = Vec::new();
    p.pseudo_moves(Side::White, &mut from_home);
    from_home.retain(|m| m.from == home);
    assert!(
        from_home
            .iter()
            .any(|m| matches!(m.special, Special::Double(_)))
    );
    assert!(
        from_home.iter().all(|m| !victims.contains(&m.to)),
        "no capture at home"
    );

    // Out of its home zones the same pawn captures diagonally.
    let away = cell("WS7");
    let victim = TriDirection::BISHOP
        .iter()
        .find_map(|&d| t.neighbour(away, d))
        .unwrap();
    let p = setup(&format!(
        "W: KWT2 WS7 / B: KBT2 N{} / R: KRT2 / W",
        name(victim)
    ));
    assert!(
        p.moves_from(Side::White, away)
            .iter()
            .any(|m| m.to == victim)
    );
    assert!(
        p.moves_from(Side::White, away)
            .iter()
            .all(|m| !matches!(m.special, Special::Double(_)))
    );
}

#[test]
fn a_double_step_may_end_outside_home_and_be_taken_en_passant() {
    let t = Topology::hexagon();
    // WC1 double-steps out of the City into the Suburb or Village.
    let p = start();
    let doubles: Vec<TriMove> = p
        .piece_moves(Side::White)
        .into_iter()
        .filter(|m| matches!(m.special, Special::Double(_)))
        .collect();
    assert!(
        doubles
            .iter()
            .any(|m| !tables().zone[m.to as usize].is_home())
    );
    // Find a double step whose skipped cell has a diagonal neighbour outside Black's
    // home where a Black pawn can wait.
    for m in doubles {
        let Special::Double(skipped) = m.special else {
            unreachable!()
        };
        let Some(waiting) = TriDirection::BISHOP
            .iter()
            .filter_map(|&d| t.neighbour(skipped, d))
            .find(|&c| start().board[c as usize].is_none() && c != m.to)
        else {
            continue;
        };
        let mut p = start();
        p.board[waiting as usize] = Some(Piece {
            army: Side::Black,
            role: Role::Pawn,
        });
        p.play(&Action::Move(m));
        let ep: Vec<TriMove> = p
            .piece_moves(Side::Black)
            .into_iter()
            .filter(|x| x.from == waiting && x.to == skipped)
            .collect();
        assert_eq!(ep.len(), 1, "{}", p.diagram());
        assert_eq!(ep[0].special, Special::EnPassant(m.to));
        assert_eq!(
            p.notation(&Action::Move(ep[0])),
            format!("{}:{}", name(waiting), name(skipped))
        );
        let mut taken = p.clone();
        taken.play(&Action::Move(ep[0]));
        assert!(
            taken.board[m.to as usize].is_none(),
            "the double-stepped pawn is gone"
        );
        // Black lets it pass; once White's turn begins again the right is gone.
        let other = p
            .legal_moves()
            .into_iter()
            .find(|a| matches!(a, Action::Move(x) if x.from != waiting))
            .unwrap();
        p.play(&other);
        let red = p.legal_moves()[0];
        p.play(&red);
        let white = p
            .legal_moves()
            .into_iter()
            .find(|a| matches!(a, Action::Move(x) if x.from != m.to))
            .unwrap();
        p.play(&white);
        assert!(
            p.piece_moves(Side::Black)
                .iter()
                .all(|x| !matches!(x.special, Special::EnPassant(_)))
        );
        return;
    }
    panic!("no double step to test en passant with");
}

#[test]
fn castling_both_ways_and_not_through_check() {
    let army = "W: KWT2 RWP1 RWP6 WC1 WC10 / B: KBT2 / R: KRT2 / W";
    let mut p = setup(army);
    assert!(has(&p, "0-0") && has(&p, "0-0-0"), "{:?}", notations(&p));
    play(&mut p, "0-0");
    assert_eq!(
        p.board[cell("WP5") as usize],
        Some(Piece {
            army: Side::White,
            role: Role::King
        })
    );
    assert_eq!(
        p.board[cell("WP4") as usize],
        Some(Piece {
            army: Side::White,
            role: Role::Rook
        })
    );
    let mut p = setup(army);
    play(&mut p, "0-0-0");
    assert_eq!(
        p.board[cell("WP3") as usize].map(|x| x.role),
        Some(Role::King)
    );
    assert_eq!(
        p.board[cell("WT1") as usize].map(|x| x.role),
        Some(Role::Rook)
    );
    // A Black rook on a line through WP4 forbids the short castling only.
    let t = Topology::hexagon();
    let (line, guard) = TriDirection::ROOK
        .iter()
        .find_map(|&d| {
            let ray: Vec<Cell> = t.ray(cell("WP4"), d).collect();
            let clear = ray
                .iter()
                .position(|&c| tables().zone[c as usize] >= Zone::Suburb)?;
            let path = &ray[..clear];
            (path
                .iter()
                .all(|&c| setup(army).board[c as usize].is_none())
                && !path.contains(&cell("WP5"))
                && !path.contains(&cell("WP3"))
                && !path.contains(&cell("WT1")))
            .then(|| (d, ray[clear]))
        })
        .expect("a line from WP4 out of the Palace");
    let _ = line;
    let p = setup(&army.replace("/ B: KBT2", &format!("/ B: KBT2 R{}", name(guard))));
    assert!(!has(&p, "0-0") && has(&p, "0-0-0"), "{:?}", notations(&p));
    // A moved king castles no more.
    let mut p = setup(army);
    play(&mut p, "KWT2-WP5");
    play_first(&mut p);
    play_first(&mut p);
    play(&mut p, "KWP5-WT2");
    play_first(&mut p);
    play_first(&mut p);
    assert!(!has(&p, "0-0") && !has(&p, "0-0-0"));
}

/// Black's king smothered on its throne by a White knight on BC3 (Black's bishop on BP3
/// is a pawn here, and a pawn at home cannot capture).
fn smothered() -> TriChess {
    let t = Topology::hexagon();
    let bc3 = cell("BC3");
    let jump = t
        .leaps(bc3)
        .iter()
        .copied()
        .find(|&c| start().board[c as usize].is_none())
        .unwrap();
    let base = text::write(&start())
        .replace(" BBP3", " BP3")
        .replace(" BC3 ", " ")
        .replace(" / B:", &format!(" N{} / B:", name(jump)));
    let mut p = setup(&base);
    play(&mut p, &format!("N{}:BC3", name(jump)));
    p
}

#[test]
fn a_mated_king_is_removed_and_its_army_turns_neutral() {
    let p = smothered();
    assert!(p.is_out(Side::Black));
    assert_eq!(p.king(Side::Black), None);
    assert_eq!(p.turn(), Side::Red, "Black is skipped");
    assert!(
        p.pieces()
            .iter()
            .filter(|(_, v)| v.side == Side::Grey)
            .count()
            == 16
    );
    assert_eq!(p.outcome(1), None, "two players are left");
    // Anyone may capture a neutral piece, and it attacks nobody.
    assert!(p.may_capture(Side::Red, Side::Black) && p.may_capture(Side::White, Side::Black));
    assert_eq!(p.enemies(Side::White) & bit(Side::Black), 0);
    // The two left capture each other freely: no third player.
    assert!(p.may_capture(Side::Red, Side::White));
}

#[test]
fn no_move_may_leave_the_king_in_check() {
    let t = Topology::hexagon();
    // A Black rook on WT2's open line checks the lone White king.
    let king = cell("WV9");
    let line = TriDirection::ROOK
        .iter()
        .find(|&&d| t.ray(king, d).count() >= 3)
        .copied()
        .unwrap();
    let rook = t.ray(king, line).nth(2).unwrap();
    let p = setup(&format!(
        "W: K{} / B: KBT2 R{} / R: KRT2 / W",
        name(king),
        name(rook)
    ));
    assert!(p.in_check(Side::White));
    assert_eq!(p.check_cell(), Some(king));
    for a in p.legal_moves() {
        let mut next = p.clone();
        next.play(&a);
        assert!(
            !next.in_check(Side::White) || next.is_out(Side::White),
            "{}",
            p.notation(&a)
        );
    }
    let step = t.neighbour(king, line).unwrap();
    assert!(
        !has(&p, &format!("K{}-{}", name(king), name(step))),
        "not along the line"
    );
}

#[test]
fn a_king_attacked_on_its_attackers_turn_may_be_captured() {
    // White's queen stands on Black's king's line; it is White's turn (Red moved away).
    let t = Topology::hexagon();
    let bk = cell("BT2");
    let q = t.ray(bk, TriDirection::AMinus).nth(3).unwrap();
    let p = setup(&format!("W: KWT2 Q{} / B: KBT2 / R: KRT2 / W", name(q)));
    let capture = format!("Q{}:BT2", name(q));
    assert!(has(&p, &capture), "{:?}", notations(&p));
    let mut p = p;
    play(&mut p, &capture);
    assert!(p.is_out(Side::Black));
    assert_eq!(p.turn(), Side::Red);
}

#[test]
fn neutrality_follows_the_latest_captures() {
    let mut p = start();
    let can = |p: &TriChess, a: Side, b: Side| p.may_capture(a, b);
    assert!(can(&p, Side::White, Side::Black), "nobody has captured yet");
    // Red's latest move took a Black piece: White may not take Black's, but Red's.
    p.captured[Side::Red.index()] = bit(Side::Black);
    assert!(!can(&p, Side::White, Side::Black));
    assert!(can(&p, Side::White, Side::Red));
    // Unless Black's latest move took a White piece.
    p.captured[Side::Black.index()] = bit(Side::White);
    assert!(can(&p, Side::White, Side::Black));
    // The house rule off: free captures.
    let mut free = p.clone();
    free.captured[Side::Black.index()] = 0;
    free.options.neutrality = false;
    assert!(can(&free, Side::White, Side::Black));
}

#[test]
fn neutrality_keeps_forbidden_captures_out_of_the_moves() {
    let t = Topology::hexagon();
    let w = cell("WS7");
    let victim = TriDirection::BISHOP
        .iter()
        .find_map(|&d| t.neighbour(w, d))
        .unwrap();
    let mut p = setup(&format!(
        "W: KWT2 R{} / B: KBT2 N{} / R: KRT2 / W",
        name(w),
        name(victim)
    ));
    let capture = format!("R{}:{}", name(w), name(victim));
    let rook_takes = |p: &TriChess| p.moves_from(Side::White, w).iter().any(|m| m.to == victim);
    let _ = capture;
    p.captured[Side::Red.index()] = bit(Side::Black);
    let q = TriDirection::ROOK
        .iter()
        .find(|&&d| t.neighbour(w, d) == Some(victim));
    if q.is_some() {
        assert!(!rook_takes(&p));
    }
    // The same for a queen, which certainly reaches a diagonal neighbour.
    let mut p = setup(&format!(
        "W: KWT2 Q{} / B: KBT2 N{} / R: KRT2 / W",
        name(w),
        name(victim)
    ));
    assert!(p.moves_from(Side::White, w).iter().any(|m| m.to == victim));
    p.captured[Side::Red.index()] = bit(Side::Black);
    assert!(!p.moves_from(Side::White, w).iter().any(|m| m.to == victim));
}

#[test]
fn holding_a_neutral_throne_moves_that_army() {
    let mut p = smothered();
    assert_eq!(p.controller(Side::Black), None);
    // Put a White rook next to Black's throne and let it step onto BT1 (the queen's).
    let t = Topology::hexagon();
    let bt1 = cell("BT1");
    let (from, dir) = TriDirection::ROOK
        .iter()
        .find_map(|&d| {
            let back = t.ray(bt1, d).next()?;
            Some((back, d))
        })
        .unwrap();
    let _ = dir;
    p.board[from as usize] = Some(Piece {
        army: Side::White,
        role: Role::Rook,
    });
    p.board[bt1 as usize] = None;
    p.turn = Side::White;
    let mv = p
        .moves_from(Side::White, from)
        .into_iter()
        .find(|m| m.to == bt1)
        .expect("the rook reaches the throne");
    p.play(&Action::Move(mv));
    assert_eq!(p.controller(Side::Black), Some(Side::White));
    // Red moves; then White may move Black's grey pieces as well as his own.
    let red = p.legal_moves()[0];
    p.play(&red);
    let grey: Vec<TriMove> = p
        .piece_moves(Side::White)
        .into_iter()
        .filter(|m| p.board[m.from as usize].unwrap().army == Side::Black)
        .collect();
    assert!(!grey.is_empty());
    // Black's pawns count White as their home's keeper: they double-step at home.
    assert!(grey.iter().any(|m| matches!(m.special, Special::Double(_))));
    // Leaving the throne ends the control.
    let away = p
        .moves_from(Side::White, bt1)
        .into_iter()
        .find(|m| m.to != bt1)
        .unwrap();
    p.play(&Action::Move(away));
    assert_eq!(p.controller(Side::Black), None);
    // With the house rule off nobody controls it.
    let mut off = smothered();
    off.options.throne_conquest = false;
    off.board[bt1 as usize] = Some(Piece {
        army: Side::White,
        role: Role::Rook,
    });
    off.update_controllers(Some(Side::White));
    assert_eq!(off.controller(Side::Black), None);
}

/// White captures a Black pawn with a knight in the open.
fn after_a_capture() -> TriChess {
    let mut p = setup("W: KWT2 NWS7 / B: KBT2 BC5 / R: KRT2 RC5 / W");
    let target = Topology::hexagon()
        .leaps(cell("WS7"))
        .iter()
        .copied()
        .find(|&c| tables().zone[c as usize] >= Zone::Suburb && p.board[c as usize].is_none())
        .unwrap();
    p.board[target as usize] = Some(Piece {
        army: Side::Black,
        role: Role::Pawn,
    });
    play(&mut p, &format!("NWS7:{}", name(target)));
    p
}

#[test]
fn a_network_sees_who_serves_whom() {
    use crate::rules::computer::inputs::inputs;
    use crate::rules::view::GameView;
    let mut p = after_a_capture();
    assert!(p.bonds().is_empty());
    let before = inputs(&p, Side::White);
    play(&mut p, "B>W master?");
    play(&mut p, "W: yes");
    assert_eq!(
        p.bonds(),
        [(crate::rules::view::Bond::Serves, Side::Black, Side::White)]
    );
    // Seen from each side, the bond is its own input; and it is one a two-sided game
    // has no room for.
    let (white, black) = (inputs(&p, Side::White), inputs(&p, Side::Black));
    let width = crate::rules::computer::Layout::of(&p).width();
    let bond = |on: &[u32]| {
        on.iter()
            .copied()
            .filter(|&i| i as usize >= width - 18)
            .collect::<Vec<_>>()
    };
    assert_eq!(bond(&white).len(), 1);
    assert_eq!(bond(&black).len(), 1);
    assert_ne!(bond(&white), bond(&black));
    assert!(bond(&before).is_empty());
}

#[test]
fn after_a_capture_either_may_offer_servitude_and_the_other_answers() {
    let p = after_a_capture();
    assert!(
        has(&p, "W>B servant?") && has(&p, "B>W master?"),
        "{:?}",
        notations(&p)
    );
    let mut declined = p.clone();
    play(&mut declined, "W>B servant?");
    assert_eq!(
        declined.seat_to_move(),
        Side::Black.index(),
        "Black answers"
    );
    assert_eq!(notations(&declined), ["B: yes", "B: no"]);
    play(&mut declined, "B: no");
    assert!(declined.masters(Side::Black).next().is_none());
    assert!(!has(&declined, "B>W master?"), "one offer per capture");
    let mut p = p;
    play(&mut p, "B>W master?");
    assert_eq!(p.seat_to_move(), Side::White.index());
    play(&mut p, "W: yes");
    assert_eq!(p.masters(Side::Black).collect::<Vec<_>>(), [Side::White]);
    assert!(!p.in_game(Side::Black) && p.in_game(Side::White));
    // Mutually neutral: no captures between them, no check.
    assert!(!p.may_capture(Side::White, Side::Black) && !p.may_capture(Side::Black, Side::White));
    assert_eq!(p.enemies(Side::White) & bit(Side::Black), 0);
    // The offer window closes with the next move.
    let mut q = after_a_capture();
    let quiet = q.legal_moves()[0];
    q.play(&quiet);
    assert!(!notations(&q).iter().any(|n| n.contains('?')));
}

#[test]
fn a_master_orders_once_in_two_rounds_and_once_in_three_with_two_masters() {
    let mut p = start();
    p.serve(Side::Black, Side::White);
    play(&mut p, "WC1-WS2");
    assert!(has(&p, "W>B order"));
    play(&mut p, "W>B order");
    assert_eq!(
        p.seat_to_move(),
        Side::White.index(),
        "White plays Black's move"
    );
    assert!(p.legal_moves().iter().all(
        |a| matches!(a, Action::Move(m) if p.board[m.from as usize].unwrap().army == Side::Black)
    ));
    play(&mut p, "BC1-BS2");
    assert_eq!(p.turn(), Side::Red, "White's own move is not spent");
    for expect in [false, true] {
        play_first(&mut p);
        play_except_orders(&mut p);
        assert_eq!(p.turn(), Side::Black);
        assert_eq!(
            has(&p, "W>B order"),
            expect,
            "{}",
            p.rounds_until_order(Side::White, Side::Black)
        );
        play_except_orders(&mut p);
    }
    // Two masters: three rounds each.
    let mut p = start();
    p.serve(Side::Black, Side::White);
    p.serve(Side::Black, Side::Red);
    p.turn = Side::Black;
    p.last_order[Side::White.index()][Side::Black.index()] = Some(p.turns[1]);
    assert_eq!(p.rounds_until_order(Side::White, Side::Black), 3);
    assert!(has(&p, "R>B order") && !has(&p, "W>B order"));
}

#[test]
fn a_servant_on_his_masters_throne_frees_himself() {
    let mut p = setup("W: KWS7 / B: KBT2 NWT1 / R: KRT2 / B");
    p.serve(Side::Black, Side::White);
    assert!(has(&p, "B free"));
    play(&mut p, "B free");
    assert!(p.in_game(Side::Black) && p.masters(Side::Black).next().is_none());
    assert_eq!(
        p.turn(),
        Side::Black,
        "the declaration does not use the move"
    );
}

#[test]
fn a_servant_is_freed_when_his_master_is_mated_or_serves() {
    // Red served Black, then Black is mated: Red is free again.
    let mut q = start();
    q.serve(Side::Red, Side::Black);
    q.eliminate(Side::Black);
    assert!(q.in_game(Side::Red));
    // A master who becomes a servant frees his servant.
    let mut p = start();
    p.serve(Side::Red, Side::Black);
    p.serve(Side::Black, Side::White);
    assert!(p.in_game(Side::Red) && !p.in_game(Side::Black));
}

#[test]
fn a_check_between_allies_suspends_their_relation_for_one_turn() {
    // Black serves White; Black's queen gives check to White's king.
    let t = Topology::hexagon();
    let wk = cell("WV9");
    let dir = TriDirection::ROOK
        .iter()
        .copied()
        .find(|&d| t.ray(wk, d).count() >= 4)
        .unwrap();
    let ray: Vec<Cell> = t.ray(wk, dir).collect();
    let (q_from, q_line) = (ray[3], ray[2]);
    let side_step = TriDirection::BISHOP
        .iter()
        .filter_map(|&d| t.neighbour(q_line, d))
        .find(|&c| !ray.contains(&c) && c != wk && t.ray(c, dir).next().is_some())
        .unwrap();
    let mut p = setup(&format!(
        "W: K{} / B: KBT2 Q{} / R: KRT2 / B",
        name(wk),
        name(side_step)
    ));
    let _ = q_from;
    p.serve(Side::Black, Side::White);
    assert!(!p.in_check(Side::White), "a servant gives no check");
    play(&mut p, &format!("Q{}-{}", name(side_step), name(q_line)));
    assert_eq!(p.suspended(Side::White, Side::Black), Some(Side::Black));
    assert!(p.may_capture(Side::Black, Side::White));
    assert!(p.in_check(Side::Red) || !p.in_check(Side::Red));
    // Red moves; White must get out of check; Black's next move without check restores.
    play_first(&mut p);
    assert!(p.in_check(Side::White));
    let out = p.legal_moves()[0];
    p.play(&out);
    let quiet = p
        .legal_moves()
        .into_iter()
        .find(|a| {
            let mut n = p.clone();
            n.play(a);
            n.suspended(Side::White, Side::Black).is_none()
        })
        .expect("a move that gives no check");
    p.play(&quiet);
    assert!(p.masters(Side::Black).eq([Side::White]));
    assert!(!p.may_capture(Side::Black, Side::White));
}

#[test]
fn making_both_others_servants_wins_and_scores_are_two_one_zero() {
    let mut p = start();
    p.serve(Side::Black, Side::White);
    assert_eq!(p.outcome(1), None);
    p.serve(Side::Red, Side::White);
    let o = p.outcome(1).unwrap();
    assert_eq!(o, Outcome::win(Side::White, Reason::LastInGame));
    let table = p.standings(&o);
    let points: Vec<(Side, u8, u8)> = table
        .iter()
        .map(|s| (s.side, s.place, s.half_points))
        .collect();
    assert_eq!(
        points,
        [(Side::White, 1, 4), (Side::Red, 2, 2), (Side::Black, 3, 0)]
    );
    // An agreed draw with one player gone: the two left share three points.
    let p = smothered();
    let draw = Outcome::draw(Reason::Agreement);
    let table = p.standings(&draw);
    let halves: Vec<(Side, u8)> = table.iter().map(|s| (s.side, s.half_points)).collect();
    assert_eq!(halves, [(Side::White, 3), (Side::Red, 3), (Side::Black, 0)]);
    assert_eq!(
        start()
            .standings(&draw)
            .iter()
            .map(|s| s.half_points)
            .sum::<u8>(),
        6
    );
}

#[test]
fn resigning_leaves_the_game_and_play_goes_on() {
    let mut p = start();
    assert!(p.resign());
    assert!(p.is_out(Side::White));
    assert_eq!(p.turn(), Side::Black);
    assert_eq!(p.outcome(1), None);
    assert!(p.resign());
    assert_eq!(
        p.outcome(1),
        Some(Outcome::win(Side::Red, Reason::LastInGame))
    );
    let table = p.standings(&p.outcome(1).unwrap());
    assert_eq!(
        table.iter().map(|s| s.side).collect::<Vec<_>>(),
        [Side::Red, Side::Black, Side::White]
    );
}

#[test]
fn notation_in_both_alphabets() {
    assert_eq!(russian("NWP2-WS3"), "КБД2-БП3");
    assert_eq!(russian("KWT2-WP5"), "КрБТ2-БД5");
    assert_eq!(russian("QWT1:BV7"), "ФБТ1:ЧС7");
    assert_eq!(russian("RC14"), "КГ14");
    assert_eq!(russian("0-0 W>B servant?"), "0-0 W>B servant?");
    let p = start();
    assert_eq!(p.parse_move("КБД2-БП3"), p.parse_move("NWP2-WS3"));
    assert!(p.parse_move("NWP2-WS3").is_ok());
    assert_eq!(
        p.parse_move("NWP2-WS4").unwrap_err().to_string(),
        "NWP2-WS4 is not legal here"
    );
    assert!(p.parse_move("").is_err());
}

#[test]
fn positions_read_back_what_they_write() {
    let p = smothered();
    let text = p.diagram();
    assert!(text.contains("B(out):"), "{text}");
    let back = TriChess::set_up(TriOptions::default(), &text).unwrap();
    assert_eq!(back.board, p.board);
    assert_eq!(back.turn, p.turn);
    assert!(back.is_out(Side::Black));
    assert!(TriChess::set_up(TriOptions::default(), "W: KWT2 / B: KBT2 / R: / W").is_err());
    assert!(TriChess::set_up(TriOptions::default(), "W: KXX9 / W").is_err());
    assert!(TriChess::set_up(TriOptions::default(), "").is_err());
}

/// Random three-player games that take every diplomatic chance they get, their
/// legal moves checked against the full test of every move's safety.
#[test]
fn random_games_with_diplomacy_play_and_round_trip() {
    let mut seed = 11u64;
    let mut events = 0;
    for _game in 0..12 {
        let mut p = start();
        for _ply in 0..400 {
            let actions = p.legal_moves();
            if actions.is_empty() {
                assert!(p.outcome(1).is_some());
                break;
            }
            let r = next_random(&mut seed);
            let diplomacy: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Move(_)))
                .collect();
            let captures: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Move(m) if p.board[m.to as usize].is_some()))
                .collect();
            let a = if !diplomacy.is_empty() && r.is_multiple_of(2) {
                events += 1;
                diplomacy[r / 2 % diplomacy.len()]
            } else if !captures.is_empty() && r.is_multiple_of(3) {
                captures[r / 3 % captures.len()]
            } else {
                actions[r % actions.len()]
            };
            // The legal moves test in full only the moves that may expose the king.
            let mut every = Vec::new();
            p.pseudo_moves(p.turn, &mut every);
            every.retain(|m| p.is_safe(p.turn, m));
            assert_eq!(p.piece_moves(p.turn), every, "{}", p.diagram());
            assert_eq!(p.has_piece_move(p.turn), !every.is_empty());
            // The search's quick test for a capture agrees with what the move shows,
            // and its captures generated alone are the legal list's.
            use crate::rules::computer;
            for a in &actions {
                assert_eq!(p.noisy(a), computer::captures(&p, a), "{}", p.notation(a));
            }
            let noisy: Vec<Action> = actions.iter().filter(|a| p.noisy(a)).copied().collect();
            assert_eq!(p.noisy_moves(), noisy, "{}", p.diagram());
            let text = p.notation(&a);
            assert_eq!(p.parse_move(&text), Ok(a), "{text}");
            assert_eq!(p.parse_move(&russian(&text)), Ok(a), "{}", russian(&text));
            p.play(&a);
        }
    }
    assert!(events > 20, "diplomacy happened ({events})");
}

#[test]
fn a_recorded_game_with_diplomacy_replays() {
    use crate::rules::history::{Action as Act, Match};
    use crate::rules::position::{GameId, Move, Position};
    use crate::rules::record::{movetext, replay};
    let mut m = Match::new(Position::new(GameId::TriChess, &[]).unwrap());
    let mut seed = 5u64;
    let mut diplomacy = 0;
    for _ in 0..300 {
        let Position::TriChess(p) = m.position() else {
            unreachable!()
        };
        let actions = p.legal_moves();
        if actions.is_empty() {
            break;
        }
        let r = next_random(&mut seed);
        let pick = actions
            .iter()
            .find(|a| !matches!(a, Action::Move(_)) && r.is_multiple_of(2))
            .or_else(|| {
                actions
                    .iter()
                    .find(|a| matches!(a, Action::Move(x) if p.board[x.to as usize].is_some()))
            })
            .copied()
            .unwrap_or(actions[r % actions.len()]);
        diplomacy += usize::from(!matches!(pick, Action::Move(_)));
        m.play(Act::Play(Move::TriChess(pick))).unwrap();
    }
    assert!(diplomacy > 0);
    let text = movetext(&m);
    let back = replay(GameId::TriChess, &text, &[]).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.actions(), m.actions());
}
