//! The dependency direction inside `src/app`, declared on the `//! Layers:`
//! line at the top of `src/app/mod.rs`: a top-level module of the app may
//! use only the modules after it on that line, so no import circle between
//! them can come back. The check reads the source: every `crate::app::<m>`
//! path and every `super::` path that climbs to `app` (grouped `{…}` imports
//! included, comments skipped), and names the file and line of each one
//! that goes the wrong way. `mod.rs` itself (the `App`, the dispatcher) is
//! the composition root: it may use every module, and every module may use
//! its own items; a name it re-exports (`pub use play::clock::Schedule`)
//! counts as a use of the module it comes from.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The declared order, read from `src/app/mod.rs`.
fn layers(app: &Path) -> Vec<String> {
    let root = std::fs::read_to_string(app.join("mod.rs")).expect("src/app/mod.rs");
    let line = root
        .lines()
        .find_map(|l| l.strip_prefix("//! Layers:"))
        .expect("src/app/mod.rs declares `//! Layers: a → b → …`");
    line.split('→')
        .map(|m| m.trim().trim_matches('`').to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

/// The names `src/app/mod.rs` re-exports, each with the module it comes from.
fn reexports(app: &Path) -> BTreeMap<String, String> {
    let root = std::fs::read_to_string(app.join("mod.rs")).expect("src/app/mod.rs");
    let mut names = BTreeMap::new();
    for stmt in root.split("pub use ").skip(1) {
        let stmt = &stmt[..stmt.find(';').unwrap_or(stmt.len())];
        let module = stmt
            .split("::")
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        let items = match stmt.find('{') {
            Some(open) => group_heads(&stmt[open + 1..]),
            None => vec![stmt.rsplit("::").next().unwrap_or_default().to_string()],
        };
        for item in items {
            let name = item
                .rsplit(" as ")
                .next()
                .unwrap_or(&item)
                .trim()
                .to_string();
            names.insert(name, module.clone());
        }
    }
    names
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below `src/app` (`play/lobby.rs` → `[play, lobby]`).
fn module_of(app: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(app).expect("below src/app");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The first path segment of each item of a `{…}` group starting at `text`
/// (just after the `{`).
fn group_heads(text: &str) -> Vec<String> {
    let (mut depth, mut item, mut heads) = (0usize, String::new(), Vec::new());
    let push = |item: &mut String, heads: &mut Vec<String>| {
        let head: String = item
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !head.is_empty() {
            heads.push(head);
        }
        item.clear();
    };
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => push(&mut item, &mut heads),
            _ if depth == 0 => item.push(c),
            _ => {}
        }
    }
    push(&mut item, &mut heads);
    heads
}

/// The first segment(s) named after a path prefix ending at `rest`.
fn heads_after(rest: &str) -> Vec<String> {
    if let Some(group) = rest.strip_prefix('{') {
        return group_heads(group);
    }
    let head: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    vec![head]
}

/// Every top-level app module a file's code names, with its line number.
fn uses(module: &[String], text: &str) -> Vec<(usize, String)> {
    // Comments out, lines kept (a path in a doc comment is no dependency).
    let code: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let line_at = |i: usize| code[..i].matches('\n').count() + 1;
    let boundary = |i: usize| {
        i == 0 || {
            let c = code.as_bytes()[i - 1];
            !(c.is_ascii_alphanumeric() || c == b'_' || c == b':')
        }
    };
    let mut found = Vec::new();
    for (i, _) in code.match_indices("crate::app::") {
        if boundary(i) {
            for head in heads_after(&code[i + "crate::app::".len()..]) {
                found.push((line_at(i), head));
            }
        }
    }
    for (i, _) in code.match_indices("super::") {
        if !boundary(i) {
            continue;
        }
        let mut climbs = 0;
        let mut rest = &code[i..];
        while let Some(r) = rest.strip_prefix("super::") {
            climbs += 1;
            rest = r;
        }
        // Inside a file's inline `mod tests`, `super` is the file itself:
        // counting it as the parent only ever lands higher in the same
        // top-level module, or at the root, never in another module.
        if climbs == module.len() {
            for head in heads_after(rest) {
                found.push((line_at(i), head));
            }
        }
    }
    found
}

#[test]
fn app_modules_use_only_the_layers_below_them() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let order = layers(&app);
    let reexported = reexports(&app);
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    files.sort();
    let mut tops = BTreeSet::new();
    let mut wrong = Vec::new();
    for file in &files {
        let module = module_of(&app, file);
        let Some(top) = module.first() else {
            continue; // mod.rs: the composition root
        };
        tops.insert(top.clone());
        let Some(from) = order.iter().position(|m| m == top) else {
            continue; // reported below
        };
        let text = std::fs::read_to_string(file).expect("readable source");
        for (line, used) in uses(&module, &text) {
            let used = reexported.get(&used).cloned().unwrap_or(used);
            if let Some(to) = order.iter().position(|m| *m == used)
                && to <= from
                && used != *top
            {
                wrong.push(format!(
                    "{}:{line}: `{top}` uses `{used}`, which the order puts above it",
                    file.strip_prefix(app.parent().unwrap().parent().unwrap())
                        .unwrap()
                        .display()
                ));
            }
        }
    }
    for top in &tops {
        if !order.contains(top) {
            wrong.push(format!(
                "src/app/{top}: not in the declared order (`//! Layers:` in src/app/mod.rs)"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the declared order is {}; {} path(s) go the wrong way:\n{}",
        order.join(" → "),
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn root_reexports_name_their_module() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let names = reexports(&app);
    assert_eq!(names.get("Schedule").map(String::as_str), Some("play"));
    assert_eq!(names.get("Outgoing").map(String::as_str), Some("command"));
    assert_eq!(names.get("Driver").map(String::as_str), Some("games"));
}

#[test]
fn the_check_reads_grouped_and_relative_paths() {
    let module = ["league".to_string(), "rounds".to_string()];
    let text = "use super::super::{App, play::lobby};\n// crate::app::lookup in a comment\nfn f() { crate::app::lookup::deck::x(); super::format::y(); }\n";
    let found = uses(&module, text);
    assert_eq!(
        found,
        vec![
            (3, "lookup".to_string()),
            (1, "App".to_string()),
            (1, "play".to_string()),
        ]
    );
}
