use super::train::{self, Model, Training};
use super::*;
use crate::engine::search::{Think, mix};
use crate::rules::GameId;
use crate::rules::position::Position;
use crate::rules::side::Side;

/// The positions of a game of random moves, with its seed.
fn random_game(game: GameId, seed: u64) -> Vec<Position> {
    let mut position = Position::new(game, &[]).expect("default rules");
    let mut seen = vec![position.clone()];
    for ply in 0..80 {
        let moves = position.legal_moves();
        if moves.is_empty() || position.outcome(0).is_some() {
            break;
        }
        let m = moves[(mix(seed ^ ply << 16) % moves.len() as u64) as usize];
        position.play(&m).expect("a legal move");
        seen.push(position.clone());
    }
    seen
}

fn games() -> impl Iterator<Item = GameId> {
    GameId::ALL
        .iter()
        .copied()
        .filter(|&g| g != GameId::Chapayev)
}

/// A model with weights big enough that every input counts.
fn model(layout: Layout, seed: u64) -> Model {
    let mut model = Model::new(layout, 16, seed);
    for w in &mut model.w1 {
        *w *= 5.0;
    }
    model
}

#[test]
fn the_accumulator_moved_from_position_to_position_equals_one_made_afresh() {
    for game in games() {
        for seed in 0..3 {
            let positions = random_game(game, seed);
            let layout = positions[0].net_layout();
            let net = model(layout, seed).quantised(game.id(), &[], "");
            let seat = 0;
            let mut moved = Accumulator::new(&net, positions[0].net_inputs(seat));
            for position in &positions[1..] {
                let on = position.net_inputs(seat);
                assert!(
                    on.iter().all(|&i| (i as usize) < layout.width()),
                    "{}",
                    game.id()
                );
                moved = moved.moved(&net, on.clone());
                assert_eq!(moved, Accumulator::new(&net, on), "{}", game.id());
            }
        }
    }
}

#[test]
fn inputs_tell_the_pieces_the_mover_and_the_view_apart() {
    let start = Position::new(GameId::Chess, &[]).unwrap();
    let white = start.net_inputs(0);
    let black = start.net_inputs(1);
    // 32 pieces and whose move it is.
    assert_eq!(white.len(), 33);
    assert_ne!(white, black, "each side sees its own pieces as its own");
    let mut after = start.clone();
    after.play(&after.legal_moves()[0]).unwrap();
    let (added, removed) = difference(&white, &after.net_inputs(0));
    assert_eq!(
        (added.len(), removed.len()),
        (2, 2),
        "a piece moved and the turn passed"
    );
    let dice = Position::new(GameId::DiceChess, &[]).unwrap();
    let mut rolled = dice.clone();
    rolled
        .play(&rolled.roll(5).expect("a roll awaited"))
        .unwrap();
    assert!(rolled.net_inputs(0).len() > dice.net_inputs(0).len());
}

#[test]
fn a_network_reads_back_from_its_file_and_bad_files_are_refused() {
    let start = Position::new(GameId::Turkish, &[]).unwrap();
    let layout = start.net_layout();
    let net = model(layout, 7).quantised("turkish-draughts", &[100.0, 250.5], "from 3 games\nkept");
    let bytes = file::write(&net);
    assert_eq!(file::read(&bytes), Ok(net.clone()));
    assert_eq!(
        file::read_for(&bytes, "turkish-draughts", layout.width()),
        Ok(net)
    );
    assert!(matches!(
        file::read_for(&bytes, "chess", layout.width()),
        Err(file::NetError::OtherGame { .. })
    ));
    assert!(matches!(
        file::read_for(&bytes, "turkish-draughts", 10),
        Err(file::NetError::OtherWidth { .. })
    ));
    assert_eq!(
        file::read(&bytes[..bytes.len() - 1]),
        Err(file::NetError::Short)
    );
    assert_eq!(
        file::read(b"(game: \"chess\")"),
        Err(file::NetError::NotNet)
    );
    let training = Training::new(model(layout, 8));
    let back = file::read_training(&file::write_training(&training)).unwrap();
    assert_eq!(back, training);
}

/// Chess's network sees Black's positions turned: after 1. e4, Black (seat 1) sees
/// what White sees after 1. Nf3 Nf6 2. Ng1 e5, its own pawn on e4 and the move its own.
#[test]
fn chess_turns_the_board_for_black() {
    let set_up = |fen| Position::set_up(GameId::Chess, &[], fen).unwrap();
    let after_e4 = set_up("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mirrored = set_up("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(after_e4.net_inputs(1), mirrored.net_inputs(0));
    assert_ne!(after_e4.net_inputs(0), mirrored.net_inputs(0));
}

/// Positions of random chess games labelled by a made-up rule the network can learn:
/// the side with more pieces is doing better.
fn labelled(seed: u64) -> Vec<train::Position> {
    (0..40)
        .flat_map(|g| random_game(GameId::Chess, seed + g))
        .flat_map(|p| {
            Side::BOTH.map(|view| {
                let pieces = p.pieces();
                let own = pieces.iter().filter(|(_, v)| v.side == view).count() as f32;
                let margin = 2.0 * own - pieces.len() as f32;
                train::Position {
                    on: p.net_inputs(view.index()),
                    target: 1.0 / (1.0 + (-margin).exp()),
                    base: 0.0,
                }
            })
        })
        .collect()
}

#[test]
fn quantised_and_float_networks_agree_within_five_hundredths_of_a_pawn() {
    let positions = labelled(100);
    let layout = Position::new(GameId::Chess, &[]).unwrap().net_layout();
    let mut training = Training::new(Model::new(layout, 32, 3));
    let curve = 0.01;
    for _ in 0..3 {
        training.epoch(&positions, curve, 1);
    }
    let model = &training.model;
    let net = model.quantised("chess", &[], "");
    let mut worst = 0.0f32;
    for p in &positions {
        let float = model.output(&p.on) * UNITS as f32;
        worst = worst.max((net.evaluate(&p.on) as f32 - float).abs());
    }
    // Each first-layer weight is rounded to a step of 1/255 and each output weight
    // to 1/64: over a position's few dozen inputs that moves the output by a few
    // hundredths of a pawn at most.
    assert!(worst <= 5.0, "worst {worst} hundredths");
}

#[test]
fn a_tiny_training_lowers_its_loss_and_the_same_seed_gives_the_same_network() {
    let positions = labelled(200);
    let (learn, held) = positions.split_at(positions.len() * 9 / 10);
    let layout = Position::new(GameId::Chess, &[]).unwrap().net_layout();
    let curve = 0.01;
    let run = || {
        let mut training = Training::new(Model::new(layout, 16, 5));
        for _ in 0..10 {
            training.epoch(learn, curve, 9);
        }
        training
    };
    let before = train::loss(&Model::new(layout, 16, 5), held, curve);
    let trained = run();
    let after = train::loss(&trained.model, held, curve);
    assert!(after < 0.8 * before, "held-out loss {before} -> {after}");
    assert_eq!(
        run(),
        trained,
        "the same seed and positions, the same network"
    );
}

/// A network that adds nothing to the weighted features searches exactly as they
/// do: the search's use of it (its sums moved from node to node, the view, the
/// features added) changes nothing but where the score comes from.
#[test]
fn a_network_that_adds_nothing_searches_as_its_weights_do() {
    use crate::engine::search::{Level, Limits, hand};
    for game in [
        GameId::Chess,
        GameId::Turkish,
        GameId::TriChess,
        GameId::Reversi,
    ] {
        let positions = random_game(game, 11);
        let layout = positions[0].net_layout();
        let weights: std::sync::Arc<[f32]> = hand(game.features()).into();
        let mut net = model(layout, 3).quantised(game.id(), &weights, "");
        net.w2.iter_mut().for_each(|w| *w = 0);
        net.b2 = 0;
        for position in positions.iter().step_by(20) {
            let by = |net: Option<Net>| {
                let limits = Limits {
                    nodes: Some(3_000),
                    weights: Some(weights.clone()),
                    net: net.map(std::sync::Arc::new),
                    ..Limits::default()
                };
                position
                    .think(Level::Hard, &limits, 1, &mut |_| {})
                    .map(|t| (t.best, t.progress.score, t.progress.nodes))
            };
            assert_eq!(by(Some(net.clone())), by(None), "{}", game.id());
        }
    }
}
/// Every game's search scores by the weights and the network it is given: weights
/// of nothing score every position alike, and a network that adds something moves
/// the scores. Bughouse once took chess's features for its board's and never
/// searched by what it learned.
#[test]
fn every_game_searches_by_the_weights_and_the_network_it_is_given() {
    use crate::engine::search::{Level, Limits, hand};
    for game in games() {
        let positions = random_game(game, 5);
        let layout = positions[0].net_layout();
        let weights: std::sync::Arc<[f32]> = hand(game.features()).into();
        let nothing: std::sync::Arc<[f32]> = vec![0.0; weights.len()].into();
        let mut adds = model(layout, 7);
        for (i, w) in adds.w2.iter_mut().enumerate() {
            *w = if i % 2 == 0 { 2.0 } else { -2.0 };
        }
        let net = std::sync::Arc::new(adds.quantised(game.id(), &weights, ""));
        let score = |position: &Position, weights: &std::sync::Arc<[f32]>, net| {
            let limits = Limits {
                nodes: Some(300),
                weights: Some(weights.clone()),
                net,
                ..Limits::default()
            };
            position
                .think(Level::Hard, &limits, 1, &mut |_| {})
                .map(|t| t.progress.score)
        };
        let (mut by_weights, mut by_net) = (false, false);
        for position in positions.iter().step_by(7) {
            let hand = score(position, &weights, None);
            by_weights |= hand != score(position, &nothing, None);
            by_net |= hand != score(position, &weights, Some(net.clone()));
        }
        assert!(by_weights, "{}: weights change no score", game.id());
        assert!(by_net, "{}: a network changes no score", game.id());
    }
}

#[test]
fn returns_look_ahead_to_the_searches_after_and_end_at_the_result() {
    let curve = 0.01;
    let share = |score: f32| 1.0 / (1.0 + (-curve * score).exp());
    let r = train::returns(&[0.0, 200.0, 400.0], 1.0, curve);
    assert_eq!(r[2], 1.0, "the last position's target is the result");
    let l = train::LAMBDA;
    assert!((r[1] - ((1.0 - l) * share(400.0) + l * 1.0)).abs() < 1e-6);
    assert!((r[0] - ((1.0 - l) * share(200.0) + l * r[1])).abs() < 1e-6);
    assert!(train::curve(&[(100.0, 1.0), (-100.0, 0.0), (50.0, 1.0), (-20.0, 0.0)]) > 0.01);
}
