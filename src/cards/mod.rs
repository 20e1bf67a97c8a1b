//! The X-Files CCG card database: 2,026 records in 14 sets.
//!
//! The committed data lives in `cards/xfiles-ccg/<set>.json` (see its README);
//! [`import`] regenerates it from the community database. The binary embeds
//! those files, so [`db`] needs no file system; [`CardDb::load_dir`] reads a
//! directory instead (tests, and edits to the data without a rebuild).

mod card;
mod cost;
pub mod cube;
pub mod fan;
pub mod fan_import;
pub mod fan_render;
pub mod import;
mod lookup;
mod place;
mod render;
mod site;
mod skills;
mod vocab;
mod xfile;

use std::collections::HashMap;
use std::path::Path;
use std::sync::LazyLock;

pub use card::{Card, CardError, RawCard, RawEasier, RawPrerequisite, RawQuestion};
pub use cost::{Amount, Cost, CostError, Pool};
pub use lookup::{Filter, Lookup, Match, normalize};
pub use place::site_state;
pub use render::{render_card, render_card_line, render_card_with};
pub use site::{EasierQuestion, Prerequisite, SiteQuestion, Threshold};
pub use skills::{Skill, SkillSet, SkillValue};
pub use vocab::{Activator, CardSet, CardType, Keyword, Level, Rarity, Tag, UnknownTerm};
pub use xfile::{Category, Characteristics, Trait};

/// A section of a player's side of the table (Advanced Rules p. 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Bureau,
    Field,
    Hospital,
}

impl Section {
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Bureau => "Bureau",
            Section::Field => "Field",
            Section::Hospital => "Hospital",
        }
    }
}

/// Index of a card in the database (stable for one build of the data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardIdx(pub u16);

/// Stored as the card's id, so saved games survive changes to the data's order.
impl serde::Serialize for CardIdx {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&db().get(*self).id)
    }
}

impl<'de> serde::Deserialize<'de> for CardIdx {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        db().by_id(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown card id '{s}'")))
    }
}

/// The file form of one set.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetFile {
    pub set: String,
    pub cards: Vec<RawCard>,
}

/// Why the card data could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{file}: not a valid set file: {source}")]
    Json {
        file: String,
        source: serde_json::Error,
    },
    #[error("{file}: {source}")]
    Set { file: String, source: UnknownTerm },
    #[error("{file}: {source}")]
    Card { file: String, source: CardError },
    #[error("{file}: card id {id} appears twice")]
    DuplicateId { file: String, id: String },
    #[error("{file}: set {set} appears in two files")]
    DuplicateSet { file: String, set: String },
}

/// The loaded, validated card database with its name index.
pub struct CardDb {
    cards: Vec<Card>,
    by_id: HashMap<String, CardIdx>,
    lookup: Lookup,
}

/// The embedded set files, in release order.
const EMBEDDED: &[(&str, &str)] = &[
    (
        "premiere.json",
        include_str!("../../cards/xfiles-ccg/premiere.json"),
    ),
    (
        "the-truth-is-out-there.json",
        include_str!("../../cards/xfiles-ccg/the-truth-is-out-there.json"),
    ),
    (
        "101361.json",
        include_str!("../../cards/xfiles-ccg/101361.json"),
    ),
    (
        "22364.json",
        include_str!("../../cards/xfiles-ccg/22364.json"),
    ),
    (
        "gencon.json",
        include_str!("../../cards/xfiles-ccg/gencon.json"),
    ),
    (
        "promo.json",
        include_str!("../../cards/xfiles-ccg/promo.json"),
    ),
    (
        "believe-the-lie.json",
        include_str!("../../cards/xfiles-ccg/believe-the-lie.json"),
    ),
    (
        "resist-or-serve.json",
        include_str!("../../cards/xfiles-ccg/resist-or-serve.json"),
    ),
    (
        "fight-the-future.json",
        include_str!("../../cards/xfiles-ccg/fight-the-future.json"),
    ),
    (
        "here-there-be-monsters.json",
        include_str!("../../cards/xfiles-ccg/here-there-be-monsters.json"),
    ),
    (
        "classified.json",
        include_str!("../../cards/xfiles-ccg/classified.json"),
    ),
    (
        "i-want-to-believe.json",
        include_str!("../../cards/xfiles-ccg/i-want-to-believe.json"),
    ),
    (
        "my-struggle.json",
        include_str!("../../cards/xfiles-ccg/my-struggle.json"),
    ),
    (
        "fire-walk-with-me.json",
        include_str!("../../cards/xfiles-ccg/fire-walk-with-me.json"),
    ),
];

static DB: LazyLock<CardDb> = LazyLock::new(|| {
    CardDb::load_embedded().expect("the embedded card data is valid (checked by the tests)")
});

/// The card database built into the binary.
pub fn db() -> &'static CardDb {
    &DB
}

impl CardDb {
    /// Parses the embedded set files.
    pub fn load_embedded() -> Result<CardDb, LoadError> {
        CardDb::from_files(
            EMBEDDED
                .iter()
                .map(|(name, text)| (name.to_string(), text.to_string())),
        )
    }

    /// Loads every `*.json` set file of a directory.
    pub fn load_dir(dir: &Path) -> Result<CardDb, LoadError> {
        let io = |path: &Path, source| LoadError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
            let path = entry.map_err(|e| io(dir, e))?.path();
            if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
                files.push((path.display().to_string(), text));
            }
        }
        CardDb::from_files(files)
    }

    /// Builds the database from (file name, JSON text) pairs.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<CardDb, LoadError> {
        let mut sets: Vec<(CardSet, String, Vec<RawCard>)> = Vec::new();
        for (file, text) in files {
            let parsed: SetFile =
                serde_json::from_str(&text).map_err(|source| LoadError::Json {
                    file: file.clone(),
                    source,
                })?;
            let set: CardSet = parsed.set.parse().map_err(|source| LoadError::Set {
                file: file.clone(),
                source,
            })?;
            if sets.iter().any(|(s, _, _)| *s == set) {
                return Err(LoadError::DuplicateSet {
                    file,
                    set: set.to_string(),
                });
            }
            sets.push((set, file, parsed.cards));
        }
        sets.sort_by_key(|(set, _, _)| *set);
        let mut cards = Vec::new();
        let mut by_id = HashMap::new();
        for (set, file, raws) in sets {
            for raw in &raws {
                let card = Card::from_raw(raw, set).map_err(|source| LoadError::Card {
                    file: file.clone(),
                    source,
                })?;
                let idx = CardIdx(u16::try_from(cards.len()).expect("fewer than 65,536 cards"));
                if by_id.insert(card.id.to_ascii_uppercase(), idx).is_some() {
                    return Err(LoadError::DuplicateId { file, id: card.id });
                }
                cards.push(card);
            }
        }
        let lookup = Lookup::new(&cards);
        Ok(CardDb {
            cards,
            by_id,
            lookup,
        })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn get(&self, idx: CardIdx) -> &Card {
        &self.cards[usize::from(idx.0)]
    }

    /// Every record with its index, in set order.
    pub fn iter(&self) -> impl Iterator<Item = (CardIdx, &Card)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardIdx(i as u16), c))
    }

    /// Finds a card by its exact id (case-insensitive).
    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        self.by_id.get(&id.trim().to_ascii_uppercase()).copied()
    }

    /// The fuzzy name index.
    pub fn lookup(&self) -> &Lookup {
        &self.lookup
    }

    /// Every printing that shares this card's title (the "same card" for deck
    /// limits), in set order.
    pub fn printings(&self, idx: CardIdx) -> &[CardIdx] {
        self.lookup.printings(idx)
    }
}
