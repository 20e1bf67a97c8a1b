//! Card database benchmark: load time, `/card` lookup latency over every
//! card (exact titles, typos and partial names), and heap used by the loaded
//! database. Run with `cargo bench --bench cards`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use xfiles_bot::cards::{CardDb, Filter};

/// Counts live heap bytes so the database's memory can be measured.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
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

fn main() {
    let before = LIVE.load(Ordering::Relaxed);
    let db = CardDb::load_embedded().expect("card data");
    let heap = LIVE.load(Ordering::Relaxed) - before;

    let mut loads = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        let again = CardDb::load_embedded().expect("card data");
        loads.push(t.elapsed());
        drop(again);
    }
    loads.sort();

    let titles: Vec<String> = db
        .iter()
        .filter(|(_, c)| c.kind.is_playable())
        .map(|(_, c)| c.title.clone())
        .collect();
    let mut queries: Vec<String> = Vec::new();
    for t in &titles {
        queries.push(t.clone());
        queries.push(typo(t));
        queries.push(
            t.split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase(),
        );
    }
    let mut times = Vec::with_capacity(queries.len());
    let mut found = 0;
    for q in &queries {
        let t = Instant::now();
        let hits = db.lookup().search(q, Filter::default(), 6);
        times.push(t.elapsed());
        found += usize::from(!hits.is_empty());
    }
    times.sort();
    let exact_first = titles
        .iter()
        .filter(|t| {
            db.lookup()
                .search(t, Filter::default(), 1)
                .first()
                .is_some_and(|m| &db.get(m.card).title == *t)
        })
        .count();

    println!("card database: {} records", db.len());
    println!(
        "load (parse + validate + index), 20 runs: median {:?}, max {:?}",
        percentile(&loads, 0.5),
        loads[loads.len() - 1]
    );
    println!(
        "heap of the loaded database: {:.1} MB",
        heap as f64 / 1_048_576.0
    );
    println!(
        "lookup over {} queries (every title, a typo of it, its first two words): p50 {:?}, p99 {:?}, max {:?}",
        queries.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times[times.len() - 1]
    );
    println!(
        "queries with a match: {found} / {}; exact titles found first: {exact_first} / {}",
        queries.len(),
        titles.len()
    );
}
