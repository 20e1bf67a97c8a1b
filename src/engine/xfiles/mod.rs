//! The X-Files CCG Advanced Game (Advanced Rules and Procedures Manual,
//! page numbers cited throughout as "p. N").
//!
//! A turn runs Briefing, Healing, Requisition, Deployment, Case Assignment,
//! Investigation and Debriefing (pp. 8-9). Skill checks are response stacks
//! (pp. 28-29); combat is one Long Range round then Close Range rounds
//! (pp. 31-35); a successful investigation earns a yes/no question about the
//! Directed Player's hidden X-File, answered by the engine (p. 37).
//!
//! Card behaviour comes from `cards/xfiles-ccg/effects.json`; a card whose
//! text is not fully automated is still played (paid, Activators checked) and
//! its remaining effect applied with [`Manual`] steps, each logged publicly.

mod actions;
mod briefing;
mod check;
mod combat;
mod deploy;
mod legal;
mod play;
mod setup;
mod site;
mod turn;
mod view;

use serde::{Deserialize, Serialize};

pub use actions::{AgentRef, Manual, XfAction};
pub use legal::{consistent_xfiles, describe};
pub use setup::is_bluff as is_real_bluff;
pub use view::{AgentView, PlayerView, SiteView, XfView};

use super::{Event, Game, GameRng, Outcome, Refusal, Seat, Stepped, Viewer};
use crate::cards::effects::Section;
use crate::cards::{CardIdx, Category, Skill, Trait, db};
use crate::decks::StoredDeck;

/// What the players agreed before the game (pp. 42-45).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct XfOptions {
    /// Killer-Keyword cards allowed (p. 42).
    pub killer: bool,
    /// Optional rule: a successful investigation earns a question *or* a guess (p. 42).
    pub question_or_guess: bool,
    /// Optional rule: one guess per game; a wrong guess loses (p. 42).
    pub one_guess: bool,
    /// Cards a hand may hold after the Debriefing (p. 38).
    pub hand_limit: u8,
}

impl Default for XfOptions {
    fn default() -> Self {
        XfOptions {
            killer: false,
            question_or_guess: false,
            one_guess: false,
            hand_limit: 7,
        }
    }
}

/// An Agent on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agent {
    pub card: CardIdx,
    pub section: Section,
    pub damage: u8,
    /// Team number within the section (p. 23).
    pub team: u8,
    pub equipment: Vec<CardIdx>,
    /// Bought from the hand this turn: no Game Effect, discarded at Debriefing (p. 15).
    pub temporary: bool,
    /// Tokens of its Game Effect (free Sites, Bluff peeks).
    pub tokens: u8,
    /// Its dedicated RP is on the card (p. 7 of the Rules Assistant).
    pub dedicated_rp: bool,
    /// Wounded by an Adversary that blocks healing until a HEALING card.
    pub heal_blocked: bool,
    /// Investigated a Site this turn (an Agent investigates once a turn, p. 27).
    pub investigated: bool,
}

impl Agent {
    pub fn health(&self) -> u8 {
        db().get(self.card).skill(Skill::Health).max(0) as u8
    }

    pub fn current_health(&self) -> u8 {
        self.health().saturating_sub(self.damage)
    }

    /// May leave the Hospital: current HEALTH 3+, or fully healed (p. 20).
    pub fn may_leave_hospital(&self) -> bool {
        self.current_health() >= 3.min(self.health())
    }
}

/// A card placed face down under a Site (p. 25).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bluff {
    pub card: CardIdx,
    pub owner: Seat,
}

/// A Site in the Field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteInPlay {
    pub card: CardIdx,
    pub owner: Seat,
    /// The opponent the Site's question is directed at (p. 40).
    pub directed: Seat,
    pub bluffs: Vec<Bluff>,
    /// Its Keywords now (cards may change them, p. 17).
    pub keywords: Vec<crate::cards::Keyword>,
    pub played_turn: u32,
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub deck: Vec<CardIdx>,
    pub hand: Vec<CardIdx>,
    pub discard: Vec<CardIdx>,
    pub removed: Vec<CardIdx>,
    pub candidates: Vec<CardIdx>,
    pub xfile: Option<CardIdx>,
    pub rp: u32,
    pub cp: u32,
    /// RP that must be spent buying cards this Briefing (Agent Mulder).
    pub buy_only_rp: u32,
    pub agents: Vec<Agent>,
    /// RESOURCE cards and Witnesses staying on the table (p. 17).
    pub in_play: Vec<CardIdx>,
    /// Left the game (resigned or timed out).
    pub out: bool,
    pub notebook: Vec<Note>,
    pub wrong_guesses: u8,
}

/// What a player learned about an opponent's X-File.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Note {
    Answer {
        about: Seat,
        category: Category,
        value: Trait,
        yes: bool,
    },
    WrongGuess {
        about: Seat,
        xfile: CardIdx,
    },
}

/// A card played and waiting on the stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub card: CardIdx,
    pub player: Seat,
    pub mode: u8,
    pub target: Option<Target>,
    pub x: u32,
}

/// What a card is played on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Agent(AgentRef),
    /// A card on the stack, by position from the bottom.
    Stack(usize),
    Site(usize),
    /// The Adversary in combat.
    Adversary,
    Value(Trait),
}

/// A skill check in progress: the Site's, or one a card forces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// Skill and threshold of each part ("A 3+ and B 3+" has two).
    pub needs: Vec<(Skill, u8)>,
    /// Card modifiers: (skill or any, amount).
    pub mods: Vec<(Option<Skill>, i32)>,
    /// Titles used in this check: the same card may not be used twice (p. 29).
    pub used: Vec<String>,
    pub stack: Vec<Pending>,
    pub priority: Seat,
    pub passes: u8,
}

/// Combat with one Adversary (pp. 31-35).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub adversary: CardIdx,
    pub owner: Seat,
    pub damage: u8,
    pub round: CombatRound,
    pub step: CombatStep,
    pub stack: Vec<Pending>,
    pub priority: Seat,
    pub passes: u8,
    /// This round's modifiers.
    pub agent_bonus: Vec<(AgentRef, Skill, i32)>,
    pub adversary_bonus: i32,
    pub agents_reduce: u8,
    pub adversary_reduce: u8,
    /// This round's damage, computed when the cards are done: the
    /// Adversary's (to assign) and the Agents' (to the Adversary).
    pub pending_damage: u8,
    pub pending_agents: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatRound {
    Long,
    Close,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStep {
    /// Combat cards may be played before damage.
    Cards,
    /// The Adversary's player assigns its damage.
    Assign,
    /// After damage: cards such as First Aid may still save an Agent.
    AfterDamage,
}

/// The investigation of one Site.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Investigation {
    pub site: usize,
    /// The Agents sent (owner is the active player).
    pub team: Vec<CardIdx>,
    /// Agents of the team that may not contribute (Car Troubles).
    pub benched: Vec<CardIdx>,
    pub stage: Stage,
    pub check: Check,
    pub combat: Option<Combat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The owner of the revealed Bluff decides whether to pay for it.
    Bluff,
    /// The team's player picks the Agents a Bluff lets through.
    ChooseAgents { keep: u8 },
    /// The skill check subroutine.
    Check,
    /// Success: the investigator may ask and/or guess.
    Resolve { asked: bool, guessed: bool },
    /// A wrong guess: the Directed Player may ask or guess back (p. 37).
    Penalty,
}

/// Where the turn is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Set-up: players choose their X-File in secret.
    ChooseXFile,
    /// Briefing: the active player's free draw and RP.
    Draw,
    /// Briefing: the active player buys cards.
    Buy,
    /// Briefing: this opponent sells cards for CP, then buys.
    Trade(Seat),
    Requisition,
    Deployment,
    CaseAssignment,
    /// Opponents place Bluffs, in turn from the active player's left.
    Bluffing(Seat),
    /// Choosing a Site to investigate (or ending the phase).
    Investigation,
    /// Investigating a Site.
    Investigating,
    Debriefing,
    Over,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct XfGame {
    pub options: XfOptions,
    rng: GameRng,
    pub players: Vec<Player>,
    pub active: Seat,
    pub turn: u32,
    pub phase: Phase,
    pub sites: Vec<SiteInPlay>,
    pub investigation: Option<Investigation>,
    /// Titles of Sites played this turn (two identical Sites not in one turn, p. 24).
    pub sites_this_turn: Vec<String>,
    pub guessed_this_turn: bool,
    pub outcome: Option<Outcome>,
}

type Events = Vec<Event<XfEvent>>;

/// What happened (each carries its audience in the [`Event`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XfEvent {
    Dealt {
        seat: Seat,
        cards: usize,
    },
    YourCards {
        cards: Vec<CardIdx>,
    },
    XFileChosen {
        seat: Seat,
    },
    YourXFile {
        card: CardIdx,
    },
    FirstPlayer {
        seat: Seat,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    Drew {
        seat: Seat,
        count: usize,
    },
    DrewCards {
        cards: Vec<CardIdx>,
    },
    Reshuffled {
        seat: Seat,
    },
    Resources {
        seat: Seat,
        rp: u32,
        cp: u32,
    },
    Bought {
        seat: Seat,
        count: u32,
        pool: crate::cards::Pool,
    },
    Sold {
        seat: Seat,
        cards: Vec<CardIdx>,
        cp: u32,
    },
    LostRp {
        seat: Seat,
        amount: u32,
    },
    Healed {
        agent: AgentRef,
        amount: u8,
    },
    Equipped {
        agent: AgentRef,
        card: CardIdx,
    },
    Moved {
        agent: AgentRef,
        section: Section,
        team: u8,
    },
    AgentBought {
        agent: AgentRef,
    },
    SitePlayed {
        seat: Seat,
        card: CardIdx,
        directed: Seat,
    },
    BluffPlaced {
        seat: Seat,
        site: usize,
    },
    Investigates {
        site: usize,
        team: Vec<CardIdx>,
        skill: Skill,
        threshold: u8,
    },
    BluffRevealed {
        owner: Seat,
        card: CardIdx,
        is_bluff: bool,
    },
    BluffPaid {
        owner: Seat,
        card: CardIdx,
        cost: u32,
    },
    BluffDiscarded {
        owner: Seat,
        card: CardIdx,
    },
    AgentsKept {
        kept: Vec<CardIdx>,
    },
    Played {
        seat: Seat,
        card: CardIdx,
        cost: u32,
        pool: crate::cards::Pool,
    },
    Resolved {
        card: CardIdx,
        manual: bool,
    },
    Negated {
        card: CardIdx,
        by: CardIdx,
    },
    CheckStands {
        total: i32,
        needed: i32,
    },
    CombatBegins {
        adversary: CardIdx,
        round: CombatRound,
    },
    CombatDamage {
        agents_deal: i32,
        adversary_deals: i32,
        to: Vec<(AgentRef, u8)>,
    },
    ToHospital {
        agent: AgentRef,
    },
    AdversaryKilled {
        card: CardIdx,
    },
    CombatOver {
        adversary: CardIdx,
    },
    CheckResult {
        success: bool,
        total: i32,
        needed: i32,
    },
    Asked {
        seat: Seat,
        of: Seat,
        category: Category,
        value: Trait,
    },
    Answer {
        of: Seat,
        category: Category,
        value: Trait,
        yes: bool,
    },
    Guessed {
        seat: Seat,
        of: Seat,
        xfile: CardIdx,
        right: bool,
    },
    SiteDiscarded {
        card: CardIdx,
    },
    Discarded {
        seat: Seat,
        cards: Vec<CardIdx>,
    },
    PeekedBluff {
        site: usize,
        card: CardIdx,
    },
    ManualStep {
        seat: Seat,
        text: String,
    },
    Resigned {
        seat: Seat,
    },
    GameOver {
        outcome: Outcome,
    },
}

impl Game for XfGame {
    type Options = XfOptions;
    type Setup = StoredDeck;
    type Action = XfAction;
    type Event = XfEvent;
    type View = XfView;

    const FORMAT: u32 = 1;

    fn seats(_: &XfOptions) -> std::ops::RangeInclusive<usize> {
        2..=6
    }

    fn new(
        options: XfOptions,
        setups: Vec<StoredDeck>,
        seed: u64,
    ) -> Result<Stepped<Self>, Refusal> {
        setup::new_game(options, setups, seed)
    }

    fn apply(&mut self, seat: Seat, action: &XfAction) -> Result<Events, Refusal> {
        actions::apply(self, seat, action)
    }

    fn to_act(&self) -> Vec<Seat> {
        turn::to_act(self)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<XfAction> {
        legal::legal_actions(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, viewer: Viewer) -> XfView {
        view::view(self, viewer)
    }
}

impl XfGame {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat)]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat)]
    }

    /// The seats still in the game, in turn order from `from` (excluded).
    pub fn others_from(&self, from: Seat) -> Vec<Seat> {
        let n = self.players.len() as Seat;
        (1..n)
            .map(|i| (from + i) % n)
            .filter(|s| !self.players[usize::from(*s)].out)
            .collect()
    }

    pub fn agent(&self, r: AgentRef) -> Option<&Agent> {
        self.players
            .get(usize::from(r.seat))?
            .agents
            .iter()
            .find(|a| a.card == r.card)
    }

    fn agent_mut(&mut self, r: AgentRef) -> Option<&mut Agent> {
        self.players
            .get_mut(usize::from(r.seat))?
            .agents
            .iter_mut()
            .find(|a| a.card == r.card)
    }

    /// Draws `n` cards, reshuffling the discard pile when the deck runs out (p. 6).
    fn draw(&mut self, seat: Seat, n: usize, events: &mut Events) -> Vec<CardIdx> {
        let mut drawn = Vec::new();
        for _ in 0..n {
            if self.player(seat).deck.is_empty() {
                let p = &mut self.players[usize::from(seat)];
                if p.discard.is_empty() {
                    break;
                }
                p.deck = std::mem::take(&mut p.discard);
                self.rng.shuffle(&mut self.players[usize::from(seat)].deck);
                events.push(Event::public(XfEvent::Reshuffled { seat }));
            }
            let card = self.player_mut(seat).deck.remove(0);
            self.player_mut(seat).hand.push(card);
            drawn.push(card);
        }
        drawn
    }

    fn take_from_hand(&mut self, seat: Seat, card: CardIdx) -> Result<(), Refusal> {
        let rest = self.hand_without(seat, &[card])?;
        self.player_mut(seat).hand = rest;
        Ok(())
    }

    /// The seat's hand once these cards (each once) are taken out, or which
    /// one is not there.
    fn hand_without(&self, seat: Seat, cards: &[CardIdx]) -> Result<Vec<CardIdx>, Refusal> {
        let mut rest = self.player(seat).hand.clone();
        for card in cards {
            let i = rest.iter().position(|c| c == card).ok_or_else(|| {
                Refusal::new(format!("{} is not in your hand", db().get(*card).title))
            })?;
            rest.remove(i);
        }
        Ok(rest)
    }

    fn finish(&mut self, winners: Vec<Seat>, summary: String, events: &mut Events) {
        let outcome = Outcome {
            winners,
            scores: None,
            summary,
        };
        self.outcome = Some(outcome.clone());
        self.phase = Phase::Over;
        self.investigation = None;
        events.push(Event::public(XfEvent::GameOver { outcome }));
    }
}
