//! The Skill Check Subroutine (pp. 28-29): the Investigating Player may play
//! first, then anyone; each card waits on a stack and the last played
//! resolves first; when every player has passed in turn, the top card
//! resolves, or, with nothing left, the check ends. An Adversary that
//! resolves starts combat.

use super::{Combat, CombatRound, CombatStep, Events, Pending, Stage, Target, XfEvent, XfGame};
use crate::cards::effects::{Effect, effects};
use crate::cards::{CardIdx, CardType, Pool, Skill, SkillValue, db};
use crate::engine::{Event, Refusal, Seat};

impl XfGame {
    /// Seats taking part in priority rounds.
    pub(super) fn seats_in(&self) -> usize {
        self.players.iter().filter(|p| !p.out).count()
    }

    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        self.others_from(seat).first().copied().unwrap_or(seat)
    }

    /// Can this card be played into the current (non-combat) skill check?
    pub fn check_play(
        &self,
        seat: Seat,
        card: CardIdx,
        mode: u8,
        target: &Option<Target>,
        x: u32,
        pool: Option<Pool>,
    ) -> Result<(Pool, Option<Target>), Refusal> {
        let inv = self
            .investigation
            .as_ref()
            .filter(|i| i.stage == Stage::Check)
            .ok_or_else(|| self.out_of_phase(seat))?;
        if inv.check.priority != seat {
            return Err(self.not_your_move(seat));
        }
        let c = db().get(card);
        match c.kind {
            CardType::Event | CardType::Witness | CardType::Bluff | CardType::Adversary => {}
            CardType::Combat => {
                return Err(Refusal::new(
                    "Combat cards are played only in combat (p. 35)",
                ));
            }
            other => {
                return Err(Refusal::new(format!(
                    "a {other} card is not played during a skill check"
                )));
            }
        }
        if inv.check.used.contains(&c.title) {
            return Err(Refusal::new(format!(
                "{} was already used in this skill check; the same card cannot be used twice (p. 29)",
                c.title
            )));
        }
        let pool = self.check_common(seat, card, mode, x, pool)?;
        let target = self.check_effect_target(card, mode, target)?;
        Ok((pool, target))
    }

    /// Plays a card into the skill check in progress (or its combat): paid,
    /// announced, and put on the stack; priority moves on (p. 28).
    pub(super) fn play_in_check(
        &mut self,
        play: Pending,
        pool: Option<Pool>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if self
            .investigation
            .as_ref()
            .is_some_and(|i| i.combat.is_some())
        {
            return self.play_in_combat(play, pool, events);
        }
        let (pool, target) = self.check_play(
            play.player,
            play.card,
            play.mode,
            &play.target,
            play.x,
            pool,
        )?;
        self.pay_and_announce(&play, pool, events)?;
        let next = self.next_seat(play.player);
        let inv = self.investigation.as_mut().expect("checked");
        inv.check.used.push(db().get(play.card).title.clone());
        inv.check.stack.push(Pending { target, ..play });
        inv.check.priority = next;
        inv.check.passes = 0;
        Ok(())
    }

    pub(super) fn pass_in_check(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        if self
            .investigation
            .as_ref()
            .is_some_and(|i| i.combat.is_some())
        {
            return self.pass_in_combat(seat, events);
        }
        let everyone = self.seats_in() as u8;
        let next = self.next_seat(seat);
        let active = self.active;
        let inv = self.investigation.as_mut().expect("checked");
        if inv.check.priority != seat {
            return Err(self.not_your_move(seat));
        }
        inv.check.passes += 1;
        inv.check.priority = next;
        if inv.check.passes < everyone {
            return Ok(());
        }
        inv.check.passes = 0;
        inv.check.priority = active;
        match inv.check.stack.pop() {
            Some(top) => self.resolve_pending(top, events),
            None => self.finish_site_check(events),
        }
        Ok(())
    }

    /// The top card of the stack takes effect.
    fn resolve_pending(&mut self, p: Pending, events: &mut Events) {
        let c = db().get(p.card);
        if c.kind == CardType::Adversary {
            self.start_combat(p.card, p.player, events);
            return;
        }
        let negates = effects()
            .of(p.card)
            .modes
            .get(usize::from(p.mode))
            .and_then(|m| {
                m.effects.iter().find_map(|e| match e {
                    Effect::Negate { .. } => Some(()),
                    _ => None,
                })
            });
        if negates.is_some()
            && let Some(Target::Stack(i)) = p.target
        {
            let inv = self.investigation.as_mut().expect("checked");
            if i < inv.check.stack.len() {
                let gone = inv.check.stack.remove(i);
                self.player_mut(gone.player).discard.push(gone.card);
                events.push(Event::public(XfEvent::Negated {
                    card: gone.card,
                    by: p.card,
                }));
            }
        }
        self.resolve_effects(&p, events);
        self.put_away(p.player, p.card, p.mode);
        if self
            .investigation
            .as_ref()
            .is_some_and(|i| i.stage == Stage::Check && i.combat.is_none())
        {
            let (total, needed) = self.check_totals();
            events.push(Event::public(XfEvent::CheckStands { total, needed }));
        }
    }

    /// An Adversary engages the investigating Team (p. 31): one Long Range
    /// round (none when its LRC is N/A or its text skips it), then Close Range.
    fn start_combat(&mut self, adversary: CardIdx, owner: Seat, events: &mut Events) {
        let c = db().get(adversary);
        let skips = c.skills.get(Skill::LongRangeCombat) == Some(SkillValue::NotApplicable)
            || effects()
                .of(adversary)
                .all()
                .any(|e| *e == Effect::SkipLongRange);
        let round = if skips {
            CombatRound::Close
        } else {
            CombatRound::Long
        };
        events.push(Event::public(XfEvent::CombatBegins { adversary, round }));
        let inv = self.investigation.as_mut().expect("checked");
        inv.combat = Some(Combat {
            adversary,
            owner,
            damage: 0,
            round,
            step: CombatStep::Cards,
            stack: Vec::new(),
            priority: owner,
            passes: 0,
            agent_bonus: Vec::new(),
            adversary_bonus: 0,
            agents_reduce: 0,
            adversary_reduce: 0,
            pending_damage: 0,
            pending_agents: 0,
        });
    }
}
