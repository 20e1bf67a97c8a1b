//! X-File Powers (optional rule, Advanced Rules pp. 43-45): one test per
//! Power, in a set-up position with seat 1 the Conspiracy player, plus the
//! rules around them: the option, announcing (and its tokens), only the
//! Conspiracy player using them (Ancillary Documentation p. 14), and the
//! X-File itself never named. The Killer-card win (p. 42) is here too.

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{self, CardIdx, CardType, Keyword, Pool, Skill, Trait};
use xfiles_bot::engine::xfiles::{Phase, Target, XfAction, XfEvent, XfGame};
use xfiles_bot::engine::{Audience, Event, Game, Seat};

/// Seat `seat` plays with an X-File of this value and announces it.
fn gain(g: &mut XfGame, seat: Seat, value: Trait) -> Vec<Event<XfEvent>> {
    g.options.powers = true;
    let x = cards::db()
        .iter()
        .find(|(_, c)| {
            c.kind == CardType::XFile
                && c.characteristics
                    .is_some_and(|ch| ch.get(value.category()) == value)
        })
        .expect("an X-File of that value")
        .0;
    g.players[usize::from(seat)].xfile = Some(x);
    act(
        g,
        seat,
        XfAction::Announce {
            category: value.category(),
        },
    )
}

fn power(value: Trait, target: Option<Target>) -> XfAction {
    XfAction::UsePower {
        value,
        ability: 0,
        target,
    }
}

fn tokens(g: &XfGame, seat: Seat, value: Trait) -> u8 {
    g.player(seat)
        .powers
        .iter()
        .find(|p| p.value == value)
        .expect("gained")
        .tokens
}

/// No public event names the seat's X-File.
fn x_file_unnamed(g: &XfGame, seat: Seat, events: &[Event<XfEvent>]) {
    let x = g.player(seat).xfile.expect("chosen");
    let text = format!(
        "{:?}",
        events
            .iter()
            .filter(|e| e.audience == Audience::All)
            .collect::<Vec<_>>()
    );
    assert!(
        !text.contains(&format!("CardIdx({})", x.0)),
        "an event names the X-File: {text}"
    );
}

/// The first official card of a type for which `ok` holds.
fn official(kind: CardType, ok: impl Fn(CardIdx) -> bool) -> CardIdx {
    cards::db()
        .iter()
        .find(|(i, c)| c.kind == kind && c.set.is_official() && ok(*i))
        .expect("such a card")
        .0
}

fn printed(c: CardIdx) -> u32 {
    XfGame::cost_of(c, 0)
}

#[test]
fn powers_p43_need_the_option_and_announcing_places_the_tokens() {
    let mut g = two(&[], &[]);
    let r = refused(
        &g,
        1,
        XfAction::Announce {
            category: Trait::Threats.category(),
        },
    );
    assert!(r.reason.contains("powers:true"), "{}", r.reason);
    let events = gain(&mut g, 1, Trait::Threats);
    assert_eq!(tokens(&g, 1, Trait::Threats), 3, "Threats: three tokens");
    assert!(events.iter().any(|e| e.audience == Audience::All
        && matches!(
            e.body,
            XfEvent::Announced {
                value: Trait::Threats,
                ..
            }
        )));
    let again = refused(
        &g,
        1,
        XfAction::Announce {
            category: Trait::Threats.category(),
        },
    );
    assert!(
        again.reason.contains("already announced"),
        "{}",
        again.reason
    );
}

#[test]
fn powers_ad_p14_are_used_by_the_conspiracy_player_only() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 0, Trait::PhysiologicalImbalance);
    let r = refused(&g, 0, power(Trait::PhysiologicalImbalance, None));
    assert!(r.reason.contains("Conspiracy player"), "{}", r.reason);
}

#[test]
fn a_power_of_a_value_the_x_file_does_not_have_is_refused() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 1, Trait::Threats);
    let r = refused(&g, 1, power(Trait::Violence, None));
    assert!(r.reason.contains("not Violence"), "{}", r.reason);
}

#[test]
fn physiological_imbalance_p45_subtracts_two_once_per_turn_for_a_token() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 1, Trait::PhysiologicalImbalance);
    priority_to(&mut g, 1);
    let before = total(&g);
    let events = act(&mut g, 1, power(Trait::PhysiologicalImbalance, None));
    assert_eq!(total(&g), before - 2);
    assert_eq!(tokens(&g, 1, Trait::PhysiologicalImbalance), 2);
    x_file_unnamed(&g, 1, &events);
    let r = refused(&g, 1, power(Trait::PhysiologicalImbalance, None));
    assert!(r.reason.contains("already used this turn"), "{}", r.reason);
}

#[test]
fn using_a_power_not_yet_announced_announces_it_first_p43() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 1, Trait::Threats);
    // The same X-File's Result is announced by using its Power.
    let result = cards::db()
        .get(g.player(1).xfile.unwrap())
        .characteristics
        .unwrap()
        .get(Trait::Death.category());
    if result == Trait::PhysiologicalImbalance {
        priority_to(&mut g, 1);
        let events = act(&mut g, 1, power(result, None));
        assert!(
            events
                .iter()
                .any(|e| matches!(e.body, XfEvent::Announced { .. }))
        );
    }
    assert!(g.player(1).announced.contains(&Trait::Threats.category()));
}

#[test]
fn threats_p44_negates_a_witness_the_active_player_plays() {
    let witness = title(id(SHEILA_BRAUN));
    let mut g = checking(Skill::Behavioral, &[MULDER, SCULLY], &[witness], &[]);
    gain(&mut g, 1, Trait::Threats);
    play_on(&mut g, 0, witness, None);
    priority_to(&mut g, 1);
    let events = act(&mut g, 1, power(Trait::Threats, Some(Target::Stack(0))));
    assert!(g.stack.is_empty(), "the Witness is negated");
    assert!(g.player(0).discard.contains(&id(SHEILA_BRAUN)));
    assert_eq!(tokens(&g, 1, Trait::Threats), 2);
    x_file_unnamed(&g, 1, &events);
}

#[test]
fn manipulation_p44_makes_cp_events_one_cp_cheaper_for_the_conspiracy() {
    let mut g = two(&[], &[]);
    let event = official(CardType::Event, |c| {
        printed(c) >= 2 && cards::db().get(c).cost.is_some_and(|k| k.pool == Pool::Cp)
    });
    let before = g.cost_now(1, event, Pool::Cp, 0);
    gain(&mut g, 1, Trait::Manipulation);
    assert_eq!(g.cost_now(1, event, Pool::Cp, 0), before - 1);
    assert_eq!(
        g.cost_now(0, event, Pool::Cp, 0),
        before,
        "only its owner's"
    );
}

#[test]
fn security_p44_makes_bluffs_one_cp_cheaper_two_under_a_site() {
    let mut g = two(&[], &[]);
    let bluff = official(CardType::Bluff, |c| printed(c) >= 3);
    let before = g.bluff_cost(1, bluff, 0);
    assert_eq!(before, printed(bluff) - 1, "one less under a Site (p. 25)");
    gain(&mut g, 1, Trait::Security);
    assert_eq!(g.bluff_cost(1, bluff, 0), printed(bluff) - 2);
}

#[test]
fn manipulation_of_evidence_p45_makes_the_active_players_sites_cost_one_rp_more() {
    let mut g = two(&[], &[]);
    let site = official(CardType::Site, |c| printed(c) >= 1);
    let before = g.cost_now(0, site, Pool::Rp, 0);
    gain(&mut g, 1, Trait::ManipulationOfEvidence);
    assert_eq!(g.cost_now(0, site, Pool::Rp, 0), before + 1);
}

#[test]
fn affiliation_powers_p43_let_adversaries_of_that_keyword_be_played_at_any_site() {
    let base = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    let adversaries: Vec<CardIdx> = cards::db()
        .iter()
        .filter(|(_, c)| c.kind == CardType::Adversary && c.set.is_official())
        .map(|(i, _)| i)
        .collect();
    for value in Trait::of(Trait::Alien.category()) {
        let keyword: Keyword = value.as_str().parse().expect("a Keyword");
        let mut g = base.clone();
        g.players[1].cp = 40;
        let before: Vec<bool> = adversaries
            .iter()
            .map(|a| g.activators_hold(1, *a).is_ok())
            .collect();
        gain(&mut g, 1, *value);
        let mut opened = 0;
        for (a, was) in adversaries.iter().zip(before) {
            let now = g.activators_hold(1, *a).is_ok();
            let theirs = cards::db().get(*a).has_keyword(keyword);
            if !theirs {
                assert_eq!(now, was, "{value} changes nothing for {}", title(*a));
            } else if now && !was {
                opened += 1;
            }
        }
        assert!(
            opened > 0,
            "{value}: no {keyword:?} Adversary became playable"
        );
    }
}

#[test]
fn abduction_p45_puts_an_agent_ten_cards_down_face_up() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 1, Trait::Abduction);
    priority_to(&mut g, 1);
    act(&mut g, 1, power(Trait::Abduction, agent_target(0, SCULLY)));
    assert!(g.player(0).agents.iter().all(|a| a.card != id(SCULLY)));
    assert!(g.player(0).face_up.contains(&id(SCULLY)));
    assert_eq!(tokens(&g, 1, Trait::Abduction), 1);
}

#[test]
fn ideology_p44_changes_one_keyword_of_a_site_once_per_turn() {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    gain(&mut g, 1, Trait::Ideology);
    priority_to(&mut g, 1);
    let before = g.sites[0].keywords.clone();
    act(&mut g, 1, power(Trait::Ideology, Some(Target::Site(0))));
    let c = g.choice.clone().expect("which Keyword");
    act(&mut g, 1, XfAction::Choose { picks: vec![0] });
    if g.choice.is_some() {
        act(&mut g, 1, XfAction::Choose { picks: vec![0] });
    }
    assert_ne!(g.sites[0].keywords, before, "after {}", c.prompt);
    let r = refused(&g, 1, power(Trait::Ideology, Some(Target::Site(0))));
    assert!(r.reason.contains("already used this turn"), "{}", r.reason);
}

#[test]
fn knowledge_p44_shows_the_active_players_hand_after_their_draw() {
    let mut g = two(&[], &[]);
    gain(&mut g, 1, Trait::Knowledge);
    act(
        &mut g,
        0,
        XfAction::Brief {
            draw: true,
            to_conspiracy: vec![],
        },
    );
    act(&mut g, 0, XfAction::Buy { count: 0 });
    assert!(matches!(g.phase, Phase::Trade(1)));
    let events = act(&mut g, 1, power(Trait::Knowledge, None));
    let hand = g.player(0).hand.clone();
    assert!(events.iter().any(|e| e.audience == Audience::only(1)
        && matches!(&e.body, XfEvent::SeenPrivately { cards, .. } if *cards == hand)));
    assert_eq!(tokens(&g, 1, Trait::Knowledge), 1);
    x_file_unnamed(&g, 1, &events);
}

/// Seat 0's next Healing Phase begins: seat 1's Power asks first.
fn to_healing(g: &mut XfGame) {
    let mut guard = 0;
    while g.choice.is_none() {
        guard += 1;
        assert!(guard < 40, "no Healing Phase question");
        let active = g.active;
        match g.phase {
            Phase::Draw => act(
                g,
                active,
                XfAction::Brief {
                    draw: true,
                    to_conspiracy: vec![],
                },
            ),
            Phase::Buy => act(g, active, XfAction::Buy { count: 0 }),
            Phase::Trade(s) => act(
                g,
                s,
                XfAction::Trade {
                    sell: vec![],
                    buy: 0,
                },
            ),
            _ => {
                advance(g, Phase::Draw);
                continue;
            }
        };
    }
    assert_eq!(g.active, 0);
}

/// Answers the pending yes/no question of the Power.
fn say(g: &mut XfGame, yes: bool) {
    let c = g.choice.clone().expect("the Power asks");
    assert_eq!(c.seat, 1, "{}", c.prompt);
    let i = c
        .options
        .iter()
        .position(|o| {
            o.label
                .to_lowercase()
                .starts_with(if yes { "yes" } else { "no" })
        })
        .expect("yes/no");
    act(
        g,
        1,
        XfAction::Choose {
            picks: vec![i as u16],
        },
    );
}

#[test]
fn control_p44_takes_one_rp_in_the_active_players_healing_phase() {
    let mut g = two(&[], &[]);
    gain(&mut g, 1, Trait::Control);
    to_healing(&mut g);
    g.players[0].rp = 5;
    say(&mut g, true);
    assert_eq!(rp(&g, 0), 4);
    assert_eq!(g.phase, Phase::Requisition);
}

#[test]
fn subterfuge_p44_makes_the_active_player_discard_a_card_of_their_choice() {
    let mut g = two(&[], &[]);
    gain(&mut g, 1, Trait::Subterfuge);
    to_healing(&mut g);
    let hand = g.player(0).hand.len();
    say(&mut g, true);
    let c = g.choice.clone().expect("the active player chooses");
    assert_eq!(c.seat, 0, "their choice");
    act(&mut g, 0, XfAction::Choose { picks: vec![0] });
    assert_eq!(g.player(0).hand.len(), hand - 1);
}

#[test]
fn survival_p45_damages_an_agent_but_not_the_same_one_twice_running() {
    let mut g = two(&[], &[]);
    gain(&mut g, 1, Trait::Survival);
    to_healing(&mut g);
    say(&mut g, true);
    pick(&mut g, &["Mulder"]);
    let mulder = g.agent(agent(0, MULDER)).unwrap().damage;
    assert_eq!(mulder, 1);
    to_healing(&mut g);
    say(&mut g, true);
    assert!(
        !options(&g).iter().any(|o| o.contains("Mulder")),
        "Mulder was damaged last time: {:?}",
        options(&g)
    );
}

#[test]
fn insanity_p45_a_witness_the_active_team_plays_hurts_one_of_its_agents() {
    let witness = title(id(SHEILA_BRAUN));
    let mut g = checking(Skill::Behavioral, &[MULDER, SCULLY], &[witness], &[]);
    gain(&mut g, 1, Trait::Insanity);
    play_on(&mut g, 0, witness, None);
    resolve(&mut g);
    let c = g.choice.clone().expect("the Team's player chooses");
    assert_eq!(c.seat, 0, "opponent's choice");
    pick(&mut g, &["Scully"]);
    assert_eq!(wounds(&g, SCULLY), 1);
}

#[test]
fn killer_cards_p42_win_when_every_opposing_agent_is_removed() {
    let weiss = card("Agent Weiss");
    let killer = "Agent Weiss Killed By Unknown Toxin";
    let mut g = checking(Skill::Observation, &[weiss], &[], &[killer]);
    assert!(g.options.killer, "the players agreed to Killer cards");
    // Set-up: Weiss is the last Agent seat 0 has in play.
    g.players[0].agents.retain(|a| a.card == id(weiss));
    priority_to(&mut g, 1);
    play_on(&mut g, 1, killer, None);
    resolve(&mut g);
    assert!(
        g.player(0).agents.is_empty(),
        "Weiss is removed from the game"
    );
    let outcome = g.outcome().expect("the game is over");
    assert!(
        format!("{outcome:?}").contains("removed every opposing Agent"),
        "{outcome:?}"
    );
}

#[test]
fn without_killer_cards_removing_every_agent_wins_nothing_p42() {
    let weiss = card("Agent Weiss");
    let killer = "Agent Weiss Killed By Unknown Toxin";
    let mut g = checking(Skill::Observation, &[weiss], &[], &[killer]);
    g.players[0].agents.retain(|a| a.card == id(weiss));
    g.options.killer = false;
    priority_to(&mut g, 1);
    let r = play_refused(&g, 1, killer, None);
    assert!(r.contains("Killer cards are not used"), "{r}");
}

// Violence, Death and Possession (pp. 44-45) are proven through their
// commands from the printed rules in tests/cards/powers/: only an eligible
// Adversary played at once for 2 CP less, a Combat card aimed at one's own
// Adversary free once per combat, an Agent hurt in this combat attacking a
// teammate every round.
