//! The command line: games, perft, replay, review, think and the rest, run as a user
//! runs them.

use super::*;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn command_line_games_perft_and_replay() {
    let out = doska().arg("games").output().unwrap();
    let ids: String = GameId::ALL
        .iter()
        .map(|g| format!("{}\n", g.id()))
        .collect();
    assert_eq!(String::from_utf8_lossy(&out.stdout), ids);
    let out = doska().args(["perft", "chess", "3"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "8902");
    assert!(String::from_utf8_lossy(&out.stderr).contains("positions/s"));
    let out = doska()
        .args(["perft", "z-shashmaty", "2", "--option", "pie_rule=off"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "81");

    // The packages' completions and manual page, from the command line's definition.
    let out = doska().args(["completions", "bash"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("complete -F _doska"));
    let out = doska().arg("manual").output().unwrap();
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.contains(".TH doska 6") && page.contains("serve"),
        "{page}"
    );

    let dir = std::env::temp_dir().join(format!("doska-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = write(
        &dir,
        "good.txt",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0",
    );
    let pgn = dir.join("good.pgn");
    let out = doska()
        .args(["replay", "chess"])
        .arg(&good)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Result: 1-0 (checkmate)"));
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]\n[Termination \"checkmate\"]\n\n1. e4 e5 2. Qh5"));
    assert!(pgn.trim_end().ends_with("4. Qxf7# 1-0"), "{pgn}");
    let bad = write(&dir, "bad.txt", "1. cd4 Kc5 2. Kh4 fe5 3. gf4");
    let out = doska()
        .args(["replay", "z-shashmaty"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("move 3. gf4: gf4 is not legal: a capture is compulsory")
    );
    let out = doska().args(["perft", "tri-chess", "2"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1936");
    let diplomacy = write(
        &dir,
        "tri.txt",
        "1. NWP2-WS3 1... BC6-BV12 1... RC1-RS2 2. NWS3:BV12 W>B servant? B: yes 2... BC1-BS2",
    );
    let out = doska()
        .args(["replay", "tri-chess"])
        .arg(&diplomacy)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shots = write(
        &dir,
        "chapayev.txt",
        "lot white=1 seed=5 1. flick W4 th=90.0000 s=0.2000 e=0.0000 2. flick B4 th=270.0000 s=0.2000 e=0.0000",
    );
    let out = doska()
        .args(["replay", "chapayev"])
        .arg(&shots)
        .arg("--log")
        .arg(dir.join("chapayev.log"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(dir.join("chapayev.log")).unwrap();
    assert!(
        written.starts_with("chapayev seed=5 white=1 options=-\nR1.1 "),
        "{written}"
    );
    let out = doska()
        .args(["replay", "chapayev"])
        .arg(dir.join("chapayev.log"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = doska().args(["perft", "checkers", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'checkers' is not a game"));
    let out = doska()
        .args(["perft", "chess", "1", "--option", "pie_rule=on"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a house rule"));
    // Kept only when an assertion above fails, to look at.
    let _ = std::fs::remove_dir_all(&dir);
}
