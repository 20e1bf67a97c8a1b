//! The turn's frame: who must act, moving between phases, the Healing and
//! Debriefing phases, the end of a turn (or its sudden end), and leaving
//! the game.

use super::effects::ast::{Duration, PhaseName};
use super::{CombatStep, Events, FrameKind, Phase, Stage, XfEvent, XfGame};
use crate::cards::Section;
use crate::engine::{Event, Refusal, Seat};

pub fn to_act(g: &XfGame) -> Vec<Seat> {
    g.to_act_now()
}

impl XfGame {
    /// The seats that must act now.
    pub fn to_act_now(&self) -> Vec<Seat> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        if let Some(c) = &self.choice {
            return vec![c.seat];
        }
        if let Some(f) = self.frames.last() {
            if let Some(inv) = &self.investigation
                && inv.stage == Stage::Bluff
                && f.id == inv.frame
                && self.stack.len() <= f.base
            {
                return self
                    .site(inv.site)
                    .and_then(|s| s.bluffs.first())
                    .map(|b| vec![b.owner])
                    .unwrap_or_default();
            }
            if let FrameKind::Combat(c) = &f.kind
                && c.step == CombatStep::Assign
            {
                return vec![c.owner];
            }
            return vec![f.priority];
        }
        match &self.phase {
            Phase::ChooseXFile => (0..self.players.len() as Seat)
                .filter(|s| self.player(*s).xfile.is_none())
                .collect(),
            Phase::Trade(s) | Phase::Bluffing(s) => vec![*s],
            Phase::Investigating => match self.investigation.as_ref().map(|i| &i.stage) {
                Some(Stage::Penalty) => self
                    .inv_site()
                    .map(|s| vec![s.directed])
                    .unwrap_or_default(),
                _ => vec![self.active],
            },
            Phase::Debriefing if self.basic().is_some() => self.basic_debriefing(),
            Phase::Debriefing => {
                // Hands over the limit are trimmed first; then the active player ends the turn.
                let over: Vec<Seat> = (0..self.players.len() as Seat)
                    .filter(|s| {
                        !self.player(*s).out && self.player(*s).hand.len() > self.hand_limit(*s)
                    })
                    .collect();
                if over.is_empty() {
                    vec![self.active]
                } else {
                    over
                }
            }
            _ => vec![self.active],
        }
    }

    /// Starts `seat`'s turn at the Briefing Phase.
    pub(crate) fn start_turn(&mut self, seat: Seat, events: &mut Events) {
        self.active = seat;
        self.turn += 1;
        self.sites_this_turn.clear();
        if !self.options.stable_site_numbers {
            self.site_order = self.sites.iter().map(|s| s.id).collect();
        }
        self.guessed_this_turn = false;
        self.facts.clear();
        self.basic_plays.clear();
        self.debriefed.clear();
        for a in &mut self.players[usize::from(seat)].agents {
            a.investigated = false;
            a.first_site = None;
        }
        self.phase = Phase::Draw;
        events.push(Event::public(XfEvent::TurnStarted {
            seat,
            turn: self.turn,
        }));
        self.return_from_away(seat, events);
        self.fire_phase(PhaseName::Briefing, events);
        self.settle(events);
        if self.basic().is_some() && self.choice.is_none() {
            self.basic_briefing(events);
        }
    }

    /// "Done" ends the current step of the seat's phase.
    pub(super) fn done(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        if !self.frames.is_empty() || self.choice.is_some() {
            return Err(self.out_of_phase(seat));
        }
        match self.phase.clone() {
            Phase::Requisition => self.enter(Phase::Deployment, events),
            Phase::Deployment => self.enter(Phase::CaseAssignment, events),
            Phase::CaseAssignment => self.open_bluffing(events),
            Phase::Bluffing(s) if s == seat => self.next_bluffer(s, events),
            Phase::CaseEnd => self.enter(Phase::Investigation, events),
            Phase::Investigation => self.enter(Phase::Debriefing, events),
            Phase::Debriefing if self.basic().is_some() => self.basic_debrief(seat, &[], events)?,
            Phase::Debriefing if seat == self.active => {
                let over: Vec<String> = (0..self.players.len() as Seat)
                    .filter(|s| {
                        !self.player(*s).out && self.player(*s).hand.len() > self.hand_limit(*s)
                    })
                    .map(|s| format!("seat {} ({} cards)", s + 1, self.player(s).hand.len()))
                    .collect();
                if !over.is_empty() {
                    return Err(Refusal::new(format!(
                        "hands must be {} cards or fewer (or the limit a card allows) before the turn ends; still too many: {}",
                        self.options.hand_limit,
                        over.join(", ")
                    )));
                }
                self.end_turn(events);
            }
            _ => return Err(self.out_of_phase(seat)),
        }
        Ok(())
    }

    /// A new phase begins: its triggers fire.
    pub(super) fn enter(&mut self, phase: Phase, events: &mut Events) {
        if phase == Phase::Debriefing && self.basic().is_none() {
            self.discard_bare_sites(events);
        }
        self.phase = phase.clone();
        let name = match phase {
            Phase::Requisition => Some(PhaseName::Requisition),
            Phase::Deployment => Some(PhaseName::Deployment),
            Phase::CaseAssignment => Some(PhaseName::CaseAssignment),
            Phase::Investigation => Some(PhaseName::Investigation),
            Phase::Debriefing => Some(PhaseName::Debriefing),
            _ => None,
        };
        if let Some(n) = name {
            self.fire_phase(n, events);
            self.settle(events);
        }
    }

    fn open_bluffing(&mut self, events: &mut Events) {
        // No face-down Bluffs in the Basic Game (FAQ21 #48).
        let has_sites = self.basic().is_none() && self.sites.iter().any(|s| s.owner == self.active);
        match self.others_from(self.active).first() {
            Some(first) if has_sites => self.phase = Phase::Bluffing(*first),
            _ => self.enter(Phase::Investigation, events),
        }
    }

    pub(super) fn next_bluffer(&mut self, current: Seat, events: &mut Events) {
        let order = self.others_from(self.active);
        let i = order
            .iter()
            .position(|s| *s == current)
            .unwrap_or(order.len());
        match order.get(i + 1) {
            Some(next) => self.phase = Phase::Bluffing(*next),
            None if self.options.case_end => self.phase = Phase::CaseEnd,
            None => self.enter(Phase::Investigation, events),
        }
    }

    /// Healing Phase (p. 20): the active player's Agents in the Hospital heal
    /// 1 point (permanent HEALTH 3 or less) or 2 (4 or more).
    pub(super) fn healing(&mut self, events: &mut Events) {
        if self.basic().is_some() {
            self.basic_heal(events);
            self.enter_requisition(events);
            return;
        }
        let seat = self.active;
        let cards: Vec<_> = self
            .player(seat)
            .agents
            .iter()
            .filter(|a| {
                a.section == Section::Hospital
                    && a.damage > 0
                    && !a.heal_blocked
                    && a.away.is_none()
            })
            .map(|a| a.card)
            .collect();
        for card in cards {
            let r = super::AgentRef { seat, card };
            if !self.may_heal(r) {
                continue;
            }
            let amount = if self.max_health(r) <= 3 { 1 } else { 2 };
            let a = self.agent_mut(r).expect("listed");
            // Half the normal rate, rounded up (Brother Martin).
            let amount = if a.slow_heal { 1 } else { amount };
            let amount = amount.min(a.damage);
            a.damage -= amount;
            if a.damage == 0 {
                a.slow_heal = false;
            }
            events.push(Event::public(XfEvent::Healed { agent: r, amount }));
        }
        self.enter_requisition(events);
    }

    /// The Healing Phase's triggers, then the Requisition Phase.
    fn enter_requisition(&mut self, events: &mut Events) {
        self.fire_phase(PhaseName::Healing, events);
        self.phase = Phase::Requisition;
        self.settle(events);
        self.fire_phase(PhaseName::Requisition, events);
        self.settle(events);
        if self.basic_requisition_is_empty() {
            self.enter(Phase::Deployment, events);
        }
    }

    /// A discard in the Debriefing: the Basic Game's (up to three, once) or
    /// the Advanced Game's.
    pub(super) fn debriefing_discard(
        &mut self,
        seat: Seat,
        cards: &[crate::cards::CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        match self.basic() {
            Some(_) => self.basic_debrief(seat, cards, events),
            None => self.debrief_discard(seat, cards, events),
        }
    }

    /// Debriefing (p. 38): a player may discard; hands over the limit must.
    pub(super) fn debrief_discard(
        &mut self,
        seat: Seat,
        cards: &[crate::cards::CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let rest = self.hand_without(seat, cards)?;
        self.player_mut(seat).hand = rest;
        self.discard_home(seat, cards);
        events.push(Event::public(XfEvent::Discarded {
            seat,
            cards: cards.to_vec(),
        }));
        Ok(())
    }

    /// The end of the turn: Agents bought from the hand leave, borrowed ones
    /// go home, Sites without Bluffs are discarded, and the next player to
    /// the left begins (pp. 15, 24, 38).
    pub(crate) fn end_turn(&mut self, events: &mut Events) {
        let seat = self.active;
        self.fire_turn_ends(events);
        self.settle(events);
        self.last_check_over(None, events);
        self.send_home(seat, events);
        self.return_stolen(events);
        let done: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.this_turn)
            .map(|p| p.id)
            .collect();
        for id in done {
            self.leave_play(id, events);
        }
        self.discard_bare_sites(events);
        self.expire(Duration::Turn);
        self.expire(Duration::NextPlay);
        let turn = self.turn;
        self.lasting.retain(|l| match l.until {
            Duration::Turns(n) => turn + 1 < l.turn + u32::from(n),
            _ => true,
        });
        self.expire(Duration::Site);
        if self.outcome.is_some() {
            return;
        }
        if let Some(next) = self.others_from(seat).first().copied() {
            self.start_turn(next, events);
        }
    }

    /// Agents bought from the hand are discarded; borrowed Agents return.
    fn send_home(&mut self, seat: Seat, events: &mut Events) {
        let p = &mut self.players[usize::from(seat)];
        let (gone, stay): (Vec<_>, Vec<_>) = std::mem::take(&mut p.agents)
            .into_iter()
            .partition(|a| a.temporary || a.borrowed_from.is_some());
        p.agents = stay;
        for mut a in gone {
            let r = super::AgentRef { seat, card: a.card };
            match a.borrowed_from.take() {
                Some(home) => {
                    let moved: Vec<u32> = self
                        .perms
                        .iter()
                        .filter(|x| x.place == super::Place::Agent(r))
                        .map(|x| x.id)
                        .collect();
                    let to = super::AgentRef {
                        seat: home,
                        card: a.card,
                    };
                    for id in moved {
                        if let Some(x) = self.perm_mut(id) {
                            x.place = super::Place::Agent(to);
                        }
                    }
                    // Back to its Team, or to its owner's Hospital if it
                    // went there (Application For FBI Resources Approved).
                    if let Some((section, team)) = a.home.take()
                        && a.section != Section::Hospital
                    {
                        a.section = section;
                        a.team = team;
                    }
                    self.players[usize::from(home)].agents.push(a);
                }
                None => {
                    let attached: Vec<u32> = self
                        .perms
                        .iter()
                        .filter(|x| x.place == super::Place::Agent(r))
                        .map(|x| x.id)
                        .collect();
                    for id in attached {
                        self.leave_play(id, events);
                    }
                    self.players[usize::from(seat)].discard.push(a.card);
                }
            }
        }
    }

    /// Sites left with no Bluff under them go to their owners' Discard Piles
    /// at the end of the Investigation Phase (p. 34; Eve 7), and at the end
    /// of a turn cut short.
    fn discard_bare_sites(&mut self, events: &mut Events) {
        let mut kept = Vec::new();
        for site in std::mem::take(&mut self.sites) {
            if !site.bluffs.is_empty() {
                kept.push(site);
                continue;
            }
            self.players[usize::from(site.owner)]
                .discard
                .push(site.card);
            let on: Vec<u32> = self
                .perms
                .iter()
                .filter(|p| p.place == super::Place::Site(site.id))
                .map(|p| p.id)
                .collect();
            for p in on {
                self.leave_play(p, events);
            }
            events.push(Event::public(XfEvent::SiteDiscarded { card: site.card }));
        }
        self.sites = kept;
    }

    /// The turn ends at once (Unexplainable Time Loss): cards waiting are
    /// discarded, the investigation stops, no Debriefing (FAQ21 #21, #32).
    pub(crate) fn cut_turn(&mut self, events: &mut Events) {
        for p in std::mem::take(&mut self.stack) {
            self.players[usize::from(p.player)]
                .discard
                .extend(p.discards());
        }
        for f in std::mem::take(&mut self.frames) {
            if let FrameKind::Combat(c) = f.kind {
                for foe in &c.foes {
                    if foe.agent.is_none() && !foe.moved {
                        self.players[usize::from(foe.owner)].discard.push(foe.card);
                    }
                }
            }
        }
        for r in std::mem::take(&mut self.resolving) {
            if let Some(p) = r.played
                && !r.vars.flag("gone")
            {
                self.players[usize::from(p.player)].discard.push(p.card);
            }
        }
        self.choice = None;
        self.investigation = None;
        self.end_turn(events);
    }

    /// A player leaves: the last one standing wins; otherwise play goes on
    /// around the empty seat.
    pub(super) fn resign(&mut self, seat: Seat, events: &mut Events) {
        events.push(Event::public(XfEvent::Resigned { seat }));
        self.player_mut(seat).out = true;
        let left: Vec<Seat> = (0..self.players.len() as Seat)
            .filter(|s| !self.player(*s).out)
            .collect();
        if left.len() == 1 {
            self.finish(left, format!("seat {} resigned", seat + 1), events);
            return;
        }
        for site in &mut self.sites {
            let (theirs, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut site.bluffs)
                .into_iter()
                .partition(|b| b.owner == seat);
            site.bluffs = rest;
            self.players[usize::from(seat)]
                .discard
                .extend(theirs.iter().map(|b| b.card));
        }
        if seat == self.active {
            self.cut_turn(events);
            return;
        }
        if self.choice.as_ref().is_some_and(|c| c.seat == seat) {
            // The leaving player's choice is made at random.
            let n = self.choice.as_ref().map_or(0, |c| c.options.len());
            let min = self.choice.as_ref().map_or(0, |c| c.min);
            let picks: Vec<u16> = (0..usize::from(min).min(n) as u16).collect();
            let _ = self.answer_choice(seat, &picks, events);
        }
        match self.phase.clone() {
            Phase::Trade(s) if s == seat => self.next_trader(s, events),
            Phase::Bluffing(s) if s == seat => self.next_bluffer(s, events),
            Phase::Debriefing if self.basic().is_some() && self.basic_debriefing().is_empty() => {
                self.end_turn(events)
            }
            _ => {}
        }
        if self.frames.last().is_some_and(|f| f.priority == seat) {
            let _ = self.pass(seat, events);
        }
    }
}
