//! The Advanced Rules manual's worked example, Randy against Les (pp. 13-39),
//! replayed through the engine with the real Premiere cards. Each step checks
//! the pools, damage and outcome the manual states on the page cited.

#[path = "support/xf.rs"]
mod xf;

use xf::*;
use xfiles_bot::cards::Section;
use xfiles_bot::cards::{Category, Trait};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{
    CombatStep, Phase, Stage, Target, XfAction, XfEvent, XfGame, XfOptions,
};

const MULDER: &str = "XF96-0169v1";
const SCULLY: &str = "XF96-0172v1";
const KOSSEFF: &str = "XF96-0183v1";
const LAMANA: &str = "XF96-0182v1";
const KNIFE: &str = "XF96-0321v1";
const AUBREY: &str = "XF96-0063v1";
const X: &str = "XF96-0293v1";
const FIRST_AID: &str = "XF96-0002v1";
const SHEILA_BRAUN: &str = "XF96-0207v1";
const SHOTGUN: &str = "XF96-0329v1";
const DEEP_THROAT: &str = "XF96-0222v1";
const AMBUSH: &str = "XF96-0007v1";
const CAR_TROUBLES: &str = "XF96-0110v1";
const CAPE_COD: &str = "XF96-0064v1";
const MANITOU: &str = "XF96-0352v1";
const GOOD_PEOPLE: &str = "XF96-0340v1";
/// Les's X-File: its MOTIVE is CONTROL, so "Is it SURVIVAL?" is answered No.
const LES_XFILE: &str = "XF96-0142v1";
const RANDY_XFILE: &str = "XF96-0122v1";

const RANDY: u8 = 0;
const LES: u8 = 1;

fn damage(g: &XfGame, card: &str) -> u8 {
    g.agent(agent(RANDY, card)).expect("in play").damage
}

fn section(g: &XfGame, card: &str) -> Section {
    g.agent(agent(RANDY, card)).expect("in play").section
}

/// Set-up (p. 13): the team costs 20, five tokens in each pool, seven cards.
fn setup() -> XfGame {
    let team = [MULDER, SCULLY, KOSSEFF, LAMANA];
    let randy = deck(
        &team,
        RANDY_XFILE,
        &[KNIFE, AUBREY, X, FIRST_AID, SHEILA_BRAUN],
    );
    let les = deck(
        &team,
        LES_XFILE,
        &[
            SHOTGUN,
            DEEP_THROAT,
            AMBUSH,
            CAR_TROUBLES,
            CAPE_COD,
            MANITOU,
            GOOD_PEOPLE,
        ],
    );
    let mut g = game(vec![randy, les], XfOptions::default());
    for p in &g.players {
        assert_eq!((p.rp, p.cp, p.hand.len()), (5, 5, 7), "p. 13");
    }
    // Randy's opening hand holds the cards he plays this turn.
    let fillers: Vec<&str> = Vec::new();
    arrange(
        &mut g,
        RANDY,
        &[KNIFE, AUBREY, X, FIRST_AID, SHEILA_BRAUN],
        &fillers,
    );
    fill_hand(&mut g, RANDY, 7);
    arrange(
        &mut g,
        LES,
        &[
            SHOTGUN,
            DEEP_THROAT,
            AMBUSH,
            CAR_TROUBLES,
            CAPE_COD,
            MANITOU,
            GOOD_PEOPLE,
        ],
        &[],
    );
    g
}

#[test]
fn randy_against_les_pp13_to_39() {
    let mut g = setup();
    assert_eq!(g.phase, Phase::Draw);

    // Briefing (p. 19): one free card; RES 2+2+1+1 = 6 RP, Mulder's 2 must
    // buy cards: Randy buys two. Ten cards, nine RP.
    act(
        &mut g,
        RANDY,
        XfAction::Brief {
            draw: true,
            to_conspiracy: vec![],
        },
    );
    assert_eq!(g.player(RANDY).rp, 11);
    // The example never uses Kosseff's Game Effect (one dedicated RP for
    // BEHAVIORAL and OBSERVATION cards): without it the pools match the pages.
    for a in &mut g.players[usize::from(RANDY)].agents {
        a.dedicated_rp = false;
    }
    act(&mut g, RANDY, XfAction::Buy { count: 2 });
    assert_eq!(g.player(RANDY).hand.len(), 10, "p. 19: ten cards");
    assert_eq!(g.player(RANDY).rp, 9, "p. 19: nine RP");

    // Les sells Shotgun (6), Deep Throat (5) and Ambush (2) for 13 CP, then
    // buys two cards: 18 CP, then 16 (p. 19).
    assert_eq!(g.phase, Phase::Trade(LES));
    act(
        &mut g,
        LES,
        XfAction::Trade {
            sell: vec![id(SHOTGUN), id(DEEP_THROAT), id(AMBUSH)],
            buy: 2,
        },
    );
    assert_eq!(g.player(LES).cp, 16, "p. 19: 16 CP after buying");
    assert!(g.player(LES).discard.contains(&id(SHOTGUN)));

    // Healing: nothing to heal on the first turn (p. 22). Requisition: the
    // Knife (BUREAU Activator) goes to Mulder for 2 RP: seven RP left (p. 22).
    assert_eq!(g.phase, Phase::Requisition);
    act(
        &mut g,
        RANDY,
        XfAction::Equip {
            agent: id(MULDER),
            card: id(KNIFE),
        },
    );
    assert_eq!(g.player(RANDY).rp, 7, "p. 22: seven RP left");
    act(&mut g, RANDY, XfAction::Done);

    // Deployment (p. 26): Mulder, Scully and Kosseff to the Field; Lamana stays.
    for a in [MULDER, SCULLY, KOSSEFF] {
        act(
            &mut g,
            RANDY,
            XfAction::Deploy {
                agent: id(a),
                section: Section::Field,
                team: 0,
            },
        );
    }
    act(&mut g, RANDY, XfAction::Done);
    assert_eq!(section(&g, LAMANA), Section::Bureau);

    // Case Assignment (p. 26): Aubrey, MO for 2 RP (five left), directed at
    // Les by default; Les places two Bluffs beneath it.
    act(
        &mut g,
        RANDY,
        XfAction::PlaySite {
            card: id(AUBREY),
            directed: None,
            free: false,
        },
    );
    assert_eq!(g.player(RANDY).rp, 5, "p. 26: five RP left");
    assert_eq!(
        g.sites[0].directed, LES,
        "p. 26: Les is the Directed Player"
    );
    act(&mut g, RANDY, XfAction::Done);
    assert_eq!(g.phase, Phase::Bluffing(LES));
    for b in [CAR_TROUBLES, CAPE_COD] {
        act(&mut g, LES, place_bluff(0, b));
    }
    act(&mut g, LES, XfAction::Done);
    assert_eq!(g.sites[0].bluffs.len(), 2);

    // Investigation (p. 30): all three Agents go; the Bluffs are revealed.
    // Car Troubles costs Les 3 - 1 = 2 CP (14 left) and lets two Agents
    // through: Randy leaves Scully behind. Cape Cod, MA is not a real Bluff
    // and goes to Les's discard pile. The Bluffs placed, the Case Assignment
    // Phase ends: the Team sent begins the Investigation Phase.
    assert_eq!(g.phase, Phase::CaseEnd);
    act(
        &mut g,
        RANDY,
        XfAction::Investigate {
            site: 0,
            team: vec![id(MULDER), id(SCULLY), id(KOSSEFF)],
            skill: None,
        },
    );
    let mut cape_cod_discarded = g.player(LES).discard.contains(&id(CAPE_COD));
    // Each paid Bluff waits on the stack for Randy's answer, then resolves.
    loop {
        if g.choice.is_some() {
            assert_eq!(options(&g).len(), 3);
            choose(&mut g, &[MULDER, KOSSEFF]);
        } else if g.investigation.as_ref().unwrap().stage == Stage::Bluff {
            act(&mut g, LES, pay_bluff());
        } else if !g.stack.is_empty() {
            act(&mut g, RANDY, XfAction::Pass);
        } else {
            break;
        }
        cape_cod_discarded |= g.player(LES).discard.contains(&id(CAPE_COD));
    }
    assert!(cape_cod_discarded, "p. 30: Cape Cod, MA is discarded");
    assert_eq!(g.player(LES).cp, 14, "p. 30: Car Troubles paid 2 CP");
    assert!(g.sites[0].bluffs.is_empty());

    // Randy's BEHAVIORAL is 6 (Mulder 3, Kosseff 3). Les plays The Manitou
    // Stalks His Prey (CONSPIRACY, MOTIVE SITE) for 6 CP: eight left. Randy
    // negates it with X for 3 RP: two left (p. 30).
    act(&mut g, RANDY, XfAction::Pass);
    act(&mut g, LES, play(MANITOU));
    assert_eq!(g.player(LES).cp, 8, "p. 30: eight CP left");
    act(&mut g, RANDY, play_at(X, Target::Stack(0)));
    assert_eq!(g.player(RANDY).rp, 2, "p. 30: two RP left");
    // Les passes: X resolves first and negates the Manitou.
    act(&mut g, LES, XfAction::Pass);
    while !g.stack.is_empty() {
        let seat = g.to_act()[0];
        act(&mut g, seat, XfAction::Pass);
    }
    assert!(g.player(LES).discard.contains(&id(MANITOU)));
    assert!(g.combat().is_none());

    // Les plays Good People, Good Food for 8 CP: none left (p. 30); it
    // resolves and Combat begins.
    let les_due = g.to_act()[0];
    if les_due == RANDY {
        act(&mut g, RANDY, XfAction::Pass);
    }
    act(&mut g, LES, play(GOOD_PEOPLE));
    assert_eq!(g.player(LES).cp, 0, "p. 30: no CP left");
    act(&mut g, RANDY, XfAction::Pass);
    let combat = g.combat().cloned();
    let combat = combat.expect("p. 31: an Adversary starts Combat");
    assert_eq!(title(combat.adversary()), "Good People, Good Food");

    // Long Range round (p. 36): the Adversary has LRC 0; Mulder 2 + Kosseff 1
    // = 3 damage on it. Nobody plays Combat cards.
    pass_round(&mut g);
    assert_eq!(adversary_damage(&g), 3, "p. 36: three damage after LRC");
    assert_eq!(damage(&g, MULDER) + damage(&g, KOSSEFF), 0);

    // First Close Range round: Mulder 2 + Knife 1 + Kosseff 1 = 4 (7 in all).
    // The Adversary's 3 go to Kosseff (HEALTH 3 -> 0); Randy plays First Aid
    // (0 RP) on her: she stays with 1 HEALTH (p. 36).
    pass_cards(&mut g);
    act(
        &mut g,
        LES,
        XfAction::AssignDamage {
            to: vec![(id(KOSSEFF), 3)],
        },
    );
    assert_eq!(adversary_damage(&g), 7, "p. 36: seven damage in all");
    act(
        &mut g,
        RANDY,
        play_at(FIRST_AID, Target::Agent(agent(RANDY, KOSSEFF))),
    );
    finish_window(&mut g);
    assert_eq!(damage(&g, KOSSEFF), 2, "p. 36: Kosseff keeps 1 HEALTH");
    assert_eq!(section(&g, KOSSEFF), Section::Field);

    // Second Close Range round: 4 more damage exceeds its HEALTH of 10; it
    // still deals its 3, to Kosseff, who goes to the Hospital (p. 36).
    pass_cards(&mut g);
    act(
        &mut g,
        LES,
        XfAction::AssignDamage {
            to: vec![(id(KOSSEFF), 3)],
        },
    );
    finish_window(&mut g);
    assert!(g.combat().is_none());
    assert!(g.player(LES).discard.contains(&id(GOOD_PEOPLE)));
    assert_eq!(section(&g, KOSSEFF), Section::Hospital, "p. 36");
    assert_eq!(damage(&g, KOSSEFF), 3, "p. 36: three tokens on Kosseff");
    assert_eq!(damage(&g, MULDER), 0);

    // Conclusion (p. 39): Mulder alone has BEHAVIORAL 3 < 4; Dr. Sheila Braun
    // (2 RP, none left) adds 2: 5 meets BEHAVIORAL 4+.
    let due = g.to_act()[0];
    if due == LES {
        act(&mut g, LES, XfAction::Pass);
    }
    act(&mut g, RANDY, play(SHEILA_BRAUN));
    assert_eq!(g.player(RANDY).rp, 0, "p. 39: no RP left");
    act(&mut g, LES, XfAction::Pass);
    while matches!(
        g.investigation.as_ref().map(|i| &i.stage),
        Some(Stage::Check)
    ) {
        let seat = g.to_act()[0];
        act(&mut g, seat, XfAction::Pass);
    }
    assert!(
        matches!(
            g.investigation.as_ref().map(|i| &i.stage),
            Some(Stage::Resolve { .. })
        ),
        "p. 39: the prerequisite is met"
    );

    // One MOTIVE question: "Is it SURVIVAL?" No (p. 39).
    let events = act(
        &mut g,
        RANDY,
        XfAction::Ask {
            category: Category::Motive,
            value: Trait::Survival,
        },
    );
    let answer = events.iter().find_map(|e| match &e.body {
        XfEvent::Answer { yes, .. } => Some(*yes),
        _ => None,
    });
    assert_eq!(answer, Some(false), "p. 39: the answer is No");
    act(&mut g, RANDY, XfAction::Done);

    // Debriefing (p. 39): Randy has five cards, no discard needed; Les's turn.
    while g.phase != Phase::Debriefing {
        act(&mut g, RANDY, XfAction::Done);
    }
    assert_eq!(g.player(RANDY).hand.len(), 5, "p. 39: five cards");
    // The manual says Les has five too, but its own figures give him two:
    // 7 - 3 sold + 2 bought - 2 Bluffs - 2 Adversaries.
    assert_eq!(g.player(LES).hand.len(), 2);
    act(&mut g, RANDY, XfAction::Done);
    assert_eq!(g.active, LES, "p. 39: it is now Les's turn");
    assert!(g.outcome().is_none());
}

fn adversary_damage(g: &XfGame) -> u8 {
    g.combat().map_or(0, |c| c.damage())
}

/// Both players play no Combat card this round; with no damage to assign
/// (an Adversary with LRC 0) the round completes.
fn pass_round(g: &mut XfGame) {
    let round = g.combat().unwrap().round;
    pass_while(g, |c| c.round == round);
}

/// Both players pass in the Cards step, up to the damage assignment.
fn pass_cards(g: &mut XfGame) {
    pass_while(g, |c| c.step == CombatStep::Cards);
}

/// Everyone passes in the after-damage window (resolving what was played).
fn finish_window(g: &mut XfGame) {
    pass_while(g, |c| c.step == CombatStep::AfterDamage);
}
