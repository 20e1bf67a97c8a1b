//! Limited events with the FCU cube (instructions v1.1): the draft's
//! dealing, passing and pools (pure), and sealed and draft leagues through
//! the application layer: hidden piles and picks, default picks at the
//! deadline, decks checked against pools, organiser-only commands.

mod support;

use std::collections::BTreeMap;

use support::{Backend, app_on, database, run_console, say};
use xfiles_bot::app::{Address, App, Menu, Outgoing};
use xfiles_bot::cards::cube::fcu;
use xfiles_bot::engine::GameRng;
use xfiles_bot::league::limited::{Draft, Pass, seal};

fn tally<'a>(ids: impl Iterator<Item = &'a String>) -> BTreeMap<&'a str, usize> {
    let mut m = BTreeMap::new();
    for id in ids {
        *m.entry(id.as_str()).or_default() += 1;
    }
    m
}

/// Instructions p. 3: six Agents each passed left, then four piles of 20
/// passed left, right, left, right; each player ends with 6 Agents and 80
/// cards, and every dealt card is kept by exactly one player.
#[test]
fn fcu_draft_every_dealt_card_ends_in_one_pool_and_piles_pass_the_documented_way() {
    let cube = fcu();
    for seed in 0..40u64 {
        let seats = 3 + (seed % 2) as usize;
        let mut rng = GameRng::seeded(seed);
        let mut draft = Draft::deal(cube, seats, &mut rng, 0).unwrap();
        let mut dealt: Vec<String> = Vec::new();
        for s in 0..seats {
            dealt.extend(draft.pile(s).unwrap().iter().cloned());
        }
        let mut picks = 0;
        while !draft.is_done() {
            let ready: Vec<usize> = (0..seats).filter(|s| draft.pile(*s).is_some()).collect();
            assert!(!ready.is_empty(), "a draft never stalls");
            let seat = ready[rng.below(ready.len())];
            let pile = draft.pile(seat).unwrap().to_vec();
            if draft.round > 0 && pile.len() == 20 {
                dealt.extend(pile.iter().cloned());
            }
            let card = pile[rng.below(pile.len())].clone();
            let round = draft.round;
            let picked = draft.pick(seat, &card, picks).unwrap();
            if let Some(to) = picked.passed_to {
                let want = match Draft::direction(round) {
                    Pass::Left => (seat + 1) % seats,
                    Pass::Right => (seat + seats - 1) % seats,
                };
                assert_eq!(to, want, "round {round}");
            }
            picks += 1;
        }
        assert_eq!(picks as usize, Draft::total_picks(seats));
        assert_eq!(
            picks as usize,
            seats * 86,
            "344 picks for four, 258 for three"
        );
        for pool in &draft.pools {
            assert_eq!((pool.agents.len(), pool.cards.len()), (6, 80));
            assert!(pool.agents.iter().all(|a| cube.agents.contains(a)));
        }
        let kept = tally(
            draft
                .pools
                .iter()
                .flat_map(|p| p.agents.iter().chain(&p.cards)),
        );
        assert_eq!(kept, tally(dealt.iter()), "seed {seed}");
        let whole = tally(cube.agents.iter().chain(&cube.sites).chain(&cube.others));
        assert!(kept.iter().all(|(id, n)| whole[id] >= *n));
    }
    assert_eq!(
        [0, 1, 2, 3, 4].map(Draft::direction),
        [Pass::Left, Pass::Left, Pass::Right, Pass::Left, Pass::Right]
    );
}

/// Instructions p. 2: sealed pools are disjoint deals of the cube.
#[test]
fn fcu_sealed_pools_are_disjoint_deals_of_the_cube() {
    let cube = fcu();
    for (players, safe) in [(2, false), (2, true), (3, true)] {
        let pools = seal(cube, players, safe, &mut GameRng::seeded(9)).unwrap();
        let dealt = tally(pools.iter().flat_map(|p| p.agents.iter().chain(&p.cards)));
        let whole = tally(cube.agents.iter().chain(&cube.sites).chain(&cube.others));
        assert!(dealt.iter().all(|(id, n)| whole[id] >= *n));
        assert_eq!(
            dealt.values().sum::<usize>(),
            players * if safe { 88 } else { 128 }
        );
    }
    let err = seal(cube, 3, false, &mut GameRng::seeded(1)).unwrap_err();
    assert!(err.contains("2 to 2 players"), "{err}");
}

/// A pick deadline: overdue seats, and the next deadline moves on.
#[test]
fn a_pile_is_overdue_once_its_pick_time_has_passed() {
    let mut d = Draft::deal(fcu(), 4, &mut GameRng::seeded(3), 1_000).unwrap();
    assert!(d.overdue(1_999, 1_000).is_empty());
    assert_eq!(d.overdue(2_000, 1_000), vec![0, 1, 2, 3]);
    let first = d.pile(0).unwrap()[0].clone();
    d.pick(0, &first, 1_500).unwrap();
    assert_eq!(
        d.overdue(2_000, 1_000),
        vec![1, 2, 3],
        "seat 0 has no pile yet"
    );
    assert_eq!(d.next_deadline(1_000), Some(2_000));
}

fn to_user(m: &Outgoing) -> Option<&str> {
    match &m.to {
        Address::Dm(u) | Address::Ephemeral(u) => Some(u),
        Address::Channel(_) => None,
    }
}

/// The stored draft as JSON.
async fn stored(app: &App, league: i64) -> (serde_json::Value, i64) {
    let row = app.store().limited(league).await.unwrap().unwrap();
    (
        serde_json::from_str(row.state.as_deref().unwrap_or("null")).unwrap(),
        row.version,
    )
}

fn pile_ids(state: &serde_json::Value, seat: usize) -> Vec<String> {
    let mut ids: Vec<String> = state["draft"]["draft"]["waiting"][seat][0]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    ids.sort();
    ids.dedup();
    ids
}

/// A message of the draft: one to a drafter shows only cards of their own
/// pile now (its menu's command is returned), a channel post names none.
fn check_shown(m: &Outgoing, state: &serde_json::Value, seats: &[String]) -> Option<String> {
    let Some(u) = to_user(m) else {
        assert!(
            !m.text.contains("XF9") && !m.text.contains("kept"),
            "a channel post names no card: {}",
            m.text
        );
        return None;
    };
    let seat = seats.iter().position(|d| *d == u).unwrap();
    let mut shown: Vec<String> = m
        .menus
        .iter()
        .flat_map(|menu| menu.options.iter().map(|o| o.value.clone()))
        .collect();
    shown.sort();
    shown.dedup();
    if !shown.is_empty() {
        assert_eq!(shown, pile_ids(state, seat), "{}", m.text);
    }
    m.menus.first().map(|menu| menu.command.clone())
}

/// The whole draft through the application layer: 344 picks from menus,
/// each message showing its reader only their own pile, no pick named to
/// anyone else, the pools complete and sent at the end.
#[tokio::test]
async fn a_four_player_draft_runs_by_dm_with_each_pile_and_pick_seen_only_by_its_drafter() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 11).await;
        let mut now = 1_000_000;
        let setup = "@alice /league create name:Draft game:xfiles-ccg format:draft
@owner /league create name:Draft game:xfiles-ccg format:draft pick:6h organisers:staff
@alice /league join
@bob /league join
@carol /league join
@alice /league deal
@alice /pick card:x";
        let (out, _, _) = run_console(&app, setup).await;
        assert!(
            out.contains("Only an organiser (Manage Server) can create a league"),
            "{out}"
        );
        assert!(
            out.contains("booster draft for 3 or 4 players by DM (6 h a pick)"),
            "{out}"
        );
        assert!(
            out.contains("Only an organiser (Manage Server or the role @&staff) can deal"),
            "{out}"
        );
        assert!(out.contains("You have no draft in progress"), "{out}");
        say(&app, "@dave /league join", now).await;
        let league = app.store().leagues("console").await.unwrap().remove(0);
        // A member of the league's organiser role deals.
        let mut inbox: BTreeMap<String, Vec<Outgoing>> = BTreeMap::new();
        let dealt = say(&app, "@erin+staff /league deal", now).await;
        assert!(
            dealt.iter().any(|m| m.text.contains("the draft begins")),
            "{dealt:?}"
        );
        let mut messages = dealt;
        let mut rng = GameRng::seeded(5);
        let mut picks = 0;
        let mut pick_command = String::new();
        loop {
            let (state, _) = stored(&app, league.id).await;
            let seats: Vec<String> = state["draft"]["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            assert_eq!(seats.len(), 4);
            for m in &messages {
                if let Some(command) = check_shown(m, &state, &seats) {
                    pick_command = command;
                }
                if let Some(u) = to_user(m) {
                    inbox.entry(u.to_string()).or_default().push(m.clone());
                }
            }
            if state["draft"]["draft"]["picks"] == 344 {
                break;
            }
            let ready: Vec<usize> = (0..4)
                .filter(|s| !pile_ids(&state, *s).is_empty())
                .collect();
            let seat = ready[rng.below(ready.len())];
            let ids = pile_ids(&state, seat);
            let card = &ids[rng.below(ids.len())];
            now += 1_000;
            // The command the menu runs when the card is picked.
            let pick = Menu::command_for(&pick_command, std::slice::from_ref(card));
            messages = say(&app, &format!("@{} {pick}", seats[seat]), now).await;
            picks += 1;
            let kept: Vec<&Outgoing> = messages
                .iter()
                .filter(|m| m.text.contains("You kept"))
                .collect();
            assert_eq!(kept.len(), 1);
            assert_eq!(
                kept[0].to,
                Address::Ephemeral(seats[seat].clone()),
                "the pick is told to its picker only"
            );
        }
        assert_eq!(picks, 344);
        let (state, _) = stored(&app, league.id).await;
        for s in 0..4 {
            let pool = &state["draft"]["draft"]["pools"][s];
            assert_eq!(pool["agents"].as_array().unwrap().len(), 6);
            assert_eq!(pool["cards"].as_array().unwrap().len(), 80);
            let user = state["draft"]["seats"][s].as_str().unwrap();
            let last = inbox[user].last().unwrap();
            assert!(
                last.text
                    .starts_with("**Your pool in Draft** (6 Agents, 80 cards"),
                "{}",
                last.text
            );
            assert_eq!(last.files[0].name, "pool.txt");
        }
        // Bad input: a pick after the end, a deal again.
        let late = say(&app, "@alice /pick card:x", now + 1).await;
        assert!(
            late[0].text.contains("You have no draft in progress"),
            "{}",
            late[0].text
        );
        let again = say(&app, "@owner /league deal", now + 1).await;
        assert!(
            again[0].text.contains("were dealt already"),
            "{}",
            again[0].text
        );
    }
}

/// A pick deadline passed: the draft keeps the first card listed for each
/// late drafter, tells only them, and passes the pile on.
#[tokio::test]
async fn a_late_drafter_gets_the_default_pick_and_a_wrong_card_changes_nothing() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 12).await;
    let t0 = 5_000_000;
    for line in [
        "@owner /league create name:Quick game:xfiles-ccg format:draft pick:1h",
        "@alice /league join",
        "@bob /league join",
        "@carol /league join",
        "@owner /league deal",
    ] {
        say(&app, line, t0).await;
    }
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let (before, version) = stored(&app, league.id).await;
    let wrong = say(&app, "@alice /pick card:\"Aubrey, MO\"", t0 + 10).await;
    assert!(
        wrong[0].text.contains("is not in the pile in front of you"),
        "{}",
        wrong[0].text
    );
    assert!(wrong[0].text.contains("Nothing was picked"));
    assert_eq!(
        stored(&app, league.id).await,
        (before.clone(), version),
        "nothing changed"
    );
    // Alice picks in time; Bob and Carol do not.
    let first = pile_ids(&before, 0)[0].clone();
    say(&app, &format!("@alice /pick card:{first}"), t0 + 20).await;
    assert_eq!(app.next_due().await, Some(t0 + 3_600_000));
    assert!(app.tick(t0 + 3_599_999).await.is_empty());
    let out = app.tick(t0 + 3_600_000).await;
    let late: Vec<&Outgoing> = out.iter().filter(|m| m.text.contains("ran out")).collect();
    assert_eq!(late.len(), 2, "{out:?}");
    assert_eq!(late[0].to, Address::Dm("bob".into()));
    assert_eq!(late[1].to, Address::Dm("carol".into()));
    assert!(
        app.tick(t0 + 3_600_000).await.is_empty(),
        "a default pick is made once"
    );
    let (after, _) = stored(&app, league.id).await;
    for s in 0..3 {
        assert_eq!(
            after["draft"]["draft"]["pools"][s]["agents"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }
}

/// Sealed (p. 2): two pools by DM; a deck is checked against its
/// player's pool, and a league game opens only with a deck built from it.
#[tokio::test]
async fn sealed_pools_are_dealt_by_dm_and_league_decks_must_come_from_them() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 13).await;
    let t = 9_000_000;
    for line in [
        "@owner /league create name:Sealed game:xfiles-ccg format:sealed options:killer:true",
        "@alice /league join",
        "@bob /league join",
    ] {
        say(&app, line, t).await;
    }
    let early = say(&app, "@owner /league round", t).await;
    assert!(
        early[0].text.contains("not dealt yet: /league deal first"),
        "{}",
        early[0].text
    );
    let dealt = say(&app, "@owner /league deal", t).await;
    let dms: Vec<&Outgoing> = dealt
        .iter()
        .filter(|m| matches!(m.to, Address::Dm(_)))
        .collect();
    assert_eq!(dms.len(), 2);
    assert!(
        dms[0].text.contains("(8 Agents, 120 cards)"),
        "{}",
        dms[0].text
    );
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let (state, _) = stored(&app, league.id).await;
    let db = xfiles_bot::cards::db();
    let card = |v: &serde_json::Value| db.get(db.by_id(v.as_str().unwrap()).unwrap());
    let pool = &state["sealed"]["pools"][0];
    let mut agents: Vec<_> = pool["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(card)
        .collect();
    agents.sort_by_key(|c| c.cost.map_or(0, |k| k.amount.with_x(0)));
    let xfile = db
        .iter()
        .find(|(_, c)| c.kind == xfiles_bot::cards::CardType::XFile)
        .map(|(_, c)| c.id.clone())
        .unwrap();
    let mut list = String::from("Team:;");
    for a in agents.iter().take(3) {
        list.push_str(&format!("1 {};", a.id));
    }
    list.push_str(&format!("X-Files:;1 {xfile};Bureau:;"));
    let mut per_title: BTreeMap<String, u32> = BTreeMap::new();
    let mut bureau = 0;
    for c in pool["cards"].as_array().unwrap().iter().map(card) {
        let n = per_title.entry(c.title.clone()).or_default();
        if *n < 2 && bureau < 60 {
            *n += 1;
            bureau += 1;
            list.push_str(&format!("1 {};", c.id));
        }
    }
    assert_eq!(bureau, 60);
    say(
        &app,
        &format!("@alice /deck import name:Pool text:\"{list}\""),
        t,
    )
    .await;
    let outside = format!("{list}1 Knife;");
    say(
        &app,
        &format!("@alice /deck import name:Cheat text:\"{outside}\""),
        t,
    )
    .await;
    let ok = say(&app, "@alice /deck check name:Pool league:Sealed", t).await;
    assert!(
        ok[0].text.contains("Deck 'Pool': legal for Sealed"),
        "{}",
        ok[0].text
    );
    let bad = say(&app, "@alice /deck check name:Cheat league:Sealed", t).await;
    assert!(
        bad[0]
            .text
            .contains("Knife is not among your pool's cards (FCU cube instructions pp. 2-3)"),
        "{}",
        bad[0].text
    );
    say(&app, "@owner /league round", t).await;
    let refused = say(&app, "@alice /league play deck:Cheat", t).await;
    assert!(
        refused[0].text.contains("cannot be played in Sealed"),
        "{}",
        refused[0].text
    );
    assert!(
        app.store().games_of_user("alice").await.unwrap().is_empty(),
        "no game opened"
    );
    let opened = say(&app, "@alice /league play deck:Pool", t).await;
    assert!(
        opened
            .iter()
            .any(|m| m.text.contains("join it with /game join")),
        "{opened:?}"
    );
}
