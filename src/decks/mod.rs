//! X-Files CCG deck lists: a starting Agent team, candidate X-Files and a
//! Bureau deck (Advanced Rules pp. 5-6).
//!
//! `parse` reads the community deck builder's JSON and plain text lists,
//! and `gccg` GCCG's `.deck` files, resolving every line to a card and
//! writing any deck back in each format; [`validate`] checks a list against
//! the construction rules of the Advanced or Basic Game (and a limited
//! pool) and reports every violation at once, each with its source.
//! [`limits`] bounds what a list may hold, checked before any card name is
//! looked up.
//!
//! `starters` holds the built-in starter decks (`cards/starters/`, a fixed
//! pack and a seeded draw of 40 cards), which a player names like a saved
//! deck (`/game new deck:`). The app parses an imported list off the async
//! runtime.

mod gccg;
pub mod limits;
mod parse;
mod starters;
mod validate;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cards::{self, CardIdx};

pub use gccg::{SUFFIXES, parse_gccg, to_gccg, to_json, to_text};
use parse::Section;
pub use parse::{ParseError, Parsed, parse_json, parse_list, parse_text};
pub use starters::{Starter, find_starter, starters};
pub use validate::{DeckFormat, Violation, validate, within_pool};

/// A resolved deck list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    /// The starting Agents, placed in the Bureau at set-up.
    pub team: Vec<CardIdx>,
    /// The X-Files one of which is chosen secretly at set-up.
    pub xfiles: Vec<CardIdx>,
    /// The Bureau deck, as (card, copies) in list order.
    pub bureau: Vec<(CardIdx, u32)>,
}

impl Deck {
    /// Number of cards in the Bureau deck.
    pub fn bureau_size(&self) -> u32 {
        self.bureau.iter().map(|(_, n)| n).sum()
    }

    /// Every Bureau deck card, one entry a copy.
    pub fn bureau_cards(&self) -> Vec<CardIdx> {
        self.bureau
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
            .collect()
    }

    /// The stored form: card ids, not indexes, so it survives data updates.
    pub fn to_stored(&self) -> StoredDeck {
        let db = cards::db();
        StoredDeck {
            name: self.name.clone(),
            team: self.team.iter().map(|c| db.get(*c).id.clone()).collect(),
            xfiles: self.xfiles.iter().map(|c| db.get(*c).id.clone()).collect(),
            bureau: self
                .bureau
                .iter()
                .map(|(c, n)| (db.get(*c).id.clone(), *n))
                .collect(),
        }
    }

    /// Rebuilds a deck from its stored form.
    pub fn from_stored(stored: &StoredDeck) -> Result<Deck, String> {
        let db = cards::db();
        let find = |id: &String| {
            db.by_id(id)
                .ok_or_else(|| format!("card {id} is no longer in the card database"))
        };
        Ok(Deck {
            name: stored.name.clone(),
            team: stored.team.iter().map(find).collect::<Result<_, _>>()?,
            xfiles: stored.xfiles.iter().map(find).collect::<Result<_, _>>()?,
            bureau: stored
                .bureau
                .iter()
                .map(|(id, n)| find(id).map(|c| (c, *n)))
                .collect::<Result<_, _>>()?,
        })
    }

    /// A readable listing by section and card type.
    pub fn render(&self) -> String {
        let db = cards::db();
        let mut out = format!("**{}**\n", self.name);
        let team_cost: u32 = self
            .team
            .iter()
            .map(|c| db.get(*c).cost.map_or(0, |c| c.amount.with_x(0)))
            .sum();
        out.push_str(&format!(
            "Team ({} Agents, cost {team_cost}):\n",
            self.team.len()
        ));
        for c in &self.team {
            let card = db.get(*c);
            out.push_str(&format!(
                "  {} ({}, {})\n",
                card.title,
                card.cost.map(|c| c.to_string()).unwrap_or_default(),
                card.id
            ));
        }
        out.push_str(&format!("X-Files ({}):\n", self.xfiles.len()));
        for c in &self.xfiles {
            out.push_str(&format!("  {} ({})\n", db.get(*c).title, db.get(*c).id));
        }
        out.push_str(&format!("Bureau deck ({} cards):\n", self.bureau_size()));
        let mut by_type: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (c, n) in &self.bureau {
            let card = db.get(*c);
            by_type
                .entry(card.kind.to_string())
                .or_default()
                .push(format!("{n} {}", card.title));
        }
        for (kind, lines) in by_type {
            let count: u32 = lines
                .iter()
                .filter_map(|l| l.split(' ').next()?.parse::<u32>().ok())
                .sum();
            out.push_str(&format!("  {kind} ({count}): {}\n", lines.join(", ")));
        }
        out.trim_end().to_string()
    }
}

/// The stored (and exported) form of a deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredDeck {
    pub name: String,
    pub team: Vec<String>,
    pub xfiles: Vec<String>,
    pub bureau: Vec<(String, u32)>,
}
