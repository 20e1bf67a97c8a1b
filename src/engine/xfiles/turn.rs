//! The turn's frame: who must act, moving between phases, the Healing and
//! Debriefing phases, the end of a turn, and leaving the game.

use super::{CombatStep, Events, Phase, Stage, XfEvent, XfGame};
use crate::cards::effects::Section;
use crate::cards::{Keyword, Skill, db};
use crate::engine::{Event, Refusal, Seat};

pub fn to_act(g: &XfGame) -> Vec<Seat> {
    g.to_act_now()
}

impl XfGame {
    /// The seats that must act now.
    pub fn to_act_now(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::ChooseXFile => (0..self.players.len() as Seat)
                .filter(|s| self.player(*s).xfile.is_none())
                .collect(),
            Phase::Trade(s) | Phase::Bluffing(s) => vec![*s],
            Phase::Investigating => {
                let Some(inv) = &self.investigation else {
                    return vec![self.active];
                };
                match &inv.stage {
                    Stage::Bluff => self.sites[inv.site]
                        .bluffs
                        .first()
                        .map(|b| vec![b.owner])
                        .unwrap_or_default(),
                    Stage::ChooseAgents { .. } | Stage::Resolve { .. } => vec![self.active],
                    Stage::Penalty => vec![self.sites[inv.site].directed],
                    Stage::Check => match &inv.combat {
                        Some(c) if c.step == CombatStep::Assign => vec![c.owner],
                        Some(c) => vec![c.priority],
                        None => vec![inv.check.priority],
                    },
                }
            }
            Phase::Debriefing => {
                // Hands over the limit are trimmed first; then the active player ends the turn.
                let over: Vec<Seat> = (0..self.players.len() as Seat)
                    .filter(|s| {
                        !self.player(*s).out
                            && self.player(*s).hand.len() > usize::from(self.options.hand_limit)
                    })
                    .collect();
                if over.is_empty() {
                    vec![self.active]
                } else {
                    over
                }
            }
            Phase::Over => Vec::new(),
            _ => vec![self.active],
        }
    }

    /// Starts `seat`'s turn at the Briefing Phase.
    pub(super) fn start_turn(&mut self, seat: Seat, events: &mut Events) {
        self.active = seat;
        self.turn += 1;
        self.sites_this_turn.clear();
        self.guessed_this_turn = false;
        for a in &mut self.players[usize::from(seat)].agents {
            a.investigated = false;
        }
        self.phase = Phase::Draw;
        events.push(Event::public(XfEvent::TurnStarted {
            seat,
            turn: self.turn,
        }));
    }

    /// "Done" ends the current step of the seat's phase.
    pub(super) fn done(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        match self.phase.clone() {
            Phase::Requisition => self.phase = Phase::Deployment,
            Phase::Deployment => self.phase = Phase::CaseAssignment,
            Phase::CaseAssignment => self.open_bluffing(),
            Phase::Bluffing(s) if s == seat => self.next_bluffer(s),
            Phase::Investigation => self.phase = Phase::Debriefing,
            Phase::Debriefing if seat == self.active => {
                let over: Vec<String> = self
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| !p.out && p.hand.len() > usize::from(self.options.hand_limit))
                    .map(|(i, p)| format!("seat {} ({} cards)", i + 1, p.hand.len()))
                    .collect();
                if !over.is_empty() {
                    return Err(Refusal::new(format!(
                        "hands must be {} cards or fewer before the turn ends; still too many: {}",
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

    fn open_bluffing(&mut self) {
        let has_sites = self.sites.iter().any(|s| s.owner == self.active);
        match self.others_from(self.active).first() {
            Some(first) if has_sites => self.phase = Phase::Bluffing(*first),
            _ => self.phase = Phase::Investigation,
        }
    }

    fn next_bluffer(&mut self, current: Seat) {
        let order = self.others_from(self.active);
        let i = order
            .iter()
            .position(|s| *s == current)
            .unwrap_or(order.len());
        self.phase = match order.get(i + 1) {
            Some(next) => Phase::Bluffing(*next),
            None => Phase::Investigation,
        };
    }

    /// Healing Phase (p. 20): the active player's Agents in the Hospital heal
    /// 1 point (permanent HEALTH 3 or less) or 2 (4 or more).
    pub(super) fn healing(&mut self, events: &mut Events) {
        let seat = self.active;
        for a in &mut self.players[usize::from(seat)].agents {
            if a.section != Section::Hospital || a.damage == 0 || a.heal_blocked {
                continue;
            }
            let amount = if a.health() <= 3 { 1 } else { 2 }.min(a.damage);
            a.damage -= amount;
            events.push(Event::public(XfEvent::Healed {
                agent: super::AgentRef { seat, card: a.card },
                amount,
            }));
        }
        self.phase = Phase::Requisition;
    }

    /// Debriefing (p. 38): a player may discard; hands over the limit must.
    pub(super) fn debrief_discard(
        &mut self,
        seat: Seat,
        cards: &[crate::cards::CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let rest = self.hand_without(seat, cards)?;
        let p = self.player_mut(seat);
        p.hand = rest;
        p.discard.extend(cards);
        events.push(Event::public(XfEvent::Discarded {
            seat,
            cards: cards.to_vec(),
        }));
        Ok(())
    }

    /// The end of the turn: Agents bought from the hand leave, Sites without
    /// Bluffs are discarded, and the next player to the left begins (pp. 15, 24, 38).
    pub(super) fn end_turn(&mut self, events: &mut Events) {
        let seat = self.active;
        let p = &mut self.players[usize::from(seat)];
        let (gone, stay): (Vec<_>, Vec<_>) = std::mem::take(&mut p.agents)
            .into_iter()
            .partition(|a| a.temporary);
        p.agents = stay;
        for a in gone {
            p.discard.push(a.card);
            p.discard.extend(a.equipment);
        }
        let mut kept = Vec::new();
        for site in std::mem::take(&mut self.sites) {
            if site.owner == seat && site.bluffs.is_empty() {
                self.players[usize::from(site.owner)]
                    .discard
                    .push(site.card);
                events.push(Event::public(XfEvent::SiteDiscarded { card: site.card }));
            } else {
                kept.push(site);
            }
        }
        self.sites = kept;
        if let Some(next) = self.others_from(seat).first().copied() {
            self.start_turn(next, events);
        }
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
            if let Some(inv) = self.investigation.take() {
                for p in inv
                    .check
                    .stack
                    .iter()
                    .chain(inv.combat.iter().flat_map(|c| c.stack.iter()))
                {
                    self.players[usize::from(p.player)].discard.push(p.card);
                }
                if let Some(c) = inv.combat {
                    self.players[usize::from(c.owner)].discard.push(c.adversary);
                }
            }
            self.end_turn(events);
            return;
        }
        match self.phase.clone() {
            Phase::Trade(s) if s == seat => self.next_trader(s, events),
            Phase::Bluffing(s) if s == seat => self.next_bluffer(s),
            _ => {}
        }
        if self.to_act_now().contains(&seat) && self.phase == Phase::Investigating {
            let _ = self.pass_in_check(seat, events);
        }
    }

    /// An Agent's skill for a check: printed value plus the best Equipment
    /// bonus it holds (one piece a check, p. 21).
    pub fn agent_skill(&self, seat: Seat, card: crate::cards::CardIdx, skill: Skill) -> i32 {
        let Some(a) = self.agent(super::AgentRef { seat, card }) else {
            return 0;
        };
        let base = db().get(card).skill(skill);
        let best = a
            .equipment
            .iter()
            .flat_map(|e| crate::cards::effects::effects().of(*e).all())
            .filter_map(|e| match e {
                crate::cards::effects::Effect::Equipment {
                    skill: s, amount, ..
                } if *s == skill => Some(*amount),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        base + best
    }

    /// Keywords of the cards "in use" now, against which Activators are
    /// checked (p. 16): the Site under investigation (or every Site in play),
    /// the cards on the stack, the Adversary in combat, the investigating
    /// Team and the cards that stay in play.
    pub fn keywords_in_use(&self) -> Vec<Keyword> {
        let mut out = Vec::new();
        match &self.investigation {
            Some(inv) => {
                out.extend(self.sites[inv.site].keywords.iter().copied());
                for p in &inv.check.stack {
                    out.extend(db().get(p.card).keywords.iter().copied());
                }
                if let Some(c) = &inv.combat {
                    out.extend(db().get(c.adversary).keywords.iter().copied());
                    for p in &c.stack {
                        out.extend(db().get(p.card).keywords.iter().copied());
                    }
                }
                for a in &inv.team {
                    out.extend(db().get(*a).keywords.iter().copied());
                }
            }
            None => {
                for s in &self.sites {
                    out.extend(s.keywords.iter().copied());
                }
            }
        }
        for p in &self.players {
            for c in &p.in_play {
                out.extend(db().get(*c).keywords.iter().copied());
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
