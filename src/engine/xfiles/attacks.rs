//! Attacks that wait on the stack like an Adversary played from the hand
//! (p. 31; FAQ21 #37: cards may answer it before combat begins): an Agent
//! attacking as an Adversary (Agent Bill Patterson, Mostow's Sketches), and
//! up to three Adversaries played as one card (Overwhelming Force, Rules
//! Assistant p. 11: each paid and Activated as usual, one combat, negated
//! as one).

use super::combat::Foe;
use super::effects::ast::Modifier;
use super::effects::state::{AbilityRef, Source, Val, Vars};
use super::{AgentRef, Events, Pending, XfEvent, XfGame};
use crate::cards::{CardIdx, CardType, Keyword, Pool, Section, db};
use crate::engine::{Event, Seat};

/// The value a card in play keeps for the Agent whose negation discards
/// it (Mostow's Sketches: "If the Agent is Negated, discard this card").
pub const DISCARD_IF_NEGATED: &str = "discard-if-negated";

impl XfGame {
    /// The Agent's attack goes on the stack as an Adversary of `seat`'s,
    /// with his Keywords and ADVERSARY (for the cards that negate one).
    /// `tied`: a card in play discarded if he is negated.
    pub(crate) fn push_attack(
        &mut self,
        a: AgentRef,
        seat: Seat,
        tied: Option<u32>,
        events: &mut Events,
    ) {
        let Some(agent) = self.agent(a) else {
            return;
        };
        if self.combat().is_some() {
            return;
        }
        let mut keywords = db().get(a.card).keywords.clone();
        keywords.extend(agent.keywords.iter().copied());
        keywords.push(Keyword::Adversary);
        if let Some(p) = tied.and_then(|id| self.perm_mut(id)) {
            p.data.set(DISCARD_IF_NEGATED, Val::Agent(a));
        }
        let id = self.new_id();
        let check = self.checks().next_back().map(|(i, _)| i);
        let opponent = (seat != self.active).then_some(self.active);
        self.push_stack(
            Pending {
                opponent,
                check,
                keywords,
                attacker: Some(a),
                ..Pending::new(id, a.card, seat)
            },
            events,
        );
    }

    /// The attack resolves: he fights the investigating Team with his own
    /// skills (`Foe.agent`); nothing happens if he left play or the Team is
    /// no longer there to attack.
    pub(crate) fn attack_resolves(&mut self, p: &Pending, a: AgentRef, events: &mut Events) {
        let ready = self.agent(a).is_some_and(|x| x.away.is_none())
            && self.combat().is_none()
            && self.investigation.is_some()
            && self.refuse_adversary(a.card).is_none();
        if !ready {
            events.push(Event::public(XfEvent::Resolved {
                card: p.card,
                manual: false,
            }));
            self.player_mut(p.player).discard.extend(&p.with);
            return;
        }
        let mut foe = Foe::new(a.card, p.player);
        foe.agent = Some(a);
        let mut foes = vec![foe];
        // Adversaries that joined his attack (Wall of Cats) fight with him.
        foes.extend(p.with.iter().map(|c| Foe::new(*c, p.player)));
        self.start_combat(foes, p.player, false, events);
    }

    /// An attacking Agent is negated (on the stack or in combat): back to
    /// his player's Field, and a card tied to his attack is discarded.
    pub(crate) fn attacker_negated(&mut self, a: AgentRef, events: &mut Events) {
        self.move_agent(a, Section::Field, events);
        let tied: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| p.data.get(DISCARD_IF_NEGATED) == Some(&Val::Agent(a)))
            .map(|p| p.id)
            .collect();
        for id in tied {
            self.leave_play(id, events);
        }
    }

    /// Whether `seat` could play this card from the hand now as one of
    /// several played at once, were it their move: type, Activators, Cost
    /// (its pool and amount when so). A card that acts or names something
    /// as it is played (Crew-Cut Man's choice, a target) is played alone.
    pub(crate) fn playable_now(&self, seat: Seat, card: CardIdx) -> Option<(Pool, u32)> {
        let scripts = self.script_db();
        let play = scripts.of(card).and_then(|s| s.plays.first());
        if play.is_some_and(|a| a.target.is_some() || !a.program.is_empty()) {
            return None;
        }
        if !self.player(seat).hand.contains(&card)
            || (db().get(card).kind == CardType::Adversary
                && self.foe_has(card, |m| *m == Modifier::NoCombat))
        {
            return None;
        }
        self.could_play(seat, card, 0)
    }

    /// Whether `seat` could play this card now were it in the hand, for
    /// `less` points less: type, a check's used cards (p. 29), Activators,
    /// Cost (its pool and amount when so). An Adversary in a Discard Pile
    /// is "eligible" for the X-File Power Violence so (p. 44).
    pub(crate) fn could_play(&self, seat: Seat, card: CardIdx, less: u32) -> Option<(Pool, u32)> {
        let scripts = self.script_db();
        let play = scripts.of(card).and_then(|s| s.plays.first());
        if self.type_allowed(card, false).is_err() {
            return None;
        }
        // The same card is not used twice in a skill check (p. 29).
        let title = &db().get(card).title;
        if self
            .innermost_check()
            .is_some_and(|c| c.used.contains(title))
        {
            return None;
        }
        if db().get(card).kind == CardType::Adversary && self.refuse_adversary(card).is_some() {
            return None;
        }
        if super::setup::is_killer(card) && !self.options.killer {
            return None;
        }
        if !play.is_some_and(|a| a.ignore_activators) && self.activators_hold(seat, card).is_err() {
            return None;
        }
        let pool = self.paying_pool(seat, card, None).ok()?;
        if self.forbidden_by(seat, card, pool).is_some() {
            return None;
        }
        let src = Source {
            opponent: (seat != self.active).then_some(self.active),
            check: self.checks().next_back().map(|(i, _)| i),
            ..Source::new(card, AbilityRef::Play(0), seat)
        };
        let vars = Vars::default();
        if play.is_some_and(|a| a.when.iter().any(|w| !self.holds(&src, &vars, w))) {
            return None;
        }
        let cost = self.play_cost(&src, &vars, pool).saturating_sub(less);
        self.can_pay(seat, card, pool, cost).then_some((pool, cost))
    }

    /// Cards from `seat`'s hand played as one with the card resolving
    /// (`rider`, Overwhelming Force): each paid in turn at its full Cost
    /// while it still may be; the first is the entry's card, the others and
    /// the rider travel with it (one combat; negated as one). False when
    /// none was played.
    pub(crate) fn play_as_one(
        &mut self,
        seat: Seat,
        cards: &[CardIdx],
        rider: Option<CardIdx>,
        events: &mut Events,
    ) -> bool {
        let mut played: Vec<CardIdx> = Vec::new();
        for &card in cards {
            let title = &db().get(card).title;
            if played.iter().any(|c| db().get(*c).title == *title) {
                continue;
            }
            let Some((pool, cost)) = self.playable_now(seat, card) else {
                continue;
            };
            let Ok(cost) = self.pay_exact(seat, card, pool, cost) else {
                continue;
            };
            // In the hand: `playable_now` checked it.
            let _ = self.take_from_hand(seat, card);
            events.push(Event::public(XfEvent::Played {
                seat,
                card,
                cost,
                pool,
            }));
            played.push(card);
        }
        let Some((&first, rest)) = played.split_first() else {
            return false;
        };
        let check = self.checks().next_back().map(|(i, _)| i);
        if let Some(chk) = check.and_then(|i| self.check_mut(i)) {
            chk.used
                .extend(played.iter().map(|c| db().get(*c).title.clone()));
        }
        let mut with = rest.to_vec();
        with.extend(rider);
        let id = self.new_id();
        let opponent = (seat != self.active).then_some(self.active);
        self.push_stack(
            Pending {
                opponent,
                check,
                with,
                ..Pending::new(id, first, seat)
            },
            events,
        );
        // Their triggers run after the effect in progress.
        for c in played {
            self.fire_card_played(seat, c, events);
        }
        true
    }
}
