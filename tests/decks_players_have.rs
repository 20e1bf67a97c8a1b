//! Deck files as players have them (issue 42): a deck builder JSON's own
//! name, read from real files through `/deck import`.

mod support;

use support::{Backend, app_on, blocks, database, run_console};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/decks/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// A deck builder JSON names its deck: "Randy Premiere" in
/// `deck-valid.json` is the deck's name, not the file's; `name:` still
/// wins, and a file without a name takes the file's.
#[tokio::test]
async fn a_deck_builder_json_is_saved_under_its_own_name() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@alice /deck import file:tests/data/decks/deck-valid.json\n\
         @alice /deck import file:tests/data/decks/deck-valid.json\n\
         @alice /deck import name:Mine file:tests/data/decks/deck-valid.json\n\
         @alice /deck import file:tests/data/decks/nameless.json\n\
         @alice /deck list",
    )
    .await;
    assert_eq!(failures, 0, "{out}");
    let b = blocks(&out);
    assert!(
        b[0].1.starts_with("Saved your deck 'Randy Premiere':"),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1
            .starts_with("You already have a deck named 'Randy Premiere'."),
        "{}",
        b[1].1
    );
    assert!(b[2].1.starts_with("Saved your deck 'Mine':"), "{}", b[2].1);
    assert!(
        b[3].1.starts_with("Saved your deck 'nameless':"),
        "{}",
        b[3].1
    );
    let names: Vec<String> = app
        .store()
        .decks("alice", "xfiles-ccg")
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    for name in ["Randy Premiere", "Mine", "nameless"] {
        assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
    }
    assert!(!b[4].1.contains("deck-valid"), "{}", b[4].1);
}

/// The JSON's name passes the policy of every stored name (app/names.rs):
/// Markdown is dropped from it, a name over 60 characters is refused
/// saying how to name the deck, and nothing is saved.
#[tokio::test]
async fn a_deck_builder_json_name_is_bounded_and_made_plain() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let dir = tempfile::tempdir().unwrap();
    let with_name = |file: &str, name: &str| {
        let mut json: serde_json::Value = serde_json::from_str(&data("les.json")).unwrap();
        json["name"] = name.into();
        let path = dir.path().join(file);
        std::fs::write(&path, json.to_string()).unwrap();
        path.display().to_string()
    };
    let marked = with_name("marked.json", "**Randy** [Premiere]");
    let long = with_name("long.json", &"Randy ".repeat(12));
    let (out, _, _) = run_console(
        &app,
        &format!("@alice /deck import file:{marked}\n@alice /deck import file:{long}\n"),
    )
    .await;
    let b = blocks(&out);
    assert!(
        b[0].1.starts_with("Saved your deck 'Randy Premiere':"),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1
            .starts_with("The deck's own name in the file is 1 to 60 characters; this one has 71.")
            && b[1]
                .1
                .ends_with("Give the deck a name with name:<name>. Nothing was saved."),
        "{}",
        b[1].1
    );
    let saved = app.store().decks("alice", "xfiles-ccg").await.unwrap();
    assert_eq!(saved.len(), 1, "the long name saved nothing");
}
