//! The board in words, for a screen reader: where the keyboard's cursor stands and
//! what is there, in the player's language.

use crate::i18n::Language;
use crate::plugins::session::Session;
use crate::rules::Cell;

/// What a screen reader says of the board: where the keyboard's cursor stands and
/// what stands there (`Board: e4, Knight (White), picked`), or how to begin.
pub fn described(lang: Language, session: &Session, cursor: Option<Cell>) -> String {
    let position = session.current().position();
    let t = position.topology();
    let Some(cell) = cursor.filter(|&c| usize::from(c) < t.len()) else {
        return format!("{}: {}", lang.t("board-label"), lang.t("board-keys"));
    };
    let piece = position
        .pieces()
        .into_iter()
        .find(|(c, _)| *c == cell)
        .map_or_else(
            || lang.t("board-cell-empty"),
            |(_, p)| {
                let kind = lang.t(&format!("piece-{:?}", p.kind).to_lowercase());
                lang.t_args(
                    "web-piece",
                    &[("side", lang.t(p.side.key())), ("piece", kind)],
                )
            },
        );
    let mut said = format!("{}: {}, {piece}", lang.t("board-label"), t.name(cell));
    if session.selection.from == Some(cell) {
        said.push_str(&format!(", {}", lang.t("web-cell-picked")));
    }
    said
}
