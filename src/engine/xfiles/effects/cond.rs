//! Whether a condition holds for an effect: `when` lines (may the card be
//! played or used now?) and `if` lines of programs.

use std::cmp::Ordering;

use super::ast::{Cond, FactPat, Num, PhaseName};
use super::select::card_titled;
use super::state::{Source, Val, Vars};
use crate::cards::{Section, db};
use crate::engine::xfiles::{Fact, Note, Phase, Place, Stage, XfGame};

impl XfGame {
    pub(crate) fn holds(&self, src: &Source, vars: &Vars, c: &Cond) -> bool {
        match c {
            Cond::Not(c) => !self.holds(src, vars, c),
            Cond::Passed => vars.flag("passed"),
            Cond::Phase(p) => p.iter().any(|p| self.in_phase(*p)),
            Cond::Active => src.controller == self.active,
            Cond::InCombat => self.combat().is_some(),
            Cond::BeforeDamage => self
                .combat()
                .is_some_and(|c| c.step != crate::engine::xfiles::CombatStep::AfterDamage),
            Cond::Round(skill) => self.combat().is_some_and(|c| c.skill() == *skill),
            Cond::AfterDamage(skill) => self.right_after_damage(*skill),
            Cond::InCheck(skills) => match self.check_for(src) {
                Some(c) if self.combat().is_none() => {
                    skills.is_empty() || c.needs.iter().any(|(s, _)| skills.contains(s))
                }
                _ => false,
            },
            Cond::SiteCheck(skills) => {
                self.combat().is_none()
                    && self
                        .investigation
                        .as_ref()
                        .is_some_and(|i| i.stage == Stage::Check)
                    && self.site_check().is_some_and(|c| {
                        skills.is_empty() || c.needs.iter().any(|(s, _)| skills.contains(s))
                    })
            }
            Cond::Using(skills) => self
                .site_check()
                .is_some_and(|c| c.needs.iter().any(|(s, _)| skills.contains(s))),
            Cond::Exists(sel) => !self.select(src, vars, sel).is_empty(),
            Cond::AtLeast(sel, n) => self.select(src, vars, sel).len() as i32 >= *n,
            Cond::Happened(f) => self
                .facts
                .iter()
                .any(|x| self.fact_matches(src, vars, f, x)),
            Cond::Bound(v) => {
                !matches!(vars.get(v), None | Some(Val::List(_)))
                    || matches!(vars.get(v), Some(Val::List(l)) if !l.is_empty())
            }
            Cond::Flag(v) => vars.flag(v),
            Cond::May(_) => true,
            Cond::Known(cat) => self.known(src.controller, *cat),
            Cond::KnownTheirs(cat) => self.knows_theirs(src.controller, *cat),
            Cond::SelfIn(s) => self.source_section(src) == Some(*s),
            Cond::Multiplayer => self.seats_in() > 2,
            Cond::RpSpent => src
                .agent
                .and_then(|a| self.agent(a))
                .is_some_and(|a| !a.dedicated_rp),
            Cond::LrcSkipped => self.combat().is_some_and(|c| c.lrc_skipped),
            Cond::GameOption(o) => match o.as_str() {
                "income-any-turn" => self.options.income_any_turn,
                "powers" => self.options.powers,
                "killer" => self.options.killer,
                _ => false,
            },
            Cond::Compare(a, op, b) => {
                let (a, b) = (self.num_for(src, vars, a), self.num_for(src, vars, b));
                match op {
                    Ordering::Greater => a >= b,
                    Ordering::Less => a < b,
                    Ordering::Equal => a == b,
                }
            }
            Cond::XFile(t) => self.xfile_is(self.player(src.controller).xfile, *t),
            Cond::XFileAside(t) => {
                let p = self.player(src.controller);
                p.candidates
                    .iter()
                    .any(|c| Some(*c) != p.xfile && self.xfile_is(Some(*c), *t))
            }
            Cond::InPlay(titles) => {
                let p = self.player(src.controller);
                p.agents
                    .iter()
                    .any(|a| a.away.is_none() && card_titled(a.card, titles))
                    || self
                        .perms
                        .iter()
                        .any(|x| x.controller == src.controller && card_titled(x.card, titles))
            }
        }
    }

    /// Whether an X-File card has this characteristic.
    pub(crate) fn xfile_is(
        &self,
        xfile: Option<crate::cards::CardIdx>,
        t: crate::cards::Trait,
    ) -> bool {
        xfile
            .and_then(|x| db().get(x).characteristics)
            .is_some_and(|c| c.answers_yes(t.category(), t))
    }

    /// Whether an opponent knows this characteristic of the seat's X-File
    /// (announced, or a yes answer in someone's notebook).
    pub(crate) fn known(&self, seat: crate::engine::Seat, cat: crate::cards::Category) -> bool {
        self.player(seat).announced.contains(&cat)
            || self.players.iter().any(|p| {
                p.notebook.iter().any(|n| {
                    matches!(n, Note::Answer { about, category, yes: true, .. }
                        if *about == seat && *category == cat)
                })
            })
    }

    /// The seat knows this characteristic of an opponent's X-File: the
    /// opponent announced it, or the seat was told "yes" about it.
    pub(crate) fn knows_theirs(
        &self,
        seat: crate::engine::Seat,
        cat: crate::cards::Category,
    ) -> bool {
        self.others_from(seat).into_iter().any(|o| {
            self.player(o).announced.contains(&cat)
                || self.player(seat).notebook.iter().any(|n| {
                    matches!(n, Note::Answer { about, category, yes: true, .. }
                        if *about == o && *category == cat)
                })
        })
    }

    /// How many characteristics of the seat's X-File are known.
    pub(crate) fn known_count(&self, seat: crate::engine::Seat) -> i32 {
        use crate::cards::Category as C;
        [C::Affiliation, C::Method, C::Motive, C::Result]
            .into_iter()
            .filter(|c| self.known(seat, *c))
            .count() as i32
    }

    /// A number a card names, outside a running effect (a condition, a
    /// defined X, a cost).
    pub(crate) fn num_for(&self, src: &Source, vars: &Vars, n: &Num) -> i32 {
        let r = super::state::Resolution {
            src: src.clone(),
            pc: 0,
            vars: vars.clone(),
            wait: super::state::Wait::Ready,
            played: None,
        };
        self.num(&r, n)
    }

    fn in_phase(&self, p: PhaseName) -> bool {
        matches!(
            (p, &self.phase),
            (
                PhaseName::Briefing,
                Phase::Draw | Phase::Buy | Phase::Trade(_)
            ) | (PhaseName::Requisition, Phase::Requisition)
                | (PhaseName::Deployment, Phase::Deployment)
                | (
                    PhaseName::CaseAssignment,
                    Phase::CaseAssignment | Phase::Bluffing(_) | Phase::CaseEnd
                )
                | (PhaseName::CaseEnd, Phase::CaseEnd)
                | (
                    PhaseName::Investigation,
                    Phase::Investigation | Phase::Investigating
                )
                | (PhaseName::Debriefing, Phase::Debriefing)
                | (PhaseName::Drawn, Phase::Buy | Phase::Trade(_))
        )
    }

    /// The section the source's card (or Agent) is in.
    pub(crate) fn source_section(&self, src: &Source) -> Option<Section> {
        if let Some(a) = src.agent.and_then(|a| self.agent(a)) {
            return Some(a.section);
        }
        match src.perm.and_then(|id| self.perm(id)).map(|p| p.place) {
            Some(Place::Section(_, s)) => Some(s),
            Some(Place::Agent(a)) => self.agent(a).map(|a| a.section),
            _ => None,
        }
    }

    /// A round of this range just dealt its damage: the window after it, or
    /// the next round's card plays (Handcuff).
    fn right_after_damage(&self, skill: crate::cards::Skill) -> bool {
        use crate::engine::xfiles::{CombatRound, CombatStep};
        let range = if skill == crate::cards::Skill::LongRangeCombat {
            CombatRound::Long
        } else {
            CombatRound::Close
        };
        self.combat().is_some_and(|c| match c.step {
            CombatStep::AfterDamage => c.round == range,
            CombatStep::Cards => c.dealt_in == Some(range),
            CombatStep::Assign => false,
        })
    }

    /// `f` is the outcome of the turn's last Site investigation.
    fn last_site_fact_is(&self, f: &Fact) -> bool {
        self.facts
            .iter()
            .rev()
            .find(|x| matches!(x, Fact::SiteSucceeded { .. } | Fact::SiteFailed { .. }))
            .is_some_and(|x| std::ptr::eq(x, f))
    }

    fn fact_matches(&self, src: &Source, vars: &Vars, pat: &FactPat, f: &Fact) -> bool {
        let me = src.controller;
        match (pat, f) {
            (FactPat::AdversaryHospitalized { mine }, Fact::AdversaryHospitalized { seat }) => {
                mine.is_none_or(|m| m == (*seat == me))
            }
            (FactPat::AdversaryKilled, Fact::AdversaryKilled) => true,
            (FactPat::SiteSucceeded { skills }, Fact::SiteSucceeded { skill, .. }) => {
                skills.is_empty() || skills.contains(skill)
            }
            (FactPat::OtherBluffRevealed, Fact::BluffRevealed { site, card }) => {
                *card != src.card && self.investigation.as_ref().is_some_and(|i| i.site == *site)
            }
            (FactPat::SiteExact, Fact::SiteSucceeded { exact, .. }) => {
                *exact && self.last_site_fact_is(f)
            }
            (
                FactPat::SiteFailed {
                    combat,
                    keywords,
                    team_of,
                },
                Fact::SiteFailed {
                    combat: fought,
                    keywords: had,
                    team,
                    ..
                },
            ) => {
                self.last_site_fact_is(f)
                    && (!combat || *fought)
                    && (keywords.is_empty() || keywords.iter().any(|k| had.contains(k)))
                    && team_of.as_ref().is_none_or(|v| {
                        vars.get(v)
                            .is_some_and(|x| x.agents().iter().any(|a| team.contains(a)))
                    })
            }
            (FactPat::Asked { of_me }, Fact::Asked { of, .. }) => !of_me || *of == me,
            (FactPat::WrongGuess, Fact::WrongGuess { seat }) => *seat == me,
            (FactPat::CombatEnded, Fact::CombatEnded { .. }) => true,
            (FactPat::AgentRemoved, Fact::AgentRemoved { seat, .. }) => *seat == me,
            (FactPat::OpponentSold, Fact::Sold { seat, .. }) => *seat != me,
            (FactPat::OpponentPaid, Fact::PaidToDraw { seat }) => {
                *seat != me && self.owed_draw.as_ref().is_some_and(|o| o.seat == *seat)
            }
            (FactPat::Healed { var }, Fact::Healed { agent }) => {
                vars.get(var).is_some_and(|v| v.agents().contains(agent))
            }
            (FactPat::Negated { var }, Fact::Negated { card }) => vars.get(var).is_some_and(|v| {
                v.agents().iter().any(|a| a.card == *card) || v.contains(&Val::Card(*card))
            }),
            (FactPat::AdversaryResolved { keywords }, Fact::CombatEnded { adversary, .. }) => {
                keywords
                    .iter()
                    .any(|k| db().get(*adversary).has_keyword(*k))
            }
            _ => false,
        }
    }

    /// Whether a card's play ability would do anything now: its `when`
    /// lines, and the conditions its steps imply.
    pub(crate) fn conditions_hold(&self, src: &Source, vars: &Vars, when: &[Cond]) -> bool {
        when.iter().all(|c| self.holds(src, vars, c))
    }
}
