//! Random co-operative games of Legendary Encounters (1-5 players, every
//! Season mode, the difficulty options), with the invariants checked after
//! every action, hidden cards kept out of public events, and each game
//! replayed from its log to the same state. After each action, for the seat
//! due: its deadline's default move spends nothing the rules do not force,
//! and its "You may" list offers exactly the kinds of move the engine allows
//! (issue 42).

#[path = "support/le_greedy.rs"]
mod le_greedy;
#[path = "support/you_may.rs"]
mod you_may;

use xfiles_bot::app::Table;
use xfiles_bot::app::games::host::GameUi;
use xfiles_bot::engine::legendary::{
    Difficulty, Kind, LeAction, LeEvent, LeGame, LeOptions, LeSetup, SeasonMode,
};
use xfiles_bot::engine::{Audience, Game, GameRng, Seat, Viewer, replay, step};

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
        if let Some(&due) = g.to_act().first() {
            default_spends_nothing(&g, due, seed);
            you_may_lists_the_legal_moves(&g, due, seed);
        }
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

/// The seat's cards (deck, hand, discard, in play) and its hand: what a
/// default move must not spend. A Doubt is no asset: the rules defeat it
/// when it is drawn on the player's turn.
fn holdings(g: &LeGame, seat: Seat) -> [i64; 2] {
    let p = g.player(seat);
    let asset = |c: &&u16| g.def(**c).kind != Kind::Doubt;
    // A card Coordinated to the seat is another player's.
    let played = p
        .played
        .iter()
        .filter(|x| x.from.is_none())
        .map(|x| &x.card);
    let piles = p
        .deck
        .iter()
        .chain(&p.hand)
        .chain(&p.discard)
        .chain(&p.vigilant);
    let cards = piles.chain(played).filter(asset).count();
    [cards as i64, p.hand.iter().filter(asset).count() as i64]
}

fn cost(before: [i64; 2], after: [i64; 2]) -> i64 {
    before.iter().zip(after).map(|(b, a)| (b - a).max(0)).sum()
}

/// A deadline's default move ends the turn (the Cleanup discards the hand
/// and draws a new one, unspent points are lost, and the Strike Phase and
/// end-of-turn texts may defeat cards, by the rules) or
/// answers the pending choice with the cheapest answer; it never plays,
/// recruits, fights or sacrifices, and ending the turn costs no card but
/// what Strikes take.
fn default_spends_nothing(g: &LeGame, seat: Seat, seed: u64) {
    let at = format!("seed {seed}: seat {seat}, turn {}", g.turn_no);
    let default = g
        .default_action(seat)
        .unwrap_or_else(|| panic!("{at}: no default move"));
    let (next, events) = step(g, seat, &default)
        .unwrap_or_else(|r| panic!("{at}: default {default:?} refused: {r}"));
    let before = holdings(g, seat);
    match default {
        LeAction::EndTurn => {
            // What the end of a turn brings by the rules may cost cards: the
            // Strike Phase, end-of-turn texts defeating cards, the Avatar
            // defeated (its cards leave with it).
            let struck = events.iter().any(|e| match &e.body {
                LeEvent::StrikeDrawn { seat: s, .. } | LeEvent::PlayerDefeated { seat: s } => {
                    *s == seat
                }
                LeEvent::Defeated { .. } => true,
                _ => false,
            });
            assert!(
                struck || holdings(&next, seat)[0] >= before[0],
                "{at}: ending the turn cost cards: {:?}",
                events.iter().map(|e| &e.body).collect::<Vec<_>>()
            )
        }
        LeAction::Choose { .. } => {
            let cheapest = g
                .legal_actions(seat)
                .into_iter()
                .filter(|a| matches!(a, LeAction::Choose { .. }))
                .filter_map(|a| step(g, seat, &a).ok())
                .map(|(n, _)| cost(before, holdings(&n, seat)))
                .min();
            assert_eq!(
                Some(cost(before, holdings(&next, seat))),
                cheapest,
                "{at}: {default:?} is not the cheapest answer"
            );
        }
        other => panic!("{at}: the default move {other:?} spends"),
    }
}

/// The command a player types for each kind of move (`None`: resigning,
/// always possible, which "You may" leaves out).
fn command(a: &LeAction) -> Option<&'static str> {
    Some(match a {
        LeAction::Play { .. } | LeAction::PlayCoordinated { .. } => "/play",
        LeAction::Activate { .. } => "/activate",
        LeAction::Sacrifice { .. } => "/sacrifice",
        LeAction::Vigilant { .. } => "/vigilant",
        LeAction::Scan { .. } => "/scan",
        LeAction::Recruit { .. }
        | LeAction::RecruitSpecialAgent
        | LeAction::RecruitOutside { .. } => "/recruit",
        LeAction::Fight { .. } => "/fight",
        LeAction::Discover { .. } => "/discover",
        LeAction::Collect { .. } => "/collect",
        LeAction::Coordinate { .. } | LeAction::SoloCoordinate { .. } => "/coordinate",
        LeAction::EndTurn => "/end",
        LeAction::Choose { .. } => "/choose",
        LeAction::Resign => return None,
    })
}

/// The seat's "You may" list offers exactly the kinds of move (commands)
/// its legal actions hold.
fn you_may_lists_the_legal_moves(g: &LeGame, seat: Seat, seed: u64) {
    let table = Table {
        game_id: 1,
        channel: "table".into(),
        seats: (0..g.players.len())
            .map(|i| (format!("p{i}"), format!("p{i}")))
            .collect(),
    };
    let legal = g.legal_actions(seat);
    let status = LeGame::status_for(&g.view(Viewer::Seat(seat)), &legal, &table);
    assert_eq!(
        you_may::offered(&status, "; "),
        you_may::allowed(&legal, command),
        "seed {seed}: seat {seat}'s \"You may\":\n{status}"
    );
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
