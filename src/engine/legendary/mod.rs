//! Legendary Encounters: The X-Files — the co-operative deck-building game
//! (1-5 players), from the rulebook (`../shared/seeds/004_*.txt`).
//!
//! The cards are data (`data.rs`, schema in `cards/legendary/README.md`);
//! their abilities are programs in a closed vocabulary (`program.rs`) run
//! by `effects.rs`, or manual steps. Everything the game does on its own —
//! the Conspiracy Phase, reveals, Strikes, the Cleanup — is a stack of
//! [`Task`]s in the state, so a choice in the middle of any of it (which
//! card to discard, whether to avoid a Strike) suspends the game as data and
//! the `Choose` action resumes it. Parts: `setup`, `board` (Shadows
//! movement, reveals, the End Game), `turn` (phases, Strikes, Cleanup),
//! `act` (the player's actions), `effects`, `legal`, `view`, `series`.
//!
//! The embedded `demo/` set is invented and says so in every game; `check.rs`
//! reports every mistake of a set by card and field against the box's counts.
//! `boxfile.rs` reads a whole box as one file (what `/legendary import`
//! stores per server, table `legendary_sets`; a new game copies the set into
//! its options) and writes the fill-in template. Unique cards get small
//! handlers (`special.rs`, the `special KEY` verb); texts in force while a
//! card is (Ongoing, Shadows:, Field:) are read by `board::statics`;
//! responses on another player's turn (Fear, Protector) are tasks that ask
//! each player in turn. `audit` holds the invariants the playouts check.
//! `engine/choice.rs` is the pending choice both card engines share.

mod act;
mod audit;
mod board;
pub mod boxfile;
pub mod check;
pub mod data;
mod effects;
mod legal;
pub mod program;
pub mod series;
mod setup;
mod special;
mod turn;
pub mod view;

use serde::{Deserialize, Serialize};

use super::choice;
use super::{Event, Game, GameRng, Outcome, Refusal, Seat, Stepped, Viewer};
pub use data::{CardDef, CardSet, Class, Keyword, Kind, Timing};
pub use program::{Area, Step, Who};
pub use series::SeriesCarry;
pub use view::LeView;

/// A card in this game: an index into [`LeGame::inst`].
pub type Card = u16;

/// A card on a board space, face down (hidden) or face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub card: Card,
    pub hidden: bool,
}

/// Where a card on the playmat is. Shadows and Bureau spaces count from
/// the left (0); the Field from its newest card (0, next to the Shadows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Shadows(u8),
    Field(u8),
    Bureau(u8),
}

/// How the Conspiracy Deck's Seasons are chosen (rulebook, "Game Stacks").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeasonMode {
    /// Three Seasons in a row: 1-3, 4-6 or 7-9 (`first` is 1, 4 or 7).
    #[default]
    Standard,
    /// Any A, any B and any C Season, chosen at random.
    Random,
    /// All A cards pooled, all B, all C.
    Every,
}

/// The rulebook's ways to make the game easier ("Adjusting Difficulty").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difficulty {
    /// An extra Informant in each Season pile.
    #[serde(default)]
    pub extra_informant: bool,
    /// Fewer Syndicate Enemies in the Academy (the normal 6 minus this).
    #[serde(default)]
    pub fewer_syndicate: u8,
    /// A Belief in each starting deck.
    #[serde(default)]
    pub starting_belief: bool,
    /// Five Academy cards revealed in the Bureau before the Syndicate is
    /// shuffled in.
    #[serde(default)]
    pub revealed_bureau: bool,
    /// A player defeated by damage before "The End" skips a turn instead
    /// of losing the game (their Strikes become Scars).
    #[serde(default)]
    pub rejoin: bool,
}

/// The game's options.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LeOptions {
    #[serde(default)]
    pub mode: SeasonMode,
    /// Standard mode: the first Season (1, 4 or 7; default 1).
    #[serde(default)]
    pub first_season: Option<u8>,
    /// The four Academy characters (default: the first game's Burks,
    /// Follmer, Pendrell and the Lone Gunmen, or the set's first four).
    #[serde(default)]
    pub academy: Vec<String>,
    #[serde(default)]
    pub difficulty: Difficulty,
    /// The game's place in a Series, and what it carries over.
    #[serde(default)]
    pub series: Option<SeriesCarry>,
    /// The card set (absent: the built-in demo set). Not kept in the state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Box<CardSet>>,
}

/// What each player brings: their Avatar (absent: the first game's order,
/// Mulder, Scully, Skinner, Doggett, Reyes). A seat that chose nothing is
/// stored as `null`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Option<SetupFields>")]
pub struct LeSetup {
    pub avatar: Option<String>,
}

#[derive(Deserialize)]
struct SetupFields {
    #[serde(default)]
    avatar: Option<String>,
}

impl From<Option<SetupFields>> for LeSetup {
    fn from(f: Option<SetupFields>) -> Self {
        LeSetup {
            avatar: f.and_then(|f| f.avatar),
        }
    }
}

/// A card played this turn (a Coordinated virtual copy names its owner).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub card: Card,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Seat>,
    #[serde(default)]
    pub activated: bool,
}

/// A Strike on an Avatar (a Scar is face down and counts 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wound {
    pub card: Card,
    pub scar: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub avatar: Card,
    /// Top is last.
    pub deck: Vec<Card>,
    pub hand: Vec<Card>,
    pub discard: Vec<Card>,
    pub played: Vec<Played>,
    /// Vigilant cards staying in play.
    pub vigilant: Vec<Card>,
    pub strikes: Vec<Wound>,
    pub defeated: bool,
    /// Turns to skip (the "rejoin" difficulty option).
    #[serde(default)]
    pub skip: u8,
    /// A Coordinate card set aside for the current player this turn.
    #[serde(default)]
    pub set_aside: Option<Card>,
    /// Cliffhangers in front of the player (a Series).
    #[serde(default)]
    pub cliffhangers: Vec<Card>,
    /// Symptoms (Infection): three defeat the player.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub symptoms: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Points and once-per-turn uses of the current turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Attack by class slot (0: no class; see [`Class::slot`]).
    pub attack: [i32; 6],
    pub recruit: [i32; 6],
    pub belief_used: bool,
    pub doubt_used: bool,
    pub played_belief: bool,
    /// Cards whose class ability was used.
    pub class_used: Vec<Card>,
    pub coordinated: Vec<Seat>,
    pub solo_coordinated: bool,
    /// Strikes the current player may still avoid.
    pub avoid: u8,
    /// "Trust No One": no strategy talk, no shown hands.
    pub silence: bool,
}

/// The state of one Evidence slot (rulebook, "Evidence").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Proof {
    Undiscovered,
    Discovered,
    Collected,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvidenceSlot {
    pub card: Card,
    pub priority: u8,
    pub state: Proof,
    /// The Lead that Discovered it.
    pub lead: Option<Card>,
}

/// Where the game is in a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Conspiracy,
    Action,
    Strike,
    Cleanup,
    Over,
}

/// Who or what an ability comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Src {
    pub card: Option<Card>,
    pub label: String,
}

/// Work the game does on its own, kept as data (top is last).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// An ability's program, run for `seat` ("you").
    Run {
        src: Src,
        steps: Vec<Step>,
        pc: u16,
        seat: Seat,
    },
    /// Text the vocabulary cannot say: the players do it by hand.
    Manual {
        src: Src,
        text: String,
        seat: Seat,
    },
    /// A card just turned face up where it is.
    Reveal {
        card: Card,
    },
    /// A card enters the Field (Ravage Strikes the current player).
    EnteredField {
        card: Card,
    },
    /// A revealed Ally found in the Shadows: the current player chooses who gains it.
    AllyTo {
        card: Card,
    },
    /// `seat` is Struck once by `source` (or by an effect).
    Strike {
        seat: Seat,
        source: Option<Card>,
    },
    /// The current player has asked whether to avoid this Strike.
    StrikeAvoid {
        seat: Seat,
        source: Option<Card>,
    },
    /// A Fear Strike: others, in turn, may reveal a Belief to cancel it.
    Fear {
        seat: Seat,
        strike: Card,
        source: Option<Card>,
        asked: Vec<Seat>,
    },
    /// Alone with a Belief to resolve and a Cliffhanger offering another
    /// ("Lessons from the Past"): the player picks one.
    BeliefChoice {
        seat: Seat,
    },
    /// A drawn Strike: players with a Vigilant card that cancels Strikes
    /// (Protector) are asked in turn before it lands.
    Guard {
        seat: Seat,
        strike: Card,
        source: Option<Card>,
        asked: Vec<Seat>,
    },
    /// A drawn Strike lands on `seat`.
    Land {
        seat: Seat,
        strike: Card,
        source: Option<Card>,
    },
    /// A card (in the Field, or a Ranged one in the Shadows) Strikes the
    /// current player `times` times.
    StrikeBy {
        card: Card,
        times: u8,
    },
    /// After a Swift card's Strike: the fight goes on if the player stands.
    FinishFight {
        card: Card,
    },
    /// Resolve a Doubt in `seat`'s hand, if none was resolved this turn.
    DoubtCheck {
        seat: Seat,
    },
    /// Discover Evidence with this Lead (its instructions are done).
    Discovered {
        lead: Card,
    },
    Collected {
        lead: Card,
    },
    /// The End Game is revealed: "The End" begins.
    TheEnd,
    /// A card on the playmat is defeated (an Event after it resolved, an
    /// Ally found outside the Shadows).
    Defeat {
        card: Card,
    },
    /// A Lead leaves play, with the Doubts if it found nothing.
    DefeatLead {
        lead: Card,
    },
    /// The Conspiracy Phase is done: the Action Phase begins.
    StartAction,
    /// The Cleanup Phase's discarding and drawing.
    DiscardAndDraw,
    StrikePhase,
    EndOfTurn,
    Cleanup,
    NextTurn,
}

/// The value of an option of a pending choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Val {
    Card(Card),
    Seat(Seat),
    Place(Place),
    Yes,
    No,
}

/// A pending choice's answer goes to the task on top of the stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToTask;

pub type Choice = choice::PendingChoice<Val, ToTask>;
pub type ChoiceOption = choice::ChoiceOption<Val>;

/// A player's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "a")]
pub enum LeAction {
    /// Play a card from your hand.
    Play {
        card: Card,
    },
    /// Play the virtual copy of a card `from` Coordinated to you.
    PlayCoordinated {
        from: Seat,
    },
    /// Activate a played card's ability (a played Belief: your Avatar's Belief).
    Activate {
        card: Card,
    },
    /// Defeat a card from hand or play for its Sacrifice text.
    Sacrifice {
        card: Card,
    },
    /// Discard a Vigilant card in play for its text.
    Vigilant {
        card: Card,
    },
    Scan {
        place: Place,
    },
    Recruit {
        space: u8,
    },
    RecruitSpecialAgent,
    /// While Susanne Modeski is revealed in the Shadows: a Lone Gunmen
    /// card from outside the game, at its cost, without a Bureau power.
    RecruitOutside {
        card: Card,
    },
    Fight {
        place: Place,
    },
    Discover {
        lead: Card,
    },
    Collect {
        lead: Card,
    },
    /// On another player's turn: set aside a Coordinate card for them.
    Coordinate {
        card: Card,
    },
    /// Alone: discard a Coordinate card to draw one (once per turn).
    SoloCoordinate {
        card: Card,
    },
    EndTurn,
    Choose {
        picks: Vec<u16>,
    },
    Resign,
}

/// A card named in an event.
pub type Name = String;

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "e")]
pub enum LeEvent {
    Setup {
        avatars: Vec<Name>,
        seasons: String,
        academy: Vec<String>,
        end_game_hidden: bool,
        demo: bool,
        set: String,
    },
    TurnBegins {
        seat: Seat,
        turn: u32,
    },
    TurnSkipped {
        seat: Seat,
    },
    /// A hidden Conspiracy card enters the Shadows.
    Conspiracy {
        left: usize,
    },
    /// A card moves from the Shadows into the Field (named if revealed).
    IntoField {
        card: Option<Name>,
    },
    EndGameMoves,
    Revealed {
        card: Name,
        kind: Kind,
        place: Option<Place>,
    },
    Played {
        seat: Seat,
        card: Name,
        virtual_from: Option<Seat>,
    },
    Activated {
        seat: Seat,
        card: Name,
    },
    Scanned {
        seat: Seat,
        place: Place,
        cost: i32,
    },
    Recruited {
        seat: Seat,
        card: Name,
        space: Option<u8>,
        cost: i32,
    },
    Gained {
        seat: Seat,
        card: Name,
    },
    Fought {
        seat: Seat,
        card: Name,
        cost: i32,
    },
    Defeated {
        card: Name,
        kind: Kind,
    },
    Escaped {
        card: Name,
    },
    Drew {
        seat: Seat,
        count: usize,
    },
    DrewCards {
        seat: Seat,
        cards: Vec<Name>,
    },
    Discarded {
        seat: Seat,
        cards: Vec<Name>,
    },
    Shuffled {
        seat: Seat,
    },
    StrikeDrawn {
        seat: Seat,
        strike: Name,
        damage: u8,
        source: Option<Name>,
    },
    Avoided {
        seat: Seat,
        source: Option<Name>,
    },
    Cancelled {
        seat: Seat,
        by: Seat,
    },
    Scarred {
        seat: Seat,
    },
    Healed {
        seat: Seat,
        count: usize,
    },
    StrikesReshuffled,
    PlayerDefeated {
        seat: Seat,
    },
    Rejoins {
        seat: Seat,
    },
    BeliefGained {
        seat: Seat,
    },
    DoubtGained {
        seat: Seat,
    },
    BeliefResolved {
        seat: Seat,
        name: String,
    },
    DoubtResolved {
        seat: Seat,
        name: String,
    },
    DoubtsDefeated {
        count: usize,
    },
    EvidenceDiscovered {
        priority: u8,
        card: Name,
    },
    EvidenceCollected {
        priority: u8,
        card: Name,
    },
    TheEnd,
    EndGameHit {
        damage: u8,
        total: i32,
        health: i32,
    },
    Coordinated {
        from: Seat,
        to: Seat,
        card: Name,
    },
    Manual {
        seat: Seat,
        card: Name,
        text: String,
    },
    Choosing {
        seat: Seat,
        prompt: String,
    },
    Chose {
        seat: Seat,
        what: Vec<String>,
    },
    /// `seat` declined a choice (answered no, or chose nothing).
    Passed {
        seat: Seat,
        prompt: String,
    },
    /// `seat` ended the Action Phase of their turn (/end).
    TurnEnded {
        seat: Seat,
    },
    Silenced {
        seat: Seat,
    },
    Resigned {
        seat: Seat,
    },
    /// Body Swap: `seat` now plays `avatar` (from `with`, or from outside).
    Swapped {
        seat: Seat,
        with: Option<Seat>,
        avatar: Name,
    },
    /// A card recruited from outside the game (Susanne Modeski).
    RecruitedOutside {
        seat: Seat,
        card: Name,
        cost: i32,
    },
    /// A Strike could not be healed: a card in force forbids it.
    HealBarred {
        seat: Seat,
        by: Name,
    },
    /// A Symptom (Infection); the third defeats the player.
    Symptom {
        seat: Seat,
        count: u8,
    },
    /// `by` discarded `card` to cancel the Strike `seat` drew.
    Protected {
        seat: Seat,
        by: Seat,
        card: Name,
    },
    /// A card played on another player's turn.
    PlayedOnTurnOf {
        seat: Seat,
        card: Name,
        turn_of: Seat,
    },
    /// A Cliffhanger in front of `seat` did its text.
    CliffhangerUsed {
        seat: Seat,
        card: Name,
        text: String,
        defeated: bool,
    },
    Over {
        won: bool,
        summary: String,
    },
}

pub type Events = Vec<Event<LeEvent>>;

/// A game of Legendary Encounters: The X-Files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeGame {
    pub options: LeOptions,
    pub set_name: String,
    pub demo: bool,
    /// The definitions of the cards in this game (stored as ids when they
    /// are all the embedded demo set's: see `defs_serde`).
    #[serde(with = "data::defs_serde")]
    pub defs: Vec<CardDef>,
    /// Each card's definition (index into `defs`).
    pub inst: Vec<u16>,
    pub board: data::Board,
    pub rng: GameRng,
    pub players: Vec<Player>,
    pub current: Seat,
    pub turn_no: u32,
    pub phase: Phase,
    pub turn: Turn,
    /// Top is last.
    pub conspiracy: Vec<Card>,
    pub shadows: [Option<Slot>; 5],
    pub field: Vec<Slot>,
    pub bureau: [Option<Slot>; 5],
    pub academy: Vec<Card>,
    pub special_agents: Vec<Card>,
    pub strike_deck: Vec<Card>,
    pub strike_discard: Vec<Card>,
    pub beliefs: Vec<Card>,
    pub doubts: Vec<Card>,
    pub evidence: Vec<EvidenceSlot>,
    /// Cards in the box: not in this game ("outside the game").
    pub outside: Vec<Card>,
    /// Top is last; the order matters (rulebook, "Defeating Cards").
    pub defeated_conspiracy: Vec<Card>,
    pub defeated_characters: Vec<Card>,
    pub end_game: Card,
    pub the_end: bool,
    /// Strikes drawn as damage to the End Game.
    pub end_game_damage: Vec<Card>,
    /// Health and Defense the End Game gained (Evidence, Syndicate).
    pub end_game_bonus: (i32, i32),
    /// Replication's Clone, a second End Game, once placed.
    #[serde(default)]
    pub clone: Option<Card>,
    #[serde(default)]
    pub clone_damage: Vec<Card>,
    /// The hidden Evidence put above the mat for the Clone.
    #[serde(default)]
    pub clone_evidence: Vec<Card>,
    #[serde(default)]
    pub clone_bonus: (i32, i32),
    pub revealed_once: Vec<Card>,
    pub defeated_once: Vec<Card>,
    /// The card most recently gained, for `top_deck`.
    pub last_gained: Option<(Seat, Card)>,
    pub tasks: Vec<Task>,
    /// The answer to the last choice, for the task on top.
    pub answer: Option<Vec<Val>>,
    pub choice: Option<Choice>,
    pub outcome: Option<Outcome>,
}

impl LeGame {
    /// What a default move must not spend: the seat's cards (a Doubt is
    /// none: the rules defeat it when drawn), its hand, and the turn's
    /// points when it is the current player.
    fn holdings(&self, seat: Seat) -> Vec<i64> {
        let p = self.player(seat);
        let asset = |c: &&Card| self.def(**c).kind != Kind::Doubt;
        let played = p
            .played
            .iter()
            .filter(|x| x.from.is_none())
            .map(|x| &x.card);
        let piles = p.deck.iter().chain(&p.hand).chain(&p.discard);
        let cards = piles.chain(&p.vigilant).chain(played).filter(asset).count();
        let points: i32 = if seat == self.current {
            self.turn.attack.iter().chain(&self.turn.recruit).sum()
        } else {
            0
        };
        vec![
            cards as i64,
            p.hand.iter().filter(asset).count() as i64,
            i64::from(points),
        ]
    }

    pub fn def(&self, card: Card) -> &CardDef {
        &self.defs[usize::from(self.inst[usize::from(card)])]
    }

    pub fn name(&self, card: Card) -> Name {
        self.def(card).name.clone()
    }

    /// Players still in the game, the current player first, then clockwise.
    pub fn in_turn_order(&self) -> Vec<Seat> {
        let n = self.players.len() as Seat;
        (0..n)
            .map(|i| (self.current + i) % n)
            .filter(|s| !self.players[usize::from(*s)].defeated)
            .collect()
    }

    /// The next player still in the game after `seat` (`seat` itself when alone).
    pub fn next_after(&self, seat: Seat) -> Seat {
        let n = self.players.len() as Seat;
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|s| !self.players[usize::from(*s)].defeated)
            .unwrap_or(seat)
    }

    pub fn alone(&self) -> bool {
        self.in_turn_order().len() <= 1
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat)]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat)]
    }

    /// Damage on an Avatar: each Strike's number, each Scar 1.
    pub fn damage(&self, seat: Seat) -> i32 {
        self.player(seat)
            .strikes
            .iter()
            .map(|w| {
                if w.scar {
                    1
                } else {
                    i32::from(self.def(w.card).strike_damage())
                }
            })
            .sum()
    }

    pub fn health(&self, seat: Seat) -> i32 {
        i32::from(self.def(self.player(seat).avatar).health.unwrap_or(0))
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Where a card on the playmat is.
    pub fn place_of(&self, card: Card) -> Option<Place> {
        let on = |s: &Option<Slot>| s.is_some_and(|s| s.card == card);
        if let Some(i) = self.shadows.iter().position(on) {
            return Some(Place::Shadows(i as u8));
        }
        if let Some(i) = self.bureau.iter().position(on) {
            return Some(Place::Bureau(i as u8));
        }
        self.field
            .iter()
            .position(|s| s.card == card)
            .map(|i| Place::Field(i as u8))
    }

    /// A card face up on the playmat (Shadows, Field or Bureau).
    pub fn is_revealed(&self, card: Card) -> bool {
        self.place_of(card)
            .and_then(|p| self.slot_at(p))
            .is_some_and(|s| !s.hidden)
    }

    pub fn slot_at(&self, place: Place) -> Option<Slot> {
        match place {
            Place::Shadows(i) => self.shadows.get(usize::from(i)).copied().flatten(),
            Place::Bureau(i) => self.bureau.get(usize::from(i)).copied().flatten(),
            Place::Field(i) => self.field.get(usize::from(i)).copied(),
        }
    }

    /// Brings a card from outside the game (a scripted scenario, a card
    /// "from outside the game"): it starts in the box.
    pub fn new_card(&mut self, def: CardDef) -> Card {
        let d = match self.defs.iter().position(|x| *x == def) {
            Some(d) => d,
            None => {
                self.defs.push(def);
                self.defs.len() - 1
            }
        };
        self.inst.push(d as u16);
        let card = (self.inst.len() - 1) as Card;
        self.outside.push(card);
        card
    }

    /// Takes a card out of the box (see [`LeGame::new_card`]).
    pub fn from_outside(&mut self, card: Card) -> bool {
        let before = self.outside.len();
        self.outside.retain(|c| *c != card);
        before != self.outside.len()
    }

    fn not_your_move(&self, seat: Seat) -> Refusal {
        Refusal::not_your_move(seat, &self.to_act())
    }
}

fn over_refusal() -> Refusal {
    Refusal::new("the game is over")
}

impl Game for LeGame {
    type Options = LeOptions;
    type Setup = LeSetup;
    type Action = LeAction;
    type Event = LeEvent;
    type View = LeView;

    const FORMAT: u32 = 1;

    fn seats(_options: &LeOptions) -> std::ops::RangeInclusive<usize> {
        1..=5
    }

    fn new(options: LeOptions, setups: Vec<LeSetup>, seed: u64) -> Result<Stepped<Self>, Refusal> {
        setup::new_game(options, setups, seed)
    }

    fn apply(&mut self, seat: Seat, action: &LeAction) -> Result<Events, Refusal> {
        if self.is_over() {
            return Err(over_refusal());
        }
        if usize::from(seat) >= self.players.len() {
            return Err(Refusal::new("that seat is not at this table"));
        }
        let mut events = Vec::new();
        act::apply(self, seat, action, &mut events)?;
        self.settle(&mut events);
        Ok(events)
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.is_over() {
            return Vec::new();
        }
        match &self.choice {
            Some(c) => vec![c.seat],
            None => vec![self.current],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<LeAction> {
        legal::legal_actions(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, viewer: Viewer) -> LeView {
        view::view(self, viewer)
    }

    /// The end of the turn (the Cleanup discards and draws by the rules),
    /// else the answer to a pending choice that costs the seat least (its
    /// cards, its hand, the turn's points); never a card played, recruited
    /// or sacrificed.
    fn default_action(&self, seat: Seat) -> Option<LeAction> {
        let legal = self.legal_actions(seat);
        if legal.contains(&LeAction::EndTurn) {
            return Some(LeAction::EndTurn);
        }
        let mut answers: Vec<LeAction> = legal
            .into_iter()
            .filter(|a| matches!(a, LeAction::Choose { .. }))
            .collect();
        // Declining a choice that allows it comes first among equals.
        answers.sort_by_key(|a| !matches!(a, LeAction::Choose { picks } if picks.is_empty()));
        crate::engine::cheapest_answer(self, seat, answers, |g| g.holdings(seat))
    }

    fn resigns(action: &LeAction) -> bool {
        matches!(action, LeAction::Resign)
    }

    fn reveals(event: &LeEvent) -> bool {
        matches!(
            event,
            LeEvent::Revealed { .. }
                | LeEvent::StrikeDrawn { .. }
                | LeEvent::EvidenceDiscovered { .. }
                | LeEvent::Conspiracy { .. }
                | LeEvent::Drew { .. }
        )
    }
}
