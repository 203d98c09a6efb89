//! Clocks in the app: they run for the player to move, count the whole time between
//! frames, flag, and keep their reading through every way out of the app.

use super::*;

/// A headless chess match on a clock of `base` milliseconds each, its frames `frame`
/// apart on the wall clock (as they come where None).
fn chess_on_the_clock(base: u64, frame: Option<std::time::Duration>) -> App {
    chess_on_the_clock_with(base, frame, |_| {})
}

/// The same, with `more` added to the app (plugins, resources) before its first frame.
fn chess_on_the_clock_with(
    base: u64,
    frame: Option<std::time::Duration>,
    more: impl FnOnce(&mut App),
) -> App {
    use doska::rules::clock::TimeControl;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, SessionPlugin))
        .init_state::<Screen>();
    more(&mut app);
    if let Some(frame) = frame {
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(frame));
    }
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.choose_game(GameId::Chess);
        edit_draft(&mut session, |d| {
            d.time_control = TimeControl::SuddenDeath { base }
        });
    }
    app.world_mut().write_message(Command::NewMatch);
    app.update();
    app.update();
    app
}

/// The window's close button and a signal (through `quit::request`, which the signal
/// handler calls) each keep the time spent on the move in progress in the autosave,
/// as the menu's Quit does.
#[test]
fn every_way_out_keeps_the_running_clock() {
    use doska::folders::Folders;
    use doska::plugins::quit::{self, QuitPlugin};
    use doska::plugins::storage::{StoragePlugin, read_saved};
    let home = std::env::temp_dir().join(format!("doska-quit-{}", std::process::id()));
    let folders = Folders::under(&home);
    // The close button first: a signal's request stays for the rest of the process.
    for way in ["close", "signal"] {
        let seven_seconds = Some(std::time::Duration::from_secs(7));
        let mut app = chess_on_the_clock_with(300_000, seven_seconds, |app| {
            app.add_plugins((StoragePlugin, QuitPlugin))
                .insert_resource(folders.clone());
        });
        let e4 = session(&app).current().position().parse_move("e4").unwrap();
        app.world_mut()
            .write_message(Command::Act(Action::Play(e4)));
        app.update();
        let black = |m: &doska::rules::Match| m.clock().unwrap().seats[1].left;
        let saved_black = || {
            black(
                &read_saved(&folders.autosave_file())
                    .unwrap()
                    .to_match()
                    .unwrap(),
            )
        };
        let with_the_move = saved_black();
        // Black thinks; the autosave is not written again until the player leaves.
        app.update();
        app.update();
        assert!(black(session(&app).current()) < with_the_move, "{way}");
        assert_eq!(saved_black(), with_the_move, "{way}");
        match way {
            "close" => {
                app.world_mut()
                    .write_message(bevy::window::WindowCloseRequested {
                        window: Entity::PLACEHOLDER,
                    });
            }
            _ => quit::request(),
        }
        app.update();
        assert_eq!(
            saved_black(),
            black(session(&app).current()),
            "{way}: the reading as it stood"
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_clock_runs_for_the_player_to_move_and_its_flag_ends_the_game() {
    use doska::rules::clock::TimeControl;
    let mut app = chess_on_the_clock(400, None);
    let started = std::time::Instant::now();
    while session(&app).current().outcome().is_none() {
        assert!(started.elapsed().as_secs() < 3, "the flag never fell");
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.update();
    }
    assert_eq!(
        session(&app).current().outcome(),
        Some(doska::rules::Outcome::win(
            doska::rules::Side::Black,
            doska::rules::Reason::TimeForfeit
        ))
    );
    let saved = session(&app).saved();
    assert_eq!(saved.time_control, TimeControl::SuddenDeath { base: 400 });
}

/// A player may think for seconds between two frames: the clock counts all of that
/// time, not the quarter second at most that Bevy's game time counts.
#[test]
fn a_clock_counts_the_whole_time_between_two_frames() {
    let frame = std::time::Duration::from_millis(1500);
    let mut app = chess_on_the_clock(60_000, Some(frame));
    let left = |app: &App| session(app).current().clock().unwrap().seats[0].left;
    let before = left(&app);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(before - left(&app), 6000, "four frames 1.5 s apart");
}
