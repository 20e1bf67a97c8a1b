//! Shared test helpers: real databases (a fresh PostgreSQL database per test
//! on the server `scripts/test` starts, or a fresh SQLite file), and a
//! console driver that runs command lines through the application layer.
#![allow(dead_code)]

pub mod xf_script;

use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::Connection;
use xfiles_bot::app::{App, Outgoing, Seeds};
use xfiles_bot::console;
use xfiles_bot::store::{PairingRow, Store, sqlite_url};

/// The PostgreSQL server for tests (started by `scripts/test`).
pub fn pg_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| {
        panic!("TEST_DATABASE_URL is not set: run the tests with scripts/test, which starts a throwaway PostgreSQL")
    })
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique(prefix: &str) -> String {
    format!(
        "{prefix}_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst),
        rand::random::<u32>()
    )
}

/// The URL of a new, empty PostgreSQL database.
pub async fn pg_url() -> String {
    let admin = pg_admin_url();
    let name = unique("t");
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("connect to the test PostgreSQL");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("create database");
    conn.close().await.ok();
    let base = admin
        .rsplit_once('/')
        .map(|(b, _)| b.to_string())
        .unwrap_or(admin);
    format!("{base}/{name}")
}

/// A fresh SQLite file in a temporary folder (kept alive by the returned guard).
pub fn sqlite_file() -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = sqlite_url(&dir.path().join("test.sqlite3")).expect("sqlite url");
    (url, dir)
}

/// Both backends, for conformance tests.
pub enum Backend {
    Postgres,
    Sqlite,
}

pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

pub async fn database(backend: Backend) -> TestDb {
    match backend {
        Backend::Postgres => TestDb {
            url: pg_url().await,
            _dir: None,
        },
        Backend::Sqlite => {
            let (url, dir) = sqlite_file();
            TestDb {
                url,
                _dir: Some(dir),
            }
        }
    }
}

pub async fn open(db: &TestDb) -> Store {
    Store::open(&db.url).await.expect("open store")
}

/// Runs console lines through a fresh app; returns the printed output and the
/// number of lines that failed to parse.
pub async fn run_console(app: &App, script: &str) -> (String, String, usize) {
    let lines: Vec<String> = script.lines().map(str::to_string).collect();
    let base = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let failures = console::run(
        app,
        lines.into_iter(),
        Some(&base),
        false,
        &mut out,
        &mut err,
    )
    .await;
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
        failures,
    )
}

/// Runs one console line through the app at `now` (ms): its messages.
pub async fn say(app: &App, line: &str, now: i64) -> Vec<Outgoing> {
    let parsed = console::parse_line(line).unwrap().unwrap();
    let mut req = console::to_request(app, &parsed, None, format!("k{now}-{line}"));
    req.now = now;
    app.handle(&req).await
}

/// Says each line of `script` one minute after the other, the first at
/// `from` (ms); every message, in order.
pub async fn say_each(app: &App, from: i64, script: &str) -> Vec<Outgoing> {
    let mut out = Vec::new();
    for (i, line) in script.lines().map(str::trim).enumerate() {
        out.extend(say(app, line, from + i as i64 * 60_000).await);
    }
    out
}

/// Whether a message says `needle`.
pub fn says(out: &[Outgoing], needle: &str) -> bool {
    out.iter().any(|m| m.text.contains(needle))
}

/// The pairings of the console server's league `name`.
pub async fn pairings_of(app: &App, name: &str) -> Vec<PairingRow> {
    let leagues = app.store().leagues("console").await.unwrap();
    let l = leagues.iter().find(|l| l.name == name).expect("the league");
    app.store().league_pairings(l.id).await.unwrap()
}

pub async fn app_on(db: &TestDb, seed: u64) -> App {
    App::new(open(db).await, Seeds::Fixed(seed))
}

/// Every message block of a console transcript, as (header, body).
pub fn blocks(output: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for block in output.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let block = block.trim_start_matches('\n');
        let (head, body) = block.split_once('\n').unwrap_or((block, ""));
        out.push((head.to_string(), body.to_string()));
    }
    out
}

pub fn texts(messages: &[Outgoing]) -> Vec<String> {
    messages.iter().map(|m| m.text.clone()).collect()
}

/// A committed game script played through the app.
pub struct ScriptRun {
    /// Keeps the database alive while the app is used.
    pub _db: TestDb,
    pub app: App,
    pub out: String,
    /// The script's `# expect:` line.
    pub expect: String,
    /// The last message posted to #table before the game's summary.
    pub last_channel: String,
    /// The end-of-game summary posted to #table.
    pub summary: Option<String>,
}

/// Plays the committed script at `path` (first rewritten by `write` when
/// XFILES_WRITE_SCRIPTS is set) on a fresh SQLite app seeded with `seed`;
/// every line must parse and every move be accepted.
pub async fn play_script<F>(path: &str, seed: u64, write: impl FnOnce() -> F) -> ScriptRun
where
    F: std::future::Future<Output = String>,
{
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var("XFILES_WRITE_SCRIPTS").is_ok() {
        std::fs::write(&path, write().await).unwrap();
    }
    let script = std::fs::read_to_string(&path).unwrap();
    let expect = script
        .lines()
        .find_map(|l| l.strip_prefix("# expect: "))
        .expect("an expect line")
        .to_string();
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, seed).await;
    let (out, err, failures) = run_console(&app, &script).await;
    assert_eq!((failures, err.as_str()), (0, ""));
    assert!(
        !out.contains("Refused"),
        "every scripted move is legal:\n{out}"
    );
    let last_channel = blocks(&out)
        .into_iter()
        .rev()
        .find(|(h, b)| h == "[#table]" && !b.starts_with("**Game #1 summary**"))
        .expect("a channel message")
        .1;
    let summary = blocks(&out)
        .into_iter()
        .find(|(h, b)| h == "[#table]" && b.starts_with("**Game #1 summary**"))
        .map(|b| b.1);
    ScriptRun {
        _db: db,
        app,
        out,
        expect,
        last_channel,
        summary,
    }
}
