//! Readable text for one card (used by `/card`, deck views and boards).

use std::fmt::Write;

use super::skills::Skill;
use super::vocab::CardType;
use super::{Card, CardDb, CardIdx};

/// "Aubrey, MO · Site · Premiere · XF96-0160v1".
pub fn render_card_line(card: &Card) -> String {
    format!(
        "{} · {} · {} · {}",
        card.title, card.kind, card.set, card.id
    )
}

/// The full data of a card, one fact a line, in Discord-flavoured markdown.
pub fn render_card(db: &CardDb, idx: CardIdx) -> String {
    render_card_with(db, idx, crate::engine::xfiles::effects::coverage::describe)
}

/// [`render_card`] with the "Rules engine" line told by `how` (the app
/// says whether a proof shows the card scripted).
pub fn render_card_with(db: &CardDb, idx: CardIdx, how: impl Fn(CardIdx) -> String) -> String {
    let card = db.get(idx);
    let mut out = String::new();
    let _ = writeln!(out, "**{}** — {}", card.title, card.kind);
    let mut origin = vec![card.set.to_string(), card.id.clone()];
    if let Some(r) = card.rarity {
        origin.push(r.to_string());
    }
    if let Some(l) = card.level {
        origin.push(format!("{l} Game"));
    }
    let _ = writeln!(out, "{}", origin.join(" · "));
    if let Some(cost) = card.cost {
        let _ = writeln!(out, "Cost: {cost}");
    }
    if card.kind == CardType::Agent || card.kind == CardType::Adversary || !card.skills.is_empty() {
        let stats: Vec<String> = [
            Skill::LongRangeCombat,
            Skill::CloseRangeCombat,
            Skill::Health,
            Skill::Resources,
        ]
        .iter()
        .filter_map(|s| card.skills.get(*s).map(|v| format!("{} {v}", s.short())))
        .collect();
        if !stats.is_empty() {
            let _ = writeln!(out, "Stats: {}", stats.join(" · "));
        }
        let skills: Vec<String> = card
            .skills
            .iter()
            .filter(|(s, _)| s.is_investigative())
            .map(|(s, v)| format!("{s} {v}"))
            .collect();
        if !skills.is_empty() {
            let _ = writeln!(out, "Skills: {}", skills.join(", "));
        }
    }
    if let Some(p) = &card.prerequisite {
        let _ = writeln!(out, "Prerequisite: {p}");
    }
    if let Some(q) = &card.question {
        let cats: Vec<String> = q
            .categories
            .iter()
            .map(|c| c.as_str().to_uppercase())
            .collect();
        let _ = writeln!(out, "Question: one {} question", cats.join(" or "));
        if let Some(e) = q.easier {
            let _ = writeln!(
                out,
                "Easier: asking whether the {} is {} needs only {}+",
                e.value.category().as_str().to_uppercase(),
                e.value,
                e.threshold
            );
        }
    }
    if let Some(c) = card.characteristics {
        let _ = writeln!(
            out,
            "Affiliation: {} · Motive: {} · Method: {} · Result: {}",
            c.values()[0],
            c.values()[1],
            c.values()[2],
            c.values()[3]
        );
    }
    if !card.keywords.is_empty() {
        let words: Vec<&str> = card.keywords.iter().map(|k| k.as_str()).collect();
        let _ = writeln!(out, "Keywords: {}", words.join(", "));
    }
    if !card.activators.is_empty() {
        let words: Vec<&str> = card.activators.iter().map(|a| a.as_str()).collect();
        let _ = writeln!(out, "Activators: {}", words.join(", "));
    }
    if let Some(e) = &card.game_effect {
        let _ = writeln!(out, "Game Effect: {e}");
    }
    if let Some(t) = &card.text {
        let _ = writeln!(out, "Text: {t}");
    }
    if let Some(q) = &card.question {
        let _ = writeln!(out, "Site text: {}", q.text);
    }
    if card.kind.is_playable() && (card.text.is_some() || card.game_effect.is_some()) {
        let _ = writeln!(out, "Rules engine: {}", how(idx));
    }
    if let Some(ep) = &card.episode {
        let _ = writeln!(out, "Episode: {ep}");
    }
    if let Some(d) = &card.dialogue {
        let _ = writeln!(out, "> {d}");
    }
    let others: Vec<String> = db
        .printings(idx)
        .iter()
        .filter(|p| **p != idx)
        .map(|p| format!("{} ({})", db.get(*p).set, db.get(*p).id))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "Also printed in: {}", others.join(", "));
    }
    out.trim_end().to_string()
}
