//! Ready-made starter decks: a starter is its edition's fixed pack (the
//! same in every box of that starter) and random cards of the set. Premiere:
//! 20 fixed cards and 40 random, 25 common, 12 uncommon and 3 rare (FAQ97
//! #2, #3, #9). The Truth is Out There: a core of about 50 and 15 random
//! (InQuest #28 p. 90), dealt as a booster's rarities, 9 common, 4 uncommon
//! and 2 rare (FAQ97 #3; how xfiles-bot deals them). The fixed packs are
//! transcribed from the Ancillary Documentation (pp. 38-42) into
//! `cards/starters/`; the random cards are a seeded draw from the set,
//! so one seed gives one deck. How xfiles-bot deals the random cards: each
//! is drawn at random, with repeats, among the set's cards of its rarity
//! (Ultra-Rares come only in boosters, FAQ97 #6; Fixed cards only in their
//! packs, FAQ97 #9).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::Deck;
use crate::cards::{self, CardIdx, CardSet, CardType, Rarity};
use crate::engine::GameRng;

#[derive(Deserialize)]
struct StarterFile {
    set: String,
    random: BTreeMap<String, usize>,
    packs: Vec<PackFile>,
}

#[derive(Deserialize)]
struct PackFile {
    name: String,
    cards: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    id: String,
}

/// One starter: its fixed pack and how many random cards of each rarity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Starter {
    /// "Starter: Mulder (Premiere)".
    pub name: String,
    pub set: CardSet,
    pub fixed: Vec<CardIdx>,
    pub random: Vec<(Rarity, usize)>,
}

const FILES: &[&str] = &[
    include_str!("../../cards/starters/premiere.json"),
    include_str!("../../cards/starters/ttiot.json"),
];

/// Every built-in starter.
pub fn starters() -> &'static [Starter] {
    static ALL: LazyLock<Vec<Starter>> = LazyLock::new(|| {
        FILES
            .iter()
            .flat_map(|text| {
                let file: StarterFile =
                    serde_json::from_str(text).expect("the embedded starters are valid");
                read(file).expect("the embedded starters name real cards")
            })
            .collect()
    });
    &ALL
}

fn read(file: StarterFile) -> Result<Vec<Starter>, String> {
    let db = cards::db();
    let set: CardSet = file.set.parse().map_err(|e| format!("{e}"))?;
    let random = file
        .random
        .iter()
        .map(|(r, n)| {
            r.parse::<Rarity>()
                .map(|r| (r, *n))
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    file.packs
        .into_iter()
        .map(|p| {
            let fixed = p
                .cards
                .iter()
                .map(|e| db.by_id(&e.id).ok_or(format!("{} is not a card", e.id)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Starter {
                name: format!("Starter: {} ({set})", p.name),
                set,
                fixed,
                random: random.clone(),
            })
        })
        .collect()
}

/// The starter a deck name means: "Starter: Mulder", "starter: mulder
/// (premiere)" or the full name.
pub fn find_starter(name: &str) -> Option<&'static Starter> {
    let want = cards::normalize(name);
    starters().iter().find(|s| {
        let full = cards::normalize(&s.name);
        full == want || full.starts_with(&format!("{want} "))
    })
}

impl Starter {
    /// The starter as a deck: its fixed Agents as the team, its X-Files as
    /// the candidates, the rest of the fixed pack and the random cards (drawn
    /// with `seed`) as the Bureau deck.
    pub fn deck(&self, seed: u64) -> Deck {
        let db = cards::db();
        let mut rng = GameRng::seeded(seed);
        let mut deck = Deck {
            name: self.name.clone(),
            team: vec![],
            xfiles: vec![],
            bureau: vec![],
        };
        let add = |c: CardIdx, deck: &mut Deck| match deck.bureau.iter_mut().find(|(d, _)| *d == c)
        {
            Some((_, n)) => *n += 1,
            None => deck.bureau.push((c, 1)),
        };
        for c in &self.fixed {
            match db.get(*c).kind {
                CardType::Agent if deck.team.len() < 4 => deck.team.push(*c),
                CardType::XFile => deck.xfiles.push(*c),
                _ => add(*c, &mut deck),
            }
        }
        for (rarity, n) in &self.random {
            let pool = self.of_rarity(*rarity);
            for _ in 0..*n {
                let c = pool[rng.below(pool.len())];
                // A random X-File is one more you may choose to play with.
                match db.get(c).kind {
                    CardType::XFile => deck.xfiles.push(c),
                    _ => add(c, &mut deck),
                }
            }
        }
        deck
    }

    /// The starter grown into a deck for the Advanced Game (60 Bureau
    /// cards, at most 2 of a title, p. 5): its team and X-Files, its Bureau
    /// cards capped at two, then seeded cards of its set (no Agents, X-Files
    /// or Killer cards) until there are 60; a Killer card among the
    /// starter's random ones is left out (they need every player's
    /// agreement, p. 42). The deck an AI seat plays.
    pub fn advanced_deck(&self, seed: u64) -> Deck {
        let db = cards::db();
        let mut deck = self.deck(seed);
        let mut copies: BTreeMap<String, u32> = BTreeMap::new();
        let mut bureau = Vec::new();
        let mut take = |c: CardIdx, n: u32, bureau: &mut Vec<(CardIdx, u32)>| {
            let have = copies.entry(db.get(c).title.clone()).or_default();
            let limit = crate::engine::xfiles::effects::db::scripts()
                .of(c)
                .and_then(|s| s.deck_limit)
                .map_or(2, |l| u32::from(l).min(2));
            let n = n.min(limit.saturating_sub(*have));
            if n > 0 {
                *have += n;
                bureau.push((c, n));
            }
        };
        let killer = |c: CardIdx| db.get(c).has_keyword(cards::Keyword::Killer);
        for (c, n) in std::mem::take(&mut deck.bureau) {
            if !killer(c) {
                take(c, n, &mut bureau);
            }
        }
        let pool: Vec<CardIdx> = db
            .iter()
            .filter(|(_, c)| c.set == self.set && c.kind.is_playable())
            .filter(|(_, c)| !matches!(c.kind, CardType::Agent | CardType::XFile))
            .filter(|(i, _)| !killer(*i))
            .map(|(i, _)| i)
            .collect();
        let mut rng = GameRng::seeded(seed ^ 0x5EED);
        let size = |b: &[(CardIdx, u32)]| b.iter().map(|(_, n)| n).sum::<u32>();
        for _ in 0..10_000 {
            if size(&bureau) >= 60 {
                break;
            }
            take(pool[rng.below(pool.len())], 1, &mut bureau);
        }
        deck.bureau = bureau;
        deck
    }

    /// The set's playable cards of a rarity.
    fn of_rarity(&self, rarity: Rarity) -> Vec<CardIdx> {
        let db = cards::db();
        db.iter()
            .filter(|(_, c)| c.set == self.set && c.kind.is_playable())
            .filter(|(_, c)| c.rarity == Some(rarity))
            .map(|(i, _)| i)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::xfiles::XfOptions;

    /// The deck an AI seat plays is legal in a default Advanced Game
    /// (no Killer cards without the option, p. 42), whatever the seed.
    #[test]
    fn every_starter_grows_into_a_legal_advanced_deck() {
        let format = XfOptions::default().deck_format();
        for s in super::starters() {
            for seed in 0..12 {
                let deck = s.advanced_deck(seed);
                let wrong = crate::decks::validate(&deck, format);
                assert!(wrong.is_empty(), "{} seed {seed}: {wrong:?}", s.name);
            }
        }
    }
}
