//! Deck lists: both formats, every construction rule, the error messages,
//! and the limits on what `/deck import` reads.

mod support;

use support::{Backend, app_on, database};
use xfiles_bot::app::{App, OptionValue};
use xfiles_bot::cards;
use xfiles_bot::console;
use xfiles_bot::decks::{self, Deck, DeckFormat, parse_json, parse_list, parse_text, validate};

const ADVANCED: DeckFormat = DeckFormat::Advanced {
    killer_cards: false,
};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/decks/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn id(deck_card: cards::CardIdx) -> &'static str {
    &cards::db().get(deck_card).id
}

fn title(deck_card: cards::CardIdx) -> &'static str {
    &cards::db().get(deck_card).title
}

#[test]
fn text_list_with_sections_resolves_names_ids_and_counts() {
    let parsed = parse_text("", &data("randy.txt")).unwrap();
    let deck = &parsed.deck;
    assert_eq!(deck.name, "Randy");
    let team: Vec<_> = deck.team.iter().map(|c| title(*c)).collect();
    assert_eq!(
        team,
        [
            "Agent Fox Mulder",
            "Agent Dana Scully",
            "Agent Karen Kosseff, Counselor",
            "Agent Jerry Lamana"
        ]
    );
    assert_eq!(deck.xfiles.len(), 2);
    assert_eq!(deck.bureau_size(), 60);
    assert!(
        deck.bureau
            .iter()
            .any(|(c, n)| title(*c) == "Aubrey, MO" && *n == 2)
    );
    assert!(
        deck.bureau
            .iter()
            .any(|(c, n)| id(*c) == "XF96-0293v1" && *n == 2),
        "ids resolve"
    );
    assert!(
        validate(deck, ADVANCED).is_empty(),
        "{:?}",
        validate(deck, ADVANCED)
    );
}

#[test]
fn community_json_infers_the_team_and_x_file() {
    let parsed = parse_json("", &data("les.json")).unwrap();
    let deck = &parsed.deck;
    assert_eq!(deck.name, "Les");
    assert_eq!(
        deck.team.len(),
        4,
        "the four Agents at one copy form the team"
    );
    assert_eq!(
        deck.xfiles.iter().map(|c| title(*c)).collect::<Vec<_>>(),
        ["The Manitou"]
    );
    assert_eq!(deck.bureau_size(), 60);
    assert!(
        parsed.notes.iter().any(|n| n.contains("starting team")),
        "{:?}",
        parsed.notes
    );
    assert!(
        validate(deck, ADVANCED).is_empty(),
        "{:?}",
        validate(deck, ADVANCED)
    );
}

#[test]
fn community_json_accepts_explicit_team_and_xfiles() {
    let json = r#"{"name": "Explicit", "cards": {"XF96-0163v1": 2, "XF96-0063v1": 2, "XF96-0141v1": 1},
                   "team": ["XF96-0163v1"], "xfiles": ["XF96-0141v1"]}"#;
    let deck = parse_json("", json).unwrap().deck;
    assert_eq!(deck.team.len(), 1);
    assert_eq!(deck.xfiles.len(), 1);
    assert_eq!(deck.bureau_size(), 3, "one Mulder stays in the Bureau deck");
}

#[test]
fn both_count_spellings_and_bare_lines_are_read() {
    let deck = parse_text(
        "t",
        "2 Aubrey, MO\n2x Knife\nXF96-0207v1\n3X Car Troubles\n",
    )
    .unwrap()
    .deck;
    let counts: Vec<_> = deck.bureau.iter().map(|(c, n)| (title(*c), *n)).collect();
    assert_eq!(
        counts,
        [
            ("Aubrey, MO", 2),
            ("Knife", 2),
            ("Dr. Sheila Braun", 1),
            ("Car Troubles", 3)
        ]
    );
}

#[test]
fn fuzzy_lines_are_accepted_with_a_note() {
    let parsed = parse_text("t", "2 aubry mo\n1 sheila braun\n").unwrap();
    assert_eq!(title(parsed.deck.bureau[0].0), "Aubrey, MO");
    assert!(
        parsed
            .notes
            .iter()
            .any(|n| n.starts_with("line 1: 'aubry mo' read as Aubrey, MO")),
        "{:?}",
        parsed.notes
    );
}

#[test]
fn an_unknown_card_names_the_line_and_suggests_the_card() {
    let err = parse_text("t", "2 Aubrey, MO\n# comment\n2 Shiela Brahn Witness\n").unwrap_err();
    assert_eq!(err.problems.len(), 1);
    let msg = &err.problems[0];
    assert!(msg.starts_with("line 3: 'Shiela Brahn Witness'"), "{msg}");
    assert!(msg.contains("did you mean Dr. Sheila Braun"), "{msg}");
}

#[test]
fn every_bad_line_is_reported_at_once() {
    let err = parse_text("t", "2 Zzyzx Qwerty\n0 Knife\n2 Aubrey, MO\n100 Knife\n").unwrap_err();
    assert_eq!(err.problems.len(), 3, "{:?}", err.problems);
    assert!(err.problems[0].starts_with("line 1:"));
    assert!(
        err.problems[0].contains("no card has a similar name"),
        "{}",
        err.problems[0]
    );
    assert!(err.problems[1].starts_with("line 2:") && err.problems[1].contains("count"));
    assert!(err.problems[2].starts_with("line 4:"));
}

#[test]
fn an_unknown_id_in_json_is_named_with_close_ids() {
    let err = parse_json("", r#"{"name": "x", "cards": {"XF96-0063v9": 2}}"#).unwrap_err();
    assert!(
        err.problems[0]
            .contains("'XF96-0063v9' is not a card id; did you mean XF96-0063v1 (Aubrey, MO)"),
        "{}",
        err.problems[0]
    );
}

#[test]
fn malformed_json_says_what_was_expected() {
    let err = parse_list("", "{\"cards\": [1, 2]}").unwrap_err();
    assert!(
        err.problems[0].contains("expected {\"name\""),
        "{}",
        err.problems[0]
    );
    let err = parse_text("t", "# only a comment\n").unwrap_err();
    assert!(err.problems[0].contains("no cards"), "{}", err.problems[0]);
}

fn randy() -> Deck {
    parse_text("", &data("randy.txt")).unwrap().deck
}

fn messages(deck: &Deck, format: DeckFormat) -> Vec<String> {
    validate(deck, format)
        .iter()
        .map(|v| v.to_string())
        .collect()
}

fn card(name: &str) -> cards::CardIdx {
    cards::db()
        .lookup()
        .search(name, cards::Filter::default(), 1)[0]
        .card
}

#[test]
fn bureau_deck_needs_sixty_cards_not_counting_team_and_xfile_p5() {
    let mut deck = randy();
    deck.bureau.pop();
    let m = messages(&deck, ADVANCED);
    assert_eq!(
        m,
        [
            "the Bureau deck has 58 cards; it needs at least 60, not counting the team and the X-File (Advanced Rules p. 5)"
        ]
    );
}

#[test]
fn at_most_two_copies_of_a_card_counting_every_printing_p5() {
    let mut deck = randy();
    let ttiot_aubrey = cards::db().by_id("XF97-0063v2").unwrap();
    deck.bureau.push((ttiot_aubrey, 1));
    let m = messages(&deck, ADVANCED);
    assert_eq!(
        m,
        ["Aubrey, MO: 3 copies in the Bureau deck; at most 2 of any card (Advanced Rules p. 5)"]
    );
}

#[test]
fn team_agents_must_differ_cost_at_most_20_and_number_three_p6() {
    let mut deck = randy();
    deck.team = vec![card("Agent Fox Mulder"), card("Agent Fox Mulder")];
    let m = messages(&deck, ADVANCED);
    assert!(m.contains(&"Agent Fox Mulder is on the team 2 times; team Agents must all be different (Advanced Rules p. 6)".to_string()), "{m:?}");
    assert!(
        m.contains(&"the team has 2 Agents; it needs at least 3 (Advanced Rules p. 6)".to_string()),
        "{m:?}"
    );
    deck.team = vec![
        card("Agent Fox Mulder"),
        card("Agent Dana Scully"),
        card("Agent Alex Krycek"),
    ];
    let m = messages(&deck, ADVANCED);
    assert!(m.is_empty(), "a team costing exactly 20 is legal: {m:?}");
    deck.team.push(card("Agent Jerry Lamana"));
    let m = messages(&deck, ADVANCED);
    assert_eq!(
        m,
        ["the team costs 23; the starting Agents may cost at most 20 in all (Advanced Rules p. 6)"]
    );
}

#[test]
fn only_agents_on_the_team_and_x_files_set_aside_p4_p5() {
    let mut deck = randy();
    deck.team.push(card("Knife"));
    deck.bureau.push((card("The Manitou"), 1));
    deck.xfiles = vec![];
    let m = messages(&deck, ADVANCED);
    assert!(
        m.iter()
            .any(|s| s.contains("the team may only hold Agents; Knife is an Equipment card")),
        "{m:?}"
    );
    assert!(
        m.iter()
            .any(|s| s.contains("The Manitou is an X-File; X-Files are set aside")),
        "{m:?}"
    );
    assert!(
        m.iter().any(|s| s
            == "there is no X-File; choose at least one candidate X-File (Advanced Rules p. 5)"),
        "{m:?}"
    );
}

#[test]
fn killer_cards_only_when_the_game_allows_them_p42() {
    let db = cards::db();
    let killer = db
        .iter()
        .find(|(_, c)| c.has_keyword(cards::Keyword::Killer) && c.set == cards::CardSet::Premiere)
        .map(|(i, _)| i)
        .unwrap();
    let mut deck = randy();
    deck.bureau.push((killer, 1));
    let m = messages(&deck, ADVANCED);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
        m[0].starts_with("Killer cards are only allowed when every player agrees"),
        "{m:?}"
    );
    assert!(m[0].ends_with("(Advanced Rules pp. 4, 42)"));
    assert!(validate(&deck, DeckFormat::Advanced { killer_cards: true }).is_empty());
}

#[test]
fn every_violation_is_reported_at_once() {
    let mut deck = randy();
    deck.bureau.truncate(10);
    deck.bureau.push((card("Knife"), 3));
    deck.team.truncate(2);
    deck.xfiles.clear();
    assert_eq!(
        messages(&deck, ADVANCED).len(),
        4,
        "{:?}",
        messages(&deck, ADVANCED)
    );
}

/// FAQ21 #54(b): four Agents, no cost cap; FAQ97 #11, FAQ21 #45: Advanced
/// cards and Agents are set aside at set-up, not refused; a starter is
/// played as it is (no size or copy rule, FAQ97 #9).
#[test]
fn basic_format_has_four_agents_and_sets_aside_agents_and_advanced_cards_faq97_11_faq21_45() {
    let basic = DeckFormat::Basic {
        killer_cards: false,
    };
    let mut deck = randy();
    deck.bureau.truncate(12);
    deck.bureau.push((card("Agent Alex Krycek"), 1));
    deck.bureau.push((card("First Aid"), 1));
    deck.bureau.push((card("Knife"), 3));
    let m = messages(&deck, basic);
    assert!(m.is_empty(), "12 entries and three Knives: {m:?}");
    let aside = xfiles_bot::engine::xfiles::basic::set_aside(&deck, false);
    let titles: Vec<&str> = aside
        .iter()
        .map(|c| cards::db().get(*c).title.as_str())
        .collect();
    assert!(
        titles.contains(&"Agent Alex Krycek") && titles.contains(&"First Aid"),
        "{titles:?}"
    );
    let mut three = randy();
    three.team.truncate(3);
    let m = messages(&three, basic);
    assert!(
        m.iter()
            .any(|s| s.contains("the Basic Game starts with four (FAQ21 #54(b))")),
        "{m:?}"
    );
    assert!(
        !m.iter().any(|s| s.contains("team costs")),
        "no cost cap in Basic"
    );
}

#[test]
fn stored_form_round_trips_by_card_id() {
    let deck = randy();
    let stored = deck.to_stored();
    assert_eq!(stored.team[0], "XF96-0163v1");
    assert_eq!(Deck::from_stored(&stored).unwrap(), deck);
    let json = serde_json::to_string(&stored).unwrap();
    let back: decks::StoredDeck = serde_json::from_str(&json).unwrap();
    assert_eq!(back, stored);
}

/// A GCCG deck file as GCCG wrote them, with its quirks: banner comments,
/// sections in any case (one empty), upper-case names, set suffixes.
const GCCG: &str = "# Exported from GCCG
######
AGENTS
######
1 AGENT ALEX KRYCEK (TRU)
1 agent fox mulder (PRE)

####
deck
####
2 A FRIEND IN THE FBI (TRU)
2 DEEP THROAT
# a comment between cards
2 AUBREY, MO (PRE)
######
Xfiles
######
";

#[test]
fn gccg_deck_files_read_sections_in_any_case_suffixes_and_comments() {
    let parsed = parse_list("Krycek", GCCG).unwrap();
    let deck = &parsed.deck;
    let team: Vec<_> = deck.team.iter().map(|c| id(*c)).collect();
    assert_eq!(
        team,
        ["XF97-0170v2", "XF96-0163v1"],
        "(TRU): The Truth is Out There's printing; (PRE): Premiere's first"
    );
    let bureau: Vec<_> = deck.bureau.iter().map(|(c, n)| (id(*c), *n)).collect();
    assert_eq!(
        bureau,
        [("XF97-0297v2", 2), ("XF96-0222v1", 2), ("XF96-0063v1", 2)],
        "no suffix: the first printing (Premiere's Deep Throat)"
    );
    assert!(deck.xfiles.is_empty(), "an empty section is no error");
    let broken = messages(deck, ADVANCED);
    assert!(
        broken.iter().any(|m| m.contains("there is no X-File")),
        "the check reports the missing X-Files: {broken:?}"
    );
}

#[test]
fn gccg_bad_lines_are_each_named_with_how_to_fix_them() {
    let text = "######\nAgents\n######\nAGENT FOX MULDER\n1 AGENT FOX MULDER (XYZ)\nDeck\n2 AGENT (PRE)\n2 DEEP THROAT (TRU)\n";
    let e = parse_list("Bad", text).unwrap_err();
    let all = e.to_string();
    assert!(
        all.contains("line 4: 'AGENT FOX MULDER' has no count"),
        "{all}"
    );
    assert!(
        all.contains("line 5: '(XYZ)' is not a set suffix xfiles-bot knows; known: PRE (Premiere)"),
        "{all}"
    );
    assert!(
        all.contains("line 7: 'AGENT' is ambiguous or unknown: did you mean Agent "),
        "a suggestion: {all}"
    );
    assert!(
        all.contains("line 8: Deep Throat has no printing in The Truth is Out There"),
        "{all}"
    );
    let empty = parse_list("Empty", "######\nAgents\n######\n####\nDeck\n####\n").unwrap_err();
    assert!(
        empty
            .to_string()
            .contains("this is not a deck: no card lines"),
        "{empty}"
    );
}

/// Sorted, so decks compare whatever order a format keeps.
fn normalized(d: &Deck) -> Deck {
    let mut d = d.clone();
    d.bureau.sort();
    d.team.sort();
    d.xfiles.sort();
    d
}

/// Decks to round-trip: the test decks, and random ones drawing on every
/// printing (reprints, same-title printings in one set, fan sets).
fn decks_to_round_trip() -> Vec<Deck> {
    let mut out = vec![
        parse_list("Randy", &data("randy.txt")).unwrap().deck,
        parse_list("Les", &data("les.json")).unwrap().deck,
    ];
    let db = cards::db();
    let all: Vec<cards::CardIdx> = db
        .iter()
        .filter(|(_, c)| c.kind.is_playable())
        .map(|(i, _)| i)
        .collect();
    let mut rng = xfiles_bot::engine::GameRng::seeded(4);
    for n in 0..30 {
        let pick = |rng: &mut xfiles_bot::engine::GameRng, kind: cards::CardType| loop {
            let c = all[rng.below(all.len())];
            if db.get(c).kind == kind {
                break c;
            }
        };
        let mut team = Vec::new();
        while team.len() < 4 {
            let a = pick(&mut rng, cards::CardType::Agent);
            if !team.contains(&a) {
                team.push(a);
            }
        }
        let xfiles = vec![pick(&mut rng, cards::CardType::XFile)];
        let mut bureau: Vec<(cards::CardIdx, u32)> = Vec::new();
        while bureau.len() < 30 {
            let c = all[rng.below(all.len())];
            if db.get(c).kind != cards::CardType::XFile && !bureau.iter().any(|(d, _)| *d == c) {
                bureau.push((c, 1 + rng.below(2) as u32));
            }
        }
        out.push(Deck {
            name: format!("Random {n}"),
            team,
            xfiles,
            bureau,
        });
    }
    out
}

#[test]
fn import_then_export_then_import_is_the_identity_in_all_three_formats() {
    for deck in decks_to_round_trip() {
        for (format, text) in [
            ("gccg", decks::to_gccg(&deck)),
            ("json", decks::to_json(&deck)),
            ("text", decks::to_text(&deck)),
        ] {
            let back = parse_list(&deck.name, &text)
                .unwrap_or_else(|e| panic!("{format} of {}: {e}\n{text}", deck.name))
                .deck;
            assert_eq!(normalized(&back), normalized(&deck), "{format}:\n{text}");
            let again = match format {
                "gccg" => decks::to_gccg(&back),
                "json" => decks::to_json(&back),
                _ => decks::to_text(&back),
            };
            assert_eq!(
                parse_list(&deck.name, &again).unwrap().deck,
                back,
                "{format}: stable"
            );
        }
    }
}

#[test]
fn gccg_a_misspelt_title_is_read_within_its_suffix_set() {
    let parsed = parse_list("Typo", "####\nDeck\n####\n2 DEEP THROT (IWTB)\n").unwrap();
    let (card, n) = parsed.deck.bureau[0];
    assert_eq!(
        (id(card), n),
        ("XF08-0261v1", 2),
        "I Want to Believe's printing"
    );
    assert!(
        parsed.notes[0].contains("read as Deep Throat (XF08-0261v1)"),
        "{:?}",
        parsed.notes
    );
}

/// Ancillary Documentation pp. 38-42: each Premiere fixed pack has 4
/// Agents and 2 X-Files, each TTIOT pack 4 Agents and 7 X-Files in a core of
/// about 50 (InQuest #28 p. 90), all of their set, each entry the card the
/// AD names.
#[test]
fn fixed_packs_hold_their_agents_and_x_files_and_the_named_cards_ad_pp_38_42() {
    let db = cards::db();
    let words = |s: &str| -> Vec<String> {
        cards::normalize(s)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() > 2)
            .map(str::to_string)
            .collect()
    };
    for file in ["premiere", "ttiot"] {
        let text = std::fs::read_to_string(format!(
            "{}/cards/starters/{file}.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        for pack in file["packs"].as_array().unwrap() {
            for e in pack["cards"].as_array().unwrap() {
                let card = db.get(db.by_id(e["id"].as_str().unwrap()).unwrap());
                let printed = e["printed"].as_str().unwrap();
                let title = cards::normalize(&card.title);
                assert!(
                    words(printed).iter().any(|w| title.contains(&w[..3])),
                    "{printed} is not {}",
                    card.title
                );
            }
        }
    }
    let starters = decks::starters();
    assert_eq!(starters.len(), 11);
    for s in starters {
        let kinds = |k: cards::CardType| s.fixed.iter().filter(|c| db.get(**c).kind == k).count();
        let (xfiles, size) = match s.set {
            cards::CardSet::Premiere => (2, 19..=20),
            _ => (7, 49..=50),
        };
        assert_eq!(
            (kinds(cards::CardType::Agent), kinds(cards::CardType::XFile)),
            (4, xfiles),
            "{}",
            s.name
        );
        assert!(s.fixed.iter().all(|c| db.get(*c).set == s.set));
        assert!(size.contains(&s.fixed.len()), "{}", s.name);
    }
    assert_eq!(
        decks::find_starter("starter: phoebe green").map(|s| s.name.as_str()),
        Some("Starter: Phoebe Green (Premiere)")
    );
    assert_eq!(
        decks::find_starter("Starter: Inspector Phoebe Green").map(|s| s.name.as_str()),
        Some("Starter: Inspector Phoebe Green (The Truth is Out There)")
    );
    assert!(decks::find_starter("Starter: Mulder").is_some());
    let billy = decks::find_starter("Starter: Billy Miles").unwrap().deck(5);
    assert_eq!(
        billy.bureau_size() as usize + billy.xfiles.len() + 4,
        49 + 15
    );
}

/// FAQ97 #3, #6, #9: a starter's 40 random cards are 25 common, 12 uncommon
/// and 3 rare of its set (no Ultra-Rare: those come only in boosters); one
/// seed gives one deck.
#[test]
fn a_starter_deck_adds_25_common_12_uncommon_3_rare_cards_by_its_seed() {
    use cards::Rarity;
    let db = cards::db();
    let s = decks::find_starter("Starter: Scully").unwrap();
    let deck = s.deck(11);
    assert_eq!(deck, s.deck(11), "the same seed, the same deck");
    assert_ne!(deck, s.deck(12));
    // A random X-File is one more candidate (how xfiles-bot deals it).
    let random_xfiles = deck.xfiles.len() - 2;
    assert_eq!(deck.team.len(), 4);
    let fixed_rest = s.fixed.len() as u32 - 6;
    assert_eq!(deck.bureau_size() + random_xfiles as u32, fixed_rest + 40);
    let mut random: std::collections::BTreeMap<&str, u32> = Default::default();
    let mut fixed: Vec<cards::CardIdx> = s.fixed.clone();
    let cards_dealt = deck.bureau.iter().map(|(c, n)| (*c, *n));
    let xfiles_dealt = deck.xfiles.iter().map(|c| (*c, 1));
    for (c, n) in cards_dealt.chain(xfiles_dealt) {
        for _ in 0..n {
            if let Some(i) = fixed.iter().position(|f| *f == c) {
                fixed.remove(i);
                continue;
            }
            let card = db.get(c);
            assert_eq!(card.set, cards::CardSet::Premiere);
            let r = match card.rarity {
                Some(Rarity::Common) => "common",
                Some(Rarity::Uncommon) => "uncommon",
                Some(Rarity::Rare) => "rare",
                other => panic!("{other:?}"),
            };
            *random.entry(r).or_default() += 1;
        }
    }
    assert_eq!(
        random.into_iter().collect::<Vec<_>>(),
        [("common", 25), ("rare", 3), ("uncommon", 12)]
    );
}

/// `/deck import` by @alice of `list` as an uploaded file, the way the
/// Discord adapter hands one over; the answer's text.
async fn import_file(app: &App, game: &str, list: &str, key: &str) -> String {
    let line = format!("@alice /deck import name:Big file:big.txt game:{game}");
    let parsed = console::parse_line(&line).unwrap().unwrap();
    let mut req = console::to_request(app, &parsed, None, key.to_string());
    for (option, value) in &mut req.invocation.options {
        if option.as_str() == "file" {
            *value = OptionValue::File {
                name: "big.txt".into(),
                content: Ok(list.to_string()),
            };
        }
    }
    let answers = app.handle(&req).await;
    answers
        .iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// @alice's saved decks of one game.
async fn saved(app: &App, game: &str) -> usize {
    app.store().decks("alice", game).await.unwrap().len()
}

#[tokio::test]
async fn a_list_over_the_line_cap_is_refused_naming_the_cap_and_nothing_is_saved() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    // Misspelt names: an answer that names none of them looked none up.
    let text = "2 Aubry MOO\n".repeat(1001);
    let gccg = format!("####\nDeck\n####\n{}", "2 AUBRY MOO\n".repeat(998));
    let entries: Vec<String> = (0..1001).map(|i| format!("\"XF96-{i:04}v9\": 1")).collect();
    let json = format!("{{\"cards\": {{{}}}}}", entries.join(", "));
    let cases = [
        ("xfiles-ccg", &text, "the list has 1001 lines"),
        ("xfiles-ccg", &gccg, "the list has 1001 lines"),
        ("xfiles-ccg", &json, "the file has 1001 entries"),
        ("fan-ccg", &text, "the list has 1001 lines"),
    ];
    for (i, (game, list, says)) in cases.into_iter().enumerate() {
        let answer = import_file(&app, game, list, &format!("over-{i}")).await;
        assert!(
            answer.starts_with("The deck was not saved")
                && answer.contains(says)
                && answer.contains("at most 1000"),
            "case {i}: {answer}"
        );
        assert!(
            !answer.contains("line 1:"),
            "case {i}: no line was looked up: {answer}"
        );
        assert_eq!(saved(&app, game).await, 0, "case {i}");
    }
    let at_the_cap = "1 Knife\n".repeat(1000);
    let answer = import_file(&app, "xfiles-ccg", &at_the_cap, "at-cap").await;
    assert!(answer.starts_with("Saved your deck 'Big'"), "{answer}");
}

#[tokio::test]
async fn a_line_with_more_copies_than_the_cap_is_refused_naming_it_and_nothing_is_saved() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let cases = [
        ("xfiles-ccg", "100 Aubrey, MO\n2 Knife\n"),
        ("xfiles-ccg", "####\nDeck\n####\n100 KNIFE\n"),
        ("xfiles-ccg", r#"{"cards": {"XF96-0063v1": 100}}"#),
        ("fan-ccg", "Draw:\n100 Psych Profile\n"),
    ];
    for (i, (game, list)) in cases.into_iter().enumerate() {
        let answer = import_file(&app, game, list, &format!("copies-{i}")).await;
        assert!(
            answer.starts_with("The deck was not saved") && answer.contains("at most 99"),
            "case {i}: {answer}"
        );
        assert_eq!(saved(&app, game).await, 0, "case {i}");
    }
    // 99 is within the cap: a Fan CCG card without a limit may fill a draw deck.
    let answer = import_file(&app, "fan-ccg", "Draw:\n99 Psych Profile\n", "copies-99").await;
    assert!(
        answer.starts_with("Saved your Fan CCG deck 'Big'"),
        "{answer}"
    );
}

#[tokio::test]
async fn a_list_of_100_misspelt_lines_names_the_first_20_and_how_many_more() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 1).await;
    let list = "2 Zzyzx Qwerty\n".repeat(100);
    for game in ["xfiles-ccg", "fan-ccg"] {
        let answer = import_file(&app, game, &list, &format!("misspelt-{game}")).await;
        let named: Vec<&str> = answer.lines().filter(|l| l.starts_with("line ")).collect();
        assert_eq!(named.len(), 20, "{answer}");
        assert!(named[0].starts_with("line 1:"), "{answer}");
        assert!(named[19].starts_with("line 20:"), "{answer}");
        assert!(answer.ends_with("… and 80 more (100 in all)"), "{answer}");
        assert_eq!(saved(&app, game).await, 0, "{game}");
    }
}
