//! Issue 42's held-out `/rules` checks: mid-game questions written by helpers
//! who saw only the entries' titles and the rules documents, never the
//! entries' text or the search. Each line of `tests/data/rules-heldout*.tsv`:
//! question, expected id, an acceptable second id or `-`, the page or ruling
//! that answers it. A miss is fixed in the search or the entries, never by
//! editing these files; once a set has been tuned against, a new set written
//! the same way measures the search.

use xfiles_bot::rules;

/// Top-1 hits, questions, and the misses.
fn top1(path: &str) -> (usize, usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut total, mut hits, mut misses) = (0, 0, Vec::new());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "four tab-separated fields: {line:?}");
        let (query, want, alt) = (f[0], f[1], f[2]);
        for id in [want, alt].into_iter().filter(|id| *id != "-") {
            assert!(rules::reference().get(id).is_some(), "unknown entry {id}");
        }
        total += 1;
        let got = rules::search(query, None, 1);
        let id = got.first().map(|h| h.entry.id.as_str());
        if id == Some(want) || (alt != "-" && id == Some(alt)) {
            hits += 1;
        } else {
            misses.push(format!("{query:?}: want {want} (or {alt}), got {id:?}"));
        }
    }
    eprintln!("{path}: top-1 {hits}/{total}\n{}", misses.join("\n"));
    (hits, total, misses)
}

/// Asserts a set's size and that at least `floor` of its questions find
/// their entry first (the target is 85%).
fn meets(path: &str, size: usize, floor: usize) {
    let (hits, total, _) = top1(path);
    assert_eq!(total, size);
    assert!(hits >= floor, "{path}: top-1 {hits}/{total}, floor {floor}");
}

/// Set A (18/20 with the entries' `asks:`): 15/20 when first measured, on main before and after the search
/// changes of issue 42; the search was then tuned on its misses (a named
/// card's type, "pick", the Watch Out! ruling's aliases) to 17/20, so it is
/// a regression check now, no longer held out.
#[test]
fn set_a_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout.tsv", 20, 17);
}

/// Set B, written after set A was tuned against: 11/20 (55%) at its first
/// run, against issue 42's target of 17/20 (85%); 12/20 with the entries'
/// `asks:` (whose weight sets A and B helped choose); 13/20 once the search
/// read a body's best sentence.
#[test]
#[ignore = "issue 42: /rules finds 14 of 20 held-out questions first; target 17"]
fn set_b_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-b.tsv", 20, 17);
}

/// Set C: 40 questions written (by a helper who saw only the entries'
/// titles and the rules documents) before the entries got their `asks:`
/// (six questions players ask, per entry, written by other helpers) and
/// never read while the search was tuned: 26/40 (65%) without the asks,
/// 29/40 (72.5%) with them, at its first run; the target is 34 (85%). Read
/// since: 32/40 with the game's name, the best sentence and rulings at 0.9;
/// 33/40 with the nearest ask squared.
#[test]
#[ignore = "issue 42: /rules finds 33 of 40 held-out questions first; target 34"]
fn set_c_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-c.tsv", 40, 34);
}

/// Set D: 40 more questions written the same way after set C's first run,
/// measured once, unread: 31/40 (77.5%) with the six `asks:` an entry.
/// (Twelve asks an entry scored the same here and lower on sets B and C,
/// so the entries keep six.) Its misses were then read and the search tuned
/// (a game's name, a body's best sentence, rulings at 0.9): 34/40, so it is
/// a regression check now, no longer held out.
#[test]
fn set_d_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-d.tsv", 40, 34);
}

/// Set E: 40 questions written the same way (a helper who saw only the
/// entries' titles and the rules documents) while the search learned to read
/// a game's name and a body's best sentence: 29/40 (72.5%) at its first run,
/// so those changes, worth 4 questions on sets B to D, did not carry over.
/// Read since; 35/40 once the nearest ask's cosine was squared (chosen on
/// every set, this one included), so it is a regression check now.
#[test]
fn set_e_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-e.tsv", 40, 34);
}

/// Set F, written the same way after set E was read: 28/40 (70%) at its
/// first run. Half its misses were questions every set asks again (two
/// weapons in one round, MOTIVE SITE against a RESULT Site, the one-guess
/// option, selling an X-cost card); 30/40 with the nearest ask squared.
#[test]
#[ignore = "issue 42: /rules finds 30 of 40 held-out questions first; target 34"]
fn set_f_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-f.tsv", 40, 34);
}

/// Set G, written with set F and first run after the fan entries learned
/// cover cards and stalemates: 26/40 (65%); 29/40 with the nearest ask
/// squared (chosen with this set among the others).
#[test]
#[ignore = "issue 42: /rules finds 29 of 40 held-out questions first; target 34"]
fn set_g_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-g.tsv", 40, 34);
}

/// Set H, written while the nearest ask was being squared and first run
/// after: 22/40 (55%), the same as with the weights before. Its misses are
/// mostly the questions every set asks again (two weapons or knives, a Site
/// asking MOTIVE and RESULT, the gold CONSPIRACY activator, an Agent bought
/// from the hand, a guess after a "no"), each answered by a general entry
/// whose words and aliases outweigh the specific one's.
#[test]
#[ignore = "issue 42: /rules finds 22 of 40 held-out questions first; target 34"]
fn set_h_mid_game_questions_find_their_entry_first() {
    meets("tests/data/rules-heldout-h.tsv", 40, 34);
}

/// For a maintainer: `RULES_TUNE="ask=20,alias_word=1"` prints every set's
/// top-1 with those weights; `RULES_EXPLAIN="question"` prints the parts of
/// its five best entries' scores.
#[test]
#[ignore = "a tool, not a check"]
fn tune() {
    let mut t = rules::TUNING;
    for kv in std::env::var("RULES_TUNE").unwrap_or_default().split(',') {
        let Some((k, v)) = kv.split_once('=') else {
            continue;
        };
        let v: f64 = v.parse().unwrap();
        match k {
            "ask" => t.ask = v,
            "ask_power" => t.ask_power = v,
            "ask_short" => t.ask_short = v,
            "sentence" => t.sentence = v,
            "name" => t.name = v,
            "ruling" => t.ruling = v,
            "glossary" => t.glossary = v,
            "other_game" => t.other_game = v,
            "alias" => t.alias = v,
            "alias_word" => t.alias_word = v,
            _ => panic!("unknown weight {k}"),
        }
    }
    if let Ok(q) = std::env::var("RULES_EXPLAIN") {
        for (e, p) in rules::explain(&q, None, 5, &t) {
            eprintln!("{:.2} {} {p:?}", p.total(), e.id);
        }
        return;
    }
    let sets = ["", "-b", "-c", "-d", "-e", "-f", "-g", "-h"];
    let mut all = (0, 0);
    for s in sets {
        let path = format!("tests/data/rules-heldout{s}.tsv");
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut hits, mut total) = (0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let f: Vec<&str> = line.split('\t').collect();
            total += 1;
            let got = rules::explain(f[0], None, 1, &t);
            let id = got.first().map(|(e, _)| e.id.as_str());
            if id == Some(f[1]) || (f[2] != "-" && id == Some(f[2])) {
                hits += 1;
            } else if std::env::var("RULES_MISSES").is_ok() {
                eprintln!("  {s} {:?}: want {}, got {id:?}", f[0], f[1]);
            }
        }
        eprintln!("set{s}: {hits}/{total}");
        all = (all.0 + hits, all.1 + total);
    }
    eprintln!("all: {}/{}", all.0, all.1);
    for path in [
        "tests/data/rules-queries.txt",
        "tests/data/ruling-queries.txt",
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        let (mut hits, mut total) = (0, 0);
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let game = f.get(2).and_then(|g| rules::RulesGame::parse(g));
            total += 1;
            let got = rules::explain(f[0], game, 1, &t);
            if got.first().map(|(e, _)| e.id.as_str()) == Some(f[1]) {
                hits += 1;
            }
        }
        eprintln!("{path}: {hits}/{total}");
    }
}
