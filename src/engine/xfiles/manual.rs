//! Manual steps: what a player does by hand for card text the bot does not
//! automate. A step is a proposal tied to the card being resolved: only the
//! player resolving it may propose steps, only of the kinds its text could
//! change, while it is the last card resolved; any other player may
//! `/dispute` a step before the game moves on, which restores the table as it
//! was before that step. Both stay in the record.
//!
//! How xfiles-bot plays it: "the game moves on" is the next action that is
//! neither a manual step nor a dispute. Games stored before this rule
//! (`XfOptions::legacy_manual`) keep the old behaviour: any player, any time.

use serde::{Deserialize, Serialize};

use super::{Events, XfEvent, XfGame};
use crate::cards::{CardIdx, Pool, Section, db};
use crate::engine::{Event, Refusal, Seat};

/// A manual step proposed for the card being resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Manual {
    /// Adds to (or subtracts from) the skill check in progress.
    CheckModifier {
        amount: i32,
    },
    Heal {
        agent: super::AgentRef,
        amount: u8,
    },
    Damage {
        agent: super::AgentRef,
        amount: u8,
    },
    Move {
        agent: super::AgentRef,
        section: Section,
    },
    /// Draw cards into your own hand.
    Draw {
        count: u8,
    },
    /// Change your own pool.
    Pool {
        pool: Pool,
        delta: i32,
    },
}

/// What a manual step may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManualKind {
    Check,
    Heal,
    Damage,
    Move,
    Draw,
    Rp,
    Cp,
}

impl ManualKind {
    pub const ALL: [ManualKind; 7] = [
        ManualKind::Check,
        ManualKind::Heal,
        ManualKind::Damage,
        ManualKind::Move,
        ManualKind::Draw,
        ManualKind::Rp,
        ManualKind::Cp,
    ];

    /// The `/adjust what:` word.
    pub fn word(self) -> &'static str {
        match self {
            ManualKind::Check => "check",
            ManualKind::Heal => "heal",
            ManualKind::Damage => "damage",
            ManualKind::Move => "move",
            ManualKind::Draw => "draw",
            ManualKind::Rp => "rp",
            ManualKind::Cp => "cp",
        }
    }
}

impl Manual {
    pub fn kind(&self) -> ManualKind {
        match self {
            Manual::CheckModifier { .. } => ManualKind::Check,
            Manual::Heal { .. } => ManualKind::Heal,
            Manual::Damage { .. } => ManualKind::Damage,
            Manual::Move { .. } => ManualKind::Move,
            Manual::Draw { .. } => ManualKind::Draw,
            Manual::Pool { pool: Pool::Rp, .. } => ManualKind::Rp,
            Manual::Pool { .. } => ManualKind::Cp,
        }
    }
}

/// The kinds of step a card's text could call for, read from its printed
/// words (none: nothing /adjust can do; the players settle it at the table).
pub fn scope_of(card: CardIdx) -> Vec<ManualKind> {
    let c = db().get(card);
    let text = c
        .text
        .as_deref()
        .or(c.game_effect.as_deref())
        .unwrap_or_default();
    scope_of_text(text)
}

/// The kinds of step a text names (see [`scope_of`]).
pub fn scope_of_text(text: &str) -> Vec<ManualKind> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '+' && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let has = |w: &str| words.iter().any(|x| x.trim_matches(['+', '-']) == w);
    let prefix = |p: &str| {
        words
            .iter()
            .any(|x| x.trim_matches(['+', '-']).starts_with(p))
    };
    let signed = words.iter().any(|w| {
        (w.starts_with('+') || w.starts_with('-')) && w[1..].chars().all(|c| c.is_ascii_digit())
    });
    let skill = crate::cards::Skill::ALL
        .iter()
        .any(|s| lower.contains(&s.as_str().to_lowercase()));
    let mut out = Vec::new();
    let mut add = |k: ManualKind, yes: bool| {
        if yes {
            out.push(k);
        }
    };
    add(
        ManualKind::Check,
        signed || skill || prefix("check") || prefix("investigat") || has("prerequisite"),
    );
    add(
        ManualKind::Heal,
        prefix("heal") || has("health") || prefix("hospital") || has("damage"),
    );
    add(
        ManualKind::Damage,
        has("damage") || has("health") || prefix("wound") || prefix("kill") || prefix("die"),
    );
    add(
        ManualKind::Move,
        prefix("hospital")
            || has("field")
            || has("bureau")
            || prefix("move")
            || prefix("return")
            || prefix("deploy")
            || has("team"),
    );
    add(ManualKind::Draw, prefix("draw"));
    add(
        ManualKind::Rp,
        has("rp") || lower.contains("resource point"),
    );
    add(
        ManualKind::Cp,
        has("cp") || lower.contains("conspiracy point"),
    );
    out
}

/// A proposed step, with the table as it was before it (for a dispute).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Proposed {
    pub step: Manual,
    pub text: String,
    pub before: Box<XfGame>,
}

/// The card whose text is being applied by hand, and the steps proposed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManualCard {
    pub card: CardIdx,
    pub seat: Seat,
    pub scope: Vec<ManualKind>,
    #[serde(default)]
    pub steps: Vec<Proposed>,
}

impl XfGame {
    /// The card `seat` resolves has text to apply by hand: its steps may be
    /// proposed until the game moves on. Of a partly scripted card, only the
    /// sentences played by hand count.
    pub(crate) fn open_manual(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        let scripts = self.script_db();
        let scope = match scripts.of(card).filter(|s| !s.manual.is_empty()) {
            Some(s) => scope_of_text(&s.manual.join(". ")),
            None => scope_of(card),
        };
        events.push(Event::public(XfEvent::ManualOpened {
            seat,
            card,
            scope: scope.clone(),
        }));
        self.manual = Some(ManualCard {
            card,
            seat,
            scope,
            steps: Vec::new(),
        });
    }

    /// Applies a proposed manual step (see the module doc).
    pub(super) fn manual(
        &mut self,
        seat: Seat,
        m: &Manual,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let card = if self.options.legacy_manual {
            None
        } else {
            Some(self.may_propose(seat, m)?)
        };
        let before = self.snapshot();
        let text = self.apply_manual(seat, m, events)?;
        if let Some(w) = self.manual.as_mut() {
            w.steps.push(Proposed {
                step: m.clone(),
                text: text.clone(),
                before: Box::new(before),
            });
        }
        events.push(Event::public(XfEvent::ManualStep { seat, card, text }));
        Ok(())
    }

    /// The card a manual step is proposed for, if `seat` may propose it.
    fn may_propose(&self, seat: Seat, m: &Manual) -> Result<CardIdx, Refusal> {
        let Some(w) = &self.manual else {
            return Err(Refusal::new(
                "manual steps are only for a card whose text the bot does not automate, right after it resolves (or is used), by the player resolving it",
            ));
        };
        let title = &db().get(w.card).title;
        if w.seat != seat {
            return Err(Refusal::new(format!(
                "only the player resolving {title} may apply its text by hand; you may /dispute a step you disagree with"
            )));
        }
        if w.scope.is_empty() {
            return Err(Refusal::new(format!(
                "{title}'s text calls for nothing /adjust can change (HEALTH, a skill check, a move, a draw, RP or CP); settle it at the table"
            )));
        }
        if !w.scope.contains(&m.kind()) {
            let allowed: Vec<&str> = w.scope.iter().map(|k| k.word()).collect();
            return Err(Refusal::new(format!(
                "{title}'s text does not call for a '{}' step; its steps may be: {}",
                m.kind().word(),
                allowed.join(", ")
            )));
        }
        Ok(w.card)
    }

    /// The state as a dispute restores it (without the manual record itself).
    fn snapshot(&self) -> XfGame {
        let mut copy = self.clone();
        copy.manual = None;
        copy
    }

    /// `/dispute`: another player undoes the last step proposed for the card.
    pub(super) fn dispute(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        let w = self.manual.as_ref().filter(|w| !w.steps.is_empty()).ok_or_else(|| {
            Refusal::new("there is no manual step to dispute (a step can be disputed until the game moves on)")
        })?;
        if w.seat == seat {
            return Err(Refusal::new(
                "you proposed this step; another player may dispute it (take it back with /game undo)",
            ));
        }
        let mut window = w.clone();
        let last = window.steps.pop().expect("a step");
        let by = window.seat;
        *self = *last.before;
        self.manual = Some(window);
        events.push(Event::public(XfEvent::Disputed {
            seat,
            by,
            text: last.text,
        }));
        Ok(())
    }

    /// Changes the table for one step; keeps every pool and HEALTH in bounds.
    fn apply_manual(
        &mut self,
        seat: Seat,
        m: &Manual,
        events: &mut Events,
    ) -> Result<String, Refusal> {
        let name = |c: CardIdx| db().get(c).title.clone();
        Ok(match m {
            Manual::CheckModifier { amount } => {
                let id = self
                    .frames
                    .iter()
                    .rev()
                    .find(|f| matches!(f.kind, super::FrameKind::Check(_)))
                    .map(|f| f.id)
                    .ok_or_else(|| Refusal::new("there is no skill check in progress to modify"))?;
                self.check_mut(id)
                    .expect("found")
                    .mods
                    .push(super::CheckMod {
                        skill: None,
                        amount: *amount,
                        from: None,
                        card: None,
                    });
                format!("modifies the skill check by {amount:+}")
            }
            Manual::Heal { agent, amount } => {
                let a = self
                    .agent_mut(*agent)
                    .ok_or_else(|| Refusal::new("there is no such Agent in play"))?;
                a.damage = a.damage.saturating_sub(*amount);
                a.heal_blocked = false;
                format!("heals {} of {amount}", name(agent.card))
            }
            Manual::Damage { agent, amount } => {
                if self.agent(*agent).is_none() {
                    return Err(Refusal::new("there is no such Agent in play"));
                }
                let max = self.max_health(*agent);
                let a = self.agent_mut(*agent).expect("checked");
                a.damage = (a.damage + amount).min(max);
                self.hospitalize_if_down(*agent, events);
                format!("deals {amount} damage to {}", name(agent.card))
            }
            Manual::Move { agent, section } => {
                let a = self
                    .agent(*agent)
                    .ok_or_else(|| Refusal::new("there is no such Agent in play"))?;
                if a.section == Section::Hospital && !self.may_leave_hospital(*agent) {
                    return Err(Refusal::new(
                        "an injured Agent may not leave the Hospital before HEALTH 3 (p. 20)",
                    ));
                }
                self.agent_mut(*agent).expect("checked").section = *section;
                format!("moves {} to the {}", name(agent.card), section.as_str())
            }
            Manual::Draw { count } => {
                let drawn = self.draw(seat, usize::from(*count), events);
                events.push(Event::private(
                    seat,
                    XfEvent::DrewCards {
                        cards: drawn.clone(),
                    },
                ));
                format!("draws {} cards", drawn.len())
            }
            Manual::Pool { pool, delta } => {
                let p = self.player_mut(seat);
                let slot = match pool {
                    Pool::Rp => &mut p.rp,
                    _ => &mut p.cp,
                };
                let next = i64::from(*slot) + i64::from(*delta);
                if next < 0 {
                    return Err(Refusal::new(format!("your {pool} pool holds only {slot}")));
                }
                *slot = next as u32;
                format!("changes their {pool} pool by {delta:+}")
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_names_the_steps_it_could_call_for() {
        use ManualKind::*;
        assert_eq!(
            scope_of_text("Target Agent gets +2 OBSERVATION for this skill check."),
            vec![Check]
        );
        assert_eq!(
            scope_of_text("Draw two cards, then discard one."),
            vec![Draw]
        );
        assert_eq!(
            scope_of_text("Inflict 2 damage on target Agent."),
            vec![Heal, Damage]
        );
        assert_eq!(
            scope_of_text("Gain 3 RP. Move an Agent to the Hospital."),
            vec![Heal, Move, Rp]
        );
        assert_eq!(scope_of_text("Look at your opponent's hand."), vec![]);
    }
}
