//! What an effect in progress keeps in the game state: which ability of
//! which card runs, where it stands in its program, the values it has bound,
//! and what it waits for. All plain data, so a game stored for a week and
//! replayed from its log resumes exactly.

use serde::{Deserialize, Serialize};

use crate::cards::{CardIdx, Keyword, Skill, Trait};
use crate::engine::Seat;
use crate::engine::xfiles::AgentRef;

/// Which ability of a card's script runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityRef {
    /// Played from the hand, in this mode.
    Play(u8),
    /// Used while in play.
    Use(u8),
    Trigger(u8),
    Replace(u8),
}

/// Where an effect comes from and who controls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub card: CardIdx,
    pub ability: AbilityRef,
    pub controller: Seat,
    /// The card in play the ability belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perm: Option<u32>,
    /// The Agent whose Game Effect this is (or who carries the Equipment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentRef>,
    /// The skill check the card was played into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<u32>,
    /// The opponent the card names (multiplayer `target:` seat or the Directed Player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Seat>,
    #[serde(default)]
    pub x: u32,
    /// An X-File Power of the controller's X-File (pp. 43-45), not the card's script.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Trait>,
}

impl Source {
    /// An effect of `card` for `controller`, tied to no card in play,
    /// Agent, check, opponent or Power.
    pub fn new(card: CardIdx, ability: AbilityRef, controller: Seat) -> Source {
        Source {
            card,
            ability,
            controller,
            perm: None,
            agent: None,
            check: None,
            opponent: None,
            x: 0,
            power: None,
        }
    }
}

/// A value an effect binds to a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Val {
    Agent(AgentRef),
    Agents(Vec<AgentRef>),
    /// A card (in a hand, deck or pile: the zone is the selector's).
    Card(CardIdx),
    Cards(Vec<CardIdx>),
    /// A card waiting on the stack, by its id.
    Stack(u32),
    /// A card in play, by its id.
    Perm(u32),
    /// A Site in play, by its id.
    Site(u32),
    /// A face-down or revealed card under a Site: (site id, position).
    Bluff(u32, usize),
    /// A foe in the combat, by position.
    Foe(usize),
    Seat(Seat),
    Num(i32),
    Bool(bool),
    Trait(Trait),
    Keyword(Keyword),
    Skill(Skill),
    List(Vec<Val>),
    /// A card in a player's hand, Discard Pile or deck.
    Held(Seat, Zone, CardIdx),
}

/// Where a held card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Hand,
    Discard,
    Deck,
    /// Removed from the game.
    Removed,
}

impl Val {
    /// The single Agent this value names, if any.
    pub fn agent(&self) -> Option<AgentRef> {
        match self {
            Val::Agent(a) => Some(*a),
            Val::Agents(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        }
    }

    /// This value is `v`, or a list holding it.
    pub fn contains(&self, v: &Val) -> bool {
        match self {
            Val::List(l) => l.iter().any(|x| x.contains(v)),
            x => x == v,
        }
    }

    /// Every Agent this value names.
    pub fn agents(&self) -> Vec<AgentRef> {
        match self {
            Val::Agent(a) => vec![*a],
            Val::Agents(v) => v.clone(),
            _ => Vec::new(),
        }
    }

    pub fn num(&self) -> Option<i32> {
        match self {
            Val::Num(n) => Some(*n),
            _ => None,
        }
    }
}

/// The prefix of a kept value known to its card's controller alone (the
/// Agent The List names on its paper): no other seat's table holds it, and
/// nothing shows it until a step reveals it.
pub const SECRET: &str = "secret-";

/// Named values of an effect in progress, in binding order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vars(pub Vec<(String, Val)>);

impl Vars {
    pub fn get(&self, name: &str) -> Option<&Val> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    pub fn set(&mut self, name: &str, val: Val) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = val,
            None => self.0.push((name.to_string(), val)),
        }
    }

    pub fn unset(&mut self, name: &str) {
        self.0.retain(|(n, _)| n != name);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each object a variable holds: the items of a list, each Agent of a
    /// group, or the one value (none when unbound).
    pub fn items(&self, name: &str) -> Vec<Val> {
        match self.get(name) {
            Some(Val::List(l)) => l.clone(),
            Some(Val::Agents(a)) => a.iter().map(|x| Val::Agent(*x)).collect(),
            Some(v) => vec![v.clone()],
            None => Vec::new(),
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Val::Bool(true)))
    }

    /// Forgets the secret values (see [`SECRET`]).
    pub fn drop_secrets(&mut self) {
        self.0.retain(|(n, _)| !n.starts_with(SECRET));
    }
}

/// What a suspended effect waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    /// Runs on.
    Ready,
    /// A player's answer to the game's pending choice.
    Choice,
    /// The skill check (frame id) it started.
    Check(u32),
    /// The combat it started.
    Combat(u32),
}

/// An effect in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub src: Source,
    pub pc: u16,
    pub vars: Vars,
    pub wait: Wait,
    /// The card being resolved, taken off the stack (put away when done).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<crate::engine::xfiles::Pending>,
}

/// One option of a pending choice.
pub type ChoiceOption = crate::engine::choice::ChoiceOption<Val>;

/// A choice a player must make before the game goes on.
pub type PendingChoice = crate::engine::choice::PendingChoice<Val, Purpose>;

/// What answers a pending choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// The top effect in progress binds the answer to this name.
    Bind(String),
    /// Which foe a fighting Agent attacks this round.
    AgentAttacks(AgentRef),
}
