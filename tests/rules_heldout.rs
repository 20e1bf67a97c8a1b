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

/// Set A (18/20 with the entries' `asks:`): 15/20 when first measured, on main before and after the search
/// changes of issue 42; the search was then tuned on its misses (a named
/// card's type, "pick", the Watch Out! ruling's aliases) to 17/20, so it is
/// a regression check now, no longer held out.
#[test]
fn set_a_mid_game_questions_find_their_entry_first() {
    let (hits, total, _) = top1("tests/data/rules-heldout.tsv");
    assert_eq!(total, 20);
    assert!(hits >= 17, "top-1 {hits}/{total}");
}

/// Set B, written after set A was tuned against: 11/20 (55%) at its first
/// run, against issue 42's target of 17/20 (85%); 12/20 with the entries'
/// `asks:` (whose weight sets A and B helped choose); 13/20 once the search
/// read a body's best sentence.
#[test]
#[ignore = "issue 42: /rules finds 13 of 20 held-out questions first; target 17"]
fn set_b_mid_game_questions_find_their_entry_first() {
    let (hits, total, _) = top1("tests/data/rules-heldout-b.tsv");
    assert_eq!(total, 20);
    assert!(hits >= 17, "top-1 {hits}/{total} (target 85%)");
}

/// Set C: 40 questions written (by a helper who saw only the entries'
/// titles and the rules documents) before the entries got their `asks:`
/// (six questions players ask, per entry, written by other helpers) and
/// never read while the search was tuned: 26/40 (65%) without the asks,
/// 29/40 (72.5%) with them, at its first run; the target is 34 (85%). Read
/// since: 32/40 with the game's name, the best sentence and rulings at 0.9.
#[test]
#[ignore = "issue 42: /rules finds 32 of 40 held-out questions first; target 34"]
fn set_c_mid_game_questions_find_their_entry_first() {
    let (hits, total, _) = top1("tests/data/rules-heldout-c.tsv");
    assert_eq!(total, 40);
    assert!(hits >= 34, "top-1 {hits}/{total} (target 85%)");
}

/// Set D: 40 more questions written the same way after set C's first run,
/// measured once, unread: 31/40 (77.5%) with the six `asks:` an entry.
/// (Twelve asks an entry scored the same here and lower on sets B and C,
/// so the entries keep six.) Its misses were then read and the search tuned
/// (a game's name, a body's best sentence, rulings at 0.9): 34/40, so it is
/// a regression check now, no longer held out.
#[test]
fn set_d_mid_game_questions_find_their_entry_first() {
    let (hits, total, _) = top1("tests/data/rules-heldout-d.tsv");
    assert_eq!(total, 40);
    assert!(hits >= 34, "top-1 {hits}/{total} (target 85%)");
}

/// Set E: 40 questions written the same way (a helper who saw only the
/// entries' titles and the rules documents) while the search learned to read
/// a game's name and a body's best sentence: 29/40 (72.5%) at its first run,
/// so those changes, worth 4 questions on sets B to D, did not carry over.
/// Its misses have been read since: the next measure needs a new set.
#[test]
#[ignore = "issue 42: /rules finds 29 of 40 held-out questions first; target 34"]
fn set_e_mid_game_questions_find_their_entry_first() {
    let (hits, total, _) = top1("tests/data/rules-heldout-e.tsv");
    assert_eq!(total, 40);
    assert!(hits >= 34, "top-1 {hits}/{total} (target 85%)");
}
