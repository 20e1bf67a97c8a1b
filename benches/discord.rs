//! Discord round trips (run by `scripts/bench discord`, which provides
//! BENCH_DATABASE_URL): the release bot binary against the local Discord
//! stand-in (tests/support/discord.rs), which answers every call after
//! BENCH_LATENCY_MS (default 100, Discord's own is 50-150 ms).
//! Measured: `/game start` in 50 games (it posts in the thread and DMs both
//! players) from INTERACTION_CREATE to the last message delivered; `/hand`
//! (one call: the response itself); then 50 games' players all at once, a
//! mix of views, lookups, posts and writes: INTERACTION_CREATE → the bot's
//! first callback (Discord's 3-second rule) and → its full reply.
//! With BENCH_REPLICAS=N (scripts/bench runs N=3 too), the same against N
//! `xfiles-bot serve` replicas behind the stand-in's load balancer.

#[path = "../tests/support/discord.rs"]
mod fake;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake::{BotProcess, FakeDiscord, Person};
use sqlx::Connection;

const GAMES: usize = 50;

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn fresh_database() -> String {
    let admin = std::env::var("BENCH_DATABASE_URL")
        .expect("BENCH_DATABASE_URL: run through scripts/bench discord");
    let name = format!("bench_discord_{}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("connect");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("create database");
    let base = admin.rsplit_once('/').map(|(b, _)| b.to_string()).unwrap();
    format!("{base}/{name}")
}

/// One command, alone; returns the time from the interaction to the last
/// message the bot delivered for it (its answer, posts and DMs).
async fn delivered(fake: &FakeDiscord, who: &Person, channel: &str, line: &str) -> Duration {
    let before = fake.sent().len();
    let i = fake.command(who, Some(channel), line);
    fake.reply(&i).await;
    fake.settle().await;
    let last = fake.sent()[before..].iter().map(|s| s.at).max().unwrap();
    last.duration_since(i.created)
}

fn report(what: &str, times: &mut [Duration], latency: u64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{what}: p50 {:.0} ms, p99 {:.0} ms ({:.1} and {:.1} calls of {latency} ms)",
        ms(pct(times, 0.5)),
        ms(pct(times, 0.99)),
        ms(pct(times, 0.5)) / latency.max(1) as f64,
        ms(pct(times, 0.99)) / latency.max(1) as f64,
    );
}

/// One command; returns (time to callback, time to reply).
async fn timed(
    fake: &FakeDiscord,
    who: &Person,
    channel: &str,
    line: &str,
) -> (Duration, Duration) {
    let i = fake.command(who, Some(channel), line);
    fake.reply(&i).await;
    let reply = fake.replies(&i.id)[0].at.duration_since(i.created);
    let callback = fake.callback_delay(&i.id, i.created).expect("a callback");
    (callback, reply)
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// One gateway process, or BENCH_REPLICAS `xfiles-bot serve` replicas
/// behind the stand-in's load balancer.
async fn start_bots(fake: &FakeDiscord, db: &str) -> Vec<BotProcess> {
    let replicas: usize = env_or("BENCH_REPLICAS", 0);
    let env = [("XFILES_SEED", "7")];
    let mut bots = Vec::new();
    if replicas == 0 {
        bots.push(BotProcess::start(fake, db, &env).await);
        fake.wait_ready(Duration::from_secs(60)).await;
        println!("one gateway process");
    } else {
        for _ in 0..replicas {
            let (bot, address) = BotProcess::serve(fake, db, &env).await;
            fake.add_endpoint(&address);
            bots.push(bot);
        }
        fake.wait_registered(Duration::from_secs(60)).await;
        println!("{replicas} interactions-endpoint replicas on one database");
    }
    bots
}

/// 50 games, each in its own channel and thread, set up one by one; the
/// start of each (a thread post, a DM to each player) and a `/hand` are
/// timed. Returns each game's players and thread.
async fn set_up(fake: &FakeDiscord, latency: u64) -> Vec<(Person, Person, String)> {
    let setup = Instant::now();
    let mut tables = Vec::new();
    let (mut starts, mut hands, mut hand_calls) = (Vec::new(), Vec::new(), Vec::new());
    for g in 0..GAMES {
        let a = Person::new(100 + 2 * g as u64, &format!("a{g}"));
        let b = Person::new(101 + 2 * g as u64, &format!("b{g}"));
        let channel = (6000 + g).to_string();
        let import_a = "/deck import name:A file:\"file:randy.txt\"";
        fake.run(&a, Some(&channel), import_a).await;
        let import_b = "/deck import name:B file:\"file:les.json\"";
        fake.run(&b, Some(&channel), import_b).await;
        let open = "/game new game:xfiles-ccg deck:A";
        fake.run(&a, Some(&channel), open).await;
        let thread = fake
            .threads()
            .into_iter()
            .find(|t| fake.thread_parent(t).as_deref() == Some(channel.as_str()))
            .expect("thread");
        fake.run(&b, Some(&thread), "/game join deck:B").await;
        starts.push(delivered(fake, &a, &thread, "/game start").await);
        let calls = fake.calls().len();
        hands.push(delivered(fake, &b, &thread, "/hand").await);
        hand_calls.push(fake.calls().len() - calls);
        tables.push((a, b, thread));
    }
    println!(
        "set-up of {GAMES} games (6 commands each, sequential): {:.1} s",
        setup.elapsed().as_secs_f64()
    );
    report(
        "/game start (a thread post, a DM to each player): interaction → last message delivered",
        &mut starts,
        latency,
    );
    report("/hand: interaction → answer delivered", &mut hands, latency);
    println!(
        "/hand: {}-{} HTTP calls (target: 1)",
        hand_calls.iter().min().unwrap(),
        hand_calls.iter().max().unwrap()
    );
    tables
}

/// Every game's two players at once, `rounds` times a mix of views,
/// lookups, posts and writes; prints throughput and latencies.
async fn load(fake: FakeDiscord, tables: Vec<(Person, Person, String)>, rounds: usize) {
    let mix = [
        "/hand",
        "/board",
        "/game status",
        "/card name:\"sheila braun\"",
        "/rules query:\"bluff cost\"",
        "/game vacation days:1",
        "/game vacation days:0",
        "/game stats",
    ];
    let started = Instant::now();
    let fake = Arc::new(fake);
    let mut tasks = Vec::new();
    for (a, b, thread) in tables {
        for who in [a, b] {
            let fake = fake.clone();
            let thread = thread.clone();
            tasks.push(tokio::spawn(async move {
                let mut out = Vec::new();
                for _ in 0..rounds {
                    for line in mix {
                        out.push(timed(&fake, &who, &thread, line).await);
                    }
                }
                out
            }));
        }
    }
    let (mut callbacks, mut replies) = (Vec::new(), Vec::new());
    for t in tasks {
        for (c, r) in t.await.expect("task") {
            callbacks.push(c);
            replies.push(r);
        }
    }
    let elapsed = started.elapsed();
    let n = callbacks.len();
    println!(
        "{n} interactions from {} concurrent players in {GAMES} games in {:.1} s ({:.0}/s)",
        GAMES * 2,
        elapsed.as_secs_f64(),
        n as f64 / elapsed.as_secs_f64()
    );
    spread(
        "interaction → first callback (the answer itself, or a deferral)",
        &mut callbacks,
        " (Discord allows 3 s)",
    );
    spread("interaction → full reply", &mut replies, "");
}

fn spread(what: &str, times: &mut [Duration], note: &str) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{what}: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms{note}",
        ms(pct(times, 0.5)),
        ms(pct(times, 0.99)),
        ms(times[times.len() - 1])
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let fake = FakeDiscord::start().await;
    let db = fresh_database().await;
    let bots = start_bots(&fake, &db).await;
    fake.add_file("randy.txt", include_bytes!("../tests/data/decks/randy.txt"));
    fake.add_file("les.json", include_bytes!("../tests/data/decks/les.json"));
    let latency: u64 = env_or("BENCH_LATENCY_MS", 100);
    fake.set_latency(Duration::from_millis(latency));
    println!("the stand-in answers every call after {latency} ms");
    let tables = set_up(&fake, latency).await;
    load(fake, tables, env_or("BENCH_ROUNDS", 5)).await;
    for bot in bots {
        bot.assert_no_dropped_events();
        bot.stop().await;
    }
}
