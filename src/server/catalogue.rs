//! The answer to `games`: what a client needs to offer each game without knowing its
//! rules, read from the same tables the app's setup and the rules engine use.

use crate::i18n::Language;
use crate::protocol::{ClockInfo, GameInfo, Reply, RuleInfo};
use crate::rules::clock::TimeControl;
use crate::rules::{Action, GameId, Match, Position};

/// How many legal actions each game gives as examples of its notation.
const EXAMPLES: usize = 3;

/// Every game's seats, house rules, clocks and examples, and every clock preset.
pub fn games(id: u64, lang: Language) -> Reply {
    Reply::Games {
        id,
        games: GameId::ALL.iter().map(|&g| game(g, lang)).collect(),
        clocks: TimeControl::PRESETS
            .iter()
            .map(|(id, control)| ClockInfo {
                id: id.to_string(),
                control: control.spelt(),
            })
            .collect(),
    }
}

fn game(game: GameId, lang: Language) -> GameInfo {
    let card = game.card();
    let start = Position::new(game, &[]).expect("every game starts with its default rules");
    let seats = (0..start.seats().seat_count())
        .map(|seat| match card.seats_by_place {
            Some(name) => lang.t(&format!("seat-{name}-{seat}")),
            None => lang.t(start.seats().seat_side(seat).key()),
        })
        .collect();
    GameInfo {
        id: game.id().to_string(),
        seats,
        options: game
            .option_specs()
            .iter()
            .map(|spec| RuleInfo {
                id: spec.id.to_string(),
                values: spec
                    .values
                    .iter()
                    .filter(|v| super::setup::served(spec.id, v))
                    .map(|v| v.to_string())
                    .collect(),
                default: spec.default.to_string(),
                numbers: spec.numbers.map(|(least, most)| [least, most]),
            })
            .collect(),
        clocks: card.clocks.iter().map(|c| c.to_string()).collect(),
        examples: examples(start),
    }
}

/// The first legal actions once the server has drawn what it draws at the start.
fn examples(start: Position) -> Vec<String> {
    let mut m = Match::new(start);
    while let Some(roll) = m.roll() {
        if m.play(roll).is_err() {
            break;
        }
    }
    m.legal_actions()
        .iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .take(EXAMPLES)
        .map(|a| crate::rules::history::action_notation(m.position(), a))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SeatPlan;
    use crate::server::setup::Settings;

    /// Every house rule's value that `games` offers makes a match the server takes,
    /// so a client that offers the list never offers a refusal.
    #[test]
    fn every_value_offered_is_taken() {
        let Reply::Games { games, .. } = games(1, Language::English) else {
            unreachable!()
        };
        for game in games {
            let plans = |n: usize| {
                let mut plans = vec![SeatPlan::Open; n];
                plans[0] = SeatPlan::Me;
                plans
            };
            for rule in &game.options {
                assert!(
                    rule.values.contains(&rule.default),
                    "{} {}",
                    game.id,
                    rule.id
                );
                for value in &rule.values {
                    let rules = [(rule.id.clone(), value.clone())];
                    let id = GameId::from_id(&game.id).unwrap();
                    // A house rule may change the seats (Z-shashmaty's game of teams).
                    let seats = Position::new(id, &rules)
                        .map_or(game.seats.len(), |p| p.seats().seat_count());
                    let read = Settings::read(&game.id, rules.into(), None, plans(seats), None);
                    assert!(read.is_ok(), "{} {}={value}: {read:?}", game.id, rule.id);
                }
            }
        }
    }
}
