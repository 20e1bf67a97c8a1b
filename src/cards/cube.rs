//! The community's FCU cube (v1.1: Fixed, Common and Uncommon cards of
//! Premiere and 101361) for limited events: its cards and copies by the
//! cube list's sections. [`import`] brings it from the shared data into
//! `cards/cubes/fcu.json`, checking every id and section against the card
//! database; the binary embeds that file ([`fcu`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::{CardDb, CardType};

/// The cube list's sections, in its order, with the card type of each.
const SECTIONS: &[(&str, CardType)] = &[
    ("agent", CardType::Agent),
    ("site", CardType::Site),
    ("event", CardType::Event),
    ("bluff", CardType::Bluff),
    ("witness", CardType::Witness),
    ("equipment", CardType::Equipment),
    ("adversary", CardType::Adversary),
    ("combat", CardType::Combat),
];

/// The committed file: the cube's name and, by section, card id → copies.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CubeFile {
    pub name: String,
    pub source: String,
    pub sections: BTreeMap<String, BTreeMap<String, u32>>,
}

/// A cube as the limited events use it: one entry a copy (card ids).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cube {
    pub name: String,
    pub agents: Vec<String>,
    pub sites: Vec<String>,
    /// Every card that is neither an Agent nor a Site.
    pub others: Vec<String>,
}

impl Cube {
    fn from_file(file: &CubeFile) -> Cube {
        let copies = |section: &str| -> Vec<String> {
            file.sections
                .get(section)
                .into_iter()
                .flatten()
                .flat_map(|(id, n)| std::iter::repeat_n(id.clone(), *n as usize))
                .collect()
        };
        Cube {
            name: file.name.clone(),
            agents: copies("agent"),
            sites: copies("site"),
            others: SECTIONS[2..].iter().flat_map(|(s, _)| copies(s)).collect(),
        }
    }

    /// Every copy in the cube.
    pub fn len(&self) -> usize {
        self.agents.len() + self.sites.len() + self.others.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The embedded FCU cube.
pub fn fcu() -> &'static Cube {
    static CUBE: LazyLock<Cube> = LazyLock::new(|| {
        let file: CubeFile = serde_json::from_str(include_str!("../../cards/cubes/fcu.json"))
            .expect("the embedded cube is valid JSON");
        Cube::from_file(&file)
    });
    &CUBE
}

/// Reads `from` (the shared `fcu-cube.json`), checks each id exists in
/// `db` with its section's card type, and writes `to`; the number of copies.
pub fn import(from: &Path, to: &Path, db: &CardDb) -> Result<usize, String> {
    let text = std::fs::read_to_string(from).map_err(|e| format!("{}: {e}", from.display()))?;
    let sections: BTreeMap<String, BTreeMap<String, u32>> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", from.display()))?;
    let mut problems = Vec::new();
    for (section, cards) in &sections {
        let Some((_, kind)) = SECTIONS.iter().find(|(s, _)| s == section) else {
            problems.push(format!("unknown section '{section}'"));
            continue;
        };
        for id in cards.keys() {
            match db.by_id(id).map(|c| db.get(c).kind) {
                Some(k) if k == *kind => {}
                Some(k) => problems.push(format!("{id} is {k}, not a {section}")),
                None => problems.push(format!("{id} ({section}) is not in the card database")),
            }
        }
    }
    if !problems.is_empty() {
        return Err(format!("{}: {}", from.display(), problems.join("; ")));
    }
    let file = CubeFile {
        name: "FCU Cube v1.1".into(),
        source: "../shared/data/xfiles-ccg/fcu-cube.json; rules: fcu-cube-instructions.txt".into(),
        sections,
    };
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut json = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    json.push('\n');
    std::fs::write(to, json).map_err(|e| format!("{}: {e}", to.display()))?;
    Ok(Cube::from_file(&file).len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fcu_cube_holds_24_agents_80_sites_and_242_other_cards() {
        let cube = fcu();
        assert_eq!(cube.agents.len(), 24);
        assert_eq!(cube.sites.len(), 80);
        assert_eq!(cube.others.len(), 242);
        let db = super::super::db();
        for id in cube.agents.iter().chain(&cube.sites).chain(&cube.others) {
            assert!(db.by_id(id).is_some(), "{id}");
        }
    }
}
