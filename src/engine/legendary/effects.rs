//! Runs ability programs: one function per verb of `program.rs`. A verb
//! that needs a choice offers it and waits (the program's task goes back on
//! the stack with its step counter; the answer is read when it runs again).
//! A verb that names other players (`each`, `next`, `others`, `chosen`)
//! becomes one task per player, the current player first.

use super::data::{Class, Kind, Timing};
use super::program::{Area, Step, Who};
use super::{
    Card, ChoiceOption, Events, LeEvent, LeGame, Phase, Place, Proof, Src, Task, ToTask, Val,
};
use crate::engine::choice::PendingChoice;
use crate::engine::{Event, Seat};

/// What [`LeGame::pick_one`] got.
pub(super) enum Pick {
    Nothing,
    Got(Val),
    /// The choice is offered: run the asking task again with the answer.
    Asked,
}

/// What a step did.
enum Flow {
    Next,
    /// It offered a choice: run it again with the answer.
    Wait,
}

fn who_of(step: &Step) -> Option<Who> {
    match step {
        Step::Draw(_, w)
        | Step::Discard(_, w)
        | Step::Heal(_, w)
        | Step::GainBelief(w)
        | Step::GainDoubt(w)
        | Step::Strike(w)
        | Step::Scar(w)
        | Step::Symptom(w)
        | Step::FightPlayer(w) => Some(*w),
        _ => None,
    }
}

fn for_you(step: &Step) -> Step {
    let y = Who::You;
    match step.clone() {
        Step::Draw(n, _) => Step::Draw(n, y),
        Step::Discard(n, _) => Step::Discard(n, y),
        Step::Heal(n, _) => Step::Heal(n, y),
        Step::GainBelief(_) => Step::GainBelief(y),
        Step::GainDoubt(_) => Step::GainDoubt(y),
        Step::Strike(_) => Step::Strike(y),
        Step::Scar(_) => Step::Scar(y),
        Step::FightPlayer(_) => Step::FightPlayer(y),
        Step::Symptom(_) => Step::Symptom(y),
        other => other,
    }
}

/// Points of a pool a fight may use (Immunity bars classes).
pub fn usable(pool: &[i32; 6], barred: &[Class]) -> i32 {
    (0..6)
        .filter(|i| *i == 0 || !barred.iter().any(|c| c.slot() == *i))
        .map(|i| pool[i].max(0))
        .sum()
}

/// Spends points, class-less ones first, never of a barred class.
pub fn spend(pool: &mut [i32; 6], amount: i32, barred: &[Class]) -> bool {
    if usable(pool, barred) < amount {
        return false;
    }
    let mut left = amount;
    for (i, points) in pool.iter_mut().enumerate() {
        if i > 0 && barred.iter().any(|c| c.slot() == i) {
            continue;
        }
        let take = (*points).max(0).min(left);
        *points -= take;
        left -= take;
    }
    true
}

impl LeGame {
    /// Offers a choice to `seat`; the task on top of the stack gets the answer.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn ask(
        &mut self,
        seat: Seat,
        prompt: String,
        options: Vec<(String, Val)>,
        min: u8,
        max: u8,
        secret: bool,
        events: &mut Events,
    ) {
        events.push(Event::public(LeEvent::Choosing {
            seat,
            prompt: if secret {
                "a choice from their hand".into()
            } else {
                prompt.clone()
            },
        }));
        self.choice = Some(PendingChoice {
            seat,
            prompt,
            options: options
                .into_iter()
                .map(|(label, val)| ChoiceOption { label, val })
                .collect(),
            min,
            max,
            purpose: ToTask,
            secret,
        });
    }

    pub(super) fn ask_yes_no(&mut self, seat: Seat, prompt: String, events: &mut Events) {
        let options = vec![("yes".to_string(), Val::Yes), ("no".to_string(), Val::No)];
        self.ask(seat, prompt, options, 1, 1, false, events);
    }

    /// One of `options` for `seat`: nothing when there are none, the only
    /// one without asking, else the answer already given or a new choice.
    pub(super) fn pick_one(
        &mut self,
        seat: Seat,
        prompt: impl FnOnce() -> String,
        mut options: Vec<(String, Val)>,
        events: &mut Events,
    ) -> Pick {
        if options.len() <= 1 {
            return options.pop().map_or(Pick::Nothing, |(_, v)| Pick::Got(v));
        }
        if let Some(answer) = self.answer.take() {
            return answer.into_iter().next().map_or(Pick::Nothing, Pick::Got);
        }
        self.ask(seat, prompt(), options, 1, 1, false, events);
        Pick::Asked
    }

    fn answer_cards(&mut self) -> Option<Vec<Card>> {
        self.answer.take().map(|a| {
            a.into_iter()
                .filter_map(|v| match v {
                    Val::Card(c) => Some(c),
                    _ => None,
                })
                .collect()
        })
    }

    pub(super) fn run_program(
        &mut self,
        src: Src,
        steps: Vec<Step>,
        mut pc: u16,
        seat: Seat,
        events: &mut Events,
    ) {
        while usize::from(pc) < steps.len() && !self.is_over() {
            if self.player(seat).defeated {
                return;
            }
            let step = steps[usize::from(pc)].clone();
            let mark = self.tasks.len();
            let flow = match (who_of(&step), &step) {
                (Some(w), _) if w != Who::You => self.expand(&src, &step, w, seat, events),
                (_, Step::May(inner)) => self.may(&src, inner, seat, events),
                _ => self.step(&src, &step, seat, events),
            };
            let resume = |pc| Task::Run {
                src: src.clone(),
                steps: steps.clone(),
                pc,
                seat,
            };
            match flow {
                Flow::Wait => {
                    self.tasks.insert(mark, resume(pc));
                    return;
                }
                Flow::Next if self.tasks.len() > mark => {
                    // What the step queued runs before the rest of the program.
                    self.tasks.insert(mark, resume(pc + 1));
                    return;
                }
                Flow::Next => pc += 1,
            }
        }
    }

    /// A verb for several players: one task each, current player first.
    fn expand(&mut self, src: &Src, step: &Step, w: Who, seat: Seat, events: &mut Events) -> Flow {
        let seats: Vec<Seat> = match w {
            Who::You => vec![seat],
            Who::Each => self.in_turn_order(),
            Who::Next => vec![self.next_after(self.current)],
            Who::Current => vec![self.current],
            Who::Others => self
                .in_turn_order()
                .into_iter()
                .filter(|s| *s != self.current)
                .collect(),
            Who::Chosen => {
                let options = self
                    .in_turn_order()
                    .iter()
                    .map(|s| (format!("seat {}", s + 1), Val::Seat(*s)))
                    .collect();
                let prompt = || format!("{}: which player?", src.label);
                match self.pick_one(self.current, prompt, options, events) {
                    Pick::Got(Val::Seat(s)) => vec![s],
                    Pick::Asked => return Flow::Wait,
                    _ => Vec::new(),
                }
            }
        };
        let one = for_you(step);
        let tasks = seats
            .into_iter()
            .map(|s| Task::Run {
                src: src.clone(),
                steps: vec![one.clone()],
                pc: 0,
                seat: s,
            })
            .collect();
        self.queue(tasks);
        Flow::Next
    }

    fn may(&mut self, src: &Src, inner: &Step, seat: Seat, events: &mut Events) -> Flow {
        match self.answer.take() {
            None => {
                self.ask_yes_no(seat, format!("{}: {inner}?", src.label), events);
                Flow::Wait
            }
            Some(a) => {
                if a.first() == Some(&Val::Yes) {
                    self.tasks.push(Task::Run {
                        src: src.clone(),
                        steps: vec![inner.clone()],
                        pc: 0,
                        seat,
                    });
                }
                Flow::Next
            }
        }
    }

    fn class_slot(&self, src: &Src) -> usize {
        src.card
            .and_then(|c| {
                let d = self.def(c);
                if d.kind.is_character() { d.class } else { None }
            })
            .map_or(0, Class::slot)
    }

    fn step(&mut self, src: &Src, step: &Step, seat: Seat, events: &mut Events) -> Flow {
        match step {
            Step::Recruit(n) => self.turn.recruit[self.class_slot(src)] += n,
            Step::Attack(n) => self.turn.attack[self.class_slot(src)] += n,
            Step::Draw(n, _) => self.draw(seat, usize::from(*n), events),
            Step::Discard(n, _) => return self.discard_verb(seat, *n, events),
            Step::Heal(n, _) => self.heal(seat, *n, events),
            Step::GainBelief(_) => self.gain_belief(seat, events),
            Step::GainDoubt(_) => self.gain_doubt(seat, events),
            Step::Strike(_) => self.tasks.push(Task::Strike { seat, source: None }),
            Step::Scar(_) => self.scar(seat, events),
            Step::Avoid(n) => self.turn.avoid += n,
            Step::Scan(area) => return self.scan_verb(*area, seat, events),
            Step::DefeatOwn(n) => return self.defeat_own(seat, *n, events),
            Step::GainSpecialAgent => {
                if let Some(c) = self.special_agents.pop() {
                    self.gain(seat, c, events);
                }
            }
            Step::Conspiracy(n) => {
                for _ in 0..*n {
                    self.add_conspiracy_card(events);
                }
            }
            Step::DefeatEnemy(max, area) => return self.defeat_enemy(*max, *area, seat, events),
            Step::Defense(n) => self.bonus_for(src).1 += n,
            Step::Health(n) => self.bonus_for(src).0 += n,
            Step::Silence => {
                self.turn.silence = true;
                events.push(Event::public(LeEvent::Silenced { seat }));
            }
            Step::FightPlayer(_) => self.fight_player(seat),
            Step::TopDeck => self.top_deck(),
            Step::DefeatDoubts(n) => self.defeat_doubts(*n, events),
            Step::PayAttack(n) => {
                let pay = (*n).min(usable(&self.turn.attack, &[]));
                spend(&mut self.turn.attack, pay, &[]);
            }
            Step::PayRecruit(n) => {
                let pay = (*n).min(usable(&self.turn.recruit, &[]));
                spend(&mut self.turn.recruit, pay, &[]);
            }
            Step::DiscardClass(c) => return self.discard_class(seat, *c, events),
            Step::May(inner) => return self.may(src, inner, seat, events),
            Step::Special(key) => self.special(key, src, seat, events),
            Step::Symptom(_) => self.symptom(seat, events),
            // In force while the card is (`heal`), asked for when a Strike
            // is drawn (`guard`), played by the rules, or nothing at all.
            Step::NoHeal | Step::CancelStrike | Step::Rule | Step::Nothing => {}
        }
        Flow::Next
    }

    /// Whose Health and Defense an ability raises: the Clone's for the
    /// Clone's own Evidence, else the End Game's.
    fn bonus_for(&mut self, src: &Src) -> &mut (i32, i32) {
        let clones = |c: Card| self.clone_evidence.contains(&c) || Some(c) == self.clone;
        if src.card.is_some_and(clones) {
            &mut self.clone_bonus
        } else {
            &mut self.end_game_bonus
        }
    }

    /// Gains a card into `seat`'s discard pile.
    pub(super) fn gain(&mut self, seat: Seat, card: Card, events: &mut Events) {
        self.player_mut(seat).discard.push(card);
        self.last_gained = Some((seat, card));
        events.push(Event::public(LeEvent::Gained {
            seat,
            card: self.name(card),
        }));
    }

    fn discard_cards(&mut self, seat: Seat, cards: &[Card], events: &mut Events) {
        self.player_mut(seat).hand.retain(|c| !cards.contains(c));
        events.push(Event::public(LeEvent::Discarded {
            seat,
            cards: cards.iter().map(|c| self.name(*c)).collect(),
        }));
        for c in cards {
            self.discard_card(seat, *c, events);
        }
    }

    fn hand_options(&self, seat: Seat, keep: impl Fn(Card) -> bool) -> Vec<(String, Val)> {
        self.player(seat)
            .hand
            .iter()
            .filter(|c| keep(**c))
            .map(|c| (self.name(*c), Val::Card(*c)))
            .collect()
    }

    /// `discard N`: all of a short hand, else the player's choice.
    fn discard_verb(&mut self, seat: Seat, n: u8, events: &mut Events) -> Flow {
        let hand = self.player(seat).hand.clone();
        if hand.len() <= usize::from(n) {
            if !hand.is_empty() {
                self.discard_cards(seat, &hand, events);
            }
            return Flow::Next;
        }
        match self.answer_cards() {
            Some(cards) => {
                self.discard_cards(seat, &cards, events);
                Flow::Next
            }
            None => {
                let options = self.hand_options(seat, |_| true);
                self.ask(
                    seat,
                    format!("Discard {n} card(s)"),
                    options,
                    n,
                    n,
                    true,
                    events,
                );
                Flow::Wait
            }
        }
    }

    fn discard_class(&mut self, seat: Seat, class: Class, events: &mut Events) -> Flow {
        let options = self.hand_options(seat, |c| self.def(c).class == Some(class));
        let prompt = || format!("Discard a {} card", class.title());
        match self.pick_one(seat, prompt, options, events) {
            Pick::Got(Val::Card(c)) => self.discard_cards(seat, &[c], events),
            Pick::Asked => return Flow::Wait,
            _ => {}
        }
        Flow::Next
    }

    /// `heal N`: the most recent Strikes go to the Discarded Strikes (never
    /// a Scar), unless a card in force says no Strike can be healed.
    fn heal(&mut self, seat: Seat, n: u8, events: &mut Events) {
        if let Some(by) = self.in_force(&Step::NoHeal) {
            let hurt = self.player(seat).strikes.iter().any(|w| !w.scar);
            if hurt {
                let by = self.name(by);
                events.push(Event::public(LeEvent::HealBarred { seat, by }));
            }
            return;
        }
        let mut healed = 0;
        for _ in 0..n {
            let p = self.player_mut(seat);
            let Some(i) = p.strikes.iter().rposition(|w| !w.scar) else {
                break;
            };
            let w = p.strikes.remove(i);
            self.strike_discard.push(w.card);
            healed += 1;
        }
        if healed > 0 {
            events.push(Event::public(LeEvent::Healed {
                seat,
                count: healed,
            }));
        }
    }

    /// `symptom`: Infection's counter; the third Symptom defeats the player.
    fn symptom(&mut self, seat: Seat, events: &mut Events) {
        let p = self.player_mut(seat);
        p.symptoms += 1;
        let count = p.symptoms;
        events.push(Event::public(LeEvent::Symptom { seat, count }));
        if count >= 3 {
            self.defeat_player(seat, events);
        }
    }

    fn gain_belief(&mut self, seat: Seat, events: &mut Events) {
        if let Some(c) = self.beliefs.pop() {
            self.player_mut(seat).discard.push(c);
            events.push(Event::public(LeEvent::BeliefGained { seat }));
        }
    }

    fn gain_doubt(&mut self, seat: Seat, events: &mut Events) {
        if let Some(c) = self.doubts.pop() {
            self.player_mut(seat).discard.push(c);
            events.push(Event::public(LeEvent::DoubtGained { seat }));
        }
    }

    fn hidden_places(&self, area: Area) -> Vec<Place> {
        let mut out = Vec::new();
        if matches!(area, Area::Shadows | Area::Any) {
            out.extend(
                (0..5)
                    .filter(|i| self.shadows[*i].is_some_and(|s| s.hidden))
                    .map(|i| Place::Shadows(i as u8)),
            );
        }
        if matches!(area, Area::Bureau | Area::Any) {
            out.extend(
                (0..5)
                    .filter(|i| self.bureau[*i].is_some_and(|s| s.hidden))
                    .map(|i| Place::Bureau(i as u8)),
            );
        }
        out
    }

    /// `scan AREA`: reveal a hidden card of the player's choice, free.
    fn scan_verb(&mut self, area: Area, seat: Seat, events: &mut Events) -> Flow {
        let options = self
            .hidden_places(area)
            .into_iter()
            .map(|p| (place_label(p), Val::Place(p)))
            .collect();
        match self.pick_one(seat, || "Scan which space?".into(), options, events) {
            Pick::Got(Val::Place(p)) => self.reveal_at(p),
            Pick::Asked => return Flow::Wait,
            _ => {}
        }
        Flow::Next
    }

    /// `defeat_own N`: cards from hand or played this turn (never a
    /// Coordinated virtual copy: rulebook, "Defeating Cards").
    fn defeat_own(&mut self, seat: Seat, n: u8, events: &mut Events) -> Flow {
        let mut options = self.hand_options(seat, |_| true);
        if seat == self.current {
            options.extend(
                self.player(seat)
                    .played
                    .iter()
                    .filter(|p| p.from.is_none())
                    .map(|p| (format!("{} (played)", self.name(p.card)), Val::Card(p.card))),
            );
        }
        let n = usize::from(n).min(options.len());
        if n == 0 {
            return Flow::Next;
        }
        let Some(cards) = self.answer_cards() else {
            self.ask(
                seat,
                format!("Defeat {n} of your cards"),
                options,
                n as u8,
                n as u8,
                true,
                events,
            );
            return Flow::Wait;
        };
        for c in cards {
            let p = self.player_mut(seat);
            p.hand.retain(|x| *x != c);
            p.played.retain(|x| x.card != c || x.from.is_some());
            self.defeat_loose(c, events);
        }
        Flow::Next
    }

    fn defeat_enemy(&mut self, max: u8, area: Area, seat: Seat, events: &mut Events) -> Flow {
        let in_area = |p: Place| {
            matches!(
                (area, p),
                (Area::Any, _)
                    | (Area::Shadows, Place::Shadows(_))
                    | (Area::Field, Place::Field(_))
                    | (Area::Bureau, Place::Bureau(_))
            )
        };
        let targets: Vec<Card> = self
            .s_order()
            .into_iter()
            .filter(|c| {
                let p = self.place_of(*c).expect("in play");
                let s = self.slot_at(p).expect("in play");
                !s.hidden
                    && self.def(*c).kind.is_enemy()
                    && in_area(p)
                    && self.defense_of(*c) <= i32::from(max)
            })
            .collect();
        let options = targets
            .iter()
            .map(|c| (self.name(*c), Val::Card(*c)))
            .collect();
        let prompt = || format!("Defeat an Enemy with {max} or less Defense");
        match self.pick_one(seat, prompt, options, events) {
            Pick::Got(Val::Card(c)) => self.defeat_on_board(c, events),
            Pick::Asked => return Flow::Wait,
            _ => {}
        }
        Flow::Next
    }

    /// `fight_player`: the current player pays up to that player's Avatar
    /// Defense in Attack (as much as they can: how xfiles-bot plays it), and
    /// that player draws a Strike.
    fn fight_player(&mut self, target: Seat) {
        let defense = i32::from(self.def(self.player(target).avatar).defense.unwrap_or(0));
        let pay = defense.min(usable(&self.turn.attack, &[]));
        spend(&mut self.turn.attack, pay, &[]);
        self.tasks.push(Task::Strike {
            seat: target,
            source: None,
        });
    }

    fn top_deck(&mut self) {
        if let Some((seat, card)) = self.last_gained {
            let p = self.player_mut(seat);
            if let Some(i) = p.discard.iter().rposition(|c| *c == card) {
                p.discard.remove(i);
                p.deck.push(card);
            }
        }
    }

    /// `defeat_doubts N`: Doubts in hands, the current player's first
    /// (the team decides; the bot takes them in turn order).
    fn defeat_doubts(&mut self, n: u8, events: &mut Events) {
        let mut left = usize::from(n);
        let mut count = 0;
        for s in self.in_turn_order() {
            while left > 0 {
                let p = self.player(s);
                let Some(i) = p.hand.iter().position(|c| self.def(*c).kind == Kind::Doubt) else {
                    break;
                };
                let c = self.player_mut(s).hand.remove(i);
                self.doubts.push(c);
                left -= 1;
                count += 1;
            }
        }
        if count > 0 {
            events.push(Event::public(LeEvent::DoubtsDefeated { count }));
        }
    }

    /// Whether `seat` can pay a Lead's instructions now.
    pub(super) fn can_pay(&self, seat: Seat, steps: &[Step]) -> bool {
        let attack: i32 = steps
            .iter()
            .map(|s| if let Step::PayAttack(n) = s { *n } else { 0 })
            .sum();
        let recruit: i32 = steps
            .iter()
            .map(|s| if let Step::PayRecruit(n) = s { *n } else { 0 })
            .sum();
        let classes_ok = steps.iter().all(|s| match s {
            Step::DiscardClass(c) => self
                .player(seat)
                .hand
                .iter()
                .any(|h| self.def(*h).class == Some(*c)),
            _ => true,
        });
        usable(&self.turn.attack, &[]) >= attack
            && usable(&self.turn.recruit, &[]) >= recruit
            && classes_ok
    }

    /// The Evidence a Lead Discovered, if any.
    pub fn lead_evidence(&self, lead: Card) -> Option<Proof> {
        self.evidence
            .iter()
            .find(|e| e.lead == Some(lead))
            .map(|e| e.state)
    }

    /// A Cliffhanger in front of `seat` with a Belief of its own
    /// (Reincarnation's "Lessons from the Past").
    pub(super) fn lessons(&self, seat: Seat) -> Option<Card> {
        self.player(seat)
            .cliffhangers
            .iter()
            .copied()
            .find(|c| self.def(*c).ability(Timing::Belief).is_some())
    }

    fn avatar_belief_open(&self, seat: Seat) -> bool {
        let avatar = self.player(seat).avatar;
        !self.turn.belief_used && self.def(avatar).ability(Timing::Belief).is_some()
    }

    /// Resolves a Belief for `seat`: the Avatar's (once a turn), or a
    /// Cliffhanger's, which does not use up the turn's Belief since the
    /// rulebook allows both in one turn ("Reincarnation"); with both open
    /// the player picks.
    pub(super) fn resolve_belief(&mut self, seat: Seat, events: &mut Events) {
        match (self.avatar_belief_open(seat), self.lessons(seat)) {
            (true, Some(_)) => self.belief_choice(seat, events),
            (true, None) => self.avatar_belief(seat, events),
            (false, Some(c)) => self.cliffhanger_belief(seat, c, events),
            (false, None) => {}
        }
    }

    pub(super) fn belief_choice(&mut self, seat: Seat, events: &mut Events) {
        let avatar = self.player(seat).avatar;
        let Some(cliff) = self.lessons(seat) else {
            return self.avatar_belief(seat, events);
        };
        let title = |c: Card| {
            let a = self.def(c).ability(Timing::Belief).expect("has a Belief");
            a.name.clone().unwrap_or_else(|| a.text.clone())
        };
        let options = vec![
            (title(avatar), Val::Card(avatar)),
            (title(cliff), Val::Card(cliff)),
        ];
        match self.pick_one(seat, || "Which Belief?".into(), options, events) {
            Pick::Got(Val::Card(c)) if c == cliff => self.cliffhanger_belief(seat, c, events),
            Pick::Got(_) => self.avatar_belief(seat, events),
            Pick::Asked => self.tasks.push(Task::BeliefChoice { seat }),
            Pick::Nothing => {}
        }
    }

    fn avatar_belief(&mut self, seat: Seat, events: &mut Events) {
        let avatar = self.player(seat).avatar;
        self.turn.belief_used = true;
        self.belief_of(avatar, seat, events);
    }

    /// A Cliffhanger's Belief, then the Cliffhanger goes back in the box.
    fn cliffhanger_belief(&mut self, seat: Seat, cliff: Card, events: &mut Events) {
        self.player_mut(seat).cliffhangers.retain(|c| *c != cliff);
        self.outside.push(cliff);
        let text = self
            .def(cliff)
            .ability(Timing::Belief)
            .map_or_else(String::new, |a| a.text.clone());
        events.push(Event::public(LeEvent::CliffhangerUsed {
            seat,
            card: self.name(cliff),
            text,
            defeated: true,
        }));
        self.belief_of(cliff, seat, events);
    }

    fn belief_of(&mut self, card: Card, seat: Seat, events: &mut Events) {
        let def = self.def(card);
        let Some(index) = def.abilities.iter().position(|a| a.when == Timing::Belief) else {
            return;
        };
        let name = def.abilities[index]
            .name
            .clone()
            .unwrap_or_else(|| "Belief".into());
        events.push(Event::public(LeEvent::BeliefResolved { seat, name }));
        let task = self.ability_task(card, index, seat);
        self.tasks.push(task);
    }

    pub(super) fn in_action(&self) -> bool {
        self.phase == Phase::Action && self.choice.is_none()
    }
}

/// "Shadows space 3" (1-based, from the left).
pub fn place_label(p: Place) -> String {
    match p {
        Place::Shadows(i) => format!("Shadows space {}", i + 1),
        Place::Field(i) => format!("Field card {}", i + 1),
        Place::Bureau(i) => format!("Bureau space {}", i + 1),
    }
}
