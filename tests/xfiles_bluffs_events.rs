//! Golden tests for the official Bluffs and Events: families that share a
//! printed pattern ("(1) = -1, (3) = -2 ...", "Subtract 4 from one Team's A
//! or B skill check", "change the Site Prerequisite to SKILL 3+", "give any
//! one Agent A skill equal to their B skill") are swept with the expectation
//! read from the printed text; single cards get a test of their own.

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{self, CardType, Section, Skill};
use xfiles_bot::engine::xfiles::{Phase, Target, XfAction, XfGame};
use xfiles_bot::engine::{Game, step};

const TEAM3: [&str; 3] = [MULDER, SCULLY, LAMANA];

fn skill(words: &str) -> Option<Skill> {
    Skill::parse_loose(&words.trim().trim_end_matches('.').to_lowercase())
}

/// "A, B, C" / "A or B" / "A, B or C" as skills.
fn skills(list: &str) -> Vec<Skill> {
    list.replace(" or ", ", ")
        .split(", ")
        .filter_map(skill)
        .collect()
}

fn number(w: &str) -> Option<i32> {
    match w {
        "a" | "one" | "the" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        n => n.parse().ok(),
    }
}

/// The modifiers cards put on the Site check.
fn site_mods(g: &XfGame) -> i32 {
    g.site_check().unwrap().mods.iter().map(|m| m.amount).sum()
}

fn investigative(s: Skill) -> bool {
    s.is_investigative()
}

#[test]
fn x_cost_bluffs_subtract_what_their_printed_table_gives_for_each_x() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Bluff) {
        let Some((_, rest)) = text.rsplit_once("one of the following skills: ") else {
            continue;
        };
        let (list, table) = rest.split_once(". ").expect("a table follows");
        assert!(table.contains("(1) = -1, (3) = -2, (5) = -3, (9) = -4"));
        for s in skills(list).into_iter().filter(|s| investigative(*s)) {
            for (x, by) in [(1, -1), (3, -2), (5, -3), (9, -4)] {
                let mut g = bluffed(site_using(s), &TEAM3, title, x, &[]);
                resolve(&mut g);
                assert_eq!(site_mods(&g), by, "{title} with X = {x} on {s:?}");
                swept += 1;
            }
        }
    }
    assert!(swept >= 6 * 3 * 4, "{swept} checks");
}

#[test]
fn subtract_four_bluffs_take_four_from_either_named_skill() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Bluff) {
        let Some(rest) = text.strip_prefix("Subtract 4 from ") else {
            continue;
        };
        let list = rest
            .trim_start_matches("one ")
            .trim_start_matches("Team's ")
            .trim_end_matches(" skill check.");
        let named = skills(list);
        assert_eq!(named.len(), 2, "{title}: {list}");
        for s in named {
            let mut g = bluffed(site_using(s), &TEAM3, title, 0, &[]);
            resolve(&mut g);
            assert_eq!(site_mods(&g), -4, "{title} on {s:?}");
            // Another skill's Site is untouched.
            let other = [Skill::Medical, Skill::Computer]
                .into_iter()
                .find(|o| {
                    !list
                        .to_uppercase()
                        .contains(&format!("{o:?}").to_uppercase())
                })
                .unwrap();
            let mut g = bluffed(site_using(other), &TEAM3, title, 0, &[]);
            resolve(&mut g);
            assert_eq!(site_mods(&g), 0, "{title} on {other:?}");
            swept += 1;
        }
    }
    assert!(swept >= 12, "{swept}");
}

#[test]
fn prerequisite_bluffs_set_or_swap_the_site_skill_as_printed() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Bluff) {
        if let Some((_, to)) = text.split_once("Site Prerequisite to ")
            && let Some(s) = to.strip_suffix(" 3+.").and_then(skill)
        {
            let from = if s == Skill::Behavioral {
                Skill::Observation
            } else {
                Skill::Behavioral
            };
            let mut g = bluffed(site_using(from), &TEAM3, title, 0, &[]);
            resolve(&mut g);
            assert_eq!(g.site_check().unwrap().needs, vec![(s, 3)], "{title}");
            swept += 1;
        } else if let Some((_, pair)) = text.split_once(" from ")
            && text.contains("Site Prerequisite")
            && let Some((from, to)) = pair.split('.').next().and_then(|p| p.split_once(" to "))
            && let (Some(from), Some(to)) = (skill(from.trim()), skill(to.trim()))
        {
            let mut g = bluffed(site_using(from), &TEAM3, title, 0, &[]);
            let before = g.site_check().unwrap().needs[0].1;
            resolve(&mut g);
            assert_eq!(g.site_check().unwrap().needs, vec![(to, before)], "{title}");
            swept += 1;
        }
    }
    assert!(swept >= 10, "{swept}");
}

#[test]
fn bluffs_that_add_to_the_conspiracy_pool_add_the_printed_amount() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Bluff) {
        let n = if let Some(r) = text.strip_prefix("Play to add ") {
            number(r.split(' ').next().unwrap())
        } else {
            None
        };
        let Some(n) = n else { continue };
        let mut g = bluffed(site_using(Skill::Behavioral), &TEAM3, title, 0, &[]);
        let before = cp(&g, 1);
        resolve(&mut g);
        assert_eq!(cp(&g, 1), before + n as u32, "{title}");
        swept += 1;
    }
    assert!(swept >= 2, "{swept}");
}

#[test]
fn bluffs_that_discard_from_hand_or_deck_take_the_printed_number() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Bluff) {
        let words: Vec<&str> = text.split(' ').collect();
        let Some(i) = words.iter().position(|w| *w == "discard") else {
            continue;
        };
        let Some(n) = words.get(i + 1).and_then(|w| number(w)) else {
            continue;
        };
        let from_deck = text.contains("his Bureau Deck");
        let at_random = text.contains("at random");
        if !from_deck && !at_random {
            continue;
        }
        let mut g = bluffed(site_using(Skill::Behavioral), &TEAM3, title, 0, &[]);
        let (hand, deck) = (g.player(0).hand.len(), g.player(0).deck.len());
        resolve(&mut g);
        if from_deck {
            assert_eq!(g.player(0).deck.len(), deck - n as usize, "{title}");
        } else {
            assert_eq!(g.player(0).hand.len(), hand - n as usize, "{title}");
        }
        swept += 1;
    }
    assert!(swept >= 6, "{swept}");
}

#[test]
fn skill_as_events_give_the_agent_the_other_skill_for_the_turn() {
    let mut swept = 0;
    for (title, text) in official_texts(CardType::Event) {
        let Some(rest) = text.strip_prefix("Play this card to give any one Agent ") else {
            continue;
        };
        let (gets, from) = rest.split_once(" equal to their ").unwrap();
        let gets = skill(
            gets.trim_end_matches(" skill level")
                .trim_end_matches(" skill"),
        )
        .unwrap();
        let from = skill(from.split(" skill").next().unwrap()).unwrap();
        let mut g = checking(Skill::Behavioral, &TEAM3, &[title], &[]);
        let who = TEAM3
            .into_iter()
            .find(|a| g.agent_skill(agent(0, a), gets) < g.agent_skill(agent(0, a), from))
            .expect("an Agent with less of the skill given");
        play_on(&mut g, 0, title, agent_target(0, who));
        resolve(&mut g);
        let a = agent(0, who);
        assert_eq!(g.agent_skill(a, gets), g.agent_skill(a, from), "{title}");
        swept += 1;
    }
    assert!(swept >= 7, "{swept}");
}

#[test]
fn training_takes_the_agent_away_one_of_its_owners_turns_and_adds_the_skill() {
    // Rulings notes 4 (FAQ97 #38, #47): played on turn 1, absent on the
    // owner's turn 2, back on turn 3; the bonus is permanent.
    for (title, mode, s) in [
        ("Core Training", 1, Skill::EvidenceCollection),
        ("In-Service Training", 0, Skill::Computer),
        ("Expert Briefing", 2, Skill::Subterfuge),
        ("X-Files Research", 0, Skill::AlienInvestigation),
    ] {
        let mut g = two(&[card(title)], &[]);
        advance(&mut g, Phase::Requisition);
        g.players[0].rp = 10;
        let before = g.agent_skill(agent(0, LAMANA), s);
        play_with(&mut g, 0, title, agent_target(0, LAMANA), mode, 1);
        resolve(&mut g);
        assert!(
            g.player(0)
                .agents
                .iter()
                .any(|a| a.card == id(LAMANA) && a.away.is_some())
        );
        assert_eq!(g.agent_skill(agent(0, LAMANA), s), before + 1, "{title}");
        let back_on = |g: &XfGame| {
            g.player(0)
                .agents
                .iter()
                .any(|a| a.card == id(LAMANA) && a.away.is_none())
        };
        for _ in 0..2 {
            end_turn(&mut g);
            end_turn(&mut g);
            if g.turn < 5 {
                assert!(!back_on(&g), "{title}: still away on the owner's next turn");
            }
        }
        assert!(back_on(&g), "{title}: back on the turn after");
    }
}

#[test]
fn x_files_research_may_not_train_mulder_or_scully() {
    let mut g = two(&[card("X-Files Research")], &[]);
    advance(&mut g, Phase::Requisition);
    g.players[0].rp = 10;
    let why = play_refused(&g, 0, "X-Files Research", agent_target(0, MULDER));
    assert!(!why.is_empty());
}

#[test]
fn alien_experimentation_answers_hard_evidence_outside_a_skill_check() {
    // The example (Activators, pp. 16 and 28): an Event played
    // outside any check still opens a window for the opponent's answer.
    let mut g = two(&[card("Hard Evidence")], &[card("Alien Experimentation")]);
    advance(&mut g, Phase::Requisition);
    let rp_before = rp(&g, 0);
    play_on(&mut g, 0, "Hard Evidence", None);
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Alien Experimentation", Some(Target::Stack(0)));
    resolve(&mut g);
    assert_eq!(rp(&g, 0), rp_before - 2, "paid 2 RP and gained nothing");
    let mut g = two(&[card("Hard Evidence")], &[]);
    advance(&mut g, Phase::Requisition);
    let rp_before = rp(&g, 0);
    play_on(&mut g, 0, "Hard Evidence", None);
    resolve(&mut g);
    assert_eq!(rp(&g, 0), rp_before - 2 + 5);
}

#[test]
fn unexplainable_time_loss_ends_the_turn_when_the_check_fails() {
    // Rulings notes 6: the turn is over at once, with no Debriefing.
    let mut g = checking(
        Skill::Behavioral,
        &[LAMANA],
        &[],
        &["Unexplainable Time Loss"],
    );
    let turn = g.turn;
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Unexplainable Time Loss", None);
    resolve(&mut g);
    let mut guard = 0;
    while g.turn == turn && g.outcome().is_none() {
        guard += 1;
        assert!(guard < 20);
        let s = g.to_act()[0];
        act(&mut g, s, XfAction::Pass);
    }
    assert_eq!(g.active, 1, "the opponent's turn began");
}

#[test]
fn radioactive_area_raises_the_prerequisite_and_burns_a_failing_team() {
    let site = site_using(Skill::Behavioral);
    let mut g = bluffed(site, &[LAMANA], "Radioactive Area", 0, &[]);
    let before = g.site_check().unwrap().needs[0].1;
    resolve(&mut g);
    assert_eq!(g.site_check().unwrap().needs[0].1, before + 1);
    pass_until_resolved(&mut g);
    assert_eq!(wounds(&g, LAMANA), 1, "the Team failed: one point each");
}

#[test]
fn sinus_cavity_implant_lowers_the_agents_res_by_one() {
    let mut g = bluffed(
        site_using(Skill::Behavioral),
        &[MULDER],
        "Sinus Cavity Implant",
        0,
        &[],
    );
    let before = g.agent_res(agent(0, MULDER));
    resolve(&mut g);
    if g.choice.is_some() {
        pick(&mut g, &["Agent Fox Mulder"]);
    }
    assert_eq!(g.agent_res(agent(0, MULDER)), before - 1);
}

#[test]
fn section_chief_mcgrath_sends_an_agent_back_and_keeps_its_skills_out() {
    let mut g = bluffed(
        site_using(Skill::Behavioral),
        &[MULDER, SCULLY],
        "Section Chief Joseph Mcgrath",
        0,
        &[],
    );
    resolve(&mut g);
    pick(&mut g, &["Agent Fox Mulder"]);
    resolve(&mut g);
    assert_eq!(section(&g, 0, MULDER), Section::Bureau);
    assert!(!g.site_check().unwrap().team.contains(&id(MULDER)) || total(&g) < 4);
}

fn end_turn(g: &mut XfGame) {
    let turn = g.turn;
    let mut guard = 0;
    while g.turn == turn {
        guard += 1;
        assert!(guard < 200, "the turn does not end");
        let s = g.to_act()[0];
        // Done where the phase allows it, else pass the window; let Bluffs go.
        let legal = g.legal_actions(s);
        let next = [
            XfAction::PayBluff { pay: false, x: 0 },
            XfAction::Done,
            XfAction::Pass,
            XfAction::Brief {
                draw: false,
                to_conspiracy: vec![],
            },
            XfAction::Buy { count: 0 },
            XfAction::Trade {
                sell: vec![],
                buy: 0,
            },
        ]
        .into_iter()
        .find(|a| step(g, s, a).is_ok())
        .unwrap_or_else(|| panic!("seat {s} may only {legal:?}"));
        act(g, s, next);
    }
}

#[test]
fn clone_shuffles_a_witness_just_played_back_into_its_deck_without_benefit() {
    let mut g = checking(Skill::Behavioral, &TEAM3, &["Dr. Sheila Braun"], &["Clone"]);
    let deck = g.player(0).deck.len();
    play_on(&mut g, 0, "Dr. Sheila Braun", None);
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Clone", Some(Target::Stack(0)));
    resolve(&mut g);
    assert_eq!(site_mods(&g), 0, "no +2 from the Witness");
    assert_eq!(g.player(0).deck.len(), deck + 1);
    assert!(g.player(0).deck.contains(&id(card("Dr. Sheila Braun"))));
}

#[test]
fn a_friend_in_the_fbi_stays_in_play_with_ten_tokens() {
    let mut g = two(&[card("A Friend In The FBI")], &[]);
    advance(&mut g, Phase::Requisition);
    g.players[0].rp = 10;
    play_on(&mut g, 0, "A Friend In The FBI", None);
    resolve(&mut g);
    let friend = id(card("A Friend In The FBI"));
    let perm = g.perms.iter().find(|p| p.card == friend).expect("in play");
    assert_eq!(perm.tokens, 10);
}

#[test]
fn road_trip_lets_a_team_that_passes_criminal_investigation_6_investigate_two_sites() {
    let road = card("Road Trip");
    let team = [MULDER, SCULLY, SKINNER];
    let mut g = many_with(&team, &[&[AUBREY, CAPE_COD, road], &[]]);
    advance(&mut g, Phase::Deployment);
    to_field(&mut g, 0, &team);
    g.players[0].rp = 20;
    play_on(&mut g, 0, "Road Trip", agent_target(0, MULDER));
    resolve(&mut g);
    pick_if(&mut g, "Mulder");
    resolve(&mut g);
    act(&mut g, 0, XfAction::Done);
    for s in [AUBREY, CAPE_COD] {
        act(&mut g, 0, site(s));
    }
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    act(&mut g, 0, investigate(0, &team));
    pass_until_resolved(&mut g);
    advance(&mut g, Phase::Investigation);
    let second = g
        .sites
        .iter()
        .position(|s| s.card == id(CAPE_COD))
        .expect("Cape Cod");
    act(&mut g, 0, investigate(second, &team));
    pass_until_resolved(&mut g);
    advance(&mut g, Phase::Investigation);
    // A third Site is one too many: the card was used up.
    let r = refused(&g, 0, investigate(0, &team));
    assert!(
        r.reason.contains("already investigated") || r.reason.contains("Site"),
        "{}",
        r.reason
    );
}

#[test]
fn no_place_is_safe_gives_the_bureau_a_site_keyword_for_the_turn() {
    let mut g = two(&[], &[card("No Place Is Safe")]);
    g.players[1].cp = 20;
    play_with(&mut g, 1, "No Place Is Safe", None, 3, 0);
    resolve(&mut g);
    let bureau: Vec<_> = g
        .player(0)
        .agents
        .iter()
        .filter(|a| a.section == Section::Bureau)
        .map(|a| a.card)
        .collect();
    assert!(!bureau.is_empty());
    for c in bureau {
        let k = g.team_site_keywords(xfiles_bot::engine::xfiles::AgentRef { seat: 0, card: c });
        assert!(k.contains(&xfiles_bot::cards::Keyword::Result), "{k:?}");
    }
}

#[test]
fn smoke_screen_keeps_government_adversaries_off_the_designated_field_team() {
    let team = [MULDER, SCULLY, SKINNER];
    let mut g = many_with(&team, &[&[card("Smoke Screen")], &[]]);
    advance(&mut g, Phase::Deployment);
    to_field(&mut g, 0, &[MULDER, SCULLY]);
    g.players[0].rp = 20;
    play_on(&mut g, 0, "Smoke Screen", None);
    resolve(&mut g);
    pick_if(&mut g, "Skinner");
    resolve(&mut g);
    pick_if(&mut g, "Mulder");
    let government = cards::db()
        .iter()
        .find(|(_, c)| {
            c.kind == CardType::Adversary && c.has_keyword(xfiles_bot::cards::Keyword::Government)
        })
        .unwrap()
        .0;
    assert!(g.shielded_from(agent(0, MULDER), government).is_some());
    assert!(
        g.shielded_from(agent(0, SKINNER), government).is_none(),
        "Skinner stayed in the Bureau"
    );
}

#[test]
fn trap_leaves_one_agent_of_the_conspiracy_players_choice_to_fight() {
    // Scully (OBSERVATION 2) and Lamana (0) fail the OBSERVATION 4+ check.
    let mut g = fighting("The Mechanic", &[SCULLY, LAMANA], &[], &["Trap"]);
    g.players[1].cp = 20;
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Trap", None);
    // Everyone passes through the forced check until the choice.
    for _ in 0..10 {
        if g.choice.is_some() {
            break;
        }
        let s = g.to_act()[0];
        act(&mut g, s, XfAction::Pass);
    }
    pick(&mut g, &["Scully"]);
    let c = g.combat().expect("fighting");
    let left = format!("{:?}", c.left);
    assert!(
        left.contains(&format!("{:?}", id(LAMANA))),
        "Lamana is out: {left}"
    );
    assert!(
        !left.contains(&format!("{:?}", id(SCULLY))),
        "Scully fights: {left}"
    );
}

#[test]
fn thorough_documentation_stays_after_a_successful_site_check_for_a_later_plus_two() {
    let doc = card("Thorough Documentation");
    let mut g = two(&[AUBREY, doc], &[]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    play_on(&mut g, 0, "Thorough Documentation", None);
    pass_until_resolved(&mut g);
    let kept = g
        .perms
        .iter()
        .find(|p| p.card == id(doc))
        .expect("in the Bureau");
    assert!(
        kept.data.get("earned").is_some(),
        "the Site check succeeded"
    );
    // In this same check it could not add anything: only a later one.
    let use_it = XfAction::Use {
        card: id(doc),
        agent: None,
        ability: 0,
        target: None,
    };
    assert!(step(&g, 0, &use_it).is_err());
}

#[test]
fn the_cigarette_smoking_man_strikes_changes_a_keyword_of_an_opponents_card() {
    let witness = title(id(SHEILA_BRAUN));
    let csm = "The Cigarette-Smoking Man Strikes";
    let mut g = checking(Skill::Behavioral, &[MULDER, SCULLY], &[witness], &[csm]);
    play_on(&mut g, 0, witness, None);
    priority_to(&mut g, 1);
    play_on(&mut g, 1, csm, Some(Target::Stack(0)));
    act(&mut g, 0, XfAction::Pass);
    let old = g.choice.as_ref().map(|c| c.options[0].label.clone());
    if g.choice.is_some() {
        act(&mut g, 1, XfAction::Choose { picks: vec![0] });
    }
    pick(&mut g, &["Alien"]);
    let braun = g.stack.last().expect("the Witness waits");
    assert!(
        braun.keywords.contains(&xfiles_bot::cards::Keyword::Alien),
        "{old:?}"
    );
}

#[test]
fn sacrificing_a_pawn_discards_an_adversary_to_add_a_keyword_to_an_opponents_site() {
    let mut g = checking(
        Skill::Behavioral,
        &[MULDER, SCULLY],
        &[],
        &["Sacrificing a Pawn", "The Mechanic"],
    );
    priority_to(&mut g, 1);
    let before = g.sites[0].keywords.clone();
    play_on(&mut g, 1, "Sacrificing a Pawn", None);
    resolve(&mut g);
    let c = g.choice.clone().expect("which Keyword");
    let i = c
        .options
        .iter()
        .position(|o| o.label.to_lowercase().contains("killer"))
        .unwrap_or(0);
    act(
        &mut g,
        1,
        XfAction::Choose {
            picks: vec![i as u16],
        },
    );
    assert_eq!(g.sites[0].keywords.len(), before.len() + 1);
    assert!(g.player(1).discard.contains(&id(card("The Mechanic"))));
}

#[test]
fn white_buffalo_heals_one_wound_or_removes_one_game_effect_token() {
    let mut g = two(&[card("White Buffalo")], &[]);
    g.players[0].rp = 20;
    let mulder = agent(0, MULDER);
    g.players[0]
        .agents
        .iter_mut()
        .find(|a| a.card == mulder.card)
        .unwrap()
        .damage = 2;
    play_on(&mut g, 0, "White Buffalo", agent_target(0, MULDER));
    resolve(&mut g);
    assert_eq!(g.agent(mulder).unwrap().damage, 1);
}

#[test]
fn the_video_trap_offers_a_free_draw_in_each_opponents_briefing() {
    let trap = card("The Video Trap");
    let mut g = two(&[], &[trap]);
    g.players[1].cp = 20;
    // Seat 1 plays it on seat 0's turn; it waits by seat 1's X-File.
    advance(&mut g, Phase::Requisition);
    play_on(&mut g, 1, "The Video Trap", None);
    resolve(&mut g);
    assert!(g.perms.iter().any(|p| p.card == id(trap)));
    // Seat 1's own Briefing: nothing; seat 0's next Briefing: a free draw.
    advance(&mut g, Phase::Draw);
    assert_eq!(g.active, 1);
    assert!(g.choice.is_none(), "not in its controller's own Briefing");
    advance(&mut g, Phase::Requisition);
    let hand = g.player(1).hand.len();
    let mut guard = 0;
    while g.choice.is_none() {
        guard += 1;
        assert!(guard < 20, "no free draw offered");
        advance(&mut g, Phase::Draw);
        if g.active == 0 {
            break;
        }
        advance(&mut g, Phase::Requisition);
    }
    let c = g
        .choice
        .clone()
        .expect("asked at the start of seat 0's Briefing");
    assert_eq!(c.seat, 1);
    pick(&mut g, &["Yes"]);
    assert_eq!(g.player(1).hand.len(), hand + 1);
}

/// Seat 0 plays Aubrey, seat 1 places `bluff` under it; seat 0 holds
/// `card_title` and 20 RP in its Investigation Phase.
fn aubrey_bluffed_with(bluff: &str, card_title: &str) -> XfGame {
    aubrey_bluffed_until(bluff, card_title, Phase::Investigation)
}

/// As [`aubrey_bluffed_with`], the game moved on to `phase`.
fn aubrey_bluffed_until(bluff: &str, card_title: &str, phase: Phase) -> XfGame {
    let mut g = many_with(
        &[MULDER, SCULLY, LAMANA],
        &[&[AUBREY, card(card_title)], &[bluff]],
    );
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 1, place_bluff(0, bluff));
    advance(&mut g, phase);
    g.players[0].rp = 20;
    g
}

#[test]
fn losing_your_tail_returns_a_site_to_the_hand_and_discards_its_bluffs() {
    // Played at the end of the Case Assignment Phase, after the Bluffs.
    let bluff = X;
    let mut g = aubrey_bluffed_until(bluff, "Losing Your Tail", Phase::CaseEnd);
    play_on(&mut g, 0, "Losing Your Tail", Some(Target::Site(0)));
    resolve(&mut g);
    assert!(g.sites.is_empty(), "Aubrey went back");
    assert!(g.player(0).hand.contains(&id(AUBREY)));
    assert!(
        g.player(1).discard.contains(&id(bluff)),
        "the Bluff goes to its owner's pile"
    );
}

#[test]
fn losing_your_tail_is_refused_while_a_site_is_being_investigated() {
    // A playout found it returning the Site being resolved to the hand.
    let mut g = two(&[AUBREY, card("Losing Your Tail")], &[]);
    successful_aubrey(&mut g);
    assert!(g.investigation.is_some(), "the Site is being resolved");
    g.players[0].rp = 20;
    let r = play_refused(&g, 0, "Losing Your Tail", Some(Target::Site(0)));
    assert!(!r.is_empty());
    assert_eq!(g.sites.len(), 1);
}

/// Seat 0 puts Yaje in play with two [RP] on it; its Team investigates
/// Aubrey; seat 1 plays the Manitou (OCCULT, 6 CP) with `cp` CP left after.
fn yaje_facing_the_manitou(cp: u32) -> XfGame {
    let mut g = two(&[AUBREY, card("Yaje")], &[MANITOU]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    play_with(&mut g, 0, "Yaje", None, 0, 2);
    resolve(&mut g);
    assert_eq!(rp(&g, 0), 20 - 4 - 2, "4 RP and the two on the card");
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    act(&mut g, 0, XfAction::Pass);
    g.players[1].cp = 6 + cp;
    act(&mut g, 1, play(MANITOU));
    assert_eq!(g.to_act(), vec![0]);
    act(
        &mut g,
        0,
        XfAction::Use {
            card: id(card("Yaje")),
            agent: None,
            ability: 0,
            target: Some(Target::Stack(0)),
        },
    );
    resolve(&mut g);
    g
}

#[test]
fn yaje_doubles_an_occult_adversarys_cost_its_player_pays_it_again() {
    let mut g = yaje_facing_the_manitou(6);
    pick(&mut g, &["Pay 6"]);
    resolve(&mut g);
    assert_eq!(cp(&g, 1), 0);
    assert!(g.combat().is_some(), "the Manitou attacks");
    let yaje = g.perms.iter().find(|p| p.card == id(card("Yaje")));
    assert_eq!(yaje.map(|p| p.tokens), Some(1), "one token left");
}

#[test]
fn yaje_discards_the_adversary_its_player_cannot_pay_for_again() {
    let g = yaje_facing_the_manitou(5);
    assert!(g.choice.is_none(), "5 CP cannot pay 6: nobody is asked");
    assert!(g.combat().is_none());
    assert!(g.player(1).discard.contains(&id(MANITOU)));
    assert_eq!(cp(&g, 1), 5);
}

/// Seat 0 plays Driving in the Deployment Phase (its Team makes CRIMINAL
/// INVESTIGATION 7), then `first` and `second`, and investigates `first`.
fn driving_to(first: &str, second: &str) -> (XfGame, [&'static str; 3]) {
    let team = [MULDER, SCULLY, SKINNER];
    let (first, second) = (card(first), card(second));
    let mut g = many_with(&team, &[&[first, second, card("Driving")], &[]]);
    advance(&mut g, Phase::Deployment);
    to_field(&mut g, 0, &team);
    g.players[0].rp = 20;
    play_on(&mut g, 0, "Driving", agent_target(0, MULDER));
    resolve(&mut g);
    act(&mut g, 0, XfAction::Done);
    for s in [first, second] {
        act(&mut g, 0, site(s));
    }
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    let at = g.sites.iter().position(|s| s.card == id(first)).unwrap();
    act(&mut g, 0, investigate(at, &team));
    pass_until_resolved(&mut g);
    advance(&mut g, Phase::Investigation);
    (g, team)
}

#[test]
fn driving_lets_the_team_investigate_a_second_site_in_the_same_state() {
    let (mut g, team) = driving_to("Arlington, VA", "Marion, VA");
    let second = g
        .sites
        .iter()
        .position(|s| s.card == id(card("Marion, VA")));
    act(&mut g, 0, investigate(second.unwrap(), &team));
    assert!(g.investigation.is_some());
}

#[test]
fn driving_refuses_a_second_site_in_another_state() {
    let (g, team) = driving_to("Arlington, VA", "Aubrey, MO");
    let second = g.sites.iter().position(|s| s.card == id(AUBREY));
    let r = refused(&g, 0, investigate(second.unwrap(), &team));
    assert!(
        r.reason.contains("same state as Arlington, VA"),
        "{}",
        r.reason
    );
}

#[test]
fn misclassified_case_keeps_the_opponents_adversaries_off_its_site() {
    let mut g = two(&[AUBREY, card("Misclassified Case")], &[MANITOU]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    g.players[0].rp = 20;
    play_on(&mut g, 0, "Misclassified Case", Some(Target::Site(0)));
    resolve(&mut g);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    act(&mut g, 0, XfAction::Pass);
    g.players[1].cp = 20;
    let r = refused(&g, 1, play(MANITOU));
    assert!(r.reason.contains("Misclassified Case"), "{}", r.reason);
}

#[test]
fn disbelief_keeps_a_skeptic_out_of_occult_investigation_checks_only() {
    let mut g = checking(
        Skill::OccultInvestigation,
        &[MULDER, SCULLY],
        &[],
        &["Disbelief"],
    );
    let before = total(&g);
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Disbelief", agent_target(0, SCULLY));
    resolve(&mut g);
    assert_eq!(total(&g), before - 1, "Scully's OCCULT INVESTIGATION 1");
    let mut g = checking(Skill::Medical, &[MULDER, SCULLY], &[], &["Disbelief"]);
    let before = total(&g);
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Disbelief", agent_target(0, SCULLY));
    resolve(&mut g);
    assert_eq!(total(&g), before, "Scully still adds her MEDICAL");
}

#[test]
fn persistent_conspiracy_returns_an_adversary_negated_this_turn_to_the_hand() {
    let pc = card("Persistent Conspiracy");
    let mut g = two(&[AUBREY, X], &[MANITOU, pc]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    let r = play_refused(&g, 1, "Persistent Conspiracy", None);
    assert!(!r.is_empty(), "no Adversary was discarded yet");
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    act(&mut g, 0, XfAction::Pass);
    (g.players[0].rp, g.players[1].cp) = (20, 20);
    act(&mut g, 1, play(MANITOU));
    play_on(&mut g, 0, "X", Some(Target::Stack(0)));
    resolve(&mut g);
    assert!(g.player(1).discard.contains(&id(MANITOU)));
    priority_to(&mut g, 1);
    play_on(&mut g, 1, "Persistent Conspiracy", None);
    resolve(&mut g);
    pick_if(&mut g, "Manitou");
    assert!(g.player(1).hand.contains(&id(MANITOU)), "{:?}", g.choice);
    assert!(!g.player(1).discard.contains(&id(MANITOU)));
}

#[test]
fn discovering_the_truth_turns_a_bluff_face_up_for_everyone() {
    let mut g = aubrey_bluffed_with(X, "Discovering the Truth");
    play_on(&mut g, 0, "Discovering the Truth", None);
    resolve(&mut g);
    pick_if(&mut g, "X");
    assert!(g.sites[0].bluffs[0].shown, "X is face up");
}

#[test]
fn cost_doubling_cards_answer_only_adversaries_of_their_printed_keyword() {
    let family = [
        ("FBI Internet Alert", false),
        ("Clean-Up Operation", false),
        ("Yaje", true),
        ("I've Got the Tape", false),
        ("Drag the Lake", false),
    ];
    for (title, occult) in family {
        let mut g = two(&[AUBREY, card(title)], &[MANITOU]);
        field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
        advance(&mut g, Phase::Investigation);
        g.players[0].rp = 20;
        play_with(&mut g, 0, title, None, 0, 1);
        resolve(&mut g);
        act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
        act(&mut g, 0, XfAction::Pass);
        g.players[1].cp = 20;
        act(&mut g, 1, play(MANITOU));
        let use_it = XfAction::Use {
            card: id(card(title)),
            agent: None,
            ability: 0,
            target: Some(Target::Stack(0)),
        };
        assert_eq!(
            step(&g, 0, &use_it).is_ok(),
            occult,
            "{title} against the Manitou (OCCULT)"
        );
    }
}
