//! What one viewer may see: hidden Shadows, Bureau, Evidence and End Game
//! cards stay unnamed, hands are shown only to their owner, the Conspiracy
//! and Academy decks only as counts.

use serde::Serialize;

use super::data::{Keyword, Kind};
use super::{Card, LeGame, Phase, Proof, Slot};
use crate::engine::{Outcome, Seat, Viewer};

/// A face-up card as players read it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CardView {
    pub id: Card,
    pub name: String,
    pub kind: Kind,
    pub class: Option<super::Class>,
    pub cost: Option<u8>,
    pub recruit: Option<u8>,
    pub attack: Option<u8>,
    /// Defense now (statics, Vulnerability), for Enemies and the End Game.
    pub defense: Option<i32>,
    pub keywords: Vec<String>,
    pub text: Vec<String>,
}

/// A board space: empty, a hidden card, or a revealed one.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub enum SpaceView {
    Empty,
    Hidden { end_game: bool },
    Card(CardView),
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub avatar: String,
    pub health: i32,
    pub damage: i32,
    /// Strikes face up, oldest first (Scars are counted, not named).
    pub strikes: Vec<String>,
    pub scars: usize,
    pub hand_count: usize,
    /// Only for the viewer's own seat.
    pub hand: Option<Vec<CardView>>,
    pub deck_count: usize,
    pub discard_count: usize,
    pub played: Vec<CardView>,
    pub vigilant: Vec<CardView>,
    pub set_aside: Option<CardView>,
    pub defeated: bool,
    pub belief: String,
    pub doubt: String,
    /// Infection's Symptoms (three defeat the player).
    pub symptoms: u8,
    /// Cliffhangers in front of the player (face up).
    pub cliffhangers: Vec<CardView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EvidenceView {
    pub priority: u8,
    pub state: Proof,
    /// Named once Discovered (or when "The End" reveals it).
    pub card: Option<CardView>,
}

/// The whole table as one viewer may see it.
#[derive(Debug, Clone, Serialize)]
pub struct LeView {
    pub viewer: Viewer,
    pub demo: bool,
    pub set_name: String,
    pub turn: u32,
    pub current: Seat,
    pub phase: Phase,
    pub players: Vec<PlayerView>,
    pub shadows: Vec<SpaceView>,
    pub shadows_scan: [u8; 5],
    /// Newest (next to the Shadows) first.
    pub field: Vec<CardView>,
    pub bureau: Vec<SpaceView>,
    pub bureau_scan: Vec<u8>,
    pub bureau_powers: Vec<String>,
    pub evidence: Vec<EvidenceView>,
    pub conspiracy_left: usize,
    pub academy_left: usize,
    pub special_agents_left: usize,
    pub strikes_left: usize,
    pub strikes_discarded: usize,
    pub beliefs_left: usize,
    pub doubts_left: usize,
    pub defeated_top: Option<String>,
    pub the_end: bool,
    pub end_game: Option<CardView>,
    pub end_game_health: Option<i32>,
    pub end_game_damage: i32,
    /// Replication's Clone once revealed: the card, its damage, its Health.
    pub clone: Option<(CardView, i32, i32)>,
    /// The current player's points (public: cards played are face up).
    pub attack: i32,
    pub recruit: i32,
    pub avoid: u8,
    pub silence: bool,
    /// The pending choice, unless it is another seat's secret one.
    pub choice: Option<(Seat, String, Vec<String>)>,
    /// How many of the pending choice's options are picked: (min, max).
    pub choice_picks: (u8, u8),
    pub outcome: Option<Outcome>,
    /// A Series game: its number and the points of the games before it.
    pub series: Option<(u8, i32)>,
}

impl LeGame {
    pub fn card_view(&self, card: Card) -> CardView {
        let d = self.def(card);
        let fights = d.kind.is_enemy() || self.is_end_game(card);
        CardView {
            id: card,
            name: d.name.clone(),
            kind: d.kind,
            class: d.class,
            cost: d.cost,
            recruit: d.recruit,
            attack: d.attack,
            defense: fights.then(|| self.defense_of(card)),
            keywords: d.keywords.iter().map(|k: &Keyword| k.title()).collect(),
            text: d.abilities.iter().map(|a| a.text.clone()).collect(),
        }
    }

    fn space(&self, s: &Option<Slot>) -> SpaceView {
        match s {
            None => SpaceView::Empty,
            Some(s) if s.hidden => SpaceView::Hidden {
                end_game: self.is_end_game(s.card),
            },
            Some(s) => SpaceView::Card(self.card_view(s.card)),
        }
    }
}

fn avatar_text(g: &LeGame, avatar: Card, when: super::Timing) -> String {
    g.def(avatar)
        .ability(when)
        .map(|a| match &a.name {
            Some(n) => format!("{n}: {}", a.text),
            None => a.text.clone(),
        })
        .unwrap_or_default()
}

fn player_view(g: &LeGame, seat: Seat, viewer: Viewer) -> PlayerView {
    let p = g.player(seat);
    let own = viewer == Viewer::Seat(seat) || g.is_over();
    PlayerView {
        seat,
        avatar: g.name(p.avatar),
        health: g.health(seat),
        damage: g.damage(seat),
        strikes: p
            .strikes
            .iter()
            .filter(|w| !w.scar)
            .map(|w| g.name(w.card))
            .collect(),
        scars: p.strikes.iter().filter(|w| w.scar).count(),
        hand_count: p.hand.len(),
        hand: own.then(|| p.hand.iter().map(|c| g.card_view(*c)).collect()),
        deck_count: p.deck.len(),
        discard_count: p.discard.len(),
        played: p.played.iter().map(|x| g.card_view(x.card)).collect(),
        vigilant: p.vigilant.iter().map(|c| g.card_view(*c)).collect(),
        set_aside: p.set_aside.map(|c| g.card_view(c)),
        defeated: p.defeated,
        belief: avatar_text(g, p.avatar, super::Timing::Belief),
        doubt: avatar_text(g, p.avatar, super::Timing::Doubt),
        symptoms: p.symptoms,
        cliffhangers: p.cliffhangers.iter().map(|c| g.card_view(*c)).collect(),
    }
}

pub(super) fn view(g: &LeGame, viewer: Viewer) -> LeView {
    let end_game_face_up = g.is_revealed(g.end_game) || g.the_end;
    let choice = g.choice.as_ref().map(|c| {
        let mine = viewer == Viewer::Seat(c.seat);
        let options = if c.secret && !mine {
            Vec::new()
        } else {
            c.options.iter().map(|o| o.label.clone()).collect()
        };
        let prompt = if c.secret && !mine {
            "a choice from their hand".to_string()
        } else {
            c.prompt.clone()
        };
        (c.seat, prompt, options)
    });
    LeView {
        viewer,
        demo: g.demo,
        set_name: g.set_name.clone(),
        turn: g.turn_no,
        current: g.current,
        phase: g.phase,
        players: (0..g.players.len() as Seat)
            .map(|s| player_view(g, s, viewer))
            .collect(),
        shadows: g.shadows.iter().map(|s| g.space(s)).collect(),
        shadows_scan: g.board.shadows_scan,
        field: g.field.iter().map(|s| g.card_view(s.card)).collect(),
        bureau: g.bureau.iter().map(|s| g.space(s)).collect(),
        bureau_scan: g.board.bureau.iter().map(|b| b.scan).collect(),
        bureau_powers: g
            .board
            .bureau
            .iter()
            .map(|b| b.power.text.clone())
            .collect(),
        evidence: g
            .evidence
            .iter()
            .map(|e| EvidenceView {
                priority: e.priority,
                state: e.state,
                card: (e.state != Proof::Undiscovered || g.the_end || g.is_over())
                    .then(|| g.card_view(e.card)),
            })
            .collect(),
        conspiracy_left: g.conspiracy.len(),
        academy_left: g.academy.len(),
        special_agents_left: g.special_agents.len(),
        strikes_left: g.strike_deck.len(),
        strikes_discarded: g.strike_discard.len(),
        beliefs_left: g.beliefs.len(),
        doubts_left: g.doubts.len(),
        defeated_top: g.defeated_conspiracy.last().map(|c| g.name(*c)),
        the_end: g.the_end,
        end_game: (end_game_face_up || g.is_over()).then(|| g.card_view(g.end_game)),
        end_game_health: (end_game_face_up || g.is_over()).then(|| g.end_game_health()),
        end_game_damage: g.end_game_hits(),
        clone: g
            .clone
            .filter(|c| g.is_revealed(*c) || g.is_over())
            .map(|c| (g.card_view(c), g.hits_on(c), g.health_of(c))),
        attack: super::effects::usable(&g.turn.attack, &[]),
        recruit: super::effects::usable(&g.turn.recruit, &[]),
        avoid: g.turn.avoid,
        silence: g.turn.silence,
        choice,
        choice_picks: g.choice.as_ref().map_or((0, 0), |c| (c.min, c.max)),
        outcome: g.outcome.clone(),
        series: g.options.series.as_ref().map(|s| (s.game, s.points)),
    }
}
