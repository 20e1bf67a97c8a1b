//! Golden tests for the cards about questions and guesses: Counterintelligence
//! Measures, Hidden Transmitter, Deductive Reasoning and Blackmail. Seat 1's
//! X-File in these games is The Manitou (Occult, Control).

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{Category, Trait};
use xfiles_bot::engine::xfiles::{Note, Phase, Stage, XfAction, XfGame};

fn answers(g: &XfGame, seat: u8, about: u8) -> Vec<(Category, Trait, bool)> {
    g.player(seat)
        .notebook
        .iter()
        .filter_map(|n| match n {
            Note::Answer {
                about: a,
                category,
                value,
                yes,
            } if *a == about => Some((*category, *value, *yes)),
            _ => None,
        })
        .collect()
}

fn ask_control(g: &mut XfGame) {
    act(
        g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Control,
        },
    );
}

#[test]
fn counterintelligence_measures_makes_the_asker_answer_the_same_question() {
    let mut g = two(&[AUBREY], &[card("Counterintelligence Measures")]);
    successful_aubrey(&mut g);
    let r = play_refused(&g, 1, "Counterintelligence Measures", None);
    assert!(!r.is_empty(), "nothing was asked yet");
    ask_control(&mut g);
    g.players[1].cp = 20;
    play_on(&mut g, 1, "Counterintelligence Measures", None);
    resolve(&mut g);
    let got = answers(&g, 1, 0);
    assert_eq!(got.len(), 1, "seat 1 learns about seat 0's X-File");
    assert_eq!((got[0].0, got[0].1), (Category::Motive, Trait::Control));
}

#[test]
fn hidden_transmitter_tells_a_third_player_the_answer_when_subterfuge_4_fails() {
    let transmitter = card("Hidden Transmitter");
    let mut g = many_with(&[MULDER, SCULLY, LAMANA], &[&[AUBREY], &[], &[transmitter]]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, Some(1));
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    pass_until_resolved(&mut g);
    ask_control(&mut g);
    assert!(answers(&g, 2, 1).is_empty(), "answers are secret (p. 41)");
    g.players[2].cp = 20;
    // Mulder 1 + Scully 0 SUBTERFUGE: the check fails.
    play_on(&mut g, 2, "Hidden Transmitter", None);
    resolve(&mut g);
    assert_eq!(
        answers(&g, 2, 1),
        answers(&g, 0, 1),
        "seat 2 learns seat 0's question and answer"
    );
}

#[test]
fn deductive_reasoning_asks_whether_the_adversarys_keyword_is_the_affiliation() {
    let team = [MULDER, SKINNER, SCULLY];
    let mut g = fighting("Poltergeist Attack", &team, &["Deductive Reasoning"], &[]);
    let mut guard = 0;
    while g.combat().is_some() {
        guard += 1;
        assert!(guard < 10, "the combat does not end");
        damage_round(&mut g, MULDER);
    }
    priority_to(&mut g, 0);
    // Mulder 2 + Skinner 3 + Scully 2 CRIMINAL INVESTIGATION.
    play_on(&mut g, 0, "Deductive Reasoning", None);
    resolve(&mut g);
    // "they may ask": the player says yes.
    pick(&mut g, &["Yes"]);
    resolve(&mut g);
    assert_eq!(
        answers(&g, 0, 1),
        vec![(Category::Affiliation, Trait::Occult, true)],
        "the Poltergeist is OCCULT, as is the Manitou's AFFILIATION"
    );
}

/// Seat 0 guesses wrongly at Aubrey with `bureau` left in its Bureau, and
/// plays Blackmail.
fn blackmail_with(bureau: &str) -> XfGame {
    let mut g = many_with(
        &[MULDER, SCULLY, bureau],
        &[&[AUBREY, card("Blackmail")], &[]],
    );
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(DUANE_BARRY),
        },
    );
    assert_eq!(stage(&g), Some(Stage::Penalty));
    g.players[0].rp = 20;
    play_on(&mut g, 0, "Blackmail", None);
    resolve(&mut g);
    g
}

#[test]
fn blackmail_spares_the_guesser_the_penalty_question_on_bureaucracy_4() {
    // Skinner's BUREAUCRACY 4.
    let g = blackmail_with(SKINNER);
    assert!(g.investigation.is_none(), "the Site is resolved");
    assert!(answers(&g, 1, 0).is_empty(), "no penalty question");
}

#[test]
fn blackmail_leaves_the_penalty_question_when_the_check_fails() {
    // Lamana's BUREAUCRACY 2.
    let g = blackmail_with(LAMANA);
    assert_eq!(stage(&g), Some(Stage::Penalty));
}
