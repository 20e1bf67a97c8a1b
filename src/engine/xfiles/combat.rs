//! Combat (pp. 31-35): only Combat cards, the Adversary's player first;
//! damage is simultaneous, each Agent's damage whole, the Adversary's to one
//! Agent its player picks (split only when its text allows); HEALTH 0 sends
//! an Agent to the Hospital after a last chance to heal (Rules Assistant p. 7).

use super::{AgentRef, CombatRound, CombatStep, Events, Pending, Target, XfEvent, XfGame};
use crate::cards::effects::{Effect, Section, effects};
use crate::cards::{CardIdx, CardType, Keyword, Pool, Skill, db};
use crate::engine::{Event, Refusal, Seat};

impl XfGame {
    fn combat_skill(round: CombatRound) -> Skill {
        match round {
            CombatRound::Long => Skill::LongRangeCombat,
            CombatRound::Close => Skill::CloseRangeCombat,
        }
    }

    /// The team's Agents fighting now: sent to the Site, in the Field, standing.
    pub fn fighters(&self) -> Vec<AgentRef> {
        let Some(inv) = &self.investigation else {
            return Vec::new();
        };
        let seat = self.active;
        inv.team
            .iter()
            .filter(|c| !inv.benched.contains(c))
            .map(|c| AgentRef { seat, card: *c })
            .filter(|r| self.agent(*r).is_some_and(|a| a.section == Section::Field))
            .collect()
    }

    /// Can this Combat card be played now?
    pub fn combat_play_check(
        &self,
        seat: Seat,
        card: CardIdx,
        mode: u8,
        target: &Option<Target>,
        x: u32,
        pool: Option<Pool>,
    ) -> Result<Pool, Refusal> {
        let inv = self
            .investigation
            .as_ref()
            .ok_or_else(|| self.out_of_phase(seat))?;
        let combat = inv.combat.as_ref().ok_or_else(|| self.out_of_phase(seat))?;
        if combat.priority != seat || combat.step == CombatStep::Assign {
            return Err(self.not_your_move(seat));
        }
        let c = db().get(card);
        if c.kind != CardType::Combat {
            return Err(Refusal::new(format!(
                "only Combat cards may be played in combat; {} is {} card (p. 35)",
                c.title, c.kind
            )));
        }
        let pool = self.check_common(seat, card, mode, x, pool)?;
        let Some(m) = effects().of(card).modes.get(usize::from(mode)) else {
            return Ok(pool);
        };
        for e in &m.effects {
            match e {
                Effect::CombatSkill { skill, targets, .. } => {
                    if *skill != Self::combat_skill(combat.round) {
                        return Err(Refusal::new(format!(
                            "{} works in a {} round",
                            c.title,
                            skill.as_str().to_uppercase()
                        )));
                    }
                    self.combat_target_ok(c.title.as_str(), target, targets)?;
                }
                Effect::ReduceDamage { targets, .. } => {
                    self.combat_target_ok(c.title.as_str(), target, targets)?
                }
                Effect::Heal { .. } => {
                    let Some(Target::Agent(a)) = target else {
                        return Err(Refusal::new(format!(
                            "{} is played on an Agent: name it (agent:<name>)",
                            c.title
                        )));
                    };
                    if !self.agent(*a).is_some_and(|a| a.section == Section::Field) {
                        return Err(Refusal::new(format!(
                            "{} is played on an Agent in the Field",
                            c.title
                        )));
                    }
                }
                _ => {}
            }
        }
        Ok(pool)
    }

    fn combat_target_ok(
        &self,
        title: &str,
        target: &Option<Target>,
        kinds: &[Keyword],
    ) -> Result<(), Refusal> {
        let adversary = self
            .investigation
            .as_ref()
            .and_then(|i| i.combat.as_ref())
            .map(|c| c.adversary);
        match target {
            Some(Target::Adversary) | None if !kinds.is_empty() => {
                let a = adversary.expect("in combat");
                if kinds.iter().any(|k| db().get(a).has_keyword(*k)) {
                    Ok(())
                } else {
                    let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
                    Err(Refusal::new(format!(
                        "{title} is played on a {} Adversary",
                        names.join(" or ").to_uppercase()
                    )))
                }
            }
            Some(Target::Agent(a)) if kinds.is_empty() && self.fighters().contains(a) => Ok(()),
            Some(Target::Adversary) | None => Ok(()),
            _ => Err(Refusal::new(format!(
                "{title} is played on a combatant: the Adversary or a fighting Agent"
            ))),
        }
    }

    pub(super) fn play_in_combat(
        &mut self,
        play: Pending,
        pool: Option<Pool>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let pool = self.combat_play_check(
            play.player,
            play.card,
            play.mode,
            &play.target,
            play.x,
            pool,
        )?;
        self.pay_and_announce(&play, pool, events)?;
        let next = self.next_seat(play.player);
        let combat = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("checked");
        combat.stack.push(play);
        combat.priority = next;
        combat.passes = 0;
        Ok(())
    }

    pub(super) fn pass_in_combat(
        &mut self,
        seat: Seat,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let everyone = self.seats_in() as u8;
        let next = self.next_seat(seat);
        let active = self.active;
        let combat = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("in combat");
        if combat.priority != seat || combat.step == CombatStep::Assign {
            return Err(self.not_your_move(seat));
        }
        combat.passes += 1;
        combat.priority = next;
        if combat.passes < everyone {
            return Ok(());
        }
        combat.passes = 0;
        combat.priority = if combat.step == CombatStep::AfterDamage {
            active
        } else {
            combat.owner
        };
        if let Some(top) = combat.stack.pop() {
            self.resolve_combat_card(top, events);
            return Ok(());
        }
        match combat.step {
            CombatStep::Cards => self.deal_damage(events),
            CombatStep::AfterDamage => self.finish_round(events),
            CombatStep::Assign => unreachable!("checked above"),
        }
        Ok(())
    }

    fn resolve_combat_card(&mut self, p: Pending, events: &mut Events) {
        let fx = effects().of(p.card);
        let m = fx.modes.get(usize::from(p.mode)).cloned();
        let healing = db().get(p.card).has_keyword(Keyword::Healing);
        let combat = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("in combat");
        for e in m.iter().flat_map(|m| m.effects.iter()) {
            match (e, &p.target) {
                (Effect::CombatSkill { amount, .. }, Some(Target::Agent(a))) => {
                    let skill = Self::combat_skill(combat.round);
                    combat.agent_bonus.push((*a, skill, *amount));
                }
                (Effect::CombatSkill { amount, .. }, _) => combat.adversary_bonus += amount,
                (Effect::ReduceDamage { amount, .. }, Some(Target::Agent(_))) => {
                    combat.agents_reduce += amount
                }
                (Effect::ReduceDamage { amount, .. }, _) => combat.adversary_reduce += amount,
                _ => {}
            }
        }
        for e in m.iter().flat_map(|m| m.effects.iter()) {
            if let (Effect::Heal { amount, .. }, Some(Target::Agent(a))) = (e, &p.target) {
                self.heal_agent(*a, *amount, healing, events);
            }
        }
        events.push(Event::public(XfEvent::Resolved {
            card: p.card,
            manual: !m.is_some_and(|m| m.automated),
        }));
        self.put_away(p.player, p.card, p.mode);
    }

    /// The cards are done: each side's damage for this round (pp. 32-33).
    fn deal_damage(&mut self, events: &mut Events) {
        let fighters = self.fighters();
        let seat = self.active;
        let combat = self
            .investigation
            .as_ref()
            .and_then(|i| i.combat.as_ref())
            .expect("in combat")
            .clone();
        let skill = Self::combat_skill(combat.round);
        let mut agents = 0i32;
        for f in &fighters {
            let bonus: i32 = combat
                .agent_bonus
                .iter()
                .filter(|(a, s, _)| a == f && *s == skill)
                .map(|b| b.2)
                .sum();
            let own = (self.agent_skill(seat, f.card, skill) + bonus
                - i32::from(combat.adversary_reduce))
            .max(0);
            agents += own;
        }
        let printed = db().get(combat.adversary).skill(skill);
        let adversary = (printed + combat.adversary_bonus - i32::from(combat.agents_reduce)).max(0);
        let c = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("in combat");
        c.pending_agents = agents.min(255) as u8;
        c.pending_damage = adversary.min(255) as u8;
        let split = effects()
            .of(combat.adversary)
            .all()
            .any(|e| *e == Effect::SplitDamage);
        if adversary == 0 || fighters.is_empty() {
            self.apply_damage(&[], events);
        } else if fighters.len() == 1 && !split {
            self.apply_damage(&[(fighters[0], adversary as u8)], events);
        } else {
            c.step = CombatStep::Assign;
        }
    }

    /// The Adversary's player assigns its damage.
    pub(super) fn assign_damage(
        &mut self,
        seat: Seat,
        to: &[(CardIdx, u8)],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let combat = self
            .investigation
            .as_ref()
            .and_then(|i| i.combat.clone())
            .ok_or_else(|| self.out_of_phase(seat))?;
        if combat.step != CombatStep::Assign || combat.owner != seat {
            return Err(self.not_your_move(seat));
        }
        let fighters = self.fighters();
        let split = effects()
            .of(combat.adversary)
            .all()
            .any(|e| *e == Effect::SplitDamage);
        let total: u32 = to.iter().map(|t| u32::from(t.1)).sum();
        let refs: Vec<(AgentRef, u8)> = to
            .iter()
            .map(|(c, n)| {
                (
                    AgentRef {
                        seat: self.active,
                        card: *c,
                    },
                    *n,
                )
            })
            .collect();
        if refs.iter().any(|(r, _)| !fighters.contains(r)) {
            let names: Vec<&str> = fighters
                .iter()
                .map(|f| db().get(f.card).title.as_str())
                .collect();
            return Err(Refusal::new(format!(
                "damage goes to a fighting Agent: {}",
                names.join(", ")
            )));
        }
        if total != u32::from(combat.pending_damage) {
            return Err(Refusal::new(format!(
                "assign all {} points of damage",
                combat.pending_damage
            )));
        }
        if !split && refs.len() != 1 {
            return Err(Refusal::new(
                "an Adversary's damage goes to one Agent (p. 32)",
            ));
        }
        self.apply_damage(&refs, events);
        Ok(())
    }

    /// Damage is simultaneous (p. 31): the Agents' to the Adversary, the
    /// Adversary's to the Agents (HEALTH never below 0).
    fn apply_damage(&mut self, to: &[(AgentRef, u8)], events: &mut Events) {
        let active = self.active;
        let combat = self
            .investigation
            .as_ref()
            .and_then(|i| i.combat.clone())
            .expect("in combat");
        let blocks = effects()
            .of(combat.adversary)
            .all()
            .any(|e| *e == Effect::WoundsBlockHealing);
        for (r, n) in to {
            if let Some(a) = self.agent_mut(*r) {
                a.damage = (a.damage + n).min(a.health());
                if blocks && *n > 0 {
                    a.heal_blocked = true;
                }
            }
        }
        events.push(Event::public(XfEvent::CombatDamage {
            agents_deal: i32::from(combat.pending_agents),
            adversary_deals: i32::from(combat.pending_damage),
            to: to.to_vec(),
        }));
        let down = to
            .iter()
            .any(|(r, _)| self.agent(*r).is_some_and(|a| a.current_health() == 0));
        let c = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("in combat");
        c.damage = c.damage.saturating_add(combat.pending_agents);
        c.pending_agents = 0;
        c.pending_damage = 0;
        if down {
            c.step = CombatStep::AfterDamage;
            c.priority = active;
            c.passes = 0;
        } else {
            self.finish_round(events);
        }
    }

    /// End of a round: Agents at 0 go to the Hospital; the Adversary dies at
    /// 0 HEALTH; otherwise another Close Range round (p. 33).
    fn finish_round(&mut self, events: &mut Events) {
        for f in self.fighters() {
            let a = self.agent_mut(f).expect("fighter");
            if a.current_health() == 0 {
                a.section = Section::Hospital;
                events.push(Event::public(XfEvent::ToHospital { agent: f }));
            }
        }
        let combat = self
            .investigation
            .as_ref()
            .and_then(|i| i.combat.clone())
            .expect("in combat");
        let dead =
            i32::from(combat.damage) >= db().get(combat.adversary).skill(Skill::Health).max(1);
        if dead {
            events.push(Event::public(XfEvent::AdversaryKilled {
                card: combat.adversary,
            }));
        }
        if dead || self.fighters().is_empty() {
            self.end_combat(events);
            return;
        }
        let c = self
            .investigation
            .as_mut()
            .and_then(|i| i.combat.as_mut())
            .expect("in combat");
        c.round = CombatRound::Close;
        c.step = CombatStep::Cards;
        c.priority = c.owner;
        c.passes = 0;
        c.agent_bonus.clear();
        c.adversary_bonus = 0;
        c.agents_reduce = 0;
        c.adversary_reduce = 0;
    }

    /// The Adversary is discarded whatever the outcome (p. 33); the skill
    /// check goes on.
    fn end_combat(&mut self, events: &mut Events) {
        let active = self.active;
        let inv = self.investigation.as_mut().expect("investigating");
        let combat = inv.combat.take().expect("in combat");
        inv.check.priority = active;
        inv.check.passes = 0;
        self.player_mut(combat.owner).discard.push(combat.adversary);
        for p in combat.stack {
            self.player_mut(p.player).discard.push(p.card);
        }
        events.push(Event::public(XfEvent::CombatOver {
            adversary: combat.adversary,
        }));
        let (total, needed) = self.check_totals();
        events.push(Event::public(XfEvent::CheckStands { total, needed }));
    }
}
