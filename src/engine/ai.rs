//! The AI opponent's contract, shared by every game that has one. An AI
//! decides from what its seat may see: its entry point takes the seat's
//! view (the type the engine gives that seat) and the seat's legal actions,
//! never the game's state, so it cannot read a hidden card by
//! construction. Its randomness comes from a `GameRng` the caller seeds
//! from the game, so a decision is reproducible.
//!
//! The app reaches an AI through `GameUi::ai_decide` and `Driver::ai_move`,
//! which builds the seat's view from the state itself (`tests/ai_players.rs`
//! checks that changing the cards the seat cannot see changes nothing).
//! `benches/ai.rs` measures each AI's win rates and decision time.

use serde::{Deserialize, Serialize};

use super::GameRng;

/// How strong the AI plays. The levels know the same rules; they differ in
/// how carefully they choose (see each game's AI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(word: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(word.trim()))
    }
}

/// A move and why it was chosen, in one line a player can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<A> {
    pub action: A,
    pub why: String,
}

impl<A> Decision<A> {
    pub fn new(action: A, why: impl Into<String>) -> Self {
        Decision {
            action,
            why: why.into(),
        }
    }
}

/// A game with an AI player.
pub trait Ai: super::Game {
    /// What the AI in `seat` decides from: the seat's view, with whatever
    /// more of its own knowledge a search needs (built only for an AI, not
    /// for every message shown).
    fn ai_view(&self, seat: super::Seat) -> Self::View {
        self.view(super::Viewer::Seat(seat))
    }

    /// The seat's move, from its own view and legal actions (never empty).
    fn decide(
        view: &Self::View,
        legal: &[Self::Action],
        level: Level,
        rng: &mut GameRng,
    ) -> Decision<Self::Action>;
}

#[cfg(test)]
mod tests {
    use super::Level;

    #[test]
    fn levels_read_their_names_in_any_case() {
        for l in Level::ALL {
            assert_eq!(Level::parse(&l.as_str().to_uppercase()), Some(l));
        }
        assert_eq!(Level::parse("expert"), None);
    }
}
