//! Games between AI players and the random mover, for each game with an AI
//! (the X-Files CCG and the fan CCG), shared by the AI's tests and its
//! bench: every AI move is checked legal and explained as it is applied.
#![allow(dead_code)]

use std::fmt::Debug;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xfiles_bot::engine::ai::{Ai, Level};
use xfiles_bot::engine::fan::{FanDeck, FanGame, FanOptions};
use xfiles_bot::engine::xfiles::{XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, GameRng, Seat};

use crate::xf_random::{pick, random_deck};

/// Who sits in a seat: an AI of a level, or the random mover.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    Ai(Level),
    Random,
}

/// What the bench measures: each level against the random mover and
/// against the level below.
pub const PAIRINGS: [(Player, Player); 5] = [
    (Player::Ai(Level::Easy), Player::Random),
    (Player::Ai(Level::Normal), Player::Random),
    (Player::Ai(Level::Hard), Player::Random),
    (Player::Ai(Level::Normal), Player::Ai(Level::Easy)),
    (Player::Ai(Level::Hard), Player::Ai(Level::Normal)),
];

/// A finished two-player game.
pub struct Played<A> {
    pub winners: Vec<Seat>,
    /// Every move made: (seat, action).
    pub log: Vec<(Seat, A)>,
    /// X-Files CCG turns, fan CCG rounds.
    pub turns: u32,
    /// How long each AI decision took.
    pub decisions: Vec<Duration>,
}

/// Plays `g` to its end; panics on a refused AI move, a move without a
/// reason, or a game that does not end. `random` is the random mover.
fn play_out<G: Ai>(
    g: &mut G,
    seed: u64,
    players: [Player; 2],
    rng: &mut ChaCha8Rng,
    random: impl Fn(&mut ChaCha8Rng, &[G::Action]) -> G::Action,
) -> Played<G::Action>
where
    G::Action: Debug,
{
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
                let view = g.ai_view(seat);
                let d = G::decide(&view, &legal, level, &mut ai_rng);
                decisions.push(started.elapsed());
                assert!(!d.why.is_empty(), "seed {seed}: a move without a reason");
                d.action
            }
            Player::Random => {
                let offered: Vec<G::Action> =
                    legal.into_iter().filter(|a| !G::resigns(a)).collect();
                random(rng, &offered)
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
        turns: 0,
        decisions,
    }
}

/// One X-Files CCG game between random legal decks.
pub fn play(seed: u64, players: [Player; 2]) -> Played<XfAction> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = (0..2).map(|_| random_deck(&mut rng)).collect();
    let (mut g, _) = XfGame::new(XfOptions::default(), decks, rng.random()).expect("decks");
    let played = play_out(&mut g, seed, players, &mut rng, pick);
    Played {
        turns: g.turn,
        ..played
    }
}

/// One fan CCG game between two house decks.
pub fn play_fan(seed: u64, players: [Player; 2]) -> Played<xfiles_bot::engine::fan::FanAction> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let options = FanOptions::default();
    let decks: Vec<FanDeck> = (0..2)
        .map(|i| FanDeck::house(&options, seed * 2 + i))
        .collect();
    let (mut g, _) = FanGame::new(options, decks, rng.random()).expect("decks");
    let played = play_out(&mut g, seed, players, &mut rng, |rng, offered| {
        offered[rng.random_range(0..offered.len())].clone()
    });
    Played {
        turns: g.rounds.len() as u32,
        ..played
    }
}
