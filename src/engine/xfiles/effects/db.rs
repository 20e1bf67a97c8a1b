//! The scripts of every card: parsed from the files embedded in the binary
//! (`cards/xfiles-ccg/scripts/`), each matched to the printings it was
//! written for by title and text, so reprints share one script.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use super::ast::Script;
use super::parse::{POWER_PREFIX, parse_file};
use super::state::Source;
use crate::cards::{CardIdx, Trait, db, normalize};

include!(concat!(env!("OUT_DIR"), "/scripts.rs"));

/// A card's identity for scripts: its normalised title and text.
pub fn identity(title: &str, text: &str) -> (String, String) {
    (normalize(title), normalize_text(text))
}

/// Text compared loosely: case, punctuation, "+" signs and pool icons ignored.
pub fn normalize_text(text: &str) -> String {
    let t = text
        .replace("[RP]", "rp")
        .replace("[CP]", "cp")
        .replace("[*P]", "p")
        .replace('\u{2010}', "-")
        .to_lowercase();
    let mut out = String::new();
    for w in t.split(|c: char| !c.is_alphanumeric()) {
        if !w.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
        }
    }
    out
}

/// The printed text a script is matched on: card text, or an Agent's Game Effect.
pub fn printed_text(card: CardIdx) -> Option<&'static str> {
    let c = db().get(card);
    c.text.as_deref().or(c.game_effect.as_deref())
}

/// Every card's script.
#[derive(Debug)]
pub struct ScriptDb {
    scripts: Vec<Script>,
    /// Each card's script, by card index.
    by_card: Vec<Option<u32>>,
    /// The X-File Powers' scripts (`power <Value>`), by value.
    powers: Vec<(Trait, u32)>,
}

static EMBEDDED: LazyLock<Arc<ScriptDb>> = LazyLock::new(|| {
    Arc::new(
        ScriptDb::from_files(
            SCRIPT_FILES
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string())),
        )
        .unwrap_or_else(|e| panic!("the embedded card scripts are valid: {e}")),
    )
});

/// Scripts a developer tool read from disk, in place of the embedded ones.
static OVERRIDE: std::sync::OnceLock<Arc<ScriptDb>> = std::sync::OnceLock::new();

/// The scripts built into the binary (or those [`use_scripts`] set).
pub fn scripts() -> &'static Arc<ScriptDb> {
    OVERRIDE.get().unwrap_or(&EMBEDDED)
}

/// Runs this process on these scripts instead of the embedded ones
/// (`xfiles-bot cards prove --scripts DIR`, to try a script without a
/// rebuild). Only before any game reads its scripts; false after.
pub fn use_scripts(db: ScriptDb) -> bool {
    OVERRIDE.set(Arc::new(db)).is_ok()
}

impl ScriptDb {
    /// Parses script files and matches them to cards. A script that matches
    /// no card, or two scripts for one card, is an error naming the file.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<ScriptDb, String> {
        let mut scripts = Vec::new();
        for (name, text) in files {
            scripts.extend(parse_file(&name, &text)?);
        }
        Self::from_scripts(scripts)
    }

    pub fn from_scripts(scripts: Vec<Script>) -> Result<ScriptDb, String> {
        let mut wanted: HashMap<(String, String), usize> = HashMap::new();
        let mut powers = Vec::new();
        for (i, s) in scripts.iter().enumerate() {
            if let Some(value) = s.titles[0].strip_prefix(POWER_PREFIX) {
                let t: Trait = value.parse().map_err(|e| format!("{}: {e}", s.origin))?;
                powers.push((t, i as u32));
                continue;
            }
            for title in &s.titles {
                for text in &s.texts {
                    if let Some(j) = wanted.insert(identity(title, text), i) {
                        return Err(format!(
                            "{} and {} script the same card ({title})",
                            scripts[j].origin, s.origin
                        ));
                    }
                }
            }
        }
        let mut by_card = vec![None; db().len()];
        let mut used = vec![false; scripts.len()];
        for (idx, card) in db().iter() {
            let Some(text) = printed_text(idx) else {
                continue;
            };
            if let Some(&i) = wanted.get(&identity(&card.title, text)) {
                by_card[usize::from(idx.0)] = Some(i as u32);
                used[i] = true;
            }
        }
        for (_, i) in &powers {
            used[*i as usize] = true;
        }
        if let Some(i) = used.iter().position(|u| !u) {
            return Err(format!(
                "{}: no card has this title and text ({})",
                scripts[i].origin, scripts[i].titles[0]
            ));
        }
        Ok(ScriptDb {
            scripts,
            by_card,
            powers,
        })
    }

    /// The script of an X-File Power.
    pub fn power(&self, value: Trait) -> Option<&Script> {
        self.powers
            .iter()
            .find(|(t, _)| *t == value)
            .map(|(_, i)| &self.scripts[*i as usize])
    }

    /// The script an effect runs: its X-File Power's, or its card's.
    pub fn of_source(&self, src: &Source) -> Option<&Script> {
        match src.power {
            Some(t) => self.power(t),
            None => self.of(src.card),
        }
    }

    /// The script of a card (none: the card has no text, or it is not scripted yet).
    pub fn of(&self, card: CardIdx) -> Option<&Script> {
        self.by_card
            .get(usize::from(card.0))
            .copied()
            .flatten()
            .map(|i| &self.scripts[i as usize])
    }

    pub fn all(&self) -> &[Script] {
        &self.scripts
    }

    /// This database for the Basic Game: `role` says of a card whether its
    /// script is dropped (`Some(false)`: an Agent's Game Effect) or replaced
    /// by `common` (`Some(true)`: every Adversary).
    pub fn for_basic(&self, common: Script, role: impl Fn(CardIdx) -> Option<bool>) -> ScriptDb {
        let mut scripts = self.scripts.clone();
        scripts.push(common);
        let common_at = (scripts.len() - 1) as u32;
        let by_card = self
            .by_card
            .iter()
            .enumerate()
            .map(|(i, s)| match role(CardIdx(i as u16)) {
                Some(false) => None,
                Some(true) => Some(common_at),
                None => *s,
            })
            .collect();
        ScriptDb {
            scripts,
            by_card,
            powers: Vec::new(),
        }
    }

    /// This database with some cards' scripts replaced (for tests).
    pub fn with(&self, extra: &str) -> Result<ScriptDb, String> {
        let added = parse_file("injected.xfs", extra)?;
        let mut scripts: Vec<Script> = Vec::new();
        let replaced: Vec<(String, String)> = added
            .iter()
            .flat_map(|s| {
                s.titles
                    .iter()
                    .flat_map(|t| s.texts.iter().map(move |x| identity(t, x)))
            })
            .collect();
        for s in &self.scripts {
            let keep = s
                .titles
                .iter()
                .all(|t| s.texts.iter().all(|x| !replaced.contains(&identity(t, x))));
            if keep {
                scripts.push(s.clone());
            }
        }
        scripts.extend(added);
        Self::from_scripts(scripts)
    }
}

/// The scripts a game uses: the embedded ones unless a test injected others.
/// Not part of the game's state (never serialised, equal to any other).
#[derive(Clone)]
pub struct Scripts(pub Arc<ScriptDb>);

impl Default for Scripts {
    fn default() -> Self {
        Scripts(scripts().clone())
    }
}

impl std::fmt::Debug for Scripts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scripts")
    }
}

impl PartialEq for Scripts {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
