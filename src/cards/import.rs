//! The importer that produced `cards/xfiles-ccg/`: reads the community card
//! database (`shared/data/xfiles-ccg/sets/*.json`), normalises spellings,
//! parses Site questions, applies the errata listed in [`ERRATA`] and writes
//! one canonical file per set. Run it with `xfiles-bot cards import`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::card::{RawCard, RawEasier, RawPrerequisite, RawQuestion};
use super::site::Prerequisite;
use super::vocab::{CardSet, Level};
use super::xfile::{Category, Trait};
use super::{Card, CardDb, Cost, SetFile};

/// One record as the community database spells it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SourceCard {
    id: String,
    title: String,
    set: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    rarity: Option<String>,
    episode: Option<String>,
    cost: Option<String>,
    keywords: Option<Vec<String>>,
    activators: Option<Vec<String>>,
    game_text: Option<String>,
    game_effect: Option<String>,
    #[serde(rename = "Game Effect")]
    game_effect_spaced: Option<String>,
    tags: Option<Vec<String>>,
    skills: Option<BTreeMap<String, serde_json::Value>>,
    prerequisite: Option<String>,
    question: Option<String>,
    characteristics: Option<BTreeMap<String, String>>,
    dialogue: Option<String>,
    bio: Option<String>,
    created_by: Option<String>,
    found_in: Option<String>,
}

/// A correction applied on import.
pub enum Erratum {
    /// The Site's question is about this category instead of the printed one.
    QuestionCategory(Category),
    /// A printed skill value is replaced.
    SkillValue(&'static str, &'static str),
}

/// Corrections applied on import: card id, correction, source.
pub const ERRATA: &[(&str, Erratum, &str)] = &[
    (
        "XF97-0380v2",
        Erratum::QuestionCategory(Category::Result),
        "Women's Health Clinic, Richville, MD prints a MOTIVE question but has Keyword RESULT: ask a RESULT question (Ancillary Documentation p. 13; FAQ21 #30)",
    ),
    (
        "XF97-0381v2",
        Erratum::QuestionCategory(Category::Affiliation),
        "Tracking the Killer prints a MOTIVE question but has Keyword AFFILIATION: ask an AFFILIATION question (Ancillary Documentation p. 12)",
    ),
    (
        "XF96-0348v1",
        Erratum::SkillValue("Long Range Combat", "N/A"),
        "Living Machine's printed LRC 0 is a misprint for N/A: it skips Long Range Combat (FAQ97 #10; Rules Assistant p. 10)",
    ),
    (
        "XF97-0348v2",
        Erratum::SkillValue("Long Range Combat", "N/A"),
        "Living Machine (TTIOT reprint): as XF96-0348v1 (FAQ97 #10)",
    ),
];

fn errata_of(id: &str) -> impl Iterator<Item = &'static Erratum> + '_ {
    ERRATA
        .iter()
        .filter(move |(e, _, _)| *e == id)
        .map(|(_, erratum, _)| erratum)
}

/// What the importer changed besides spelling, for the importer's report.
#[derive(Debug, Default)]
pub struct Report {
    pub cards: usize,
    pub notes: Vec<String>,
}

/// Reads every set of `from` and writes the canonical files into `to`,
/// then loads them back to prove they validate.
pub fn import(from: &Path, to: &Path) -> Result<Report, String> {
    let mut report = Report::default();
    let mut by_set: BTreeMap<CardSet, Vec<RawCard>> = BTreeMap::new();
    let dir = from.join("sets");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let source: Vec<SourceCard> =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for card in source {
            let set: CardSet = card.set.parse().map_err(|e| format!("{}: {e}", card.id))?;
            let raw =
                convert(card, &mut report.notes).map_err(|e| format!("{}: {e}", path.display()))?;
            Card::from_raw(&raw, set).map_err(|e| e.to_string())?;
            by_set.entry(set).or_default().push(raw);
            report.cards += 1;
        }
    }
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    for (set, cards) in by_set {
        let file = SetFile {
            set: set.to_string(),
            cards,
        };
        let mut json = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        json.push('\n');
        let path = to.join(format!("{}.json", set.slug()));
        std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let db = CardDb::load_dir(to).map_err(|e| e.to_string())?;
    if db.len() != report.cards {
        return Err(format!(
            "wrote {} cards but loaded {}",
            report.cards,
            db.len()
        ));
    }
    Ok(report)
}

fn convert(src: SourceCard, notes: &mut Vec<String>) -> Result<RawCard, String> {
    let id = src.id.clone();
    let kind = match src.kind {
        Some(k) => k,
        None => {
            notes.push(format!(
                "{id} ({}): no type in the source; kept as a Placeholder record",
                src.title
            ));
            "Placeholder".to_string()
        }
    };
    let mut level = None;
    let mut tags = Vec::new();
    for tag in src.tags.unwrap_or_default() {
        match tag.parse::<Level>() {
            Ok(l) => level = Some(l.to_string()),
            Err(_) => tags.push(tag),
        }
    }
    let cost = src
        .cost
        .map(|c| {
            c.parse::<Cost>()
                .map(|c| c.to_string())
                .map_err(|e| format!("{id}: {e}"))
        })
        .transpose()?;
    let mut skills: BTreeMap<String, serde_json::Value> = src
        .skills
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| {
            let v = match v {
                serde_json::Value::String(s) if s.eq_ignore_ascii_case("special") => {
                    "Special".into()
                }
                other => other,
            };
            (k, v)
        })
        .collect();
    for erratum in errata_of(&id) {
        if let Erratum::SkillValue(skill, value) = erratum {
            skills.insert(skill.to_string(), (*value).into());
            notes.push(format!("{id}: {skill} set to {value} (erratum)"));
        }
    }
    let prerequisite = src.prerequisite.map(|p| normalize_prerequisite(&p));
    let keywords = src.keywords.unwrap_or_default();
    let question = src
        .question
        .map(|q| parse_question(&id, &q, &keywords, notes))
        .transpose()?;
    Ok(RawCard {
        id,
        title: one_line(&src.title),
        kind,
        rarity: src.rarity,
        episode: src.episode,
        level,
        cost,
        keywords,
        activators: src.activators.unwrap_or_default(),
        skills,
        prerequisite,
        question,
        characteristics: src.characteristics.unwrap_or_default(),
        text: src.game_text.map(|t| t.trim().to_string()),
        game_effect: src
            .game_effect
            .or(src.game_effect_spaced)
            .map(|t| t.trim().to_string()),
        tags,
        dialogue: src.dialogue,
        bio: src.bio,
        created_by: src.created_by,
        found_in: src.found_in,
    })
}

fn normalize_prerequisite(text: &str) -> RawPrerequisite {
    let fixed = text.replace("INVESTIGATIN ", "INVESTIGATION ");
    match fixed.parse::<Prerequisite>() {
        Ok(p) => RawPrerequisite::Skills(p.to_string()),
        Err(_) => RawPrerequisite::Special {
            special: text.trim().to_string(),
        },
    }
}

/// Reads "You may ask one MOTIVE question or one RESULT question. If you ask if
/// the MOTIVE is "Control", the skill check prerequisite is 4+."
fn parse_question(
    id: &str,
    text: &str,
    keywords: &[String],
    notes: &mut Vec<String>,
) -> Result<RawQuestion, String> {
    let first = text.split('.').next().unwrap_or(text).to_ascii_lowercase();
    let mut categories: Vec<Category> = Vec::new();
    for word in first.split(|c: char| !c.is_ascii_alphabetic()) {
        if let Ok(c) = word.parse::<Category>()
            && !categories.contains(&c)
        {
            categories.push(c);
        }
    }
    if categories.is_empty() {
        return Err(format!(
            "{id}: no characteristic category in question '{text}'"
        ));
    }
    for erratum in errata_of(id) {
        if let Erratum::QuestionCategory(c) = erratum {
            notes.push(format!(
                "{id}: question category {categories:?} corrected to {c} (erratum)"
            ));
            categories = vec![*c];
        }
    }
    for c in &categories {
        if !keywords.iter().any(|k| k.eq_ignore_ascii_case(c.as_str())) {
            notes.push(format!(
                "{id}: question category {c} is not among its Keywords {keywords:?}"
            ));
        }
    }
    let easier = parse_easier(text).map(|(value, threshold)| RawEasier {
        value: value.to_string(),
        threshold,
    });
    Ok(RawQuestion {
        categories: categories.iter().map(|c| c.to_string()).collect(),
        text: text.trim().to_string(),
        easier,
    })
}

fn parse_easier(text: &str) -> Option<(Trait, u8)> {
    let lower = text.to_ascii_lowercase();
    let start = lower.find("if you ask if the ")? + "if you ask if the ".len();
    let rest = &lower[start..];
    let is = rest.find(" is ")?;
    let after = &rest[is + 4..];
    let comma = after.find(',')?;
    let value: Trait = after[..comma]
        .trim_matches(|c: char| c == '"' || c.is_whitespace())
        .parse()
        .ok()?;
    let n = after.find("prerequisite is ")? + "prerequisite is ".len();
    let digits: String = after[n..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some((value, digits.parse().ok()?))
}

/// A title on one line: the source breaks one title over two lines
/// (Resist or Serve), which no command could then name.
fn one_line(title: &str) -> String {
    title.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_broken_over_two_lines_reads_as_one() {
        assert_eq!(
            one_line("Inget Murray Psychiatic Hospital, Gaithersburg,\r\nMD "),
            "Inget Murray Psychiatic Hospital, Gaithersburg, MD"
        );
    }

    #[test]
    fn reads_easier_questions() {
        let t = "You may ask one MOTIVE question or one RESULT question. If you ask if the MOTIVE is \"Control\", the skill check prerequisite is 4+.";
        assert_eq!(parse_easier(t), Some((Trait::Control, 4)));
        let t = "You may ask one Motive question or one Method question. If you ask if the Method is Possession, the skill check prerequisite is 4+.";
        assert_eq!(parse_easier(t), Some((Trait::Possession, 4)));
        assert_eq!(parse_easier("You may ask one METHOD question."), None);
    }

    #[test]
    fn reads_question_categories_including_the_misspelt_one() {
        let mut notes = Vec::new();
        let kw = vec!["Method".to_string(), "Result".to_string()];
        let q = parse_question("X", "You may ask on METHOD or one RESULT question. Cost of Adversary cards played on this Site is increased by 2.", &kw, &mut notes).unwrap();
        assert_eq!(q.categories, vec!["Method", "Result"]);
        assert!(notes.is_empty());
    }
}
