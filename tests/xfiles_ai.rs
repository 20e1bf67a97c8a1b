//! The X-Files CCG's AI player: every move it makes is legal, it decides
//! from its seat's view only (its entry point takes nothing else), the same
//! seed gives the same game, and it beats a random mover.

#[path = "support/xf_random.rs"]
#[allow(dead_code)]
mod xf_random;

#[path = "support/xf_ai.rs"]
mod xf_ai;

use xf_ai::{Player, play};
use xfiles_bot::engine::Seat;
use xfiles_bot::engine::ai::Level;

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
        let winners = play(200 + seed, seats).winners;
        assert_eq!(winners.len(), 1, "seed {seed}: one winner");
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let seats = [Player::Ai(Level::Normal), Player::Ai(Level::Hard)];
    let (a, b) = (play(3, seats), play(3, seats));
    assert_eq!((a.winners, a.log), (b.winners, b.log));
}

#[test]
fn the_normal_ai_beats_a_random_mover_most_of_the_time() {
    let games = 16;
    let mut won = 0;
    for seed in 0..games {
        let ai = (seed % 2) as Seat;
        let mut seats = [Player::Random, Player::Random];
        seats[usize::from(ai)] = Player::Ai(Level::Normal);
        won += usize::from(play(100 + seed, seats).winners == [ai]);
    }
    assert!(won * 4 >= games as usize * 3, "the AI won {won} of {games}");
}
