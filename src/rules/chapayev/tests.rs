//! Chapayev's deterministic rules exactly, and the physics against the spec's sanity
//! figures.

use super::formation::own_frame;
use super::physics::{GROUND_Z, Pose, World};
use super::*;

fn started() -> Chapayev {
    let mut c = Chapayev::new(ChapayevOptions::default());
    c.play(&Action::Lot {
        white_seat: 0,
        seed: 7,
    });
    c
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-4
}

/// Resolves the weakest flick of `checker`, so that the rules after a shot (traitors,
/// hanging tests) run over poses set by hand.
fn nudge(c: &mut Chapayev, checker: u8, cap: f32, test_speed: Option<f32>) -> Report {
    let shot = Shot::Flick {
        checker,
        angle: 0.0,
        strength: 0.0,
        spin: 0.0,
    };
    c.resolve(&shot, cap, test_speed, None)
}

/// A match with only the given checkers on the board (others off).
fn only(c: &Chapayev, keep: &[u8]) -> Chapayev {
    let mut c = c.clone();
    for (i, ch) in c.checkers.iter_mut().enumerate() {
        if !keep.contains(&(i as u8)) {
            ch.pose = None;
        }
    }
    c
}

#[test]
fn formations_sit_where_the_spec_puts_them() {
    let inf = own_frame(Troop::Infantry, 1);
    for (i, c) in inf.iter().enumerate() {
        assert!(
            close(c[0], -0.14 + 0.04 * i as f32) && close(c[1], -0.14) && close(c[2], GROUND_Z)
        );
    }
    let cav = own_frame(Troop::Cavalry, 1);
    let xy: Vec<(f32, f32)> = cav.iter().map(|c| (c[0], c[1])).collect();
    for (got, want) in xy.iter().zip([
        (-0.14, -0.14),
        (-0.06, -0.14),
        (0.02, -0.14),
        (0.10, -0.14),
        (-0.10, -0.10),
        (-0.02, -0.10),
        (0.06, -0.10),
        (0.14, -0.10),
    ]) {
        assert!(
            close(got.0, want.0) && close(got.1, want.1),
            "{got:?} {want:?}"
        );
    }
    let art = own_frame(Troop::Artillery, 1);
    let xs: Vec<f32> = art.iter().map(|c| c[0]).collect();
    for (got, want) in xs
        .iter()
        .zip([-0.0946, -0.0654, -0.08, -0.02, 0.02, 0.0654, 0.0946, 0.08])
    {
        assert!(close(*got, want), "{got} {want}");
    }
    assert!(close(art[2][2], 0.0107) && art.iter().all(|c| close(c[1], -0.14)));
    let tanks = own_frame(Troop::Tanks, 1);
    assert!(close(tanks[0][1], -0.145288) && close(tanks[3][1], -0.094712));
    assert!(close(tanks[1][0], -0.0946) && close(tanks[2][0], -0.0654));
    assert!(
        tanks[0][1] - RADIUS_FOR_TEST > -0.160,
        "the back checker does not hang"
    );
    let heavy = own_frame(Troop::HeavyTanks, 1);
    assert!(close(heavy[0][1], -0.136859) && close(heavy[1][1], -0.111571));
    assert!(close(heavy[3][0], -0.08) && close(heavy[3][1], -0.12) && close(heavy[3][2], 0.0107));
    // Black's are White's turned half round: h8, f8, ... for cavalry.
    let black = formation::poses(Side::Black, Troop::Cavalry, 1);
    assert!(close(black[0].centre[0], 0.14) && close(black[0].centre[1], 0.14));
    assert!(close(black[4].centre[0], 0.10) && close(black[4].centre[1], 0.10));
}

const RADIUS_FOR_TEST: f32 = physics::RADIUS;

#[test]
fn lines_advance_retreat_and_end_the_tour() {
    let mut l = Lines {
        line: [1, 1],
        depth: [1, 1],
    };
    assert_eq!(l.free_rows(), 6);
    for n in 1..=6 {
        assert!(!l.advance(0, 1));
        assert_eq!(l.line, [1 + n, 1]);
    }
    assert!(l.advance(0, 1), "the seventh win ends the tour");
    let mut l = Lines {
        line: [6, 1],
        depth: [1, 1],
    };
    assert!(l.advance(0, 2), "a sweep from (6,1)");
    assert_eq!(l.line, [7, 1]);
    let mut l = Lines {
        line: [1, 1],
        depth: [1, 1],
    };
    for _ in 0..3 {
        l.advance(0, 1);
    }
    for _ in 0..3 {
        l.advance(1, 1);
    }
    assert_eq!((l.line, l.free_rows()), ([4, 4], 0));
    l.advance(0, 1);
    assert_eq!(l.line, [5, 3]);
    l.advance(1, 1);
    assert_eq!(l.line, [4, 4]);
    assert!(!l.advance(1, 2));
    assert_eq!(l.line, [2, 6]);
    let cav = Lines {
        line: [1, 1],
        depth: [2, 1],
    };
    assert_eq!(cav.free_rows(), 5);
    let heavy = Lines {
        line: [1, 1],
        depth: [2, 2],
    };
    assert_eq!(heavy.free_rows(), 4);
}

#[test]
fn the_aim_cone_when_the_earth_does_not_rotate() {
    let mut c = started();
    c.options.earth_rotates = false;
    for (angle, ok) in [(90.0, true), (20.0, true), (10.0, false), (270.0, false)] {
        assert_eq!(c.within_cone(angle), ok, "White {angle}");
    }
    c.turn = Side::Black;
    for (angle, ok) in [(270.0, true), (200.0, true), (190.0, false), (90.0, false)] {
        assert_eq!(c.within_cone(angle), ok, "Black {angle}");
    }
    let shot = Shot::Flick {
        checker: 8,
        angle: 90.0,
        strength: 0.5,
        spin: 0.0,
    };
    assert_eq!(c.allows(&shot), Err("shot-outside-cone"));
}

#[test]
fn pokes_need_a_checker_within_one_thickness() {
    let mut c = only(&started(), &[0, 1]);
    c.checkers[0].pose = Some(Pose::flat(0.0, 0.0, GROUND_Z));
    c.checkers[1].pose = Some(Pose::flat(0.035, 0.0, GROUND_Z));
    assert!(c.may_poke(0));
    c.checkers[1].pose = Some(Pose::flat(0.037, 0.0, GROUND_Z));
    assert!(!c.may_poke(0));
    let poke = Shot::Poke {
        checker: 0,
        angle: 0.0,
        strength: 0.5,
    };
    assert_eq!(c.allows(&poke), Err("shot-poke-not-touching"));
}

#[test]
fn scissors_need_an_enemy_between_two_own_checkers() {
    let mut c = only(&started(), &[0, 1, 8]);
    c.checkers[8].pose = Some(Pose::flat(0.0, 0.0, GROUND_Z));
    c.checkers[0].pose = Some(Pose::flat(-0.033, 0.0, GROUND_Z));
    c.checkers[1].pose = Some(Pose::flat(0.033, 0.0, GROUND_Z));
    assert!(c.may_cut(0, 1, 8));
    c.checkers[1].pose = Some(Pose::flat(0.0, 0.033, GROUND_Z));
    assert!(!c.may_cut(0, 1, 8), "a right angle is too narrow");
    c.options.flick_only = true;
    let cut = Shot::Scissors {
        a: 0,
        b: 1,
        target: 8,
        strength: 0.5,
        offset: 0.0,
    };
    assert_eq!(c.allows(&cut), Err("shot-flick-only"));
}

#[test]
fn a_lone_checker_at_rest_stays_put() {
    let pose = Pose::flat(0.0, 0.0, GROUND_Z);
    let mut world = World::new(&[Some(pose)]);
    world.run(&[], 2.0, None);
    let after = world.poses()[0].unwrap();
    let moved = (0..3)
        .map(|k| (after.centre[k] - pose.centre[k]).abs())
        .fold(0.0, f32::max);
    assert!(moved < 1e-4, "moved {moved} m");
}

#[test]
fn a_free_slide_at_one_metre_per_second_stops_after_about_17_cm() {
    let mut c = only(&started(), &[3, 12]);
    c.checkers[3].pose = Some(Pose::flat(0.0, -0.14, GROUND_Z));
    c.checkers[12].pose = Some(Pose::flat(-0.14, 0.14, GROUND_Z));
    let shot = Shot::Flick {
        checker: 3,
        angle: 90.0,
        strength: 0.3103,
        spin: 0.0,
    };
    c.play(&Action::shot(shot));
    let p = c.checkers[3].pose.unwrap();
    let slid = p.centre[1] + 0.14;
    assert!((slid - 0.168).abs() < 0.0168, "slid {slid} m");
    assert!(p.top_z() > 0.999, "no tumble");
}

#[test]
fn a_centred_flick_knocks_the_target_off_along_the_line() {
    let mut c = only(&started(), &[3, 11, 12]);
    c.checkers[3].pose = Some(Pose::flat(0.0, -0.10, GROUND_Z));
    c.checkers[11].pose = Some(Pose::flat(0.0, 0.10, GROUND_Z));
    c.checkers[12].pose = Some(Pose::flat(-0.14, 0.14, GROUND_Z));
    let shot = Shot::Flick {
        checker: 3,
        angle: 90.0,
        strength: 0.6,
        spin: 0.0,
    };
    c.play(&Action::shot(shot));
    let report = c.report.clone().unwrap();
    assert_eq!(report.removed, [11], "{report:?}");
    assert!(report.keep, "an enemy fell and the shooter stayed");
    assert_eq!(c.turn(), Side::White);
    let shooter = c.checkers[3].pose.unwrap();
    assert!(
        shooter.centre[0].abs() < 0.005,
        "stays on its line: {:?}",
        shooter.centre
    );
}

#[test]
fn the_same_shot_twice_gives_bit_identical_results() {
    let shot = Action::shot(Shot::Flick {
        checker: 4,
        angle: 88.5,
        strength: 0.8,
        spin: 0.3,
    });
    let (mut a, mut b) = (started(), started());
    a.play(&shot);
    b.play(&shot);
    let bits = |c: &Chapayev| -> Vec<u32> {
        c.checkers
            .iter()
            .flat_map(|ch| {
                ch.pose.map_or([0.0; 7], |p| {
                    let [x, y, z] = p.centre;
                    let [q0, q1, q2, q3] = p.rotation;
                    [x, y, z, q0, q1, q2, q3]
                })
            })
            .map(f32::to_bits)
            .collect()
    };
    assert_eq!(bits(&a), bits(&b));
    assert_eq!(a, b);
}

#[test]
fn gun_stacks_stand_for_ten_seconds() {
    let mut c = Chapayev::new(ChapayevOptions::default());
    c.levels = [2, 4];
    c.white_seat = Some(0);
    c.set_up_round();
    let mut world = World::new(&c.checkers.iter().map(|ch| ch.pose).collect::<Vec<_>>());
    // Ten seconds of standing still, without the early stop at rest.
    for _ in 0..5 {
        world.run(&[], 2.0, None);
    }
    let poses = world.poses();
    for top in [2, 7, 11, 15] {
        let z = poses[top].unwrap().centre[2];
        assert!((z - 0.0107).abs() < 0.0005, "checker {top} at z {z}");
    }
}

#[test]
fn the_turn_rule() {
    // A shot that removes nothing passes the turn.
    let mut c = started();
    let weak = Shot::Flick {
        checker: 0,
        angle: 90.0,
        strength: 0.05,
        spin: 0.0,
    };
    c.play(&Action::shot(weak));
    assert!(!c.report.as_ref().unwrap().keep);
    assert_eq!(c.turn(), Side::Black);
    // A shooter that flies off after knocking an enemy off passes too.
    let mut c = only(&started(), &[3, 11, 12]);
    c.checkers[3].pose = Some(Pose::flat(0.0, 0.08, GROUND_Z));
    c.checkers[11].pose = Some(Pose::flat(0.0, 0.13, GROUND_Z));
    c.checkers[12].pose = Some(Pose::flat(-0.14, -0.14, GROUND_Z));
    c.play(&Action::shot(Shot::Flick {
        checker: 3,
        angle: 90.0,
        strength: 1.0,
        spin: 0.0,
    }));
    let report = c.report.clone().unwrap();
    assert!(report.removed.contains(&11));
    assert!(report.removed.contains(&3), "{report:?}");
    assert!(!report.keep);
}

#[test]
fn a_flipped_checker_changes_sides_and_back() {
    let mut c = only(&started(), &[0, 8, 9]);
    c.checkers[0].pose = Some(Pose::flat(0.0, 0.0, GROUND_Z));
    c.checkers[8].pose = Some(Pose::flat(0.1, 0.1, GROUND_Z));
    c.checkers[9].pose = Some(Pose::flat(-0.1, 0.1, GROUND_Z));
    // Turn W1 over by hand and let the resolution see it.
    let mut turned = Pose::flat(0.0, 0.0, GROUND_Z);
    turned.rotation = [1.0, 0.0, 0.0, 0.0];
    c.checkers[0].pose = Some(turned);
    let report = nudge(&mut c, 8, 1.0, None);
    assert_eq!(report.traitors, [0]);
    assert_eq!(c.checkers[0].owner, Side::Black);
    assert_eq!(c.checkers[0].colour, Side::White);
    c.checkers[0].pose = Some(Pose::flat(0.0, 0.0, GROUND_Z));
    let report = nudge(&mut c, 8, 1.0, None);
    assert_eq!(report.traitors, [0]);
    assert_eq!(c.checkers[0].owner, Side::White, "turned back, it returns");
}

#[test]
fn an_overhanging_checker_is_tested_and_mostly_stays() {
    let mut on_board = 0;
    for k in 0..21 {
        let mut c = only(&started(), &[3, 12]);
        c.checkers[3].pose = Some(Pose::flat(0.0, -0.150, GROUND_Z));
        c.checkers[12].pose = Some(Pose::flat(0.1, 0.1, GROUND_Z));
        let speed = 0.80 + 0.02 * k as f32;
        let report = nudge(&mut c, 12, 8.0, Some(speed));
        assert!(
            !report.hangs.is_empty(),
            "the overhanging checker is tested"
        );
        assert_eq!(
            c.checkers[3].owner,
            Side::White,
            "a test never changes the owner"
        );
        if c.checkers[3].pose.is_some() {
            on_board += 1;
        }
    }
    assert!(on_board >= 15, "{on_board} of 21 stayed on the board");
}

#[test]
fn the_edge_hang_flick() {
    let mut c = only(&started(), &[3, 12]);
    c.options.hanging_test = false;
    c.checkers[12].pose = Some(Pose::flat(0.1, 0.1, GROUND_Z));
    c.play(&Action::shot(Shot::Flick {
        checker: 3,
        angle: 270.0,
        strength: 0.0690,
        spin: 0.0,
    }));
    let y = c.checkers[3].pose.expect("still on the board").centre[1];
    assert!((y + 0.1553).abs() < 0.0025, "stops at {y}");
    let mut c = only(&started(), &[3, 12]);
    c.options.hanging_test = false;
    c.checkers[12].pose = Some(Pose::flat(0.1, 0.1, GROUND_Z));
    c.play(&Action::shot(Shot::Flick {
        checker: 3,
        angle: 270.0,
        strength: 0.1724,
        spin: 0.0,
    }));
    let report = c.report.clone().unwrap();
    assert_eq!(report.removed, [3], "at 0.6 m/s it falls off");
    assert_eq!(
        report.round_end.and_then(|e| e.winner),
        Some(Side::Black),
        "White's last checker fell: Black wins the round"
    );
}

#[test]
fn rounds_end_and_the_winner_moves_up_a_line() {
    let mut c = only(&started(), &[0, 8]);
    c.checkers[0].pose = Some(Pose::flat(0.0, 0.08, GROUND_Z));
    c.checkers[8].pose = Some(Pose::flat(0.0, 0.13, GROUND_Z));
    c.play(&Action::shot(Shot::Flick {
        checker: 0,
        angle: 90.0,
        strength: 0.35,
        spin: 0.0,
    }));
    let end = c
        .report
        .as_ref()
        .unwrap()
        .round_end
        .expect("the round ended");
    assert_eq!(end.winner, Some(Side::White));
    assert!(!end.sweep, "seven of White's checkers were missing");
    assert_eq!(c.lines.line, [2, 1]);
    assert_eq!(c.round, 2);
    assert_eq!(c.checkers.iter().filter(|ch| ch.pose.is_some()).count(), 16);
    assert!(close(c.checkers[0].pose.unwrap().centre[1], -0.10));
    assert_eq!(c.turn(), Side::White, "White opens every round by default");
}

#[test]
fn notation_round_trips_and_refuses_nonsense() {
    let c = started();
    for a in c.legal_moves().into_iter().take(50) {
        let text = c.notation(&a);
        assert_eq!(c.parse_move(&text), Ok(a), "{text}");
    }
    assert_eq!(
        notation::parse("flick W3 th=90 s=0.42 e=0"),
        Ok(Action::shot(Shot::Flick {
            checker: 2,
            angle: 90.0,
            strength: 0.42,
            spin: 0.0
        }))
    );
    assert!(c.parse_move("flick W9 th=90 s=0.4 e=0").is_err());
    assert!(
        c.parse_move("flick B1 th=270 s=0.4 e=0")
            .unwrap_err()
            .to_string()
            .contains("one of your own checkers")
    );
    assert!(c.parse_move("flick W1 th=90 s=4 e=0").is_err());
    assert!(c.parse_move("flick W1 th=NaN s=0.5 e=0").is_err());
    assert!(c.parse_move("lot white=1 seed=3").is_err(), "only once");
    assert!(c.parse_move("").is_err());
}

#[test]
fn the_computer_finds_a_shot_that_takes_a_checker() {
    let mut c = only(&started(), &[3, 11, 12]);
    c.checkers[3].pose = Some(Pose::flat(0.0, -0.02, GROUND_Z));
    c.checkers[11].pose = Some(Pose::flat(0.02, 0.12, GROUND_Z));
    c.checkers[12].pose = Some(Pose::flat(-0.14, 0.14, GROUND_Z));
    let shot = c.computer_shot(Level::Hard, Some(std::time::Duration::from_secs(60)), 1);
    assert!(c.allows(&shot).is_ok());
    let mut after = c.clone();
    after.play(&Action::shot(shot));
    let removed = &after.report.as_ref().unwrap().removed;
    assert!(
        removed.contains(&11) || removed.contains(&12),
        "{shot:?}: {removed:?}"
    );
}

#[test]
fn random_shots_replay_from_their_record() {
    use crate::rules::history::{Action as Act, Match};
    use crate::rules::position::{GameId, Move, Position};
    use crate::rules::record::{SavedGame, movetext, replay};
    let mut m = Match::new(Position::new(GameId::Chapayev, &[]).unwrap());
    m.play(Act::Play(Move::Chapayev(Action::Lot {
        white_seat: 1,
        seed: 99,
    })))
    .unwrap();
    let mut seed = 3u64;
    for _ in 0..12 {
        let moves = m.position().legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = moves[(seed >> 33) as usize % moves.len()];
        m.act(Act::Play(pick)).unwrap();
    }
    // Each shot a player made brought its own luck, drawn as it was made.
    let lucks: Vec<u32> = m.actions()[1..]
        .iter()
        .map(|a| match a {
            Act::Play(Move::Chapayev(Action::Shot { luck: Some(l), .. })) => *l,
            other => panic!("{other:?} brings no luck"),
        })
        .collect();
    assert!(lucks.windows(2).any(|w| w[0] != w[1]), "{lucks:?}");
    let text = movetext(&m);
    let back = replay(GameId::Chapayev, &text, &[]).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        back.position(),
        m.position(),
        "the same shots give the same board"
    );
    let saved = SavedGame::from_match(&m, &["a".into(), "b".into()]);
    let again = SavedGame::from_ron(&saved.to_ron())
        .unwrap()
        .to_match()
        .unwrap();
    assert_eq!(again, m);
}

#[test]
fn rounds_are_set_up_from_their_header_and_stacks_stay_on_top() {
    for troop in Troop::ALL {
        let header = format!("R1.1 W:{0}@L1 B:{0}@L1", troop.id());
        let c = Chapayev::set_up(ChapayevOptions::default(), &header).unwrap();
        assert!(c.diagram().starts_with(&header), "{}", c.diagram());
        assert_eq!(c.checkers.iter().filter(|ch| ch.pose.is_some()).count(), 16);
        if matches!(troop, Troop::Artillery | Troop::HeavyTanks) {
            let tops = if troop == Troop::Artillery {
                [2, 7]
            } else {
                [3, 7]
            };
            for side in [0, 8] {
                for t in tops {
                    let z = c.checkers[side + t].pose.unwrap().centre[2];
                    assert!(
                        (z - 0.0107).abs() < 0.0005,
                        "{header}: top {} at {z}",
                        side + t
                    );
                }
            }
        }
    }
    assert!(
        Chapayev::set_up(
            ChapayevOptions::default(),
            "R1.1 W:infantry@L7 B:infantry@L7"
        )
        .is_err()
    );
    assert!(Chapayev::set_up(ChapayevOptions::default(), "nonsense").is_err());
}

#[test]
fn the_recorded_frames_end_where_the_shot_rests() {
    let c = started();
    let shot = Shot::Flick {
        checker: 4,
        angle: 90.0,
        strength: 0.5,
        spin: 0.0,
    };
    let frames = c.frames(&shot, None);
    assert!(frames.len() > 10);
    let mut after = c.clone();
    after.shoot(&shot, resolve::SHOT_CAP, None);
    let last = frames.last().unwrap();
    let moved = last[4].unwrap().centre[1] - c.checkers[4].pose.unwrap().centre[1];
    assert!(
        moved > 0.05,
        "the flicked checker travels up the board: {moved}"
    );
}

#[test]
fn the_replay_file_writes_and_reads_back_the_match() {
    let mut c = started();
    let mut actions = vec![Action::Lot {
        white_seat: 0,
        seed: 7,
    }];
    for k in 0..60 {
        let shots = c.legal_moves();
        let a = shots[(k * 7) % shots.len()];
        c.play(&a);
        actions.push(a);
    }
    let text = log::write(ChapayevOptions::default(), &actions).unwrap();
    assert!(
        text.starts_with("chapayev seed=7 white=1 options=-\nR1.1 W:infantry@L1 B:infantry@L1\n")
    );
    assert!(text.contains("\n1.1.1 W flick "), "{text}");
    assert!(text.contains("\n=> off:"), "{text}");
    assert!(text.contains("\nR1.2 "), "a round ended: {text}");
    let back = log::read(&text).unwrap();
    assert_eq!(back.turn(), c.turn());
    assert_eq!(
        (back.tour, back.round, back.lines),
        (c.tour, c.round, c.lines)
    );
    for (a, b) in back.checkers.iter().zip(c.checkers.iter()) {
        assert_eq!(a.owner, b.owner);
        assert_eq!(a.pose.is_some(), b.pose.is_some());
        if let (Some(p), Some(q)) = (a.pose, b.pose) {
            assert!((p.centre[0] - q.centre[0]).abs() < 1e-4);
        }
    }
    assert!(log::read("nonsense").is_err());
    assert!(log::read("chapayev seed=1 white=3 options=-").is_err());
    assert!(log::read(&text.replace("flick", "flock")).is_err());
}
