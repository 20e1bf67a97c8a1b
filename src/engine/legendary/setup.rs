//! Setting up a game (rulebook, "Game Setup", p. 5): starting decks and
//! Avatars, one Evidence per priority, the Conspiracy Deck by mode, the
//! Academy with the Syndicate, the Bureau, the stacks, the first player.

use std::collections::HashMap;

use super::data::{CardSet, Kind, Timing, demo_set};
use super::program::Step;
use super::{
    Card, Events, EvidenceSlot, LeEvent, LeGame, LeOptions, LeSetup, Phase, Player, Proof,
    SeasonMode, Slot, Turn,
};
use crate::engine::{Event, GameRng, Refusal, Seat, Stepped};

/// The first game's Avatars in the order players take them (rulebook,
/// "Your First Game").
const FIRST_AVATARS: [&str; 5] = ["mulder", "scully", "skinner", "doggett", "reyes"];
/// The first game's Academy.
const FIRST_ACADEMY: [&str; 4] = [
    "Charles Burks",
    "Brad Follmer",
    "Sean Pendrell",
    "The Lone Gunmen",
];
/// Season letters: A, B and C Seasons (rulebook, "Sorting Guide").
const LETTERS: [[u8; 3]; 3] = [[1, 4, 7], [2, 5, 8], [3, 6, 9]];

/// Adds cards to a game being built, each definition once.
struct Builder {
    game: LeGame,
    index: HashMap<String, u16>,
}

impl Builder {
    fn add(&mut self, set: &CardSet, id: &str) -> Card {
        let def = match self.index.get(id) {
            Some(d) => *d,
            None => {
                let d = self.game.defs.len() as u16;
                let card = set
                    .cards
                    .iter()
                    .find(|c| c.id == id)
                    .expect("a card of the set");
                self.game.defs.push(card.clone());
                self.index.insert(id.to_string(), d);
                d
            }
        };
        self.game.inst.push(def);
        (self.game.inst.len() - 1) as Card
    }

    /// Every copy of each card.
    fn add_all<'a>(&mut self, set: &CardSet, ids: impl Iterator<Item = &'a str>) -> Vec<Card> {
        let mut out = Vec::new();
        for id in ids {
            for _ in 0..set.copies_of(id) {
                out.push(self.add(set, id));
            }
        }
        out
    }

    fn rng(&mut self) -> &mut GameRng {
        &mut self.game.rng
    }

    /// A random `n` of the copies of these cards, added to the game; the
    /// rest stay in the box, never instantiated.
    fn pick_new(&mut self, set: &CardSet, ids: &[&str], n: usize) -> Vec<Card> {
        let mut copies: Vec<&str> = ids
            .iter()
            .flat_map(|id| std::iter::repeat_n(*id, usize::from(set.copies_of(id))))
            .collect();
        self.rng().shuffle(&mut copies);
        copies.truncate(n);
        copies.into_iter().map(|id| self.add(set, id)).collect()
    }

    /// A random `n` of `cards`; the rest are returned too.
    fn pick(&mut self, mut cards: Vec<Card>, n: usize) -> (Vec<Card>, Vec<Card>) {
        self.rng().shuffle(&mut cards);
        let rest = cards.split_off(n.min(cards.len()));
        (cards, rest)
    }
}

fn ids_of(set: &CardSet, kind: Kind) -> Vec<&str> {
    set.of_kind(kind).map(|c| c.id.as_str()).collect()
}

fn empty_game(options: LeOptions, set: &CardSet, seed: u64) -> LeGame {
    LeGame {
        options,
        set_name: set.name.clone(),
        demo: set.demo,
        defs: Vec::new(),
        inst: Vec::new(),
        board: set.board.clone(),
        rng: GameRng::seeded(seed),
        players: Vec::new(),
        current: 0,
        turn_no: 0,
        phase: Phase::Conspiracy,
        turn: Turn::default(),
        conspiracy: Vec::new(),
        shadows: [None; 5],
        field: Vec::new(),
        bureau: [None; 5],
        academy: Vec::new(),
        special_agents: Vec::new(),
        strike_deck: Vec::new(),
        strike_discard: Vec::new(),
        beliefs: Vec::new(),
        doubts: Vec::new(),
        evidence: Vec::new(),
        outside: Vec::new(),
        defeated_conspiracy: Vec::new(),
        defeated_characters: Vec::new(),
        end_game: 0,
        the_end: false,
        end_game_damage: Vec::new(),
        end_game_bonus: (0, 0),
        clone: None,
        clone_damage: Vec::new(),
        clone_evidence: Vec::new(),
        clone_bonus: (0, 0),
        revealed_once: Vec::new(),
        defeated_once: Vec::new(),
        last_gained: None,
        tasks: Vec::new(),
        answer: None,
        choice: None,
        outcome: None,
    }
}

/// The Avatars the players take, in seat order.
fn avatars<'a>(set: &'a CardSet, setups: &[LeSetup]) -> Result<Vec<&'a str>, Refusal> {
    let mut chosen: Vec<&str> = Vec::new();
    let mut defaults = FIRST_AVATARS.iter();
    let names: Vec<String> = set.of_kind(Kind::Avatar).map(|a| a.name.clone()).collect();
    for s in setups {
        let want = match &s.avatar {
            Some(a) => a.clone(),
            None => defaults
                .find(|d| {
                    let d = set.avatar(d).map(|a| a.id.as_str());
                    d.is_some_and(|id| !chosen.contains(&id))
                })
                .map(|d| d.to_string())
                .unwrap_or_default(),
        };
        let a = set.avatar(&want).ok_or_else(|| {
            Refusal::new(format!(
                "`{want}` is not an Avatar; choose one of {}",
                names.join(", ")
            ))
        })?;
        if chosen.contains(&a.id.as_str()) {
            return Err(Refusal::new(format!(
                "{} is taken; each player needs their own Avatar",
                a.name
            )));
        }
        chosen.push(a.id.as_str());
    }
    Ok(chosen)
}

/// The Seasons for the A, B and C piles (each a list: Every Season pools three).
fn seasons(options: &LeOptions, rng: &mut GameRng) -> Result<[Vec<u8>; 3], Refusal> {
    let first = match (&options.series, options.first_season) {
        (_, Some(f)) => f,
        (Some(s), None) => 1 + 3 * (s.game.saturating_sub(1)),
        (None, None) => 1,
    };
    Ok(match options.mode {
        SeasonMode::Standard => {
            if ![1, 4, 7].contains(&first) {
                return Err(Refusal::new(format!(
                    "Standard mode plays Seasons 1-3, 4-6 or 7-9: the first Season is 1, 4 or 7, not {first}"
                )));
            }
            [vec![first], vec![first + 1], vec![first + 2]]
        }
        SeasonMode::Random => LETTERS.map(|l| vec![l[rng.below(3)]]),
        SeasonMode::Every => LETTERS.map(|l| l.to_vec()),
    })
}

fn academy_characters(set: &CardSet, options: &LeOptions) -> Result<Vec<String>, Refusal> {
    let all = set.characters();
    let wanted: Vec<String> = if options.academy.is_empty() {
        let first: Vec<String> = FIRST_ACADEMY
            .iter()
            .filter(|c| all.iter().any(|a| a == *c))
            .map(|c| c.to_string())
            .collect();
        if first.len() == 4 {
            first
        } else {
            all.iter().take(4).cloned().collect()
        }
    } else {
        options.academy.clone()
    };
    let mut out = Vec::new();
    for w in &wanted {
        let lw = w.to_lowercase();
        let found = all.iter().find(|a| {
            let la = a.to_lowercase();
            la == lw || la.split_whitespace().any(|p| p == lw)
        });
        match found {
            Some(f) if !out.contains(f) => out.push(f.clone()),
            Some(f) => return Err(Refusal::new(format!("{f} is named twice"))),
            None => {
                return Err(Refusal::new(format!(
                    "`{w}` is not an Academy character; choose four of {}",
                    all.join(", ")
                )));
            }
        }
    }
    if out.len() != 4 {
        return Err(Refusal::new(format!(
            "the Academy is four characters; {} named",
            out.len()
        )));
    }
    Ok(out)
}

pub fn new_game(
    mut options: LeOptions,
    setups: Vec<LeSetup>,
    seed: u64,
) -> Result<Stepped<LeGame>, Refusal> {
    let n = setups.len();
    if !(1..=5).contains(&n) {
        return Err(Refusal::new(format!(
            "Legendary Encounters takes 1 to 5 players, not {n}"
        )));
    }
    let own = options.cards.take();
    let set: &CardSet = own.as_deref().unwrap_or_else(|| demo_set());
    let avatar_ids = avatars(set, &setups)?;
    let characters = academy_characters(set, &options)?;
    let mut b = Builder {
        game: empty_game(options, set, seed),
        index: HashMap::new(),
    };
    let piles = seasons(&b.game.options.clone(), b.rng())?;
    deal_players(&mut b, set, &avatar_ids);
    deal_evidence(&mut b, set);
    let season_text = build_conspiracy(&mut b, set, &piles, n);
    build_academy(&mut b, set, &characters);
    deal_stacks(&mut b, set);
    let g = &mut b.game;
    g.current = (0..n as u8)
        .min_by_key(|s| g.def(g.player(*s).avatar).rank.unwrap_or(u8::MAX))
        .unwrap_or(0);
    let mut events: Events = vec![Event::public(LeEvent::Setup {
        avatars: g.players.iter().map(|p| g.name(p.avatar)).collect(),
        seasons: season_text,
        academy: characters,
        end_game_hidden: true,
        demo: g.demo,
        set: g.set_name.clone(),
    })];
    start_cliffhangers(g, &mut events);
    for s in 0..n as u8 {
        g.draw(s, usize::from(g.board.hand_size), &mut events);
    }
    g.begin_turn(&mut events);
    g.settle(&mut events);
    Ok((b.game, events))
}

/// Cliffhangers whose text starts this game: a Belief or a Doubt shuffled
/// into the player's deck (rulebook, "Cliffhanger Cards").
fn start_cliffhangers(g: &mut LeGame, events: &mut Events) {
    for seat in 0..g.players.len() as Seat {
        for cliff in g.player(seat).cliffhangers.clone() {
            let Some(a) = g.def(cliff).ability(Timing::Start).cloned() else {
                continue;
            };
            for step in a.steps() {
                let card = match step {
                    Step::GainBelief(_) => g.beliefs.pop(),
                    Step::GainDoubt(_) => g.doubts.pop(),
                    _ => None,
                };
                g.player_mut(seat).deck.extend(card);
            }
            let mut deck = std::mem::take(&mut g.player_mut(seat).deck);
            g.rng.shuffle(&mut deck);
            g.player_mut(seat).deck = deck;
            events.push(Event::public(LeEvent::CliffhangerUsed {
                seat,
                card: g.name(cliff),
                text: a.text.clone(),
                defeated: false,
            }));
        }
    }
}

fn deal_players(b: &mut Builder, set: &CardSet, avatar_ids: &[&str]) {
    let starting = ids_of(set, Kind::Starting);
    let belief = ids_of(set, Kind::Belief).first().map(|s| s.to_string());
    for id in avatar_ids {
        let avatar = b.add(set, id);
        let mut deck = b.add_all(set, starting.iter().copied());
        if b.game.options.difficulty.starting_belief
            && let Some(bel) = &belief
        {
            deck.push(b.add(set, bel));
        }
        b.rng().shuffle(&mut deck);
        b.game.players.push(Player {
            avatar,
            deck,
            hand: Vec::new(),
            discard: Vec::new(),
            played: Vec::new(),
            vigilant: Vec::new(),
            strikes: Vec::new(),
            defeated: false,
            skip: 0,
            set_aside: None,
            cliffhangers: Vec::new(),
            symptoms: 0,
        });
    }
    let unused: Vec<&str> = ids_of(set, Kind::Avatar)
        .into_iter()
        .filter(|a| !avatar_ids.contains(a))
        .collect();
    for a in unused {
        let c = b.add(set, a);
        b.game.outside.push(c);
    }
    let carry = b.game.options.series.clone();
    for (avatar, cliff) in carry.iter().flat_map(|c| c.cliffhangers.iter()) {
        let Some(a) = set.avatar(avatar) else {
            continue;
        };
        let seat = avatar_ids.iter().position(|id| *id == a.id);
        if let (Some(seat), true) = (seat, set.cards.iter().any(|c| &c.id == cliff)) {
            let c = b.add(set, cliff);
            b.game.players[seat].cliffhangers.push(c);
        }
    }
}

fn deal_evidence(b: &mut Builder, set: &CardSet) {
    for p in 1..=3u8 {
        let ids: Vec<&str> = set
            .of_kind(Kind::Evidence)
            .filter(|c| c.priority == Some(p))
            .map(|c| c.id.as_str())
            .collect();
        let all = b.add_all(set, ids.into_iter());
        let (one, rest) = b.pick(all, 1);
        if let Some(card) = one.first() {
            b.game.evidence.push(EvidenceSlot {
                card: *card,
                priority: p,
                state: Proof::Undiscovered,
                lead: None,
            });
        }
        b.game.outside.extend(rest);
    }
}

/// Builds the Conspiracy Deck: End Game at the bottom, then C, B and A
/// piles of players+6 Season cards, one Informant and one Lead each.
fn build_conspiracy(b: &mut Builder, set: &CardSet, piles: &[Vec<u8>; 3], n: usize) -> String {
    let end_ids: Vec<&str> = set
        .of_kind(Kind::EndGame)
        .filter(|c| c.name != "Clone")
        .map(|c| c.id.as_str())
        .collect();
    let end = b.pick_new(set, &end_ids, 1);
    b.game.end_game = end[0];
    b.game.conspiracy.push(end[0]);
    let per_informant = if b.game.options.difficulty.extra_informant {
        2
    } else {
        1
    };
    let mut informants = b.pick_new(set, &ids_of(set, Kind::Informant), 3 * per_informant);
    let leads = b.add_all(set, ids_of(set, Kind::Lead).into_iter());
    let (mut leads, lead_rest) = b.pick(leads, 3);
    b.game.outside.extend(lead_rest);
    let mut texts = Vec::new();
    for seasons in piles.iter().rev() {
        let ids: Vec<&str> = set
            .cards
            .iter()
            .filter(|c| {
                matches!(c.kind, Kind::Enemy | Kind::Event | Kind::Ally)
                    && c.season.is_some_and(|s| seasons.contains(&s))
            })
            .map(|c| c.id.as_str())
            .collect();
        let mut pile = b.pick_new(set, &ids, n + 6);
        for _ in 0..per_informant {
            pile.extend(informants.pop());
        }
        pile.extend(leads.pop());
        b.rng().shuffle(&mut pile);
        b.game.conspiracy.extend(pile);
        let list: Vec<String> = seasons.iter().map(u8::to_string).collect();
        texts.push(list.join("/"));
    }
    texts.reverse();
    let clone = set.of_kind(Kind::EndGame).find(|c| c.name == "Clone");
    if let Some(c) = clone {
        let id = c.id.clone();
        let card = b.add(set, &id);
        b.game.outside.push(card);
    }
    format!("Seasons {}", texts.join(", "))
}

fn build_academy(b: &mut Builder, set: &CardSet, characters: &[String]) {
    let ids: Vec<&str> = set
        .of_kind(Kind::Academy)
        .filter(|c| {
            c.character
                .as_ref()
                .is_some_and(|ch| characters.contains(ch))
        })
        .map(|c| c.id.as_str())
        .collect();
    let mut academy = b.add_all(set, ids.into_iter());
    let lone_gunmen: Vec<&str> = set
        .of_kind(Kind::Academy)
        .filter(|c| {
            c.character.as_deref() == Some("The Lone Gunmen")
                && !characters.iter().any(|ch| ch == "The Lone Gunmen")
        })
        .map(|c| c.id.as_str())
        .collect();
    let outside = b.add_all(set, lone_gunmen.into_iter());
    b.game.outside.extend(outside);
    let count = 6usize.saturating_sub(usize::from(b.game.options.difficulty.fewer_syndicate));
    let mut synd = b.pick_new(set, &ids_of(set, Kind::Syndicate), count);
    b.rng().shuffle(&mut academy);
    if b.game.options.difficulty.revealed_bureau {
        for i in 0..5 {
            b.game.bureau[i] = academy.pop().map(|card| Slot {
                card,
                hidden: false,
            });
        }
        academy.append(&mut synd);
        b.rng().shuffle(&mut academy);
    } else {
        academy.append(&mut synd);
        b.rng().shuffle(&mut academy);
        for i in 0..5 {
            b.game.bureau[i] = academy.pop().map(|card| Slot { card, hidden: true });
        }
    }
    b.game.academy = academy;
}

fn deal_stacks(b: &mut Builder, set: &CardSet) {
    let mut agents = b.add_all(set, ids_of(set, Kind::SpecialAgent).into_iter());
    b.rng().shuffle(&mut agents);
    b.game.special_agents = agents;
    let mut strikes = b.add_all(set, ids_of(set, Kind::Strike).into_iter());
    b.rng().shuffle(&mut strikes);
    b.game.strike_deck = strikes;
    b.game.beliefs = b.add_all(set, ids_of(set, Kind::Belief).into_iter());
    b.game.doubts = b.add_all(set, ids_of(set, Kind::Doubt).into_iter());
}
