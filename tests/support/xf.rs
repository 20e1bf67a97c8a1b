//! Helpers for X-Files CCG engine tests: real cards by id, legal decks built
//! around the cards a test needs, hands and deck tops arranged as a rules
//! example states them, and actions applied with the refusal shown on failure.
#![allow(dead_code)]

use xfiles_bot::cards::{self, CardIdx, CardSet, CardType, Keyword};
use xfiles_bot::decks::{Deck, StoredDeck};
use xfiles_bot::engine::xfiles::{AgentRef, XfAction, XfEvent, XfGame, XfOptions};
use xfiles_bot::engine::{Event, Game, Refusal, Seat, step};

/// A card by its id (panics on a typo, naming it).
pub fn id(id: &str) -> CardIdx {
    cards::db()
        .by_id(id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

pub fn title(c: CardIdx) -> &'static str {
    cards::db().get(c).title.as_str()
}

pub fn agent(seat: Seat, card: &str) -> AgentRef {
    AgentRef {
        seat,
        card: id(card),
    }
}

/// A legal Advanced deck: this team and X-File, the `must` cards, and Premiere
/// fillers (one copy each of cards with no text worth noting) up to 60.
pub fn deck(team: &[&str], xfile: &str, must: &[&str]) -> StoredDeck {
    let db = cards::db();
    let mut deck = Deck {
        name: "test".into(),
        team: team.iter().map(|c| id(c)).collect(),
        xfiles: vec![id(xfile)],
        bureau: must.iter().map(|c| (id(c), 1)).collect(),
    };
    let used: Vec<&str> = must.iter().map(|c| title(id(c))).collect();
    for (c, card) in db.iter() {
        if deck.bureau_size() >= 60 {
            break;
        }
        if card.set == CardSet::Premiere
            && card.kind.is_playable()
            && !matches!(card.kind, CardType::Agent | CardType::XFile)
            && !card.has_keyword(Keyword::Killer)
            && !used.contains(&card.title.as_str())
            && !deck.bureau.iter().any(|(d, _)| title(*d) == card.title)
        {
            deck.bureau.push((c, 1));
        }
    }
    deck.to_stored()
}

/// A game whose seat 0 plays first, each X-File already chosen.
pub fn game(decks: Vec<StoredDeck>, options: XfOptions) -> XfGame {
    for seed in 0.. {
        let (g, _) = XfGame::new(options.clone(), decks.clone(), seed).expect("legal decks");
        if g.active == 0 {
            return g;
        }
    }
    unreachable!()
}

/// Arranges a seat's cards: exactly `hand` in the hand (by id, fillers from
/// the rest if `fill` is set, to keep seven), and `top` on top of the deck.
pub fn arrange(g: &mut XfGame, seat: Seat, hand: &[&str], top: &[&str]) {
    let p = &mut g.players[usize::from(seat)];
    let mut pool: Vec<CardIdx> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
    let mut take = |c: &str| {
        let c = id(c);
        let at = pool
            .iter()
            .position(|x| *x == c)
            .unwrap_or_else(|| panic!("{} is not in seat {seat}'s deck", title(c)));
        pool.remove(at)
    };
    p.hand = hand.iter().map(|c| take(c)).collect();
    let mut deck: Vec<CardIdx> = top.iter().map(|c| take(c)).collect();
    deck.append(&mut pool);
    p.deck = deck;
}

/// Moves `n` cards from the deck to the hand (keeps counts honest).
pub fn fill_hand(g: &mut XfGame, seat: Seat, to: usize) {
    let p = &mut g.players[usize::from(seat)];
    while p.hand.len() < to {
        let c = p.deck.pop().expect("cards in the deck");
        p.hand.push(c);
    }
}

/// Applies an action that must be accepted.
pub fn act(g: &mut XfGame, seat: Seat, action: XfAction) -> Vec<Event<XfEvent>> {
    match step(g, seat, &action) {
        Ok((next, events)) => {
            *g = next;
            events
        }
        Err(r) => panic!(
            "seat {seat}: {action:?} refused: {r}\nlegal now: {:?}\nto act: {:?}, phase {}",
            g.legal_actions(seat),
            g.to_act(),
            g.phase_name()
        ),
    }
}

/// Applies an action that must be refused; the game must be unchanged.
pub fn refused(g: &XfGame, seat: Seat, action: XfAction) -> Refusal {
    match step(g, seat, &action) {
        Ok(_) => panic!("seat {seat}: {action:?} was accepted"),
        Err(r) => r,
    }
}

pub fn play(card: &str) -> XfAction {
    XfAction::Play {
        card: id(card),
        mode: 0,
        target: None,
        x: 0,
        pool: None,
    }
}
