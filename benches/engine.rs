//! X-Files CCG engine benchmark: random playouts on one core. Reports the
//! engine's own speed (replaying recorded games through `step`, the work an
//! action costs the bot), the speed of whole playouts including the bot's
//! enumeration of legal actions, and the size of a serialized mid-game
//! state. Run with `cargo bench --bench engine` (`ENGINE_BENCH_GAMES`, default 200).

#[path = "../tests/support/xf_random.rs"]
mod xf_random;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xf_random::{bot_move, random_deck};
use xfiles_bot::engine::xfiles::{XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, Seat, step};

struct Played {
    decks: Vec<xfiles_bot::decks::StoredDeck>,
    seed: u64,
    actions: Vec<(Seat, XfAction)>,
    mid_state_bytes: usize,
}

fn playout(seed: u64, players: usize) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks: Vec<_> = (0..players).map(|_| random_deck(&mut rng)).collect();
    let game_seed = rng.next_u64();
    let (mut g, _) = XfGame::new(XfOptions::default(), decks.clone(), game_seed).unwrap();
    let mut actions = Vec::new();
    let mut states = Vec::new();
    while g.outcome().is_none() && actions.len() < 20_000 {
        let (seat, action) = bot_move(&g, &mut rng).unwrap();
        g = step(&g, seat, &action).unwrap().0;
        actions.push((seat, action));
        if actions.len() % 64 == 0 {
            states.push(serde_json::to_vec(&g).unwrap().len());
        }
    }
    let mid_state_bytes = states.get(states.len() / 2).copied().unwrap_or(0);
    Played {
        decks,
        seed: game_seed,
        actions,
        mid_state_bytes,
    }
}

fn main() {
    let games: u64 = std::env::var("ENGINE_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let started = Instant::now();
    let played: Vec<Played> = (0..games)
        .map(|s| playout(s, [2, 2, 3, 4][(s % 4) as usize]))
        .collect();
    let playout_time = started.elapsed();
    let total: usize = played.iter().map(|p| p.actions.len()).sum();

    // The engine alone: replay every recorded game through `step`.
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        for p in &played {
            let (mut g, _) = XfGame::new(XfOptions::default(), p.decks.clone(), p.seed).unwrap();
            for (seat, a) in &p.actions {
                g = step(&g, *seat, a).unwrap().0;
            }
            assert!(g.outcome().is_some());
        }
        best = best.min(started.elapsed());
    }
    let mut sizes: Vec<usize> = played.iter().map(|p| p.mid_state_bytes).collect();
    sizes.sort();
    println!("games: {games} (2, 2, 3 and 4 players), {total} actions");
    println!(
        "engine (step, replaying the games): {:.0} actions/s on one core",
        total as f64 / best.as_secs_f64()
    );
    println!(
        "playouts with the bot's legal-action enumeration: {:.0} actions/s, {:.2} ms a game",
        total as f64 / playout_time.as_secs_f64(),
        playout_time.as_secs_f64() * 1000.0 / games as f64
    );
    println!(
        "serialized mid-game state (JSON): median {:.1} KB, max {:.1} KB",
        sizes[sizes.len() / 2] as f64 / 1024.0,
        sizes[sizes.len() - 1] as f64 / 1024.0
    );
}
