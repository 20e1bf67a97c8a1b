//! Abilities of cards in play: an Agent's Game Effect ("Discard a token
//! to ..."), Equipment ("Discard this card to ..."), a Resource. Using one
//! pays its costs (tokens, the card itself, points) and resolves at once;
//! limits (once a turn, once a game) are kept on the card.

use super::ast::{Ability, ExtraCost, Limit};
use super::state::{AbilityRef, Source, Val, Vars};
use crate::cards::{CardIdx, CardType, Pool, Section, Trait, db};
use crate::engine::xfiles::{AgentRef, Events, Place, Target, XfEvent, XfGame};
use crate::engine::{Event, Refusal, Seat};

/// Where a used ability lives.
#[derive(Clone, Copy)]
enum Holder {
    Agent(AgentRef),
    Perm(u32),
    /// A seat's X-File Power.
    Power(Seat, Trait),
}

impl XfGame {
    /// The card in play a player names: their Agent, a card on one of their
    /// Agents, or one of their cards in play.
    fn holder(
        &self,
        seat: Seat,
        card: CardIdx,
        agent: Option<AgentRef>,
    ) -> Option<(Holder, Option<AgentRef>)> {
        if let Some(a) = agent
            && a.card == card
            && self.agent(a).is_some()
            && (a.seat == seat || self.opponent_usable(card))
        {
            return Some((Holder::Agent(a), Some(a)));
        }
        let mine = AgentRef { seat, card };
        if agent.is_none() && self.agent(mine).is_some() && !self.only_opponents_use(card) {
            return Some((Holder::Agent(mine), Some(mine)));
        }
        if agent.is_none() && self.opponent_usable(card) {
            for s in self.others_from(seat) {
                let theirs = AgentRef { seat: s, card };
                if self.agent(theirs).is_some() {
                    return Some((Holder::Agent(theirs), Some(theirs)));
                }
            }
        }
        let theirs_too = self.opponent_usable(card);
        self.perms
            .iter()
            .filter(|p| {
                p.card == card
                    && (p.controller == seat || theirs_too)
                    && agent.is_none_or(|a| p.place == Place::Agent(a))
            })
            // Their own first, unless only an opponent uses the card.
            .min_by_key(|p| (p.controller == seat) == self.only_opponents_use(card))
            .map(|p| {
                let bearer = match p.place {
                    Place::Agent(a) => Some(a),
                    _ => None,
                };
                (Holder::Perm(p.id), bearer)
            })
    }

    /// Every ability of the card is used by its controller's opponents
    /// (Detective Chao, Captive Hybrid): never by its own player.
    fn only_opponents_use(&self, card: CardIdx) -> bool {
        self.script_db()
            .of(card)
            .is_some_and(|s| !s.abilities.is_empty() && s.abilities.iter().all(|a| a.by_opponent))
    }

    /// The card has an ability its controller's opponents use (Detective Chao).
    pub fn opponent_usable(&self, card: CardIdx) -> bool {
        self.script_db()
            .of(card)
            .is_some_and(|s| s.abilities.iter().any(|a| a.by_opponent))
    }

    fn data_of(&self, h: Holder) -> Vars {
        match h {
            Holder::Agent(a) => self.agent(a).map(|x| x.data.clone()).unwrap_or_default(),
            Holder::Perm(id) => self.perm(id).map(|p| p.data.clone()).unwrap_or_default(),
            Holder::Power(s, t) => self.power(s, t).map(|p| p.data.clone()).unwrap_or_default(),
        }
    }

    fn used_marks(&self, h: Holder) -> Vec<(u8, u32)> {
        match h {
            Holder::Agent(a) => self.agent(a).map(|x| x.used.clone()).unwrap_or_default(),
            Holder::Perm(id) => self.perm(id).map(|p| p.used.clone()).unwrap_or_default(),
            Holder::Power(s, t) => self.power(s, t).map(|p| p.used.clone()).unwrap_or_default(),
        }
    }

    fn tokens_of(&self, h: Holder) -> u8 {
        match h {
            Holder::Agent(a) => self.agent(a).map_or(0, |x| x.tokens),
            Holder::Perm(id) => self.perm(id).map_or(0, |p| p.tokens),
            Holder::Power(s, t) => self.power(s, t).map_or(0, |p| p.tokens),
        }
    }

    /// Everything that must hold to use the ability; returns its target.
    fn check_use(
        &self,
        seat: Seat,
        (h, bearer): (Holder, Option<AgentRef>),
        (card, i): (CardIdx, u8),
        ab: &Ability,
        target: &Option<Target>,
    ) -> Result<(Source, Vars), Refusal> {
        let title = &holder_title(h, card);
        self.may_use_now(seat, h, ab, title)?;
        self.use_limit_left(seat, h, i, ab, title)?;
        self.extra_costs_payable(seat, h, ab, title)?;
        if let Holder::Power(s, t) = h {
            self.power_usable(s, t)?;
        }
        let src = Source {
            card,
            ability: AbilityRef::Use(i),
            controller: seat,
            perm: match h {
                Holder::Perm(id) => Some(id),
                _ => None,
            },
            agent: bearer,
            check: self
                .frames
                .iter()
                .rev()
                .find(|f| matches!(f.kind, crate::engine::xfiles::FrameKind::Check(_)))
                .map(|f| f.id),
            opponent: match target {
                Some(Target::Seat(s)) => Some(*s),
                _ => None,
            },
            x: 0,
            power: match h {
                Holder::Power(_, t) => Some(t),
                _ => None,
            },
        };
        let mut vars = self.data_of(h);
        if let Some(decl) = &ab.target {
            let v = self.use_target(&src, &vars, decl, target, title, ab.negates("target"))?;
            vars.set("target", v);
        }
        for w in &ab.when {
            if !self.holds(&src, &vars, w) {
                return Err(Refusal::new(format!("{title} cannot be used now")));
            }
        }
        Ok((src, vars))
    }

    /// Whose move it is, whose ability, and whether its holder may use it
    /// (not bought this turn, p. 15; not away or wounded in the Hospital).
    fn may_use_now(&self, seat: Seat, h: Holder, ab: &Ability, title: &str) -> Result<(), Refusal> {
        if self.choice.is_some() {
            return Err(self.not_your_move(seat));
        }
        if let Some(f) = self.frames.last()
            && f.priority != seat
        {
            return Err(self.not_your_move(seat));
        }
        let holder_seat = match h {
            Holder::Agent(a) => a.seat,
            Holder::Perm(id) => self.perm(id).map_or(seat, |p| p.controller),
            Holder::Power(s, _) => s,
        };
        if (holder_seat == seat) == ab.by_opponent {
            return Err(Refusal::new(if ab.by_opponent {
                format!("{title}'s ability is used by an opponent of its controller")
            } else {
                format!("{title} is not yours to use")
            }));
        }
        if let Holder::Agent(a) = h {
            let x = self.agent(a).expect("found");
            if x.temporary {
                return Err(Refusal::new(format!(
                    "{title} was bought from the hand this turn: no Game Effect (p. 15)"
                )));
            }
            if (x.away.is_some() || (x.section == Section::Hospital && x.damage > 0))
                && !ab.by_opponent
            {
                return Err(Refusal::new(format!(
                    "{title} cannot use a Game Effect while out of play or wounded in the Hospital"
                )));
            }
        }
        Ok(())
    }

    /// Refused when the ability's limit (once a turn, a game, a combat, a
    /// check) is used up.
    fn use_limit_left(
        &self,
        seat: Seat,
        h: Holder,
        i: u8,
        ab: &Ability,
        title: &str,
    ) -> Result<(), Refusal> {
        let turn = self.turn;
        let marks = self.used_marks(h);
        let spent = match ab.limit {
            Some(Limit::OncePerTurn) => marks.iter().any(|(a, t)| *a == i && *t == turn),
            Some(Limit::OncePerGame) => marks.iter().any(|(a, _)| *a == i),
            Some(Limit::OncePerCombat) => {
                let c = self.combat_frame_id().unwrap_or(u32::MAX);
                marks.iter().any(|(a, t)| *a == i && *t == u32::MAX - c)
            }
            Some(Limit::OncePerCheck) => {
                let c = self
                    .innermost_check()
                    .and_then(|_| self.check_id_for(&self.blank_src(seat)))
                    .unwrap_or(u32::MAX);
                marks.iter().any(|(a, t)| *a == i && *t == u32::MAX - c)
            }
            None => false,
        };
        if spent {
            return Err(Refusal::new(format!(
                "{title}: already used {}",
                limit_words(ab.limit)
            )));
        }
        Ok(())
    }

    /// Refused when a token or a pool the use costs is short.
    fn extra_costs_payable(
        &self,
        seat: Seat,
        h: Holder,
        ab: &Ability,
        title: &str,
    ) -> Result<(), Refusal> {
        for c in &ab.costs {
            match c {
                ExtraCost::Tokens(n) if self.tokens_of(h) < *n => {
                    return Err(Refusal::new(format!("{title} has no token left to use")));
                }
                ExtraCost::Pay(pool, n) => {
                    let have = if *pool == Pool::Rp {
                        self.player(seat).rp
                    } else {
                        self.player(seat).cp
                    };
                    if let super::ast::Num::Lit(n) = n
                        && have < *n as u32
                    {
                        return Err(Refusal::new(format!(
                            "{title}: using it costs {n} {pool} and your pool holds {have}"
                        )));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The target the use names, among those the ability allows.
    fn use_target(
        &self,
        src: &Source,
        vars: &Vars,
        decl: &super::ast::TargetDecl,
        target: &Option<Target>,
        title: &str,
        negates: bool,
    ) -> Result<Val, Refusal> {
        let (candidates, shielded): (Vec<Val>, Vec<Val>) = self
            .select(src, vars, &decl.sel)
            .into_iter()
            .partition(|v| !negates || self.negatable(v));
        let given = target.as_ref().and_then(|t| self.val_of_target(t));
        let v = match given {
            Some(v) if shielded.contains(&v) => return Err(self.not_negatable(&v, title)),
            Some(v) if candidates.contains(&v) => v,
            Some(v) => {
                return Err(
                    Refusal::new(format!("{title} cannot be used on {}", self.label(&v)))
                        .with_allowed(candidates.iter().map(|c| self.label(c)).collect()),
                );
            }
            None if candidates.len() == 1 => candidates[0].clone(),
            None if candidates.is_empty() => {
                return Err(Refusal::new(format!(
                    "{title} has nothing to be used on now"
                )));
            }
            None => {
                let names: Vec<String> = candidates.iter().map(|c| self.label(c)).collect();
                return Err(Refusal::new(format!(
                    "name what {title} is used on (target:): {}",
                    names.join(", ")
                ))
                .with_allowed(names));
            }
        };
        Ok(v)
    }

    fn blank_src(&self, seat: Seat) -> Source {
        Source::new(CardIdx(0), AbilityRef::Use(0), seat)
    }

    /// Uses ability `i` of a card in play.
    pub(crate) fn use_ability(
        &mut self,
        seat: Seat,
        card: CardIdx,
        agent: Option<AgentRef>,
        i: u8,
        target: &Option<Target>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let title = db().get(card).title.clone();
        let found = self.holder(seat, card, agent).ok_or_else(|| {
            Refusal::new(format!(
                "{title} is not one of your Agents or cards in play"
            ))
        })?;
        self.use_held(seat, found, card, i, target, events)
    }

    /// An ability that changes the skill check open (not a combat) uses its
    /// card in that check: a card (or a copy of it) that already changed the
    /// check may not change it again (p. 29; FAQ21 #25), and an Agent who
    /// used one piece of Equipment may use no other (p. 21). The use is
    /// recorded in the check.
    fn use_in_check(
        &mut self,
        h: Holder,
        bearer: Option<AgentRef>,
        card: CardIdx,
        ab: &Ability,
        title: &str,
    ) -> Result<(), Refusal> {
        if !ab.modifies_check() || self.combat().is_some() || matches!(h, Holder::Power(..)) {
            return Ok(());
        }
        let Some(id) = self.checks().next_back().map(|(i, _)| i) else {
            return Ok(());
        };
        let printed = db().get(card).title.clone();
        let gear = matches!(h, Holder::Perm(_)) && db().get(card).kind == CardType::Equipment;
        let chk = self.check_mut(id).expect("open");
        let modified = chk
            .mods
            .iter()
            .any(|m| m.card.is_some_and(|c| db().get(c).title == printed));
        if modified {
            return Err(Refusal::new(format!(
                "{title} was already used in this skill check; the same card cannot be used twice (p. 29)"
            )));
        }
        if gear && let Some(a) = bearer.filter(|a| chk.equipped.contains(a)) {
            return Err(Refusal::new(format!(
                "{} already used a piece of Equipment in this skill check; an Agent uses one piece a check (p. 21)",
                db().get(a.card).title
            )));
        }
        if !chk.used.contains(&printed) {
            chk.used.push(printed);
        }
        if let Some(a) = bearer.filter(|_| gear) {
            chk.equipped.push(a);
        }
        Ok(())
    }

    /// Uses ability `i` of one of the seat's X-File Powers (pp. 43-45).
    pub(crate) fn use_power(
        &mut self,
        seat: Seat,
        value: Trait,
        i: u8,
        target: &Option<Target>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let card = self.power_source_card(seat)?;
        self.use_held(
            seat,
            (Holder::Power(seat, value), None),
            card,
            i,
            target,
            events,
        )
    }

    /// A card in play whose text the bot does not automate: its player
    /// applies it with manual steps, which the others may dispute.
    fn use_by_hand(
        &mut self,
        seat: Seat,
        card: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if self.choice.is_some() {
            return Err(self.not_your_move(seat));
        }
        events.push(Event::public(XfEvent::Used {
            seat,
            card,
            ability: "by hand".into(),
        }));
        self.open_manual(seat, card, events);
        Ok(())
    }

    fn use_held(
        &mut self,
        seat: Seat,
        (h, bearer): (Holder, Option<AgentRef>),
        card: CardIdx,
        i: u8,
        target: &Option<Target>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let title = holder_title(h, card);
        let scripts = self.script_db();
        let script = match h {
            Holder::Power(_, t) => scripts.power(t),
            _ => scripts.of(card),
        };
        let by_hand = !matches!(h, Holder::Power(..))
            && script.is_none_or(|s| s.abilities.is_empty() && !s.automated());
        let c = db().get(card);
        if by_hand && i == 0 && (c.text.is_some() || c.game_effect.is_some()) {
            return self.use_by_hand(seat, card, events);
        }
        let again = self.modifier_again(h, script, i);
        let ab = script
            .and_then(|s| s.abilities.get(usize::from(i)))
            .or(again.as_ref().map(|(_, ab)| ab))
            .ok_or_else(|| {
                let n = script.map_or(0, |s| s.abilities.len());
                Refusal::new(if n == 0 {
                    format!("{title} has no ability to use")
                } else {
                    format!("{title} has {n} abilities: ability 1 to {n}")
                })
            })?;
        let (mut src, vars) = self.check_use(seat, (h, bearer), (card, i), ab, target)?;
        self.use_in_check(h, bearer, card, ab, &title)?;
        if let Some((mode, _)) = &again {
            // The Witness's own play program runs again.
            src.ability = AbilityRef::Play(*mode);
        }
        let mark = match ab.limit {
            Some(Limit::OncePerGame) => 0,
            Some(Limit::OncePerCombat) => u32::MAX - self.combat_frame_id().unwrap_or(u32::MAX),
            Some(Limit::OncePerCheck) => u32::MAX - src.check.unwrap_or(u32::MAX),
            _ => self.turn,
        };
        self.mark_used(h, i, mark);
        self.pay_use_costs(seat, h, ab, (&src, &vars), events);
        // Every other player may answer what was just used: the round of
        // passes starts again (p. 28, "until all players decide to play no more").
        if let Some(f) = self.frames.last_mut().filter(|f| f.priority == seat) {
            f.passes = 0;
        }
        let label = if ab.label.is_empty() {
            format!("ability {}", i + 1)
        } else {
            ab.label.clone()
        };
        events.push(Event::public(match h {
            // The X-File itself stays secret: the event names the Power.
            Holder::Power(_, value) => XfEvent::PowerUsed { seat, value, label },
            _ => XfEvent::Used {
                seat,
                card,
                ability: label,
            },
        }));
        if !matches!(h, Holder::Perm(id) if self.perm(id).is_some()) {
            src.perm = None;
        }
        self.start_effect(src, vars, None);
        self.settle(events);
        self.after_resolution(events);
        Ok(())
    }

    /// A Witness that a card keeps in play as a RESOURCE (Safe House,
    /// `reuse`) has one more ability, after its own: its first mode that
    /// changes a skill check, used once a turn on its controller's turn,
    /// where that mode could be played (how xfiles-bot plays "acts as an
    /// EVENT, RESOURCE card"). Returns (its mode, the ability).
    fn modifier_again(
        &self,
        h: Holder,
        script: Option<&super::ast::Script>,
        i: u8,
    ) -> Option<(u8, Ability)> {
        let Holder::Perm(id) = h else {
            return None;
        };
        let script = script?;
        if usize::from(i) != script.abilities.len()
            || !self.perm(id)?.data.flag(super::verbs::REUSE)
        {
            return None;
        }
        let mode = script.plays.iter().position(Ability::modifies_check)?;
        let mut ab = script.plays[mode].clone();
        ab.label = "its skill modifier again".into();
        ab.limit = Some(Limit::OncePerTurn);
        ab.costs.clear();
        ab.when.push(super::ast::Cond::Active);
        // As when played: a check of its skills must be open.
        let in_check = |w: &super::ast::Cond| {
            matches!(
                w,
                super::ast::Cond::InCheck(_) | super::ast::Cond::SiteCheck(_)
            )
        };
        if !ab.when.iter().any(in_check) {
            let implied: Vec<super::ast::Cond> = ab
                .program
                .iter()
                .filter_map(|x| match x {
                    super::ast::Instr::Do(step) => super::verbs::implied(step),
                    _ => None,
                })
                .collect();
            ab.when.extend(implied);
        }
        Some((mode as u8, ab))
    }

    /// Pays what using an ability costs beyond its limit: tokens, RP or
    /// CP, the card itself discarded or removed from the game.
    fn pay_use_costs(
        &mut self,
        seat: Seat,
        h: Holder,
        ab: &Ability,
        (src, vars): (&Source, &Vars),
        events: &mut Events,
    ) {
        for c in &ab.costs {
            match c {
                ExtraCost::Tokens(n) => self.spend_tokens(h, *n),
                ExtraCost::Pay(pool, n) => {
                    let n = self.num_for(src, vars, n).max(0) as u32;
                    let p = self.player_mut(seat);
                    match pool {
                        Pool::Rp => p.rp = p.rp.saturating_sub(n),
                        _ => p.cp = p.cp.saturating_sub(n),
                    }
                }
                ExtraCost::DiscardSelf => {
                    if let Holder::Perm(id) = h {
                        self.leave_play(id, events);
                    }
                }
                ExtraCost::RemoveSelf => {
                    if let Holder::Perm(id) = h
                        && let Some((owner, c)) = self.take_perm(id, events)
                    {
                        self.player_mut(owner).removed.push(c);
                    }
                }
            }
        }
    }

    fn mark_used(&mut self, h: Holder, i: u8, mark: u32) {
        match h {
            Holder::Agent(a) => self.agent_mut(a).expect("found").used.push((i, mark)),
            Holder::Perm(id) => self.perm_mut(id).expect("found").used.push((i, mark)),
            Holder::Power(s, t) => self.power_mut(s, t).expect("found").used.push((i, mark)),
        }
    }

    fn spend_tokens(&mut self, h: Holder, n: u8) {
        match h {
            Holder::Agent(a) => self.agent_mut(a).expect("found").tokens -= n,
            Holder::Perm(id) => self.perm_mut(id).expect("found").tokens -= n,
            Holder::Power(s, t) => self.power_mut(s, t).expect("found").tokens -= n,
        }
    }

    /// Abilities a seat could use now (for hints and bots): (card, agent, index).
    pub(crate) fn usable(&self, seat: Seat) -> Vec<(CardIdx, Option<AgentRef>, u8, Option<Val>)> {
        let scripts = self.script_db();
        let mut out = Vec::new();
        let mut holders: Vec<(CardIdx, Option<AgentRef>)> = self
            .player(seat)
            .agents
            .iter()
            .map(|a| (a.card, Some(AgentRef { seat, card: a.card })))
            .collect();
        holders.extend(self.perms.iter().filter(|p| p.controller == seat).map(|p| {
            (
                p.card,
                match p.place {
                    Place::Agent(a) => Some(a),
                    _ => None,
                },
            )
        }));
        for (card, agent) in holders {
            let Some(s) = scripts.of(card) else {
                continue;
            };
            for (i, ab) in s.abilities.iter().enumerate() {
                if let Some((h, bearer)) = self.holder(seat, card, agent)
                    && let Ok((_, vars)) =
                        self.check_use(seat, (h, bearer), (card, i as u8), ab, &None)
                {
                    out.push((card, agent, i as u8, vars.get("target").cloned()));
                }
            }
            let i = s.abilities.len() as u8;
            if let Some((h, bearer)) = self.holder(seat, card, agent)
                && let Some((_, ab)) = self.modifier_again(h, Some(s), i)
                && let Ok((_, vars)) = self.check_use(seat, (h, bearer), (card, i), &ab, &None)
            {
                out.push((card, agent, i, vars.get("target").cloned()));
            }
        }
        out
    }
}

impl XfGame {
    /// The targets a Power ability may be used on now (`None`: it names none).
    pub(crate) fn power_targets(&self, seat: Seat, value: Trait, i: u8) -> Vec<Option<Target>> {
        let (Ok(card), Some(ab)) = (
            self.power_source_card(seat),
            self.script_db()
                .power(value)
                .and_then(|s| s.abilities.get(usize::from(i)))
                .cloned(),
        ) else {
            return Vec::new();
        };
        let h = (Holder::Power(seat, value), None);
        let Some(decl) = &ab.target else {
            let ok = self.check_use(seat, h, (card, i), &ab, &None).is_ok();
            return if ok { vec![None] } else { Vec::new() };
        };
        let Some(src) = self.power_src(seat, value, AbilityRef::Use(i)) else {
            return Vec::new();
        };
        let vars = self.data_of(h.0);
        self.select(&src, &vars, &decl.sel)
            .iter()
            .filter_map(|v| crate::engine::xfiles::legal::as_target(self, v))
            .filter(|t| {
                self.check_use(seat, h, (card, i), &ab, &Some(t.clone()))
                    .is_ok()
            })
            .map(Some)
            .collect()
    }
}

/// How a holder is named in messages: a Power never names the X-File.
fn holder_title(h: Holder, card: CardIdx) -> String {
    match h {
        Holder::Power(_, t) => format!("the X-File Power {t}"),
        _ => db().get(card).title.clone(),
    }
}

fn limit_words(l: Option<Limit>) -> &'static str {
    match l {
        Some(Limit::OncePerTurn) => "this turn",
        Some(Limit::OncePerGame) => "this game",
        Some(Limit::OncePerCombat) => "in this combat",
        Some(Limit::OncePerCheck) => "in this skill check",
        None => "",
    }
}
