//! The Briefing Phase (pp. 11-12, 18): the free draw, RP from the Agents'
//! RES, buying at 1 RP a card, then each opponent in turn from the left
//! selling RP/*P cards for CP and buying at 1 CP a card.

use super::{AgentRef, Events, Fact, Phase, XfEvent, XfGame};
use crate::cards::{CardIdx, CardType, Pool, Section, Skill, db};
use crate::engine::{Event, Refusal, Seat};

impl XfGame {
    pub(super) fn brief(
        &mut self,
        draw: bool,
        to_conspiracy: &[CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let seat = self.active;
        for c in to_conspiracy {
            let r = AgentRef { seat, card: *c };
            let allowed = self.agent(r).is_some_and(|a| {
                !a.temporary && a.section != Section::Hospital && a.away.is_none()
            }) && self.res_to_conspiracy(r);
            if !allowed {
                return Err(Refusal::new(format!(
                    "{} cannot add his RES to the Conspiracy Pool (only Agents whose Game Effect says so, e.g. Agent Krycek)",
                    db().get(*c).title
                )));
            }
        }
        if draw {
            let drawn = if self.blocked(seat, false) {
                Vec::new()
            } else {
                self.draw(seat, 1, events)
            };
            events.push(Event::public(XfEvent::Drew {
                seat,
                count: drawn.len(),
            }));
            events.push(Event::private(seat, XfEvent::DrewCards { cards: drawn }));
        }
        let (mut rp, mut cp, mut buy_only) = (0i64, 0, 0);
        let cards: Vec<CardIdx> = self.player(seat).agents.iter().map(|a| a.card).collect();
        for card in cards {
            let r = AgentRef { seat, card };
            let a = self.agent(r).expect("listed").clone();
            if a.away.is_some() {
                continue;
            }
            if !a.temporary && !self.dedicated_keywords(r).is_empty() {
                self.agent_mut(r).expect("listed").dedicated_rp = true;
            }
            // Agents in the Hospital create no RP (p. 11).
            if a.section == Section::Hospital {
                continue;
            }
            let res = if a.temporary {
                db().get(card).skill(Skill::Resources).max(0) as u32
            } else {
                self.agent_res(r)
            };
            if to_conspiracy.contains(&card) {
                cp += res;
            } else {
                rp += i64::from(res);
                if !a.temporary && self.res_must_buy(r) {
                    buy_only += res;
                }
            }
        }
        rp = (rp + i64::from(self.rp_income_change(seat))).max(0);
        let rp = rp as u32;
        let p = self.player_mut(seat);
        p.rp += rp;
        p.cp += cp;
        p.buy_only_rp = buy_only.min(rp);
        events.push(Event::public(XfEvent::Resources { seat, rp, cp }));
        self.phase = Phase::Buy;
        Ok(())
    }

    /// All purchases at once (p. 11); RP that had to buy cards and did not is lost.
    pub(super) fn buy(&mut self, count: u32, events: &mut Events) -> Result<(), Refusal> {
        let seat = self.active;
        self.may_buy(seat, count)?;
        let p = self.player(seat);
        if count > p.rp {
            return Err(Refusal::new(format!(
                "buying {count} cards costs {count} RP; your Resource Pool holds {}",
                p.rp
            )));
        }
        self.purchase(seat, count, Pool::Rp, events);
        let p = self.player_mut(seat);
        let lost = p.buy_only_rp.saturating_sub(count).min(p.rp);
        p.rp -= lost;
        p.buy_only_rp = 0;
        if lost > 0 {
            events.push(Event::public(XfEvent::LostRp { seat, amount: lost }));
        }
        match self.others_from(seat).first() {
            Some(first) => self.phase = Phase::Trade(*first),
            None => self.healing(events),
        }
        Ok(())
    }

    /// Buying draws the cards bought: a seat a card keeps from drawing
    /// (Red Tape) or buying this turn buys none.
    fn may_buy(&self, seat: Seat, count: u32) -> Result<(), Refusal> {
        if count > 0 && self.blocked(seat, true) {
            return Err(Refusal::new(
                "a card in play keeps you from drawing or buying cards this turn; buy 0 (/buy count:0)",
            ));
        }
        Ok(())
    }

    fn purchase(&mut self, seat: Seat, count: u32, pool: Pool, events: &mut Events) {
        let p = self.player_mut(seat);
        match pool {
            Pool::Rp => p.rp -= count,
            _ => p.cp -= count,
        }
        events.push(Event::public(XfEvent::Bought { seat, count, pool }));
        if self.blocked(seat, true) || count == 0 {
            return;
        }
        if seat == self.active {
            self.draw_bought(seat, count, events);
            return;
        }
        // An opponent's purchase waits for the active player's next move:
        // every time, so the wait tells nothing of anyone's hand.
        self.facts.push(Fact::PaidToDraw { seat });
        self.owed_draw = Some(super::OwedDraw { seat, count, pool });
        events.push(Event::public(XfEvent::DrawWaits { seat, count }));
    }

    fn draw_bought(&mut self, seat: Seat, count: u32, events: &mut Events) {
        let drawn = self.draw(seat, count as usize, events);
        if !drawn.is_empty() {
            events.push(Event::private(seat, XfEvent::DrewCards { cards: drawn }));
        }
    }

    /// The purchase that waited is drawn (nothing stopped it).
    pub(super) fn draw_owed(&mut self, events: &mut Events) {
        if let Some(o) = self.owed_draw.take()
            && !self.blocked(o.seat, true)
        {
            self.draw_bought(o.seat, o.count, events);
        }
    }

    /// A card stops the purchase that waits: nothing is drawn; with
    /// `refund` the pool is paid back (Try to Remember: no buying this turn).
    pub(crate) fn stop_purchase(&mut self, refund: bool, events: &mut Events) {
        let Some(o) = self.owed_draw.take() else {
            return;
        };
        if refund {
            let p = self.player_mut(o.seat);
            match o.pool {
                Pool::Rp => p.rp += o.count,
                _ => p.cp += o.count,
            }
        }
        events.push(Event::public(XfEvent::PurchaseStopped {
            seat: o.seat,
            count: o.count,
            refund,
        }));
    }

    /// What a card sells for: its RP or *P cost (X costs nothing), an Agent its RES (p. 12).
    pub fn sale_value(card: CardIdx) -> Option<u32> {
        let c = db().get(card);
        if c.kind == CardType::Agent {
            return Some(c.skill(Skill::Resources).max(0) as u32);
        }
        match c.cost {
            Some(cost) if cost.pool != Pool::Cp => Some(cost.amount.sale_value()),
            _ => None,
        }
    }

    pub(super) fn trade(
        &mut self,
        seat: Seat,
        sell: &[CardIdx],
        buy: u32,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let mut gained = 0;
        for c in sell {
            let Some(value) = Self::sale_value(*c) else {
                return Err(Refusal::new(format!(
                    "{} has a CP cost; only RP and *P cards (and Agents) sell for CP",
                    db().get(*c).title
                )));
            };
            gained += value;
        }
        self.may_buy(seat, buy)?;
        let rest = self.hand_without(seat, sell)?;
        let cp = self.player(seat).cp + gained;
        if buy > cp {
            return Err(Refusal::new(format!(
                "buying {buy} cards costs {buy} CP; you would have {cp}"
            )));
        }
        let first_sale = !self
            .facts
            .iter()
            .any(|f| matches!(f, Fact::Sold { seat: s, .. } if *s == seat));
        let p = self.player_mut(seat);
        p.hand = rest;
        p.cp = cp;
        self.discard_home(seat, sell);
        if !sell.is_empty() {
            self.facts.push(Fact::Sold { seat, cp: gained });
            events.push(Event::public(XfEvent::Sold {
                seat,
                cards: sell.to_vec(),
                cp: gained,
            }));
        }
        // A second sale before buying (Foo Fighter, FAQ21 #66).
        if first_sale && !sell.is_empty() && buy == 0 && self.sells_twice(seat) {
            return Ok(());
        }
        self.purchase(seat, buy, Pool::Cp, events);
        self.next_trader(seat, events);
        Ok(())
    }

    /// A card lets this seat take a second Conspiracy discard (Foo Fighter).
    fn sells_twice(&self, seat: Seat) -> bool {
        self.in_force_of(&|m| matches!(m, super::effects::ast::Modifier::ExtraSale))
            .iter()
            .any(|f| f.src.controller == seat)
    }

    pub(super) fn next_trader(&mut self, current: Seat, events: &mut Events) {
        let order = self.others_from(self.active);
        let i = order
            .iter()
            .position(|s| *s == current)
            .unwrap_or(order.len());
        match order.get(i + 1) {
            Some(next) => self.phase = Phase::Trade(*next),
            None => self.healing(events),
        }
    }
}
