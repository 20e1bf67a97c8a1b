//! Combat (pp. 31-35): one Long Range round (skipped only when the
//! Adversary's text says so, FAQ21 #14), then Close Range rounds until
//! every foe is dead or every fighting Agent is in the Hospital. Only
//! Combat cards, the Adversary's player first. Damage is simultaneous and
//! counted per source: each Agent's damage goes whole to one foe, each
//! foe's to one Agent its player picks (split only when a card allows).
//! HEALTH 0 sends an Agent to the Hospital after a last chance to heal
//! (Rules Assistant p. 7).

use serde::{Deserialize, Serialize};

use super::effects::ast::Modifier;
use super::{AgentRef, Events, Fact, Frame, FrameKind, XfEvent, XfGame};
use crate::cards::{CardIdx, Section, Skill, SkillValue, db};
use crate::engine::{Event, Refusal, Seat};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatRound {
    Long,
    Close,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStep {
    /// Combat cards may be played before damage.
    Cards,
    /// The foes' player assigns their damage.
    Assign,
    /// After damage: cards such as First Aid may still save an Agent.
    AfterDamage,
}

/// Who takes part in a combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Combatant {
    Agent(AgentRef),
    Foe(usize),
}

/// An Adversary (or anything fighting as one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Foe {
    pub card: CardIdx,
    pub owner: Seat,
    /// Damage taken.
    pub damage: u8,
    /// Dead, negated or gone.
    pub gone: bool,
    /// An Agent fighting as an Adversary (Krycek, the Double Agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentRef>,
    /// Statistics a card set (Special values, doubled stats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<(Skill, i32)>,
    /// Fights this Agent only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<AgentRef>,
    /// The card went elsewhere (a hand, a deck): not discarded when combat ends.
    #[serde(default)]
    pub moved: bool,
}

/// A card's effect on a combatant this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Boon {
    /// Skill added this round.
    Boost(i32),
    /// Damage taken reduced: from one source by n, or from each by n.
    Shield { n: u8, all: bool },
    /// Takes no damage this round.
    Untouchable,
    /// Deals no damage this round.
    Harmless,
}

/// Combat with one or more foes (pp. 31-35).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub foes: Vec<Foe>,
    /// The player who played the Adversary.
    pub owner: Seat,
    pub round: CombatRound,
    pub rounds: u8,
    pub step: CombatStep,
    /// Only this Agent fights (Trap, Crew-Cut Man).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<AgentRef>,
    /// Agents who left the combat (Run For It!).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<AgentRef>,
    /// This round's card effects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boons: Vec<(Combatant, Boon)>,
    /// Deal no damage next round (stunned).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stunned: Vec<Combatant>,
    /// Stunned this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dazed: Vec<Combatant>,
    /// Foes whose damage their player still assigns: (foe, amount).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assign: Vec<(usize, u8)>,
    /// This round's damage once known: (from, to, amount).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hits: Vec<(Combatant, Combatant, u8)>,
    /// Which foe each Agent attacks (several foes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<(AgentRef, usize)>,
    /// Extra Long Range rounds still to fight (Running Gun Battle).
    #[serde(default)]
    pub extra_lrc: u8,
    /// The owner may split damage this round (Covering Fire).
    #[serde(default)]
    pub split: bool,
    /// The combat lasts at most this many rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u8>,
    /// Damage each Agent took this round from one source (for Internal Bleeding).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worst: Vec<(AgentRef, u8)>,
}

impl Combat {
    pub fn skill(&self) -> Skill {
        match self.round {
            CombatRound::Long => Skill::LongRangeCombat,
            CombatRound::Close => Skill::CloseRangeCombat,
        }
    }

    /// The first foe (the Adversary that started the combat).
    pub fn adversary(&self) -> CardIdx {
        self.foes[0].card
    }

    /// The damage the foe being assigned deals now.
    pub fn pending_damage(&self) -> u8 {
        self.assign.first().map_or(0, |a| a.1)
    }

    /// Damage the first foe has taken.
    pub fn damage(&self) -> u8 {
        self.foes[0].damage
    }

    pub fn living(&self) -> impl Iterator<Item = (usize, &Foe)> {
        self.foes.iter().enumerate().filter(|(_, f)| !f.gone)
    }
}

impl XfGame {
    /// The combat in progress.
    pub fn combat(&self) -> Option<&Combat> {
        self.frames.iter().rev().find_map(|f| match &f.kind {
            FrameKind::Combat(c) => Some(c.as_ref()),
            _ => None,
        })
    }

    pub(crate) fn combat_mut(&mut self) -> Option<&mut Combat> {
        self.frames
            .iter_mut()
            .rev()
            .find_map(|f| match &mut f.kind {
                FrameKind::Combat(c) => Some(c.as_mut()),
                _ => None,
            })
    }

    pub(crate) fn combat_frame_id(&self) -> Option<u32> {
        self.frames
            .iter()
            .rev()
            .find(|f| matches!(f.kind, FrameKind::Combat(_)))
            .map(|f| f.id)
    }

    /// A modifier on the foe's own card (its Game Effect).
    pub(crate) fn foe_has(&self, card: CardIdx, want: impl Fn(&Modifier) -> bool) -> bool {
        self.script_db()
            .of(card)
            .is_some_and(|s| s.statics.iter().any(|st| want(&st.modifier)))
    }

    /// A foe's statistic now: set by a card, else printed (N/A and Special
    /// count 0), with this round's boosts.
    pub fn foe_stat(&self, i: usize, skill: Skill) -> i32 {
        let Some(c) = self.combat() else {
            return 0;
        };
        let Some(f) = c.foes.get(i) else {
            return 0;
        };
        if let Some(a) = f.agent {
            return self.agent_skill(a, skill);
        }
        f.stats
            .iter()
            .rev()
            .find(|s| s.0 == skill)
            .map(|s| s.1)
            .unwrap_or_else(|| db().get(f.card).skill(skill))
    }

    fn foe_health(&self, i: usize) -> i32 {
        self.foe_stat(i, Skill::Health).max(1)
    }

    /// The Team's Agents fighting now: sent to the Site, in the Field,
    /// standing, not gone from the combat.
    pub fn fighters(&self) -> Vec<AgentRef> {
        let Some(c) = self.combat() else {
            return Vec::new();
        };
        if let Some(a) = c.only {
            return self
                .agent(a)
                .filter(|x| x.section == Section::Field)
                .map(|_| vec![a])
                .unwrap_or_default();
        }
        let team = match &self.investigation {
            Some(inv) => inv
                .team
                .iter()
                .filter(|c| !inv.benched.contains(c))
                .map(|c| AgentRef {
                    seat: self.active,
                    card: *c,
                })
                .collect(),
            None => self.check_team_now(),
        };
        team.into_iter()
            .filter(|r| !c.left.contains(r))
            .filter(|r| c.foes.iter().all(|f| f.agent != Some(*r)))
            .filter(|r| self.agent(*r).is_some_and(|a| a.section == Section::Field))
            .collect()
    }

    /// Starts a combat: the Adversary (and any that fight with it) against
    /// the investigating Team (p. 31).
    pub(crate) fn start_combat(&mut self, foes: Vec<Foe>, owner: Seat, events: &mut Events) -> u32 {
        let first = foes[0].card;
        let skip = foes
            .iter()
            .all(|f| self.foe_has(f.card, |m| *m == Modifier::SkipLrc));
        let round = if skip {
            CombatRound::Close
        } else {
            CombatRound::Long
        };
        events.push(Event::public(XfEvent::CombatBegins {
            adversary: first,
            round,
        }));
        let max_rounds = foes.iter().find_map(|f| {
            self.script_db().of(f.card).and_then(|s| {
                s.statics.iter().find_map(|st| match st.modifier {
                    Modifier::Rounds { n } => Some(n),
                    _ => None,
                })
            })
        });
        let only = foes.iter().find_map(|f| f.only);
        let id = self.new_id();
        let base = self.stack.len();
        self.frames.push(Frame {
            id,
            base,
            priority: owner,
            passes: 0,
            first: owner,
            kind: FrameKind::Combat(Box::new(Combat {
                foes,
                owner,
                round,
                rounds: 0,
                step: CombatStep::Cards,
                only,
                left: Vec::new(),
                boons: Vec::new(),
                stunned: Vec::new(),
                dazed: Vec::new(),
                assign: Vec::new(),
                hits: Vec::new(),
                targets: Vec::new(),
                extra_lrc: 0,
                split: false,
                max_rounds,
                worst: Vec::new(),
            })),
        });
        if let Some(inv) = self.investigation.as_mut() {
            inv.fought = true;
        }
        self.regenerate(events);
        id
    }

    /// Foes that heal at the start of each round (John Barnett).
    fn regenerate(&mut self, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        let heal: Vec<(usize, u8)> = c
            .living()
            .filter_map(|(i, f)| {
                self.script_db().of(f.card).and_then(|s| {
                    s.statics.iter().find_map(|st| match st.modifier {
                        Modifier::Regenerate { n } if f.damage > 0 => Some((i, n)),
                        _ => None,
                    })
                })
            })
            .collect();
        let _ = events;
        if let Some(c) = self.combat_mut() {
            for (i, n) in heal {
                c.foes[i].damage = c.foes[i].damage.saturating_sub(n);
            }
        }
    }

    /// Everyone passed with no card left: damage is worked out (the cards
    /// step), or the round ends (after damage).
    pub(crate) fn combat_round_done(&mut self, events: &mut Events) {
        let step = self.combat().map(|c| c.step);
        match step {
            Some(CombatStep::Cards) => self.work_out_damage(events),
            Some(CombatStep::AfterDamage) => self.finish_round(events),
            _ => {}
        }
    }

    fn boons_on(&self, who: Combatant) -> Vec<Boon> {
        self.combat()
            .map(|c| {
                c.boons
                    .iter()
                    .filter(|(w, _)| *w == who)
                    .map(|(_, b)| b.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn deals_nothing(&self, who: Combatant) -> bool {
        let c = self.combat().expect("in combat");
        c.dazed.contains(&who) || self.boons_on(who).contains(&Boon::Harmless)
    }

    /// An Agent's attack this round: its skill (with Equipment) plus boosts.
    fn agent_attack(&self, a: AgentRef, skill: Skill) -> i32 {
        let boost: i32 = self
            .boons_on(Combatant::Agent(a))
            .iter()
            .map(|b| match b {
                Boon::Boost(n) => *n,
                _ => 0,
            })
            .sum();
        let living_machine = self.combat().is_some_and(|c| {
            skill == Skill::CloseRangeCombat
                && c.living()
                    .any(|(_, f)| self.foe_has(f.card, |m| *m == Modifier::ComputerCombat))
        });
        let base = if living_machine {
            self.agent_skill(a, Skill::Computer).max(1)
        } else {
            self.agent_skill(a, skill)
        };
        (base + boost).max(0)
    }

    fn foe_attack(&self, i: usize, skill: Skill) -> i32 {
        let boost: i32 = self
            .boons_on(Combatant::Foe(i))
            .iter()
            .map(|b| match b {
                Boon::Boost(n) => *n,
                _ => 0,
            })
            .sum();
        (self.foe_stat(i, skill) + boost).max(0)
    }

    /// The cards are done: each side's damage for this round (pp. 32-33).
    fn work_out_damage(&mut self, events: &mut Events) {
        let fighters = self.fighters();
        let c = self.combat().expect("in combat").clone();
        let skill = c.skill();
        let mut hits = Vec::new();
        let living: Vec<usize> = c.living().map(|(i, _)| i).collect();
        for a in &fighters {
            if self.deals_nothing(Combatant::Agent(*a)) {
                continue;
            }
            let dmg = self.agent_attack(*a, skill);
            let target = c
                .targets
                .iter()
                .find(|t| t.0 == *a)
                .map(|t| t.1)
                .filter(|t| living.contains(t))
                .or_else(|| {
                    living
                        .iter()
                        .copied()
                        .find(|i| c.foes[*i].only.is_none_or(|o| o == *a))
                });
            if let Some(t) = target
                && dmg > 0
            {
                hits.push((Combatant::Agent(*a), Combatant::Foe(t), dmg.min(255) as u8));
            }
        }
        let mut assign = Vec::new();
        for i in &living {
            if self.deals_nothing(Combatant::Foe(*i)) || fighters.is_empty() {
                continue;
            }
            let dmg = self.foe_attack(*i, skill);
            if dmg == 0 {
                continue;
            }
            let dmg = dmg.min(255) as u8;
            let fixed = c.foes[*i].only.or(if fighters.len() == 1 {
                Some(fighters[0])
            } else {
                None
            });
            match fixed {
                Some(a) if !self.may_split(*i) || fighters.len() == 1 => {
                    hits.push((Combatant::Foe(*i), Combatant::Agent(a), dmg))
                }
                _ => assign.push((*i, dmg)),
            }
        }
        let cm = self.combat_mut().expect("in combat");
        cm.hits = hits;
        cm.assign = assign;
        if cm.assign.is_empty() {
            self.apply_damage(events);
        } else {
            cm.step = CombatStep::Assign;
        }
    }

    fn may_split(&self, foe: usize) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let round = c.skill();
        c.split
            || self.foe_has(c.foes[foe].card, |m| match m {
                Modifier::Split { round: r } => r.is_none_or(|r| r == round),
                _ => false,
            })
    }

    /// The foes' player assigns the damage of the foe whose turn it is.
    pub(crate) fn assign_damage(
        &mut self,
        seat: Seat,
        to: &[(CardIdx, u8)],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let c = self
            .combat()
            .cloned()
            .ok_or_else(|| self.out_of_phase(seat))?;
        if c.step != CombatStep::Assign || c.owner != seat {
            return Err(self.not_your_move(seat));
        }
        let (foe, amount) = c.assign[0];
        let fighters = self.fighters();
        let refs: Vec<(AgentRef, u8)> = to
            .iter()
            .map(|(card, n)| {
                (
                    AgentRef {
                        seat: self.active,
                        card: *card,
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
        let total: u32 = refs.iter().map(|t| u32::from(t.1)).sum();
        if total != u32::from(amount) {
            return Err(Refusal::new(format!(
                "assign all {amount} points of {}'s damage",
                db().get(c.foes[foe].card).title
            )));
        }
        if !self.may_split(foe) && refs.len() != 1 {
            return Err(Refusal::new(
                "an Adversary's damage goes to one Agent (p. 32)",
            ));
        }
        let cm = self.combat_mut().expect("checked");
        for (a, n) in refs {
            if n > 0 {
                cm.hits.push((Combatant::Foe(foe), Combatant::Agent(a), n));
            }
        }
        cm.assign.remove(0);
        if cm.assign.is_empty() {
            self.apply_damage(events);
        }
        Ok(())
    }

    /// Damage after reductions: shields, "no damage", and the foe's own text
    /// (half Long Range damage, one less from each source).
    fn reduced(&self, from: Combatant, to: Combatant, amount: u8, round: Skill) -> u8 {
        let c = self.combat().expect("in combat");
        let mut n = i32::from(amount);
        let boons = self.boons_on(to);
        if boons.contains(&Boon::Untouchable) {
            return 0;
        }
        for b in &boons {
            if let Boon::Shield { n: s, all: true } = b {
                n -= i32::from(*s);
            }
        }
        // "From any one source": the shield covers the largest hit.
        let largest = c
            .hits
            .iter()
            .filter(|h| h.1 == to)
            .map(|h| (h.0, h.2))
            .max_by_key(|h| h.1);
        if largest.is_some_and(|(f, _)| f == from) {
            for b in &boons {
                if let Boon::Shield { n: s, all: false } = b {
                    n -= i32::from(*s);
                }
            }
        }
        if let Combatant::Foe(i) = to {
            let card = c.foes[i].card;
            if round == Skill::LongRangeCombat
                && self.foe_has(card, |m| *m == Modifier::HalveLrcTaken)
            {
                n = (n + 1) / 2;
            }
            if self.foe_has(card, |m| *m == Modifier::Unhurt) {
                n = 0;
            }
            if let Some(r) = self.script_db().of(card).and_then(|s| {
                s.statics.iter().find_map(|st| match st.modifier {
                    Modifier::ReduceTaken { n } => Some(n),
                    _ => None,
                })
            }) {
                n -= i32::from(r);
            }
        }
        n.clamp(0, 255) as u8
    }

    /// Damage is simultaneous (p. 31).
    fn apply_damage(&mut self, events: &mut Events) {
        let c = self.combat().expect("in combat").clone();
        let round = c.skill();
        let mut to_agents: Vec<(AgentRef, u8)> = Vec::new();
        let mut agents_deal = 0;
        let mut foes_deal = 0;
        let mut worst: Vec<(AgentRef, u8)> = Vec::new();
        for (from, to, n) in &c.hits {
            let n = self.reduced(*from, *to, *n, round);
            match to {
                Combatant::Foe(i) => {
                    agents_deal += i32::from(n);
                    match c.foes[*i].agent {
                        // An Agent fighting as an Adversary takes the damage itself.
                        Some(a) => {
                            self.damage_agent(a, n, events);
                        }
                        None => {
                            if let Some(cm) = self.combat_mut() {
                                cm.foes[*i].damage = cm.foes[*i].damage.saturating_add(n);
                            }
                        }
                    }
                }
                Combatant::Agent(a) => {
                    foes_deal += i32::from(n);
                    to_agents.push((*a, n));
                    match worst.iter_mut().find(|w| w.0 == *a) {
                        Some(w) => w.1 = w.1.max(n),
                        None => worst.push((*a, n)),
                    }
                }
            }
        }
        let blocks = c
            .foes
            .iter()
            .any(|f| self.foe_has(f.card, |m| *m == Modifier::WoundsBlockHealing));
        for (a, n) in &to_agents {
            let dealt = self.damage_agent(*a, *n, events);
            if blocks
                && dealt > 0
                && let Some(x) = self.agent_mut(*a)
            {
                x.heal_blocked = true;
            }
        }
        events.push(Event::public(XfEvent::CombatDamage {
            agents_deal,
            adversary_deals: foes_deal,
            to: to_agents.clone(),
        }));
        let down = self.fighters().iter().any(|a| self.current_health(*a) == 0);
        let active = self.active;
        let cm = self.combat_mut().expect("in combat");
        cm.hits.clear();
        cm.worst = worst;
        if down {
            cm.step = CombatStep::AfterDamage;
            self.reset_priority(active);
        } else {
            self.finish_round(events);
        }
    }

    /// End of a round: Agents at 0 go to the Hospital; foes at 0 HEALTH die;
    /// otherwise another round (p. 33).
    fn finish_round(&mut self, events: &mut Events) {
        for a in self.fighters() {
            if self.current_health(a) == 0 {
                self.hospitalize_if_down(a, events);
                self.facts
                    .push(Fact::AdversaryHospitalized { seat: a.seat });
            }
        }
        let dead: Vec<usize> = {
            let c = self.combat().expect("in combat");
            c.living()
                .filter(|(i, f)| match f.agent {
                    Some(a) => self.current_health(a) == 0,
                    None => {
                        i32::from(f.damage) >= self.foe_health(*i)
                            && !self.foe_has(f.card, |m| *m == Modifier::Unhurt)
                    }
                })
                .map(|(i, _)| i)
                .collect()
        };
        for i in dead {
            let f = self.combat().expect("in combat").foes[i].clone();
            events.push(Event::public(XfEvent::AdversaryKilled { card: f.card }));
            self.facts.push(Fact::AdversaryKilled);
            if let Some(cm) = self.combat_mut() {
                cm.foes[i].gone = true;
            }
            if let Some(a) = f.agent {
                self.remove_agent(a, events);
            }
        }
        let c = self.combat().expect("in combat").clone();
        let rounds = c.rounds + 1;
        let over = c.living().next().is_none()
            || self.fighters().is_empty()
            || c.max_rounds.is_some_and(|m| rounds >= m)
            || c.foes.iter().any(|f| {
                f.only
                    .is_some_and(|o| self.agent(o).is_none_or(|a| a.section != Section::Field))
            });
        if over {
            self.end_combat(events);
            return;
        }
        let owner = c.owner;
        let cm = self.combat_mut().expect("in combat");
        cm.rounds = rounds;
        if cm.extra_lrc > 0 {
            cm.extra_lrc -= 1;
            cm.round = CombatRound::Long;
        } else {
            cm.round = CombatRound::Close;
        }
        cm.step = CombatStep::Cards;
        cm.boons.clear();
        cm.split = false;
        cm.dazed = std::mem::take(&mut cm.stunned);
        self.expire(super::effects::ast::Duration::Round);
        self.reset_priority(owner);
        self.regenerate(events);
    }

    /// Combat ends: foes are discarded whatever the outcome (p. 33); the
    /// check it interrupted goes on.
    pub(crate) fn end_combat(&mut self, events: &mut Events) {
        let Some(pos) = self
            .frames
            .iter()
            .rposition(|f| matches!(f.kind, FrameKind::Combat(_)))
        else {
            return;
        };
        let frame = self.frames.remove(pos);
        let FrameKind::Combat(c) = frame.kind else {
            unreachable!("found above")
        };
        for p in self.stack.split_off(frame.base.min(self.stack.len())) {
            self.player_mut(p.player).discard.push(p.card);
        }
        for f in &c.foes {
            if f.agent.is_none() && !f.moved {
                self.player_mut(f.owner).discard.push(f.card);
            }
        }
        events.push(Event::public(XfEvent::CombatOver {
            adversary: c.adversary(),
        }));
        self.facts.push(Fact::CombatEnded {
            adversary: c.adversary(),
        });
        self.expire(super::effects::ast::Duration::Combat);
        let active = self.active;
        self.reset_priority(active);
        self.deliver_combat(frame.id);
        if let Some((total, needed)) = self.check_totals_now() {
            events.push(Event::public(XfEvent::CheckStands { total, needed }));
        }
    }

    /// The active player sends an Agent at one foe (several foes).
    pub(crate) fn set_agent_target(&mut self, a: AgentRef, foe: usize, _: &mut Events) {
        if let Some(c) = self.combat_mut() {
            c.targets.retain(|t| t.0 != a);
            c.targets.push((a, foe));
        }
    }

    /// A foe is negated: it leaves the combat; with none left, combat ends.
    pub(crate) fn negate_foe(&mut self, i: usize, by: Option<CardIdx>, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        let Some(f) = c.foes.get(i).cloned() else {
            return;
        };
        if let Some(by) = by {
            events.push(Event::public(XfEvent::Negated { card: f.card, by }));
        }
        if let Some(cm) = self.combat_mut() {
            cm.foes[i].gone = true;
        }
        if let Some(a) = f.agent {
            self.move_agent(a, Section::Field, events);
        }
        if self.combat().is_some_and(|c| c.living().next().is_none()) {
            self.end_combat(events);
        }
    }

    /// Does an Adversary's own text forbid it this Team? (Smoke Screen, Work a Deal)
    pub(crate) fn refuse_adversary(&self, card: CardIdx) -> Option<String> {
        let team = self.check_team_now();
        team.iter().find_map(|a| {
            self.shielded_from(*a, card).map(|by| {
                format!(
                    "{} may not attack this Team ({})",
                    db().get(card).title,
                    db().get(by).title
                )
            })
        })
    }
}

impl Foe {
    pub fn new(card: CardIdx, owner: Seat) -> Foe {
        Foe {
            card,
            owner,
            damage: 0,
            gone: false,
            agent: None,
            stats: Vec::new(),
            only: None,
            moved: false,
        }
    }

    /// A printed LRC of N/A (for messages).
    pub fn lrc_na(&self) -> bool {
        db().get(self.card).skills.get(Skill::LongRangeCombat) == Some(SkillValue::NotApplicable)
    }
}
