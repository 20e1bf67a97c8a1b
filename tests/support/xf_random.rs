//! Random X-Files CCG games for playout tests and the engine benchmark:
//! random legal decks and a bot's weighted choice among offered actions.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use xfiles_bot::cards::{self, CardIdx, CardType, Keyword};
use xfiles_bot::decks::{Deck, DeckFormat, StoredDeck, validate};
use xfiles_bot::engine::xfiles::{XfAction, XfGame};
use xfiles_bot::engine::{Game, Seat};

/// A random legal Advanced deck from the official sets.
#[allow(dead_code)]
pub fn random_deck(rng: &mut ChaCha8Rng) -> StoredDeck {
    random_deck_with(rng, false)
}

/// A random legal deck of the official pool, Killer cards included when the
/// game allows them (p. 42).
pub fn random_deck_with(rng: &mut ChaCha8Rng, killer: bool) -> StoredDeck {
    let db = cards::db();
    let pool: Vec<CardIdx> = db
        .iter()
        .filter(|(_, c)| {
            c.set.is_official()
                && c.kind.is_playable()
                && (killer || !c.has_keyword(Keyword::Killer))
        })
        .map(|(i, _)| i)
        .collect();
    loop {
        let agents: Vec<CardIdx> = pool
            .iter()
            .copied()
            .filter(|c| db.get(*c).kind == CardType::Agent)
            .collect();
        let mut team: Vec<CardIdx> = Vec::new();
        let mut cost = 0;
        for _ in 0..40 {
            let a = agents[rng.random_range(0..agents.len())];
            let c = db.get(a).cost.map_or(0, |k| k.amount.with_x(0));
            if cost + c <= 20 && !team.iter().any(|t| db.get(*t).title == db.get(a).title) {
                team.push(a);
                cost += c;
            }
        }
        let xfiles: Vec<CardIdx> = pool
            .iter()
            .copied()
            .filter(|c| db.get(*c).kind == CardType::XFile)
            .collect();
        let mut deck = Deck {
            name: "random".into(),
            team,
            xfiles: vec![xfiles[rng.random_range(0..xfiles.len())]],
            bureau: vec![],
        };
        let others: Vec<CardIdx> = pool
            .iter()
            .copied()
            .filter(|c| !matches!(db.get(*c).kind, CardType::XFile | CardType::Agent))
            .collect();
        let sites: Vec<CardIdx> = others
            .iter()
            .copied()
            .filter(|c| db.get(*c).kind == CardType::Site)
            .collect();
        while deck.bureau_size() < 62 {
            let c = if deck.bureau_size() < 18 {
                sites[rng.random_range(0..sites.len())]
            } else {
                others[rng.random_range(0..others.len())]
            };
            let copies: u32 = deck
                .bureau
                .iter()
                .filter(|(d, _)| db.get(*d).title == db.get(c).title)
                .map(|d| d.1)
                .sum();
            if copies < 2 {
                deck.bureau.push((c, 1));
            }
        }
        if validate(
            &deck,
            DeckFormat::Advanced {
                killer_cards: killer,
            },
        )
        .is_empty()
        {
            return deck.to_stored();
        }
    }
}

/// A random choice among the offered actions, weighted towards progress
/// (investigating, asking, guessing) so that random games end.
pub fn pick(rng: &mut ChaCha8Rng, legal: &[XfAction]) -> XfAction {
    use xfiles_bot::cards::Section;
    let weight = |a: &XfAction| match a {
        XfAction::Guess { .. } => 60,
        XfAction::Investigate { .. } => 30,
        XfAction::Ask { .. } => 8,
        XfAction::PlaySite { free: false, .. } => 12,
        XfAction::Deploy {
            section: Section::Field,
            ..
        } => 8,
        XfAction::Deploy { .. } => 1,
        XfAction::Done => 3,
        XfAction::Pass => 4,
        _ => 2,
    };
    let total: u32 = legal.iter().map(weight).sum();
    let mut roll = rng.random_range(0..total);
    for a in legal {
        let w = weight(a);
        if roll < w {
            return a.clone();
        }
        roll -= w;
    }
    legal[0].clone()
}

/// The bot's next move: a random seat among those due, and a weighted
/// choice among its offered actions (never resigning); or why there is none.
#[allow(dead_code)]
pub fn bot_move(g: &XfGame, rng: &mut ChaCha8Rng) -> Result<(Seat, XfAction), String> {
    bot_move_among(g, rng, |seat| g.legal_actions(seat))
}

/// [`bot_move`] with the seats' legal actions from `legal_of` (a caller
/// that has them already spares computing them twice).
pub fn bot_move_among(
    g: &XfGame,
    rng: &mut ChaCha8Rng,
    legal_of: impl FnOnce(Seat) -> Vec<XfAction>,
) -> Result<(Seat, XfAction), String> {
    let due = g.to_act();
    if due.is_empty() {
        return Err(format!("nobody to act in {}", g.phase_name()));
    }
    let seat = due[rng.random_range(0..due.len())];
    let legal: Vec<XfAction> = legal_of(seat)
        .into_iter()
        .filter(|a| *a != XfAction::Resign)
        .collect();
    if legal.is_empty() {
        return Err(format!(
            "seat {seat} must act but may do nothing in {}",
            g.phase_name()
        ));
    }
    Ok((seat, pick(rng, &legal)))
}
