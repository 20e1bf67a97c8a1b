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
use xfiles_bot::cards::Section;
use xfiles_bot::engine::xfiles::{CombatRound, CombatStep, Combatant, Target, XfAction};

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
    let mut g = fighting("Suppressed Fury", &TEAM3, &["Stunning Blow"], &[]);
    damage_round(&mut g, MULDER);
    priority_to(&mut g, 0);
    play_on(&mut g, 0, "Stunning Blow", adversary());
    resolve(&mut g);
    let ev = damage_round(&mut g, MULDER);
    assert_eq!(foes_dealt(&ev), 2, "not yet: the next round");
    let ev = damage_round(&mut g, SCULLY);
    assert_eq!(foes_dealt(&ev), 0);
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
