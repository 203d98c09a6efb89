//! What a stranger playing from a link must be able to trust: no move swallowed under a
//! used request id, nothing of chance learned by taking back, no match stranded by a
//! takeback, and no computer playing on for nobody or holding the server after the
//! people have gone.

use super::{Data, Player, Server, chess_pair, deaf_socket, fresh, get, metric, request, watch};
use doska::protocol::{Event, EventKind, Reply, Request, SeatPlan};
use doska::rules::GameId;
use std::collections::{BTreeMap, BTreeSet};
use tokio::time::{Duration, Instant, sleep};

/// The matches in memory, as `/metrics` says.
async fn in_memory(server: &Server) -> u64 {
    metric(server, "doska_matches")
        .await
        .expect("/metrics counts the matches in memory")
}

/// How long a step may take before the test gives up on it: far more than any needs.
const PATIENCE: Duration = Duration::from_secs(120);

/// Makes a match of `game` for one person in seat 0 against the computer in every
/// other seat; the person, with the snapshot taken.
async fn against_computers(server: &Server, game: GameId, level: &str) -> Player {
    let mut client = server.client().await;
    let seats = game_seats(game);
    let mut plans = vec![SeatPlan::Computer; seats];
    plans[0] = SeatPlan::Me;
    let id = client.id();
    let created = request(
        &mut client,
        Request::Create {
            id,
            game: game.id().into(),
            options: BTreeMap::new(),
            clock: None,
            seats: plans,
            name: Some("stranger".into()),
            level: Some(level.into()),
        },
    )
    .await;
    let Reply::Created { code, seats, .. } = created else {
        panic!("{} not created: {created:?}", game.id())
    };
    let mut player = Player::new(client, seats, fresh(&code, game, &[]), 5);
    player.pump().await;
    assert_eq!(
        player.mirror.listing().level.as_deref(),
        Some(level),
        "the listing names the computer's level"
    );
    player
}

fn game_seats(game: GameId) -> usize {
    doska::rules::Position::new(game, &[])
        .unwrap()
        .seats()
        .seat_count()
}

/// Reads until `done` holds of the player's copy of the match.
async fn until(player: &mut Player, done: impl Fn(&doska::rules::Match) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(player.mirror.current()) {
        assert!(Instant::now() < deadline, "waited too long");
        player.pump().await;
    }
}

/// Asks for a takeback (granted at once against the computer) and reads until the
/// match is back to `actions` actions.
async fn take_back(player: &mut Player, actions: usize) {
    let id = player.client.id();
    let code = player.code.clone();
    let asked = player.answer(Request::Takeback { id, code }).await;
    assert!(matches!(asked, Reply::Ack { .. }), "{asked:?}");
    until(player, |m| m.actions().len() == actions).await;
}

/// A reload, or a second tab, that sends its first move under an id the seat already
/// used is refused with `id-reused`, not answered with the old move's event; the same
/// action sent again under its id is still recognised.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_used_id_with_another_action_is_refused_not_swallowed() {
    let data = Data::new("reused");
    let server = Server::start(&data.0);
    let (mut white, mut black) = chess_pair(&server, None).await;
    let n = white.act_as(1, "e4").await.unwrap();
    assert_eq!(
        white.act_as(1, "e4").await,
        Ok(n),
        "a resend is the same action"
    );
    black.act_as(1, "e5").await.unwrap();
    assert_eq!(
        white.act_as(1, "Nf3").await,
        Err("id-reused".to_string()),
        "a new move under a used id"
    );
    assert_eq!(white.mirror.current().actions().len(), 2);
    white.act_as(2, "Nf3").await.unwrap();
    assert_eq!(white.mirror.current().actions().len(), 3);
}

/// Dice chess against the computer: a takeback gives back the player's move with the
/// computer's roll and reply (never the roll alone, which stranded the match), and the
/// dice after the same move played again are drawn anew, so a takeback previews
/// nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_in_dice_chess_draws_the_dice_anew() {
    let data = Data::new("dice-takeback");
    let server = Server::start(&data.0);
    let mut player = against_computers(&server, GameId::DiceChess, "easy").await;
    // White on move with a piece to move: not a roll awaited, nor a pass the server
    // is about to play.
    let mine = |m: &doska::rules::Match| {
        let position = m.position();
        let forced_pass = matches!(
            position.legal_moves().as_slice(),
            [only] if position.is_pass(only)
        );
        m.outcome().is_none()
            && m.roll().is_none()
            && position.seats().seat_to_move() == 0
            && !forced_pass
    };
    until(&mut player, mine).await;
    let start = player.mirror.current().actions().len();
    let moved = player
        .choose(usize::MAX)
        .expect("a move for the rolled piece");
    let mut rolls = BTreeSet::new();
    for _ in 0..8 {
        if let Err(e) = player.act(&moved).await {
            let m = player.mirror.current();
            let record: Vec<String> = (0..m.actions().len()).map(|i| m.notation(i)).collect();
            panic!("{moved} refused ({e}) after {record:?}");
        }
        // The computer's roll, its reply (or its pass), and the player's next roll.
        until(&mut player, |m| {
            m.outcome().is_some() || (m.actions().len() > start + 2 && mine(m))
        })
        .await;
        rolls.insert(player.mirror.current().notation(start + 1));
        take_back(&mut player, start).await;
        assert!(mine(player.mirror.current()), "the player's roll stands");
    }
    assert!(
        rolls.len() > 1,
        "the computer's roll after {moved} was {rolls:?} every time"
    );
    // Not stranded: the match goes on after the last takeback.
    player.act(&moved).await.unwrap();
    until(&mut player, |m| m.actions().len() > start + 2).await;
}

/// Chapayev against the computer: a shot made again after a takeback gets new luck.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_in_chapayev_draws_the_luck_anew() {
    let data = Data::new("luck-takeback");
    let server = Server::start(&data.0);
    let mut player = against_computers(&server, GameId::Chapayev, "easy").await;
    let mine = |m: &doska::rules::Match| {
        m.outcome().is_none() && m.roll().is_none() && m.position().seats().seat_to_move() == 0
    };
    until(&mut player, mine).await;
    let start = player.mirror.current().actions().len();
    let shot = player.choose(usize::MAX).expect("a shot");
    let mut luck = BTreeSet::new();
    for _ in 0..4 {
        player.act(&shot).await.unwrap();
        let made = player.mirror.current().notation(start);
        luck.insert(made.split(" luck=").nth(1).unwrap_or_default().to_string());
        take_back(&mut player, start).await;
    }
    assert!(
        luck.len() > 1,
        "{shot} got the same luck every time: {luck:?}"
    );
}

/// Dice chess: where no piece of the rolled kind can move, the server passes for the
/// player by itself. At the start only pawns and knights move, so most first rolls
/// pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_passes_where_the_rolled_piece_cannot_move() {
    let data = Data::new("dice-pass");
    let server = Server::start(&data.0);
    for _ in 0..30 {
        let mut client = server.client().await;
        let id = client.id();
        let Reply::Created { code, .. } = request(
            &mut client,
            Request::Create {
                id,
                game: "dice-chess".into(),
                options: BTreeMap::new(),
                clock: None,
                seats: vec![SeatPlan::Me, SeatPlan::Open],
                name: None,
                level: None,
            },
        )
        .await
        else {
            panic!("not created")
        };
        let mut watcher = server.client().await;
        let Reply::Snapshot { events, .. } = watch(&mut watcher, &code).await else {
            unreachable!()
        };
        let actions: Vec<(String, bool)> = events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Action { action, chance, .. } => Some((action.clone(), *chance)),
                _ => None,
            })
            .collect();
        if let Some(pass) = actions.iter().position(|(a, _)| a == "--") {
            assert!(
                pass > 0 && actions[pass - 1].1,
                "a pass after a roll: {actions:?}"
            );
            // The next player's roll follows the pass at once.
            assert!(
                actions.get(pass + 1).is_some_and(|(_, chance)| *chance),
                "{actions:?}"
            );
            return;
        }
    }
    panic!("thirty first rolls and never a pass by the server");
}

/// Chess for three against two computers: once the person resigns, the computers end
/// the match between them in a few actions rather than play on at full speed for
/// nobody, the result is there for the person, and the address may start another
/// such match as often as it likes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_chess_for_three_ends_between_the_computers() {
    let data = Data::new("tri-resign");
    let server = Server::start(&data.0);
    for _ in 0..6 {
        let mut player = against_computers(&server, GameId::TriChess, "easy").await;
        until(&mut player, |m| m.position().seats().seat_to_move() == 0).await;
        player.act("resign").await.unwrap();
        let resigned = player.mirror.current().actions().len();
        until(&mut player, |m| m.outcome().is_some()).await;
        let after = player.mirror.current().actions().len() - resigned;
        assert!(
            after <= 6,
            "the computers played {after} actions after the resignation"
        );
        let outcome = player.mirror.current().outcome().unwrap();
        assert_eq!(outcome.winner, None, "{outcome:?}");
    }
}

/// A rematch against the computer counts for the address that asked for it, as a
/// match it made: after a rematch left unplayed, three new matches against the
/// computer reach the address's four, where before a rematch counted for nobody.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_counts_for_its_address() {
    let data = Data::new("rematch-limit");
    let server = Server::start(&data.0);
    let mut player = against_computers(&server, GameId::Chess, "easy").await;
    player.act("resign").await.unwrap();
    let id = player.client.id();
    let code = player.code.clone();
    let asked = player.answer(Request::Rematch { id, code }).await;
    // Acknowledged once the rematch is made and stored.
    assert!(matches!(asked, Reply::Ack { .. }), "{asked:?}");
    let mut made = 0;
    let mut client = server.client().await;
    loop {
        let id = client.id();
        let reply = request(
            &mut client,
            Request::Create {
                id,
                game: "chess".into(),
                options: BTreeMap::new(),
                clock: None,
                seats: vec![SeatPlan::Me, SeatPlan::Computer],
                name: None,
                level: Some("easy".into()),
            },
        )
        .await;
        match reply {
            Reply::Created { .. } => made += 1,
            Reply::Error { error, .. } if error == "computer-limit" => break,
            other => panic!("{other:?}"),
        }
        assert!(made < 10, "no limit on matches against the computer");
    }
    assert_eq!(made, 3, "the rematch counts as one of the four");
}

/// A finished match that nobody follows leaves memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_leaves_memory() {
    let data = Data::new("leaves");
    let server = Server::start(&data.0);
    let mut player = against_computers(&server, GameId::Chess, "easy").await;
    player.act("resign").await.unwrap();
    assert_eq!(in_memory(&server).await, 1);
    drop(player);
    let deadline = Instant::now() + PATIENCE;
    while in_memory(&server).await > 0 {
        assert!(
            Instant::now() < deadline,
            "the finished match is still in memory"
        );
        sleep(Duration::from_millis(200)).await;
    }
}

/// Bughouse against three computers: the other board's computers play at a person's
/// pace, not at the machine's, so the person can play a game against them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bughouse_computers_play_at_a_person_s_pace() {
    let data = Data::new("bughouse-pace");
    let server = Server::start(&data.0);
    let mut player = against_computers(&server, GameId::Bughouse, "normal").await;
    let mut times = Vec::new();
    let deadline = Instant::now() + PATIENCE;
    while times.len() < 4 {
        assert!(Instant::now() < deadline, "the computers did not play");
        if let Reply::Event {
            event:
                Event {
                    at,
                    kind: EventKind::Action { seat, .. },
                    ..
                },
            ..
        } = player.pump().await
            && seat != 0
        {
            times.push(at);
        }
    }
    for pair in times.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(gap >= 2_500, "two computer moves {gap} ms apart: {times:?}");
    }
}

/// `why` about a move the seat may make says that it may; a binary frame is closed
/// with 1003 and a message far past the limit with 1009; an id written `7.0` is named
/// in its refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn legal_moves_binary_frames_and_float_ids() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let data = Data::new("odd");
    let server = Server::start(&data.0);
    let (mut white, _black) = chess_pair(&server, None).await;
    let id = white.client.id();
    let code = white.code.clone();
    white
        .client
        .send(&Request::Why {
            id,
            code,
            from: 12,
            to: Some(28),
        })
        .await
        .unwrap();
    let text = white
        .until(|r| match r {
            Reply::Why { text, .. } => Some(text.clone()),
            _ => None,
        })
        .await;
    assert!(text.contains("legal"), "e2-e4 asked why: {text}");
    let mut client = server.client().await;
    client
        .send_text(r#"{"type":"ping","id":7.0,"extra":1}"#.into())
        .await
        .unwrap();
    let reply = client.next().await.unwrap();
    assert!(
        matches!(reply, Reply::Error { id: Some(7), .. }),
        "{reply:?}"
    );
    let (mut binary, _) = tokio_tungstenite::connect_async(&server.url).await.unwrap();
    binary
        .send(Message::Binary(vec![1u8, 2, 3].into()))
        .await
        .unwrap();
    let (_, code) = super::until_close_frame(&mut binary).await;
    assert_eq!(code, 1003);
    let (mut huge, _) = tokio_tungstenite::connect_async(&server.url).await.unwrap();
    let text = format!(
        r#"{{"type":"ping","id":1,"pad":"{}"}}"#,
        "x".repeat(300 * 1024)
    );
    let _ = huge.send(Message::text(text)).await;
    let (_, code) = super::until_close_frame(&mut huge).await;
    assert_eq!(code, 1009);
}

/// A server told to stop (SIGTERM) keeps answering on its port while it hands its
/// matches over and closes its connections: `/health` on a new connection, as a
/// proxy's checks ask it, says 503, where the port was closed at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_answers_its_health_check_with_503() {
    let data = Data::new("draining");
    let server = Server::start(&data.0);
    let address = server.address();
    // A WebSocket that never reads keeps the drain open for the seconds the server
    // gives a peer to answer its close.
    let deaf = deaf_socket(&address).await;
    // Its connection counted before the signal.
    let connections = || async {
        metric(&server, "doska_connections")
            .await
            .expect("/metrics counts the connections")
    };
    while connections().await == 0 {
        sleep(Duration::from_millis(20)).await;
    }
    server.signal("TERM");
    let deadline = Instant::now() + PATIENCE;
    loop {
        assert!(
            Instant::now() < deadline,
            "the server never said it was going"
        );
        let Ok(_) = tokio::net::TcpStream::connect(&address).await else {
            panic!("the port was closed before the drain ended");
        };
        let (status, _) = get(&server, "/health").await;
        if status.contains("503") {
            break;
        }
        assert!(status.contains("200"), "{status}");
        sleep(Duration::from_millis(10)).await;
    }
    drop(deaf);
}

/// A client coming back is told the clocks as the server reads them then, and its copy
/// of the match shows them: the time since the last action is not given back on its
/// screen until the next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_coming_back_reads_the_clocks_as_they_are_now() {
    let data = Data::new("clocks-now");
    let server = Server::start(&data.0);
    let (mut white, mut black) = chess_pair(&server, Some("blitz-5")).await;
    white.act("e4").await.unwrap();
    black.act("e5").await.unwrap();
    let at_e5 = black.mirror.current().clock().unwrap().seats[0].left;
    // White thinks: time the server will have charged when asked.
    let thinking = Duration::from_millis(300);
    sleep(thinking).await;
    let mut back = server.client().await;
    let snapshot = watch(&mut back, &white.code).await;
    let Reply::Snapshot {
        clocks: Some(clocks),
        ..
    } = &snapshot
    else {
        panic!("a snapshot without the clocks: {snapshot:?}")
    };
    assert!(
        clocks[0] + thinking.as_millis() as u64 <= at_e5,
        "White's clock read {} after 300 ms on move, {at_e5} at e5",
        clocks[0]
    );
    let mut mirror = fresh(&white.code, GameId::Chess, &[]);
    mirror.take(&snapshot).unwrap();
    assert_eq!(mirror.current().clock().unwrap().seats[0].left, clocks[0]);
}
