//! Golden tests for the cards played when an Agent is forced to move: to
//! the Hospital (True Grit, He Won't Let Me Die, Avatar), back to the
//! Bureau (Written Report) or out of the game (Samuel Hartley). The bot
//! moves an Agent at once; these cards are played right after, in the same
//! turn, and undo the move (how xfiles-bot plays "when an Agent is forced").

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{Section, Skill};
use xfiles_bot::engine::xfiles::{Stage, XfAction, XfGame};

/// Seat 0's `victim` and Scully check OBSERVATION; seat 1 plays Injured
/// Relative and sends `victim` to the Hospital.
fn sent_to_hospital(victim: &str, hand0: &[&str]) -> XfGame {
    let mut g = checking(
        Skill::Observation,
        &[victim, SCULLY],
        hand0,
        &["Injured Relative"],
    );
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Injured Relative", None);
    resolve(&mut g);
    pick(&mut g, &[title(id(victim))]);
    resolve(&mut g);
    assert_eq!(section(&g, 0, victim), Section::Hospital);
    priority_to(&mut g, 0);
    g
}

fn mulder_sent_to_hospital(hand0: &[&str]) -> XfGame {
    sent_to_hospital(MULDER, hand0)
}

#[test]
fn true_grit_lets_a_hospitalized_agent_add_his_skills_to_one_more_check() {
    let mut g = mulder_sent_to_hospital(&["True Grit"]);
    let without = total(&g);
    play_on(&mut g, 0, "True Grit", agent_target(0, MULDER));
    resolve(&mut g);
    assert_eq!(section(&g, 0, MULDER), Section::Field);
    assert!(total(&g) > without, "Mulder adds his OBSERVATION again");
    pass_until_resolved(&mut g);
    assert_ne!(stage(&g), Some(Stage::Check));
    assert_eq!(
        section(&g, 0, MULDER),
        Section::Hospital,
        "he goes once the check ends"
    );
}

#[test]
fn true_grit_is_refused_for_an_agent_no_card_sent_to_the_hospital() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &["True Grit"], &[]);
    let r = play_refused(&g, 0, "True Grit", agent_target(0, MULDER));
    assert!(!r.is_empty());
    resolve(&mut g);
    assert_eq!(section(&g, 0, MULDER), Section::Field);
}

#[test]
fn he_wont_let_me_die_keeps_an_agent_down_in_combat_in_the_field_with_health_3() {
    let mut g = manitou_combat(&[card("He Won't Let Me Die")]);
    g.players[0].rp = 20;
    damage_step(&mut g, MULDER);
    assert_eq!(g.current_health(agent(0, MULDER)), 0, "the Manitou's 6 CRC");
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "He Won't Let Me Die", agent_target(0, MULDER));
    act(&mut g, 1, XfAction::Pass);
    assert_eq!(g.current_health(agent(0, MULDER)), 3);
    damage_round(&mut g, MULDER);
    assert_ne!(section(&g, 0, MULDER), Section::Hospital);
}

#[test]
fn he_wont_let_me_die_is_refused_for_an_agent_sent_to_the_hospital_undamaged() {
    let g = mulder_sent_to_hospital(&["He Won't Let Me Die"]);
    let r = play_refused(&g, 0, "He Won't Let Me Die", agent_target(0, MULDER));
    assert!(!r.is_empty());
}

#[test]
fn avatar_keeps_only_skinner_out_of_the_hospital_fully_healed() {
    let mut g = sent_to_hospital(SKINNER, &["Avatar"]);
    play_on(&mut g, 0, "Avatar", agent_target(0, SKINNER));
    resolve(&mut g);
    assert_eq!(section(&g, 0, SKINNER), Section::Field);
    assert_eq!(wounds(&g, SKINNER), 0);
}

#[test]
fn avatar_is_refused_for_an_agent_other_than_skinner() {
    let g = mulder_sent_to_hospital(&["Avatar"]);
    let r = play_refused(&g, 0, "Avatar", agent_target(0, MULDER));
    assert!(!r.is_empty());
}

/// Seat 0's `team` checks BEHAVIORAL; seat 1's Section Chief Joseph
/// McGrath sends `victim` back to the Bureau (and out of this turn's checks).
fn sent_to_bureau(team: &[&str], victim: &str) -> XfGame {
    let mut g = bluffed(
        site_using(Skill::Behavioral),
        team,
        "Section Chief Joseph Mcgrath",
        0,
        &["Written Report"],
    );
    resolve(&mut g);
    pick(&mut g, &[title(id(victim))]);
    resolve(&mut g);
    assert_eq!(section(&g, 0, victim), Section::Bureau);
    priority_to(&mut g, 0);
    g
}

#[test]
fn written_report_keeps_the_agent_in_the_field_when_the_team_makes_criminal_investigation_5() {
    // Mulder 2 + Skinner 3 CRIMINAL INVESTIGATION; McGrath keeps
    // Lamana's 1 out of the checks this turn.
    let mut g = sent_to_bureau(&[MULDER, SKINNER, LAMANA], LAMANA);
    play_on(&mut g, 0, "Written Report", agent_target(0, LAMANA));
    resolve(&mut g);
    assert_eq!(section(&g, 0, LAMANA), Section::Field);
}

#[test]
fn written_report_sends_the_agent_back_when_the_check_fails() {
    // Scully 2 (Mulder's 2 kept out by McGrath): short of 5.
    let mut g = sent_to_bureau(&[MULDER, SCULLY], MULDER);
    play_on(&mut g, 0, "Written Report", agent_target(0, MULDER));
    resolve(&mut g);
    assert_eq!(section(&g, 0, MULDER), Section::Bureau);
}

#[test]
fn samuel_hartley_keeps_an_agent_removed_this_turn_in_play_fully_healed_faq96_29() {
    let weiss = card("Agent Weiss");
    let killer = "Agent Weiss Killed By Unknown Toxin";
    // Mulder 3 + Scully 1 OCCULT INVESTIGATION.
    let mut g = checking(
        Skill::Observation,
        &[weiss, MULDER, SCULLY],
        &["Samuel Hartley"],
        &[killer],
    );
    // Set-up: Weiss was wounded earlier in the turn.
    let w = g.players[0].agents.iter_mut().find(|a| a.card == id(weiss));
    w.unwrap().damage = 2;
    priority_to(&mut g, 1);
    play_on(&mut g, 1, killer, None);
    resolve(&mut g);
    assert!(g.agent(agent(0, weiss)).is_none(), "Weiss is removed");
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Samuel Hartley", None);
    resolve(&mut g);
    pick_if(&mut g, "Weiss");
    resolve(&mut g);
    assert_eq!(
        section(&g, 0, weiss),
        Section::Field,
        "Weiss remains in play"
    );
    assert_eq!(wounds(&g, weiss), 0, "fully healed (FAQ96 #29)");
    assert!(!g.player(0).removed.contains(&id(weiss)));
}

#[test]
fn samuel_hartley_is_refused_when_no_agent_was_removed_this_turn() {
    let g = checking(
        Skill::Observation,
        &[MULDER, SCULLY],
        &["Samuel Hartley"],
        &[],
    );
    let r = play_refused(&g, 0, "Samuel Hartley", None);
    assert!(!r.is_empty());
}

#[test]
fn written_report_is_refused_when_no_move_card_forced_an_agent_back() {
    let g = checking(
        Skill::Observation,
        &[MULDER, SCULLY],
        &["Written Report"],
        &[],
    );
    let r = play_refused(&g, 0, "Written Report", agent_target(0, MULDER));
    assert!(r.contains("MOVE"), "{r}");
}
