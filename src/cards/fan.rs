//! The X-Files Fan CCG card set (34 cards), loaded from the embedded
//! `cards/fan-ccg/cards.json` (written by [`super::fan_import`]).
//!
//! The prototype's free-text rules are stored structured: what a card
//! requires and provides, which circumstances it needs and sets, and its one
//! special effect where it has one. Every interpretation the importer makes is
//! listed in `cards/fan-ccg/README.md` and in the rules reference.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// A fan card's index in [`FanDb`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FanIdx(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FanType {
    Environment,
    Case,
    Incident,
    Following,
    Conclusion,
    Action,
}

impl FanType {
    pub fn as_str(self) -> &'static str {
        match self {
            FanType::Environment => "Environment",
            FanType::Case => "Case",
            FanType::Incident => "Incident",
            FanType::Following => "Following",
            FanType::Conclusion => "Conclusion",
            FanType::Action => "Action",
        }
    }

    /// Cards that go into the draw deck.
    pub fn in_draw_deck(self) -> bool {
        self != FanType::Environment
    }

    /// Cards that may start a round.
    pub fn starts_round(self) -> bool {
        matches!(self, FanType::Case | FanType::Incident)
    }
}

/// The three circumstances shown by a card's pips.
pub const CIRCUMSTANCES: [&str; 3] = ["progress", "opposition", "jeopardy"];

/// What a card needs of one circumstance to be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Need {
    /// No pip: anything goes.
    #[default]
    Any,
    /// The circumstance must be present now.
    Present,
    /// It must be absent now.
    Absent,
    /// Present after each of the last two cards of the round ("2prev").
    HeldTwo,
    /// Established by at least two cards of the round and present now (the pip "2").
    CountTwo,
}

/// What a card does to one circumstance once played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sets {
    /// A solid pip: the circumstance is now present.
    On,
    /// No pip: the circumstance is eliminated.
    #[default]
    Off,
    /// A translucent arrow: unchanged.
    Keep,
}

/// Who may be required by name: the environment's characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Character {
    #[serde(rename = "SCULLY")]
    Scully,
    #[serde(rename = "MULDER")]
    Mulder,
}

impl Character {
    pub const ALL: [Character; 2] = [Character::Scully, Character::Mulder];

    pub fn as_str(self) -> &'static str {
        match self {
            Character::Scully => "SCULLY",
            Character::Mulder => "MULDER",
        }
    }

    pub fn parse(s: &str) -> Option<Character> {
        Character::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
    }
}

/// One requirement of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum Requirement {
    /// Something provided by the environment or an earlier card of the round
    /// ("Evidence" is met by "Evidence-physical": a hyphen narrows an aspect).
    Aspect { aspect: String },
    /// Provided by at least `count` different sources.
    Several { aspect: String, count: u8 },
    /// An environment character, available (not captured or disabled), with
    /// the playing player's Investment at most `max_investment` when given.
    Character {
        character: Character,
        max_investment: Option<i32>,
    },
    /// At least one other face-up card in the round.
    Uncovered,
}

/// The special rules of the cards that have one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum Effect {
    /// Playable only right after a Case.
    OnlyAfterCase,
    /// While in play, a Conclusion needs this many progress-establishing cards after it.
    ProgressBeforeConclusion { count: u8 },
    /// Negates earlier cards of the round providing this aspect.
    NegateProviders { aspect: String },
    /// If its player also ends the round with a Conclusion, it moves beside
    /// their MULDER and adds to their Investment.
    SharesConfidence { investment: i32 },
    /// Takes an environment character (the player's choice) away while it stays.
    Capture,
    /// After scoring without it, a negative round score becomes 0.
    FloorAtZero,
    /// The round loses this much unless a later card removes jeopardy.
    JeopardyPenalty { points: i32 },
    /// A conflict: the player's chosen Agent plus their arms against the
    /// jeopardy in the round plus the opponent's arms (see the rules reference).
    Conflict {
        success_points: i32,
        success_provides: String,
    },
    /// Discard this and two more cards from hand.
    DiscardTwoMore,
}

/// Base points of a card; "positive"/"negative"/"conflict" cards have no
/// printed number and score through their effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Points {
    Value(i32),
    Marked(PointMark),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointMark {
    Positive,
    Negative,
    Conflict,
}

impl Points {
    pub fn base(self) -> i32 {
        match self {
            Points::Value(v) => v,
            Points::Marked(_) => 0,
        }
    }
}

/// How many copies a deck may hold: a number, or "+" (no limit). Unmarked
/// cards follow the game option (one copy by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckLimit {
    Copies(u8),
    Mark(LimitMark),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitMark {
    #[serde(rename = "+")]
    Unlimited,
    #[serde(rename = "unmarked")]
    Unmarked,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FanCard {
    pub id: String,
    pub name: String,
    pub episode: String,
    #[serde(rename = "type")]
    pub kind: FanType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_value: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Points>,
    /// Most copies in one round (`None`: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_limit: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_limit: Option<DeckLimit>,
    /// The character an environment card is (SCULLY, MULDER), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<Character>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub themes: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provides: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<Requirement>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prevented_by: Vec<String>,
    #[serde(default)]
    pub needs: [Need; 3],
    /// `None` for cards that end the round (Conclusions) or leave everything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets: Option<[Sets; 3]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub investment: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    /// The printed rules text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub text: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavor: Option<String>,
}

impl FanCard {
    /// The all-capital part of the name ("SCULLY" in "Dana SCULLY").
    pub fn capital_part(&self) -> String {
        self.name
            .split_whitespace()
            .filter(|w| {
                w.len() > 1
                    && w.chars().all(|c| !c.is_lowercase())
                    && w.chars().any(|c| c.is_alphabetic())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FanFile {
    pub cards: Vec<FanCard>,
}

/// The fan card set.
pub struct FanDb {
    cards: Vec<FanCard>,
    by_id: HashMap<String, FanIdx>,
}

static FAN: LazyLock<FanDb> = LazyLock::new(|| {
    FanDb::from_json(include_str!("../../cards/fan-ccg/cards.json"))
        .expect("the embedded fan card data is valid")
});

/// The embedded fan card set.
pub fn fan_db() -> &'static FanDb {
    &FAN
}

impl FanDb {
    pub fn from_json(text: &str) -> Result<FanDb, String> {
        let file: FanFile =
            serde_json::from_str(text).map_err(|e| format!("fan card file: {e}"))?;
        let mut by_id = HashMap::new();
        for (i, c) in file.cards.iter().enumerate() {
            if by_id.insert(c.id.clone(), FanIdx(i as u8)).is_some() {
                return Err(format!("fan card id {} appears twice", c.id));
            }
        }
        Ok(FanDb {
            cards: file.cards,
            by_id,
        })
    }

    pub fn get(&self, idx: FanIdx) -> &FanCard {
        &self.cards[usize::from(idx.0)]
    }

    pub fn by_id(&self, id: &str) -> Option<FanIdx> {
        self.by_id.get(id).copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = (FanIdx, &FanCard)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (FanIdx(i as u8), c))
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The most similar card name, for suggestions.
    pub fn closest(&self, text: &str) -> Option<FanIdx> {
        let wanted = super::normalize(text);
        self.iter()
            .map(|(i, c)| (i, strsim::jaro_winkler(&wanted, &super::normalize(&c.name))))
            .filter(|(_, s)| *s >= 0.6)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// Resolves a card by id or (fuzzy) name.
    pub fn find(&self, text: &str) -> Option<FanIdx> {
        if let Some(i) = self.by_id(text.trim()) {
            return Some(i);
        }
        let wanted = super::normalize(text);
        if let Some((i, _)) = self
            .iter()
            .find(|(_, c)| super::normalize(&c.name) == wanted)
        {
            return Some(i);
        }
        self.iter()
            .map(|(i, c)| {
                (
                    i,
                    strsim::normalized_damerau_levenshtein(&wanted, &super::normalize(&c.name)),
                )
            })
            .filter(|(_, s)| *s >= 0.75)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }
}

impl Serialize for FanIdx {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&fan_db().get(*self).id)
    }
}

impl<'de> Deserialize<'de> for FanIdx {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        fan_db()
            .by_id(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown fan card '{s}'")))
    }
}
