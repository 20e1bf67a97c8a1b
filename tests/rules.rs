//! The rules reference: every card-vocabulary term has a glossary entry,
//! every entry cites a source, sets of realistic questions
//! (`tests/data/rules-queries.txt`, mid-game questions here) find the right
//! entry, and `/rules` suggests only entries of the answer's game.

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
    hit_rates_of(file, &std::fs::read_to_string(path).unwrap())
}

/// Top-1 and top-3 hit rates of questions, one a line; misses are printed.
fn hit_rates_of(name: &str, text: &str) -> (usize, f64, f64) {
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
        "{name}: {total} questions: top-1 {:.1}%, top-3 {:.1}%\n{}",
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

/// Issue 42: questions players ask mid-game, in their own words, and the
/// entry that answers each (`query | id | game?`; a development set: its
/// words are not pasted into the entries). `/rules` answered 28 of these 47
/// first (60%) before this issue.
const MID_GAME: &str = "
what happens when my agent's health hits zero | hospital
my agent is down to 0 health now what | hospital
when can my guy get out of the hospital | hospital
does an agent in the hospital still give me resources | hospital
how much damage does my agent recover each turn | healing
do agents in the field heal at all | healing
how many cards do I have to throw away at the end of my turn | debriefing
I've got nine cards in hand at the end of the turn, is that allowed | debriefing
can I still play a card once the turn is ending | ruling-debriefing-no-cards
how do I get more RP each turn | briefing
how many extra cards can I buy after my free one | briefing
when can my opponent sell cards for conspiracy points | briefing
what's the difference between RP and CP | pools
do unspent points carry over to next turn | pools
my opponent put a card face down under my site, what happens to it | bluffs
does a bluff cost anything when it's placed | ruling-bluff-cost
the monster's long range is N/A, does my team still shoot it | ruling-lrc-na
how many rounds does a fight last | combat
can I play an event card in the middle of a fight | combat
who decides which of my agents the monster hits | ruling-adversary-target
what happens to the adversary once the fight is over | adversaries
when is the conspiracy allowed to throw an adversary at my team | adversaries
my team beat the site, what do I get to ask | questions
I guessed the wrong x-file, what's the penalty | guessing
they said no to my question, can I still guess this turn | ruling-guess-after-no
how many guesses do I get per turn | ruling-one-guess-per-turn
can my agents sitting in the bureau help with the check | ruling-site-agents-only
can one agent go to two sites in the same turn | investigation
what number does my team need to pass a site | sites
which card resolves first when we both respond | skill-check
can I use two of the same card in one check | ruling-same-card-one-check
when am I allowed to give my agent a gun | requisition
how do I get my agents out into the field | deployment
can I split my agents into two groups | teams
how many sites can I put down in one turn | case-assignment
what happens if my deck runs out of cards | ruling-empty-deck
can I spend conspiracy points on my own turn | pools
how does someone actually win this game | object
does damage happen at the same time for both sides | combat
can I play an agent from my hand to help this turn | deployment
who goes first when we start | setup
what does the activator on my card mean | activators
when does my site get thrown away | sites
can the shadows push a card into the field | le-shadows | legendary
what happens when I take a strike | le-strikes | legendary
how do I buy a new character for my deck | le-recruiting | legendary
what happens if a lead is still in the field at the end of the turn | le-evidence | legendary
";

#[test]
fn mid_game_questions_find_the_right_entry_first() {
    let (total, r1, _) = hit_rates_of("mid-game questions", MID_GAME);
    assert!(total >= 30);
    assert!(r1 >= 0.85, "top-1 {r1:.3}");
}

/// More mid-game questions, written after the development set to measure
/// the search on words it was not tuned to (their misses are left as they
/// are: 29 of 48 found first before this issue). A floor against regressions.
const MID_GAME_UNTUNED: &str = "
my scully took too much damage, where does she go | hospital
is there a limit to how many cards I can hold | debriefing
how many cards do I draw for free each turn | briefing
can I heal an agent that's sitting in the bureau | healing
what's the point of putting cards under a site | bluffs
does my opponent pay for the bluffs under my site | bluffs
who shoots first in combat | combat
how much damage does the adversary do and to who | combat
can I play a witness during combat | combat
the adversary has N/A for long range combat, is that round skipped | ruling-lrc-na
when do I find out if my team passed the site | skill-check
can the conspiracy player play cards during my skill check | skill-check
what can I ask after a successful investigation | questions
if I guess right do I win immediately | guessing
what happens when I guess my opponent's x-file wrong | guessing
when do I put agents on a team | deployment
how many agents can go to one site | investigation
can my agent in the hospital help investigate | ruling-hospital-no-skills
how much does it cost to play a site | case-assignment
what does a MULTI site let me ask | sites
can I equip an agent with two knives | requisition
can I play cards in the debriefing phase | ruling-debriefing-no-cards
how does my agent leave the hospital | hospital
do I lose if my deck runs out | ruling-empty-deck
who pays for a card marked *P | pools
when does an adversary get discarded | adversaries
can I give my opponent some of my RP | pools
how many sites can my opponents bluff | bluffs
what do I do if my agent gets knocked out in a fight | hospital
how many points does my agent heal in the hospital | healing
can my agent leave the hospital if he only has 2 health | hospital
can I use conspiracy points to pay for my own sites | pools
my opponent just flipped a bluff on my site, does he pay for it | bluffs
is the adversary's damage split between my agents | combat
can I play an equipment card in the middle of an investigation | requisition
I have 10 cards, what do I discard | debriefing
when do I get to ask about the x-file | questions
what happens if I name the wrong x-file | guessing
can two of my teams go to the same site | investigation
how does the skill check work | skill-check
who chooses which agent takes the hit | ruling-adversary-target
does my opponent's turn let me play cards | activators
can I play a site on my opponent's turn | case-assignment
how much RP do my agents make | briefing
what if my bureau deck is empty | ruling-empty-deck
do agents in the bureau help at a site | ruling-site-agents-only
what happens to a site nobody investigated | sites
can I buy an agent during my turn | deployment
";

#[test]
fn untuned_mid_game_questions_mostly_find_the_right_entry_first() {
    let (total, r1, _) = hit_rates_of("untuned mid-game questions", MID_GAME_UNTUNED);
    assert!(total >= 40);
    assert!(r1 >= 0.7, "top-1 {r1:.3}");
}

/// Issue 42: "what happens when my agent's health hits zero" answered
/// "Agents"; the Hospital entry says it (p. 33).
#[test]
fn an_agent_at_zero_health_is_answered_by_the_hospital() {
    let hits = rules::search("what happens when my agent's health hits zero", None, 1);
    assert_eq!(hits[0].entry.id, "hospital");
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

/// A question naming a game is answered from that game's rules; one naming
/// none is about the X-Files CCG unless a word only another game uses says
/// otherwise. French's "le" is not Legendary's "LE".
#[test]
fn a_question_naming_its_game_is_answered_from_that_games_rules() {
    for (query, game) in [
        (
            "legendary: what happens when I take a strike",
            RulesGame::Legendary,
        ),
        ("in LE can I recruit two cards a turn", RulesGame::Legendary),
        ("fan game: how big must my deck be", RulesGame::FanCcg),
        (
            "what do I do if my agent gets knocked out in a fight",
            RulesGame::XFilesCcg,
        ),
        ("deviner le x-file", RulesGame::XFilesCcg),
        (
            "can the shadows push a card into the field",
            RulesGame::Legendary,
        ),
    ] {
        let hits = rules::search(query, None, 1);
        assert_eq!(hits[0].entry.game, game, "{query}: {}", hits[0].entry.id);
    }
}
