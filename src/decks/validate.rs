//! Deck construction rules, each violation citing its rule.

use std::collections::BTreeMap;

use super::Deck;
use crate::cards::cube::Cube;
use crate::cards::{self, CardType, Keyword};
use crate::league::limited::Pool;

/// Which construction rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckFormat {
    /// Constructed decks (Advanced Rules pp. 4-6).
    Advanced { killer_cards: bool },
    /// A starter deck as it is (FAQ97 #9; FAQ21 #54(a)): four Agents and
    /// X-Files; the cards the Basic Game does not use (Advanced, Combat,
    /// Agent and, without `killer_cards`, Killer cards) are set aside at
    /// set-up rather than refused (FAQ97 #11, FAQ21 #45).
    Basic { killer_cards: bool },
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub message: String,
    /// Where the rule is written, e.g. "Advanced Rules p. 5".
    pub source: &'static str,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.source)
    }
}

/// Checks every rule and returns every violation (empty when the deck is legal).
pub fn validate(deck: &Deck, format: DeckFormat) -> Vec<Violation> {
    let (basic, killer_ok) = match format {
        DeckFormat::Advanced { killer_cards } => (false, killer_cards),
        DeckFormat::Basic { killer_cards } => (true, killer_cards),
    };
    let mut out = Vec::new();
    records(deck, &mut out);
    team_rules(deck, basic, &mut out);
    xfile_rules(deck, &mut out);
    bureau_rules(deck, basic, &mut out);
    // The Basic Game sets aside the Killer cards it does not use, with its
    // Advanced and Agent cards (`engine::xfiles::basic::set_aside`).
    if !killer_ok && !basic {
        killer_rule(deck, &mut out);
    }
    out
}

/// Every entry must be a playable card, not a checklist record.
fn records(deck: &Deck, out: &mut Vec<Violation>) {
    let db = cards::db();
    let mut fail = |message: String, source: &'static str| out.push(Violation { message, source });
    let title = |c: &cards::CardIdx| db.get(*c).title.clone();
    for c in deck
        .team
        .iter()
        .chain(&deck.xfiles)
        .chain(deck.bureau.iter().map(|(c, _)| c))
    {
        if !db.get(*c).kind.is_playable() {
            fail(
                format!(
                    "{} ({}) is a checklist record, not a card",
                    title(c),
                    db.get(*c).id
                ),
                "card data",
            );
        }
    }
}

/// The starting team (Advanced Rules p. 6; FAQ21 #54(b) for the Basic Game).
fn team_rules(deck: &Deck, basic: bool, out: &mut Vec<Violation>) {
    let db = cards::db();
    let mut fail = |message: String, source: &'static str| out.push(Violation { message, source });
    let title = |c: &cards::CardIdx| db.get(*c).title.clone();
    for c in &deck.team {
        if db.get(*c).kind != CardType::Agent {
            fail(
                format!(
                    "the team may only hold Agents; {} is {}",
                    title(c),
                    a_kind(db.get(*c).kind)
                ),
                "Advanced Rules p. 6",
            );
        }
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for c in &deck.team {
        *seen.entry(title(c)).or_default() += 1;
    }
    for (name, n) in &seen {
        if *n > 1 {
            fail(
                format!("{name} is on the team {n} times; team Agents must all be different"),
                "Advanced Rules p. 6",
            );
        }
    }
    if basic {
        if deck.team.len() != 4 {
            fail(
                format!(
                    "the team has {} Agents; the Basic Game starts with four",
                    deck.team.len()
                ),
                "FAQ21 #54(b)",
            );
        }
    } else {
        if deck.team.len() < 3 {
            fail(
                format!(
                    "the team has {} Agents; it needs at least 3",
                    deck.team.len()
                ),
                "Advanced Rules p. 6",
            );
        }
        let cost: u32 = deck
            .team
            .iter()
            .map(|c| db.get(*c).cost.map_or(0, |k| k.amount.with_x(0)))
            .sum();
        if cost > 20 {
            fail(
                format!("the team costs {cost}; the starting Agents may cost at most 20 in all"),
                "Advanced Rules p. 6",
            );
        }
    }
}

/// The candidate X-Files (Advanced Rules p. 5).
fn xfile_rules(deck: &Deck, out: &mut Vec<Violation>) {
    let db = cards::db();
    let mut fail = |message: String, source: &'static str| out.push(Violation { message, source });
    let title = |c: &cards::CardIdx| db.get(*c).title.clone();
    if deck.xfiles.is_empty() {
        fail(
            "there is no X-File; choose at least one candidate X-File".into(),
            "Advanced Rules p. 5",
        );
    }
    for c in &deck.xfiles {
        if db.get(*c).kind != CardType::XFile {
            fail(
                format!("{} is {}, not an X-File", title(c), a_kind(db.get(*c).kind)),
                "Advanced Rules p. 5",
            );
        }
    }
}

/// The Bureau deck: size, card types and copies (Advanced Rules pp. 4-5;
/// the Basic Game plays a starter as it is: no size or copy rule).
fn bureau_rules(deck: &Deck, basic: bool, out: &mut Vec<Violation>) {
    let db = cards::db();
    let mut fail = |message: String, source: &'static str| out.push(Violation { message, source });
    let title = |c: &cards::CardIdx| db.get(*c).title.clone();
    let size = deck.bureau_size();
    if !basic && size < 60 {
        fail(
            format!(
                "the Bureau deck has {size} cards; it needs at least 60, not counting the team and the X-File"
            ),
            "Advanced Rules p. 5",
        );
    }
    let mut copies: BTreeMap<String, u32> = BTreeMap::new();
    for (c, n) in &deck.bureau {
        *copies.entry(title(c)).or_default() += n;
        if db.get(*c).kind == CardType::XFile {
            fail(
                format!(
                    "{} is an X-File; X-Files are set aside, not shuffled into the Bureau deck",
                    title(c)
                ),
                "Advanced Rules p. 4",
            );
        }
    }
    if basic {
        return;
    }
    for (name, n) in &copies {
        if *n > 2 {
            fail(
                format!("{name}: {n} copies in the Bureau deck; at most 2 of any card"),
                "Advanced Rules p. 5",
            );
        }
    }
    for (c, n) in &deck.bureau {
        let limit = crate::engine::xfiles::effects::db::scripts()
            .of(*c)
            .and_then(|s| s.deck_limit);
        if let Some(limit) = limit
            && copies.get(&title(c)).copied().unwrap_or(*n) > u32::from(limit)
        {
            fail(
                format!(
                    "{}: at most {limit} in a deck (the card's own text)",
                    title(c)
                ),
                "card text",
            );
        }
    }
}

/// Killer cards only when every player agrees (Advanced Rules pp. 4, 42).
fn killer_rule(deck: &Deck, out: &mut Vec<Violation>) {
    let db = cards::db();
    let mut fail = |message: String, source: &'static str| out.push(Violation { message, source });
    let title = |c: &cards::CardIdx| db.get(*c).title.clone();
    let mut killers: Vec<String> = deck
        .team
        .iter()
        .chain(deck.bureau.iter().map(|(c, _)| c))
        .filter(|c| db.get(**c).has_keyword(Keyword::Killer))
        .map(title)
        .collect();
    killers.dedup();
    if !killers.is_empty() {
        fail(
            format!(
                "Killer cards are only allowed when every player agrees (game option killer): {}",
                killers.join(", ")
            ),
            "Advanced Rules pp. 4, 42",
        );
    }
}

/// "an Equipment card", "a Site card".
fn a_kind(kind: CardType) -> String {
    let name = kind.as_str();
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name} card")
}

/// Checks that a limited deck is built from its player's pool: Agents (on
/// the team or in the Bureau deck) from the pool's Agents, every other card
/// at most as many times as the pool holds it (in safe mode, Sites from the
/// cube's set-aside Sites). X-Files are not in the cube: any may be used
/// (how xfiles-bot plays it). Copies are counted by title, so any printing
/// of a pool card will do.
pub fn within_pool(deck: &Deck, pool: &Pool, cube: &Cube) -> Vec<Violation> {
    let db = cards::db();
    let title_of = |id: &String| db.by_id(id).map(|c| db.get(c).title.clone());
    let count = |ids: &[String]| {
        let mut m: BTreeMap<String, u32> = BTreeMap::new();
        for t in ids.iter().filter_map(title_of) {
            *m.entry(t).or_default() += 1;
        }
        m
    };
    let agents = count(&pool.agents);
    let mut others = count(&pool.cards);
    if pool.any_sites {
        for (t, n) in count(&cube.sites) {
            *others.entry(t).or_default() += n;
        }
    }
    let mut used: BTreeMap<(bool, String), u32> = BTreeMap::new();
    for c in &deck.team {
        *used.entry((true, db.get(*c).title.clone())).or_default() += 1;
    }
    for (c, n) in &deck.bureau {
        let card = db.get(*c);
        *used
            .entry((card.kind == CardType::Agent, card.title.clone()))
            .or_default() += n;
    }
    let mut out = Vec::new();
    for ((agent, title), n) in used {
        let (have, what) = if agent {
            (agents.get(&title), "Agents")
        } else {
            (others.get(&title), "cards")
        };
        let have = have.copied().unwrap_or(0);
        if n > have {
            out.push(Violation {
                message: if have == 0 {
                    format!("{title} is not among your pool's {what}")
                } else {
                    format!("{title}: {n} in the deck, but your pool holds {have}")
                },
                source: "FCU cube instructions pp. 2-3",
            });
        }
    }
    out
}
