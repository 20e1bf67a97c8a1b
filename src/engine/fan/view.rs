//! What one seat (or a spectator) may see of a Fan CCG game: the table,
//! counts of hidden cards, and only the viewer's own hand and sideboard.

use serde::Serialize;

use super::{FanGame, Phase};
use crate::cards::fan::{Character, FanIdx};
use crate::engine::{Seat, Viewer};

#[derive(Debug, Clone, Serialize)]
pub struct PlayedView {
    pub by: Seat,
    /// `None` when covered and not the viewer's.
    pub card: Option<FanIdx>,
    pub covered: bool,
    pub negated: bool,
    pub success: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub score: i32,
    pub hand_size: usize,
    pub deck_size: usize,
    pub discard_size: usize,
    pub sideboard_size: usize,
    pub cover: u8,
    pub mulder_investment: i32,
    pub confidences: Vec<FanIdx>,
    /// Only for the viewer's own seat.
    pub hand: Option<Vec<FanIdx>>,
    pub sideboard: Option<Vec<FanIdx>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FanView {
    pub viewer: Viewer,
    pub period: u8,
    pub phase: String,
    pub turn: Seat,
    pub leader: Seat,
    pub to_act: Vec<Seat>,
    pub environment: Vec<(FanIdx, Seat)>,
    pub round: Vec<PlayedView>,
    pub circumstances: [bool; 3],
    pub captured: Vec<Character>,
    pub disabled: Vec<Character>,
    pub players: Vec<PlayerView>,
    pub rounds_played: usize,
    /// The phase as the engine tracks it: whose choice, who still owes
    /// discards, who is ready (all public).
    pub step: Phase,
    /// How the game ended.
    pub outcome: Option<String>,
    /// The whole table as this seat knows it, for an AI to play out in its
    /// head (never shown: unseen cards are blanks until sampled); only in
    /// the view built for an AI (`Ai::ai_view`).
    #[serde(skip)]
    pub table: Option<super::FanTable>,
}

pub fn view(game: &FanGame, viewer: Viewer) -> FanView {
    let me = viewer.seat();
    let phase = match &game.phase {
        Phase::ChooseFirst { .. } => "choose who plays first",
        Phase::Turn if game.round.cards.is_empty() => "start a round",
        Phase::Turn => "round in progress",
        Phase::ActionWindow => "action step",
        Phase::Stalemate { .. } => "stalemate discards",
        Phase::Exchange { .. } => "sideboard exchange",
        Phase::Over => "game over",
    };
    FanView {
        viewer,
        period: game.period,
        phase: phase.to_string(),
        turn: game.turn,
        leader: game.leader,
        to_act: crate::engine::Game::to_act(game),
        environment: game.environment.clone(),
        round: game
            .round
            .cards
            .iter()
            .map(|p| PlayedView {
                by: p.by,
                card: (!p.covered || me == Some(p.by)).then_some(p.card),
                covered: p.covered,
                negated: p.negated,
                success: p.success,
            })
            .collect(),
        circumstances: game.round.circumstances,
        captured: game.round.captured.clone(),
        disabled: game.round.disabled.clone(),
        players: (0..2u8)
            .map(|s| {
                let p = &game.players[usize::from(s)];
                // Once the game is over, hands are public.
                let own = me == Some(s) || game.phase == Phase::Over;
                PlayerView {
                    score: game.scores[usize::from(s)],
                    hand_size: p.hand.len(),
                    deck_size: p.deck.len(),
                    discard_size: p.discard.len(),
                    sideboard_size: p.sideboard.len(),
                    cover: p.cover,
                    mulder_investment: super::rules::investment(game, s, Character::Mulder),
                    confidences: p.confidences.clone(),
                    hand: own.then(|| p.hand.clone()),
                    sideboard: own.then(|| p.sideboard.clone()),
                }
            })
            .collect(),
        rounds_played: game.rounds.len(),
        step: game.phase.clone(),
        outcome: game.outcome.as_ref().map(|o| o.summary.clone()),
        table: None,
    }
}
