//! Glossary entries for every Keyword, Activator, Skill, characteristic
//! category and value of the X-Files CCG card vocabulary. Each entry says,
//! in the project's words, what each role of the term means, with pages.

use std::collections::BTreeMap;

use super::{Entry, RulesGame};
use crate::cards::{Activator, CardType, Category, Keyword, Skill, Trait};

/// What some terms do beyond the general meaning of their role.
const NOTES: &[(&str, &str)] = &[
    (
        "active",
        "As an Activator: only the active (Investigating) player may play the card, on their own turn. Printed together with CONSPIRACY it means either player (FAQ21 #41).",
    ),
    (
        "conspiracy",
        "As an Activator: only a player acting against the active player may play the card, i.e. not on your own turn. As a Keyword it marks cards of the Conspiracy.",
    ),
    (
        "bureau",
        "As an Activator: you need an Agent in the Bureau section (e.g. Equipment given to an Agent there, p. 21).",
    ),
    (
        "field",
        "As an Activator: you need an Agent in the Field section.",
    ),
    (
        "hospital",
        "As an Activator: the card concerns an Agent in the Hospital (p. 20).",
    ),
    (
        "briefing",
        "As an Activator: the card is played in the Briefing Phase (pp. 11-12).",
    ),
    (
        "requisition",
        "As an Activator: the card is played in the Requisition Phase (p. 21).",
    ),
    (
        "deployment",
        "As an Activator: the card is played in the Deployment Phase (p. 23).",
    ),
    (
        "combat",
        "Combat cards may be played only during combat, and only they may be played there (pp. 31-35; FAQ97 #55).",
    ),
    (
        "motive site",
        "As an Activator: the Site under investigation must carry the Keyword MOTIVE (likewise AFFILIATION SITE, METHOD SITE, RESULT SITE; on a MULTI Site every characteristic Keyword counts, FAQ97 #57).",
    ),
    (
        "affiliation site",
        "As an Activator: the Site under investigation must carry the Keyword AFFILIATION.",
    ),
    (
        "method site",
        "As an Activator: the Site under investigation must carry the Keyword METHOD.",
    ),
    (
        "result site",
        "As an Activator: the Site under investigation must carry the Keyword RESULT.",
    ),
    (
        "mono",
        "A MONO Site allows questions of one characteristic category.",
    ),
    (
        "multi",
        "A MULTI Site allows questions of two categories and every one of its characteristic Keywords counts for Activators (FAQ97 #57).",
    ),
    (
        "negate",
        "A NEGATE card cancels another card as it resolves (e.g. X negates one ADVERSARY card). Cards that negate NEGATE cards exist (X-Terminated).",
    ),
    (
        "resource",
        "A RESOURCE card stays in play after it is used instead of being discarded (p. 17; FAQ97 #42).",
    ),
    (
        "killer",
        "KILLER cards can remove Agents from the game; they are used only if all players agree (p. 42).",
    ),
    (
        "healing",
        "HEALING cards heal damage; they also lift effects such as The Manitou's ban on healing (FAQ97 #58).",
    ),
    (
        "bluff",
        "As a Keyword it marks a real Bluff: placed face down under a Site it is paid 1 CP less when revealed; any other card placed there is just discarded (p. 25).",
    ),
    (
        "question",
        "A QUESTION card lets you ask about an opponent's X-File (e.g. Deep Throat, removed from the game after use, FAQ97 #32).",
    ),
    (
        "training",
        "Training cards take an Agent out of play for one full turn of its owner and then improve it for good (FAQ97 #38, #47).",
    ),
    (
        "move",
        "MOVE cards move Agents or Teams; they cannot take an unfit Agent out of the Hospital (FAQ97 #51).",
    ),
    (
        "weapon",
        "WEAPON Equipment adds to combat skills; an Agent uses one piece of Equipment in a given check (p. 21).",
    ),
    (
        "standard",
        "STANDARD Equipment is ordinary issue, requisitioned as usual (p. 21).",
    ),
    (
        "agent",
        "As an Activator: the card is played on or needs an Agent (the Investigating player's).",
    ),
    (
        "multiplayer",
        "The card is meant for games of three or more players (pp. 40-41).",
    ),
];

/// The id of a term's glossary entry.
pub fn id_of(term: &str) -> String {
    format!("term-{}", crate::cards::normalize(term).replace(' ', "-"))
}

#[derive(Default)]
struct Roles {
    name: String,
    keyword: bool,
    activator: bool,
    skill: Option<Skill>,
    value: Option<Trait>,
    category: bool,
    card_type: bool,
}

pub fn entries() -> Vec<Entry> {
    let mut terms: BTreeMap<String, Roles> = BTreeMap::new();
    let mut add = |name: &str, f: &dyn Fn(&mut Roles)| {
        let r = terms.entry(id_of(name)).or_insert_with(|| Roles {
            name: name.to_string(),
            ..Roles::default()
        });
        f(r);
    };
    for k in Keyword::ALL {
        add(k.as_str(), &|r| r.keyword = true);
    }
    for a in Activator::ALL {
        add(a.as_str(), &|r| r.activator = true);
    }
    for s in Skill::ALL {
        add(s.as_str(), &|r| r.skill = Some(*s));
    }
    for t in Trait::ALL {
        add(t.as_str(), &|r| r.value = Some(*t));
    }
    for c in Category::ALL {
        add(c.as_str(), &|r| r.category = true);
    }
    for t in CardType::ALL.iter().filter(|t| t.is_playable()) {
        add(t.as_str(), &|r| r.card_type = true);
    }
    terms.into_iter().map(|(id, r)| entry(id, &r)).collect()
}

fn entry(id: String, r: &Roles) -> Entry {
    let upper = r.name.to_uppercase();
    let mut body = Vec::new();
    let mut sources = Vec::new();
    let mut kinds = Vec::new();
    if let Some(s) = r.skill {
        kinds.push("Skill");
        body.push(match s {
            Skill::LongRangeCombat => "LRC: the damage a combatant deals in the one Long Range round of a combat. An Adversary with N/A deals none there but still fights the round and takes the Agents' LRC damage; the round is skipped only when its text says so (pp. 31-32; FAQ21 #14).".to_string(),
            Skill::CloseRangeCombat => "CRC: the damage a combatant deals in each Close Range round (pp. 32-33).".to_string(),
            Skill::Health => "HEALTH: the damage an Agent, Witness or Adversary can take; at 0 an Agent goes to the Hospital and an Adversary is defeated (p. 33). Permanent HEALTH 4+ heals 2 a Healing Phase, 3 or less heals 1 (p. 20).".to_string(),
            Skill::Resources => "RES: the RP an Agent adds to your Resource Pool in your Briefing (not from the Hospital); an Agent sold from the hand fetches its RES in CP (pp. 11-12).".to_string(),
            _ => format!("{upper} is one of the eleven investigative skills. Site prerequisites test it (\"{upper} 4+\"): the investigating Team adds its Agents' {upper}, one piece of Equipment each, and the cards played in the skill check (pp. 27-29)."),
        });
        sources.push("Advanced Rules pp. 27-33, 65");
    }
    if let Some(v) = r.value {
        kinds.push("Characteristic value");
        let cat = v.category().as_str().to_uppercase();
        body.push(format!(
            "{upper} is one of the five values of the {cat} characteristic of an X-File. After a successful investigation of a Site allowing {cat} questions you may ask \"Is your X-File's {cat} {upper}?\" (p. 37)."
        ));
        sources.push("Advanced Rules pp. 36-37, 60-63");
    }
    if r.category {
        kinds.push("Characteristic category");
        body.push(format!(
            "{upper} is one of the four characteristics of every X-File. A Site names the categories it lets you ask about; the X-File Powers optional rule gives each known value an advantage (pp. 36-37, 43-45)."
        ));
        sources.push("Advanced Rules pp. 36-37");
    }
    if r.card_type {
        kinds.push("Card type");
        body.push(format!(
            "{} is one of the nine suits of the game; every such card carries the Keyword {upper}, so cards can refer to it (\"negate one {upper} card\").",
            r.name
        ));
        sources.push("Advanced Rules pp. 14-15");
    }
    if r.keyword {
        kinds.push("Keyword");
        body.push(format!(
            "As a Keyword, {upper} describes the card; other cards and Activators refer to it (p. 17)."
        ));
        sources.push("Advanced Rules p. 17");
    }
    if r.activator {
        kinds.push("Activator");
        body.push(format!(
            "As an Activator, {upper} is a condition for playing the card: it must hold now, with every other Activator of the card (p. 16)."
        ));
        sources.push("Advanced Rules p. 16");
    }
    let key = crate::cards::normalize(&r.name);
    if let Some((_, note)) = NOTES.iter().find(|(k, _)| *k == key) {
        body.push((*note).to_string());
    }
    sources.dedup();
    Entry {
        id,
        game: RulesGame::XFilesCcg,
        title: format!("{upper} ({})", kinds.join(", ")),
        aliases: vec![r.name.clone()],
        body: body.join("\n"),
        source: sources.join("; "),
        related: vec![match () {
            _ if r.activator => "activators".into(),
            _ if r.skill.is_some() => "skill-check".into(),
            _ if r.value.is_some() || r.category => "characteristics".into(),
            _ => "keywords".into(),
        }],
        cards: Vec::new(),
        glossary: true,
        // What players ask about a term ("what does X mean" is X once
        // filler is dropped).
        asks: vec![r.name.clone()],
    }
}
