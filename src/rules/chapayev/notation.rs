//! Shots as the spec's shot lines write them, without the shot number:
//! `flick W3 th=90.0000 s=0.4200 e=0.0000`, `poke B2 th=270.0000 s=0.3000`,
//! `scissors W1,W2 E=B3 s=0.5000 o=0.0000`, with `luck=N` after the checkers where the
//! shot brings the seed of its hanging tests (`flick W3 luck=81723 th=90.0000 …`); and
//! the lot: `lot white=2 seed=0` (the second seat plays White; shots without luck take
//! their lifts from the seed).
//!
//! The luck stands before the numbers that every shot needs, so that a record read word
//! by word never takes a shot as complete without it.

use super::{Action, Shot, checker_name};
use crate::rules::error::Detail;

pub(super) fn write(action: &Action) -> String {
    match *action {
        Action::Lot { white_seat, seed } => format!("lot white={} seed={seed}", white_seat + 1),
        Action::Shot { shot, luck } => shot_text(&shot, luck),
    }
}

fn shot_text(shot: &Shot, luck: Option<u32>) -> String {
    let luck = luck.map_or(String::new(), |l| format!(" luck={l}"));
    match *shot {
        Shot::Flick {
            checker,
            angle,
            strength,
            spin,
        } => format!(
            "flick {}{luck} th={angle:.4} s={strength:.4} e={spin:.4}",
            checker_name(checker)
        ),
        Shot::Poke {
            checker,
            angle,
            strength,
        } => format!(
            "poke {}{luck} th={angle:.4} s={strength:.4}",
            checker_name(checker)
        ),
        Shot::Scissors {
            a,
            b,
            target,
            strength,
            offset,
        } => format!(
            "scissors {},{}{luck} E={} s={strength:.4} o={offset:.4}",
            checker_name(a),
            checker_name(b),
            checker_name(target)
        ),
    }
}

fn checker(text: &str) -> Result<u8, Detail> {
    let bad = || {
        crate::detail!(
            "detail-chapayev-checker",
            "'{text}' is not a checker (W1..W8, B1..B8)",
            text = text
        )
    };
    let (colour, n) = text.split_at_checked(1).ok_or_else(bad)?;
    let n: u8 = n.parse().map_err(|_| bad())?;
    if !(1..=8).contains(&n) {
        return Err(bad());
    }
    match colour {
        "W" => Ok(n - 1),
        "B" => Ok(n + 7),
        _ => Err(bad()),
    }
}

/// The value of `key=...` among the words.
fn value<T: std::str::FromStr>(words: &[&str], key: &str) -> Result<T, Detail> {
    let word = words
        .iter()
        .find_map(|w| w.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        .ok_or_else(|| {
            crate::detail!(
                "detail-chapayev-needs",
                "the shot needs {key}=...",
                key = key
            )
        })?;
    word.parse().map_err(|_| {
        crate::detail!(
            "detail-chapayev-number",
            "{key}={word} is not a number",
            key = key,
            word = word
        )
    })
}

/// The value of `key=...` among the words, where it is given.
fn optional<T: std::str::FromStr>(words: &[&str], key: &str) -> Result<Option<T>, Detail> {
    let given = words
        .iter()
        .any(|w| w.strip_prefix(key).is_some_and(|v| v.starts_with('=')));
    given.then(|| value(words, key)).transpose()
}

/// Reads a shot or the lot; a text that does not make one is quoted in the reason.
pub(super) fn parse(text: &str) -> Result<Action, Detail> {
    read(text).map_err(|e| {
        if e.to_string().starts_with('\'') {
            e
        } else {
            e.within(&format!("'{}'", text.trim()))
        }
    })
}

fn read(text: &str) -> Result<Action, Detail> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let shot = match words.as_slice() {
        ["lot", rest @ ..] => {
            let seat: u8 = value(rest, "white")?;
            if !(1..=2).contains(&seat) {
                return Err(crate::detail!(
                    "detail-chapayev-lot-seat",
                    "white= names seat 1 or 2"
                ));
            }
            return Ok(Action::Lot {
                white_seat: seat - 1,
                seed: value(rest, "seed")?,
            });
        }
        ["flick", id, rest @ ..] => Shot::Flick {
            checker: checker(id)?,
            angle: value(rest, "th")?,
            strength: value(rest, "s")?,
            spin: value(rest, "e")?,
        },
        ["poke", id, rest @ ..] => Shot::Poke {
            checker: checker(id)?,
            angle: value(rest, "th")?,
            strength: value(rest, "s")?,
        },
        ["scissors", pair, rest @ ..] => {
            let (a, b) = pair.split_once(',').ok_or_else(|| {
                crate::detail!(
                    "detail-chapayev-scissors",
                    "scissors name two checkers: W1,W2"
                )
            })?;
            Shot::Scissors {
                a: checker(a)?,
                b: checker(b)?,
                target: checker(&value::<String>(rest, "E")?)?,
                strength: value(rest, "s")?,
                offset: value(rest, "o")?,
            }
        }
        _ => {
            return Err(crate::detail!(
                "detail-chapayev-not-shot",
                "'{text}' is not a shot (flick, poke, scissors) or the lot",
                text = text.trim()
            ));
        }
    };
    let ok = |x: f32, lo: f32, hi: f32| x.is_finite() && (lo..=hi).contains(&x);
    let fine = match shot {
        Shot::Flick {
            angle,
            strength,
            spin,
            ..
        } => ok(angle, 0.0, 360.0) && ok(strength, 0.0, 1.0) && ok(spin, -1.0, 1.0),
        Shot::Poke {
            angle, strength, ..
        } => ok(angle, 0.0, 360.0) && ok(strength, 0.0, 1.0),
        Shot::Scissors {
            strength, offset, ..
        } => ok(strength, 0.0, 1.0) && ok(offset, -1.0, 1.0),
    };
    if !fine {
        return Err(crate::detail!(
            "detail-chapayev-ranges",
            "'{text}': angles run from 0 to 360, strengths from 0 to 1, spin and offset from -1 to 1",
            text = text.trim()
        ));
    }
    Ok(Action::Shot {
        shot: shot.canonical(),
        luck: optional(&words, "luck")?,
    })
}
