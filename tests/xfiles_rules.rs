//! X-Files CCG Advanced Game: one test per phase rule (named after the
//! manual's page), the multiplayer changes (pp. 40-41) and the optional
//! rules (p. 42). Rulings from the Rules Assistant, Ancillary Documentation
//! and FAQs are in `xfiles_rulings.rs`.

#[path = "support/xf.rs"]
mod xf;

use xf::*;
use xfiles_bot::cards::Section;
use xfiles_bot::cards::{Category, Skill, Trait};
use xfiles_bot::engine::xfiles::{Phase, Stage, Target, XfAction, XfEvent, XfGame, XfOptions};
use xfiles_bot::engine::{Audience, Game, Viewer, step};

// ---- Set-up (pp. 5-6) ----

#[test]
fn setup_p5_pools_hands_team_and_a_secret_xfile() {
    let decks = vec![deck(&TEAM, DUANE_BARRY, &[]), deck(&TEAM, THE_MANITOU, &[])];
    let (g, events) = XfGame::new(XfOptions::default(), decks, 1).unwrap();
    for (seat, p) in g.players.iter().enumerate() {
        assert_eq!((p.rp, p.cp), (5, 5), "p. 10: five tokens in each pool");
        assert_eq!(p.hand.len(), 7, "p. 6: seven cards");
        assert!(p.agents.iter().all(|a| a.section == Section::Bureau));
        let dm = events.iter().find(|e| {
            matches!(e.body, XfEvent::YourXFile { .. })
                && e.audience == Audience::Seats(vec![seat as u8])
        });
        assert!(dm.is_some(), "the X-File goes to its owner only");
    }
    assert!(
        !events.iter().any(|e| e.audience == Audience::All
            && matches!(
                e.body,
                XfEvent::YourXFile { .. } | XfEvent::YourCards { .. }
            )),
        "no hand or X-File in a public event"
    );
}

#[test]
fn setup_p5_a_player_with_several_xfiles_chooses_one_in_secret() {
    let mut d = deck(&TEAM, DUANE_BARRY, &[]);
    d.xfiles.push(JERSEY_DEVIL.to_string());
    let decks = vec![d, deck(&TEAM, THE_MANITOU, &[])];
    let (mut g, _) = XfGame::new(XfOptions::default(), decks, 1).unwrap();
    assert_eq!(g.phase, Phase::ChooseXFile);
    assert_eq!(g.to_act(), vec![0]);
    let r = refused(
        &g,
        0,
        XfAction::ChooseXFile {
            card: id(THE_MANITOU),
        },
    );
    assert!(r.reason.contains("not one of your X-Files"), "{r}");
    act(
        &mut g,
        0,
        XfAction::ChooseXFile {
            card: id(JERSEY_DEVIL),
        },
    );
    assert_eq!(g.phase, Phase::Draw);
    let view = g.view(Viewer::Seat(1));
    let text = format!("{view:?}");
    assert!(
        !text.contains("Jersey Devil"),
        "the opponent's view hides it"
    );
}

#[test]
fn setup_p5_decks_that_break_the_construction_rules_are_refused() {
    let mut d = deck(&TEAM, DUANE_BARRY, &[]);
    d.bureau.truncate(10);
    let err = XfGame::new(
        XfOptions::default(),
        vec![d, deck(&TEAM, THE_MANITOU, &[])],
        1,
    )
    .unwrap_err();
    assert!(err.reason.contains("seat 1's deck is not legal"), "{err}");
}

// ---- Briefing (pp. 11-12, 18-19) ----

#[test]
fn briefing_p11_free_draw_and_res_to_rp_then_one_purchase() {
    let mut g = two(&[], &[]);
    act(
        &mut g,
        0,
        XfAction::Brief {
            draw: true,
            to_conspiracy: vec![],
        },
    );
    assert_eq!(g.player(0).hand.len(), 8);
    // RES: Mulder 2 + Scully 2 + Lamana 1.
    assert_eq!(rp(&g, 0), 10);
    act(&mut g, 0, XfAction::Buy { count: 3 });
    assert_eq!(g.player(0).hand.len(), 11);
    assert_eq!(rp(&g, 0), 7);
    // Cards are bought all at once (p. 11): the step is over.
    assert_eq!(g.phase, Phase::Trade(1));
    let r = refused(&g, 0, XfAction::Buy { count: 1 });
    assert!(r.reason.contains("not your move"), "{r}");
}

#[test]
fn briefing_p11_buying_more_than_the_pool_holds_is_refused() {
    let mut g = two(&[], &[]);
    act(
        &mut g,
        0,
        XfAction::Brief {
            draw: false,
            to_conspiracy: vec![],
        },
    );
    let before = g.clone();
    let r = refused(&g, 0, XfAction::Buy { count: 11 });
    assert!(r.reason.contains("RP"), "{r}");
    assert_eq!(g, before);
}

#[test]
fn briefing_p12_opponent_sells_rp_and_star_cards_for_cp_then_buys() {
    let mut g = two(&[], &[SHOTGUN, X, MANITOU]);
    advance(&mut g, Phase::Trade(1));
    let r = refused(
        &g,
        1,
        XfAction::Trade {
            sell: vec![id(MANITOU)],
            buy: 0,
        },
    );
    assert!(r.reason.contains("CP cost"), "{r}");
    act(
        &mut g,
        1,
        XfAction::Trade {
            sell: vec![id(SHOTGUN), id(X)],
            buy: 4,
        },
    );
    // 10 + 6 + 3 - 4.
    assert_eq!(cp(&g, 1), 15);
    // The cards paid for are drawn at the active player's next move, the
    // window to answer a purchase (Relentless Pursuit): here she passes.
    assert_eq!(g.player(1).hand.len(), 5);
    act(&mut g, 0, XfAction::Pass);
    assert_eq!(g.player(1).hand.len(), 9);
    assert!(g.player(1).discard.contains(&id(SHOTGUN)));
}

/// The moves offered list selling any one card with an RP cost to buy one
/// in its place, so a player (or the AI) may sell the card it has no use
/// for rather than whichever comes first in the hand.
#[test]
fn briefing_p12_the_moves_offer_selling_any_one_card_to_buy_one() {
    let mut g = two(&[], &[SHOTGUN, X, MANITOU]);
    advance(&mut g, Phase::Trade(1));
    let legal = g.legal_actions(1);
    for card in [SHOTGUN, X] {
        let sale = XfAction::Trade {
            sell: vec![id(card)],
            buy: 1,
        };
        assert!(legal.contains(&sale), "{card}: {legal:?}");
    }
    let cp_card =
        |a: &XfAction| matches!(a, XfAction::Trade { sell, .. } if sell.contains(&id(MANITOU)));
    assert!(
        !legal.iter().any(cp_card),
        "a CP card is not sold: {legal:?}"
    );
}

#[test]
fn briefing_p12_an_agent_sells_for_its_res_not_its_cost() {
    let mut g = two(&[], &[SKINNER]);
    advance(&mut g, Phase::Trade(1));
    act(
        &mut g,
        1,
        XfAction::Trade {
            sell: vec![id(SKINNER)],
            buy: 0,
        },
    );
    // Skinner costs 6 RP, RES 1.
    assert_eq!(cp(&g, 1), 11);
}

#[test]
fn briefing_p11_agents_in_the_hospital_create_no_rp() {
    let mut g = two(&[], &[]);
    g.players[0].agents[1].section = Section::Hospital;
    g.players[0].agents[1].damage = 1;
    act(
        &mut g,
        0,
        XfAction::Brief {
            draw: false,
            to_conspiracy: vec![],
        },
    );
    // Mulder 2 + Lamana 1; Scully is in the Hospital.
    assert_eq!(rp(&g, 0), 8);
}

// ---- Healing (p. 20) ----

#[test]
fn healing_p20_one_or_two_points_by_permanent_health_and_the_exit_rule() {
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
    advance(&mut g, Phase::Deployment);
    // Neither has 3 HEALTH yet: neither leaves (p. 20).
    let r = refused(
        &g,
        0,
        XfAction::Deploy {
            agent: id(MULDER),
            section: Section::Field,
            team: 0,
        },
    );
    assert!(r.reason.contains("Hospital"), "{r}");
    // A turn later Mulder has 4 HEALTH of 5 and may leave.
    g.players[0].agents[0].damage = 1;
    act(
        &mut g,
        0,
        XfAction::Deploy {
            agent: id(MULDER),
            section: Section::Field,
            team: 0,
        },
    );
    assert_eq!(section(&g, 0, MULDER), Section::Field);
}

// ---- Requisition (p. 21) ----

#[test]
fn requisition_p21_equipment_by_activator_one_of_each_item_per_agent() {
    let mut g = two(&[KNIFE, "XF97-0321v2"], &[]);
    advance(&mut g, Phase::Requisition);
    let rp0 = rp(&g, 0);
    act(
        &mut g,
        0,
        XfAction::Equip {
            agent: id(MULDER),
            card: id(KNIFE),
        },
    );
    assert_eq!(rp(&g, 0), rp0 - 2);
    let r = refused(
        &g,
        0,
        XfAction::Equip {
            agent: id(MULDER),
            card: id("XF97-0321v2"),
        },
    );
    assert!(r.reason.contains("already"), "{r}");
    // The Knife's Activator is BUREAU: an Agent in the Field may not take it.
    to_field(&mut g, 0, &[SCULLY]);
    let r = refused(
        &g,
        0,
        XfAction::Equip {
            agent: id(SCULLY),
            card: id("XF97-0321v2"),
        },
    );
    assert!(r.reason.contains("Bureau"), "{r}");
    // Within a Team Equipment may change hands (p. 21).
    act(
        &mut g,
        0,
        XfAction::Transfer {
            card: id(KNIFE),
            from: id(MULDER),
            to: id(LAMANA),
        },
    );
    assert_eq!(g.equipment_of(agent(0, LAMANA)), vec![id(KNIFE)]);
}

#[test]
fn requisition_p21_equipment_only_in_the_requisition_phase() {
    let mut g = two(&[KNIFE], &[]);
    advance(&mut g, Phase::Deployment);
    let r = refused(
        &g,
        0,
        XfAction::Equip {
            agent: id(MULDER),
            card: id(KNIFE),
        },
    );
    assert!(r.reason.contains("cannot be done now"), "{r}");
    assert!(!r.allowed.is_empty(), "the refusal lists what is allowed");
}

// ---- Deployment (pp. 15, 23) ----

#[test]
fn deployment_p15_an_agent_from_the_hand_helps_one_turn_without_its_game_effect() {
    let mut g = two(&[SKINNER], &[]);
    advance(&mut g, Phase::Deployment);
    let rp0 = rp(&g, 0);
    act(
        &mut g,
        0,
        XfAction::BuyAgent {
            card: id(SKINNER),
            section: Section::Field,
            team: 0,
        },
    );
    assert_eq!(rp(&g, 0), rp0 - 6);
    let skinner = g.agent(agent(0, SKINNER)).unwrap();
    assert!(skinner.temporary);
    advance(&mut g, Phase::Draw);
    assert!(
        g.agent(agent(0, SKINNER)).is_none(),
        "gone at the turn's end"
    );
    assert!(g.player(0).discard.contains(&id(SKINNER)));
}

#[test]
fn deployment_p23_teams_in_the_field_and_the_bureau() {
    let mut g = two(&[], &[]);
    advance(&mut g, Phase::Deployment);
    for (a, team) in [(MULDER, 0), (SCULLY, 1)] {
        act(
            &mut g,
            0,
            XfAction::Deploy {
                agent: id(a),
                section: Section::Field,
                team,
            },
        );
    }
    assert_eq!(g.agent(agent(0, SCULLY)).unwrap().team, 1);
    assert_eq!(section(&g, 0, LAMANA), Section::Bureau);
}

const OREGON: &str = "XF96-0046v1"; // ALIEN INVESTIGATION 4+
const GIBSONTON: &str = "XF96-0042v1"; // MEDICAL 4+

/// Seat 0's Team (Mulder, Scully, Lamana) in the Field with Oregon and
/// Gibsonton in play, at its Investigation Phase.
fn oregon_and_gibsonton() -> XfGame {
    let mut g = two(&[OREGON, GIBSONTON], &[]);
    advance(&mut g, Phase::Deployment);
    to_field(&mut g, 0, &TEAM);
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 0, site(OREGON));
    act(&mut g, 0, site(GIBSONTON));
    advance(&mut g, Phase::Investigation);
    g
}

#[test]
fn teams_p23_two_teams_in_the_field_investigate_two_sites_in_one_turn() {
    let mut g = oregon_and_gibsonton();
    let at = |g: &XfGame, card: &str| g.sites.iter().position(|s| s.card == id(card)).unwrap();
    // Mulder's ALIEN INVESTIGATION 4 meets Oregon alone: he is offered as a
    // Team of his own, leaving Scully and Lamana for the other Site.
    let alone = investigate(at(&g, OREGON), &[MULDER]);
    assert!(
        g.legal_actions(0).contains(&alone),
        "{:?}",
        g.legal_actions(0)
    );
    act(&mut g, 0, alone);
    pass_until_resolved(&mut g);
    act(&mut g, 0, XfAction::Done);
    assert_eq!(g.phase, Phase::Investigation);
    let gibsonton = at(&g, GIBSONTON);
    let r = refused(&g, 0, investigate(gibsonton, &[MULDER]));
    assert!(r.reason.contains("already investigated"), "{r}");
    let rest = investigate(gibsonton, &[SCULLY, LAMANA]);
    assert!(
        g.legal_actions(0).contains(&rest),
        "{:?}",
        g.legal_actions(0)
    );
    act(&mut g, 0, rest);
    assert!(g.site_check_met(), "Scully's MEDICAL 4 meets Gibsonton");
}

/// The normal AI splits its Agents the same way (p. 23): a Team of the
/// fewest Agents one Site needs, the rest left to reach the other.
#[test]
fn teams_p23_the_normal_ai_sends_two_teams_when_its_agents_reach_two_sites() {
    use xfiles_bot::engine::GameRng;
    use xfiles_bot::engine::ai::{Ai, Level};
    let mut g = oregon_and_gibsonton();
    let legal = g.legal_actions(0);
    let d = XfGame::decide(
        &g.ai_view(0),
        &legal,
        Level::Normal,
        &mut GameRng::seeded(1),
    );
    let XfAction::Investigate { team, .. } = &d.action else {
        panic!("an investigation, not {:?}", d.action);
    };
    assert!(team.len() < TEAM.len(), "{:?}: {}", d.action, d.why);
    assert!(
        d.why.contains("Oregon") && d.why.contains("Gibsonton"),
        "{}",
        d.why
    );
    act(&mut g, 0, d.action.clone());
    assert!(
        g.site_check_met(),
        "the smaller Team meets its Site: {}",
        d.why
    );
}

// ---- Case Assignment and Bluffs (pp. 24-25) ----

#[test]
fn case_assignment_p24_sites_are_paid_and_two_identical_sites_not_in_one_turn() {
    let mut g = two(&[AUBREY, "XF97-0063v2"], &[]);
    advance(&mut g, Phase::CaseAssignment);
    let rp0 = rp(&g, 0);
    act(&mut g, 0, site(AUBREY));
    assert_eq!(rp(&g, 0), rp0 - 2);
    let r = refused(&g, 0, site("XF97-0063v2"));
    assert!(r.reason.contains("identical"), "{r}");
}

#[test]
fn case_assignment_p24_a_two_skill_site_needs_the_skill_announced() {
    let mut g = two(&[TOWNSEND], &[]);
    field_and_site(&mut g, &[MULDER], TOWNSEND, None);
    advance(&mut g, Phase::Investigation);
    let r = refused(&g, 0, investigate(0, &[MULDER]));
    assert!(r.reason.to_lowercase().contains("skill"), "{r}");
    act(
        &mut g,
        0,
        XfAction::Investigate {
            site: 0,
            team: vec![id(MULDER)],
            skill: Some(Skill::AlienInvestigation),
        },
    );
    assert_eq!(
        g.site_check().unwrap().needs,
        vec![(Skill::AlienInvestigation, 5)]
    );
}

#[test]
fn bluffs_p25_only_opponents_place_them_face_down_and_the_site_stays() {
    let mut g = two(&[AUBREY], &[CAR_TROUBLES, X]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    act(&mut g, 0, XfAction::Done);
    assert_eq!(g.phase, Phase::Bluffing(1));
    let r = refused(&g, 0, place_bluff(0, X));
    assert!(r.reason.contains("not your move"), "{r}");
    // Any card may be a 'bluff' Bluff.
    for c in [CAR_TROUBLES, X] {
        act(&mut g, 1, place_bluff(0, c));
    }
    let view = format!("{:?}", g.view(Viewer::Seat(0)));
    assert!(
        !view.contains("Car Troubles"),
        "face down to the investigator"
    );
    // Not investigated, the Site with Bluffs stays for a later turn (p. 24).
    advance(&mut g, Phase::Draw);
    assert_eq!(g.sites.len(), 1);
    assert_eq!(g.sites[0].bluffs.len(), 2);
}

#[test]
fn bluffs_p24_a_site_without_bluffs_is_discarded_at_the_end_of_the_turn() {
    let mut g = two(&[AUBREY], &[]);
    advance(&mut g, Phase::CaseAssignment);
    act(&mut g, 0, site(AUBREY));
    advance(&mut g, Phase::Draw);
    assert!(g.sites.is_empty());
    assert!(g.player(0).discard.contains(&id(AUBREY)));
}

// ---- Investigation and the Skill Check Subroutine (pp. 27-29) ----

#[test]
fn investigation_p27_only_field_agents_and_one_investigation_a_turn() {
    let mut g = two(&[AUBREY, CAPE_COD], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    act(&mut g, 0, site(CAPE_COD));
    advance(&mut g, Phase::Investigation);
    let r = refused(&g, 0, investigate(0, &[MULDER, LAMANA]));
    assert!(r.reason.contains("Field"), "{r}");
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    pass_until_resolved(&mut g);
    act(&mut g, 0, XfAction::Done);
    let cape = g.sites.iter().position(|s| s.card == id(CAPE_COD)).unwrap();
    let r = refused(&g, 0, investigate(cape, &[SCULLY]));
    assert!(r.reason.contains("already investigated"), "{r}");
}

#[test]
fn skill_check_p28_the_active_player_may_play_first_and_the_last_played_resolves_first() {
    let mut g = two(&[AUBREY, X], &[MANITOU]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    assert_eq!(g.to_act(), vec![0], "p. 28: the active player first");
    let r = refused(&g, 1, play(MANITOU));
    assert!(r.reason.contains("not your move"), "{r}");
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(MANITOU));
    act(&mut g, 0, play_at(X, Target::Stack(0)));
    // Playing a card passes priority (how xfiles-bot plays it): once the
    // other player passes, the top card resolves.
    let events = act(&mut g, 1, XfAction::Pass);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.body, XfEvent::Negated { .. })),
        "X, played last, resolves first and negates the Manitou"
    );
    pass_until_resolved(&mut g);
    assert!(g.player(1).discard.contains(&id(MANITOU)));
    assert_eq!(g.player(0).agents[0].damage, 0, "no combat: it was negated");
}

#[test]
fn skill_check_p29_the_same_card_is_not_used_twice_in_one_check() {
    let mut g = two(&[AUBREY, SHEILA_BRAUN, "XF97-0207v2"], &[]);
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER]));
    act(&mut g, 0, play(SHEILA_BRAUN));
    act(&mut g, 1, XfAction::Pass);
    let r = refused(&g, 0, play("XF97-0207v2"));
    assert!(r.reason.contains("twice"), "{r}");
}

#[test]
fn skill_check_p29_a_failed_check_earns_no_question() {
    let mut g = two(&[AUBREY], &[]);
    field_and_site(&mut g, &[SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[SCULLY]));
    pass_until_resolved(&mut g);
    assert!(
        g.investigation.is_none(),
        "BEHAVIORAL 1 < 4: the Site fails"
    );
    assert!(g.player(0).discard.contains(&id(AUBREY)));
    let r = refused(
        &g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Control,
        },
    );
    assert!(r.reason.contains("cannot be done now"), "{r}");
}

#[test]
fn activators_p16_conspiracy_cards_on_the_opponents_turn_only_and_the_site_keyword() {
    let mut g = two(&[CAPE_COD, MANITOU], &[MANITOU]);
    field_and_site(&mut g, &[SCULLY], CAPE_COD, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[SCULLY]));
    // The active player may not play a CP card (p. 14).
    let r = refused(&g, 0, play(MANITOU));
    assert!(r.reason.contains("CONSPIRACY"), "{r}");
    // Issue 13: the refusal says when the Activator is met.
    assert!(r.reason.contains("it is met on an opponent's turn"), "{r}");
    act(&mut g, 0, XfAction::Pass);
    // Cape Cod is an AFFILIATION Site: the Manitou needs a MOTIVE SITE.
    let before = g.clone();
    let r = refused(&g, 1, play(MANITOU));
    assert!(r.reason.to_lowercase().contains("motive"), "{r}");
    assert!(
        r.reason
            .contains("while a Site with the keyword MOTIVE is in play"),
        "{r}"
    );
    assert_eq!(g, before, "a refusal changes nothing");
}

// ---- Combat (pp. 31-35) ----

/// FAQ21 #14 (which replaces an earlier test of ours that skipped the Long
/// Range round for every N/A LRC): the round is skipped only when the
/// Adversary's text says so; otherwise it fights the round with LRC 0.
#[test]
fn combat_p32_faq21_14_an_lrc_na_adversary_fights_the_long_range_round_with_0() {
    use xfiles_bot::engine::xfiles::CombatRound;
    let mut g = manitou_combat(&[]);
    assert_eq!(g.combat().unwrap().round, CombatRound::Long);
    // Mulder (LRC 2) and Scully (LRC 3) hit; the Manitou (LRC N/A) deals 0.
    pass_while(&mut g, |c| c.round == CombatRound::Long);
    let c = g.combat().unwrap();
    assert_eq!(c.damage(), 5);
    assert_eq!(g.agent(agent(0, MULDER)).unwrap().damage, 0);
    assert_eq!(g.agent(agent(0, SCULLY)).unwrap().damage, 0);
}

#[test]
fn combat_p32_the_long_range_round_is_skipped_when_the_adversarys_text_says_so() {
    use xfiles_bot::engine::xfiles::CombatRound;
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
fn combat_p33_damage_to_one_agent_of_the_adversarys_players_choice_not_split() {
    let mut g = manitou_combat(&[]);
    pass_while(&mut g, |c| {
        c.step != xfiles_bot::engine::xfiles::CombatStep::Assign
    });
    let r = refused(
        &g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 3), (id(SCULLY), 3)],
        },
    );
    assert!(r.reason.contains("one Agent"), "{r}");
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(SCULLY), 6)],
        },
    );
    pass_while(&mut g, |c| {
        c.step == xfiles_bot::engine::xfiles::CombatStep::AfterDamage
    });
    // Scully (HEALTH 4) takes 4 at most and goes to the Hospital (p. 33).
    let scully = g.agent(agent(0, SCULLY)).unwrap();
    assert_eq!(scully.damage, 4);
    assert_eq!(scully.section, Section::Hospital);
}

#[test]
fn combat_p31_only_combat_cards_inside_combat() {
    let mut g = manitou_combat(&[SHEILA_BRAUN]);
    let s = g.to_act()[0];
    if s == 1 {
        act(&mut g, 1, XfAction::Pass);
    }
    let r = refused(&g, 0, play(SHEILA_BRAUN));
    assert!(r.reason.contains("Combat"), "{r}");
}

// ---- Site resolution (p. 37) ----

#[test]
fn resolution_p37_the_engine_answers_the_question_from_the_xfile() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    assert!(matches!(stage(&g), Some(Stage::Resolve { .. })));
    // Aubrey allows MOTIVE questions only.
    let r = refused(
        &g,
        0,
        XfAction::Ask {
            category: Category::Affiliation,
            value: Trait::Occult,
        },
    );
    assert!(r.reason.to_lowercase().contains("motive"), "{r}");
    let events = act(
        &mut g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Control,
        },
    );
    let yes = events.iter().find_map(|e| match e.body {
        XfEvent::Answer { yes, .. } => Some(yes),
        _ => None,
    });
    assert_eq!(yes, Some(true), "The Manitou's MOTIVE is CONTROL");
    // The notebook narrows the candidates.
    let left = xfiles_bot::engine::xfiles::consistent_xfiles(&g, 0, 1);
    assert!(left.contains(&id(THE_MANITOU)));
    assert!(!left.contains(&id(DUANE_BARRY)), "Survival is ruled out");
}

#[test]
fn resolution_p37_a_right_guess_wins() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(THE_MANITOU),
        },
    );
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.winners, vec![0]);
    assert_eq!(g.phase, Phase::Over);
}

#[test]
fn resolution_p37_a_wrong_guess_lets_the_directed_player_ask_back() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(JERSEY_DEVIL),
        },
    );
    assert_eq!(stage(&g), Some(Stage::Penalty));
    assert_eq!(g.to_act(), vec![1]);
    let events = act(
        &mut g,
        1,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Survival,
        },
    );
    assert!(events.iter().any(|e| matches!(
        e.body,
        XfEvent::Answer {
            of: 0,
            yes: true,
            ..
        }
    )));
    assert!(g.investigation.is_none());
    assert!(g.outcome().is_none());
}

// ---- Debriefing and the turn (pp. 6, 38) ----

#[test]
fn debriefing_p38_hands_over_seven_are_trimmed_then_the_next_player_begins() {
    let mut g = two(&[], &[]);
    advance(&mut g, Phase::Debriefing);
    // Seat 0: 7 + 1 drawn = 8 cards.
    assert_eq!(g.player(0).hand.len(), 8);
    let r = refused(&g, 0, XfAction::Done);
    assert!(r.reason.contains("7 cards or fewer"), "{r}");
    let c = g.player(0).hand[0];
    act(&mut g, 0, XfAction::Discard { cards: vec![c] });
    act(&mut g, 0, XfAction::Done);
    assert_eq!(g.active, 1);
    assert_eq!(g.phase, Phase::Draw);
}

#[test]
fn deck_p6_an_exhausted_deck_is_the_reshuffled_discard_pile() {
    let mut g = two(&[], &[]);
    let p = &mut g.players[0];
    let deck = std::mem::take(&mut p.deck);
    p.discard = deck;
    let events = act(
        &mut g,
        0,
        XfAction::Brief {
            draw: true,
            to_conspiracy: vec![],
        },
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e.body, XfEvent::Reshuffled { seat: 0 }))
    );
    assert!(g.player(0).discard.is_empty());
    assert_eq!(g.player(0).hand.len(), 8);
}

#[test]
fn resignation_ends_a_two_player_game() {
    let mut g = two(&[], &[]);
    act(&mut g, 1, XfAction::Resign);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

// ---- Multiplayer changes (pp. 40-41) ----

#[test]
fn multiplayer_p40_selling_goes_round_to_the_left() {
    let mut g = many(&[&[], &[], &[]]);
    advance(&mut g, Phase::Trade(1));
    act(
        &mut g,
        1,
        XfAction::Trade {
            sell: vec![],
            buy: 0,
        },
    );
    assert_eq!(g.phase, Phase::Trade(2));
}

#[test]
fn multiplayer_p40_a_site_is_directed_at_one_opponent_announced() {
    let mut g = many(&[&[AUBREY, CAPE_COD], &[], &[]]);
    advance(&mut g, Phase::CaseAssignment);
    let r = refused(&g, 0, site(AUBREY));
    assert!(r.reason.contains("direct"), "{r}");
    act(
        &mut g,
        0,
        XfAction::PlaySite {
            card: id(AUBREY),
            directed: Some(2),
            free: false,
        },
    );
    assert_eq!(g.sites[0].directed, 2);
    let r = refused(
        &g,
        0,
        XfAction::PlaySite {
            card: id(CAPE_COD),
            directed: Some(0),
            free: false,
        },
    );
    assert!(r.reason.contains("opponent"), "{r}");
}

#[test]
fn multiplayer_p41_who_plays_which_pool_secret_answers_and_no_pooling() {
    use xfiles_bot::cards::Pool;
    let mut g = many(&[&[AUBREY], &[MANITOU], &[SHEILA_BRAUN]]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, Some(2));
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    // The Directed Player (seat 3) plays CP or *P cards only; a third
    // player (seat 2) any card; *P from the pool of the side it helps.
    let ambush = id("XF96-0007v1");
    assert!(g.paying_pool(2, id(SHEILA_BRAUN), None).is_err());
    assert_eq!(g.paying_pool(1, id(SHEILA_BRAUN), None), Ok(Pool::Rp));
    assert_eq!(g.paying_pool(1, ambush, Some(Pool::Rp)), Ok(Pool::Rp));
    assert_eq!(g.paying_pool(2, ambush, None), Ok(Pool::Cp));
    assert_eq!(g.paying_pool(0, ambush, None), Ok(Pool::Rp));
    assert!(g.paying_pool(0, id(MANITOU), None).is_err());
    // Seat 2 plays the Manitou from his own pool; nobody else pays (p. 41).
    act(&mut g, 0, XfAction::Pass);
    let before: Vec<u32> = (0..3).map(|s| cp(&g, s)).collect();
    act(&mut g, 1, play(MANITOU));
    assert_eq!(cp(&g, 1), before[1] - 6);
    assert_eq!((cp(&g, 0), cp(&g, 2)), (before[0], before[2]));
    act(&mut g, 2, XfAction::Pass);
    // Everyone passes through the combat; Mulder and Scully may lose it.
    while stage(&g) == Some(Stage::Check) {
        let s = g.to_act()[0];
        let combat = g.combat().cloned();
        match combat {
            Some(c) if c.step == xfiles_bot::engine::xfiles::CombatStep::Assign => {
                let target = g
                    .player(0)
                    .agents
                    .iter()
                    .find(|a| a.section == Section::Field)
                    .unwrap()
                    .card;
                act(
                    &mut g,
                    s,
                    XfAction::AssignDamage {
                        to: vec![(target, c.pending_damage())],
                    },
                );
            }
            _ => {
                act(&mut g, s, XfAction::Pass);
            }
        }
    }
}

#[test]
fn multiplayer_p41_answers_are_given_in_secret() {
    let mut g = many(&[&[AUBREY], &[], &[]]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, Some(2));
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    pass_until_resolved(&mut g);
    let events = act(
        &mut g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Security,
        },
    );
    let answer = events
        .iter()
        .find(|e| matches!(e.body, XfEvent::Answer { .. }))
        .unwrap();
    assert_eq!(
        answer.audience,
        Audience::Seats(vec![0]),
        "p. 41: in secret"
    );
    assert!(
        matches!(answer.body, XfEvent::Answer { yes: true, .. }),
        "the Jersey Devil: Security"
    );
}

// ---- Optional rules (p. 42) ----

#[test]
fn optional_p42_a_question_or_a_guess_not_both() {
    let mut g = two(&[AUBREY], &[]);
    g.options.question_or_guess = true;
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Ideology,
        },
    );
    assert!(
        g.investigation.is_none(),
        "the Site is done after the question"
    );
}

#[test]
fn optional_p42_one_guess_a_game_and_a_wrong_guess_loses() {
    let mut g = two(&[AUBREY], &[]);
    g.options.one_guess = true;
    successful_aubrey(&mut g);
    act(
        &mut g,
        0,
        XfAction::Guess {
            xfile: id(JERSEY_DEVIL),
        },
    );
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
}

// ---- Bad input leaves the game unchanged ----

#[test]
fn refusals_say_why_and_what_is_allowed_and_change_nothing() {
    let g = two(&[AUBREY, X], &[MANITOU]);
    let before = serde_json::to_string(&g).unwrap();
    // Out of phase.
    let r = refused(&g, 0, site(AUBREY));
    assert!(r.reason.contains("cannot be done now"), "{r}");
    assert!(
        r.allowed.iter().any(|a| a.contains("draw")),
        "{:?}",
        r.allowed
    );
    // By the wrong player.
    let r = refused(&g, 1, XfAction::Buy { count: 1 });
    assert!(r.reason.contains("seat 1"), "{r}");
    // A card not in the hand.
    let mut g2 = g.clone();
    advance(&mut g2, Phase::CaseAssignment);
    let r = refused(&g2, 0, site(CAPE_COD));
    assert!(r.reason.contains("not in your hand"), "{r}");
    // Unaffordable.
    g2.players[0].rp = 1;
    let r = refused(&g2, 0, site(AUBREY));
    assert!(r.reason.contains("costs 2 RP"), "{r}");
    // A wrong target.
    let r = refused(&g2, 0, investigate(4, &[MULDER]));
    assert!(
        r.reason.contains("no such Site") || r.reason.contains("cannot be done now"),
        "{r}"
    );
    assert_eq!(serde_json::to_string(&g).unwrap(), before);
    assert!(step(&g, 0, &XfAction::Done).is_err());
}

/// How xfiles-bot plays it: players name Sites by number (`site:2`); a
/// Site keeps its number for the whole turn, even when another leaves play.
#[test]
fn site_numbers_stay_fixed_for_the_turn() {
    let mut g = two(&[AUBREY, CAPE_COD], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    act(
        &mut g,
        0,
        XfAction::PlaySite {
            card: id(CAPE_COD),
            directed: None,
            free: false,
        },
    );
    assert_eq!((g.site_number(0), g.site_number(1)), (1, 2));
    g.sites.remove(0); // Aubrey leaves play (a card discards it).
    assert_eq!(g.site_number(0), 2, "Cape Cod is still Site 2");
    assert_eq!(g.site_at_number(2), Some(0));
    assert_eq!(g.site_at_number(1), None);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.sites[0].number, 2);
}

/// How xfiles-bot plays it: a pass never declines the question a successful
/// investigation earned (that takes /done); games stored before this rule
/// keep ending the Site on a pass, so their logs replay exactly.
#[test]
fn a_pass_never_declines_an_earned_question_but_stored_games_replay() {
    let mut g = two(&[AUBREY], &[]);
    successful_aubrey(&mut g);
    assert!(matches!(
        stage(&g),
        Some(Stage::Resolve { asked: false, .. })
    ));
    let r = refused(&g, 0, XfAction::Pass);
    assert!(r.reason.contains("you earned this Site's question"), "{r}");
    // A deadline never makes the move that would lose it (Game::default_action).
    assert_eq!(g.default_action(0), None);
    let mut stored = g.clone();
    stored.options.legacy_manual = true;
    act(&mut stored, 0, XfAction::Pass);
    assert_eq!(stage(&stored), None, "the Site ended");
    act(&mut g, 0, XfAction::Done);
    assert_eq!(stage(&g), None, "/done declines it");
    let due = g.to_act()[0];
    let default = g
        .default_action(due)
        .expect("a default move once nothing is earned");
    assert!(!XfGame::resigns(&default), "never a resignation");
}
