//! A pending request to take moves back, as the game row keeps it (JSON in
//! `games.undo_request`): `undo` asks, agrees and withdraws; the session
//! ends it when anyone moves on.

use serde::{Deserialize, Serialize};

use crate::store::{GameRow, SeatRow};

/// A request to take moves back that waits for the other players.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UndoRequest {
    /// User id of the player asking.
    pub by: String,
    /// The first action taken back.
    pub from_seq: i64,
    /// How many live actions the log held when asked (a move since voids it).
    pub live: usize,
    /// User ids of the players who agreed.
    pub agreed: Vec<String>,
}

/// The thread's line when a move ends `game`'s pending request to take
/// moves back (any move does: the request was for the game as it was).
pub fn ended_by_move(game: &GameRow, seats: &[SeatRow], mover: &str) -> Option<String> {
    let r: UndoRequest = serde_json::from_str(game.undo_request.as_deref()?).ok()?;
    Some(format!(
        "↩ Game #{}: {}'s request to take moves back ends, since {mover} moved on (ask again with /game undo).",
        game.id,
        name_of(seats, &r.by)
    ))
}

/// A seated player's name ("someone" for a stranger).
pub fn name_of<'a>(seats: &'a [SeatRow], user: &str) -> &'a str {
    seats
        .iter()
        .find(|s| s.user_id == user)
        .map_or("someone", |s| s.user_name.as_str())
}
