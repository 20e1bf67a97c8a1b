//! How much of each set the referee plays by itself: a card is *scripted*
//! when a reviewed script covers every sentence, *partly* scripted when a
//! script leaves sentences to manual steps (or is an unreviewed draft), and
//! *manual* without a script. `xfiles-bot cards coverage` prints it;
//! `/card` says it of one card.

use super::ast::Status;
use super::db::{printed_text, scripts};
use crate::cards::{CardIdx, CardSet, CardType, db};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// No text to play (plain Agents, most Sites, X-Files).
    NoText,
    Scripted,
    Partly,
    Manual,
}

/// How the engine plays a card.
pub fn level(card: CardIdx) -> Level {
    let c = db().get(card);
    if printed_text(card).is_none() || matches!(c.kind, CardType::Site | CardType::XFile) {
        return Level::NoText;
    }
    match scripts().of(card) {
        Some(s) if s.automated() => Level::Scripted,
        Some(_) => Level::Partly,
        None => Level::Manual,
    }
}

/// The `/card` line: what the engine does with the card's text.
pub fn describe(card: CardIdx) -> String {
    match (level(card), scripts().of(card)) {
        (Level::NoText, _) => "nothing to referee (no card text)".into(),
        (Level::Scripted, _) => "scripted: the referee plays every sentence of this card".into(),
        (Level::Partly, Some(s)) => {
            let mut out = String::from("partly scripted");
            if s.status == Status::Draft {
                out.push_str(" (an unreviewed draft)");
            }
            if !s.manual.is_empty() {
                out.push_str(&format!("; by hand with /adjust: {}", s.manual.join("; ")));
            }
            out
        }
        _ => {
            "manual: the referee checks its cost and Activators; apply its text with /adjust".into()
        }
    }
}

/// Automation of one set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCoverage {
    pub set: CardSet,
    /// Playable cards in the set.
    pub cards: usize,
    /// Of those, cards with text to play.
    pub with_text: usize,
    pub scripted: usize,
    pub partly: usize,
    pub manual: usize,
    /// Titles of the cards not fully scripted.
    pub missing: Vec<String>,
}

/// Coverage per set, in release order.
pub fn coverage() -> Vec<SetCoverage> {
    CardSet::ALL
        .iter()
        .map(|set| {
            let mut row = SetCoverage {
                set: *set,
                cards: 0,
                with_text: 0,
                scripted: 0,
                partly: 0,
                manual: 0,
                missing: Vec::new(),
            };
            for (idx, c) in db().iter() {
                if c.set != *set || !c.kind.is_playable() {
                    continue;
                }
                row.cards += 1;
                match level(idx) {
                    Level::NoText => continue,
                    Level::Scripted => row.scripted += 1,
                    Level::Partly => row.partly += 1,
                    Level::Manual => row.manual += 1,
                }
                row.with_text += 1;
                if level(idx) != Level::Scripted && !row.missing.contains(&c.title) {
                    row.missing.push(c.title.clone());
                }
            }
            row
        })
        .collect()
}

fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(0)
}

/// The coverage table; with `names`, every card not fully scripted, by set.
pub fn report(names: bool) -> String {
    let rows = coverage();
    let mut out =
        String::from("set                      cards  with text  scripted        partly  manual\n");
    let line = |label: &str, cards: usize, text: usize, s: usize, p: usize, m: usize| {
        format!(
            "{label:<24} {cards:>5}  {text:>9}  {s:>5} ({:>3}%)  {p:>6}  {m:>6}\n",
            percent(s, text)
        )
    };
    let sum = |rows: &[&SetCoverage], label: &str| {
        let t = rows.iter().fold((0, 0, 0, 0, 0), |a, r| {
            (
                a.0 + r.cards,
                a.1 + r.with_text,
                a.2 + r.scripted,
                a.3 + r.partly,
                a.4 + r.manual,
            )
        });
        line(label, t.0, t.1, t.2, t.3, t.4)
    };
    for r in &rows {
        out.push_str(&line(
            r.set.as_str(),
            r.cards,
            r.with_text,
            r.scripted,
            r.partly,
            r.manual,
        ));
    }
    let official: Vec<&SetCoverage> = rows.iter().filter(|r| r.set.is_official()).collect();
    let fan: Vec<&SetCoverage> = rows.iter().filter(|r| !r.set.is_official()).collect();
    let all: Vec<&SetCoverage> = rows.iter().collect();
    out.push_str(&sum(&official, "official sets"));
    out.push_str(&sum(&fan, "fan-made sets"));
    out.push_str(&sum(&all, "all sets"));
    out.push_str("Scripted: a reviewed script plays every sentence. Partly: some sentences are played by hand (/adjust) or the script is an unreviewed draft. Manual: cost and Activators are checked; the text is played by hand.\n");
    if names {
        for r in &rows {
            if !r.missing.is_empty() {
                out.push_str(&format!(
                    "\n{} — not fully scripted ({}): {}\n",
                    r.set.as_str(),
                    r.missing.len(),
                    r.missing.join("; ")
                ));
            }
        }
    }
    out
}
