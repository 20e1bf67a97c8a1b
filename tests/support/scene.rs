//! Scenes for the cards' golden tests: seat 0's Team investigating a Site
//! (a skill check open), or fighting an Adversary seat 1 played, with the
//! cards each player needs in hand. Cards are named by title.
#![allow(dead_code)]

use super::xf::*;
use xfiles_bot::cards::{self, CardIdx, CardType, Skill};
use xfiles_bot::engine::xfiles::{CombatStep, Phase, Stage, Target, XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, Seat};

/// The id of the first official printing of a title.
pub fn card(title: &str) -> &'static str {
    let db = cards::db();
    let found = db
        .iter()
        .filter(|(_, c)| c.title == title)
        .min_by_key(|(_, c)| !c.set.is_official() as u8)
        .unwrap_or_else(|| panic!("no card titled {title}"));
    found.1.id.as_str()
}

pub fn ids(titles: &[&str]) -> Vec<&'static str> {
    titles.iter().map(|t| card(t)).collect()
}

/// A Site of the first official sets whose Prerequisite is one skill, for
/// which `ok` holds.
fn sites(ok: impl Fn(CardIdx) -> bool) -> Vec<&'static str> {
    cards::db()
        .iter()
        .filter(|(_, c)| c.kind == CardType::Site && c.set.is_official())
        .filter(|(_, c)| {
            c.prerequisite
                .as_ref()
                .is_some_and(|p| p.thresholds().len() == 1)
        })
        .filter(|(i, _)| ok(*i))
        .map(|(_, c)| c.id.as_str())
        .collect()
}

/// `team` padded to a legal starting team: at least three Agents (p. 6);
/// the others stay in the Bureau.
fn starting_team<'a>(team: &[&'a str]) -> Vec<&'a str> {
    let mut whole = team.to_vec();
    for a in [MULDER, SCULLY, LAMANA, SKINNER] {
        if whole.len() < 3 && !whole.contains(&a) {
            whole.push(a);
        }
    }
    whole
}

/// Seat 0 sends `team` (ids) to `site` (an id) and investigates it; nobody
/// bluffs. Seat 0 holds `hand0`, seat 1 `hand1` (titles), 20 RP and 20 CP.
pub fn investigating_at(site: &str, team: &[&str], hand0: &[&str], hand1: &[&str]) -> XfGame {
    equipped_at(site, team, &[], hand0, hand1)
}

/// As [`investigating_at`], seat 0's Agents first given Equipment in the
/// Requisition Phase: (Agent id, Equipment title).
pub fn equipped_at(
    site: &str,
    team: &[&str],
    gear: &[(&str, &str)],
    hand0: &[&str],
    hand1: &[&str],
) -> XfGame {
    let mut h0 = vec![site];
    h0.extend(ids(hand0));
    h0.extend(gear.iter().map(|(_, t)| card(t)));
    let h1 = ids(hand1);
    let whole = starting_team(team);
    let decks = vec![
        deck(&whole, DUANE_BARRY, &h0),
        deck(&whole, THE_MANITOU, &h1),
    ];
    let options = XfOptions {
        killer: true,
        ..XfOptions::default()
    };
    let mut g = game(decks, options);
    for (seat, h) in [(0, &h0), (1, &h1)] {
        arrange(&mut g, seat, h, &[]);
        fill_hand(&mut g, seat, 7 + gear.len() * usize::from(seat == 0));
        g.players[usize::from(seat)].cp = 20;
    }
    if !gear.is_empty() {
        advance(&mut g, Phase::Requisition);
        g.players[0].rp = 40;
        for (a, t) in gear {
            let c = cards::db().get(id(card(t)));
            if c.activators
                .iter()
                .any(|x| x.as_str().eq_ignore_ascii_case("field"))
            {
                to_field(&mut g, 0, &[a]);
            }
            act(
                &mut g,
                0,
                XfAction::Equip {
                    agent: id(a),
                    card: id(card(t)),
                },
            );
        }
    }
    field_and_site(&mut g, team, site, None);
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    g.players[1].cp = 20;
    act(&mut g, 0, investigate(0, team));
    assert_eq!(stage(&g), Some(Stage::Check));
    g
}

/// Official cards of a type with their printed text, one per title and
/// text, and the fan-made cards whose script is reviewed and complete (the
/// family sweeps check both).
pub fn official_texts(kind: CardType) -> Vec<(&'static str, String)> {
    let scripts = xfiles_bot::engine::xfiles::effects::scripts();
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for (i, c) in cards::db().iter() {
        let scripted = || scripts.of(i).is_some_and(|s| s.automated());
        if c.kind != kind || !(c.set.is_official() || scripted()) {
            continue;
        }
        let Some(text) = c.text.as_deref() else {
            continue;
        };
        let plain = |t: &str| t.trim().trim_end_matches("Promo Cards").trim().to_string();
        let text = plain(text);
        // Scenes deal a title's first printing: another printing of the
        // title with another text is not the card they would play.
        let dealt = card(&c.title);
        let dealt_text = cards::db()
            .iter()
            .find(|(_, d)| d.id == dealt)
            .and_then(|(_, d)| d.text.as_deref())
            .map(plain);
        if dealt != c.id && !dealt_text.is_some_and(|d| d.eq_ignore_ascii_case(&text)) {
            continue;
        }
        if !out.iter().any(|(t, x)| *t == c.title && *x == text) {
            out.push((c.title.as_str(), text));
        }
    }
    out
}

fn prerequisite_is(site: CardIdx, skill: Skill) -> bool {
    cards::db()
        .get(site)
        .prerequisite
        .as_ref()
        .is_some_and(|p| p.thresholds()[0].skill == skill)
}

/// An official Site whose only Prerequisite is `skill`.
pub fn site_using(skill: Skill) -> &'static str {
    sites(|s| prerequisite_is(s, skill))
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no official Site uses {skill:?}"))
}

/// Seat 0's Team investigates `site`; seat 1 placed the Bluff `bluff` (a
/// title) under it and pays for it when it is revealed (X = `x`), with 20
/// CP; seat 0 holds `hand0`. The Bluff is left on the stack.
pub fn bluffed(site: &str, team: &[&str], bluff: &str, x: u32, hand0: &[&str]) -> XfGame {
    let mut h0 = vec![site];
    h0.extend(ids(hand0));
    let whole = starting_team(team);
    let mut g = many_with(&whole, &[&h0, &[card(bluff)]]);
    field_and_site(&mut g, team, site, None);
    act(&mut g, 0, XfAction::Done);
    act(&mut g, 1, place_bluff(0, card(bluff)));
    advance(&mut g, Phase::Investigation);
    g.players[0].rp = 20;
    g.players[1].cp = 20;
    act(&mut g, 0, investigate(0, team));
    assert_eq!(stage(&g), Some(Stage::Bluff), "{bluff} is revealed");
    act(&mut g, 1, XfAction::PayBluff { pay: true, x });
    g
}

/// Seat 0's Team investigates a Site using `skill` (any such Site).
pub fn checking(skill: Skill, team: &[&str], hand0: &[&str], hand1: &[&str]) -> XfGame {
    investigating_at(site_using(skill), team, hand0, hand1)
}

/// An official Site at which seat 1 may play `adversary` (a title) on
/// seat 0's investigating Team (its Activators met).
pub fn site_for(adversary: &str, team: &[&str]) -> &'static str {
    site_for_where(adversary, team, |_| true)
}

/// As [`site_for`], among the Sites whose single Prerequisite uses `skill`.
pub fn site_using_for(adversary: &str, team: &[&str], skill: Skill) -> &'static str {
    site_for_where(adversary, team, |s| prerequisite_is(s, skill))
}

fn site_for_where(adversary: &str, team: &[&str], ok: impl Fn(CardIdx) -> bool) -> &'static str {
    for site in sites(ok) {
        let mut g = investigating_at(site, team, &[], &[adversary]);
        act(&mut g, 0, XfAction::Pass);
        if g.activators_hold(1, id(card(adversary))).is_ok() {
            return site;
        }
    }
    panic!("no official Site lets {adversary} be played");
}

fn play_action(title: &str) -> XfAction {
    XfAction::Play {
        card: id(card(title)),
        mode: 0,
        target: None,
        x: 0,
        pool: None,
    }
}

/// Seat 1 plays the Adversary `adversary` on seat 0's Team investigating a
/// Site that meets its Activators; it waits on the stack and seat 0 has
/// priority to answer it.
pub fn adversary_played(adversary: &str, team: &[&str], hand0: &[&str], hand1: &[&str]) -> XfGame {
    adversary_played_at(site_for(adversary, team), adversary, team, hand0, hand1)
}

/// As [`adversary_played`], at this Site.
pub fn adversary_played_at(
    site: &str,
    adversary: &str,
    team: &[&str],
    hand0: &[&str],
    hand1: &[&str],
) -> XfGame {
    equipped_fighting_at(site, adversary, team, &[], hand0, hand1)
}

/// Seat 1 plays the Adversary at a Site on seat 0's equipped Team (see
/// [`equipped_at`]); it waits on the stack.
pub fn equipped_fighting_at(
    site: &str,
    adversary: &str,
    team: &[&str],
    gear: &[(&str, &str)],
    hand0: &[&str],
    hand1: &[&str],
) -> XfGame {
    let mut h1 = vec![adversary];
    h1.extend_from_slice(hand1);
    let mut g = equipped_at(site, team, gear, hand0, &h1);
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play_action(adversary));
    assert_eq!(g.to_act(), vec![0]);
    g
}

/// As [`adversary_played`], and it resolves: combat begins. Returns the
/// game in the first round's card step.
pub fn fighting(adversary: &str, team: &[&str], hand0: &[&str], hand1: &[&str]) -> XfGame {
    let mut g = adversary_played(adversary, team, hand0, hand1);
    resolve(&mut g);
    assert!(g.combat().is_some(), "{adversary} did not start a combat");
    g
}

/// Plays a card from the hand (by title), on a target when given.
pub fn play_on(g: &mut XfGame, seat: Seat, title: &str, target: Option<Target>) {
    play_with(g, seat, title, target, 0, 0);
}

/// Plays a card in a mode (0 = first) with X.
pub fn play_with(
    g: &mut XfGame,
    seat: Seat,
    title: &str,
    target: Option<Target>,
    mode: u8,
    x: u32,
) {
    act(
        g,
        seat,
        XfAction::Play {
            card: id(card(title)),
            mode,
            target,
            x,
            pool: None,
        },
    );
}

/// The refusal a play gets.
pub fn play_refused(g: &XfGame, seat: Seat, title: &str, target: Option<Target>) -> String {
    refused(
        g,
        seat,
        XfAction::Play {
            card: id(card(title)),
            mode: 0,
            target,
            x: 0,
            pool: None,
        },
    )
    .reason
}

/// Everyone passes until the stack is empty and no effect waits on a
/// check it forced (or a choice is asked, or a combat begins).
pub fn resolve(g: &mut XfGame) {
    let mut guard = 0;
    let site_frame = g.investigation.as_ref().map(|i| i.frame);
    let forced_check = |g: &XfGame| {
        g.frames.iter().any(|f| {
            matches!(f.kind, xfiles_bot::engine::xfiles::FrameKind::Check(_))
                && Some(f.id) != site_frame
        })
    };
    while (!g.stack.is_empty() || (forced_check(g) && g.combat().is_none())) && g.choice.is_none() {
        guard += 1;
        assert!(guard < 40, "the stack does not resolve");
        let s = g.to_act()[0];
        act(g, s, XfAction::Pass);
    }
}

/// Everyone passes until this combat round's damage is dealt, the
/// Adversary's player putting each foe's damage on `victim`; returns the
/// round's events.
pub fn damage_round(
    g: &mut XfGame,
    victim: &str,
) -> Vec<xfiles_bot::engine::Event<xfiles_bot::engine::xfiles::XfEvent>> {
    let mut out = Vec::new();
    let Some(start) = g.combat().map(|c| (c.rounds, c.round)) else {
        return out;
    };
    let mut guard = 0;
    while let Some(c) = g.combat().cloned() {
        guard += 1;
        assert!(guard < 60, "the round does not end");
        if (c.rounds, c.round) != start && c.step == CombatStep::Cards {
            return out;
        }
        if g.choice.is_some() {
            return out;
        }
        let s = g.to_act()[0];
        let a = if c.step == CombatStep::Assign {
            XfAction::AssignDamage {
                to: vec![(id(victim), c.pending_damage())],
            }
        } else {
            XfAction::Pass
        };
        out.extend(act(g, s, a));
    }
    out
}

/// Everyone passes until this round's damage is dealt and, an Agent being
/// down, cards may still save it (the after-damage step), or the round ends.
pub fn damage_step(g: &mut XfGame, victim: &str) {
    let mut guard = 0;
    while let Some(c) = g.combat().cloned() {
        guard += 1;
        assert!(guard < 60, "the round does not end");
        if c.step == CombatStep::AfterDamage || g.choice.is_some() {
            return;
        }
        let s = g.to_act()[0];
        let a = if c.step == CombatStep::Assign {
            XfAction::AssignDamage {
                to: vec![(id(victim), c.pending_damage())],
            }
        } else {
            XfAction::Pass
        };
        act(g, s, a);
    }
}

/// The damage the first foe has taken.
pub fn foe_damage(g: &XfGame) -> u8 {
    g.combat().map_or(0, |c| c.foes[0].damage)
}

/// Damage on one of seat 0's Agents.
pub fn wounds(g: &XfGame, agent_id: &str) -> u8 {
    g.agent(agent(0, agent_id)).map_or(0, |a| a.damage)
}

pub fn agent_target(seat: Seat, agent_id: &str) -> Option<Target> {
    Some(Target::Agent(agent(seat, agent_id)))
}

/// The check's total now.
pub fn total(g: &XfGame) -> i32 {
    g.check_totals_now().expect("a check is open").0
}

/// Answers the pending choice with the options whose labels contain these
/// names (titles, or words of them).
pub fn pick(g: &mut XfGame, names: &[&str]) {
    let c = g.choice.clone().expect("a pending choice");
    let picks: Vec<u16> = names
        .iter()
        .map(|n| {
            c.options
                .iter()
                .position(|o| o.label.contains(n))
                .unwrap_or_else(|| panic!("no option {n} in {:?}", c.options)) as u16
        })
        .collect();
    act(g, c.seat, XfAction::Choose { picks });
}

/// Lets `seat` act: the other player passes once if it holds priority.
pub fn priority_to(g: &mut XfGame, seat: Seat) {
    if g.to_act() != vec![seat] {
        let s = g.to_act()[0];
        act(g, s, XfAction::Pass);
    }
    assert_eq!(g.to_act(), vec![seat], "seat {seat} cannot act now");
}

/// Damage the foes dealt in the events of a round (before HEALTH caps it).
pub fn foes_dealt(
    events: &[xfiles_bot::engine::Event<xfiles_bot::engine::xfiles::XfEvent>],
) -> i32 {
    events
        .iter()
        .filter_map(|e| match &e.body {
            xfiles_bot::engine::xfiles::XfEvent::CombatDamage {
                adversary_deals, ..
            } => Some(*adversary_deals),
            _ => None,
        })
        .sum()
}

/// Picks the option named so when the pending choice offers it (a choice
/// with one candidate is made by the engine itself).
pub fn pick_if(g: &mut XfGame, name: &str) {
    if g.choice
        .as_ref()
        .is_some_and(|c| c.options.iter().any(|o| o.label.contains(name)))
    {
        pick(g, &[name]);
    }
}
