//! The store's conformance suite: every test runs against a real PostgreSQL
//! server and against an SQLite file, and both must behave the same.

mod support;

use support::{Backend, database, open};
use xfiles_bot::store::{
    Committed, DeckRow, GameStatus, GameUpdate, Idem, NewAction, NewGame, SeatRow, Store,
    StoreError, Turns, redact_url,
};

/// Declares one async test per backend.
macro_rules! conformance {
    ($($name:ident),* $(,)?) => {
        mod postgres {
            $(#[tokio::test] async fn $name() { super::$name(super::Backend::Postgres).await })*
        }
        mod sqlite {
            $(#[tokio::test] async fn $name() { super::$name(super::Backend::Sqlite).await })*
        }
    };
}

conformance!(
    migrations_apply_to_an_empty_database_and_again_on_restart,
    games_are_created_read_and_listed,
    seats_join_update_and_leave_with_version_checks,
    a_stale_version_is_a_conflict_and_changes_nothing,
    actions_append_gap_free_with_the_state,
    the_same_interaction_key_applies_once,
    decks_are_saved_replaced_listed_and_deleted,
    guild_settings_round_trip,
    a_servers_legendary_set_is_stored_and_replaced,
    reminders_and_deadlines_are_found_by_time,
    a_missing_game_is_named,
    moves_taken_back_stay_in_the_log_marked_and_new_moves_follow_them,
    turn_timings_are_written_with_the_move_or_not_at_all,
);

fn new_game(channel: &str) -> NewGame {
    NewGame {
        kind: "fan-ccg".into(),
        guild_id: Some("g1".into()),
        channel_id: channel.into(),
        thread_id: None,
        creator_id: "alice".into(),
        options: "{}".into(),
        seed: 42,
        now: 1_000,
        remind_every: None,
        deadline_every: None,
        ai_pause: None,
    }
}

fn seat(user: &str) -> SeatRow {
    SeatRow {
        seat: 0,
        user_id: user.into(),
        user_name: user.into(),
        setup: Some("{\"deck\":1}".into()),
        joined_at: 1_000,
    }
}

fn idem(key: &str) -> Idem<'_> {
    Idem {
        key,
        response: format!("response of {key}"),
        owes: false,
    }
}

fn update(state: &str, now: i64) -> GameUpdate {
    GameUpdate {
        status: GameStatus::Active,
        state: Some(state.into()),
        state_format: 1,
        to_act: "[0]".into(),
        result: None,
        deadline_at: None,
        remind_at: None,
        now,
        turns: Default::default(),
    }
}

async fn fresh(backend: Backend) -> (Store, support::TestDb) {
    let db = database(backend).await;
    (open(&db).await, db)
}

async fn created(store: &Store, channel: &str) -> i64 {
    match store
        .create_game(
            &new_game(channel),
            &[seat("alice")],
            &format!("new-{channel}"),
            |id| id.to_string(),
        )
        .await
        .unwrap()
    {
        Committed::Applied(id) => id,
        other => panic!("{other:?}"),
    }
}

async fn migrations_apply_to_an_empty_database_and_again_on_restart(backend: Backend) {
    let db = database(backend).await;
    let store = open(&db).await;
    let id = created(&store, "c").await;
    store.close().await;
    let again = open(&db).await;
    assert!(
        again.game(id).await.unwrap().is_some(),
        "data survives a restart; migrations re-run as no-ops"
    );
    again.close().await;
    let third = open(&db).await;
    assert_eq!(third.game_ids(None).await.unwrap(), vec![id]);
}

async fn games_are_created_read_and_listed(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let a = created(&store, "c1").await;
    let b = created(&store, "c2").await;
    assert!(b > a);
    let g = store.game(a).await.unwrap().unwrap();
    assert_eq!(
        (g.status, g.version, g.action_count, g.seed),
        (GameStatus::Lobby, 0, 0, 42)
    );
    assert_eq!(
        (
            g.kind.as_str(),
            g.channel_id.as_str(),
            g.creator_id.as_str()
        ),
        ("fan-ccg", "c1", "alice")
    );
    assert_eq!(store.games_in_channel("c1", true).await.unwrap().len(), 1);
    assert_eq!(store.games_of_user("alice").await.unwrap().len(), 2);
    assert!(store.games_of_user("bob").await.unwrap().is_empty());
    assert_eq!(store.seats(a).await.unwrap()[0].user_id, "alice");
    assert_eq!(
        store.game_ids(Some(GameStatus::Lobby)).await.unwrap(),
        vec![a, b]
    );
}

async fn seats_join_update_and_leave_with_version_checks(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    assert_eq!(
        store
            .set_seat(id, 0, &seat("bob"), &idem("k1"), 2_000)
            .await
            .unwrap(),
        Committed::Applied(())
    );
    let seats = store.seats(id).await.unwrap();
    assert_eq!(
        seats
            .iter()
            .map(|s| (s.seat, s.user_id.as_str()))
            .collect::<Vec<_>>(),
        [(0, "alice"), (1, "bob")]
    );
    let changed = SeatRow {
        setup: Some("{\"deck\":2}".into()),
        ..seat("bob")
    };
    store
        .set_seat(id, 1, &changed, &idem("k2"), 3_000)
        .await
        .unwrap();
    assert_eq!(
        store.seats(id).await.unwrap()[1].setup.as_deref(),
        Some("{\"deck\":2}")
    );
    store
        .remove_seat(id, 2, "alice", &idem("k3"), 4_000)
        .await
        .unwrap();
    let left: Vec<String> = store
        .seats(id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.user_id)
        .collect();
    assert_eq!(left, ["bob"]);
    assert_eq!(store.game(id).await.unwrap().unwrap().version, 3);
}

async fn a_stale_version_is_a_conflict_and_changes_nothing(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    store
        .update_game(id, 0, &update("{\"s\":1}", 2), None, None, &idem("a"))
        .await
        .unwrap();
    let err = store
        .update_game(id, 0, &update("{\"s\":2}", 3), None, None, &idem("b"))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(g) if g == id), "{err}");
    let err = store
        .set_seat(id, 0, &seat("carol"), &idem("c"), 4)
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)));
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!((g.state.as_deref(), g.version), (Some("{\"s\":1}"), 1));
    assert_eq!(
        store.interaction("b").await.unwrap(),
        None,
        "a refused change records no response"
    );
    assert_eq!(store.seats(id).await.unwrap().len(), 1);
}

async fn actions_append_gap_free_with_the_state(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    let seats = [
        SeatRow {
            seat: 0,
            ..seat("bob")
        },
        SeatRow {
            seat: 1,
            ..seat("alice")
        },
    ];
    store
        .update_game(
            id,
            0,
            &update("{\"start\":true}", 5),
            Some(&seats),
            None,
            &idem("start"),
        )
        .await
        .unwrap();
    let order: Vec<String> = store
        .seats(id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.user_id)
        .collect();
    assert_eq!(order, ["bob", "alice"], "the start renumbers the seats");
    for i in 0..5i64 {
        let action = NewAction {
            seat: i % 2,
            user_id: "bob".into(),
            action: format!("{{\"n\":{i}}}"),
            format: 1,
            why: None,
        };
        let key = format!("act{i}");
        store
            .update_game(
                id,
                1 + i,
                &update(&format!("{{\"after\":{i}}}"), 10 + i),
                None,
                Some(&action),
                &idem(&key),
            )
            .await
            .unwrap();
    }
    let log = store.actions(id).await.unwrap();
    assert_eq!(
        log.iter().map(|a| a.seq).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(log[4].action, "{\"n\":4}");
    assert_eq!((log[3].seat, log[3].format, log[3].created_at), (1, 1, 13));
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!(
        (g.action_count, g.version, g.state.as_deref()),
        (5, 6, Some("{\"after\":4}"))
    );
}

async fn the_same_interaction_key_applies_once(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    store
        .update_game(id, 0, &update("{}", 1), None, None, &idem("start"))
        .await
        .unwrap();
    let action = NewAction {
        seat: 0,
        user_id: "alice".into(),
        action: "{}".into(),
        format: 1,
        why: None,
    };
    let first = store
        .update_game(
            id,
            1,
            &update("{\"a\":1}", 2),
            None,
            Some(&action),
            &idem("dup"),
        )
        .await
        .unwrap();
    assert_eq!(first, Committed::Applied(()));
    let again = store
        .update_game(
            id,
            2,
            &update("{\"a\":2}", 3),
            None,
            Some(&action),
            &idem("dup"),
        )
        .await
        .unwrap();
    assert_eq!(again, Committed::Duplicate("response of dup".into()));
    assert_eq!(store.actions(id).await.unwrap().len(), 1);
    assert_eq!(
        store.game(id).await.unwrap().unwrap().state.as_deref(),
        Some("{\"a\":1}")
    );
    let dup_new = store
        .create_game(&new_game("c"), &[], "new-c", |id| id.to_string())
        .await
        .unwrap();
    assert_eq!(
        dup_new,
        Committed::Duplicate(id.to_string()),
        "a redelivered /game new opens no second game"
    );
    assert_eq!(store.game_ids(None).await.unwrap(), vec![id]);
    assert_eq!(
        store.prune_interactions(10).await.unwrap(),
        2,
        "keys older than 10 ms go; the game's creation (at 1000) stays"
    );
}

async fn decks_are_saved_replaced_listed_and_deleted(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let row = |name: &str, list: &str| DeckRow {
        owner_id: "alice".into(),
        game_kind: "xfiles-ccg".into(),
        name: name.into(),
        list: list.into(),
        updated_at: 7,
    };
    store.save_deck(&row("Mulder", "[1]")).await.unwrap();
    store.save_deck(&row("Scully", "[2]")).await.unwrap();
    store.save_deck(&row("MULDER", "[3]")).await.unwrap();
    let decks = store.decks("alice", "xfiles-ccg").await.unwrap();
    assert_eq!(
        decks
            .iter()
            .map(|d| (d.name.as_str(), d.list.as_str()))
            .collect::<Vec<_>>(),
        [("MULDER", "[3]"), ("Scully", "[2]")]
    );
    assert_eq!(
        store
            .deck("alice", "xfiles-ccg", "mulder")
            .await
            .unwrap()
            .unwrap()
            .list,
        "[3]"
    );
    assert!(store.decks("alice", "fan-ccg").await.unwrap().is_empty());
    assert!(
        store
            .deck("bob", "xfiles-ccg", "mulder")
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .delete_deck("alice", "xfiles-ccg", "Mulder")
            .await
            .unwrap()
    );
    assert!(
        !store
            .delete_deck("alice", "xfiles-ccg", "Mulder")
            .await
            .unwrap()
    );
}

async fn guild_settings_round_trip(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    assert_eq!(store.guild_settings("g").await.unwrap(), None);
    store
        .set_guild_settings("g", "{\"remind\":3600}", 1)
        .await
        .unwrap();
    store
        .set_guild_settings("g", "{\"remind\":60}", 2)
        .await
        .unwrap();
    assert_eq!(
        store.guild_settings("g").await.unwrap().as_deref(),
        Some("{\"remind\":60}")
    );
}

async fn a_servers_legendary_set_is_stored_and_replaced(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    assert_eq!(store.legendary_set("g").await.unwrap(), None);
    let mut row = xfiles_bot::store::LegendarySetRow {
        guild_id: "g".into(),
        name: "Our box".into(),
        data: "{\"name\":\"Our box\"}".into(),
        updated_by: "owner".into(),
        updated_at: 1,
    };
    store.set_legendary_set(&row).await.unwrap();
    row.name = "Our box, fixed".into();
    row.updated_at = 2;
    store.set_legendary_set(&row).await.unwrap();
    assert_eq!(store.legendary_set("g").await.unwrap(), Some(row));
    assert_eq!(store.legendary_set("other").await.unwrap(), None);
}

async fn reminders_and_deadlines_are_found_by_time(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let a = created(&store, "a").await;
    let b = created(&store, "b").await;
    for id in [a, b] {
        store
            .update_game(
                id,
                0,
                &update("{}", 1),
                None,
                None,
                &idem(&format!("s{id}")),
            )
            .await
            .unwrap();
    }
    store.set_schedule(a, Some(100), None).await.unwrap();
    store.set_schedule(b, None, Some(50)).await.unwrap();
    assert_eq!(store.next_due().await.unwrap(), Some(50));
    assert_eq!(
        store
            .due_games(60)
            .await
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect::<Vec<_>>(),
        [b]
    );
    assert_eq!(store.due_games(100).await.unwrap().len(), 2);
    assert_eq!(
        store.game(a).await.unwrap().unwrap().version,
        2,
        "a new schedule is a new version: other processes' copies are refreshed"
    );
}

async fn a_missing_game_is_named(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let err = store
        .update_game(999, 0, &update("{}", 1), None, None, &idem("x"))
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "game #999 does not exist");
    assert!(store.game(999).await.unwrap().is_none());
}

#[tokio::test]
async fn an_unreachable_database_is_named_without_its_password() {
    let err = Store::open("postgres://bot:hunter2@127.0.0.1:9/games")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("cannot open the database postgres://bot:***@127.0.0.1:9/games"),
        "{err}"
    );
    assert!(!err.contains("hunter2"));
    let err = Store::open("mysql://x@y/z").await.unwrap_err().to_string();
    assert!(err.contains("use postgres://... or sqlite://PATH"), "{err}");
    assert_eq!(
        redact_url("postgres://a:b@h:1/d?x=1"),
        "postgres://a:***@h:1/d?x=1"
    );
    assert_eq!(redact_url("sqlite://data/x.db"), "sqlite://data/x.db");
}

async fn moves_taken_back_stay_in_the_log_marked_and_new_moves_follow_them(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    store
        .update_game(id, 0, &update("{}", 1), None, None, &idem("start"))
        .await
        .unwrap();
    let act = |n: i64| NewAction {
        seat: n % 2,
        user_id: "alice".into(),
        action: format!("{{\"n\":{n}}}"),
        format: 1,
        why: None,
    };
    for n in 0..3 {
        let key = format!("a{n}");
        store
            .update_game(
                id,
                1 + n,
                &update("{}", 2 + n),
                None,
                Some(&act(n)),
                &idem(&key),
            )
            .await
            .unwrap();
    }
    store
        .set_undo_request(id, 4, Some("{\"by\":\"alice\"}"))
        .await
        .unwrap();
    assert!(matches!(
        store.set_undo_request(id, 4, None).await,
        Err(StoreError::Conflict(_))
    ));
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!(g.undo_request.as_deref(), Some("{\"by\":\"alice\"}"));
    let r = store
        .rewind(id, g.version, 2, &update("{\"back\":1}", 50), &idem("undo"))
        .await
        .unwrap();
    assert_eq!(r, Committed::Applied(()));
    let log = store.actions(id).await.unwrap();
    let undone: Vec<Option<i64>> = log.iter().map(|a| a.undone_at).collect();
    assert_eq!(undone, [None, Some(50), Some(50)]);
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!((g.action_count, g.undo_request.clone()), (3, None));
    assert_eq!(g.state.as_deref(), Some("{\"back\":1}"));
    store
        .update_game(
            id,
            g.version,
            &update("{}", 60),
            None,
            Some(&act(7)),
            &idem("next"),
        )
        .await
        .unwrap();
    let log = store.actions(id).await.unwrap();
    assert_eq!(log.iter().map(|a| a.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(log[3].undone_at, None);
}

/// A move that changes who must act opens and closes turns in its own
/// transaction: a refused (stale) move records no turn either.
async fn turn_timings_are_written_with_the_move_or_not_at_all(backend: Backend) {
    let (store, _db) = fresh(backend).await;
    let id = created(&store, "c").await;
    let mut first = update("{\"s\":1}", 2_000);
    first.turns = Turns {
        started: vec![0],
        ended: vec![],
    };
    store
        .update_game(id, 0, &first, None, None, &idem("a"))
        .await
        .unwrap();
    let stats = store.turn_stats(id).await.unwrap();
    assert_eq!(stats.len(), 1);
    assert_eq!(
        (stats[0].user_id.as_str(), stats[0].waiting_since),
        ("alice", Some(2_000))
    );
    let mut stale = update("{\"s\":2}", 3_000);
    stale.turns = Turns {
        started: vec![],
        ended: vec![0],
    };
    let err = store
        .update_game(id, 0, &stale, None, None, &idem("b"))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err}");
    let stats = store.turn_stats(id).await.unwrap();
    assert_eq!(
        stats[0].waiting_since,
        Some(2_000),
        "the stale move closed no turn"
    );
    store
        .update_game(id, 1, &stale, None, None, &idem("c"))
        .await
        .unwrap();
    let stats = store.turn_stats(id).await.unwrap();
    assert_eq!(
        (stats[0].waiting_since, stats[0].durations.clone()),
        (None, vec![1_000])
    );
}
