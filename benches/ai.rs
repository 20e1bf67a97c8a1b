//! The AI players' strength and speed (the X-Files CCG's, then the fan
//! CCG's): win rates of each level against
//! the random mover and against the level below (seats alternating), the
//! median number of turns its wins take, and its decision time per move
//! (p50/p99, one core). Every AI move is checked legal as it is applied.
//! Run with `cargo bench --bench ai` (`AI_BENCH_GAMES` a pairing, default 500;
//! `AI_BENCH_ONLY=fan` or `=xf` for one game, `AI_BENCH_PAIRING=hard` for
//! the pairings whose "A vs B" name holds those words).

#[path = "../tests/support/xf_random.rs"]
#[allow(dead_code)]
mod xf_random;

#[path = "../tests/support/ai_games.rs"]
mod ai_games;

use std::time::Duration;

use ai_games::{PAIRINGS, Player, play, play_fan};

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

type Run = fn(u64, [Player; 2]) -> (Vec<xfiles_bot::engine::Seat>, u32, Vec<Duration>);

fn xf(seed: u64, seats: [Player; 2]) -> (Vec<xfiles_bot::engine::Seat>, u32, Vec<Duration>) {
    let r = play(seed, seats);
    (r.winners, r.turns, r.decisions)
}

fn fan(seed: u64, seats: [Player; 2]) -> (Vec<xfiles_bot::engine::Seat>, u32, Vec<Duration>) {
    let r = play_fan(seed, seats);
    (r.winners, r.turns, r.decisions)
}

fn main() {
    let games: u64 = std::env::var("AI_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let only = std::env::var("AI_BENCH_ONLY").unwrap_or_default();
    let pairing = std::env::var("AI_BENCH_PAIRING").unwrap_or_default();
    let runs: [(&str, &str, &str, Run); 2] = [
        ("xf", "X-Files CCG", "turns", xf),
        ("fan", "fan CCG", "rounds", fan),
    ];
    for (key, name, unit, run) in runs {
        if !only.is_empty() && only != key {
            continue;
        }
        println!("{name} AI, {games} two-player games a pairing (seats alternate):");
        let chosen = PAIRINGS
            .into_iter()
            .filter(|(a, b)| format!("{a:?} vs {b:?}").to_lowercase().contains(&pairing));
        for (a, b) in chosen {
            let mut times = Vec::new();
            let (mut won, mut lost) = (0, 0);
            let mut win_turns = Vec::new();
            for i in 0..games {
                let (first, seats) = if i % 2 == 0 { (0, [a, b]) } else { (1, [b, a]) };
                let (winners, turns, decisions) = run(10_000 + i, seats);
                times.extend(decisions);
                if winners == [first] {
                    won += 1;
                    win_turns.push(turns);
                } else if !winners.is_empty() {
                    lost += 1;
                }
            }
            times.sort();
            win_turns.sort();
            println!(
                "  {a:?} vs {b:?}: won {won}, lost {lost}, neither {} ({:.1}% of games won); median {unit} to win {}; decision p50 {:?} p99 {:?} over {} moves",
                games - won - lost,
                100.0 * won as f64 / games as f64,
                win_turns.get(win_turns.len() / 2).copied().unwrap_or(0),
                pct(&times, 0.5),
                pct(&times, 0.99),
                times.len()
            );
        }
    }
}
