//! What a Site asks of the investigating Team (its prerequisite) and what it
//! lets the Team ask in return (Advanced Rules p. 56).

use std::fmt;
use std::str::FromStr;

use super::skills::Skill;
use super::xfile::{Category, Trait};

/// One skill and the level a Team must reach ("BEHAVIORAL 4+").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Threshold {
    pub skill: Skill,
    pub min: u8,
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}+", self.skill.as_str().to_uppercase(), self.min)
    }
}

/// A Site prerequisite.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Prerequisite {
    /// One of these: a MONO Site has one, a MULTI Site two; the skill is
    /// announced before investigating and cannot change (Advanced Rules p. 24).
    AnyOf(Vec<Threshold>),
    /// Every one of these must be met at once.
    AllOf(Vec<Threshold>),
    /// Not a skill check; the printed text says what is needed.
    Special(String),
}

impl Prerequisite {
    pub fn thresholds(&self) -> &[Threshold] {
        match self {
            Prerequisite::AnyOf(t) | Prerequisite::AllOf(t) => t,
            Prerequisite::Special(_) => &[],
        }
    }
}

impl fmt::Display for Prerequisite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |f: &mut fmt::Formatter<'_>, t: &[Threshold], word: &str| {
            for (i, th) in t.iter().enumerate() {
                if i > 0 {
                    write!(f, " {word} ")?;
                }
                write!(f, "{th}")?;
            }
            Ok(())
        };
        match self {
            Prerequisite::AnyOf(t) => join(f, t, "or"),
            Prerequisite::AllOf(t) => join(f, t, "and"),
            Prerequisite::Special(text) => f.write_str(text),
        }
    }
}

/// A prerequisite text that is not "SKILL N+", "A N+ or B N+" or "A N+ and B N+".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a skill prerequisite (expected e.g. 'BEHAVIORAL 4+' or 'MEDICAL 5+ or SCIENCES 5+')"
)]
pub struct PrerequisiteError(pub String);

impl FromStr for Prerequisite {
    type Err = PrerequisiteError;

    /// Parses the skill forms. "A or B 5+" gives both skills the threshold,
    /// as printed on two cards whose first skill lost its number.
    fn from_str(s: &str) -> Result<Self, PrerequisiteError> {
        let err = || PrerequisiteError(s.to_string());
        let text = s.trim().trim_end_matches('.').replace(',', " ");
        let lower = text.to_ascii_lowercase();
        let (parts, all): (Vec<&str>, bool) = if lower.contains(" and ") {
            (split_word(&text, "and"), true)
        } else {
            (split_word(&text, "or"), false)
        };
        let mut parsed: Vec<(Skill, Option<u8>)> = Vec::new();
        for part in parts {
            let words: Vec<&str> = part.split_whitespace().collect();
            let (name, min) = match words.last().and_then(|w| w.strip_suffix('+')) {
                Some(n) => (
                    words[..words.len() - 1].join(" "),
                    Some(n.parse::<u8>().map_err(|_| err())?),
                ),
                None => (words.join(" "), None),
            };
            let skill: Skill = name.parse().map_err(|_| err())?;
            if !skill.is_investigative() {
                return Err(err());
            }
            parsed.push((skill, min));
        }
        let last = parsed.last().and_then(|p| p.1).ok_or_else(err)?;
        let thresholds = parsed
            .into_iter()
            .map(|(skill, min)| Threshold {
                skill,
                min: min.unwrap_or(last),
            })
            .collect();
        Ok(if all {
            Prerequisite::AllOf(thresholds)
        } else {
            Prerequisite::AnyOf(thresholds)
        })
    }
}

fn split_word<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let lower = rest.to_ascii_lowercase();
        match lower.find(&format!(" {word} ")) {
            Some(i) => {
                out.push(&rest[..i]);
                rest = &rest[i + word.len() + 2..];
            }
            None => {
                out.push(rest);
                return out;
            }
        }
    }
}

/// A question made easier: "If you ask if the MOTIVE is Control, the skill
/// check prerequisite is 4+".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct EasierQuestion {
    pub value: Trait,
    pub threshold: u8,
}

/// The question a successful investigation earns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SiteQuestion {
    /// The categories the investigator may choose one question from.
    pub categories: Vec<Category>,
    /// Asking about this value lowers the prerequisite.
    pub easier: Option<EasierQuestion>,
    /// The printed text, which may carry further effects.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn th(skill: Skill, min: u8) -> Threshold {
        Threshold { skill, min }
    }

    #[test]
    fn parses_every_prerequisite_shape_in_the_data() {
        use Prerequisite::*;
        use Skill::*;
        let cases = [
            ("BEHAVIORAL 4+", AnyOf(vec![th(Behavioral, 4)])),
            ("Medical 4+", AnyOf(vec![th(Medical, 4)])),
            (
                "ALIEN INVESTIGATION 5+ or BUREAUCRACY 5+",
                AnyOf(vec![th(AlienInvestigation, 5), th(Bureaucracy, 5)]),
            ),
            (
                "CRIMINAL INVESTIGATION 5+ or SUBTERFUGE 5+.",
                AnyOf(vec![th(CriminalInvestigation, 5), th(Subterfuge, 5)]),
            ),
            (
                "OCCULT INVESTIGATION  5+, or SCIENCES  5+",
                AnyOf(vec![th(OccultInvestigation, 5), th(Sciences, 5)]),
            ),
            (
                "CRIMINAL INVESTIGATION or OBSERVATION 5+",
                AnyOf(vec![th(CriminalInvestigation, 5), th(Observation, 5)]),
            ),
            (
                "OBSERVATION 3+ AND ALIEN INVESTIGATION 3+",
                AllOf(vec![th(Observation, 3), th(AlienInvestigation, 3)]),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Prerequisite>().unwrap(), expected, "{text}");
        }
    }

    #[test]
    fn canonical_text_round_trips() {
        let p: Prerequisite = "Alien Investigation 5+ or Computer 5+".parse().unwrap();
        assert_eq!(p.to_string(), "ALIEN INVESTIGATION 5+ or COMPUTER 5+");
        assert_eq!(p.to_string().parse::<Prerequisite>().unwrap(), p);
    }

    #[test]
    fn non_skill_text_is_refused() {
        for bad in [
            "Special Equipment required",
            "HEALTH 4+",
            "BEHAVIORAL",
            "BEHAVIOURAL 4+",
        ] {
            assert!(bad.parse::<Prerequisite>().is_err(), "{bad}");
        }
    }
}
