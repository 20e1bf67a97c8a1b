//! Manual steps (`/adjust`) are proposals tied to the card being resolved:
//! only its player proposes them, only of the kinds its text could change,
//! each public; another player may `/dispute` a step before the game moves
//! on, which restores the table exactly. (How xfiles-bot plays card text
//! the bot does not automate; see `engine/xfiles/manual.rs`.)

#[path = "support/scene.rs"]
mod scene;
#[path = "support/xf.rs"]
mod xf;

use scene::*;
use xf::*;
use xfiles_bot::cards::{Pool, Skill};
use xfiles_bot::engine::Audience;
use xfiles_bot::engine::xfiles::effects::db;
use xfiles_bot::engine::xfiles::{
    AgentRef, Manual, ManualKind, XfAction, XfEvent, XfGame, XfOptions,
};

const TRAVEL_PLANS: &str = "Travel Plans";

fn rp_step(delta: i32) -> XfAction {
    XfAction::Manual(Manual::Pool {
        pool: Pool::Rp,
        delta,
    })
}

/// Travel Plans as a draft whose every sentence is played by hand (its
/// embedded script is proven now): a manual card for these tests.
const TRAVEL_PLANS_BY_HAND: &str = "card Travel Plans
text Play this card in the Field. Search through your Bureau Deck and draw up to two Site cards. Place the drawn Site cards face down below this card. You may play these Site cards for zero [RP] during your Case Assignment phase. Discard this card when no cards remain underneath. If this card is negated, the Site cards beneath it are moved to your Discard Pile.
status draft
manual play this card in the field
manual search through your bureau deck and draw up to two site cards
manual place the drawn site cards face down below this card
manual you may play these site cards for zero [rp] during your case assignment phase
manual discard this card when no cards remain underneath
manual if this card is negated, the site cards beneath it are moved to your discard pile
play
";

/// Seat 0 has played Travel Plans (played by hand: searching the deck for
/// Sites is done by hand) during its investigation, and it has resolved.
fn travel_plans_resolved() -> XfGame {
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[TRAVEL_PLANS], &[]);
    let by_hand = db::scripts().with(TRAVEL_PLANS_BY_HAND).expect("it parses");
    g.scripts = db::Scripts(std::sync::Arc::new(by_hand));
    play_on(&mut g, 0, TRAVEL_PLANS, None);
    resolve(&mut g);
    let w = g.manual.as_ref().expect("a manual window is open");
    assert_eq!(w.seat, 0);
    assert_eq!(
        w.scope,
        vec![ManualKind::Move, ManualKind::Draw, ManualKind::Rp]
    );
    g
}

fn json(g: &XfGame) -> serde_json::Value {
    serde_json::to_value(g).unwrap()
}

#[test]
fn only_the_player_resolving_a_manual_card_may_propose_its_steps() {
    let g = travel_plans_resolved();
    let r = refused(&g, 1, rp_step(2));
    assert!(
        r.reason
            .contains("only the player resolving Travel Plans may apply its text by hand"),
        "{}",
        r.reason
    );
    let mut g = g;
    let events = act(&mut g, 0, rp_step(2));
    assert!(events.iter().any(|e| e.audience == Audience::All
        && matches!(
            &e.body,
            XfEvent::ManualStep {
                seat: 0,
                card: Some(_),
                ..
            }
        )));
}

#[test]
fn a_manual_step_stays_within_what_the_card_could_change() {
    let g = travel_plans_resolved();
    let skinner = AgentRef {
        seat: 1,
        card: g.players[1].agents[0].card,
    };
    let r = refused(
        &g,
        0,
        XfAction::Manual(Manual::Damage {
            agent: skinner,
            amount: 5,
        }),
    );
    assert!(
        r.reason
            .contains("Travel Plans's text does not call for a 'damage' step; its steps may be: move, draw, rp"),
        "{}",
        r.reason
    );
}

#[test]
fn without_a_manual_card_resolving_nobody_may_change_the_table_by_hand() {
    let g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    for seat in [0, 1] {
        let r = refused(&g, seat, rp_step(10));
        assert!(
            r.reason.contains("manual steps are only for a card"),
            "{}",
            r.reason
        );
    }
}

#[test]
fn a_dispute_restores_the_table_exactly_and_the_record_keeps_both() {
    let mut g = travel_plans_resolved();
    let before = json(&g);
    act(&mut g, 0, XfAction::Manual(Manual::Draw { count: 2 }));
    act(&mut g, 0, rp_step(3));
    assert_ne!(json(&g), before);
    let events = act(&mut g, 1, XfAction::Dispute);
    assert!(events.iter().any(|e| matches!(
        &e.body,
        XfEvent::Disputed { seat: 1, by: 0, text } if text.contains("RP pool by +3")
    )));
    let events = act(&mut g, 1, XfAction::Dispute);
    assert!(events.iter().any(|e| matches!(
        &e.body,
        XfEvent::Disputed { text, .. } if text.contains("draws 2 cards")
    )));
    assert_eq!(
        json(&g),
        before,
        "both steps undone: hand, deck and pool as they were"
    );
    let r = refused(&g, 1, XfAction::Dispute);
    assert!(
        r.reason.contains("no manual step to dispute"),
        "{}",
        r.reason
    );
}

#[test]
fn the_proposer_cannot_dispute_their_own_step() {
    let mut g = travel_plans_resolved();
    act(&mut g, 0, rp_step(1));
    let r = refused(&g, 0, XfAction::Dispute);
    assert!(
        r.reason.contains("another player may dispute it"),
        "{}",
        r.reason
    );
}

#[test]
fn once_the_game_moves_on_the_steps_stand() {
    let mut g = travel_plans_resolved();
    act(&mut g, 0, rp_step(1));
    let s = xfiles_bot::engine::Game::to_act(&g)[0];
    act(&mut g, s, XfAction::Pass);
    assert!(g.manual.is_none());
    assert!(
        refused(&g, 1, XfAction::Dispute)
            .reason
            .contains("no manual step")
    );
    assert!(
        refused(&g, 0, rp_step(1))
            .reason
            .contains("manual steps are only for a card")
    );
}

#[test]
fn games_stored_before_the_rule_keep_manual_steps_for_anyone() {
    let old: XfOptions = serde_json::from_str(r#"{"killer":false,"hand_limit":7}"#).unwrap();
    assert!(old.legacy_manual);
    assert!(!XfOptions::default().legacy_manual);
    let mut g = checking(Skill::Observation, &[MULDER, SCULLY], &[], &[]);
    g.options.legacy_manual = true;
    let rp = g.players[1].rp;
    act(&mut g, 1, rp_step(2));
    assert_eq!(g.players[1].rp, rp + 2);
}
