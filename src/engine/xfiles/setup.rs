//! Set-up (pp. 5-6, 13): decks shuffled, seven cards each, 5 RP and 5 CP,
//! the team in the Bureau, an X-File chosen in secret, a random first player.

use super::{Agent, Events, Phase, Player, XfEvent, XfGame, XfOptions};
use crate::cards::effects::{Effect, Section, effects};
use crate::cards::{CardIdx, CardType, Keyword, db};
use crate::decks::{Deck, DeckFormat, StoredDeck, validate};
use crate::engine::{Event, GameRng, Refusal, Seat, Stepped};

/// Cards in an opening hand (p. 6).
pub const OPENING_HAND: usize = 7;
/// Tokens in each pool at the start (p. 10).
pub const OPENING_POOL: u32 = 5;

/// An Agent as it enters play: its tokens and dedicated RP on the card.
pub fn new_agent(card: CardIdx, section: Section, temporary: bool) -> Agent {
    let mut tokens = 0;
    let mut dedicated_rp = false;
    if !temporary {
        for e in effects().of(card).all() {
            match e {
                Effect::FreeSiteTokens { tokens: t } | Effect::PeekBluffTokens { tokens: t } => {
                    tokens = *t
                }
                Effect::DedicatedRp { .. } => dedicated_rp = true,
                _ => {}
            }
        }
    }
    Agent {
        card,
        section,
        damage: 0,
        team: 0,
        equipment: Vec::new(),
        temporary,
        tokens,
        dedicated_rp,
        heal_blocked: false,
        investigated: false,
    }
}

pub fn new_game(
    options: XfOptions,
    setups: Vec<StoredDeck>,
    seed: u64,
) -> Result<Stepped<XfGame>, Refusal> {
    if !(2..=6).contains(&setups.len()) {
        return Err(Refusal::new("the Advanced Game takes 2 to 6 players"));
    }
    let mut rng = GameRng::seeded(seed);
    let mut players = Vec::new();
    let mut events = Vec::new();
    for (seat, stored) in setups.iter().enumerate() {
        let deck = Deck::from_stored(stored).map_err(Refusal::new)?;
        let problems = validate(
            &deck,
            DeckFormat::Advanced {
                killer_cards: options.killer,
            },
        );
        if !problems.is_empty() {
            let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            return Err(Refusal::new(format!(
                "seat {}'s deck is not legal: {}",
                seat + 1,
                list.join("; ")
            )));
        }
        let mut cards = deck.bureau_cards();
        rng.shuffle(&mut cards);
        let hand: Vec<CardIdx> = cards.drain(..OPENING_HAND.min(cards.len())).collect();
        let mut candidates = deck.xfiles.clone();
        candidates.sort();
        candidates.dedup();
        let xfile = (candidates.len() == 1).then(|| candidates[0]);
        let seat = seat as Seat;
        events.push(Event::public(XfEvent::Dealt {
            seat,
            cards: hand.len(),
        }));
        events.push(Event::private(
            seat,
            XfEvent::YourCards {
                cards: hand.clone(),
            },
        ));
        if let Some(x) = xfile {
            events.push(Event::private(seat, XfEvent::YourXFile { card: x }));
        }
        players.push(Player {
            deck: cards,
            hand,
            discard: Vec::new(),
            removed: Vec::new(),
            candidates,
            xfile,
            rp: OPENING_POOL,
            cp: OPENING_POOL,
            buy_only_rp: 0,
            agents: deck
                .team
                .iter()
                .map(|c| new_agent(*c, Section::Bureau, false))
                .collect(),
            in_play: Vec::new(),
            out: false,
            notebook: Vec::new(),
            wrong_guesses: 0,
        });
    }
    let active = rng.below(players.len()) as Seat;
    let mut game = XfGame {
        options,
        rng,
        players,
        active,
        turn: 0,
        phase: Phase::ChooseXFile,
        sites: Vec::new(),
        investigation: None,
        sites_this_turn: Vec::new(),
        guessed_this_turn: false,
        outcome: None,
    };
    events.push(Event::public(XfEvent::FirstPlayer { seat: active }));
    if game.players.iter().all(|p| p.xfile.is_some()) {
        game.start_turn(active, &mut events);
    }
    Ok((game, events))
}

impl XfGame {
    /// Set-up: a player picks their X-File among their candidates, in secret.
    pub(super) fn choose_xfile(
        &mut self,
        seat: Seat,
        card: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let p = self.player(seat);
        if p.xfile.is_some() {
            return Err(Refusal::new("you have already chosen your X-File"));
        }
        if !p.candidates.contains(&card) {
            let names: Vec<&str> = p
                .candidates
                .iter()
                .map(|c| db().get(*c).title.as_str())
                .collect();
            return Err(Refusal::new(format!(
                "{} is not one of your X-Files; choose {}",
                db().get(card).title,
                names.join(" or ")
            )));
        }
        self.player_mut(seat).xfile = Some(card);
        events.push(Event::public(XfEvent::XFileChosen { seat }));
        events.push(Event::private(seat, XfEvent::YourXFile { card }));
        if self.players.iter().all(|p| p.xfile.is_some()) {
            self.start_turn(self.active, events);
        }
        Ok(())
    }
}

/// Is this card a Killer card (p. 42)?
pub fn is_killer(card: CardIdx) -> bool {
    db().get(card).has_keyword(Keyword::Killer)
}

/// A card that can be placed as a real Bluff has the Keyword BLUFF (p. 25).
pub fn is_bluff(card: CardIdx) -> bool {
    let c = db().get(card);
    c.kind == CardType::Bluff || c.has_keyword(Keyword::Bluff)
}
