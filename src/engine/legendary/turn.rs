//! The turn (rulebook, "Turn Sequence"): the task loop that runs what the
//! game does on its own, the Conspiracy and Action Phases' start, the
//! Strike Phase with every Strike keyword, the end of the turn (Elude,
//! Informants and Leads in the Field), the Cleanup, drawing, defeated
//! players and the end of the game.

use super::data::{Keyword, Kind, Timing};
use super::effects::Pick;
use super::program::Step;
use super::{Card, Events, LeEvent, LeGame, Phase, Place, Task, Turn, Val, Wound, series};
use crate::engine::{Event, Outcome, Seat, TeamResult};

impl LeGame {
    /// Runs queued tasks until the game waits for a player.
    pub(super) fn settle(&mut self, events: &mut Events) {
        while self.choice.is_none() && !self.is_over() {
            let Some(task) = self.tasks.pop() else {
                break;
            };
            self.run_task(task, events);
            self.extinction_check(events);
        }
    }

    fn run_task(&mut self, task: Task, events: &mut Events) {
        match task {
            Task::Run {
                src,
                steps,
                pc,
                seat,
            } => self.run_program(src, steps, pc, seat, events),
            Task::Manual { src, text, seat } => events.push(Event::public(LeEvent::Manual {
                seat,
                card: src.label,
                text,
            })),
            Task::Reveal { card } => self.revealed(card, events),
            Task::EnteredField { card } => {
                let ravager = self.def(card).has(Keyword::Ravage);
                if ravager && self.place_of(card).is_some() {
                    self.tasks.push(Task::Strike {
                        seat: self.current,
                        source: Some(card),
                    });
                }
            }
            Task::AllyTo { card } => self.ally_to(card, events),
            Task::Strike { seat, source } => self.strike(seat, source, events),
            Task::StrikeAvoid { seat, source } => self.strike_avoid(seat, source, events),
            Task::Fear {
                seat,
                strike,
                source,
                asked,
            } => self.fear(seat, strike, source, asked, events),
            Task::BeliefChoice { seat } => self.belief_choice(seat, events),
            Task::Guard {
                seat,
                strike,
                source,
                asked,
            } => self.guard(seat, strike, source, asked, events),
            Task::Land {
                seat,
                strike,
                source,
            } => self.land(seat, strike, source, events),
            Task::StrikeBy { card, times } => self.strike_by(card, times),
            Task::FinishFight { card } => self.finish_fight(card, events),
            Task::DoubtCheck { seat } => self.doubt_check(seat, events),
            Task::Discovered { lead } => self.discover(lead, events),
            Task::Collected { lead } => self.collect(lead, events),
            Task::TheEnd => self.the_end(events),
            Task::Defeat { card } => self.defeat_on_board(card, events),
            Task::DefeatLead { lead } => self.defeat_lead(lead, events),
            Task::StartAction => {
                self.phase = Phase::Action;
                self.tasks.push(Task::DoubtCheck { seat: self.current });
            }
            Task::StrikePhase => self.strike_phase(),
            Task::EndOfTurn => self.end_of_turn(events),
            Task::Cleanup => self.cleanup(),
            Task::DiscardAndDraw => self.discard_and_draw(events),
            Task::NextTurn => self.next_turn(events),
        }
    }

    /// A new turn for the current player: the Conspiracy Phase, then the
    /// Action Phase (which first resolves a Doubt in hand).
    pub(super) fn begin_turn(&mut self, events: &mut Events) {
        self.turn = Turn::default();
        self.turn_no += 1;
        self.phase = Phase::Conspiracy;
        events.push(Event::public(LeEvent::TurnBegins {
            seat: self.current,
            turn: self.turn_no,
        }));
        self.tasks.push(Task::StartAction);
        self.conspiracy_phase(events);
    }

    fn next_turn(&mut self, events: &mut Events) {
        let n = self.players.len();
        for _ in 0..2 * n + 1 {
            self.current = self.next_after(self.current);
            let p = self.player_mut(self.current);
            if p.skip == 0 {
                break;
            }
            p.skip -= 1;
            events.push(Event::public(LeEvent::TurnSkipped { seat: self.current }));
        }
        self.begin_turn(events);
    }

    /// Ends the current player's Action Phase: Strikes, the end of the
    /// turn, the Cleanup, the next player.
    pub(super) fn end_turn(&mut self) {
        self.phase = Phase::Strike;
        self.queue(vec![
            Task::StrikePhase,
            Task::EndOfTurn,
            Task::Cleanup,
            Task::NextTurn,
        ]);
    }

    fn strike_times(&self, card: Card) -> u8 {
        let def = self.def(card);
        if def.has(Keyword::TripleStrike) {
            3
        } else if def.has(Keyword::DoubleStrike) {
            2
        } else {
            1
        }
    }

    fn strikes_at_all(&self, card: Card) -> bool {
        self.is_end_game(card) || self.def(card).kind == Kind::Enemy
    }

    /// Each Enemy (and the End Game) in the Field Strikes, right to left;
    /// then each revealed one with Range in the Shadows, left to right.
    fn strike_phase(&mut self) {
        self.phase = Phase::Strike;
        let mut order: Vec<Card> = self
            .field
            .iter()
            .rev()
            .map(|s| s.card)
            .filter(|c| self.strikes_at_all(*c))
            .collect();
        order.extend(
            self.shadows
                .iter()
                .flatten()
                .filter(|s| !s.hidden && self.def(s.card).has(Keyword::Range))
                .map(|s| s.card)
                .filter(|c| self.strikes_at_all(*c)),
        );
        let tasks = order
            .into_iter()
            .map(|card| Task::StrikeBy {
                card,
                times: self.strike_times(card),
            })
            .collect();
        self.queue(tasks);
    }

    fn strike_by(&mut self, card: Card, times: u8) {
        let still = match self.place_of(card) {
            Some(Place::Field(_)) => true,
            Some(Place::Shadows(i)) => {
                self.def(card).has(Keyword::Range)
                    && self.shadows[usize::from(i)].is_some_and(|s| !s.hidden)
            }
            _ => false,
        };
        if still {
            let seat = self.current;
            let tasks = (0..times)
                .map(|_| Task::Strike {
                    seat,
                    source: Some(card),
                })
                .collect();
            self.queue(tasks);
        }
    }

    /// One Strike at `seat`: the current player may avoid it while they
    /// have avoids left (rulebook, "Avoid").
    fn strike(&mut self, seat: Seat, source: Option<Card>, events: &mut Events) {
        if self.player(seat).defeated {
            return;
        }
        if seat == self.current && self.turn.avoid > 0 {
            let what = source.map_or("an effect".to_string(), |c| self.name(c));
            self.tasks.push(Task::StrikeAvoid { seat, source });
            self.ask_yes_no(seat, format!("Avoid the Strike from {what}?"), events);
            return;
        }
        self.draw_strike(seat, source, events);
    }

    fn strike_avoid(&mut self, seat: Seat, source: Option<Card>, events: &mut Events) {
        if self
            .answer
            .take()
            .is_some_and(|a| a.first() == Some(&Val::Yes))
        {
            self.turn.avoid -= 1;
            events.push(Event::public(LeEvent::Avoided {
                seat,
                source: source.map(|c| self.name(c)),
            }));
            return;
        }
        self.draw_strike(seat, source, events);
    }

    /// The top Strike, reshuffling the discarded ones when the deck is out;
    /// with none anywhere the players lose (rulebook, "Running Out of Strikes").
    pub(super) fn top_strike(&mut self, events: &mut Events) -> Option<Card> {
        if self.strike_deck.is_empty() && !self.strike_discard.is_empty() {
            self.strike_deck = std::mem::take(&mut self.strike_discard);
            self.rng.shuffle(&mut self.strike_deck);
            events.push(Event::public(LeEvent::StrikesReshuffled));
        }
        let top = self.strike_deck.pop();
        if top.is_none() {
            self.finish(false, "the Strike Deck ran out".into(), events);
        }
        top
    }

    /// Gains a Scar: the top Strike face down, unseen (counts 1).
    pub(super) fn scar(&mut self, seat: Seat, events: &mut Events) {
        if let Some(card) = self.top_strike(events) {
            self.player_mut(seat)
                .strikes
                .push(Wound { card, scar: true });
            events.push(Event::public(LeEvent::Scarred { seat }));
            self.check_health(seat, events);
        }
    }

    fn draw_strike(&mut self, seat: Seat, source: Option<Card>, events: &mut Events) {
        let strike_text: Vec<Task> =
            source.map_or_else(Vec::new, |c| self.triggered(c, Timing::Strike, seat));
        if source.is_some_and(|c| self.def(c).has(Keyword::Maul)) {
            self.queue(strike_text);
            self.scar(seat, events);
            return;
        }
        let Some(strike) = self.top_strike(events) else {
            return;
        };
        events.push(Event::public(LeEvent::StrikeDrawn {
            seat,
            strike: self.name(strike),
            damage: self.def(strike).strike_damage(),
            source: source.map(|c| self.name(c)),
        }));
        let mut tasks = vec![if self.def(strike).fear {
            Task::Fear {
                seat,
                strike,
                source,
                asked: Vec::new(),
            }
        } else {
            Task::Guard {
                seat,
                strike,
                source,
                asked: Vec::new(),
            }
        }];
        tasks.extend(strike_text);
        self.queue(tasks);
    }

    /// Who may still cancel a Fear Strike: another player with a Belief in
    /// hand; alone, the player who played a Belief this turn (rulebook,
    /// "Playing Solo").
    fn fear_cancellers(&self, seat: Seat, asked: &[Seat]) -> Vec<Seat> {
        let has_belief = |s: Seat| {
            self.player(s)
                .hand
                .iter()
                .any(|c| self.def(*c).kind == Kind::Belief)
        };
        if self.alone() {
            let may = seat == self.current && self.turn.played_belief && !asked.contains(&seat);
            return if may { vec![seat] } else { Vec::new() };
        }
        self.in_turn_order()
            .into_iter()
            .filter(|s| *s != seat && !asked.contains(s) && has_belief(*s))
            .collect()
    }

    fn fear(
        &mut self,
        seat: Seat,
        strike: Card,
        source: Option<Card>,
        mut asked: Vec<Seat>,
        events: &mut Events,
    ) {
        if let Some(answer) = self.answer.take()
            && answer.first() == Some(&Val::Yes)
            && let Some(by) = asked.last().copied()
        {
            self.strike_discard.push(strike);
            events.push(Event::public(LeEvent::Cancelled { seat, by }));
            return;
        }
        match self.fear_cancellers(seat, &asked).first() {
            Some(next) => {
                asked.push(*next);
                let who = *next;
                self.tasks.push(Task::Fear {
                    seat,
                    strike,
                    source,
                    asked,
                });
                let prompt = if who == seat {
                    "Cancel the Fear Strike (you played a Belief this turn)?".to_string()
                } else {
                    format!(
                        "Reveal a Belief to cancel the Fear Strike on seat {}?",
                        seat + 1
                    )
                };
                self.ask_yes_no(who, prompt, events);
            }
            None => self.guard(seat, strike, source, Vec::new(), events),
        }
    }

    /// Who may still cancel a Strike `seat` drew with a Vigilant card in
    /// play (Protector): another player; alone, the player themself
    /// (rulebook, "Playing Solo").
    fn guardians(&self, seat: Seat, asked: &[Seat]) -> Vec<(Seat, Card)> {
        let cancels = |c: &Card| {
            self.def(*c)
                .ability(Timing::Vigilant)
                .is_some_and(|a| a.steps().contains(&Step::CancelStrike))
        };
        self.in_turn_order()
            .into_iter()
            .filter(|s| (*s == seat) == self.alone() && !asked.contains(s))
            .filter_map(|s| {
                let p = self.player(s);
                p.vigilant.iter().find(|c| cancels(c)).map(|c| (s, *c))
            })
            .collect()
    }

    fn guard(
        &mut self,
        seat: Seat,
        strike: Card,
        source: Option<Card>,
        mut asked: Vec<Seat>,
        events: &mut Events,
    ) {
        if let Some(answer) = self.answer.take()
            && answer.first() == Some(&Val::Yes)
            && let Some(by) = asked.last().copied()
            && let Some(card) = self
                .guardians(seat, &asked[..asked.len() - 1])
                .into_iter()
                .find(|(s, _)| *s == by)
                .map(|(_, c)| c)
        {
            self.player_mut(by).vigilant.retain(|c| *c != card);
            self.discard_card(by, card, events);
            self.strike_discard.push(strike);
            events.push(Event::public(LeEvent::Protected {
                seat,
                by,
                card: self.name(card),
            }));
            return;
        }
        let Some((who, card)) = self.guardians(seat, &asked).first().copied() else {
            return self.land(seat, strike, source, events);
        };
        asked.push(who);
        self.tasks.push(Task::Guard {
            seat,
            strike,
            source,
            asked,
        });
        let whose = if who == seat {
            "you drew".to_string()
        } else {
            format!("seat {} drew", seat + 1)
        };
        let prompt = format!(
            "Discard {} to cancel the Strike ({}) {whose}?",
            self.name(card),
            self.name(strike)
        );
        self.ask_yes_no(who, prompt, events);
    }

    /// A drawn Strike lands: a Miss is discarded (and a Ferocious card
    /// Strikes again); damage goes next to the Avatar, Lethal defeats.
    fn land(&mut self, seat: Seat, strike: Card, source: Option<Card>, events: &mut Events) {
        let damage = self.def(strike).strike_damage();
        if damage == 0 {
            self.strike_discard.push(strike);
            // Only while a damaging Strike is left to draw: with nothing
            // but Misses left, it would Strike forever (how xfiles-bot plays it).
            let damaging = self
                .strike_deck
                .iter()
                .chain(&self.strike_discard)
                .any(|c| self.def(*c).strike_damage() > 0);
            if damaging && source.is_some_and(|c| self.def(c).has(Keyword::Ferocious)) {
                self.tasks.push(Task::Strike { seat, source });
            }
            return;
        }
        self.player_mut(seat).strikes.push(Wound {
            card: strike,
            scar: false,
        });
        if source.is_some_and(|c| self.def(c).has(Keyword::Lethal)) {
            self.defeat_player(seat, events);
            return;
        }
        self.check_health(seat, events);
    }

    pub(super) fn check_health(&mut self, seat: Seat, events: &mut Events) {
        if !self.player(seat).defeated && self.damage(seat) >= self.health(seat) {
            self.defeat_player(seat, events);
        }
    }

    /// A defeated Avatar: before "The End" the team loses (or, with the
    /// rejoin option, the player skips a turn); after it, the player's cards
    /// are defeated and the rest fight on (rulebook, "Strike Phase").
    pub(super) fn defeat_player(&mut self, seat: Seat, events: &mut Events) {
        if self.player(seat).defeated || self.is_over() {
            return;
        }
        if !self.the_end {
            if self.options.difficulty.rejoin {
                let p = self.player_mut(seat);
                p.strikes.iter_mut().for_each(|w| w.scar = true);
                p.skip = 1;
                if self.damage(seat) < self.health(seat) {
                    events.push(Event::public(LeEvent::Rejoins { seat }));
                    if seat == self.current {
                        // "End your turn": nothing more happens in it.
                        self.tasks.clear();
                        self.choice = None;
                        self.answer = None;
                        self.queue(vec![Task::DiscardAndDraw, Task::NextTurn]);
                    }
                    return;
                }
            }
            events.push(Event::public(LeEvent::PlayerDefeated { seat }));
            let who = self.name(self.player(seat).avatar);
            self.finish(
                false,
                format!("{who} was defeated before \"The End\""),
                events,
            );
            return;
        }
        events.push(Event::public(LeEvent::PlayerDefeated { seat }));
        self.remove_player(seat);
        if self.in_turn_order().is_empty() {
            self.finish(false, "every agent fell during \"The End\"".into(), events);
        } else if seat == self.current {
            self.abandon_turn();
        }
    }

    /// A player defeated during "The End": every card of theirs is defeated
    /// and their Avatar leaves the game.
    fn remove_player(&mut self, seat: Seat) {
        let p = self.player_mut(seat);
        p.defeated = true;
        let mut cards: Vec<Card> = Vec::new();
        cards.append(&mut p.deck);
        cards.append(&mut p.hand);
        cards.append(&mut p.discard);
        cards.append(&mut p.vigilant);
        cards.extend(p.set_aside.take());
        let played: Vec<_> = p.played.drain(..).collect();
        let strikes: Vec<Wound> = p.strikes.drain(..).collect();
        let gone: Vec<Card> = p.cliffhangers.drain(..).chain([p.avatar]).collect();
        for pl in played {
            match pl.from {
                None => cards.push(pl.card),
                Some(owner) => {
                    if owner != seat {
                        self.player_mut(owner).discard.push(pl.card);
                        self.player_mut(owner).set_aside = None;
                    }
                }
            }
        }
        for c in cards {
            self.put_defeated(c);
        }
        self.strike_discard.extend(strikes.iter().map(|w| w.card));
        self.outside.extend(gone);
        // Virtual copies of this player's card in another's play go with it.
        for p in &mut self.players {
            p.played.retain(|pl| pl.from != Some(seat));
        }
    }

    /// The current player fell: the rest of their turn is skipped; cards
    /// Coordinated to them go back to their owners.
    fn abandon_turn(&mut self) {
        self.tasks.clear();
        self.choice = None;
        self.answer = None;
        for p in &mut self.players {
            if let Some(c) = p.set_aside.take() {
                p.discard.push(c);
            }
        }
        self.tasks.push(Task::NextTurn);
    }

    /// At the end of a turn: Eluders in the Field escape; Informants and
    /// Leads in the Field are defeated (rulebook pp. 12-13, "Elude").
    fn end_of_turn(&mut self, events: &mut Events) {
        let seat = self.current;
        let cards: Vec<Card> = self.field.iter().rev().map(|s| s.card).collect();
        let mut tasks = Vec::new();
        for card in cards {
            let def = self.def(card);
            if def.has(Keyword::Elude) && def.kind.is_enemy() {
                let place = self.place_of(card).expect("in the Field");
                self.take(place, events);
                self.defeated_conspiracy.push(card);
                events.push(Event::public(LeEvent::Escaped {
                    card: self.name(card),
                }));
                tasks.extend(self.triggered(card, Timing::Elude, seat));
            } else if def.kind == Kind::Informant {
                tasks.push(Task::Defeat { card });
            } else if def.kind == Kind::Lead {
                tasks.push(Task::DefeatLead { lead: card });
            }
        }
        self.queue(tasks);
    }

    /// The Cleanup Phase: "Cleanup:" abilities, then discard and draw.
    fn cleanup(&mut self) {
        self.phase = Phase::Cleanup;
        let seat = self.current;
        let played: Vec<Card> = self.current_played().copied().collect();
        let mut tasks: Vec<Task> = played
            .into_iter()
            .flat_map(|c| self.triggered(c, Timing::Cleanup, seat))
            .collect();
        tasks.push(Task::DiscardAndDraw);
        self.queue(tasks);
    }

    fn discard_and_draw(&mut self, events: &mut Events) {
        let seat = self.current;
        let played: Vec<_> = self.player_mut(seat).played.drain(..).collect();
        for pl in played.into_iter().filter(|p| p.from.is_none()) {
            if self.def(pl.card).has(Keyword::Vigilant) {
                if !self.player(seat).vigilant.contains(&pl.card) {
                    self.player_mut(seat).vigilant.push(pl.card);
                }
            } else {
                self.discard_card(seat, pl.card, events);
            }
        }
        for p in &mut self.players {
            if let Some(c) = p.set_aside.take() {
                p.discard.push(c);
            }
        }
        let hand: Vec<Card> = self.player_mut(seat).hand.drain(..).collect();
        for c in hand {
            self.discard_card(seat, c, events);
        }
        self.draw(seat, usize::from(self.board.hand_size), events);
    }

    /// Draws cards, shuffling the discard pile only when the deck is empty
    /// and more are needed (rulebook, "Cleanup Phase"). A Doubt drawn in
    /// your Action Phase is resolved; "Draw:" abilities happen.
    pub(super) fn draw(&mut self, seat: Seat, n: usize, events: &mut Events) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            let p = self.player_mut(seat);
            if p.deck.is_empty() {
                if p.discard.is_empty() {
                    break;
                }
                p.deck = std::mem::take(&mut p.discard);
                self.rng.shuffle(&mut self.players[usize::from(seat)].deck);
                events.push(Event::public(LeEvent::Shuffled { seat }));
            }
            let p = self.player_mut(seat);
            let card = p.deck.pop().expect("a card after reshuffling");
            p.hand.push(card);
            drawn.push(card);
        }
        if drawn.is_empty() {
            return;
        }
        events.push(Event::public(LeEvent::Drew {
            seat,
            count: drawn.len(),
        }));
        events.push(Event::private(
            seat,
            LeEvent::DrewCards {
                seat,
                cards: drawn.iter().map(|c| self.name(*c)).collect(),
            },
        ));
        let mut tasks: Vec<Task> = drawn
            .iter()
            .flat_map(|c| self.triggered(*c, Timing::Draw, seat))
            .collect();
        let doubt = drawn.iter().any(|c| self.def(*c).kind == Kind::Doubt);
        if doubt && self.phase == Phase::Action && seat == self.current {
            tasks.push(Task::DoubtCheck { seat });
        }
        self.queue(tasks);
    }

    /// A Doubt in hand during your Action Phase: your Avatar's Doubt
    /// resolves (once a turn) and the Doubt is defeated. While Cassandra
    /// Spender is revealed it fails to resolve and is defeated.
    fn doubt_check(&mut self, seat: Seat, events: &mut Events) {
        if self.phase != Phase::Action || seat != self.current || self.turn.doubt_used {
            return;
        }
        let p = self.player(seat);
        let Some(i) = p.hand.iter().position(|c| self.def(*c).kind == Kind::Doubt) else {
            return;
        };
        self.turn.doubt_used = true;
        let doubt = self.player_mut(seat).hand.remove(i);
        self.doubts.push(doubt);
        if self.cassandra_revealed() {
            events.push(Event::public(LeEvent::DoubtResolved {
                seat,
                name: "nothing (Cassandra Spender: the Doubt fails to resolve)".into(),
            }));
            return;
        }
        let avatar = self.player(seat).avatar;
        let Some(index) = self
            .def(avatar)
            .abilities
            .iter()
            .position(|a| a.when == Timing::Doubt)
        else {
            return;
        };
        let name = self.def(avatar).abilities[index]
            .name
            .clone()
            .unwrap_or_else(|| "Doubt".into());
        events.push(Event::public(LeEvent::DoubtResolved { seat, name }));
        let task = self.ability_task(avatar, index, seat);
        self.tasks.push(task);
    }

    /// The End Game is defeated or the team falls.
    pub(super) fn finish(&mut self, won: bool, summary: String, events: &mut Events) {
        if self.is_over() {
            return;
        }
        self.phase = Phase::Over;
        self.tasks.clear();
        self.choice = None;
        let points = self
            .options
            .series
            .as_ref()
            .map(|s| series::points(self, s.game, won));
        events.push(Event::public(LeEvent::Over {
            won,
            summary: summary.clone(),
        }));
        self.outcome = Some(Outcome {
            winners: if won {
                (0..self.players.len() as Seat).collect()
            } else {
                Vec::new()
            },
            scores: None,
            summary,
            team: Some(TeamResult {
                won,
                series_points: points,
            }),
        });
    }

    /// An Ally revealed in the Shadows: the current player chooses who gains it.
    fn ally_to(&mut self, card: Card, events: &mut Events) {
        let options = self
            .in_turn_order()
            .iter()
            .map(|s| {
                let avatar = self.name(self.player(*s).avatar);
                (format!("seat {} ({avatar})", s + 1), Val::Seat(*s))
            })
            .collect();
        let prompt = format!("Who gains the Ally {}?", self.name(card));
        match self.pick_one(self.current, || prompt, options, events) {
            Pick::Got(Val::Seat(seat)) => {
                if let Some(place) = self.place_of(card) {
                    self.take(place, events);
                }
                self.player_mut(seat).discard.push(card);
                events.push(Event::public(LeEvent::Gained {
                    seat,
                    card: self.name(card),
                }));
            }
            Pick::Asked => self.tasks.push(Task::AllyTo { card }),
            _ => {}
        }
    }

    /// A Swift card Struck first; the fight succeeds if the player stands.
    fn finish_fight(&mut self, card: Card, events: &mut Events) {
        if self.player(self.current).defeated || self.is_over() {
            return;
        }
        self.fight_won(card, events);
    }
}
