//! The rules reference checked against the engine where both speak: for each
//! ruling the X-Files CCG engine enforces, the entry `/rules` shows must state
//! it, and the engine, driven to that point, must do what the entry says.
//! Tests are named after the manual page or ruling (p. N, FAQ97/FAQ21 #N, RA
//! or AD); the expected values come from those texts, quoted in the entries.

#[path = "support/xf.rs"]
mod xf;

use xf::*;
use xfiles_bot::cards::{Category, Section, Skill, Trait};
use xfiles_bot::engine::xfiles::{CombatRound, CombatStep, Phase, Stage, Target, XfAction};
use xfiles_bot::engine::xfiles::{XfEvent, XfGame, XfOptions};
use xfiles_bot::engine::{Event, Game};
use xfiles_bot::rules;

/// The entry's body, lower case, with its line breaks as spaces.
fn body(id: &str) -> String {
    let e = rules::reference()
        .get(id)
        .unwrap_or_else(|| panic!("no rules entry {id}"));
    e.body
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Asserts that entry `id` states each of `phrases` (case-insensitive).
fn says(id: &str, phrases: &[&str]) {
    let text = body(id);
    for p in phrases {
        assert!(
            text.contains(&p.to_lowercase()),
            "rules entry {id} should say {p:?}:\n{text}"
        );
    }
}

fn answer(events: &[Event<XfEvent>]) -> Option<bool> {
    events.iter().find_map(|e| match e.body {
        XfEvent::Answer { yes, .. } => Some(yes),
        _ => None,
    })
}

fn ask(category: Category, value: Trait) -> XfAction {
    XfAction::Ask { category, value }
}

fn guess(xfile: &str) -> XfAction {
    XfAction::Guess { xfile: id(xfile) }
}

fn brief(draw: bool) -> XfAction {
    XfAction::Brief {
        draw,
        to_conspiracy: vec![],
    }
}

fn deploy(agent: &str, section: Section) -> XfAction {
    XfAction::Deploy {
        agent: id(agent),
        section,
        team: 0,
    }
}

/// Seat 1 places these cards under seat 0's Aubrey, MO, which Mulder,
/// Scully and Lamana then investigate: the first placed is revealed first.
fn bluffed_aubrey(bluffs: &[&str]) -> XfGame {
    let mut g = two(&[AUBREY], bluffs);
    field_and_site(&mut g, &TEAM, AUBREY, None);
    act(&mut g, 0, XfAction::Done);
    for b in bluffs {
        act(&mut g, 1, place_bluff(0, b));
    }
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &TEAM));
    g
}

// ---- Combat (pp. 31-35) ----

/// One of seat 0's Agents still in the Field.
fn fighting(g: &XfGame) -> xfiles_bot::cards::CardIdx {
    g.player(0)
        .agents
        .iter()
        .find(|a| a.section == Section::Field)
        .expect("an Agent still fighting")
        .card
}

/// Issue 42: the Combat entry said the Long Range round is "skipped when the
/// Adversary's LRC is N/A"; FAQ21 #14 says it is fought with LRC 0.
#[test]
fn combat_faq21_14_an_na_lrc_adversary_fights_the_long_range_round_with_0() {
    says(
        "combat",
        &["lrc is n/a still fights the long range round, with lrc 0"],
    );
    says("ruling-lrc-na", &["fights that round with lrc 0"]);
    says("term-long-range-combat", &["still fights the round"]);
    for e in &rules::reference().entries {
        let text = body(&e.id);
        assert!(
            !text.contains("skipped when the adversary's lrc is n/a")
                && !text.contains("n/a means it takes no part"),
            "{} says an N/A LRC skips the round, against FAQ21 #14",
            e.id
        );
    }
    // The Manitou: LRC N/A, no text skipping the round.
    let mut g = manitou_combat(&[]);
    assert_eq!(g.combat().unwrap().round, CombatRound::Long);
    pass_while(&mut g, |c| c.round == CombatRound::Long);
    // Mulder (LRC 2) and Scully (LRC 3) hit it; it deals 0.
    assert_eq!(g.combat().unwrap().damage(), 5);
    assert_eq!(g.agent(agent(0, MULDER)).unwrap().damage, 0);
    assert_eq!(g.agent(agent(0, SCULLY)).unwrap().damage, 0);
}

#[test]
fn combat_p32_faq21_14_the_long_range_round_is_skipped_when_the_adversarys_text_says_so() {
    says(
        "ruling-lrc-na",
        &["skips the long range round only if its text says so"],
    );
    says(
        "combat",
        &["skipped only when the adversary's text says so"],
    );
    // Hunter in the Dark: "The LONG RANGE COMBAT round is skipped."
    const HUNTER: &str = "XF96-0335v1";
    let mut g = two(&[TOWNSEND], &[HUNTER]);
    field_and_site(&mut g, &[MULDER, SCULLY], TOWNSEND, None);
    advance(&mut g, Phase::Investigation);
    act(
        &mut g,
        0,
        investigate_as(0, &[MULDER, SCULLY], Skill::AlienInvestigation),
    );
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(HUNTER));
    act(&mut g, 0, XfAction::Pass);
    assert_eq!(g.combat().unwrap().round, CombatRound::Close);
}

#[test]
fn combat_p33_faq21_61_the_adversarys_player_hits_one_agent_of_their_choice() {
    says(
        "combat",
        &["the adversary's to one agent its player chooses"],
    );
    says(
        "ruling-adversary-target",
        &["the player of an adversary chooses"],
    );
    let mut g = manitou_combat(&[]);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    assert_eq!(g.to_act(), vec![1], "the Adversary's player assigns");
    let split = XfAction::AssignDamage {
        to: vec![(id(MULDER), 3), (id(SCULLY), 3)],
    };
    assert!(refused(&g, 1, split).reason.contains("one Agent"));
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(SCULLY), 6)],
        },
    );
}

#[test]
fn combat_faq97_55_only_combat_cards_are_played_during_combat() {
    says("combat", &["only combat cards may be played during combat"]);
    says(
        "ruling-before-combat",
        &["only combat cards are played until it ends"],
    );
    let mut g = manitou_combat(&[SHEILA_BRAUN]);
    if g.to_act() == vec![1] {
        act(&mut g, 1, XfAction::Pass);
    }
    let r = refused(&g, 0, play(SHEILA_BRAUN));
    assert!(r.reason.contains("Combat"), "{r}");
}

#[test]
fn adversaries_p33_the_adversary_is_discarded_after_combat() {
    says(
        "adversaries",
        &["afterwards it is discarded whatever happened"],
    );
    let mut g = manitou_combat(&[]);
    while let Some(c) = g.combat().cloned() {
        let s = g.to_act()[0];
        let action = match c.step {
            CombatStep::Assign => XfAction::AssignDamage {
                to: vec![(fighting(&g), c.pending_damage())],
            },
            _ => XfAction::Pass,
        };
        act(&mut g, s, action);
    }
    assert!(g.player(1).discard.contains(&id(MANITOU)));
}

// ---- The Hospital and healing (pp. 20, 23, 33) ----

#[test]
fn hospital_p33_faq97_15_an_agent_at_health_0_goes_to_the_hospital() {
    says(
        "hospital",
        &["an agent whose health reaches 0", "goes to the hospital"],
    );
    says("combat", &["health never goes below 0"]);
    let mut g = manitou_combat(&[]);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    // The Manitou's CRC 6 on Scully (HEALTH 4).
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(SCULLY), 6)],
        },
    );
    pass_while(&mut g, |c| c.step == CombatStep::AfterDamage);
    let scully = g.agent(agent(0, SCULLY)).unwrap();
    assert_eq!(scully.damage, 4, "HEALTH 0, not below");
    assert_eq!(scully.section, Section::Hospital);
}

#[test]
fn hospital_p20_ra_p5_an_agent_leaves_only_with_health_3_or_more() {
    says(
        "hospital",
        &["leave in the deployment phase only with current health 3 or more"],
    );
    let mut g = two(&[], &[]);
    g.players[0].agents[0].section = Section::Hospital;
    g.players[0].agents[0].damage = 5;
    advance(&mut g, Phase::Deployment);
    // Mulder (HEALTH 5) healed 2 of 5: current HEALTH 2.
    let r = refused(&g, 0, deploy(MULDER, Section::Bureau));
    assert!(r.reason.contains('3'), "{r}");
    g.players[0].agents[0].damage = 2;
    act(&mut g, 0, deploy(MULDER, Section::Field));
    assert_eq!(section(&g, 0, MULDER), Section::Field);
}

#[test]
fn healing_p20_two_points_at_health_4_or_more_one_at_3_or_less() {
    says(
        "healing",
        &[
            "2 damage if its permanent health is 4 or more",
            "1 if it is 3 or less",
        ],
    );
    let mut g = two(&[], &[]);
    for (i, dmg) in [(0, 5), (2, 3)] {
        let a = &mut g.players[0].agents[i];
        a.section = Section::Hospital;
        a.damage = dmg;
    }
    advance(&mut g, Phase::Requisition);
    // Mulder (HEALTH 5) heals 2, Lamana (HEALTH 3) heals 1.
    assert_eq!(g.player(0).agents[0].damage, 3);
    assert_eq!(g.player(0).agents[2].damage, 2);
}

#[test]
fn hospital_p11_ra_agents_in_the_hospital_add_no_res() {
    says("hospital", &["agents there add no res"]);
    says(
        "ruling-hospital-no-rp-no-effects",
        &["agents in the hospital add no rp"],
    );
    let mut g = two(&[], &[]);
    g.players[0].agents[1].section = Section::Hospital;
    g.players[0].agents[1].damage = 1;
    act(&mut g, 0, brief(false));
    // 5 + Mulder 2 + Lamana 1; Scully's 2 stays out.
    assert_eq!(rp(&g, 0), 8);
}

// ---- Set-up, Briefing, pools (pp. 5-6, 10-12) ----

#[test]
fn setup_p5_seven_cards_and_five_tokens_in_each_pool() {
    says(
        "setup",
        &[
            "draw seven cards",
            "five tokens in your resource pool and five in your conspiracy pool",
        ],
    );
    let decks = vec![deck(&TEAM, DUANE_BARRY, &[]), deck(&TEAM, THE_MANITOU, &[])];
    let (g, _) = XfGame::new(XfOptions::default(), decks, 1).unwrap();
    for p in &g.players {
        assert_eq!((p.hand.len(), p.rp, p.cp), (7, 5, 5));
        assert!(p.agents.iter().all(|a| a.section == Section::Bureau));
    }
}

#[test]
fn briefing_p11_a_free_draw_res_to_rp_then_cards_at_1_rp_each() {
    says(
        "briefing",
        &[
            "draw one free card",
            "adds its res to your rp",
            "at 1 rp each",
        ],
    );
    let mut g = two(&[], &[]);
    act(&mut g, 0, brief(true));
    assert_eq!(g.player(0).hand.len(), 8);
    // 5 + RES: Mulder 2, Scully 2, Lamana 1.
    assert_eq!(rp(&g, 0), 10);
    act(&mut g, 0, XfAction::Buy { count: 3 });
    assert_eq!((g.player(0).hand.len(), rp(&g, 0)), (11, 7));
}

#[test]
fn pools_faq97_18_pools_persist_from_turn_to_turn() {
    says("pools", &["pools persist from turn to turn"]);
    let mut g = two(&[], &[]);
    act(&mut g, 0, brief(false));
    act(&mut g, 0, XfAction::Buy { count: 0 });
    let left = rp(&g, 0);
    advance(&mut g, Phase::Draw);
    assert_eq!(g.active, 1);
    assert_eq!(rp(&g, 0), left);
}

// ---- Deployment and Case Assignment (pp. 15, 23-24) ----

#[test]
fn deployment_faq97_50_an_agent_from_the_hand_may_not_duplicate_one_in_play() {
    says(
        "deployment",
        &["may not duplicate an agent already in play"],
    );
    // Another printing of Fox Mulder, who is on the starting team.
    let mut g = two(&["XF96-0163v1"], &[]);
    advance(&mut g, Phase::Deployment);
    let r = refused(
        &g,
        0,
        XfAction::BuyAgent {
            card: id("XF96-0163v1"),
            section: Section::Field,
            team: 0,
        },
    );
    assert!(r.reason.contains("already"), "{r}");
}

#[test]
fn case_assignment_p24_two_identical_sites_are_not_used_in_one_turn() {
    says(
        "case-assignment",
        &["two identical sites cannot both be used in one turn"],
    );
    let mut g = two(&[AUBREY, "XF97-0063v2"], &[]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    let r = refused(&g, 0, site("XF97-0063v2"));
    assert!(r.reason.contains("identical"), "{r}");
}

#[test]
fn sites_p24_a_site_without_bluffs_is_discarded_at_the_end_of_the_turn() {
    says(
        "sites",
        &["one without bluffs is discarded at the end of the turn"],
    );
    let mut g = two(&[AUBREY], &[]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    advance(&mut g, Phase::Draw);
    assert!(g.sites.is_empty());
    assert!(g.player(0).discard.contains(&id(AUBREY)));
}

// ---- Bluffs (p. 25) ----

#[test]
fn bluffs_p25_faq21_60a_placing_is_free_and_a_real_bluff_costs_1_cp_less() {
    says(
        "bluffs",
        &[
            "paying nothing yet",
            "costs its owner 1 cp less than printed",
        ],
    );
    says(
        "ruling-bluff-cost",
        &["placing a card under a site costs nothing"],
    );
    let mut g = two(&[AUBREY], &[CAR_TROUBLES]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    act(&mut g, 0, XfAction::Done);
    let before = cp(&g, 1);
    act(&mut g, 1, place_bluff(0, CAR_TROUBLES));
    assert_eq!(cp(&g, 1), before, "placing costs nothing");
    let mut g = bluffed_aubrey(&[CAR_TROUBLES]);
    let before = cp(&g, 1);
    act(&mut g, 1, pay_bluff());
    // Car Troubles costs 3 CP: 2 when revealed.
    assert_eq!(cp(&g, 1), before - 2);
}

#[test]
fn bluffs_p25_any_other_card_under_a_site_is_simply_discarded() {
    says("bluffs", &["any other card is simply discarded"]);
    // X is an Event, not a Bluff.
    let g = bluffed_aubrey(&[X]);
    assert_ne!(stage(&g), Some(Stage::Bluff), "nothing to pay for");
    assert!(g.player(1).discard.contains(&id(X)));
    assert_eq!(cp(&g, 1), 10, "the table's 10 CP: nothing paid");
    assert!(g.sites[0].bluffs.is_empty());
}

// ---- Investigation and the Skill Check Subroutine (pp. 27-29) ----

#[test]
fn investigation_p27_faq97_12_only_the_agents_sent_contribute() {
    says("investigation", &["only the agents sent contribute"]);
    says("ruling-site-agents-only", &["only agents sent to a site"]);
    let mut g = two(&[AUBREY], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    // Scully is in the Field but not sent: Mulder's BEHAVIORAL 3 alone.
    assert_eq!(g.team_total(Skill::Behavioral), 3);
}

#[test]
fn investigation_p27_an_agent_investigates_once_a_turn() {
    says("investigation", &["an agent investigates once a turn"]);
    let mut g = two(&[AUBREY, CAPE_COD], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    act(&mut g, 0, site(CAPE_COD));
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    pass_until_resolved(&mut g);
    act(&mut g, 0, XfAction::Done);
    let cape = g.sites.iter().position(|s| s.card == id(CAPE_COD)).unwrap();
    let r = refused(&g, 0, investigate(cape, &[SCULLY]));
    assert!(r.reason.contains("already investigated"), "{r}");
}

#[test]
fn skill_check_p28_the_last_card_played_resolves_first() {
    says("skill-check", &["the last played resolves first"]);
    let mut g = two(&[AUBREY, X], &[MANITOU]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(MANITOU));
    act(&mut g, 0, play_at(X, Target::Stack(0)));
    let events = act(&mut g, 1, XfAction::Pass);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.body, XfEvent::Negated { .. })),
        "X, played last, resolves first and negates the Manitou"
    );
    assert!(g.combat().is_none(), "no combat: it was negated");
}

#[test]
fn skill_check_p29_faq21_25_the_same_card_is_not_used_twice_in_one_check() {
    says(
        "skill-check",
        &["the same card (by title) cannot be used twice in one check"],
    );
    says(
        "ruling-same-card-one-check",
        &["only one copy of a card may help the same skill check"],
    );
    let mut g = two(&[AUBREY, SHEILA_BRAUN, "XF97-0207v2"], &[]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    act(&mut g, 0, play(SHEILA_BRAUN));
    act(&mut g, 1, XfAction::Pass);
    let r = refused(&g, 0, play("XF97-0207v2"));
    assert!(r.reason.contains("twice"), "{r}");
}

// ---- Questions and guessing (p. 37) ----

#[test]
fn questions_p37_ad_p15_one_question_of_a_category_the_site_allows() {
    says(
        "questions",
        &[
            "one yes/no question of a category the site allows",
            "answered no",
        ],
    );
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    // Aubrey, MO allows MOTIVE questions only.
    let r = refused(&g, 0, ask(Category::Affiliation, Trait::Occult));
    assert!(r.reason.to_lowercase().contains("motive"), "{r}");
    // "Is your MOTIVE Violence?": a METHOD value is simply answered No.
    let events = act(&mut g, 0, ask(Category::Motive, Trait::Violence));
    assert_eq!(answer(&events), Some(false));
    let r = refused(&g, 0, ask(Category::Motive, Trait::Control));
    assert!(!r.reason.is_empty(), "one question a Site");
}

#[test]
fn guessing_p37_a_wrong_guess_lets_the_directed_player_ask_back() {
    says(
        "guessing",
        &["wrong: that player may ask you a question of the site's category or guess yours"],
    );
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    act(&mut g, 0, guess(JERSEY_DEVIL));
    assert_eq!(stage(&g), Some(Stage::Penalty));
    assert_eq!(g.to_act(), vec![1]);
    let events = act(&mut g, 1, ask(Category::Motive, Trait::Survival));
    assert_eq!(answer(&events), Some(true), "Duane Barry: Survival");
    assert!(g.outcome().is_none());
}

#[test]
fn guessing_faq21_9_a_guess_is_allowed_after_a_no() {
    says("guessing", &["also after a no"]);
    says(
        "ruling-guess-after-no",
        &["even if the site's question was answered \"no\""],
    );
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    let events = act(&mut g, 0, ask(Category::Motive, Trait::Survival));
    assert_eq!(answer(&events), Some(false));
    act(&mut g, 0, guess(THE_MANITOU));
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn guessing_faq97_56_one_guess_a_turn_after_a_successful_investigation() {
    says(
        "ruling-one-guess-per-turn",
        &["once per turn, and only after a successful site investigation"],
    );
    let mut g = two(&[AUBREY], &[]);
    let early = refused(&g, 0, guess(THE_MANITOU));
    assert!(early.reason.contains("cannot be done now"), "{early}");
    successful_aubrey(&mut g);
    act(&mut g, 0, guess(JERSEY_DEVIL));
    act(&mut g, 1, ask(Category::Motive, Trait::Control));
    let again = refused(&g, 0, guess(THE_MANITOU));
    assert!(again.reason.contains("cannot be done now"), "{again}");
}

#[test]
fn optional_rules_p42_one_guess_a_game_and_a_wrong_guess_loses() {
    says(
        "optional-rules",
        &["one guess a game: a wrong guess loses at once"],
    );
    let mut g = two(&[AUBREY], &[]);
    g.options.one_guess = true;
    successful_aubrey(&mut g);
    act(&mut g, 0, guess(JERSEY_DEVIL));
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
}

// ---- Debriefing (p. 38) ----

#[test]
fn debriefing_p38_faq21_43_every_player_discards_down_to_seven() {
    says(
        "debriefing",
        &["every player, active or not, discards down to seven cards"],
    );
    let mut g = two(&[], &[]);
    fill_hand(&mut g, 1, 9);
    advance(&mut g, Phase::Debriefing);
    // Seat 0: 7 + 1 drawn.
    assert_eq!(g.player(0).hand.len(), 8);
    assert!(g.to_act().contains(&1), "the inactive player too");
    let r = refused(&g, 0, XfAction::Done);
    assert!(r.reason.contains("7 cards or fewer"), "{r}");
    let c = g.player(0).hand[0];
    act(&mut g, 0, XfAction::Discard { cards: vec![c] });
    let two_cards = g.player(1).hand[..2].to_vec();
    act(&mut g, 1, XfAction::Discard { cards: two_cards });
    act(&mut g, 0, XfAction::Done);
    assert_eq!((g.active, g.phase.clone()), (1, Phase::Draw));
    assert_eq!(g.player(1).hand.len(), 7);
}

#[test]
fn debriefing_p6_faq21_36b_an_empty_deck_is_the_shuffled_discard_pile() {
    says(
        "debriefing",
        &["an empty deck is replaced by the shuffled discard pile"],
    );
    says(
        "ruling-empty-deck",
        &["shuffle the discard pile to form a new one"],
    );
    let mut g = two(&[], &[]);
    let p = &mut g.players[0];
    p.discard = std::mem::take(&mut p.deck);
    let events = act(&mut g, 0, brief(true));
    assert!(
        events
            .iter()
            .any(|e| matches!(e.body, XfEvent::Reshuffled { seat: 0 }))
    );
    assert_eq!(g.player(0).hand.len(), 8);
    assert!(g.outcome().is_none(), "nobody loses for it");
}

/// Issue 42: a Witness (Dr. Grissom) was offered and accepted in the
/// Debriefing Phase, against the ruling the bot cites.
#[test]
fn debriefing_ra_ad_no_card_may_be_played_in_the_debriefing_phase() {
    says(
        "ruling-debriefing-no-cards",
        &["no card may be played during the debriefing phase"],
    );
    const DR_GRISSOM: &str = "XF96-0193v1";
    let mut g = two(&[DR_GRISSOM], &[]);
    advance(&mut g, Phase::Debriefing);
    g.players[0].rp = 20;
    let plays: Vec<XfAction> = g
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, XfAction::Play { .. }))
        .collect();
    assert!(plays.is_empty(), "offered in the Debriefing: {plays:?}");
    refused(&g, 0, play(DR_GRISSOM));
}
