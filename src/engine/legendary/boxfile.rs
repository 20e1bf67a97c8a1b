//! A whole box's cards in one file, as a group enters them: the board and
//! one section per deck kind (the same shape as `cards/legendary/`), read
//! with the same checks, and the fill-in template of every card slot the
//! rulebook implies.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::data::{CardSet, DEMO_BOARD, DEMO_FILES, DataError};

/// The sections of a box file, each one of the demo's files.
pub const SECTIONS: &[&str] = &[
    "avatars",
    "starting",
    "special-agents",
    "academy",
    "syndicate",
    "seasons",
    "informants",
    "leads",
    "evidence",
    "end-games",
    "strikes",
    "beliefs-doubts",
    "cliffhangers",
];

fn whole(message: String) -> Vec<DataError> {
    vec![DataError {
        file: "(the file)".into(),
        card: String::new(),
        field: String::new(),
        message,
    }]
}

/// Reads a box file: `{"name", "board", "decks": {"<section>": {"cards",
/// "copies"}}}`. Every mistake is reported; nothing is returned unless
/// there are none.
pub fn read_box(text: &str) -> Result<CardSet, Vec<DataError>> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        whole(format!(
            "this is not JSON ({e}); start from /legendary cards template"
        ))
    })?;
    let name = v["name"].as_str().unwrap_or("").trim().to_string();
    let mut errors = Vec::new();
    if name.is_empty() {
        errors.extend(whole("give the set a \"name\" (e.g. \"Our box\")".into()));
    }
    let Some(decks) = v["decks"].as_object() else {
        errors.extend(whole(
            "the file needs \"decks\", one section per deck kind".into(),
        ));
        return Err(errors);
    };
    for key in decks.keys() {
        if !SECTIONS.contains(&key.as_str()) {
            errors.extend(whole(format!(
                "\"{key}\" is not a deck section; the sections are: {}",
                SECTIONS.join(", ")
            )));
        }
    }
    let files: Vec<(String, String)> = SECTIONS
        .iter()
        .filter_map(|s| decks.get(*s).map(|d| (format!("{s}.json"), d.to_string())))
        .collect();
    for s in SECTIONS {
        if !decks.contains_key(*s) && *s != "cliffhangers" {
            errors.extend(whole(format!("the section \"{s}\" is missing")));
        }
    }
    let board = v["board"].to_string();
    match CardSet::load(&name, false, &board, &files) {
        Ok(set) if errors.is_empty() => Ok(set),
        Ok(_) => Err(errors),
        Err(mut e) => {
            errors.append(&mut e);
            Err(errors)
        }
    }
}

/// The demo set as one box file (what a group can start from, or compare with).
pub fn demo_box() -> String {
    let mut decks = serde_json::Map::new();
    for (file, text) in DEMO_FILES {
        let v: Value = serde_json::from_str(text).expect("demo files are JSON");
        decks.insert(file.trim_end_matches(".json").to_string(), v);
    }
    let board: Value = serde_json::from_str(DEMO_BOARD).expect("the demo board is JSON");
    serde_json::to_string_pretty(&json!({"name": "demo card data", "board": board, "decks": decks}))
        .expect("JSON")
}

fn blank(id: String, kind: &str, extra: Value) -> Value {
    let mut card = json!({"id": id, "name": "", "kind": kind});
    if let (Some(c), Some(e)) = (card.as_object_mut(), extra.as_object()) {
        c.extend(e.clone());
    }
    card
}

fn ability(when: &str) -> Value {
    json!({"when": when, "text": ""})
}

fn deck(cards: Vec<Value>, copies: BTreeMap<String, u8>) -> Value {
    json!({"cards": cards, "copies": copies})
}

fn numbered(prefix: &str, kind: &str, n: usize, extra: impl Fn(usize) -> Value) -> Value {
    deck(
        (1..=n)
            .map(|i| blank(format!("{prefix}-{i}"), kind, extra(i)))
            .collect(),
        BTreeMap::new(),
    )
}

const AVATARS: [&str; 5] = [
    "Walter Skinner",
    "Fox Mulder",
    "Dana Scully",
    "John Doggett",
    "Monica Reyes",
];
const CHARACTERS: [&str; 9] = [
    "Fox Mulder",
    "Dana Scully",
    "Walter Skinner",
    "John Doggett",
    "Monica Reyes",
    "Brad Follmer",
    "Sean Pendrell",
    "The Lone Gunmen",
    "Charles Burks",
];

fn slug(s: &str) -> String {
    s.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// A fill-in file with a slot for every card the rulebook says the box
/// holds, with what the rulebook states already filled in (names it gives,
/// counts, Special Agents' cost, Skinner's Rank, the copies of Academy
/// cards and Strikes as counted from the box). Empty names and missing
/// numbers are what `/legendary cards check` then lists.
pub fn template() -> String {
    let mut decks = serde_json::Map::new();
    let avatars = AVATARS
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let rank = if i == 0 { json!(1) } else { Value::Null };
            let doubt = if *a == "Fox Mulder" {
                json!({"when": "doubt", "name": "Trust No One", "text": "", "do": "silence"})
            } else {
                ability("doubt")
            };
            json!({"id": format!("avatar-{}", slug(a)), "name": a, "kind": "avatar", "rank": rank,
                   "health": null, "defense": null, "abilities": [ability("belief"), doubt]})
        })
        .collect();
    decks.insert("avatars".into(), deck(avatars, BTreeMap::new()));
    decks.insert(
        "starting".into(),
        deck(
            vec![
                json!({"id": "starting-field-agent", "name": "Field Agent", "kind": "starting", "recruit": 1}),
                json!({"id": "starting-assault-team", "name": "Assault Team", "kind": "starting", "attack": 1}),
            ],
            BTreeMap::from([
                ("starting-field-agent".to_string(), 7),
                ("starting-assault-team".to_string(), 5),
            ]),
        ),
    );
    let classes = ["intellect", "leadership", "science", "tech", "will"];
    decks.insert(
        "special-agents".into(),
        deck(
            classes
                .iter()
                .map(|c| json!({"id": format!("special-agent-{c}"), "name": "Special Agent",
                    "kind": "special-agent", "class": c, "cost": 3, "keywords": [{"k": "coordinate"}]}))
                .collect(),
            BTreeMap::new(),
        ),
    );
    let mut academy = Vec::new();
    let mut copies = BTreeMap::new();
    for ch in CHARACTERS {
        for (i, n) in [1u8, 1, 2, 2, 4, 4].iter().enumerate() {
            let id = format!("academy-{}-{}", slug(ch), i + 1);
            academy.push(blank(
                id.clone(),
                "academy",
                json!({"character": ch, "class": null, "cost": null}),
            ));
            copies.insert(id, *n);
        }
    }
    decks.insert("academy".into(), deck(academy, copies));
    decks.insert(
        "syndicate".into(),
        numbered("syndicate", "syndicate", 20, |_| json!({"defense": null})),
    );
    let mut seasons = Vec::new();
    for s in 1..=9 {
        for e in 1..=10 {
            seasons.push(blank(
                format!("s{s}-enemy-{e}"),
                "enemy",
                json!({"season": s, "defense": null}),
            ));
        }
        for e in 1..=3 {
            seasons.push(blank(
                format!("s{s}-event-{e}"),
                "event",
                json!({"season": s}),
            ));
        }
        seasons.push(blank(
            format!("s{s}-ally"),
            "ally",
            json!({"season": s, "class": null}),
        ));
    }
    decks.insert("seasons".into(), deck(seasons, BTreeMap::new()));
    // The rulebook's named Informants, each with the handler of its rule.
    let named = [
        ("Cassandra Spender", "ongoing", "special cassandra"),
        ("Susanne Modeski", "shadows", "special susanne"),
        ("X", "reveal", "special x_lead"),
    ];
    decks.insert(
        "informants".into(),
        numbered("informant", "informant", 15, |i| match named.get(i - 1) {
            Some((n, when, r#do)) => {
                json!({"name": n, "abilities": [{"when": when, "text": "", "do": r#do}]})
            }
            None => json!({}),
        }),
    );
    decks.insert(
        "leads".into(),
        numbered(
            "lead",
            "lead",
            12,
            |_| json!({"abilities": [ability("discover"), ability("collect")]}),
        ),
    );
    let evidence: Vec<Value> = (1..=3)
        .flat_map(|p| {
            (1..=9).map(move |i| {
                blank(
                    format!("evidence-{p}-{i}"),
                    "evidence",
                    json!({"priority": p}),
                )
            })
        })
        .collect();
    decks.insert("evidence".into(), deck(evidence, BTreeMap::new()));
    let ends = ["Extinction", "Infection", "Replication", "Clone"];
    decks.insert(
        "end-games".into(),
        numbered("end-game", "end-game", 9, |i| {
            let mut v = json!({"defense": null, "health": null});
            if let Some(n) = ends.get(i - 1) {
                v["name"] = json!(n);
            }
            let rule = match i {
                1 => Some(("ongoing", "special extinction")),
                2 => Some(("strike", "symptom")),
                3 => Some(("reveal", "special replication")),
                _ => None,
            };
            if let Some((when, r#do)) = rule {
                v["abilities"] = json!([{"when": when, "text": "", "do": r#do}]);
            }
            v
        }),
    );
    let strike_copies = [3u8, 5, 5, 5, 5, 7, 1, 9];
    let strikes: Vec<Value> = (1..=8)
        .map(|i| blank(format!("strike-{i}"), "strike", json!({"damage": null})))
        .collect();
    let copies = (1..=8)
        .map(|i| (format!("strike-{i}"), strike_copies[i - 1]))
        .collect();
    decks.insert("strikes".into(), deck(strikes, copies));
    decks.insert(
        "beliefs-doubts".into(),
        deck(
            vec![
                json!({"id": "belief", "name": "Belief", "kind": "belief",
                       "abilities": [{"when": "play", "text": "Draw a card.", "do": "draw 1"}]}),
                json!({"id": "doubt", "name": "Doubt", "kind": "doubt"}),
            ],
            BTreeMap::from([("belief".to_string(), 17), ("doubt".to_string(), 17)]),
        ),
    );
    let mut cliffs = Vec::new();
    for a in AVATARS {
        for (cat, n) in [("unexpected-help", 2), ("got-too-close", 2)] {
            for i in 1..=n {
                cliffs.push(blank(
                    format!("cliffhanger-{}-{cat}-{i}", slug(a)),
                    "cliffhanger",
                    json!({"avatar": a, "cliffhanger": cat}),
                ));
            }
        }
    }
    cliffs.push(json!({"id": "cliffhanger-this-time-they-may-have-won",
        "name": "This Time They May Have Won", "kind": "cliffhanger", "cliffhanger": "they-may-have-won"}));
    decks.insert("cliffhangers".into(), deck(cliffs, BTreeMap::new()));
    let board: Value = serde_json::from_str(DEMO_BOARD).expect("the demo board is JSON");
    let mut board = board;
    board["note"] = json!(
        "Fill in your playmat's scan costs (Shadows left to right, Attack; Bureau left to right, Recruit Points) and the five Bureau powers. These values are the demo's, invented."
    );
    serde_json::to_string_pretty(&json!({
        "name": "",
        "board": board,
        "decks": decks,
    }))
    .expect("JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_as_one_box_file_reads_back_as_the_demo_set() {
        let set = read_box(&demo_box()).unwrap();
        let demo = CardSet::demo();
        assert_eq!(set.cards, demo.cards);
        assert_eq!(set.copies, demo.copies);
        assert_eq!(set.board, demo.board);
        assert!(!set.demo);
    }

    #[test]
    fn the_template_has_every_slot_and_check_lists_what_to_fill_in() {
        let mut t: Value = serde_json::from_str(&template()).unwrap();
        let first = read_box(&t.to_string()).unwrap_err();
        assert!(first[0].message.contains("give the set a \"name\""));
        t["name"] = json!("Our box");
        let errors = read_box(&t.to_string()).unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let has = |s: &str| text.iter().any(|e| e.contains(s));
        // The counts match the box: no count error, only fields to fill in.
        assert!(!has("the box has"), "{text:#?}");
        assert!(has("card `s1-enemy-1`, field `name`"), "{text:#?}");
        assert!(has("card `avatar-fox-mulder`, field `health`"), "{text:#?}");
        assert!(
            has("card `academy-charles-burks-1`, field `class`"),
            "{text:#?}"
        );
    }

    #[test]
    fn a_broken_file_reports_every_error_and_loads_nothing() {
        let mut v: Value = serde_json::from_str(&demo_box()).unwrap();
        v["name"] = json!("Broken");
        v["decks"]["seasons"]["cards"][0]["defense"] = Value::Null;
        v["decks"]["leads"]["cards"][0]["abilities"][0]["do"] = json!("fly 3");
        v["decks"]["avatars"]["cards"][1]["rank"] = Value::Null;
        v["decks"]["strikes"]["copies"]["strike-miss"] = json!(8);
        v["decks"]["bogus"] = json!({"cards": []});
        let errors = read_box(&v.to_string()).unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let has = |s: &str| text.iter().any(|e| e.contains(s));
        assert!(has("\"bogus\" is not a deck section"), "{text:#?}");
        assert!(has("leads.json") && has("`fly` is not a verb"), "{text:#?}");
        assert!(has("the box has 40 Strikes; this set has 39"), "{text:#?}");
        assert!(text.len() >= 3, "{text:#?}");
    }
}
