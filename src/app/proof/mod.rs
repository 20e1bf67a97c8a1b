//! Card proofs: for each scripted card, golden scenarios written from its
//! printed text and rulings (`tests/cards/official/*.proof`, embedded), run
//! through the real command path — the X-Files CCG's command handlers, the
//! engine and the messages they produce, without the store. A card counts
//! as *proven* only while its proof passes (`xfiles-bot cards coverage`,
//! `/card`). The language is described in `tests/cards/README.md`.
//!
//! A proof's `scene` builds a table (`scene.rs`: decks around the cards it
//! names, the game moved on by the rules to a phase, a check, an Adversary on
//! the stack, a combat, a revealed Bluff); its steps are players' commands run
//! through `Driver::handle` and its expectations read from the state and the
//! messages (`run.rs`). `coverage.rs` counts proven cards; `xfiles-bot cards
//! prove [--scripts DIR] FILES` runs proofs (and scripts) from disk.

pub mod coverage;
mod run;
pub mod scene;

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use crate::cards::CardIdx;

pub use run::{run, run_all};

include!(concat!(env!("OUT_DIR"), "/proofs.rs"));

/// One card's proof: its cases, each a scene and steps.
#[derive(Debug, Clone)]
pub struct Proof {
    /// The card proven (its title; every printing of it with a script).
    pub card: String,
    /// Where it was read from, e.g. `official/deep-throat.proof`.
    pub file: String,
    /// Printings its scenes deal instead of the titles' first official one
    /// (`printing <id>`: a reprint with another text).
    pub printings: Vec<CardIdx>,
    pub cases: Vec<Case>,
}

#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    /// Line of the `case` header.
    pub line: usize,
    /// The scene: its kind and options.
    pub scene: (String, Vec<(String, String)>),
    pub steps: Vec<(usize, String)>,
}

/// A proof that does not hold, located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub file: String,
    pub case: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: case '{}': {}",
            self.file, self.line, self.case, self.message
        )
    }
}

/// Reads a proof file.
pub fn parse(file: &str, text: &str) -> Result<Proof, Failure> {
    let fail = |line: usize, case: &str, message: String| Failure {
        file: file.to_string(),
        case: case.to_string(),
        line,
        message,
    };
    let mut card = None;
    let mut printings = Vec::new();
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "proof" if card.is_none() => card = Some(rest.to_string()),
            "printing" if cases.is_empty() => match crate::cards::db().by_id(rest) {
                Some(c) => printings.push(c),
                None => return Err(fail(n, "", format!("no card has the id {rest}"))),
            },
            "case" => cases.push(Case {
                name: rest.to_string(),
                line: n,
                scene: (String::new(), vec![]),
                steps: vec![],
            }),
            _ if card.is_none() => {
                return Err(fail(
                    n,
                    "",
                    "a proof starts with `proof <card title>`".into(),
                ));
            }
            _ => {
                let Some(case) = cases.last_mut() else {
                    return Err(fail(
                        n,
                        "",
                        "steps belong to a `case <what it proves>`".into(),
                    ));
                };
                if word == "scene" {
                    if !case.scene.0.is_empty() {
                        return Err(fail(n, &case.name, "a case has one scene".into()));
                    }
                    case.scene = scene_line(rest).map_err(|e| fail(n, &case.name, e))?;
                } else if case.scene.0.is_empty() {
                    return Err(fail(n, &case.name, "a case begins with its `scene`".into()));
                } else {
                    case.steps.push((n, line.to_string()));
                }
            }
        }
    }
    let card =
        card.ok_or_else(|| fail(1, "", "a proof starts with `proof <card title>`".into()))?;
    if cases.is_empty() {
        return Err(fail(1, "", "a proof has at least one `case`".into()));
    }
    if let Some(c) = cases.iter().find(|c| c.scene.0.is_empty()) {
        return Err(fail(
            c.line,
            &c.name,
            "a case begins with its `scene`".into(),
        ));
    }
    Ok(Proof {
        card,
        file: file.to_string(),
        printings,
        cases,
    })
}

/// `check site:"Aubrey, MO" team:"…"` as the kind and its options.
fn scene_line(text: &str) -> Result<(String, Vec<(String, String)>), String> {
    let line = crate::console::parse_line(&format!("@proof /scene {text}"))
        .map_err(|e| e.0)?
        .ok_or("a scene names its kind")?;
    let kind = line
        .sub
        .ok_or("a scene names its kind: table, check, adversary, combat or bluff")?;
    Ok((kind, line.options))
}

/// The embedded proofs, read once.
pub fn embedded() -> &'static [Result<Proof, Failure>] {
    static ALL: LazyLock<Vec<Result<Proof, Failure>>> = LazyLock::new(|| {
        PROOF_FILES
            .iter()
            .map(|(path, text)| parse(path, text))
            .collect()
    });
    &ALL
}

/// The embedded proofs of a card title (one per printing with its own text).
pub fn proofs_of(title: &str) -> impl Iterator<Item = &'static Proof> {
    embedded()
        .iter()
        .filter_map(|p| p.as_ref().ok())
        .filter(move |p| p.card.eq_ignore_ascii_case(title))
}

impl Proof {
    /// The printing of its card its scenes deal.
    pub fn dealt(&self) -> Option<CardIdx> {
        self.printings
            .iter()
            .copied()
            .find(|c| {
                crate::cards::db()
                    .get(*c)
                    .title
                    .eq_ignore_ascii_case(&self.card)
            })
            .or_else(|| scene::first_printing(&self.card).ok())
    }
}

/// Whether this proof passes (run once per process).
pub fn passes(proof: &'static Proof) -> bool {
    static DONE: LazyLock<Mutex<HashMap<String, bool>>> = LazyLock::new(Default::default);
    if let Some(ok) = DONE.lock().expect("proof cache").get(&proof.file) {
        return *ok;
    }
    let ok = run(proof).is_ok();
    DONE.lock()
        .expect("proof cache")
        .insert(proof.file.clone(), ok);
    ok
}
