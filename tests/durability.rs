//! Games survive races, redeliveries, crashes, restarts and format changes,
//! on PostgreSQL and on SQLite, through the real app and the real binary.

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use support::{Backend, TestDb, app_on, blocks, database, run_console};
use xfiles_bot::app::{App, Invocation, Outgoing, Place, Request, User, Verdict};
use xfiles_bot::store::GameStatus;

const SETUP: &str =
    "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg";

/// Opens and starts a fan game in `channel`; returns its id.
async fn started_game(app: &App, channel: &str) -> i64 {
    let script = format!(
        "@alice #{channel} /game new game:fan-ccg deck:Believer hand-size:6\n@bob #{channel} /game join deck:Skeptic\n@alice #{channel} /game start"
    );
    let (out, _, failures) = run_console(app, &script).await;
    assert_eq!(failures, 0, "{out}");
    app.store().games_in_channel(channel, true).await.unwrap()[0].id
}

async fn ready(backend: Backend, seed: u64) -> (App, TestDb) {
    let db = database(backend).await;
    let app = app_on(&db, seed).await;
    let (_, _, failures) = run_console(&app, SETUP).await;
    assert_eq!(failures, 0);
    (app, db)
}

async fn assert_consistent(app: &App, id: i64) -> usize {
    match app.verify(id).await.unwrap() {
        Verdict::Consistent { actions } => actions,
        Verdict::Broken(why) => panic!("{why}"),
    }
}

macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod postgres { $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)] async fn $name() { super::$name(super::Backend::Postgres).await })* }
        mod sqlite { $(#[tokio::test(flavor = "multi_thread", worker_threads = 4)] async fn $name() { super::$name(super::Backend::Sqlite).await })* }
    };
}

both!(
    many_tasks_racing_on_one_game_leave_a_gap_free_log_equal_to_its_replay,
    two_players_clicking_at_once_apply_one_move_and_reevaluate_the_other,
    a_redelivered_interaction_applies_once,
    a_game_resumes_after_a_restart,
    an_older_state_format_is_upgraded_by_replay_and_a_newer_one_refused,
    a_corrupt_state_row_is_named_and_left_alone,
    killed_workers_never_lose_an_acknowledged_action,
);

async fn many_tasks_racing_on_one_game_leave_a_gap_free_log_equal_to_its_replay(backend: Backend) {
    let (app, _db) = ready(backend, 3).await;
    let id = started_game(&app, "race").await;
    let app = Arc::new(app);
    let mut tasks = Vec::new();
    for t in 0..16u64 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let mut applied = 0;
            let mut conflicts = 0;
            for i in 0..25u64 {
                let key = format!("race-{t}-{i}");
                match app.autoplay_step(id, &key, t * 7919 + i * 104_729, 1).await {
                    Ok(Some(_)) => applied += 1,
                    Ok(None) => break,
                    Err(e) if e.message.contains("changed while") => conflicts += 1,
                    Err(e) => panic!("{}", e.message),
                }
            }
            (applied, conflicts)
        }));
    }
    let mut applied = 0;
    let mut conflicts = 0;
    for t in tasks {
        let (a, c) = t.await.unwrap();
        applied += a;
        conflicts += c;
    }
    assert!(conflicts > 0, "the tasks did race");
    assert_eq!(
        assert_consistent(&app, id).await,
        applied,
        "every applied move is logged once, none lost"
    );
}

fn request(user: &str, channel: &str, name: &str, key: &str) -> Request {
    Request {
        user: User {
            id: user.into(),
            name: user.into(),
            is_manager: false,
            roles: vec![],
        },
        place: Place {
            guild: Some("console".into()),
            channel: channel.into(),
            is_dm: false,
        },
        invocation: Invocation {
            name: name.into(),
            sub: None,
            options: vec![],
        },
        key: key.into(),
        now: 5,
    }
}

async fn two_players_clicking_at_once_apply_one_move_and_reevaluate_the_other(backend: Backend) {
    let (app, _db) = ready(backend, 5).await;
    let id = started_game(&app, "click").await;
    let chooser =
        serde_json::from_str::<Vec<u8>>(&app.store().game(id).await.unwrap().unwrap().to_act)
            .unwrap()[0];
    let who = ["alice", "bob"][usize::from(chooser)];
    let first = |key: &str| {
        let mut r = request(who, "click", "first", key);
        r.invocation.options = vec![(
            "player".into(),
            xfiles_bot::app::OptionValue::Text("alice".into()),
        )];
        r
    };
    let app = Arc::new(app);
    let (a, b) = tokio::join!(
        {
            let app = app.clone();
            let r = first("click-1");
            async move { app.handle(&r).await }
        },
        {
            let app = app.clone();
            let r = first("click-2");
            async move { app.handle(&r).await }
        },
    );
    let refused = |m: &[Outgoing]| m.len() == 1 && m[0].text.starts_with("Refused:");
    assert!(
        refused(&a) ^ refused(&b),
        "exactly one of the two identical moves applies:\n{a:?}\n{b:?}"
    );
    let loser = if refused(&a) { &a } else { &b };
    assert!(
        loser[0].text.contains("cannot be done now"),
        "the second is re-evaluated against the new state: {}",
        loser[0].text
    );
    assert_eq!(assert_consistent(&app, id).await, 1);
}

async fn a_redelivered_interaction_applies_once(backend: Backend) {
    let (app, _db) = ready(backend, 5).await;
    let id = started_game(&app, "redeliver").await;
    let row = app.store().game(id).await.unwrap().unwrap();
    let chooser = serde_json::from_str::<Vec<u8>>(&row.to_act).unwrap()[0];
    let mut r = request(
        ["alice", "bob"][usize::from(chooser)],
        "redeliver",
        "first",
        "interaction-777",
    );
    r.invocation.options = vec![(
        "player".into(),
        xfiles_bot::app::OptionValue::Text("bob".into()),
    )];
    let once = app.handle(&r).await;
    let twice = app.handle(&r).await;
    assert_eq!(once, twice, "the redelivery gets the first response");
    assert!(once.iter().any(|m| m.text.contains("bob plays first")));
    assert_eq!(assert_consistent(&app, id).await, 1);
    assert_eq!(
        app.store().game(id).await.unwrap().unwrap().version,
        row.version + 1
    );
}

async fn a_game_resumes_after_a_restart(backend: Backend) {
    let (app, db) = ready(backend, 9).await;
    let id = started_game(&app, "restart").await;
    for i in 0..20 {
        app.autoplay_step(id, &format!("before-{i}"), i * 31, 1)
            .await
            .unwrap();
    }
    let before = app.store().game(id).await.unwrap().unwrap();
    app.store().close().await;
    drop(app);
    let app = app_on(&db, 9).await;
    let (out, _, _) = run_console(&app, "@alice #restart /game status").await;
    assert!(
        out.contains(&format!("**Game #{id}: The X-Files Fan CCG** — active")),
        "{out}"
    );
    let after = app.store().game(id).await.unwrap().unwrap();
    assert_eq!((after.state, after.version), (before.state, before.version));
    app.autoplay_step(id, "after-restart", 5, 2).await.unwrap();
    assert_eq!(
        assert_consistent(&app, id).await as i64,
        before.action_count + 1
    );
}

async fn an_older_state_format_is_upgraded_by_replay_and_a_newer_one_refused(backend: Backend) {
    let (app, db) = ready(backend, 4).await;
    let id = started_game(&app, "formats").await;
    for i in 0..10 {
        app.autoplay_step(id, &format!("f-{i}"), i * 13, 1)
            .await
            .unwrap();
    }
    let good = app.store().game(id).await.unwrap().unwrap();
    // A state written by an older build: another format, a shape this build cannot read.
    raw_sql(
        &db,
        &format!(
            "UPDATE games SET state = '{{\"written_by\":\"v0\"}}', state_format = 0 WHERE id = {id}"
        ),
    )
    .await;
    let (out, _, _) = run_console(&app, "@alice #formats /board").await;
    assert!(
        out.contains("X-Files Fan CCG** · period"),
        "the board is rebuilt from the log: {out}"
    );
    app.autoplay_step(id, "f-next", 77, 2).await.unwrap();
    let upgraded = app.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        upgraded.state_format, 1,
        "the next move writes the current format"
    );
    assert_eq!(
        assert_consistent(&app, id).await as i64,
        good.action_count + 1
    );
    // A state from a newer build is refused, not misread or overwritten.
    raw_sql(
        &db,
        &format!("UPDATE games SET state_format = 99 WHERE id = {id}"),
    )
    .await;
    let (out, _, _) = run_console(&app, "@alice #formats /board\n@alice #formats /pass").await;
    for (_, text) in blocks(&out) {
        assert!(
            text.contains(&format!(
                "Game #{id} was saved by a newer version of the bot (state format 99"
            )),
            "{text}"
        );
    }
    let untouched = app.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        (untouched.state, untouched.version),
        (upgraded.state, upgraded.version)
    );
}

async fn a_corrupt_state_row_is_named_and_left_alone(backend: Backend) {
    let (app, db) = ready(backend, 4).await;
    let id = started_game(&app, "corrupt").await;
    raw_sql(
        &db,
        &format!("UPDATE games SET state = '{{not json' WHERE id = {id}"),
    )
    .await;
    let (out, _, _) = run_console(&app, "@bob #corrupt /hand\n@alice #corrupt /game status").await;
    for (head, text) in blocks(&out) {
        assert!(head.starts_with("[ephemeral"), "{head}");
        assert!(
            text.contains("cannot be read") && text.contains("nothing was changed"),
            "{text}"
        );
    }
    assert_eq!(
        app.store()
            .game(id)
            .await
            .unwrap()
            .unwrap()
            .state
            .as_deref(),
        Some("{not json")
    );
    assert!(
        matches!(app.verify(id).await.unwrap(), Verdict::Broken(w) if w.contains(&format!("game #{id}")))
    );
    let (out, _, _) = run_console(&app, "@bob #corrupt /board game:424242").await;
    assert!(out.contains("There is no game #424242"), "{out}");
}

async fn raw_sql(db: &TestDb, sql: &str) {
    use sqlx::Connection;
    if db.url.starts_with("postgres") {
        let mut c = sqlx::PgConnection::connect(&db.url).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&mut c)
            .await
            .unwrap();
    } else {
        let mut c = sqlx::SqliteConnection::connect(&db.url).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&mut c)
            .await
            .unwrap();
    }
}

/// A worker process (`xfiles-bot game autoplay`) is killed with SIGKILL at
/// random moments, 24 times; every move it acknowledged is in the log and
/// every game still equals the replay of its log.
async fn killed_workers_never_lose_an_acknowledged_action(backend: Backend) {
    let (app, db) = ready(backend, 21).await;
    let mut games = Vec::new();
    for g in 0..3 {
        games.push(started_game(&app, &format!("crash{g}")).await);
    }
    let mut acked: Vec<(i64, i64)> = Vec::new();
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut kills = 0;
    while kills < 24 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut active = Vec::new();
        for id in &games {
            if app.store().game(*id).await.unwrap().unwrap().status == GameStatus::Active {
                active.push(*id);
            }
        }
        if active.is_empty() {
            games.push(started_game(&app, &format!("crash{}", games.len())).await);
            continue;
        }
        let id = active[(rng % active.len() as u64) as usize];
        let mut child = Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
            .args([
                "--db",
                &db.url,
                "game",
                "autoplay",
                &id.to_string(),
                "--seed",
                &rng.to_string(),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .filter_map(|l| l.strip_prefix("ack ")?.parse::<i64>().ok())
                .collect::<Vec<_>>()
        });
        tokio::time::sleep(Duration::from_millis(40 + rng % 260)).await;
        let _ = child.kill();
        let _ = child.wait();
        kills += 1;
        acked.extend(reader.join().unwrap().into_iter().map(|seq| (id, seq)));
        for g in &games {
            assert_consistent(&app, *g).await;
        }
    }
    assert!(
        acked.len() >= 24,
        "the workers made progress: {} acknowledged moves",
        acked.len()
    );
    for (id, seq) in acked {
        let count = app.store().game(id).await.unwrap().unwrap().action_count;
        assert!(
            seq <= count,
            "acknowledged action {seq} of game #{id} is missing (log has {count})"
        );
    }
}
