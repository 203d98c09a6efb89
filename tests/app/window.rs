//! A real window under X: a screenshot of every game, checked pixel by pixel, and the
//! panel of a short window scrolled.

use super::*;

/// Runs `doska` with `args` and `--out out` on `display`; a failure shows what the
/// command said.
fn shoot(display: &str, out: &Path, args: &[&str]) {
    let shot = doska()
        .args(args)
        .arg("--out")
        .arg(out)
        .env("DISPLAY", display)
        .output()
        .unwrap();
    assert!(
        shot.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&shot.stderr)
            .lines()
            .filter(|l| l.starts_with("doska:") || l.contains("Error"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The colour of the pixel at (x, y) of an RGB PNG.
fn pixel(path: &Path, x: usize, y: usize) -> [u8; 3] {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.line_size / info.width as usize;
    let i = y * info.line_size + x * channels;
    [buf[i], buf[i + 1], buf[i + 2]]
}

#[test]
fn each_game_opens_in_a_real_window() {
    let (d, xvfb) = display();
    let dir = std::env::temp_dir().join(format!("doska-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Every game, from the registry: its chooser showcase where it has one, else a
    // few moves that put something on its own furniture.
    for &id in GameId::ALL {
        let moves = match id {
            GameId::Bughouse => "1A. e4 1a. d5 2A. exd5 1B. d4",
            GameId::TriChess => "NWP2-WS3",
            GameId::Chapayev => "lot white=1 seed=5",
            _ => id.card().showcase,
        };
        let game = id.id();
        let out = dir.join(format!("{game}.png"));
        shoot(&d, &out, &["screenshot", game, "--moves", moves]);
        // The window is 1280x800 with a 300 px panel on the right: the board's a1 cell
        // (dark) sits at the lower left of the free area, h1 (light in chess) to its right.
        if id == GameId::Chapayev {
            // The board in 3D under the panels: a wooden square below the middle of the
            // free area, darker cloth at the window's lower corner.
            let board = pixel(&out, 450, 520);
            let cloth = pixel(&out, 20, 780);
            assert!(
                board[0] > 60 && board[0] > board[2],
                "{game}: wood, got {board:?}"
            );
            assert!(cloth[1] >= cloth[0], "{game}: green cloth, got {cloth:?}");
            // Between the d and e files the squares meet with no dark line.
            for x in 470..510 {
                let between = pixel(&out, x, 450);
                assert!(
                    between[0] > 60,
                    "{game}: a dark line at x={x} between d and e, got {between:?}"
                );
            }
            continue;
        }
        if id == GameId::TriChess {
            // The hexagon stands in the middle of the free area with White's corner
            // down: a triangle at the centre, the dark background left of the hexagon,
            // and Red's king in red on its throne, upper right.
            let centre = pixel(&out, 490, 430);
            let outside = pixel(&out, 60, 400);
            let red_king = pixel(&out, 752, 240);
            assert!(
                centre[0] > 120,
                "{game}: a triangle at the centre, got {centre:?}"
            );
            assert!(
                outside[0] < 60,
                "{game}: background outside, got {outside:?}"
            );
            assert!(
                red_king[0] > 150 && red_king[1] < 90,
                "{game}: Red's king is red, got {red_king:?}"
            );
            continue;
        }
        if id == GameId::Bughouse {
            // Two boards side by side, B turned half round: A's a1 at the lower left,
            // B's a1 at the upper right, both dark; A's b1 light.
            for (x, y) in [(36, 624), (945, 200)] {
                let a1 = pixel(&out, x, y);
                assert!(
                    a1[0] < 180 && a1[0] > 100,
                    "{game}: a1 at {x},{y} should be a dark square, got {a1:?}"
                );
            }
            let b1 = pixel(&out, 90, 624);
            assert!(b1[0] > 200, "{game}: b1 should be light, got {b1:?}");
            // Each board's letter in light ink above its upper right corner, on the
            // dark background.
            for (letter, cx, cy) in [("A", 436, 137), ("B", 921, 137)] {
                let inked = (cx - 15..cx + 15)
                    .flat_map(|x| (cy - 15..cy + 15).map(move |y| (x, y)))
                    .any(|(x, y)| pixel(&out, x, y)[0] > 200);
                assert!(inked, "{game}: no letter {letter} above its board");
            }
            continue;
        }
        let a1 = pixel(&out, 150, 700);
        // A board without dark squares is drawn as green cloth with lines.
        let topology = Position::new(id, &[]).unwrap().topology();
        if topology.cells.iter().all(|c| !c.dark) {
            assert!(
                a1[1] > a1[0] + 40,
                "{game}: a1 should be green cloth, got {a1:?}"
            );
        } else {
            assert!(
                a1[0] < 180 && a1[0] > 100,
                "{game}: a1 should be a dark square, got {a1:?}"
            );
        }
    }
    // A question opens centred on the board it is about, not in a corner of the
    // window: at the hexagon's centre lies the dialog's dark body, not a triangle.
    let out = dir.join("tri-chess-question.png");
    let offer = "NWP2-WS3 BC6-BV12 RC1-RS2 NWS3:BV12 W>B servant?";
    shoot(&d, &out, &["screenshot", "tri-chess", "--moves", offer]);
    let centre = pixel(&out, 490, 425);
    assert!(
        centre.iter().all(|&c| c < 40),
        "tri-chess: the question over the board's centre, got {centre:?}"
    );
    // Every screen survives a resize, small and large: Chapayev's 3D table drew into a
    // part of the window that no longer existed after shrinking, and the app quit.
    for (game, moves, size) in [
        ("chapayev", "lot white=1 seed=5", "400x300"),
        ("chapayev", "lot white=1 seed=5", "800x600"),
        ("chapayev", "lot white=1 seed=5", "1000x700"),
        ("chapayev", "lot white=1 seed=5", "1920x1080"),
        ("chess", "1. e4", "400x300"),
        ("tri-chess", "", "1920x1080"),
    ] {
        let out = dir.join(format!("{game}-{size}.png"));
        shoot(
            &d,
            &out,
            &["screenshot", game, "--moves", moves, "--size", size],
        );
    }
    // The position editor draws the game's board, and a table's, beside its panel.
    for (game, moves) in [
        ("chess", ""),
        ("bughouse", ""),
        ("chapayev", "lot white=1 seed=5"),
    ] {
        let out = dir.join(format!("{game}-editor.png"));
        shoot(&d, &out, &["screenshot", game, "--moves", moves, "--edit"]);
    }
    let a3 = pixel(&dir.join("chess-editor.png"), 174, 540);
    assert!(a3[0] < 180 && a3[0] > 100, "editor: a3 is dark, got {a3:?}");
    // A game studied: the bar beside the board, mostly Black's after White's queen
    // is lost, and the review's graph.
    let out = dir.join("chess-analysis.png");
    shoot(
        &d,
        &out,
        &[
            "screenshot",
            "chess",
            "--moves",
            "1. e4 d5 2. Qg4 Bxg4",
            "--review",
        ],
    );
    let (top, bottom) = (pixel(&out, 13, 60), pixel(&out, 13, 786));
    assert!(top[0] < 60, "the bar's top is Black's, got {top:?}");
    assert!(bottom[0] > 200, "the bar's foot is White's, got {bottom:?}");
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    // Kept only when an assertion above fails, to look at.
    let _ = std::fs::remove_dir_all(&dir);
}

/// The selection's colour in egui's dark theme: the move shown in the move list.
fn selected(p: [u8; 3]) -> bool {
    p == [0, 92, 128]
}

/// A window too short for its panel: the panel scrolls with the wheel to its foot,
/// where the move list keeps four lines, the earliest of them a click away. Chess for
/// three after twelve moves at 640x420: before, the panel was cut off under its
/// Diplomacy rows with a line and a half of moves, and did not scroll.
#[test]
fn a_short_window_scrolls_its_panel_to_the_move_list() {
    use super::x_client::X;
    use doska::rules::record::{SavedGame, replay};
    // Points of the window, as it draws them: the unfinished game's Resume button, at
    // 1280x800; at 640x420, the panel's empty background beside its heading, the
    // last move (selected) at the foot of the scrolled panel, and the fourth line up,
    // each a point of its label's left margin, off the text.
    const RESUME: (i16, i16) = (479, 426);
    const PANEL: (i16, i16) = (460, 200);
    const HEADING: (i16, i16) = (540, 60);
    const LAST: (i16, i16) = (459, 414);
    const FOURTH_LINE: (i16, i16) = (459, 346);
    let moves = "NWP2-WS3 BC10-BS10 RC9-RV15 NWS3-WP2 BC1-BS5 NRP2-RC9 WC10-WS10 \
                 BC2-BC1 NRC9-RP2 WC1-WS5 BC1-BC2 RC1-RS5";
    let played = replay(GameId::TriChess, moves, &[]).unwrap();
    let seats = ["White", "Black", "Red"].map(String::from);
    let home = std::env::temp_dir().join(format!("doska-short-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("data")).unwrap();
    std::fs::write(
        home.join("data").join("autosave.ron"),
        SavedGame::from_match(&played, &seats).to_ron(),
    )
    .unwrap();
    let (d, xvfb) = display();
    let _xvfb = xvfb.map(Reaped);
    let _app = window_app(&home, &d);
    let mut x = X::open(&d);
    // The unfinished game is offered: resumed. An egui button takes a click once it
    // has seen the pointer over it (lit from grey 60 to 70).
    x.until_pixel(RESUME, "the unfinished game offered", |p| p == [60; 3]);
    x.point(RESUME.0, RESUME.1);
    x.until_pixel(RESUME, "Resume under the pointer", |p| p == [70; 3]);
    x.press();
    x.until_pixel(RESUME, "the game resumed", |p| p != [70; 3]);
    assert!(x.resize_shown_window(640, 420), "no window shown");
    x.until_pixel(PANEL, "the panel at 640x420", |p| p == [27; 3]);
    x.point(HEADING.0, HEADING.1);
    for _ in 0..8 {
        x.wheel(true);
    }
    x.until_pixel(LAST, "the panel scrolled to the last move", selected);
    x.point(FOURTH_LINE.0, FOURTH_LINE.1);
    x.until_pixel(FOURTH_LINE, "a move under the pointer", |p| p[0] > 27);
    x.press();
    // Browsing puts "Back to the game" among the buttons, a row more above the list:
    // the move shown is looked for on every line but the last.
    x.until("the move clicked is shown", |x| {
        (FOURTH_LINE.1 - 30..LAST.1 - 15).any(|y| selected(x.pixel(FOURTH_LINE.0, y)))
    });
    let _ = std::fs::remove_dir_all(&home);
}

/// The CPU time a process has used so far, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command's name in brackets: user time is the 12th field, system the 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// An idle window draws nothing, with the keyboard's focus as without: the app on its
/// first screen, given the focus and left alone, spends no CPU time.
#[test]
fn an_idle_window_with_the_focus_draws_nothing() {
    use super::x_client::X;
    use std::time::{Duration, Instant};
    let (d, xvfb) = display();
    let _xvfb = xvfb.map(Reaped);
    let home = std::env::temp_dir().join(format!("doska-idle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let app = window_app(&home, &d);
    let mut x = X::open(&d);
    let started = Instant::now();
    while !x.focus_shown_window() {
        assert!(started.elapsed().as_secs() < 120, "no window shown");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Settled once its first frames are drawn: a second without any CPU time.
    loop {
        let before = cpu_ticks(app.0.id());
        std::thread::sleep(Duration::from_secs(1));
        if cpu_ticks(app.0.id()) == before {
            break;
        }
        assert!(started.elapsed().as_secs() < 120, "never settles");
    }
    let before = cpu_ticks(app.0.id());
    std::thread::sleep(Duration::from_secs(12));
    let spent = cpu_ticks(app.0.id()) - before;
    let _ = std::fs::remove_dir_all(&home);
    // A frame costs tens of ticks on a software renderer; a tick or two is the
    // process's own housekeeping.
    assert!(spent <= 2, "{spent} ticks in 12 s of idleness");
}

/// Without a Vulkan driver the app says what is missing and ends with an error, where
/// the renderer alone would panic with a backtrace.
#[test]
fn without_a_graphics_driver_the_app_says_so() {
    let (d, xvfb) = display();
    let out = std::env::temp_dir().join(format!("doska-no-gpu-{}.png", std::process::id()));
    let shot = doska()
        .args(["screenshot", "chess", "--out"])
        .arg(&out)
        .env("DISPLAY", &d)
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .output()
        .unwrap();
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    let said = String::from_utf8_lossy(&shot.stderr);
    assert_eq!(shot.status.code(), Some(1), "{said}");
    assert!(said.contains("doska: no graphics adapter found"), "{said}");
    assert!(!said.contains("panicked"), "{said}");
    assert!(!out.exists());
}
