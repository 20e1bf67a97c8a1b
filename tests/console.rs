//! The console adapter and the generic commands, through the real app and a
//! real SQLite store: output headers, parsing, and bad input that changes nothing.

mod support;

use support::{Backend, app_on, blocks, database, run_console};

#[tokio::test]
async fn every_message_block_is_headed_by_its_address() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, err, failures) = run_console(
        &app,
        "@alice /card name:\"aubry mo\"\n@alice /card name:knife private:true\n@alice /help command:card\n",
    )
    .await;
    assert_eq!((failures, err.as_str()), (0, ""));
    let heads: Vec<String> = blocks(&out).into_iter().map(|b| b.0).collect();
    assert_eq!(
        heads,
        ["[#table]", "[ephemeral @alice]", "[ephemeral @alice]"]
    );
    assert!(out.contains("**Aubrey, MO** — Site"), "{out}");
}

#[tokio::test]
async fn a_line_naming_a_channel_posts_there_and_dm_lines_answer_privately() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@bob #lounge /card name:knife\n@bob #dm /card name:knife\n",
    )
    .await;
    assert_eq!(failures, 0);
    let heads: Vec<String> = blocks(&out).into_iter().map(|b| b.0).collect();
    assert_eq!(heads, ["[#lounge]", "[ephemeral @bob]"]);
}

#[tokio::test]
async fn unparsable_lines_are_reported_and_the_script_goes_on() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, err, failures) = run_console(
        &app,
        "hello there\n@alice /card name:knife\n@alice /card name:\"unclosed\n# fine\n",
    )
    .await;
    assert_eq!(failures, 2);
    assert!(
        err.contains("error: line 1: a line must start with @<user>"),
        "{err}"
    );
    assert!(
        err.contains("error: line 3: the value of name: has no closing quote"),
        "{err}"
    );
    assert_eq!(blocks(&out).len(), 1, "line 2 still ran: {out}");
}

#[tokio::test]
async fn unknown_command_gets_one_error_with_a_suggestion() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) =
        run_console(&app, "@alice /dekc list\n@alice /deck lst\n@alice /game\n").await;
    assert_eq!(failures, 0, "these parse; the app refuses them");
    let b = blocks(&out);
    assert_eq!(b.len(), 3);
    assert_eq!(
        b[0],
        (
            "[ephemeral @alice]".into(),
            "Unknown command /dekc. Did you mean /deck? Type /help for the list of commands."
                .into()
        )
    );
    assert!(
        b[1].1
            .contains("/deck has no subcommand 'lst'. Did you mean /deck list?"),
        "{}",
        b[1].1
    );
    assert!(
        b[2].1.starts_with("/game needs a subcommand: new, join"),
        "{}",
        b[2].1
    );
}

#[tokio::test]
async fn missing_unknown_and_malformed_options_say_how_to_fix_them() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, _) = run_console(
        &app,
        "@alice /card\n@alice /card nme:knife\n@alice /card name:knife set:premier\n@alice /card name:knife private:maybe\n@alice /game status game:abc\n",
    )
    .await;
    let b = blocks(&out);
    assert!(
        b[0].1
            .starts_with("/card needs the option name:<card name>"),
        "{}",
        b[0].1
    );
    assert!(
        b[0].1.contains("e.g. /card name:\"sheila braun\""),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1
            .starts_with("/card has no option 'nme'; Did you mean name?"),
        "{}",
        b[1].1
    );
    assert!(
        b[2].1.contains("'premier' is not one of") && b[2].1.contains("Did you mean premiere?"),
        "{}",
        b[2].1
    );
    assert!(
        b[3].1.contains("'maybe' is not true or false"),
        "{}",
        b[3].1
    );
    assert!(b[4].1.contains("'abc' is not a game id"), "{}", b[4].1);
}

#[tokio::test]
async fn an_unknown_card_name_suggests_what_to_try() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, _) = run_console(
        &app,
        "@alice /card name:zzqqxx\n@alice /card name:knife type:agent\n",
    )
    .await;
    let b = blocks(&out);
    assert_eq!(b[0].0, "[ephemeral @alice]");
    assert!(
        b[0].1
            .starts_with("No card matches 'zzqqxx'. Try fewer words, a card id"),
        "{}",
        b[0].1
    );
    assert!(b[1].1.contains("among Agent cards"), "{}", b[1].1);
}

#[tokio::test]
async fn deck_import_list_show_check_delete() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@alice /deck import name:Randy file:tests/data/decks/randy.txt\n\
         @alice /deck import name:Tiny text:\"2 Aubrey, MO; 1 Knife; Agent Fox Mulder\"\n\
         @alice /deck list\n\
         @alice /deck show name:randy\n\
         @alice /deck check name:Tiny\n\
         @alice /deck check name:Randy format:basic\n\
         @bob /deck list\n\
         @alice /deck delete name:Tiny\n\
         @alice /deck list\n",
    )
    .await;
    assert_eq!(failures, 0);
    let b = blocks(&out);
    assert!(
        b.iter().all(|(h, _)| h.starts_with("[ephemeral")),
        "deck contents are private: {out}"
    );
    assert!(
        b[0].1
            .starts_with("Saved your deck 'Randy': 4 Agents, 2 X-Files, 60 Bureau deck cards."),
        "{}",
        b[0].1
    );
    assert!(
        b[0].1.ends_with("Legal for the Advanced Game."),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1.contains("Not legal for the Advanced Game"),
        "{}",
        b[1].1
    );
    assert!(
        b[2].1
            .contains("• Randy — 4 Agents, 2 X-Files, 60 cards, legal"),
        "{}",
        b[2].1
    );
    assert!(
        b[2].1
            .contains("• Tiny — 1 Agent, 0 X-Files, 3 cards, not legal"),
        "{}",
        b[2].1
    );
    assert!(
        b[3].1.starts_with("**Randy**\nTeam (4 Agents, cost 20):"),
        "{}",
        b[3].1
    );
    assert!(
        b[4].1.contains("(Advanced Rules p. 5)") && b[4].1.contains("(Advanced Rules p. 6)"),
        "{}",
        b[4].1
    );
    assert!(
        b[5].1.contains("Legal for the Basic Game.")
            && b[5].1.contains("the Basic Game sets aside")
            && b[5].1.contains("(FAQ97 #11, FAQ21 #45)"),
        "{}",
        b[5].1
    );
    assert!(
        b[6].1.starts_with("You have no xfiles-ccg decks"),
        "bob sees none of alice's decks: {}",
        b[6].1
    );
    assert_eq!(b[7].1, "Deleted your deck 'Tiny'.");
    assert!(!b[8].1.contains("Tiny"));
}

#[tokio::test]
async fn a_bad_deck_changes_nothing() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, _) = run_console(
        &app,
        "@alice /deck import name:Randy file:tests/data/decks/randy.txt\n\
         @alice /deck import name:Randy replace:true text:\"2 Aubrey, MO; 2 Shiela Brahn Witness\"\n\
         @alice /deck import name:Ghost file:tests/data/decks/does-not-exist.txt\n\
         @alice /deck import name:Empty\n\
         @alice /deck show name:Randdy\n\
         @alice /deck list\n",
    )
    .await;
    let b = blocks(&out);
    assert!(b[1].1.starts_with("The deck was not saved. Fix these lines and import it again:\nline 2: 'Shiela Brahn Witness'"), "{}", b[1].1);
    assert!(
        b[1].1.contains("did you mean Dr. Sheila Braun"),
        "{}",
        b[1].1
    );
    assert!(
        b[2].1
            .starts_with("Cannot read the deck file 'tests/data/decks/does-not-exist.txt'"),
        "{}",
        b[2].1
    );
    assert!(b[2].1.ends_with("Nothing was saved."), "{}", b[2].1);
    assert!(
        b[3].1.starts_with("/deck import needs the deck"),
        "{}",
        b[3].1
    );
    assert!(
        b[4].1
            .contains("You have no xfiles-ccg deck named 'Randdy'. Did you mean 'Randy'?"),
        "{}",
        b[4].1
    );
    assert!(
        b[5].1
            .contains("• Randy — 4 Agents, 2 X-Files, 60 cards, legal"),
        "the first Randy is intact: {}",
        b[5].1
    );
    assert_eq!(b[5].1.lines().count(), 2, "only Randy: {}", b[5].1);
}

/// The committed lobby session (`tests/scripts/lobby.txt`), run by the real
/// binary: two decks imported and checked, a game opened, joined, started.
#[test]
fn scripted_lobby_session_through_the_binary() {
    let dir = std::env::temp_dir().join(format!("xfiles-lobby-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("lobby.sqlite3").display());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
        .current_dir(&dir)
        .args(["--db", &db, "console", "--seed", "3", "--script"])
        .arg(root.join("tests/scripts/lobby.txt"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let blocks = blocks(&text);
    for (head, _) in &blocks {
        assert!(
            head == "[#table]" || head.starts_with("[DM @") || head.starts_with("[ephemeral @"),
            "{head}"
        );
    }
    let find =
        |head: &str, needle: &str| blocks.iter().any(|(h, b)| h == head && b.contains(needle));
    assert!(find(
        "[ephemeral @randy]",
        "Saved your deck 'Randy': 4 Agents, 2 X-Files, 60 Bureau deck cards."
    ));
    assert!(find("[ephemeral @les]", "Saved your deck 'Les'"));
    assert!(find(
        "[ephemeral @randy]",
        "Deck 'Randy': Legal for the Advanced Game."
    ));
    assert!(find(
        "[ephemeral @les]",
        "Deck 'Les': Legal for the Advanced Game."
    ));
    assert!(find("[#table]", "1. randy — ready"));
    assert!(find("[#table]", "2. les — ready"));
    assert!(find("[#table]", "**Game #1 has started**"));
    assert!(find("[DM @les]", "Your X-File is **The Manitou**"));
    assert!(find("[DM @randy]", "Your X-File is **The Jersey Devil**"));
    // Nothing of either hand reaches the channel.
    let hand_line = blocks
        .iter()
        .find(|(h, b)| h == "[DM @randy]" && b.contains("Your opening hand"))
        .unwrap()
        .1
        .lines()
        .find(|l| l.starts_with("Your opening hand: "))
        .unwrap()
        .trim_start_matches("Your opening hand: ")
        .trim_end_matches('.')
        .to_string();
    let channel: String = blocks
        .iter()
        .filter(|(h, _)| h == "[#table]")
        .map(|(_, b)| b.as_str())
        .collect();
    for card in hand_line.split(", ").filter(|c| c.len() > 4) {
        assert!(!channel.contains(card), "{card} leaked:\n{channel}");
    }
    assert!(!channel.contains("Jersey Devil") && !channel.contains("The Manitou**"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn rules_answers_lists_topics_and_explains_a_miss() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@ann /rules query:\"how much does a bluff under a site cost\"\n@ann /rules\n@ann /rules query:qqqzzzxx\n@ann /card name:\"car troubles\"",
    )
    .await;
    assert_eq!(failures, 0);
    let b = blocks(&out);
    assert!(b[0].1.starts_with("**Bluffs**"), "{}", b[0].1);
    assert!(b[0].1.contains("Source: Advanced Rules p. 25"));
    assert!(
        b[1].1
            .contains("Legendary Encounters: The X-Files: Overview")
    );
    assert_eq!(b[2].0, "[ephemeral @ann]");
    assert!(b[2].1.contains("Closest topics:"), "{}", b[2].1);
    assert!(b[3].1.contains("/rules query:\"Conspiracy\""), "{}", b[3].1);
}

#[tokio::test]
async fn a_deck_file_without_a_name_takes_the_files_name_and_replacing_needs_replace_true() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(
        &app,
        "@alice /deck import file:tests/data/decks/nameless.json\n\
         @alice /deck import file:tests/data/decks/nameless.json\n\
         @alice /deck import file:tests/data/decks/nameless.json replace:true\n\
         @alice /deck import text:\"1 Knife\"\n",
    )
    .await;
    assert_eq!(failures, 0);
    let b = blocks(&out);
    assert!(
        b[0].1.starts_with("Saved your deck 'nameless'"),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1.starts_with(
            "You already have a deck named 'nameless'. Import it again with replace:true"
        ),
        "{}",
        b[1].1
    );
    assert!(b[1].1.ends_with("Nothing was saved."), "{}", b[1].1);
    assert!(
        b[2].1.starts_with("Replaced your deck 'nameless'"),
        "{}",
        b[2].1
    );
    assert!(
        b[3].1
            .starts_with("Name the deck: /deck import name:<name>"),
        "{}",
        b[3].1
    );
}

/// GCCG deck files import through /deck import (a bad one saves nothing),
/// and /deck export sends the deck back as a file in each format.
#[tokio::test]
async fn a_gccg_deck_file_imports_and_every_saved_deck_exports_as_a_file() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let script = "@alice /deck import file:tests/data/decks/krycek.deck
@alice /deck import name:Broken text:\"######;Agents;######;AGENT FOX MULDER (XYZ)\"
@alice /deck list
@alice /deck export name:krycek format:gccg
@alice /deck export name:krycek format:json
@alice /deck export name:krycek";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    assert!(
        out.contains("Saved your deck 'krycek': 3 Agents, 0 X-Files, 6 Bureau deck cards."),
        "{out}"
    );
    assert!(
        out.contains("there is no X-File"),
        "the check names the missing section: {out}"
    );
    assert!(
        out.contains("The deck was not saved")
            && out.contains("line 4: 'AGENT FOX MULDER (XYZ)' has no count"),
        "{out}"
    );
    assert!(!out.contains("• Broken"), "nothing saved: {out}");
    assert!(out.contains("File: krycek.deck ("), "{out}");
    assert!(out.contains("File: krycek.json ("), "{out}");
    assert_eq!(
        out.matches("File: krycek.deck (").count(),
        2,
        "gccg is the default: {out}"
    );
}

/// A stdin line that is not UTF-8 text is an error naming its line, with
/// exit status 2, not a silent end of the input.
#[test]
fn a_stdin_line_that_is_not_utf8_is_an_error_naming_it_with_status_2() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("console.sqlite3").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
        .current_dir(dir.path())
        .args(["--db", &db, "console"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input: &[u8] = b"@alice /card name:knife\n@alice /card name:knife private:true\n@alice /card name:kn\xffife\n@alice /card name:knife\n";
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(stderr.contains("line 3 is not UTF-8 text"), "{stderr}");
    assert_eq!(blocks(&stdout).len(), 2, "lines 1 and 2 ran: {stdout}");
}
