//! House rules: typed per game, described by a table of ids and values that the menu,
//! the command line and the save files share.

/// One house rule as the spec's table names it.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub id: &'static str,
    /// The values in the order the menu shows them; the first is not necessarily the default.
    pub values: &'static [&'static str],
    /// The value a new game starts with. The menu labels the rule `opt-<id>` and each
    /// value `opt-<id>-<value>` (switches show a checkbox); a test checks this table
    /// against the options struct's `Default`, `get` and `set`.
    pub default: &'static str,
}

/// A per-game options struct that can be read and set by id.
pub trait HouseRules: Default + Clone + PartialEq + std::fmt::Debug {
    fn specs() -> &'static [OptionSpec];
    fn get(&self, id: &str) -> Option<&'static str>;
    /// Sets a rule, or says why the id or the value is not known.
    fn set(&mut self, id: &str, value: &str) -> Result<(), String>;

    /// The rules that differ from the defaults, as `id=value` pairs.
    fn non_default(&self) -> Vec<(&'static str, &'static str)> {
        let default = Self::default();
        Self::specs()
            .iter()
            .filter_map(|s| {
                let v = self.get(s.id)?;
                (default.get(s.id) != Some(v)).then_some((s.id, v))
            })
            .collect()
    }
}

/// Parses an on/off switch.
pub fn parse_switch(id: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(format!("{id} takes on or off, not '{value}'")),
    }
}

pub fn switch(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

pub const SWITCH: &[&str] = &["on", "off"];

pub fn unknown(id: &str) -> String {
    format!("'{id}' is not a house rule of this game")
}
