//! `/rules` lookup latency over the whole reference: every entry's title and
//! aliases as queries, plus the test questions, with a typo each. Run with
//! `cargo bench --bench rules`.

use std::time::{Duration, Instant};

use xfiles_bot::rules;

fn main() {
    let started = Instant::now();
    let n = rules::reference().entries.len();
    let load = started.elapsed();
    let mut queries: Vec<String> = Vec::new();
    for e in &rules::reference().entries {
        queries.push(e.title.clone());
        queries.extend(e.aliases.iter().cloned());
    }
    let questions = include_str!("../tests/data/rules-queries.txt");
    for l in questions
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        queries.push(l.split('|').next().unwrap().trim().to_string());
    }
    let typos: Vec<String> = queries
        .iter()
        .map(|q| {
            let mut c: Vec<char> = q.chars().collect();
            if c.len() > 4 {
                c.swap(2, 3);
            }
            c.into_iter().collect()
        })
        .collect();
    queries.extend(typos);
    let mut times: Vec<Duration> = Vec::with_capacity(queries.len());
    for q in &queries {
        let t = Instant::now();
        std::hint::black_box(rules::search(q, None, 5));
        times.push(t.elapsed());
    }
    times.sort();
    let p = |x: f64| times[((times.len() - 1) as f64 * x).round() as usize];
    println!("rules reference: {n} entries, built in {load:?}");
    println!(
        "{} queries: p50 {:?}, p99 {:?}, max {:?}",
        times.len(),
        p(0.5),
        p(0.99),
        times[times.len() - 1]
    );
}
