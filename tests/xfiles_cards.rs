//! Golden tests: each non-trivial official card's script does what its
//! printed text says, on a real table. Named after the card and what its
//! text (or the ruling cited) says. Families of cards that share a text
//! pattern are swept in `xfiles_card_families.rs`.

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{self, CardType, Keyword, Section, Skill};
use xfiles_bot::engine::Audience;
use xfiles_bot::engine::xfiles::{
    CombatRound, CombatStep, Combatant, Place, PlayArgs, Target, XfAction, XfEvent,
};

const TEAM3: [&str; 3] = [MULDER, SCULLY, LAMANA];

fn adversary() -> Option<Target> {
    Some(Target::Adversary)
}

fn fighting_agent(g: &xfiles_bot::engine::xfiles::XfGame, agent_id: &str) -> bool {
    g.fighters().contains(&agent(0, agent_id))
}

// ---- Combat cards (Premiere) ----

#[test]
fn aura_of_invulnerability_takes_one_from_each_source_this_round() {
    // The Manitou (OCCULT, LRC N/A): the Agents' LRC 2 + 3 + 1, each less 1.
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &TEAM3,
        &[],
        &["Aura Of Invulnerability"],
    );
    play_on(&mut g, 1, "Aura Of Invulnerability", adversary());
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 3);
}

#[test]
fn face_off_silences_your_combatant_and_one_opponent_in_the_lrc_round() {
    let mut g = fighting("The Mechanic", &TEAM3, &["Face-Off"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Face-Off", agent_target(0, SCULLY));
    resolve(&mut g);
    if g.choice.is_some() {
        pick(&mut g, &["The Mechanic"]);
    }
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 2 + 1, "Scully deals nothing");
    assert_eq!(foes_dealt(&ev), 0, "nor does the Mechanic");
}

#[test]
fn rending_claws_adds_one_to_a_primordial_adversarys_crc_for_the_combat() {
    let mut g = fighting(
        "Hunter In The Dark",
        &[MULDER, LAMANA],
        &[],
        &["Rending Claws"],
    );
    assert_eq!(g.combat().unwrap().round, CombatRound::Close, "LRC skipped");
    play_on(&mut g, 1, "Rending Claws", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 5);
    let ev = damage_round(&mut g, LAMANA);
    assert_eq!(foes_dealt(&ev), 5, "still +1 in the next round");
}

#[test]
fn fast_strike_lets_a_crc_3_combatant_attack_twice() {
    let mut g = fighting("Hunter In The Dark", &[SKINNER], &["Fast Strike"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Fast Strike", agent_target(0, SKINNER));
    resolve(&mut g);
    damage_round(&mut g, SKINNER);
    assert!(g.combat().is_none(), "3 + 3 kills the Hunter (HEALTH 5)");
    assert!(
        g.player(1)
            .discard
            .contains(&id(card("Hunter In The Dark")))
    );
}

#[test]
fn fast_strike_is_refused_on_a_combatant_with_crc_under_3() {
    let mut g = fighting("Hunter In The Dark", &[MULDER], &["Fast Strike"], &[]);
    priority_to(&mut g, 0);
    let why = play_refused(&g, 0, "Fast Strike", agent_target(0, MULDER));
    assert!(why.contains("Fast Strike"), "{why}");
}

#[test]
fn sneak_attack_strikes_first_and_an_agent_it_downs_deals_nothing() {
    let mut g = fighting("Squeeze", &[LAMANA], &[], &["Sneak Attack"]);
    play_on(&mut g, 1, "Sneak Attack", adversary());
    resolve(&mut g);
    damage_round(&mut g, LAMANA);
    assert_eq!(section(&g, 0, LAMANA), Section::Hospital);
    assert!(g.combat().is_none());
    assert!(g.player(1).discard.contains(&id(card("Squeeze"))));
    let lamana_hit = g.player(1).discard.len();
    assert!(lamana_hit > 0);
}

#[test]
fn ambush_negates_the_opposing_sides_lrc_attack() {
    let mut g = fighting("Operation Falcon Blue Berets", &TEAM3, &["Ambush"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Ambush", agent_target(0, MULDER));
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 0);
    assert_eq!(foe_damage(&g), 6, "the Agents still deal theirs");
}

#[test]
fn kick_adds_two_to_a_martial_arts_adversarys_crc_damage() {
    let mut g = fighting(
        "Operation Falcon Blue Berets",
        &[MULDER, SKINNER],
        &[],
        &["Kick"],
    );
    damage_round(&mut g, SKINNER);
    assert_eq!(g.combat().unwrap().round, CombatRound::Close);
    play_on(&mut g, 1, "Kick", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 3 + 2);
}

#[test]
fn kick_needs_martial_arts_or_a_stunned_opponent() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &["Kick"], &[]);
    priority_to(&mut g, 0);
    let why = play_refused(&g, 0, "Kick", agent_target(0, MULDER));
    assert!(why.contains("Kick"), "{why}");
}

#[test]
fn hide_no_damage_to_or_from_a_subterfuge_combatant() {
    let mut g = fighting("The Mechanic", &TEAM3, &["Hide"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Hide", agent_target(0, MULDER));
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 0);
    assert_eq!(foe_damage(&g), 3 + 1, "Mulder deals none");
}

#[test]
fn dodge_takes_four_from_one_lrc_source_and_the_dodger_deals_none() {
    let mut g = fighting("The Mechanic", &TEAM3, &["Dodge"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Dodge", agent_target(0, SCULLY));
    resolve(&mut g);
    damage_round(&mut g, SCULLY);
    assert_eq!(wounds(&g, SCULLY), 0);
    assert_eq!(foe_damage(&g), 2 + 1);
}

#[test]
fn nerve_strike_adds_two_and_stuns_the_opponent_next_round() {
    let mut g = fighting(
        "Operation Falcon Blue Berets",
        &[MULDER, LAMANA],
        &[],
        &["Nerve Strike"],
    );
    damage_round(&mut g, MULDER);
    let before = foe_damage(&g);
    play_on(&mut g, 1, "Nerve Strike", adversary());
    resolve(&mut g);
    pick(&mut g, &["Mulder"]);
    let ev = damage_round(&mut g, LAMANA);
    assert_eq!(foes_dealt(&ev), 3 + 2);
    assert_eq!(foe_damage(&g) - before, 2 + 1);
    let stunned = Combatant::Agent(agent(0, MULDER));
    assert!(
        g.combat().unwrap().dazed.contains(&stunned),
        "Mulder deals nothing next round"
    );
}

#[test]
fn webbed_adds_one_crc_and_prevents_one_opponents_damage() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &[], &["Webbed"]);
    play_on(&mut g, 1, "Webbed", adversary());
    resolve(&mut g);
    pick(&mut g, &["Scully"]);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 5);
    assert_eq!(foe_damage(&g), 2 + 1);
}

#[test]
fn vicious_fangs_adds_two_to_crc() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &[], &["Vicious Fangs"]);
    play_on(&mut g, 1, "Vicious Fangs", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 6);
}

#[test]
fn spin_kick_adds_three_to_a_martial_artists_crc() {
    let mut g = fighting("The Mechanic", &[MULDER, SKINNER], &[], &["Spin Kick"]);
    damage_round(&mut g, SKINNER);
    play_on(&mut g, 1, "Spin Kick", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 6);
}

#[test]
fn mind_control_sends_one_agents_damage_where_the_adversary_chooses() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &TEAM3,
        &[],
        &["Mind Control"],
    );
    play_on(&mut g, 1, "Mind Control", adversary());
    resolve(&mut g);
    pick(&mut g, &["Scully"]);
    pick(&mut g, &["Mulder"]);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 3, "Scully's LRC 3 hit Mulder");
    assert_eq!(foe_damage(&g), 2 + 1);
}

#[test]
fn alien_stealth_technology_takes_one_from_each_source() {
    // Deadly Blur (ALIEN) also lowers each Agent's combat skills by 1.
    let mut g = fighting("Deadly Blur", &TEAM3, &[], &["Alien Stealth Technology"]);
    play_on(&mut g, 1, "Alien Stealth Technology", adversary());
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(
        foe_damage(&g),
        1,
        "Mulder 2 - 1 - 1, Scully 3 - 1 - 1, Lamana 1 - 1 - 1"
    );
}

#[test]
fn block_takes_four_from_one_crc_source_and_the_blocker_deals_none() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &["Block"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Block", agent_target(0, MULDER));
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 0);
    assert_eq!(foe_damage(&g), 2 + 1);
}

#[test]
fn block_and_attack_takes_two_and_still_deals_damage() {
    let mut g = fighting(
        "Operation Falcon Blue Berets",
        &[MULDER, SKINNER],
        &[],
        &["Block and Attack"],
    );
    damage_round(&mut g, SKINNER);
    let before = foe_damage(&g);
    play_on(&mut g, 1, "Block and Attack", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 3);
    // Skinner's CRC 3 is the largest source: 2 of it blocked.
    assert_eq!(foe_damage(&g) - before, 2 + (3 - 2));
}

#[test]
fn body_armor_takes_one_from_each_source_to_a_government_adversary() {
    let mut g = fighting("The Mechanic", &TEAM3, &[], &["Body Armor"]);
    play_on(&mut g, 1, "Body Armor", adversary());
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 1 + 2);
}

#[test]
fn running_gun_battle_fights_another_lrc_round() {
    let mut g = fighting(
        "Pvt. McAlpin, Zombie",
        &[SCULLY],
        &["Running Gun Battle"],
        &[],
    );
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Running Gun Battle", agent_target(0, SCULLY));
    resolve(&mut g);
    damage_round(&mut g, SCULLY);
    assert_eq!(g.combat().unwrap().round, CombatRound::Long);
    damage_round(&mut g, SCULLY);
    assert_eq!(foe_damage(&g), 2 + 2, "half of LRC 3, rounded up, twice");
    assert_eq!(g.combat().unwrap().round, CombatRound::Close);
}

#[test]
fn fascination_adds_one_crc_and_on_occult_negates_an_agents_combat() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &[MULDER, SCULLY],
        &[],
        &["Fascination"],
    );
    damage_round(&mut g, MULDER);
    let before = foe_damage(&g);
    play_on(&mut g, 1, "Fascination", adversary());
    resolve(&mut g);
    pick(&mut g, &["Scully"]);
    let ev = damage_round(&mut g, SCULLY);
    assert_eq!(foes_dealt(&ev), 7);
    assert_eq!(foe_damage(&g) - before, 2, "Scully deals nothing");
}

#[test]
fn internal_bleeding_sends_an_agent_hit_for_two_to_the_hospital_until_healed() {
    let mut g = fighting(
        "Hunter In The Dark",
        &[MULDER, LAMANA],
        &[],
        &["Internal Bleeding"],
    );
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 4);
    play_on(&mut g, 1, "Internal Bleeding", agent_target(0, MULDER));
    resolve(&mut g);
    let m = g.agent(agent(0, MULDER)).unwrap();
    assert_eq!(m.section, Section::Hospital);
    assert!(m.until_healed);
    assert!(!fighting_agent(&g, MULDER));
}

#[test]
fn internal_bleeding_needs_two_from_one_source() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &[], &["Internal Bleeding"]);
    let why = play_refused(&g, 1, "Internal Bleeding", agent_target(0, MULDER));
    assert!(why.contains("Internal Bleeding"), "{why}");
    let _ = &mut g;
}

#[test]
fn covering_fire_lets_a_government_adversary_split_lrc_damage() {
    let mut g = fighting("The Mechanic", &TEAM3, &[], &["Covering Fire"]);
    play_on(&mut g, 1, "Covering Fire", adversary());
    resolve(&mut g);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 2), (id(SCULLY), 2)],
        },
    );
    assert_eq!((wounds(&g, MULDER), wounds(&g, SCULLY)), (2, 2));
}

#[test]
fn no_way_out_negates_a_card_that_ends_combat_for_its_cost_or_two() {
    let mut g = fighting(
        "Hunter In The Dark",
        &TEAM3,
        &["Run For It!"],
        &["No Way Out"],
    );
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Run For It!", agent_target(0, MULDER));
    let cp = cp(&g, 1);
    play_on(&mut g, 1, "No Way Out", Some(Target::Stack(0)));
    assert_eq!(cp - xf::cp(&g, 1), 2, "Run For It! costs 2: X = 2");
    resolve(&mut g);
    assert!(fighting_agent(&g, MULDER));
}

#[test]
fn hard_punch_adds_one_to_crc_damage() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &[], &["Hard Punch"]);
    play_on(&mut g, 1, "Hard Punch", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 5);
}

#[test]
fn choke_hold_takes_whoever_it_damages_out_of_the_combat() {
    let mut g = fighting(
        "Operation Falcon Blue Berets",
        &[MULDER, LAMANA],
        &[],
        &["Choke Hold"],
    );
    damage_round(&mut g, LAMANA);
    play_on(&mut g, 1, "Choke Hold", adversary());
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert!(!fighting_agent(&g, MULDER));
    assert_eq!(section(&g, 0, MULDER), Section::Field);
}

#[test]
fn fast_draw_fires_lrc_when_the_long_range_round_was_skipped() {
    let mut g = fighting("Hunter In The Dark", &[SCULLY], &["Fast Draw"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Fast Draw", agent_target(0, SCULLY));
    resolve(&mut g);
    if g.choice.is_some() {
        pick(&mut g, &["Hunter"]);
    }
    damage_round(&mut g, SCULLY);
    assert!(g.combat().is_none(), "CRC 2 + LRC 3 kills the Hunter");
}

#[test]
fn watch_out_lets_the_defender_choose_who_takes_the_damage() {
    let mut g = fighting("The Mechanic", &TEAM3, &["Watch Out!"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Watch Out!", None);
    resolve(&mut g);
    pick(&mut g, &["Mulder"]);
    damage_round(&mut g, SCULLY);
    assert_eq!((wounds(&g, MULDER), wounds(&g, SCULLY)), (4, 0));
}

#[test]
fn illusionary_foe_negates_all_damage_to_the_adversary_this_round() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &TEAM3,
        &[],
        &["Illusionary Foe"],
    );
    play_on(&mut g, 1, "Illusionary Foe", adversary());
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 0);
}

#[test]
fn run_for_it_ends_combat_for_one_agent_unharmed() {
    let mut g = fighting("Hunter In The Dark", &TEAM3, &["Run For It!"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Run For It!", agent_target(0, MULDER));
    resolve(&mut g);
    assert!(!fighting_agent(&g, MULDER));
    damage_round(&mut g, SCULLY);
    assert_eq!(wounds(&g, MULDER), 0);
}

#[test]
fn terminal_damage_hospitalizes_until_healed_and_lowers_the_cost_by_five() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &[MULDER, LAMANA],
        &[],
        &["Terminal Damage"],
    );
    damage_round(&mut g, MULDER);
    damage_step(&mut g, MULDER);
    assert_eq!(
        g.combat().map(|c| c.step),
        Some(CombatStep::AfterDamage),
        "Mulder took 6 and is down"
    );
    let cost = g.agent_cost(agent(0, MULDER));
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Terminal Damage", agent_target(0, MULDER));
    resolve(&mut g);
    assert_eq!(g.agent_cost(agent(0, MULDER)), cost - 5);
    let m = g.agent(agent(0, MULDER)).unwrap();
    assert!(m.until_healed && m.section == Section::Hospital);
}

#[test]
fn terminal_damage_spares_agent_lamana() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &[LAMANA],
        &[],
        &["Terminal Damage"],
    );
    damage_round(&mut g, LAMANA);
    damage_step(&mut g, LAMANA);
    priority_to(&mut g, 1);
    let why = play_refused(&g, 1, "Terminal Damage", agent_target(0, LAMANA));
    assert!(why.contains("Terminal Damage"), "{why}");
}

#[test]
fn flaming_wall_deals_one_more_to_each_opponent_in_lrc() {
    let mut g = fighting("The Psychotic Attack", &TEAM3, &[], &["Flaming Wall"]);
    play_on(&mut g, 1, "Flaming Wall", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 3 + 3);
    assert_eq!((wounds(&g, SCULLY), wounds(&g, LAMANA)), (1, 1));
}

#[test]
fn semi_jacketed_hollow_points_add_two_to_lrc() {
    let mut g = fighting(
        "The Manitou Stalks His Prey",
        &[MULDER, SCULLY],
        &["Semi-Jacketed Hollow Points"],
        &[],
    );
    priority_to(&mut g, 0);
    play_on(
        &mut g,
        0,
        "Semi-Jacketed Hollow Points",
        agent_target(0, SCULLY),
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 2 + 5);
}

#[test]
fn stunning_blow_stuns_an_opponent_just_damaged_for_the_next_round() {
    // How xfiles-bot plays it (no ruling): played in the card plays right
    // after the damage, "the next round" is the round being fought.
    let mut g = fighting("Suppressed Fury", &TEAM3, &["Stunning Blow"], &[]);
    damage_round(&mut g, MULDER);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Stunning Blow", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 0, "the round after the damage it took");
    assert!(
        g.combat()
            .is_none_or(|c| c.dazed.is_empty() && c.stunned.is_empty()),
        "one round only"
    );
}

#[test]
fn take_cover_takes_two_from_one_lrc_source() {
    let mut g = fighting("The Mechanic", &TEAM3, &["Take Cover!"], &[]);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Take Cover!", agent_target(0, MULDER));
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 2);
}

#[test]
fn energy_strike_adds_three_to_lrc() {
    let mut g = fighting("The Psychotic Attack", &TEAM3, &[], &["Energy Strike"]);
    play_on(&mut g, 1, "Energy Strike", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 6);
}

#[test]
fn backbreaker_discards_a_card_for_its_cost_in_extra_damage_to_another_agent() {
    let mut g = fighting(
        "Hunter In The Dark",
        &[MULDER, SCULLY],
        &[],
        &["Backbreaker", "Vicious Fangs"],
    );
    let fangs_cost = 1;
    play_with(&mut g, 1, "Backbreaker", adversary(), 0, fangs_cost);
    resolve(&mut g);
    pick_if(&mut g, "Vicious Fangs");
    pick(&mut g, &["Scully"]);
    damage_round(&mut g, MULDER);
    assert_eq!((wounds(&g, MULDER), wounds(&g, SCULLY)), (4, 1));
    assert!(g.player(1).discard.contains(&id(card("Vicious Fangs"))));
}

// ---- Witnesses with more than a modifier ----

/// The Witness (in a mode) answers the Adversary at a Site using `skill`
/// (the Witness's Activator).
fn witness_answers(
    adversary: &str,
    witness: &str,
    mode: u8,
    skill: Skill,
) -> xfiles_bot::engine::xfiles::XfGame {
    let site = site_using_for(adversary, &TEAM3, skill);
    let mut g = adversary_played_at(site, adversary, &TEAM3, &[witness], &[]);
    play_with(&mut g, 0, witness, Some(Target::Stack(0)), mode, 0);
    resolve(&mut g);
    g
}

#[test]
fn the_thinker_changes_one_keyword_of_an_opponents_card() {
    let mut g = adversary_played("The Mechanic", &TEAM3, &["The Thinker"], &[]);
    play_on(&mut g, 0, "The Thinker", Some(Target::Stack(0)));
    act(&mut g, 1, XfAction::Pass);
    pick(&mut g, &["Government"]);
    pick(&mut g, &["Alien"]);
    let mechanic = g.stack.last().expect("the Mechanic waits");
    assert!(mechanic.keywords.contains(&Keyword::Alien));
    assert!(!mechanic.keywords.contains(&Keyword::Government));
}

#[test]
fn bill_mulder_negates_a_card_that_would_hospitalize_fox_mulder_and_is_removed() {
    let g = witness_answers("The Mechanic", "Bill Mulder", 1, Skill::Subterfuge);
    assert!(g.combat().is_none());
    assert!(g.player(0).removed.contains(&id(card("Bill Mulder"))));
}

#[test]
fn max_fenig_is_abducted_instead_and_the_abduction_is_negated() {
    let g = witness_answers("Abduction", "Max Fenig", 1, Skill::AlienInvestigation);
    assert!(g.player(0).agents.len() == 3, "nobody was abducted");
    assert!(g.player(0).discard.contains(&id(card("Max Fenig"))));
    assert!(g.player(1).discard.contains(&id(card("Abduction"))));
}

#[test]
fn owen_jarvis_returns_an_occult_adversary_to_the_bottom_of_its_owners_deck() {
    let g = witness_answers(
        "The Manitou Stalks His Prey",
        "Owen Jarvis",
        1,
        Skill::OccultInvestigation,
    );
    assert!(g.combat().is_none());
    assert_eq!(
        g.player(1).deck.last(),
        Some(&id(card("The Manitou Stalks His Prey")))
    );
}

#[test]
fn sharon_kiveat_returns_an_evolutionary_adversary_to_the_bottom_of_its_owners_deck() {
    let g = witness_answers("Squeeze", "Sharon Kiveat", 1, Skill::Behavioral);
    assert_eq!(g.player(1).deck.last(), Some(&id(card("Squeeze"))));
}

#[test]
fn lt_colonel_victor_stans_negates_the_walk() {
    let g = witness_answers("The Walk", "Lt. Colonel Victor Stans", 1, Skill::Subterfuge);
    assert!(g.combat().is_none());
    assert!(g.player(1).discard.contains(&id(card("The Walk"))));
}

#[test]
fn samantha_mulder_stays_and_adds_one_to_a_subterfuge_check_once_a_turn() {
    let mut g = checking(Skill::Subterfuge, &TEAM3, &["Samantha Mulder"], &[]);
    let before = total(&g);
    play_on(&mut g, 0, "Samantha Mulder", None);
    resolve(&mut g);
    assert_eq!(total(&g), before + 1);
    let p = g
        .perms
        .iter()
        .find(|p| p.card == id(card("Samantha Mulder")));
    assert!(p.is_some_and(|p| !p.this_turn), "a RESOURCE stays in play");
}

#[test]
fn luther_lee_boggs_shows_the_opponents_hand_to_his_player_only() {
    let mut g = two(&[card("Luther Lee Boggs")], &[]);
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Requisition);
    g.players[0].rp = 10;
    let ev = act(
        &mut g,
        0,
        XfAction::Play {
            card: id(card("Luther Lee Boggs")),
            mode: 0,
            target: None,
            x: 0,
            pool: None,
        },
    );
    let mut ev = ev;
    ev.extend(act(&mut g, 1, XfAction::Pass));
    let seen = ev
        .iter()
        .find(|e| matches!(e.body, XfEvent::SeenPrivately { .. }));
    let seen = seen.expect("the hand is shown");
    assert_eq!(seen.audience, Audience::only(0));
    let XfEvent::SeenPrivately { cards, .. } = &seen.body else {
        unreachable!()
    };
    assert_eq!(cards, &g.player(1).hand);
}

#[test]
fn senator_matheson_spends_a_token_for_two_bureaucracy_once_a_turn() {
    let mut g = checking(
        Skill::Bureaucracy,
        &TEAM3,
        &["Senator Richard Matheson"],
        &[],
    );
    play_on(&mut g, 0, "Senator Richard Matheson", None);
    resolve(&mut g);
    let before = total(&g);
    let use_it = XfAction::Use {
        card: id(card("Senator Richard Matheson")),
        agent: None,
        ability: 0,
        target: None,
    };
    priority_to(&mut g, 0);
    act(&mut g, 0, use_it.clone());
    resolve(&mut g);
    assert_eq!(total(&g), before + 2);
    let tokens = g
        .perms
        .iter()
        .find(|p| p.card == id(card("Senator Richard Matheson")))
        .map(|p| p.tokens);
    assert_eq!(tokens, Some(2));
    priority_to(&mut g, 0);
    let why = refused(&g, 0, use_it).reason;
    assert!(why.contains("already used"), "{why}");
}

#[test]
fn margaret_scully_is_free_and_plus_four_while_dana_scully_is_in_the_hospital() {
    let mut g = checking(Skill::Medical, &[MULDER, LAMANA], &["Margaret Scully"], &[]);
    let scully = g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(SCULLY))
        .unwrap();
    scully.section = Section::Hospital;
    scully.damage = 2;
    let (rp, before) = (g.player(0).rp, total(&g));
    play_on(&mut g, 0, "Margaret Scully", None);
    resolve(&mut g);
    assert_eq!(g.player(0).rp, rp, "free");
    assert_eq!(total(&g), before + 4);
}

#[test]
fn margaret_scully_adds_one_otherwise() {
    let mut g = checking(Skill::Medical, &TEAM3, &["Margaret Scully"], &[]);
    let before = total(&g);
    play_on(&mut g, 0, "Margaret Scully", None);
    resolve(&mut g);
    assert_eq!(total(&g), before + 1);
}

#[test]
fn melissa_scully_takes_dana_scullys_combat_damage_and_is_removed() {
    let site = site_using_for("The Mechanic", &TEAM3, Skill::Subterfuge);
    let mut g = adversary_played_at(site, "The Mechanic", &TEAM3, &["Melissa Scully"], &[]);
    resolve(&mut g);
    priority_to(&mut g, 0);
    play_with(&mut g, 0, "Melissa Scully", agent_target(0, SCULLY), 1, 0);
    resolve(&mut g);
    damage_round(&mut g, SCULLY);
    assert_eq!(wounds(&g, SCULLY), 0);
    assert!(g.player(0).removed.contains(&id(card("Melissa Scully"))));
}

#[test]
fn detective_cline_makes_the_stupendous_yappi_free() {
    let mut g = checking(
        Skill::EvidenceCollection,
        &TEAM3,
        &["Detective Cline", "The Stupendous Yappi"],
        &[],
    );
    play_on(&mut g, 0, "Detective Cline", None);
    resolve(&mut g);
    let rp = g.player(0).rp;
    play_on(&mut g, 0, "The Stupendous Yappi", None);
    assert_eq!(g.player(0).rp, rp, "Yappi costs 0");
}

#[test]
fn detective_havez_costs_one_less_with_detective_cline_in_play() {
    let mut g = checking(
        Skill::EvidenceCollection,
        &TEAM3,
        &["Detective Cline", "Detective Havez"],
        &[],
    );
    play_on(&mut g, 0, "Detective Cline", None);
    resolve(&mut g);
    let rp = g.player(0).rp;
    play_on(&mut g, 0, "Detective Havez", None);
    assert_eq!(rp - g.player(0).rp, 2 - 1);
}

#[test]
fn michael_kryder_shows_only_the_adversaries_in_the_opponents_hand() {
    let mut g = checking(
        Skill::Observation,
        &TEAM3,
        &["Michael Kryder"],
        &["Squeeze", "Hunter In The Dark"],
    );
    let mut ev = act(
        &mut g,
        0,
        XfAction::Play {
            card: id(card("Michael Kryder")),
            mode: 1,
            target: None,
            x: 0,
            pool: None,
        },
    );
    ev.extend(act(&mut g, 1, XfAction::Pass));
    let cards = ev
        .iter()
        .find_map(|e| match &e.body {
            XfEvent::SeenPrivately { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .expect("seen");
    assert!(cards.contains(&id(card("Squeeze"))));
    assert!(
        cards
            .iter()
            .all(|c| cards::db().get(*c).kind == CardType::Adversary)
    );
}

#[test]
fn the_stupendous_yappi_subtracts_one_when_it_turns_up_a_conspiracy_card() {
    let mut g = checking(
        Skill::CriminalInvestigation,
        &TEAM3,
        &["The Stupendous Yappi", "Cigarette Butts"],
        &[],
    );
    arrange(
        &mut g,
        0,
        &[card("The Stupendous Yappi")],
        &[card("Cigarette Butts")],
    );
    let before = total(&g);
    play_on(&mut g, 0, "The Stupendous Yappi", None);
    resolve(&mut g);
    assert_eq!(total(&g), before - 1);
    assert!(g.player(0).discard.contains(&id(card("Cigarette Butts"))));
}

#[test]
fn the_stupendous_yappi_adds_three_otherwise() {
    let mut g = checking(
        Skill::CriminalInvestigation,
        &TEAM3,
        &["The Stupendous Yappi", "Knife"],
        &[],
    );
    arrange(&mut g, 0, &[card("The Stupendous Yappi")], &[card("Knife")]);
    let before = total(&g);
    play_on(&mut g, 0, "The Stupendous Yappi", None);
    resolve(&mut g);
    assert_eq!(total(&g), before + 3);
}

#[test]
fn victor_klemper_is_removed_when_the_opponent_plays_a_government_adversary() {
    let site = site_using_for("The Mechanic", &TEAM3, Skill::Medical);
    let mut g = investigating_at(site, &TEAM3, &["Victor Klemper"], &["The Mechanic"]);
    let before = total(&g);
    play_on(&mut g, 0, "Victor Klemper", None);
    resolve(&mut g);
    assert_eq!(total(&g), before + 3);
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "The Mechanic", None);
    assert!(g.player(0).removed.contains(&id(card("Victor Klemper"))));
    assert_eq!(total(&g), before, "negated: its +3 is gone");
}

#[test]
fn jeremiah_smith_heals_all_damage_to_an_agent_in_the_field_and_is_removed() {
    let mut g = checking(Skill::AlienInvestigation, &TEAM3, &["Jeremiah Smith"], &[]);
    g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(MULDER))
        .unwrap()
        .damage = 4;
    play_with(&mut g, 0, "Jeremiah Smith", agent_target(0, MULDER), 1, 0);
    resolve(&mut g);
    assert_eq!(wounds(&g, MULDER), 0);
    assert!(g.player(0).removed.contains(&id(card("Jeremiah Smith"))));
}

#[test]
fn the_plain_clothes_man_turns_a_bluff_face_up_for_everyone() {
    let mut g = many_with(
        &TEAM3,
        &[
            &[AUBREY, card("The Plain-Clothes Man")],
            &[card("Cigarette Butts")],
        ],
    );
    field_and_site(&mut g, &[MULDER], AUBREY, None);
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 1, place_bluff(0, card("Cigarette Butts")));
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Investigation);
    g.players[0].rp = 10;
    play_on(
        &mut g,
        0,
        "The Plain-Clothes Man",
        Some(Target::Bluff(0, 0)),
    );
    resolve(&mut g);
    assert!(g.sites[0].bluffs[0].shown);
}

#[test]
fn wayne_morgan_changes_the_prerequisite_to_evidence_collection_3() {
    let mut g = checking(
        Skill::Behavioral,
        &TEAM3,
        &["Wayne Morgan, Naval Investigator"],
        &[],
    );
    play_on(&mut g, 0, "Wayne Morgan, Naval Investigator", None);
    resolve(&mut g);
    assert_eq!(
        g.site_check().unwrap().needs,
        vec![(Skill::EvidenceCollection, 3)]
    );
}

// ---- Equipment ----

fn use_card(g: &mut xfiles_bot::engine::xfiles::XfGame, title: &str, on: Option<&str>) {
    act(
        g,
        0,
        XfAction::Use {
            card: id(card(title)),
            agent: on.map(|a| agent(0, a)),
            ability: 0,
            target: None,
        },
    );
}

#[test]
fn medi_kit_heals_one_wound_in_the_team_once_a_turn_with_a_medical_bearer() {
    let site = site_for("Hunter In The Dark", &TEAM3);
    let mut g = equipped_at(site, &TEAM3, &[(SCULLY, "Medi-Kit")], &[], &[]);
    g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(MULDER))
        .unwrap()
        .damage = 2;
    use_card(&mut g, "Medi-Kit", Some(SCULLY));
    resolve(&mut g);
    pick_if(&mut g, "Mulder");
    assert_eq!(wounds(&g, MULDER), 1);
    priority_to(&mut g, 0);
    let why = refused(
        &g,
        0,
        XfAction::Use {
            card: id(card("Medi-Kit")),
            agent: Some(agent(0, SCULLY)),
            ability: 0,
            target: None,
        },
    )
    .reason;
    assert!(why.contains("already used"), "{why}");
}

#[test]
fn kevlar_vest_absorbs_three_points_then_is_discarded() {
    let site = site_for("Hunter In The Dark", &[MULDER, LAMANA]);
    let mut g = equipped_fighting_at(
        site,
        "Hunter In The Dark",
        &[MULDER, LAMANA],
        &[(MULDER, "Kevlar Vest")],
        &[],
        &[],
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 4 - 3);
    assert!(g.player(0).discard.contains(&id(card("Kevlar Vest"))));
}

#[test]
fn hospital_crash_cart_sits_in_the_hospital_and_heals_a_point_a_token() {
    let mut g = two(&[card("Hospital Crash Cart")], &[]);
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Requisition);
    g.players[0].rp = 10;
    let scully = g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(SCULLY))
        .unwrap();
    scully.section = Section::Hospital;
    scully.damage = 3;
    act(
        &mut g,
        0,
        XfAction::Equip {
            agent: id(SCULLY),
            card: id(card("Hospital Crash Cart")),
        },
    );
    let cart = g
        .perms
        .iter()
        .find(|p| p.card == id(card("Hospital Crash Cart")));
    assert_eq!(
        cart.map(|p| p.place),
        Some(Place::Section(0, Section::Hospital))
    );
    use_card(&mut g, "Hospital Crash Cart", None);
    resolve(&mut g);
    assert_eq!(wounds(&g, SCULLY), 2);
    let cart = g
        .perms
        .iter()
        .find(|p| p.card == id(card("Hospital Crash Cart")));
    assert_eq!(cart.map(|p| p.tokens), Some(2));
}

#[test]
fn cellular_phone_adds_its_agents_skill_less_one_from_another_section() {
    let computer_site = cards::db()
        .iter()
        .find(|(_, c)| {
            c.kind == CardType::Site
                && c.set.is_official()
                && c.prerequisite.as_ref().is_some_and(|p| {
                    p.thresholds().len() == 1 && p.thresholds()[0].skill == Skill::Computer
                })
        })
        .map(|(_, c)| c.id.as_str())
        .unwrap();
    let g = equipped_at(
        computer_site,
        &[MULDER],
        &[(LAMANA, "Cellular Phone")],
        &[],
        &[],
    );
    assert_eq!(section(&g, 0, LAMANA), Section::Bureau);
    assert_eq!(
        total(&g),
        3 - 1,
        "Lamana's COMPUTER 3 less one, from the Bureau"
    );
}

#[test]
fn symbol_of_faith_bars_occult_damage_to_its_bearer_while_another_agent_fights() {
    let site = site_for("The Manitou Stalks His Prey", &[MULDER, SCULLY]);
    let mut g = equipped_fighting_at(
        site,
        "The Manitou Stalks His Prey",
        &[MULDER, SCULLY],
        &[(MULDER, "Symbol Of Faith")],
        &[],
        &[],
    );
    resolve(&mut g);
    damage_round(&mut g, SCULLY);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    let why = refused(
        &g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 6)],
        },
    )
    .reason;
    assert!(why.contains("Agent Fox Mulder"), "{why}");
}

#[test]
fn symbol_of_faith_halves_occult_damage_when_its_bearer_fights_alone() {
    let site = site_for("The Manitou Stalks His Prey", &[MULDER]);
    let mut g = equipped_fighting_at(
        site,
        "The Manitou Stalks His Prey",
        &[MULDER],
        &[(MULDER, "Symbol Of Faith")],
        &[],
        &[],
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 3, "CRC 6 halved");
}

#[test]
fn shotgun_adds_three_lrc_in_the_first_long_range_round_only() {
    let site = site_for("Pvt. McAlpin, Zombie", &[SCULLY]);
    let mut g = equipped_fighting_at(
        site,
        "Pvt. McAlpin, Zombie",
        &[SCULLY],
        &[(SCULLY, "Shotgun")],
        &[],
        &[],
    );
    resolve(&mut g);
    assert_eq!(
        g.agent_skill(agent(0, SCULLY), Skill::LongRangeCombat),
        3 + 3
    );
    damage_round(&mut g, SCULLY);
    assert_eq!(foe_damage(&g), 3, "LRC 6, halved by the Zombie");
    assert_eq!(g.agent_skill(agent(0, SCULLY), Skill::LongRangeCombat), 3);
}

#[test]
fn mojo_bag_takes_one_from_each_occult_creature_hit_and_bars_its_combat_cards() {
    let site = site_for("The Manitou Stalks His Prey", &[MULDER, LAMANA]);
    let mut g = equipped_fighting_at(
        site,
        "The Manitou Stalks His Prey",
        &[MULDER, LAMANA],
        &[(MULDER, "Mojo Bag")],
        &[],
        &["Internal Bleeding"],
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    damage_step(&mut g, MULDER);
    assert_eq!(wounds(&g, MULDER), 6 - 1);
    priority_to(&mut g, 1);
    let why = play_refused(&g, 1, "Internal Bleeding", agent_target(0, MULDER));
    assert!(why.contains("Mojo Bag"), "{why}");
}

#[test]
fn usgs_quadrant_map_is_discarded_to_find_a_site() {
    let site = site_for("Hunter In The Dark", &TEAM3);
    let mut g = equipped_at(site, &TEAM3, &[(MULDER, "U.S.G.S. Quadrant Map")], &[], &[]);
    let sites_in_hand = |g: &xfiles_bot::engine::xfiles::XfGame| {
        g.player(0)
            .hand
            .iter()
            .filter(|c| cards::db().get(**c).kind == CardType::Site)
            .count()
    };
    let before = sites_in_hand(&g);
    use_card(&mut g, "U.S.G.S. Quadrant Map", Some(MULDER));
    resolve(&mut g);
    if let Some(c) = g.choice.clone() {
        act(&mut g, c.seat, XfAction::Choose { picks: vec![0] });
    }
    assert_eq!(sites_in_hand(&g), before + 1);
    assert!(
        g.player(0)
            .discard
            .contains(&id(card("U.S.G.S. Quadrant Map")))
    );
}

#[test]
fn two_lux_video_camera_adds_two_to_the_teams_subterfuge_once() {
    let site = cards::db()
        .iter()
        .find(|(_, c)| {
            c.kind == CardType::Site
                && c.set.is_official()
                && c.prerequisite.as_ref().is_some_and(|p| {
                    p.thresholds().len() == 1 && p.thresholds()[0].skill == Skill::Subterfuge
                })
        })
        .map(|(_, c)| c.id.as_str())
        .unwrap();
    let plain = investigating_at(site, &TEAM3, &[], &[]);
    let g = equipped_at(site, &TEAM3, &[(MULDER, "Two Lux Video Camera")], &[], &[]);
    assert_eq!(total(&g), total(&plain) + 2);
}

#[test]
fn garrote_is_discarded_for_three_crc_this_round() {
    let site = site_for("Hunter In The Dark", &[MULDER, LAMANA]);
    let mut g = equipped_fighting_at(
        site,
        "Hunter In The Dark",
        &[MULDER, LAMANA],
        &[(MULDER, "Garrote")],
        &[],
        &[],
    );
    resolve(&mut g);
    priority_to(&mut g, 0);
    use_card(&mut g, "Garrote", Some(MULDER));
    resolve(&mut g);
    damage_round(&mut g, LAMANA);
    assert!(
        g.combat().is_none(),
        "2 + 3 + 1 kills the Hunter (HEALTH 5)"
    );
}

#[test]
fn gun_jammed_negates_a_weapon_adding_lrc_for_the_combat() {
    let site = site_for("Operation Falcon Blue Berets", &[SCULLY]);
    let mut g = equipped_fighting_at(
        site,
        "Operation Falcon Blue Berets",
        &[SCULLY],
        &[(SCULLY, "Glock 19 Semi-Automatic Pistol")],
        &[],
        &["Gun Jammed"],
    );
    resolve(&mut g);
    let glock = g
        .perms
        .iter()
        .find(|p| p.card == id(card("Glock 19 Semi-Automatic Pistol")))
        .unwrap()
        .id;
    play_on(&mut g, 1, "Gun Jammed", Some(Target::Perm(glock)));
    resolve(&mut g);
    assert_eq!(g.agent_skill(agent(0, SCULLY), Skill::LongRangeCombat), 3);
}

#[test]
fn disarm_discards_an_opposing_agents_equipment_before_it_adds_to_crc() {
    let site = site_for("Operation Falcon Blue Berets", &[MULDER, LAMANA]);
    let mut g = equipped_fighting_at(
        site,
        "Operation Falcon Blue Berets",
        &[MULDER, LAMANA],
        &[(MULDER, "Walther PPK 7.65 Hold Out Weapon")],
        &[],
        &["Disarm"],
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    let before = foe_damage(&g);
    play_on(&mut g, 1, "Disarm", adversary());
    resolve(&mut g);
    damage_round(&mut g, LAMANA);
    assert!(
        g.player(0)
            .discard
            .contains(&id(card("Walther PPK 7.65 Hold Out Weapon")))
    );
    assert_eq!(foe_damage(&g) - before, 2 + 1, "no +2 from the Walther");
}

#[test]
fn dried_frog_adds_one_to_its_agents_health() {
    let site = site_for("Hunter In The Dark", &TEAM3);
    let g = equipped_at(site, &TEAM3, &[(MULDER, "Dried Frog")], &[], &[]);
    assert_eq!(g.max_health(agent(0, MULDER)), 6);
}

#[test]
fn queequeg_is_discarded_to_negate_a_primordial_adversary() {
    let site = site_for("Hunter In The Dark", &TEAM3);
    let mut g = equipped_fighting_at(
        site,
        "Hunter In The Dark",
        &TEAM3,
        &[(MULDER, "Queequeg")],
        &[],
        &[],
    );
    use_card(&mut g, "Queequeg", Some(MULDER));
    resolve(&mut g);
    assert!(g.combat().is_none());
    assert!(
        g.player(1)
            .discard
            .contains(&id(card("Hunter In The Dark")))
    );
}

#[test]
fn queequeg_is_one_to_a_deck() {
    let mut d = xfiles_bot::decks::Deck::from_stored(&deck(&TEAM3, DUANE_BARRY, &[])).unwrap();
    d.bureau.push((id(card("Queequeg")), 2));
    let problems = xfiles_bot::decks::validate(
        &d,
        xfiles_bot::decks::DeckFormat::Advanced {
            killer_cards: false,
        },
    );
    assert!(
        problems.iter().any(|p| p.message.contains("Queequeg")),
        "{problems:?}"
    );
}

#[test]
fn alien_stiletto_discards_an_alien_adversary_it_damages_before_it_strikes() {
    let site = site_for("Deadly Blur", &[MULDER, LAMANA]);
    let mut g = equipped_fighting_at(
        site,
        "Deadly Blur",
        &[MULDER, LAMANA],
        &[(MULDER, "Alien Stiletto")],
        &[],
        &[],
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    let w = wounds(&g, MULDER);
    damage_round(&mut g, MULDER);
    assert!(g.combat().is_none());
    assert_eq!(
        wounds(&g, MULDER),
        w,
        "the Blur never struck in Close Range"
    );
}

// ---- Adversaries ----

fn together(g: &mut xfiles_bot::engine::xfiles::XfGame, seat: u8, titles: &[&str]) {
    let base = g.stack.len();
    let plays = titles
        .iter()
        .enumerate()
        .map(|(i, t)| PlayArgs {
            card: id(card(t)),
            mode: 0,
            target: (i > 0).then_some(Target::Stack(base)),
            x: 0,
            pool: None,
        })
        .collect();
    act(g, seat, XfAction::PlayTogether { plays });
}

#[test]
fn alien_harvester_abducts_one_agent_of_the_team_and_starts_no_combat() {
    let mut g = adversary_played("Alien Harvester", &TEAM3, &[], &[]);
    resolve(&mut g);
    assert!(g.combat().is_none());
    assert_eq!(g.player(0).agents.len(), 2);
    assert!(g.player(0).face_up.len() == 1, "ten cards down, face up");
}

#[test]
fn abduction_puts_the_chosen_agent_ten_cards_down() {
    let mut g = adversary_played("Abduction", &TEAM3, &[], &[]);
    resolve(&mut g);
    pick(&mut g, &["Scully"]);
    assert!(g.combat().is_none());
    assert!(g.agent(agent(0, SCULLY)).is_none());
    assert_eq!(g.player(0).deck[10], id(SCULLY));
}

#[test]
fn crew_cut_man_fights_only_the_chosen_agent() {
    let mut g = adversary_played("Crew-Cut Man", &TEAM3, &[], &[]);
    resolve(&mut g);
    pick(&mut g, &["Lamana"]);
    assert_eq!(g.fighters(), vec![agent(0, LAMANA)]);
}

#[test]
fn alien_bounty_hunter_hurts_every_agent_for_each_crc_hit_and_returns_to_the_deck() {
    let mut g = fighting("Alien Bounty Hunter", &[MULDER, LAMANA], &[], &[]);
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, LAMANA), 0, "no poison in Long Range");
    damage_round(&mut g, MULDER);
    assert_eq!(wounds(&g, LAMANA), 2, "two hits in Close Range, one each");
    assert!(g.combat().is_none(), "3 + 3 kills it (HEALTH 6)");
    let hunter = id(card("Alien Bounty Hunter"));
    assert!(g.player(1).deck.contains(&hunter));
    assert!(!g.player(1).discard.contains(&hunter));
}

#[test]
fn the_sandman_matches_the_best_combat_skill_of_the_team_plus_one() {
    let g = fighting("The Sandman", &TEAM3, &[], &[]);
    assert_eq!(g.foe_stat(0, Skill::LongRangeCombat), 3 + 1);
    assert_eq!(g.foe_stat(0, Skill::CloseRangeCombat), 2 + 1);
}

#[test]
fn the_psychotic_attack_splits_lrc_damage_but_not_crc() {
    let mut g = fighting("The Psychotic Attack", &[MULDER, LAMANA], &[], &[]);
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    act(
        &mut g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 2), (id(LAMANA), 1)],
        },
    );
    assert_eq!((wounds(&g, MULDER), wounds(&g, LAMANA)), (2, 1));
    pass_while(&mut g, |c| c.step != CombatStep::Assign);
    let why = refused(
        &g,
        1,
        XfAction::AssignDamage {
            to: vec![(id(MULDER), 1), (id(LAMANA), 1)],
        },
    )
    .reason;
    assert!(why.contains("one Agent"), "{why}");
}

#[test]
fn darkness_falls_hospitalizes_the_agent_for_the_next_turn_unless_a_healing_card_heals_it() {
    let site = site_for("Darkness Falls", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["Darkness Falls"]);
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "Darkness Falls", agent_target(0, SCULLY));
    resolve(&mut g);
    assert_eq!(section(&g, 0, SCULLY), Section::Hospital);
    assert!(g.lasting.iter().any(|l| matches!(
        &l.modifier,
        xfiles_bot::engine::xfiles::effects::ast::Modifier::Stuck { .. }
    )));
}

#[test]
fn darkness_falls_is_answered_by_a_healing_card_that_heals_a_point() {
    // Jeremiah Smith (a HEALING Witness) heals an Agent in the Field.
    let site = site_using_for("Darkness Falls", &TEAM3, Skill::AlienInvestigation);
    let mut g = investigating_at(site, &TEAM3, &["Jeremiah Smith"], &["Darkness Falls"]);
    g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(SCULLY))
        .unwrap()
        .damage = 1;
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "Darkness Falls", agent_target(0, SCULLY));
    play_with(&mut g, 0, "Jeremiah Smith", agent_target(0, SCULLY), 1, 0);
    resolve(&mut g);
    assert_eq!(section(&g, 0, SCULLY), Section::Field);
}

#[test]
fn suppressed_fury_survives_the_lrc_round_and_goes_at_the_end_of_the_crc_round() {
    let mut g = fighting(
        "Suppressed Fury",
        &[MULDER, SCULLY, SKINNER],
        &["Semi-Jacketed Hollow Points"],
        &[],
    );
    priority_to(&mut g, 0);
    play_on(
        &mut g,
        0,
        "Semi-Jacketed Hollow Points",
        agent_target(0, SCULLY),
    );
    resolve(&mut g);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 9, "its HEALTH is reached in Long Range");
    assert!(g.combat().is_some(), "it still attacks in Close Range");
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 2);
    assert!(g.combat().is_none());
}

#[test]
fn pheromone_induced_psychosis_discards_the_witness_and_fights_with_its_modifier() {
    let mut g = investigating_at(
        AUBREY,
        &TEAM3,
        &["Dr. Sheila Braun"],
        &["Pheromone-Induced Psychosis"],
    );
    play_on(&mut g, 0, "Dr. Sheila Braun", None);
    play_on(
        &mut g,
        1,
        "Pheromone-Induced Psychosis",
        Some(Target::Stack(0)),
    );
    resolve(&mut g);
    assert!(g.player(0).discard.contains(&id(card("Dr. Sheila Braun"))));
    assert_eq!(g.foe_stat(0, Skill::LongRangeCombat), 2);
    assert_eq!(g.foe_stat(0, Skill::CloseRangeCombat), 2);
}

#[test]
fn deadly_blur_sends_an_agent_it_damages_to_the_hospital_for_two_more_turns() {
    let mut g = fighting("Deadly Blur", &[MULDER, SKINNER], &[], &[]);
    damage_round(&mut g, MULDER);
    damage_round(&mut g, MULDER);
    assert_eq!(section(&g, 0, MULDER), Section::Hospital);
    let stuck = g.lasting.iter().find(|l| {
        matches!(
            &l.modifier,
            xfiles_bot::engine::xfiles::effects::ast::Modifier::Stuck { .. }
        )
    });
    assert_eq!(
        stuck.map(|l| l.until),
        Some(xfiles_bot::engine::xfiles::effects::ast::Duration::Turns(3))
    );
}

#[test]
fn poltergeist_attack_is_unhurt_and_leaves_after_one_lrc_and_one_crc_round() {
    let mut g = fighting("Poltergeist Attack", &TEAM3, &[], &[]);
    damage_round(&mut g, MULDER);
    assert_eq!(foe_damage(&g), 0);
    damage_round(&mut g, MULDER);
    assert!(g.combat().is_none());
    assert_eq!(wounds(&g, MULDER), 4);
}

#[test]
fn kiss_of_the_vampire_makes_the_witness_a_lesser_vampire_and_lrc_hurts_neither() {
    let mut g = investigating_at(
        AUBREY,
        &TEAM3,
        &["Dr. Sheila Braun"],
        &["Kiss Of The Vampire"],
    );
    play_on(&mut g, 0, "Dr. Sheila Braun", None);
    play_on(&mut g, 1, "Kiss Of The Vampire", Some(Target::Stack(0)));
    resolve(&mut g);
    let c = g.combat().expect("both vampires attack");
    assert_eq!(c.foes.len(), 2);
    assert_eq!(g.foe_stat(1, Skill::CloseRangeCombat), 3);
    assert_eq!(g.foe_stat(1, Skill::Health), 3);
    damage_round(&mut g, MULDER);
    let c = g.combat().unwrap();
    assert_eq!((c.foes[0].damage, c.foes[1].damage), (0, 0));
}

#[test]
fn john_barnett_regenerates_two_at_the_start_of_each_round() {
    let mut g = fighting("John Barnett Links You To Mulder", &TEAM3, &[], &[]);
    damage_round(&mut g, SCULLY);
    assert_eq!(foe_damage(&g), 6 - 2);
}

#[test]
fn brother_martin_wounds_three_hospitalizes_and_heals_at_half_rate() {
    let mut g = adversary_played("Brother Martin Is Attracted To You", &TEAM3, &[], &[]);
    resolve(&mut g);
    pick(&mut g, &["Mulder"]);
    let m = g.agent(agent(0, MULDER)).unwrap();
    assert_eq!((m.damage, m.section), (3, Section::Hospital));
    assert!(m.until_healed && m.slow_heal);
    assert!(g.combat().is_none());
}

#[test]
fn leonard_turns_cards_until_a_witness_and_both_are_removed() {
    let site = site_for("Leonard", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &["Knife", "Dr. Sheila Braun"], &["Leonard"]);
    let hand: Vec<&str> = g
        .player(0)
        .hand
        .iter()
        .map(|c| cards::db().get(*c).id.as_str())
        .collect();
    let keep: Vec<&str> = hand
        .into_iter()
        .filter(|c| *c != card("Knife") && *c != card("Dr. Sheila Braun"))
        .collect();
    arrange(&mut g, 0, &keep, &[card("Knife"), card("Dr. Sheila Braun")]);
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "Leonard", None);
    resolve(&mut g);
    assert!(g.player(0).discard.contains(&id(card("Knife"))));
    assert!(g.player(0).removed.contains(&id(card("Dr. Sheila Braun"))));
    assert!(g.player(1).removed.contains(&id(card("Leonard"))));
}

#[test]
fn f_emasculata_outbreak_stops_healing_in_the_hospital_it_sits_in() {
    let mut g = adversary_played("F. Emasculata Outbreak", &TEAM3, &[], &[]);
    resolve(&mut g);
    let p = g
        .perms
        .iter()
        .find(|p| p.card == id(card("F. Emasculata Outbreak")))
        .expect("in play");
    assert_eq!(
        (p.place, p.tokens),
        (Place::Section(0, Section::Hospital), 3)
    );
    let lamana = g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == id(LAMANA))
        .unwrap();
    lamana.section = Section::Hospital;
    lamana.damage = 2;
    assert!(!g.may_heal(agent(0, LAMANA)));
}

#[test]
fn the_evil_one_doubles_an_adversary_played_with_it() {
    let site = site_for("The Mechanic", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["The Mechanic", "The Evil One"]);
    act(&mut g, 0, XfAction::Pass);
    together(&mut g, 1, &["The Mechanic", "The Evil One"]);
    resolve(&mut g);
    assert_eq!(g.foe_stat(0, Skill::LongRangeCombat), 8);
    assert_eq!(g.foe_stat(0, Skill::CloseRangeCombat), 6);
    assert_eq!(g.foe_stat(0, Skill::Health), 10);
}

#[test]
fn wall_of_cats_fights_beside_an_occult_adversary() {
    let site = site_for("The Manitou Stalks His Prey", &TEAM3);
    let mut g = investigating_at(
        site,
        &TEAM3,
        &[],
        &["The Manitou Stalks His Prey", "Wall Of Cats"],
    );
    act(&mut g, 0, XfAction::Pass);
    together(&mut g, 1, &["The Manitou Stalks His Prey", "Wall Of Cats"]);
    resolve(&mut g);
    let c = g.combat().expect("one combat");
    assert_eq!(c.foes.len(), 2);
}

#[test]
fn spirit_of_the_amaru_counts_the_adversaries_in_the_teams_discard_pile() {
    let site = site_for("Spirit Of The Amaru", &TEAM3);
    let mut g = investigating_at(
        site,
        &TEAM3,
        &["Squeeze", "Hunter In The Dark"],
        &["Spirit Of The Amaru"],
    );
    for t in ["Squeeze", "Hunter In The Dark"] {
        let c = id(card(t));
        g.players[0].hand.retain(|x| *x != c);
        g.players[0].discard.push(c);
    }
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "Spirit Of The Amaru", None);
    resolve(&mut g);
    assert_eq!(g.foe_stat(0, Skill::Health), 2);
    assert_eq!(g.foe_stat(0, Skill::CloseRangeCombat), 2);
}

#[test]
fn two_shy_may_ignore_its_activators_on_a_team_with_a_female_agent() {
    let mut g = investigating_at(AUBREY, &TEAM3, &[], &["2Shy"]);
    act(&mut g, 0, XfAction::Pass);
    let why = play_refused(&g, 1, "2Shy", None);
    assert!(why.contains("Activator"), "{why}");
    play_with(&mut g, 1, "2Shy", None, 1, 0);
    resolve(&mut g);
    assert!(g.combat().is_some());
}

#[test]
fn darin_peter_oswald_makes_the_team_discard_electrical_equipment() {
    let site = site_for("Darin Peter Oswald", &TEAM3);
    let mut g = equipped_fighting_at(
        site,
        "Darin Peter Oswald",
        &TEAM3,
        &[
            (LAMANA, "Laptop Computer"),
            (MULDER, "Glock 19 Semi-Automatic Pistol"),
        ],
        &[],
        &[],
    );
    resolve(&mut g);
    assert!(g.player(0).discard.contains(&id(card("Laptop Computer"))));
    assert!(
        g.perms
            .iter()
            .any(|p| p.card == id(card("Glock 19 Semi-Automatic Pistol")))
    );
}

#[test]
fn red_haired_man_costs_three_once_two_characteristics_are_known() {
    let site = site_for("Red-Haired Man", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["Red-Haired Man"]);
    g.players[1]
        .announced
        .push(xfiles_bot::cards::Category::Motive);
    g.players[1]
        .announced
        .push(xfiles_bot::cards::Category::Method);
    act(&mut g, 0, XfAction::Pass);
    let cp = g.player(1).cp;
    play_on(&mut g, 1, "Red-Haired Man", None);
    assert_eq!(cp - g.player(1).cp, 3);
}

#[test]
fn the_walk_takes_one_from_each_source_of_damage() {
    let mut g = fighting("The Walk", &TEAM3, &[], &[]);
    damage_round(&mut g, MULDER);
    assert_eq!(
        foe_damage(&g),
        1 + 2,
        "Mulder 2 - 1, Scully 3 - 1, Lamana 1 - 1"
    );
}

#[test]
fn luis_cardinal_on_skinner_skips_lrc_and_fights_two_crc_rounds() {
    let mut g = adversary_played("Luis Cardinal", &[SKINNER, MULDER, SCULLY], &[], &[]);
    resolve(&mut g);
    pick(&mut g, &["Skinner"]);
    let c = g.combat().expect("a fight");
    assert_eq!(c.round, CombatRound::Close);
    assert_eq!(g.fighters(), vec![agent(0, SKINNER)]);
}

#[test]
fn liquid_alien_is_discarded_when_the_team_passes_alien_investigation_4() {
    let mut g = adversary_played("Liquid Alien", &TEAM3, &[], &[]);
    resolve(&mut g);
    resolve(&mut g);
    assert!(g.combat().is_none());
    assert!(g.player(1).discard.contains(&id(card("Liquid Alien"))));
}

#[test]
fn liquid_alien_takes_over_an_agent_when_the_check_fails_and_leaves_it_at_zero() {
    let mut g = adversary_played("Liquid Alien", &[SCULLY, LAMANA], &[], &[]);
    resolve(&mut g);
    resolve(&mut g);
    pick(&mut g, &["Lamana"]);
    assert!(g.combat().is_some());
    assert_eq!(g.fighters(), vec![agent(0, SCULLY)]);
}

#[test]
fn artificially_intelligent_probes_make_one_crc_attack_and_go() {
    let mut g = fighting(
        "Artificially Intelligent Dung-Eating Robotic Probes",
        &TEAM3,
        &[],
        &[],
    );
    assert_eq!(g.combat().unwrap().round, CombatRound::Close);
    damage_round(&mut g, MULDER);
    assert!(g.combat().is_none());
}

#[test]
fn the_dark_angel_plays_combat_cards_for_one_cp_less() {
    let mut g = fighting("The Dark Angel", &TEAM3, &[], &["Vicious Fangs"]);
    let cp = g.player(1).cp;
    play_on(&mut g, 1, "Vicious Fangs", adversary());
    assert_eq!(cp - g.player(1).cp, 0, "Vicious Fangs costs 1, less 1");
}

#[test]
fn agent_lamana_a_stolen_card_goes_home_at_the_end_of_the_turn_wherever_it_went() {
    // "Whether you use it or not, place it in its owner's Discard Pile at the
    // end of the turn": even after an effect shuffled it into the thief's deck.
    let mut g = two(&[], &[X]);
    let x = id(X);
    let held = |g: &xfiles_bot::engine::xfiles::XfGame| {
        let p = g.player(0);
        p.deck
            .iter()
            .chain(&p.hand)
            .chain(&p.discard)
            .filter(|c| **c == x)
            .count()
    };
    let taken = g.players[1].hand.iter().position(|c| *c == x).unwrap();
    g.players[1].hand.remove(taken);
    g.players[0].deck.push(x);
    g.stolen.push((0, x, 1));
    let before = held(&g);
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Investigation);
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Draw);
    assert_eq!(held(&g), before - 1);
    assert!(g.player(1).discard.contains(&x));
    assert!(g.stolen.is_empty());
}
