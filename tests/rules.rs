//! The rules reference: every card-vocabulary term has a glossary entry,
//! every entry cites a source, a set of realistic questions
//! (`tests/data/rules-queries.txt`) finds the right entry, and `/rules`
//! suggests only entries of the answer's game.

mod support;

use support::{Backend, app_on, blocks, database, run_console};

use xfiles_bot::cards::{self, Activator, Keyword, Skill};
use xfiles_bot::rules::{self, RulesGame};

#[test]
fn every_keyword_activator_and_skill_in_the_card_data_has_a_glossary_entry() {
    let db = cards::db();
    let mut missing = Vec::new();
    for (_, c) in db.iter() {
        let terms = c
            .keywords
            .iter()
            .map(|k: &Keyword| k.as_str())
            .chain(c.activators.iter().map(|a: &Activator| a.as_str()))
            .chain(c.skills.iter().map(|(s, _): (Skill, _)| s.as_str()));
        for t in terms {
            if rules::glossary_entry(t).is_none() && !missing.contains(&t) {
                missing.push(t);
            }
        }
    }
    assert!(missing.is_empty(), "no glossary entry for {missing:?}");
}

#[test]
fn every_entry_cites_a_source_and_links_to_real_entries() {
    let r = rules::reference();
    assert!(r.entries.len() > 150, "{} entries", r.entries.len());
    for e in &r.entries {
        assert!(!e.source.trim().is_empty(), "{} has no source", e.id);
        assert!(!e.body.trim().is_empty(), "{} is empty", e.id);
        for rel in &e.related {
            assert!(r.get(rel).is_some(), "{} links to unknown {rel}", e.id);
        }
    }
    let mut ids: Vec<&str> = r.entries.iter().map(|e| e.id.as_str()).collect();
    ids.sort();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "entry ids are unique");
}

/// Top-1 and top-3 hit rates of a question file (`query | id | game?`).
fn hit_rates(file: &str) -> (usize, f64, f64) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let (mut total, mut top1, mut top3) = (0, 0, 0);
    let mut misses = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let (query, want) = (parts[0], parts[1]);
        assert!(
            rules::reference().get(want).is_some(),
            "unknown entry {want}"
        );
        let game = parts.get(2).and_then(|g| RulesGame::parse(g));
        let hits = rules::search(query, game, 3);
        total += 1;
        let ids: Vec<&str> = hits.iter().map(|h| h.entry.id.as_str()).collect();
        if ids.first() == Some(&want) {
            top1 += 1;
        } else {
            misses.push(format!("{query:?}: want {want}, got {ids:?}"));
        }
        if ids.contains(&want) {
            top3 += 1;
        }
    }
    let (r1, r3) = (top1 as f64 / total as f64, top3 as f64 / total as f64);
    eprintln!(
        "{file}: {total} questions: top-1 {:.1}%, top-3 {:.1}%\n{}",
        r1 * 100.0,
        r3 * 100.0,
        misses.join("\n")
    );
    (total, r1, r3)
}

#[test]
fn realistic_questions_find_the_right_entry() {
    let (total, r1, r3) = hit_rates("tests/data/rules-queries.txt");
    assert!(total >= 60);
    assert!(r1 >= 0.85, "top-1 {r1:.3}");
    assert!(r3 >= 0.97, "top-3 {r3:.3}");
}

/// Issue 13: ruling-level questions, held out from the rulings' own words.
#[test]
fn ruling_questions_find_the_ruling() {
    let (total, r1, r3) = hit_rates("tests/data/ruling-queries.txt");
    assert!(total >= 40);
    assert!(r1 >= 0.85, "top-1 {r1:.3}");
    assert!(r3 >= 0.9, "top-3 {r3:.3}");
}

#[test]
fn empty_and_hopeless_queries_find_nothing() {
    assert!(rules::search("", None, 3).is_empty());
    assert!(rules::search("the of and", None, 3).is_empty());
    assert!(rules::search("zzzzqqq", None, 3).is_empty());
}

#[test]
fn every_ruling_names_real_cards_and_shows_under_them() {
    let db = xfiles_bot::cards::db();
    let rulings: Vec<_> = rules::reference()
        .entries
        .iter()
        .filter(|e| !e.cards.is_empty())
        .collect();
    assert!(
        rulings.len() >= 14,
        "{} rulings linked to cards",
        rulings.len()
    );
    for r in rulings {
        for title in &r.cards {
            assert!(
                db.iter().any(|(_, c)| &c.title == title),
                "ruling {} names '{title}', which is no card title",
                r.id
            );
            assert!(
                rules::reference()
                    .rulings_for(title)
                    .iter()
                    .any(|e| e.id == r.id)
            );
        }
    }
}

/// Issue 42: "Also:" suggested Legendary's "The End Game" under an X-Files
/// answer; the runners-up are the top entry's game only.
#[test]
fn also_suggestions_stay_within_the_game_of_the_answer() {
    for (query, game) in [
        ("end of turn", RulesGame::XFilesCcg),
        ("discard at the end of the turn", RulesGame::XFilesCcg),
        ("long range combat", RulesGame::XFilesCcg),
        ("the end game", RulesGame::Legendary),
    ] {
        let found = rules::answer(query, None, 4).expect("an answer");
        assert_eq!(found.best.entry.game, game, "{query}");
        assert!(!found.also.is_empty(), "{query}: some runners-up");
        for h in &found.also {
            assert_eq!(h.entry.game, game, "{query}: also {}", h.entry.title);
        }
    }
    let mixed = rules::search("end of turn", None, 5);
    assert!(
        mixed.iter().any(|h| h.entry.game != RulesGame::XFilesCcg),
        "the query still reaches another game's entries, which Also: leaves out"
    );
}

/// The same through `/rules` at the console: no other game's title after
/// an X-Files answer.
#[tokio::test]
async fn rules_also_line_names_only_entries_of_the_answers_game() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let (out, _, failures) = run_console(&app, "@ann /rules query:\"end of turn\"\n").await;
    assert_eq!(failures, 0);
    let b = blocks(&out);
    assert!(b[0].1.starts_with("**Debriefing Phase**"), "{}", b[0].1);
    let also = b[0]
        .1
        .lines()
        .find(|l| l.starts_with("Also: "))
        .unwrap_or_else(|| panic!("an Also: line in {}", b[0].1));
    let others: Vec<&str> = rules::reference()
        .entries
        .iter()
        .filter(|e| e.game != RulesGame::XFilesCcg)
        .map(|e| e.title.as_str())
        .collect();
    for title in also.trim_start_matches("Also: ").split(" · ") {
        assert!(!others.contains(&title), "{title} in {also}");
    }
}
