//! X-Files CCG random playouts: bots pick among the actions the engine
//! offers, in 2-, 3- and 4-player games; invariants are checked after every
//! action (no card created or lost, no Agent in two places, hands within the
//! limit after each Debriefing, the game ends), and every channel message is
//! checked for hidden cards. After each action the seats due are checked
//! too: their deadline's default move spends nothing of theirs, their "You
//! may" list offers exactly the kinds of move the engine allows, and no card
//! is played in the Debriefing Phase (issue 42). Failing seeds are printed.

#[path = "support/record.rs"]
mod record;
#[path = "support/xf_random.rs"]
mod xf_random;
#[path = "support/you_may.rs"]
mod you_may;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xf_random::{bot_move_among, random_deck_with};
use xfiles_bot::app::games::host::{GameUi, Host};
use xfiles_bot::app::games::xfiles::answer_known;
use xfiles_bot::app::{Address, Table};
use xfiles_bot::cards::{self, CardIdx};
use xfiles_bot::decks::StoredDeck;
use xfiles_bot::engine::xfiles::effects::ast::Modifier;
use xfiles_bot::engine::xfiles::effects::{state::Val, verbs};
use xfiles_bot::engine::xfiles::{
    BasicRules, Chooser, Phase, XfAction, XfEvent, XfGame, XfOptions,
};
use xfiles_bot::engine::{Audience, Event, Game, Seat, Viewer, replay, step};

/// Every card a seat owns, wherever it is: piles, hand, Agents (borrowed
/// ones count for their owner), cards in play and under them, Sites and
/// Bluffs, the stack, effects resolving, combat foes, stolen cards.
fn owned(g: &XfGame, seat: Seat) -> usize {
    let p = g.player(seat);
    let mut n =
        p.deck.len() + p.hand.len() + p.discard.len() + p.removed.len() + p.candidates.len();
    for (s, pl) in g.players.iter().enumerate() {
        n += pl
            .agents
            .iter()
            .filter(|a| a.borrowed_from.unwrap_or(s as Seat) == seat)
            .count();
    }
    for x in &g.perms {
        n += usize::from(x.owner == seat);
        // Cards under it are its owner's, or the player's they were taken
        // from (Surfing The Net).
        let under_owner = match x.data.get(verbs::UNDER_OWNER) {
            Some(Val::Seat(s)) => *s,
            _ => x.owner,
        };
        if under_owner == seat {
            n += x.under.len();
        }
    }
    for s in &g.sites {
        n += usize::from(s.owner == seat) + s.bluffs.iter().filter(|b| b.owner == seat).count();
    }
    // An Agent attacking as an Adversary is counted where he stands.
    for it in g.stack.iter().filter(|it| it.player == seat) {
        n += it.discards().len();
    }
    for r in &g.resolving {
        // A card whose effect is still running counts here unless it is
        // already elsewhere (fighting, or a Witness in play as it resolves).
        if let Some(it) = &r.played
            && it.player == seat
            && !r.vars.flag("gone")
            && !r.vars.flag("in-play")
        {
            n += it.discards().len();
        }
        // Cards it takes under itself, kept until it enters play.
        let kept = |name: &str| r.vars.get(&format!("{}{name}", verbs::KEPT));
        let under_owner = match (kept(verbs::UNDER_OWNER), &r.played) {
            (Some(Val::Seat(s)), _) => Some(*s),
            (_, Some(it)) => Some(it.player),
            _ => None,
        };
        if let (Some(Val::Cards(c)), Some(o)) = (kept(verbs::UNDER), under_owner)
            && o == seat
        {
            n += c.len();
        }
    }
    if let Some(c) = g.combat() {
        n += c
            .foes
            .iter()
            .filter(|f| f.owner == seat && f.agent.is_none() && !f.moved)
            .count();
    }
    for (holder, _, owner) in &g.stolen {
        if *owner == seat {
            n += 1;
        }
        if *holder == seat {
            n -= 1;
        }
    }
    n
}

fn check(g: &XfGame, initial: &[usize], events: &[Event<XfEvent>], seed: u64, action: &str) {
    for (seat, n) in initial.iter().enumerate() {
        assert_eq!(
            owned(g, seat as Seat),
            *n,
            "seed {seed}: seat {seat} gained or lost cards after {action} in {}: {:?}",
            g.phase_name(),
            events
                .iter()
                .map(|e| format!("{:?}", e.body))
                .collect::<Vec<_>>()
        );
    }
    for p in &g.players {
        let mut agents: Vec<&str> = p
            .agents
            .iter()
            .map(|a| cards::db().get(a.card).title.as_str())
            .collect();
        agents.sort();
        let before = agents.len();
        agents.dedup();
        assert_eq!(
            agents.len(),
            before,
            "seed {seed}: an Agent is in play twice"
        );
        for a in &p.agents {
            assert!(a.damage <= 20, "seed {seed}: damage beyond HEALTH");
            assert!(
                !p.hand.contains(&a.card) || p.hand.iter().filter(|c| **c == a.card).count() <= 2
            );
        }
    }
    if events
        .iter()
        .any(|e| matches!(e.body, XfEvent::TurnStarted { .. }))
    {
        // A turn cut short has no Debriefing, so no one trims (Unexplainable Time Loss).
        let cut = events
            .iter()
            .any(|e| matches!(e.body, XfEvent::TurnCut { .. }));
        for (i, p) in g.players.iter().enumerate().filter(|_| !cut) {
            if g.basic().is_some() {
                // Every player refilled to ten (FAQ21 #54(h)).
                assert!(
                    p.out || p.hand.len() >= 10 || p.deck.is_empty() && p.discard.is_empty(),
                    "seed {seed}: seat {i} holds {} cards after the Briefing",
                    p.hand.len()
                );
                continue;
            }
            // The active player's free draw comes after the start; others were
            // trimmed, to a limit a card may raise in its player's own
            // Debriefing (Improved Channels, FAQ21 #43a).
            let raised = g
                .in_force()
                .iter()
                .filter(|f| usize::from(f.src.controller) == i)
                .filter_map(|f| match f.modifier {
                    Modifier::HandLimit { limit, .. } => Some(usize::from(*limit)),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            assert!(
                p.hand.len() <= usize::from(g.options.hand_limit).max(raised),
                "seed {seed}: seat {i} kept {} cards",
                p.hand.len()
            );
        }
    }
    if g.basic().is_some() {
        basic_invariants(g, seed, action);
    }
}

/// What the Basic Game never allows: a fourth card a turn, a second Site,
/// combat, face-down Bluffs, pools, or a card it sets aside in play.
fn basic_invariants(g: &XfGame, seed: u64, action: &str) {
    let at = format!("seed {seed} (Basic), after {action} in {}", g.phase_name());
    assert!(
        g.basic_plays.iter().all(|n| *n <= 3),
        "{at}: over three cards"
    );
    assert!(g.sites_this_turn.len() <= 1, "{at}: two Sites in a turn");
    assert!(g.combat().is_none(), "{at}: a combat");
    assert!(
        g.sites.iter().all(|s| s.bluffs.is_empty()),
        "{at}: a face-down Bluff"
    );
    for p in &g.players {
        assert_eq!((p.rp, p.cp), (0, 0), "{at}: a pool");
        for c in p.deck.iter().chain(&p.hand).chain(&p.discard) {
            let card = cards::db().get(*c);
            assert!(
                card.is_basic_legal() && card.kind != cards::CardType::Agent,
                "{at}: {} is in play",
                card.title
            );
        }
    }
}

/// Every channel message names only cards that are public.
fn check_channel(before: &XfGame, after: &XfGame, events: &[Event<XfEvent>], seed: u64) {
    let n = after.players.len();
    let table = Table {
        game_id: 1,
        channel: "table".into(),
        seats: (0..n).map(|i| (format!("p{i}"), format!("p{i}"))).collect(),
    };
    let messages = Host::<XfGame>::messages(&before.to_act(), after, events, &table);
    record::every_public_event_has_a_line_naming_players(after, events, &messages, &table, seed);
    let channel: String = messages
        .iter()
        .filter(|m| matches!(m.to, Address::Channel(_)))
        .map(|m| m.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    let db = cards::db();
    let mut hidden: Vec<CardIdx> = Vec::new();
    for p in &after.players {
        hidden.extend(&p.hand);
        if after.phase != Phase::Over {
            hidden.extend(p.xfile);
        }
    }
    for s in &after.sites {
        hidden.extend(s.bluffs.iter().map(|b| b.card));
    }
    // Most messages name no hidden card at all: only those that seem to are
    // examined closely (the close look is what costs).
    hidden.retain(|c| {
        let name = db.get(*c).title.as_str();
        name.len() > 3 && channel.contains(name)
    });
    if hidden.is_empty() {
        return;
    }
    // Cards made public by this step: played, revealed, sold, discarded, on the table.
    let mut public: Vec<CardIdx> = Vec::new();
    for e in events.iter().filter(|e| e.audience == Audience::All) {
        match &e.body {
            XfEvent::Played { card, .. }
            | XfEvent::BluffRevealed { card, .. }
            | XfEvent::SitePlayed { card, .. }
            | XfEvent::Equipped { card, .. }
            | XfEvent::InPlay { card, .. }
            | XfEvent::LeftPlay { card }
            | XfEvent::Used { card, .. } => public.push(*card),
            XfEvent::Sold { cards, .. }
            | XfEvent::Discarded { cards, .. }
            | XfEvent::Milled { cards, .. }
            | XfEvent::Shown { cards, .. } => public.extend(cards),
            XfEvent::AgentBought { agent } | XfEvent::AgentBack { agent, .. } => {
                public.push(agent.card)
            }
            XfEvent::Guessed { xfile, .. } => public.push(*xfile),
            _ => {}
        }
    }
    for g in [before, after] {
        // Cards played face up from a hand (Circuit Board Implant).
        for s in 0..g.players.len() {
            public.extend(g.face_up_hand(s as Seat));
        }
        for p in &g.players {
            public.extend(p.agents.iter().map(|a| a.card));
            public.extend(&p.discard);
            public.extend(&p.removed);
            public.extend(&p.face_up);
        }
        public.extend(g.perms.iter().map(|x| x.card));
        public.extend(g.sites.iter().map(|s| s.card));
        public.extend(g.stack.iter().map(|p| p.card));
        public.extend(
            g.resolving
                .iter()
                .filter_map(|r| r.played.as_ref().map(|p| p.card)),
        );
        if let Some(c) = g.combat() {
            public.extend(c.foes.iter().map(|f| f.card));
        }
    }
    // A public card's printed text may name other cards: it is public too.
    let mut channel = channel;
    for c in &public {
        if let Some(text) = db
            .get(*c)
            .text
            .as_deref()
            .or(db.get(*c).game_effect.as_deref())
        {
            channel = channel.replace(text, "#");
        }
    }
    let public: Vec<&str> = public.iter().map(|c| db.get(*c).title.as_str()).collect();
    // Blank out public names (longest first) so a hidden card whose name is
    // part of a public one ("Carl Wade" in "Carl Wade's Cabin") is not mistaken.
    let mut rest = channel.clone();
    let mut longest = public.clone();
    // Characteristic values appear in questions; a card may share the name ("Abduction").
    longest.extend(cards::Trait::ALL.iter().map(|t| t.as_str()));
    longest.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in longest {
        rest = rest.replace(name, "#");
    }
    for c in hidden {
        let name = db.get(c).title.as_str();
        if name.len() > 3 && !public.contains(&name) {
            assert!(
                !rest.contains(name),
                "seed {seed}: the channel names hidden card {name}:\n{channel}"
            );
        }
    }
}

/// X-File Powers used across the run (to show the playouts exercise them).
static POWERS_USED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

pub fn playout(seed: u64, players: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Half the games use the X-File Powers, a third the Killer cards (pp. 42-45).
    let options = XfOptions {
        powers: seed % 2 == 1,
        killer: seed.is_multiple_of(3),
        ..XfOptions::default()
    };
    let decks: Vec<StoredDeck> = (0..players)
        .map(|_| random_deck_with(&mut rng, options.killer))
        .collect();
    play(seed, rng, options, decks)
}

/// A Basic Game between random starter decks, with each of the Basic
/// Game's options in turn.
pub fn basic_playout(seed: u64, players: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let basic = BasicRules {
        opening_hand: [10, 10, 7][(seed % 3) as usize],
        hospital_turns: (seed % 3) as u8,
        wounded_by: if seed.is_multiple_of(2) {
            Chooser::Conspiracy
        } else {
            Chooser::Investigator
        },
        equipment_counts: seed % 4 == 1,
    };
    let options = XfOptions {
        killer: seed % 7 == 3,
        basic: Some(basic),
        ..XfOptions::default()
    };
    let starters = xfiles_bot::decks::starters();
    let decks: Vec<StoredDeck> = (0..players)
        .map(|_| {
            let s = &starters[rng.random_range(0..starters.len())];
            s.deck(rng.next_u64()).to_stored()
        })
        .collect();
    play(seed, rng, options, decks)
}

fn play(seed: u64, mut rng: ChaCha8Rng, options: XfOptions, decks: Vec<StoredDeck>) -> usize {
    let players = decks.len();
    let setups = decks.clone();
    let g_seed = rng.next_u64();
    let (mut g, _) = XfGame::new(options, decks, g_seed).expect("legal decks");
    let initial: Vec<usize> = (0..players).map(|s| owned(&g, s as Seat)).collect();
    let (options, game_seed) = (g.options.clone(), g_seed);
    let mut log: Vec<(Seat, XfAction)> = Vec::new();
    // The due seats' legal actions at `g`, listed once for the checks and the move.
    let mut listed: Vec<(Seat, Vec<XfAction>)> = Vec::new();
    while g.outcome().is_none() {
        assert!(
            log.len() < 20_000,
            "seed {seed}: the game does not end (turn {}, {})",
            g.turn,
            g.phase_name()
        );
        every_choice_has_an_answer(&g, seed);
        if log.len().is_multiple_of(8) {
            every_listed_play_is_accepted(&g, seed);
            every_accepted_move_is_offered(&g, seed);
        }
        let legal_of = |seat: Seat| match listed.iter().find(|(s, _)| *s == seat) {
            Some((_, legal)) => legal.clone(),
            None => g.legal_actions(seat),
        };
        let (seat, action) =
            bot_move_among(&g, &mut rng, legal_of).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let (next, events) = step(&g, seat, &action)
            .unwrap_or_else(|r| panic!("seed {seed}: listed {action:?} refused: {r}"));
        if std::env::var("XF_DEBUG").is_ok() {
            let bodies: Vec<_> = events.iter().map(|e| &e.body).collect();
            eprintln!("{seat}: {action:?} -> {bodies:?}");
        }
        check(
            &next,
            &initial,
            &events,
            seed,
            &format!("seat {seat}: {action:?}"),
        );
        check_channel(&g, &next, &events, seed);
        listed = next
            .to_act()
            .into_iter()
            .map(|due| (due, next.legal_actions(due)))
            .collect();
        for (due, legal) in &listed {
            default_spends_nothing(&next, *due, legal, seed);
            you_may_lists_the_legal_moves(&next, *due, legal, seed);
        }
        no_card_is_played_in_the_debriefing(&next, seed);
        POWERS_USED.fetch_add(
            events
                .iter()
                .filter(|e| matches!(e.body, XfEvent::PowerUsed { .. }))
                .count(),
            std::sync::atomic::Ordering::Relaxed,
        );
        g = next;
        log.push((seat, action));
    }
    replayed_equals_played(&g, options, setups, game_seed, &log, seed);
    log.len()
}

/// "You may" lists exactly the legal moves: each card it offers to play is
/// accepted (sampled every few actions: plays are checked without a copy).
fn every_listed_play_is_accepted(g: &XfGame, seed: u64) {
    for seat in 0..g.players.len() as Seat {
        for a in g.legal_actions(seat) {
            if matches!(a, XfAction::Play { .. })
                && let Err(r) = step(g, seat, &a)
            {
                panic!(
                    "seed {seed}: seat {seat} is offered {a:?} in {} but it is refused: {r}",
                    g.phase_name()
                );
            }
        }
    }
}

/// What a deadline's default move must not spend: the hand (without the
/// opponents' cards it holds only for the turn) and the pools.
fn holdings(g: &XfGame, seat: Seat) -> [i64; 3] {
    let p = g.player(seat);
    let borrowed = g
        .stolen
        .iter()
        .filter(|(holder, ..)| *holder == seat)
        .count();
    let hand = p.hand.len().saturating_sub(borrowed);
    [hand as i64, i64::from(p.rp), i64::from(p.cp)]
}

fn cost(before: [i64; 3], after: [i64; 3]) -> i64 {
    before.iter().zip(after).map(|(b, a)| (b - a).max(0)).sum()
}

/// Moves that spend the seat's cards or points: never a default move.
fn spends(a: &XfAction) -> bool {
    use XfAction as A;
    match a {
        A::Pass | A::Done => false,
        A::ChooseXFile { .. } | A::Choose { .. } | A::AssignDamage { .. } | A::Discard { .. } => {
            false
        }
        A::Brief { to_conspiracy, .. } => !to_conspiracy.is_empty(),
        A::Buy { count } => *count > 0,
        A::Trade { sell, buy } => !sell.is_empty() || *buy > 0,
        A::PayBluff { pay, .. } => *pay,
        _ => true,
    }
}

/// A deadline's default move passes, buys nothing, ends a step (issue 42):
/// it exists unless the seat earned something it must use or decline, it
/// plays, uses, buys or sells nothing, and the hand and pools do not drop
/// except by what the rules force: the discard down to the hand limit
/// (p. 38), a forced answer (the cheapest of those legal), RP that had to
/// buy cards and is lost when none is bought (`LostRp`).
fn default_spends_nothing(g: &XfGame, seat: Seat, legal: &[XfAction], seed: u64) {
    let at = format!("seed {seed}: seat {seat} in {}", g.phase_name());
    // `Game::default_action`, from the legal actions listed once.
    let Some(default) = g.default_among(seat, legal.to_vec()) else {
        assert!(g.earned_at_site(seat).is_some(), "{at}: no default move");
        return;
    };
    assert!(
        !spends(&default),
        "{at}: the default move {default:?} spends"
    );
    let (next, events) = step(g, seat, &default)
        .unwrap_or_else(|r| panic!("{at}: default {default:?} refused: {r}"));
    let (before, after) = (holdings(g, seat), holdings(&next, seat));
    let spent = cost(before, after);
    if spent == 0 {
        return;
    }
    let lost_rp: i64 = events
        .iter()
        .map(|e| match e.body {
            XfEvent::LostRp { seat: s, amount } if s == seat => i64::from(amount),
            _ => 0,
        })
        .sum();
    let forced_answer = matches!(
        default,
        XfAction::Choose { .. } | XfAction::AssignDamage { .. } | XfAction::ChooseXFile { .. }
    );
    // A forced answer is weighed with the Agents too: none is given up
    // where an answer costs less.
    let with_agents = |g: &XfGame| {
        let [hand, rp, cp] = holdings(g, seat);
        [hand, rp, cp, g.player(seat).agents.len() as i64]
    };
    let answer_cost = |n: &XfGame| {
        let b = with_agents(g);
        b.iter()
            .zip(with_agents(n))
            .map(|(b, a)| (b - a).max(0))
            .sum::<i64>()
    };
    let cheapest = || {
        legal
            .iter()
            .filter(|a| std::mem::discriminant(*a) == std::mem::discriminant(&default))
            .filter_map(|a| step(g, seat, a).ok())
            .map(|(n, _)| answer_cost(&n))
            .min()
            .unwrap_or(0)
    };
    match &default {
        XfAction::Discard { cards } if g.phase == Phase::Debriefing => {
            let over = g.player(seat).hand.len() - g.hand_limit(seat);
            assert_eq!(cards.len(), over, "{at}: discards only down to the limit");
            // (Less when a discard is an opponent's card held for the turn.)
            assert!(
                spent <= over as i64,
                "{at}: nothing else spent: {before:?} -> {after:?}: {:?}",
                events.iter().map(|e| &e.body).collect::<Vec<_>>()
            );
        }
        XfAction::Buy { count: 0 } => {
            assert_eq!(spent, lost_rp, "{at}: only RP that had to buy is lost");
        }
        _ if forced_answer => {
            let paid = answer_cost(&next);
            assert_eq!(
                paid,
                cheapest(),
                "{at}: {default:?} is not the cheapest answer"
            );
        }
        // Passing lets the card played before resolve, whatever it costs, and
        // sends a card taken to be played at once back to the Discard Pile
        // (Violence: "play it immediately").
        XfAction::Pass | XfAction::Done
            if a_card_resolves(g, &next) || lapsed(g, seat, &events) => {}
        _ => panic!(
            "{at}: the default {default:?} spent {before:?} -> {after:?}: {:?}\nhand {:?} -> {:?}\nstack {:?}\nresolving {:?}",
            events.iter().map(|e| &e.body).collect::<Vec<_>>(),
            g.player(seat).hand,
            next.player(seat).hand,
            g.stack,
            g.resolving
        ),
    }
}

/// Whether the card on top of the stack (played before) left it: it
/// resolves, or began to and waits on a choice.
fn a_card_resolves(g: &XfGame, next: &XfGame) -> bool {
    g.stack
        .last()
        .is_some_and(|top| next.stack.iter().all(|p| p.id != top.id))
}

/// Whether the seat's discards in these events are cards it had to play at
/// once and passed on instead.
fn lapsed(g: &XfGame, seat: Seat, events: &[Event<XfEvent>]) -> bool {
    let at_once: Vec<CardIdx> = g
        .lasting
        .iter()
        .filter(|l| l.controller == seat)
        .filter_map(|l| match l.modifier {
            Modifier::FreePlay {
                card, now: true, ..
            } => Some(card),
            _ => None,
        })
        .collect();
    let mut discarded = events.iter().filter_map(|e| match &e.body {
        XfEvent::Discarded { seat: s, cards } if *s == seat => Some(cards),
        _ => None,
    });
    discarded.all(|cards| cards.iter().all(|c| at_once.contains(c)))
}

/// The command a player types for each kind of move (`None`: resigning,
/// which "You may" leaves out: it is always possible).
fn command(a: &XfAction) -> Option<&'static str> {
    use XfAction as A;
    Some(match a {
        A::ChooseXFile { .. } => "/xfile",
        A::Brief { .. } => "/draw",
        A::Buy { .. } => "/buy",
        A::Trade { sell, .. } if sell.is_empty() => "/buy",
        A::Trade { .. } => "/sell",
        A::Equip { .. } | A::Transfer { .. } => "/equip",
        A::Deploy { .. } | A::BuyAgent { .. } => "/deploy",
        A::PlaySite { .. } => "/site",
        A::PlaceBluff { .. } => "/bluff",
        A::PeekBluff { .. } => "/peek",
        A::Investigate { .. } => "/investigate",
        A::PayBluff { pay: true, .. } => "/pay",
        A::PayBluff { pay: false, .. } | A::Pass => "/pass",
        A::Choose { .. } => "/choose",
        A::Use { .. } => "/use",
        A::Announce { .. } => "/announce",
        A::UsePower { .. } => "/power",
        A::Play { .. } | A::PlayTogether { .. } => "/play",
        A::AssignDamage { .. } => "/damage",
        A::Aim { .. } => "/aim",
        A::Ask { .. } => "/ask",
        A::Guess { .. } => "/guess",
        A::Done => "/done",
        A::Discard { .. } => "/discard",
        A::Manual(_) => "/adjust",
        A::Dispute => "/dispute",
        A::Resign => return None,
    })
}

/// The seat's "You may" list offers exactly the kinds of move (commands)
/// its legal actions hold: none the engine refuses, none hidden but a
/// question whose answer the seat's notebook gives (legal, not suggested).
fn you_may_lists_the_legal_moves(g: &XfGame, seat: Seat, legal: &[XfAction], seed: u64) {
    let view = g.view(Viewer::Seat(seat));
    let status = XfGame::status_for(&view, legal, &table(g));
    let suggested: Vec<XfAction> = legal
        .iter()
        .filter(|a| !answer_known(&view, a))
        .cloned()
        .collect();
    assert_eq!(
        you_may::offered(&status, " · "),
        you_may::allowed(&suggested, command),
        "seed {seed}: seat {seat}'s \"You may\" in {}:\n{status}",
        g.phase_name()
    );
}

/// "No card may be played during the Debriefing Phase" (Rules Assistant,
/// Ancillary Documentation p. 7): none is offered to any seat (and, by
/// `every_accepted_move_is_offered`, none is accepted).
fn no_card_is_played_in_the_debriefing(g: &XfGame, seed: u64) {
    if g.phase != Phase::Debriefing {
        return;
    }
    for seat in 0..g.players.len() as Seat {
        let plays = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| matches!(a, XfAction::Play { .. } | XfAction::PlayTogether { .. }));
        assert_eq!(
            plays.count(),
            0,
            "seed {seed}: a play offered in the Debriefing"
        );
    }
}

fn table(g: &XfGame) -> Table {
    let n = g.players.len();
    Table {
        game_id: 1,
        channel: "table".into(),
        seats: (0..n).map(|i| (format!("p{i}"), format!("p{i}"))).collect(),
    }
}

/// The engine accepts nothing "You may" leaves out (sampled every few
/// actions): a pass or the end of a step is accepted only when the seat's
/// legal moves hold its command, a card of the hand played (mode 1, no
/// target) only when they hold a play of that card.
fn every_accepted_move_is_offered(g: &XfGame, seed: u64) {
    for seat in g.to_act() {
        let legal = g.legal_actions(seat);
        let mut probes = vec![XfAction::Pass, XfAction::Done];
        let mut hand = g.player(seat).hand.clone();
        hand.sort();
        hand.dedup();
        probes.extend(hand.into_iter().map(|card| XfAction::Play {
            card,
            mode: 0,
            target: None,
            x: 1,
            pool: None,
        }));
        for probe in probes {
            let offered = match &probe {
                XfAction::Play { card, .. } => legal
                    .iter()
                    .any(|a| matches!(a, XfAction::Play { card: c, .. } if c == card)),
                // By command: a revealed Bluff let go is a pass too.
                other => legal.iter().any(|a| command(a) == command(other)),
            };
            assert!(
                offered || step(g, seat, &probe).is_err(),
                "seed {seed}: seat {seat}'s {probe:?} is accepted in {} but not offered",
                g.phase_name()
            );
        }
    }
}

/// A pending choice always offers its chooser at least one legal answer.
fn every_choice_has_an_answer(g: &XfGame, seed: u64) {
    if let Some(c) = &g.choice {
        assert!(
            g.legal_actions(c.seat)
                .iter()
                .any(|a| matches!(a, XfAction::Choose { .. })),
            "seed {seed}: seat {} must choose ({}) but no answer is legal",
            c.seat,
            c.prompt
        );
    }
}

/// The game rebuilt from its options, decks, seed and action log is the
/// game that was played, and survives a round trip through its stored form.
fn replayed_equals_played(
    g: &XfGame,
    options: XfOptions,
    setups: Vec<StoredDeck>,
    game_seed: u64,
    log: &[(Seat, XfAction)],
    seed: u64,
) {
    let again: XfGame = replay(options, setups, game_seed, log)
        .unwrap_or_else(|(i, r)| panic!("seed {seed}: replay refused action {i}: {r}"));
    let stored = serde_json::to_value(g).expect("serialisable");
    assert_eq!(
        serde_json::to_value(&again).expect("serialisable"),
        stored,
        "seed {seed}: the game replayed from its log differs from the game played"
    );
    let back: XfGame = serde_json::from_value(stored.clone()).expect("deserialisable");
    assert_eq!(serde_json::to_value(&back).unwrap(), stored, "seed {seed}");
}

/// A number from the environment, or `default`.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seeds `from..from + games` (XFILES_PLAYOUTS, default 600: each
/// position's hints are rendered and its default move tried; 5000 for a
/// longer sweep) equal to `shard` modulo 3. Seed `s` seats
/// `[2, 2, 3, 4][s % 4]` players: three tests share the seeds so the
/// suite's two threads share the work.
fn playouts_of(shard: u64) {
    let games = env_or("XFILES_PLAYOUTS", 600);
    // XFILES_PLAYOUT_FROM replays a failing seed without the ones before it.
    let from = env_or("XFILES_PLAYOUT_FROM", 0);
    let mut total = 0;
    for seed in (from..from + games).filter(|s| s % 3 == shard) {
        let players = [2, 2, 3, 4][(seed % 4) as usize];
        total += playout(seed, players);
    }
    let powers = POWERS_USED.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!("{total} actions in shard {shard}; X-File Powers used {powers} times");
}

#[test]
fn random_games_of_two_three_and_four_players_end_with_invariants_held_1_of_3() {
    playouts_of(0);
}

#[test]
fn random_games_of_two_three_and_four_players_end_with_invariants_held_2_of_3() {
    playouts_of(1);
}

#[test]
fn random_games_of_two_three_and_four_players_end_with_invariants_held_3_of_3() {
    playouts_of(2);
}

/// The Basic Game between starter decks (≥ 500 games a run): the Advanced
/// invariants, and the Basic Game's own (`basic_invariants`).
#[test]
fn random_basic_games_between_starters_end_with_invariants_held() {
    let games = env_or("XFILES_BASIC_PLAYOUTS", 500);
    let from = env_or("XFILES_PLAYOUT_FROM", 0);
    let mut total = 0;
    for seed in from..from + games {
        let players = [2, 2, 2, 3][(seed % 4) as usize];
        total += basic_playout(seed, players);
    }
    eprintln!("{total} actions in {games} Basic games");
}
