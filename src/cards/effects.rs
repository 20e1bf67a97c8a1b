//! What X-Files CCG cards do, as data: `cards/xfiles-ccg/effects.json`,
//! written by [`super::effects_import`] from the cards' text. The engine
//! applies these effect patterns; a card whose every sentence became an
//! effect is *automated*, any other is played with manual steps.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::{CardIdx, Keyword, Pool, Skill, db};

/// A table section, as an effect's target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Bureau,
    Field,
    Hospital,
}

impl Section {
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Bureau => "Bureau",
            Section::Field => "Field",
            Section::Hospital => "Hospital",
        }
    }
}

/// One effect pattern.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Effect {
    /// Changes the skill check in progress (empty `skills`: any skill).
    SkillCheck { amount: i32, skills: Vec<Skill> },
    /// Equipment: a lasting bonus to its Agent's (or Team's) skill.
    Equipment {
        skill: Skill,
        amount: i32,
        team: bool,
    },
    /// Negates one card carrying all these Keywords.
    Negate { keywords: Vec<Keyword> },
    /// Heals an Agent (in this section, when given).
    Heal {
        amount: u8,
        section: Option<Section>,
    },
    /// Combat: adds to a combatant's LRC or CRC this round (a combatant
    /// carrying one of `targets`, when given).
    CombatSkill {
        skill: Skill,
        amount: i32,
        targets: Vec<Keyword>,
    },
    /// Combat: damage to the combatant's side is reduced this round.
    ReduceDamage { amount: u8, targets: Vec<Keyword> },
    /// Adds points to the player's pool.
    GainPool { pool: Pool, amount: u32 },
    /// The Site's prerequisite becomes this skill and threshold.
    SetPrerequisite { skill: Skill, threshold: u8 },
    /// Changes one Keyword of a card in play (a Site) to another.
    ChangeKeyword { from: Vec<Keyword>, to: Keyword },
    /// Adversary: no Long Range Combat round.
    SkipLongRange,
    /// Adversary: its damage may be split among the Agents.
    SplitDamage,
    /// Adversary: wounded Agents heal only after a Keyword HEALING card.
    WoundsBlockHealing,
    /// Ask one characteristic question of any category of one opponent.
    ExtraQuestion,
    /// The card is removed from the game after use instead of discarded.
    RemoveFromGame,
    /// The card cannot be negated.
    Unnegatable,
    /// Bluff: a Team of three or more may send only this many Agents.
    TeamLimit { agents: u8 },
    /// Agent: a self-renewing RP that pays only for these Keywords.
    DedicatedRp { keywords: Vec<Keyword> },
    /// Agent: this RES while in the Bureau.
    ResInBureau { res: u8 },
    /// Agent: his RES may go to the Conspiracy Pool instead.
    ResToConspiracy,
    /// Agent: the RP his RES creates must buy cards this turn or is lost.
    ResMustBuy,
    /// Agent: tokens, each lets a Site be played for 0 RP.
    FreeSiteTokens { tokens: u8 },
    /// Agent: tokens, each lets the player look at one face-down Bluff.
    PeekBluffTokens { tokens: u8 },
    /// Witness in play: +1 to the pool whenever a card with one of these Keywords is played.
    Income { pool: Pool, keywords: Vec<Keyword> },
}

/// One way to play a card ("Alternately" cards have several).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mode {
    pub effects: Vec<Effect>,
    /// Every sentence of this mode is an effect above.
    pub automated: bool,
    pub text: String,
}

/// The effects of one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardEffects {
    pub modes: Vec<Mode>,
}

impl CardEffects {
    pub fn automated(&self) -> bool {
        self.modes.iter().all(|m| m.automated)
    }

    pub fn all(&self) -> impl Iterator<Item = &Effect> {
        self.modes.iter().flat_map(|m| m.effects.iter())
    }
}

/// The effects of every card, by card.
pub struct EffectDb {
    by_card: HashMap<CardIdx, CardEffects>,
}

static EFFECTS: LazyLock<EffectDb> = LazyLock::new(|| {
    EffectDb::from_json(include_str!("../../cards/xfiles-ccg/effects.json"))
        .expect("valid effect data")
});

/// The embedded effect data.
pub fn effects() -> &'static EffectDb {
    &EFFECTS
}

static NONE: CardEffects = CardEffects { modes: Vec::new() };

impl EffectDb {
    pub fn from_json(text: &str) -> Result<EffectDb, String> {
        let raw: std::collections::BTreeMap<String, CardEffects> =
            serde_json::from_str(text).map_err(|e| format!("effects.json: {e}"))?;
        let mut by_card = HashMap::new();
        for (id, e) in raw {
            let idx = db()
                .by_id(&id)
                .ok_or_else(|| format!("effects.json: unknown card id {id}"))?;
            by_card.insert(idx, e);
        }
        Ok(EffectDb { by_card })
    }

    /// A card's effects (none recorded: no modes).
    pub fn of(&self, card: CardIdx) -> &CardEffects {
        self.by_card.get(&card).unwrap_or(&NONE)
    }

    /// Fully automated: no text, or every sentence understood.
    pub fn is_automated(&self, card: CardIdx) -> bool {
        let c = db().get(card);
        let has_text = c.text.is_some() || c.game_effect.is_some();
        !has_text || self.by_card.get(&card).is_some_and(CardEffects::automated)
    }
}

/// How many cards of one set the engine plays by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCoverage {
    pub set: crate::cards::CardSet,
    /// Playable cards in the set.
    pub cards: usize,
    /// Of those, cards with text (a Game Effect or card text).
    pub with_text: usize,
    /// Cards with text whose every sentence the engine applies.
    pub automated: usize,
}

/// Automation per set, in release order (`xfiles-bot cards coverage`).
pub fn coverage() -> Vec<SetCoverage> {
    use crate::cards::CardSet;
    CardSet::ALL
        .iter()
        .map(|set| {
            let cards: Vec<CardIdx> = db()
                .iter()
                .filter(|(_, c)| c.set == *set && c.kind.is_playable())
                .map(|(i, _)| i)
                .collect();
            let texts: Vec<CardIdx> = cards
                .iter()
                .copied()
                .filter(|c| db().get(*c).text.is_some() || db().get(*c).game_effect.is_some())
                .collect();
            let with_text = texts.len();
            let automated = texts.iter().filter(|c| effects().is_automated(**c)).count();
            SetCoverage {
                set: *set,
                cards: cards.len(),
                with_text,
                automated,
            }
        })
        .collect()
}

/// The coverage table as text: one line a set and a total.
pub fn coverage_report() -> String {
    let rows = coverage();
    let mut out = String::from("set                      cards  with text  text automated\n");
    for r in &rows {
        out.push_str(&format!(
            "{:<24} {:>5}  {:>9}  {:>8} ({:>3}%)\n",
            r.set.as_str(),
            r.cards,
            r.with_text,
            r.automated,
            percent(r.automated, r.with_text)
        ));
    }
    let (cards, text, auto) = rows.iter().fold((0, 0, 0), |(a, b, c), r| {
        (a + r.cards, b + r.with_text, c + r.automated)
    });
    out.push_str(&format!(
        "{:<24} {cards:>5}  {text:>9}  {auto:>8} ({:>3}%)\n",
        "all sets",
        percent(auto, text)
    ));
    out.push_str(
        "Cards without text (X-Files, most Sites, plain Agents) need no automation. Cards whose text is not automated are played with manual steps: play the card (cost and Activators are checked), then /adjust.",
    );
    out
}

fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(0)
}
