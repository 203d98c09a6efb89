//! What `docs/architecture.md` says of the code's shape, checked on the sources: no
//! file imports another that imports it back, the rules engine imports nothing of the
//! app, the server or the command line, and no function answers with a `String` error.
//! Test modules are left out: a test may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every source file under `src/`, by its path from the crate's root, with its text
/// up to its test module.
fn sources() -> BTreeMap<String, String> {
    read_sources(false)
}

/// Every source file under `src/` with its text; with `tests`, whole, and the files
/// that hold only tests too.
fn read_sources(tests: bool) -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = BTreeMap::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("the sources") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let text = std::fs::read_to_string(&path).expect("a source file");
                let code = match text.find("#[cfg(test)]") {
                    Some(i) if !tests => text[..i].to_string(),
                    _ => text,
                };
                // Files that hold only tests are not part of the shape.
                if tests || !name.ends_with("_tests.rs") && !name.ends_with("/tests.rs") {
                    out.insert(name, code);
                }
            }
        }
    }
    out
}

/// The module path of a file: `src/engine/search/mod.rs` is `engine::search`.
fn module_of(file: &str) -> Vec<String> {
    let path = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<String> = path.split('/').map(str::to_string).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The file that holds module `path`, if one does.
fn file_of(files: &BTreeMap<String, String>, path: &[String]) -> Option<String> {
    if path.is_empty() {
        return Some("src/lib.rs".into());
    }
    let base = format!("src/{}", path.join("/"));
    [format!("{base}.rs"), format!("{base}/mod.rs")]
        .into_iter()
        .find(|f| files.contains_key(f))
}

/// Every path a file names from its own crate, expanded out of `use` trees:
/// `use super::{a, b::c}` gives `super::a` and `super::b::c`.
fn named_paths(code: &str) -> Vec<String> {
    paths_in(code, false)
}

/// The paths [`named_paths`] finds, and with `exports` those a re-export names too.
fn paths_in(code: &str, exports: bool) -> Vec<String> {
    // Comments and re-exports out: a re-export only hands names on (`pub use
    // search::Limits` in a folder's mod.rs), and the file that defines them is found
    // through it rather than drawn to it.
    let mut code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    for export in ["pub use ", "pub(crate) use "]
        .into_iter()
        .filter(|_| !exports)
    {
        while let Some(i) = code.find(export) {
            let end = code[i..].find(';').map_or(code.len(), |e| i + e + 1);
            code.replace_range(i..end, "");
        }
    }
    let mut out = Vec::new();
    for (i, _) in code.match_indices("use ") {
        let rest = &code[i + 4..];
        let Some(end) = rest.find(';') else { continue };
        let tree = compact(&rest[..end]);
        if tree.starts_with("crate::") || tree.starts_with("super::") || tree.starts_with("self::")
        {
            let mut paths = Vec::new();
            expand("", &tree, &mut paths);
            // What a path names is the same whatever it is called here.
            out.extend(paths.into_iter().map(|p| match p.split_once('@') {
                Some((path, _)) => path.to_string(),
                None => p,
            }));
        }
    }
    // Paths written in the code itself (`crate::engine::search::mix(..)`).
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0
                && (bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':')
            {
                continue;
            }
            let path: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // A macro exported at the crate's root (`crate::features!`) is no module.
            if code[i + path.len()..].starts_with('!') {
                continue;
            }
            out.push(path.trim_end_matches(':').to_string());
        }
    }
    out
}

/// A `use` tree with its spaces taken out and each rename `a as b` written `a@b`, so
/// that the rename survives and `expand` can split on it.
fn compact(tree: &str) -> String {
    tree.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" as ", "@")
        .replace(' ', "")
}

/// Expands one `use` tree under `prefix`; a renamed item keeps its new name after an
/// `@` (`a::B@C`).
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => out.push(format!("{prefix}{tree}")),
        Some(open) => {
            let head = &tree[..open];
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut from = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&format!("{prefix}{head}"), &inner[from..i], out);
                        from = i + 1;
                    }
                    _ => {}
                }
            }
            if from < inner.len() {
                expand(&format!("{prefix}{head}"), &inner[from..], out);
            }
        }
    }
}

/// The file a path names, from `file`: the deepest module file along it, followed
/// through a `pub use` of the module it reaches (`crate::rules::Side` is the file of
/// `Side`, not `rules/mod.rs`).
fn target(files: &BTreeMap<String, String>, file: &str, path: &str) -> Option<String> {
    // `super` from `a/b.rs` (module `a::b`) and from `a/b/mod.rs` (module `a::b`) is
    // `a`; `self` is the module itself.
    let mut module = module_of(file);
    let mut segments = path.split("::").filter(|s| !s.is_empty()).peekable();
    if segments.peek() == Some(&"crate") {
        module.clear();
        segments.next();
    } else if matches!(segments.peek(), Some(&"super") | Some(&"self")) {
        while let Some(&s) = segments.peek() {
            match s {
                "super" => {
                    module.pop();
                }
                "self" => {}
                _ => break,
            }
            segments.next();
        }
    } else {
        return None;
    }
    let mut found = file_of(files, &module);
    for segment in segments {
        module.push(segment.to_string());
        match file_of(files, &module) {
            Some(f) => found = Some(f),
            None => {
                // An item: a module's re-export leads on to the file that defines it.
                if let Some(f) = &found
                    && let Some(via) = reexport(files, f, segment)
                {
                    found = Some(via);
                }
                break;
            }
        }
    }
    found.filter(|f| f != file)
}

/// The file a module file's `pub use` of `name` comes from.
fn reexport(files: &BTreeMap<String, String>, module_file: &str, name: &str) -> Option<String> {
    let code = files.get(module_file)?;
    let mut paths = Vec::new();
    for (i, _) in code.match_indices("pub use ") {
        let rest = &code[i + 8..];
        let end = rest.find(';')?;
        expand("", &compact(&rest[..end]), &mut paths);
    }
    // Exported under its own last name, or under the one it is renamed to.
    let path = paths.iter().find_map(|p| match p.split_once('@') {
        Some((path, alias)) => (alias == name).then_some(path),
        None => (p.rsplit("::").next() == Some(name)).then_some(p.as_str()),
    })?;
    let path = if path.starts_with("crate") || path.starts_with("super") || path.starts_with("self")
    {
        path.to_string()
    } else {
        format!("self::{path}")
    };
    target(files, module_file, &path).or_else(|| {
        let mut module = module_of(module_file);
        module.extend(
            path.trim_start_matches("self::")
                .split("::")
                .map(str::to_string),
        );
        while !module.is_empty() {
            if let Some(f) = file_of(files, &module) {
                return Some(f);
            }
            module.pop();
        }
        None
    })
}

/// Every file's imports of other files.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let files = sources();
    files
        .iter()
        .map(|(file, code)| {
            let to = named_paths(code)
                .iter()
                .filter_map(|p| target(&files, file, p))
                .collect();
            (file.clone(), to)
        })
        .collect()
}

/// The loops of imports, each as the files in it (Tarjan's strongly connected
/// components of more than one file).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.out.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn no_file_imports_another_that_imports_it_back() {
    let graph = imports();
    let loops = cycles(&graph);
    assert!(loops.is_empty(), "import cycles: {loops:#?}");
    // The check sees imports at all: history uses what the computer shares with the
    // games, the computer in a seat the match.
    assert!(
        graph["src/rules/history.rs"]
            .iter()
            .any(|f| f.starts_with("src/rules/computer/"))
    );
    assert!(graph["src/engine/player.rs"].contains("src/rules/history.rs"));
}

#[test]
fn the_rules_import_nothing_of_the_app_the_server_or_the_command_line() {
    for (file, to) in imports()
        .iter()
        .filter(|(f, _)| f.starts_with("src/rules/"))
    {
        for target in to {
            assert!(
                target.starts_with("src/rules/"),
                "{file} imports {target}, outside the rules engine"
            );
        }
    }
}

/// The module a path names from `file`, from the crate's root: `super::super::engine`
/// in `src/rules/chess/mod.rs` is `engine`; None for a path not from this crate.
fn absolute(file: &str, path: &str) -> Option<Vec<String>> {
    let mut module = module_of(file);
    let mut segments = path.split("::").filter(|s| !s.is_empty()).peekable();
    match segments.peek() {
        Some(&"crate") => {
            module.clear();
            segments.next();
        }
        Some(&"super") | Some(&"self") => {
            while let Some(&s) = segments.peek() {
                match s {
                    "super" => {
                        module.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segments.next();
            }
        }
        _ => return None,
    }
    module.extend(segments.map(str::to_string));
    Some(module)
}

/// The paths to the engine that a file of the rules names, tests and re-exports
/// included.
fn engine_named(file: &str, code: &str) -> Vec<String> {
    paths_in(code, true)
        .into_iter()
        .filter(|p| absolute(file, p).is_some_and(|m| m.first().is_some_and(|s| s == "engine")))
        .collect()
}

#[test]
fn the_rules_never_name_the_engine() {
    // The engine uses the rules and never the other way: what a game brings to the
    // search (its evaluation, how it chooses) is declared in `rules/computer/`, and the
    // engine implements the search it asks for. Tests count too: a test of the
    // computer on one game lives in the engine.
    for (file, code) in read_sources(true)
        .iter()
        .filter(|(f, _)| f.starts_with("src/rules/"))
    {
        let named = engine_named(file, code);
        assert!(named.is_empty(), "{file} names the engine: {named:?}");
    }
    // The check sees a path to the engine however it is written.
    for code in [
        "use crate::engine::search::Limits;",
        "use super::super::engine::net;",
        "use crate::{engine::weights, rules::Side};",
        "pub use crate::engine::search::Think;",
        "let t = crate::engine::search::think(p);",
    ] {
        assert!(
            !engine_named("src/rules/chess/mod.rs", code).is_empty(),
            "{code}"
        );
    }
    assert!(
        engine_named(
            "src/rules/chess/mod.rs",
            "use super::super::computer::Level;"
        )
        .is_empty()
    );
}

#[test]
fn no_error_is_only_a_string() {
    let mut found = BTreeSet::new();
    for (file, code) in sources() {
        let mut rest = code.as_str();
        while let Some(i) = rest.find("Result<") {
            rest = &rest[i + 7..];
            // The error type: after the outermost comma, before the closing bracket.
            let mut depth = 1;
            let mut comma = None;
            for (j, c) in rest.char_indices() {
                match c {
                    '<' | '(' | '[' => depth += 1,
                    '>' | ')' | ']' => {
                        depth -= 1;
                        if depth == 0 {
                            if let Some(k) = comma
                                && rest[k + 1..j].trim() == "String"
                            {
                                found.insert(file.clone());
                            }
                            break;
                        }
                    }
                    ',' if depth == 1 => comma = Some(j),
                    _ => {}
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "errors that are only a String, where a type says what went wrong: {found:?}"
    );
}

#[test]
fn the_rules_hold_no_state_of_their_own() {
    // A static in the rules is a memo of something built once that never changes
    // (a board's cells, attack tables, a shipped file read): a `OnceLock`, never a
    // lock or a counter that one search could change under another.
    for (file, code) in sources()
        .iter()
        .filter(|(f, _)| f.starts_with("src/rules/"))
    {
        for line in code.lines().map(str::trim) {
            if line.starts_with("static ") || line.starts_with("pub static ") {
                assert!(
                    line.contains("OnceLock<")
                        && !line.contains("Mutex")
                        && !line.contains("RwLock"),
                    "{file}: {line}"
                );
            }
        }
    }
}

#[test]
fn outside_the_rules_no_game_is_named_but_the_default() {
    // What a game shows or does of its own lives in the rules (its Card and traits)
    // or in its own plugin under `plugins/games/`; elsewhere a game is named only as
    // the default one (chess: the first screen's, the UCI engine's, the load test's).
    for (file, code) in sources() {
        if file.starts_with("src/rules/") || file.starts_with("src/plugins/games/") {
            continue;
        }
        for (i, _) in code.match_indices("GameId::") {
            let name: String = code[i + 8..]
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            let upper = name.starts_with(|c: char| c.is_ascii_uppercase());
            assert!(
                !upper || name == "ALL" || name == "Chess",
                "{file} names GameId::{name}: a game's own behaviour belongs to the game"
            );
        }
    }
}

/// The game folders: a game's rules under `rules/` and its plugin under
/// `plugins/games/`.
const GAME_FOLDERS: &[&str] = &[
    "bughouse",
    "chapayev",
    "chess",
    "chess100",
    "corners",
    "dama",
    "dice",
    "epsilon",
    "family",
    "reversi",
    "trichess",
    "zshashmaty",
];

fn in_a_game_folder(file: &str) -> bool {
    let parts: Vec<&str> = file.split('/').collect();
    match parts.as_slice() {
        ["src", "rules", folder, _, ..] => GAME_FOLDERS.contains(folder),
        ["src", "plugins", "games", ..] => true,
        _ => false,
    }
}

#[test]
fn no_game_is_matched_outside_its_folder_and_the_registry() {
    // A game's position, move or set-up text is taken apart only by the game itself
    // (its folder) and the registry that dispatches to it; shared code asks the game
    // through its traits.
    for (file, code) in sources() {
        if in_a_game_folder(&file) || file == "src/rules/position.rs" {
            continue;
        }
        for enumeration in ["Position::", "Move::", "SetUp::"] {
            for (i, _) in code.match_indices(enumeration) {
                let before = code[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let name: String = code[i + enumeration.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric())
                    .collect();
                assert!(
                    !name.starts_with(|c: char| c.is_ascii_uppercase()),
                    "{file} names {enumeration}{name}: a game's own behaviour belongs to the game"
                );
            }
        }
    }
}

/// The methods a trait declares, by its name: `fn` items at its top level.
fn trait_methods() -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for code in sources().values() {
        for (i, _) in code.match_indices("\npub trait ") {
            let rest = &code[i + "\npub trait ".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let Some(open) = rest.find('{') else { continue };
            let (mut depth, mut methods) = (0i32, 0);
            for line in rest[open + 1..].lines() {
                let line = line.trim();
                if depth == 0 && (line.starts_with("fn ") || line.starts_with("const fn ")) {
                    methods += 1;
                }
                depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
                if depth < 0 {
                    break;
                }
            }
            out.insert(name, methods);
        }
    }
    out
}

#[test]
fn every_trait_stays_small_enough_to_hold_in_one_s_head() {
    // The game's traits at what they hold now: `Game` what every game has (its start,
    // moves, notation, view and end) and its four capability objects; `Seats` and
    // `GameView` hooks with defaults for two players taking turns on a plain board;
    // `Variant` the chess family's rule switches; the engine's `Hints`, each a measured
    // help to the search. A new hook that would pass its cap belongs in a capability
    // of its own (as `Ends`, `Turns` and `Table` are), not in the trait. Every other
    // trait: eight at most.
    let caps = [
        ("Game", 21),
        ("Seats", 19),
        ("GameView", 12),
        ("Variant", 22),
        ("Hints", 11),
        ("MatchHost", 11),
    ];
    let methods = trait_methods();
    assert!(methods.contains_key("Game") && methods.contains_key("Evaluate"));
    for (name, n) in methods {
        let cap = caps.iter().find(|(c, _)| *c == name).map_or(8, |c| c.1);
        assert!(
            n <= cap,
            "trait {name} has {n} methods, more than its cap of {cap}"
        );
    }
}
