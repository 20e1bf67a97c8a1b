//! The AI players of the X-Files CCG and the fan CCG (issue 18): no move
//! refused over more than a thousand games, decisions that depend on the
//! seat's view only (hidden cards changed, the same move), the same game
//! for the same seed, games between AIs that end, and play that beats a
//! random mover.

#[path = "support/xf_random.rs"]
#[allow(dead_code)]
mod xf_random;

#[path = "support/ai_games.rs"]
mod ai_games;

use ai_games::{PAIRINGS, Player, play, play_fan};
use xfiles_bot::app::games::host::{GameUi, Host};
use xfiles_bot::app::{Driver, Table};
use xfiles_bot::cards::{self, CardIdx, CardType, Keyword, Pool};
use xfiles_bot::engine::ai::Ai;
use xfiles_bot::engine::ai::Level;
use xfiles_bot::engine::fan::{FanDeck, FanGame, FanOptions};
use xfiles_bot::engine::xfiles::{XfAction, XfGame};
use xfiles_bot::engine::{Game, GameRng, Seat, Viewer};

/// The seats of game `i` of a sweep: easy and normal against the random
/// mover and normal against easy; seats alternating.
fn seats(i: u64) -> [Player; 2] {
    let (a, b) = PAIRINGS
        .into_iter()
        .filter(|(a, b)| !is_hard(*a) && !is_hard(*b))
        .nth((i / 2) as usize % 3)
        .expect("three pairings without hard");
    if i.is_multiple_of(2) { [a, b] } else { [b, a] }
}

fn is_hard(p: Player) -> bool {
    matches!(p, Player::Ai(Level::Hard))
}

/// The seats of a game of the hard AI's sweep: against the random mover,
/// normal and itself. Hard searches (each of its choices played out in
/// imagined deals), so a game of it costs a thousand of the others.
fn hard_seats(i: u64) -> [Player; 2] {
    let others = [
        Player::Random,
        Player::Ai(Level::Normal),
        Player::Ai(Level::Hard),
    ];
    let other = others[(i / 2) as usize % others.len()];
    let hard = Player::Ai(Level::Hard);
    if i.is_multiple_of(2) {
        [hard, other]
    } else {
        [other, hard]
    }
}

/// The sum of `half(0)` and `half(1)`, run on two threads.
fn on_two_threads(half: impl Fn(u64) -> usize + Sync) -> usize {
    let half = &half;
    std::thread::scope(|s| {
        let halves: Vec<_> = (0..2u64).map(|h| s.spawn(move || half(h))).collect();
        halves
            .into_iter()
            .map(|h| h.join().expect("no refusal"))
            .sum()
    })
}

/// 800 X-Files CCG games, 200 fan CCG games and 8 X-Files CCG and 4 fan
/// CCG games of the hard AI (against the random mover, normal and itself;
/// `the_hard_ai_beats_normal_more_often_than_not` plays 48 more against
/// normal), on two threads: every AI move is applied through the engine's
/// checks (`play` panics on a refusal) and comes with its reason. (`cargo
/// bench --bench ai` plays more.)
#[test]
fn no_ai_move_is_refused_over_a_thousand_games() {
    let moves = on_two_threads(|half| {
        let xf: usize = (half * 400..(half + 1) * 400)
            .map(|i| play(50_000 + i, seats(i)).log.len())
            .sum();
        let fan: usize = (half * 100..(half + 1) * 100)
            .map(|i| play_fan(60_000 + i, seats(i)).log.len())
            .sum();
        let hard: usize = (half * 4..(half + 1) * 4)
            .map(|i| play(70_000 + i, hard_seats(i)).log.len())
            .sum();
        let fan_hard: usize = (half * 2..(half + 1) * 2)
            .map(|i| play_fan(80_000 + i, hard_seats(i)).log.len())
            .sum();
        xf + fan + hard + fan_hard
    });
    eprintln!("{moves} moves played");
    assert!(moves > 80_000, "{moves} moves played");
}

/// Games between AIs that each wait to be sure still finish: when no
/// question can tell the X-Files left apart, they guess.
#[test]
fn games_between_ais_end_with_one_winner() {
    for seed in 0..6 {
        let seats = match seed % 3 {
            0 => [Player::Ai(Level::Easy), Player::Ai(Level::Normal)],
            1 => [Player::Ai(Level::Normal), Player::Ai(Level::Hard)],
            _ => [Player::Ai(Level::Easy), Player::Ai(Level::Easy)],
        };
        assert_eq!(play(200 + seed, seats).winners.len(), 1, "seed {seed}");
        assert!(
            play_fan(200 + seed, seats).winners.len() <= 1,
            "seed {seed}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let seats = [Player::Ai(Level::Normal), Player::Ai(Level::Hard)];
    let (a, b) = (play(3, seats), play(3, seats));
    assert_eq!((a.winners, a.log), (b.winners, b.log));
    let (a, b) = (play_fan(3, seats), play_fan(3, seats));
    assert_eq!((a.winners, a.log), (b.winners, b.log));
}

fn wins(games: u64, level: Level, run: impl Fn(u64, [Player; 2]) -> Vec<Seat>) -> usize {
    (0..games)
        .filter(|seed| {
            let ai = (seed % 2) as Seat;
            let mut seats = [Player::Random, Player::Random];
            seats[usize::from(ai)] = Player::Ai(level);
            run(100 + seed, seats) == [ai]
        })
        .count()
}

/// The hard AI's search starts from normal's move and changes it only for
/// one that did clearly better in its imagined deals: it wins more often
/// than not against normal (more than half of these 32 X-Files CCG games
/// and 16 fan CCG games). Its edge is measured by `cargo bench --bench ai`
/// over 500 games.
#[test]
fn the_hard_ai_beats_normal_more_often_than_not() {
    let hard_won = |seed: u64, run: &dyn Fn(u64, [Player; 2]) -> Vec<Seat>| {
        let hard = (seed % 2) as Seat;
        let mut seats = [Player::Ai(Level::Normal); 2];
        seats[usize::from(hard)] = Player::Ai(Level::Hard);
        run(300 + seed, seats) == [hard]
    };
    let won = on_two_threads(|half| {
        (half * 16..(half + 1) * 16)
            .filter(|seed| hard_won(*seed, &|s, p| play(s, p).winners))
            .count()
    });
    assert!(won > 16, "X-Files CCG: the hard AI won {won} of 32");
    let won = on_two_threads(|half| {
        (half * 8..(half + 1) * 8)
            .filter(|seed| hard_won(*seed, &|s, p| play_fan(s, p).winners))
            .count()
    });
    assert!(won > 8, "fan CCG: the hard AI won {won} of 16");
}

#[test]
fn the_normal_ai_beats_a_random_mover_most_of_the_time() {
    let won = wins(16, Level::Normal, |s, p| play(s, p).winners);
    assert!(won >= 12, "X-Files CCG: the AI won {won} of 16");
    let won = wins(16, Level::Normal, |s, p| play_fan(s, p).winners);
    assert!(won >= 10, "fan CCG: the AI won {won} of 16");
}

/// The normal AI bluffs with cards it can spare. Any card may go face
/// down as a Bluff, but one without the Keyword BLUFF is discarded when
/// revealed (Advanced Rules p. 25); how many and which is xfiles-bot's
/// choice (`engine/xfiles/ai.rs`, `bluff`): one of its cards face down at
/// a time; a real Bluff its CP pays for (1 CP less, p. 25), else never an
/// Adversary or an Event or Combat card its pools pay for, and a fake only
/// from a hand of five or more. Checked at every Bluff of six seeded games
/// between two normal AIs, ten turns each.
#[test]
fn the_normal_ai_bluffs_only_with_cards_it_can_spare_p25() {
    use rand::{RngExt, SeedableRng};
    let mut placed = 0;
    for seed in 0..6u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(900 + seed);
        let decks = (0..2).map(|_| xf_random::random_deck(&mut rng)).collect();
        let (mut g, _) = XfGame::new(Default::default(), decks, rng.random()).unwrap();
        let mut ai_rng = GameRng::seeded(seed);
        while g.outcome().is_none() && g.turn <= 10 {
            let seat = g.to_act()[0];
            let legal = g.legal_actions(seat);
            let d = XfGame::decide(&Ai::ai_view(&g, seat), &legal, Level::Normal, &mut ai_rng);
            if let XfAction::PlaceBluff { card, .. } = d.action {
                assert_spare(&g, seat, card, seed);
                placed += 1;
            }
            g.apply(seat, &d.action).unwrap();
            for s in 0..2 {
                let down = face_down(&g, s);
                assert!(
                    down <= 1,
                    "seed {seed} turn {}: seat {s} has {down} Bluffs face down",
                    g.turn
                );
            }
        }
    }
    assert!(placed > 0, "the AI still bluffs");
}

/// The cards `seat` has face down as Bluffs.
fn face_down(g: &XfGame, seat: Seat) -> usize {
    g.sites
        .iter()
        .flat_map(|s| &s.bluffs)
        .filter(|b| b.owner == seat)
        .count()
}

/// `card`, about to go face down as `seat`'s Bluff, is one it can spare.
fn assert_spare(g: &XfGame, seat: Seat, card: CardIdx, seed: u64) {
    let c = cards::db().get(card);
    let p = &g.players[usize::from(seat)];
    let due = |less: u32| {
        c.cost
            .map_or(0, |k| k.amount.with_x(1).saturating_sub(less))
    };
    let real = c.kind == CardType::Bluff || c.has_keyword(Keyword::Bluff);
    if real && due(1) <= p.cp {
        return;
    }
    let pool = match c.cost.map(|k| k.pool) {
        Some(Pool::Rp) => p.rp,
        Some(Pool::Cp) => p.cp,
        _ => p.rp.max(p.cp),
    };
    let what = format!(
        "seed {seed} turn {}: {} ({}, {} RP {} CP, {} in hand)",
        g.turn,
        c.title,
        c.kind,
        p.rp,
        p.cp,
        p.hand.len()
    );
    assert_ne!(c.kind, CardType::Adversary, "{what}");
    assert_ne!(c.kind, CardType::Site, "{what}");
    let playable = matches!(c.kind, CardType::Event | CardType::Combat) && due(0) <= pool;
    assert!(!playable, "an Event or Combat card it could play: {what}");
    assert!(p.hand.len() > 4, "a fake Bluff from a short hand: {what}");
}

/// The app's entry point builds the seat's view itself: two games that
/// differ only in what the AI's seat may not see (the opponent's hand,
/// deck order and X-File) get the same AI move, at normal and at hard
/// (whose search plays out games sampled from the seat's table).
#[test]
fn the_ai_moves_alike_whatever_the_cards_it_cannot_see() {
    let game = play(77, [Player::Ai(Level::Normal), Player::Random]);
    assert_moves_alike(xf_start(77), &game.log, |g, n| {
        with_hidden_cards_changed(g, 1, n)
    });
}

/// The same for the fan CCG: the opponent's hand, deck order and
/// face-down discards changed, the same move at normal and at hard.
#[test]
fn the_fan_ai_moves_alike_whatever_the_cards_it_cannot_see() {
    let game = play_fan(78, [Player::Ai(Level::Normal), Player::Random]);
    assert_moves_alike(fan_start(78), &game.log, |g, n| {
        with_fan_hidden_cards_changed(g, 1, n)
    });
}

/// Replays `log` from `start`; at every third move of the AI's seat (the
/// first), checks that the AI's move through the app (normal and hard) is
/// the same in the game and in `changed(game, n)`, whose view must be the
/// same; over 20 positions, at least one of which hard searched.
fn assert_moves_alike<G: GameUi + Clone>(
    start: G,
    log: &[(Seat, G::Action)],
    changed: impl Fn(&G, u64) -> G,
) {
    let host = Host::<G>::new();
    let table = Table {
        game_id: 1,
        channel: "table".into(),
        seats: vec![
            ("ai:normal:1".into(), "AI".into()),
            ("p".into(), "P".into()),
        ],
    };
    let mut replayed = start;
    let (mut compared, mut searched) = (0, 0);
    for (n, (seat, action)) in log.iter().enumerate() {
        if *seat == 0 && n % 3 == 0 {
            let other = changed(&replayed, n as u64);
            assert_eq!(
                serde_json::to_value(replayed.view(Viewer::Seat(0))).unwrap(),
                serde_json::to_value(other.view(Viewer::Seat(0))).unwrap(),
                "move {n}: only hidden cards changed"
            );
            let moved = |g: &G, level| {
                let state = serde_json::to_string(g).unwrap();
                let m = host.ai_move(&table, &state, 0, level, n as u64).unwrap();
                (m.transition.action, m.why)
            };
            for level in [Level::Normal, Level::Hard] {
                let (a, b) = (moved(&replayed, level), moved(&other, level));
                assert_eq!(a, b, "move {n} at {level:?}");
                searched += usize::from(a.1.contains("imagined deals"));
            }
            compared += 1;
        }
        replayed.apply(*seat, action).unwrap();
    }
    assert!(compared > 20, "{compared} positions compared");
    assert!(searched > 0, "no position where hard searched");
}

/// The fan CCG game `ai_games::play_fan` starts for `seed`.
fn fan_start(seed: u64) -> FanGame {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let options = FanOptions::default();
    let decks = (0..2)
        .map(|i| FanDeck::house(&options, seed * 2 + i))
        .collect();
    FanGame::new(options, decks, rng.random()).unwrap().0
}

/// `g` with `seat`'s hidden cards changed: its hand and face-down
/// discards exchanged with cards of its deck, its deck reshuffled.
fn with_fan_hidden_cards_changed(g: &FanGame, seat: usize, seed: u64) -> FanGame {
    let mut other = g.clone();
    let p = &mut other.players[seat];
    let n = p.hand.len().min(p.deck.len());
    p.hand[..n].swap_with_slice(&mut p.deck[..n]);
    let (n, last) = (p.discard.len().min(p.deck.len()), p.deck.len());
    for i in 0..n {
        std::mem::swap(&mut p.discard[i], &mut p.deck[last - 1 - i]);
    }
    GameRng::seeded(seed).shuffle(&mut p.deck);
    other
}

/// The X-Files CCG game `ai_games::play` starts for `seed`.
fn xf_start(seed: u64) -> XfGame {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let decks = (0..2).map(|_| xf_random::random_deck(&mut rng)).collect();
    XfGame::new(Default::default(), decks, rng.random())
        .unwrap()
        .0
}

/// `g` with `seat`'s hidden cards changed: its hand exchanged with cards
/// of its deck, its deck reshuffled, and another of its X-Files chosen.
fn with_hidden_cards_changed(g: &XfGame, seat: usize, seed: u64) -> XfGame {
    let mut other = g.clone();
    let p = &mut other.players[seat];
    let n = p.hand.len().min(p.deck.len());
    p.hand[..n].swap_with_slice(&mut p.deck[..n]);
    GameRng::seeded(seed).shuffle(&mut p.deck);
    if let Some(x) = p.xfile
        && let Some(y) = p.candidates.iter().find(|c| **c != x)
    {
        p.xfile = Some(*y);
    }
    other
}
