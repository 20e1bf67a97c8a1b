//! Golden tests by family: every official card whose printed text follows a
//! common pattern ("Adds 2 to one Team's MEDICAL skill check", "Negates one
//! OCCULT CREATURE", "Adds 1 [RP] to your pool every time ...", "Adds 2 to
//! the Agent's COMPUTER skill") is played on a real table and must do what
//! its text says. The expectation is read from the printed text here, not
//! from the script, so a script that disagrees with its card fails.

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{self, CardType, Keyword, Section, Skill};
use xfiles_bot::engine::xfiles::{Permanent, Place, Target, XfAction};

const TEAM3: [&str; 3] = [MULDER, SCULLY, LAMANA];

fn number(w: &str) -> Option<i32> {
    match w.trim_start_matches('+') {
        "zero" => Some(0),
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        n => n.parse().ok(),
    }
}

fn skill(words: &str) -> Option<Skill> {
    Skill::parse_loose(&words.trim().to_lowercase())
}

/// "Adds A to one Team's X [or (adds) B to one Team's] Y skill check." as
/// (skill, amount) pairs.
fn witness_modifiers(text: &str) -> Option<Vec<(Skill, i32)>> {
    let t = text.strip_prefix("Adds ")?.strip_suffix(" skill check.")?;
    let (first, rest) = t.split_once(" to one Team's ")?;
    let a = number(first)?;
    match rest.split_once(" or ") {
        None => Some(vec![(skill(rest)?, a)]),
        Some((x, tail)) => {
            let tail = tail.trim_start_matches("adds ").trim_start_matches("add ");
            match tail.split_once(" one Team's ") {
                Some((b, y)) => {
                    let b = number(b.trim_end_matches(" to"))?;
                    Some(vec![(skill(x)?, a), (skill(y)?, b)])
                }
                None => Some(vec![(skill(x)?, a), (skill(tail)?, a)]),
            }
        }
    }
}

#[test]
fn every_modifier_witness_adds_its_printed_amount_to_a_check_of_its_skill() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Witness) {
        let Some(mods) = witness_modifiers(&text) else {
            continue;
        };
        for (skill, n) in mods {
            let mut g = checking(skill, &TEAM3, &[title], &[]);
            let before = total(&g);
            play_on(&mut g, 0, title, None);
            resolve(&mut g);
            assert_eq!(total(&g), before + n, "{title}: {text}");
            tried += 1;
        }
    }
    assert!(tried >= 100, "only {tried} Witness modifiers checked");
}

#[test]
fn every_prerequisite_witness_sets_the_site_skill_to_the_printed_one_at_3() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Witness) {
        let Some(to) = text
            .split_once("Site Prerequisite to ")
            .and_then(|(_, t)| t.trim().trim_end_matches('.').strip_suffix(" 3+"))
            .and_then(skill)
        else {
            continue;
        };
        let from = if to == Skill::Behavioral {
            Skill::Observation
        } else {
            Skill::Behavioral
        };
        let mut g = checking(from, &TEAM3, &[title], &[]);
        play_on(&mut g, 0, title, None);
        resolve(&mut g);
        assert_eq!(
            g.site_check().unwrap().needs,
            vec![(to, 3)],
            "{title}: {text}"
        );
        tried += 1;
    }
    assert!(tried >= 9, "only {tried} prerequisite Witnesses checked");
}

/// "Negates one X Y." as the Keywords an Adversary must have.
fn negated_keywords(text: &str) -> Option<Vec<Keyword>> {
    let t = text.strip_prefix("Negates one ")?.trim_end_matches('.');
    t.split(' ')
        .map(|w| w.to_lowercase().parse::<Keyword>().ok())
        .collect()
}

/// An Adversary of the Premiere set with these Keywords that fights.
fn adversary_with(keywords: &[Keyword]) -> &'static str {
    let fits = |t: &str| {
        let c = cards::db().get(id(card(t)));
        keywords.iter().all(|k| c.has_keyword(*k))
    };
    [
        "Squeeze",
        "The Manitou Stalks His Prey",
        "Hunter In The Dark",
        "Deadly Blur",
        "The Mechanic",
    ]
    .into_iter()
    .find(|t| fits(t))
    .unwrap_or_else(|| panic!("no test Adversary has {keywords:?}"))
}

#[test]
fn every_negating_witness_negates_an_adversary_of_its_keywords_on_the_stack() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Witness) {
        let Some(keywords) = negated_keywords(&text) else {
            continue;
        };
        let adv = adversary_with(&keywords);
        let mut g = adversary_played(adv, &TEAM3, &[title], &[]);
        play_on(&mut g, 0, title, Some(Target::Stack(0)));
        resolve(&mut g);
        assert!(g.combat().is_none(), "{title} did not negate {adv}");
        assert!(
            g.player(1).discard.contains(&id(card(adv))),
            "{title}: the negated {adv} is discarded"
        );
        tried += 1;
    }
    assert!(tried >= 7, "only {tried} negating Witnesses checked");
}

/// "Adds 1 [RP] to your pool every time a Keyword X or Y card is played."
fn income_keywords(text: &str) -> Option<Vec<Keyword>> {
    let t = text
        .strip_prefix("Adds 1 [RP] to your pool every time a Keyword ")?
        .strip_suffix(" card is played.")?;
    t.split(" or ")
        .map(|w| w.to_lowercase().parse::<Keyword>().ok())
        .collect()
}

#[test]
fn every_income_witness_earns_one_rp_per_matching_card_on_its_players_turn_faq21_31() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Witness) {
        let Some(keywords) = income_keywords(&text) else {
            continue;
        };
        // A modifier Witness carrying one of the Keywords, played for a check
        // of its own skill once the income Witness is in play.
        let (other, skill) = official_texts(CardType::Witness)
            .into_iter()
            .find_map(|(t, x)| {
                let c = cards::db().get(id(card(t)));
                let mods = witness_modifiers(&x)?;
                (keywords.iter().any(|k| c.has_keyword(*k)) && mods.len() == 1)
                    .then_some((t, mods[0].0))
            })
            .unwrap_or_else(|| panic!("no Witness carries {keywords:?}"));
        let mut g = checking(skill, &TEAM3, &[title, other], &[]);
        play_on(&mut g, 0, title, None);
        resolve(&mut g);
        assert!(
            g.perms.iter().any(|p| p.card == id(card(title))),
            "{title} is a RESOURCE and stays in play"
        );
        let rp = g.player(0).rp;
        let cost = cards::db()
            .get(id(card(other)))
            .cost
            .map_or(0, |c| c.amount.with_x(0));
        play_on(&mut g, 0, other, None);
        resolve(&mut g);
        assert_eq!(g.player(0).rp, rp - cost + 1, "{title} earns 1 for {other}");
        tried += 1;
    }
    assert!(tried >= 6, "only {tried} income Witnesses checked");
}

/// Dr. Osborne in play for `seat`, as if played on an earlier turn.
fn osborne_in_play(g: &mut xfiles_bot::engine::xfiles::XfGame, seat: u8) {
    g.perms.push(Permanent {
        id: 9_000,
        card: id(card("Dr. Osborne")),
        owner: seat,
        controller: seat,
        place: Place::Section(seat, Section::Bureau),
        tokens: 0,
        under: Vec::new(),
        used: Vec::new(),
        data: Default::default(),
        this_turn: false,
        keywords: Vec::new(),
    });
}

#[test]
fn an_income_witness_earns_from_the_opponents_cards_on_its_players_turn_faq21_31() {
    let site = site_for("The Mechanic", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["The Mechanic"]);
    osborne_in_play(&mut g, 0);
    let rp = g.player(0).rp;
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "The Mechanic", None);
    assert_eq!(
        g.player(0).rp,
        rp + 1,
        "a GOVERNMENT Adversary on seat 0's turn"
    );
}

#[test]
fn an_income_witness_earns_nothing_on_the_opponents_turn_faq21_31() {
    let site = site_for("The Mechanic", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["The Mechanic"]);
    osborne_in_play(&mut g, 1);
    let rp = g.player(1).rp;
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "The Mechanic", None);
    assert_eq!(g.player(1).rp, rp, "seat 1 earns nothing on seat 0's turn");
}

#[test]
fn with_the_income_any_turn_option_it_earns_on_every_turn_faq97_23() {
    let site = site_for("The Mechanic", &TEAM3);
    let mut g = investigating_at(site, &TEAM3, &[], &["The Mechanic"]);
    g.options.income_any_turn = true;
    osborne_in_play(&mut g, 1);
    let rp = g.player(1).rp;
    act(&mut g, 0, XfAction::Pass);
    play_on(&mut g, 1, "The Mechanic", None);
    assert_eq!(g.player(1).rp, rp + 1);
}

/// "Adds N to the Agent's X skill [rating]." (N a number or a word).
fn gear_bonus(text: &str) -> Option<(Skill, i32)> {
    let t = text.strip_prefix("Adds ")?;
    let (n, rest) = t.split_once(" to the Agent's ")?;
    let s = rest
        .split_once(" skill")
        .or_else(|| rest.split_once(" rating"))?
        .0;
    Some((skill(s)?, number(n)?))
}

/// "Discard this card to add three to the Agent's X skill."
fn discard_bonus(text: &str) -> Option<(Skill, i32)> {
    let t = text.strip_prefix("Discard this card to add ")?;
    let (n, rest) = t.split_once(" to the Agent's ")?;
    Some((skill(rest.strip_suffix(" skill.")?)?, number(n)?))
}

/// Seat 0 in its Requisition Phase with these cards in hand, Mulder in the
/// section the Equipment's Activator names.
fn requisition(hand: &[&str], more: &[&str]) -> xfiles_bot::engine::xfiles::XfGame {
    let mut all = ids(hand);
    all.extend_from_slice(more);
    let mut g = two(&all, &[]);
    advance(&mut g, xfiles_bot::engine::xfiles::Phase::Requisition);
    g.players[0].rp = 20;
    g
}

fn equip(g: &mut xfiles_bot::engine::xfiles::XfGame, title: &str) {
    let c = cards::db().get(id(card(title)));
    if c.activators
        .iter()
        .any(|a| a.as_str().eq_ignore_ascii_case("field"))
    {
        to_field(g, 0, &[MULDER]);
    }
    act(
        g,
        0,
        XfAction::Equip {
            agent: id(MULDER),
            card: id(card(title)),
        },
    );
}

#[test]
fn every_skill_equipment_adds_its_printed_bonus_to_its_agent() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Equipment) {
        let Some((skill, n)) = gear_bonus(&text) else {
            continue;
        };
        if text.contains("once per combat") {
            continue; // the Shotgun: see its own test
        }
        let mut g = requisition(&[title], &[]);
        let before = g.agent_skill(agent(0, MULDER), skill);
        equip(&mut g, title);
        assert_eq!(
            g.agent_skill(agent(0, MULDER), skill),
            before + n,
            "{title}: {text}"
        );
        tried += 1;
    }
    assert!(tried >= 20, "only {tried} pieces of Equipment checked");
}

#[test]
fn every_discard_for_three_equipment_adds_three_to_a_check_of_its_skill() {
    let mut tried = 0;
    for (title, text) in official_texts(CardType::Equipment) {
        let Some((skill, n)) = discard_bonus(&text) else {
            continue;
        };
        if matches!(skill, Skill::LongRangeCombat | Skill::CloseRangeCombat) {
            continue;
        }
        let site = sites_using(skill);
        let mut g = requisition(&[title], &[site]);
        equip(&mut g, title);
        field_and_site(&mut g, &[MULDER], site, None);
        advance(&mut g, xfiles_bot::engine::xfiles::Phase::Investigation);
        act(&mut g, 0, investigate(0, &[MULDER]));
        let before = total(&g);
        act(
            &mut g,
            0,
            XfAction::Use {
                card: id(card(title)),
                agent: Some(agent(0, MULDER)),
                ability: 0,
                target: None,
            },
        );
        resolve(&mut g);
        assert_eq!(total(&g), before + n, "{title}: {text}");
        assert!(
            g.player(0).discard.contains(&id(card(title))),
            "{title} is discarded"
        );
        tried += 1;
    }
    assert!(tried >= 10, "only {tried} pieces of Equipment checked");
}

/// An official Site whose one Prerequisite uses the skill.
fn sites_using(skill: Skill) -> &'static str {
    cards::db()
        .iter()
        .find(|(_, c)| {
            c.kind == CardType::Site
                && c.set.is_official()
                && c.prerequisite
                    .as_ref()
                    .is_some_and(|p| p.thresholds().len() == 1 && p.thresholds()[0].skill == skill)
        })
        .map(|(_, c)| c.id.as_str())
        .unwrap_or_else(|| panic!("no Site uses {skill:?}"))
}
