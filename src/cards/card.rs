//! One card, fully typed, and its canonical file form.
//!
//! [`RawCard`] is what `cards/xfiles-ccg/*.json` holds: plain strings and
//! numbers. [`Card::from_raw`] turns it into a [`Card`], checking every field;
//! an error names the card id and the field, so a bad edit to a card file is
//! found at start-up, not mid-game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cost::Cost;
use super::site::{EasierQuestion, Prerequisite, SiteQuestion};
use super::skills::{Skill, SkillSet, SkillValue};
use super::vocab::{Activator, CardSet, CardType, Keyword, Level, Rarity, Tag};
use super::xfile::{Category, Characteristics, Trait};

/// A card of the X-Files CCG.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub title: String,
    pub set: CardSet,
    pub kind: CardType,
    pub rarity: Option<Rarity>,
    pub episode: Option<String>,
    pub cost: Option<Cost>,
    pub keywords: Vec<Keyword>,
    pub activators: Vec<Activator>,
    /// Game text of every card but Agents (and the few Sites with an effect).
    pub text: Option<String>,
    /// The Agent's (or Site's) Game Effect.
    pub game_effect: Option<String>,
    pub skills: SkillSet,
    pub prerequisite: Option<Prerequisite>,
    pub question: Option<SiteQuestion>,
    pub characteristics: Option<Characteristics>,
    /// `None` when the source does not say whether the Advanced marker is printed.
    pub level: Option<Level>,
    pub tags: Vec<Tag>,
    pub dialogue: Option<String>,
    pub bio: Option<String>,
    pub created_by: Option<String>,
    pub found_in: Option<String>,
}

impl Card {
    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }

    pub fn has_activator(&self, a: Activator) -> bool {
        self.activators.contains(&a)
    }

    /// Usable in the Basic Game: no Advanced marker and not a Combat card
    /// (Combat cards are removed for the Basic Game, Advanced Rules p. 54).
    pub fn is_basic_legal(&self) -> bool {
        self.level != Some(Level::Advanced) && self.kind != CardType::Combat
    }

    /// The printed value of a skill or statistic (0 when absent, N/A or Special).
    pub fn skill(&self, skill: Skill) -> i32 {
        self.skills.value(skill)
    }
}

/// A field that failed validation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("card {id}, field '{field}': {message}")]
pub struct CardError {
    pub id: String,
    pub field: &'static str,
    pub message: String,
}

/// The canonical, committed form of a card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RawCard {
    pub id: String,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub episode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activators: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub skills: BTreeMap<String, serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prerequisite: Option<RawPrerequisite>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<RawQuestion>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub characteristics: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_effect: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialogue: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_in: Option<String>,
}

/// A prerequisite: skill text ("BEHAVIORAL 4+") or a special condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RawPrerequisite {
    Skills(String),
    Special { special: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RawQuestion {
    pub categories: Vec<String>,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub easier: Option<RawEasier>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEasier {
    pub value: String,
    pub threshold: u8,
}

impl Card {
    /// Validates a raw card of the given set.
    pub fn from_raw(raw: &RawCard, set: CardSet) -> Result<Card, CardError> {
        let fail = |field: &'static str, message: String| CardError {
            id: raw.id.clone(),
            field,
            message,
        };
        if raw.id.trim().is_empty() {
            return Err(fail("id", "empty id".into()));
        }
        let kind: CardType = raw.kind.parse().map_err(|e| fail("type", format!("{e}")))?;
        let rarity = raw
            .rarity
            .as_deref()
            .map(str::parse::<Rarity>)
            .transpose()
            .map_err(|e| fail("rarity", e.to_string()))?;
        let level = raw
            .level
            .as_deref()
            .map(str::parse::<Level>)
            .transpose()
            .map_err(|e| fail("level", e.to_string()))?;
        let cost = raw
            .cost
            .as_deref()
            .map(str::parse::<Cost>)
            .transpose()
            .map_err(|e| fail("cost", e.to_string()))?;
        let keywords = parse_all::<Keyword>(&raw.keywords).map_err(|e| fail("keywords", e))?;
        let activators =
            parse_all::<Activator>(&raw.activators).map_err(|e| fail("activators", e))?;
        let tags = parse_all::<Tag>(&raw.tags).map_err(|e| fail("tags", e))?;
        let skills = parse_skills(&raw.skills).map_err(|e| fail("skills", e))?;
        let prerequisite = match &raw.prerequisite {
            None => None,
            Some(RawPrerequisite::Special { special }) => {
                Some(Prerequisite::Special(special.clone()))
            }
            Some(RawPrerequisite::Skills(text)) => Some(
                text.parse::<Prerequisite>()
                    .map_err(|e| fail("prerequisite", e.to_string()))?,
            ),
        };
        let question = raw
            .question
            .as_ref()
            .map(parse_question)
            .transpose()
            .map_err(|e| fail("question", e))?;
        let characteristics = if raw.characteristics.is_empty() {
            None
        } else {
            Some(
                parse_characteristics(&raw.characteristics)
                    .map_err(|e| fail("characteristics", e))?,
            )
        };
        let card = Card {
            id: raw.id.clone(),
            title: raw.title.clone(),
            set,
            kind,
            rarity,
            episode: raw.episode.clone(),
            cost,
            keywords,
            activators,
            text: raw.text.clone(),
            game_effect: raw.game_effect.clone(),
            skills,
            prerequisite,
            question,
            characteristics,
            level,
            tags,
            dialogue: raw.dialogue.clone(),
            bio: raw.bio.clone(),
            created_by: raw.created_by.clone(),
            found_in: raw.found_in.clone(),
        };
        check_shape(&card).map_err(|(field, message)| fail(field, message))?;
        Ok(card)
    }

    /// The canonical file form (inverse of [`Card::from_raw`]).
    pub fn to_raw(&self) -> RawCard {
        RawCard {
            id: self.id.clone(),
            title: self.title.clone(),
            kind: self.kind.to_string(),
            rarity: self.rarity.map(|r| r.to_string()),
            episode: self.episode.clone(),
            level: self.level.map(|l| l.to_string()),
            cost: self.cost.map(|c| c.to_string()),
            keywords: self.keywords.iter().map(|k| k.to_string()).collect(),
            activators: self.activators.iter().map(|a| a.to_string()).collect(),
            skills: self
                .skills
                .iter()
                .map(|(s, v)| {
                    (
                        s.to_string(),
                        serde_json::to_value(v).expect("skill values serialise"),
                    )
                })
                .collect(),
            prerequisite: self.prerequisite.as_ref().map(|p| match p {
                Prerequisite::Special(text) => RawPrerequisite::Special {
                    special: text.clone(),
                },
                other => RawPrerequisite::Skills(other.to_string()),
            }),
            question: self.question.as_ref().map(|q| RawQuestion {
                categories: q.categories.iter().map(|c| c.to_string()).collect(),
                text: q.text.clone(),
                easier: q.easier.map(|e| RawEasier {
                    value: e.value.to_string(),
                    threshold: e.threshold,
                }),
            }),
            characteristics: self
                .characteristics
                .map(|c| {
                    Category::ALL
                        .iter()
                        .map(|cat| (cat.to_string(), c.get(*cat).to_string()))
                        .collect()
                })
                .unwrap_or_default(),
            text: self.text.clone(),
            game_effect: self.game_effect.clone(),
            tags: self.tags.iter().map(|t| t.to_string()).collect(),
            dialogue: self.dialogue.clone(),
            bio: self.bio.clone(),
            created_by: self.created_by.clone(),
            found_in: self.found_in.clone(),
        }
    }
}

fn parse_all<T>(words: &[String]) -> Result<Vec<T>, String>
where
    T: std::str::FromStr<Err = super::vocab::UnknownTerm>,
{
    words
        .iter()
        .map(|w| w.parse::<T>().map_err(|e| e.to_string()))
        .collect()
}

fn parse_skills(raw: &BTreeMap<String, serde_json::Value>) -> Result<SkillSet, String> {
    let mut set = SkillSet::default();
    for (name, value) in raw {
        let skill: Skill = name
            .parse()
            .map_err(|e: super::vocab::UnknownTerm| e.to_string())?;
        let value: SkillValue =
            serde_json::from_value(value.clone()).map_err(|e| format!("{skill}: {e}"))?;
        set.set(skill, value);
    }
    Ok(set)
}

fn parse_question(raw: &RawQuestion) -> Result<SiteQuestion, String> {
    let categories = parse_all::<Category>(&raw.categories)?;
    if categories.is_empty() {
        return Err("a question needs at least one characteristic category".into());
    }
    let easier = match &raw.easier {
        None => None,
        Some(e) => {
            let value: Trait = e
                .value
                .parse()
                .map_err(|err: super::vocab::UnknownTerm| err.to_string())?;
            if !categories.contains(&value.category()) {
                return Err(format!(
                    "easier question about '{value}' is not in an allowed category"
                ));
            }
            Some(EasierQuestion {
                value,
                threshold: e.threshold,
            })
        }
    };
    Ok(SiteQuestion {
        categories,
        easier,
        text: raw.text.clone(),
    })
}

fn parse_characteristics(raw: &BTreeMap<String, String>) -> Result<Characteristics, String> {
    let mut values = Vec::with_capacity(4);
    for category in Category::ALL {
        let text = raw
            .get(category.as_str())
            .ok_or_else(|| format!("missing {category}"))?;
        values.push(text.parse::<Trait>().map_err(|e| e.to_string())?);
    }
    if raw.len() != 4 {
        return Err("expected exactly Affiliation, Motive, Method and Result".into());
    }
    Characteristics::new([values[0], values[1], values[2], values[3]])
}

/// Checks that each card type carries the fields the game needs.
fn check_shape(card: &Card) -> Result<(), (&'static str, String)> {
    let need = |ok: bool, field: &'static str, what: &str| {
        if ok {
            Ok(())
        } else {
            Err((field, format!("a {} card needs {what}", card.kind)))
        }
    };
    match card.kind {
        CardType::Credits | CardType::Placeholder => Ok(()),
        CardType::XFile => need(
            card.characteristics.is_some(),
            "characteristics",
            "its four characteristics",
        ),
        CardType::Agent => {
            need(card.cost.is_some(), "cost", "a cost")?;
            for s in [
                Skill::LongRangeCombat,
                Skill::CloseRangeCombat,
                Skill::Health,
                Skill::Resources,
            ] {
                need(
                    card.skills.get(s).is_some(),
                    "skills",
                    &format!("a {s} value"),
                )?;
            }
            Ok(())
        }
        CardType::Adversary => {
            need(card.cost.is_some(), "cost", "a cost")?;
            for s in [
                Skill::LongRangeCombat,
                Skill::CloseRangeCombat,
                Skill::Health,
            ] {
                need(
                    card.skills.get(s).is_some(),
                    "skills",
                    &format!("a {s} value"),
                )?;
            }
            Ok(())
        }
        CardType::Site => {
            need(card.cost.is_some(), "cost", "a cost")?;
            need(
                card.prerequisite.is_some(),
                "prerequisite",
                "a prerequisite",
            )
        }
        _ => need(card.cost.is_some(), "cost", "a cost"),
    }
}
