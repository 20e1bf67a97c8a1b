//! The interpreter: runs effects in progress step by step until one waits
//! (for a player's choice, or for a skill check or combat it started) or
//! none is left. A waiting effect is plain data in the game state; the
//! `Choose` action, or the end of the check it started, makes it ready again.

use std::sync::Arc;

use super::ast::{Ability, Goes, Instr, Num, PlaceSpec, Script, Who};
use super::db::ScriptDb;
use super::state::{
    AbilityRef, ChoiceOption, PendingChoice, Purpose, Resolution, Source, Val, Vars, Wait,
};
use super::verbs;
use crate::cards::{CardIdx, CardType, Keyword, Section, db};
use crate::engine::xfiles::{Events, Pending, Permanent, Place, XfEvent, XfGame};
use crate::engine::{Event, Refusal, Seat};

/// What a step tells the interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Next,
    Wait(Wait),
    /// Waits, then runs the same step again (a step that asks, then acts).
    Retry(Wait),
    /// The effect ends here.
    Stop,
}

/// The ability of a script a source names.
pub fn ability_in(script: &Script, which: AbilityRef) -> Option<&Ability> {
    match which {
        AbilityRef::Play(m) => script.plays.get(usize::from(m)),
        AbilityRef::Use(i) => script.abilities.get(usize::from(i)),
        AbilityRef::Trigger(i) => script.triggers.get(usize::from(i)).map(|t| &t.ability),
        AbilityRef::Replace(i) => script.replacements.get(usize::from(i)).map(|t| &t.ability),
    }
}

impl XfGame {
    /// The scripts this game runs (the Basic Game's own, see `basic`).
    pub(crate) fn script_db(&self) -> Arc<ScriptDb> {
        match self.basic() {
            Some(b) => super::super::basic::basic_scripts(b.wounded_by).clone(),
            None => self.scripts.0.clone(),
        }
    }

    /// The scripts this game runs, borrowed.
    pub(crate) fn scripts_ref(&self) -> &ScriptDb {
        match self.basic() {
            Some(b) => super::super::basic::basic_scripts(b.wounded_by),
            None => &self.scripts.0,
        }
    }

    /// Starts an effect (it runs at the next [`XfGame::settle`]).
    pub(crate) fn start_effect(&mut self, src: Source, vars: Vars, played: Option<Pending>) {
        self.resolving.push(Resolution {
            src,
            pc: 0,
            vars,
            wait: Wait::Ready,
            played,
        });
    }

    /// Runs effects in progress until one waits or none is left.
    pub(crate) fn settle(&mut self, events: &mut Events) {
        loop {
            if self.outcome.is_some() {
                self.resolving.clear();
                return;
            }
            if self.choice.is_some() {
                return;
            }
            match self.resolving.last() {
                Some(r) if r.wait == Wait::Ready => {}
                _ => return,
            }
            let mut r = self.resolving.pop().expect("checked");
            if self.advance(&mut r, events) {
                self.finished(r, events);
            } else {
                self.resolving.push(r);
            }
        }
    }

    /// Runs `r` on; true when its program is done.
    fn advance(&mut self, r: &mut Resolution, events: &mut Events) -> bool {
        let scripts = self.script_db();
        let ab = scripts
            .of_source(&r.src)
            .and_then(|s| ability_in(s, r.src.ability));
        let Some(ab) = ab else {
            return self.unscripted(r, events);
        };
        loop {
            let pc = usize::from(r.pc);
            let Some(instr) = ab.program.get(pc) else {
                return !self.adversary_fights(r, events);
            };
            match instr {
                Instr::Do(step) => {
                    r.pc += 1;
                    match verbs::run(self, r, step, events) {
                        Flow::Next => {}
                        Flow::Wait(w) => {
                            r.wait = w;
                            return false;
                        }
                        Flow::Retry(w) => {
                            r.pc -= 1;
                            r.wait = w;
                            return false;
                        }
                        Flow::Stop => return true,
                    }
                    if self.outcome.is_some() {
                        return true;
                    }
                }
                Instr::Unless(c, to) => {
                    let yes = self.holds(&r.src, &r.vars, c);
                    r.pc = if yes { pc + 1 } else { *to } as u16;
                }
                Instr::Jump(to) => r.pc = *to as u16,
                Instr::Each { var, sel, end } => {
                    let items = self.select(&r.src, &r.vars, sel);
                    let key = format!("each:{var}");
                    match items.split_first() {
                        None => r.pc = *end as u16,
                        Some((first, rest)) => {
                            r.vars.set(var, first.clone());
                            r.vars.set(&key, Val::List(rest.to_vec()));
                            r.pc += 1;
                        }
                    }
                }
                Instr::Next { start } => {
                    let Instr::Each { var, end, .. } = &ab.program[*start] else {
                        unreachable!("Next follows Each")
                    };
                    let key = format!("each:{var}");
                    let mut rest = match r.vars.get(&key) {
                        Some(Val::List(v)) => v.clone(),
                        _ => Vec::new(),
                    };
                    if rest.is_empty() {
                        r.vars.unset(&key);
                        r.pc = *end as u16;
                    } else {
                        let next = rest.remove(0);
                        r.vars.set(var, next);
                        r.vars.set(&key, Val::List(rest));
                        r.pc = (*start + 1) as u16;
                    }
                }
            }
        }
    }

    /// An Adversary whose program is done fights, unless its text says it
    /// does not initiate combat (or it already fought): true when combat began.
    fn adversary_fights(&mut self, r: &mut Resolution, events: &mut Events) -> bool {
        let fights = r.played.is_some()
            && matches!(r.src.ability, AbilityRef::Play(_))
            && db().get(r.src.card).kind == CardType::Adversary
            && !r.vars.flag("gone")
            && !r.vars.flag("fought")
            && !self.foe_has(r.src.card, |m| *m == super::ast::Modifier::NoCombat);
        if !fights {
            return false;
        }
        r.vars.set("fought", Val::Bool(true));
        match verbs::run(self, r, &verbs::Step::Fight, events) {
            Flow::Wait(w) => {
                r.wait = w;
                true
            }
            _ => false,
        }
    }

    /// A card without a script for this ability: an Adversary fights;
    /// anything else waits for manual steps.
    fn unscripted(&mut self, r: &mut Resolution, events: &mut Events) -> bool {
        let is_adversary = db().get(r.src.card).kind == CardType::Adversary
            && !self.foe_has(r.src.card, |m| *m == super::ast::Modifier::NoCombat);
        if is_adversary && r.pc == 0 && matches!(r.src.ability, AbilityRef::Play(_)) {
            r.pc = 1;
            if let Flow::Wait(w) = verbs::run(self, r, &verbs::Step::Fight, events) {
                r.wait = w;
                return false;
            }
        }
        true
    }

    /// An effect is over: a played card goes where its script (or the rules) say.
    fn finished(&mut self, r: Resolution, events: &mut Events) {
        let Some(p) = r.played.clone() else {
            return;
        };
        let scripts = self.script_db();
        let script = scripts.of(p.card);
        // A card printed without text (Slithers In The Night) leaves
        // nothing to apply by hand.
        let automated = script.is_some_and(|s| s.automated()) || nothing_printed(p.card);
        events.push(Event::public(XfEvent::Resolved {
            card: p.card,
            manual: !automated,
        }));
        if !automated {
            self.open_manual(p.player, p.card, events);
        }
        if r.vars.flag("gone") || r.vars.flag("in-play") {
            return;
        }
        // Cards played with it that did not fight go with it.
        self.player_mut(p.player).discard.extend(&p.with);
        let goes = if r.vars.flag("removed") {
            Some(Goes::Removed)
        } else if r.vars.flag("discarded") {
            Some(Goes::Discard)
        } else if r.vars.flag("stays") {
            Some(Goes::Stays)
        } else if r.vars.flag("attached") {
            Some(Goes::Attached)
        } else {
            script.and_then(|s| s.goes)
        };
        let home = self.home_of(p.player, p.card);
        if self.place_resolved(&p, &r, (goes, home), events).is_none() {
            self.drop_kept_under(&r, home);
        }
    }

    /// A resolved card goes where `goes` (or RESOURCE) says, `home` its
    /// owner's ([`XfGame::home_of`], taken once); its id once in play.
    fn place_resolved(
        &mut self,
        p: &Pending,
        r: &Resolution,
        (goes, home): (Option<Goes>, Seat),
        events: &mut Events,
    ) -> Option<u32> {
        let scripts = self.script_db();
        let script = scripts.of(p.card);
        let resource = db().get(p.card).has_keyword(Keyword::Resource);
        match goes {
            Some(Goes::Removed) => {
                self.player_mut(home).removed.push(p.card);
                None
            }
            Some(Goes::Stays) | Some(Goes::Attached) if home == p.player => {
                let id = self.enter_play(p, script, events);
                if goes == Some(Goes::Attached) {
                    self.attach_to_target(id, p);
                }
                self.add_pending_tokens(id, r, events);
                self.keep_values(id, r);
                for a in r.vars.get("held").map(Val::agents).unwrap_or_default() {
                    if let Some(x) = self.agent_mut(a) {
                        x.away = Some(crate::engine::xfiles::Away::Held { perm: id });
                    }
                }
                // Nothing to play from under it: it is done (Travel Plans, no Site taken).
                self.leave_if_bare(id, events);
                Some(id)
            }
            None if resource && home == p.player => {
                let id = self.enter_play(p, script, events);
                self.add_pending_tokens(id, r, events);
                Some(id)
            }
            _ => {
                self.player_mut(home).discard.push(p.card);
                None
            }
        }
    }

    /// Cards a card took under itself while it resolved go to a Discard
    /// Pile when it does not enter play: theirs they were taken from.
    fn drop_kept_under(&mut self, r: &Resolution, home: Seat) {
        let kept = |name: &str| r.vars.get(&format!("{}{name}", verbs::KEPT));
        let to = match kept(verbs::UNDER_OWNER) {
            Some(Val::Seat(s)) => *s,
            _ => home,
        };
        if let Some(Val::Cards(cards)) = kept(verbs::UNDER) {
            self.player_mut(to).discard.extend(cards);
        }
    }

    /// A card an `attach` step placed goes under the Agent it names, even
    /// when its script sends it elsewhere otherwise (Assassinated's second mode).
    fn attach_to_target(&mut self, id: u32, p: &Pending) {
        let agent = p.target.as_ref().and_then(Val::agent);
        if let (Some(a), Some(perm)) = (agent, self.perm_mut(id)) {
            perm.place = Place::Agent(a);
        }
    }

    /// Values the card's program kept before it entered play.
    fn keep_values(&mut self, id: u32, r: &Resolution) {
        let kept: Vec<(String, Val)> = r
            .vars
            .0
            .iter()
            .filter_map(|(n, v)| Some((n.strip_prefix(verbs::KEPT)?.to_string(), v.clone())))
            .collect();
        if let Some(p) = self.perm_mut(id) {
            for (n, v) in kept {
                match v {
                    Val::Cards(cards) if n == verbs::UNDER => p.under.extend(cards),
                    v => p.data.set(&n, v),
                }
            }
        }
    }

    /// Tokens the card's program put on it before it entered play (Yaje:
    /// "place up to 2 RP on this card when it comes into play").
    fn add_pending_tokens(&mut self, id: u32, r: &Resolution, events: &mut Events) {
        let n = self.num(r, &super::ast::Num::Var("tokens".into()));
        if n > 0
            && let Some(p) = self.perm_mut(id)
        {
            p.tokens = (i32::from(p.tokens) + n).clamp(0, 255) as u8;
            let (card, tokens) = (p.card, p.tokens);
            events.push(Event::public(XfEvent::Tokens { card, tokens }));
            // Its text placed more than its usual number: that is its
            // normal number now (A Final Choice on Mulder; The Mailman).
            if self.script_db().of(card).is_some_and(|s| s.tokens > 0)
                && let Some(p) = self.perm_mut(id)
            {
                p.data
                    .set(verbs::NORMAL_TOKENS, Val::Num(i32::from(tokens)));
            }
        }
    }

    /// A resolved card stays in play (RESOURCE cards, p. 17; cards "placed").
    pub(crate) fn enter_play(
        &mut self,
        p: &Pending,
        script: Option<&Script>,
        events: &mut Events,
    ) -> u32 {
        let spec = script.and_then(|s| s.place);
        let target_agent = p.target.as_ref().and_then(Val::agent);
        let target_site = match &p.target {
            Some(Val::Site(id)) => Some(*id),
            _ => self.investigation.as_ref().map(|i| i.site),
        };
        let opponent = p
            .opponent
            .or_else(|| self.others_from(p.player).first().copied())
            .unwrap_or(p.player);
        let place = match spec {
            _ if script.is_some_and(|s| s.goes == Some(Goes::Attached))
                && target_agent.is_some() =>
            {
                Place::Agent(target_agent.expect("checked"))
            }
            Some(PlaceSpec::OnTarget) => match (&p.target, target_agent) {
                (_, Some(a)) => Place::Agent(a),
                (Some(Val::Site(id)), None) => Place::Site(*id),
                // With the card in play it is played on (Sleep With the Fishes).
                (Some(Val::Perm(id)), None) => self
                    .perm(*id)
                    .map_or(Place::Section(p.player, Section::Bureau), |t| t.place),
                _ => Place::Section(p.player, Section::Bureau),
            },
            Some(PlaceSpec::Own(s)) => Place::Section(p.player, s),
            Some(PlaceSpec::Opponents(s)) => Place::Section(opponent, s),
            Some(PlaceSpec::XFile) => Place::XFile(p.player),
            Some(PlaceSpec::Site) => match target_site {
                Some(id) => Place::Site(id),
                None => Place::Section(p.player, Section::Field),
            },
            None => Place::Section(p.player, Section::Bureau),
        };
        let id = self.new_id();
        let tokens = script.map_or(0, |s| s.tokens);
        self.perms.push(Permanent {
            id,
            card: p.card,
            owner: p.player,
            controller: p.player,
            place,
            tokens,
            under: Vec::new(),
            used: Vec::new(),
            data: Vars::default(),
            this_turn: false,
            keywords: Vec::new(),
        });
        events.push(Event::public(XfEvent::InPlay {
            seat: p.player,
            card: p.card,
        }));
        id
    }

    /// The card a variable holds: on the stack, in play, in a pile or a hand.
    pub(crate) fn card_of_val(&self, v: &Val) -> Option<CardIdx> {
        match v {
            Val::Stack(id) => self.stack.iter().find(|p| p.id == *id).map(|p| p.card),
            Val::Perm(id) => self.perm(*id).map(|p| p.card),
            Val::Card(c) | Val::Held(_, _, c) => Some(*c),
            _ => None,
        }
    }

    /// A number a step names, for this effect.
    pub(crate) fn num(&self, r: &Resolution, n: &Num) -> i32 {
        match n {
            Num::Lit(v) => *v,
            Num::X => r.src.x as i32,
            Num::Var(v) => match r.vars.get(v) {
                Some(Val::Num(n)) => *n,
                Some(Val::Bool(b)) => i32::from(*b),
                Some(Val::Cards(c)) => c.len() as i32,
                Some(Val::Agents(a)) => a.len() as i32,
                Some(Val::List(l)) => l.len() as i32,
                Some(_) => 1,
                None => 0,
            },
            Num::Count(sel) => self.select(&r.src, &r.vars, sel).len() as i32,
            Num::Tokens => r
                .src
                .perm
                .and_then(|id| self.perm(id))
                .map_or(0, |p| i32::from(p.tokens)),
            Num::Under => r
                .src
                .perm
                .and_then(|id| self.perm(id))
                .map_or(0, |p| p.under.len() as i32),
            Num::CostOf(v) => match r.vars.get(v) {
                Some(Val::Card(c)) | Some(Val::Held(_, _, c)) => {
                    db().get(*c).cost.map_or(0, |k| k.amount.with_x(0) as i32)
                }
                Some(Val::Agent(a)) => self.agent_cost(*a),
                Some(Val::Perm(id)) => self
                    .perm(*id)
                    .and_then(|p| db().get(p.card).cost)
                    .map_or(0, |k| k.amount.with_x(0) as i32),
                Some(Val::Stack(id)) => self
                    .stack
                    .iter()
                    .find(|p| p.id == *id)
                    .map_or(0, |p| Self::cost_of(p.card, p.x) as i32),
                _ => 0,
            },
            Num::SkillOf(v, skill) => match r.vars.get(v) {
                Some(Val::Foe(i)) => self.foe_stat(*i, *skill),
                Some(x) => x.agent().map_or(0, |a| self.agent_skill(a, *skill)),
                None => 0,
            },
            Num::HealthOf(v) => r.vars.get(v).and_then(|x| x.agent()).map_or(0, |a| {
                let damage = self.agent(a).map_or(0, |x| x.damage);
                i32::from(self.max_health(a).saturating_sub(damage))
            }),
            Num::Max(a, b) => self.num(r, a).max(self.num(r, b)),
            Num::KnownCount => self.known_count(r.src.controller),
            Num::Sum(v) => v.iter().map(|n| self.num(r, n)).sum(),
            Num::Half(n) => self.num(r, n) / 2,
            Num::Table(n, rows) => {
                let key = self.num(r, n);
                rows.iter().find(|(k, _)| *k == key).map_or(0, |(_, v)| *v)
            }
            Num::RpSpentHere => self.investigation.as_ref().map_or(0, |i| i.rp_spent as i32),
            Num::CardsPaid => self.owed_draw.as_ref().map_or(0, |o| o.count as i32),
            Num::SoldCp => self
                .facts
                .iter()
                .map(|f| match f {
                    crate::engine::xfiles::Fact::Sold { seat, cp } if *seat != r.src.controller => {
                        *cp as i32
                    }
                    _ => 0,
                })
                .sum(),
            Num::ModifierOf(v) => {
                let card = r.vars.get(v).and_then(|v| self.card_of_val(v));
                card.and_then(|c| self.witness_modifier(c))
                    .map_or(0, i32::abs)
            }
            Num::Dealt(agents) => self.combat().map_or(0, |c| {
                i32::from(if *agents { c.dealt.0 } else { c.dealt.1 })
            }),
        }
    }

    /// The seat a `who` word names for this effect.
    pub(crate) fn who(&self, r: &Resolution, who: Who) -> Option<Seat> {
        match who {
            Who::Me => Some(r.src.controller),
            Who::Active => Some(self.active),
            Who::Opponent => self.opponent_of(&r.src),
            Who::TargetOwner => r.vars.get("target").and_then(|v| self.owner_of(v)),
        }
    }

    /// The opponent an effect names: the seat given at play, else the
    /// Directed Player (when the controller is active) or the active player.
    pub(crate) fn opponent_of(&self, src: &Source) -> Option<Seat> {
        if let Some(o) = src.opponent {
            return Some(o);
        }
        if src.controller == self.active {
            if let Some(s) = self.inv_site() {
                return Some(s.directed);
            }
            return self.others_from(src.controller).first().copied();
        }
        Some(self.active)
    }

    /// Who controls the object a value names.
    pub(crate) fn owner_of(&self, v: &Val) -> Option<Seat> {
        match v {
            Val::Agent(a) => Some(a.seat),
            Val::Agents(v) => v.first().map(|a| a.seat),
            Val::Stack(id) => self.stack.iter().find(|p| p.id == *id).map(|p| p.player),
            Val::Perm(id) => self.perm(*id).map(|p| p.controller),
            Val::Site(id) => self.site(*id).map(|s| s.owner),
            Val::Seat(s) => Some(*s),
            Val::Foe(i) => self
                .combat()
                .map(|c| c.foes.get(*i).map_or(c.owner, |f| f.owner)),
            _ => None,
        }
    }

    /// Asks a player to choose; the effect waits for the answer.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn offer(
        &mut self,
        seat: Seat,
        prompt: String,
        options: Vec<ChoiceOption>,
        min: u8,
        max: u8,
        var: &str,
        secret: bool,
        events: &mut Events,
    ) -> Flow {
        events.push(Event::public(XfEvent::Choosing {
            seat,
            prompt: if secret {
                "a secret choice".into()
            } else {
                prompt.clone()
            },
        }));
        self.choice = Some(PendingChoice {
            seat,
            prompt,
            options,
            min,
            max,
            purpose: Purpose::Bind(var.to_string()),
            secret,
        });
        Flow::Wait(Wait::Choice)
    }

    /// A player answers the pending choice with option indexes.
    pub(crate) fn answer_choice(
        &mut self,
        seat: Seat,
        picks: &[u16],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let Some(c) = self.choice.clone() else {
            return Err(Refusal::new("nothing is waiting for a choice"));
        };
        if c.seat != seat {
            return Err(self.not_your_move(seat));
        }
        let chosen = c.picked(picks)?;
        let labels: Vec<String> = chosen.iter().map(|o| o.label.clone()).collect();
        if c.secret {
            events.push(Event::public(XfEvent::Chose {
                seat,
                what: vec![crate::words::count(labels.len(), "card")],
            }));
            events.push(Event::private(seat, XfEvent::Chose { seat, what: labels }));
        } else {
            events.push(Event::public(XfEvent::Chose { seat, what: labels }));
        }
        self.choice = None;
        match c.purpose {
            Purpose::Bind(ref var) => {
                let val = bundle(chosen.iter().map(|o| o.val.clone()).collect(), c.max);
                let r = self
                    .resolving
                    .iter_mut()
                    .rev()
                    .find(|r| r.wait == Wait::Choice)
                    .expect("a choice belongs to the effect waiting for it");
                r.vars.set(var, val.unwrap_or(Val::List(Vec::new())));
                r.wait = Wait::Ready;
            }
            Purpose::AgentAttacks(a) => {
                if let Some(Val::Foe(f)) = chosen.first().map(|o| o.val.clone()) {
                    self.set_agent_target(a, f, events);
                }
            }
        }
        self.settle(events);
        Ok(())
    }

    /// A check an effect started is over: its result goes to the effect.
    pub(crate) fn deliver_check(&mut self, frame: u32, passed: bool) {
        if let Some(r) = self
            .resolving
            .iter_mut()
            .rev()
            .find(|r| r.wait == Wait::Check(frame))
        {
            r.vars.set("passed", Val::Bool(passed));
            r.wait = Wait::Ready;
        }
    }

    /// A combat an effect started is over.
    pub(crate) fn deliver_combat(&mut self, frame: u32) {
        if let Some(r) = self
            .resolving
            .iter_mut()
            .rev()
            .find(|r| r.wait == Wait::Combat(frame))
        {
            r.wait = Wait::Ready;
        }
    }

    /// A card's script, if it has one.
    pub fn script_of(&self, card: CardIdx) -> Option<Script> {
        self.scripts_ref().of(card).cloned()
    }
}

/// One chosen value, or a list when several may be chosen.
fn bundle(vals: Vec<Val>, max: u8) -> Option<Val> {
    if max <= 1 {
        return vals.into_iter().next();
    }
    if vals.iter().all(|v| matches!(v, Val::Agent(_))) {
        return Some(Val::Agents(vals.iter().filter_map(Val::agent).collect()));
    }
    if vals.iter().all(|v| matches!(v, Val::Card(_))) {
        return Some(Val::Cards(
            vals.iter()
                .filter_map(|v| match v {
                    Val::Card(c) => Some(*c),
                    _ => None,
                })
                .collect(),
        ));
    }
    Some(Val::List(vals))
}

/// The card prints no text nor Game Effect.
fn nothing_printed(card: CardIdx) -> bool {
    let c = db().get(card);
    [&c.text, &c.game_effect]
        .iter()
        .all(|t| t.as_deref().is_none_or(|t| t.trim().is_empty()))
}
