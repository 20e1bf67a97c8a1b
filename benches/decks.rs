//! `/deck import` under load (`cargo bench --bench decks`): four uploads at
//! once — 512 KB of "2 Aubrey, MO" (the file of issue 41), 512 KB of
//! misspelt titles, 1,000 misspelt titles (at the line cap) and 1,000 lines
//! of misspelt titles at the length cap (the costliest list within the
//! limits) — while another user looks cards up with `/card` one after
//! another. Printed: `/card`'s latency alone and during the imports (target:
//! p99 under 100 ms) and each import's answer time (target: under 1 s).
//! The app is driven directly (`App::handle`) on a multi-thread runtime,
//! with SQLite in a temporary folder. BENCH_ROUNDS sets the rounds (5).

use std::sync::Arc;
use std::time::{Duration, Instant};

use xfiles_bot::app::{App, OptionValue, Request, Seeds};
use xfiles_bot::console;
use xfiles_bot::decks::limits::{MAX_LINE_CHARS, MAX_LINES};
use xfiles_bot::store::{Store, sqlite_url};

/// The largest upload the Discord adapter accepts.
const UPLOAD: usize = 512 * 1024;

/// What a player types to /card, misspelt as players do.
const LOOKUPS: &[&str] = &[
    "aubry mo",
    "knife",
    "deep throte",
    "agent fox mulder",
    "sheila braun",
    "skinner",
    "lone gunmen",
    "XF96-0063v1",
];

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// "aubrey mo" → "aubry mo": drop the first vowel after the first letter.
fn typo(title: &str) -> String {
    let mut out = String::new();
    let mut dropped = false;
    for (i, c) in title.chars().enumerate() {
        if !dropped && i > 1 && "aeiou".contains(c.to_ascii_lowercase()) {
            dropped = true;
            continue;
        }
        out.push(c);
    }
    out
}

/// Lines `line(0)`, `line(1)`, … while the file stays within `bytes` and
/// `lines` lines.
fn file(bytes: usize, lines: usize, line: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for i in 0..lines {
        let next = line(i);
        if out.len() + next.len() + 1 > bytes {
            break;
        }
        out.push_str(&next);
        out.push('\n');
    }
    out
}

/// The four uploads, each with what it is.
fn uploads() -> Vec<(&'static str, String)> {
    let names: Vec<String> = xfiles_bot::cards::db()
        .iter()
        .filter(|(_, c)| c.kind.is_playable())
        .map(|(_, c)| typo(&c.title))
        .collect();
    let name = |i: usize| names[i % names.len()].clone();
    // As many misspelt titles as the length cap holds.
    let long = |i: usize| {
        let words: Vec<String> = (0..8).map(|k| name(i * 8 + k)).collect();
        let line: String = format!("1 {}", words.join(" "))
            .chars()
            .take(MAX_LINE_CHARS)
            .collect();
        line.trim_end().to_string()
    };
    vec![
        (
            "512 KB of '2 Aubrey, MO'",
            file(UPLOAD, usize::MAX, |_| "2 Aubrey, MO".to_string()),
        ),
        (
            "512 KB of misspelt titles",
            file(UPLOAD, usize::MAX, |i| format!("2 {}", name(i))),
        ),
        (
            "1,000 misspelt titles (the line cap)",
            file(UPLOAD, MAX_LINES, |i| format!("1 {}", name(i))),
        ),
        (
            "1,000 lines of 100 characters (both caps)",
            file(UPLOAD, MAX_LINES, long),
        ),
    ]
}

/// The request a console line stands for, with `file` as its uploaded file.
fn request(app: &App, line: &str, key: String, file: Option<&str>) -> Request {
    let parsed = console::parse_line(line)
        .expect("a valid line")
        .expect("a command");
    let mut req = console::to_request(app, &parsed, None, key);
    if let Some(content) = file {
        for (option, value) in &mut req.invocation.options {
            if option.as_str() == "file" {
                *value = OptionValue::File {
                    name: "deck.txt".into(),
                    content: Ok(content.to_string()),
                };
            }
        }
    }
    req
}

/// How long the app takes to answer, and its answer.
async fn timed(app: &App, req: &Request) -> (Duration, String) {
    let start = Instant::now();
    let answer = app.handle(req).await;
    let text = answer.iter().map(|m| m.text.as_str()).collect::<Vec<_>>();
    (start.elapsed(), text.join("\n"))
}

/// One `/card` lookup by @bob.
async fn lookup(app: &App, n: usize) -> Duration {
    let line = format!("@bob /card name:\"{}\"", LOOKUPS[n % LOOKUPS.len()]);
    timed(app, &request(app, &line, format!("card-{n}"), None))
        .await
        .0
}

/// One round: the four imports at once and `/card` lookups until they are
/// all answered. Returns the lookups' times and each import's (time, answer).
async fn round(
    app: &Arc<App>,
    files: &[(&'static str, String)],
    number: usize,
    lookups: &mut usize,
) -> (Vec<Duration>, Vec<(Duration, String)>) {
    let imports: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(i, (_, list))| {
            let line = format!("@user{i} /deck import name:Big replace:true file:deck.txt");
            let req = request(
                app,
                &line,
                format!("import-{number}-{i}"),
                Some(list.as_str()),
            );
            let app = Arc::clone(app);
            tokio::spawn(async move { timed(&app, &req).await })
        })
        .collect();
    let mut during = Vec::new();
    while imports.iter().any(|h| !h.is_finished()) {
        during.push(lookup(app, *lookups).await);
        *lookups += 1;
    }
    let mut answers = Vec::new();
    for h in imports {
        answers.push(h.await.expect("the import task ends"));
    }
    (during, answers)
}

fn spread(what: &str, times: &mut [Duration], target: &str) {
    times.sort();
    println!(
        "{what}: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} ({target})",
        ms(pct(times, 0.5)),
        ms(pct(times, 0.99)),
        ms(times[times.len() - 1]),
        times.len()
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = sqlite_url(&dir.path().join("decks.sqlite3")).expect("a SQLite URL");
    let store = Store::open(&url).await.expect("the store opens");
    let app = Arc::new(App::new(store, Seeds::Fixed(1)));
    let files = uploads();
    let mut lookups = 0;
    let mut alone = Vec::new();
    for _ in 0..200 {
        alone.push(lookup(&app, lookups).await);
        lookups += 1;
    }
    spread("/card alone", &mut alone, "for comparison");
    let mut during = Vec::new();
    let mut imports: Vec<Vec<(Duration, String)>> = vec![Vec::new(); files.len()];
    for r in 0..rounds {
        let (cards, answers) = round(&app, &files, r, &mut lookups).await;
        during.extend(cards);
        for (i, answer) in answers.into_iter().enumerate() {
            imports[i].push(answer);
        }
    }
    if during.is_empty() {
        println!("/card during the imports: none ran (the imports ended first)");
    } else {
        spread(
            "/card during four imports",
            &mut during,
            "target: p99 under 100 ms",
        );
    }
    for ((label, list), runs) in files.iter().zip(&imports) {
        let mut times: Vec<Duration> = runs.iter().map(|(t, _)| *t).collect();
        times.sort();
        let answer: String = runs[0].1.replace('\n', " / ").chars().take(160).collect();
        println!(
            "import of {label} ({} KB, {} lines): p50 {:.0} ms, max {:.0} ms (target: under 1 s); answer: {answer}",
            list.len() / 1024,
            list.lines().count(),
            ms(pct(&times, 0.5)),
            ms(times[times.len() - 1])
        );
    }
}
