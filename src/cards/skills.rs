//! Skills printed on Agents and Adversaries, and their values.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::vocab::vocabulary;

vocabulary!(
    /// The eleven investigative skills (Advanced Rules p. 65) and the four
    /// statistics every combatant carries.
    Skill, "skill", {
        AlienInvestigation => "Alien Investigation",
        Behavioral => "Behavioral",
        Bureaucracy => "Bureaucracy",
        Computer => "Computer",
        CriminalInvestigation => "Criminal Investigation",
        EvidenceCollection => "Evidence Collection",
        Medical => "Medical",
        Observation => "Observation",
        OccultInvestigation => "Occult Investigation",
        Sciences => "Sciences",
        Subterfuge => "Subterfuge",
        LongRangeCombat => "Long Range Combat",
        CloseRangeCombat => "Close Range Combat",
        Health => "Health",
        Resources => "Resources",
    }
);

impl Skill {
    /// The eleven skills a Site prerequisite can name.
    pub const INVESTIGATIVE: &'static [Skill] = &[
        Skill::AlienInvestigation,
        Skill::Behavioral,
        Skill::Bureaucracy,
        Skill::Computer,
        Skill::CriminalInvestigation,
        Skill::EvidenceCollection,
        Skill::Medical,
        Skill::Observation,
        Skill::OccultInvestigation,
        Skill::Sciences,
        Skill::Subterfuge,
    ];

    pub fn is_investigative(self) -> bool {
        (self as usize) <= (Skill::Subterfuge as usize)
    }

    /// Short label used on boards: the rules' abbreviations for the four statistics.
    pub fn short(self) -> &'static str {
        match self {
            Skill::LongRangeCombat => "LRC",
            Skill::CloseRangeCombat => "CRC",
            Skill::Health => "HEALTH",
            Skill::Resources => "RES",
            other => other.as_str(),
        }
    }

    /// Parses a skill name, accepting the abbreviations LRC, CRC and RES.
    pub fn parse_loose(s: &str) -> Option<Skill> {
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "LRC" => Some(Skill::LongRangeCombat),
            "CRC" => Some(Skill::CloseRangeCombat),
            "RES" | "RESOURCE" => Some(Skill::Resources),
            _ => t.parse().ok(),
        }
    }
}

/// A printed skill value: a number, "N/A" (the combatant cannot use that skill,
/// e.g. an Adversary with no Long Range Combat, Advanced Rules p. 32) or
/// "Special" (the card's text defines it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SkillValue {
    Num(u8),
    NotApplicable,
    Special,
}

impl SkillValue {
    /// The value used in arithmetic: N/A and Special count as 0.
    pub fn value(self) -> i32 {
        match self {
            SkillValue::Num(n) => i32::from(n),
            _ => 0,
        }
    }
}

impl fmt::Display for SkillValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkillValue::Num(n) => write!(f, "{n}"),
            SkillValue::NotApplicable => f.write_str("N/A"),
            SkillValue::Special => f.write_str("Special"),
        }
    }
}

impl Serialize for SkillValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SkillValue::Num(n) => s.serialize_u8(*n),
            SkillValue::NotApplicable => s.serialize_str("N/A"),
            SkillValue::Special => s.serialize_str("Special"),
        }
    }
}

impl<'de> Deserialize<'de> for SkillValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Num(u8),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Num(n) => Ok(SkillValue::Num(n)),
            Raw::Text(t) if t.eq_ignore_ascii_case("N/A") => Ok(SkillValue::NotApplicable),
            Raw::Text(t) if t.eq_ignore_ascii_case("Special") => Ok(SkillValue::Special),
            Raw::Text(t) => Err(serde::de::Error::custom(format!(
                "skill value '{t}' is not a number, N/A or Special"
            ))),
        }
    }
}

/// The skills printed on one card. Absent skills are `None` (and count as 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SkillSet([Option<SkillValue>; Skill::ALL.len()]);

impl SkillSet {
    pub fn get(&self, skill: Skill) -> Option<SkillValue> {
        self.0[skill as usize]
    }

    /// The printed number, 0 when absent, N/A or Special.
    pub fn value(&self, skill: Skill) -> i32 {
        self.get(skill).map_or(0, SkillValue::value)
    }

    pub fn set(&mut self, skill: Skill, value: SkillValue) {
        self.0[skill as usize] = Some(value);
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    /// Present skills in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (Skill, SkillValue)> + '_ {
        Skill::ALL
            .iter()
            .filter_map(|&s| self.get(s).map(|v| (s, v)))
    }
}

impl Serialize for SkillSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for (skill, value) in self.iter() {
            map.serialize_entry(skill.as_str(), &value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for SkillSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = BTreeMap::<String, SkillValue>::deserialize(d)?;
        let mut set = SkillSet::default();
        for (name, value) in raw {
            let skill: Skill = name.parse().map_err(serde::de::Error::custom)?;
            set.set(skill, value);
        }
        Ok(set)
    }
}
