//! Unique cards' own rules, for text the verbs cannot say, each a small
//! handler named in card data as `special KEY` and tested against the
//! rulebook's "Specific Card Clarifications".

use super::data::{Kind, Timing};
use super::program::Step;
use super::{Card, Events, LeEvent, LeGame, Place, Proof, Slot, Src, Task, Wound};
use crate::engine::{Event, Seat};

/// Every handler's key (`special KEY` in card data). The last three are
/// rules in force while their card is (an Ongoing or Shadows: ability):
/// Cassandra Spender, Susanne Modeski and Extinction.
pub const KEYS: &[&str] = &[
    "body_swap",
    "x_lead",
    "replication",
    "cassandra",
    "susanne",
    "extinction",
];

impl LeGame {
    pub(super) fn special(&mut self, key: &str, src: &Src, seat: Seat, events: &mut Events) {
        match key {
            "body_swap" => self.body_swap(seat, events),
            "x_lead" => self.x_lead(events),
            "replication" => self.replication(src, events),
            // In force while the card is: see below.
            "cassandra" | "susanne" | "extinction" => {}
            _ => events.push(Event::public(LeEvent::Manual {
                seat,
                card: src.label.clone(),
                text: format!("(no handler `{key}`)"),
            })),
        }
    }

    /// Body Swap (Event): you and the next undefeated player exchange
    /// Avatars, with their Strikes and Cliffhangers. Alone: your Avatar is
    /// swapped for a random one from outside the game (its Strikes go to
    /// the Discarded Strikes: how xfiles-bot plays it); a team of five down
    /// to one does not swap (rulebook, "Playing Solo").
    fn body_swap(&mut self, seat: Seat, events: &mut Events) {
        let other = self.next_after(seat);
        if other != seat {
            let (a, b) = (usize::from(seat), usize::from(other));
            let (pa, pb) = (self.players[a].clone(), self.players[b].clone());
            self.players[a].avatar = pb.avatar;
            self.players[a].strikes = pb.strikes;
            self.players[a].cliffhangers = pb.cliffhangers;
            self.players[b].avatar = pa.avatar;
            self.players[b].strikes = pa.strikes;
            self.players[b].cliffhangers = pa.cliffhangers;
            events.push(Event::public(LeEvent::Swapped {
                seat,
                with: Some(other),
                avatar: self.name(self.player(seat).avatar),
            }));
            self.check_health(seat, events);
            self.check_health(other, events);
            return;
        }
        if self.players.len() >= 5 {
            return;
        }
        let fallen: Vec<Card> = self
            .players
            .iter()
            .filter(|p| p.defeated)
            .map(|p| p.avatar)
            .collect();
        let unused: Vec<Card> = self
            .outside
            .iter()
            .copied()
            .filter(|c| self.def(*c).kind == Kind::Avatar && !fallen.contains(c))
            .collect();
        if unused.is_empty() {
            return;
        }
        let new = unused[self.rng.below(unused.len())];
        self.from_outside(new);
        let p = self.player_mut(seat);
        let old = std::mem::replace(&mut p.avatar, new);
        let strikes: Vec<Wound> = p.strikes.drain(..).collect();
        self.outside.push(old);
        self.strike_discard.extend(strikes.iter().map(|w| w.card));
        events.push(Event::public(LeEvent::Swapped {
            seat,
            with: None,
            avatar: self.name(new),
        }));
    }

    /// X (Informant): a fourth Lead, from outside the game, enters the
    /// Shadows hidden (rulebook, "X").
    fn x_lead(&mut self, events: &mut Events) {
        let leads: Vec<Card> = self
            .outside
            .iter()
            .copied()
            .filter(|c| self.def(*c).kind == Kind::Lead)
            .collect();
        if leads.is_empty() {
            return;
        }
        let lead = leads[self.rng.below(leads.len())];
        self.from_outside(lead);
        events.push(Event::public(LeEvent::Conspiracy {
            left: self.conspiracy.len(),
        }));
        self.enter_shadows(
            Slot {
                card: lead,
                hidden: true,
            },
            4,
            events,
        );
    }
}

/// The rulebook names the Lone Gunmen; a group's own data keeps the name.
const LONE_GUNMEN: &str = "The Lone Gunmen";

fn key(k: &str) -> Step {
    Step::Special(k.to_string())
}

impl LeGame {
    /// Cassandra Spender (Informant) is face up: a Doubt fails to resolve.
    pub(super) fn cassandra_revealed(&self) -> bool {
        self.in_force(&key("cassandra")).is_some()
    }

    /// Lone Gunmen cards a player may recruit from outside the game while
    /// Susanne Modeski is revealed in the Shadows (one of each card).
    pub fn susanne_offers(&self) -> Vec<Card> {
        if self.in_force(&key("susanne")).is_none() {
            return Vec::new();
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for c in &self.outside {
            let d = self.def(*c);
            if d.kind == Kind::Academy
                && d.character.as_deref() == Some(LONE_GUNMEN)
                && !seen.contains(&d.id.as_str())
            {
                seen.push(&d.id);
                out.push(*c);
            }
        }
        out
    }

    /// Extinction's rule is in force: "The End" has begun with it.
    /// Checked after every task: nothing is built before "The End".
    pub(super) fn extinction(&self) -> bool {
        self.the_end && {
            let k = key("extinction");
            self.end_games()
                .into_iter()
                .any(|e| self.def(e).abilities.iter().any(|a| a.steps().contains(&k)))
        }
    }

    /// A card `seat` discards: defeated instead under Extinction.
    pub(super) fn discard_card(&mut self, seat: Seat, card: Card, events: &mut Events) {
        if self.extinction() {
            self.defeat_loose(card, events);
        } else {
            self.player_mut(seat).discard.push(card);
        }
    }

    /// Under Extinction a player with no cards in hand, deck and discard
    /// pile is defeated, Vigilant cards in play or not.
    pub(super) fn extinction_check(&mut self, events: &mut Events) {
        if !self.extinction() {
            return;
        }
        for s in self.in_turn_order() {
            let p = self.player(s);
            if p.hand.is_empty() && p.deck.is_empty() && p.discard.is_empty() {
                self.defeat_player(s, events);
            }
        }
    }
}

impl LeGame {
    /// Replication (End Game) revealed: the Clone End Game goes face down
    /// one space to its right (from the Field: the leftmost Shadows space;
    /// from the rightmost space: onto the Conspiracy Deck), and a random
    /// hidden Evidence from outside the game of each priority Replication
    /// has goes above the mat for the Clone (rulebook, "Replication and Clone").
    fn replication(&mut self, src: &Src, events: &mut Events) {
        let Some(replication) = src.card else {
            return;
        };
        let clone = self
            .outside
            .iter()
            .copied()
            .find(|c| self.def(*c).kind == Kind::EndGame && self.def(*c).name == "Clone");
        let (None, Some(clone)) = (self.clone, clone) else {
            return;
        };
        self.from_outside(clone);
        self.clone = Some(clone);
        let slot = Slot {
            card: clone,
            hidden: true,
        };
        match self.place_of(replication) {
            Some(Place::Shadows(4)) | None => self.conspiracy.push(clone),
            Some(Place::Shadows(i)) => self.enter_shadows(slot, usize::from(i) + 1, events),
            Some(_) => self.enter_shadows(slot, 0, events),
        }
        let priorities: Vec<u8> = self
            .evidence
            .iter()
            .filter(|e| e.state != Proof::Collected)
            .map(|e| e.priority)
            .collect();
        for p in priorities {
            let pool: Vec<Card> = self
                .outside
                .iter()
                .copied()
                .filter(|c| self.def(*c).kind == Kind::Evidence && self.def(*c).priority == Some(p))
                .collect();
            if !pool.is_empty() {
                let e = pool[self.rng.below(pool.len())];
                self.from_outside(e);
                self.clone_evidence.push(e);
            }
        }
        events.push(Event::public(LeEvent::Manual {
            seat: self.current,
            card: self.name(replication),
            text: format!(
                "the Clone End Game enters face down, with {} hidden Evidence of its own",
                self.clone_evidence.len()
            ),
        }));
    }

    /// The Clone is revealed: its Evidence is revealed and its "The End:"
    /// abilities come into force.
    pub(super) fn reveal_clone_evidence(&mut self, tasks: &mut Vec<Task>, events: &mut Events) {
        let seat = self.current;
        for e in self.clone_evidence.clone() {
            events.push(Event::public(LeEvent::Revealed {
                card: self.name(e),
                kind: Kind::Evidence,
                place: None,
            }));
            tasks.extend(self.triggered(e, Timing::TheEnd, seat));
        }
    }
}
