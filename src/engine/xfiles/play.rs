//! Paying for cards: who may pay which pool (pp. 10, 14, 40), what a card
//! costs now (X, cards that change costs), dedicated RP (Rules Assistant
//! p. 7), and Activators (p. 16).

use super::effects::ast::CostChange;
use super::effects::state::{Source, Vars};
use super::{Events, Fact, Phase, XfGame};
use crate::cards::{Activator, CardIdx, Keyword, Pool, Section, db};
use crate::engine::{Refusal, Seat};

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
        match self.inv_site().map(|s| s.directed) {
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
        Ok(match (printed, role) {
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
        })
    }

    /// An Agent of `seat` whose dedicated RP pays for this card.
    fn dedicated_for(&self, seat: Seat, card: CardIdx) -> Option<usize> {
        let c = db().get(card);
        let kept = super::effects::state::Val::Num(self.turn as i32);
        self.player(seat).agents.iter().position(|a| {
            a.dedicated_rp
                && a.data.get(super::effects::verbs::RP_KEPT) != Some(&kept)
                && a.section != Section::Hospital
                && self
                    .dedicated_keywords(super::AgentRef { seat, card: a.card })
                    .iter()
                    .any(|k| c.has_keyword(*k))
        })
    }

    /// The printed cost with X.
    pub fn cost_of(card: CardIdx, x: u32) -> u32 {
        db().get(card).cost.map_or(0, |c| c.amount.with_x(x))
    }

    /// What playing the card costs this seat now.
    pub fn cost_now(&self, seat: Seat, card: CardIdx, pool: Pool, x: u32) -> u32 {
        self.adjusted_cost(seat, card, pool, Self::cost_of(card, x))
    }

    /// What playing the card in this mode costs now: printed with X, the
    /// card's own conditions (Margaret Scully: free), then the cards in play
    /// that change costs.
    pub fn play_cost(&self, src: &Source, vars: &Vars, pool: Pool) -> u32 {
        let mut cost = Self::cost_of(src.card, src.x) as i32;
        let scripts = self.script_db();
        if let Some(ab) = scripts
            .of(src.card)
            .and_then(|s| super::effects::run::ability_in(s, src.ability))
        {
            for (change, cond) in &ab.cost_if {
                if self.holds(src, vars, cond) {
                    cost = match change {
                        CostChange::Set(n) => *n as i32,
                        CostChange::Add(n) => cost + n,
                        CostChange::Half => (cost + 1) / 2,
                    };
                }
            }
        }
        self.adjusted_cost(src.controller, src.card, pool, cost.max(0) as u32)
    }

    /// Can `seat` afford the card from `pool`?
    pub fn affordable(&self, seat: Seat, card: CardIdx, pool: Pool, x: u32) -> bool {
        self.can_pay(seat, card, pool, self.cost_now(seat, card, pool, x))
    }

    /// Can `seat` pay this cost for the card (dedicated RP included)?
    pub fn can_pay(&self, seat: Seat, card: CardIdx, pool: Pool, cost: u32) -> bool {
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
        let cost = self.cost_now(seat, card, pool, x);
        self.pay_exact(seat, card, pool, cost)
    }

    /// Pays this cost for a card.
    pub(super) fn pay_exact(
        &mut self,
        seat: Seat,
        card: CardIdx,
        pool: Pool,
        cost: u32,
    ) -> Result<u32, Refusal> {
        if !self.can_pay(seat, card, pool, cost) {
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
        // A dedicated RP kept (`keep-rp`) is kept for this one payment.
        if pool == Pool::Rp {
            for a in &mut p.agents {
                a.data.unset(super::effects::verbs::RP_KEPT);
            }
        }
        if pool == Pool::Rp
            && seat == self.active
            && let Some(inv) = self.investigation.as_mut()
        {
            inv.rp_spent += cost;
        }
        Ok(cost)
    }

    /// Every Activator holds now (p. 16). "Active, Conspiracy" together mean
    /// either (FAQ21 #41); so do two skills on one card (Mrs. Mulder, FAQ21 #22).
    pub fn activators_hold(&self, seat: Seat, card: CardIdx) -> Result<(), Refusal> {
        let c = db().get(card);
        let acts = &c.activators;
        let keyword_acts: Vec<Keyword> = acts
            .iter()
            .filter_map(|a| self.activator_keyword(*a))
            .collect();
        let ctx = ActivatorContext {
            seat,
            either: acts.contains(&Activator::Active) && acts.contains(&Activator::Conspiracy),
            skill_either: keyword_acts
                .iter()
                .filter(|k| {
                    crate::cards::Skill::parse_loose(k.as_str())
                        .is_some_and(|s| s.is_investigative())
                })
                .count()
                > 1,
            provided: self.provider_for(seat, card).is_some(),
            anywhere: c.kind == crate::cards::CardType::Adversary
                && self.plays_anywhere(seat, card, Pool::Cp),
            in_use: self.keywords_in_use(seat),
            keyword_acts,
        };
        match acts.iter().find(|a| !self.activator_holds(**a, &ctx)) {
            Some(a) => Err(Refusal::new(format!(
                "{}'s Activator {} is not met now (every Activator must hold, p. 16); it is met {}",
                c.title,
                a.as_str().to_uppercase(),
                activator_met_when(*a)
            ))),
            None => Ok(()),
        }
    }

    /// Whether one Activator of a card holds now.
    fn activator_holds(&self, a: Activator, ctx: &ActivatorContext) -> bool {
        match a {
            Activator::Active => ctx.either || ctx.seat == self.active,
            Activator::Conspiracy => ctx.either || ctx.seat != self.active,
            _ if ctx.provided => true,
            Activator::Combat => self.combat().is_some(),
            Activator::Briefing => {
                matches!(self.phase, Phase::Draw | Phase::Buy | Phase::Trade(_))
            }
            Activator::Requisition => self.phase == Phase::Requisition,
            Activator::Deployment => self.phase == Phase::Deployment,
            Activator::Bureau => self.section_used(Section::Bureau),
            Activator::Field => self.section_used(Section::Field),
            Activator::Hospital => self.section_used(Section::Hospital),
            Activator::Multiplayer => self.seats_in() > 2,
            // How xfiles-bot plays it: a card with Activator AGENT is
            // played on an Agent, so one must be in play (training cards).
            Activator::Agent => {
                ctx.in_use.contains(&Keyword::Agent)
                    || self
                        .players
                        .iter()
                        .any(|p| p.agents.iter().any(|a| a.away.is_none()))
            }
            // An X-File Power: "may be played on any Site" (p. 43).
            Activator::Site
            | Activator::AffiliationSite
            | Activator::MotiveSite
            | Activator::MethodSite
            | Activator::ResultSite
                if ctx.anywhere =>
            {
                self.investigation.is_some()
            }
            Activator::Site => {
                self.investigation.is_some()
                    || !self.sites.is_empty()
                    || self.failed_site().is_some()
            }
            Activator::AffiliationSite => self.site_has(Keyword::Affiliation, ctx.seat),
            Activator::MotiveSite => self.site_has(Keyword::Motive, ctx.seat),
            Activator::MethodSite => self.site_has(Keyword::Method, ctx.seat),
            Activator::ResultSite => self.site_has(Keyword::Result, ctx.seat),
            Activator::OccultAdversary => {
                ctx.in_use.contains(&Keyword::Occult) && ctx.in_use.contains(&Keyword::Adversary)
            }
            other => match self.activator_keyword(other) {
                Some(_) if ctx.anywhere && self.investigation.is_some() => true,
                Some(k) if ctx.skill_either => {
                    ctx.keyword_acts.iter().any(|x| ctx.in_use.contains(x))
                        || ctx.in_use.contains(&k)
                }
                Some(k) => ctx.in_use.contains(&k),
                None => false,
            },
        }
    }

    fn activator_keyword(&self, a: Activator) -> Option<Keyword> {
        a.as_str().parse::<Keyword>().ok()
    }

    fn section_used(&self, s: Section) -> bool {
        self.players
            .iter()
            .any(|p| p.agents.iter().any(|a| a.section == s && a.away.is_none()))
    }

    /// The Site in use (or any in play) carries this Keyword, or the
    /// investigating Team counts as having it (Dark Forces Align, No Place
    /// Is Safe).
    fn site_has(&self, k: Keyword, _: Seat) -> bool {
        let on_team = self
            .check_team_now()
            .iter()
            .any(|a| self.team_site_keywords(*a).contains(&k));
        on_team
            || match self.inv_site() {
                Some(s) => s.keywords.contains(&k),
                None => self.sites.iter().any(|s| s.keywords.contains(&k)),
            }
    }

    /// Keywords of the cards "in use" now, against which Activators are
    /// checked (p. 16): the Site under investigation (or every Site in play),
    /// the cards on the stack, foes, the Team making the check and the cards
    /// in play; a Witness may use its own player's cards (FAQ97 #43).
    pub fn keywords_in_use(&self, _: Seat) -> Vec<Keyword> {
        let mut out = Vec::new();
        match self.inv_site() {
            Some(s) => out.extend(s.keywords.iter().copied()),
            None => {
                for s in &self.sites {
                    out.extend(s.keywords.iter().copied());
                }
                // The Site a Team has just failed stays in use for the cards
                // played on that failure (Krycek Possessed).
                if let Some((_, keywords, _)) = self.failed_site() {
                    out.extend(keywords.iter().copied());
                }
            }
        }
        for p in &self.stack {
            if p.keywords.is_empty() {
                out.extend(db().get(p.card).keywords.iter().copied());
            } else {
                out.extend(p.keywords.iter().copied());
            }
            // Cards played with it (Overwhelming Force).
            for c in &p.with {
                out.extend(db().get(*c).keywords.iter().copied());
            }
        }
        if let Some(c) = self.combat() {
            for (_, f) in c.living() {
                out.extend(db().get(f.card).keywords.iter().copied());
            }
        }
        for a in self.check_team_now() {
            out.extend(db().get(a.card).keywords.iter().copied());
            if let Some(x) = self.agent(a) {
                out.extend(x.keywords.iter().copied());
            }
            out.extend(self.team_site_keywords(a));
        }
        for p in &self.perms {
            if p.keywords.is_empty() {
                out.extend(db().get(p.card).keywords.iter().copied());
            } else {
                out.extend(p.keywords.iter().copied());
            }
        }
        // How xfiles-bot plays it: a MOVE card that forced an Agent to move
        // stays in use for the turn, for the cards played "when an Agent is
        // forced" (Written Report), since the bot moves the Agent at once.
        if self.facts.iter().any(|f| {
            matches!(f, Fact::Went { by: Some(c), .. } if db().get(*c).has_keyword(Keyword::Move))
        }) {
            out.push(Keyword::Move);
        }
        out.sort();
        out.dedup();
        out
    }

    /// Cards played fire the triggers that listen for them (income
    /// Witnesses: on their owner's own turn only, FAQ21 #31).
    pub(super) fn on_card_played(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        self.fire_card_played(seat, card, events);
        self.settle(events);
    }

    /// Whether a step of the card's play programs matches.
    pub(crate) fn script_has(
        &self,
        card: CardIdx,
        pred: impl Fn(&super::effects::verbs::Step) -> bool,
    ) -> bool {
        self.script_db().of(card).is_some_and(|s| {
            s.plays.iter().any(|a| {
                a.program
                    .iter()
                    .any(|i| matches!(i, super::effects::ast::Instr::Do(step) if pred(step)))
            })
        })
    }

    /// Whether the card's script forces a skill check (Spying Mission).
    pub(crate) fn forces_check(&self, card: CardIdx) -> bool {
        self.script_has(card, |s| {
            matches!(s, super::effects::verbs::Step::Check { .. })
        })
    }

    /// Whether the card would send an Agent to the Hospital (Bill Mulder):
    /// a move there, damage, or an Adversary.
    pub(crate) fn hospitalizes(&self, card: CardIdx, _: Seat) -> bool {
        use super::effects::verbs::Step;
        self.script_has(card, |s| {
            matches!(
                s,
                Step::Move {
                    to: Section::Hospital,
                    ..
                } | Step::Damage { .. }
                    | Step::Hospitalize { .. }
                    | Step::Wound { .. }
            )
        }) || db().get(card).kind == crate::cards::CardType::Adversary
    }

    /// A Witness's skill modifier (for Trust No One, Safe House, Pheromone-Induced Psychosis).
    pub(crate) fn witness_modifier(&self, card: CardIdx) -> Option<i32> {
        let s = self.script_db();
        s.of(card)?.plays.iter().find_map(|a| a.check_modifier())
    }

    /// The first skill a Witness modifies (Assassinated, AD errata).
    pub(crate) fn witness_skill(&self, card: CardIdx) -> Option<crate::cards::Skill> {
        let s = self.script_db();
        s.of(card)?.plays.iter().find_map(|a| a.check_skill())
    }
}

/// When an Activator holds, in words, for a refusal (p. 16).
fn activator_met_when(a: Activator) -> String {
    match a {
        Activator::Active => "on your own turn".into(),
        Activator::Conspiracy => "on an opponent's turn".into(),
        Activator::Combat => "during a combat".into(),
        Activator::Briefing => "in a Briefing Phase".into(),
        Activator::Requisition => "in the Requisition Phase".into(),
        Activator::Deployment => "in the Deployment Phase".into(),
        Activator::Bureau | Activator::Field | Activator::Hospital => format!(
            "while a Team in the {} is acting (a check or an effect there)",
            a.as_str().to_lowercase()
        ),
        Activator::Multiplayer => "only in games of three or more players".into(),
        Activator::Agent => "while an Agent is in play".into(),
        Activator::Site => "while a Site is in play".into(),
        Activator::AffiliationSite
        | Activator::MotiveSite
        | Activator::MethodSite
        | Activator::ResultSite => format!(
            "while a Site with the keyword {} is in play",
            a.as_str().to_uppercase().trim_end_matches(" SITE")
        ),
        Activator::OccultAdversary => "while an OCCULT Adversary is in play".into(),
        other => format!(
            "while a card with the keyword {} is in use (the Site investigated, a card being played or in play)",
            other.as_str().to_uppercase()
        ),
    }
}

/// What one card's Activators are checked against.
struct ActivatorContext {
    seat: Seat,
    /// "Active, Conspiracy" together: either holds (FAQ21 #41).
    either: bool,
    /// Two investigative skills: either holds (errata).
    skill_either: bool,
    /// A card in play lets this one be played.
    provided: bool,
    /// An Adversary an X-File Power lets be played on any Site (p. 43).
    anywhere: bool,
    /// The Keywords of the cards in use (p. 16).
    in_use: Vec<Keyword>,
    /// The card's Activators that name a Keyword.
    keyword_acts: Vec<Keyword>,
}
