//! Reading deck lists: the community deck builder's JSON and plain text.
//!
//! Text lists take one card a line: `2 Aubrey, MO`, `2x Aubrey, MO`,
//! `XF96-0063v1` (one copy when no count is given). Optional section headers
//! `Team:`, `X-Files:` and `Deck:` place cards; without them Agents form the
//! team (one copy each) and X-File cards the candidate X-Files.
//!
//! A list that names itself (the JSON's `"name"`, a text list's `Name:`)
//! gives the deck that name; the name a reader is passed (the file's) is
//! only the fallback.
//!
//! Every format is read in two passes: the first checks the list against
//! [`super::limits`] (its lines, each line's length and count, the cards in
//! all), the second looks the names up, so an oversized list costs no
//! lookup at all.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::Deck;
use super::limits::{self, MAX_COPIES, MAX_LINE_CHARS, MAX_LINES};
use crate::cards::{self, CardIdx, CardType, Filter};

/// A deck read from a list, with what the reader inferred or corrected.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// Named by the list's own name when it has one (`"name"` in the
    /// JSON, `Name:` in a text list), else by the name the reader was given.
    pub deck: Deck,
    /// The name the list gives itself, as written.
    pub list_name: Option<String>,
    /// e.g. "line 3: 'aubry mo' read as Aubrey, MO (XF96-0063v1)".
    pub notes: Vec<String>,
}

/// Every line that could not be read; nothing is imported when there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .problems.join("\n"))]
pub struct ParseError {
    pub problems: Vec<String>,
}

impl ParseError {
    /// A refusal of the whole list (a limit), not of one line.
    pub(super) fn one(problem: String) -> ParseError {
        ParseError {
            problems: vec![problem],
        }
    }
}

/// A card line as the first pass reads it: its number, its count (or why
/// the line is refused before any lookup) and the name to look up.
pub(super) struct CardLine<'a> {
    pub(super) no: usize,
    pub(super) count: Result<u32, String>,
    pub(super) name: &'a str,
    pub(super) section: Option<Section>,
}

/// An entry of a deck list: a card, its copies and the section it is in.
pub(super) type Entry = (CardIdx, u32, Option<Section>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Section {
    Team,
    XFiles,
    Bureau,
}

/// Reads a deck list in any format: JSON when it starts with `{`, a GCCG
/// deck file when it has GCCG's banners or section lines, else text.
pub fn parse_list(name: &str, text: &str) -> Result<Parsed, ParseError> {
    if text.trim_start().starts_with('{') {
        parse_json(name, text)
    } else if super::gccg::looks_like_gccg(text) {
        super::gccg::parse_gccg(name, text)
    } else {
        parse_text(name, text)
    }
}

/// The community deck builder's JSON: `{"name": ..., "cards": {"XF96-0160v1": 1, ...}}`,
/// optionally with `"team": [ids]` and `"xfiles": [ids]` to place cards explicitly.
/// The deck is named by its `"name"`, `name` (the file's) only without one.
pub fn parse_json(name: &str, text: &str) -> Result<Parsed, ParseError> {
    #[derive(Deserialize)]
    struct Community {
        name: Option<String>,
        cards: BTreeMap<String, u32>,
        #[serde(default)]
        team: Option<Vec<String>>,
        #[serde(default)]
        xfiles: Option<Vec<String>>,
    }
    let fail = |p: String| ParseError { problems: vec![p] };
    let parsed: Community = serde_json::from_str(text).map_err(|e| {
        fail(format!(
            "not a deck builder JSON file ({e}); expected {{\"name\": \"...\", \"cards\": {{\"XF96-0160v1\": 1, ...}}}}"
        ))
    })?;
    check_json_size(&parsed.cards, [&parsed.team, &parsed.xfiles]).map_err(ParseError::one)?;
    let mut problems = json_copies_problems(&parsed.cards);
    let mut resolve = |id: &str, what: &str| match find_id(id, what) {
        Ok(c) => Some(c),
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    let mut entries = Vec::new();
    for (id, n) in parsed.cards.iter().filter(|(_, n)| **n <= MAX_COPIES) {
        if let Some(c) = resolve(id, "card") {
            entries.push((c, *n, None));
        }
    }
    let explicit = |list: &Option<Vec<String>>,
                    section,
                    resolve: &mut dyn FnMut(&str, &str) -> Option<CardIdx>| {
        list.iter()
            .flatten()
            .filter_map(|id| resolve(id, "team/xfiles entry").map(|c| (c, section)))
            .collect::<Vec<_>>()
    };
    let placed: Vec<(CardIdx, Section)> = explicit(&parsed.team, Section::Team, &mut resolve)
        .into_iter()
        .chain(explicit(&parsed.xfiles, Section::XFiles, &mut resolve))
        .collect();
    if !problems.is_empty() {
        return Err(ParseError { problems });
    }
    let list_name = parsed.name.filter(|n| !n.trim().is_empty());
    let named = deck_name(list_name.as_deref(), name);
    let explicit_sections = parsed.team.is_some() || parsed.xfiles.is_some();
    let mut notes = Vec::new();
    if explicit_sections {
        let mut remaining: BTreeMap<CardIdx, u32> =
            entries.iter().map(|(c, n, _)| (*c, *n)).collect();
        let mut deck = Deck {
            name: named,
            team: vec![],
            xfiles: vec![],
            bureau: vec![],
        };
        for (c, section) in placed {
            let left = remaining.entry(c).or_insert(0);
            *left = left.saturating_sub(1);
            match section {
                Section::Team => deck.team.push(c),
                _ => deck.xfiles.push(c),
            }
        }
        deck.bureau = entries
            .iter()
            .filter_map(|(c, _, _)| remaining.get(c).filter(|n| **n > 0).map(|n| (*c, *n)))
            .collect();
        return Ok(Parsed {
            deck,
            list_name,
            notes,
        });
    }
    Ok(Parsed {
        deck: assemble(named, entries, &mut notes),
        list_name,
        notes,
    })
}

/// A deck's name: the list's own, else `given`, else "Unnamed deck".
pub(super) fn deck_name(own: Option<&str>, given: &str) -> String {
    [own.unwrap_or_default(), given]
        .into_iter()
        .map(str::trim)
        .find(|n| !n.is_empty())
        .unwrap_or("Unnamed deck")
        .to_string()
}

/// A JSON list's size: at most [`MAX_LINES`] entries (cards, team and
/// X-Files) and [`limits::MAX_CARDS`] cards.
fn check_json_size(
    cards: &BTreeMap<String, u32>,
    placed: [&Option<Vec<String>>; 2],
) -> Result<(), String> {
    let placed: usize = placed.into_iter().flatten().map(|ids| ids.len()).sum();
    let entries = cards.len() + placed;
    if entries > MAX_LINES {
        return Err(format!(
            "the file has {entries} entries (cards, team and xfiles); a deck list may have at most {MAX_LINES}. A deck holds about a hundred cards: check that this is the deck file you meant"
        ));
    }
    limits::check_cards(cards.values().map(|n| u64::from(*n)).sum())
}

/// The JSON cards of more copies than a line may hold (checked before any
/// id is looked up).
fn json_copies_problems(cards: &BTreeMap<String, u32>) -> Vec<String> {
    cards
        .iter()
        .filter(|(_, n)| **n > MAX_COPIES)
        .map(|(id, n)| {
            format!(
                "card '{}' has {n} copies; a deck list may have at most {MAX_COPIES} of one card, more than any legal deck holds; correct the number",
                shown(id)
            )
        })
        .collect()
}

/// A JSON entry's card by its id, or why it names none.
fn find_id(id: &str, what: &str) -> Result<CardIdx, String> {
    let chars = id.chars().count();
    if chars > MAX_LINE_CHARS {
        return Err(format!(
            "{what} '{}' ({chars} characters) is not a card id; ids are like XF96-0063v1",
            shown(id)
        ));
    }
    cards::db()
        .by_id(id)
        .ok_or_else(|| format!("{what} '{id}' is not a card id{}", suggest_id(id)))
}

/// An id as a message quotes it: whole, or its start when it is too long to
/// be one.
fn shown(id: &str) -> String {
    if id.chars().count() <= MAX_LINE_CHARS {
        id.to_string()
    } else {
        format!("{}…", id.chars().take(20).collect::<String>())
    }
}

/// A plain text list (see the module docs).
pub fn parse_text(name: &str, text: &str) -> Result<Parsed, ParseError> {
    limits::check_lines(text).map_err(ParseError::one)?;
    let mut lines = Vec::new();
    let mut section = None;
    let mut list_name = None;
    for (i, raw_line) in text.lines().enumerate() {
        let line = raw_line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if let Some(rest) = strip_header(line, &["name"]) {
            if list_name.is_none() && !rest.is_empty() {
                list_name = Some(rest.to_string());
            }
            continue;
        }
        if let Some(s) = section_header(line) {
            section = Some(s);
            continue;
        }
        let (count, card) = match split_count(line) {
            Ok((n, card)) => (Ok(n), card),
            Err(problem) => (Err(problem), line),
        };
        lines.push(CardLine {
            no: i + 1,
            count,
            name: card,
            section,
        });
    }
    let (entries, mut notes) = resolve_lines(lines, resolve_name)?;
    if entries.is_empty() {
        return Err(ParseError {
            problems: vec!["the list has no cards; write one card a line, e.g. '2 Aubrey, MO' or '2x XF96-0063v1'".into()],
        });
    }
    Ok(Parsed {
        deck: assemble(deck_name(list_name.as_deref(), name), entries, &mut notes),
        list_name,
        notes,
    })
}

/// The second pass: the cards in all are checked against the limit (each
/// line's length and count were checked by the first pass), then every
/// line's name is looked up. Every bad line is reported at once.
pub(super) fn resolve_lines(
    lines: Vec<CardLine<'_>>,
    resolve: impl Fn(&str, Option<Section>) -> Result<(CardIdx, Option<String>), String>,
) -> Result<(Vec<Entry>, Vec<String>), ParseError> {
    let total: u64 = lines
        .iter()
        .filter_map(|l| l.count.as_ref().ok())
        .map(|n| u64::from(*n))
        .sum();
    limits::check_cards(total).map_err(ParseError::one)?;
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let mut entries = Vec::new();
    for line in lines {
        let (no, name, section) = (line.no, line.name, line.section);
        match line
            .count
            .and_then(|count| resolve(name, section).map(|(card, note)| (card, count, note)))
        {
            Ok((card, count, note)) => {
                if let Some(note) = note {
                    notes.push(format!("line {no}: {note}"));
                }
                entries.push((card, count, section));
            }
            Err(problem) => problems.push(format!("line {no}: {problem}")),
        }
    }
    if !problems.is_empty() {
        return Err(ParseError { problems });
    }
    Ok((entries, notes))
}

/// Places entries in sections: explicit ones where given, otherwise Agents on
/// the team (one copy each, extra copies in the Bureau deck) and X-Files aside.
pub(super) fn assemble(name: String, entries: Vec<Entry>, notes: &mut Vec<String>) -> Deck {
    let db = cards::db();
    let explicit = entries.iter().any(|(_, _, s)| s.is_some());
    let mut deck = Deck {
        name,
        team: vec![],
        xfiles: vec![],
        bureau: vec![],
    };
    let mut inferred_team = false;
    for (card, count, section) in entries {
        let kind = db.get(card).kind;
        let section = section.unwrap_or(match kind {
            CardType::XFile => Section::XFiles,
            CardType::Agent if !explicit => Section::Team,
            _ => Section::Bureau,
        });
        match section {
            Section::Team => {
                inferred_team |= !explicit;
                deck.team.push(card);
                if count > 1 {
                    add(&mut deck.bureau, card, count - 1);
                }
            }
            Section::XFiles => deck
                .xfiles
                .extend(std::iter::repeat_n(card, count as usize)),
            Section::Bureau => add(&mut deck.bureau, card, count),
        }
    }
    if inferred_team {
        notes.push(
            "the Agents form the starting team (one copy each); add a 'Team:' and a 'Deck:' section to put Agents in the Bureau deck".into(),
        );
    }
    deck
}

fn add(bureau: &mut Vec<(CardIdx, u32)>, card: CardIdx, n: u32) {
    match bureau.iter_mut().find(|(c, _)| *c == card) {
        Some((_, m)) => *m += n,
        None => bureau.push((card, n)),
    }
}

fn strip_header<'a>(line: &'a str, words: &[&str]) -> Option<&'a str> {
    let (head, rest) = line.split_once(':')?;
    let head = head.trim().to_ascii_lowercase();
    words.contains(&head.as_str()).then(|| rest.trim())
}

fn section_header(line: &str) -> Option<Section> {
    let head = line.strip_suffix(':')?.trim().to_ascii_lowercase();
    match head.as_str() {
        "team" | "agents" | "starting agents" | "starting team" => Some(Section::Team),
        "x-file" | "x-files" | "xfile" | "xfiles" => Some(Section::XFiles),
        "deck" | "bureau" | "bureau deck" => Some(Section::Bureau),
        _ => None,
    }
}

/// "2 Aubrey, MO" / "2x Aubrey, MO" / "Aubrey, MO" → (count, name), or why
/// the line is refused: too long, or a count outside 1..=[`MAX_COPIES`].
fn split_count(line: &str) -> Result<(u32, &str), String> {
    limits::check_line(line)?;
    let Some((first, rest)) = line.split_once(char::is_whitespace) else {
        return Ok((1, line));
    };
    let digits = first.trim_end_matches(['x', 'X']);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Ok((1, line));
    }
    match digits.parse::<u32>() {
        Ok(0) => Err(format!(
            "'{line}' has a count that is not a number from 1 to {MAX_COPIES}"
        )),
        Ok(n) if n <= MAX_COPIES => Ok((n, rest.trim())),
        _ => Err(limits::too_many_copies(line)),
    }
}

/// Resolves one line's card by id or fuzzy name. A confident fuzzy match is
/// accepted with a note; anything else is an error with suggestions.
pub(super) fn resolve_name(
    text: &str,
    section: Option<Section>,
) -> Result<(CardIdx, Option<String>), String> {
    resolve_in(text, section, None)
}

/// [`resolve_name`] among one set's printings (a GCCG suffix), or all.
pub(super) fn resolve_in(
    text: &str,
    section: Option<Section>,
    set: Option<cards::CardSet>,
) -> Result<(CardIdx, Option<String>), String> {
    let db = cards::db();
    if let Some(c) = db.by_id(text) {
        return Ok((c, None));
    }
    let kind = match section {
        Some(Section::Team) => Some(CardType::Agent),
        Some(Section::XFiles) => Some(CardType::XFile),
        _ => None,
    };
    let hits = db.lookup().search(text, Filter { set, kind }, 4);
    let suggestions = || {
        let names: Vec<String> = hits
            .iter()
            .map(|m| format!("{} ({})", db.get(m.card).title, db.get(m.card).id))
            .collect();
        if names.is_empty() {
            "no card has a similar name; check the spelling or use the card's id (see /card)"
                .to_string()
        } else {
            format!("did you mean {}?", names.join(" or "))
        }
    };
    let Some(best) = hits.first() else {
        return Err(format!("'{text}' is not a card: {}", suggestions()));
    };
    let same_title = |a: CardIdx, b: CardIdx| db.printings(a).contains(&b);
    let clear = hits.get(1).is_none_or(|second| {
        best.score - second.score >= 0.04 || same_title(best.card, second.card)
    });
    let card = db.get(best.card);
    if best.score >= 0.999 {
        return Ok((best.card, None));
    }
    if best.score >= 0.8 && clear {
        return Ok((
            best.card,
            Some(format!("'{text}' read as {} ({})", card.title, card.id)),
        ));
    }
    Err(format!(
        "'{text}' is ambiguous or unknown: {}",
        suggestions()
    ))
}

fn suggest_id(id: &str) -> String {
    let db = cards::db();
    let prefix: String = id.chars().take(9).collect();
    let close: Vec<String> = db
        .iter()
        .filter(|(_, c)| {
            c.id.to_ascii_lowercase()
                .starts_with(&prefix.to_ascii_lowercase())
        })
        .take(3)
        .map(|(_, c)| format!("{} ({})", c.id, c.title))
        .collect();
    if close.is_empty() {
        "; use the ids shown by /card".into()
    } else {
        format!("; did you mean {}?", close.join(" or "))
    }
}
