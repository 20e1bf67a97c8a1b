//! Checks a card set against what the rulebook states: the fields each
//! kind of card must have to be played, and the counts of the box
//! ("Sorting Guide": 500 cards). Every mistake is reported, naming the
//! card and the field.

use std::collections::BTreeMap;

use super::data::{CardDef, CardSet, Cliffhanger, DataError, Kind, Timing};
use super::program::Step;

/// Copies the rulebook's box holds per kind ("Sorting Guide"); seasons
/// and Academy characters are checked one by one.
const BOX: &[(Kind, usize, &str)] = &[
    (Kind::Avatar, 5, "5 Avatars"),
    (Kind::SpecialAgent, 5, "5 Special Agents"),
    (Kind::Informant, 15, "15 Informants"),
    (Kind::Lead, 12, "12 Leads"),
    (Kind::Evidence, 27, "27 Evidence (9 of each Priority)"),
    (Kind::Belief, 17, "17 Beliefs"),
    (Kind::Doubt, 17, "17 Doubts"),
    (Kind::Strike, 40, "40 Strikes"),
    (Kind::Syndicate, 20, "20 Syndicate Enemies"),
    (Kind::EndGame, 9, "9 End Games (with Clone)"),
];

fn file_of(kind: Kind) -> &'static str {
    match kind {
        Kind::Avatar => "avatars.json",
        Kind::Starting => "starting.json",
        Kind::SpecialAgent => "special-agents.json",
        Kind::Academy => "academy.json",
        Kind::Syndicate => "syndicate.json",
        Kind::Enemy | Kind::Event | Kind::Ally => "seasons.json",
        Kind::Informant => "informants.json",
        Kind::Lead => "leads.json",
        Kind::Evidence => "evidence.json",
        Kind::EndGame => "end-games.json",
        Kind::Strike => "strikes.json",
        Kind::Belief | Kind::Doubt => "beliefs-doubts.json",
        Kind::Cliffhanger => "cliffhangers.json",
    }
}

struct Report<'a> {
    errors: Vec<DataError>,
    card: &'a CardDef,
}

impl Report<'_> {
    fn bad(&mut self, field: &str, message: impl Into<String>) {
        self.errors.push(DataError {
            file: file_of(self.card.kind).into(),
            card: self.card.id.clone(),
            field: field.into(),
            message: message.into(),
        });
    }

    fn need<T>(&mut self, value: &Option<T>, field: &str, what: &str) {
        if value.is_none() {
            self.bad(
                field,
                format!("this {} needs {what}", self.card.kind.title()),
            );
        }
    }

    fn need_ability(&mut self, when: Timing, what: &str) {
        if self.card.ability(when).is_none() {
            let when = serde_json::to_value(when).expect("timings serialise");
            self.bad(
                "abilities",
                format!(
                    "this {} needs its {what} (an ability with \"when\": {when})",
                    self.card.kind.title()
                ),
            );
        }
    }
}

/// The fields a card needs to be played.
fn check_card(c: &CardDef) -> Vec<DataError> {
    let mut r = Report {
        errors: Vec::new(),
        card: c,
    };
    if c.name.trim().is_empty() {
        r.bad("name", "the name is empty");
    }
    match c.kind {
        Kind::Academy => {
            r.need(
                &c.character,
                "character",
                "the character printed under its title",
            );
            r.need(&c.class, "class", "a class");
            r.need(&c.cost, "cost", "a cost");
        }
        Kind::Ally | Kind::SpecialAgent => r.need(&c.class, "class", "a class"),
        Kind::Enemy | Kind::Syndicate => r.need(&c.defense, "defense", "a Defense"),
        Kind::EndGame => {
            r.need(&c.defense, "defense", "a Defense");
            r.need(&c.health, "health", "a Health");
        }
        Kind::Evidence => match c.priority {
            Some(1..=3) => {}
            _ => r.bad("priority", "Evidence needs a priority of 1, 2 or 3"),
        },
        Kind::Strike => r.need(&c.damage, "damage", "a damage number (0 for a Miss)"),
        Kind::Avatar => {
            r.need(&c.rank, "rank", "a Rank");
            r.need(&c.health, "health", "a Health");
            r.need(&c.defense, "defense", "a Defense");
            r.need_ability(Timing::Belief, "Belief");
            r.need_ability(Timing::Doubt, "Doubt");
        }
        Kind::Lead => {
            r.need_ability(Timing::Discover, "Discover Evidence instructions");
            r.need_ability(Timing::Collect, "Collect Evidence instructions");
        }
        Kind::Cliffhanger => r.need(&c.cliffhanger, "cliffhanger", "its category"),
        _ => {}
    }
    let by_rule = c.fear || c.cliffhanger == Some(Cliffhanger::TheyMayHaveWon);
    let says_rule = c.abilities.iter().any(|a| a.steps().contains(&Step::Rule));
    if says_rule && !by_rule {
        r.bad(
            "abilities",
            "`rule` is only for text the rules play from the card's fields (a Fear Strike, \"This Time They May Have Won\"); write its steps instead",
        );
    }
    for a in c.abilities.iter().filter(|a| a.when == Timing::Start) {
        let plain = a
            .steps()
            .iter()
            .all(|s| matches!(s, Step::GainBelief(_) | Step::GainDoubt(_) | Step::Rule));
        if c.kind != Kind::Cliffhanger || !plain {
            r.bad(
                "abilities",
                "\"start\" is a Cliffhanger's text for the next game: `belief` or `doubt` (shuffled into the deck); leave other text without `do` and the players do it",
            );
        }
    }
    if matches!(c.kind, Kind::Enemy | Kind::Event | Kind::Ally) {
        match c.season {
            Some(1..=9) => {}
            _ => r.bad("season", "a season card needs a season from 1 to 9"),
        }
    }
    r.errors
}

fn box_error(message: String) -> DataError {
    DataError {
        file: "(the whole set)".into(),
        card: String::new(),
        field: String::new(),
        message,
    }
}

/// Every mistake in the set: per card, then against the box's counts.
pub fn check(set: &CardSet) -> Vec<DataError> {
    let mut errors: Vec<DataError> = set.cards.iter().flat_map(check_card).collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &set.cards {
        *seen.entry(c.id.as_str()).or_default() += 1;
    }
    for (id, n) in seen.iter().filter(|(_, n)| **n > 1) {
        errors.push(DataError {
            file: "(the whole set)".into(),
            card: id.to_string(),
            field: "id".into(),
            message: format!("{n} cards share this id; give each its own"),
        });
    }
    let count = |f: &dyn Fn(&CardDef) -> bool| -> usize {
        set.cards
            .iter()
            .filter(|c| f(c))
            .map(|c| usize::from(set.copies_of(&c.id)))
            .sum()
    };
    for (kind, want, says) in BOX {
        let n = count(&|c| c.kind == *kind);
        if n != *want {
            errors.push(box_error(format!(
                "the box has {says}; this set has {n} {}",
                kind.title()
            )));
        }
    }
    for p in 1..=3u8 {
        let n = count(&|c| c.kind == Kind::Evidence && c.priority == Some(p));
        if n != 9 {
            errors.push(box_error(format!(
                "the box has 9 Priority {p} Evidence; this set has {n}"
            )));
        }
    }
    let starting = count(&|c| c.kind == Kind::Starting);
    if starting != 12 {
        errors.push(box_error(format!(
            "a starting deck is 12 cards (7 Field Agents, 5 Assault Teams); this set's is {starting}"
        )));
    }
    for season in 1..=9u8 {
        for (kind, want) in [(Kind::Enemy, 10), (Kind::Event, 3), (Kind::Ally, 1)] {
            let n = count(&|c| c.kind == kind && c.season == Some(season));
            if n != want {
                errors.push(box_error(format!(
                    "Season {season} has {want} {}(s) in the box; this set has {n}",
                    kind.title()
                )));
            }
        }
    }
    let cliffhangers = count(&|c| c.kind == Kind::Cliffhanger);
    if cliffhangers != 0 && cliffhangers != 21 {
        errors.push(box_error(format!(
            "the box has 21 Cliffhangers (enter all or none; they are only for a Series); this set has {cliffhangers}"
        )));
    }
    let characters = set.characters();
    if characters.len() != 9 {
        errors.push(box_error(format!(
            "the box has 9 Academy characters; this set has {}",
            characters.len()
        )));
    }
    for ch in &characters {
        let n = count(&|c| c.kind == Kind::Academy && c.character.as_ref() == Some(ch));
        if n != 14 {
            errors.push(box_error(format!(
                "each Academy character has 14 cards; {ch} has {n}"
            )));
        }
    }
    errors
}
