//! Legendary Encounters engine benchmark on one core: the engine's own
//! speed (replaying recorded games through `step`, which copies the state as
//! the bot does for every command), whole playouts including the enumeration
//! of legal actions, and the size of a serialised state. Run with
//! `cargo bench --bench legendary` (`LE_BENCH_GAMES`, default 300).

#[path = "../tests/support/le_greedy.rs"]
mod le_greedy;

use std::time::Instant;

use xfiles_bot::engine::legendary::{LeAction, LeGame, LeOptions, LeSetup};
use xfiles_bot::engine::{Game, GameRng, Seat, step};

struct Played {
    players: usize,
    seed: u64,
    actions: Vec<(Seat, LeAction)>,
    sizes: Vec<usize>,
}

fn playout(seed: u64, players: usize) -> Played {
    let setups = vec![LeSetup::default(); players];
    let (mut g, _) = LeGame::new(LeOptions::default(), setups, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    let mut actions = Vec::new();
    let mut sizes = Vec::new();
    while !g.is_over() && actions.len() < 20_000 {
        let seat = g.to_act()[0];
        let mut legal: Vec<LeAction> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| *a != LeAction::Resign)
            .collect();
        if rng.below(5) > 0 {
            let best = legal.iter().map(le_greedy::rank).min().unwrap_or(0);
            legal.retain(|a| le_greedy::rank(a) == best);
        }
        let action = legal[rng.below(legal.len())].clone();
        g.apply(seat, &action).unwrap();
        actions.push((seat, action));
        if actions.len() % 32 == 0 {
            sizes.push(serde_json::to_vec(&g).unwrap().len());
        }
    }
    Played {
        players,
        seed,
        actions,
        sizes,
    }
}

fn main() {
    let games: u64 = std::env::var("LE_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let started = Instant::now();
    let played: Vec<Played> = (0..games)
        .map(|s| playout(s, 1 + (s % 5) as usize))
        .collect();
    let playout_time = started.elapsed();
    let total: usize = played.iter().map(|p| p.actions.len()).sum();
    let started = Instant::now();
    for p in &played {
        let (mut g, _) = LeGame::new(
            LeOptions::default(),
            vec![LeSetup::default(); p.players],
            p.seed,
        )
        .unwrap();
        for (seat, a) in &p.actions {
            g = step(&g, *seat, a).unwrap().0;
        }
    }
    let replay_time = started.elapsed();
    let mut sizes: Vec<usize> = played
        .iter()
        .flat_map(|p| p.sizes.iter().copied())
        .collect();
    sizes.sort_unstable();
    println!("legendary: {games} games (1-5 players), {total} actions");
    println!(
        "  engine (step, with the state copy): {:.0} actions/s",
        total as f64 / replay_time.as_secs_f64()
    );
    println!(
        "  playouts (legal actions + apply): {:.0} actions/s, {:.1} ms a game",
        total as f64 / playout_time.as_secs_f64(),
        playout_time.as_secs_f64() * 1000.0 / games as f64
    );
    println!(
        "  state: median {:.1} KB, max {:.1} KB",
        sizes[sizes.len() / 2] as f64 / 1024.0,
        *sizes.last().unwrap_or(&0) as f64 / 1024.0
    );
}
