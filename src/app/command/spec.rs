//! Option specs: how a command and each option is declared (`CommandSpec`,
//! `OptionSpec`, `OptKind`), checking an invocation against its spec into
//! [`Args`], and quoting a value back into a command line.

use super::message::{Invocation, OptionValue, UserError};

/// What an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptKind {
    Text,
    Int {
        min: i64,
        max: i64,
    },
    Bool,
    Choice(&'static [&'static str]),
    /// A file: a local path at the console, an attachment on Discord.
    File,
    /// Text naming a card (autocompleted from the card database).
    Card,
    /// Text naming one of the user's decks.
    Deck,
    /// A game id ("12" or "#12").
    Game,
    /// A server role (its id: a role option on Discord, a name at the console).
    Role,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptKind,
    pub required: bool,
    pub about: &'static str,
}

/// Shorthands for option tables.
pub const fn opt(name: &'static str, kind: OptKind, about: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required: false,
        about,
    }
}

pub const fn req(name: &'static str, kind: OptKind, about: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required: true,
        about,
    }
}

/// One command (or subcommand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandSpec {
    pub name: &'static str,
    pub sub: Option<&'static str>,
    pub about: &'static str,
    pub options: Vec<OptionSpec>,
    /// An example line for help and error messages.
    pub example: &'static str,
}

impl CommandSpec {
    pub fn label(&self) -> String {
        match self.sub {
            Some(sub) => format!("/{} {sub}", self.name),
            None => format!("/{}", self.name),
        }
    }
}

/// Options checked against a spec, with typed getters.
#[derive(Debug, Clone, Default)]
pub struct Args {
    values: Vec<(&'static str, OptionValue)>,
}

impl Args {
    pub fn text(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| match v {
                OptionValue::Text(t) => Some(t.as_str()),
                OptionValue::File { .. } => None,
            })
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        self.text(name).and_then(|t| t.parse().ok())
    }

    pub fn flag(&self, name: &str) -> Option<bool> {
        self.text(name)
            .map(|t| matches!(t, "true" | "yes" | "on" | "1"))
    }

    pub fn file(&self, name: &str) -> Option<(&str, &Result<String, String>)> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| match v {
                OptionValue::File { name, content } => Some((name.as_str(), content)),
                OptionValue::Text(_) => None,
            })
    }

    pub fn has(&self, name: &str) -> bool {
        self.values.iter().any(|(n, _)| *n == name)
    }

    /// The names given, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.values.iter().map(|(n, _)| *n)
    }
}

/// Longest text option (Discord's own limit on a string option).
pub const TEXT_MAX: usize = 6000;

/// Checks an invocation against its spec: unknown or repeated options,
/// missing required ones, and values of the wrong kind are refused with the
/// fix; so is text with a control character (a NUL byte among them) or
/// over [`TEXT_MAX`] characters.
pub fn check(spec: &CommandSpec, inv: &Invocation) -> Result<Args, UserError> {
    let label = spec.label();
    let usage = || format!("Usage: {}", usage(spec));
    let mut values: Vec<(&'static str, OptionValue)> = Vec::new();
    for (name, value) in &inv.options {
        let Some(o) = spec
            .options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
        else {
            let names: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            let hint = closest(name, names.iter().copied())
                .map(|n| format!(" Did you mean {n}?"))
                .unwrap_or_default();
            let known = if names.is_empty() {
                "it takes no options".to_string()
            } else {
                format!("its options are {}", names.join(", "))
            };
            return Err(UserError::new(format!(
                "{label} has no option '{name}';{hint} {known}. {}",
                usage()
            )));
        };
        if values.iter().any(|(n, _)| *n == o.name) {
            return Err(UserError::new(format!(
                "{label}: option {} is given twice. {}",
                o.name,
                usage()
            )));
        }
        check_value(&label, o, value)?;
        values.push((o.name, value.clone()));
    }
    for o in spec.options.iter().filter(|o| o.required) {
        if !values.iter().any(|(n, _)| *n == o.name) {
            return Err(UserError::new(format!(
                "{label} needs the option {}:<{}> ({}). {} — e.g. {}",
                o.name,
                kind_word(o.kind),
                o.about,
                usage(),
                spec.example
            )));
        }
    }
    Ok(Args { values })
}

fn check_value(label: &str, o: &OptionSpec, value: &OptionValue) -> Result<(), UserError> {
    // What the user typed, quoted back inert.
    let typed = |t: &str| super::names::inert(t);
    let fail = |why: String| Err(UserError::new(format!("{label}: option {}: {why}", o.name)));
    if let OptionValue::Text(t) = value {
        if let Some(c) = t.chars().find(|c| c.is_control()) {
            return fail(format!(
                "it contains a control character (U+{:04X}); type it again without it. Nothing was changed.",
                c as u32
            ));
        }
        if t.chars().count() > TEXT_MAX {
            return fail(format!(
                "it is over {TEXT_MAX} characters; shorten it (a long deck list goes in a file:)."
            ));
        }
    }
    match (o.kind, value) {
        (OptKind::File, OptionValue::File { .. }) => Ok(()),
        (OptKind::File, OptionValue::Text(t)) => fail(format!(
            "'{}' is not a file; attach a file (or give a path at the console)",
            typed(t)
        )),
        (_, OptionValue::File { .. }) => fail("takes text, not a file".into()),
        (OptKind::Int { min, max }, OptionValue::Text(t)) => match t.trim().parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(()),
            Ok(n) => fail(format!(
                "{n} is out of range; give a number from {min} to {max}"
            )),
            Err(_) => fail(format!(
                "'{}' is not a whole number; give a number from {min} to {max}",
                typed(t)
            )),
        },
        (OptKind::Bool, OptionValue::Text(t)) => match t.as_str() {
            "true" | "false" | "yes" | "no" | "on" | "off" | "1" | "0" => Ok(()),
            _ => fail(format!("'{}' is not true or false", typed(t))),
        },
        (OptKind::Choice(choices), OptionValue::Text(t)) => {
            if choices.contains(&t.as_str()) {
                Ok(())
            } else {
                let hint = closest(t, choices.iter().copied())
                    .map(|c| format!(" Did you mean {c}?"))
                    .unwrap_or_default();
                fail(format!(
                    "'{}' is not one of {}.{hint}",
                    typed(t),
                    choices.join(", ")
                ))
            }
        }
        (OptKind::Game, OptionValue::Text(t)) => match t.trim_start_matches('#').parse::<i64>() {
            Ok(n) if n > 0 => Ok(()),
            _ => fail(format!(
                "'{}' is not a game id; game ids are numbers such as 12 (see /game list)",
                typed(t)
            )),
        },
        (_, OptionValue::Text(t)) if t.trim().is_empty() => fail("is empty".into()),
        _ => Ok(()),
    }
}

fn kind_word(kind: OptKind) -> &'static str {
    match kind {
        OptKind::Text => "text",
        OptKind::Int { .. } => "number",
        OptKind::Bool => "true|false",
        OptKind::Choice(_) => "choice",
        OptKind::File => "file",
        OptKind::Card => "card name",
        OptKind::Deck => "deck name",
        OptKind::Game => "game id",
        OptKind::Role => "role",
    }
}

/// `/deck import name:<text> [file:<file>] [text:<text>]`.
pub fn usage(spec: &CommandSpec) -> String {
    let mut out = spec.label();
    for o in &spec.options {
        let part = match o.kind {
            OptKind::Choice(c) if c.len() <= 6 => format!("{}:{}", o.name, c.join("|")),
            k => format!("{}:<{}>", o.name, kind_word(k)),
        };
        out.push(' ');
        out.push_str(&if o.required {
            part
        } else {
            format!("[{part}]")
        });
    }
    out
}

/// A choice list from a vocabulary's terms: each in lower case, spaces as
/// dashes ("X-File" is `x-file`), so the list cannot drift from the
/// vocabulary. Built once per list (each is a `LazyLock`) and kept for the
/// program's life.
pub fn choices_of(terms: impl IntoIterator<Item = &'static str>) -> &'static [&'static str] {
    let list: Vec<&'static str> = terms
        .into_iter()
        .map(|t| &*t.to_lowercase().replace(' ', "-").leak())
        .collect();
    list.leak()
}

/// The closest word by edit distance, when close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    candidates
        .map(|c| (c, strsim::damerau_levenshtein(&w, &c.to_lowercase())))
        .filter(|(c, d)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(_, d)| *d)
        .map(|(c, _)| c)
}

/// A value in double quotes, as command lines read it back whole (the
/// console's parser and buttons: `\"` and `\\` escape inside quotes).
pub fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// An option value for a command a hint shows: bare when it is one plain
/// word, else [`quoted`] (`player:"Deep Throat (AI, normal)"`), so that
/// the hint typed as shown is accepted.
pub fn option_value(value: &str) -> String {
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| !c.is_whitespace() && !matches!(c, '"' | '\\' | '(' | ')' | ';' | ','));
    if plain {
        value.to_string()
    } else {
        quoted(value)
    }
}

#[cfg(test)]
mod tests {
    use super::choices_of;

    #[test]
    fn a_vocabularys_choices_are_its_terms_in_lower_case_with_dashes() {
        assert_eq!(choices_of(["X-File", "Gen Con"]), ["x-file", "gen-con"]);
    }
}
