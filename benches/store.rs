//! Store benchmark against PostgreSQL (run by `scripts/bench store`, which
//! provides BENCH_DATABASE_URL with fsync on):
//! 1. one action end to end (load the game, run the engine, append to the
//!    log, update the state, commit) against a bare UPDATE + INSERT
//!    transaction of the same sizes, measured in the same run;
//! 2. 10,000 stored active games under 200 actions/s from concurrent clients
//!    for 60 s (BENCH_SECONDS to change): latency p50/p99 and throughput;
//! 3. bytes per game and per logged action.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::{Connection, Executor, PgPool};
use xfiles_bot::app::{App, Seeds};
use xfiles_bot::console;
use xfiles_bot::store::Store;

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn run(app: &App, script: &str) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let failures = console::run(
        app,
        script.lines().map(str::to_string),
        None,
        false,
        &mut out,
        &mut err,
    )
    .await;
    assert_eq!(failures, 0, "{}", String::from_utf8_lossy(&err));
}

/// Copies game `template` (row, seats and log) until `total` active games exist.
async fn clone_games(pool: &PgPool, template: i64, total: i64) {
    let have: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games WHERE status = 'active'")
        .fetch_one(pool)
        .await
        .unwrap();
    let n = total - have.0;
    if n <= 0 {
        return;
    }
    let mut tx = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO games (kind, guild_id, channel_id, thread_id, creator_id, status, options, seed, state, state_format, \
         version, action_count, to_act, result, created_at, updated_at) \
         SELECT kind, guild_id, 'clone-' || g, thread_id, creator_id, status, options, seed, state, state_format, version, \
         action_count, to_act, result, created_at, updated_at FROM games, generate_series(1, $2) g WHERE id = $1",
    )
    .bind(template)
    .bind(n)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO seats (game_id, seat, user_id, user_name, setup, joined_at) \
         SELECT g.id, s.seat, s.user_id, s.user_name, s.setup, s.joined_at FROM games g, seats s \
         WHERE g.channel_id LIKE 'clone-%' AND s.game_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM seats x WHERE x.game_id = g.id)",
    )
    .bind(template)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO actions (game_id, seq, seat, user_id, action, format, created_at) \
         SELECT g.id, a.seq, a.seat, a.user_id, a.action, a.format, a.created_at FROM games g, actions a \
         WHERE g.channel_id LIKE 'clone-%' AND a.game_id = $1 \
         AND NOT EXISTS (SELECT 1 FROM actions x WHERE x.game_id = g.id)",
    )
    .bind(template)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let Ok(admin) = std::env::var("BENCH_DATABASE_URL") else {
        eprintln!("set BENCH_DATABASE_URL to a PostgreSQL server (scripts/bench store does)");
        return;
    };
    let seconds: u64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let db = format!("bench_{}", std::process::id());
    let mut c = sqlx::PgConnection::connect(&admin).await.unwrap();
    c.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .await
        .unwrap();
    let url = format!("{}/{db}", admin.rsplit_once('/').unwrap().0);
    let app = Arc::new(App::new(Store::open(&url).await.unwrap(), Seeds::Fixed(1)));
    let pg = PgPool::connect(&url).await.unwrap();

    run(
        &app,
        "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg\n\
         @bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg\n\
         @alice /game new game:fan-ccg deck:Believer\n@bob /game join deck:Skeptic\n@alice /game start",
    )
    .await;
    let template = 1;
    for i in 0..30u64 {
        app.autoplay_step(template, &format!("warm-{i}"), i * 977, 1)
            .await
            .unwrap();
    }
    clone_games(&pg, template, 2_000).await;
    let ids: Vec<i64> =
        sqlx::query_as::<_, (i64,)>("SELECT id FROM games WHERE status = 'active' ORDER BY id")
            .fetch_all(&pg)
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.0)
            .collect();
    let (state_len, action_len): (i64, i64) = {
        let s: (i32,) = sqlx::query_as("SELECT octet_length(state) FROM games WHERE id = $1")
            .bind(template)
            .fetch_one(&pg)
            .await
            .unwrap();
        let a: (i32,) = sqlx::query_as(
            "SELECT octet_length(action) FROM actions WHERE game_id = $1 ORDER BY seq DESC LIMIT 1",
        )
        .bind(template)
        .fetch_one(&pg)
        .await
        .unwrap();
        (i64::from(s.0), i64::from(a.0))
    };

    // 1. End to end vs the bare floor, interleaved so both see the same conditions.
    let rounds = 600;
    let mut e2e = Vec::new();
    let mut bare = Vec::new();
    let state = "x".repeat(state_len as usize);
    let action = "y".repeat(action_len as usize);
    sqlx::query("CREATE TABLE floor_log (game_id BIGINT, seq BIGINT, action TEXT, PRIMARY KEY (game_id, seq))").execute(&pg).await.unwrap();
    for i in 0..rounds {
        let id = ids[1 + i % 50];
        let t = Instant::now();
        app.autoplay_step(id, &format!("e2e-{i}"), i as u64 * 7_919, 2)
            .await
            .unwrap();
        e2e.push(t.elapsed());
        let t = Instant::now();
        let mut tx = pg.begin().await.unwrap();
        sqlx::query(
            "UPDATE games SET remind_at = NULL, result = $2, version = version WHERE id = $1",
        )
        .bind(ids[0])
        .bind(&state)
        .execute(&mut *tx)
        .await
        .unwrap();
        sqlx::query("INSERT INTO floor_log (game_id, seq, action) VALUES ($1, $2, $3)")
            .bind(ids[0])
            .bind(i as i64)
            .bind(&action)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        bare.push(t.elapsed());
    }
    e2e.sort();
    bare.sort();
    println!(
        "state {state_len} bytes, action {action_len} bytes (a fan CCG game 30 moves in); 50 games in turn, as a busy bot sees them"
    );
    println!(
        "one action end to end: p50 {:?}, p99 {:?}; bare UPDATE+INSERT: p50 {:?}, p99 {:?}; ratio of medians {:.2}",
        pct(&e2e, 0.5),
        pct(&e2e, 0.99),
        pct(&bare, 0.5),
        pct(&bare, 0.99),
        pct(&e2e, 0.5).as_secs_f64() / pct(&bare, 0.5).as_secs_f64()
    );

    // 2. 10,000 active games, 200 actions/s from concurrent clients.
    clone_games(&pg, template, 10_000).await;
    let ids: Arc<Vec<i64>> = Arc::new(
        sqlx::query_as::<_, (i64,)>("SELECT id FROM games WHERE status = 'active'")
            .fetch_all(&pg)
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.0)
            .collect(),
    );
    let rate = 200u64;
    let total = rate * seconds;
    let started = Instant::now();
    let mut handles = Vec::with_capacity(total as usize);
    let mut ticker = tokio::time::interval(Duration::from_micros(1_000_000 / rate));
    for i in 0..total {
        ticker.tick().await;
        let app = app.clone();
        let ids = ids.clone();
        handles.push(tokio::spawn(async move {
            let pick = (i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 11;
            let id = ids[(pick % ids.len() as u64) as usize];
            let t = Instant::now();
            let ok = app
                .autoplay_step(id, &format!("load-{i}"), pick, 3)
                .await
                .is_ok();
            (t.elapsed(), ok)
        }));
    }
    let mut lat = Vec::with_capacity(handles.len());
    let mut failed = 0;
    for h in handles {
        let (d, ok) = h.await.unwrap();
        lat.push(d);
        failed += usize::from(!ok);
    }
    let wall = started.elapsed();
    lat.sort();
    println!(
        "10,000 active games, {rate} actions/s offered for {seconds} s: {} actions in {:.1} s ({:.0}/s), p50 {:?}, p99 {:?}, max {:?}, {failed} refused",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        pct(&lat, 0.5),
        pct(&lat, 0.99),
        lat[lat.len() - 1]
    );

    // 3. Storage.
    let row: (i64, i64, f64, i64, i64, f64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM games), pg_total_relation_size('games'), (SELECT AVG(octet_length(state))::float8 FROM games), \
                (SELECT COUNT(*) FROM actions), pg_total_relation_size('actions'), (SELECT AVG(octet_length(action))::float8 FROM actions)",
    )
    .fetch_one(&pg)
    .await
    .unwrap();
    println!(
        "storage: {} games, {:.0} bytes of table a game (state JSON {:.0} bytes on average); {} actions, {:.0} bytes of table an action (JSON {:.0} bytes)",
        row.0,
        row.1 as f64 / row.0 as f64,
        row.2,
        row.3,
        row.4 as f64 / row.3 as f64,
        row.5
    );
}
