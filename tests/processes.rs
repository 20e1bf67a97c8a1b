//! Several bot processes on one PostgreSQL database: each is an `App` of
//! its own (its own caches and scheduler), as shards or replicas would be.
//! A game moved through one process is current in the others, and every
//! reminder and deadline move goes out once however many schedulers see it.

mod support;

use support::{Backend, TestDb, app_on, database, say, texts};
use xfiles_bot::app::{App, Outgoing};

const HOUR: i64 = 3_600_000;
const T0: i64 = 1_800_000_000_000;

/// `n` X-Files CCG games between randy and les, each in its own channel,
/// started through `app` at T0 with these `/game new` options.
async fn games(app: &App, n: usize, options: &str) {
    say(
        app,
        "@randy /deck import name:Randy file:tests/data/decks/randy.txt",
        T0,
    )
    .await;
    say(
        app,
        "@les /deck import name:Les file:tests/data/decks/les.json",
        T0,
    )
    .await;
    for g in 0..n {
        let new = format!("@randy #t{g} /game new game:xfiles-ccg deck:Randy {options}");
        let opened = texts(&say(app, &new, T0).await).join("\n");
        assert!(opened.contains("Seats: 1 of"), "{opened}");
        say(app, &format!("@les #t{g} /game join deck:Les"), T0).await;
        let started = texts(&say(app, &format!("@randy #t{g} /game start"), T0).await);
        assert!(started.join("\n").contains("has started"), "{started:?}");
    }
}

async fn processes(db: &TestDb, n: usize) -> Vec<App> {
    let mut apps = Vec::new();
    for i in 0..n {
        apps.push(app_on(db, 11 + i as u64).await);
    }
    apps
}

/// Every process's scheduler ticks at the same moment.
async fn tick_all(apps: &[App], now: i64) -> Vec<Outgoing> {
    let ticks = apps.iter().map(|a| a.tick(now));
    futures_util::future::join_all(ticks)
        .await
        .into_iter()
        .flatten()
        .collect()
}

fn posts_containing(messages: &[Outgoing], text: &str, channel: &str) -> usize {
    messages
        .iter()
        .filter(|m| m.to == xfiles_bot::app::Address::Channel(channel.into()))
        .filter(|m| m.text.contains(text))
        .count()
}

#[tokio::test]
async fn three_schedulers_on_one_database_send_each_reminder_once() {
    let db = database(Backend::Postgres).await;
    let apps = processes(&db, 3).await;
    games(&apps[0], 8, "remind:1h").await;
    for round in 1..=3 {
        let now = T0 + round * HOUR + 1;
        let out = tick_all(&apps, now).await;
        for g in 0..8 {
            assert_eq!(
                posts_containing(&out, "Reminder: game", &format!("t{g}")),
                1,
                "round {round}, game {g}: {:?}",
                texts(&out)
            );
        }
        assert!(tick_all(&apps, now).await.is_empty(), "nothing twice");
    }
}

#[tokio::test]
async fn three_schedulers_make_each_deadline_move_once() {
    let db = database(Backend::Postgres).await;
    let apps = processes(&db, 3).await;
    games(&apps[0], 6, "deadline:1h").await;
    let store = xfiles_bot::store::Store::open(&db.url).await.unwrap();
    let mut before = Vec::new();
    for id in 1..=6 {
        before.push(store.game(id).await.unwrap().unwrap().action_count);
    }
    let out = tick_all(&apps, T0 + HOUR + 1).await;
    for g in 0..6 {
        assert_eq!(
            posts_containing(&out, "ran out", &format!("t{g}")),
            1,
            "game {g}: {:?}",
            texts(&out)
        );
    }
    for (i, id) in (1..=6).enumerate() {
        let after = store.game(id).await.unwrap().unwrap().action_count;
        assert_eq!(after, before[i] + 1, "game {id}: one default move");
    }
}

async fn board(app: &App, now: i64) -> Vec<String> {
    texts(&say(app, "@randy #t0 /board game:1", now).await)
}

/// Game #1 is cached by process A (it showed randy's hand); process B then
/// moves it. A's next view is of the game as it is now, not as it cached it.
#[tokio::test]
async fn a_view_after_a_move_made_through_another_process_is_current() {
    let db = database(Backend::Postgres).await;
    let apps = processes(&db, 2).await;
    games(&apps[0], 1, "").await;
    let (a, b) = (&apps[0], &apps[1]);
    let before = board(a, T0 + 1).await;
    let moved = texts(&say(b, "@randy #t0 /xfile card:\"The Jersey Devil\"", T0 + 2).await);
    assert!(!moved.join("\n").contains("Refused"), "{moved:?}");
    let seen_by_a = board(a, T0 + 3).await;
    let seen_by_b = board(b, T0 + 3).await;
    assert_ne!(before, seen_by_a, "the move shows");
    assert_eq!(seen_by_a, seen_by_b, "both processes show the same game");
    // And A's next move is made on the current game, not refused as stale.
    let next = texts(&say(a, "@les #t0 /draw game:1", T0 + 4).await).join("\n");
    assert!(!next.contains("changed meanwhile"), "{next}");
}
