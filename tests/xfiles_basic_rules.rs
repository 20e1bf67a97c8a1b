//! The Basic Game's rules where they differ from the Advanced Game, one test
//! each, named after the source (keys of `basic-game-and-rulings-notes.md`:
//! FAQ21 = the 2021 FAQ, FAQ97 = the 1997 FAQ, RA = the Rules Assistant,
//! SCR16/SCR17 = Scrye #16/#17). Choices the sources leave open are tested
//! as their options ("how xfiles-bot plays it").

#[path = "support/xf.rs"]
mod xf;

use xf::act;
use xfiles_bot::cards::{self, CardIdx, CardType, Keyword, Section};
use xfiles_bot::decks::find_starter;
use xfiles_bot::engine::xfiles::{
    AgentRef, BasicRules, Chooser, Phase, Stage, XfAction, XfEvent, XfGame, XfOptions,
};
use xfiles_bot::engine::{Game, Seat};

fn card(title: &str) -> CardIdx {
    cards::db()
        .iter()
        .find(|(_, c)| c.title == title && c.set == cards::CardSet::Premiere)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("no Premiere card {title}"))
}

fn options(rules: BasicRules) -> XfOptions {
    XfOptions {
        basic: Some(rules),
        ..XfOptions::default()
    }
}

/// Mulder's starter against Scully's, X-Files chosen: the first turn's
/// Deployment Phase (no Equipment in hand: Requisition passes by itself).
fn game_with(rules: BasicRules) -> XfGame {
    let decks = vec![
        find_starter("Starter: Mulder").unwrap().deck(1).to_stored(),
        find_starter("Starter: Scully").unwrap().deck(2).to_stored(),
    ];
    let (mut g, _) = XfGame::new(options(rules), decks, 3).expect("starters are legal");
    for seat in 0..2 {
        let x = g.player(seat).candidates[0];
        act(&mut g, seat, XfAction::ChooseXFile { card: x });
    }
    if g.phase == Phase::Requisition {
        let a = g.active;
        act(&mut g, a, XfAction::Done);
    }
    assert_eq!(g.phase, Phase::Deployment);
    g
}

fn game() -> XfGame {
    game_with(BasicRules::default())
}

fn other(g: &XfGame) -> Seat {
    1 - g.active
}

/// A Basic-legal Site of Premiere with this keyword, which the active
/// player's four Agents together meet, put in the active player's hand.
fn site_in_hand(g: &mut XfGame, keyword: Keyword) -> CardIdx {
    let a = usize::from(g.active);
    let team: Vec<CardIdx> = g.players[a].agents.iter().map(|x| x.card).collect();
    let met = |c: &cards::Card| {
        c.prerequisite.as_ref().is_some_and(|p| {
            p.thresholds().first().is_some_and(|t| {
                let total: i32 = team
                    .iter()
                    .map(|x| cards::db().get(*x).skill(t.skill))
                    .sum();
                total >= i32::from(t.min)
            })
        })
    };
    let site = cards::db()
        .iter()
        .find(|(_, c)| {
            c.set == cards::CardSet::Premiere
                && c.kind == CardType::Site
                && c.is_basic_legal()
                && c.has_keyword(keyword)
                && met(c)
        })
        .map(|(i, _)| i)
        .expect("a Site");
    g.players[a].hand.push(site);
    site
}

/// Every Agent to the Field, a Site with `keyword` played, its Team sent in:
/// the Site's skill check, with the active player to play or pass.
fn investigating(g: &mut XfGame, keyword: Keyword) {
    let a = g.active;
    let team: Vec<CardIdx> = g.player(a).agents.iter().map(|x| x.card).collect();
    for agent in &team {
        act(
            g,
            a,
            XfAction::Deploy {
                agent: *agent,
                section: Section::Field,
                team: 0,
            },
        );
    }
    act(g, a, XfAction::Done);
    let site = site_in_hand(g, keyword);
    act(
        g,
        a,
        XfAction::PlaySite {
            card: site,
            directed: None,
            free: false,
        },
    );
    act(g, a, XfAction::Done);
    assert_eq!(
        g.phase,
        Phase::Investigation,
        "no Bluffing step (FAQ21 #48)"
    );
    let skill = match &cards::db().get(site).prerequisite {
        Some(cards::Prerequisite::AnyOf(t)) if t.len() > 1 => Some(t[0].skill),
        _ => None,
    };
    act(
        g,
        a,
        XfAction::Investigate {
            site: 0,
            team,
            skill,
        },
    );
}

#[test]
fn setup_sets_aside_advanced_agent_and_killer_cards_faq97_11_faq21_45() {
    let g = game();
    for p in &g.players {
        for c in p.deck.iter().chain(&p.hand) {
            let card = cards::db().get(*c);
            assert!(card.is_basic_legal(), "{} is Advanced", card.title);
            assert_ne!(card.kind, CardType::Agent, "{}", card.title);
            assert!(!card.has_keyword(Keyword::Killer), "{}", card.title);
        }
    }
    let mulder = find_starter("Starter: Mulder").unwrap().deck(1);
    let aside = xfiles_bot::engine::xfiles::basic::set_aside(&mulder, false);
    assert!(!aside.is_empty(), "the starter holds Advanced cards");
    let p = g.player(0);
    assert_eq!(
        p.deck.len() + p.hand.len() + aside.len(),
        mulder.bureau_size() as usize,
        "only those are set aside"
    );
}

#[test]
fn setup_deals_ten_cards_and_no_pools_faq21_54c_and_opening_hand_option() {
    let g = game();
    for p in &g.players {
        assert_eq!(p.hand.len(), 10);
        assert_eq!((p.rp, p.cp), (0, 0));
    }
    let decks = vec![
        find_starter("Starter: Mulder").unwrap().deck(1).to_stored(),
        find_starter("Starter: Scully").unwrap().deck(2).to_stored(),
    ];
    let seven = BasicRules {
        opening_hand: 7,
        ..BasicRules::default()
    };
    let (_, events) = XfGame::new(options(seven.clone()), decks, 3).unwrap();
    let dealt: Vec<usize> = events
        .iter()
        .filter_map(|e| match e.body {
            XfEvent::Dealt { cards, .. } => Some(cards),
            _ => None,
        })
        .collect();
    assert_eq!(dealt, vec![7, 7], "the option deals 7");
    let g = game_with(seven);
    assert!(
        g.players.iter().all(|p| p.hand.len() == 10),
        "and the first Briefing refills every hand to ten"
    );
}

#[test]
fn briefing_refills_every_players_hand_to_ten_faq21_54h() {
    let mut g = game();
    let (a, o) = (g.active, other(&g));
    let cut = |g: &mut XfGame, s: Seat, n: usize| {
        let p = &mut g.players[usize::from(s)];
        let gone: Vec<CardIdx> = p.hand.drain(..n).collect();
        p.discard.extend(gone);
    };
    cut(&mut g, a, 4);
    cut(&mut g, o, 2);
    act(&mut g, a, XfAction::Done);
    act(&mut g, a, XfAction::Done);
    act(&mut g, a, XfAction::Done);
    // Debriefing: both players keep their hands.
    act(&mut g, a, XfAction::Done);
    let events = act(&mut g, o, XfAction::Done);
    assert_eq!(g.active, o, "the turn passed");
    assert_eq!(g.player(a).hand.len(), 10);
    assert_eq!(g.player(o).hand.len(), 10);
    let drew: Vec<(Seat, usize)> = events
        .iter()
        .filter_map(|e| match e.body {
            XfEvent::Drew { seat, count } => Some((seat, count)),
            _ => None,
        })
        .collect();
    assert_eq!(drew, vec![(o, 2), (a, 4)], "the active player first");
    assert!(
        !g.legal_actions(o)
            .iter()
            .any(|x| matches!(x, XfAction::Brief { .. } | XfAction::Buy { .. })),
        "no free draw and no buying"
    );
}

#[test]
fn cards_are_played_only_in_the_investigation_phase_scr17_41() {
    let g = game();
    let a = g.active;
    let event = g.player(a).hand.iter().copied().find(|c| {
        matches!(
            cards::db().get(*c).kind,
            CardType::Event | CardType::Witness | CardType::Bluff
        )
    });
    if let Some(card) = event {
        let why = xf::refused(
            &g,
            a,
            XfAction::Play {
                card,
                mode: 0,
                target: None,
                x: 0,
                pool: None,
            },
        )
        .reason;
        assert!(
            why.contains("only in the Investigation Phase"),
            "Deployment: {why}"
        );
    }
    assert!(
        !g.legal_actions(a)
            .iter()
            .any(|x| matches!(x, XfAction::Play { .. })),
        "nothing to play outside the Investigation Phase"
    );
}

/// A card the seat may play now, found among Premiere's Basic cards.
fn a_playable(g: &mut XfGame, seat: Seat) -> XfAction {
    let extra: Vec<CardIdx> = cards::db()
        .iter()
        .filter(|(_, c)| {
            c.set == cards::CardSet::Premiere
                && c.is_basic_legal()
                && matches!(c.kind, CardType::Event | CardType::Witness)
        })
        .map(|(i, _)| i)
        .collect();
    g.players[usize::from(seat)].hand.extend(extra);
    g.legal_actions(seat)
        .into_iter()
        .find(|x| matches!(x, XfAction::Play { .. }))
        .expect("some Event or Witness can be played")
}

#[test]
fn each_player_plays_at_most_three_cards_ra_p4() {
    let mut g = game();
    investigating(&mut g, Keyword::Method);
    let (a, o) = (g.active, other(&g));
    let play = a_playable(&mut g, a);
    let mut spent = g.clone();
    spent.basic_plays = vec![0, 0];
    spent.basic_plays[usize::from(a)] = 3;
    let why = xf::refused(&spent, a, play.clone()).reason;
    assert!(why.contains("played 3 cards this turn"), "{why}");
    act(&mut g, a, play);
    assert_eq!((g.basic_played(a), g.basic_played(o)), (1, 0));
}

#[test]
fn one_site_a_turn_and_no_cost_faq21_54g_54c() {
    let mut g = game();
    let a = g.active;
    act(&mut g, a, XfAction::Done);
    let first = site_in_hand(&mut g, Keyword::Method);
    let second = site_in_hand(&mut g, Keyword::Motive);
    assert!(cards::db().get(first).cost.is_some(), "a Site has a cost");
    act(
        &mut g,
        a,
        XfAction::PlaySite {
            card: first,
            directed: None,
            free: false,
        },
    );
    let why = xf::refused(
        &g,
        a,
        XfAction::PlaySite {
            card: second,
            directed: None,
            free: false,
        },
    )
    .reason;
    assert!(why.contains("one Site a turn (FAQ21 #54(g))"), "{why}");
    assert_eq!((g.player(a).rp, g.player(a).cp), (0, 0));
}

/// Plays the first Adversary the seat may play now against the Team
/// (Squeeze, METHOD SITE, put in its hand).
fn adversary_attacks(g: &mut XfGame) -> CardIdx {
    let (a, o) = (g.active, other(g));
    act(g, a, XfAction::Pass);
    let squeeze = card("Squeeze");
    g.players[usize::from(o)].hand.push(squeeze);
    act(
        g,
        o,
        XfAction::Play {
            card: squeeze,
            mode: 0,
            target: None,
            x: 0,
            pool: None,
        },
    );
    act(g, a, XfAction::Pass);
    squeeze
}

#[test]
fn an_unnegated_adversary_wounds_one_agent_of_the_team_no_combat_ra_p4_faq21_54e() {
    let mut g = game();
    investigating(&mut g, Keyword::Method);
    let (a, o) = (g.active, other(&g));
    adversary_attacks(&mut g);
    assert!(g.combat().is_none(), "no LRC/CRC rounds in the Basic Game");
    let c = g.choice.clone().expect("the Adversary's player picks");
    assert_eq!(c.seat, o, "FAQ21 #61 by default: the Adversary's player");
    let victim = g.player(a).agents[1].card;
    let pick = c
        .options
        .iter()
        .position(|x| x.label == cards::db().get(victim).title)
        .unwrap() as u16;
    act(&mut g, o, XfAction::Choose { picks: vec![pick] });
    let agent = g
        .agent(AgentRef {
            seat: a,
            card: victim,
        })
        .unwrap();
    assert_eq!(agent.section, Section::Hospital);
    assert_eq!(
        g.player(a)
            .agents
            .iter()
            .filter(|x| x.section == Section::Hospital)
            .count(),
        1,
        "one Agent"
    );
    // The Adversary's statistics never count: the Team's total stands.
    assert!(g.combat().is_none());
}

#[test]
fn option_wounded_by_investigator_lets_the_attacked_player_pick() {
    let mut g = game_with(BasicRules {
        wounded_by: Chooser::Investigator,
        ..BasicRules::default()
    });
    investigating(&mut g, Keyword::Method);
    let a = g.active;
    adversary_attacks(&mut g);
    assert_eq!(g.choice.as_ref().map(|c| c.seat), Some(a));
}

/// Wounds `victim` through an Adversary and finishes the turn (nothing more
/// played; the question declined).
fn wound_and_end_turn(g: &mut XfGame) -> AgentRef {
    investigating(g, Keyword::Method);
    let a = g.active;
    adversary_attacks(g);
    let chooser = g.choice.as_ref().unwrap().seat;
    act(g, chooser, XfAction::Choose { picks: vec![0] });
    let victim = g
        .player(a)
        .agents
        .iter()
        .find(|x| x.section == Section::Hospital)
        .map(|x| AgentRef {
            seat: a,
            card: x.card,
        })
        .unwrap();
    end_turn(g);
    victim
}

/// Passes and finishes whatever is left of the turn.
fn end_turn(g: &mut XfGame) {
    let turn = g.turn;
    while g.turn == turn {
        let s = g.to_act()[0];
        let legal = g.legal_actions(s);
        let next = [XfAction::Pass, XfAction::Done]
            .into_iter()
            .find(|x| legal.contains(x))
            .unwrap_or_else(|| legal[0].clone());
        act(g, s, next);
    }
}

#[test]
fn a_wounded_agent_leaves_the_hospital_at_its_next_deployment_how_xfiles_bot_plays_it() {
    let mut g = game();
    let victim = wound_and_end_turn(&mut g);
    end_turn(&mut g);
    assert_eq!(g.active, victim.seat);
    if g.phase == Phase::Requisition {
        act(&mut g, victim.seat, XfAction::Done);
    }
    act(
        &mut g,
        victim.seat,
        XfAction::Deploy {
            agent: victim.card,
            section: Section::Field,
            team: 0,
        },
    );
}

#[test]
fn option_hospital_keeps_a_wounded_agent_out_for_whole_turns() {
    let mut g = game_with(BasicRules {
        hospital_turns: 1,
        ..BasicRules::default()
    });
    let victim = wound_and_end_turn(&mut g);
    end_turn(&mut g);
    if g.phase == Phase::Requisition {
        act(&mut g, victim.seat, XfAction::Done);
    }
    let out = XfAction::Deploy {
        agent: victim.card,
        section: Section::Field,
        team: 0,
    };
    let why = xf::refused(&g, victim.seat, out.clone()).reason;
    assert!(why.contains("is wounded"), "{why}");
    end_turn(&mut g);
    end_turn(&mut g);
    if g.phase == Phase::Requisition {
        act(&mut g, victim.seat, XfAction::Done);
    }
    act(&mut g, victim.seat, out);
}

#[test]
fn agent_game_effects_are_ignored_faq21_54f() {
    let g = game();
    for p in &g.players {
        for a in &p.agents {
            assert!(
                g.script_of(a.card).is_none(),
                "{} keeps its Game Effect",
                cards::db().get(a.card).title
            );
        }
    }
    let embedded = xfiles_bot::engine::xfiles::effects::db::scripts();
    assert!(
        g.players
            .iter()
            .flat_map(|p| &p.agents)
            .any(|a| embedded.of(a.card).is_some()),
        "these Agents have Game Effects in the Advanced Game"
    );
}

#[test]
fn debriefing_each_player_discards_up_to_three_and_no_hand_limit_scr16_48() {
    let mut g = game();
    let (a, o) = (g.active, other(&g));
    act(&mut g, a, XfAction::Done);
    act(&mut g, a, XfAction::Done);
    act(&mut g, a, XfAction::Done);
    assert_eq!(g.phase, Phase::Debriefing);
    let mut due = g.to_act();
    due.sort();
    assert_eq!(due, vec![0, 1], "both players debrief");
    g.players[usize::from(o)]
        .hand
        .extend(vec![card("Squeeze"); 4]);
    let four: Vec<CardIdx> = g.player(o).hand[..4].to_vec();
    let why = xf::refused(&g, o, XfAction::Discard { cards: four }).reason;
    assert!(why.contains("at most 3 cards"), "{why}");
    let three: Vec<CardIdx> = g.player(o).hand[..3].to_vec();
    act(&mut g, o, XfAction::Discard { cards: three });
    assert_eq!(g.to_act(), vec![a], "once");
    let events = act(&mut g, a, XfAction::Done);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.body, XfEvent::TurnStarted { .. })),
        "the turn ends when everyone is done"
    );
    assert_eq!(g.player(o).hand.len(), 11, "14 kept to 11: no hand limit");
}

#[test]
fn a_wrong_guess_gives_the_directed_player_a_penalty_question_scr16_48() {
    let mut g = game();
    investigating(&mut g, Keyword::Method);
    let (a, o) = (g.active, other(&g));
    while g.investigation.as_ref().map(|i| &i.stage) == Some(&Stage::Check) {
        let s = g.to_act()[0];
        act(&mut g, s, XfAction::Pass);
    }
    assert!(
        matches!(
            g.investigation.as_ref().map(|i| &i.stage),
            Some(Stage::Resolve { .. })
        ),
        "the starter Team meets the Site"
    );
    let right = g.player(o).xfile.unwrap();
    let wrong = g
        .player(o)
        .candidates
        .iter()
        .copied()
        .find(|c| cards::db().get(*c).title != cards::db().get(right).title)
        .unwrap();
    act(&mut g, a, XfAction::Guess { xfile: wrong });
    assert_eq!(
        g.investigation.as_ref().map(|i| &i.stage),
        Some(&Stage::Penalty)
    );
    assert_eq!(
        g.to_act(),
        vec![o],
        "the Directed Player asks or guesses back"
    );
}

#[test]
fn no_agent_joins_from_the_hand_faq21_45() {
    let mut g = game();
    let a = g.active;
    let krycek = card("Agent Alex Krycek");
    g.players[usize::from(a)].hand.push(krycek);
    let why = xf::refused(
        &g,
        a,
        XfAction::BuyAgent {
            card: krycek,
            section: Section::Field,
            team: 0,
        },
    )
    .reason;
    assert!(why.contains("FAQ21 #45"), "{why}");
}

/// How xfiles-bot plays it: with costs ignored, the cost icon still says
/// who plays a card (the one official Basic card this decides is
/// Lieutenant Jack Sheaffer, an RP Witness without ACTIVE).
#[test]
fn the_cost_icon_still_says_who_plays_a_card_how_xfiles_bot_plays_it() {
    let mut g = game();
    investigating(&mut g, Keyword::Method);
    let sheaffer = cards::db()
        .iter()
        .find(|(_, c)| c.title == "Lieutenant Jack Sheaffer")
        .map(|(i, _)| i)
        .unwrap();
    let why = g.paying_pool(other(&g), sheaffer, None).unwrap_err().reason;
    assert!(
        why.contains("only the Investigating Player plays RP cards"),
        "{why}"
    );
    assert!(g.paying_pool(g.active, sheaffer, None).is_ok());
}
