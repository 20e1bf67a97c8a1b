//! Continuous effects: every modifier in force now (the statics of cards in
//! play and of Agents' Game Effects, and lasting effects resolved cards
//! made), and the questions the rules ask of them: an Agent's skill,
//! HEALTH and RES, who may contribute, what a card costs, what may not be
//! played, the hand limit.

use super::ast::{AgentScope, CardScope, Modifier, SeatScope};
use super::db::ScriptDb;
use super::state::{AbilityRef, Source, Vars};
use crate::cards::{CardIdx, Keyword, Pool, Section, Skill, db};
use crate::engine::Seat;
use crate::engine::xfiles::{AgentRef, Check, Place, XfGame};

/// Which modifiers a question about the statics in force is about.
pub(crate) type Want<'w> = &'w dyn Fn(&Modifier) -> bool;

/// The modifiers [`XfGame::agent_skill_in`] reads (keep the two in step).
pub(crate) fn bears_on_skill(m: &Modifier) -> bool {
    matches!(
        m,
        Modifier::SkillAs { .. }
            | Modifier::Gear { team: false, .. }
            | Modifier::GearOnce { .. }
            | Modifier::Skill { .. }
            | Modifier::GearBonus { .. }
    )
}

/// The modifiers [`XfGame::max_health_in`] reads.
pub(crate) fn bears_on_health(m: &Modifier) -> bool {
    matches!(m, Modifier::Health { .. })
}

/// The modifiers [`XfGame::contributes_in`] reads (keep the two in step).
pub(crate) fn bears_on_contribution(m: &Modifier) -> bool {
    matches!(m, Modifier::NoContribution { .. } | Modifier::OnlyAt { .. })
}

/// Whether an open hand of these pools shows the card ("[RP] cost cards":
/// those whose printed Cost is paid from that pool).
pub(crate) fn shows_face_up(pools: &[Option<Pool>], card: CardIdx) -> bool {
    let paid = db().get(card).cost.map(|c| c.pool);
    pools.iter().any(|p| p.is_none() || paid == *p)
}

/// A modifier in force and where it comes from.
#[derive(Debug, Clone)]
pub struct InForce<'a> {
    pub src: Source,
    pub modifier: &'a Modifier,
    /// The seat a card placed on another's side sits with.
    pub host: Seat,
}

impl XfGame {
    /// Every modifier in force now.
    pub fn in_force(&self) -> Vec<InForce<'_>> {
        self.in_force_of(&|_| true)
    }

    /// The modifiers in force now that `want` picks, in the same order as
    /// [`Self::in_force`]; conditions are checked only for those (a
    /// question about one kind of modifier need not weigh every other).
    pub fn in_force_of(&self, want: Want) -> Vec<InForce<'_>> {
        let mut out = Vec::new();
        self.perm_statics(want, &mut out);
        self.agent_statics(want, &mut out);
        self.combat_statics(want, &mut out);
        for l in self.lasting.iter().filter(|l| want(&l.modifier)) {
            out.push(InForce {
                src: Source::new(l.card, AbilityRef::Use(0), l.controller),
                modifier: &l.modifier,
                host: l.controller,
            });
        }
        out.extend(self.powers_in_force(want));
        out
    }

    /// The statics of cards in play whose conditions hold (not those made
    /// inert).
    fn perm_statics<'a>(&'a self, want: Want, out: &mut Vec<InForce<'a>>) {
        let scripts: &ScriptDb = self.scripts_ref();
        let none = Vars::default();
        let inert: Vec<u32> = self
            .lasting
            .iter()
            .filter_map(|l| match &l.modifier {
                Modifier::Inert {
                    perm: super::ast::PermScope::Id(id),
                } => Some(*id),
                _ => None,
            })
            .collect();
        for p in &self.perms {
            let Some(s) = scripts.of(p.card) else {
                continue;
            };
            if s.statics.is_empty() || inert.contains(&p.id) {
                continue;
            }
            let agent = match p.place {
                Place::Agent(a) => Some(a),
                _ => None,
            };
            let host = match p.place {
                Place::Section(seat, _) | Place::XFile(seat) => seat,
                Place::Agent(a) => a.seat,
                Place::Site(id) => self.site(id).map_or(p.controller, |s| s.owner),
            };
            let src = Source {
                perm: Some(p.id),
                agent,
                ..Source::new(p.card, AbilityRef::Use(0), p.controller)
            };
            for st in s.statics.iter().filter(|st| want(&st.modifier)) {
                if self.conditions_hold(&src, &none, &st.when) {
                    out.push(InForce {
                        src: src.clone(),
                        modifier: &st.modifier,
                        host,
                    });
                }
            }
        }
    }

    /// The Game Effects of Agents in play whose conditions hold.
    fn agent_statics<'a>(&'a self, want: Want, out: &mut Vec<InForce<'a>>) {
        let scripts: &ScriptDb = self.scripts_ref();
        let none = Vars::default();
        for (seat, p) in self.players.iter().enumerate() {
            for a in &p.agents {
                if a.temporary || a.away.is_some() {
                    continue;
                }
                let Some(s) = scripts.of(a.card) else {
                    continue;
                };
                let r = AgentRef {
                    seat: seat as Seat,
                    card: a.card,
                };
                let src = Source {
                    agent: Some(r),
                    ..Source::new(a.card, AbilityRef::Use(0), seat as Seat)
                };
                for st in s.statics.iter().filter(|st| want(&st.modifier)) {
                    if self.conditions_hold(&src, &none, &st.when) {
                        out.push(InForce {
                            src: src.clone(),
                            modifier: &st.modifier,
                            host: seat as Seat,
                        });
                    }
                }
            }
        }
    }

    /// The statics of a combat's living fighters that work from anywhere.
    fn combat_statics<'a>(&'a self, want: Want, out: &mut Vec<InForce<'a>>) {
        let scripts: &ScriptDb = self.scripts_ref();
        if let Some(c) = self.combat() {
            for (_, f) in c.living() {
                let Some(s) = scripts.of(f.card) else {
                    continue;
                };
                let src = Source::new(f.card, AbilityRef::Use(0), f.owner);
                let anywhere = |m: &Modifier| m.from_anywhere() && want(m);
                for st in s.statics.iter().filter(|st| anywhere(&st.modifier)) {
                    out.push(InForce {
                        src: src.clone(),
                        modifier: &st.modifier,
                        host: f.owner,
                    });
                }
            }
        }
    }

    /// The Agents a scope names, seen from a source.
    pub(crate) fn scope_agents(&self, src: &Source, scope: &AgentScope) -> Vec<AgentRef> {
        match scope {
            AgentScope::Bearer => src.agent.into_iter().collect(),
            AgentScope::BearersTeam => {
                let Some(b) = src.agent.and_then(|a| self.agent(a).map(|x| (a, x))) else {
                    return Vec::new();
                };
                self.player(b.0.seat)
                    .agents
                    .iter()
                    .filter(|a| a.section == b.1.section && a.team == b.1.team)
                    .map(|a| AgentRef {
                        seat: b.0.seat,
                        card: a.card,
                    })
                    .collect()
            }
            AgentScope::Agent(a) => vec![*a],
            AgentScope::Agents(v) => v.clone(),
            AgentScope::Seat(s) => self
                .player(*s)
                .agents
                .iter()
                .map(|a| AgentRef {
                    seat: *s,
                    card: a.card,
                })
                .collect(),
            AgentScope::Mine => self.scope_agents(src, &AgentScope::Seat(src.controller)),
            AgentScope::TitledInTeam(t) => self
                .scope_agents(src, &AgentScope::BearersTeam)
                .into_iter()
                .filter(|a| super::select::card_titled(a.card, std::slice::from_ref(t)))
                .collect(),
            AgentScope::Var(_) | AgentScope::HostIn(_) => Vec::new(),
        }
    }

    fn scope_seat(&self, f: &InForce, s: &SeatScope) -> Option<Seat> {
        match s {
            SeatScope::Controller => Some(f.src.controller),
            SeatScope::Host => Some(f.host),
            SeatScope::Seat(x) => Some(*x),
            SeatScope::Opponent => self.opponent_of(&f.src),
        }
    }

    pub(crate) fn applies(&self, f: &InForce, scope: &AgentScope, a: AgentRef) -> bool {
        match scope {
            AgentScope::HostIn(s) => {
                a.seat == f.host && self.agent(a).is_some_and(|x| x.section == *s)
            }
            _ => self.scope_agents(&f.src, scope).contains(&a),
        }
    }

    /// An Agent's skill now: printed (or the skill it uses instead), the best
    /// piece of its Team's Equipment (one a check, p. 21), and modifiers.
    pub fn agent_skill(&self, a: AgentRef, skill: Skill) -> i32 {
        self.agent_skill_in(&self.in_force_of(&bears_on_skill), a, skill)
    }

    /// [`Self::agent_skill`] with the modifiers in force already listed
    /// (for many Agents at once): those [`bears_on_skill`] picks suffice.
    pub(crate) fn agent_skill_in(&self, forces: &[InForce<'_>], a: AgentRef, skill: Skill) -> i32 {
        let gear = self
            .gear_of(forces, a, skill)
            .iter()
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0);
        self.skill_with_gear(forces, a, skill, gear)
    }

    /// Each piece of an Agent's Equipment that adds to a skill: (the
    /// Equipment, what it adds). An Agent uses one piece in a check (p. 21).
    pub(crate) fn gear_of(
        &self,
        forces: &[InForce<'_>],
        a: AgentRef,
        skill: Skill,
    ) -> Vec<(CardIdx, i32)> {
        forces
            .iter()
            .filter(|f| f.src.agent == Some(a))
            .filter_map(|f| match &f.modifier {
                Modifier::Gear {
                    skill: s,
                    amount,
                    team: false,
                } if *s == skill => Some((f.src.card, *amount)),
                Modifier::GearOnce { skill: s, amount }
                    if *s == skill && self.first_long_round() =>
                {
                    Some((f.src.card, *amount))
                }
                _ => None,
            })
            .collect()
    }

    /// An Agent's skill with `gear` from the one piece of Equipment it uses.
    pub(crate) fn skill_with_gear(
        &self,
        forces: &[InForce<'_>],
        a: AgentRef,
        skill: Skill,
        mut gear: i32,
    ) -> i32 {
        if self.agent(a).is_none() {
            return 0;
        }
        let mut base = db().get(a.card).skill(skill);
        let mut change = 0;
        for f in forces {
            match &f.modifier {
                Modifier::SkillAs {
                    who,
                    skill: s,
                    from,
                } if *s == skill && self.applies(f, who, a) => {
                    base = base.max(db().get(a.card).skill(*from));
                }
                Modifier::Skill {
                    who,
                    skill: s,
                    amount,
                } if s.is_none_or(|s| s == skill) && self.applies(f, who, a) => change += amount,
                _ => {}
            }
        }
        let combat = matches!(skill, Skill::LongRangeCombat | Skill::CloseRangeCombat);
        if combat && gear > 0 {
            for f in forces {
                // His own, or one his Game Effect made last (Brophy declining it).
                let his = f.src.agent == Some(a)
                    || (f.src.agent.is_none() && f.src.card == a.card && f.host == a.seat);
                if let Modifier::GearBonus { amount } = &f.modifier
                    && his
                {
                    gear += amount;
                }
            }
        }
        (base + gear + change).max(0)
    }

    /// The first Long Range round of a combat is being fought.
    fn first_long_round(&self) -> bool {
        self.combat().is_some_and(|c| {
            c.rounds == 0 && c.round == crate::engine::xfiles::combat::CombatRound::Long
        })
    }

    /// The bearer of a modifier (an Agent, or the Agent its card is on).
    fn bearers_of(&self, want: impl Fn(&Modifier) -> bool) -> Vec<(AgentRef, Modifier)> {
        self.in_force_of(&want)
            .iter()
            .filter_map(|f| f.src.agent.map(|a| (a, f.modifier.clone())))
            .collect()
    }

    /// Agents of a seat outside the Team who add their skills to its checks
    /// from another section, less this much (Cellular Phone).
    pub fn remote_helpers(&self, seat: Seat) -> Vec<(AgentRef, u8)> {
        self.bearers_of(|m| matches!(m, Modifier::Remote { .. }))
            .into_iter()
            .filter(|(a, _)| a.seat == seat)
            .filter_map(|(a, m)| match m {
                Modifier::Remote { minus } => Some((a, minus)),
                _ => None,
            })
            .collect()
    }

    /// A modifier on the bearer (its Equipment, its own Game Effect).
    pub fn bearer_has(&self, a: AgentRef, want: impl Fn(&Modifier) -> bool) -> Option<Modifier> {
        self.bearers_of(want)
            .into_iter()
            .find(|(b, _)| *b == a)
            .map(|(_, m)| m)
    }

    fn same_team(&self, a: AgentRef, b: AgentRef) -> bool {
        match (self.agent(a), self.agent(b)) {
            (Some(x), Some(y)) => a.seat == b.seat && x.section == y.section && x.team == y.team,
            _ => false,
        }
    }

    /// An Agent's permanent HEALTH with its modifiers (never below 1).
    pub fn max_health(&self, a: AgentRef) -> u8 {
        self.max_health_in(&self.in_force_of(&bears_on_health), a)
    }

    /// [`Self::max_health`] with the modifiers in force already listed
    /// (those [`bears_on_health`] picks suffice).
    pub(crate) fn max_health_in(&self, forces: &[InForce<'_>], a: AgentRef) -> u8 {
        let Some(agent) = self.agent(a) else {
            return 0;
        };
        let mut h = db().get(a.card).skill(Skill::Health) - i32::from(agent.health_lost);
        for f in forces {
            if let Modifier::Health { who, amount } = &f.modifier
                && self.applies(f, who, a)
            {
                h += amount;
            }
        }
        h.clamp(1, 255) as u8
    }

    /// HEALTH left.
    pub fn current_health(&self, a: AgentRef) -> u8 {
        let d = self.agent(a).map_or(0, |x| x.damage);
        self.max_health(a).saturating_sub(d)
    }

    /// May leave the Hospital: current HEALTH 3+, or fully healed (p. 20).
    pub fn may_leave_hospital(&self, a: AgentRef) -> bool {
        let Some(agent) = self.agent(a) else {
            return false;
        };
        // The Basic Game counts a wound in turns, not HEALTH (`basic`).
        if self.basic().is_some() {
            return agent.damage == 0 && !self.held_in_section(a);
        }
        if agent.until_healed || self.held_in_section(a) {
            return agent.damage == 0 && !self.held_in_section(a);
        }
        self.current_health(a) >= 3.min(self.max_health(a))
    }

    /// A card keeps the Agent where it is (Carina Sayles, Disciplinary Actions).
    pub fn held_in_section(&self, a: AgentRef) -> bool {
        self.in_force_of(&|m| matches!(m, Modifier::Stuck { .. }))
            .iter()
            .any(|f| matches!(&f.modifier, Modifier::Stuck { who } if self.applies(f, who, a)))
    }

    /// The card barring this Agent from receiving Equipment (Disciplinary Actions).
    pub fn equipment_barred_by(&self, a: AgentRef) -> Option<CardIdx> {
        self.in_force_of(&|m| matches!(m, Modifier::NoEquipment { .. }))
            .into_iter()
            .find(
                |f| matches!(&f.modifier, Modifier::NoEquipment { who } if self.applies(f, who, a)),
            )
            .map(|f| f.src.card)
    }

    /// The effect letting this Agent investigate a second Site this turn (Road Trip).
    pub fn second_site(&self, a: AgentRef) -> Option<Modifier> {
        self.in_force_of(&|m| matches!(m, Modifier::SecondSite { .. }))
            .into_iter()
            .find(
                |f| matches!(&f.modifier, Modifier::SecondSite { who, .. } if self.applies(f, who, a)),
            )
            .map(|f| f.modifier.clone())
    }

    /// The RES an Agent adds in the Briefing (p. 11).
    pub fn agent_res(&self, a: AgentRef) -> u32 {
        let mut res = db().get(a.card).skill(Skill::Resources).max(0);
        let mut by = 0;
        for f in self.in_force_of(&|m| matches!(m, Modifier::Res { .. } | Modifier::ResBy { .. })) {
            match &f.modifier {
                Modifier::Res { who, res: r } if self.applies(&f, who, a) => res = i32::from(*r),
                Modifier::ResBy { who, amount } if self.applies(&f, who, a) => by += amount,
                _ => {}
            }
        }
        (res + by).max(0) as u32
    }

    fn agent_has(&self, a: AgentRef, pick: impl Fn(&Modifier) -> Option<&AgentScope>) -> bool {
        self.in_force_of(&|m| pick(m).is_some())
            .iter()
            .any(|f| pick(f.modifier).is_some_and(|who| self.applies(f, who, a)))
    }

    /// The Agent's RES may go to the Conspiracy Pool (Agent Krycek).
    pub fn res_to_conspiracy(&self, a: AgentRef) -> bool {
        self.agent_has(a, |m| match m {
            Modifier::ResToConspiracy { who } => Some(who),
            _ => None,
        })
    }

    /// RP from the Agent's RES must buy cards (Agent Mulder).
    pub fn res_must_buy(&self, a: AgentRef) -> bool {
        self.agent_has(a, |m| match m {
            Modifier::ResMustBuy { who } => Some(who),
            _ => None,
        })
    }

    /// Keywords an Agent's dedicated RP pays for (Rules Assistant p. 7).
    pub fn dedicated_keywords(&self, a: AgentRef) -> Vec<Keyword> {
        let Some(agent) = self.agent(a) else {
            return Vec::new();
        };
        if agent.temporary || agent.away.is_some() {
            return Vec::new();
        }
        self.script_db()
            .of(a.card)
            .map(|s| {
                s.statics
                    .iter()
                    .flat_map(|st| match &st.modifier {
                        Modifier::DedicatedRp { keywords } => keywords.clone(),
                        _ => Vec::new(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The Agent may add its skills to this check.
    pub fn contributes(&self, a: AgentRef, check: &Check) -> bool {
        self.contributes_in(&self.in_force_of(&bears_on_contribution), a, check)
    }

    /// [`Self::contributes`] with the modifiers in force already listed
    /// (those [`bears_on_contribution`] picks suffice).
    pub(crate) fn contributes_in(
        &self,
        forces: &[InForce<'_>],
        a: AgentRef,
        check: &Check,
    ) -> bool {
        let Some(agent) = self.agent(a) else {
            return false;
        };
        if agent.section == Section::Hospital || agent.away.is_some() {
            return false;
        }
        for f in forces {
            match &f.modifier {
                Modifier::NoContribution { who } if self.applies(f, who, a) => return false,
                Modifier::OnlyAt { who, skills }
                    if self.applies(f, who, a)
                        && check.site.is_some()
                        && !check.needs.iter().any(|(s, _)| skills.contains(s)) =>
                {
                    return false;
                }
                _ => {}
            }
        }
        true
    }

    /// Agents in the Hospital heal (no card forbids it).
    pub fn may_heal(&self, a: AgentRef) -> bool {
        !self.agent_has(a, |m| match m {
            Modifier::NoHealing { who } => Some(who),
            _ => None,
        })
    }

    /// The hand limit of a seat at the end of the turn (p. 38).
    pub fn hand_limit(&self, seat: Seat) -> usize {
        // The Basic Game has no hand limit: hands refill to ten (SCR16-48).
        if self.basic().is_some() {
            return usize::MAX;
        }
        let mut limit = usize::from(self.options.hand_limit);
        for f in self.in_force_of(&|m| matches!(m, Modifier::HandLimit { .. })) {
            if let Modifier::HandLimit { seat_of, limit: l } = &f.modifier
                && self.scope_seat(&f, seat_of) == Some(seat)
                && seat == self.active
            {
                limit = limit.max(usize::from(*l));
            }
        }
        limit
    }

    fn card_in_scope(
        &self,
        f: &InForce,
        s: &CardScope,
        seat: Seat,
        card: CardIdx,
        pool: Pool,
    ) -> bool {
        let c = db().get(card);
        (s.types.is_empty() || s.types.contains(&c.kind))
            && (s.keywords.is_empty() || s.keywords.iter().any(|k| c.has_keyword(*k)))
            && (s.activators.is_empty() || s.activators.iter().any(|a| c.has_activator(*a)))
            && (s.titles.is_empty() || super::select::card_titled(card, &s.titles))
            && s.pool.is_none_or(|p| p == pool)
            && s.by
                .as_ref()
                .is_none_or(|b| self.scope_seat(f, b) == Some(seat))
            && self
                .scope_site(f, s.site)
                .is_none_or(|id| self.investigation.as_ref().is_some_and(|i| i.site == id))
            && (!s.investigator || seat == self.active)
            && !(s.except_negators
                && self.script_has(card, |st| matches!(st, super::verbs::Step::Negate { .. })))
    }

    /// The Site a card scope's `at-site` names: for a card in play on a
    /// Site, that Site (Misclassified Case); else the one being investigated.
    fn scope_site(&self, f: &InForce, site: Option<u32>) -> Option<u32> {
        if site != Some(u32::MAX) {
            return site;
        }
        let on = f
            .src
            .perm
            .and_then(|id| self.perm(id))
            .and_then(|p| match p.place {
                Place::Site(id) => Some(id),
                _ => None,
            });
        on.or(self.investigation.as_ref().map(|i| i.site)).or(site)
    }

    /// What playing a card costs now, with the cards that change costs.
    pub fn adjusted_cost(&self, seat: Seat, card: CardIdx, pool: Pool, printed: u32) -> u32 {
        // Costs are ignored in the Basic Game (FAQ21 #54(c)).
        if self.basic().is_some() {
            return 0;
        }
        let mut cost = printed as i32;
        let mut double = false;
        for f in self.in_force_of(&|m| matches!(m, Modifier::Cost { .. })) {
            if let Modifier::Cost {
                cards,
                amount,
                double: d,
            } = &f.modifier
                && self.card_in_scope(&f, cards, seat, card, pool)
            {
                cost += amount;
                double |= d;
            }
        }
        if double {
            cost *= 2;
        }
        for l in &self.lasting {
            match l.modifier {
                Modifier::FreePlay {
                    card: c,
                    half,
                    less,
                    ..
                } if c == card && l.controller == seat => {
                    cost = match (half, less) {
                        (_, 1..) => cost - i32::from(less),
                        (true, _) => (cost + 1) / 2,
                        (false, _) => 0,
                    };
                }
                Modifier::ProvidesActivators { half: true, .. }
                    if l.controller == seat && self.provided(seat, card) =>
                {
                    cost = (cost + 1) / 2;
                }
                _ => {}
            }
        }
        cost.max(0) as u32
    }

    /// A card an earlier card lets its player play without its Site and
    /// Keyword Activators (Deforestation...): the lasting effect's index.
    pub(crate) fn provider_for(&self, seat: Seat, card: CardIdx) -> Option<usize> {
        let c = db().get(card);
        if c.kind != crate::cards::CardType::Adversary {
            return None;
        }
        self.lasting.iter().position(|l| match &l.modifier {
            Modifier::ProvidesActivators { keywords, .. } => {
                l.controller == seat
                    && (keywords.is_empty() || keywords.iter().any(|k| c.has_keyword(*k)))
            }
            _ => false,
        })
    }

    fn provided(&self, seat: Seat, card: CardIdx) -> bool {
        self.provider_for(seat, card).is_some()
    }

    /// A card doubles this Witness's skill modifier (Autopsy).
    pub fn doubled_modifier(&self, src: &super::state::Source) -> bool {
        let card = src.card;
        db().get(card).kind == crate::cards::CardType::Witness
            && src.power.is_none()
            && self
                .in_force_of(&|m| matches!(m, Modifier::DoubleModifier { .. }))
                .into_iter()
                .any(|f| match &f.modifier {
                    Modifier::DoubleModifier { cards } => {
                        self.card_in_scope(&f, cards, src.controller, card, Pool::Rp)
                    }
                    _ => false,
                })
    }

    /// The card keeping this seat from investigating this Site: it may
    /// investigate only Sites with other Keywords (Eliminating The Source).
    pub fn site_barred_by(&self, seat: Seat, site: u32) -> Option<CardIdx> {
        let keywords = self
            .site(site)
            .map(|s| s.keywords.clone())
            .unwrap_or_default();
        self.in_force_of(&|m| matches!(m, Modifier::InvestigateOnly { .. }))
            .into_iter()
            .find(|f| match &f.modifier {
                Modifier::InvestigateOnly {
                    seat_of,
                    keywords: only,
                } => {
                    self.scope_seat(f, seat_of) == Some(seat)
                        && !only.iter().any(|k| keywords.contains(k))
                }
                _ => false,
            })
            .map(|f| f.src.card)
    }

    /// A static lets this Adversary be played at any Site (X-File Powers).
    pub fn plays_anywhere(&self, seat: Seat, card: CardIdx, pool: Pool) -> bool {
        let anywhere = self.in_force_of(&|m| matches!(m, Modifier::AnySite { .. }));
        anywhere.into_iter().any(|f| match &f.modifier {
            Modifier::AnySite { cards } => self.card_in_scope(&f, cards, seat, card, pool),
            _ => false,
        })
    }

    /// The card that forbids playing this card now, if any.
    pub fn forbidden_by(&self, seat: Seat, card: CardIdx, pool: Pool) -> Option<CardIdx> {
        let forbids = self.in_force_of(&|m| matches!(m, Modifier::Forbid { .. }));
        forbids.into_iter().find_map(|f| match &f.modifier {
            Modifier::Forbid { cards } if self.card_in_scope(&f, cards, seat, card, pool) => {
                Some(f.src.card)
            }
            _ => None,
        })
    }

    /// Adversaries of these Keywords may not attack this Agent's Team.
    pub fn shielded_from(&self, a: AgentRef, adversary: CardIdx) -> Option<CardIdx> {
        let c = db().get(adversary);
        let exposed = self
            .bearers_of(|m| matches!(m, Modifier::Exposed { .. }))
            .into_iter()
            .any(|(b, m)| match m {
                Modifier::Exposed { keywords } => {
                    (b == a || self.same_team(a, b)) && keywords.iter().any(|k| c.has_keyword(*k))
                }
                _ => false,
            });
        if exposed {
            return None;
        }
        let shields = self.in_force_of(&|m| matches!(m, Modifier::NoAttack { .. }));
        shields.into_iter().find_map(|f| match &f.modifier {
            Modifier::NoAttack { who, keywords }
                if self.applies(&f, who, a) && keywords.iter().any(|k| c.has_keyword(*k)) =>
            {
                Some(f.src.card)
            }
            _ => None,
        })
    }

    /// The card in play that keeps a CONSPIRACY card from affecting this
    /// Agent (Sharon Skinner), when `card` is one.
    pub fn protected_from(&self, a: AgentRef, card: CardIdx) -> Option<CardIdx> {
        if !db()
            .get(card)
            .has_activator(crate::cards::Activator::Conspiracy)
        {
            return None;
        }
        let shields = self.in_force_of(&|m| matches!(m, Modifier::Protects { .. }));
        shields.into_iter().find_map(|f| match f.modifier {
            Modifier::Protects { titles }
                if f.src.controller == a.seat && super::select::card_titled(a.card, titles) =>
            {
                Some(f.src.card)
            }
            _ => None,
        })
    }

    /// What Equipment adding to a whole Team's skill gives a check of that
    /// Team (Two Lux Video Camera): its bearer is in the Team, or in the
    /// Hospital ("even if the Agent is sent to the Hospital").
    pub fn team_gear(&self, seat: Seat, team: &[CardIdx], skill: Skill) -> i32 {
        self.in_force_of(&|m| matches!(m, Modifier::Gear { team: true, .. }))
            .iter()
            .filter_map(|f| match f.modifier {
                Modifier::Gear {
                    skill: s,
                    amount,
                    team: true,
                } if *s == skill => f.src.agent.map(|b| (b, *amount)),
                _ => None,
            })
            .filter(|(b, _)| {
                b.seat == seat
                    && (team.contains(&b.card)
                        || self
                            .agent(*b)
                            .is_some_and(|x| x.section == Section::Hospital))
            })
            .map(|(_, n)| n)
            .max()
            .unwrap_or(0)
    }

    /// The seat's Agents hurt this foe as normal although it is an OCCULT
    /// CREATURE (Gung Bituen): its damage counts and it can be killed.
    pub fn hurt_as_normal(&self, foe: CardIdx, seat: Option<Seat>) -> bool {
        let c = db().get(foe);
        c.has_keyword(crate::cards::Keyword::Occult)
            && c.has_keyword(crate::cards::Keyword::Creature)
            && seat.is_some_and(|s| self.hurts_occult(s))
    }

    /// The seat's Agents hurt OCCULT CREATUREs as normal (Gung Bituen).
    pub fn hurts_occult(&self, seat: Seat) -> bool {
        self.in_force_of(&|m| *m == Modifier::HurtsOccult)
            .iter()
            .any(|f| f.src.controller == seat)
    }

    /// Change in the RP a seat's Agents create each Briefing (Captive Hybrid).
    pub fn rp_income_change(&self, seat: Seat) -> i32 {
        self.in_force_of(&|m| matches!(m, Modifier::RpIncome { .. }))
            .iter()
            .filter_map(|f| match &f.modifier {
                Modifier::RpIncome { seat_of, amount }
                    if self.scope_seat(f, seat_of) == Some(seat) =>
                {
                    Some(*amount)
                }
                _ => None,
            })
            .sum()
    }

    /// A seat may not draw (or buy) cards now.
    pub fn blocked(&self, seat: Seat, buying: bool) -> bool {
        let blocks =
            self.in_force_of(&|m| matches!(m, Modifier::NoDraw { .. } | Modifier::NoBuy { .. }));
        blocks.iter().any(|f| match &f.modifier {
            Modifier::NoDraw { seat_of } => self.scope_seat(f, seat_of) == Some(seat),
            Modifier::NoBuy { seat_of } => buying && self.scope_seat(f, seat_of) == Some(seat),
            _ => false,
        })
    }

    /// The pools whose cards the seat plays face up from its hand (`None`:
    /// every card), by the modifiers in force (Circuit Board Implant).
    pub(crate) fn open_hand_pools(&self, seat: Seat) -> Vec<Option<Pool>> {
        self.in_force_of(&|m| matches!(m, Modifier::OpenHand { .. }))
            .iter()
            .filter_map(|f| match &f.modifier {
                Modifier::OpenHand { seat_of, pool }
                    if self.scope_seat(f, seat_of) == Some(seat) =>
                {
                    Some(*pool)
                }
                _ => None,
            })
            .collect()
    }

    /// The cards of the seat's hand that lie face up: public, shown to
    /// every player through the views (Circuit Board Implant).
    pub fn face_up_hand(&self, seat: Seat) -> Vec<CardIdx> {
        let pools = self.open_hand_pools(seat);
        if pools.is_empty() {
            return Vec::new();
        }
        self.player(seat)
            .hand
            .iter()
            .copied()
            .filter(|c| shows_face_up(&pools, *c))
            .collect()
    }

    /// The seat holds a card that lets it do this (Foo Fighter, The Video Trap).
    pub fn has_modifier(&self, seat: Seat, want: &Modifier) -> bool {
        self.in_force_of(&|m| m == want)
            .iter()
            .any(|f| f.src.controller == seat)
    }

    /// Extra Keywords a Team's Sites count as having (Dark Forces Align).
    pub fn team_site_keywords(&self, a: AgentRef) -> Vec<Keyword> {
        self.in_force_of(&|m| matches!(m, Modifier::SiteKeyword { .. }))
            .iter()
            .filter_map(|f| match &f.modifier {
                Modifier::SiteKeyword { who, keyword } if self.applies(f, who, a) => Some(*keyword),
                _ => None,
            })
            .collect()
    }

    /// Combatants of this card may use Combat cards of these Keywords.
    pub fn can_use(&self, card: CardIdx, agent: Option<AgentRef>) -> Vec<Keyword> {
        let mut out = Vec::new();
        if let Some(s) = self.script_db().of(card) {
            for st in &s.statics {
                if let Modifier::CanUse { keywords } = &st.modifier {
                    out.extend(keywords.iter().copied());
                }
            }
        }
        if let Some(a) = agent {
            for f in self.in_force_of(&|m| matches!(m, Modifier::CanUse { .. })) {
                if f.src.agent == Some(a)
                    && let Modifier::CanUse { keywords } = &f.modifier
                {
                    out.extend(keywords.iter().copied());
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::xfiles::world::tests::normal_game_until;

    fn listed(forces: &[InForce<'_>]) -> Vec<String> {
        forces.iter().map(|f| format!("{f:?}")).collect()
    }

    #[test]
    fn in_force_of_lists_what_in_force_lists_of_the_kinds_asked() {
        let g = normal_game_until(3, |g, made| made >= 60 && g.in_force().len() >= 3);
        let all = g.in_force();
        let kinds: [Want; 5] = [
            &|_| true,
            &|_| false,
            &bears_on_skill,
            &bears_on_health,
            &|m| std::mem::discriminant(m) == std::mem::discriminant(all[0].modifier),
        ];
        for want in kinds {
            let picked: Vec<InForce<'_>> =
                all.iter().filter(|f| want(f.modifier)).cloned().collect();
            assert_eq!(listed(&g.in_force_of(want)), listed(&picked));
        }
        assert!(!g.in_force_of(kinds[4]).is_empty());
    }
}
