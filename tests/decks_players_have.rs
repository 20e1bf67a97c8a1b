//! Deck files as players have them (issue 42): GCCG's numbered printings
//! (`1 SMOKE & MIRRORS #5`) and a deck builder JSON's own name, read from
//! real files through `/deck import`.

mod support;

use support::{Backend, app_on, blocks, database, run_console};
use xfiles_bot::cards;
use xfiles_bot::decks::{self, Deck, parse_list};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/decks/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn ids(cards: impl IntoIterator<Item = cards::CardIdx>) -> Vec<&'static str> {
    let db = cards::db();
    cards.into_iter().map(|c| db.get(c).id.as_str()).collect()
}

fn bureau_ids(deck: &Deck) -> Vec<(&'static str, u32)> {
    let db = cards::db();
    deck.bureau
        .iter()
        .map(|(c, n)| (db.get(*c).id.as_str(), *n))
        .collect()
}

/// GCCG numbers the printings that share a title in one set by card
/// number: Promo's five Smoke & Mirrors are PR97-0006-SC1 to -SC5,
/// Premiere's two Agent Fox Mulders XF96-0163v1 and XF96-0169v1. The
/// number reads before or after the set suffix; without one, in the set of
/// the title's first printing; a title with '#' in it is still a title.
#[test]
fn a_gccg_numbered_printing_is_that_printing_of_its_title_in_its_set() {
    let parsed = parse_list("", &data("smoke-and-mirrors.deck")).unwrap();
    assert_eq!(
        ids(parsed.deck.team.iter().copied()),
        ["XF96-0169v1", "XF96-0172v1", "XF97-0170v2"],
        "#2 (PRE): Premiere's second Agent Fox Mulder"
    );
    assert_eq!(
        bureau_ids(&parsed.deck),
        [
            ("PR97-0006-SC5", 1),
            ("PR97-0006-SC2", 1),
            ("PR97-0006-SC3", 1),
            ("PR97-0006-SC1", 1),
            ("XF97-0049v2", 1),
            ("XF96-0222v1", 2),
        ]
    );
    assert!(
        parsed.notes.iter().all(|n| !n.contains("read as")),
        "{:?}",
        parsed.notes
    );
}

#[test]
fn a_gccg_number_past_the_printings_says_how_many_there_are() {
    let text = "####\nDeck\n####\n1 SMOKE & MIRRORS #6\n1 SMOKE & MIRRORS #0 (PRO)\n2 DEEP THROAT #2\n1 AGENT FOX MULDER #3 (PRE)\n";
    let all = parse_list("", text).unwrap_err().to_string();
    for says in [
        "line 4: Smoke & Mirrors has 5 printings in Promo, numbered #1 to #5 by card number (PR97-0006-SC1, PR97-0006-SC2, PR97-0006-SC3, PR97-0006-SC4, PR97-0006-SC5); there is no #6",
        "line 5: Smoke & Mirrors has 5 printings in Promo, numbered #1 to #5",
        "line 6: Deep Throat has one printing in Premiere, so there is no #2: write it without a number (or #1)",
        "line 7: Agent Fox Mulder has 2 printings in Premiere, numbered #1 to #2",
    ] {
        assert!(all.contains(says), "{says}\n{all}");
    }
}

/// A deck written back as a GCCG file numbers its printings as GCCG does,
/// and reads back as the same deck.
#[test]
fn a_gccg_export_numbers_a_sets_second_printing_and_reads_back() {
    let deck = parse_list("Smoke", &data("smoke-and-mirrors.deck"))
        .unwrap()
        .deck;
    let text = decks::to_gccg(&deck);
    assert!(text.contains("1 SMOKE & MIRRORS #5 (PRO)\n"), "{text}");
    assert!(text.contains("1 SMOKE & MIRRORS (PRO)\n"), "{text}");
    assert!(text.contains("1 AGENT FOX MULDER #2 (PRE)\n"), "{text}");
    assert_eq!(parse_list("Smoke", &text).unwrap().deck, deck);
}

/// `/deck import` of the GCCG file stores the numbered printings.
#[tokio::test]
async fn a_gccg_file_with_numbered_printings_imports_through_deck_import() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@alice /deck import file:tests/data/decks/smoke-and-mirrors.deck",
    )
    .await;
    assert_eq!(failures, 0, "{out}");
    assert!(
        out.contains(
            "Saved your deck 'smoke-and-mirrors': 3 Agents, 0 X-Files, 7 Bureau deck cards."
        ),
        "{out}"
    );
    let row = app
        .store()
        .deck("alice", "xfiles-ccg", "smoke-and-mirrors")
        .await
        .unwrap()
        .expect("saved");
    assert!(row.list.contains("PR97-0006-SC5"), "{}", row.list);
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

/// The JSON's name passes the policy of every stored name (app/command/names.rs):
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
