//! The "You may" list of a seat's status, as the commands it offers: what
//! the playouts compare with the engine's legal actions (issue 42: a hint
//! never offers what the engine refuses, and never hides what it allows).

use std::collections::BTreeSet;

/// The command (first word) of each entry of the status's "You may" line,
/// its entries joined by `sep`; empty when the status has no such line.
pub fn offered(status: &str, sep: &str) -> BTreeSet<String> {
    let Some(line) = status.lines().find_map(|l| l.strip_prefix("You may: ")) else {
        return BTreeSet::new();
    };
    line.split(sep)
        .filter_map(|entry| entry.split_whitespace().next())
        .map(|word| word.trim_end_matches('.').to_string())
        .collect()
}

/// The commands of the legal actions, each named by `command` (`None`: a
/// move "You may" leaves out by design, resigning, always possible).
pub fn allowed<A>(legal: &[A], command: impl Fn(&A) -> Option<&'static str>) -> BTreeSet<String> {
    legal
        .iter()
        .filter_map(command)
        .map(str::to_string)
        .collect()
}
