//! The playmat: cards entering and moving through the Shadows (pushing
//! left, Stationary, Runner, the End Game moving on its own), entering the
//! Field, revealing each kind of card, defeating cards, the Bureau refill,
//! Evidence and "The End" (rulebook pp. 8-17).

use super::data::{Keyword, Kind, Timing};
use super::program::{Step, Who};
use super::{Card, Events, LeEvent, LeGame, Place, Proof, Slot, Src, Task};
use crate::engine::Event;

impl LeGame {
    /// Queues tasks so that the first listed runs first.
    pub(super) fn queue(&mut self, tasks: Vec<Task>) {
        self.tasks.extend(tasks.into_iter().rev());
    }

    pub(super) fn src(&self, card: Card) -> Src {
        Src {
            card: Some(card),
            label: self.name(card),
        }
    }

    /// The task that resolves one ability of a card for `seat`: its
    /// program, or a manual step when the vocabulary cannot say it.
    pub(super) fn ability_task(&self, card: Card, index: usize, seat: u8) -> Task {
        let a = &self.def(card).abilities[index];
        match &a.program {
            Some(p) => Task::Run {
                src: self.src(card),
                steps: p.0.clone(),
                pc: 0,
                seat,
            },
            None => Task::Manual {
                src: self.src(card),
                text: a.text.clone(),
                seat,
            },
        }
    }

    /// Tasks for every ability of `card` with this timing.
    pub(super) fn triggered(&self, card: Card, when: Timing, seat: u8) -> Vec<Task> {
        let def = self.def(card);
        (0..def.abilities.len())
            .filter(|i| def.abilities[*i].when == when)
            .map(|i| self.ability_task(card, i, seat))
            .collect()
    }

    /// Takes a card off its space (a Bureau space refills at once).
    pub(super) fn take(&mut self, place: Place, events: &mut Events) -> Option<Slot> {
        match place {
            Place::Shadows(i) => self.shadows[usize::from(i)].take(),
            Place::Field(i) => {
                let i = usize::from(i);
                (i < self.field.len()).then(|| self.field.remove(i))
            }
            Place::Bureau(i) => {
                let slot = self.bureau[usize::from(i)].take();
                self.refill_bureau(events);
                slot
            }
        }
    }

    /// Fills each empty Bureau space with the top Academy card, hidden.
    pub(super) fn refill_bureau(&mut self, _events: &mut Events) {
        for i in 0..5 {
            if self.bureau[i].is_none() {
                self.bureau[i] = self.academy.pop().map(|card| Slot { card, hidden: true });
            }
        }
    }

    /// A card enters Shadows space `space` (or the Field, below 0),
    /// pushing the card there one space left (rulebook, "Push Other Cards
    /// to the Left"). A revealed Stationary card is skipped instead of
    /// pushed, except by the End Game.
    fn place(&mut self, slot: Slot, space: i32, arriving: &mut Vec<Slot>) {
        if space < 0 {
            self.field.insert(
                0,
                Slot {
                    card: slot.card,
                    hidden: false,
                },
            );
            arriving.push(slot);
            return;
        }
        let i = space as usize;
        match self.shadows[i] {
            None => self.shadows[i] = Some(slot),
            Some(occupant) => {
                let stays = !occupant.hidden
                    && self.def(occupant.card).has(Keyword::Stationary)
                    && !self.is_end_game(slot.card);
                if stays {
                    self.place(slot, space - 1, arriving);
                } else {
                    self.shadows[i] = Some(slot);
                    self.place(occupant, space - 1, arriving);
                }
            }
        }
    }

    /// Queues what happens to cards that reached the Field: each hidden
    /// one is revealed, first come first (rulebook, "Ability Timing"),
    /// and a Ravager Strikes.
    fn arrived(&mut self, arriving: Vec<Slot>, events: &mut Events) {
        let mut tasks = Vec::new();
        for slot in arriving {
            events.push(Event::public(LeEvent::IntoField {
                card: (!slot.hidden).then(|| self.name(slot.card)),
            }));
            if slot.hidden {
                tasks.push(Task::Reveal { card: slot.card });
            }
            tasks.push(Task::EnteredField { card: slot.card });
        }
        self.queue(tasks);
    }

    /// A card enters the Shadows at a space (normally the rightmost). While
    /// the End Game is in the Shadows nothing may be right of it: a card
    /// entering there takes the space just left of it instead (how
    /// xfiles-bot plays it; the Clone is the exception its card makes).
    pub(super) fn enter_shadows(&mut self, slot: Slot, space: usize, events: &mut Events) {
        let mut target = space as i32;
        if Some(slot.card) != self.clone
            && slot.card != self.end_game
            && let Some(Place::Shadows(k)) = self.place_of(self.end_game)
            && i32::from(k) <= target
        {
            target = i32::from(k) - 1;
        }
        let mut arriving = Vec::new();
        self.place(slot, target, &mut arriving);
        self.arrived(arriving, events);
    }

    /// A card in the Shadows moves one space left (the End Game on its
    /// own, a Runner).
    pub(super) fn move_on(&mut self, space: usize, events: &mut Events) {
        if let Some(slot) = self.shadows[space].take() {
            let mut arriving = Vec::new();
            self.place(slot, space as i32 - 1, &mut arriving);
            self.arrived(arriving, events);
        }
    }

    /// A card moves straight into the Field (Ambush).
    pub(super) fn ambush_into_field(&mut self, place: Place, events: &mut Events) {
        if let Some(slot) = self.take(place, events) {
            let mut arriving = Vec::new();
            self.place(slot, -1, &mut arriving);
            self.arrived(arriving, events);
        }
    }

    /// The top Conspiracy card enters the nearest Shadows space, hidden.
    pub(super) fn add_conspiracy_card(&mut self, events: &mut Events) {
        if let Some(card) = self.conspiracy.pop() {
            events.push(Event::public(LeEvent::Conspiracy {
                left: self.conspiracy.len(),
            }));
            self.enter_shadows(Slot { card, hidden: true }, 4, events);
        }
    }

    /// The Conspiracy Phase (p. 7): a card enters the Shadows; the End Game,
    /// if it was already there, moves one space; then each revealed Runner
    /// in the Shadows moves another space.
    pub(super) fn conspiracy_phase(&mut self, events: &mut Events) {
        let waiting: Vec<Card> = self
            .end_games()
            .into_iter()
            .filter(|c| matches!(self.place_of(*c), Some(Place::Shadows(_))))
            .collect();
        self.add_conspiracy_card(events);
        for eg in waiting {
            if let Some(Place::Shadows(i)) = self.place_of(eg) {
                events.push(Event::public(LeEvent::EndGameMoves));
                self.move_on(usize::from(i), events);
            }
        }
        let runners: Vec<Card> = self
            .shadows
            .iter()
            .flatten()
            .filter(|s| !s.hidden && self.def(s.card).has(Keyword::Runner))
            .map(|s| s.card)
            .collect();
        for card in runners {
            if let Some(Place::Shadows(i)) = self.place_of(card) {
                self.move_on(usize::from(i), events);
            }
        }
    }

    /// Turns a hidden card on the playmat face up and queues what its kind
    /// does (rulebook, "Revealing an Enemy" … "Revealing a Lead").
    pub(super) fn reveal_at(&mut self, place: Place) {
        let flip = |s: &mut Option<Slot>| {
            if let Some(slot) = s {
                slot.hidden = false;
            }
        };
        match place {
            Place::Shadows(i) => flip(&mut self.shadows[usize::from(i)]),
            Place::Bureau(i) => flip(&mut self.bureau[usize::from(i)]),
            Place::Field(i) => {
                if let Some(s) = self.field.get_mut(usize::from(i)) {
                    s.hidden = false;
                }
            }
        }
        if let Some(slot) = self.slot_at(place) {
            self.tasks.push(Task::Reveal { card: slot.card });
        }
    }

    /// What a card does when it is revealed where it is.
    pub(super) fn revealed(&mut self, card: Card, events: &mut Events) {
        let place = self.place_of(card);
        let first = !self.revealed_once.contains(&card);
        if first {
            self.revealed_once.push(card);
        }
        let kind = self.def(card).kind;
        events.push(Event::public(LeEvent::Revealed {
            card: self.name(card),
            kind,
            place,
        }));
        let seat = self.current;
        let in_shadows = matches!(place, Some(Place::Shadows(_)));
        let mut tasks = self.triggered(card, Timing::Reveal, seat);
        if first {
            tasks.extend(self.triggered(card, Timing::FirstReveal, seat));
        }
        if in_shadows {
            tasks.extend(self.triggered(card, Timing::RevealShadows, seat));
        }
        match kind {
            Kind::Enemy | Kind::Syndicate => {
                if kind == Kind::Syndicate && self.the_end {
                    tasks.extend(self.triggered(card, Timing::TheEnd, seat));
                }
                if in_shadows && self.def(card).has(Keyword::Ambush) {
                    self.queue(tasks);
                    self.ambush_into_field(place.expect("in the Shadows"), events);
                    return;
                }
            }
            Kind::Event => tasks.push(Task::Defeat { card }),
            Kind::Ally if in_shadows => tasks.push(Task::AllyTo { card }),
            Kind::Ally => tasks.push(Task::Defeat { card }),
            Kind::Lead if self.the_end => tasks.push(Task::DefeatLead { lead: card }),
            Kind::EndGame => {
                if Some(card) == self.clone {
                    self.reveal_clone_evidence(&mut tasks, events);
                }
                if !self.the_end {
                    tasks.insert(0, Task::TheEnd);
                }
            }
            _ => {}
        }
        self.queue(tasks);
    }

    /// Where a defeated card goes (rulebook, "Defeating Cards").
    pub(super) fn put_defeated(&mut self, card: Card) {
        match self.def(card).kind {
            k if k.is_conspiracy() => self.defeated_conspiracy.push(card),
            k if k.is_character() => self.defeated_characters.push(card),
            Kind::Belief => self.beliefs.push(card),
            Kind::Doubt => self.doubts.push(card),
            _ => self.outside.push(card),
        }
    }

    /// Defeats a card on the playmat, with its Defeat abilities.
    pub(super) fn defeat_on_board(&mut self, card: Card, events: &mut Events) {
        let Some(place) = self.place_of(card) else {
            return;
        };
        self.take(place, events);
        self.defeat_loose(card, events);
    }

    /// Defeats a card already taken from wherever it was.
    pub(super) fn defeat_loose(&mut self, card: Card, events: &mut Events) {
        let first = !self.defeated_once.contains(&card);
        if first {
            self.defeated_once.push(card);
        }
        self.put_defeated(card);
        events.push(Event::public(LeEvent::Defeated {
            card: self.name(card),
            kind: self.def(card).kind,
        }));
        let seat = self.current;
        let mut tasks = self.triggered(card, Timing::Defeat, seat);
        if first {
            tasks.extend(self.triggered(card, Timing::FirstDefeat, seat));
        }
        self.queue(tasks);
    }

    /// A Lead leaves play: if it never Discovered Evidence while some is
    /// still Undiscovered, each player gains a Doubt (rulebook p. 13; X).
    pub(super) fn defeat_lead(&mut self, lead: Card, events: &mut Events) {
        let discovered = self.evidence.iter().any(|e| e.lead == Some(lead));
        let any_left = self.evidence.iter().any(|e| e.state == Proof::Undiscovered);
        self.defeat_on_board(lead, events);
        if !discovered && any_left {
            self.queue(vec![Task::Run {
                src: self.src(lead),
                steps: vec![Step::GainDoubt(Who::Each)],
                pc: 0,
                seat: self.current,
            }]);
        }
    }

    /// The topmost Undiscovered Evidence is revealed and connected to the Lead.
    pub(super) fn discover(&mut self, lead: Card, events: &mut Events) {
        if let Some(e) = self
            .evidence
            .iter_mut()
            .find(|e| e.state == Proof::Undiscovered)
        {
            e.state = Proof::Discovered;
            e.lead = Some(lead);
            let (priority, card) = (e.priority, e.card);
            events.push(Event::public(LeEvent::EvidenceDiscovered {
                priority,
                card: self.name(card),
            }));
        }
    }

    /// The Lead's Evidence is Collected and the Lead defeated.
    pub(super) fn collect(&mut self, lead: Card, events: &mut Events) {
        if let Some(e) = self.evidence.iter_mut().find(|e| e.lead == Some(lead)) {
            e.state = Proof::Collected;
            let (priority, card) = (e.priority, e.card);
            events.push(Event::public(LeEvent::EvidenceCollected {
                priority,
                card: self.name(card),
            }));
        }
        self.defeat_on_board(lead, events);
    }

    /// Cards in play in the rulebook's "S" order: the Bureau left to right,
    /// the Field right to left, the Shadows left to right.
    pub fn s_order(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self.bureau.iter().flatten().map(|s| s.card).collect();
        out.extend(self.field.iter().rev().map(|s| s.card));
        out.extend(self.shadows.iter().flatten().map(|s| s.card));
        out
    }

    /// "The End" begins (rulebook, "The End Game is Revealed").
    pub(super) fn the_end(&mut self, events: &mut Events) {
        self.the_end = true;
        events.push(Event::public(LeEvent::TheEnd));
        let leads: Vec<Card> = self
            .s_order()
            .into_iter()
            .filter(|c| {
                self.def(*c).kind == Kind::Lead
                    && self
                        .place_of(*c)
                        .is_some_and(|p| !matches!(p, Place::Bureau(_)))
            })
            .collect();
        let seat = self.current;
        let mut tasks: Vec<Task> = leads
            .into_iter()
            .map(|lead| Task::DefeatLead { lead })
            .collect();
        for e in &self.evidence {
            if e.state == Proof::Undiscovered {
                events.push(Event::public(LeEvent::Revealed {
                    card: self.name(e.card),
                    kind: Kind::Evidence,
                    place: None,
                }));
            }
        }
        for card in self.s_order() {
            if self.is_revealed(card) && self.def(card).kind == Kind::Syndicate {
                tasks.extend(self.triggered(card, Timing::TheEnd, seat));
            }
        }
        let locked: Vec<Card> = self
            .evidence
            .iter()
            .filter(|e| e.state != Proof::Collected)
            .map(|e| e.card)
            .collect();
        for card in locked {
            tasks.extend(self.triggered(card, Timing::TheEnd, seat));
        }
        self.queue(tasks);
    }

    /// The Evidence the End Game has (not Collected), once "The End" began.
    pub fn locked_evidence(&self) -> Vec<Card> {
        if !self.the_end {
            return Vec::new();
        }
        self.evidence
            .iter()
            .filter(|e| e.state != Proof::Collected)
            .map(|e| e.card)
            .collect()
    }

    /// The steps of a card's abilities in force where it is: Ongoing
    /// while revealed, Shadows: and Field: in those places.
    pub(super) fn statics(&self, card: Card) -> Vec<&Step> {
        let Some(place) = self.place_of(card) else {
            return Vec::new();
        };
        if self.slot_at(place).is_none_or(|s| s.hidden) {
            return Vec::new();
        }
        self.def(card)
            .abilities
            .iter()
            .filter(|a| match a.when {
                Timing::Ongoing => true,
                Timing::Shadows => matches!(place, Place::Shadows(_)),
                Timing::Field => matches!(place, Place::Field(_)),
                _ => false,
            })
            .flat_map(|a| a.steps())
            .collect()
    }

    /// The first card on the playmat with `step` in force, if any.
    pub(super) fn in_force(&self, step: &Step) -> Option<Card> {
        self.s_order()
            .into_iter()
            .find(|c| self.statics(*c).contains(&step))
    }

    /// Defense from a card's own static abilities where it is.
    fn static_defense(&self, card: Card) -> i32 {
        self.statics(card)
            .into_iter()
            .map(|s| match s {
                Step::Defense(n) => *n,
                _ => 0,
            })
            .sum()
    }

    /// What fighting a card costs now: its Defense with its statics, less
    /// 2 for each card played this turn of a class it is Vulnerable to.
    pub fn defense_of(&self, card: Card) -> i32 {
        let def = self.def(card);
        let mut d = i32::from(def.defense.unwrap_or(0)) + self.static_defense(card);
        if card == self.end_game {
            d += self.end_game_bonus.1;
        }
        if Some(card) == self.clone {
            d += self.clone_bonus.1;
        }
        for k in &def.keywords {
            if let Keyword::Vulnerability(c) = k {
                let played = self
                    .current_played()
                    .filter(|p| self.def(**p).class == Some(*c))
                    .count() as i32;
                d -= 2 * played;
            }
        }
        d.max(0)
    }

    pub fn end_game_health(&self) -> i32 {
        self.health_of(self.end_game)
    }

    pub fn end_game_hits(&self) -> i32 {
        self.hits_on(self.end_game)
    }

    /// The End Games in this game: the one drawn, and Replication's Clone.
    pub fn end_games(&self) -> Vec<Card> {
        std::iter::once(self.end_game).chain(self.clone).collect()
    }

    pub fn is_end_game(&self, card: Card) -> bool {
        card == self.end_game || Some(card) == self.clone
    }

    /// An End Game's Health with what it gained.
    pub fn health_of(&self, end_game: Card) -> i32 {
        let bonus = if Some(end_game) == self.clone {
            self.clone_bonus.0
        } else {
            self.end_game_bonus.0
        };
        i32::from(self.def(end_game).health.unwrap_or(0)) + bonus
    }

    /// The damage Strikes dealt an End Game.
    pub fn hits_on(&self, end_game: Card) -> i32 {
        let pile = if Some(end_game) == self.clone {
            &self.clone_damage
        } else {
            &self.end_game_damage
        };
        pile.iter()
            .map(|c| i32::from(self.def(*c).strike_damage()))
            .sum()
    }

    /// The cards the current player played this turn (virtual copies too).
    pub(super) fn current_played(&self) -> impl Iterator<Item = &Card> {
        self.player(self.current).played.iter().map(|p| &p.card)
    }
}
