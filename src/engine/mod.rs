//! The rules engines and the contract they share.
//!
//! An engine is pure: no IO, no clock, no unseeded randomness. A game is
//! created from options, per-seat setup (e.g. decks) and a seed; every
//! action is checked, and either refused (the state is untouched) or applied,
//! yielding events addressed to an [`Audience`]. The engine also says who must
//! act and what each seat, or a spectator, may see. Replaying the same
//! actions from the same options, setup and seed gives the same state.
//!
//! Each game lives in its own module and implements [`Game`].

pub mod ai;
pub mod choice;
pub mod fan;
pub mod legendary;
mod rng;
pub mod search;
pub mod xfiles;

use std::fmt::Debug;
use std::ops::RangeInclusive;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use rng::{GameRng, stable_hash};

/// `Clone` for a struct whose `clone_from` reuses each field's buffers (a
/// `Vec` keeps its allocation), for a copy remade many times in a loop
/// (trying each candidate move). Every field must be named: one left out
/// does not compile.
macro_rules! clone_reusing {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                $ty { $($field: self.$field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),* } = self;
                $($field.clone_from(&source.$field);)*
            }
        }
    };
}
pub(crate) use clone_reusing;

/// A seat at the table, 0-based in turn order.
pub type Seat = u8;

/// Who is looking at the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// Who may learn of an event.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Audience {
    /// Everyone, spectators included: safe to post in the game's channel.
    All,
    /// Only these seats (a drawn card, an answer to a question).
    Seats(Vec<Seat>),
}

impl Audience {
    pub fn only(seat: Seat) -> Audience {
        Audience::Seats(vec![seat])
    }

    pub fn includes(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::All, _) => true,
            (Audience::Seats(seats), Viewer::Seat(s)) => seats.contains(&s),
            (Audience::Seats(_), Viewer::Spectator) => false,
        }
    }
}

/// Something that happened, and who may know it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Event<E> {
    pub audience: Audience,
    pub body: E,
}

impl<E> Event<E> {
    pub fn public(body: E) -> Self {
        Event {
            audience: Audience::All,
            body,
        }
    }

    pub fn private(seat: Seat, body: E) -> Self {
        Event {
            audience: Audience::only(seat),
            body,
        }
    }
}

/// Why an action was refused, and what the seat may do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Refusal {
    pub reason: String,
    /// Short descriptions of what is allowed now (may be empty).
    pub allowed: Vec<String>,
}

impl Refusal {
    pub fn new(reason: impl Into<String>) -> Self {
        Refusal {
            reason: reason.into(),
            allowed: Vec::new(),
        }
    }

    /// "It is not your move": who the game waits for instead. A seat that
    /// is itself awaited is told this move is not possible now.
    pub fn not_your_move(seat: Seat, waiting: &[Seat]) -> Self {
        if waiting.contains(&seat) {
            return Refusal::new("that is not a move you can make now");
        }
        let waiting: Vec<String> = waiting.iter().map(|s| format!("seat {}", s + 1)).collect();
        Refusal::new(format!(
            "it is not your move; the game waits for {}",
            waiting.join(" and ")
        ))
    }

    pub fn with_allowed(mut self, allowed: Vec<String>) -> Self {
        self.allowed = allowed;
        self
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// The winning seats (several for a shared win or a tie; empty when the
    /// game ended without a winner).
    pub winners: Vec<Seat>,
    /// Final scores, for games that keep them.
    pub scores: Option<Vec<i32>>,
    /// One line for the record: "Alice identified Bob's X-File".
    pub summary: String,
    /// A co-operative game's result, shared by every seat (absent in
    /// competitive games and in outcomes stored before it existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamResult>,
}

/// How a co-operative game ended for the whole table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamResult {
    /// The players beat the game together.
    pub won: bool,
    /// Points earned toward a Series, when the game is part of one.
    pub series_points: Option<i32>,
}

/// A game and the events of one step.
pub type Stepped<G> = (G, Vec<Event<<G as Game>::Event>>);

/// A rules engine.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    type Options: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync;
    /// What each seat brings to the table (a deck, or nothing).
    type Setup: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see; built only from information that viewer holds.
    type View: Debug + Serialize;

    /// Version of the serialised state and action formats; bumped (with a
    /// migration) whenever either changes shape.
    const FORMAT: u32;

    /// How many seats the game takes with these options.
    fn seats(options: &Self::Options) -> RangeInclusive<usize>;

    /// A new game. Events announce the set-up.
    fn new(
        options: Self::Options,
        setups: Vec<Self::Setup>,
        seed: u64,
    ) -> Result<Stepped<Self>, Refusal>;

    /// Checks and applies one action. On refusal the state must be unchanged;
    /// [`step`] guarantees it by applying to a copy.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Event<Self::Event>>, Refusal>;

    /// The seats that must act now (empty when the game is over).
    fn to_act(&self) -> Vec<Seat>;

    /// Every action `seat` could take now: drives bots, random playouts and
    /// "what is allowed" hints. May be a representative subset where choices
    /// are numerous (e.g. one X value per card).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    fn outcome(&self) -> Option<Outcome>;

    fn view(&self, viewer: Viewer) -> Self::View;

    /// The move made for a seat whose agreed deadline passed (or that a
    /// player advanced). It never spends the seat's cards or points: it
    /// passes, buys nothing, ends a step (pass, done, skip, ready, buy 0,
    /// the free draw), and never plays, uses, buys or sells a card. Where
    /// the rules force an answer (a pending choice, damage, a discard down
    /// to the hand limit, a play the rules require), it gives the one that
    /// costs the seat least, nothing where an answer costs nothing (see
    /// [`cheapest_answer`]). `None` while the seat holds something it earned
    /// (it must use or decline it itself), or when no such move exists.
    /// Each game's playouts check this after every random action.
    fn default_action(&self, seat: Seat) -> Option<Self::Action>;

    /// Whether an action gives the game up (never made for a player, never
    /// chosen by random playouts).
    fn resigns(action: &Self::Action) -> bool;

    /// A public event that makes hidden information known (a card drawn or
    /// turned face up, an answer). Such moves, and moves with private
    /// events, are taken back only with every other player's consent.
    fn reveals(_event: &Self::Event) -> bool {
        false
    }
}

/// Of the answers a rule forces on `seat` (a choice, a discard), the one
/// that costs it least: each tried on a copy and weighed by `holdings` (what
/// the seat holds: counts a cost lowers, e.g. hand and pools); the first of
/// the cheapest, so a caller lists declining first. `None` when no answer
/// is accepted.
pub fn cheapest_answer<G: Game>(
    game: &G,
    seat: Seat,
    answers: Vec<G::Action>,
    holdings: impl Fn(&G) -> Vec<i64>,
) -> Option<G::Action> {
    let before = holdings(game);
    let cost = |next: &G| -> i64 {
        let after = holdings(next);
        before.iter().zip(&after).map(|(b, a)| (b - a).max(0)).sum()
    };
    answers
        .into_iter()
        .filter_map(|a| step(game, seat, &a).ok().map(|(next, _)| (cost(&next), a)))
        .min_by_key(|(c, _)| *c)
        .map(|(_, a)| a)
}

/// Applies an action to a copy of the game: the original is never changed.
pub fn step<G: Game>(game: &G, seat: Seat, action: &G::Action) -> Result<Stepped<G>, Refusal> {
    let mut next = game.clone();
    let events = next.apply(seat, action)?;
    Ok((next, events))
}

/// Rebuilds a game from its options, setups, seed and action log.
pub fn replay<G: Game>(
    options: G::Options,
    setups: Vec<G::Setup>,
    seed: u64,
    actions: &[(Seat, G::Action)],
) -> Result<G, (usize, Refusal)> {
    let (mut game, _) = G::new(options, setups, seed).map_err(|r| (0, r))?;
    for (i, (seat, action)) in actions.iter().enumerate() {
        game.apply(*seat, action).map_err(|r| (i + 1, r))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::{Outcome, TeamResult};

    #[test]
    fn outcomes_stored_before_team_results_read_and_write_back_unchanged() {
        let stored = r#"{"winners":[1],"scores":null,"summary":"Bob wins"}"#;
        let o: Outcome = serde_json::from_str(stored).unwrap();
        assert_eq!(o.team, None);
        assert_eq!(serde_json::to_string(&o).unwrap(), stored);
    }

    #[test]
    fn a_team_result_round_trips() {
        let o = Outcome {
            winners: vec![0, 1, 2],
            scores: None,
            summary: "The team closes the X-File".into(),
            team: Some(TeamResult {
                won: true,
                series_points: Some(3),
            }),
        };
        let text = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&text).unwrap(), o);
    }
}
