//! The project's rules reference (`cards/rules/*.md`, embedded) and `/rules`
//! search over it.
//!
//! Entries are written by hand, one Markdown section each, except the
//! glossary: one entry per Keyword, Activator, Skill and characteristic
//! value of the card vocabulary, built here from what each term is (a skill,
//! a characteristic, a card type, a section...). Search scores every query
//! word against titles, aliases and bodies with typo tolerance (Damerau
//! distance from `strsim`) after expanding abbreviations and French words.

mod glossary;
mod search;

use std::sync::LazyLock;

pub use search::{Answer, Hit, Parts, TUNING, Tuning, answer, explain, search};

/// Which game an entry is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulesGame {
    XFilesCcg,
    Legendary,
    FanCcg,
}

impl RulesGame {
    pub fn name(self) -> &'static str {
        match self {
            RulesGame::XFilesCcg => "The X-Files CCG",
            RulesGame::Legendary => "Legendary Encounters: The X-Files",
            RulesGame::FanCcg => "The X-Files Fan CCG",
        }
    }

    /// From a game kind slug or a short name ("xfiles-ccg", "legendary", "fan").
    pub fn parse(text: &str) -> Option<RulesGame> {
        match text.to_ascii_lowercase().as_str() {
            "xfiles-ccg" | "xfiles-ccg-basic" | "ccg" | "xfiles" => Some(RulesGame::XFilesCcg),
            "legendary" | "le" => Some(RulesGame::Legendary),
            "fan-ccg" | "fan" => Some(RulesGame::FanCcg),
            _ => None,
        }
    }
}

/// One entry of the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub game: RulesGame,
    pub title: String,
    pub aliases: Vec<String>,
    pub body: String,
    /// Where it comes from: manual pages, ruling sources.
    pub source: String,
    pub related: Vec<String>,
    /// Titles of the cards a ruling is about (`/card` shows it under "Rulings").
    pub cards: Vec<String>,
    /// Built from the card vocabulary.
    pub glossary: bool,
    /// Questions players ask that the entry answers, in their words (one
    /// `asks:` line each): the search's nearest-question evidence.
    pub asks: Vec<String>,
}

impl Entry {
    /// The entry as a message: title, body, source, related entries.
    pub fn render(&self) -> String {
        let mut out = format!(
            "**{}** — {}\n{}\nSource: {}",
            self.title,
            self.game.name(),
            self.body,
            self.source
        );
        if !self.related.is_empty() {
            let titles: Vec<String> = self
                .related
                .iter()
                .filter_map(|id| reference().get(id))
                .map(|e| e.title.clone())
                .collect();
            out.push_str(&format!("\nSee also: {}", titles.join(" · ")));
        }
        out
    }
}

/// The whole reference.
pub struct Reference {
    pub entries: Vec<Entry>,
}

impl Reference {
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }
}

const FILES: &[(RulesGame, &str)] = &[
    (
        RulesGame::XFilesCcg,
        include_str!("../../cards/rules/xfiles-ccg.md"),
    ),
    (
        RulesGame::XFilesCcg,
        include_str!("../../cards/rules/xfiles-rulings.md"),
    ),
    (
        RulesGame::Legendary,
        include_str!("../../cards/rules/legendary.md"),
    ),
    (
        RulesGame::FanCcg,
        include_str!("../../cards/rules/fan-ccg.md"),
    ),
];

static REFERENCE: LazyLock<Reference> = LazyLock::new(|| {
    let mut entries = Vec::new();
    for (game, text) in FILES {
        entries.extend(parse(*game, text).expect("the embedded rules reference is valid"));
    }
    entries.extend(glossary::entries());
    Reference { entries }
});

impl Reference {
    /// The rulings about a card, by its title.
    pub fn rulings_for(&self, title: &str) -> Vec<&Entry> {
        let wanted = crate::cards::normalize(title);
        self.entries
            .iter()
            .filter(|e| e.cards.iter().any(|c| crate::cards::normalize(c) == wanted))
            .collect()
    }
}

/// The embedded reference (parsed once).
pub fn reference() -> &'static Reference {
    &REFERENCE
}

/// Parses one reference file: `## Title`, `key: value` lines, a blank line, the body.
pub fn parse(game: RulesGame, text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for section in text.split("\n## ").skip(1) {
        let mut lines = section.lines();
        let title = lines.next().unwrap_or_default().trim().to_string();
        let mut entry = Entry {
            id: String::new(),
            game,
            title: title.clone(),
            aliases: Vec::new(),
            body: String::new(),
            source: String::new(),
            related: Vec::new(),
            cards: Vec::new(),
            glossary: false,
            asks: Vec::new(),
        };
        let mut body = Vec::new();
        let mut in_body = false;
        for line in lines {
            if in_body {
                body.push(line);
                continue;
            }
            if line.trim().is_empty() {
                in_body = true;
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("'{title}': expected 'key: value', found '{line}'"))?;
            let list = || {
                value
                    .split(',')
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty())
                    .collect::<Vec<_>>()
            };
            match key.trim() {
                "id" => entry.id = value.trim().to_string(),
                "aliases" => entry.aliases = list(),
                "asks" => entry.asks.push(value.trim().to_string()),
                "source" => entry.source = value.trim().to_string(),
                "related" => entry.related = list(),
                "cards" => {
                    entry.cards = value
                        .split(';')
                        .map(|v| v.trim().to_string())
                        .filter(|v| !v.is_empty())
                        .collect()
                }
                other => return Err(format!("'{title}': unknown key '{other}'")),
            }
        }
        entry.body = body.join("\n").trim().to_string();
        if entry.id.is_empty() || entry.source.is_empty() || entry.body.is_empty() {
            return Err(format!("'{title}' needs an id, a source and a body"));
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The glossary entry of a card vocabulary term, if any ("Alien Investigation").
pub fn glossary_entry(term: &str) -> Option<&'static Entry> {
    reference().get(&glossary::id_of(term))
}
