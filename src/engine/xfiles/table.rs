//! Changes to what is on the table, shared by the rules and the card
//! verbs: Agents healed, damaged (Equipment may absorb some), sent to the
//! Hospital, moved, removed from the game, abducted into the deck, taken
//! out of play for a while; cards in play leaving it; Sites taken away.

use super::effects::ast::Modifier;
use super::effects::state::Val;
use super::setup::new_agent;
use super::{AgentRef, Away, Events, Fact, Place, XfEvent, XfGame};
use crate::cards::{CardIdx, Keyword, Section, db};
use crate::engine::{Event, Seat};

/// An Adversary a card took out of its combat and holds (`capture`).
pub(crate) const CAPTURED: &str = "captured";
pub(crate) const CAPTURED_OWNER: &str = "captured-owner";

impl XfGame {
    /// Heals an Agent by up to `amount`. A ban on healing (The Manitou)
    /// yields only to a HEALING card, which also cures conditions a HEALING
    /// card removes (FAQ97 #58, FAQ21 #29).
    pub(crate) fn heal_agent(
        &mut self,
        a: AgentRef,
        amount: u8,
        healing_card: bool,
        events: &mut Events,
    ) {
        let Some(agent) = self.agent(a) else {
            return;
        };
        if (agent.heal_blocked && !healing_card) || agent.slow_heal {
            return;
        }
        if !self.may_heal(a) {
            return;
        }
        if healing_card {
            self.cure(a, events);
        }
        let agent = self.agent_mut(a).expect("checked");
        let n = amount.min(agent.damage);
        agent.damage -= n;
        if healing_card {
            agent.heal_blocked = false;
        }
        events.push(Event::public(XfEvent::Healed {
            agent: a,
            amount: n,
        }));
        if n > 0 {
            self.facts.push(Fact::Healed { agent: a });
        }
    }

    /// A HEALING card on the Agent removes the cards under it that a
    /// HEALING card negates (Sinus Cavity Implant, Infected...).
    fn cure(&mut self, a: AgentRef, events: &mut Events) {
        let cured: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.place == Place::Agent(a))
            .filter(|p| {
                self.script_db().of(p.card).is_some_and(|s| {
                    s.statics
                        .iter()
                        .any(|st| st.modifier == Modifier::CuredByHealing)
                })
            })
            .map(|p| p.id)
            .collect();
        for id in cured {
            self.leave_play(id, events);
        }
    }

    /// Damage to an Agent: Equipment that absorbs damage takes it first
    /// (Kevlar Vest); HEALTH never goes below 0 (FAQ97 #15). Returns the
    /// damage placed.
    pub(crate) fn damage_agent(&mut self, a: AgentRef, amount: u8, events: &mut Events) -> u8 {
        if self.agent(a).is_none() || amount == 0 {
            return 0;
        }
        let mut left = amount;
        let absorbers: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.place == Place::Agent(a) && p.tokens > 0)
            .filter(|p| {
                self.script_db()
                    .of(p.card)
                    .is_some_and(|s| s.statics.iter().any(|st| st.modifier == Modifier::Absorb))
            })
            .map(|p| p.id)
            .collect();
        for id in absorbers {
            let p = self.perm_mut(id).expect("listed");
            let used = p.tokens.min(left);
            p.tokens -= used;
            left -= used;
            let (card, tokens) = (p.card, p.tokens);
            events.push(Event::public(XfEvent::Tokens { card, tokens }));
            if tokens == 0 {
                self.leave_play(id, events);
            }
        }
        let max = self.max_health(a);
        let agent = self.agent_mut(a).expect("checked");
        let before = agent.damage;
        agent.damage = (agent.damage + left).min(max);
        let dealt = agent.damage - before;
        if dealt > 0 {
            events.push(Event::public(XfEvent::Damaged {
                agent: a,
                amount: dealt,
            }));
        }
        dealt
    }

    /// An Agent at 0 HEALTH goes to the Hospital (or where a card in play
    /// takes it instead: Ceremony).
    pub(crate) fn hospitalize_if_down(&mut self, a: AgentRef, events: &mut Events) {
        if self
            .agent(a)
            .is_some_and(|x| x.section != Section::Hospital && x.away.is_none())
            && self.current_health(a) == 0
            && !self.hospital_replaced(a, events)
        {
            let agent = self.agent_mut(a).expect("checked");
            let from = std::mem::replace(&mut agent.section, Section::Hospital);
            agent.last_check = false;
            events.push(Event::public(XfEvent::ToHospital { agent: a }));
            self.facts.push(Fact::Went {
                agent: a,
                from,
                to: Section::Hospital,
                by: None,
            });
        }
    }

    /// An Agent forced to go to the Hospital that is not there yet: a card
    /// in play may take it instead (`replace to-hospital`, Ceremony). True
    /// when one did; the caller then moves nothing.
    pub(crate) fn hospital_replaced(&mut self, a: AgentRef, events: &mut Events) -> bool {
        self.agent(a)
            .is_some_and(|x| x.section != Section::Hospital && x.away.is_none())
            && self.replace_to_hospital(a, events)
    }

    /// The Agent waiting under this card goes on (a replacement declined):
    /// it is in play again where it was, for the move that follows.
    pub(crate) fn unhold(&mut self, a: AgentRef, perm: Option<u32>) {
        if let (Some(x), Some(perm)) = (self.agent_mut(a), perm)
            && x.away == Some(Away::Held { perm })
        {
            x.away = None;
        }
    }

    /// An Agent held under a card comes back into play in this section
    /// (Ceremony: to the Field once healed).
    pub(crate) fn unhold_to(&mut self, a: AgentRef, perm: u32, to: Section, events: &mut Events) {
        let Some(x) = self.agent_mut(a) else {
            return;
        };
        if x.away != Some(Away::Held { perm }) {
            return;
        }
        x.away = None;
        x.section = to;
        events.push(Event::public(XfEvent::AgentBack {
            agent: a,
            section: to,
        }));
    }

    /// Moves an Agent to a section by a card's effect: an injured Agent
    /// never leaves the Hospital early (Rules Assistant p. 5), nor one a
    /// card holds where it is.
    pub(crate) fn move_agent(&mut self, a: AgentRef, to: Section, events: &mut Events) {
        let Some(agent) = self.agent(a) else {
            return;
        };
        if agent.section == to || agent.away.is_some() {
            return;
        }
        if agent.section == Section::Hospital && !self.may_leave_hospital(a) {
            return;
        }
        if self.held_in_section(a) {
            return;
        }
        let agent = self.agent_mut(a).expect("checked");
        let from = std::mem::replace(&mut agent.section, to);
        agent.last_check &= to != Section::Hospital;
        let team = agent.team;
        events.push(Event::public(XfEvent::Moved {
            agent: a,
            section: to,
            team,
        }));
        self.facts.push(Fact::Went {
            agent: a,
            from,
            to,
            by: None,
        });
    }

    /// Brings back an Agent a card keeps in play: one that went to another
    /// section this turn returns to where it was (even from the Hospital),
    /// one removed from the game this turn comes back as it was (He Won't
    /// Let Me Die, Samuel Hartley, Written Report, True Grit).
    pub(crate) fn bring_back(&mut self, a: AgentRef, events: &mut Events) -> bool {
        if self.agent(a).is_none() {
            return self.unremove(a, events);
        }
        let Some(from) = self.last_move(a) else {
            return false;
        };
        let agent = self.agent_mut(a).expect("checked");
        if agent.section != from.1 {
            return false;
        }
        agent.section = from.0;
        agent.until_healed = false;
        let team = agent.team;
        events.push(Event::public(XfEvent::Moved {
            agent: a,
            section: from.0,
            team,
        }));
        true
    }

    /// Names the card whose effect made the Agent's last move.
    pub(crate) fn moved_by(&mut self, a: AgentRef, card: CardIdx) {
        if let Some(Fact::Went { agent, by, .. }) = self.facts.last_mut()
            && *agent == a
        {
            *by = Some(card);
        }
    }

    /// Agents back for one more skill check (True Grit) go to the Hospital
    /// once a check of their Team ends (`None`: the turn ends).
    pub(crate) fn last_check_over(
        &mut self,
        team: Option<(Seat, &[CardIdx])>,
        events: &mut Events,
    ) {
        let going: Vec<AgentRef> = (0..self.players.len() as Seat)
            .flat_map(|seat| {
                self.player(seat)
                    .agents
                    .iter()
                    .filter(|a| a.last_check)
                    .map(move |a| AgentRef { seat, card: a.card })
            })
            .filter(|a| team.is_none_or(|(s, t)| a.seat == s && t.contains(&a.card)))
            .collect();
        for a in going {
            self.move_agent(a, Section::Hospital, events);
        }
    }

    /// The Agent's last forced move this turn: from and to.
    pub(crate) fn last_move(&self, a: AgentRef) -> Option<(Section, Section)> {
        self.facts.iter().rev().find_map(|f| match f {
            Fact::Went {
                agent, from, to, ..
            } if *agent == a => Some((*from, *to)),
            _ => None,
        })
    }

    /// An Agent removed from the game this turn comes back to its section.
    fn unremove(&mut self, a: AgentRef, events: &mut Events) -> bool {
        let Some(agent) = self.facts.iter().rev().find_map(|f| match f {
            Fact::AgentRemoved {
                agent: Some(x),
                seat,
            } if *seat == a.seat && x.card == a.card => Some(x.clone()),
            _ => None,
        }) else {
            return false;
        };
        let p = self.player_mut(a.seat);
        let Some(i) = p.removed.iter().rposition(|c| *c == a.card) else {
            return false;
        };
        p.removed.remove(i);
        let (section, team) = (agent.section, agent.team);
        p.agents.push(*agent);
        events.push(Event::public(XfEvent::Moved {
            agent: a,
            section,
            team,
        }));
        true
    }

    /// Cards attached to an Agent go to their owners' Discard Piles.
    fn strip(&mut self, a: AgentRef, events: &mut Events) {
        let attached: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.place == Place::Agent(a))
            .map(|p| p.id)
            .collect();
        for id in attached {
            self.leave_play(id, events);
        }
    }

    /// An Agent in play goes to its owner's Discard Pile, the cards on it
    /// too (Additional Resources' upkeep unpaid).
    pub(crate) fn discard_agent(&mut self, a: AgentRef, events: &mut Events) {
        if self.agent(a).is_none() {
            return;
        }
        self.strip(a, events);
        let p = self.player_mut(a.seat);
        p.agents.retain(|x| x.card != a.card);
        p.discard.push(a.card);
        events.push(Event::public(XfEvent::Discarded {
            seat: a.seat,
            cards: vec![a.card],
        }));
    }

    /// An Agent is removed from the game (Killer cards): a player whose
    /// every Agent is gone loses when Killer cards are in use (p. 42).
    pub(crate) fn remove_agent(&mut self, a: AgentRef, events: &mut Events) {
        if self.agent(a).is_none() {
            return;
        }
        self.strip(a, events);
        let p = self.player_mut(a.seat);
        let was = p
            .agents
            .iter()
            .position(|x| x.card == a.card)
            .map(|i| p.agents.remove(i));
        p.removed.push(a.card);
        events.push(Event::public(XfEvent::AgentRemoved { agent: a }));
        self.facts.push(Fact::AgentRemoved {
            seat: a.seat,
            agent: was.map(Box::new),
        });
        self.killer_win(events);
    }

    /// The Killer-card win: every opposing Agent permanently removed (p. 42).
    fn killer_win(&mut self, events: &mut Events) {
        if !self.options.killer || self.outcome.is_some() {
            return;
        }
        let standing: Vec<Seat> = (0..self.players.len() as Seat)
            .filter(|s| !self.player(*s).out)
            .filter(|s| {
                let p = self.player(*s);
                !p.agents.is_empty() || !p.face_up.is_empty()
            })
            .collect();
        if standing.len() == 1 && self.seats_in() > 1 {
            let w = standing[0];
            self.finish(
                vec![w],
                format!(
                    "seat {} removed every opposing Agent from the game (Killer cards)",
                    w + 1
                ),
                events,
            );
        }
    }

    /// Abduction: the Agent goes face up after the tenth card of its
    /// owner's deck (Rules Assistant p. 9; with fewer than ten cards the
    /// shuffled Discard Pile goes under the deck first, FAQ97 #24); its
    /// Equipment is discarded.
    pub(crate) fn abduct_agent(&mut self, a: AgentRef, events: &mut Events) {
        if self.agent(a).is_none() {
            return;
        }
        self.strip(a, events);
        let owner = self
            .agent(a)
            .and_then(|x| x.borrowed_from)
            .unwrap_or(a.seat);
        self.player_mut(a.seat).agents.retain(|x| x.card != a.card);
        if self.player(owner).deck.len() < 10 {
            let mut pile = std::mem::take(&mut self.player_mut(owner).discard);
            self.rng.shuffle(&mut pile);
            self.player_mut(owner).deck.extend(pile);
        }
        let p = self.player_mut(owner);
        let at = p.deck.len().min(10);
        p.deck.insert(at, a.card);
        p.face_up.push(a.card);
        events.push(Event::public(XfEvent::AgentAbducted { agent: a }));
        self.fire_abducted(owner, events);
    }

    /// An abducted Agent reaches the top of the deck: to the Hospital, undamaged.
    pub(crate) fn abductee_returns(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        let mut agent = new_agent(card, Section::Hospital, false, self.scripts_ref());
        agent.team = 0;
        self.player_mut(seat).agents.push(agent);
        events.push(Event::public(XfEvent::AgentBack {
            agent: AgentRef { seat, card },
            section: Section::Hospital,
        }));
    }

    /// The Agent is out of play for `turns` of its owner's turns.
    pub(crate) fn send_away(&mut self, a: AgentRef, turns: u8, events: &mut Events) {
        if let Some(x) = self.agent_mut(a) {
            x.away = Some(Away::Training { turns });
            x.section = Section::Bureau;
            events.push(Event::public(XfEvent::AgentAway { agent: a }));
        }
    }

    /// Agents held under a card in play go back to their Bureau, or to the
    /// Hospital at 0 HEALTH (p. 33: those a Ceremony leaving play held).
    pub(crate) fn release_held(&mut self, perm: u32, events: &mut Events) {
        let held: Vec<AgentRef> = (0..self.players.len() as Seat)
            .flat_map(|seat| {
                self.player(seat)
                    .agents
                    .iter()
                    .filter(|x| x.away == Some(Away::Held { perm }))
                    .map(move |x| AgentRef { seat, card: x.card })
            })
            .collect();
        for a in held {
            let to = if self.current_health(a) == 0 {
                Section::Hospital
            } else {
                Section::Bureau
            };
            self.unhold_to(a, perm, to, events);
        }
    }

    /// At the start of a player's turn, Agents away come back when their time is up.
    pub(crate) fn return_from_away(&mut self, seat: Seat, events: &mut Events) {
        let mut back = Vec::new();
        for x in &mut self.players[usize::from(seat)].agents {
            if let Some(Away::Training { turns }) = x.away {
                if turns == 0 {
                    x.away = None;
                    x.section = Section::Bureau;
                    back.push(x.card);
                } else {
                    x.away = Some(Away::Training { turns: turns - 1 });
                }
            }
        }
        for card in back {
            events.push(Event::public(XfEvent::AgentBack {
                agent: AgentRef { seat, card },
                section: Section::Bureau,
            }));
        }
    }

    /// May this Agent card join its player's Team now: no Agent of its title
    /// in play, nor removed from the game (p. 15).
    pub(crate) fn may_join(&self, seat: Seat, card: CardIdx) -> bool {
        let c = db().get(card);
        let p = self.player(seat);
        c.kind == crate::cards::CardType::Agent
            && !p.agents.iter().any(|a| db().get(a.card).title == c.title)
            && !p.removed.iter().any(|r| db().get(*r).title == c.title)
    }

    /// An Agent card (from a deck or hand) joins its player's Team in the
    /// Bureau for good (Additional Resources, Assigned to the X-Files).
    pub(crate) fn join_team(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        let title = &db().get(card).title;
        if self
            .player(seat)
            .agents
            .iter()
            .any(|a| db().get(a.card).title == *title)
        {
            self.player_mut(seat).discard.push(card);
            return;
        }
        let agent = new_agent(card, Section::Bureau, false, self.scripts_ref());
        self.player_mut(seat).agents.push(agent);
        events.push(Event::public(XfEvent::AgentBought {
            agent: AgentRef { seat, card },
        }));
    }

    /// Whose Discard Pile a card goes to: its owner's, even when another
    /// player stole it this turn (Agent Lamana).
    pub(crate) fn home_of(&mut self, holder: Seat, card: CardIdx) -> Seat {
        match self
            .stolen
            .iter()
            .position(|(h, c, _)| *h == holder && *c == card)
        {
            Some(i) => self.stolen.remove(i).2,
            None => holder,
        }
    }

    /// Cards a seat held go to their owners' Discard Piles (a stolen card
    /// to the player it was taken from).
    pub(crate) fn discard_home(&mut self, holder: Seat, cards: &[CardIdx]) {
        for c in cards {
            let home = self.home_of(holder, *c);
            self.player_mut(home).discard.push(*c);
        }
    }

    /// Stolen cards go home at the end of the turn, wherever an effect put
    /// them among the thief's cards (hand, deck, Discard Pile: "whether you
    /// use it or not", Agent Lamana); one the thief put in play goes home
    /// when it leaves play.
    pub(crate) fn return_stolen(&mut self, events: &mut Events) {
        for (holder, card, owner) in std::mem::take(&mut self.stolen) {
            if self
                .perms
                .iter()
                .any(|p| p.owner == holder && p.card == card)
            {
                self.stolen.push((holder, card, owner));
                continue;
            }
            let p = self.player_mut(holder);
            // A card of one's own lent for the turn leaves only the hand
            // (Blue Plate Special); one played is where it went.
            let piles = if holder == owner {
                vec![&mut p.hand]
            } else {
                vec![&mut p.hand, &mut p.deck, &mut p.discard]
            };
            let found = piles
                .into_iter()
                .find_map(|pile| Some((pile.iter().position(|c| *c == card)?, pile)));
            if let Some((i, pile)) = found {
                pile.remove(i);
                self.player_mut(owner).discard.push(card);
                events.push(Event::public(XfEvent::Discarded {
                    seat: owner,
                    cards: vec![card],
                }));
            }
        }
    }

    /// A card attached to a Team follows the Team when its Agent leaves it
    /// (to the Hospital, away) and is discarded once no Agent is left.
    pub(crate) fn tidy_team_cards(&mut self, events: &mut Events) {
        let mut with_team = self.perms_with_static(&Modifier::TeamCard);
        with_team.extend(self.perms_with_static(&Modifier::TeamCardRemoved));
        let team_cards: Vec<(u32, AgentRef)> = with_team
            .into_iter()
            .filter_map(|id| match self.perm(id)?.place {
                Place::Agent(a) => Some((id, a)),
                _ => None,
            })
            .collect();
        let in_team = |x: &super::Agent| {
            matches!(x.section, Section::Field | Section::Bureau) && x.away.is_none()
        };
        for (id, a) in team_cards {
            let Some(bearer) = self.agent(a) else {
                self.team_card_leaves(id, events);
                continue;
            };
            if in_team(bearer) {
                continue;
            }
            let team = bearer.team;
            let was = self.last_move(a).map_or(Section::Field, |m| m.0);
            let heir = self
                .player(a.seat)
                .agents
                .iter()
                .find(|x| x.card != a.card && x.team == team && x.section == was && in_team(x))
                .map(|x| AgentRef {
                    seat: a.seat,
                    card: x.card,
                });
            match heir {
                Some(h) => {
                    if let Some(p) = self.perm_mut(id) {
                        p.place = Place::Agent(h);
                    }
                }
                None => self.team_card_leaves(id, events),
            }
        }
    }

    /// A card attached to a Team leaves play: to its owner's Discard Pile,
    /// or removed from the game when its text says so (Charley Tskany).
    pub(crate) fn team_card_leaves(&mut self, id: u32, events: &mut Events) {
        let removed = self.perm(id).is_some_and(|p| {
            self.scripts_ref().of(p.card).is_some_and(|s| {
                s.statics
                    .iter()
                    .any(|st| st.modifier == Modifier::TeamCardRemoved)
            })
        });
        if !removed {
            self.leave_play(id, events);
        } else if let Some((owner, card)) = self.take_perm(id, events) {
            self.player_mut(owner).removed.push(card);
        }
    }

    /// A card holding another's Keywords fixed leaves play once that card
    /// has, or when it holds none (Sleep With the Fishes; on a Site it goes
    /// with the Site anyway).
    pub(crate) fn release_fixed_keywords(&mut self, events: &mut Events) {
        let gone: Vec<u32> = self
            .perms_with_static(&Modifier::FixedKeywords)
            .into_iter()
            .filter(|id| {
                match self
                    .perm(*id)
                    .and_then(|p| p.data.get(super::effects::verbs::FIXED))
                {
                    Some(Val::Perm(other)) => self.perm(*other).is_none(),
                    Some(Val::Site(site)) => self.site(*site).is_none(),
                    // It fixed nothing (its card left play before it resolved).
                    _ => true,
                }
            })
            .collect();
        for id in gone {
            self.leave_play(id, events);
        }
    }

    /// A card watching its controller's Bureau keeps who was there after
    /// each action, and leaves play once that changes (Improved Channels).
    pub(crate) fn watch_bureaus(&mut self, events: &mut Events) {
        let watchers: Vec<(u32, Seat)> = self
            .perms_with_static(&Modifier::BureauWatch)
            .into_iter()
            .filter_map(|id| Some((id, self.perm(id)?.controller)))
            .collect();
        for (id, seat) in watchers {
            let now: Vec<AgentRef> = self
                .player(seat)
                .agents
                .iter()
                .filter(|a| a.section == Section::Bureau && a.away.is_none())
                .map(|a| AgentRef { seat, card: a.card })
                .collect();
            let p = self.perm_mut(id).expect("listed");
            match p.data.get("bureau") {
                Some(Val::Agents(was))
                    if was.len() != now.len() || was.iter().any(|a| !now.contains(a)) =>
                {
                    self.leave_play(id, events)
                }
                Some(_) => {}
                None => p.data.set("bureau", Val::Agents(now)),
            }
        }
    }

    /// The cards in play whose script has this static (by id).
    fn perms_with_static(&self, m: &Modifier) -> Vec<u32> {
        let scripts = self.script_db();
        self.perms
            .iter()
            .filter(|p| {
                scripts
                    .of(p.card)
                    .is_some_and(|s| s.statics.iter().any(|st| st.modifier == *m))
            })
            .map(|p| p.id)
            .collect()
    }

    /// A card in play goes to its owner's Discard Pile with the cards under it.
    pub(crate) fn leave_play(&mut self, id: u32, events: &mut Events) {
        if let Some((owner, card)) = self.take_perm(id, events) {
            self.player_mut(owner).discard.push(card);
        }
    }

    /// Takes a card out of play (the cards under it are discarded): (owner, card).
    pub(crate) fn take_perm(&mut self, id: u32, events: &mut Events) -> Option<(Seat, CardIdx)> {
        let i = self.perms.iter().position(|p| p.id == id)?;
        let p = self.perms.remove(i);
        self.release_held(id, events);
        // Another player's cards held under it go back to him (Surfing The Net).
        let under_owner = match p.data.get(super::effects::verbs::UNDER_OWNER) {
            Some(Val::Seat(s)) => *s,
            _ => p.owner,
        };
        self.player_mut(under_owner).discard.extend(&p.under);
        // An Adversary held under the card (Handcuff) goes to its owner.
        if let (Some(Val::Card(c)), Some(Val::Seat(o))) =
            (p.data.get(CAPTURED), p.data.get(CAPTURED_OWNER))
        {
            self.player_mut(*o).discard.push(*c);
        }
        self.lasting.retain(|l| {
            !(l.until == super::effects::ast::Duration::WhileInPlay && l.scope == Some(id))
        });
        events.push(Event::public(XfEvent::LeftPlay { card: p.card }));
        Some((self.home_of(p.owner, p.card), p.card))
    }

    /// Takes a Site out of play (its Bluffs and the cards on it are
    /// discarded): (owner, card).
    pub(crate) fn take_site(&mut self, id: u32, events: &mut Events) -> Option<(Seat, CardIdx)> {
        let i = self.sites.iter().position(|s| s.id == id)?;
        let s = self.sites.remove(i);
        for b in &s.bluffs {
            self.player_mut(b.owner).discard.push(b.card);
        }
        let on: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.place == Place::Site(id))
            .map(|p| p.id)
            .collect();
        for p in on {
            self.leave_play(p, events);
        }
        Some((s.owner, s.card))
    }

    /// A card goes into play (Equipment on an Agent, a card a verb places).
    pub(crate) fn put_in_play(&mut self, owner: Seat, card: CardIdx, place: Place) -> u32 {
        let id = self.new_id();
        let tokens = self.script_db().of(card).map_or(0, |s| s.tokens);
        self.perms.push(super::Permanent {
            id,
            card,
            owner,
            controller: owner,
            place,
            tokens,
            under: Vec::new(),
            used: Vec::new(),
            data: Default::default(),
            this_turn: false,
            keywords: Vec::new(),
        });
        id
    }

    /// An Agent's Keyword (printed or gained).
    pub fn agent_has_keyword(&self, a: AgentRef, k: Keyword) -> bool {
        db().get(a.card).has_keyword(k) || self.agent(a).is_some_and(|x| x.keywords.contains(&k))
    }
}

impl XfGame {
    /// An Agent's Cost now: printed, less any lost for good (Terminal Damage).
    pub fn agent_cost(&self, a: AgentRef) -> i32 {
        let printed = db()
            .get(a.card)
            .cost
            .map_or(0, |c| c.amount.with_x(0) as i32);
        printed - self.agent(a).map_or(0, |x| i32::from(x.cost_lost))
    }
}
