//! The X-Files CCG card database: counts, validation, lookup.

use xfiles_bot::cards::{self, CardDb, CardSet, CardType, Filter, LoadError, SetFile};

const TYPES: [CardType; 11] = [
    CardType::XFile,
    CardType::Agent,
    CardType::Adversary,
    CardType::Bluff,
    CardType::Combat,
    CardType::Equipment,
    CardType::Event,
    CardType::Site,
    CardType::Witness,
    CardType::Credits,
    CardType::Placeholder,
];

/// Counts computed from the community database (shared/data/xfiles-ccg/sets),
/// one column per entry of TYPES.
const EXPECTED: &[(&str, usize, [usize; 11])] = &[
    ("Premiere", 354, [41, 24, 22, 32, 41, 22, 90, 45, 37, 0, 0]),
    (
        "The Truth is Out There",
        354,
        [41, 20, 27, 34, 41, 24, 87, 47, 33, 0, 0],
    ),
    ("101361", 125, [0, 7, 11, 20, 0, 21, 23, 10, 33, 0, 0]),
    ("22364", 139, [0, 6, 10, 23, 1, 0, 49, 16, 34, 0, 0]),
    ("Gen Con", 60, [7, 5, 8, 4, 0, 4, 14, 14, 4, 0, 0]),
    ("Promo", 24, [0, 1, 1, 1, 0, 0, 20, 0, 0, 0, 1]),
    (
        "Believe the Lie",
        182,
        [0, 12, 20, 25, 5, 11, 51, 24, 33, 1, 0],
    ),
    (
        "Resist or Serve",
        182,
        [0, 16, 13, 27, 6, 10, 56, 26, 27, 1, 0],
    ),
    ("Fight the Future", 54, [0, 7, 3, 6, 3, 6, 13, 8, 8, 0, 0]),
    (
        "Here There Be Monsters",
        41,
        [0, 5, 8, 3, 2, 5, 4, 8, 6, 0, 0],
    ),
    ("Classified", 8, [0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]),
    (
        "I Want to Believe",
        370,
        [0, 39, 42, 50, 28, 29, 112, 41, 29, 0, 0],
    ),
    ("My Struggle", 51, [0, 6, 11, 6, 0, 4, 12, 5, 7, 0, 0]),
    (
        "Fire Walk With Me",
        82,
        [0, 12, 11, 9, 0, 7, 22, 12, 9, 0, 0],
    ),
];

#[test]
fn all_2026_records_load_with_the_expected_counts_per_set_and_type() {
    let db = cards::db();
    assert_eq!(db.len(), 2026);
    for (set_name, total, per_type) in EXPECTED {
        let set: CardSet = set_name.parse().unwrap();
        let in_set: Vec<_> = db.iter().filter(|(_, c)| c.set == set).collect();
        assert_eq!(in_set.len(), *total, "{set_name}");
        for (kind, expected) in TYPES.iter().zip(per_type) {
            let n = in_set.iter().filter(|(_, c)| c.kind == *kind).count();
            assert_eq!(n, *expected, "{set_name}: {kind}");
        }
    }
}

#[test]
fn committed_files_are_exactly_what_the_loader_writes_back() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/xfiles-ccg");
    let from_dir = CardDb::load_dir(&dir).unwrap();
    assert_eq!(from_dir.len(), 2026);
    for set in CardSet::ALL {
        let text = std::fs::read_to_string(dir.join(format!("{}.json", set.slug()))).unwrap();
        let file: SetFile = serde_json::from_str(&text).unwrap();
        let again: Vec<_> = from_dir
            .iter()
            .filter(|(_, c)| c.set == *set)
            .map(|(_, c)| c.to_raw())
            .collect();
        assert_eq!(file.cards, again, "{set} does not round-trip");
    }
}

#[test]
fn typed_fields_of_well_known_cards() {
    let db = cards::db();
    let aubrey = db.get(find(db, "Aubrey, MO"));
    assert_eq!(aubrey.id, "XF96-0063v1");
    assert_eq!(aubrey.kind, CardType::Site);
    assert_eq!(
        aubrey.prerequisite.as_ref().unwrap().to_string(),
        "BEHAVIORAL 4+"
    );
    assert_eq!(
        aubrey.question.as_ref().unwrap().categories,
        vec![cards::Category::Motive]
    );
    assert_eq!(aubrey.cost.unwrap().to_string(), "2 RP");

    let mulder = db.get(find(db, "Agent Fox Mulder"));
    assert_eq!(mulder.skill(cards::Skill::Behavioral), 3);
    assert_eq!(mulder.skill(cards::Skill::Resources), 2);
    assert_eq!(mulder.cost.unwrap().to_string(), "7 RP");

    let manitou = db.get(find(db, "The Manitou"));
    let c = manitou.characteristics.unwrap();
    assert_eq!(c.to_string(), "Occult / Control / Violence / Death");

    let living = db.get(db.by_id("XF96-0348v1").unwrap());
    assert_eq!(
        living.skills.get(cards::Skill::LongRangeCombat),
        Some(cards::SkillValue::NotApplicable)
    );

    // MULTI Sites offer two skills (Advanced Rules p. 17): every one parses to two thresholds.
    let multi: Vec<_> = db
        .iter()
        .filter(|(_, c)| c.kind == CardType::Site && c.has_keyword(cards::Keyword::Multi))
        .collect();
    assert!(multi.len() > 100);
    for (_, site) in multi {
        let n = site.prerequisite.as_ref().unwrap().thresholds().len();
        assert_eq!(n, 2, "{}", site.id);
    }
}

fn find(db: &CardDb, title: &str) -> cards::CardIdx {
    db.iter()
        .find(|(_, c)| c.title == title)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("no card {title}"))
}

fn one_card_file(card: serde_json::Value) -> Vec<(String, String)> {
    let file = serde_json::json!({ "set": "Premiere", "cards": [card] });
    vec![("premiere.json".to_string(), file.to_string())]
}

fn load_error(card: serde_json::Value) -> String {
    match CardDb::from_files(one_card_file(card)) {
        Ok(_) => panic!("expected a load error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_unknown_keyword_names_the_card_and_field() {
    let err = load_error(serde_json::json!({
        "id": "T-1", "title": "Test", "type": "Event", "cost": "1 RP", "keywords": ["Event", "Teleportation"]
    }));
    assert!(
        err.contains("card T-1, field 'keywords': unknown keyword 'Teleportation'"),
        "{err}"
    );
}

#[test]
fn an_unknown_activator_names_the_card_and_field() {
    let err = load_error(serde_json::json!({
        "id": "T-2", "title": "Test", "type": "Event", "cost": "1 RP", "activators": ["Whenever"]
    }));
    assert!(
        err.contains("card T-2, field 'activators': unknown activator 'Whenever'"),
        "{err}"
    );
}

#[test]
fn an_unknown_skill_names_the_card_and_field() {
    let err = load_error(serde_json::json!({
        "id": "T-3", "title": "Test", "type": "Adversary", "cost": "3 CP",
        "skills": {"Long Range Combat": 1, "Close Range Combat": 2, "Health": 3, "Telepathy": 4}
    }));
    assert!(
        err.contains("card T-3, field 'skills': unknown skill 'Telepathy'"),
        "{err}"
    );
}

#[test]
fn a_malformed_cost_names_the_card_and_field() {
    let err = load_error(
        serde_json::json!({ "id": "T-4", "title": "Test", "type": "Event", "cost": "three RP" }),
    );
    assert!(
        err.contains("card T-4, field 'cost': malformed cost 'three RP'"),
        "{err}"
    );
}

#[test]
fn other_malformed_fields_are_refused() {
    let bad_prereq = load_error(serde_json::json!({
        "id": "T-5", "title": "Test", "type": "Site", "cost": "2 RP", "prerequisite": "TELEPATHY 4+"
    }));
    assert!(
        bad_prereq.contains("card T-5, field 'prerequisite'"),
        "{bad_prereq}"
    );
    let bad_value = load_error(serde_json::json!({
        "id": "T-6", "title": "Test", "type": "Agent", "cost": "2 RP",
        "skills": {"Long Range Combat": "lots", "Close Range Combat": 2, "Health": 3, "Resources": 1}
    }));
    assert!(
        bad_value.contains("card T-6, field 'skills'"),
        "{bad_value}"
    );
    let bad_xfile = load_error(serde_json::json!({
        "id": "T-7", "title": "Test", "type": "X-File",
        "characteristics": {"Affiliation": "Alien", "Motive": "Death", "Method": "Violence", "Result": "Death"}
    }));
    assert!(
        bad_xfile.contains("card T-7, field 'characteristics': 'Death' is not a Motive value"),
        "{bad_xfile}"
    );
    let missing_cost =
        load_error(serde_json::json!({ "id": "T-8", "title": "Test", "type": "Witness" }));
    assert!(
        missing_cost.contains("card T-8, field 'cost': a Witness card needs a cost"),
        "{missing_cost}"
    );
    let bad_type = load_error(serde_json::json!({ "id": "T-9", "title": "Test", "type": "Spell" }));
    assert!(
        bad_type.contains("card T-9, field 'type': unknown card type 'Spell'"),
        "{bad_type}"
    );
}

#[test]
fn duplicate_ids_and_unknown_sets_are_refused() {
    let card = serde_json::json!({ "id": "T-1", "title": "Test", "type": "Event", "cost": "1 RP" });
    let file = serde_json::json!({ "set": "Premiere", "cards": [card.clone(), card] });
    let err = CardDb::from_files(vec![("p.json".into(), file.to_string())])
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::DuplicateId { .. }), "{err}");
    let file = serde_json::json!({ "set": "Season Eleven", "cards": [] });
    let err = CardDb::from_files(vec![("s.json".into(), file.to_string())])
        .err()
        .unwrap();
    assert!(
        err.to_string().contains("unknown set 'Season Eleven'"),
        "{err}"
    );
}

fn best(query: &str) -> String {
    best_in(query, Filter::default())
}

fn best_in(query: &str, filter: Filter) -> String {
    let db = cards::db();
    let hits = db.lookup().search(query, filter, 5);
    assert!(!hits.is_empty(), "no match for {query}");
    db.get(hits[0].card).title.clone()
}

#[test]
fn lookup_finds_partial_names_and_typos() {
    let cases = [
        ("sheila braun", "Dr. Sheila Braun"),
        ("aubry mo", "Aubrey, MO"),
        ("Aubrey, MO", "Aubrey, MO"),
        ("aubrey", "Aubrey, MO"),
        ("shiela braun", "Dr. Sheila Braun"),
        ("manitou stalks", "The Manitou Stalks His Prey"),
        ("good people good food", "Good People, Good Food"),
        ("car trubles", "Car Troubles"),
        ("kosseff counselor", "Agent Karen Kosseff, Counselor"),
        ("jerry lamana", "Agent Jerry Lamana"),
        ("dod kalm", "Død Kalm"),
        ("fox mulder", "Agent Fox Mulder"),
        ("knife", "Knife"),
        ("goodpeoplegoodfood", "Good People, Good Food"),
    ];
    for (query, expected) in cases {
        assert_eq!(best(query), expected, "query {query:?}");
    }
}

#[test]
fn lookup_by_exact_id_and_id_prefix() {
    let db = cards::db();
    let hits = db.lookup().search("xf96-0160V1", Filter::default(), 5);
    assert_eq!(db.get(hits[0].card).id, "XF96-0160v1");
    assert_eq!(hits[0].score, 1.0);
    let hits = db.lookup().search("XF96-016", Filter::default(), 20);
    assert!(
        hits.len() >= 10
            && hits
                .iter()
                .all(|m| db.get(m.card).id.starts_with("XF96-016"))
    );
}

#[test]
fn lookup_filters_by_set_and_type() {
    let db = cards::db();
    let ttiot = Filter {
        set: Some(CardSet::TheTruthIsOutThere),
        kind: None,
    };
    let hit = db.lookup().search("aubrey mo", ttiot, 1)[0];
    assert_eq!(db.get(hit.card).set, CardSet::TheTruthIsOutThere);
    let witness = Filter {
        set: None,
        kind: Some(CardType::Witness),
    };
    for m in db.lookup().search("mulder", witness, 5) {
        assert_eq!(db.get(m.card).kind, CardType::Witness);
    }
}

#[test]
fn nonsense_finds_nothing() {
    let db = cards::db();
    assert!(
        db.lookup()
            .search("qqqqzzzz", Filter::default(), 5)
            .is_empty()
    );
    assert!(db.lookup().search("   ", Filter::default(), 5).is_empty());
}

#[test]
fn rendered_card_shows_every_field_a_player_needs() {
    let db = cards::db();
    let idx = find(db, "Aubrey, MO");
    let text = cards::render_card(db, idx);
    for needle in [
        "**Aubrey, MO** — Site",
        "Cost: 2 RP",
        "Prerequisite: BEHAVIORAL 4+",
        "Question: one MOTIVE question",
        "Keywords:",
        "Also printed in:",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    let mulder = cards::render_card(db, find(db, "Agent Fox Mulder"));
    for needle in [
        "Stats: LRC",
        "RES 2",
        "Skills:",
        "Behavioral 3",
        "Game Effect:",
    ] {
        assert!(mulder.contains(needle), "missing {needle:?} in\n{mulder}");
    }
}

/// `xfiles-bot cards coverage` (the real binary) reports every set, and the
/// Premiere cards the rulebook example uses are automated.
#[test]
fn cards_coverage_reports_automation_per_set() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
        .args(["cards", "coverage"])
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for set in xfiles_bot::cards::CardSet::ALL {
        assert!(text.contains(set.as_str()), "{set:?} missing:\n{text}");
    }
    let premiere = text.lines().find(|l| l.starts_with("Premiere")).unwrap();
    let numbers: Vec<usize> = premiere
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers[..2], [354, 267], "{premiere}");
    use xfiles_bot::engine::xfiles::effects::coverage::{Level, level};
    for id in [
        "XF96-0321v1",
        "XF96-0110v1",
        "XF96-0352v1",
        "XF96-0002v1",
        "XF96-0207v1",
    ] {
        let c = xfiles_bot::cards::db().by_id(id).unwrap();
        assert_eq!(level(c), Level::Scripted, "{id} is scripted");
    }
    let card = xfiles_bot::cards::render_card(
        xfiles_bot::cards::db(),
        xfiles_bot::cards::db().by_id("XF96-0110v1").unwrap(),
    );
    assert!(card.contains("Rules engine: scripted"), "{card}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
        .args(["cards", "coverage", "--names"])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("not proven"), "{text}");
}
