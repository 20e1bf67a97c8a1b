//! Requisition (p. 21) and Deployment (pp. 15, 23): Equipment, moving
//! Agents between Bureau, Field and Hospital, Teams, and Agents from the hand.

use super::setup::new_agent;
use super::{AgentRef, Events, Place, XfEvent, XfGame};
use crate::cards::{Activator, CardIdx, CardType, Pool, Section, db};
use crate::engine::{Event, Refusal};

fn section_activator(a: Activator) -> Option<Section> {
    match a {
        Activator::Bureau => Some(Section::Bureau),
        Activator::Field => Some(Section::Field),
        Activator::Hospital => Some(Section::Hospital),
        _ => None,
    }
}

impl XfGame {
    fn own_agent(&self, card: CardIdx) -> Result<&super::Agent, Refusal> {
        self.agent(AgentRef {
            seat: self.active,
            card,
        })
        .filter(|a| a.away.is_none())
        .ok_or_else(|| {
            Refusal::new(format!(
                "{} is not one of your Agents in play",
                db().get(card).title
            ))
        })
    }

    /// Equipment's Activators other than a section (BELIEVER, SKEPTIC...)
    /// must hold too (every Activator, p. 16): the Agent or an Agent of his
    /// Team carries that Keyword (the Team, as FAQ21 #50 reads it for cards
    /// played on a Team).
    fn equipment_keywords_met(&self, card: CardIdx, agent: CardIdx) -> Result<(), Refusal> {
        let seat = self.active;
        let Some(me) = self.agent(AgentRef { seat, card: agent }).cloned() else {
            return Ok(());
        };
        let team: Vec<&super::Agent> = self
            .player(seat)
            .agents
            .iter()
            .filter(|x| {
                x.card == agent
                    || (x.section == me.section
                        && x.team == me.team
                        && me.section != Section::Hospital)
            })
            .collect();
        let c = db().get(card);
        for act in &c.activators {
            if section_activator(*act).is_some() {
                continue;
            }
            let Ok(k) = act.as_str().parse::<crate::cards::Keyword>() else {
                continue;
            };
            let has = team
                .iter()
                .any(|x| db().get(x.card).has_keyword(k) || x.keywords.contains(&k));
            if !has {
                return Err(Refusal::new(format!(
                    "{}'s Activator {} is not met: neither {} nor his Team is {} (every Activator must hold, p. 16)",
                    c.title,
                    act.as_str().to_uppercase(),
                    db().get(agent).title,
                    act.as_str().to_uppercase()
                )));
            }
        }
        Ok(())
    }

    pub(super) fn equip(
        &mut self,
        agent: CardIdx,
        card: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let c = db().get(card);
        if c.kind != CardType::Equipment {
            return Err(Refusal::new(format!("{} is not Equipment", c.title)));
        }
        let a = self.own_agent(agent)?;
        let sections: Vec<Section> = c
            .activators
            .iter()
            .filter_map(|x| section_activator(*x))
            .collect();
        if !sections.is_empty() && !sections.contains(&a.section) {
            let need: Vec<&str> = sections.iter().map(|s| s.as_str()).collect();
            return Err(Refusal::new(format!(
                "{} is requisitioned by an Agent in the {} (its Activator); {} is in the {} (p. 21)",
                c.title,
                need.join(" or "),
                db().get(agent).title,
                a.section.as_str()
            )));
        }
        let r = AgentRef {
            seat: self.active,
            card: agent,
        };
        if let Some(by) = self.equipment_barred_by(r) {
            return Err(Refusal::new(format!(
                "{} may not receive Equipment while {} holds him",
                db().get(agent).title,
                db().get(by).title
            )));
        }
        self.equipment_keywords_met(card, agent)?;
        let held = self.equipment_of(AgentRef {
            seat: self.active,
            card: agent,
        });
        if held.iter().any(|e| db().get(*e).title == c.title) {
            return Err(Refusal::new(format!(
                "{} already has a {}; an Agent holds one of each item (p. 21)",
                db().get(agent).title,
                c.title
            )));
        }
        if !self.player(self.active).hand.contains(&card) {
            return Err(Refusal::new(format!("{} is not in your hand", c.title)));
        }
        if self.basic().is_some_and(|b| b.equipment_counts) {
            self.basic_within_limit(self.active)?;
        }
        if let Some(by) = self.forbidden_by(self.active, card, Pool::Rp) {
            return Err(Refusal::new(format!(
                "{} may not be requisitioned now ({})",
                c.title,
                db().get(by).title
            )));
        }
        self.pay(self.active, card, Pool::Rp, 0)?;
        self.take_from_hand(self.active, card)?;
        if self.basic().is_some_and(|b| b.equipment_counts) {
            self.count_basic_play(self.active);
        }
        let seat = self.active;
        // Equipment that "does not need to be attached" sits in a section.
        let place = match self.script_db().of(card).and_then(|s| s.place) {
            Some(super::effects::ast::PlaceSpec::Own(section)) => Place::Section(seat, section),
            _ => Place::Agent(AgentRef { seat, card: agent }),
        };
        self.put_in_play(seat, card, place);
        self.on_card_played(seat, card, events);
        events.push(Event::public(XfEvent::Equipped {
            agent: AgentRef { seat, card: agent },
            card,
        }));
        Ok(())
    }

    pub(super) fn transfer(
        &mut self,
        card: CardIdx,
        from: CardIdx,
        to: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let (a, b) = (self.own_agent(from)?.clone(), self.own_agent(to)?.clone());
        let seat = self.active;
        let (ra, rb) = (AgentRef { seat, card: from }, AgentRef { seat, card: to });
        if !self.equipment_of(ra).contains(&card) {
            return Err(Refusal::new(format!(
                "{} does not hold {}",
                db().get(from).title,
                db().get(card).title
            )));
        }
        if a.section != b.section || a.team != b.team || a.section == Section::Hospital {
            return Err(Refusal::new(
                "Equipment passes only between Agents of the same Team (p. 21)",
            ));
        }
        if self
            .equipment_of(rb)
            .iter()
            .any(|e| db().get(*e).title == db().get(card).title)
        {
            return Err(Refusal::new(format!(
                "{} already has one",
                db().get(to).title
            )));
        }
        if let Some(p) = self
            .perms
            .iter_mut()
            .find(|p| p.place == Place::Agent(ra) && p.card == card)
        {
            p.place = Place::Agent(rb);
        }
        events.push(Event::public(XfEvent::Equipped { agent: rb, card }));
        Ok(())
    }

    pub(super) fn deploy(
        &mut self,
        agent: CardIdx,
        section: Section,
        team: u8,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let a = self.own_agent(agent)?.clone();
        let r = AgentRef {
            seat: self.active,
            card: agent,
        };
        if a.section == Section::Hospital
            && section != Section::Hospital
            && !self.may_leave_hospital(r)
            && self.basic().is_some()
        {
            return Err(Refusal::new(format!(
                "{} is wounded: it may leave the Hospital after {} more of your Healing Phases (Basic Game, game option hospital:)",
                db().get(agent).title,
                a.damage
            )));
        }
        if a.section == Section::Hospital
            && section != Section::Hospital
            && !self.may_leave_hospital(r)
        {
            return Err(Refusal::new(format!(
                "{} has HEALTH {} of {}; an injured Agent leaves the Hospital at 3 or when fully healed (p. 20)",
                db().get(agent).title,
                self.current_health(r),
                self.max_health(r)
            )));
        }
        if a.section != section && self.held_in_section(r) {
            return Err(Refusal::new(format!(
                "{} may not leave the {} yet (a card holds the Agent there)",
                db().get(agent).title,
                a.section.as_str()
            )));
        }
        if self.phase == super::Phase::Investigation && a.section != Section::Field {
            return Err(Refusal::new(
                "in the Investigation Phase only Teams in the Field may be re-formed (p. 27)",
            ));
        }
        if self.phase == super::Phase::Investigation && a.investigated {
            return Err(Refusal::new(format!(
                "{} has already investigated a Site this turn",
                db().get(agent).title
            )));
        }
        let seat = self.active;
        let a = self
            .agent_mut(AgentRef { seat, card: agent })
            .expect("checked");
        a.section = section;
        a.team = team;
        events.push(Event::public(XfEvent::Moved {
            agent: AgentRef { seat, card: agent },
            section,
            team,
        }));
        Ok(())
    }

    pub(super) fn buy_agent(
        &mut self,
        card: CardIdx,
        section: Section,
        team: u8,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let c = db().get(card);
        if c.kind != CardType::Agent {
            return Err(Refusal::new(format!("{} is not an Agent", c.title)));
        }
        if self.basic().is_some() {
            return Err(Refusal::new(
                "the Basic Game has no Agents in the Bureau deck (FAQ21 #45): your team is the four Agents you started with",
            ));
        }
        if section == Section::Hospital {
            return Err(Refusal::new(
                "an Agent from the hand goes to the Bureau or the Field",
            ));
        }
        let seat = self.active;
        if self
            .player(seat)
            .agents
            .iter()
            .any(|a| db().get(a.card).title == c.title)
        {
            return Err(Refusal::new(format!(
                "{} is already in play; no duplicate Agents (p. 15)",
                c.title
            )));
        }
        if !self.player(seat).hand.contains(&card) {
            return Err(Refusal::new(format!("{} is not in your hand", c.title)));
        }
        self.pay(seat, card, Pool::Rp, 0)?;
        self.take_from_hand(seat, card)?;
        let mut agent = new_agent(card, section, true, self.scripts_ref());
        agent.team = team;
        self.player_mut(seat).agents.push(agent);
        events.push(Event::public(XfEvent::AgentBought {
            agent: AgentRef { seat, card },
        }));
        Ok(())
    }
}
