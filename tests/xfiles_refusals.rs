//! Bad input while cards resolve: a target that is not legal, a choice out
//! of range or by the wrong player, a response the player's Activators do
//! not allow. Each is refused with what is allowed, and the game is
//! exactly as it was (the engine applies an action to a copy).

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{Skill, Trait};
use xfiles_bot::engine::xfiles::{Target, XfAction, XfGame};
use xfiles_bot::engine::{Game, Refusal, Seat, step};

/// Refused, and the stored game is unchanged.
fn refused_unchanged(g: &XfGame, seat: Seat, action: XfAction) -> Refusal {
    let before = serde_json::to_string(g).unwrap();
    let r = step(g, seat, &action).expect_err("refused");
    assert_eq!(serde_json::to_string(g).unwrap(), before);
    r
}

#[test]
fn a_target_that_is_not_legal_is_refused_naming_the_legal_ones() {
    let witness = title(id(SHEILA_BRAUN));
    let mut g = checking(Skill::Behavioral, &[MULDER, SCULLY], &[witness], &[]);
    g.options.powers = true;
    g.players[1].xfile = Some(
        xfiles_bot::cards::db()
            .iter()
            .find(|(_, c)| {
                c.characteristics
                    .is_some_and(|ch| ch.get(Trait::Threats.category()) == Trait::Threats)
            })
            .unwrap()
            .0,
    );
    play_on(&mut g, 0, witness, None);
    priority_to(&mut g, 1);
    // Threats negates a Witness: an Agent is not one.
    let r = refused_unchanged(
        &g,
        1,
        XfAction::UsePower {
            value: Trait::Threats,
            ability: 0,
            target: agent_target(0, MULDER),
        },
    );
    assert!(r.reason.contains("cannot be used on"), "{}", r.reason);
    assert!(
        r.allowed.iter().any(|a| a.contains("Braun")),
        "{:?}",
        r.allowed
    );
}

#[test]
fn a_choice_out_of_range_or_by_another_player_is_refused() {
    // Trap's "one Agent of your choice" is a pending choice.
    let mut g2 = fighting("The Mechanic", &[SCULLY, LAMANA], &[], &["Trap"]);
    g2.players[1].cp = 20;
    priority_to(&mut g2, 1);
    play_on(&mut g2, 1, "Trap", None);
    for _ in 0..10 {
        if g2.choice.is_some() {
            break;
        }
        let s = g2.to_act()[0];
        act(&mut g2, s, XfAction::Pass);
    }
    let c = g2.choice.clone().expect("the Trap's choice");
    let r = refused_unchanged(&g2, c.seat, XfAction::Choose { picks: vec![99] });
    assert!(
        r.reason.contains("option 100 does not exist"),
        "{}",
        r.reason
    );
    assert_eq!(r.allowed.len(), c.options.len(), "{:?}", r.allowed);
    let r = refused_unchanged(&g2, 1 - c.seat, XfAction::Choose { picks: vec![0] });
    assert!(!r.reason.is_empty());
    let r = refused_unchanged(&g2, c.seat, XfAction::Choose { picks: vec![0, 0] });
    assert!(
        r.reason.contains("twice") || r.reason.contains("exactly"),
        "{}",
        r.reason
    );
}

#[test]
fn a_response_the_players_activators_do_not_allow_is_refused() {
    // Seat 0 investigates: a CONSPIRACY card in its hand may not answer
    // the Adversary seat 1 played (p. 16).
    let csm = "The Cigarette-Smoking Man Strikes";
    let g = adversary_played("The Mechanic", &TEAM, &[csm], &[]);
    let r = refused_unchanged(&g, 0, play_at(card(csm), Target::Stack(0)));
    assert!(r.reason.contains("Activator CONSPIRACY"), "{}", r.reason);
}
