//! The card script language as data: what `parse` builds from a
//! `cards/xfiles-ccg/scripts/**/*.xfs` file and what the interpreter runs.
//!
//! A script gives a card its abilities (played from the hand, one per
//! "Alternately" mode; used while in play), its triggers, its statics and its
//! replacements. Programs are compiled to a flat list of [`Instr`] so that a
//! suspended effect is just (card, ability, program counter, variables).

use crate::cards::{Activator, CardType, Category, Keyword, Pool, Section, Skill, Trait};

/// Whether a person has checked the script against the printed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Reviewed,
    /// Written by the draft generator; not yet checked by a person.
    Draft,
}

/// Where a played card goes once it has resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goes {
    Discard,
    /// Removed from the game ("Remove this card from the game").
    Removed,
    /// Stays in play in its controller's Bureau (or where `place` says).
    Stays,
    /// Stays attached under the Agent it was played on (training cards).
    Attached,
}

/// One card's behaviour.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    pub titles: Vec<String>,
    /// The printed texts this script was written for (its identity, with the title).
    pub texts: Vec<String>,
    /// `file:line` of the `card` line, for messages.
    pub origin: String,
    pub status: Status,
    /// Sentences still played by hand.
    pub manual: Vec<String>,
    /// How xfiles-bot plays the card where the text is physical or unclear.
    pub notes: Vec<String>,
    /// Tokens the card carries when it enters play.
    pub tokens: u8,
    pub goes: Option<Goes>,
    /// Where a card that stays goes (default: its controller's Bureau).
    pub place: Option<PlaceSpec>,
    pub unnegatable: bool,
    /// Negated, it is removed from the game rather than discarded.
    pub negated: Option<OnNegated>,
    /// Its controller may play the cards under it as from the hand, paying
    /// their cost; each then goes to its owner's Discard Pile, and this card
    /// to its own (Surfing The Net). `None`: it has no such text.
    pub plays_under: Option<PlaysUnder>,
    /// At most this many copies in a Bureau deck ("Each player may only have
    /// one of this card in their decks").
    pub deck_limit: Option<u8>,
    /// Played from the hand: one entry per mode ("Alternately").
    pub plays: Vec<Ability>,
    /// Used while the card is in play (an Agent's Game Effect, Equipment, a Resource).
    pub abilities: Vec<Ability>,
    pub triggers: Vec<Trigger>,
    pub statics: Vec<StaticDef>,
    pub replacements: Vec<Replacement>,
}

impl Script {
    /// Every sentence is scripted and a person checked it.
    pub fn automated(&self) -> bool {
        self.status == Status::Reviewed && self.manual.is_empty()
    }
}

/// How the cards under a `plays-under` card are played, and when it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlaysUnder {
    /// `free`: each is played for 0 (Travel Plans' Sites).
    pub free: bool,
    /// `less=N`: each costs N less (Men In Black: a Bluff, when revealed).
    pub less: u32,
    /// `bluffs`: they are placed only as Bluffs under a Site in the Case
    /// Assignment Phase (`/bluff`), never played from the hand (Men In Black).
    pub bluffs: bool,
    /// `stays`: it stays in play with none left under it (Men In Black);
    /// otherwise it goes to its owner's Discard Pile once none is left.
    pub stays: bool,
}

impl PlaysUnder {
    /// What a card of this full cost costs played from under the card.
    pub fn cost(&self, full: u32) -> u32 {
        if self.free {
            0
        } else {
            full.saturating_sub(self.less)
        }
    }
}

/// "If this card is negated, remove it ... from the game": what a negated
/// card does instead of going to the Discard Pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnNegated {
    /// The Agent the card keeps in this variable is removed from the game too.
    pub with: Option<String>,
}

/// Where a card that stays in play is put.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceSpec {
    /// The controller's section.
    Own(Section),
    /// A section of the opponent the card names ("Place in an opponent's Field").
    Opponents(Section),
    /// Next to the controller's X-File.
    XFile,
    /// On the Site the card was played on.
    Site,
    /// Attached to the Agent named by the target.
    OnTarget,
}

/// Something a player does with a card: play it, or use it in play.
#[derive(Debug, Clone, PartialEq)]
pub struct Ability {
    pub label: String,
    /// Conditions for the ability to be used (beyond the card's Activators).
    pub when: Vec<Cond>,
    /// The target named when the card is played (the `target:` option).
    pub target: Option<TargetDecl>,
    pub costs: Vec<ExtraCost>,
    pub limit: Option<Limit>,
    /// X is defined by the text (not chosen by the player).
    pub x: Option<Num>,
    /// The values X may take (X-cost Bluffs: 1, 3, 5 or 9).
    pub x_values: Vec<u32>,
    /// An opponent of the card's controller uses this ability (Detective Chao).
    pub by_opponent: bool,
    /// Its cost changes when a condition holds (Margaret Scully: free).
    pub cost_if: Vec<(CostChange, Cond)>,
    /// May be played in combat although it is not a Combat card (the card's
    /// text overrides the rule, p. 14).
    pub in_combat: bool,
    /// Activators this mode ignores (e.g. "ignoring Activator requirements").
    pub ignore_activators: bool,
    pub program: Vec<Instr>,
    pub line: usize,
}

impl Ability {
    /// Whether the program negates what `var` holds: such a variable may
    /// never hold a card whose effects may not be negated (Deep Throat).
    pub fn negates(&self, var: &str) -> bool {
        self.program
            .iter()
            .any(|i| matches!(i, Instr::Do(Step::Negate { what }) if what == var))
    }

    /// Whether the program changes a skill check's total (`modify-check`).
    pub fn modifies_check(&self) -> bool {
        self.program
            .iter()
            .any(|i| matches!(i, Instr::Do(Step::ModifyCheck { .. })))
    }

    /// What this ability adds to the skill check it is used in: its
    /// `modify-check` of a number, if it has one.
    pub fn check_modifier(&self) -> Option<i32> {
        self.program.iter().find_map(|i| match i {
            Instr::Do(Step::ModifyCheck { n: Num::Lit(n), .. }) => Some(*n),
            _ => None,
        })
    }

    /// The first skill its `modify-check` names (the skill a Witness
    /// modifies first: Assassinated, AD errata).
    pub fn check_skill(&self) -> Option<Skill> {
        self.program.iter().find_map(|i| match i {
            Instr::Do(Step::ModifyCheck { skills, .. }) => skills.first().copied(),
            _ => None,
        })
    }
}

/// The declared target of an ability.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetDecl {
    pub sel: Selector,
}

/// What using an ability costs besides the printed cost.
#[derive(Debug, Clone, PartialEq)]
pub enum ExtraCost {
    /// Tokens from the card itself.
    Tokens(u8),
    /// Discard the card itself (Equipment "Discard this card to ...").
    DiscardSelf,
    /// Remove the card itself from the game.
    RemoveSelf,
    /// Pay from a pool.
    Pay(Pool, Num),
}

/// How a condition changes a card's cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostChange {
    Set(u32),
    Add(i32),
    /// Halved, rounded up.
    Half,
}

/// How often an ability may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    OncePerTurn,
    OncePerGame,
    OncePerCombat,
    OncePerCheck,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Trigger {
    pub event: EventPat,
    pub ability: Ability,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Replacement {
    pub event: ReplacePat,
    pub ability: Ability,
}

/// A continuous modifier, while its condition holds.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticDef {
    pub modifier: Modifier,
    pub when: Vec<Cond>,
    pub line: usize,
}

/// One compiled instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Instr {
    Do(Step),
    /// Goes on at `to` unless the condition holds.
    Unless(Cond, usize),
    Jump(usize),
    /// Binds `var` to each object the selector finds, running the body up
    /// to the matching `Next`; jumps past `end` when none are left.
    Each {
        var: String,
        sel: Selector,
        end: usize,
    },
    Next {
        start: usize,
    },
}

/// A number a step uses.
#[derive(Debug, Clone, PartialEq)]
pub enum Num {
    Lit(i32),
    /// The X paid for the card.
    X,
    /// A number bound to a variable (a count, a chosen value).
    Var(String),
    /// How many objects a selector finds.
    Count(Box<Selector>),
    /// Tokens on the card itself.
    Tokens,
    /// How many cards lie under the card itself (`under`: Men In Black).
    Under,
    /// The printed cost of the card a variable holds.
    CostOf(String),
    /// A skill of the Agent (or foe) a variable holds (printed plus lasting changes).
    SkillOf(String, Skill),
    /// The current HEALTH of the Agent a variable holds (HEALTH less damage).
    HealthOf(String),
    /// The larger of two numbers.
    Max(Box<Num>, Box<Num>),
    /// Damage dealt in the last combat round: by the Agents (true) or the foes.
    Dealt(bool),
    /// How many characteristics of the controller's X-File an opponent knows.
    KnownCount,
    /// A Witness's skill modifier (0 without one).
    ModifierOf(String),
    /// The sum of numbers.
    Sum(Vec<Num>),
    /// RP the Investigating Player spent during this investigation.
    RpSpentHere,
    /// The cards an opponent paid for and has not drawn yet.
    CardsPaid,
    /// The CP an opponent's sales generated this turn.
    SoldCp,
    /// A number halved, rounded down.
    Half(Box<Num>),
    /// A printed table: the value paired with the number, 0 when absent
    /// ("(1) = -1, (3) = -2 ...").
    Table(Box<Num>, Vec<(i32, i32)>),
}

/// Who a step acts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// The card's controller.
    Me,
    /// The opponent the card names (the Directed Player, or the `target:` seat).
    Opponent,
    /// The Investigating Player.
    Active,
    /// The owner of the object bound to `target`.
    TargetOwner,
}

/// Which objects a selector looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Agent,
    /// A group of Agents of one player in one section and Team.
    Team,
    /// A card waiting on the stack.
    Stack,
    /// A card in play (Resource, Witness, Equipment, attached card).
    Perm,
    /// A card in a hand.
    Hand,
    /// A card in a discard pile.
    Discard,
    /// A card in a Bureau deck.
    Deck,
    /// A card removed from the game.
    Removed,
    Site,
    /// A card placed under a Site.
    Bluff,
    Player,
    /// An Adversary (or anything fighting as one) in combat.
    Foe,
    /// Any combatant: a fighting Agent or a foe.
    Combatant,
    /// A card on the table whose Keywords a card may change: a Site, a card
    /// on the stack or in play (the X-File Power Ideology).
    Card,
}

/// A filter on the objects of a [`Kind`].
#[derive(Debug, Clone, PartialEq)]
pub enum Qual {
    /// Controlled by the card's controller.
    Mine,
    /// Controlled by an opponent (the named one in multiplayer).
    Theirs,
    In(Section),
    /// Sent to the Site under investigation (or in the Team of the check).
    Investigating,
    /// Fighting in the combat in progress.
    Fighting,
    Damaged,
    /// Carries one of these Keywords.
    Keyword(Vec<Keyword>),
    /// Carries none of these Keywords.
    NotKeyword(Vec<Keyword>),
    Type(Vec<CardType>),
    Title(Vec<String>),
    /// A printed skill at least this value.
    SkillAtLeast(Skill, i32),
    /// Not the card itself (or the Agent the ability belongs to).
    Other,
    /// In the same Team as the card's Agent (or the target).
    SameTeam,
    /// The object a variable holds.
    Is(String),
    /// Not the Agent a variable holds (Survival: not the same Agent twice running).
    NotIs(String),
    /// Not an Agent of the starting Team (played from the hand).
    Temporary,
    /// A Site (or card) that asks a question of this category.
    Asks(Vec<Category>),
    /// A card on the stack played against the controller's Team.
    AgainstMe,
    /// A card on the stack that forces a (non-combat) skill check.
    ForcesCheck,
    /// A card on the stack that would send one of the controller's Agents to the Hospital.
    Hospitalizes,
    /// A card that abducts an Agent.
    Abducts,
    /// Equipment (or a card) attached to the Agent a variable holds.
    On(String),
    /// A card that removes a card (or an Agent) from the game.
    Removes,
    /// Face down (Bluffs under a Site).
    FaceDown,
    /// The Site under investigation.
    Current,
    /// A card with a Cost of at most this.
    CostAtMost(i32),
    /// Uses a skill (a check or Site prerequisite).
    Uses(Vec<Skill>),
    /// A Witness with a skill modifier.
    Modifier,
    /// The card itself (or the Agent whose Game Effect runs).
    Itself,
    /// A combatant that may use Combat cards of these Keywords (or has the
    /// skill of that name, 1+).
    CanUse(Vec<Keyword>),
    /// A card with this Activator.
    Activator(Vec<Activator>),
    /// A card whose Cost is paid from this pool.
    Pool(Pool),
    /// Not titled so.
    NotTitle(Vec<String>),
    /// A combatant stunned this round (deals no damage).
    Stunned,
    /// A combatant whose largest hit from one source in the last damage
    /// was at least this (`hurt`: any damage).
    Hurt(u8),
    /// A card whose Cost equals the X paid for the effect's card.
    CostX,
    /// Equipment that adds to one of these skills.
    Gear(Vec<crate::cards::Skill>),
    /// Equipment that adds to none of these skills.
    NotGear(Vec<crate::cards::Skill>),
    /// A card (on the stack) that ends a combat or takes an Agent out of it.
    EndsCombat,
    /// An Agent moved to this section this turn and still there (or, with
    /// `removed`, an Agent removed from the game this turn).
    Went(Section),
    /// An Agent at 0 HEALTH: still in play (about to go to the Hospital,
    /// as after combat damage) or sent to the Hospital this turn.
    Down,
    /// May change Section now: not held there, and out of the Hospital only
    /// once it may leave it (p. 20; Travel Arrangements, FAQ97 #51).
    Movable,
    /// An Agent card its owner may bring into play now: no Agent of its
    /// title in play or removed from the game (p. 15; Assigned To The X-Files).
    Joinable,
    /// One of the top N cards of a deck.
    Top(u8),
    /// A foe with every Keyword of the card a variable holds (Handcuff).
    SameKeywords(String),
    /// An Agent whose title the controller has none of among its Agents.
    NotControlled,
    /// An Agent that investigated another Site this turn (Obsessed).
    Elsewhere,
    /// The turn's last Site, failed: its Team (teams, Agents) or its card
    /// (a Discard Pile) (Suspect Description).
    Failed,
    /// A Site with at least this many Bluffs under it (`None`: X).
    BluffsAtLeast(Option<u8>),
    /// A card removed from the game this turn (an Agent a card may keep in play).
    ThisTurn,
    /// A card in a hand its player could play now with others at once:
    /// Activators met, Cost payable, nothing named as it is played
    /// (Overwhelming Force). In a Discard Pile: one its player could play
    /// now were it in the hand, for this many points less (`playable-less=N`:
    /// the X-File Power Violence's "eligible" Adversary).
    Playable(u8),
    /// An Agent damaged in a combat this turn (the X-File Power Possession).
    HurtInCombat,
    /// A card in a hand one of whose plays could now be aimed at an
    /// Adversary its player controls in the combat (the X-File Power Death).
    OnOwnFoe,
    /// A card on the stack that would change or add a Keyword of the card a
    /// variable holds (Sleep With the Fishes).
    AltersKeywords(String),
    /// A card in the Investigating Player's hand that a card he played this
    /// turn took from his deck by a search (A False Leads).
    Searched,
    /// An Agent held under this card (Ceremony): found although out of play.
    Under,
}

/// Objects of a kind that pass every filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Selector {
    pub kind: Kind,
    pub quals: Vec<Qual>,
}

impl Selector {
    pub fn has(&self, q: &Qual) -> bool {
        self.quals.contains(q)
    }
}

/// Names a phase in a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseName {
    Briefing,
    Healing,
    Requisition,
    Deployment,
    CaseAssignment,
    Investigation,
    Debriefing,
    /// The Briefing once the active player has made the free draw: buying,
    /// then the opponents selling and buying (pp. 11-12).
    Drawn,
    /// The end of the Case Assignment Phase, once the Bluffs are placed,
    /// before the Investigation Phase (Losing Your Tail).
    CaseEnd,
}

/// Something that happened this turn ("play after ...").
#[derive(Debug, Clone, PartialEq)]
pub enum FactPat {
    /// An Agent of this side went to the Hospital because of an Adversary.
    AdversaryHospitalized { mine: Option<bool> },
    /// Agents killed an Adversary.
    AdversaryKilled,
    /// A Site investigation succeeded (with one of these prerequisite skills, when given).
    SiteSucceeded { skills: Vec<Skill> },
    /// The last Site investigation succeeded with the prerequisite number exactly.
    SiteExact,
    /// Another card under the Site being investigated was revealed.
    OtherBluffRevealed,
    /// The turn's last Site investigation failed: after a combat (when
    /// `combat`), at a Site with one of these Keywords (when given), by the
    /// Team of the Agent a variable holds (when given).
    SiteFailed {
        combat: bool,
        keywords: Vec<Keyword>,
        team_of: Option<String>,
    },
    /// A characteristic question was asked (of the controller, when `of_me`).
    Asked { of_me: bool },
    /// The controller guessed an X-File wrongly.
    WrongGuess,
    /// A combat ended.
    CombatEnded,
    /// An Agent of the controller was removed from the game.
    AgentRemoved,
    /// An opponent finished selling cards this Briefing.
    OpponentSold,
    /// An opponent paid for cards not yet drawn.
    OpponentPaid,
    /// An Adversary of this kind was played and its combat resolved.
    AdversaryResolved { keywords: Vec<Keyword> },
    /// A card healed the Agent a variable holds this turn.
    Healed { var: String },
    /// The card (or Agent fighting as an Adversary) a variable holds was
    /// negated this turn (Krycek, the Double Agent).
    Negated { var: String },
}

/// A condition of `when` and `if`.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    Not(Box<Cond>),
    /// The last skill check this effect made succeeded.
    Passed,
    Phase(Vec<PhaseName>),
    /// The controller is the Investigating Player.
    Active,
    InCombat,
    /// In combat, before this round's damage is assigned (Watch Out!).
    BeforeDamage,
    /// Right after a round of this range dealt its damage: in the window
    /// after it, or in the next round's card plays (Handcuff).
    AfterDamage(Skill),
    /// A combat round of this range.
    Round(Skill),
    /// A skill check is open (using one of these skills, when given).
    InCheck(Vec<Skill>),
    /// The Site check is open (using one of these skills, when given).
    SiteCheck(Vec<Skill>),
    Exists(Selector),
    AtLeast(Selector, i32),
    Happened(FactPat),
    /// A variable holds something.
    Bound(String),
    /// A yes/no variable is yes (`paid`, `passed`).
    Flag(String),
    /// The controller agrees ("you may").
    May(String),
    /// An opponent knows this characteristic of the controller's X-File.
    Known(Category),
    /// The controller knows this characteristic of an opponent's X-File.
    KnownTheirs(Category),
    /// The card itself (or its Agent) is in this section.
    SelfIn(Section),
    Multiplayer,
    /// The number compares.
    Compare(Num, std::cmp::Ordering, Num),
    /// The investigating Team uses one of these skills at its Site.
    Using(Vec<Skill>),
    /// A card titled so is in play for the controller (an Agent or a card).
    InPlay(Vec<String>),
    /// The source Agent's dedicated RP has been used (Agent Janus, FAQ21 #7).
    RpSpent,
    /// The combat in progress skipped its Long Range round.
    LrcSkipped,
    /// A game option is on (`income-any-turn`, `powers`, `killer`).
    GameOption(String),
    /// The controller's X-File has this characteristic (Believe The Lie).
    XFile(Trait),
    /// One of the controller's X-File cards set aside (not the one in
    /// play) has this characteristic.
    XFileAside(Trait),
}

/// Engine events a trigger listens to.
#[derive(Debug, Clone, PartialEq)]
pub enum EventPat {
    /// A card matching the filter is played (by anyone).
    CardPlayed(Selector),
    /// A phase begins (of the controller's turn, when `mine`).
    PhaseBegins { phase: PhaseName, mine: bool },
    /// An opponent's phase begins.
    TheirPhase(PhaseName),
    /// A phase of the player whose Agent carries the card begins.
    BearerPhase(PhaseName),
    /// An Agent matching the filter is damaged.
    AgentDamaged(Selector),
    /// One of the controller's Agents is abducted.
    AgentAbducted,
    /// A Site check directed at the controller succeeds.
    SiteLost,
    /// A Site investigation of the controller succeeds.
    SiteWon,
    /// The Site check fails (a card on that Site, or anywhere).
    SiteFailed,
    /// A Team begins investigating a Site (The List).
    Investigates,
    /// The turn ends.
    TurnEnds,
}

/// Engine events a replacement can change.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplacePat {
    /// Damage about to be placed on an Agent matching the filter.
    Damage(Selector),
    /// An Agent matching the filter is about to go to the Hospital.
    ToHospital(Selector),
}

/// A continuous effect: from a card in play (`static`) or created by a step
/// for a while (`until ...`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// Equipment: its bearer's skill (or the bearer's Team's); an Agent uses
    /// one piece of Equipment a check (p. 21), so only the best counts.
    Gear {
        skill: Skill,
        amount: i32,
        team: bool,
    },
    /// Agents' skill (all skills when `None`).
    Skill {
        who: AgentScope,
        skill: Option<Skill>,
        amount: i32,
    },
    /// `skill <who> witness=<var> <n>`: the Agents' skill that the Witness
    /// a variable holds modifies first (Assassinated); made a [`Modifier::Skill`]
    /// when the effect creates it, so only `until` uses it.
    WitnessSkill {
        who: AgentScope,
        witness: String,
        amount: i32,
    },
    /// An Agent uses one skill's value for another.
    SkillAs {
        who: AgentScope,
        skill: Skill,
        from: Skill,
    },
    Health {
        who: AgentScope,
        amount: i32,
    },
    /// The Agent's RES becomes this.
    Res {
        who: AgentScope,
        res: u8,
    },
    /// The Agent's RES goes up or down by this (never below 0).
    ResBy {
        who: AgentScope,
        amount: i32,
    },
    /// The Agent's RES may go to the Conspiracy Pool.
    ResToConspiracy {
        who: AgentScope,
    },
    /// RP from the Agent's RES must buy cards this Briefing.
    ResMustBuy {
        who: AgentScope,
    },
    /// RP generated each Briefing changes by this much.
    RpIncome {
        seat_of: SeatScope,
        amount: i32,
    },
    /// A self-renewing RP that pays for cards with these Keywords.
    DedicatedRp {
        keywords: Vec<Keyword>,
    },
    /// The Agent may not add its skills to checks.
    NoContribution {
        who: AgentScope,
    },
    /// The Agent contributes only to Sites using these skills.
    OnlyAt {
        who: AgentScope,
        skills: Vec<Skill>,
    },
    HandLimit {
        seat_of: SeatScope,
        limit: u8,
    },
    /// Cards matching change cost (`double`: the cost doubles).
    Cost {
        cards: CardScope,
        amount: i32,
        double: bool,
    },
    /// Cards matching may not be played.
    Forbid {
        cards: CardScope,
    },
    /// Adversaries of these Keywords may not attack the Team.
    NoAttack {
        who: AgentScope,
        keywords: Vec<Keyword>,
    },
    /// Agents heal no damage.
    NoHealing {
        who: AgentScope,
    },
    /// The Agent may not leave its section.
    Stuck {
        who: AgentScope,
    },
    /// The Team's total damage in rounds of this range changes (Darkened
    /// Forest: the Team's skill, not each Agent's).
    TeamCombat {
        who: AgentScope,
        skill: Skill,
        amount: i32,
    },
    /// The Agents may not receive Equipment (Disciplinary Actions).
    NoEquipment {
        who: AgentScope,
    },
    /// The Agents may investigate a second Site this turn (Road Trip).
    SecondSite {
        who: AgentScope,
        /// Only a Site in the same state as the first (Driving).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        same_state: bool,
    },
    /// The Site asks this category.
    Question {
        site: u32,
        category: Category,
    },
    /// The combatant may use Combat cards of these Keywords.
    CanUse {
        keywords: Vec<Keyword>,
    },
    /// The controller may draw a card free in each opponent Briefing.
    ExtraDraw,
    /// A second sale of cards for CP in the Briefing Phase.
    ExtraSale,
    /// The Sites of this section are treated as having this Keyword.
    SiteKeyword {
        who: AgentScope,
        keyword: Keyword,
    },
    /// No player draws cards (Red Tape).
    NoDraw {
        seat_of: SeatScope,
    },
    /// The player may investigate only Sites with one of these Keywords
    /// (Eliminating The Source).
    InvestigateOnly {
        seat_of: SeatScope,
        keywords: Vec<Keyword>,
    },
    /// No player buys cards.
    NoBuy {
        seat_of: SeatScope,
    },
    /// The seat plays with the cards of its hand paid from this pool (every
    /// card, when `None`) face up: every player sees them (Circuit Board Implant).
    OpenHand {
        seat_of: SeatScope,
        pool: Option<Pool>,
    },
    // What an Adversary's own text says of its combat.
    /// The Long Range round is skipped.
    SkipLrc,
    /// Its damage may be split (in this round only, when given).
    Split {
        round: Option<Skill>,
    },
    /// Long Range attacks do half damage to it (rounded up).
    HalveLrcTaken,
    /// Each source of damage to it is reduced.
    ReduceTaken {
        n: u8,
    },
    /// Heals at the start of each round.
    Regenerate {
        n: u8,
    },
    /// Agents it wounds heal only after a HEALING card (The Manitou).
    WoundsBlockHealing,
    /// The combat lasts this many rounds.
    Rounds {
        n: u8,
    },
    /// Agents fight it with their COMPUTER (1 without it) in Close Range.
    ComputerCombat,
    /// Combat attacks do not hurt it.
    Unhurt,
    /// "This card does not initiate combat": its text is all it does.
    NoCombat,
    // Cards in play.
    /// A HEALING card played on the Agent it is under removes it.
    CuredByHealing,
    /// Each token on it prevents one point of damage to its bearer.
    Absorb,
    /// The Agent's tokens each let a Site be played for 0 RP (Agent Mulder).
    FreeSiteToken,
    /// The Agent's tokens each let its player look at a face-down Bluff (Agent Scully).
    PeekBluffToken,
    /// Damage from the bearer's combat Equipment is raised by this (Lieutenant Brophy).
    GearBonus {
        amount: i32,
    },
    /// The card in play has no effect (Gun Jammed).
    Inert {
        perm: PermScope,
    },
    /// An Adversary damaged past its HEALTH in the Long Range round still
    /// fights the next Close Range round (Suppressed Fury).
    SurvivesLrc,
    /// Each hit it takes in Close Range also deals this to every fighting
    /// Agent (the Alien Bounty Hunter's poisonous blood).
    PoisonBlood {
        n: u8,
    },
    /// Killed in combat, it is shuffled back into its owner's deck.
    ReturnsToDeck,
    /// Its LRC and CRC are the best of the fighting Agents' plus this (The Sandman).
    MirrorsBest {
        plus: u8,
    },
    /// Its statistics are the number of Adversaries in the investigating
    /// player's discard pile (Spirit of the Amaru).
    CountsAdversaries,
    /// A Witness of these cards adds its skill modifier twice (Autopsy).
    DoubleModifier {
        cards: CardScope,
    },
    /// Its LRC, CRC and HEALTH are multiplied (The Evil One, Margi Kleinjan).
    Multiply {
        factor: u8,
    },
    /// An Agent it damages goes to the Hospital and stays there this many
    /// turns, counting this one (Deadly Blur).
    HospitalizesOnHit {
        turns: u8,
    },
    /// Every opposing combatant's LRC and CRC drop by this (Deadly Blur).
    Weakens {
        n: u8,
    },
    /// Long Range attacks do it no damage (the vampires).
    NoLrcDamage,
    /// Its player plays Combat cards after the Agents' player, and nothing
    /// answers them (Puppet).
    LastWord,
    // Equipment.
    /// Adversaries of these Keywords may attack the bearer's Team even where
    /// a card bars them (Taped Intelligence).
    Exposed {
        keywords: Vec<Keyword>,
    },
    /// The bearer adds its skills, less this, to its player's checks in
    /// other sections (not LRC or CRC) (Cellular Phone).
    Remote {
        minus: u8,
    },
    /// Adversaries of these Keywords put damage on the bearer only when no
    /// other Agent fights; then it is halved, rounded up (Symbol of Faith).
    Ward {
        keywords: Vec<Keyword>,
    },
    /// Each hit on the bearer from a foe with all these Keywords is
    /// reduced by n; such foes' players play no Combat cards on the bearer
    /// (Mojo Bag).
    ReduceFrom {
        keywords: Vec<Keyword>,
        n: u8,
    },
    /// A foe of these Keywords the bearer damages in Close Range is
    /// discarded before it deals damage (Alien Stiletto).
    Slayer {
        keywords: Vec<Keyword>,
    },
    /// The bearer may split its damage among several foes (Shotgun).
    SplitsDamage,
    /// Agents so titled are not affected by CONSPIRACY cards that name them
    /// (Sharon Skinner).
    Protects {
        titles: Vec<String>,
    },
    /// The controller's Agents hurt OCCULT CREATUREs as normal: their
    /// immunities and halving do not apply (Gung Bituen).
    HurtsOccult,
    /// An Adversary that stays on the Agent its attack cost HEALTH, with
    /// this many tokens of its own (The Host Attacks).
    Infects {
        tokens: u8,
    },
    /// Attached to a Team through one of its Agents: it passes to another
    /// Agent of the Team when that one leaves it, and is discarded when the
    /// Team has no Agent left (Gung Bituen).
    TeamCard,
    /// As [`Modifier::TeamCard`], but removed from the game, not discarded,
    /// once the Team has no Agent left or it is sent to the Hospital
    /// (Charley Tskany).
    TeamCardRemoved,
    /// A Witness attached to a Team fights beside its Agents like an Agent
    /// with these ratings (p. 33: a Witness with HEALTH is treated as an
    /// Agent in combat rounds; Charley Tskany).
    FightsAsAgent {
        lrc: u8,
        crc: u8,
        health: u8,
    },
    /// Discarded when one of its controller's Agents moves to or from the
    /// Bureau Section, for any reason (Improved Channels).
    BureauWatch,
    /// The controller's next Adversary with one of these Keywords (any, when
    /// none) needs no Site or Keyword Activators, its Cost halved when said
    /// (Deforestation, Manipulating the Circumstances).
    ProvidesActivators {
        keywords: Vec<Keyword>,
        half: bool,
    },
    /// The controller may play this card for nothing (or half, or `less`
    /// points less) now (Jeraldine Kallenchuk, A Call for Help, Violence).
    FreePlay {
        card: crate::cards::CardIdx,
        half: bool,
        #[serde(default, skip_serializing_if = "is_zero")]
        less: u8,
        /// Played at once or not at all: the player's next card played
        /// must be it, and passing sends it back to the Discard Pile
        /// (Violence: "play it immediately").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        now: bool,
    },
    /// Adversaries in scope may be played at any Site: their Site and
    /// Keyword Activators hold (the Affiliation X-File Powers, p. 43).
    AnySite {
        cards: CardScope,
    },
    /// The players of Adversaries of these Keywords play no Combat cards
    /// on the bearer (Mojo Bag).
    Shuns {
        keywords: Vec<Keyword>,
    },
    /// Equipment adding to a skill in the first Long Range round only (Shotgun).
    GearOnce {
        skill: Skill,
        amount: i32,
    },
    /// The Keywords of the card this one keeps as `fixed` cannot be altered
    /// (Sleep With the Fishes; see the `fix-keywords` verb).
    FixedKeywords,
    /// The controller's Adversaries may attack the Team of this Agent
    /// wherever it is (Field, Bureau, Hospital), ignoring their Activators
    /// (He's Gonna Find You).
    Hunts {
        who: AgentScope,
    },
}

/// Which card in play a modifier names.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PermScope {
    /// The card a variable of the creating effect holds.
    Var(String),
    Id(u32),
}

impl Modifier {
    /// Modifiers a fighting Adversary's text puts in force at the table
    /// (the rest only shape its own combat).
    pub fn from_anywhere(&self) -> bool {
        matches!(self, Modifier::Cost { .. } | Modifier::Forbid { .. })
    }
}

/// Which Agents a modifier applies to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentScope {
    /// The Agent the card is attached to (or the Agent whose Game Effect it is).
    Bearer,
    /// The Team of the bearer.
    BearersTeam,
    /// One Agent, fixed when the effect was created.
    Agent(crate::engine::xfiles::AgentRef),
    /// Several Agents, fixed when the effect was created.
    Agents(Vec<crate::engine::xfiles::AgentRef>),
    /// The Agents a variable of the creating effect holds (resolved when
    /// the modifier is created; never kept in the game).
    Var(String),
    /// Every Agent of the card's controller.
    Mine,
    /// The Agent so titled in the bearer's Team (Detective White with Mulder).
    TitledInTeam(String),
    /// Every Agent of a seat.
    Seat(crate::engine::Seat),
    /// The Agents in this section of the seat the card sits with (F.
    /// Emasculata Outbreak in an opponent's Hospital).
    HostIn(crate::cards::Section),
}

/// Which seat a modifier applies to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatScope {
    Controller,
    /// The opponent the card names.
    Opponent,
    /// The seat the card sits with (a card placed in an opponent's Field).
    Host,
    Seat(crate::engine::Seat),
}

/// Which cards a modifier applies to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CardScope {
    pub types: Vec<CardType>,
    pub keywords: Vec<Keyword>,
    /// Only cards with one of these Activators ("Keyword ACTIVE card").
    #[serde(default)]
    pub activators: Vec<crate::cards::Activator>,
    /// Only cards paid from this pool.
    pub pool: Option<Pool>,
    /// Only cards played by this seat (`None`: anyone).
    pub by: Option<SeatScope>,
    /// Only at this Site (by id).
    pub site: Option<u32>,
    /// Only by the Investigating Player.
    pub investigator: bool,
    pub titles: Vec<String>,
    /// Not cards that negate ("except Events which would negate this card").
    #[serde(default)]
    pub except_negators: bool,
}

/// How long a step's modifier lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// The skill check in progress.
    Check,
    /// This combat round.
    Round,
    Combat,
    /// The investigation of the current Site.
    Site,
    Turn,
    /// This turn and the next n - 1 (any player's).
    Turns(u8),
    /// Until the controller plays its next card (this turn at most).
    NextPlay,
    /// As long as the card that made it stays in play.
    WhileInPlay,
    Permanent,
}

/// A value a step sets: a trait for questions, a Keyword, a skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Trait(Trait),
    Keyword(Keyword),
    Skill(Skill),
}

pub use super::verbs::Step;

fn is_zero(n: &u8) -> bool {
    *n == 0
}
