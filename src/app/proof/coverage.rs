//! What the referee plays by itself, per set, counting a card as *proven*
//! only while its proof passes: `xfiles-bot cards coverage [--names]
//! [--json]` and the "Rules engine" line of `/card`.

use serde::Serialize;

use crate::cards::{CardIdx, CardSet, db};
use crate::engine::xfiles::effects::coverage::{Level, describe as engine_describe, level};
use crate::engine::xfiles::effects::scripts;

/// How the referee plays a card, its proof considered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proven {
    /// No text to play.
    NoText,
    /// Scripted and its proof passes: the proof's file.
    Proven(&'static str),
    /// A reviewed script plays every sentence, but no passing proof shows it.
    Scripted,
    Partly,
    Manual,
}

pub fn proven_level(card: CardIdx) -> Proven {
    match level(card) {
        Level::NoText => Proven::NoText,
        Level::Partly => Proven::Partly,
        Level::Manual => Proven::Manual,
        Level::Scripted => match proof_for(card) {
            Some(file) => Proven::Proven(file),
            None => Proven::Scripted,
        },
    }
}

/// The passing proof of this printing: a proof plays the printing its
/// scenes deal, so it proves another printing only when the same script
/// plays both (a reprint with the same text).
fn proof_for(card: CardIdx) -> Option<&'static str> {
    let scripts = scripts();
    let mine = scripts.of(card)?;
    super::proofs_of(&db().get(card).title)
        .filter(|p| {
            p.dealt()
                .and_then(|d| scripts.of(d))
                .is_some_and(|s| std::ptr::eq(s, mine))
        })
        .find(|p| super::passes(p))
        .map(|p| p.file.as_str())
}

/// The `/card` line: what the engine does with the card's text.
pub fn describe(card: CardIdx) -> String {
    match proven_level(card) {
        Proven::Proven(file) => format!(
            "proven: the referee plays every sentence of this card, as its proof tests/cards/{file} shows"
        ),
        Proven::Scripted => {
            "scripted: a reviewed script plays every sentence of this card (no test proves it yet)"
                .into()
        }
        _ => engine_describe(card),
    }
}

/// One set's row of `cards coverage --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetRow {
    pub set: String,
    pub official: bool,
    /// Playable cards.
    pub cards: usize,
    pub with_text: usize,
    pub proven: usize,
    /// Reviewed scripts no passing proof shows yet.
    pub scripted: usize,
    pub partly: usize,
    pub manual: usize,
    /// Titles not proven.
    #[serde(skip)]
    pub missing: Vec<String>,
}

pub fn rows() -> Vec<SetRow> {
    CardSet::ALL.iter().map(|set| row(*set)).collect()
}

impl SetRow {
    fn empty(set: &str, official: bool) -> SetRow {
        SetRow {
            set: set.into(),
            official,
            cards: 0,
            with_text: 0,
            proven: 0,
            scripted: 0,
            partly: 0,
            manual: 0,
            missing: vec![],
        }
    }
}

fn row(set: CardSet) -> SetRow {
    let mut r = SetRow::empty(set.as_str(), set.is_official());
    for (idx, c) in db().iter() {
        if c.set != set || !c.kind.is_playable() {
            continue;
        }
        r.cards += 1;
        let how = proven_level(idx);
        match how {
            Proven::NoText => continue,
            Proven::Proven(_) => r.proven += 1,
            Proven::Scripted => r.scripted += 1,
            Proven::Partly => r.partly += 1,
            Proven::Manual => r.manual += 1,
        }
        r.with_text += 1;
        if !matches!(how, Proven::Proven(_)) && !r.missing.contains(&c.title) {
            r.missing.push(c.title.clone());
        }
    }
    r
}

fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(0)
}

fn total(rows: &[&SetRow], label: &str, official: bool) -> SetRow {
    let mut t = SetRow::empty(label, official);
    for r in rows {
        t.cards += r.cards;
        t.with_text += r.with_text;
        t.proven += r.proven;
        t.scripted += r.scripted;
        t.partly += r.partly;
        t.manual += r.manual;
    }
    t
}

/// The coverage table (or JSON: `{"sets": [...], "official": {...}, "fan": {...}}`);
/// with `names`, every card not proven, by set.
pub fn report(names: bool, json: bool) -> String {
    let rows = rows();
    let official: Vec<&SetRow> = rows.iter().filter(|r| r.official).collect();
    let fan: Vec<&SetRow> = rows.iter().filter(|r| !r.official).collect();
    let sums = [
        total(&official, "official sets", true),
        total(&fan, "fan-made sets", false),
        total(&rows.iter().collect::<Vec<_>>(), "all sets", false),
    ];
    if json {
        let value = serde_json::json!({
            "sets": rows,
            "official": sums[0],
            "fan": sums[1],
            "all": sums[2],
        });
        return serde_json::to_string_pretty(&value).expect("coverage serialises");
    }
    let mut out = String::from(
        "set                      cards  with text  proven          scripted  partly  manual\n",
    );
    for r in rows.iter().chain(&sums) {
        out.push_str(&format!(
            "{:<24} {:>5}  {:>9}  {:>5} ({:>3}%)  {:>8}  {:>6}  {:>6}\n",
            r.set,
            r.cards,
            r.with_text,
            r.proven,
            percent(r.proven, r.with_text),
            r.scripted,
            r.partly,
            r.manual
        ));
    }
    out.push_str("Proven: a reviewed script plays every sentence and the card's proof (tests/cards/) passes. Scripted: a reviewed script, no passing proof yet. Partly: some sentences are played by hand (/adjust) or the script is an unreviewed draft. Manual: cost and Activators are checked; the text is played by hand.\n");
    if names {
        for r in rows.iter().filter(|r| !r.missing.is_empty()) {
            out.push_str(&format!(
                "\n{} — not proven ({}): {}\n",
                r.set,
                r.missing.len(),
                r.missing.join("; ")
            ));
        }
    }
    out
}
