//! The stack and priority (pp. 16, 28-29): every card played waits on one
//! stack; players answer in turn within a frame (a skill check, a combat,
//! or a response window opened by a card played outside both). How
//! xfiles-bot plays it: playing a card passes priority, so a card resolves
//! once every other player has passed in turn; then the round starts again
//! from the frame's first player. When everyone passes with nothing above
//! the frame's base, the frame ends: a check is judged, a window closes, a
//! combat round deals its damage.

use super::effects::ast::{Cond, Duration, PlaysUnder, Qual};
use super::effects::run::ability_in;
use super::effects::state::{AbilityRef, Source, Val, Vars};
use super::effects::statics::{InForce, bears_on_contribution, bears_on_skill};
use super::effects::verbs;
use super::{
    AgentRef, Check, Events, Fact, Frame, FrameKind, Pending, Phase, Stage, Target, XfEvent, XfGame,
};
use crate::cards::{CardIdx, CardType, Pool, Skill, db};
use crate::engine::{Event, Refusal, Seat};

/// The Rules Assistant's ruling (Ancillary Documentation p. 7).
const NO_PLAY_IN_DEBRIEFING: &str = "no card may be played during the Debriefing Phase (Rules Assistant ruling, Ancillary Documentation p. 7)";

/// What checking a play found: the pool it is paid from, its target, the
/// opponent it names, its cost and X.
#[derive(Debug, Clone)]
pub struct PlayCheck {
    pub pool: Pool,
    pub target: Option<Val>,
    pub opponent: Option<Seat>,
    pub cost: u32,
    pub x: u32,
}

/// A card played from the hand, as the player names it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayArgs {
    pub card: CardIdx,
    pub mode: u8,
    pub target: Option<Target>,
    pub x: u32,
    pub pool: Option<Pool>,
}

impl XfGame {
    /// The seat after `seat` among those still in the game.
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        self.others_from(seat).first().copied().unwrap_or(seat)
    }

    /// Checks in progress, innermost last.
    pub(crate) fn checks(&self) -> impl DoubleEndedIterator<Item = (u32, &Check)> {
        self.frames.iter().filter_map(|f| match &f.kind {
            FrameKind::Check(c) => Some((f.id, c)),
            _ => None,
        })
    }

    pub fn innermost_check(&self) -> Option<&Check> {
        self.checks().next_back().map(|(_, c)| c)
    }

    pub(crate) fn check_mut(&mut self, id: u32) -> Option<&mut Check> {
        self.frames.iter_mut().find_map(|f| match &mut f.kind {
            FrameKind::Check(c) if f.id == id => Some(c),
            _ => None,
        })
    }

    /// The Site check in progress.
    pub fn site_check(&self) -> Option<&Check> {
        let id = self.investigation.as_ref()?.frame;
        self.checks().find(|(i, _)| *i == id).map(|(_, c)| c)
    }

    pub(crate) fn site_check_for(&mut self, _: &Source) -> Option<&mut Check> {
        let id = self.investigation.as_ref()?.frame;
        self.check_mut(id)
    }

    /// The check a card acts on: the one it was played into, else the innermost.
    pub(crate) fn check_id_for(&self, src: &Source) -> Option<u32> {
        if let Some(id) = src.check
            && self.checks().any(|(i, _)| i == id)
        {
            return Some(id);
        }
        self.checks().next_back().map(|(i, _)| i)
    }

    pub(crate) fn check_for(&self, src: &Source) -> Option<&Check> {
        let id = self.check_id_for(src)?;
        self.checks().find(|(i, _)| *i == id).map(|(_, c)| c)
    }

    /// A Team's level in a skill for a check: its contributing Agents with
    /// their best Equipment, plus the check's card modifiers.
    pub fn team_total_of(&self, c: &Check, skill: Skill) -> i32 {
        let forces = self.in_force_of(&|m| bears_on_skill(m) || bears_on_contribution(m));
        let team: Vec<AgentRef> = c
            .team
            .iter()
            .map(|card| AgentRef {
                seat: c.seat,
                card: *card,
            })
            .filter(|a| self.contributes_now(&forces, *a, c))
            .collect();
        let agents: i32 = if matches!(skill, Skill::LongRangeCombat | Skill::CloseRangeCombat) {
            // In combat each Agent may use its own copy (FAQ21 #25).
            team.iter()
                .map(|a| self.agent_skill_in(&forces, *a, skill))
                .sum()
        } else {
            let gear: Vec<Vec<(CardIdx, i32)>> = team
                .iter()
                .map(|a| match c.equipped.contains(a) {
                    true => Vec::new(),
                    false => self.gear_of(&forces, *a, skill),
                })
                .collect();
            let best = best_gear(&gear, &c.used);
            team.iter()
                .zip(best)
                .map(|(a, g)| self.skill_with_gear(&forces, *a, skill, g))
                .sum()
        };
        let mods: i32 = c
            .mods
            .iter()
            .filter(|m| m.skill.is_none_or(|s| s == skill))
            .map(|m| m.amount)
            .sum();
        agents + mods + self.remote_total(c, skill) + self.team_gear(c.seat, &c.team, skill)
    }

    /// What Agents with a Cellular Phone add from another section.
    fn remote_total(&self, c: &Check, skill: Skill) -> i32 {
        if matches!(skill, Skill::LongRangeCombat | Skill::CloseRangeCombat) {
            return 0;
        }
        let section = c
            .team
            .first()
            .and_then(|card| {
                self.agent(AgentRef {
                    seat: c.seat,
                    card: *card,
                })
            })
            .map(|a| a.section);
        self.remote_helpers(c.seat)
            .into_iter()
            .filter(|(a, _)| !c.team.contains(&a.card))
            .filter(|(a, _)| {
                self.agent(*a).is_some_and(|x| {
                    x.section != crate::cards::Section::Hospital && Some(x.section) != section
                })
            })
            .map(|(a, minus)| (self.agent_skill(a, skill) - i32::from(minus)).max(0))
            .sum()
    }

    /// The Agent adds its skills to this check now.
    fn contributes_now(&self, forces: &[InForce<'_>], a: AgentRef, c: &Check) -> bool {
        if !self.contributes_in(forces, a, c) {
            return false;
        }
        if let (Some(site), Some(inv)) = (c.site, &self.investigation)
            && inv.site == site
        {
            if inv.benched.contains(&a.card) {
                return false;
            }
            return self
                .agent(a)
                .is_some_and(|x| x.section == crate::cards::Section::Field);
        }
        true
    }

    /// Each part of the check is met.
    pub fn check_met(&self, c: &Check) -> bool {
        !c.fails
            && c.needs
                .iter()
                .all(|(skill, need)| self.team_total_of(c, *skill) >= i32::from(*need))
    }

    /// The Site check's total in a skill (0 with no Site check).
    pub fn team_total(&self, skill: Skill) -> i32 {
        self.site_check()
            .map_or(0, |c| self.team_total_of(c, skill))
    }

    /// The innermost check's total and need (first part).
    pub fn check_totals_now(&self) -> Option<(i32, i32)> {
        let c = self.innermost_check()?;
        let (skill, need) = c.needs.first().copied()?;
        Some((self.team_total_of(c, skill), i32::from(need)))
    }

    /// The Site check's total and need (first part).
    pub fn check_totals(&self) -> (i32, i32) {
        match self
            .site_check()
            .and_then(|c| c.needs.first().copied().map(|n| (c, n)))
        {
            Some((c, (skill, need))) => (self.team_total_of(c, skill), i32::from(need)),
            None => (0, 0),
        }
    }

    /// A player's Team when a card forces a check outside an investigation:
    /// their Agents in the Field, else in the Bureau.
    pub(crate) fn default_team(&self, seat: Seat) -> Vec<AgentRef> {
        use crate::cards::Section;
        for s in [Section::Field, Section::Bureau] {
            let v: Vec<AgentRef> = self
                .player(seat)
                .agents
                .iter()
                .filter(|a| a.section == s && a.away.is_none())
                .map(|a| AgentRef { seat, card: a.card })
                .collect();
            if !v.is_empty() {
                return v;
            }
        }
        Vec::new()
    }

    /// Opens a check a card forces; the Investigating Player may play first.
    pub(crate) fn open_check(
        &mut self,
        seat: Seat,
        team: Vec<AgentRef>,
        skill: Skill,
        n: u8,
        by: CardIdx,
        events: &mut Events,
    ) -> u32 {
        let id = self.new_id();
        let cards: Vec<CardIdx> = team.iter().map(|a| a.card).collect();
        events.push(Event::public(XfEvent::CheckForced {
            seat,
            skill,
            threshold: n,
            team: cards.clone(),
        }));
        let first = self.active;
        self.frames.push(Frame {
            id,
            base: self.stack.len(),
            priority: first,
            passes: 0,
            first,
            kind: FrameKind::Check(Check {
                seat,
                team: cards,
                needs: vec![(skill, n)],
                mods: Vec::new(),
                used: Vec::new(),
                site: None,
                fails: false,
                forced_by: Some(by),
                equipped: Vec::new(),
            }),
        });
        if let Some((total, needed)) = self.check_totals_now() {
            events.push(Event::public(XfEvent::CheckStands { total, needed }));
        }
        id
    }

    /// The innermost frame's round starts again from `first`.
    pub(crate) fn reset_priority(&mut self, first: Seat) {
        if let Some(f) = self.frames.last_mut() {
            f.priority = first;
            f.passes = 0;
        }
    }

    /// Who may play or pass now (no one outside frames).
    pub fn priority_seat(&self) -> Option<Seat> {
        self.frames.last().map(|f| f.priority)
    }

    /// The card is of a type that may be played in the current frame.
    pub(crate) fn type_allowed(&self, card: CardIdx, in_combat_ok: bool) -> Result<(), Refusal> {
        let c = db().get(card);
        let in_combat = matches!(
            self.frames.last().map(|f| &f.kind),
            Some(FrameKind::Combat(_))
        );
        let in_check = self.innermost_check().is_some();
        match c.kind {
            CardType::Combat if !in_combat => Err(Refusal::new(
                "Combat cards are played only in combat (p. 35)",
            )),
            CardType::Combat => Ok(()),
            _ if in_combat && in_combat_ok => Ok(()),
            _ if in_combat => Err(Refusal::new(format!(
                "only Combat cards may be played in combat; {} is {} card (p. 35)",
                c.title, c.kind
            ))),
            // How xfiles-bot plays it: Adversaries attack a Team at a Site,
            // not one making a check another card forced elsewhere.
            CardType::Adversary if !in_check || self.investigation.is_none() => {
                Err(Refusal::new(format!(
                    "{} attacks a Team making a skill check: play it during an investigation",
                    c.title
                )))
            }
            CardType::Event | CardType::Witness | CardType::Bluff | CardType::Adversary => Ok(()),
            CardType::Site => Err(Refusal::new(
                "Sites are played in the Case Assignment Phase (/site)",
            )),
            CardType::Equipment => Err(Refusal::new(
                "Equipment is requisitioned in the Requisition Phase (/equip)",
            )),
            CardType::Agent => Err(Refusal::new(
                "Agents from the hand join in the Deployment Phase (/deploy)",
            )),
            _ => Err(Refusal::new(format!("{} cannot be played", c.title))),
        }
    }

    /// May this seat play a card now at all (priority, phase)?
    fn may_act_now(&self, seat: Seat) -> Result<(), Refusal> {
        if self.choice.is_some() {
            return Err(self.not_your_move(seat));
        }
        if matches!(self.phase, Phase::ChooseXFile | Phase::Over) {
            return Err(self.out_of_phase(seat));
        }
        if let Some(f) = self.frames.last() {
            if f.priority != seat {
                return Err(self.not_your_move(seat));
            }
            if let FrameKind::Combat(c) = &f.kind
                && c.step == super::CombatStep::Assign
            {
                return Err(self.not_your_move(seat));
            }
            if self
                .investigation
                .as_ref()
                .is_some_and(|i| i.stage == Stage::Bluff)
                && self.stack.len() <= f.base
            {
                return Err(self.not_your_move(seat));
            }
            // Paid Bluffs resolve before any card is played (p. 29):
            // while they do, only answers to them.
            if self.revealing() && self.stack.len() <= f.base {
                return Err(Refusal::new(
                    "the Site's Bluffs are revealed and resolved before cards are played (p. 29)",
                ));
            }
        }
        Ok(())
    }

    /// Bluffs under the Site are still being revealed and resolved.
    pub(crate) fn revealing(&self) -> bool {
        self.investigation.as_ref().is_some_and(|i| {
            i.stage == Stage::Check
                && self.frames.last().map(|f| f.id) == Some(i.frame)
                && self.site(i.site).is_some_and(|s| !s.bluffs.is_empty())
        })
    }

    /// The opponent a play names: the seat given, the Directed Player, or
    /// the only opponent.
    fn named_opponent(&self, seat: Seat, target: &Option<Target>) -> Option<Seat> {
        if let Some(Target::Seat(s)) = target {
            return Some(*s);
        }
        if seat != self.active {
            return Some(self.active);
        }
        if let Some(s) = self.inv_site() {
            return Some(s.directed);
        }
        let others = self.others_from(seat);
        (others.len() == 1).then(|| others[0])
    }

    /// The source a play of this card would run as.
    fn play_source(
        &self,
        seat: Seat,
        card: CardIdx,
        mode: u8,
        x: u32,
        opponent: Option<Seat>,
    ) -> Source {
        Source {
            check: self.checks().next_back().map(|(i, _)| i),
            opponent,
            x,
            ..Source::new(card, AbilityRef::Play(mode), seat)
        }
    }

    /// Everything that must hold to play a card now, short of paying:
    /// returns the pool, the checked target and the opponent named.
    #[allow(clippy::too_many_arguments)]
    pub fn check_play(
        &self,
        seat: Seat,
        card: CardIdx,
        mode: u8,
        target: &Option<Target>,
        x: u32,
        pool: Option<Pool>,
    ) -> Result<PlayCheck, Refusal> {
        self.may_play_now(seat, card, mode)?;
        let c = db().get(card);
        let scripts = self.script_db();
        let ability = scripts
            .of(card)
            .and_then(|s| ability_in(s, AbilityRef::Play(mode)));
        if let Some(ab) = ability {
            x_allowed(ab, x, &c.title)?;
        }
        let named = target
            .as_ref()
            .and_then(|t| self.val_of_target(t))
            .and_then(|v| v.agent());
        let hunting = self.hunt_covers(seat, card, named);
        if let Some(a) = named
            && !hunting
            && c.kind == CardType::Adversary
            && self.hunted_team(seat).is_some()
            && !self.check_team_now().contains(&a)
        {
            return Err(Refusal::new(format!(
                "{} attacks the Team making the check or the Team you hunt; {} is in neither",
                c.title,
                db().get(a.card).title
            )));
        }
        if !ability.is_some_and(|a| a.ignore_activators) && !hunting {
            self.activators_hold(seat, card)?;
        }
        let pool = self.paying_pool(seat, card, pool)?;
        if let Some(by) = self.forbidden_by(seat, card, pool) {
            return Err(Refusal::new(format!(
                "{} may not be played now ({})",
                c.title,
                db().get(by).title
            )));
        }
        if super::setup::is_killer(card) && !self.options.killer {
            return Err(Refusal::new(
                "Killer cards are not used in this game (p. 42)",
            ));
        }
        let opponent = self.named_opponent(seat, target);
        let mut src = self.play_source(seat, card, mode, x, opponent);
        let mut vars = Vars::default();
        if let Some(Target::Value(v)) = target {
            vars.set("value", Val::Trait(*v));
        }
        let target_val = match ability {
            Some(ab) => self.play_target_when(&src, &mut vars, ab, target, &c.title)?,
            None => match target {
                Some(Target::Value(v)) => Some(Val::Trait(*v)),
                Some(t) => self.val_of_target(t),
                None => None,
            },
        };
        // An Adversary sent after the hunted Team keeps the Agent named.
        let target_val = match (target_val, named) {
            (None, Some(a)) if hunting => Some(Val::Agent(a)),
            (v, _) => v,
        };
        if let Some(a) = target_val.as_ref().and_then(Val::agent) {
            self.agent_may_take(seat, card, a)?;
        }
        if let Some(v) = &target_val {
            vars.set("target", v.clone());
        }
        // X the text defines ("X = the number of Bluffs at the Site", "the
        // Cost of the opponent's card").
        if let Some(n) = ability.and_then(|a| a.x.as_ref()) {
            src.x = self.num_for(&src, &vars, n).max(0) as u32;
        }
        let cost = self.play_cost(&src, &vars, pool);
        // Played from under a card in play, at that card's price.
        let cost = match self.playable_under(seat).into_iter().find(|x| x.1 == card) {
            Some((id, _)) if !self.player(seat).hand.contains(&card) => {
                self.under_cost(seat, id, card, cost)
            }
            _ => cost,
        };
        if !self.can_pay(seat, card, pool, cost) {
            let p = self.player(seat);
            let have = if pool == Pool::Rp { p.rp } else { p.cp };
            return Err(Refusal::new(format!(
                "{} costs {cost} {pool} and your pool holds {have}",
                c.title
            )));
        }
        Ok(PlayCheck {
            pool,
            target: target_val,
            opponent,
            cost,
            x: src.x,
        })
    }

    /// What forbids a card from the hand whatever it is played on: whose
    /// move and which phase it is, its type, a check's used cards (p. 29),
    /// a combat's last word, an Adversary's limits, the mode asked for.
    fn may_play_now(&self, seat: Seat, card: CardIdx, mode: u8) -> Result<(), Refusal> {
        self.may_act_now(seat)?;
        if self.phase == Phase::Debriefing {
            return Err(Refusal::new(NO_PLAY_IN_DEBRIEFING));
        }
        self.basic_may_play(seat)?;
        let c = db().get(card);
        if !self.player(seat).hand.contains(&card)
            && !self.playable_under(seat).iter().any(|x| x.1 == card)
        {
            return Err(Refusal::new(format!("{} is not in your hand", c.title)));
        }
        if self.frames.is_empty() && seat == self.active && !self.own_phase_allows_plays() {
            return Err(self.out_of_phase(seat));
        }
        if let Some(owed) = self.owed_play(seat)
            && owed != card
        {
            return Err(Refusal::new(format!(
                "{} must be your next card played: it is played immediately, or passed on (/pass) and back to your Discard Pile",
                db().get(owed).title
            )));
        }
        let scripts = self.script_db();
        let script = scripts.of(card);
        let in_combat_ok = script
            .and_then(|s| s.plays.get(usize::from(mode)))
            .is_some_and(|a| a.in_combat);
        self.type_allowed(card, in_combat_ok)?;
        if let Some(chk) = self.innermost_check()
            && self.combat().is_none()
            && chk.used.contains(&c.title)
        {
            return Err(Refusal::new(format!(
                "{} was already used in this skill check; the same card cannot be used twice (p. 29)",
                c.title
            )));
        }
        if let Some(foe) = self.last_word_said(seat) {
            return Err(Refusal::new(format!(
                "{} has played its Combat cards: none may be played after them this round",
                db().get(foe).title
            )));
        }
        if c.kind == CardType::Adversary
            && let Some(why) = self.refuse_adversary(card)
        {
            return Err(Refusal::new(why));
        }
        let modes = script.map_or(1, |s| s.plays.len().max(1));
        if usize::from(mode) >= modes {
            return Err(Refusal::new(format!(
                "{} has {modes} mode(s); choose mode 1{}",
                c.title,
                if modes > 1 { " or 2" } else { "" }
            )));
        }
        Ok(())
    }

    /// A scripted play's target, set in `vars`, once its conditions hold:
    /// the "play only when" ones and those its steps imply (a card that
    /// heals needs a wounded Agent), unless a check's condition covers them.
    fn play_target_when(
        &self,
        src: &Source,
        vars: &mut Vars,
        ab: &super::effects::ast::Ability,
        target: &Option<Target>,
        title: &str,
    ) -> Result<Option<Val>, Refusal> {
        let t = self.play_target(src, vars, ab, target, title)?;
        if let Some(v) = &t {
            vars.set("target", v.clone());
        }
        let vars: &Vars = vars;
        let refused =
            |w: &Cond| Refusal::new(format!("{title} cannot be played now: {}", why_not(w)));
        if let Some(w) = ab.when.iter().find(|w| !self.holds(src, vars, w)) {
            return Err(refused(w));
        }
        let in_check = ab
            .when
            .iter()
            .any(|w| matches!(w, Cond::InCheck(_) | Cond::SiteCheck(_)));
        for instr in &ab.program {
            if let super::effects::ast::Instr::Do(step) = instr
                && let Some(cond) = verbs::implied(step)
                && !in_check
                && !self.holds(src, vars, &cond)
            {
                return Err(refused(&cond));
            }
        }
        Ok(t)
    }

    /// A revealed Bluff's own conditions for play hold (Stoner, Chick, and
    /// Dude: "before any other Bluffs are revealed").
    pub(super) fn bluff_may_be_played(&self, owner: Seat, card: CardIdx) -> Result<(), Refusal> {
        let scripts = self.script_db();
        let Some(ab) = scripts.of(card).and_then(|s| s.plays.first()) else {
            return Ok(());
        };
        let src = Source {
            opponent: Some(self.active),
            ..Source::new(card, AbilityRef::Play(0), owner)
        };
        // Revealed at the Site, it resolves in the Site's skill check.
        let at_check = |w: &&Cond| matches!(w, Cond::InCheck(_) | Cond::SiteCheck(_));
        let unmet = ab
            .when
            .iter()
            .filter(|w| !at_check(w))
            .find(|w| !self.holds(&src, &Vars::default(), w));
        match unmet {
            Some(w) => Err(Refusal::new(format!(
                "{} cannot be played now: {}; let it go (/pass)",
                db().get(card).title,
                why_not(w)
            ))),
            None => Ok(()),
        }
    }

    /// Whether a card may be played on Agent `a`: not while a card in play
    /// protects it from CONSPIRACY cards, nor a Combat card its Equipment
    /// wards off (Mojo Bag).
    fn agent_may_take(&self, seat: Seat, card: CardIdx, a: AgentRef) -> Result<(), Refusal> {
        if let Some(by) = self.protected_from(a, card) {
            return Err(Refusal::new(format!(
                "{} is not affected by CONSPIRACY cards while {} is in play",
                db().get(a.card).title,
                db().get(by).title
            )));
        }
        if let Some(by) = self.shunned(seat, card, a) {
            return Err(Refusal::new(format!(
                "{} may not be played on {}: {} wards it",
                db().get(card).title,
                db().get(a.card).title,
                db().get(by).title
            )));
        }
        Ok(())
    }

    /// A Combat card the player of an Adversary a bearer shuns may not be
    /// played on it (Mojo Bag): the Equipment, when so.
    fn shunned(&self, seat: Seat, card: CardIdx, a: AgentRef) -> Option<CardIdx> {
        let c = self.combat()?;
        if db().get(card).kind != CardType::Combat || c.owner != seat {
            return None;
        }
        let Some(super::effects::ast::Modifier::Shuns { keywords }) = self.bearer_has(a, |m| {
            matches!(m, super::effects::ast::Modifier::Shuns { .. })
        }) else {
            return None;
        };
        let foe_has = c.living().any(|(_, f)| {
            let fc = db().get(f.card);
            keywords.iter().any(|k| fc.has_keyword(*k))
        });
        if !foe_has {
            return None;
        }
        self.perms
            .iter()
            .find(|p| {
                p.place == super::Place::Agent(a)
                    && self.script_db().of(p.card).is_some_and(|s| {
                        s.statics.iter().any(|st| {
                            matches!(st.modifier, super::effects::ast::Modifier::Shuns { .. })
                        })
                    })
            })
            .map(|p| p.card)
    }

    /// The active player may play cards in every phase of the turn (Rules
    /// Assistant p. 6: Events are not tied to a phase unless they say so).
    fn own_phase_allows_plays(&self) -> bool {
        !matches!(self.phase, Phase::ChooseXFile | Phase::Over)
    }

    /// Plays a card from the hand onto the stack: paid, announced, and
    /// answered in turn before it resolves.
    pub(crate) fn play_card(
        &mut self,
        seat: Seat,
        play: &PlayArgs,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let PlayArgs {
            card,
            mode,
            ref target,
            x,
            pool,
        } = *play;
        let PlayCheck {
            pool,
            target,
            opponent,
            cost,
            x,
        } = self.check_play(seat, card, mode, target, x, pool)?;
        let cost = self.pay_exact(seat, card, pool, cost)?;
        if self.player(seat).hand.contains(&card) {
            self.take_from_hand(seat, card)?;
        } else {
            self.take_from_under(seat, card, events);
        }
        self.count_basic_play(seat);
        // Cards that let this one be played are used up by it.
        if let Some(i) = self.provider_for(seat, card) {
            self.lasting.remove(i);
        }
        self.lasting.retain(|l| {
            !(l.controller == seat
                && (l.until == Duration::NextPlay
                    || matches!(l.modifier, super::effects::ast::Modifier::FreePlay { card: c, .. } if c == card)))
        });
        events.push(Event::public(XfEvent::Played {
            seat,
            card,
            cost,
            pool,
        }));
        let id = self.new_id();
        let check = self.checks().next_back().map(|(i, _)| i);
        if let Some(chk) = check.and_then(|i| self.check_mut(i)) {
            chk.used.push(db().get(card).title.clone());
        }
        self.push_stack(
            Pending {
                mode,
                target,
                x,
                opponent,
                check,
                ..Pending::new(id, card, seat)
            },
            events,
        );
        self.on_card_played(seat, card, events);
        Ok(())
    }

    /// The cards under the seat's `plays-under` cards in play: (the card
    /// in play, how they are played, the card).
    pub(crate) fn under_plays(&self, seat: Seat) -> Vec<(u32, PlaysUnder, CardIdx)> {
        let scripts = self.script_db();
        self.perms
            .iter()
            .filter(|p| p.controller == seat)
            .filter_map(|p| Some((p, scripts.of(p.card)?.plays_under?)))
            .flat_map(|(p, rule)| p.under.iter().map(move |c| (p.id, rule, *c)))
            .collect()
    }

    /// Cards under the seat's cards in play that it may play as from the
    /// hand (`plays-under`: Surfing The Net, Travel Plans' Sites with
    /// `/site`): (the card in play, the card). Not those placed only as
    /// Bluffs (Men In Black).
    pub fn playable_under(&self, seat: Seat) -> Vec<(u32, CardIdx)> {
        self.under_plays(seat)
            .into_iter()
            .filter(|(_, rule, _)| !rule.bluffs)
            .map(|(id, _, c)| (id, c))
            .collect()
    }

    /// Cards under the seat's cards in play that it may place as Bluffs
    /// (`plays-under ... bluffs`: Men In Black): (the card in play, the card).
    pub fn bluffs_under(&self, seat: Seat) -> Vec<(u32, CardIdx)> {
        self.under_plays(seat)
            .into_iter()
            .filter(|(_, rule, _)| rule.bluffs)
            .map(|(id, _, c)| (id, c))
            .collect()
    }

    /// What `card`, played from under the seat's card in play `id`, costs
    /// instead of `full` (Travel Plans: 0; Men In Black: 2 CP less).
    pub(crate) fn under_cost(&self, seat: Seat, id: u32, card: CardIdx, full: u32) -> u32 {
        self.under_plays(seat)
            .into_iter()
            .find(|(i, _, c)| *i == id && *c == card)
            .map_or(full, |(_, rule, _)| rule.cost(full))
    }

    /// Whose card lies under the card in play `id` (its owner's unless
    /// `to-under` took another player's: Surfing The Net).
    pub(crate) fn under_owner(&self, id: u32) -> Option<Seat> {
        let p = self.perm(id)?;
        Some(match p.data.get(verbs::UNDER_OWNER) {
            Some(Val::Seat(s)) => *s,
            _ => p.owner,
        })
    }

    /// A card played from under a card in play (Surfing The Net): held for
    /// this turn like another player's card, so that it ends in its
    /// owner's Discard Pile.
    fn take_from_under(&mut self, seat: Seat, card: CardIdx, events: &mut Events) {
        let Some((id, _)) = self.playable_under(seat).into_iter().find(|x| x.1 == card) else {
            return;
        };
        let Some(owner) = self.under_owner(id) else {
            return;
        };
        self.stolen.push((seat, card, owner));
        self.lift_under(id, card, events);
    }

    /// Takes one card from under the card in play `id`; with none left
    /// there, that card has done its work (`leave_if_bare`).
    pub(crate) fn lift_under(&mut self, id: u32, card: CardIdx, events: &mut Events) {
        let Some(p) = self.perm_mut(id) else {
            return;
        };
        if let Some(i) = p.under.iter().position(|c| *c == card) {
            p.under.remove(i);
        }
        self.leave_if_bare(id, events);
    }

    /// A `plays-under` card with no card under it goes to its owner's
    /// Discard Pile ("Discard this card when no cards remain underneath":
    /// Travel Plans, also as it enters play with none), unless it `stays`
    /// (Men In Black).
    pub(crate) fn leave_if_bare(&mut self, id: u32, events: &mut Events) {
        let scripts = self.script_db();
        let bare = self.perm(id).is_some_and(|p| {
            p.under.is_empty()
                && scripts
                    .of(p.card)
                    .and_then(|s| s.plays_under)
                    .is_some_and(|rule| !rule.stays)
        });
        if bare {
            self.leave_play(id, events);
        }
    }

    /// Several cards played at once, each on a card before it ("in
    /// conjunction with": The Evil One, Wall of Cats, Margi Kleinjan): the
    /// opponents answer them together.
    pub(crate) fn play_together(
        &mut self,
        seat: Seat,
        plays: &[PlayArgs],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let Some((first, rest)) = plays.split_first() else {
            return Err(Refusal::new("name the cards to play together"));
        };
        let base = self.stack.len();
        self.play_card(seat, first, events)?;
        for p in rest {
            let ours = self.stack.len() - base;
            let on_ours =
                matches!(p.target, Some(Target::Stack(i)) if i >= base && i < base + ours);
            if !on_ours {
                return Err(Refusal::new(format!(
                    "{} is played together only on a card played with it (target: one of them)",
                    db().get(p.card).title
                )));
            }
            if let Some(f) = self.frames.last_mut() {
                f.priority = seat;
                f.passes = 0;
            }
            // The mode that plays on the card before (the second mode of
            // Margi Kleinjan), unless the player named one.
            let modes = self
                .script_db()
                .of(p.card)
                .map_or(1, |s| s.plays.len().max(1));
            let mut tried = p.clone();
            let mut result = self.play_card(seat, &tried, events);
            for m in 0..modes as u8 {
                if result.is_ok() || m == p.mode {
                    continue;
                }
                tried.mode = m;
                result = self.play_card(seat, &tried, events);
            }
            result?;
        }
        Ok(())
    }

    /// Puts a card on the stack; its player has passed priority by playing it.
    pub(crate) fn push_stack(&mut self, p: Pending, events: &mut Events) {
        let seat = p.player;
        if self.frames.is_empty() {
            let id = self.new_id();
            let first = self.active;
            self.frames.push(Frame {
                id,
                base: self.stack.len(),
                priority: seat,
                passes: 0,
                first,
                kind: FrameKind::Window,
            });
        }
        self.stack.push(p);
        let next = self.next_seat(seat);
        let f = self.frames.last_mut().expect("a frame");
        f.priority = next;
        f.passes = 1;
        if self.seats_in() <= 1 {
            self.round_complete(events);
        }
    }

    /// The seat with priority plays nothing more now.
    pub(crate) fn pass(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        let Some(f) = self.frames.last() else {
            return Err(self.out_of_phase(seat));
        };
        if f.priority != seat || self.choice.is_some() {
            return Err(self.not_your_move(seat));
        }
        if let FrameKind::Combat(c) = &f.kind
            && c.step == super::CombatStep::Assign
        {
            return Err(self.not_your_move(seat));
        }
        self.lapse_owed_play(seat, events);
        let everyone = self.seats_in() as u8;
        let next = self.next_seat(seat);
        let f = self.frames.last_mut().expect("checked");
        f.passes += 1;
        f.priority = next;
        if f.passes >= everyone {
            events.push(Event::public(XfEvent::AllPassed { seat }));
            self.round_complete(events);
        }
        Ok(())
    }

    /// A card the seat took to play at once and still holds (`may-play
    /// now`: Violence): their next card played must be it.
    pub(crate) fn owed_play(&self, seat: Seat) -> Option<CardIdx> {
        self.lasting.iter().find_map(|l| match l.modifier {
            super::effects::ast::Modifier::FreePlay {
                card, now: true, ..
            } if l.controller == seat && self.player(seat).hand.contains(&card) => Some(card),
            _ => None,
        })
    }

    /// A card to be played at once that its player passes on instead goes
    /// back to their Discard Pile (Violence: "play it immediately").
    fn lapse_owed_play(&mut self, seat: Seat, events: &mut Events) {
        while let Some(card) = self.owed_play(seat) {
            let p = self.player_mut(seat);
            if let Some(i) = p.hand.iter().position(|c| *c == card) {
                p.hand.remove(i);
                p.discard.push(card);
                events.push(Event::public(XfEvent::Discarded {
                    seat,
                    cards: vec![card],
                }));
            }
            self.lasting.retain(|l| {
                !(l.controller == seat
                    && matches!(l.modifier, super::effects::ast::Modifier::FreePlay { card: c, now: true, .. } if c == card))
            });
        }
    }

    /// Everyone passed in turn: the top card resolves, or the frame ends.
    fn round_complete(&mut self, events: &mut Events) {
        let f = self.frames.last().expect("a frame");
        let (base, first) = (f.base, f.first);
        if self.stack.len() > base {
            let top = self.stack.pop().expect("above base");
            self.reset_priority(first);
            self.resolve_item(top, events);
            return;
        }
        self.close_frame(events);
    }

    /// The top card takes effect.
    fn resolve_item(&mut self, p: Pending, events: &mut Events) {
        if let Some(a) = p.attacker {
            self.attack_resolves(&p, a, events);
            self.settle(events);
            self.after_resolution(events);
            return;
        }
        let mut vars = Vars::default();
        if let Some(t) = &p.target {
            match t {
                Val::Trait(_) => vars.set("value", t.clone()),
                _ => vars.set("target", t.clone()),
            }
        }
        // A Witness is in play once it resolves, until the end of the turn
        // (Rules Assistant p. 9), or for good with RESOURCE (p. 17): its
        // effects are tied to it (negating it cancels them).
        let perm = (db().get(p.card).kind == CardType::Witness).then(|| {
            let id = self.enter_play(&p, self.script_db().of(p.card), events);
            let resource = db()
                .get(p.card)
                .has_keyword(crate::cards::Keyword::Resource);
            if let Some(x) = self.perm_mut(id) {
                x.this_turn = !resource;
            }
            vars.set("in-play", Val::Bool(true));
            id
        });
        let src = Source {
            perm,
            check: p.check,
            opponent: p.opponent,
            x: p.x,
            ..Source::new(p.card, AbilityRef::Play(p.mode), p.player)
        };
        self.start_effect(src, vars, Some(p));
        self.settle(events);
        self.after_resolution(events);
    }

    /// After a card resolves: the flow goes on, and the check's standing is told.
    pub(crate) fn after_resolution(&mut self, events: &mut Events) {
        if self.continue_flow(events) {
            return;
        }
        if self.choice.is_none()
            && self.resolving.is_empty()
            && self.combat().is_none()
            && let Some((total, needed)) = self.check_totals_now()
        {
            events.push(Event::public(XfEvent::CheckStands { total, needed }));
        }
    }

    /// Once nothing is resolving: a response window whose cards resolved
    /// closes; the Site's next Bluff is revealed. True when it moved on.
    pub(crate) fn continue_flow(&mut self, events: &mut Events) -> bool {
        if self.choice.is_some() || !self.resolving.is_empty() || self.outcome.is_some() {
            return false;
        }
        let Some(f) = self.frames.last() else {
            return false;
        };
        if matches!(f.kind, FrameKind::Window) && self.stack.len() <= f.base {
            self.frames.pop();
            return true;
        }
        let (id, base) = (f.id, f.base);
        if self.investigation.as_ref().is_some_and(|i| i.frame == id)
            && self.stack.len() <= base
            && self.revealing()
        {
            self.next_bluff(events);
            return true;
        }
        false
    }

    /// A frame ends (everyone passed with nothing on it).
    fn close_frame(&mut self, events: &mut Events) {
        let f = self.frames.last().expect("a frame").clone();
        match &f.kind {
            FrameKind::Combat(_) => self.combat_round_done(events),
            FrameKind::Window => {
                self.frames.pop();
            }
            FrameKind::Check(c) => {
                if self.investigation.as_ref().is_some_and(|i| i.frame == f.id) {
                    if self.revealing() {
                        self.next_bluff(events);
                    } else {
                        self.finish_site_check(events);
                    }
                    return;
                }
                let success = self.check_met(c);
                let (total, needed) = c
                    .needs
                    .first()
                    .map(|(s, n)| (self.team_total_of(c, *s), i32::from(*n)))
                    .unwrap_or((0, 0));
                events.push(Event::public(XfEvent::CheckResult {
                    success,
                    total,
                    needed,
                }));
                self.frames.pop();
                self.expire_check(f.id);
                self.last_check_over(Some((c.seat, &c.team)), events);
                let active = self.active;
                self.reset_priority(active);
                self.deliver_check(f.id, success);
                self.settle(events);
                self.after_resolution(events);
            }
        }
    }

    /// Takes away what a card in play added to open checks.
    pub(crate) fn drop_check_mods(&mut self, perm: u32) {
        for f in &mut self.frames {
            if let FrameKind::Check(c) = &mut f.kind {
                c.mods.retain(|m| m.from != Some(perm));
            }
        }
    }

    /// Removes a card from the stack by id.
    pub(crate) fn take_from_stack(&mut self, id: u32) -> Option<Pending> {
        let i = self.stack.iter().position(|p| p.id == id)?;
        Some(self.stack.remove(i))
    }

    /// Whether the card a value names may be negated: not one whose text
    /// says its effects may not be (the script's `unnegatable`).
    pub(crate) fn negatable(&self, v: &Val) -> bool {
        let card = match v {
            Val::Stack(id) => self.stack.iter().find(|p| p.id == *id).map(|p| p.card),
            Val::Perm(id) => self.perm(*id).map(|p| p.card),
            _ => None,
        };
        !card.is_some_and(|c| self.script_db().of(c).is_some_and(|s| s.unnegatable))
    }

    /// The refusal for naming a card that may not be negated as the target
    /// of a negating card.
    pub(crate) fn not_negatable(&self, v: &Val, title: &str) -> Refusal {
        Refusal::new(format!(
            "the effects of {} may not be negated (its text says so), so {title} cannot be aimed at it",
            self.label(v)
        ))
    }

    /// Negates what a value names: a card on the stack (and those played
    /// with it), a card in play, a foe, a Site.
    pub(crate) fn negate_val(&mut self, v: &Val, by: Option<CardIdx>, events: &mut Events) {
        match v {
            Val::Stack(id) => {
                let unnegatable =
                    self.stack.iter().find(|p| p.id == *id).is_some_and(|p| {
                        self.script_db().of(p.card).is_some_and(|s| s.unnegatable)
                    });
                if unnegatable {
                    return;
                }
                if let Some(p) = self.take_from_stack(*id) {
                    // Cards played as one are negated as one (Overwhelming Force).
                    for card in p.members() {
                        self.facts.push(Fact::Negated { card });
                    }
                    let owner = self.home_of(p.player, p.card);
                    // A card that is removed when negated (Additional Resources).
                    let mut gone = p.discards();
                    if self.removed_when_negated(p.card).is_some() {
                        gone.retain(|c| *c != p.card);
                        self.player_mut(owner).removed.push(p.card);
                    }
                    self.player_mut(owner).discard.extend(gone);
                    match (by, p.attacker) {
                        (Some(by), _) => {
                            events.push(Event::public(XfEvent::Negated { card: p.card, by }))
                        }
                        // Negated by an X-File Power: the X-File stays unnamed.
                        (None, None) => events.push(Event::public(XfEvent::Discarded {
                            seat: owner,
                            cards: vec![p.card],
                        })),
                        (None, Some(_)) => {}
                    }
                    if let Some(a) = p.attacker {
                        self.attacker_negated(a, events);
                    }
                }
            }
            Val::Perm(id) => {
                if let (Some(p), Some(by)) = (self.perm(*id), by) {
                    events.push(Event::public(XfEvent::Negated { card: p.card, by }));
                }
                // Negation cancels the card's influence (glossary p. 64).
                self.drop_check_mods(*id);
                let card = self.perm(*id).map(|p| p.card);
                match card.and_then(|c| self.removed_when_negated(c)) {
                    Some(with) => self.negated_removed(*id, with, events),
                    None => self.leave_play(*id, events),
                }
            }
            Val::Foe(i) => self.negate_foe(*i, by, events),
            Val::Site(id) => {
                if let (Some(s), Some(by)) = (self.site(*id), by) {
                    events.push(Event::public(XfEvent::Negated { card: s.card, by }));
                }
                if let Some((seat, card)) = self.take_site(*id, events) {
                    self.player_mut(seat).discard.push(card);
                }
            }
            Val::Bluff(..) => self.discard_val(v, events),
            _ => {}
        }
    }

    /// "If this card is negated, remove it ... from the game" (the script's
    /// `negated removed`): `Some(with)`, the variable naming the Agent that
    /// goes with it.
    fn removed_when_negated(&self, card: CardIdx) -> Option<Option<String>> {
        let scripts = self.script_db();
        scripts.of(card)?.negated.as_ref().map(|n| n.with.clone())
    }

    /// A negated card in play is removed from the game, with the Agent it
    /// keeps (Additional Resources).
    fn negated_removed(&mut self, id: u32, with: Option<String>, events: &mut Events) {
        let agents = with
            .and_then(|w| self.perm(id)?.data.get(&w).map(Val::agents))
            .unwrap_or_default();
        if let Some((owner, card)) = self.take_perm(id, events) {
            self.player_mut(owner).removed.push(card);
        }
        for a in agents {
            self.remove_agent(a, events);
        }
    }

    /// Takes a card off the table wherever it is (stack, play, a foe):
    /// (owner, card).
    pub(crate) fn take_card(&mut self, v: &Val, events: &mut Events) -> Option<(Seat, CardIdx)> {
        match v {
            // An attacking Agent stays in play: his attack is only stopped.
            Val::Stack(id)
                if self
                    .stack
                    .iter()
                    .any(|p| p.id == *id && p.attacker.is_some()) =>
            {
                self.negate_val(v, None, events);
                None
            }
            Val::Stack(id) => {
                let p = self.take_from_stack(*id)?;
                // Only the entry's own card goes: those played with it are discarded.
                let owner = self.home_of(p.player, p.card);
                self.player_mut(owner).discard.extend(&p.with);
                Some((p.player, p.card))
            }
            Val::Perm(id) => self.take_perm(*id, events),
            Val::Foe(i) => {
                let f = self.combat()?.foes.get(*i)?.clone();
                if let Some(c) = self.combat_mut() {
                    c.foes[*i].moved = true;
                }
                self.negate_foe(*i, None, events);
                // An Agent fighting as an Adversary stays in play.
                f.agent.is_none().then_some((f.owner, f.card))
            }
            _ => None,
        }
    }

    /// Ends lasting effects of a duration (a check, a round, a combat...).
    pub(crate) fn expire(&mut self, d: Duration) {
        self.lasting.retain(|l| l.until != d);
    }

    fn expire_check(&mut self, id: u32) {
        self.lasting
            .retain(|l| !(l.until == Duration::Check && l.scope == Some(id)));
    }

    /// What a player names as a target, as a value.
    pub(crate) fn val_of_target(&self, t: &Target) -> Option<Val> {
        Some(match t {
            Target::Agent(a) => Val::Agent(*a),
            Target::Stack(i) => Val::Stack(self.stack.get(*i)?.id),
            Target::Site(i) => Val::Site(self.sites.get(*i)?.id),
            Target::Adversary => Val::Foe(
                self.combat()
                    .and_then(|c| c.living().next().map(|(i, _)| i))
                    .unwrap_or(0),
            ),
            Target::Value(v) => Val::Trait(*v),
            Target::Seat(s) => Val::Seat(*s),
            Target::Perm(id) => Val::Perm(*id),
            Target::Bluff(s, i) => Val::Bluff(self.sites.get(*s)?.id, *i),
            Target::Card(c) => Val::Perm(self.perms.iter().find(|p| p.card == *c)?.id),
        })
    }

    /// The target of a play, checked against what the card may be played on.
    fn play_target(
        &self,
        src: &Source,
        vars: &Vars,
        ab: &super::effects::ast::Ability,
        target: &Option<Target>,
        title: &str,
    ) -> Result<Option<Val>, Refusal> {
        let Some(decl) = &ab.target else {
            return Ok(match target {
                Some(Target::Value(v)) => Some(Val::Trait(*v)),
                _ => None,
            });
        };
        let (candidates, shielded): (Vec<Val>, Vec<Val>) = self
            .select(src, vars, &decl.sel)
            .into_iter()
            .partition(|v| !ab.negates("target") || self.negatable(v));
        let given = match target {
            Some(Target::Value(_)) | Some(Target::Seat(_)) | None => None,
            Some(t) => self.val_of_target(t),
        };
        let labels = || candidates.iter().map(|c| self.label(c)).collect::<Vec<_>>();
        match given {
            Some(v) if shielded.contains(&v) => Err(self.not_negatable(&v, title)),
            Some(v) if candidates.contains(&v) => Ok(Some(v)),
            Some(v)
                if matches!(v, Val::Agent(_))
                    && candidates
                        .iter()
                        .any(|c| c.agents().contains(&v.agent().expect("agent"))) =>
            {
                let team = candidates
                    .iter()
                    .find(|c| c.agents().contains(&v.agent().expect("agent")))
                    .cloned();
                Ok(team)
            }
            Some(v) => Err(
                Refusal::new(format!("{title} cannot be played on {}", self.label(&v)))
                    .with_allowed(labels()),
            ),
            None if candidates.len() == 1 => Ok(Some(candidates[0].clone())),
            None if candidates.is_empty() => Err(Refusal::new(format!(
                "{title} has nothing to be played on now"
            ))),
            None => Err(Refusal::new(format!(
                "name what {title} is played on (target:): {}",
                labels().join(", ")
            ))
            .with_allowed(labels())),
        }
    }
}

/// A condition in words, for refusals.
fn why_not(c: &Cond) -> String {
    match c {
        Cond::Not(inner) => match inner.as_ref() {
            Cond::Happened(f) => format!("not once {}", fact_words(f)),
            _ => format!("not when {}", why_not(inner).trim_start_matches("only ")),
        },
        Cond::Active => "only on your own turn".into(),
        Cond::InCombat => "only in combat".into(),
        Cond::BeforeDamage => "only in combat, before the round's damage is assigned".into(),
        Cond::AfterDamage(s) => format!("only in combat, right after a {} round's damage", s.short()),
        Cond::InCheck(s) if s.is_empty() => "only during a skill check".into(),
        Cond::SiteCheck(s) if s.is_empty() => "only during a Site's skill check".into(),
        Cond::InCheck(s) | Cond::SiteCheck(s) => format!(
            "only during a {} skill check",
            s.iter()
                .map(|s| s.as_str().to_uppercase())
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Cond::Phase(p) if matches!(p.as_slice(), [super::effects::ast::PhaseName::CaseEnd]) => {
            "only at the end of the Case Assignment Phase, once the Bluffs are placed".into()
        }
        Cond::Phase(p) => format!("only in the {:?} Phase", p[0]),
        Cond::Round(s) => format!("only in a {} round", s.short()),
        Cond::Happened(f) => format!("only once {}", fact_words(f)),
        Cond::Exists(s) if s.quals.contains(&Qual::Joinable) => {
            "only with an Agent in your hand who may join your Team: of Cost X, not already in play nor removed from the game (p. 15)".into()
        }
        Cond::Exists(s) if s.quals.iter().any(|q| matches!(q, Qual::BluffsAtLeast(_))) => {
            "only when a Site has at least X Bluffs under it (BLUFF)".into()
        }
        Cond::Exists(s) if s.quals.contains(&Qual::Searched) => {
            "only once a card the Investigating Player played has taken a card from his deck into his hand (still there)".into()
        }
        Cond::Exists(s) => format!("only when there is a {:?}", s.kind).to_lowercase(),
        Cond::Passed => "only after its skill check succeeded".into(),
        Cond::Multiplayer => "only in games of three or more players".into(),
        Cond::Known(cat) => format!(
            "only once an opponent knows your X-File's {}",
            cat.as_str().to_uppercase()
        ),
        Cond::KnownTheirs(cat) => format!(
            "only once you know an opponent's X-File's {}",
            cat.as_str().to_uppercase()
        ),
        Cond::SelfIn(section) => format!("only while it is in the {section:?}"),
        Cond::Using(s) => format!(
            "only while your Team investigates with {}",
            s.iter()
                .map(|s| s.as_str().to_uppercase())
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Cond::InPlay(titles) => format!("only while {} is in play", titles.join(" or ")),
        Cond::LrcSkipped => "only when the combat skipped its Long Range round".into(),
        Cond::GameOption(o) => format!("only in games with the {o} option"),
        Cond::XFile(t) => format!(
            "only while your X-File's {} is {}",
            t.category().as_str().to_uppercase(),
            t.as_str().to_uppercase()
        ),
        Cond::XFileAside(t) => format!(
            "only with an X-File of {} {} set aside to exchange",
            t.category().as_str().to_uppercase(),
            t.as_str().to_uppercase()
        ),
        _ => "its card's condition for play does not hold now".into(),
    }
}

/// What happened this turn, in words, for refusals.
fn fact_words(f: &super::effects::ast::FactPat) -> String {
    use super::effects::ast::FactPat as F;
    match f {
        F::Asked { of_me: false } => "a Characteristic question has just been asked".into(),
        F::Asked { of_me: true } => {
            "the question was asked of you (you are the Directed player)".into()
        }
        F::SiteSucceeded { .. } => "a Site investigation succeeded this turn".into(),
        F::SiteExact => "a Site was investigated with the prerequisite number exactly".into(),
        F::OtherBluffRevealed => "another Bluff under this Site has been revealed".into(),
        F::SiteFailed { combat, .. } => format!(
            "a Team has just failed a Site skill check{}",
            if *combat { " after a combat" } else { "" }
        ),
        F::CombatEnded => "a combat has ended this turn".into(),
        F::WrongGuess => "you guessed an X-File wrongly".into(),
        other => format!("{other:?} this turn").to_lowercase(),
    }
}

/// An X the card's text limits (X is 1, 2 or 3) must be one of its values.
fn x_allowed(ab: &super::effects::ast::Ability, x: u32, title: &str) -> Result<(), Refusal> {
    if ab.x_values.is_empty() || ab.x_values.contains(&x) {
        return Ok(());
    }
    let v: Vec<String> = ab.x_values.iter().map(|v| v.to_string()).collect();
    Err(Refusal::new(format!(
        "{title}: X is one of {} (x:)",
        v.join(", ")
    )))
}

/// The Equipment each Agent of a Team uses in one skill check: one piece
/// an Agent (p. 21), and never two copies of one card, nor a card already
/// used in the check (p. 29; FAQ21 #25); the choice that adds the most.
/// Returns what each Agent's piece adds.
fn best_gear(gear: &[Vec<(CardIdx, i32)>], used: &[String]) -> Vec<i32> {
    fn search(
        gear: &[Vec<(CardIdx, i32)>],
        taken: &mut Vec<String>,
        now: &mut Vec<i32>,
        best: &mut (i32, Vec<i32>),
    ) {
        let i = now.len();
        if i == gear.len() {
            let total: i32 = now.iter().sum();
            if total > best.0 {
                *best = (total, now.clone());
            }
            return;
        }
        now.push(0);
        search(gear, taken, now, best);
        now.pop();
        for (card, n) in &gear[i] {
            let title = &db().get(*card).title;
            if *n > 0 && !taken.contains(title) {
                taken.push(title.clone());
                now.push(*n);
                search(gear, taken, now, best);
                now.pop();
                taken.pop();
            }
        }
    }
    let mut best = (0, vec![0; gear.len()]);
    search(gear, &mut used.to_vec(), &mut Vec::new(), &mut best);
    best.1
}
