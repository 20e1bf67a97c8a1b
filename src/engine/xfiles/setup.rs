//! Set-up (pp. 5-6, 13): decks shuffled, seven cards each, 5 RP and 5 CP,
//! the team in the Bureau, an X-File chosen in secret, a random first player
//! (the Basic Game: cards set aside, ten cards, no pools; see `basic`).

use super::effects::ast::Modifier;
use super::effects::db::{ScriptDb, Scripts};
use super::{Agent, Events, Phase, Player, XfEvent, XfGame, XfOptions};
use crate::cards::{CardIdx, CardType, Keyword, Section, db};
use crate::decks::{Deck, StoredDeck, validate};
use crate::engine::{Event, GameRng, Refusal, Seat, Stepped};

/// Cards in an opening hand (p. 6).
pub const OPENING_HAND: usize = 7;
/// Tokens in each pool at the start (p. 10).
pub const OPENING_POOL: u32 = 5;

/// An Agent as it enters play: the tokens and dedicated RP its Game Effect
/// gives (none for an Agent bought from the hand, p. 15).
pub fn new_agent(card: CardIdx, section: Section, temporary: bool, scripts: &ScriptDb) -> Agent {
    let (mut tokens, mut dedicated_rp) = (0, false);
    if !temporary && let Some(s) = scripts.of(card) {
        tokens = s.tokens;
        dedicated_rp = s
            .statics
            .iter()
            .any(|st| matches!(st.modifier, Modifier::DedicatedRp { .. }));
    }
    Agent {
        card,
        section,
        damage: 0,
        team: 0,
        temporary,
        tokens,
        dedicated_rp,
        heal_blocked: false,
        investigated: false,
        away: None,
        borrowed_from: None,
        home: None,
        until_healed: false,
        health_lost: 0,
        cost_lost: 0,
        slow_heal: false,
        keywords: Vec::new(),
        used: Vec::new(),
        last_check: false,
        first_site: None,
        data: Default::default(),
    }
}

pub fn new_game(
    options: XfOptions,
    setups: Vec<StoredDeck>,
    seed: u64,
) -> Result<Stepped<XfGame>, Refusal> {
    if !(2..=6).contains(&setups.len()) {
        return Err(Refusal::new("the X-Files CCG takes 2 to 6 players"));
    }
    let mut rng = GameRng::seeded(seed);
    let scripts = match &options.basic {
        Some(b) => Scripts(super::basic::basic_scripts(b.wounded_by).clone()),
        None => Scripts::default(),
    };
    let mut players = Vec::new();
    let mut events = Vec::new();
    for (seat, stored) in setups.iter().enumerate() {
        let seat = seat as Seat;
        let deck = legal_deck(&options, stored, seat)?;
        let mut cards = deck.bureau_cards();
        if options.basic.is_some() {
            let aside = super::basic::set_aside(&deck, options.killer);
            for c in &aside {
                let i = cards.iter().position(|x| x == c).expect("from the deck");
                cards.remove(i);
            }
            if !aside.is_empty() {
                events.push(Event::public(XfEvent::SetAside {
                    seat,
                    count: aside.len(),
                }));
                events.push(Event::private(seat, XfEvent::YourSetAside { cards: aside }));
            }
        }
        rng.shuffle(&mut cards);
        let dealt = match &options.basic {
            Some(b) => usize::from(b.opening_hand),
            None => OPENING_HAND,
        };
        let hand: Vec<CardIdx> = cards.drain(..dealt.min(cards.len())).collect();
        let mut candidates = deck.xfiles.clone();
        candidates.sort();
        candidates.dedup();
        let xfile = (candidates.len() == 1).then(|| candidates[0]);
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
        // The Basic Game has no pools (FAQ21 #54(c)).
        let pool = if options.basic.is_some() {
            0
        } else {
            OPENING_POOL
        };
        players.push(Player {
            deck: cards,
            hand,
            discard: Vec::new(),
            removed: Vec::new(),
            candidates,
            xfile,
            rp: pool,
            cp: pool,
            buy_only_rp: 0,
            agents: deck
                .team
                .iter()
                .map(|c| new_agent(*c, Section::Bureau, false, &scripts.0))
                .collect(),
            out: false,
            notebook: Vec::new(),
            wrong_guesses: 0,
            face_up: Vec::new(),
            announced: Vec::new(),
            powers: Vec::new(),
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
        stack: Vec::new(),
        frames: Vec::new(),
        resolving: Vec::new(),
        choice: None,
        perms: Vec::new(),
        lasting: Vec::new(),
        facts: Vec::new(),
        stolen: Vec::new(),
        owed_draw: None,
        next_id: 0,
        sites_this_turn: Vec::new(),
        guessed_this_turn: false,
        outcome: None,
        site_order: Vec::new(),
        manual: None,
        basic_plays: Vec::new(),
        debriefed: Vec::new(),
        scripts,
    };
    events.push(Event::public(XfEvent::FirstPlayer { seat: active }));
    if game.players.iter().all(|p| p.xfile.is_some()) {
        game.start_turn(active, &mut events);
    }
    Ok((game, events))
}

/// The seat's deck, checked against the construction rules of the game
/// played (the Basic Game's or the Advanced Game's).
fn legal_deck(options: &XfOptions, stored: &StoredDeck, seat: Seat) -> Result<Deck, Refusal> {
    let deck = Deck::from_stored(stored).map_err(Refusal::new)?;
    let problems = validate(&deck, options.deck_format());
    if problems.is_empty() {
        return Ok(deck);
    }
    let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    Err(Refusal::new(format!(
        "seat {}'s deck is not legal: {}",
        seat + 1,
        list.join("; ")
    )))
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
