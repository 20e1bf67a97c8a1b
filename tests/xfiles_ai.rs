//! The X-Files CCG's AI player: every move it makes is legal, it decides
//! from its seat's view only (its entry point takes nothing else), the same
//! seed gives the same game, and it beats a random mover.

#[path = "support/xf_random.rs"]
#[allow(dead_code)]
mod xf_random;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xf_random::{pick, random_deck};
use xfiles_bot::engine::ai::{Ai, Level};
use xfiles_bot::engine::xfiles::{XfAction, XfGame, XfOptions};
use xfiles_bot::engine::{Game, GameRng, Seat, Viewer};

/// Who sits in a seat: an AI of a level, or the random mover.
#[derive(Clone, Copy)]
enum Player {
    Ai(Level),
    Random,
}

/// One game: its winners and every move made (seat, action).
fn play(seed: u64, players: [Player; 2]) -> (Vec<Seat>, Vec<(Seat, XfAction)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = (0..2).map(|_| random_deck(&mut rng)).collect();
    let (mut g, _) = XfGame::new(XfOptions::default(), decks, rng.random()).expect("decks");
    let mut ai_rng = GameRng::seeded(seed ^ 0xA1);
    let mut log = Vec::new();
    while g.outcome().is_none() {
        assert!(log.len() < 20_000, "seed {seed}: the game does not end");
        let due = g.to_act();
        let seat = due[rng.random_range(0..due.len())];
        let legal: Vec<XfAction> = g.legal_actions(seat);
        let action = match players[usize::from(seat)] {
            Player::Ai(level) => {
                let view = g.view(Viewer::Seat(seat));
                let d = XfGame::decide(&view, &legal, level, &mut ai_rng);
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
    (g.outcome().expect("over").winners, log)
}

#[test]
fn every_ai_move_is_legal_and_each_level_finishes_its_games() {
    for level in Level::ALL {
        for seed in 0..8 {
            let seats = if seed % 2 == 0 {
                [Player::Ai(level), Player::Random]
            } else {
                [Player::Random, Player::Ai(level)]
            };
            play(seed, seats);
        }
    }
}

/// Two AIs that each wait to be sure still finish: when no question can
/// tell the X-Files left apart, they guess.
#[test]
fn games_between_ais_end() {
    for seed in 0..6 {
        let seats = match seed % 3 {
            0 => [Player::Ai(Level::Easy), Player::Ai(Level::Normal)],
            1 => [Player::Ai(Level::Normal), Player::Ai(Level::Hard)],
            _ => [Player::Ai(Level::Easy), Player::Ai(Level::Easy)],
        };
        let (winners, _) = play(200 + seed, seats);
        assert_eq!(winners.len(), 1, "seed {seed}: one winner");
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let seats = [Player::Ai(Level::Normal), Player::Ai(Level::Hard)];
    assert_eq!(play(3, seats), play(3, seats));
}

#[test]
fn the_normal_ai_beats_a_random_mover_most_of_the_time() {
    let games = 16;
    let mut won = 0;
    for seed in 0..games {
        let ai = (seed % 2) as Seat;
        let mut seats = [Player::Random, Player::Random];
        seats[usize::from(ai)] = Player::Ai(Level::Normal);
        let (winners, _) = play(100 + seed, seats);
        won += usize::from(winners == [ai]);
    }
    assert!(won * 4 >= games as usize * 3, "the AI won {won} of {games}");
}
