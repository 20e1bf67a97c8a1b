//! The X-Files Fan CCG: a two-player trick-taking card game (seed 003 and
//! `shared/reference/fan-ccg/`). A game is three periods; a period is rounds
//! until a draw deck runs out; a round is turns in which each card must follow
//! what the round already provides; its points go to whoever played its last
//! card.
//!
//! The prototype rules leave gaps; every reading made here is listed in the
//! rules reference (`cards/rules/fan-ccg.json`), and the two with plausible
//! alternatives are [`FanOptions`].

pub mod ai;
mod deck;
mod flow;
pub mod rules;
mod search;
mod view;
mod world;

use serde::{Deserialize, Serialize};

pub use deck::{DRAW_DECK, FanDeck, SIDEBOARD_MAX, limit, parse_fan_list};
pub use rules::describe;
pub use view::{FanView, PlayedView, PlayerView};
pub use world::FanTable;

use super::{Event, Game, GameRng, Outcome, Refusal, Seat, Stepped, Viewer};
use crate::cards::fan::{Character, FanIdx, FanType, fan_db};

/// What both players agree on before the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FanOptions {
    /// Cards in a full hand (the rules' "13", marked speculative).
    pub hand_size: u8,
    /// What happens when neither player can start a round.
    pub stalemate: Stalemate,
    /// How many copies of a card with no printed deck limit a deck may hold.
    pub unmarked_limit: UnmarkedLimit,
}

impl Default for FanOptions {
    fn default() -> Self {
        FanOptions {
            hand_size: 13,
            stalemate: Stalemate::DiscardTwo,
            unmarked_limit: UnmarkedLimit::One,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stalemate {
    /// Both players discard two cards (the rule).
    DiscardTwo,
    /// Both shuffle their hand into their deck and draw anew (the speculative alternative).
    Reshuffle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnmarkedLimit {
    One,
    None,
}

/// One player's cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub deck: Vec<FanIdx>,
    pub hand: Vec<FanIdx>,
    /// Face down: its owner knows it, the opponent sees a count.
    pub discard: Vec<FanIdx>,
    pub sideboard: Vec<FanIdx>,
    pub environment_deck: Vec<FanIdx>,
    pub cover: u8,
    /// Mulder Shares Confidence cards beside this player's MULDER.
    pub confidences: Vec<FanIdx>,
}

/// A card in the current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub card: FanIdx,
    pub by: Seat,
    pub covered: bool,
    pub negated: bool,
    /// Characters that were the only source of one of its requirements.
    pub depends_on: Vec<Character>,
    /// For Capture and conflict cards: the character chosen.
    pub choice: Option<Character>,
    /// For conflict cards: whether the conflict was won.
    pub success: Option<bool>,
}

/// The round in progress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub cards: Vec<Played>,
    /// progress, opposition, jeopardy.
    pub circumstances: [bool; 3],
    /// The circumstances after each face-up play, oldest first.
    pub history: Vec<[bool; 3]>,
    /// Consecutive passes.
    pub passes: u8,
    /// Characters taken away (by a Capture, or disabled by a lost conflict).
    pub captured: Vec<Character>,
    pub disabled: Vec<Character>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The high-card winner chooses who plays first.
    ChooseFirst {
        chooser: Seat,
    },
    /// `turn` plays a card, reveals a covered card, or passes.
    Turn,
    /// After a play, the player may play an Action card.
    ActionWindow,
    /// Neither could start a round: each still owing discards is listed.
    Stalemate {
        pending: Vec<Seat>,
    },
    /// Between periods: sideboard exchanges until both are ready.
    Exchange {
        ready: [bool; 2],
    },
    Over,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FanGame {
    pub options: FanOptions,
    rng: GameRng,
    pub players: [Player; 2],
    /// The placed environment, with who placed each card.
    pub environment: Vec<(FanIdx, Seat)>,
    pub phase: Phase,
    pub period: u8,
    /// Who takes the first turn of the next round (or took it for this one).
    pub leader: Seat,
    pub turn: Seat,
    pub round: Round,
    pub scores: [i32; 2],
    /// Points of every finished round: (period, seat that took them, points).
    pub rounds: Vec<(u8, Seat, i32)>,
    /// A player drew their last card during this round.
    pub period_ending: bool,
    /// Stalemates in a row (reset when a round starts).
    pub stalemates: u8,
    pub outcome: Option<Outcome>,
}

/// What a player does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FanAction {
    /// The high-card winner names the first player.
    ChooseFirst {
        first: Seat,
    },
    /// Play a card to the round, face down under a cover card if `covered`;
    /// `choice` names the character for a Capture or a conflict.
    Play {
        card: FanIdx,
        covered: bool,
        choice: Option<Character>,
    },
    /// Turn up one of your covered cards (your play for the turn).
    Reveal {
        card: FanIdx,
    },
    Pass,
    /// After a play: an Action card, with the cards it discards.
    Action {
        card: FanIdx,
        discards: Vec<FanIdx>,
    },
    SkipAction,
    /// A stalemate's discards.
    Discard {
        cards: Vec<FanIdx>,
    },
    /// Between periods: exchange a draw-deck card for a sideboard card.
    Swap {
        out: FanIdx,
        take: FanIdx,
    },
    Ready,
    Resign,
}

/// What happened; each carries who may see it through its [`Event`] audience.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FanEvent {
    HighCard {
        draws: Vec<(Seat, Option<FanIdx>)>,
        winner: Option<Seat>,
    },
    FirstPlayer {
        seat: Seat,
    },
    EnvironmentPlaced {
        seat: Seat,
        card: FanIdx,
    },
    PeriodStarted {
        period: u8,
        hand_size: u8,
    },
    Drew {
        seat: Seat,
        count: usize,
        deck_left: usize,
    },
    DrewCards {
        seat: Seat,
        cards: Vec<FanIdx>,
    },
    /// `card` is `None` in the public copy of a covered play.
    Played {
        seat: Seat,
        card: Option<FanIdx>,
        covered: bool,
        circumstances: [bool; 3],
    },
    Revealed {
        seat: Seat,
        card: FanIdx,
        circumstances: [bool; 3],
    },
    Negated {
        card: FanIdx,
    },
    Captured {
        character: Character,
    },
    Released {
        character: Character,
    },
    Conflict {
        seat: Seat,
        agent: Character,
        pro: i32,
        anti: i32,
        arms: [(Seat, Option<FanIdx>); 2],
        success: bool,
    },
    Passed {
        seat: Seat,
    },
    /// `seat` passed on its Action step (played no Action card).
    ActionSkipped {
        seat: Seat,
    },
    ActionPlayed {
        seat: Seat,
        card: FanIdx,
        discarded: usize,
    },
    Stalemate,
    StalemateDiscard {
        seat: Seat,
        count: usize,
    },
    RoundScored {
        seat: Seat,
        points: i32,
        lines: Vec<(FanIdx, i32)>,
    },
    ConfidenceGained {
        seat: Seat,
        investment: i32,
    },
    PeriodEnded {
        period: u8,
        scores: [i32; 2],
    },
    Swapped {
        seat: Seat,
        out: Option<FanIdx>,
        take: Option<FanIdx>,
    },
    Ready {
        seat: Seat,
    },
    Resigned {
        seat: Seat,
    },
    GameOver {
        outcome: Outcome,
    },
}

type Events = Vec<Event<FanEvent>>;

impl Game for FanGame {
    type Options = FanOptions;
    type Setup = FanDeck;
    type Action = FanAction;
    type Event = FanEvent;
    type View = FanView;

    const FORMAT: u32 = 1;

    fn seats(_: &FanOptions) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn new(options: FanOptions, setups: Vec<FanDeck>, seed: u64) -> Result<Stepped<Self>, Refusal> {
        if setups.len() != 2 {
            return Err(Refusal::new("the Fan CCG is played by exactly two players"));
        }
        if !(5..=30).contains(&options.hand_size) {
            return Err(Refusal::new("hand size must be from 5 to 30 cards"));
        }
        for (seat, deck) in setups.iter().enumerate() {
            let problems = deck.problems(&options);
            if !problems.is_empty() {
                return Err(Refusal::new(format!(
                    "seat {}'s deck is not legal: {}",
                    seat + 1,
                    problems.join("; ")
                )));
            }
        }
        let players = [0, 1].map(|i| Player {
            deck: setups[i].draw.clone(),
            hand: Vec::new(),
            discard: Vec::new(),
            sideboard: setups[i].sideboard.clone(),
            environment_deck: setups[i].environment.clone(),
            cover: setups[i].cover,
            confidences: Vec::new(),
        });
        let mut game = FanGame {
            options,
            rng: GameRng::seeded(seed),
            players,
            environment: Vec::new(),
            phase: Phase::ChooseFirst { chooser: 0 },
            period: 1,
            leader: 0,
            turn: 0,
            round: Round::default(),
            scores: [0, 0],
            rounds: Vec::new(),
            period_ending: false,
            stalemates: 0,
            outcome: None,
        };
        let mut events = Vec::new();
        let chooser = game.draw_for_high_card(&mut events);
        game.phase = Phase::ChooseFirst { chooser };
        Ok((game, events))
    }

    fn apply(&mut self, seat: Seat, action: &FanAction) -> Result<Events, Refusal> {
        if seat > 1 {
            return Err(Refusal::new("there is no such seat"));
        }
        let mut events = Vec::new();
        if let FanAction::Resign = action {
            if self.phase == Phase::Over {
                return Err(Refusal::new("the game is already over"));
            }
            events.push(Event::public(FanEvent::Resigned { seat }));
            self.finish(
                vec![1 - seat],
                format!("seat {} resigned", seat + 1),
                &mut events,
            );
            return Ok(events);
        }
        match (&self.phase, action) {
            (Phase::Over, _) => return Err(Refusal::new("the game is over")),
            (Phase::ChooseFirst { chooser }, FanAction::ChooseFirst { first }) => {
                if seat != *chooser {
                    return Err(self.not_your_move(seat));
                }
                if *first > 1 {
                    return Err(Refusal::new("choose seat 1 or seat 2"));
                }
                self.begin(*first, &mut events);
            }
            (
                Phase::Turn,
                FanAction::Play {
                    card,
                    covered,
                    choice,
                },
            ) => {
                self.expect_turn(seat)?;
                self.play(seat, *card, *covered, *choice, &mut events)?;
            }
            (Phase::Turn, FanAction::Reveal { card }) => {
                self.expect_turn(seat)?;
                self.reveal(seat, *card, &mut events)?;
            }
            (Phase::Turn, FanAction::Pass) => {
                self.expect_turn(seat)?;
                self.pass(seat, &mut events)?;
            }
            (Phase::ActionWindow, FanAction::Action { card, discards }) => {
                self.expect_turn(seat)?;
                self.action_card(seat, *card, discards, &mut events)?;
            }
            (Phase::ActionWindow, FanAction::SkipAction) => {
                self.expect_turn(seat)?;
                events.push(Event::public(FanEvent::ActionSkipped { seat }));
                self.after_play(&mut events);
            }
            (Phase::Stalemate { pending }, FanAction::Discard { cards }) => {
                if !pending.contains(&seat) {
                    return Err(Refusal::new("you have no stalemate discards to make"));
                }
                self.stalemate_discard(seat, cards, &mut events)?;
            }
            (Phase::Exchange { .. }, FanAction::Swap { out, take }) => {
                self.swap(seat, *out, *take, &mut events)?
            }
            (Phase::Exchange { .. }, FanAction::Ready) => self.ready(seat, &mut events)?,
            _ => return Err(self.out_of_phase(seat)),
        }
        Ok(events)
    }

    fn to_act(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::ChooseFirst { chooser } => vec![*chooser],
            Phase::Turn | Phase::ActionWindow => vec![self.turn],
            Phase::Stalemate { pending } => pending.clone(),
            Phase::Exchange { ready } => (0..2).filter(|s| !ready[usize::from(*s)]).collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<FanAction> {
        rules::legal_actions(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn view(&self, viewer: Viewer) -> FanView {
        view::view(self, viewer)
    }

    /// A pass, no Action card, ready; else what the rules force at the
    /// least cost: the first player named, a covered card turned up rather
    /// than a card played (a player who can play must play), a play face up
    /// (a cover card is kept), a stalemate's two discards.
    fn default_action(&self, seat: Seat) -> Option<FanAction> {
        let legal = self.legal_actions(seat);
        let passive = [FanAction::Pass, FanAction::SkipAction, FanAction::Ready];
        if let Some(a) = passive.into_iter().find(|a| legal.contains(a)) {
            return Some(a);
        }
        let mut forced: Vec<FanAction> = legal
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    FanAction::ChooseFirst { .. }
                        | FanAction::Reveal { .. }
                        | FanAction::Play { covered: false, .. }
                        | FanAction::Discard { .. }
                )
            })
            .collect();
        // Turning a covered card up costs no card of the hand: first among equals.
        forced.sort_by_key(|a| !matches!(a, FanAction::Reveal { .. }));
        crate::engine::cheapest_answer(self, seat, forced, |g| {
            let p = &g.players[usize::from(seat)];
            vec![p.hand.len() as i64, i64::from(p.cover)]
        })
    }

    fn resigns(action: &FanAction) -> bool {
        matches!(action, FanAction::Resign)
    }

    fn reveals(event: &FanEvent) -> bool {
        matches!(
            event,
            FanEvent::HighCard { .. }
                | FanEvent::Drew { .. }
                | FanEvent::Revealed { .. }
                | FanEvent::GameOver { .. }
        )
    }
}

impl FanGame {
    fn expect_turn(&self, seat: Seat) -> Result<(), Refusal> {
        if seat == self.turn {
            Ok(())
        } else {
            Err(self.not_your_move(seat))
        }
    }

    fn not_your_move(&self, seat: Seat) -> Refusal {
        Refusal::not_your_move(seat, &self.to_act())
    }

    fn out_of_phase(&self, seat: Seat) -> Refusal {
        let allowed: Vec<String> = rules::legal_actions(self, seat)
            .iter()
            .map(rules::describe)
            .collect();
        let now = match &self.phase {
            Phase::ChooseFirst { .. } => "the high-card winner is choosing who plays first",
            Phase::Turn => "a turn is in progress",
            Phase::ActionWindow => "the player who just played may play an Action card",
            Phase::Stalemate { .. } => "each player must discard two cards (stalemate)",
            Phase::Exchange { .. } => "players may exchange sideboard cards before the next period",
            Phase::Over => "the game is over",
        };
        let mut r = Refusal::new(format!("that cannot be done now: {now}"));
        if allowed.is_empty() {
            r.reason
                .push_str(&format!("; seat {} has nothing to do now", seat + 1));
        }
        r.with_allowed(allowed)
    }

    /// Card name for messages.
    pub fn name(card: FanIdx) -> &'static str {
        &fan_db().get(card).name
    }

    fn take_from_hand(&mut self, seat: Seat, card: FanIdx) -> Result<(), Refusal> {
        let hand = &mut self.players[usize::from(seat)].hand;
        match hand.iter().position(|c| *c == card) {
            Some(i) => {
                hand.remove(i);
                Ok(())
            }
            None => Err(Refusal::new(format!(
                "{} is not in your hand",
                Self::name(card)
            ))),
        }
    }

    fn is_type(card: FanIdx, kind: FanType) -> bool {
        fan_db().get(card).kind == kind
    }
}
