//! How the game moves: set-up, turns, rounds, scoring and periods
//! (the sequence of play, seed 003).

use super::{Events, FanEvent, FanGame, Phase, Played, Round, Stalemate};
use crate::cards::fan::{Character, Effect, FanIdx, FanType, Sets, fan_db};
use crate::engine::{Event, Outcome, Refusal, Seat};

impl FanGame {
    /// Set-up 1: each draws a card; the highest revealed draw value wins;
    /// redraw on a tie or when neither reveals (a card without a draw value
    /// cannot be revealed). Returns the winner.
    pub(super) fn draw_for_high_card(&mut self, events: &mut Events) -> Seat {
        let db = fan_db();
        for _ in 0..100 {
            let mut draws = Vec::new();
            for seat in 0..2u8 {
                let deck = &mut self.players[usize::from(seat)].deck;
                self.rng.shuffle(deck);
                draws.push((seat, deck.first().copied()));
            }
            let values: Vec<Option<u8>> = draws
                .iter()
                .map(|(_, c)| c.and_then(|c| db.get(c).draw_value))
                .collect();
            let shown: Vec<(Seat, Option<FanIdx>)> = draws
                .iter()
                .zip(&values)
                .map(|((s, c), v)| (*s, v.and(*c)))
                .collect();
            let winner = match (values[0], values[1]) {
                (Some(a), Some(b)) if a != b => Some(if a > b { 0 } else { 1 }),
                (Some(_), None) => Some(0),
                (None, Some(_)) => Some(1),
                _ => None,
            };
            events.push(Event::public(FanEvent::HighCard {
                draws: shown,
                winner,
            }));
            if let Some(w) = winner {
                return w;
            }
        }
        0
    }

    /// Set-up 2 and 3: the first player places SCULLY, the other MULDER, the
    /// first X-FILES; the other takes the first turn; hands are drawn.
    pub(super) fn begin(&mut self, first: Seat, events: &mut Events) {
        events.push(Event::public(FanEvent::FirstPlayer { seat: first }));
        let second = 1 - first;
        for (seat, caps) in [(first, "SCULLY"), (second, "MULDER"), (first, "X-FILES")] {
            let env = &mut self.players[usize::from(seat)].environment_deck;
            if let Some(i) = env
                .iter()
                .position(|c| fan_db().get(*c).capital_part() == caps)
            {
                let card = env.remove(i);
                self.environment.push((card, seat));
                events.push(Event::public(FanEvent::EnvironmentPlaced { seat, card }));
            }
        }
        self.leader = second;
        self.start_period(events);
    }

    /// Start of a period: discards (and hands) back into the deck, shuffle, full hands.
    fn start_period(&mut self, events: &mut Events) {
        events.push(Event::public(FanEvent::PeriodStarted {
            period: self.period,
            hand_size: self.options.hand_size,
        }));
        self.period_ending = false;
        for seat in 0..2u8 {
            let p = &mut self.players[usize::from(seat)];
            let mut back: Vec<FanIdx> = p.hand.drain(..).chain(p.discard.drain(..)).collect();
            p.deck.append(&mut back);
            self.rng.shuffle(&mut self.players[usize::from(seat)].deck);
            self.fill_hand(seat, events);
        }
        self.round = Round::default();
        self.turn = self.leader;
        self.phase = Phase::Turn;
        self.start_turn(events);
    }

    fn fill_hand(&mut self, seat: Seat, events: &mut Events) {
        let size = usize::from(self.options.hand_size);
        let p = &mut self.players[usize::from(seat)];
        let n = size.saturating_sub(p.hand.len()).min(p.deck.len());
        if n > 0 {
            let drawn: Vec<FanIdx> = p.deck.drain(..n).collect();
            p.hand.extend(&drawn);
            events.push(Event::public(FanEvent::Drew {
                seat,
                count: n,
                deck_left: p.deck.len(),
            }));
            events.push(Event::private(
                seat,
                FanEvent::DrewCards { seat, cards: drawn },
            ));
            if p.deck.is_empty() {
                self.period_ending = true;
            }
        }
    }

    /// Turn 1: draw to a full hand.
    fn start_turn(&mut self, events: &mut Events) {
        self.fill_hand(self.turn, events);
    }

    pub(super) fn play(
        &mut self,
        seat: Seat,
        card: FanIdx,
        covered: bool,
        choice: Option<Character>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let checked = super::rules::check_play(self, seat, card, covered, choice).map_err(|r| {
            let allowed: Vec<String> = super::rules::legal_actions(self, seat)
                .iter()
                .map(super::rules::describe)
                .collect();
            r.with_allowed(allowed)
        })?;
        self.take_from_hand(seat, card)?;
        if covered {
            self.players[usize::from(seat)].cover -= 1;
        }
        self.stalemates = 0;
        self.round.cards.push(Played {
            card,
            by: seat,
            covered,
            negated: false,
            depends_on: checked.depends_on,
            choice: checked.choice,
            success: None,
        });
        self.round.passes = 0;
        if covered {
            let c = self.round.circumstances;
            events.push(Event::public(FanEvent::Played {
                seat,
                card: None,
                covered: true,
                circumstances: c,
            }));
            events.push(Event::private(
                seat,
                FanEvent::Played {
                    seat,
                    card: Some(card),
                    covered: true,
                    circumstances: c,
                },
            ));
        } else {
            self.take_effect(self.round.cards.len() - 1, events);
            let c = self.round.circumstances;
            events.push(Event::public(FanEvent::Played {
                seat,
                card: Some(card),
                covered: false,
                circumstances: c,
            }));
        }
        self.open_action_window(events);
        Ok(())
    }

    /// A face-up card changes the circumstances and applies its effect.
    fn take_effect(&mut self, i: usize, events: &mut Events) {
        let db = fan_db();
        let played = self.round.cards[i].clone();
        let card = db.get(played.card);
        if let Some(sets) = card.sets {
            for (k, s) in sets.iter().enumerate() {
                match s {
                    Sets::On => self.round.circumstances[k] = true,
                    Sets::Off => self.round.circumstances[k] = false,
                    Sets::Keep => {}
                }
            }
        }
        self.round.history.push(self.round.circumstances);
        match &card.effect {
            Some(Effect::NegateProviders { aspect }) => {
                let wanted = aspect.to_lowercase();
                for j in 0..i {
                    let other = self.round.cards[j].clone();
                    if other.negated || other.covered {
                        continue;
                    }
                    let provides = db
                        .get(other.card)
                        .provides
                        .iter()
                        .any(|p| p.to_lowercase() == wanted);
                    if provides {
                        self.round.cards[j].negated = true;
                        events.push(Event::public(FanEvent::Negated { card: other.card }));
                        if let (Some(Effect::Capture), Some(ch)) =
                            (&db.get(other.card).effect, other.choice)
                        {
                            self.round.captured.retain(|c| *c != ch);
                            events.push(Event::public(FanEvent::Released { character: ch }));
                        }
                    }
                }
            }
            Some(Effect::Capture) => {
                if let Some(ch) = played.choice {
                    self.round.captured.push(ch);
                    events.push(Event::public(FanEvent::Captured { character: ch }));
                }
            }
            Some(Effect::Conflict { .. }) => self.resolve_conflict(i, events),
            _ => {}
        }
    }

    /// The conflict: 1 (the chosen Agent) + the player's arms against
    /// (cards that set jeopardy - 1) + the opponent's arms. Arms are the draw
    /// value of each player's top deck card, revealed and discarded. The
    /// player must exceed the opposition; a loss disables the chosen Agent.
    fn resolve_conflict(&mut self, i: usize, events: &mut Events) {
        let db = fan_db();
        let seat = self.round.cards[i].by;
        let agent = self.round.cards[i].choice.unwrap_or(Character::Mulder);
        let mut arms = [(0u8, None), (1u8, None)];
        let mut value = [0i32; 2];
        for s in 0..2usize {
            let p = &mut self.players[s];
            if !p.deck.is_empty() {
                let top = p.deck.remove(0);
                value[s] = i32::from(db.get(top).draw_value.unwrap_or(0));
                arms[s] = (s as u8, Some(top));
                p.discard.push(top);
                if p.deck.is_empty() {
                    self.period_ending = true;
                }
            }
        }
        let jeopardy = self.round.cards[..i]
            .iter()
            .filter(|p| {
                !p.negated && !p.covered && db.get(p.card).sets.is_some_and(|s| s[2] == Sets::On)
            })
            .count() as i32;
        let pro = 1 + value[usize::from(seat)];
        let anti = (jeopardy - 1).max(0) + value[usize::from(1 - seat)];
        let success = pro > anti;
        self.round.cards[i].success = Some(success);
        if !success {
            self.round.disabled.push(agent);
        }
        events.push(Event::public(FanEvent::Conflict {
            seat,
            agent,
            pro,
            anti,
            arms,
            success,
        }));
    }

    pub(super) fn reveal(
        &mut self,
        seat: Seat,
        card: FanIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let Some(i) = self
            .round
            .cards
            .iter()
            .position(|p| p.by == seat && p.card == card && p.covered && !p.negated)
        else {
            return Err(Refusal::new(format!(
                "you have no covered {} in this round",
                FanGame::name(card)
            )));
        };
        self.round.cards[i].covered = false;
        self.round.passes = 0;
        self.take_effect(i, events);
        events.push(Event::public(FanEvent::Revealed {
            seat,
            card,
            circumstances: self.round.circumstances,
        }));
        self.open_action_window(events);
        Ok(())
    }

    /// Turn 3: a player who can play must play.
    pub(super) fn pass(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        let plays = super::rules::legal_plays(self, seat);
        if !plays.is_empty() {
            let allowed: Vec<String> = plays.iter().map(super::rules::describe).collect();
            return Err(
                Refusal::new("you cannot pass while you have a card you can legally play")
                    .with_allowed(allowed),
            );
        }
        events.push(Event::public(FanEvent::Passed { seat }));
        self.round.passes += 1;
        if self.round.passes >= 2 {
            if self.round.cards.is_empty() {
                self.stalemate(events);
            } else {
                self.end_round(events);
            }
        } else {
            self.turn = 1 - self.turn;
            self.start_turn(events);
        }
        Ok(())
    }

    fn open_action_window(&mut self, events: &mut Events) {
        let has_action = self.players[usize::from(self.turn)]
            .hand
            .iter()
            .any(|c| FanGame::is_type(*c, FanType::Action));
        if has_action {
            self.phase = Phase::ActionWindow;
        } else {
            self.after_play(events);
        }
    }

    pub(super) fn action_card(
        &mut self,
        seat: Seat,
        card: FanIdx,
        discards: &[FanIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if !FanGame::is_type(card, FanType::Action) {
            return Err(Refusal::new(format!(
                "{} is not an Action card",
                FanGame::name(card)
            )));
        }
        let hand = &self.players[usize::from(seat)].hand;
        let mut rest = hand.clone();
        for c in std::iter::once(&card).chain(discards) {
            match rest.iter().position(|h| h == c) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return Err(Refusal::new(format!(
                        "{} is not in your hand",
                        FanGame::name(*c)
                    )));
                }
            }
        }
        let wanted = hand.len().saturating_sub(1).min(2);
        if discards.len() != wanted {
            return Err(Refusal::new(format!(
                "{} discards itself and exactly {wanted} more cards from your hand",
                FanGame::name(card)
            )));
        }
        let p = &mut self.players[usize::from(seat)];
        p.hand = rest;
        p.discard.push(card);
        p.discard.extend(discards);
        events.push(Event::public(FanEvent::ActionPlayed {
            seat,
            card,
            discarded: discards.len(),
        }));
        self.after_play(events);
        Ok(())
    }

    /// After a play (and its Action step): the round ends on a Conclusion,
    /// else the other player's turn begins.
    pub(super) fn after_play(&mut self, events: &mut Events) {
        let last_is_conclusion = self
            .round
            .cards
            .last()
            .is_some_and(|p| FanGame::is_type(p.card, FanType::Conclusion));
        if last_is_conclusion {
            self.end_round(events);
        } else {
            self.phase = Phase::Turn;
            self.turn = 1 - self.turn;
            self.start_turn(events);
        }
    }

    fn stalemate(&mut self, events: &mut Events) {
        events.push(Event::public(FanEvent::Stalemate));
        self.round = Round::default();
        let decks_out = self.players.iter().any(|p| p.deck.is_empty());
        if decks_out {
            // No round can start and no card can be drawn: the period is over.
            self.end_period(events);
            return;
        }
        self.stalemates += 1;
        // Reshuffling forever could loop: after three in a row, discard instead.
        let reshuffle = self.options.stalemate == Stalemate::Reshuffle && self.stalemates <= 3;
        match if reshuffle {
            Stalemate::Reshuffle
        } else {
            Stalemate::DiscardTwo
        } {
            Stalemate::DiscardTwo => {
                let pending: Vec<Seat> = (0..2)
                    .filter(|s| !self.players[usize::from(*s)].hand.is_empty())
                    .collect();
                if pending.is_empty() {
                    self.resume_after_stalemate(events);
                } else {
                    self.phase = Phase::Stalemate { pending };
                }
            }
            Stalemate::Reshuffle => {
                for seat in 0..2u8 {
                    let p = &mut self.players[usize::from(seat)];
                    let mut hand: Vec<FanIdx> = p.hand.drain(..).collect();
                    p.deck.append(&mut hand);
                    self.rng.shuffle(&mut self.players[usize::from(seat)].deck);
                    events.push(Event::public(FanEvent::StalemateDiscard { seat, count: 0 }));
                    self.fill_hand(seat, events);
                }
                self.resume_after_stalemate(events);
            }
        }
    }

    pub(super) fn stalemate_discard(
        &mut self,
        seat: Seat,
        cards: &[FanIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let p = &self.players[usize::from(seat)];
        let wanted = p.hand.len().min(2);
        if cards.len() != wanted {
            return Err(Refusal::new(format!(
                "discard exactly {wanted} cards from your hand"
            )));
        }
        let mut rest = p.hand.clone();
        for c in cards {
            match rest.iter().position(|h| h == c) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return Err(Refusal::new(format!(
                        "{} is not in your hand",
                        FanGame::name(*c)
                    )));
                }
            }
        }
        let p = &mut self.players[usize::from(seat)];
        p.hand = rest;
        p.discard.extend(cards);
        events.push(Event::public(FanEvent::StalemateDiscard {
            seat,
            count: cards.len(),
        }));
        if let Phase::Stalemate { pending } = &mut self.phase {
            pending.retain(|s| *s != seat);
            if pending.is_empty() {
                self.resume_after_stalemate(events);
            }
        }
        Ok(())
    }

    /// "It is the first's turn again."
    fn resume_after_stalemate(&mut self, events: &mut Events) {
        self.phase = Phase::Turn;
        self.turn = self.leader;
        self.start_turn(events);
    }

    /// Scores the round for whoever played its last card.
    fn end_round(&mut self, events: &mut Events) {
        self.reveal_covered(events);
        let cards = self.round.cards.clone();
        let last = cards.last().expect("a scored round has cards");
        let taker = last.by;
        let (lines, total) = self.round_points(&cards);
        self.scores[usize::from(taker)] += total;
        self.rounds.push((self.period, taker, total));
        events.push(Event::public(FanEvent::RoundScored {
            seat: taker,
            points: total,
            lines,
        }));
        let ended_by_conclusion = FanGame::is_type(last.card, FanType::Conclusion);
        self.settle_round_cards(cards, taker, ended_by_conclusion, events);
        self.round = Round::default();
        self.leader = taker;
        if self.period_ending {
            self.end_period(events);
        } else {
            self.phase = Phase::Turn;
            self.turn = self.leader;
            self.start_turn(events);
        }
    }

    /// At the end of a round every covered card is turned up.
    fn reveal_covered(&mut self, events: &mut Events) {
        for p in self.round.cards.iter_mut() {
            if p.covered {
                p.covered = false;
                events.push(Event::public(FanEvent::Revealed {
                    seat: p.by,
                    card: p.card,
                    circumstances: self.round.circumstances,
                }));
            }
        }
    }

    /// Each card's points (none when negated or its character is captured)
    /// and the round's total, floored at zero when a card says so.
    fn round_points(&self, cards: &[Played]) -> (Vec<(FanIdx, i32)>, i32) {
        let db = fan_db();
        let mut lines = Vec::new();
        for (i, p) in cards.iter().enumerate() {
            let card = db.get(p.card);
            let dead = p.negated || p.depends_on.iter().any(|c| self.round.captured.contains(c));
            let mut points = if dead {
                0
            } else {
                card.points.map_or(0, |v| v.base())
            };
            if !dead {
                match &card.effect {
                    Some(Effect::Conflict { success_points, .. }) if p.success == Some(true) => {
                        points += success_points
                    }
                    Some(Effect::JeopardyPenalty { points: penalty }) => {
                        let removed = cards[i + 1..].iter().any(|q| {
                            !q.negated && db.get(q.card).sets.is_some_and(|s| s[2] == Sets::Off)
                        });
                        if !removed {
                            points += penalty;
                        }
                    }
                    _ => {}
                }
            }
            lines.push((p.card, points));
        }
        let mut total: i32 = lines.iter().map(|l| l.1).sum();
        let floor = cards
            .iter()
            .any(|p| !p.negated && db.get(p.card).effect == Some(Effect::FloorAtZero));
        if floor && total < 0 {
            total = 0;
        }
        (lines, total)
    }

    /// The round's cards go to their owners' discards, except confidences the
    /// taker keeps after a Conclusion.
    fn settle_round_cards(
        &mut self,
        cards: Vec<Played>,
        taker: Seat,
        ended_by_conclusion: bool,
        events: &mut Events,
    ) {
        let db = fan_db();
        for p in cards {
            let keeps = ended_by_conclusion
                && p.by == taker
                && !p.negated
                && matches!(db.get(p.card).effect, Some(Effect::SharesConfidence { .. }));
            let owner = &mut self.players[usize::from(p.by)];
            if keeps {
                owner.confidences.push(p.card);
                let inv = super::rules::investment(self, p.by, Character::Mulder);
                events.push(Event::public(FanEvent::ConfidenceGained {
                    seat: p.by,
                    investment: inv,
                }));
            } else {
                owner.discard.push(p.card);
            }
        }
    }

    fn end_period(&mut self, events: &mut Events) {
        events.push(Event::public(FanEvent::PeriodEnded {
            period: self.period,
            scores: self.scores,
        }));
        if self.period >= 3 {
            let [a, b] = self.scores;
            let winners = match a.cmp(&b) {
                std::cmp::Ordering::Greater => vec![0],
                std::cmp::Ordering::Less => vec![1],
                std::cmp::Ordering::Equal => vec![0, 1],
            };
            let summary = if winners.len() == 2 {
                format!("a tie at {a} points each")
            } else {
                format!("seat {} wins {} to {}", winners[0] + 1, a.max(b), a.min(b))
            };
            self.finish(winners, summary, events);
        } else {
            self.phase = Phase::Exchange {
                ready: [false, false],
            };
        }
    }

    pub(super) fn finish(&mut self, winners: Vec<Seat>, summary: String, events: &mut Events) {
        let outcome = Outcome {
            winners,
            scores: Some(self.scores.to_vec()),
            summary,
            team: None,
        };
        self.outcome = Some(outcome.clone());
        self.phase = Phase::Over;
        events.push(Event::public(FanEvent::GameOver { outcome }));
    }

    pub(super) fn swap(
        &mut self,
        seat: Seat,
        out: FanIdx,
        take: FanIdx,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if let Phase::Exchange { ready } = &self.phase
            && ready[usize::from(seat)]
        {
            return Err(Refusal::new(
                "you already declared yourself ready for the next period",
            ));
        }
        swap_allowed(self, seat, out, take)?;
        let p = &mut self.players[usize::from(seat)];
        let from = if p.deck.contains(&out) {
            &mut p.deck
        } else if p.hand.contains(&out) {
            &mut p.hand
        } else {
            &mut p.discard
        };
        let i = from.iter().position(|c| *c == out).expect("checked");
        from[i] = take;
        let j = p
            .sideboard
            .iter()
            .position(|c| *c == take)
            .expect("checked");
        p.sideboard[j] = out;
        events.push(Event::public(FanEvent::Swapped {
            seat,
            out: None,
            take: None,
        }));
        events.push(Event::private(
            seat,
            FanEvent::Swapped {
                seat,
                out: Some(out),
                take: Some(take),
            },
        ));
        Ok(())
    }

    pub(super) fn ready(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        let Phase::Exchange { ready } = &mut self.phase else {
            unreachable!("checked by apply")
        };
        if ready[usize::from(seat)] {
            return Err(Refusal::new(
                "you are already ready; waiting for your opponent",
            ));
        }
        ready[usize::from(seat)] = true;
        events.push(Event::public(FanEvent::Ready { seat }));
        if ready.iter().all(|r| *r) {
            self.period += 1;
            self.start_period(events);
        }
        Ok(())
    }
}

/// A sideboard exchange keeps the draw deck within its limits; cards on the
/// table (environment, confidences, the round) cannot be exchanged.
pub fn swap_allowed(game: &FanGame, seat: Seat, out: FanIdx, take: FanIdx) -> Result<(), Refusal> {
    let p = &game.players[usize::from(seat)];
    let owned = p.deck.contains(&out) || p.hand.contains(&out) || p.discard.contains(&out);
    if !owned {
        return Err(Refusal::new(format!(
            "{} is not in your draw deck (cards on the table cannot be exchanged)",
            FanGame::name(out)
        )));
    }
    if !p.sideboard.contains(&take) {
        return Err(Refusal::new(format!(
            "{} is not in your sideboard",
            FanGame::name(take)
        )));
    }
    if let Some(max) = super::limit(take, &game.options) {
        let have = p
            .deck
            .iter()
            .chain(&p.hand)
            .chain(&p.discard)
            .filter(|c| **c == take)
            .count();
        if have + 1 > max {
            return Err(Refusal::new(format!(
                "your draw deck may hold at most {max} {}",
                FanGame::name(take)
            )));
        }
    }
    Ok(())
}
