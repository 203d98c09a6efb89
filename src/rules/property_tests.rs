//! Random games in every game: nothing panics, every generated action plays, notation
//! and save files round-trip, and undo restores the exact state.

use super::history::{Action, Match, parse_action};
use super::record::SavedGame;
use super::{GameId, Position};
use proptest::prelude::*;

/// Plays up to `choices.len()` actions, each picked among the legal ones by a number.
fn random_match(game: GameId, team: bool, choices: &[usize]) -> Match {
    let rules = match game {
        GameId::ZShashmaty if team => vec![("team_game".to_string(), "on".to_string())],
        _ => Vec::new(),
    };
    let mut m = Match::new(Position::new(game, &rules).expect("valid rules"));
    for &c in choices {
        // Draw offers and resignation end or clutter games; keep them rare.
        let actions: Vec<Action> = m
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Play(_)) || c % 97 == 0)
            .collect();
        if actions.is_empty() {
            break;
        }
        let a = actions[c % actions.len()];
        let before = m.clone();
        m.play(a).expect("a legal action plays");
        assert!(m.can_undo());
        let mut undone = m.clone();
        undone.undo();
        assert_eq!(undone.state(), before.state(), "undo restores the state");
    }
    m
}

/// Every game of the registry, and Z-shashmaty's team game besides; all but
/// Chapayev, whose shots are aimed and struck rather than chosen from a list (its own
/// tests replay and vary them).
fn games() -> impl Strategy<Value = (GameId, bool)> {
    let mut games: Vec<(GameId, bool)> = GameId::ALL
        .iter()
        .filter(|&&g| g != GameId::Chapayev)
        .map(|&g| (g, false))
        .collect();
    games.push((GameId::ZShashmaty, true));
    prop::sample::select(games)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_play_and_round_trip((game, team) in games(), choices in prop::collection::vec(0usize..10_000, 0..120)) {
        let m = random_match(game, team, &choices);
        for (i, action) in m.actions().iter().enumerate() {
            let text = m.notation(i);
            let before = &m.state_before(i).position;
            let read = parse_action(before, &text);
            prop_assert_eq!(read.as_ref(), Ok(action), "{}", text);
        }
        let saved = SavedGame::from_match(&m, &["a".into(), "b".into()]);
        let back = SavedGame::from_ron(&saved.to_ron()).expect("our own save file reads");
        prop_assert_eq!(&back, &saved);
        prop_assert_eq!(back.to_match().expect("our own save file replays"), m);
    }

    /// Bughouse's pieces are only ever passed on: every one of the 64 is on a board
    /// or in a reserve, whatever happens.
    #[test]
    fn bughouse_conserves_its_pieces(choices in prop::collection::vec(0usize..10_000, 0..200)) {
        let m = random_match(GameId::Bughouse, false, &choices);
        let Position::Bughouse(g) = m.position() else { unreachable!() };
        let held: u32 = g
            .boards
            .iter()
            .flat_map(|b| b.reserve.iter().flatten())
            .map(|&n| u32::from(n))
            .sum();
        let on_boards = m.position().pieces().len() as u32;
        prop_assert_eq!(on_boards + held, 64);
        // The promoted marks stand on pieces, never on empty squares.
        for (b, marks) in g.promoted.iter().enumerate() {
            prop_assert_eq!(marks & !g.boards[b].position.board.occupied(), 0);
        }
    }

    #[test]
    fn garbage_never_panics(text in "\\PC{0,40}") {
        for &game in GameId::ALL {
            let m = Match::new(Position::new(game, &[]).unwrap());
            let _ = m.position().parse_move(&text);
            let _ = super::record::replay(game, &text, &[]);
            let _ = SavedGame::from_ron(&text);
        }
    }
}

/// Plays random actions until the game ends, or gives up after `bound` plies.
fn plays_to_an_end(game: GameId, seed: u64, bound: usize) -> bool {
    let mut state = seed;
    let mut m = Match::new(Position::new(game, &[]).unwrap());
    for _ in 0..bound {
        if m.outcome().is_some() {
            return true;
        }
        let moves = m.position().legal_moves();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = moves[(state >> 33) as usize % moves.len()];
        m.play(Action::Play(pick)).expect("a legal move plays");
    }
    m.outcome().is_some()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Reversi fills the board, Corners has its move limits, Epsilon-64 its repetition
    /// rule, and where kings are taken a random king soon is: random games always end.
    #[test]
    fn random_games_end(seed in any::<u64>()) {
        prop_assert!(plays_to_an_end(GameId::Reversi, seed, 140));
        prop_assert!(plays_to_an_end(GameId::DoubleMove, seed, 3_000));
        prop_assert!(plays_to_an_end(GameId::DiceChess, seed, 20_000));
        prop_assert!(plays_to_an_end(GameId::EveryoneMoves, seed, 3_000));
        prop_assert!(plays_to_an_end(GameId::Corners, seed, 170));
        prop_assert!(plays_to_an_end(GameId::Epsilon, seed, 20_000));
    }
}
