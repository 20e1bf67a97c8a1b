//! The Basic Game: the Advanced engine with the Basic rules switched on
//! (the lost *Official Rules and Procedures Manual*, known through the
//! sources gathered in `basic-game-and-rulings-notes.md` §A, cited by their
//! keys: FAQ21, FAQ97, SCR16/17, RA). Where the Basic rules coincide with
//! the Advanced ones the same code runs; this module holds what differs:
//!
//! - set-up: Advanced-marked cards, Agents and (unless agreed) Killer cards
//!   are set aside from the Bureau deck (FAQ97 #11, FAQ21 #45); any four
//!   Agents (FAQ21 #54(b)); no pools (FAQ21 #54(c));
//! - Briefing: every player refills to ten cards (FAQ21 #54(h)), nothing else;
//! - cards are played only in the Investigation Phase, at most three per
//!   player (SCR17-41, RA p. 4), Equipment in the Requisition Phase, and
//!   nothing costs anything; one Site a turn, no face-down Bluffs
//!   (FAQ21 #54(g), #48);
//! - Agent and Adversary Game Effects are ignored (FAQ21 #54(f)): an
//!   Adversary that is not negated wounds one Agent of the Team, who goes
//!   to the Hospital (RA p. 4, FAQ21 #54(e)) — no combat;
//! - Debriefing: each player may discard up to three cards; no hand limit
//!   (SCR16-48).
//!
//! How xfiles-bot plays the cost icon with costs ignored: an RP card is
//! still the Investigating Player's and a CP card the Conspiracy's (in the
//! official sets every such Basic card also carries ACTIVE or CONSPIRACY
//! but one, Lieutenant Jack Sheaffer, so nothing hangs on it).
//!
//! What the sources do not say is a [`BasicRules`] option, each documented
//! in the rules reference as "how xfiles-bot plays it".

use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use super::effects::db::{ScriptDb, scripts};
use super::{AgentRef, Events, Phase, XfEvent, XfGame};
use crate::cards::{CardIdx, CardType, Keyword, Section, db};
use crate::decks::Deck;
use crate::engine::{Event, Refusal, Seat};

/// Cards a hand is refilled to at every Briefing (FAQ21 #54(h), SCR16-48).
pub const HAND: usize = 10;
/// Cards each player may play in the Investigation Phase (SCR17-41, RA p. 4).
pub const PLAYS: u8 = 3;
/// Cards each player may discard in the Debriefing Phase (SCR16-48).
pub const DEBRIEF_DISCARDS: usize = 3;

/// Who picks the Agent an Adversary wounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Chooser {
    /// The Adversary's player, as in the Advanced Game (FAQ21 #61).
    #[default]
    Conspiracy,
    /// The player whose Team is attacked.
    Investigator,
}

/// The Basic Game's rules where the sources are silent (NOT FOUND in the
/// notes): each default is the notes' suggestion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BasicRules {
    /// Cards dealt at the start: the size hands refill to.
    pub opening_hand: u8,
    /// Whole turns of its own a wounded Agent sits out in the Hospital (0:
    /// it may leave at its owner's next Deployment Phase).
    pub hospital_turns: u8,
    /// Who picks the Agent an Adversary wounds.
    pub wounded_by: Chooser,
    /// Equipment requisitioned counts towards the three cards a turn.
    pub equipment_counts: bool,
}

impl Default for BasicRules {
    fn default() -> Self {
        BasicRules {
            opening_hand: HAND as u8,
            hospital_turns: 0,
            wounded_by: Chooser::Conspiracy,
            equipment_counts: false,
        }
    }
}

/// What the Basic Game does with an Adversary: its text and statistics are
/// ignored; unless negated it wounds one Agent of the Team (RA p. 4).
const WOUND: [&str; 2] = [
    "card Basic Adversary\ntext (Basic Game) one Agent of the Team is wounded\nstatus reviewed\nstatic no-combat\nplay\n  choose victim agent(theirs investigating) \"the Agent wounded\"\n  wound victim\n",
    "card Basic Adversary\ntext (Basic Game) one Agent of the Team is wounded\nstatus reviewed\nstatic no-combat\nplay\n  choose victim agent(theirs investigating) by=opponent \"the Agent wounded\"\n  wound victim\n",
];

/// The scripts a Basic Game runs: no Agent has a Game Effect, every
/// Adversary wounds (FAQ21 #54(f)); other cards as in the Advanced Game.
pub fn basic_scripts(chooser: Chooser) -> &'static Arc<ScriptDb> {
    static DBS: LazyLock<[Arc<ScriptDb>; 2]> = LazyLock::new(|| {
        WOUND.map(|text| {
            let wound = super::effects::parse::parse_file("basic.xfs", text)
                .expect("the Basic Adversary script is valid")
                .remove(0);
            Arc::new(scripts().for_basic(wound, |c| match db().get(c).kind {
                CardType::Agent => Some(false),
                CardType::Adversary => Some(true),
                _ => None,
            }))
        })
    });
    &DBS[chooser as usize]
}

/// The cards set aside from a deck for the Basic Game: Advanced-marked and
/// Combat cards (FAQ97 #11), Agents (FAQ21 #45) and, unless the players
/// agreed to them, Killer cards (ADV p. 42).
pub fn set_aside(deck: &Deck, killer: bool) -> Vec<CardIdx> {
    let mut out = Vec::new();
    for (c, n) in &deck.bureau {
        let card = db().get(*c);
        let out_of_basic = !card.is_basic_legal()
            || card.kind == CardType::Agent
            || (!killer && card.has_keyword(Keyword::Killer));
        if out_of_basic {
            out.extend(std::iter::repeat_n(*c, *n as usize));
        }
    }
    out
}

impl XfGame {
    /// The Basic Game's rules, when this is a Basic Game.
    pub fn basic(&self) -> Option<&BasicRules> {
        self.options.basic.as_ref()
    }

    /// Briefing in the Basic Game: every player draws up to ten cards, the
    /// active player first (FAQ21 #54(h)); then the Healing Phase.
    pub(super) fn basic_briefing(&mut self, events: &mut Events) {
        let mut order = vec![self.active];
        order.extend(self.others_from(self.active));
        for seat in order {
            let want = HAND.saturating_sub(self.player(seat).hand.len());
            if want == 0 || self.player(seat).out {
                continue;
            }
            let drawn = self.draw(seat, want, events);
            events.push(Event::public(XfEvent::Drew {
                seat,
                count: drawn.len(),
            }));
            events.push(Event::private(seat, XfEvent::DrewCards { cards: drawn }));
        }
        self.healing(events);
    }

    /// Healing in the Basic Game: no HEALTH; a wounded Agent of the active
    /// player is a turn nearer to leaving the Hospital.
    pub(super) fn basic_heal(&mut self, events: &mut Events) {
        let seat = self.active;
        let wounded: Vec<CardIdx> = self
            .player(seat)
            .agents
            .iter()
            .filter(|a| a.section == Section::Hospital && a.damage > 0 && a.away.is_none())
            .map(|a| a.card)
            .collect();
        for card in wounded {
            let agent = AgentRef { seat, card };
            if let Some(a) = self.agent_mut(agent) {
                a.damage -= 1;
            }
            events.push(Event::public(XfEvent::Healed { agent, amount: 1 }));
        }
    }

    /// The Agent goes to the Hospital, wounded: it may leave once its
    /// owner's Healing Phases have counted its turns down (see
    /// [`BasicRules::hospital_turns`]).
    pub(crate) fn wound(&mut self, a: AgentRef, by: CardIdx, events: &mut Events) {
        let turns = self.basic().map_or(0, |b| b.hospital_turns);
        self.move_agent(a, Section::Hospital, events);
        self.moved_by(a, by);
        if let Some(x) = self.agent_mut(a)
            && x.section == Section::Hospital
        {
            x.damage = turns + 1;
            x.until_healed = true;
        }
    }

    /// In the Basic Game only Equipment is requisitioned: without any in
    /// the active hand the Requisition Phase has nothing to wait for.
    pub(super) fn basic_requisition_is_empty(&self) -> bool {
        let equipment = self
            .player(self.active)
            .hand
            .iter()
            .any(|c| db().get(*c).kind == CardType::Equipment);
        self.basic().is_some() && !equipment && self.choice.is_none()
    }

    /// Cards may be played now in the Basic Game: only in the Investigation
    /// Phase (SCR17-41; FAQ21 #34 citing the Basic rulebook p. 18), at most
    /// three a player (RA p. 4).
    pub(super) fn basic_may_play(&self, seat: Seat) -> Result<(), Refusal> {
        if self.basic().is_none() {
            return Ok(());
        }
        if !matches!(self.phase, Phase::Investigation | Phase::Investigating) {
            return Err(Refusal::new(
                "in the Basic Game cards are played only in the Investigation Phase (Equipment in the Requisition Phase: /equip) (SCR17-41)",
            ));
        }
        self.basic_within_limit(seat)
    }

    /// The seat has played fewer than three cards this turn (RA p. 4).
    pub(super) fn basic_within_limit(&self, seat: Seat) -> Result<(), Refusal> {
        if self.basic_played(seat) >= PLAYS {
            return Err(Refusal::new(format!(
                "you have played {PLAYS} cards this turn, the most a player may play in the Basic Game's Investigation Phase (Rules Assistant p. 4)"
            )));
        }
        Ok(())
    }

    /// Cards the seat played this turn that count towards the three.
    pub fn basic_played(&self, seat: Seat) -> u8 {
        self.basic_plays
            .get(usize::from(seat))
            .copied()
            .unwrap_or(0)
    }

    /// Counts a card played towards the seat's three.
    pub(super) fn count_basic_play(&mut self, seat: Seat) {
        if self.basic().is_none() {
            return;
        }
        let n = self.players.len();
        self.basic_plays.resize(n, 0);
        self.basic_plays[usize::from(seat)] += 1;
    }

    /// The players still to finish their Debriefing (each may discard up to
    /// three cards, SCR16-48): every player at once, so nobody's turn-end
    /// takes away another's discards.
    pub fn basic_debriefing(&self) -> Vec<Seat> {
        (0..self.players.len() as Seat)
            .filter(|s| !self.player(*s).out && !self.debriefed.contains(s))
            .collect()
    }

    /// A player's Debriefing in the Basic Game: up to three discards, once.
    pub(super) fn basic_debrief(
        &mut self,
        seat: Seat,
        cards: &[CardIdx],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if !self.basic_debriefing().contains(&seat) {
            return Err(Refusal::new(
                "you have finished your Debriefing; the others are still discarding",
            ));
        }
        if cards.len() > DEBRIEF_DISCARDS {
            return Err(Refusal::new(format!(
                "in the Basic Game a player discards at most {DEBRIEF_DISCARDS} cards in the Debriefing Phase (SCR16-48); you named {}",
                cards.len()
            )));
        }
        if !cards.is_empty() {
            self.debrief_discard(seat, cards, events)?;
        }
        self.debriefed.push(seat);
        if self.basic_debriefing().is_empty() {
            self.end_turn(events);
        }
        Ok(())
    }
}
