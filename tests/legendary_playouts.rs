//! Random co-operative games of Legendary Encounters (1-5 players, every
//! Season mode, the difficulty options), with the invariants checked after
//! every action, hidden cards kept out of public events, and each game
//! replayed from its log to the same state.

#[path = "support/le_greedy.rs"]
mod le_greedy;

use xfiles_bot::engine::legendary::{
    Difficulty, LeAction, LeEvent, LeGame, LeOptions, LeSetup, SeasonMode,
};
use xfiles_bot::engine::{Audience, Game, GameRng, replay};

fn options(i: u64) -> LeOptions {
    LeOptions {
        mode: [SeasonMode::Standard, SeasonMode::Random, SeasonMode::Every][(i % 3) as usize],
        first_season: Some([1, 4, 7][(i / 3 % 3) as usize]),
        difficulty: Difficulty {
            rejoin: i % 7 == 3,
            starting_belief: i % 5 == 1,
            extra_informant: i % 4 == 2,
            revealed_bureau: i % 6 == 5,
            fewer_syndicate: (i % 3) as u8,
        },
        ..LeOptions::default()
    }
}

/// Plays one random game; returns (actions, won).
fn playout(seed: u64, players: usize) -> (usize, bool) {
    let setups = vec![LeSetup::default(); players];
    let (mut g, _) = LeGame::new(options(seed), setups.clone(), seed).expect("a new game");
    g.audit()
        .unwrap_or_else(|e| panic!("seed {seed}: after set-up: {e}"));
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    let mut log = Vec::new();
    for n in 0..20_000 {
        let Some(&seat) = g.to_act().first() else {
            break;
        };
        let mut legal: Vec<LeAction> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| !LeGame::resigns(a))
            .collect();
        assert!(
            !legal.is_empty(),
            "seed {seed}: seat {seat} has no move at action {n}"
        );
        // Mostly a greedy agent (so games reach "The End" and are sometimes
        // won), sometimes any legal move; other seats may Coordinate.
        if rng.below(5) > 0 {
            let best = legal.iter().map(le_greedy::rank).min().unwrap_or(0);
            legal.retain(|a| le_greedy::rank(a) == best);
        }
        let others: Vec<(u8, LeAction)> = (0..players as u8)
            .filter(|s| *s != seat)
            .flat_map(|s| {
                g.legal_actions(s)
                    .into_iter()
                    .filter(|a| matches!(a, LeAction::Coordinate { .. }))
                    .map(move |a| (s, a))
            })
            .collect();
        let (who, action) = if !others.is_empty() && rng.below(10) == 0 {
            others[rng.below(others.len())].clone()
        } else {
            (seat, legal[rng.below(legal.len())].clone())
        };
        let events = g
            .apply(who, &action)
            .unwrap_or_else(|r| panic!("seed {seed}: legal {action:?} refused: {r}"));
        g.audit()
            .unwrap_or_else(|e| panic!("seed {seed}: after {action:?}: {e}"));
        for e in &events {
            if e.audience == Audience::All {
                assert!(
                    !matches!(e.body, LeEvent::DrewCards { .. }),
                    "seed {seed}: drawn cards made public"
                );
            }
        }
        log.push((who, action));
    }
    assert!(
        g.is_over(),
        "seed {seed}: {players} players did not finish in 20,000 actions"
    );
    let again: LeGame = replay(options(seed), setups, seed, &log).expect("the log replays");
    assert_eq!(again, g, "seed {seed}: the replayed game differs");
    if std::env::var("LE_VERBOSE").is_ok() {
        eprintln!(
            "  turn {} the_end {} conspiracy {}: {}",
            g.turn_no,
            g.the_end,
            g.conspiracy.len(),
            g.outcome().unwrap().summary
        );
    }
    (log.len(), g.outcome().unwrap().team.unwrap().won)
}

#[test]
fn random_games_end_with_every_invariant_kept() {
    let games: u64 = std::env::var("LE_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let mut actions = 0;
    let mut wins = 0;
    for seed in 0..games {
        let (n, won) = playout(seed, 1 + (seed % 5) as usize);
        actions += n;
        wins += usize::from(won);
    }
    eprintln!("{games} games, {actions} actions, {wins} won");
}
