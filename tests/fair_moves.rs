//! A table that plays fair (issue 42), through the console on a real
//! PostgreSQL store: a deadline's default move spends nothing of the
//! player's (it passes, buys nothing, ends a step), and no card is played
//! in the Debriefing Phase, neither offered by "You may" nor accepted.

mod support;

use support::{Backend, app_on, blocks, database, run_console};
use xfiles_bot::app::App;
use xfiles_bot::cards::{self, CardIdx};
use xfiles_bot::decks::StoredDeck;
use xfiles_bot::engine::xfiles::{Phase, XfAction, XfEvent, XfGame, XfOptions};
use xfiles_bot::engine::{Game, Seat, step};

const SETUP: &str = "@randy /deck import name:Randy file:tests/data/decks/randy.txt
@les /deck import name:Les file:tests/data/decks/les.json
@randy /game new game:xfiles-ccg deck:Randy deadline:2h
@les /game join deck:Les
@randy /game start
";

/// The committed game script's lines before its line `n` (1-based),
/// the game created with a two-hour deadline.
fn script_before(n: usize) -> String {
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    script
        .lines()
        .take(n - 1)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("deck:Randy\n", "deck:Randy deadline:2h\n")
        + "\n"
}

/// The last block addressed to `head` ("[#table]", "[ephemeral @les]").
fn last_to(out: &str, head: &str) -> String {
    blocks(out)
        .into_iter()
        .rev()
        .find(|(h, _)| h == head)
        .map(|b| b.1)
        .unwrap_or_default()
}

async fn stored_game(app: &App) -> XfGame {
    let row = app.store().game(1).await.unwrap().unwrap();
    serde_json::from_str(row.state.as_deref().expect("started")).expect("an X-Files game")
}

fn card(title: &str) -> CardIdx {
    cards::db()
        .iter()
        .find(|(_, c)| c.title == title)
        .map(|(i, _)| i)
        .expect("a card of the database")
}

fn holds(g: &XfGame, seat: Seat, title: &str) -> bool {
    g.player(seat).hand.contains(&card(title))
}

/// The hand size and pools of a seat: what a default move must not spend.
fn holdings(g: &XfGame, seat: Seat) -> (usize, u32, u32) {
    let p = g.player(seat);
    (p.hand.len(), p.rp, p.cp)
}

/// Issue 42: les's deadline passed at the start of their Briefing with Deep
/// Throat (5 RP, removed from the game) in hand; the default move played it.
/// A default move passes, buys nothing, ends a step: here it takes the free
/// draw (p. 18), which costs nothing.
#[tokio::test]
async fn a_deadline_default_with_deep_throat_in_hand_plays_nothing() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 11).await;
    let (_, _, failures) = run_console(
        &app,
        &format!("{SETUP}@randy /xfile card:\"The Jersey Devil\"\n"),
    )
    .await;
    assert_eq!(failures, 0);
    let before = stored_game(&app).await;
    assert_eq!(before.to_act(), vec![1], "les's Briefing");
    assert!(holds(&before, 1, "Deep Throat"), "les holds Deep Throat");
    let (out, _, _) = run_console(&app, "wait 3h\n").await;
    assert!(
        out.contains("les's agreed time for a move (2 h) ran out")
            || out.contains("les's agreed time for a move"),
        "the deadline moved for les:\n{out}"
    );
    assert!(!out.contains("Deep Throat"), "nothing played:\n{out}");
    let after = stored_game(&app).await;
    assert!(holds(&after, 1, "Deep Throat"), "still in les's hand");
    let (hand, rp, cp) = holdings(&before, 1);
    let (hand2, rp2, cp2) = holdings(&after, 1);
    assert!(
        hand2 >= hand && rp2 >= rp && cp2 >= cp,
        "nothing spent: {:?} then {:?}",
        (hand, rp, cp),
        (hand2, rp2, cp2)
    );
}

/// The committed game replayed: at every position, the default move of each
/// seat due spends nothing of theirs (no card played, used or bought, no
/// point paid); only a hand over the limit in the Debriefing loses cards,
/// as many as the limit forces (p. 38), and RP that had to buy cards is
/// lost when the default buys none (the issue: a default move buys nothing).
#[tokio::test]
async fn every_default_move_of_the_committed_game_spends_nothing() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 11).await;
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    let (_, _, failures) = run_console(&app, &script).await;
    assert_eq!(failures, 0);
    let row = app.store().game(1).await.unwrap().unwrap();
    let seats = app.store().seats(1).await.unwrap();
    let options: XfOptions = serde_json::from_str(&row.options).unwrap();
    let setups: Vec<StoredDeck> = seats
        .iter()
        .map(|s| serde_json::from_str(s.setup.as_deref().unwrap()).unwrap())
        .collect();
    let (mut g, _) = XfGame::new(options, setups, row.seed as u64).unwrap();
    for (i, logged) in app.store().actions(1).await.unwrap().iter().enumerate() {
        for seat in g.to_act() {
            let Some(default) = g.default_action(seat) else {
                continue;
            };
            let (next, events) = step(&g, seat, &default)
                .unwrap_or_else(|r| panic!("move {i}: default {default:?} refused: {r}"));
            let (hand, rp, cp) = holdings(&g, seat);
            let (hand2, rp2, cp2) = holdings(&next, seat);
            let limit = usize::from(g.options.hand_limit);
            let trimmed = g.phase == Phase::Debriefing && hand > limit && hand2 == limit;
            // RP an Agent's text says must buy cards is lost when none is bought.
            let lost: u32 = events
                .iter()
                .map(|e| match e.body {
                    XfEvent::LostRp { seat: s, amount } if s == seat => amount,
                    _ => 0,
                })
                .sum();
            assert!(
                (hand2 >= hand || trimmed) && rp2 + lost >= rp && cp2 >= cp,
                "move {i}, {}: seat {seat}'s default {default:?} spent {:?} -> {:?}",
                g.phase_name(),
                (hand, rp, cp),
                (hand2, rp2, cp2)
            );
        }
        let action: XfAction = serde_json::from_str(&logged.action).unwrap();
        g.apply(logged.seat as Seat, &action).unwrap();
    }
}

/// "No card may be played during the Debriefing Phase" (Rules Assistant,
/// Ancillary Documentation p. 7; cards/rules/xfiles-rulings.md). Randy, in
/// his Debriefing with 8 cards, holds I Want To Believe: it is not offered,
/// not accepted, and the refusal says why without offering a play.
#[tokio::test]
async fn no_card_may_be_played_in_the_debriefing_phase_rules_assistant() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 11).await;
    // Line 216 of the script: randy discards in his Debriefing.
    let (_, _, failures) = run_console(&app, &script_before(216)).await;
    assert_eq!(failures, 0);
    let g = stored_game(&app).await;
    assert_eq!(g.phase, Phase::Debriefing);
    assert!(holds(&g, 0, "I Want To Believe"));
    for seat in 0..2 {
        let plays: Vec<XfAction> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| matches!(a, XfAction::Play { .. } | XfAction::PlayTogether { .. }))
            .collect();
        assert!(plays.is_empty(), "seat {seat} is offered {plays:?}");
        for &c in &g.player(seat).hand {
            let play = XfAction::Play {
                card: c,
                mode: 0,
                target: None,
                x: 1,
                pool: None,
            };
            assert!(step(&g, seat, &play).is_err(), "{play:?} accepted");
        }
    }
    let (out, _, _) = run_console(
        &app,
        "@randy /hand\n@randy /play card:\"I Want To Believe\" target:\"Agent Fox Mulder\"\n",
    )
    .await;
    let hand = blocks(&out)
        .into_iter()
        .find(|(h, b)| h == "[ephemeral @randy]" && b.contains("You may"))
        .expect("randy's status")
        .1;
    let may = hand.lines().find(|l| l.starts_with("You may")).unwrap();
    assert!(!may.contains("/play"), "{may}");
    assert!(may.contains("/discard"), "{may}");
    let refusal = last_to(&out, "[ephemeral @randy]");
    assert!(refusal.starts_with("Refused"), "{refusal}");
    assert!(
        refusal
            .to_lowercase()
            .contains("no card may be played during the debriefing phase"),
        "the ruling is cited: {refusal}"
    );
    assert!(!refusal.contains("/play"), "no play offered: {refusal}");
    assert!(refusal.contains("Nothing was changed."), "{refusal}");
    assert!(holds(&stored_game(&app).await, 0, "I Want To Believe"));
}
