//! GCCG's X-Files deck files, and writing any deck in the three formats.
//!
//! A GCCG `.deck` file has sections named on their own line between
//! banner lines of `#` (`Agents`, `Deck`, `Xfiles`, in any case; any line
//! starting with `#` is a comment), and card lines `2 DEEP THROAT (TRU)`:
//! a count, the title in any case, and optionally the printing's set as a
//! suffix. How xfiles-bot reads the suffixes is [`SUFFIXES`]; a line
//! without one takes the card's first printing.
//!
//! GCCG numbers the printings that share a title in one set: `1 SMOKE &
//! MIRRORS #5` is the fifth of Promo's five Smoke & Mirrors, counted by
//! card number (id) within the set, the order [`first_printing`] takes
//! the first of. The number goes before or after the suffix; without a
//! suffix it counts in the set of the title's first printing.

use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

use super::limits::{self, MAX_COPIES};
use super::parse::{CardLine, ParseError, Parsed, resolve_in, resolve_lines, resolve_name};
use super::{Deck, Section};
use crate::cards::{self, CardIdx, CardSet, normalize};

/// Set suffixes, the first of each set being the one written on export.
pub const SUFFIXES: &[(&str, CardSet)] = &[
    ("PRE", CardSet::Premiere),
    ("TRU", CardSet::TheTruthIsOutThere),
    ("TIOT", CardSet::TheTruthIsOutThere),
    ("101", CardSet::Set101361),
    ("101361", CardSet::Set101361),
    ("223", CardSet::Set22364),
    ("22364", CardSet::Set22364),
    ("GEN", CardSet::GenCon),
    ("PRO", CardSet::Promo),
    ("BTL", CardSet::BelieveTheLie),
    ("ROS", CardSet::ResistOrServe),
    ("FTF", CardSet::FightTheFuture),
    ("HTBM", CardSet::HereThereBeMonsters),
    ("CLA", CardSet::Classified),
    ("IWTB", CardSet::IWantToBelieve),
    ("MS", CardSet::MyStruggle),
    ("FWWM", CardSet::FireWalkWithMe),
];

/// A section name line of a GCCG file.
fn gccg_section(line: &str) -> Option<Section> {
    match line.trim().to_ascii_lowercase().as_str() {
        "agents" | "agent" | "team" => Some(Section::Team),
        "deck" | "bureau" => Some(Section::Bureau),
        "xfiles" | "x-files" | "xfile" | "x-file" => Some(Section::XFiles),
        _ => None,
    }
}

/// Does this text look like a GCCG deck file (a banner or a bare section
/// name on a line of its own)?
pub fn looks_like_gccg(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .any(|l| (l.len() >= 3 && l.chars().all(|c| c == '#')) || gccg_section(l).is_some())
}

/// Reads a GCCG deck file within the [`limits`]; every bad line is
/// reported at once.
pub fn parse_gccg(name: &str, text: &str) -> Result<Parsed, ParseError> {
    limits::check_lines(text).map_err(ParseError::one)?;
    let mut lines = Vec::new();
    let mut section = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(s) = gccg_section(line) {
            section = Some(s);
            continue;
        }
        let (count, title) = match gccg_count(line) {
            Ok((n, title)) => (Ok(n), title),
            Err(problem) => (Err(problem), line),
        };
        lines.push(CardLine {
            no: i + 1,
            count,
            name: title,
            section,
        });
    }
    let (entries, mut notes) = resolve_lines(lines, read_card)?;
    if entries.is_empty() {
        return Err(ParseError {
            problems: vec!["this is not a deck: no card lines; a GCCG deck file has lines like '2 DEEP THROAT (TRU)' under Agents, Deck and Xfiles".into()],
        });
    }
    let deck_name = super::parse::deck_name(None, name);
    Ok(Parsed {
        deck: super::parse::assemble(deck_name, entries, &mut notes),
        list_name: None,
        notes,
    })
}

/// `2 DEEP THROAT (TRU)` → (2, "DEEP THROAT (TRU)"), or why the line is
/// refused: too long, no count, or more than [`MAX_COPIES`].
fn gccg_count(line: &str) -> Result<(u32, &str), String> {
    limits::check_line(line)?;
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match first.parse::<u32>() {
        Ok(n) if (1..=MAX_COPIES).contains(&n) => Ok((n, rest.trim())),
        Ok(n) if n > MAX_COPIES => Err(limits::too_many_copies(line)),
        // Digits too many for a number are too many copies too.
        Err(_) if !first.is_empty() && first.chars().all(|c| c.is_ascii_digit()) => {
            Err(limits::too_many_copies(line))
        }
        _ => Err(format!(
            "'{line}' has no count; a GCCG line starts with the number of copies, e.g. '2 DEEP THROAT (TRU)'"
        )),
    }
}

/// A line's title, with its printing's set suffix and number if any →
/// (card, note).
fn read_card(text: &str, section: Option<Section>) -> Result<(CardIdx, Option<String>), String> {
    // `TITLE (PRO) #5`: the number after the suffix.
    if let Some((head, n)) = printing_number(text)
        && let Some(found) = numbered(head, n)?
    {
        return Ok((found, None));
    }
    let mut title = text;
    let mut set = None;
    let db = cards::db();
    if let Some(open) = title.rfind(" (")
        && title.ends_with(')')
    {
        let code = &title[open + 2..title.len() - 1];
        // xfiles-bot's own exports name a printing the set cannot tell
        // apart by its id.
        if let Some(card) = db.by_id(code) {
            let named = title[..open].trim();
            if normalize(named) != normalize(&db.get(card).title) {
                return Err(format!("({code}) is {}, not {named}", db.get(card).title));
            }
            return Ok((card, None));
        }
        let found = SUFFIXES
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|(_, s)| *s);
        match found {
            Some(s) => {
                set = Some(s);
                title = title[..open].trim();
            }
            None if code.chars().all(|c| c.is_ascii_alphanumeric()) => {
                let known: Vec<String> =
                    SUFFIXES.iter().map(|(c, s)| format!("{c} ({s})")).collect();
                return Err(format!(
                    "'({code})' is not a set suffix xfiles-bot knows; known: {}",
                    known.join(", ")
                ));
            }
            // A parenthesis that is part of the title.
            None => {}
        }
    }
    // `TITLE #5 (PRO)` or `TITLE #5`.
    if let Some((head, n)) = printing_number(title)
        && !same_title(head).is_empty()
    {
        return nth_printing(head, set, n).map(|c| (c, None));
    }
    let exact = same_title(title);
    if let Some(card) = first_printing(&exact, set) {
        return Ok((card, None));
    }
    if let (Some(s), false) = (set, exact.is_empty()) {
        let sets: Vec<String> = exact.iter().map(|c| db.get(*c).set.to_string()).collect();
        return Err(format!(
            "{} has no printing in {s}; it is printed in {}",
            db.get(exact[0]).title,
            sets.join(", ")
        ));
    }
    resolve_in(title, section, set)
}

/// `TITLE #5` → ("TITLE", "5"): a trailing number, which names a
/// printing when what precedes it is a title.
fn printing_number(text: &str) -> Option<(&str, &str)> {
    let (head, n) = text.rsplit_once('#')?;
    let numbered = head.ends_with(char::is_whitespace)
        && !n.is_empty()
        && n.chars().all(|c| c.is_ascii_digit());
    numbered.then(|| (head.trim_end(), n))
}

/// `TITLE (SUF)` numbered `n`: the printing, `None` when `head` is not a
/// title with a known suffix (the line is read as a whole then).
fn numbered(head: &str, n: &str) -> Result<Option<CardIdx>, String> {
    let Some((title, code)) = head.strip_suffix(')').and_then(|h| h.rsplit_once(" (")) else {
        return Ok(None);
    };
    let set = SUFFIXES
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|(_, s)| *s);
    match set {
        Some(set) if !same_title(title).is_empty() => nth_printing(title, Some(set), n).map(Some),
        _ => Ok(None),
    }
}

/// The `n`th printing (by card number) of `title` in `set`, or in the set
/// of its first printing; out of range, how many there are.
fn nth_printing(title: &str, set: Option<CardSet>, n: &str) -> Result<CardIdx, String> {
    let db = cards::db();
    let exact = same_title(title);
    let first = first_printing(&exact, set).ok_or_else(|| {
        let sets: Vec<String> = exact.iter().map(|c| db.get(*c).set.to_string()).collect();
        format!(
            "{} has no printing in {}; it is printed in {}",
            db.get(exact[0]).title,
            set.map(|s| s.to_string()).unwrap_or_default(),
            sets.join(", ")
        )
    })?;
    let set = db.get(first).set;
    let mut in_set: Vec<CardIdx> = exact
        .into_iter()
        .filter(|c| db.get(*c).set == set)
        .collect();
    in_set.sort_by_key(|c| db.get(*c).id.clone());
    let card = db.get(first);
    match n.parse::<usize>() {
        Ok(i @ 1..) if i <= in_set.len() => Ok(in_set[i - 1]),
        _ if in_set.len() == 1 => Err(format!(
            "{} has one printing in {set}, so there is no #{n}: write it without a number (or #1)",
            card.title
        )),
        _ => Err(format!(
            "{} has {} printings in {set}, numbered #1 to #{} by card number ({}); there is no #{n}",
            card.title,
            in_set.len(),
            in_set.len(),
            in_set
                .iter()
                .map(|c| db.get(*c).id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The suffix written for a set.
fn suffix(set: CardSet) -> &'static str {
    SUFFIXES
        .iter()
        .find(|(_, s)| *s == set)
        .map_or("PRE", |(c, _)| c)
}

/// Cards in list order with their counts (team and X-Files repeat cards).
fn counted(cards: &[CardIdx]) -> Vec<(CardIdx, u32)> {
    let mut out: Vec<(CardIdx, u32)> = Vec::new();
    for c in cards {
        match out.iter_mut().find(|(d, _)| d == c) {
            Some((_, n)) => *n += 1,
            None => out.push((*c, 1)),
        }
    }
    out
}

/// Every playable card by its normalised title, in set order: built once,
/// so a line looks its title up rather than normalising every card's.
static BY_TITLE: LazyLock<HashMap<String, Vec<CardIdx>>> = LazyLock::new(|| {
    let mut by_title: HashMap<String, Vec<CardIdx>> = HashMap::new();
    for (i, c) in cards::db().iter() {
        if c.kind.is_playable() {
            by_title.entry(normalize(&c.title)).or_default().push(i);
        }
    }
    by_title
});

/// Every playable card titled `title` (in any case).
fn same_title(title: &str) -> Vec<CardIdx> {
    BY_TITLE.get(&normalize(title)).cloned().unwrap_or_default()
}

/// The printing a title and suffix stand for: the first (by set, then id)
/// of `set`, or of all sets without a suffix.
fn first_printing(cards: &[CardIdx], set: Option<CardSet>) -> Option<CardIdx> {
    let db = cards::db();
    cards
        .iter()
        .filter(|c| set.is_none_or(|s| db.get(**c).set == s))
        .min_by_key(|c| (db.get(**c).set, db.get(**c).id.clone()))
        .copied()
}

/// A card as a GCCG line names it: `SMOKE & MIRRORS #5 (PRO)`, numbered
/// from a set's second printing of a title on; by its id when the title
/// does not find it.
fn gccg_name(c: CardIdx) -> String {
    let db = cards::db();
    let card = db.get(c);
    let mut in_set: Vec<CardIdx> = same_title(&card.title)
        .into_iter()
        .filter(|d| db.get(*d).set == card.set)
        .collect();
    in_set.sort_by_key(|d| db.get(*d).id.clone());
    let title = card.title.to_uppercase();
    match in_set.iter().position(|d| *d == c) {
        Some(0) => format!("{title} ({})", suffix(card.set)),
        Some(i) => format!("{title} #{} ({})", i + 1, suffix(card.set)),
        None => format!("{title} ({})", card.id),
    }
}

/// A deck as a GCCG `.deck` file (every printing named by its suffix).
pub fn to_gccg(deck: &Deck) -> String {
    let mut out = format!("# {} (exported by xfiles-bot)\n", deck.name);
    let section = |out: &mut String, title: &str, cards: &[(CardIdx, u32)]| {
        let bar = "#".repeat(title.len());
        out.push_str(&format!("{bar}\n{title}\n{bar}\n"));
        for (c, n) in cards {
            out.push_str(&format!("{n} {}\n", gccg_name(*c)));
        }
    };
    section(&mut out, "Agents", &counted(&deck.team));
    section(&mut out, "Deck", &deck.bureau);
    section(&mut out, "Xfiles", &counted(&deck.xfiles));
    out
}

/// A deck as the community deck builder's JSON, with the team and X-Files
/// placed explicitly.
pub fn to_json(deck: &Deck) -> String {
    let db = cards::db();
    let id = |c: &CardIdx| db.get(*c).id.clone();
    let mut cards: BTreeMap<String, u32> = BTreeMap::new();
    for c in deck.team.iter().chain(&deck.xfiles) {
        *cards.entry(id(c)).or_default() += 1;
    }
    for (c, n) in &deck.bureau {
        *cards.entry(id(c)).or_default() += n;
    }
    let value = serde_json::json!({
        "name": deck.name,
        "cards": cards,
        "team": deck.team.iter().map(id).collect::<Vec<_>>(),
        "xfiles": deck.xfiles.iter().map(id).collect::<Vec<_>>(),
    });
    let mut json = serde_json::to_string_pretty(&value).expect("decks serialise");
    json.push('\n');
    json
}

/// A deck as a plain text list with sections; a card is named by its title
/// when that reads back as the same printing, else by its id.
pub fn to_text(deck: &Deck) -> String {
    let db = cards::db();
    let name_of = |c: CardIdx, section: Section| {
        let card = db.get(c);
        match resolve_name(&card.title, Some(section)) {
            Ok((same, None)) if same == c => card.title.clone(),
            _ => card.id.clone(),
        }
    };
    let mut out = format!("Name: {}\nTeam:\n", deck.name);
    for (c, n) in counted(&deck.team) {
        out.push_str(&format!("{n} {}\n", name_of(c, Section::Team)));
    }
    out.push_str("X-Files:\n");
    for (c, n) in counted(&deck.xfiles) {
        out.push_str(&format!("{n} {}\n", name_of(c, Section::XFiles)));
    }
    out.push_str("Deck:\n");
    for (c, n) in &deck.bureau {
        out.push_str(&format!("{n} {}\n", name_of(*c, Section::Bureau)));
    }
    out
}
