//! Sites and Bluffs (pp. 24-25), starting an investigation (p. 27), and Site
//! resolution: the question, the guess and its penalty (p. 37).

use super::effects::ast::{Modifier, PlaysUnder};
use super::{
    AgentRef, Bluff, Check, Events, Fact, Frame, FrameKind, Investigation, Note, Pending, Phase,
    SiteInPlay, Stage, XfEvent, XfGame,
};
use crate::cards::{
    CardIdx, CardType, Category, Keyword, Pool, Prerequisite, Section, Skill, Trait, db,
};
use crate::engine::{Event, Refusal, Seat};

impl XfGame {
    pub(super) fn play_site(
        &mut self,
        card: CardIdx,
        directed: Option<Seat>,
        free: bool,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let seat = self.active;
        let c = db().get(card);
        if c.kind != CardType::Site {
            return Err(Refusal::new(format!("{} is not a Site", c.title)));
        }
        let from_under = self.site_from_under(seat, card)?;
        if self.basic().is_some() && !self.sites_this_turn.is_empty() {
            return Err(Refusal::new(
                "the Basic Game allows one Site a turn (FAQ21 #54(g)); you have played yours",
            ));
        }
        if self.sites_this_turn.contains(&c.title) {
            return Err(Refusal::new(format!(
                "{} was already played this turn; two identical Sites may not both be used in one turn (p. 24)",
                c.title
            )));
        }
        let opponents = self.others_from(seat);
        let directed = match directed {
            Some(d) if opponents.contains(&d) => d,
            Some(d) => {
                return Err(Refusal::new(format!(
                    "seat {} is not an opponent in the game",
                    d + 1
                )));
            }
            None if opponents.len() == 1 => opponents[0],
            None => {
                return Err(Refusal::new(
                    "in a multiplayer game, name the opponent the Site is directed at (p. 40)",
                ));
            }
        };
        if free {
            let holder = self.player(seat).agents.iter().position(|a| {
                a.tokens > 0
                    && !a.temporary
                    && a.section != Section::Hospital
                    && a.away.is_none()
                    && self.script_db().of(a.card).is_some_and(|s| {
                        s.statics
                            .iter()
                            .any(|st| st.modifier == Modifier::FreeSiteToken)
                    })
            });
            let Some(i) = holder else {
                return Err(Refusal::new(
                    "none of your Agents has a token to play a Site for 0 RP",
                ));
            };
            self.player_mut(seat).agents[i].tokens -= 1;
            events.push(Event::public(XfEvent::Used {
                seat,
                card: self.player(seat).agents[i].card,
                ability: "a token to play a Site for 0 RP".into(),
            }));
        } else if let Some(id) = from_under {
            let full = self.cost_now(seat, card, Pool::Rp, 0);
            let cost = self.under_cost(seat, id, card, full);
            self.pay_exact(seat, card, Pool::Rp, cost)?;
        } else {
            self.pay(seat, card, Pool::Rp, 0)?;
        }
        if from_under.is_none() {
            self.take_from_hand(seat, card)?;
        }
        self.sites_this_turn.push(c.title.clone());
        let id = self.new_id();
        self.site_order.push(id);
        self.sites.push(SiteInPlay {
            id,
            card,
            owner: seat,
            directed,
            bluffs: Vec::new(),
            keywords: c.keywords.clone(),
            question: None,
            played_turn: self.turn,
        });
        events.push(Event::public(XfEvent::SitePlayed {
            seat,
            card,
            directed,
        }));
        if let Some(id) = from_under {
            self.lift_under(id, card, events);
        }
        Ok(())
    }

    /// Where the Site played comes from: the hand (`None`), or under one
    /// of the seat's cards in play whose cards it plays, when the Site is
    /// its own (Travel Plans).
    fn site_from_under(&self, seat: Seat, card: CardIdx) -> Result<Option<u32>, Refusal> {
        if self.player(seat).hand.contains(&card) {
            return Ok(None);
        }
        self.playable_under(seat)
            .into_iter()
            .find(|(id, c)| *c == card && self.under_owner(*id) == Some(seat))
            .map(|(id, _)| Some(id))
            .ok_or_else(|| Refusal::new(format!("{} is not in your hand", db().get(card).title)))
    }

    pub(super) fn place_bluff(
        &mut self,
        seat: Seat,
        site: usize,
        card: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let s = self
            .sites
            .get(site)
            .ok_or_else(|| Refusal::new("there is no such Site"))?;
        if s.owner != self.active {
            return Err(Refusal::new(
                "Bluffs go under the Investigating Player's Sites",
            ));
        }
        let site_id = s.id;
        if let Some(by) = self.perms.iter().find(|p| {
            p.place == super::Place::Site(site_id)
                && self.script_db().of(p.card).is_some_and(|s| {
                    s.statics.iter().any(|st| matches!(&st.modifier, Modifier::Forbid { cards }
                        if cards.types.contains(&CardType::Bluff)
                            && !(cards.except_negators
                                && self.script_has(card, |st| matches!(st, super::effects::verbs::Step::Negate { .. })))))
                })
        }) {
            return Err(Refusal::new(format!(
                "no Bluffs may be placed under this Site ({})",
                db().get(by.card).title
            )));
        }
        let (owner, less) = match self.bluff_from_under(seat, card)? {
            None => {
                self.take_from_hand(seat, card)?;
                (seat, None)
            }
            Some((id, rule)) => {
                let owner = self.under_owner(id).unwrap_or(seat);
                self.lift_under(id, card, events);
                (owner, Some(if rule.free { u32::MAX } else { rule.less }))
            }
        };
        self.sites[site].bluffs.push(Bluff {
            card,
            owner,
            shown: false,
            less,
        });
        events.push(Event::public(XfEvent::BluffPlaced { seat, site }));
        Ok(())
    }

    /// Where the Bluff placed comes from: the hand (`None`), or under one
    /// of the seat's cards in play that keeps Bluffs (Men In Black), with
    /// how that card plays them.
    fn bluff_from_under(
        &self,
        seat: Seat,
        card: CardIdx,
    ) -> Result<Option<(u32, PlaysUnder)>, Refusal> {
        if self.player(seat).hand.contains(&card) {
            return Ok(None);
        }
        self.under_plays(seat)
            .into_iter()
            .find(|(_, rule, c)| rule.bluffs && *c == card)
            .map(|(id, rule, _)| Some((id, rule)))
            .ok_or_else(|| Refusal::new(format!("{} is not in your hand", db().get(card).title)))
    }

    pub(super) fn peek_bluff(
        &mut self,
        seat: Seat,
        agent: CardIdx,
        site: usize,
        index: usize,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let card = self
            .sites
            .get(site)
            .and_then(|s| s.bluffs.get(index))
            .map(|b| b.card)
            .ok_or_else(|| Refusal::new("there is no such face-down Bluff"))?;
        let peeks = |c: CardIdx| {
            self.script_db().of(c).is_some_and(|s| {
                s.statics
                    .iter()
                    .any(|st| st.modifier == Modifier::PeekBluffToken)
            })
        };
        let ok = self.player(seat).agents.iter().any(|a| {
            a.card == agent
                && a.tokens > 0
                && !a.temporary
                && a.section != Section::Hospital
                && a.away.is_none()
                && peeks(a.card)
        });
        if !ok {
            return Err(Refusal::new("that Agent has no token to examine a Bluff"));
        }
        let a = self
            .player_mut(seat)
            .agents
            .iter_mut()
            .find(|a| a.card == agent)
            .expect("checked");
        a.tokens -= 1;
        events.push(Event::public(XfEvent::Used {
            seat,
            card: agent,
            ability: format!(
                "a token to examine a face-down card under {}",
                db().get(self.sites[site].card).title
            ),
        }));
        events.push(Event::private(seat, XfEvent::PeekedBluff { site, card }));
        Ok(())
    }

    pub(super) fn investigate(
        &mut self,
        site: usize,
        team: &[CardIdx],
        skill: Option<Skill>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let seat = self.active;
        let s = self
            .sites
            .get(site)
            .ok_or_else(|| Refusal::new("there is no such Site"))?
            .clone();
        if s.owner != seat {
            return Err(Refusal::new(
                "Sites may only be investigated by the player who played them (p. 37)",
            ));
        }
        if team.is_empty() {
            return Err(Refusal::new(
                "send at least one Agent to investigate (p. 27)",
            ));
        }
        if let Some(by) = self.site_barred_by(seat, s.id) {
            return Err(Refusal::new(format!(
                "while {} is in play you may investigate only the Sites its text names",
                db().get(by).title
            )));
        }
        for c in team {
            let r = super::AgentRef { seat, card: *c };
            let a = self.agent(r).ok_or_else(|| {
                Refusal::new(format!("{} is not one of your Agents", db().get(*c).title))
            })?;
            if a.section != Section::Field || a.away.is_some() {
                return Err(Refusal::new(format!(
                    "{} is not in the Field; only Field Agents investigate (p. 23)",
                    db().get(*c).title
                )));
            }
            if a.investigated && self.second_site(r).is_none() {
                return Err(Refusal::new(format!(
                    "{} has already investigated a Site this turn (p. 27)",
                    db().get(*c).title
                )));
            }
            if a.investigated {
                self.same_state_ok(r, s.card)?;
            }
        }
        let prereq = db()
            .get(s.card)
            .prerequisite
            .clone()
            .unwrap_or(Prerequisite::Special(String::new()));
        let needs: Vec<(Skill, u8)> = match &prereq {
            Prerequisite::AllOf(t) => t.iter().map(|t| (t.skill, t.min)).collect(),
            Prerequisite::AnyOf(t) if t.len() == 1 => vec![(t[0].skill, t[0].min)],
            Prerequisite::AnyOf(t) => match skill.and_then(|k| t.iter().find(|t| t.skill == k)) {
                Some(t) => vec![(t.skill, t.min)],
                None => {
                    let names: Vec<String> =
                        t.iter().map(|t| t.skill.as_str().to_lowercase()).collect();
                    return Err(Refusal::new(format!(
                        "announce the skill you will use: {} (p. 24)",
                        names.join(" or ")
                    )));
                }
            },
            Prerequisite::Special(_) => Vec::new(),
        };
        let team_no = self
            .agent(super::AgentRef {
                seat,
                card: team[0],
            })
            .map_or(0, |a| a.team);
        // A second Site uses up the card that allowed it.
        let second: Vec<_> = team
            .iter()
            .map(|c| super::AgentRef { seat, card: *c })
            .filter(|r| self.agent(*r).is_some_and(|a| a.investigated))
            .filter_map(|r| self.second_site(r))
            .collect();
        self.lasting.retain(|l| !second.contains(&l.modifier));
        for c in team {
            let a = self
                .agent_mut(super::AgentRef { seat, card: *c })
                .expect("checked");
            if !a.investigated {
                a.first_site = Some(s.card);
            }
            a.investigated = true;
            a.team = team_no;
        }
        let (shown_skill, threshold) = needs.first().copied().unwrap_or((Skill::Observation, 0));
        events.push(Event::public(XfEvent::Investigates {
            site,
            team: team.to_vec(),
            skill: shown_skill,
            threshold,
        }));
        let frame = self.new_id();
        self.frames.push(Frame {
            id: frame,
            base: self.stack.len(),
            priority: seat,
            passes: 0,
            first: seat,
            kind: FrameKind::Check(Check {
                seat,
                team: team.to_vec(),
                needs,
                mods: Vec::new(),
                used: Vec::new(),
                site: Some(s.id),
                fails: false,
                forced_by: None,
                equipped: Vec::new(),
            }),
        });
        self.investigation = Some(Investigation {
            site: s.id,
            team: team.to_vec(),
            benched: Vec::new(),
            stage: Stage::Check,
            frame,
            fought: false,
            full: false,
            rp_spent: 0,
        });
        self.phase = Phase::Investigating;
        // Cards that watch an Agent investigate answer first (The List).
        self.fire_investigates(events);
        self.settle(events);
        self.next_bluff(events);
        Ok(())
    }

    /// Reveals the next Bluff under the Site (p. 25): a card without the
    /// Keyword BLUFF is discarded at once; a real one waits for its owner to
    /// pay. With none left, the check's card plays begin (p. 29).
    pub(super) fn next_bluff(&mut self, events: &mut Events) {
        let site = self.investigation.as_ref().expect("investigating").site;
        while let Some(b) = self.site(site).and_then(|s| s.bluffs.first().cloned()) {
            let is_bluff = super::setup::is_bluff(b.card);
            self.facts.push(Fact::BluffRevealed { site, card: b.card });
            events.push(Event::public(XfEvent::BluffRevealed {
                owner: b.owner,
                card: b.card,
                is_bluff,
            }));
            if is_bluff {
                self.investigation.as_mut().expect("investigating").stage = Stage::Bluff;
                return;
            }
            // Revealed and discarded in one line (BluffRevealed says so).
            self.site_mut(site).expect("in play").bluffs.remove(0);
            self.player_mut(b.owner).discard.push(b.card);
        }
        self.begin_check(events);
    }

    /// The first card under this Site is revealed and waits for its owner
    /// to pay for it.
    pub fn revealing_at(&self, site: u32) -> bool {
        self.investigation
            .as_ref()
            .is_some_and(|i| i.site == site && i.stage == Stage::Bluff)
    }

    /// What a revealed Bluff costs its owner: 1 CP less than printed (p. 25),
    /// or what the card it came from under says (Men In Black: 2 less,
    /// FAQ21 #65), with the cards that change costs; never below 0.
    pub fn bluff_cost(&self, owner: Seat, card: CardIdx, x: u32) -> u32 {
        self.bluff_cost_less(owner, card, x, 1)
    }

    /// What a revealed Bluff costs, `less` CP off its printed Cost.
    fn bluff_cost_less(&self, owner: Seat, card: CardIdx, x: u32, less: u32) -> u32 {
        let printed = Self::cost_of(card, x).saturating_sub(less);
        self.adjusted_cost(owner, card, Pool::Cp, printed)
    }

    /// The Bluff's owner pays for it (it then resolves like a card played,
    /// answers first), or lets it go (p. 25).
    pub(super) fn pay_bluff(
        &mut self,
        pay: bool,
        x: u32,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let site = self.investigation.as_ref().expect("investigating").site;
        let b = self.site(site).expect("in play").bluffs[0].clone();
        if !pay {
            self.site_mut(site).expect("in play").bluffs.remove(0);
            self.player_mut(b.owner).discard.push(b.card);
            events.push(Event::public(XfEvent::BluffDiscarded {
                owner: b.owner,
                card: b.card,
            }));
            self.investigation.as_mut().expect("investigating").stage = Stage::Check;
            self.next_bluff(events);
            return Ok(());
        }
        let values = self
            .script_db()
            .of(b.card)
            .and_then(|s| s.plays.first())
            .map(|a| a.x_values.clone())
            .unwrap_or_default();
        if !values.is_empty() && !values.contains(&x) {
            let v: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            return Err(Refusal::new(format!(
                "{}: X is one of {} (x:)",
                db().get(b.card).title,
                v.join(", ")
            )));
        }
        self.bluff_may_be_played(b.owner, b.card)?;
        let cost = self.bluff_cost_less(b.owner, b.card, x, b.less.unwrap_or(1));
        if self.player(b.owner).cp < cost {
            return Err(Refusal::new(format!(
                "the Bluff costs {cost} CP under a Site and your Conspiracy Pool holds {}; let it go (/pass)",
                self.player(b.owner).cp
            )));
        }
        self.player_mut(b.owner).cp -= cost;
        self.site_mut(site).expect("in play").bluffs.remove(0);
        events.push(Event::public(XfEvent::BluffPaid {
            owner: b.owner,
            card: b.card,
            cost,
        }));
        let inv = self.investigation.as_mut().expect("investigating");
        inv.stage = Stage::Check;
        let frame = inv.frame;
        if let Some(c) = self.check_mut(frame) {
            c.used.push(db().get(b.card).title.clone());
        }
        let id = self.new_id();
        let opponent = Some(self.active);
        self.push_stack(
            Pending {
                x,
                opponent,
                check: Some(frame),
                ..Pending::new(id, b.card, b.owner)
            },
            events,
        );
        self.on_card_played(b.owner, b.card, events);
        Ok(())
    }

    fn begin_check(&mut self, events: &mut Events) {
        let active = self.active;
        let inv = self.investigation.as_mut().expect("investigating");
        inv.stage = Stage::Check;
        let frame = inv.frame;
        if self.frames.last().is_some_and(|f| f.id == frame) {
            self.reset_priority(active);
        }
        let (total, needed) = self.check_totals();
        events.push(Event::public(XfEvent::CheckStands { total, needed }));
    }

    /// Each part of the Site check is met now.
    pub fn site_check_met(&self) -> bool {
        self.site_check().is_some_and(|c| self.check_met(c))
    }

    /// The Site check is over (everyone passed with nothing to resolve).
    pub(super) fn finish_site_check(&mut self, events: &mut Events) {
        let full = self.site_check_met();
        let success = full || self.easier_met();
        let (total, needed) = self.check_totals();
        events.push(Event::public(XfEvent::CheckResult {
            success,
            total,
            needed,
            forced_by: None,
        }));
        if let Some(c) = self.site_check().cloned() {
            self.last_check_over(Some((c.seat, &c.team)), events);
        }
        let inv = self.investigation.as_mut().expect("investigating");
        inv.full = full;
        let frame = inv.frame;
        let fought = inv.fought;
        let skill = self
            .site_check()
            .and_then(|c| c.needs.first().map(|n| n.0))
            .unwrap_or(Skill::Observation);
        if success {
            let exact = full && total == needed;
            self.facts.push(Fact::SiteSucceeded { skill, exact });
            self.fire_site_lost(events);
            self.fire_site_won(events);
        } else {
            let failed = self.failed_site_fact(fought);
            self.facts.push(failed);
            self.fire_site_failed(events);
            self.settle(events);
        }
        self.frames.retain(|f| f.id != frame);
        self.lasting.retain(|l| {
            !(l.until == super::effects::ast::Duration::Check && l.scope == Some(frame))
        });
        if success {
            self.investigation.as_mut().expect("investigating").stage = Stage::Resolve {
                asked: false,
                guessed: false,
            };
        } else {
            self.end_site(events);
        }
    }

    /// What the turn remembers of a failed Site: the card, its Keywords
    /// now and the Team, for cards played once it has failed.
    fn failed_site_fact(&self, combat: bool) -> Fact {
        Fact::SiteFailed {
            combat,
            site: self.inv_site().map(|s| s.card),
            keywords: self
                .inv_site()
                .map(|s| s.keywords.clone())
                .unwrap_or_default(),
            team: self.check_team_now(),
        }
    }

    /// The turn's last investigation, if it failed: its Site card, Keywords and Team.
    pub(crate) fn failed_site(&self) -> Option<(CardIdx, &[Keyword], &[AgentRef])> {
        match self
            .facts
            .iter()
            .rev()
            .find(|x| matches!(x, Fact::SiteSucceeded { .. } | Fact::SiteFailed { .. }))
        {
            Some(Fact::SiteFailed {
                site: Some(site),
                keywords,
                team,
                ..
            }) => Some((*site, keywords, team)),
            _ => None,
        }
    }

    /// The Agents of the Team that failed the turn's last Site, still
    /// together in the Field (not away, not in the Hospital).
    pub(crate) fn failed_team(&self) -> Vec<AgentRef> {
        let Some((_, _, team)) = self.failed_site() else {
            return Vec::new();
        };
        team.iter()
            .copied()
            .filter(|a| {
                self.agent(*a)
                    .is_some_and(|x| x.away.is_none() && x.section == Section::Field)
            })
            .collect()
    }

    /// The Team reached the lower threshold a Site grants one question
    /// ("if you ask whether the MOTIVE is Control, the prerequisite is 4+").
    fn easier_met(&self) -> bool {
        let (Some(site), Some(c)) = (self.inv_site(), self.site_check()) else {
            return false;
        };
        let easier = db().get(site.card).question.as_ref().and_then(|q| q.easier);
        match (easier, c.needs.first()) {
            (Some(e), Some((skill, _))) => {
                !c.fails && self.team_total_of(c, *skill) >= i32::from(e.threshold)
            }
            _ => false,
        }
    }

    /// The categories a Site asks about now (a card may have changed them).
    pub fn site_categories(&self, id: u32) -> Vec<Category> {
        let Some(s) = self.site(id) else {
            return Vec::new();
        };
        match &s.question {
            Some(q) => q.clone(),
            None => db()
                .get(s.card)
                .question
                .as_ref()
                .map(|q| q.categories.clone())
                .unwrap_or_default(),
        }
    }

    /// Questions the investigator may ask at this Site: its categories, or
    /// only the easier one when the team reached just the easier threshold.
    fn allowed_question(&self, category: Category, value: Trait) -> Result<(), Refusal> {
        let site = self.inv_site().expect("investigating");
        let card = db().get(site.card);
        let categories = self.site_categories(site.id);
        if categories.is_empty() {
            return Err(Refusal::new(format!(
                "{} lets you ask no question",
                card.title
            )));
        }
        if !categories.contains(&category) {
            let names: Vec<String> = categories
                .iter()
                .map(|c| c.as_str().to_uppercase())
                .collect();
            return Err(Refusal::new(format!(
                "{} allows {} question",
                card.title,
                crate::words::with_article(&names.join(" or "))
            )));
        }
        let easier = card.question.as_ref().and_then(|q| q.easier);
        if let Some(e) = easier
            && !self.investigation.as_ref().is_some_and(|i| i.full)
            && e.value != value
        {
            return Err(Refusal::new(format!(
                "your Team reached only the easier prerequisite ({}+): you may ask only whether the {} is {}",
                e.threshold,
                e.value.category().as_str().to_uppercase(),
                e.value
            )));
        }
        Ok(())
    }

    /// Whether every Agent of `team` may go to `site` this turn (its second
    /// Site, if it has investigated one, in the same state where that is asked).
    pub(super) fn may_investigate_with(&self, team: &[CardIdx], site: CardIdx) -> bool {
        team.iter().all(|c| {
            let r = super::AgentRef {
                seat: self.active,
                card: *c,
            };
            !self.agent(r).is_some_and(|a| a.investigated) || self.same_state_ok(r, site).is_ok()
        })
    }

    /// A second Site allowed only in the state of the first (Driving).
    fn same_state_ok(&self, a: super::AgentRef, site: CardIdx) -> Result<(), Refusal> {
        let Some(Modifier::SecondSite {
            same_state: true, ..
        }) = self.second_site(a)
        else {
            return Ok(());
        };
        let first = self.agent(a).and_then(|x| x.first_site);
        let state_of = |c: CardIdx| crate::cards::site_state(&db().get(c).title);
        match first.map(state_of) {
            Some(Some(st)) if state_of(site).as_ref() == Some(&st) => Ok(()),
            _ => Err(Refusal::new(format!(
                "{} may investigate a second Site only in the same state as {}",
                db().get(a.card).title,
                first.map_or("the first", |c| db().get(c).title.as_str())
            ))),
        }
    }

    /// The answer to "Is your X-File's <category> <value>?" from the X-File card.
    pub(crate) fn answer(
        &mut self,
        asker: Seat,
        of: Seat,
        category: Category,
        value: Trait,
        events: &mut Events,
    ) {
        let xfile = self.player(of).xfile.expect("chosen at set-up");
        let yes = db()
            .get(xfile)
            .characteristics
            .is_some_and(|c| c.answers_yes(category, value));
        self.player_mut(asker).notebook.push(Note::Answer {
            about: of,
            category,
            value,
            yes,
        });
        self.facts.push(Fact::Asked { seat: asker, of });
        events.push(Event::public(XfEvent::Asked {
            seat: asker,
            of,
            category,
            value,
        }));
        let answer = XfEvent::Answer {
            of,
            category,
            value,
            yes,
        };
        // Answers are given in secret in a multiplayer game (p. 41).
        if self.seats_in() > 2 {
            events.push(Event::private(asker, answer));
        } else {
            events.push(Event::public(answer));
        }
        self.answer_watched(asker, of, (category, value, yes), events);
    }

    /// What `seat` earned and would lose by ending the Site now, with how to
    /// use or decline it (`None`: nothing). A pass or a default move never
    /// declines it; `/done` does.
    pub fn earned_at_site(&self, seat: Seat) -> Option<String> {
        let inv = self.investigation.as_ref()?;
        let directed = self.inv_site()?.directed;
        match inv.stage {
            Stage::Resolve { asked: false, .. } if seat == self.active => Some(
                "you earned this Site's question: ask it with /ask, or decline it with /done"
                    .into(),
            ),
            Stage::Resolve { guessed: false, .. }
                if seat == self.active
                    && !self.guessed_this_turn
                    && !self.options.question_or_guess =>
            {
                Some("you may still guess an X-File (/guess); /done ends the Site".into())
            }
            Stage::Penalty if seat == directed => Some(
                "you earned a penalty question: ask it with /ask, or decline it with /done".into(),
            ),
            _ => None,
        }
    }

    pub(super) fn ask(
        &mut self,
        seat: Seat,
        category: Category,
        value: Trait,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let inv = self
            .investigation
            .as_ref()
            .ok_or_else(|| self.out_of_phase(seat))?;
        let directed = self.inv_site().expect("investigating").directed;
        match inv.stage.clone() {
            Stage::Resolve { asked, guessed } if seat == self.active => {
                if asked {
                    return Err(Refusal::new(
                        "you have asked this Site's question; you may still guess, or be done",
                    ));
                }
                if guessed && self.options.question_or_guess {
                    return Err(Refusal::new(
                        "with the optional rule, a Site earns a question or a guess, not both (p. 42)",
                    ));
                }
                self.allowed_question(category, value)?;
                self.answer(seat, directed, category, value, events);
                let done = guessed || self.options.question_or_guess;
                self.investigation.as_mut().expect("investigating").stage = Stage::Resolve {
                    asked: true,
                    guessed,
                };
                if done {
                    self.end_site(events);
                }
                Ok(())
            }
            Stage::Penalty if seat == directed => {
                let site = self.inv_site().expect("investigating").id;
                if !self.site_categories(site).contains(&category) {
                    return Err(Refusal::new(
                        "the penalty question is of a category the Site allows (p. 37)",
                    ));
                }
                let active = self.active;
                self.answer(seat, active, category, value, events);
                self.end_site(events);
                Ok(())
            }
            _ => Err(self.out_of_phase(seat)),
        }
    }

    pub(super) fn guess(
        &mut self,
        seat: Seat,
        xfile: CardIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let inv = self
            .investigation
            .as_ref()
            .ok_or_else(|| self.out_of_phase(seat))?;
        let directed = self.inv_site().expect("investigating").directed;
        if db().get(xfile).kind != CardType::XFile {
            return Err(Refusal::new(format!(
                "{} is not an X-File",
                db().get(xfile).title
            )));
        }
        match inv.stage.clone() {
            Stage::Resolve { asked, guessed } if seat == self.active => {
                if guessed || self.guessed_this_turn {
                    return Err(Refusal::new(
                        "one guess a turn, after a successful investigation (Rules Assistant p. 6)",
                    ));
                }
                if asked && self.options.question_or_guess {
                    return Err(Refusal::new(
                        "with the optional rule, a Site earns a question or a guess, not both (p. 42)",
                    ));
                }
                self.guessed_this_turn = true;
                if self.judge_guess(seat, directed, xfile, events) {
                    return Ok(());
                }
                self.player_mut(seat).wrong_guesses += 1;
                self.facts.push(Fact::WrongGuess { seat });
                if self.options.one_guess {
                    self.finish(
                        vec![directed],
                        format!("seat {} guessed wrong (one guess a game)", seat + 1),
                        events,
                    );
                    return Ok(());
                }
                self.investigation.as_mut().expect("investigating").stage = Stage::Penalty;
                Ok(())
            }
            Stage::Penalty if seat == directed => {
                // A wrong penalty guess carries no further penalty (p. 37).
                if !self.judge_guess(seat, self.active, xfile, events) {
                    self.end_site(events);
                }
                Ok(())
            }
            _ => Err(self.out_of_phase(seat)),
        }
    }

    /// Announces a guess of `of`'s X-File: a right one wins the game, a wrong
    /// one goes in the guesser's notebook. Returns whether it was right.
    fn judge_guess(&mut self, seat: Seat, of: Seat, xfile: CardIdx, events: &mut Events) -> bool {
        let actual = self.player(of).xfile.expect("chosen at set-up");
        // Reprints share a title: naming any printing is right.
        let right = db().get(actual).title == db().get(xfile).title;
        events.push(Event::public(XfEvent::Guessed {
            seat,
            of,
            xfile,
            right,
        }));
        if right {
            let summary = format!(
                "seat {} identified seat {}'s X-File, {}",
                seat + 1,
                of + 1,
                db().get(xfile).title
            );
            self.finish(vec![seat], summary, events);
        } else {
            self.player_mut(seat)
                .notebook
                .push(Note::WrongGuess { about: of, xfile });
        }
        right
    }

    /// After resolution the Site is discarded (p. 37).
    pub(super) fn end_site(&mut self, events: &mut Events) {
        let Some(inv) = self.investigation.take() else {
            return;
        };
        self.frames.retain(|f| f.id != inv.frame);
        if let Some((owner, card)) = self.take_site(inv.site, events) {
            self.player_mut(owner).discard.push(card);
            events.push(Event::public(XfEvent::SiteDiscarded { card }));
        }
        self.expire(super::effects::ast::Duration::Site);
        if self.phase != Phase::Over {
            self.phase = Phase::Investigation;
        }
    }
}
