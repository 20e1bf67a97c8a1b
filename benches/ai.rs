//! The X-Files CCG AI's strength and speed: win rates of each level against
//! the random mover and against the level below (seats alternating), the
//! median number of turns its wins take, and its decision time per move
//! (p50/p99, one core). Every AI move is checked legal as it is applied.
//! Run with `cargo bench --bench ai` (`AI_BENCH_GAMES` a pairing, default 500).

#[path = "../tests/support/xf_random.rs"]
#[allow(dead_code)]
mod xf_random;

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xf_random::{pick, random_deck};
use xfiles_bot::engine::ai::{Ai, Level};
use xfiles_bot::engine::xfiles::{XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, GameRng, Seat, Viewer};

#[derive(Clone, Copy, Debug)]
enum Player {
    Ai(Level),
    Random,
}

struct Result {
    winners: Vec<Seat>,
    turns: u32,
}

fn play(seed: u64, players: [Player; 2], times: &mut Vec<Duration>) -> Result {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = (0..2).map(|_| random_deck(&mut rng)).collect();
    let (mut g, _) = XfGame::new(XfOptions::default(), decks, rng.random()).expect("decks");
    let mut ai_rng = GameRng::seeded(seed ^ 0xA1);
    let mut moves = 0;
    while g.outcome().is_none() && moves < 20_000 {
        let due = g.to_act();
        let seat = due[rng.random_range(0..due.len())];
        let legal = g.legal_actions(seat);
        let action = match players[usize::from(seat)] {
            Player::Ai(level) => {
                let started = Instant::now();
                let view = g.view(Viewer::Seat(seat));
                let d = XfGame::decide(&view, &legal, level, &mut ai_rng);
                times.push(started.elapsed());
                d.action
            }
            Player::Random => {
                let offered: Vec<XfAction> = legal
                    .into_iter()
                    .filter(|a| *a != XfAction::Resign)
                    .collect();
                pick(&mut rng, &offered)
            }
        };
        g.apply(seat, &action)
            .unwrap_or_else(|r| panic!("seed {seed}: {action:?} refused: {}", r.reason));
        moves += 1;
    }
    Result {
        winners: g.outcome().map(|o| o.winners).unwrap_or_default(),
        turns: g.turn,
    }
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let games: u64 = std::env::var("AI_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let pairings = [
        (Player::Ai(Level::Easy), Player::Random),
        (Player::Ai(Level::Normal), Player::Random),
        (Player::Ai(Level::Hard), Player::Random),
        (Player::Ai(Level::Normal), Player::Ai(Level::Easy)),
        (Player::Ai(Level::Hard), Player::Ai(Level::Normal)),
    ];
    println!("X-Files CCG AI, {games} two-player games a pairing (seats alternate):");
    for (a, b) in pairings {
        let mut times = Vec::new();
        let (mut won, mut lost) = (0, 0);
        let mut win_turns = Vec::new();
        for i in 0..games {
            let (first, seats) = if i % 2 == 0 { (0, [a, b]) } else { (1, [b, a]) };
            let r = play(10_000 + i, seats, &mut times);
            if r.winners == [first] {
                won += 1;
                win_turns.push(r.turns);
            } else if !r.winners.is_empty() {
                lost += 1;
            }
        }
        times.sort();
        win_turns.sort();
        println!(
            "  {a:?} vs {b:?}: won {won}, lost {lost}, neither {} ({:.1}% of games won); median turns to win {}; decision p50 {:?} p99 {:?} over {} moves",
            games - won - lost,
            100.0 * won as f64 / games as f64,
            win_turns.get(win_turns.len() / 2).copied().unwrap_or(0),
            pct(&times, 0.5),
            pct(&times, 0.99),
            times.len()
        );
    }
}
