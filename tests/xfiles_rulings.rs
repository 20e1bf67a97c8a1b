//! Rulings from the Rules Assistant (RA, 1997), the Ancillary Documentation
//! (AD, 1999, black text only: red text is house rules) and the FAQs (FAQ97
//! official, FAQ21 community), as collected in
//! `basic-game-and-rulings-notes.md` section B. Each test names its source.

#[path = "support/xf.rs"]
mod xf;

use xf::*;
use xfiles_bot::cards::Section;
use xfiles_bot::cards::{self, Category, Skill, Trait};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{CombatStep, Phase, Stage, Target, XfAction, XfEvent, XfGame};

const KOSSEFF: &str = "XF96-0183v1";
const KRYCEK: &str = "XF96-0162v1";
const MULDER_OTHER_PRINT: &str = "XF96-0163v1";
const DEEP_THROAT: &str = "XF96-0222v1";
const RELENTLESS_PURSUIT: &str = "XF96-0283v1";
const DR_DIAMOND: &str = "XF96-0191v1";
const FIRST_AID: &str = "XF96-0002v1";
const SLEEP_DEPRIVATION: &str = "XF96-0106v1";

fn answer(events: &[xfiles_bot::engine::Event<XfEvent>]) -> Option<bool> {
    events.iter().find_map(|e| match e.body {
        XfEvent::Answer { yes, .. } => Some(yes),
        _ => None,
    })
}

fn brief(g: &mut XfGame, to_conspiracy: &[&str]) {
    let seat = g.active;
    act(
        g,
        seat,
        XfAction::Brief {
            draw: false,
            to_conspiracy: to_conspiracy.iter().map(|c| id(c)).collect(),
        },
    );
}

/// Passes (and has the Adversary's player put all damage on `victim`)
/// until the combat is over.
fn fight_out(g: &mut XfGame, victim: &str) {
    while let Some(c) = g.combat().cloned() {
        let s = g.to_act()[0];
        if c.step == CombatStep::Assign {
            act(
                g,
                s,
                XfAction::AssignDamage {
                    to: vec![(id(victim), c.pending_damage())],
                },
            );
        } else {
            act(g, s, XfAction::Pass);
        }
    }
}

/// Seat 0's Mulder, Scully and Kosseff investigate Aubrey, MO, under which
/// seat 1 placed these Bluffs (not yet revealed).
fn three_agents_at_bluffed_aubrey(bluffs: &[&str]) -> XfGame {
    let mut g = many_with(&[MULDER, SCULLY, KOSSEFF], &[&[AUBREY], bluffs]);
    field_and_site(&mut g, &[MULDER, SCULLY, KOSSEFF], AUBREY, None);
    act(&mut g, 0, XfAction::Done);
    for b in bluffs {
        act(&mut g, 1, place_bluff(0, b));
    }
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY, KOSSEFF]));
    g
}

// ---- B.1 Timing and phases ----

#[test]
fn every_player_trims_to_seven_in_every_debriefing_faq21_43a() {
    let mut g = two(&[], &[]);
    fill_hand(&mut g, 1, 9);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, XfAction::Done);
    assert_eq!(g.phase, Phase::Debriefing);
    assert!(g.to_act().contains(&1), "the inactive player too");
    let r = refused(&g, 0, XfAction::Done);
    assert!(r.reason.contains("seat 2 (9 cards)"), "{r}");
}

// ---- B.2 Skill checks and investigation ----

#[test]
fn only_agents_sent_to_the_site_contribute_faq97_12_ra_p6() {
    let mut g = two(&[AUBREY], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    // Scully is in the Field but not sent: Mulder's 3 only.
    assert_eq!(g.team_total(Skill::Behavioral), 3);
}

#[test]
fn hospital_agents_are_in_no_team_faq21_16_56() {
    let mut g = two(&[AUBREY], &[]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    g.players[0].agents[1].section = Section::Hospital;
    g.players[0].agents[1].damage = 4;
    let r = refused(&g, 0, investigate(0, &[MULDER, SCULLY]));
    assert!(r.reason.contains("Field"), "{r}");
}

#[test]
fn every_keyword_of_a_multi_site_is_live_for_activators_faq97_57_ra_p6() {
    // Townsend (MOTIVE/RESULT): the Manitou (MOTIVE SITE) may be played even
    // though the investigator announced ALIEN INVESTIGATION.
    let mut g = two(&[TOWNSEND], &[MANITOU]);
    field_and_site(&mut g, &[MULDER], TOWNSEND, None);
    advance(&mut g, Phase::Investigation);
    act(
        &mut g,
        0,
        XfAction::Investigate {
            site: 0,
            team: vec![id(MULDER)],
            skill: Some(Skill::AlienInvestigation),
        },
    );
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(MANITOU));
}

#[test]
fn dual_prerequisite_sites_keep_the_announced_skill_adv_p24_scr16_50() {
    let mut g = two(&[TOWNSEND], &[]);
    field_and_site(&mut g, &[MULDER], TOWNSEND, None);
    advance(&mut g, Phase::Investigation);
    let r = refused(
        &g,
        0,
        XfAction::Investigate {
            site: 0,
            team: vec![id(MULDER)],
            skill: Some(Skill::Medical),
        },
    );
    assert!(
        r.reason.contains("Alien Investigation")
            || r.reason.to_uppercase().contains("ALIEN INVESTIGATION"),
        "{r}"
    );
}

#[test]
fn car_troubles_leaves_two_agents_and_the_rest_add_nothing_adv_p30() {
    let mut g = three_agents_at_bluffed_aubrey(&[CAR_TROUBLES]);
    assert_eq!(g.team_total(Skill::Behavioral), 7);
    act(&mut g, 1, pay_bluff());
    // The Bluff waits on the stack; its target's player may answer, then it resolves.
    act(&mut g, 0, XfAction::Pass);
    assert_eq!(
        g.choice.as_ref().map(|c| c.seat),
        Some(0),
        "the Team's player chooses"
    );
    let r = refused(&g, 0, XfAction::Choose { picks: vec![0] });
    assert!(r.reason.contains('2'), "{r}");
    choose(&mut g, &[MULDER, KOSSEFF]);
    assert_eq!(
        g.team_total(Skill::Behavioral),
        6,
        "7 becomes 6 without Scully"
    );
}

// ---- B.3 Questions, guessing ----

#[test]
fn one_guess_a_turn_only_after_a_successful_investigation_faq97_56_ra_p6() {
    let mut g = two(&[AUBREY], &[]);
    let early = refused(
        &g,
        0,
        XfAction::Guess {
            xfile: id(THE_MANITOU),
        },
    );
    assert!(early.reason.contains("cannot be done now"), "{early}");
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(JERSEY_DEVIL),
        },
    );
    // The penalty: the Directed Player asks back.
    act(
        &mut g,
        1,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Control,
        },
    );
    assert!(g.investigation.is_none());
    let r = refused(
        &g,
        0,
        XfAction::Guess {
            xfile: id(THE_MANITOU),
        },
    );
    assert!(r.reason.contains("cannot be done now"), "{r}");
}

#[test]
fn a_guess_after_a_no_is_allowed_faq21_9() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    let events = act(
        &mut g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Survival,
        },
    );
    assert_eq!(answer(&events), Some(false));
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(THE_MANITOU),
        },
    );
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn a_wrong_penalty_guess_carries_no_counter_penalty_adv_p37_scr16_48() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(JERSEY_DEVIL),
        },
    );
    act(
        &mut g,
        1,
        XfAction::Guess {
            xfile: id(JERSEY_DEVIL),
        },
    );
    assert!(g.investigation.is_none(), "the Site is over");
    assert_eq!(g.phase, Phase::Investigation);
    assert!(g.outcome().is_none());
}

#[test]
fn a_question_of_the_wrong_category_is_answered_no_ad_p15() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    // "Is your MOTIVE Violence?": Violence is a METHOD (the Manitou's).
    let events = act(
        &mut g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Violence,
        },
    );
    assert_eq!(answer(&events), Some(false));
}

#[test]
fn misprinted_sites_ask_the_keyword_category_ad_p12_13_faq21_30() {
    let db = cards::db();
    let tracking = db.get(id("XF97-0381v2"));
    assert_eq!(tracking.title, "Tracking The Killer");
    assert_eq!(
        tracking.question.as_ref().unwrap().categories,
        vec![Category::Affiliation]
    );
    let clinic = db.get(id("XF97-0380v2"));
    assert_eq!(
        clinic.question.as_ref().unwrap().categories,
        vec![Category::Result]
    );
}

#[test]
fn deep_throat_is_removed_from_the_game_not_discarded_faq97_32() {
    let mut g = two(&[DEEP_THROAT], &[]);
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 5;
    act(
        &mut g,
        0,
        play_at(DEEP_THROAT, Target::Value(Trait::Occult)),
    );
    // Its opponent may answer it (p. 16) before it resolves.
    let events = act(&mut g, 1, XfAction::Pass);
    assert_eq!(answer(&events), Some(true), "the Manitou is OCCULT");
    assert!(g.player(0).removed.contains(&id(DEEP_THROAT)));
    assert!(!g.player(0).discard.contains(&id(DEEP_THROAT)));
    assert_eq!(g.player(0).rp, 0);
}

// ---- B.4 Bluffs ----

#[test]
fn an_unpaid_bluff_is_discarded_without_effect_ra_p8_faq21_60a() {
    let mut g = three_agents_at_bluffed_aubrey(&[CAR_TROUBLES]);
    let cp1 = cp(&g, 1);
    act(&mut g, 1, let_bluff_go());
    assert_eq!(cp(&g, 1), cp1);
    assert!(g.player(1).discard.contains(&id(CAR_TROUBLES)));
    assert_eq!(stage(&g), Some(Stage::Check), "all three Agents go on");
    assert_eq!(g.team_total(Skill::Behavioral), 7);
}

#[test]
fn several_bluffs_under_one_site_are_each_paid_and_resolved_faq21_3() {
    let mut g = three_agents_at_bluffed_aubrey(&[CAR_TROUBLES, SLEEP_DEPRIVATION]);
    let cp1 = cp(&g, 1);
    let mut paid = 0;
    loop {
        if g.choice.as_ref().is_some_and(|c| c.seat == 1) {
            // Sleep Deprivation: its player picks the Agent.
            choose(&mut g, &[MULDER]);
        } else if g.choice.is_some() {
            // Car Troubles: the Team's player keeps two Agents.
            choose(&mut g, &[MULDER, KOSSEFF]);
        } else if stage(&g) == Some(Stage::Bluff) {
            act(&mut g, 1, pay_bluff());
            paid += 1;
        } else if !g.stack.is_empty() {
            let s = g.to_act()[0];
            act(&mut g, s, XfAction::Pass);
        } else {
            break;
        }
    }
    assert_eq!(paid, 2);
    // Car Troubles 3 - 1, Sleep Deprivation 2 - 1 (face down, 1 CP less).
    assert_eq!(cp(&g, 1), cp1 - 3);
}

#[test]
fn a_postponed_site_keeps_its_bluffs_and_may_take_more_faq21_60b_62() {
    let mut g = two(&[AUBREY], &[CAR_TROUBLES, X]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 1, place_bluff(0, CAR_TROUBLES));
    // Seat 0 does not investigate; seat 1 plays a turn; seat 0 again.
    advance(&mut g, Phase::Draw);
    assert_eq!(g.active, 1);
    advance(&mut g, Phase::Debriefing);
    advance(&mut g, Phase::Draw);
    assert_eq!(g.active, 0);
    advance(&mut g, Phase::Bluffing(1));
    act(&mut g, 1, place_bluff(0, X));
    assert_eq!(g.sites[0].bluffs.len(), 2);
}

// ---- B.5 Adversaries and combat ----

#[test]
fn once_combat_starts_only_combat_cards_faq97_55_ra_p7() {
    let mut g = manitou_combat(&[X]);
    if g.to_act() == vec![1] {
        act(&mut g, 1, XfAction::Pass);
    }
    let r = refused(&g, 0, play_at(X, Target::Adversary));
    assert!(r.reason.contains("Combat"), "{r}");
}

#[test]
fn health_never_goes_below_zero_faq97_15_ra_p7() {
    let mut g = manitou_combat(&[]);
    fight_out(&mut g, SCULLY);
    let scully = g.agent(agent(0, SCULLY)).unwrap();
    assert_eq!(scully.damage, scully.health());
    assert_eq!(scully.section, Section::Hospital);
}

#[test]
fn living_machine_lrc_is_na_faq97_10_ra_p10() {
    let lm = cards::db().get(id("XF96-0348v1"));
    assert_eq!(lm.title, "Living Machine");
    assert_eq!(
        lm.skills.get(Skill::LongRangeCombat),
        Some(xfiles_bot::cards::SkillValue::NotApplicable)
    );
}

#[test]
fn an_agent_wounded_by_the_manitou_does_not_heal_until_a_healing_card_faq97_58_ra_p10() {
    let mut g = manitou_combat(&[]);
    fight_out(&mut g, SCULLY);
    let scully = g.agent(agent(0, SCULLY)).unwrap().clone();
    assert!(scully.heal_blocked);
    // Round to seat 0's next Healing Phase: no healing.
    advance(&mut g, Phase::Debriefing);
    advance(&mut g, Phase::Draw);
    advance(&mut g, Phase::Debriefing);
    advance(&mut g, Phase::Requisition);
    assert_eq!(g.active, 0);
    assert_eq!(g.agent(agent(0, SCULLY)).unwrap().damage, scully.damage);
}

#[test]
fn a_healing_card_lifts_the_manitous_block_faq97_58_faq21_35() {
    let mut g = manitou_combat(&[FIRST_AID]);
    // Mulder takes the Manitou's 6 (HEALTH 5: to 0) and First Aid saves him.
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 6)],
        },
    );
    assert!(g.agent(agent(0, MULDER)).unwrap().heal_blocked);
    act(
        &mut g,
        0,
        play_at(FIRST_AID, Target::Agent(agent(0, MULDER))),
    );
    let s = g.to_act()[0];
    act(&mut g, s, XfAction::Pass);
    let s = g.to_act()[0];
    act(&mut g, s, XfAction::Pass);
    let mulder = g.agent(agent(0, MULDER)).unwrap();
    assert!(!mulder.heal_blocked, "a HEALING card lifts the block");
    assert_eq!(mulder.damage, 4);
}

#[test]
fn the_adversarys_player_names_the_agent_it_attacks_faq21_61() {
    let mut g = manitou_combat(&[]);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    assert_eq!(g.to_act(), vec![1]);
    let r = refused(
        &g,
        0,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 6)],
        },
    );
    assert!(r.reason.contains("not your move"), "{r}");
}

// ---- B.6 Hospital and healing ----

#[test]
fn equipment_goes_to_the_hospital_with_its_agent_faq21_24() {
    let mut g = two(&[AUBREY, KNIFE], &[MANITOU]);
    advance(&mut g, Phase::Requisition);
    act(
        &mut g,
        0,
        XfAction::Equip {
            agent: id(SCULLY),
            card: id(KNIFE),
        },
    );
    act(&mut g, 0, XfAction::Done);
    to_field(&mut g, 0, &[MULDER, SCULLY]);
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 0, site(AUBREY));
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(MANITOU));
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, XfAction::Pass);
    fight_out(&mut g, SCULLY);
    let scully = g.agent(agent(0, SCULLY)).unwrap();
    assert_eq!(scully.section, Section::Hospital);
    assert_eq!(g.equipment_of(agent(0, SCULLY)), vec![id(KNIFE)]);
}

#[test]
fn leaving_the_hospital_needs_three_health_ra_p5_faq97_51() {
    let mut g = two(&[], &[]);
    g.players[0].agents[0].section = Section::Hospital;
    g.players[0].agents[0].damage = 5;
    advance(&mut g, Phase::Deployment);
    // Healed 2 of 5: HEALTH 2, not yet 3.
    assert_eq!(g.agent(agent(0, MULDER)).unwrap().current_health(), 2);
    let r = refused(
        &g,
        0,
        XfAction::Deploy {
            agent: id(MULDER),
            section: Section::Bureau,
            team: 0,
        },
    );
    assert!(r.reason.contains('3'), "{r}");
}

// ---- B.7 Agents, resources and pools ----

#[test]
fn pools_persist_between_turns_faq97_18() {
    let mut g = two(&[], &[]);
    brief(&mut g, &[]);
    act(&mut g, 0, XfAction::Buy { count: 0 });
    let left = rp(&g, 0);
    advance(&mut g, Phase::Draw);
    assert_eq!(g.active, 1);
    assert_eq!(rp(&g, 0), left);
}

#[test]
fn selling_an_x_cost_card_yields_nothing_faq97_33_ra_p6() {
    let mut g = two(&[], &[RELENTLESS_PURSUIT]);
    advance(&mut g, Phase::Trade(1));
    let before = cp(&g, 1);
    act(
        &mut g,
        1,
        XfAction::Trade {
            sell: vec![id(RELENTLESS_PURSUIT)],
            buy: 0,
        },
    );
    assert_eq!(cp(&g, 1), before);
}

#[test]
fn an_agent_from_the_hand_may_not_duplicate_one_in_play_faq97_50_ra_p8() {
    let mut g = two(&[MULDER_OTHER_PRINT], &[]);
    advance(&mut g, Phase::Deployment);
    let r = refused(
        &g,
        0,
        XfAction::BuyAgent {
            card: id(MULDER_OTHER_PRINT),
            section: Section::Field,
            team: 0,
        },
    );
    assert!(r.reason.contains("already"), "{r}");
}

#[test]
fn a_dedicated_rp_pays_one_point_and_returns_next_briefing_faq97_41_ra_p7() {
    let mut g = many_with(&[MULDER, SCULLY, KOSSEFF], &[&[AUBREY], &[]]);
    advance(&mut g, Phase::CaseAssignment);
    let before = rp(&g, 0);
    act(&mut g, 0, site(AUBREY));
    // Aubrey (2 RP, Keyword BEHAVIORAL): Kosseff's token pays one.
    assert_eq!(rp(&g, 0), before - 1);
    assert!(!g.agent(agent(0, KOSSEFF)).unwrap().dedicated_rp);
    advance(&mut g, Phase::Draw);
    advance(&mut g, Phase::Debriefing);
    advance(&mut g, Phase::Buy);
    assert_eq!(g.active, 0);
    assert!(g.agent(agent(0, KOSSEFF)).unwrap().dedicated_rp);
}

#[test]
fn krycek_may_send_only_his_own_res_to_the_conspiracy_pool_faq97_49_ra_p9() {
    let mut g = many_with(&[KRYCEK, SCULLY, LAMANA], &[&[], &[]]);
    let r = refused(
        &g,
        0,
        XfAction::Brief {
            draw: false,
            to_conspiracy: vec![id(SCULLY)],
        },
    );
    assert!(r.reason.contains("Krycek"), "{r}");
    let (rp0, cp0) = (rp(&g, 0), cp(&g, 0));
    brief(&mut g, &[KRYCEK]);
    assert_eq!(cp(&g, 0), cp0 + 2);
    assert_eq!(rp(&g, 0), rp0 + 3);
}

#[test]
fn mulders_rp_must_buy_cards_that_turn_or_is_lost_faq97_37_ra_p9() {
    let mut g = two(&[], &[]);
    brief(&mut g, &[]);
    assert_eq!(rp(&g, 0), 10);
    act(&mut g, 0, XfAction::Buy { count: 1 });
    // One of Mulder's 2 bought a card; the other is lost.
    assert_eq!(rp(&g, 0), 8);
}

// ---- B.8 Deck, zones and keywords ----

#[test]
fn resource_witnesses_stay_in_play_others_are_discarded_faq97_42_ra_p9() {
    let mut g = two(&[AUBREY, DR_DIAMOND, SHEILA_BRAUN], &[]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 10;
    act(&mut g, 0, investigate(0, &[MULDER]));
    act(&mut g, 0, play(DR_DIAMOND));
    act(&mut g, 1, XfAction::Pass);
    act(&mut g, 0, play(SHEILA_BRAUN));
    pass_until_resolved(&mut g);
    assert!(
        g.perms
            .iter()
            .any(|p| p.card == id(DR_DIAMOND) && p.controller == 0)
    );
    // A Witness without RESOURCE stays in play for the turn and is discarded
    // at its end (rulings notes #89).
    let braun = g.perms.iter().find(|p| p.card == id(SHEILA_BRAUN));
    assert!(braun.is_some_and(|p| p.this_turn));
    assert!(
        matches!(stage(&g), Some(Stage::Resolve { .. })),
        "3 + 1 + 2 >= 4"
    );
    advance(&mut g, Phase::Draw);
    assert!(g.player(0).discard.contains(&id(SHEILA_BRAUN)));
    assert!(g.perms.iter().any(|p| p.card == id(DR_DIAMOND)));
}
