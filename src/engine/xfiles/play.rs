//! Playing cards: who may pay which pool (pp. 10, 14, 40), Activators
//! (p. 16), the same card not twice in one check (p. 29), and what each
//! automated effect does when the card resolves.

use super::{Events, Pending, Phase, Target, XfEvent, XfGame};
use crate::cards::effects::{Effect, Section, effects};
use crate::cards::{Activator, CardIdx, CardType, Keyword, Pool, db};
use crate::engine::{Event, Refusal, Seat};

/// A player's role in the current turn (p. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Investigating,
    Directed,
    Other,
}

impl XfGame {
    pub fn role(&self, seat: Seat) -> Role {
        if seat == self.active {
            return Role::Investigating;
        }
        let directed = self
            .investigation
            .as_ref()
            .map(|i| self.sites[i.site].directed);
        match directed {
            Some(d) if d != seat => Role::Other,
            _ => Role::Directed,
        }
    }

    /// The pool a card is paid from when `seat` plays it, or why it may not (pp. 14, 40).
    pub fn paying_pool(
        &self,
        seat: Seat,
        card: CardIdx,
        hint: Option<Pool>,
    ) -> Result<Pool, Refusal> {
        let c = db().get(card);
        let printed = c.cost.map_or(Pool::Either, |k| k.pool);
        let role = self.role(seat);
        let pool = match (printed, role) {
            (Pool::Rp, Role::Directed) => {
                return Err(Refusal::new(format!(
                    "{} costs RP: only the Investigating Player plays RP cards",
                    c.title
                )));
            }
            (Pool::Cp, Role::Investigating) => {
                return Err(Refusal::new(format!(
                    "{} costs CP: the Conspiracy plays it, not the Investigating Player",
                    c.title
                )));
            }
            (Pool::Either, Role::Investigating) => Pool::Rp,
            (Pool::Either, Role::Directed) => Pool::Cp,
            (Pool::Either, Role::Other) => hint.unwrap_or(Pool::Cp),
            (p, _) => p,
        };
        Ok(pool)
    }

    /// RP an Agent holds for cards of certain Keywords (e.g. Kosseff's).
    fn dedicated_for(&self, seat: Seat, card: CardIdx) -> Option<usize> {
        let c = db().get(card);
        self.player(seat).agents.iter().position(|a| {
            a.dedicated_rp
                && a.section != Section::Hospital
                && !a.temporary
                && effects().of(a.card).all().any(|e| match e {
                    Effect::DedicatedRp { keywords } => keywords.iter().any(|k| c.has_keyword(*k)),
                    _ => false,
                })
        })
    }

    /// What playing the card costs now (printed cost with X).
    pub fn cost_of(card: CardIdx, x: u32) -> u32 {
        db().get(card).cost.map_or(0, |c| c.amount.with_x(x))
    }

    /// Can `seat` afford the card from `pool`?
    pub fn affordable(&self, seat: Seat, card: CardIdx, pool: Pool, x: u32) -> bool {
        let cost = Self::cost_of(card, x);
        let p = self.player(seat);
        match pool {
            Pool::Rp => p.rp + u32::from(self.dedicated_for(seat, card).is_some()) >= cost,
            _ => p.cp >= cost,
        }
    }

    /// Pays for a card, using an Agent's dedicated RP first (Rules Assistant p. 7).
    pub(super) fn pay(
        &mut self,
        seat: Seat,
        card: CardIdx,
        pool: Pool,
        x: u32,
    ) -> Result<u32, Refusal> {
        let cost = Self::cost_of(card, x);
        if !self.affordable(seat, card, pool, x) {
            let p = self.player(seat);
            let have = if pool == Pool::Rp { p.rp } else { p.cp };
            return Err(Refusal::new(format!(
                "{} costs {cost} {pool} and your pool holds {have}",
                db().get(card).title
            )));
        }
        let mut rest = cost;
        if pool == Pool::Rp
            && rest > 0
            && let Some(i) = self.dedicated_for(seat, card)
        {
            self.player_mut(seat).agents[i].dedicated_rp = false;
            rest -= 1;
        }
        let p = self.player_mut(seat);
        match pool {
            Pool::Rp => p.rp -= rest,
            _ => p.cp -= rest,
        }
        Ok(cost)
    }

    /// Every Activator holds now (p. 16). "Active, Conspiracy" together mean
    /// either (FAQ21 #41).
    pub fn activators_hold(&self, seat: Seat, card: CardIdx) -> Result<(), Refusal> {
        let c = db().get(card);
        let acts = &c.activators;
        let either = acts.contains(&Activator::Active) && acts.contains(&Activator::Conspiracy);
        let in_use = self.keywords_in_use();
        let combat = self
            .investigation
            .as_ref()
            .is_some_and(|i| i.combat.is_some());
        let sections = |s: Section| {
            self.players
                .iter()
                .any(|p| p.agents.iter().any(|a| a.section == s))
        };
        for a in acts {
            let ok = match a {
                Activator::Active => either || seat == self.active,
                Activator::Conspiracy => either || seat != self.active,
                Activator::Combat => combat,
                Activator::Briefing => {
                    matches!(self.phase, Phase::Draw | Phase::Buy | Phase::Trade(_))
                }
                Activator::Requisition => self.phase == Phase::Requisition,
                Activator::Deployment => self.phase == Phase::Deployment,
                Activator::Bureau => sections(Section::Bureau),
                Activator::Field => sections(Section::Field),
                Activator::Hospital => sections(Section::Hospital),
                Activator::Multiplayer => self.players.iter().filter(|p| !p.out).count() > 2,
                Activator::Site => self.investigation.is_some() || !self.sites.is_empty(),
                Activator::AffiliationSite => self.site_has(Keyword::Affiliation),
                Activator::MotiveSite => self.site_has(Keyword::Motive),
                Activator::MethodSite => self.site_has(Keyword::Method),
                Activator::ResultSite => self.site_has(Keyword::Result),
                Activator::OccultAdversary => {
                    in_use.contains(&Keyword::Occult) && in_use.contains(&Keyword::Adversary)
                }
                other => other
                    .as_str()
                    .parse::<Keyword>()
                    .is_ok_and(|k| in_use.contains(&k)),
            };
            if !ok {
                return Err(Refusal::new(format!(
                    "{}'s Activator {} is not met now (every Activator must hold, p. 16)",
                    c.title,
                    a.as_str().to_uppercase()
                )));
            }
        }
        Ok(())
    }

    fn site_has(&self, k: Keyword) -> bool {
        match &self.investigation {
            Some(inv) => self.sites[inv.site].keywords.contains(&k),
            None => self.sites.iter().any(|s| s.keywords.contains(&k)),
        }
    }

    /// Rules common to every play from the hand: in hand, Activators, pool, cost.
    pub(super) fn check_common(
        &self,
        seat: Seat,
        card: CardIdx,
        mode: u8,
        x: u32,
        pool: Option<Pool>,
    ) -> Result<Pool, Refusal> {
        let c = db().get(card);
        if !self.player(seat).hand.contains(&card) {
            return Err(Refusal::new(format!("{} is not in your hand", c.title)));
        }
        if !c.kind.is_playable() || c.cost.is_none() {
            return Err(Refusal::new(format!("{} cannot be played", c.title)));
        }
        let modes = effects().of(card).modes.len().max(1);
        if usize::from(mode) >= modes {
            return Err(Refusal::new(format!(
                "{} has {modes} mode(s); choose mode 1{}",
                c.title,
                if modes > 1 { " or 2" } else { "" }
            )));
        }
        if super::setup::is_killer(card) && !self.options.killer {
            return Err(Refusal::new(
                "Killer cards are not used in this game (p. 42)",
            ));
        }
        self.activators_hold(seat, card)?;
        let pool = self.paying_pool(seat, card, pool)?;
        if !self.affordable(seat, card, pool, x) {
            let p = self.player(seat);
            let have = if pool == Pool::Rp { p.rp } else { p.cp };
            return Err(Refusal::new(format!(
                "{} costs {} {pool} and your pool holds {have}",
                c.title,
                Self::cost_of(card, x)
            )));
        }
        Ok(pool)
    }

    /// Witnesses with an income pay their owner (on the owner's own turn,
    /// FAQ21 #31) when a card with a listed Keyword is played.
    pub(super) fn on_card_played(&mut self, card: CardIdx, events: &mut Events) {
        let c = db().get(card);
        let owner = self.active;
        let mut gain = 0;
        for w in &self.player(owner).in_play {
            for e in effects().of(*w).all() {
                if let Effect::Income { keywords, .. } = e
                    && keywords.iter().any(|k| c.has_keyword(*k))
                {
                    gain += 1;
                }
            }
        }
        if gain > 0 {
            self.player_mut(owner).rp += gain;
            events.push(Event::public(XfEvent::Resources {
                seat: owner,
                rp: gain,
                cp: 0,
            }));
        }
    }

    /// Where a resolved card goes: RESOURCE cards stay in play (p. 17),
    /// "remove from the game" cards leave it, the rest are discarded.
    pub(super) fn put_away(&mut self, seat: Seat, card: CardIdx, mode: u8) {
        let fx = effects().of(card);
        let removed = fx
            .modes
            .get(usize::from(mode))
            .is_some_and(|m| m.effects.contains(&Effect::RemoveFromGame));
        let p = self.player_mut(seat);
        if removed {
            p.removed.push(card);
        } else if db().get(card).has_keyword(Keyword::Resource) {
            p.in_play.push(card);
        } else {
            p.discard.push(card);
        }
    }

    /// Checks that a card's automated effects can apply to the given target
    /// in a skill check; returns the target to record.
    pub(super) fn check_effect_target(
        &self,
        card: CardIdx,
        mode: u8,
        target: &Option<Target>,
    ) -> Result<Option<Target>, Refusal> {
        let c = db().get(card);
        let Some(m) = effects().of(card).modes.get(usize::from(mode)) else {
            return Ok(target.clone());
        };
        let inv = self.investigation.as_ref();
        for e in &m.effects {
            match e {
                Effect::SkillCheck { skills, .. } if !skills.is_empty() => {
                    let check_skills: Vec<_> = inv
                        .map(|i| i.check.needs.iter().map(|n| n.0).collect())
                        .unwrap_or_default();
                    if !skills.iter().any(|s| check_skills.contains(s)) {
                        let names: Vec<String> =
                            skills.iter().map(|s| s.as_str().to_uppercase()).collect();
                        return Err(Refusal::new(format!(
                            "{} modifies a {} check; this check is not one",
                            c.title,
                            names.join(" or ")
                        )));
                    }
                }
                Effect::Negate { keywords } => {
                    let stack = inv.map(|i| &i.check.stack);
                    let fits = |i: usize| {
                        stack.and_then(|s| s.get(i)).is_some_and(|p| {
                            keywords.iter().all(|k| db().get(p.card).has_keyword(*k))
                                && !effects()
                                    .of(p.card)
                                    .all()
                                    .any(|e| *e == Effect::Unnegatable)
                        })
                    };
                    let chosen = match target {
                        Some(Target::Stack(i)) if fits(*i) => *i,
                        Some(_) => {
                            return Err(Refusal::new(format!(
                                "{} negates a card with the Keywords of its text on the stack",
                                c.title
                            )));
                        }
                        None => match stack.and_then(|s| (0..s.len()).rev().find(|i| fits(*i))) {
                            Some(i) => i,
                            None => {
                                let names: Vec<&str> =
                                    keywords.iter().map(|k| k.as_str()).collect();
                                return Err(Refusal::new(format!(
                                    "there is no {} card in play for {} to negate",
                                    names.join(" "),
                                    c.title
                                )));
                            }
                        },
                    };
                    return Ok(Some(Target::Stack(chosen)));
                }
                Effect::Heal { section, .. } => {
                    let Some(Target::Agent(a)) = target else {
                        return Err(Refusal::new(format!(
                            "{} is played on an Agent: name the Agent (agent:<name>)",
                            c.title
                        )));
                    };
                    let agent = self
                        .agent(*a)
                        .ok_or_else(|| Refusal::new("there is no such Agent"))?;
                    if let Some(s) = section
                        && agent.section != *s
                    {
                        return Err(Refusal::new(format!(
                            "{} is played on an Agent in the {}",
                            c.title,
                            s.as_str()
                        )));
                    }
                }
                Effect::ExtraQuestion if !matches!(target, Some(Target::Value(_))) => {
                    return Err(Refusal::new(format!(
                        "{} asks a question: name the value (value:<characteristic>)",
                        c.title
                    )));
                }
                _ => {}
            }
        }
        Ok(target.clone())
    }

    /// Applies a resolved card's automated effects (outside combat).
    pub(super) fn resolve_effects(&mut self, p: &Pending, events: &mut Events) {
        let fx = effects().of(p.card);
        let Some(m) = fx.modes.get(usize::from(p.mode)).cloned() else {
            events.push(Event::public(XfEvent::Resolved {
                card: p.card,
                manual: true,
            }));
            return;
        };
        for e in &m.effects {
            match e {
                Effect::SkillCheck { amount, skills } => {
                    if let Some(inv) = self.investigation.as_mut() {
                        let skill = skills
                            .iter()
                            .copied()
                            .find(|s| inv.check.needs.iter().any(|n| n.0 == *s));
                        inv.check.mods.push((skill, *amount));
                    }
                }
                Effect::SetPrerequisite { skill, threshold } => {
                    if let Some(inv) = self.investigation.as_mut() {
                        inv.check.needs = vec![(*skill, *threshold)];
                    }
                }
                Effect::GainPool { pool, amount } => {
                    let pl = self.player_mut(p.player);
                    match pool {
                        Pool::Rp => pl.rp += amount,
                        _ => pl.cp += amount,
                    }
                }
                Effect::Heal { amount, .. } => {
                    if let Some(Target::Agent(a)) = &p.target {
                        let healing = db().get(p.card).has_keyword(Keyword::Healing);
                        self.heal_agent(*a, *amount, healing, events);
                    }
                }
                Effect::ChangeKeyword { from, to } => {
                    let site = match (&p.target, &self.investigation) {
                        (Some(Target::Site(i)), _) => Some(*i),
                        (_, Some(inv)) => Some(inv.site),
                        _ => None,
                    };
                    if let Some(s) = site.and_then(|i| self.sites.get_mut(i))
                        && let Some(k) = s.keywords.iter_mut().find(|k| from.contains(k))
                    {
                        *k = *to;
                    }
                }
                Effect::ExtraQuestion => {
                    if let Some(Target::Value(v)) = &p.target {
                        let of = self
                            .investigation
                            .as_ref()
                            .map(|i| self.sites[i.site].directed)
                            .or_else(|| self.others_from(p.player).first().copied());
                        if let Some(of) = of.filter(|o| *o != p.player) {
                            self.answer(p.player, of, v.category(), *v, events);
                        }
                    }
                }
                _ => {}
            }
        }
        events.push(Event::public(XfEvent::Resolved {
            card: p.card,
            manual: !m.automated,
        }));
    }

    /// Pays for a card from the hand and announces it to all (with the
    /// income it triggers): the common part of every play.
    pub(super) fn pay_and_announce(
        &mut self,
        play: &Pending,
        pool: Pool,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let seat = play.player;
        let cost = self.pay(seat, play.card, pool, play.x)?;
        self.take_from_hand(seat, play.card)?;
        events.push(Event::public(XfEvent::Played {
            seat,
            card: play.card,
            cost,
            pool,
        }));
        self.on_card_played(play.card, events);
        Ok(())
    }

    /// Heals an Agent by up to `amount`; a HEALING card also lifts a ban on
    /// healing (The Manitou, FAQ97 #58).
    pub(super) fn heal_agent(
        &mut self,
        a: super::AgentRef,
        amount: u8,
        healing_card: bool,
        events: &mut Events,
    ) {
        let Some(agent) = self.agent_mut(a) else {
            return;
        };
        let n = amount.min(agent.damage);
        agent.damage -= n;
        if healing_card {
            agent.heal_blocked = false;
        }
        events.push(Event::public(XfEvent::Healed {
            agent: a,
            amount: n,
        }));
    }

    /// A card played by the active player outside any skill check resolves at
    /// once (Events and the like during the turn's phases).
    pub(super) fn play_now(
        &mut self,
        play: Pending,
        pool: Option<Pool>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let (card, seat, mode) = (play.card, play.player, play.mode);
        let c = db().get(card);
        if seat != self.active {
            return Err(self.not_your_move(seat));
        }
        match c.kind {
            CardType::Event | CardType::Witness => {}
            CardType::Site => {
                return Err(Refusal::new(
                    "Sites are played in the Case Assignment Phase (/site)",
                ));
            }
            CardType::Equipment => {
                return Err(Refusal::new(
                    "Equipment is requisitioned in the Requisition Phase (/equip)",
                ));
            }
            CardType::Agent => {
                return Err(Refusal::new(
                    "Agents from the hand join in the Deployment Phase (/deploy)",
                ));
            }
            _ => {
                return Err(Refusal::new(format!(
                    "a {} card is played during a skill check or combat",
                    c.kind
                )));
            }
        }
        let needs_check = effects()
            .of(card)
            .modes
            .get(usize::from(mode))
            .is_some_and(|m| {
                m.effects.iter().any(|e| {
                    matches!(
                        e,
                        Effect::SkillCheck { .. }
                            | Effect::Negate { .. }
                            | Effect::SetPrerequisite { .. }
                    )
                })
            });
        if needs_check {
            return Err(Refusal::new(format!(
                "{} acts on a skill check: play it while a Site is investigated",
                c.title
            )));
        }
        let pool = self.check_common(seat, card, mode, play.x, pool)?;
        let target = self.check_effect_target(card, mode, &play.target)?;
        let pending = Pending { target, ..play };
        self.pay_and_announce(&pending, pool, events)?;
        self.resolve_effects(&pending, events);
        self.put_away(seat, card, mode);
        Ok(())
    }
}
