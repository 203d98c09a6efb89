//! Translations of every user-visible string (English, Russian, Ukrainian), kept in
//! Fluent files under `locales/` and compiled into the binary.

use crate::rules::error::{Detail, RuleError};
use crate::rules::wording;
use crate::rules::{Error, Position, Word};
use fluent_templates::{LanguageIdentifier, Loader, static_loader};
use std::sync::OnceLock;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // egui shows Unicode isolation marks as boxes.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the interface speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Language {
    #[default]
    English,
    Russian,
    Ukrainian,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::Russian, Language::Ukrainian];

    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
            Language::Ukrainian => "uk",
        }
    }

    /// Reads what [`Language::code`] writes.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language's name in itself, for the menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
            Language::Ukrainian => "Українська",
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        static IDS: OnceLock<[LanguageIdentifier; 3]> = OnceLock::new();
        let ids = IDS.get_or_init(|| {
            Language::ALL.map(|l| l.code().parse().expect("language codes are valid"))
        });
        &ids[self as usize]
    }

    /// Whether `key` has a text.
    pub fn has(self, key: &str) -> bool {
        LOCALES.try_lookup(self.id(), key).is_some()
    }

    /// The text for `key`; a missing key shows itself, so it is noticed and never panics.
    pub fn t(self, key: &str) -> String {
        LOCALES
            .try_lookup(self.id(), key)
            .unwrap_or_else(|| key.to_string())
    }

    /// The text for `key` with named arguments.
    pub fn t_args(self, key: &str, args: &[(&str, String)]) -> String {
        let map: std::collections::HashMap<
            std::borrow::Cow<'static, str>,
            fluent_templates::fluent_bundle::FluentValue,
        > = args
            .iter()
            .map(|(k, v)| (std::borrow::Cow::Owned(k.to_string()), v.clone().into()))
            .collect();
        LOCALES
            .try_lookup_with_args(self.id(), key, &map)
            .unwrap_or_else(|| key.to_string())
    }

    /// A parser's detail in this language.
    pub fn detail(self, d: &Detail) -> String {
        self.t_args(d.key, &d.words)
    }

    /// A sentence of the rules (a refusal, a remark, a decision's name) in this
    /// language, its squares named as `position`'s board names them.
    pub fn say(self, key: &str, words: &[(&'static str, Word)], position: &Position) -> String {
        let words = wording::arguments(words, position, |key| self.has(key).then(|| self.t(key)));
        self.t_args(key, &words)
    }

    /// What the rules refused, in this language: the sentence is translated, and where
    /// the refusal carries details read from a file or typed by the player (a position,
    /// a move), they are quoted as they came.
    pub fn error(self, e: &Error) -> String {
        match e {
            Error::UnknownGame { id, known } => self.t_args(
                "error-unknown-game",
                &[("id", id.clone()), ("known", known.clone())],
            ),
            Error::HouseRule(RuleError::Unknown { id, known }) => self.t_args(
                "error-unknown-rule",
                &[("id", id.clone()), ("known", known.clone())],
            ),
            Error::HouseRule(RuleError::Value { id, value, allowed }) => {
                let rule = format!("opt-{id}");
                let rule = if self.has(&rule) {
                    self.t(&rule)
                } else {
                    id.to_string()
                };
                self.t_args(
                    "error-rule-value",
                    &[
                        ("rule", rule),
                        ("value", value.clone()),
                        ("allowed", allowed.clone()),
                    ],
                )
            }
            Error::Illegal(why) => self.t(why.key()),
            Error::GameOver(reason) => self.t_args(
                "error-game-over",
                &[("reason", self.t(&format!("reason-{reason}")))],
            ),
            Error::SetUp(detail) => self.t_args("error-set-up", &[("detail", self.detail(detail))]),
            Error::Notation(detail) => {
                self.t_args("error-notation", &[("detail", self.detail(detail))])
            }
            Error::SavedGame(detail) => {
                self.t_args("error-saved-game", &[("detail", self.detail(detail))])
            }
            Error::SavedAction { n, text, reason } => self.t_args(
                "error-saved-action",
                &[
                    ("n", n.to_string()),
                    ("text", text.clone()),
                    ("reason", self.error(reason)),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::error::Illegal;
    use crate::rules::options::SWITCH;
    use crate::rules::pages::SECTIONS;
    use crate::rules::{GameId, Reason};

    /// The keys named literally in the app's source: `t("key")`, `t_args("key", ...)`
    /// and the message keys the session hands to the panel.
    fn literal_keys() -> Vec<String> {
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir)
                .expect("the source is there")
                .flatten()
            {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs")
                    // This file names keys only to explain them.
                    && !path.ends_with("i18n.rs")
                {
                    out.push(std::fs::read_to_string(&path).expect("source is text"));
                }
            }
        }
        let mut sources = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut sources,
        );
        let mut keys = Vec::new();
        for source in &sources {
            for (i, _) in source.match_indices('"') {
                let before = source[..i].trim_end();
                let rest = &source[i + 1..];
                let Some(end) = rest.find('"') else { continue };
                let literal = &rest[..end];
                let called = before.ends_with(".t(") || before.ends_with("t_args(");
                let message = ["msg-", "warn-", "detail-"]
                    .iter()
                    .any(|p| literal.starts_with(p));
                let key_like = !literal.is_empty()
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if (called || message) && key_like {
                    keys.push(literal.to_string());
                }
            }
        }
        keys.sort();
        keys.dedup();
        keys
    }

    /// The keys each game's name, description, house rules and refusals use, and the
    /// reasons of results.
    fn game_keys() -> Vec<String> {
        let mut keys = Vec::new();
        for &game in GameId::ALL {
            keys.push(format!("game-{}", game.id()));
            keys.push(format!("game-{}-about", game.id()));
            let unit = game.score_unit();
            keys.extend([unit.key, unit.win_key].map(String::from));
            keys.extend(game.refusals().into_iter().map(String::from));
            keys.extend(SECTIONS.iter().map(|s| game.section_key(s)));
            for spec in game.option_specs() {
                keys.push(format!("opt-{}", spec.id));
                keys.push(format!("opt-{}-help", spec.id));
                if spec.values != SWITCH {
                    keys.extend(spec.values.iter().map(|v| format!("opt-{}-{v}", spec.id)));
                }
            }
        }
        keys.extend(Reason::ALL.iter().map(|r| format!("reason-{}", r.id())));
        keys.extend(Illegal::ALL.iter().map(|i| i.key().to_string()));
        use crate::engine::review::Mark;
        let marks = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];
        keys.extend(marks.map(|m| m.key().to_string()));
        keys
    }

    #[test]
    fn refusals_of_the_rules_are_said_in_each_language() {
        let rule = Error::HouseRule(RuleError::Value {
            id: "home_exit_limit",
            value: "x".into(),
            allowed: "0, 40 or a number from 0 to 1000".into(),
        });
        assert_eq!(
            Language::English.error(&rule),
            "Leave home by Black's move takes 0, 40 or a number from 0 to 1000, not 'x'"
        );
        let over = Error::GameOver("checkmate");
        for lang in Language::ALL {
            for e in [
                &rule,
                &over,
                &Error::Illegal(crate::rules::error::Illegal::Move),
            ] {
                let text = lang.error(e);
                assert!(!text.starts_with("error-"), "{lang:?}: {text}");
            }
        }
        assert!(Language::Russian.error(&over).contains("мат"));
    }

    /// A parser's reason reads in the player's language, with its words in place.
    #[test]
    fn a_parsers_detail_is_translated() {
        let e = crate::rules::Position::set_up(GameId::Chess, &[], "8/8/8/8/8/8/8 w - - 0 1")
            .unwrap_err();
        let english = Language::English.error(&e);
        let russian = Language::Russian.error(&e);
        let ukrainian = Language::Ukrainian.error(&e);
        assert!(english.ends_with("the FEN has 7 ranks, not 8"), "{english}");
        assert!(russian.contains("горизонталей: 7, а не 8"), "{russian}");
        assert!(ukrainian.contains("горизонталей: 7, а не 8"), "{ukrainian}");
        let one = crate::rules::Position::set_up(GameId::Chess, &[], "8/8/8/8/8/8/8/K7 w - - 0 1")
            .unwrap_err();
        let russian = Language::Russian.error(&one);
        assert!(
            russian.contains("у чёрных должен быть ровно один король"),
            "{russian}"
        );
    }

    #[test]
    fn every_key_is_translated_into_every_language() {
        let literal = literal_keys();
        assert!(
            literal.len() > 50,
            "the scan finds the app's keys: {}",
            literal.len()
        );
        let mut missing = Vec::new();
        for lang in Language::ALL {
            // The message ids each file defines (`key = ...` at the start of a line).
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("locales")
                .join(lang.code())
                .join("main.ftl");
            let text = std::fs::read_to_string(file).expect("every language has its file");
            let ids: Vec<&str> = text
                .lines()
                .filter_map(|l| l.split_once(" =").map(|(k, _)| k))
                .filter(|k| !k.starts_with([' ', '#']))
                .collect();
            let defined: std::collections::HashSet<&str> = ids.iter().copied().collect();
            // A key defined twice stops the translations from loading at all.
            for id in &ids {
                if ids.iter().filter(|other| *other == id).count() > 1 {
                    missing.push(format!("{}: {id} is defined twice", lang.code()));
                }
            }
            for key in literal.iter().chain(&game_keys()) {
                if !defined.contains(key.as_str()) {
                    missing.push(format!("{}: {key}", lang.code()));
                }
            }
            // Each piece on a rules page has its game's paragraph or the shared one.
            for &game in GameId::ALL {
                for &kind in game.piece_kinds() {
                    let keys = game.piece_keys(kind);
                    if !keys.iter().any(|k| defined.contains(k.as_str())) {
                        missing.push(format!("{}: {}", lang.code(), keys.join(" or ")));
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "missing translations:\n{}",
            missing.join("\n")
        );
    }

    /// A game without check has its own paragraph for its king, never chess's, which
    /// says a king may never stand in check; and that paragraph says no such thing.
    #[test]
    fn no_rules_page_without_check_says_a_king_cannot_stand_in_check() {
        use crate::rules::Position;
        use crate::rules::view::PieceKind;
        for &game in GameId::ALL {
            let start = Position::new(game, &[]).unwrap();
            if start.has_check() || !game.piece_kinds().contains(&PieceKind::King) {
                continue;
            }
            let [own, shared] = game.piece_keys(PieceKind::King);
            for lang in [Language::English, Language::Russian, Language::Ukrainian] {
                let text = lang.t(&own);
                assert_ne!(text, own, "{}: {own} is missing", lang.code());
                assert_ne!(text, lang.t(&shared), "{}: {own}", lang.code());
            }
            let text = Language::English.t(&own);
            for claim in ["may never stand attacked", "may never be left in check"] {
                assert!(!text.contains(claim), "{}: {text}", game.id());
            }
        }
    }
}
