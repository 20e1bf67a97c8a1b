//! Triggers: the abilities of cards in play (and of Agents' Game Effects)
//! that answer an event of the game: a card played, a phase beginning, a
//! Site won against their controller, the turn ending. A triggered effect
//! runs after the one in progress.

use super::ast::{EventPat, PhaseName, Qual, ReplacePat};
use super::state::{AbilityRef, Source, Val, Vars};
use crate::cards::CardIdx;
use crate::engine::xfiles::{AgentRef, Away, Events, Place, XfEvent, XfGame};
use crate::engine::{Event, Seat};

/// Something that happened, as triggers see it.
enum Happening {
    CardPlayed { seat: Seat, card: CardIdx },
    Abducted { seat: Seat },
    Phase(PhaseName),
    SiteLost { directed: Seat },
    SiteWon { seat: Seat },
    SiteFailed,
    Investigates,
    TurnEnds,
}

impl XfGame {
    /// Every script source in play that may listen: cards in play, and the
    /// Game Effects of starting Agents who are not away.
    fn listeners(&self) -> Vec<Source> {
        let mut out = self.power_sources(AbilityRef::Trigger(0));
        for p in &self.perms {
            let agent = match p.place {
                Place::Agent(a) => Some(a),
                _ => None,
            };
            out.push(Source {
                perm: Some(p.id),
                agent,
                ..Source::new(p.card, AbilityRef::Trigger(0), p.controller)
            });
        }
        for (seat, pl) in self.players.iter().enumerate() {
            for a in &pl.agents {
                if a.temporary || a.away.is_some() {
                    continue;
                }
                out.push(Source {
                    card: a.card,
                    ability: AbilityRef::Trigger(0),
                    controller: seat as Seat,
                    perm: None,
                    agent: Some(AgentRef {
                        seat: seat as Seat,
                        card: a.card,
                    }),
                    check: None,
                    opponent: None,
                    x: 0,
                    power: None,
                });
            }
        }
        out
    }

    /// Values a card in play (or an Agent) keeps for its triggers.
    fn kept(&self, src: &Source) -> Vars {
        if let Some(p) = src.perm.and_then(|id| self.perm(id)) {
            return p.data.clone();
        }
        if let Some(p) = src.power.and_then(|t| self.power(src.controller, t)) {
            return p.data.clone();
        }
        src.agent
            .and_then(|a| self.agent(a))
            .map(|a| a.data.clone())
            .unwrap_or_default()
    }

    fn fire(&mut self, h: Happening, _: &mut Events) {
        let scripts = self.script_db();
        for mut src in self.listeners() {
            let Some(s) = scripts.of_source(&src) else {
                continue;
            };
            let kept = self.kept(&src);
            for (i, t) in s.triggers.iter().enumerate() {
                let hit = match (&t.event, &h) {
                    (EventPat::CardPlayed(sel), Happening::CardPlayed { seat, card }) => {
                        sel.quals.iter().all(|q| match q {
                            Qual::Mine => *seat == src.controller,
                            Qual::Theirs => *seat != src.controller,
                            Qual::Other => Some(*card) != Some(src.card),
                            Qual::Is(v) => match kept.get(v) {
                                Some(super::state::Val::Held(_, _, c))
                                | Some(super::state::Val::Card(c)) => c == card,
                                _ => false,
                            },
                            _ => self.card_ok(*card, q),
                        })
                    }
                    (EventPat::PhaseBegins { phase, mine }, Happening::Phase(p)) => {
                        phase == p && (!mine || src.controller == self.active)
                    }
                    (EventPat::TheirPhase(phase), Happening::Phase(p)) => {
                        phase == p && src.controller != self.active
                    }
                    (EventPat::BearerPhase(phase), Happening::Phase(p)) => {
                        phase == p && src.agent.is_some_and(|a| a.seat == self.active)
                    }
                    (EventPat::SiteLost, Happening::SiteLost { directed }) => {
                        *directed == src.controller
                    }
                    (EventPat::SiteWon, Happening::SiteWon { seat }) => *seat == src.controller,
                    (EventPat::SiteFailed, Happening::SiteFailed) => self.on_investigated(&src),
                    (EventPat::TurnEnds, Happening::TurnEnds) => true,
                    (EventPat::Investigates, Happening::Investigates) => true,
                    (EventPat::AgentAbducted, Happening::Abducted { seat }) => {
                        *seat == src.controller
                    }
                    _ => false,
                };
                src.ability = AbilityRef::Trigger(i as u8);
                if hit && self.conditions_hold(&src, &kept, &t.ability.when) {
                    self.start_effect(src.clone(), kept.clone(), None);
                }
            }
        }
    }

    pub(crate) fn fire_card_played(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        self.fire(Happening::CardPlayed { seat, card }, events);
    }

    pub(crate) fn fire_abducted(&mut self, seat: Seat, events: &mut Events) {
        self.fire(Happening::Abducted { seat }, events);
    }

    pub(crate) fn fire_phase(&mut self, p: PhaseName, events: &mut Events) {
        self.fire(Happening::Phase(p), events);
    }

    pub(crate) fn fire_site_lost(&mut self, events: &mut Events) {
        if let Some(s) = self.inv_site() {
            let directed = s.directed;
            self.fire(Happening::SiteLost { directed }, events);
        }
    }

    pub(crate) fn fire_site_won(&mut self, events: &mut Events) {
        let seat = self.active;
        self.fire(Happening::SiteWon { seat }, events);
    }

    pub(crate) fn fire_site_failed(&mut self, events: &mut Events) {
        self.fire(Happening::SiteFailed, events);
    }

    /// A card on a Site listens to that Site's investigation only.
    fn on_investigated(&self, src: &Source) -> bool {
        match src.perm.and_then(|id| self.perm(id)).map(|p| p.place) {
            Some(Place::Site(id)) => self.investigation.as_ref().is_some_and(|i| i.site == id),
            _ => true,
        }
    }

    /// A Team has just been sent to a Site (its check not begun).
    pub(crate) fn fire_investigates(&mut self, events: &mut Events) {
        self.fire(Happening::Investigates, events);
    }

    pub(crate) fn fire_turn_ends(&mut self, events: &mut Events) {
        self.fire(Happening::TurnEnds, events);
    }

    /// An Agent forced to go to the Hospital: the first card in play whose
    /// `replace to-hospital` finds it takes it under itself instead
    /// (Ceremony), out of play, and its block runs with `agent` bound. The
    /// block may ask and send it on (`hospitalize agent`); meanwhile nothing
    /// (a combat going on) sees a 0-HEALTH Agent in the Field. True when taken.
    pub(crate) fn replace_to_hospital(&mut self, a: AgentRef, events: &mut Events) -> bool {
        let scripts = self.script_db();
        for mut src in self.listeners() {
            let (Some(perm), Some(s)) = (src.perm, scripts.of_source(&src)) else {
                continue;
            };
            let kept = self.kept(&src);
            for (i, rp) in s.replacements.iter().enumerate() {
                let ReplacePat::ToHospital(sel) = &rp.event else {
                    continue;
                };
                src.ability = AbilityRef::Replace(i as u8);
                if !self.select(&src, &kept, sel).contains(&Val::Agent(a))
                    || !self.conditions_hold(&src, &kept, &rp.ability.when)
                {
                    continue;
                }
                if let Some(x) = self.agent_mut(a) {
                    x.away = Some(Away::Held { perm });
                }
                events.push(Event::public(XfEvent::AgentAway { agent: a }));
                let mut vars = kept;
                vars.set("agent", Val::Agent(a));
                self.start_effect(src, vars, None);
                return true;
            }
        }
        false
    }
}
