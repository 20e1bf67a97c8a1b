//! X-Files CCG games between AI players and the random mover, shared by the
//! AI's tests and its bench: every AI move is checked legal and explained
//! as it is applied.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xfiles_bot::engine::ai::{Ai, Level};
use xfiles_bot::engine::xfiles::{XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, GameRng, Seat, Viewer};

use crate::xf_random::{pick, random_deck};

/// Who sits in a seat: an AI of a level, or the random mover.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    Ai(Level),
    Random,
}

/// A finished two-player game.
pub struct Played {
    pub winners: Vec<Seat>,
    /// Every move made: (seat, action).
    pub log: Vec<(Seat, XfAction)>,
    pub turns: u32,
    /// How long each AI decision took.
    pub decisions: Vec<Duration>,
}

/// One game between random legal decks; panics on a refused AI move, a
/// move without a reason, or a game that does not end.
pub fn play(seed: u64, players: [Player; 2]) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = (0..2).map(|_| random_deck(&mut rng)).collect();
    let (mut g, _) = XfGame::new(XfOptions::default(), decks, rng.random()).expect("decks");
    let mut ai_rng = GameRng::seeded(seed ^ 0xA1);
    let mut log = Vec::new();
    let mut decisions = Vec::new();
    while g.outcome().is_none() {
        assert!(log.len() < 20_000, "seed {seed}: the game does not end");
        let due = g.to_act();
        let seat = due[rng.random_range(0..due.len())];
        let legal = g.legal_actions(seat);
        let action = match players[usize::from(seat)] {
            Player::Ai(level) => {
                let started = Instant::now();
                let view = g.view(Viewer::Seat(seat));
                let d = XfGame::decide(&view, &legal, level, &mut ai_rng);
                decisions.push(started.elapsed());
                assert!(!d.why.is_empty(), "seed {seed}: a move without a reason");
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
        g.apply(seat, &action).unwrap_or_else(|r| {
            panic!(
                "seed {seed}: the AI's move {action:?} was refused: {}",
                r.reason
            )
        });
        log.push((seat, action));
    }
    Played {
        winners: g.outcome().expect("over").winners,
        log,
        turns: g.turn,
        decisions,
    }
}
