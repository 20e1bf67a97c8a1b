//! Sites and Bluffs (pp. 24-25), starting an investigation (p. 27), and Site
//! resolution: the question, the guess and its penalty (p. 37).

use super::{Bluff, Check, Events, Investigation, Note, Phase, SiteInPlay, Stage, XfEvent, XfGame};
use crate::cards::effects::{Effect, Section, effects};
use crate::cards::{CardIdx, CardType, Category, Pool, Prerequisite, Skill, Trait, db};
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
        if !self.player(seat).hand.contains(&card) {
            return Err(Refusal::new(format!("{} is not in your hand", c.title)));
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
                    && effects()
                        .of(a.card)
                        .all()
                        .any(|e| matches!(e, Effect::FreeSiteTokens { .. }))
            });
            let Some(i) = holder else {
                return Err(Refusal::new(
                    "none of your Agents has a token to play a Site for 0 RP",
                ));
            };
            self.player_mut(seat).agents[i].tokens -= 1;
        } else {
            self.pay(seat, card, Pool::Rp, 0)?;
        }
        self.take_from_hand(seat, card)?;
        self.sites_this_turn.push(c.title.clone());
        self.sites.push(SiteInPlay {
            card,
            owner: seat,
            directed,
            bluffs: Vec::new(),
            keywords: c.keywords.clone(),
            played_turn: self.turn,
        });
        events.push(Event::public(XfEvent::SitePlayed {
            seat,
            card,
            directed,
        }));
        Ok(())
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
        self.take_from_hand(seat, card)?;
        self.sites[site].bluffs.push(Bluff { card, owner: seat });
        events.push(Event::public(XfEvent::BluffPlaced { seat, site }));
        Ok(())
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
        let a = self
            .player_mut(seat)
            .agents
            .iter_mut()
            .find(|a| {
                a.card == agent && a.tokens > 0 && !a.temporary && a.section != Section::Hospital
            })
            .filter(|a| {
                effects()
                    .of(a.card)
                    .all()
                    .any(|e| matches!(e, Effect::PeekBluffTokens { .. }))
            })
            .ok_or_else(|| Refusal::new("that Agent has no token to examine a Bluff"))?;
        a.tokens -= 1;
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
        for c in team {
            let a = self
                .agent(super::AgentRef { seat, card: *c })
                .ok_or_else(|| {
                    Refusal::new(format!("{} is not one of your Agents", db().get(*c).title))
                })?;
            if a.section != Section::Field {
                return Err(Refusal::new(format!(
                    "{} is not in the Field; only Field Agents investigate (p. 23)",
                    db().get(*c).title
                )));
            }
            if a.investigated {
                return Err(Refusal::new(format!(
                    "{} has already investigated a Site this turn (p. 27)",
                    db().get(*c).title
                )));
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
        for c in team {
            let a = self
                .agent_mut(super::AgentRef { seat, card: *c })
                .expect("checked");
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
        self.investigation = Some(Investigation {
            site,
            team: team.to_vec(),
            benched: Vec::new(),
            stage: Stage::Bluff,
            check: Check {
                needs,
                mods: Vec::new(),
                used: Vec::new(),
                stack: Vec::new(),
                priority: seat,
                passes: 0,
            },
            combat: None,
        });
        self.phase = Phase::Investigating;
        self.next_bluff(events);
        Ok(())
    }

    /// Reveals the next Bluff under the Site (p. 25): a card without the
    /// Keyword BLUFF is discarded at once; a real one waits for its owner to pay.
    fn next_bluff(&mut self, events: &mut Events) {
        let site = self.investigation.as_ref().expect("investigating").site;
        while let Some(b) = self.sites[site].bluffs.first().cloned() {
            let is_bluff = super::setup::is_bluff(b.card);
            events.push(Event::public(XfEvent::BluffRevealed {
                owner: b.owner,
                card: b.card,
                is_bluff,
            }));
            if is_bluff {
                return;
            }
            self.sites[site].bluffs.remove(0);
            self.player_mut(b.owner).discard.push(b.card);
            events.push(Event::public(XfEvent::BluffDiscarded {
                owner: b.owner,
                card: b.card,
            }));
        }
        self.begin_check(events);
    }

    /// The Bluff's owner pays 1 CP less than its cost, or discards it (p. 25).
    pub(super) fn pay_bluff(&mut self, pay: bool, events: &mut Events) -> Result<(), Refusal> {
        let site = self.investigation.as_ref().expect("investigating").site;
        let b = self.sites[site].bluffs[0].clone();
        if pay {
            let cost = db()
                .get(b.card)
                .cost
                .map_or(0, |c| c.amount.with_x(0))
                .saturating_sub(1);
            if self.player(b.owner).cp < cost {
                return Err(Refusal::new(format!(
                    "the Bluff costs {cost} CP under a Site and your Conspiracy Pool holds {}; let it go (pay:false)",
                    self.player(b.owner).cp
                )));
            }
            self.player_mut(b.owner).cp -= cost;
            self.sites[site].bluffs.remove(0);
            events.push(Event::public(XfEvent::BluffPaid {
                owner: b.owner,
                card: b.card,
                cost,
            }));
            self.player_mut(b.owner).discard.push(b.card);
            self.on_card_played(b.card, events);
            if self.bluff_effect(b.owner, b.card, events) {
                return Ok(());
            }
        } else {
            self.sites[site].bluffs.remove(0);
            self.player_mut(b.owner).discard.push(b.card);
            events.push(Event::public(XfEvent::BluffDiscarded {
                owner: b.owner,
                card: b.card,
            }));
        }
        self.next_bluff(events);
        Ok(())
    }

    /// Applies a paid Bluff; returns true when it waits for a choice.
    fn bluff_effect(&mut self, owner: Seat, card: CardIdx, events: &mut Events) -> bool {
        let fx = effects().of(card);
        let inv = self.investigation.as_mut().expect("investigating");
        inv.check.used.push(db().get(card).title.clone());
        let Some(mode) = fx.modes.first() else {
            events.push(Event::public(XfEvent::Resolved { card, manual: true }));
            return false;
        };
        for e in &mode.effects {
            match e {
                Effect::SkillCheck { amount, skills } => {
                    inv.check.mods.push((skills.first().copied(), *amount))
                }
                Effect::SetPrerequisite { skill, threshold } => {
                    inv.check.needs = vec![(*skill, *threshold)]
                }
                Effect::GainPool { pool, amount } => {
                    let p = &mut self.players[usize::from(owner)];
                    match pool {
                        Pool::Rp => p.rp += amount,
                        _ => p.cp += amount,
                    }
                }
                Effect::TeamLimit { agents } if inv.team.len() > usize::from(*agents) => {
                    inv.stage = Stage::ChooseAgents { keep: *agents };
                    events.push(Event::public(XfEvent::Resolved {
                        card,
                        manual: false,
                    }));
                    return true;
                }
                _ => {}
            }
        }
        events.push(Event::public(XfEvent::Resolved {
            card,
            manual: !mode.automated,
        }));
        false
    }

    pub(super) fn keep_agents(
        &mut self,
        agents: &[CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let inv = self.investigation.as_ref().expect("investigating");
        let Stage::ChooseAgents { keep } = inv.stage else {
            unreachable!("checked by dispatch")
        };
        let mut chosen = agents.to_vec();
        chosen.sort();
        chosen.dedup();
        if chosen.len() != usize::from(keep) || !chosen.iter().all(|c| inv.team.contains(c)) {
            let names: Vec<&str> = inv
                .team
                .iter()
                .map(|c| db().get(*c).title.as_str())
                .collect();
            return Err(Refusal::new(format!(
                "choose exactly {keep} of the Team: {}",
                names.join(", ")
            )));
        }
        let benched: Vec<CardIdx> = inv
            .team
            .iter()
            .filter(|c| !chosen.contains(c))
            .copied()
            .collect();
        let inv = self.investigation.as_mut().expect("investigating");
        inv.benched = benched;
        inv.stage = Stage::Bluff;
        events.push(Event::public(XfEvent::AgentsKept { kept: chosen }));
        self.next_bluff(events);
        Ok(())
    }

    fn begin_check(&mut self, events: &mut Events) {
        let active = self.active;
        let inv = self.investigation.as_mut().expect("investigating");
        inv.stage = Stage::Check;
        inv.check.priority = active;
        inv.check.passes = 0;
        let (total, needed) = self.check_totals();
        events.push(Event::public(XfEvent::CheckStands { total, needed }));
    }

    /// The team's level and the need of the check's first part.
    pub fn check_totals(&self) -> (i32, i32) {
        let Some(inv) = &self.investigation else {
            return (0, 0);
        };
        match inv.check.needs.first() {
            Some((skill, need)) => (self.team_total(*skill), i32::from(*need)),
            None => (0, 0),
        }
    }

    /// The investigating Team's level in a skill: its contributing Agents
    /// (in the Field, not benched) with their Equipment, plus card modifiers.
    pub fn team_total(&self, skill: Skill) -> i32 {
        let Some(inv) = &self.investigation else {
            return 0;
        };
        let seat = self.active;
        let agents: i32 = inv
            .team
            .iter()
            .filter(|c| !inv.benched.contains(c))
            .filter(|c| {
                self.agent(super::AgentRef { seat, card: **c })
                    .is_some_and(|a| a.section == Section::Field)
            })
            .map(|c| self.agent_skill(seat, *c, skill))
            .sum();
        let mods: i32 = inv
            .check
            .mods
            .iter()
            .filter(|(s, _)| s.is_none() || *s == Some(skill))
            .map(|(_, m)| m)
            .sum();
        agents + mods
    }

    /// Each part of the check is met.
    pub fn check_met(&self) -> bool {
        let Some(inv) = &self.investigation else {
            return false;
        };
        inv.check
            .needs
            .iter()
            .all(|(skill, need)| self.team_total(*skill) >= i32::from(*need))
    }

    /// The Site check is over (everyone passed with nothing to resolve).
    pub(super) fn finish_site_check(&mut self, events: &mut Events) {
        let success = self.check_met() || self.easier_met();
        let (total, needed) = self.check_totals();
        events.push(Event::public(XfEvent::CheckResult {
            success,
            total,
            needed,
        }));
        if success {
            self.investigation.as_mut().expect("investigating").stage = Stage::Resolve {
                asked: false,
                guessed: false,
            };
        } else {
            self.end_site(events);
        }
    }

    /// The Team reached the lower threshold a Site grants one question
    /// ("if you ask whether the MOTIVE is Control, the prerequisite is 4+").
    fn easier_met(&self) -> bool {
        let Some(inv) = &self.investigation else {
            return false;
        };
        let easier = db()
            .get(self.sites[inv.site].card)
            .question
            .as_ref()
            .and_then(|q| q.easier);
        match (easier, inv.check.needs.first()) {
            (Some(e), Some((skill, _))) => self.team_total(*skill) >= i32::from(e.threshold),
            _ => false,
        }
    }

    /// Questions the investigator may ask at this Site: its categories, or
    /// only the easier one when the team reached just the easier threshold.
    fn allowed_question(&self, category: Category, value: Trait) -> Result<(), Refusal> {
        let inv = self.investigation.as_ref().expect("investigating");
        let card = db().get(self.sites[inv.site].card);
        let Some(q) = &card.question else {
            return Err(Refusal::new(format!(
                "{} lets you ask no question",
                card.title
            )));
        };
        if !q.categories.contains(&category) {
            let names: Vec<String> = q
                .categories
                .iter()
                .map(|c| c.as_str().to_uppercase())
                .collect();
            return Err(Refusal::new(format!(
                "{} allows a {} question",
                card.title,
                names.join(" or ")
            )));
        }
        let met_fully = self.check_met();
        if let Some(e) = q.easier
            && !met_fully
            && (e.value != value)
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

    /// The answer to "Is your X-File's <category> <value>?" from the X-File card.
    pub(super) fn answer(
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
        if self.players.iter().filter(|p| !p.out).count() > 2 {
            events.push(Event::private(asker, answer));
        } else {
            events.push(Event::public(answer));
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
        let directed = self.sites[inv.site].directed;
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
                let card = db().get(self.sites[inv.site].card);
                if !card
                    .question
                    .as_ref()
                    .is_some_and(|q| q.categories.contains(&category))
                {
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
        let directed = self.sites[inv.site].directed;
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
        let site = self.sites.remove(inv.site);
        for b in &site.bluffs {
            self.player_mut(b.owner).discard.push(b.card);
        }
        self.player_mut(site.owner).discard.push(site.card);
        events.push(Event::public(XfEvent::SiteDiscarded { card: site.card }));
        if self.phase != Phase::Over {
            self.phase = Phase::Investigation;
        }
    }
}
