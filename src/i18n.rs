//! Translations of every user-visible string (English, Russian, Ukrainian), kept in
//! Fluent files under `locales/` and compiled into the binary.

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
}
