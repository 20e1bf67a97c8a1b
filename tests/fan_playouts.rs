//! Fan CCG random playouts: a bot picks among the actions the engine offers;
//! invariants are checked after every action (cards conserved, every accepted
//! action legal, scores equal the sum of round points, every game ends), and
//! for the seat due: its deadline's default move spends nothing the rules do
//! not force, and its "You may" list offers exactly the kinds of move the
//! engine allows (issue 42).

#[path = "support/record.rs"]
mod record;
#[path = "support/you_may.rs"]
mod you_may;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xfiles_bot::app::games::host::{GameUi, Host};
use xfiles_bot::app::{Address, Table};
use xfiles_bot::cards::fan::{Character, DeckLimit, FanIdx, FanType, LimitMark, fan_db};
use xfiles_bot::engine::fan::FanEvent;
use xfiles_bot::engine::fan::{FanAction, FanDeck, FanGame, FanOptions, Phase, Stalemate};
use xfiles_bot::engine::{Audience, Event, Game, Seat, Viewer, step};

/// A random legal deck: the three environment cards, 39-65 draw cards
/// within each card's limit, a small sideboard and a few cover cards.
pub fn random_deck(rng: &mut ChaCha8Rng) -> FanDeck {
    let db = fan_db();
    let env: Vec<FanIdx> = db
        .iter()
        .filter(|(_, c)| c.kind == FanType::Environment)
        .map(|(i, _)| i)
        .collect();
    let pool: Vec<(FanIdx, usize)> = db
        .iter()
        .filter(|(_, c)| c.kind.in_draw_deck())
        .map(|(i, c)| {
            let max = match c.deck_limit {
                Some(DeckLimit::Copies(n)) => usize::from(n),
                Some(DeckLimit::Mark(LimitMark::Unlimited)) => 6,
                _ => 1,
            };
            (i, max)
        })
        .collect();
    let target = rng.random_range(39..=55);
    let mut draw = Vec::new();
    let mut counts = vec![0usize; pool.len()];
    while draw.len() < target {
        let k = rng.random_range(0..pool.len());
        if counts[k] < pool[k].1 {
            counts[k] += 1;
            draw.push(pool[k].0);
        }
    }
    let sideboard: Vec<FanIdx> = (0..rng.random_range(0..5))
        .map(|_| pool[rng.random_range(0..pool.len())].0)
        .collect();
    FanDeck {
        name: "random".into(),
        environment: env,
        draw,
        sideboard,
        cover: rng.random_range(0..3),
    }
}

fn card_count(g: &FanGame, seat: Seat) -> usize {
    let p = &g.players[usize::from(seat)];
    p.deck.len()
        + p.hand.len()
        + p.discard.len()
        + p.sideboard.len()
        + p.environment_deck.len()
        + p.confidences.len()
        + g.round.cards.iter().filter(|c| c.by == seat).count()
        + g.environment.iter().filter(|(_, s)| *s == seat).count()
}

/// A plausible action, legal or not, to probe the engine's checks.
fn probe(rng: &mut ChaCha8Rng) -> FanAction {
    let db = fan_db();
    let card = FanIdx(rng.random_range(0..db.len() as u8));
    let choice = [None, Some(Character::Mulder), Some(Character::Scully)][rng.random_range(0..3)];
    match rng.random_range(0..6) {
        0 => FanAction::Play {
            card,
            covered: rng.random_bool(0.2),
            choice,
        },
        1 => FanAction::Pass,
        2 => FanAction::Reveal { card },
        3 => FanAction::SkipAction,
        4 => FanAction::Ready,
        _ => FanAction::ChooseFirst {
            first: rng.random_range(0..2),
        },
    }
}

fn check(g: &FanGame, initial: [usize; 2]) {
    for seat in 0..2u8 {
        assert_eq!(
            card_count(g, seat),
            initial[usize::from(seat)],
            "cards conserved for seat {seat}"
        );
    }
    for seat in 0..2usize {
        let from_rounds: i32 = g
            .rounds
            .iter()
            .filter(|r| usize::from(r.1) == seat)
            .map(|r| r.2)
            .sum();
        assert_eq!(
            g.scores[seat], from_rounds,
            "score is the sum of round points"
        );
        assert!(g.players[seat].hand.len() <= usize::from(g.options.hand_size) + 1);
    }
}

fn names(cards: impl IntoIterator<Item = FanIdx>) -> Vec<&'static str> {
    cards
        .into_iter()
        .map(|c| fan_db().get(c).name.as_str())
        .collect()
}

/// No channel message of this step names a card that is hidden now (in a
/// hand, or face down in the round) unless that card is public by the rules
/// (on the table, just played or turned face up, revealed as arms); no DM
/// names a card of the opponent's hand.
fn check_messages(
    before: &FanGame,
    after: &FanGame,
    action: &FanAction,
    events: &[Event<FanEvent>],
    seed: u64,
) {
    let table = Table {
        game_id: 1,
        channel: "table".into(),
        seats: vec![
            ("alice".into(), "alice".into()),
            ("bob".into(), "bob".into()),
        ],
    };
    let messages = Host::<FanGame>::messages(&before.to_act(), after, events, &table);
    record::every_public_event_has_a_line_naming_players(after, events, &messages, &table, seed);
    let channel: String = messages
        .iter()
        .filter(|m| matches!(m.to, Address::Channel(_)))
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let face_up = |g: &FanGame| {
        g.round
            .cards
            .iter()
            .filter(|p| !p.covered)
            .map(|p| p.card)
            .collect::<Vec<_>>()
    };
    let mut public: Vec<FanIdx> = after.environment.iter().map(|e| e.0).collect();
    public.extend(face_up(before));
    public.extend(face_up(after));
    let round_ended = after.rounds.len() > before.rounds.len();
    if round_ended {
        // Scoring turns every covered card face up, the one just played included.
        public.extend(before.round.cards.iter().map(|p| p.card));
        if let FanAction::Play { card, .. } = action {
            public.push(*card);
        }
    }
    match action {
        FanAction::Play {
            card,
            covered: false,
            ..
        }
        | FanAction::Reveal { card }
        | FanAction::Action { card, .. } => public.push(*card),
        _ => {}
    }
    for e in events {
        if let (Audience::All, FanEvent::Conflict { arms, .. }) = (&e.audience, &e.body) {
            public.extend(arms.iter().filter_map(|a| a.1));
        }
    }
    let public = names(public);
    let mut hidden: Vec<FanIdx> = after
        .players
        .iter()
        .flat_map(|p| p.hand.iter().copied())
        .collect();
    hidden.extend(
        after
            .round
            .cards
            .iter()
            .filter(|p| p.covered)
            .map(|p| p.card),
    );
    for name in names(hidden) {
        if !public.contains(&name) {
            assert!(
                !channel.contains(name),
                "seed {seed}: the channel names hidden card {name}:\n{channel}"
            );
        }
    }
    for m in &messages {
        if let Address::Dm(user) = &m.to {
            let seat = usize::from(user != "alice");
            for name in names(after.players[1 - seat].hand.clone()) {
                let p = &after.players[seat];
                let covered = after
                    .round
                    .cards
                    .iter()
                    .filter(|r| usize::from(r.by) == seat)
                    .map(|r| &r.card);
                let mut known = p
                    .hand
                    .iter()
                    .chain(&p.deck)
                    .chain(&p.discard)
                    .chain(&p.sideboard)
                    .chain(covered);
                let mine = known.any(|c| fan_db().get(*c).name == name);
                if !public.contains(&name) && !mine {
                    assert!(
                        !m.text.contains(name),
                        "seed {seed}: {user}'s DM names the opponent's card {name}:\n{}",
                        m.text
                    );
                }
            }
        }
    }
}

/// Plays one game to its end; returns the number of actions.
pub fn playout(seed: u64, options: FanOptions) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = vec![random_deck(&mut rng), random_deck(&mut rng)];
    let initial =
        [0, 1].map(|i| decks[i].environment.len() + decks[i].draw.len() + decks[i].sideboard.len());
    let (mut g, _) = FanGame::new(options, decks, rng.next_u64()).expect("legal decks");
    let mut actions = 0;
    while g.outcome().is_none() {
        assert!(actions < 20_000, "seed {seed}: the game does not end");
        let to_act = g.to_act();
        assert!(
            !to_act.is_empty(),
            "seed {seed}: nobody to act in {:?}",
            g.phase
        );
        let seat = to_act[rng.random_range(0..to_act.len())];
        // Probe with a random action: if accepted, it must be one the engine lists as legal.
        let p = probe(&mut rng);
        let listed = g.legal_actions(seat);
        if step(&g, seat, &p).is_ok() {
            assert!(
                listed.contains(&p) || listed.iter().any(|l| same_play(l, &p)),
                "seed {seed}: accepted an unlisted action {p:?}"
            );
        }
        let legal: Vec<FanAction> = listed
            .into_iter()
            .filter(|a| *a != FanAction::Resign)
            .collect();
        assert!(
            !legal.is_empty(),
            "seed {seed}: seat {seat} must act but has no legal action in {:?}",
            g.phase
        );
        let action = legal[rng.random_range(0..legal.len())].clone();
        let (next, events) = step(&g, seat, &action)
            .unwrap_or_else(|r| panic!("seed {seed}: listed action {action:?} refused: {r}"));
        check_messages(&g, &next, &action, &events, seed);
        g = next;
        actions += 1;
        check(&g, initial);
        for due in g.to_act() {
            default_spends_nothing(&g, due, seed);
            you_may_lists_the_legal_moves(&g, due, seed);
        }
    }
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(
        g.period, 3,
        "seed {seed}: a finished game played three periods"
    );
    actions
}

/// What a default move must not spend: the hand and the cover cards.
fn holdings(g: &FanGame, seat: Seat) -> [i64; 2] {
    let p = &g.players[usize::from(seat)];
    [p.hand.len() as i64, i64::from(p.cover)]
}

/// A deadline's default move passes, plays no Action card, swaps nothing,
/// is ready; it spends no card the rules do not force: "a player who can
/// play must play" (fan-sequence), so with no pass allowed it turns a
/// covered card up or plays one card face up (keeping its cover cards), and
/// a stalemate's two discards (fan-decisions).
fn default_spends_nothing(g: &FanGame, seat: Seat, seed: u64) {
    let at = format!("seed {seed}: seat {seat} in {:?}", g.phase);
    let default = g
        .default_action(seat)
        .unwrap_or_else(|| panic!("{at}: no default move"));
    let (next, _) = step(g, seat, &default)
        .unwrap_or_else(|r| panic!("{at}: default {default:?} refused: {r}"));
    let (before, after) = (holdings(g, seat), holdings(&next, seat));
    let legal = g.legal_actions(seat);
    match default {
        FanAction::Pass | FanAction::SkipAction | FanAction::Ready => {
            assert!(
                after[0] >= before[0] && after[1] >= before[1],
                "{at}: spent"
            )
        }
        FanAction::ChooseFirst { .. } | FanAction::Reveal { .. } => {
            assert_eq!(after, before, "{at}: {default:?} spent")
        }
        FanAction::Play { covered: false, .. } => {
            let must = !legal.contains(&FanAction::Pass)
                && !legal.iter().any(|a| matches!(a, FanAction::Reveal { .. }));
            assert!(must, "{at}: a play made where a pass or reveal was allowed");
            // A round it ends may bring new hands.
            let face_up = after[0] >= before[0] - 1 && after[1] >= before[1];
            assert!(face_up, "{at}: one card, face up: {before:?} -> {after:?}");
        }
        FanAction::Discard { ref cards } => {
            assert!(
                matches!(g.phase, Phase::Stalemate { .. }),
                "{at}: {default:?}"
            );
            // Then hands may be refilled or reshuffled (fan-decisions).
            let most = before[0] - cards.len() as i64;
            assert!(after[0] >= most && after[1] >= before[1], "{at}: discards");
        }
        other => panic!("{at}: the default move {other:?} spends"),
    }
}

/// The command a player types for each kind of move (`None`: resigning,
/// always possible, which "You may" leaves out).
fn command(a: &FanAction) -> Option<&'static str> {
    Some(match a {
        FanAction::ChooseFirst { .. } => "/first",
        FanAction::Play { .. } | FanAction::Action { .. } => "/play",
        FanAction::Reveal { .. } => "/reveal",
        FanAction::Pass | FanAction::SkipAction => "/pass",
        FanAction::Discard { .. } => "/discard",
        FanAction::Swap { .. } => "/swap",
        FanAction::Ready => "/ready",
        FanAction::Resign => return None,
    })
}

/// The seat's "You may" list offers exactly the kinds of move (commands)
/// its legal actions hold.
fn you_may_lists_the_legal_moves(g: &FanGame, seat: Seat, seed: u64) {
    let table = Table {
        game_id: 1,
        channel: "table".into(),
        seats: vec![
            ("alice".into(), "alice".into()),
            ("bob".into(), "bob".into()),
        ],
    };
    let legal = g.legal_actions(seat);
    let status = FanGame::status_for(&g.view(Viewer::Seat(seat)), &legal, &table);
    assert_eq!(
        you_may::offered(&status, "; "),
        you_may::allowed(&legal, command),
        "seed {seed}: seat {seat}'s \"You may\" in {:?}:\n{status}",
        g.phase
    );
}

fn same_play(a: &FanAction, b: &FanAction) -> bool {
    match (a, b) {
        (
            FanAction::Play {
                card: c1,
                covered: v1,
                ..
            },
            FanAction::Play {
                card: c2,
                covered: v2,
                ..
            },
        ) => c1 == c2 && v1 == v2,
        _ => false,
    }
}

#[test]
fn a_thousand_random_games_end_with_invariants_held() {
    let mut total = 0;
    for seed in 0..1000u64 {
        let options = if seed % 4 == 3 {
            FanOptions {
                stalemate: Stalemate::Reshuffle,
                hand_size: 9,
                ..FanOptions::default()
            }
        } else {
            FanOptions::default()
        };
        total += playout(seed, options);
    }
    assert!(total > 10_000, "{total} actions");
    eprintln!("{total} actions in 1,000 games");
}
