//! Legendary Encounters card data: one definition per distinct card, the
//! number of copies kept apart, the board's constants, and the checks that
//! name the card and field of every mistake. The schema is documented in
//! `cards/legendary/README.md`; the demo set (invented, labelled so) is
//! embedded from `cards/legendary/demo/`.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::program::{Program, Step};

/// The five classes of characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    Intellect,
    Leadership,
    Science,
    Tech,
    Will,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Intellect,
        Class::Leadership,
        Class::Science,
        Class::Tech,
        Class::Will,
    ];
    pub const NAMES: &'static str = "intellect, leadership, science, tech or will";

    pub fn parse(word: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.word() == word)
    }

    pub fn word(self) -> &'static str {
        match self {
            Class::Intellect => "intellect",
            Class::Leadership => "leadership",
            Class::Science => "science",
            Class::Tech => "tech",
            Class::Will => "will",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Class::Intellect => "Intellect",
            Class::Leadership => "Leadership",
            Class::Science => "Science",
            Class::Tech => "Tech",
            Class::Will => "Will",
        }
    }

    /// Index in a points pool (0 is "no class").
    pub fn slot(self) -> usize {
        self as usize + 1
    }
}

/// What a card is (each has its own frame).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Starting,
    SpecialAgent,
    Academy,
    Ally,
    Enemy,
    Syndicate,
    Event,
    Informant,
    Lead,
    Evidence,
    EndGame,
    Strike,
    Belief,
    Doubt,
    Cliffhanger,
    Avatar,
}

impl Kind {
    /// Characters go into player decks (rulebook, "Your Characters").
    pub fn is_character(self) -> bool {
        matches!(
            self,
            Kind::Starting | Kind::SpecialAgent | Kind::Academy | Kind::Ally
        )
    }

    /// Cards of the Conspiracy Deck (and the Syndicate), defeated to the
    /// Defeated Conspiracy space.
    pub fn is_conspiracy(self) -> bool {
        matches!(
            self,
            Kind::Enemy | Kind::Syndicate | Kind::Event | Kind::Informant | Kind::Lead
        )
    }

    pub fn is_enemy(self) -> bool {
        matches!(self, Kind::Enemy | Kind::Syndicate)
    }

    pub fn title(self) -> &'static str {
        match self {
            Kind::Starting => "Starting card",
            Kind::SpecialAgent => "Special Agent",
            Kind::Academy => "Academy character",
            Kind::Ally => "Ally",
            Kind::Enemy => "Enemy",
            Kind::Syndicate => "Syndicate Enemy",
            Kind::Event => "Event",
            Kind::Informant => "Informant",
            Kind::Lead => "Lead",
            Kind::Evidence => "Evidence",
            Kind::EndGame => "End Game",
            Kind::Strike => "Strike",
            Kind::Belief => "Belief",
            Kind::Doubt => "Doubt",
            Kind::Cliffhanger => "Cliffhanger",
            Kind::Avatar => "Avatar",
        }
    }
}

/// Conspiracy and character keywords (rulebook, "Keyword Abilities").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "k", content = "class")]
pub enum Keyword {
    Coordinate,
    Vigilant,
    Ambush,
    Apprehend,
    DoubleStrike,
    TripleStrike,
    Elude,
    Ferocious,
    Frightening,
    Immunity(Class),
    Lethal,
    Maul,
    Range,
    Ravage,
    Runner,
    Stationary,
    Stealth,
    Swift,
    Vulnerability(Class),
}

impl Keyword {
    pub fn title(self) -> String {
        match self {
            Keyword::Immunity(c) => format!("{} Immunity", c.title()),
            Keyword::Vulnerability(c) => format!("{} Vulnerability", c.title()),
            k => {
                let s = serde_json::to_value(k).expect("keywords serialise");
                let word = s["k"].as_str().unwrap_or_default().to_string();
                word.split('-')
                    .map(|w| {
                        let mut c = w.chars();
                        c.next()
                            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                            .unwrap_or_default()
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        }
    }
}

/// When an ability happens (rulebook, "Ability Timing" and the keywords).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    /// A character's text, done when it is played.
    Play,
    /// "Activate:" — once per turn, later in the Action Phase.
    Activate,
    /// "Sacrifice": defeat the card for this.
    Sacrifice,
    /// "Vigilant": the card stays in play; discard it for this.
    Vigilant,
    /// "Draw:" — when the card is drawn.
    Draw,
    /// "Cleanup:" — in the Cleanup Phase.
    Cleanup,
    Reveal,
    FirstReveal,
    RevealShadows,
    /// Always in force while revealed.
    Ongoing,
    /// In force while in the Shadows.
    Shadows,
    /// In force while in the Field.
    Field,
    /// "Strike:" — after the Strike card is drawn.
    Strike,
    Defeat,
    FirstDefeat,
    /// "The End:" — when the End Game is revealed.
    TheEnd,
    /// The text after Elude, done when it escapes.
    Elude,
    /// A Lead's "Discover Evidence" instructions.
    Discover,
    /// A Lead's "Collect Evidence" instructions.
    Collect,
    /// An Avatar's Belief.
    Belief,
    /// An Avatar's Doubt.
    Doubt,
    /// A Bureau space's power.
    Bureau,
    /// A Cliffhanger's text done as the next game is set up.
    Start,
    /// "Play this on another player's turn" (alone: on your own).
    OtherTurn,
}

/// One ability: when, an optional class condition, the printed text, and
/// the program when the vocabulary can say it (else a manual step).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    pub when: Timing,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    pub text: String,
    #[serde(default, rename = "do", skip_serializing_if = "Option::is_none")]
    pub program: Option<Program>,
    /// A name printed with the ability ("Trust No One").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl Ability {
    pub fn steps(&self) -> &[Step] {
        self.program.as_ref().map_or(&[], |p| &p.0)
    }
}

/// One distinct card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// The Academy character printed under the title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub season: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recruit: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health: Option<u8>,
    /// Avatars: lowest goes first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u8>,
    /// Evidence: 1, 2 or 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<u8>,
    /// Strikes: the damage number (0 for a Miss).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<u8>,
    /// Strikes: "Fear" — another player may reveal a Belief to cancel it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fear: bool,
    /// Enemy types (Alien, Construct, Creature, Human, Spirit).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
    /// Cliffhangers: the Avatar it belongs to, and its category.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avatar: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cliffhanger: Option<Cliffhanger>,
}

/// The Series' Cliffhanger categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cliffhanger {
    UnexpectedHelp,
    GotTooClose,
    TheyMayHaveWon,
}

impl CardDef {
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }

    pub fn ability(&self, when: Timing) -> Option<&Ability> {
        self.abilities.iter().find(|a| a.when == when)
    }

    pub fn abilities_at(&self, when: Timing) -> impl Iterator<Item = &Ability> {
        self.abilities.iter().filter(move |a| a.when == when)
    }

    /// Damage a Strike deals (a Scar always counts 1).
    pub fn strike_damage(&self) -> u8 {
        self.damage.unwrap_or(0)
    }
}

/// One Bureau space: what scanning it costs, and its power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BureauSpace {
    pub scan: u8,
    pub power: Ability,
}

/// The playmat's constants.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Attack to scan each Shadows space, left (next to the Field) to right.
    pub shadows_scan: [u8; 5],
    /// The five Bureau spaces, left to right.
    pub bureau: [BureauSpace; 5],
    pub special_agent_cost: u8,
    pub hand_size: u8,
    /// Where each value comes from ("rulebook", "invented for the demo").
    #[serde(default)]
    pub note: String,
}

/// One data file: a deck kind's cards, and how many copies of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckFile {
    pub cards: Vec<CardDef>,
    /// Copies per card id; a card not listed has one copy.
    #[serde(default)]
    pub copies: BTreeMap<String, u8>,
}

/// A whole box's (or the demo's) cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    pub name: String,
    /// Invented card data, not the printed cards: said in every game.
    pub demo: bool,
    pub board: Board,
    pub cards: Vec<CardDef>,
    pub copies: BTreeMap<String, u8>,
}

/// A mistake in card data, naming the file, card and field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub card: String,
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.file)?;
        if !self.card.is_empty() {
            write!(f, "card `{}`", self.card)?;
            if !self.field.is_empty() {
                write!(f, ", field `{}`", self.field)?;
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", self.message)
    }
}

/// The demo data files, in the order they are read.
pub const DEMO_FILES: &[(&str, &str)] = &[
    (
        "avatars.json",
        include_str!("../../../cards/legendary/demo/avatars.json"),
    ),
    (
        "starting.json",
        include_str!("../../../cards/legendary/demo/starting.json"),
    ),
    (
        "special-agents.json",
        include_str!("../../../cards/legendary/demo/special-agents.json"),
    ),
    (
        "academy.json",
        include_str!("../../../cards/legendary/demo/academy.json"),
    ),
    (
        "syndicate.json",
        include_str!("../../../cards/legendary/demo/syndicate.json"),
    ),
    (
        "seasons.json",
        include_str!("../../../cards/legendary/demo/seasons.json"),
    ),
    (
        "informants.json",
        include_str!("../../../cards/legendary/demo/informants.json"),
    ),
    (
        "leads.json",
        include_str!("../../../cards/legendary/demo/leads.json"),
    ),
    (
        "evidence.json",
        include_str!("../../../cards/legendary/demo/evidence.json"),
    ),
    (
        "end-games.json",
        include_str!("../../../cards/legendary/demo/end-games.json"),
    ),
    (
        "strikes.json",
        include_str!("../../../cards/legendary/demo/strikes.json"),
    ),
    (
        "beliefs-doubts.json",
        include_str!("../../../cards/legendary/demo/beliefs-doubts.json"),
    ),
    (
        "cliffhangers.json",
        include_str!("../../../cards/legendary/demo/cliffhangers.json"),
    ),
];

pub const DEMO_BOARD: &str = include_str!("../../../cards/legendary/demo/board.json");

fn err(file: &str, card: &str, field: &str, message: impl Into<String>) -> DataError {
    DataError {
        file: file.into(),
        card: card.into(),
        field: field.into(),
        message: message.into(),
    }
}

impl CardSet {
    /// The embedded demo set (invented cards, the rulebook's counts).
    pub fn demo() -> CardSet {
        let files: Vec<(String, String)> = DEMO_FILES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        CardSet::load("demo card data", true, DEMO_BOARD, &files)
            .unwrap_or_else(|e| panic!("the demo data is broken: {}", e[0]))
    }

    /// Reads a set from its board file and deck files, reporting every
    /// mistake found (nothing is loaded unless there are none).
    pub fn load(
        name: &str,
        demo: bool,
        board: &str,
        files: &[(String, String)],
    ) -> Result<CardSet, Vec<DataError>> {
        let mut errors = Vec::new();
        let board: Option<Board> = serde_json::from_str(board)
            .map_err(|e| errors.push(err("board.json", "", "", e.to_string())))
            .ok();
        let mut set = CardSet {
            name: name.into(),
            demo,
            board: board.clone().unwrap_or_else(placeholder_board),
            cards: Vec::new(),
            copies: BTreeMap::new(),
        };
        for (file, text) in files {
            match serde_json::from_str::<DeckFile>(text) {
                Ok(d) => {
                    for (id, n) in &d.copies {
                        if !d.cards.iter().any(|c| &c.id == id) {
                            errors.push(err(file, id, "copies", "no card has this id"));
                        }
                        set.copies.insert(id.clone(), *n);
                    }
                    set.cards.extend(d.cards);
                }
                Err(e) => errors.push(err(file, "", "", e.to_string())),
            }
        }
        if board.is_some() {
            errors.extend(super::check::check(&set));
        }
        if errors.is_empty() {
            Ok(set)
        } else {
            Err(errors)
        }
    }

    pub fn copies_of(&self, id: &str) -> u8 {
        self.copies.get(id).copied().unwrap_or(1)
    }

    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = &CardDef> {
        self.cards.iter().filter(move |c| c.kind == kind)
    }

    /// The Academy characters this set has, in the order first seen.
    pub fn characters(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in self.of_kind(Kind::Academy) {
            if let Some(ch) = &c.character
                && !out.contains(ch)
            {
                out.push(ch.clone());
            }
        }
        out
    }

    pub fn avatar(&self, name: &str) -> Option<&CardDef> {
        let want = name.to_lowercase();
        self.of_kind(Kind::Avatar).find(|a| {
            let n = a.name.to_lowercase();
            n == want || n.split_whitespace().any(|w| w == want)
        })
    }
}

/// The embedded demo set, read once.
pub fn demo_set() -> &'static CardSet {
    static DEMO: std::sync::LazyLock<CardSet> = std::sync::LazyLock::new(CardSet::demo);
    &DEMO
}

/// The demo set's cards by id.
fn demo_card(id: &str) -> Option<&'static CardDef> {
    static BY_ID: std::sync::LazyLock<HashMap<&'static str, &'static CardDef>> =
        std::sync::LazyLock::new(|| {
            demo_set()
                .cards
                .iter()
                .map(|c| (c.id.as_str(), c))
                .collect()
        });
    BY_ID.get(id).copied()
}

/// A game's card definitions in its stored state: only their ids when every
/// one is the embedded demo set's, unchanged (most games; the state shrinks
/// from ~29 KB to a few), else in full (a server's own set, test cards).
pub mod defs_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{CardDef, demo_card};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Demo { demo: Vec<String> },
        Full(Vec<CardDef>),
    }

    pub fn serialize<S: Serializer>(defs: &[CardDef], s: S) -> Result<S::Ok, S::Error> {
        if defs.iter().all(|d| demo_card(&d.id) == Some(d)) {
            let ids = defs.iter().map(|d| d.id.clone()).collect();
            Stored::Demo { demo: ids }.serialize(s)
        } else {
            Stored::Full(defs.to_vec()).serialize(s)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CardDef>, D::Error> {
        match Stored::deserialize(d)? {
            Stored::Full(defs) => Ok(defs),
            Stored::Demo { demo: ids } => ids
                .iter()
                .map(|id| {
                    demo_card(id).cloned().ok_or_else(|| {
                        serde::de::Error::custom(format!("the demo card `{id}` no longer exists"))
                    })
                })
                .collect(),
        }
    }
}

fn placeholder_board() -> Board {
    let space = || BureauSpace {
        scan: 0,
        power: Ability {
            when: Timing::Bureau,
            class: None,
            text: String::new(),
            program: None,
            name: None,
        },
    };
    Board {
        shadows_scan: [0; 5],
        bureau: [space(), space(), space(), space(), space()],
        special_agent_cost: 3,
        hand_size: 6,
        note: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_set_loads_and_is_labelled_as_invented() {
        let set = CardSet::demo();
        assert!(set.demo);
        assert!(set.name.contains("demo"));
    }

    #[test]
    fn keywords_have_titles() {
        assert_eq!(Keyword::DoubleStrike.title(), "Double Strike");
        assert_eq!(
            Keyword::Immunity(Class::Tech).title(),
            "Tech Immunity".to_string()
        );
    }
}
