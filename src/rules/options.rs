//! House rules: typed per game, described by a table of ids and values that the menu,
//! the command line and the save files share.
//!
//! A game declares its rules once, with [`house_rules!`]: each rule's id, field, type,
//! default and the values it takes by name. The macro writes the struct, its
//! `Default`, the menu's table and the reading and writing by id from that one
//! declaration, so the five can no longer disagree (a value the table lacks cannot be
//! set, and every value that can be set can be read back and saved).

use super::error::RuleError;

/// One house rule as the spec's table names it.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub id: &'static str,
    /// The values in the order the menu shows them; the first is not necessarily the default.
    pub values: &'static [&'static str],
    /// The value a new game starts with. The menu labels the rule `opt-<id>` and each
    /// value `opt-<id>-<value>` (switches show a checkbox).
    pub default: &'static str,
    /// Numbers the rule takes besides the named values, where it counts something
    /// (a move limit): the least and the most.
    pub numbers: Option<(u32, u32)>,
}

impl OptionSpec {
    /// Whether `value` is one this rule takes.
    pub fn takes(&self, value: &str) -> bool {
        self.values.contains(&value)
            || self.numbers.is_some_and(|(least, most)| {
                value
                    .parse::<u32>()
                    .is_ok_and(|n| (least..=most).contains(&n))
            })
    }
}

/// A per-game options struct that can be read and set by id.
pub trait HouseRules: Default + Clone + PartialEq + std::fmt::Debug {
    fn specs() -> &'static [OptionSpec];
    fn get(&self, id: &str) -> Option<String>;
    /// Sets a rule, or says which ids or values there are.
    fn set(&mut self, id: &str, value: &str) -> Result<(), RuleError>;

    /// The rules that differ from the defaults, as `id=value` pairs.
    fn non_default(&self) -> Vec<(&'static str, String)> {
        let default = Self::default();
        Self::specs()
            .iter()
            .filter_map(|s| {
                let v = self.get(s.id)?;
                (default.get(s.id).as_ref() != Some(&v)).then_some((s.id, v))
            })
            .collect()
    }
}

/// A type whose values a house rule names: an on/off switch, or a game's enum of
/// choices (declared with [`choices!`]).
pub trait Choice: Sized + PartialEq + 'static {
    /// Every value with its name, in the menu's order.
    const CHOICES: &'static [(&'static str, Self)];
    /// The names alone, in the same order.
    const NAMES: &'static [&'static str];
}

/// A switch is written on or off (a checkbox in the menu); the specs' yes and no, and
/// true and false, are read too.
impl Choice for bool {
    const CHOICES: &'static [(&'static str, bool)] = &[
        ("on", true),
        ("off", false),
        ("yes", true),
        ("no", false),
        ("true", true),
        ("false", false),
    ];
    const NAMES: &'static [&'static str] = SWITCH;
}

pub const SWITCH: &[&str] = &["on", "off"];

/// Names an enum's values for house rules, in the menu's order:
/// `choices!(DrawClaim { "auto" => DrawClaim::Auto, "claim" => DrawClaim::Claim });`
macro_rules! choices {
    ($ty:ty { $($name:literal => $value:expr),+ $(,)? }) => {
        impl $crate::rules::options::Choice for $ty {
            const CHOICES: &'static [(&'static str, Self)] = &[$(($name, $value)),+];
            const NAMES: &'static [&'static str] = &[$($name),+];
        }
    };
}
pub(crate) use choices;

/// Declares a game's house rules once:
///
/// ```text
/// house_rules! {
///     pub struct CornersOptions {
///         /// Black's move after which a checker still at home loses (0: never).
///         "home_exit_limit" home_exit_limit: u32 = "40" { "0" => 0, "40" => 40 } or 0..=1000,
///         "equalizing_move" equalizing_move: bool = "on",
///     }
/// }
/// ```
///
/// Each rule is its id, its field and type, its default by name, and the values it
/// takes by name: listed in braces, or, without braces, the type's own [`Choice`]s. A
/// rule that counts takes any number of a range besides (`or 0..=1000`), which the
/// menu does not list but files and the command line may set.
macro_rules! house_rules {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $id:literal $field:ident: $ty:ty = $default:literal
                    $({ $($text:literal => $value:expr),+ $(,)? })?
                    $(or $least:literal ..= $most:literal)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        $vis struct $name {
            $($(#[$field_meta])* pub $field: $ty,)*
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $crate::rules::options::house_rules!(
                        @parse $ty, $default; $({ $($text => $value),+ })? $(; $least, $most)?
                    )
                    .expect("a house rule's default is one of its values"),)*
                }
            }
        }

        impl $crate::rules::options::HouseRules for $name {
            fn specs() -> &'static [$crate::rules::options::OptionSpec] {
                &[$($crate::rules::options::OptionSpec {
                    id: $id,
                    values: $crate::rules::options::house_rules!(@names $ty $({ $($text),+ })?),
                    default: $default,
                    numbers: $crate::rules::options::house_rules!(@numbers $($least, $most)?),
                }),*]
            }

            fn get(&self, id: &str) -> Option<String> {
                let _ = (self, id);
                $(if id == $id {
                    let choices = $crate::rules::options::house_rules!(@choices $ty $({ $($text => $value),+ })?);
                    let name = $crate::rules::options::name_of(choices, &self.$field).map(str::to_string);
                    $(let name = name.or_else(|| {
                        let _ = ($least, $most);
                        Some(self.$field.to_string())
                    });)?
                    return name;
                })*
                None
            }

            fn set(&mut self, id: &str, value: &str) -> Result<(), $crate::rules::error::RuleError> {
                let _ = value;
                $(if id == $id {
                    self.$field = $crate::rules::options::house_rules!(
                        @parse $ty, value; $({ $($text => $value),+ })? $(; $least, $most)?
                    )
                    .ok_or_else(|| {
                        let spec = <Self as $crate::rules::options::HouseRules>::specs().iter().find(|s| s.id == $id).expect("declared");
                        $crate::rules::error::RuleError::value(spec.id, spec.values, spec.numbers, value)
                    })?;
                    return Ok(());
                })*
                let known: &[&str] = &[$($id),*];
                Err($crate::rules::error::RuleError::Unknown {
                    id: $crate::rules::error::shown(id),
                    known: if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    },
                })
            }
        }
    };
    (@choices $ty:ty) => {
        <$ty as $crate::rules::options::Choice>::CHOICES
    };
    (@choices $ty:ty { $($text:literal => $value:expr),+ }) => {{
        const CHOICES: &[(&str, $ty)] = &[$(($text, $value)),+];
        CHOICES
    }};
    (@names $ty:ty) => {
        <$ty as $crate::rules::options::Choice>::NAMES
    };
    (@names $ty:ty { $($text:literal),+ }) => {
        &[$($text),+]
    };
    (@numbers) => { None };
    (@numbers $least:literal, $most:literal) => { Some(($least, $most)) };
    (@parse $ty:ty, $value:expr; $({ $($text:literal => $v:expr),+ })?) => {
        $crate::rules::options::named(
            $crate::rules::options::house_rules!(@choices $ty $({ $($text => $v),+ })?),
            $value,
        )
    };
    (@parse $ty:ty, $value:expr; $({ $($text:literal => $v:expr),+ })?; $least:literal, $most:literal) => {
        $crate::rules::options::named(
            $crate::rules::options::house_rules!(@choices $ty $({ $($text => $v),+ })?),
            $value,
        )
        .or_else(|| $value.parse::<$ty>().ok().filter(|n| ($least..=$most).contains(n)))
    };
}
pub(crate) use house_rules;

/// The value a name stands for among `choices`.
pub fn named<T: Clone>(choices: &[(&'static str, T)], name: &str) -> Option<T> {
    choices
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}

/// The name of `value` among `choices`.
pub fn name_of<T: PartialEq>(choices: &[(&'static str, T)], value: &T) -> Option<&'static str> {
    choices.iter().find(|(_, v)| v == value).map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Shape {
        Square,
        Triangle,
    }

    choices!(Shape { "square" => Shape::Square, "triangle" => Shape::Triangle });

    house_rules! {
        /// Rules of a game made up for the test.
        struct Sample {
            "shape" shape: Shape = "triangle",
            "limit" limit: u32 = "40" { "0" => 0, "40" => 40 },
            "moves" moves: u32 = "80" { "0" => 0, "80" => 80 } or 1..=200,
            "scoring" scoring: bool = "off",
        }
    }

    #[test]
    fn a_declared_rule_reads_back_every_value_it_takes() {
        let mut s = Sample::default();
        assert_eq!((s.shape, s.limit, s.scoring), (Shape::Triangle, 40, false));
        for spec in Sample::specs() {
            for value in spec.values {
                s.set(spec.id, value).unwrap();
                assert_eq!(s.get(spec.id).as_deref(), Some(*value));
            }
        }
        assert_eq!(Sample::specs()[1].values, &["0", "40"]);
    }

    #[test]
    fn a_value_outside_the_table_is_refused_naming_the_allowed_ones() {
        let mut s = Sample::default();
        let e = s.set("limit", "37").unwrap_err();
        assert_eq!(e.to_string(), "limit takes 0 or 40, not '37'");
        assert_eq!(s.limit, 40);
        let e = s.set("colour", "red").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'colour' is not a house rule of this game; its rules are: shape, limit, moves, scoring"
        );
    }

    house_rules! {
        /// A game without house rules.
        struct Plain {}
    }

    #[test]
    fn a_game_may_have_no_house_rules() {
        assert!(Plain::specs().is_empty());
        assert_eq!(Plain::default().get("x"), None);
        let e = Plain::default().set("x", "1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'x' is not a house rule of this game; its rules are: none"
        );
    }

    #[test]
    fn a_counting_rule_takes_numbers_in_its_range_and_saves_them() {
        let mut s = Sample::default();
        s.set("moves", "37").unwrap();
        assert_eq!((s.moves, s.get("moves").as_deref()), (37, Some("37")));
        assert_eq!(s.non_default(), vec![("moves", "37".to_string())]);
        let e = s.set("moves", "201").unwrap_err();
        assert_eq!(
            e.to_string(),
            "moves takes 0, 80 or a number from 1 to 200, not '201'"
        );
        assert!(Sample::specs()[2].takes("200") && !Sample::specs()[2].takes("-1"));
    }
}
