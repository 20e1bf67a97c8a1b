//! The X-Files CCG Advanced Game (Advanced Rules and Procedures Manual,
//! page numbers cited throughout as "p. N").
//!
//! A turn runs Briefing, Healing, Requisition, Deployment, Case Assignment,
//! Investigation and Debriefing (pp. 8-9). Every card played waits on one
//! stack; players answer in turn (a *frame*: a skill check, a combat, or a
//! plain response window) and the last card played resolves first (pp. 16,
//! 28-29). Combat is one Long Range round then Close Range rounds (pp.
//! 31-35); a successful investigation earns a yes/no question about the
//! Directed Player's hidden X-File, answered by the engine (p. 37).
//!
//! What cards do comes from their scripts (`effects`): one interpreter runs
//! every ability, trigger, static and replacement. A card whose text is not
//! fully scripted is still played (paid, Activators checked) and the rest is
//! done with logged [`Manual`] steps.
//!
//! One file per part of the turn: `briefing`, `deploy`, `site` (Sites,
//! Bluffs, questions), `stack` (the one stack and its *frames*: a skill check,
//! a combat, a response window give players priority in turn), `attacks`
//! (what waits on the stack as an Adversary besides one card: an Agent's
//! attack, Adversaries played as one), `combat` (foes, per-source damage,
//! round effects), `play` (pools, costs, Activators), `table` (changes to
//! Agents and cards in play), `turn`, `legal` (each candidate tried on one
//! scratch copy remade with `clone_from`, which reuses its buffers), `view`,
//! `powers`.
//!
//! The Basic Game is this engine with `XfOptions::basic` set (`basic.rs`:
//! what its set-up sets aside, the ten-card refill, three cards a player,
//! Debriefing discards, the wound; its scripts are the embedded ones without
//! Agents' Game Effects and with every Adversary wounding, `basic_scripts`);
//! the app hosts it as a second kind (`Host::as_kind`, `GameUi::variant`).
//!
//! The AI (`ai.rs`) plays from its seat's view; at `hard` it searches through
//! the shared `engine::search` (`search.rs`: when, which moves, the horizon;
//! `world.rs`: the seat's table, every card it cannot see blanked, sampled
//! from the notebook's candidates and the cards the opponent has shown).

mod actions;
mod ai;
mod attacks;
pub mod basic;
mod briefing;
mod combat;
mod deploy;
pub mod effects;
mod legal;
mod manual;
mod play;
pub mod powers;
mod search;
mod setup;
mod site;
mod stack;
mod table;
mod turn;
mod view;
mod world;

use serde::{Deserialize, Serialize};

pub use actions::{AgentRef, XfAction};
pub use basic::{BasicRules, Chooser};
pub use combat::{Combat, CombatRound, CombatStep, Combatant, Foe};
pub use effects::state::{ChoiceOption, PendingChoice, Val};
pub use legal::{consistent_xfiles, describe, every_play, xfiles_fitting};
pub use manual::{Manual, ManualCard, ManualKind, scope_of as manual_scope};
pub use setup::is_bluff as is_real_bluff;
pub use stack::PlayArgs;
pub use view::{AgentView, Awaiting, InvestigationView, ManualView, PlayerView, SiteView, XfView};
pub use world::Table;

use super::{Event, Game, GameRng, Outcome, Refusal, Seat, Stepped, Viewer};
use crate::cards::{CardIdx, Category, Keyword, Pool, Section, Skill, Trait, db};
use crate::decks::StoredDeck;
use effects::ast::{Duration, Modifier};
use effects::db::Scripts;
use effects::state::Resolution;

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
    /// Optional rule: X-File Powers (pp. 43-45).
    pub powers: bool,
    /// Cards a hand may hold after the Debriefing (p. 38).
    pub hand_limit: u8,
    /// Income Witnesses (Dr. Osborne...) earn on every turn (FAQ97 #23,
    /// Rules Assistant p. 8) rather than on their controller's own turn
    /// only (FAQ21 #31, the default).
    #[serde(default)]
    pub income_any_turn: bool,
    /// Games stored before the table rules of November 2026 keep the old
    /// ones, so their logs replay exactly: any player makes manual steps at
    /// any time (see `manual`), and `/pass` ends a Site with an earned
    /// question still unasked.
    #[serde(default = "stored_before_table_rules")]
    pub legacy_manual: bool,
    /// The end of the Case Assignment Phase is a moment of its own
    /// ([`Phase::CaseEnd`]); games stored before it keep going straight to
    /// the Investigation Phase, so their logs replay exactly.
    #[serde(default)]
    pub case_end: bool,
    /// A Site keeps its number for the whole game ([`XfGame::site_number`]);
    /// games stored before renumber the Sites at each turn's start, so
    /// their logs replay exactly.
    #[serde(default)]
    pub stable_site_numbers: bool,
    /// The Basic Game's rules (`None`: the Advanced Game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basic: Option<BasicRules>,
}

fn stored_before_table_rules() -> bool {
    true
}

impl XfOptions {
    /// The construction rules a deck must meet for this game.
    pub fn deck_format(&self) -> crate::decks::DeckFormat {
        let killer_cards = self.killer;
        match self.basic {
            Some(_) => crate::decks::DeckFormat::Basic { killer_cards },
            None => crate::decks::DeckFormat::Advanced { killer_cards },
        }
    }
}

impl Default for XfOptions {
    fn default() -> Self {
        XfOptions {
            killer: false,
            question_or_guess: false,
            one_guess: false,
            powers: false,
            hand_limit: 7,
            income_any_turn: false,
            legacy_manual: false,
            case_end: true,
            stable_site_numbers: true,
            basic: None,
        }
    }
}

/// Why an Agent is out of play for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Away {
    /// Taken out of play for one of its owner's full turns (training cards,
    /// Rules Assistant p. 4): back at the start of the owner's turn after.
    Training { turns: u8 },
    /// Held under a card until its tokens are gone (Oubliette).
    Held { perm: u32 },
}

/// An Agent on the table.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agent {
    pub card: CardIdx,
    pub section: Section,
    pub damage: u8,
    /// Team number within the section (p. 23).
    pub team: u8,
    /// Bought from the hand this turn: no Game Effect, discarded at Debriefing (p. 15).
    pub temporary: bool,
    /// Tokens of its Game Effect (free Sites, Bluff peeks, ...).
    pub tokens: u8,
    /// Its dedicated RP is on the card (Rules Assistant p. 7).
    pub dedicated_rp: bool,
    /// Wounded by an Adversary that blocks healing until a HEALING card.
    pub heal_blocked: bool,
    /// Investigated a Site this turn (an Agent investigates once a turn, p. 27).
    pub investigated: bool,
    /// Out of play for a while (training, held under a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away: Option<Away>,
    /// Borrowed from another player for this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrowed_from: Option<Seat>,
    /// A borrowed Agent's section and Team with its owner, where it returns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<(Section, u8)>,
    /// May not leave the Hospital before fully healed (Internal Bleeding).
    #[serde(default)]
    pub until_healed: bool,
    /// Permanent HEALTH lost (Unnatural Aging); HEALTH never below 1.
    #[serde(default)]
    pub health_lost: u8,
    /// Cost lost for good (Terminal Damage).
    #[serde(default)]
    pub cost_lost: u8,
    /// Heals at half rate and no card heals it (Brother Martin), until
    /// its damage is gone.
    #[serde(default)]
    pub slow_heal: bool,
    /// Keywords gained (Dana Scully, Abducted: BELIEVER).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Abilities used: (ability index, turn); turn 0 = once a game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<(u8, u32)>,
    /// The Site it investigated first this turn (Driving: a second one in
    /// the same state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_site: Option<CardIdx>,
    /// Back from the Hospital for one more skill check (True Grit): goes
    /// back when a check it was part of ends, or when the turn ends.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_check: bool,
    /// Values its Game Effect keeps (a card marked by Albert Hosteen).
    #[serde(default, skip_serializing_if = "effects::state::Vars::is_empty")]
    pub data: effects::state::Vars,
}

crate::engine::clone_reusing!(Agent {
    card,
    section,
    damage,
    team,
    temporary,
    tokens,
    dedicated_rp,
    heal_blocked,
    investigated,
    away,
    borrowed_from,
    home,
    until_healed,
    health_lost,
    cost_lost,
    slow_heal,
    keywords,
    used,
    first_site,
    last_check,
    data
});

impl Agent {
    /// Printed HEALTH less any permanent loss (cards in play may add to it:
    /// see [`XfGame::max_health`]).
    pub fn health(&self) -> u8 {
        (db().get(self.card).skill(Skill::Health) - i32::from(self.health_lost)).clamp(1, 255) as u8
    }

    pub fn current_health(&self) -> u8 {
        self.health().saturating_sub(self.damage)
    }
}

/// A card placed under a Site (p. 25).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bluff {
    pub card: CardIdx,
    pub owner: Seat,
    /// Turned face up by a card (The Plain-Clothes Man): everyone knows it.
    #[serde(default)]
    pub shown: bool,
    /// CP it costs less than printed when revealed, when not the rule's 1
    /// (p. 25): placed from under Men In Black, 2 (FAQ21 #65).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub less: Option<u32>,
}

/// A Site in the Field.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteInPlay {
    /// Stable for the Site's life (indexes shift as Sites leave).
    pub id: u32,
    pub card: CardIdx,
    pub owner: Seat,
    /// The opponent the Site's question is directed at (p. 40).
    pub directed: Seat,
    pub bluffs: Vec<Bluff>,
    /// Its Keywords now (cards may change them, p. 17).
    pub keywords: Vec<Keyword>,
    /// Question categories now, when a card changed them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Vec<Category>>,
    pub played_turn: u32,
}

crate::engine::clone_reusing!(SiteInPlay {
    id,
    card,
    owner,
    directed,
    bluffs,
    keywords,
    question,
    played_turn
});

/// Where a card in play sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A section of a player's side of the table.
    Section(Seat, Section),
    /// Next to a player's X-File.
    XFile(Seat),
    /// Attached to an Agent (Equipment, training cards).
    Agent(AgentRef),
    /// Played on a Site.
    Site(u32),
}

/// A card in play other than an Agent or a Site: Equipment, RESOURCE cards,
/// Witnesses that stay, cards placed under an Agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Permanent {
    pub id: u32,
    pub card: CardIdx,
    /// Whose card it is (its Discard Pile).
    pub owner: Seat,
    pub controller: Seat,
    pub place: Place,
    pub tokens: u8,
    /// Cards kept under it (face down unless said otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub under: Vec<CardIdx>,
    /// Abilities used: (ability index, turn); turn 0 = once a game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<(u8, u32)>,
    /// Values the card keeps (a chosen Agent, a named characteristic).
    #[serde(default, skip_serializing_if = "effects::state::Vars::is_empty")]
    pub data: effects::state::Vars,
    /// Discarded at the end of the turn (a Witness without RESOURCE,
    /// Rules Assistant p. 9).
    #[serde(default)]
    pub this_turn: bool,
    /// Its Keywords when a card changed them (empty: as printed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
}

/// A modifier made by a resolved effect, for a while.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub modifier: Modifier,
    pub card: CardIdx,
    pub controller: Seat,
    pub until: Duration,
    /// The check, combat or card in play it is tied to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<u32>,
    pub turn: u32,
}

/// Something that happened this turn, for cards played "after ..." (kept
/// until the turn ends: how xfiles-bot plays "just").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fact {
    AdversaryHospitalized {
        seat: Seat,
    },
    AdversaryKilled,
    SiteSucceeded {
        skill: Skill,
        /// The Team's total was exactly the prerequisite number.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exact: bool,
    },
    SiteFailed {
        combat: bool,
        /// The Site card and its Keywords then, and the Team that failed
        /// (Suspect Description, Krycek Possessed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        site: Option<CardIdx>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keywords: Vec<Keyword>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        team: Vec<AgentRef>,
    },
    Asked {
        seat: Seat,
        of: Seat,
    },
    /// A card under a Site was revealed.
    BluffRevealed {
        site: u32,
        card: CardIdx,
    },
    WrongGuess {
        seat: Seat,
    },
    CombatEnded {
        adversary: CardIdx,
        /// The player whose Adversary it was.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner: Option<Seat>,
    },
    /// The Agent as it was, so a card may keep it in play (Samuel Hartley).
    AgentRemoved {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agent: Option<Box<Agent>>,
    },
    /// An Agent was moved between sections by the rules or a card (not by
    /// its player's deployment): what "forced to go to the Hospital" and
    /// "forced to return to the Bureau" answer.
    Went {
        agent: AgentRef,
        from: Section,
        to: Section,
        /// The card whose effect moved it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<CardIdx>,
    },
    Sold {
        seat: Seat,
        /// The CP the sale generated.
        #[serde(default)]
        cp: u32,
    },
    /// An opponent paid for cards in the active player's Briefing Phase.
    PaidToDraw {
        seat: Seat,
    },
    /// A card was negated (it went to its owner's Discard Pile).
    Negated {
        card: CardIdx,
    },
    /// A card healed the Agent.
    Healed {
        agent: AgentRef,
    },
    /// An Agent took damage in a combat (the X-File Power Possession).
    CombatHurt {
        agent: AgentRef,
    },
    /// A card the player played took these cards from his Bureau deck into
    /// his hand and showed them (A Call for Help; answered by A False Leads).
    Searched {
        seat: Seat,
        cards: Vec<CardIdx>,
    },
}

/// One player's side of the table.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Left the game (resigned or timed out).
    pub out: bool,
    pub notebook: Vec<Note>,
    pub wrong_guesses: u8,
    /// Abducted Agents lying face up in the deck (back to the Hospital when drawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_up: Vec<CardIdx>,
    /// Characteristics of this player's X-File announced to everyone (X-File Powers, p. 43).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announced: Vec<Category>,
    /// X-File Powers this player has gained (announced), with their tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<powers::PowerState>,
}

crate::engine::clone_reusing!(Player {
    deck,
    hand,
    discard,
    removed,
    candidates,
    xfile,
    rp,
    cp,
    buy_only_rp,
    agents,
    out,
    notebook,
    wrong_guesses,
    face_up,
    announced,
    powers
});

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
    pub id: u32,
    pub card: CardIdx,
    pub player: Seat,
    pub mode: u8,
    pub target: Option<Val>,
    pub x: u32,
    /// The opponent the card names (multiplayer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Seat>,
    /// The skill check it was played into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<u32>,
    /// The Adversaries that fight with it (Overwhelming Force).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<CardIdx>,
    /// Its Keywords when a card changed them (empty: as printed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// What other cards did to it before it resolved (The Evil One doubles
    /// an Adversary's statistics).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mods: Vec<effects::ast::Modifier>,
    /// Cards standing in for the first card of a player's this one would
    /// remove from the game (Lucy Householder): (that player, the stand-in
    /// in play; `None`: already removed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stand_ins: Vec<(Seat, Option<u32>)>,
    /// An Agent attacking as an Adversary (Agent Bill Patterson, Mostow's
    /// Sketches): `card` is his card, and he stays on the table meanwhile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<AgentRef>,
}

impl Pending {
    /// A card just put on the stack: mode 1, nothing named, no X; the
    /// rest is set with struct update syntax where a play has it.
    pub fn new(id: u32, card: CardIdx, player: Seat) -> Self {
        Self {
            id,
            card,
            player,
            mode: 0,
            target: None,
            x: 0,
            opponent: None,
            check: None,
            with: Vec::new(),
            keywords: Vec::new(),
            mods: Vec::new(),
            stand_ins: Vec::new(),
            attacker: None,
        }
    }

    /// The cards this entry counts as: its card and those played with it.
    pub fn members(&self) -> Vec<CardIdx> {
        let mut out = vec![self.card];
        out.extend(&self.with);
        out
    }

    /// The cards its player discards when it leaves the stack unresolved:
    /// not an attacking Agent's card (he is still in play).
    pub fn discards(&self) -> Vec<CardIdx> {
        match self.attacker {
            Some(_) => self.with.clone(),
            None => self.members(),
        }
    }
}

/// What a card is played on (as the player names it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Agent(AgentRef),
    /// A card on the stack, by position from the bottom.
    Stack(usize),
    /// A Site in play, by position.
    Site(usize),
    /// The Adversary in combat.
    Adversary,
    Value(Trait),
    /// An opponent, by seat.
    Seat(Seat),
    /// A card in play, by id.
    Perm(u32),
    /// A card under a Site: (Site position, card position).
    Bluff(usize, usize),
    /// A card in play on the table by title (its owner's choice when several).
    Card(CardIdx),
}

/// A skill check in progress: the Site's, or one a card forces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The player whose Team makes the check.
    pub seat: Seat,
    /// The Agents sent (by card).
    pub team: Vec<CardIdx>,
    /// Skill and threshold of each part ("A 3+ and B 3+" has two).
    pub needs: Vec<(Skill, u8)>,
    /// Card modifiers.
    pub mods: Vec<CheckMod>,
    /// Titles used in this check: the same card may not be used twice (p. 29).
    pub used: Vec<String>,
    /// The Site investigated, by id (none: a check a card forced).
    pub site: Option<u32>,
    /// Fails whatever the total (Authorized Access Only).
    #[serde(default)]
    pub fails: bool,
    /// The card that forced the check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_by: Option<CardIdx>,
    /// Agents who used a piece of Equipment's ability in this check: that
    /// is their one piece (p. 21), their other Equipment adds nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipped: Vec<AgentRef>,
}

/// A card's change to a skill check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckMod {
    /// Only this skill's part of the check (any part when `None`).
    pub skill: Option<Skill>,
    pub amount: i32,
    /// The card in play that made it (a Witness): negating it cancels it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
    /// The card whose effect it is: a card modifies a check once (p. 29).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardIdx>,
}

/// What a priority round is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FrameKind {
    Check(Check),
    /// A card played outside any check: its answers.
    Window,
    Combat(Box<Combat>),
}

/// A priority round: players play or pass in turn from `first`; when
/// everyone has passed in a row the top card above `base` resolves, or, with
/// none, the frame ends (pp. 28-29).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub id: u32,
    /// Stack height when the frame opened.
    pub base: usize,
    pub priority: Seat,
    pub passes: u8,
    /// Who acts first in each round.
    pub first: Seat,
    pub kind: FrameKind,
}

/// The investigation of one Site.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Investigation {
    /// The Site, by id.
    pub site: u32,
    /// The Agents sent (owner is the active player).
    pub team: Vec<CardIdx>,
    /// Agents of the team that may not contribute (Car Troubles).
    pub benched: Vec<CardIdx>,
    pub stage: Stage,
    /// The Site check's frame.
    pub frame: u32,
    /// A combat took place at this Site.
    #[serde(default)]
    pub fought: bool,
    /// The Team met the full prerequisite (not only a Site's easier one).
    #[serde(default)]
    pub full: bool,
    /// RP the Investigating Player spent on cards during this investigation
    /// (Big Blue, Mass Grave).
    #[serde(default)]
    pub rp_spent: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The owner of the revealed Bluff decides whether to pay for it.
    Bluff,
    /// The skill check subroutine (paid Bluffs resolve first, p. 29).
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
    /// The end of the Case Assignment Phase, the Bluffs placed: the active
    /// player may play cards timed for it (Losing Your Tail) before the
    /// Investigation Phase. How xfiles-bot plays it: it follows every
    /// Bluffing step, whatever anyone holds (so it tells nothing about a
    /// hand), and is no step of its own: the active player's first move of
    /// the Investigation Phase (a Team sent, an Agent to the Field) begins
    /// that phase and is made there; `/done` only begins it.
    CaseEnd,
    /// Choosing a Site to investigate (or ending the phase).
    Investigation,
    /// Investigating a Site.
    Investigating,
    Debriefing,
    Over,
}

/// The whole game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct XfGame {
    pub options: XfOptions,
    rng: GameRng,
    pub players: Vec<Player>,
    pub active: Seat,
    pub turn: u32,
    pub phase: Phase,
    pub sites: Vec<SiteInPlay>,
    pub investigation: Option<Investigation>,
    /// Cards played and waiting to resolve, the last on top.
    #[serde(default)]
    pub stack: Vec<Pending>,
    /// Open priority rounds, innermost last.
    #[serde(default)]
    pub frames: Vec<Frame>,
    /// Effects in progress, the running one last.
    #[serde(default)]
    pub resolving: Vec<Resolution>,
    /// A choice the game waits for.
    #[serde(default)]
    pub choice: Option<PendingChoice>,
    /// Cards in play other than Agents and Sites.
    #[serde(default)]
    pub perms: Vec<Permanent>,
    #[serde(default)]
    pub lasting: Vec<Lasting>,
    /// What happened this turn.
    #[serde(default)]
    pub facts: Vec<Fact>,
    #[serde(default)]
    next_id: u32,
    /// Cards taken from another player's hand this turn (Agent Lamana):
    /// (holder, card, owner); back to the owner's Discard Pile when used or
    /// at the end of the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stolen: Vec<(Seat, CardIdx, Seat)>,
    /// Titles of Sites played this turn (two identical Sites not in one turn, p. 24).
    pub sites_this_turn: Vec<String>,
    pub guessed_this_turn: bool,
    pub outcome: Option<Outcome>,
    /// Ids of every Site played this game, in order: a Site's number (its
    /// place here) stays the same for the whole game (in games stored
    /// before `stable_site_numbers`, for the turn: those in play at its
    /// start, then those played since).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub site_order: Vec<u32>,
    /// Basic Game: cards each seat played this turn (at most three, `basic`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub basic_plays: Vec<u8>,
    /// Basic Game: the seats that finished this turn's Debriefing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub debriefed: Vec<Seat>,
    /// The card whose text is being applied by hand, and its proposed steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual: Option<ManualCard>,
    /// Cards an opponent paid for in the active player's Briefing Phase,
    /// drawn at the next move that is not an answer to the purchase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owed_draw: Option<OwedDraw>,
    /// The card scripts this game runs (not state: the embedded ones, or a test's).
    #[serde(skip)]
    pub scripts: Scripts,
}

crate::engine::clone_reusing!(XfGame {
    options,
    rng,
    players,
    active,
    turn,
    phase,
    sites,
    investigation,
    stack,
    frames,
    resolving,
    choice,
    perms,
    lasting,
    facts,
    next_id,
    stolen,
    sites_this_turn,
    guessed_this_turn,
    outcome,
    site_order,
    basic_plays,
    debriefed,
    manual,
    owed_draw,
    scripts
});

/// A purchase paid and not yet drawn: the window "after the player has
/// paid, but before the cards are drawn" (Relentless Pursuit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwedDraw {
    pub seat: Seat,
    pub count: u32,
    pub pool: Pool,
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
    /// Basic Game: cards of the deck not used in the Basic Game, set aside.
    SetAside {
        seat: Seat,
        count: usize,
    },
    /// Which cards of your deck were set aside.
    YourSetAside {
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
        pool: Pool,
    },
    /// The cards bought are drawn once the active player moves on (a
    /// window to answer the purchase).
    DrawWaits {
        seat: Seat,
        count: u32,
    },
    /// A card stopped a purchase: no card is drawn (`refund`: the pool paid back).
    PurchaseStopped {
        seat: Seat,
        count: u32,
        refund: bool,
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
    /// A pool lost points (paid, taken, emptied by a card).
    PoolLost {
        seat: Seat,
        pool: Pool,
        amount: u32,
    },
    PoolsSwapped {
        a: Seat,
        b: Seat,
        pool: Pool,
    },
    Healed {
        agent: AgentRef,
        amount: u8,
    },
    Damaged {
        agent: AgentRef,
        amount: u8,
    },
    /// A card in play fighting like an Agent took damage (Charley Tskany).
    CardDamaged {
        card: CardIdx,
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
    AgentRemoved {
        agent: AgentRef,
    },
    AgentAbducted {
        agent: AgentRef,
    },
    AgentAway {
        agent: AgentRef,
    },
    AgentBack {
        agent: AgentRef,
        section: Section,
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
    /// A face-down card moved under another Site.
    BluffMoved {
        owner: Seat,
        to: CardIdx,
    },
    AgentsKept {
        kept: Vec<CardIdx>,
    },
    Played {
        seat: Seat,
        card: CardIdx,
        cost: u32,
        pool: Pool,
    },
    /// A card in play was used (an Agent's Game Effect, Equipment, a Resource).
    Used {
        seat: Seat,
        card: CardIdx,
        ability: String,
    },
    Resolved {
        card: CardIdx,
        manual: bool,
    },
    Negated {
        card: CardIdx,
        by: CardIdx,
    },
    /// A card stays in play.
    InPlay {
        seat: Seat,
        card: CardIdx,
    },
    /// A card in play left it.
    LeftPlay {
        card: CardIdx,
    },
    Tokens {
        card: CardIdx,
        tokens: u8,
    },
    CheckStands {
        total: i32,
        needed: i32,
    },
    /// A card forces a skill check.
    CheckForced {
        seat: Seat,
        skill: Skill,
        threshold: u8,
        team: Vec<CardIdx>,
    },
    PrerequisiteChanged {
        needs: Vec<(Skill, u8)>,
    },
    KeywordChanged {
        card: CardIdx,
        from: Keyword,
        to: Keyword,
    },
    QuestionChanged {
        card: CardIdx,
        to: Category,
    },
    /// A card's Keywords are as printed again and cannot be altered.
    KeywordsFixed {
        card: CardIdx,
        keywords: Vec<Keyword>,
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
        /// The card that forced this check; `None` for the Site's own check.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forced_by: Option<CardIdx>,
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
    /// Cards went from the top of a deck to the Discard Pile.
    Milled {
        seat: Seat,
        cards: Vec<CardIdx>,
    },
    /// Cards shown to everyone (a searched card, a revealed hand).
    Shown {
        seat: Seat,
        cards: Vec<CardIdx>,
    },
    /// Cards shown to one player only.
    SeenPrivately {
        of: Seat,
        cards: Vec<CardIdx>,
    },
    /// Cards moved to a hand (how many; which ones only the owner learns).
    ToHand {
        seat: Seat,
        count: usize,
    },
    Shuffled {
        seat: Seat,
    },
    PeekedBluff {
        site: usize,
        card: CardIdx,
    },
    /// A phase or step of the turn begins (the public record of the turn).
    PhaseBegins {
        phase: Phase,
    },
    /// Everyone passed in turn: the top card resolves or the window closes.
    AllPassed {
        seat: Seat,
    },
    /// `seat` passed: priority goes on, or a step it may end ends.
    Passed {
        seat: Seat,
    },
    /// `seat` looked at `count` of `of`'s hidden cards (what they saw is
    /// theirs alone).
    Looked {
        seat: Seat,
        of: Seat,
        count: usize,
    },
    /// A player must choose (the prompt; options shown to the chooser).
    Choosing {
        seat: Seat,
        prompt: String,
    },
    Chose {
        seat: Seat,
        what: Vec<String>,
    },
    /// The turn ended early (Unexplainable Time Loss).
    TurnCut {
        seat: Seat,
    },
    /// A manual step proposed for a card (`None`: a legacy game's step).
    ManualStep {
        seat: Seat,
        card: Option<CardIdx>,
        text: String,
    },
    /// `seat` applies `card`'s text by hand: steps of these kinds.
    ManualOpened {
        seat: Seat,
        card: CardIdx,
        scope: Vec<ManualKind>,
    },
    /// `seat` disputed `by`'s manual step: it is undone.
    Disputed {
        seat: Seat,
        by: Seat,
        text: String,
    },
    /// An X-File Power used (the X-File itself stays secret).
    PowerUsed {
        seat: Seat,
        value: Trait,
        label: String,
    },
    /// An X-File characteristic announced to all for its Power (p. 43).
    Announced {
        seat: Seat,
        category: Category,
        value: Trait,
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

    const FORMAT: u32 = 2;

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

    fn default_action(&self, seat: Seat) -> Option<XfAction> {
        self.default_among(seat, self.legal_actions(seat))
    }

    fn resigns(action: &XfAction) -> bool {
        matches!(action, XfAction::Resign)
    }

    fn reveals(event: &XfEvent) -> bool {
        matches!(
            event,
            XfEvent::Drew { .. }
                | XfEvent::BluffRevealed { .. }
                | XfEvent::Answer { .. }
                | XfEvent::Guessed { .. }
                | XfEvent::Shown { .. }
                | XfEvent::Milled { .. }
                | XfEvent::GameOver { .. }
        )
    }
}

impl XfGame {
    /// [`Game::default_action`] from the seat's legal actions as
    /// `legal_actions` lists them (for a caller that has them already).
    pub fn default_among(&self, seat: Seat, legal: Vec<XfAction>) -> Option<XfAction> {
        let waits_on_site = self.choice.is_none() && self.frames.is_empty();
        if waits_on_site && self.to_act_now().contains(&seat) && self.earned_at_site(seat).is_some()
        {
            return None;
        }
        legal::default_among(self, seat, legal)
    }

    /// The number players call the Site at index `i` by (1-based; fixed for
    /// the game even when other Sites leave play).
    pub fn site_number(&self, i: usize) -> usize {
        let id = self.sites[i].id;
        match self.site_order.iter().position(|x| *x == id) {
            Some(p) => p + 1,
            None if self.site_order.is_empty() => i + 1,
            None => self.site_order.len() + 1 + i,
        }
    }

    /// The index of the Site numbered `n` (see [`XfGame::site_number`]).
    pub fn site_at_number(&self, n: usize) -> Option<usize> {
        (0..self.sites.len()).find(|i| self.site_number(*i) == n)
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat)]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat)]
    }

    /// Runs this game with other scripts (tests inject cards' scripts).
    pub fn set_scripts(&mut self, scripts: effects::db::ScriptDb) {
        self.scripts = Scripts(std::sync::Arc::new(scripts));
    }

    fn new_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// The seats still in the game, in turn order from `from` (excluded).
    /// Some player still holds more cards than the hand limit (p. 38).
    pub fn over_hand_limit(&self) -> bool {
        (0..self.players.len() as Seat).any(|s| self.player(s).hand.len() > self.hand_limit(s))
    }

    pub fn others_from(&self, from: Seat) -> Vec<Seat> {
        let n = self.players.len() as Seat;
        (1..n)
            .map(|i| (from + i) % n)
            .filter(|s| !self.players[usize::from(*s)].out)
            .collect()
    }

    /// Players still in the game.
    pub fn seats_in(&self) -> usize {
        self.players.iter().filter(|p| !p.out).count()
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

    /// A Site in play by id.
    pub fn site(&self, id: u32) -> Option<&SiteInPlay> {
        self.sites.iter().find(|s| s.id == id)
    }

    fn site_mut(&mut self, id: u32) -> Option<&mut SiteInPlay> {
        self.sites.iter_mut().find(|s| s.id == id)
    }

    /// The position of a Site in play (as the board numbers them, from 0).
    pub fn site_index(&self, id: u32) -> Option<usize> {
        self.sites.iter().position(|s| s.id == id)
    }

    /// The Site under investigation.
    pub fn inv_site(&self) -> Option<&SiteInPlay> {
        self.investigation.as_ref().and_then(|i| self.site(i.site))
    }

    /// The Equipment an Agent carries.
    pub fn equipment_of(&self, a: AgentRef) -> Vec<CardIdx> {
        self.perms
            .iter()
            .filter(|p| p.place == Place::Agent(a))
            .filter(|p| db().get(p.card).kind == crate::cards::CardType::Equipment)
            .map(|p| p.card)
            .collect()
    }

    pub fn perm(&self, id: u32) -> Option<&Permanent> {
        self.perms.iter().find(|p| p.id == id)
    }

    fn perm_mut(&mut self, id: u32) -> Option<&mut Permanent> {
        self.perms.iter_mut().find(|p| p.id == id)
    }

    /// Draws `n` cards, reshuffling the discard pile when the deck runs out
    /// (p. 6). An abducted Agent reaching the top goes to the Hospital.
    fn draw(&mut self, seat: Seat, n: usize, events: &mut Events) -> Vec<CardIdx> {
        let mut drawn = Vec::new();
        self.surface(seat, events);
        while drawn.len() < n {
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
            self.surface(seat, events);
        }
        drawn
    }

    /// Abducted Agents on top of the deck go to the Hospital (Abduction).
    pub(crate) fn surface(&mut self, seat: Seat, events: &mut Events) {
        while let Some(top) = self.player(seat).deck.first().copied() {
            let Some(i) = self.player(seat).face_up.iter().position(|c| *c == top) else {
                return;
            };
            self.player_mut(seat).face_up.remove(i);
            self.player_mut(seat).deck.remove(0);
            self.abductee_returns(seat, top, events);
        }
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
            team: None,
        };
        self.outcome = Some(outcome.clone());
        self.phase = Phase::Over;
        self.investigation = None;
        self.choice = None;
        events.push(Event::public(XfEvent::GameOver { outcome }));
    }
}
